"""A quiet task is followed by no Curse check (fate/engine/game.py, ``Game.run``): that is
right only while it makes no Curse's trigger hold that did not hold before it. Seeded games
with every quiet task watched: no Curse trigger of the content, for any seat, goes from
false before the task to true after it."""

from __future__ import annotations

import random

import pytest

from fate.engine import new_game, registry
from fate.engine.registry import TASKS, tables


def trigger_readings(g, triggers) -> list[bool]:
    return [bool(fn(g, seat, params)) for fn, params in triggers for seat in range(g.n)]


@pytest.fixture
def watched(monkeypatch, content):
    """Every quiet task wrapped: a trigger that comes to hold across it is noted."""
    triggers = [t for t in tables(content).triggers if t is not None]
    changed: list[tuple] = []
    ran: set[str] = set()
    for name, (run, resolve, quiet) in list(TASKS.items()):
        if not quiet:
            continue

        def watching(g, t, run=run, name=name):
            before = trigger_readings(g, triggers)
            out = run(g, t)
            ran.add(name)
            if any(now and not then for now, then in zip(trigger_readings(g, triggers), before, strict=True)):
                changed.append((name, t, g.config))
            return out

        monkeypatch.setitem(registry.TASKS, name, (watching, resolve, quiet))
    return changed, ran


def test_no_quiet_task_makes_a_curse_trigger_hold(content, watched):
    changed, ran = watched
    for players in (1, 2, 3, 4):
        for seed in range(30):
            g = new_game(content, players, 7000 + seed)
            pick = random.Random(seed).random
            while (p := g.pending()) is not None:
                g.apply(p.choices[int(pick() * len(p.choices))])
    assert changed == []
    # the common quiet tasks all ran, so the check above saw them
    assert {"window", "ready", "roll", "temporary_control", "control_action", "streets_send",
            "gathering_move", "destination", "wild_pick", "cast", "cast_done", "use_artifact", "raid",
            "activate", "move_to", "place_investigator", "end_turn"} <= ran
