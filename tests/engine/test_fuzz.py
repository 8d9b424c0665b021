"""Random-play fuzz (R-CMP-5 and the engine's promises), in the spirit of
open_spiel's random_sim_test: 2,000 seeded games across 1-4 seats, checked
after every choice, every event checked against the catalogue (fate/engine/events.py)."""

from __future__ import annotations

import os
import random

import pytest

from fate.engine import new_game, view
from fate.engine.events import event_problems
from fate.engine.invariants import violations
from fate.engine.save import load_data, save_data, snapshot
from tests.soak import soak

# FATE_FUZZ_GAMES sets the count (lower for mutation runs, docs/testing.md); CI plays the full 500
# a count of seats, the quick loop 125 (tests/soak.py).
GAMES_PER_COUNT = int(os.environ.get("FATE_FUZZ_GAMES", str(soak(125, 500))))
CHOICE_CAP = 20_000


NUMBERS = {int, float, bool, type(None)}


def card_ids_in(obj, ids: set[str], found: set[str]) -> None:
    """Every string among the values of ``obj`` (dicts, lists, tuples, at any depth) that is
    in ``ids``. A loop over a stack, the exact types first: it reads the views of every
    seat after every choice of 2,000 games, and a recursive walk was half the test's time."""
    strings: list[str] = []
    stack = [obj]
    pop, push, keep = stack.pop, stack.extend, strings.append
    while stack:
        x = pop()
        t = type(x)
        if t is str:
            keep(x)
        elif t is dict:
            push(x.values())
        elif t is list or t is tuple:
            push(x)
        elif t in NUMBERS:
            continue
        elif isinstance(x, str):  # a StrEnum
            keep(x)
        elif isinstance(x, dict):
            push(x.values())
        elif isinstance(x, list | tuple):
            push(x)
    found.update(ids.intersection(strings))


def secrets_leaked(g, seat: int, all_ids: set[str]) -> set[str]:
    """Card ids in view(seat) that the seat may not know."""
    c = g.content
    allowed = {c.cards[x].id for x in g.gods if x >= 0}
    allowed |= {c.cards[x].id for x in g.art_up + g.resolving}
    allowed |= {c.cards[x].id for arts in g.arts for x in arts}
    allowed |= {c.cards[x].id for x in g.hands[seat] + g.reserve[seat]}
    allowed |= {c.cards[x].id for x, _, holder in g.held if holder == seat}
    if g.phase == "setup" and seat < len(g.drafts):
        allowed |= {c.cards[x].id for x in g.drafts[seat]}
    found: set[str] = set()
    card_ids_in(view(g, seat), all_ids, found)
    return found - allowed


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_r_cmp_5_random_games_conserve_everything_and_end(content, players):
    all_ids = set(content.by_id)
    for seed in range(GAMES_PER_COUNT):
        g = new_game(content, players, seed)
        r = random.Random(seed * 7 + players)
        k = 0
        while (p := g.pending()) is not None:
            assert p.choices, f"{players}p seed {seed}: a prompt with no choice"
            for e in g.apply(r.choice(p.choices)):
                wrong = event_problems(g, e)
                assert not wrong, f"{players}p seed {seed} choice {k}: {wrong[0]}"
            k += 1
            assert k < CHOICE_CAP, f"{players}p seed {seed}: no end after {CHOICE_CAP} choices"
            bad = violations(g)
            assert not bad, f"{players}p seed {seed} choice {k}: {bad[0]}"
            if seed % 10 == 0 and k % 25 == 0:  # mid-game: save, load, replay
                mid = load_data(content, save_data(g), verify=True)
                assert snapshot(mid) == snapshot(g) and mid.pending() == g.pending()
            for s in range(players):
                leak = secrets_leaked(g, s, all_ids)
                assert not leak, f"{players}p seed {seed} choice {k}: view({s}) shows {sorted(leak)}"
        assert g.over and (g.winners or g.losers)
        again = load_data(content, save_data(g), verify=True)
        assert snapshot(again) == snapshot(g)
