"""The Chronicle: every event of real games reads as a plain sentence, in the
looker's own person, and never names what the looker may not see."""

from __future__ import annotations

import random

from fate.engine import new_game, view
from fate.narration import narrate


def test_every_event_of_real_games_narrates_without_error(content):
    kinds_told: set[str] = set()
    for players in (1, 2, 3, 4):
        for seed in range(6):
            g = new_game(content, players, seed)
            events = g.take_events()
            r = random.Random(seed)
            while (p := g.pending()) is not None:
                events += g.apply(r.choice(p.choices))
            v = view(g, 0)
            for e in events:
                text = narrate(e, v, 0 if e.visible_to(0) else None, content)
                if text is not None:
                    assert text.strip() and "{" not in text and "None" not in text, (e, text)
                    kinds_told.add(e.kind)
    assert {"fate_moved", "cultist_placed", "summon_moved", "rolled", "turn_started"} <= kinds_told


def test_the_looker_is_you_and_others_are_named(content):
    g = new_game(content, 3, 4, gods=["cthulhu", "hastur", "azathoth"])
    events = g.take_events()
    r = random.Random(1)
    while not any(e.kind == "fate_moved" for e in events):
        events += g.apply(r.choice(g.pending().choices))
    move = next(e for e in events if e.kind == "fate_moved")
    mover = move.data["seat"]
    v = view(g, mover)
    assert narrate(move, v, mover, content).startswith("You move a Fate Piece from ")
    other = (mover + 1) % 3
    assert narrate(move, view(g, other), other, content).startswith(f"The Cult of {v['seats'][mover]['god']['name']} moves")
