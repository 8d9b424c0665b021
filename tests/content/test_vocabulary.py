"""Steps of the card vocabulary that no card of ours uses yet (docs/card-format.md
offers them to new cards): each works as documented, on a card made for the test
in a copy of data/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fate.engine import load_content
from fate.engine.constants import location_index
from fate.tools.scenario import build

DATA = Path(__file__).resolve().parent.parent.parent / "data"
KEY_01 = "effect: [{do: gain_artifact}],"  # its art follows


def content_with(tmp_path: Path, effect: str):
    """Our content with Spell key-01 doing ``effect`` instead."""
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    spells = copy / "spells.yaml"
    text = spells.read_text(encoding="utf-8")
    assert text.count(KEY_01) == 1
    spells.write_text(text.replace(KEY_01, f"effect: {effect},"), encoding="utf-8")
    return load_content(copy)


def cast_key_01(content, **seat0):
    g = build(content, {"players": 3, "start": "prepare",
                        "seats": [{"reserve": ["key-01"], **seat0}, {"summon": 2}, {"summon": 4}]})
    return g, g.apply("cast:key-01")


@pytest.mark.parametrize("summon,expected", [(3, 3 + 1), (2, 2 - 1)])
def test_the_if_step_runs_then_when_its_condition_holds_else_otherwise(tmp_path, summon, expected):
    content = content_with(tmp_path, "[{do: if, cond: {is: summon_at_least, n: 3}, "
                                     "then: [{do: advance_summon, amount: 1}], "
                                     "otherwise: [{do: retreat_summon, amount: 1}]}]")
    g, _ = cast_key_01(content, summon=summon)
    assert g.summon[0] == expected and g.summon[1:] == [2, 4]


def test_the_if_step_without_otherwise_does_nothing_when_false(tmp_path):
    content = content_with(tmp_path, "[{do: if, cond: {is: summon_at_least, n: 5}, "
                                     "then: [{do: advance_summon, amount: 1}]}]")
    assert cast_key_01(content, summon=1)[0].summon == [1, 2, 4]


def test_each_opponent_runs_the_steps_as_each_rival_clockwise(tmp_path):
    content = content_with(tmp_path, "[{do: each_opponent, steps: [{do: advance_summon, amount: 1}]}]")
    g, events = cast_key_01(content, summon=1)
    assert g.summon == [1, 3, 5]
    assert [e.data["seat"] for e in events if e.kind == "summon_moved"] == [1, 2]


def test_location_index_names_the_unknown_location():
    assert location_index("museum") == 1 and location_index("library") == 5
    with pytest.raises(ValueError, match="unknown location 'moon' \\(expected one of other_worlds, museum"):
        location_index("moon")


HERE = "[{do: place_cultists, amount: 2, source: lodge, loc: here}]"


def test_here_is_where_the_fate_piece_stands_before_the_turn_has_a_place(tmp_path):
    """Cast in Prepare: no location is the turn's yet, so 'here' is the caster's own piece (2 players)."""
    content = content_with(tmp_path, HERE)
    g = build(content, {"players": 2, "start": "prepare", "fate": ["museum", "library"],
                        "seats": [{"reserve": ["key-01"], "lodge": 5}, {}]})
    before = [row[0] for row in g.at]
    g.apply("cast:key-01")
    assert [row[0] - b for row, b in zip(g.at, before, strict=True)] == [0, 2, 0, 0, 0, 0]  # The Museum


def test_here_is_where_the_turn_is_played_even_for_a_rival_elsewhere(tmp_path):
    """Seat 0 casts during seat 1's turn at The Other Worlds (location 0), its own piece at The Library."""
    content = content_with(tmp_path, HERE)
    g = build(content, {"players": 2, "current": 1, "start": "activate", "fate": ["library", "other_worlds"],
                        "seats": [{"reserve": ["key-01"], "lodge": 5}, {}]})
    assert g.pending().seat == 0 and g.pending().choice("cast:key-01") is not None
    before = [row[0] for row in g.at]
    g.apply("cast:key-01")
    assert [row[0] - b for row, b in zip(g.at, before, strict=True)] == [2, 0, 0, 0, 0, 0]  # The Other Worlds


def test_a_dice_choice_carries_the_roll_for_the_table_to_show(table):
    """key-12 rerolls one die of the roll just made: its prompt names the dice."""
    t = table(players=3, start="activate", fate=["other_worlds"], dice=["skull", "tentacle"],
              seats=[{"reserve": ["key-12"], "cultists": {"other_worlds": 2}}, {}, {}])
    for _ in range(20):
        if t.prompt.kind == "cast_window" and "cast:key-12" in t.ids():
            break
        t.decline()
    t.choose("cast:key-12")
    assert t.prompt.kind == "reroll"
    faces = t.g.content.dice
    assert t.prompt.context == ("roll", (faces.face("skull"), faces.face("tentacle")))


EACH = "[{do: advance_summon, amount: 1, who: each}]"
ANY = "[{do: advance_summon, amount: 2, who: any}]"


def test_each_means_every_cult_the_caster_first_then_clockwise(tmp_path):
    content = content_with(tmp_path, EACH)
    g, events = cast_key_01(content, summon=1)
    assert g.summon == [2, 3, 5]
    assert [e.data["seat"] for e in events if e.kind == "summon_moved"] == [0, 1, 2]


def test_any_lets_the_caster_pick_a_cult_itself_included(tmp_path):
    content = content_with(tmp_path, ANY)
    g = build(content, {"players": 3, "start": "prepare",
                        "seats": [{"reserve": ["key-01"], "summon": 1}, {"summon": 2}, {"summon": 4}]})
    g.apply("cast:key-01")
    p = g.pending()
    assert p.kind == "target" and [c.id for c in p.choices] == ["seat:0", "seat:1", "seat:2"]
    assert [c.label.endswith(" (you)") for c in p.choices] == [True, False, False]
    g.apply("seat:2")
    assert g.summon == [1, 2, 6]
