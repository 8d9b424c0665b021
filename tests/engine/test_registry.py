"""The engine core's registries (fate/engine/registry.py): what the rule modules
register is what the engine runs."""

from __future__ import annotations

import pytest

from fate.engine import registry
from fate.engine.registry import (
    CONDITIONS,
    ROLL_RESULTS,
    STEPS,
    TABLE_BUILDERS,
    TASKS,
    Param,
    tables,
)


@pytest.fixture
def scratch(monkeypatch):
    """Registries that the test may change; the real ones come back afterwards."""
    for name in ("TASKS", "ROLL_RESULTS", "STEPS", "CONDITIONS", "TABLE_BUILDERS"):
        monkeypatch.setattr(registry, name, dict(getattr(registry, name)))
    return registry


def test_a_task_is_registered_with_its_resolver_and_quietness(scratch):
    def run(g, t):
        return None

    def resolve(g, t, v):
        return None

    scratch.task("probe", run, resolve, quiet=True)
    scratch.task("probe_loud", run)
    assert scratch.TASKS["probe"] == (run, resolve, True)
    assert scratch.TASKS["probe_loud"] == (run, None, False)


def test_a_task_name_registered_twice_is_refused(scratch):
    scratch.task("probe_twice", print)
    with pytest.raises(ValueError, match="probe_twice"):
        scratch.task("probe_twice", print)


def test_steps_conditions_rolls_and_tables_keep_their_parameters_and_words(scratch):
    def fx(g, f, p):
        """Does a thing."""

    def cond(g, s, p):
        """Holds sometimes."""
        return True

    scratch.step("probe_step", fx, amount=Param("int", 2))
    scratch.condition("probe_cond", cond, n=Param("int", 1))
    scratch.roll_result("probe_roll", fx)
    scratch.table("probe_table", len)
    assert scratch.STEPS["probe_step"] == (fx, {"amount": Param("int", 2)}, "Does a thing.")
    assert scratch.CONDITIONS["probe_cond"] == (cond, {"n": Param("int", 1)}, "Holds sometimes.")
    assert scratch.ROLL_RESULTS["probe_roll"] is fx
    assert scratch.TABLE_BUILDERS["probe_table"] is len


def test_every_table_is_built_once_per_content_and_shared(content):
    first = tables(content)
    assert tables(content) is first
    for name in TABLE_BUILDERS:
        assert getattr(first, name) is not None
    assert first.face_id == [f.id for f in content.dice.faces]
    assert [i for i, t in enumerate(first.triggers) if t] == [c.index for c in content.cards if c.kind == "curse"]


def test_every_registered_table_has_its_type_written_on_tables_and_no_other():
    """``Tables`` names each table with its type (what the type checker reads): a table
    registered without one, or a name left over from a table no longer built, fails."""
    from fate.engine.registry import Tables

    assert set(Tables.__annotations__) == set(TABLE_BUILDERS)


def test_the_rule_modules_registered_what_the_cards_use(content):
    """Every task a phase names, every step and condition a card names, exists."""
    for c in content.cards:
        if c.trigger:
            assert c.trigger[0] in CONDITIONS
    assert {"setup", "turn", "move", "activate", "ready", "raid", "window", "fx"} <= set(TASKS)
    assert {"raid", "other_worlds", "temporary", "effect"} <= set(ROLL_RESULTS)
    assert {"advance_summon", "gain_curse", "roll", "if"} <= set(STEPS)
    assert all(run is not None for run, _, _ in TASKS.values())


def test_a_loop_in_the_rules_is_an_error_not_a_frozen_table(scratch, content, monkeypatch):
    from fate.engine import game as core
    from fate.engine import new_game

    ran = []

    def forever(g, t):
        ran.append(t)
        g.stack.append(("probe_forever",))

    scratch.task("probe_forever", forever)
    monkeypatch.setattr(core, "TASKS", scratch.TASKS)
    monkeypatch.setattr(core, "STEPS_WITHOUT_A_DECISION", 5_000)
    g = new_game(content, 3, 1)
    g.ask = None
    g.stack.append(("probe_forever",))
    with pytest.raises(RuntimeError, match=r"5,000 steps without a decision .*'probe_forever'"):
        g.run()
    assert len(ran) == 4_999  # the 5,000th step is refused before it runs


def test_an_empty_task_stack_is_an_error_not_a_frozen_table(content):
    from fate.engine import new_game

    g = new_game(content, 3, 1)
    g.ask = None
    g.stack.clear()
    with pytest.raises(RuntimeError, match=r"^the engine ran out of things to do \(a rules bug\)$"):
        g.run()
