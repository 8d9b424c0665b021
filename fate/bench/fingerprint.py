"""A fingerprint of what the engine does: ``python -m fate.bench fingerprint [--games G]``.

A change made for speed must leave every game as it was. This plays seeded games
with seeded random choices at one to four seats and at every other solo level, and
hashes every prompt (seat, kind, words, context, each choice's id, label and
value), every event, ``passed_over`` after every decision, every seat's view and
an onlooker's every 11th decision, and the save's snapshot every 37th; then Hard's
decisions at a fixed number of iterations from given positions (the search
benchmark's: its choice, estimates and iterations, never its seconds). Run it in two checkouts:
the same two lines mean the same games and the same searches.
"""

from __future__ import annotations

import hashlib
import json
import random

from fate.content.model import STANDARD_LEVEL, Content
from fate.engine import new_game, view
from fate.engine.save import snapshot

HARD_ITERATIONS = 60


class _Hash:
    def __init__(self) -> None:
        self.h = hashlib.sha256()

    def put(self, x: object) -> None:
        self.h.update(json.dumps(x, sort_keys=True).encode())  # no default: a set or an object is an error
        self.h.update(b"\n")


def _play(h: _Hash, content: Content, players: int, seed: int, level: str | None) -> None:
    g = new_game(content, players, seed, solo_level=level)
    h.put([tuple(e) for e in g.take_events()])
    pick = random.Random(seed * 7 + players).choice
    k = 0
    while (p := g.pending()) is not None:
        h.put([p.seat, p.kind, p.text, p.context, [(c.id, c.label, c.value) for c in p.choices]])
        c = pick(p.choices)
        h.put([tuple(e) for e in g.apply(c if k % 2 else c.id)])  # by value and by id, by turns
        h.put(g.passed_over)
        if k % 11 == 0:
            h.put([view(g, s) for s in range(players)] + [view(g, None)])
        if k % 37 == 0:
            h.put(snapshot(g))
        k += 1
    end = g.outcome()
    h.put([end.winners, end.losers, end.reason] if end else [(), (), ""])


def fingerprint(content: Content, games: int, positions: list | None = None) -> dict[str, str]:
    """``games`` seeded games at each seat count and at each solo level; with ``positions``
    (games to search from), Hard's decisions from each too. Returns the hex digests:
    "games", and "search" with positions."""
    h = _Hash()
    for players in (1, 2, 3, 4):
        for seed in range(1, games + 1):
            _play(h, content, players, seed, None)
    for level in content.solo_levels:
        if level.id == STANDARD_LEVEL:
            continue  # the solo games above
        for seed in range(1, games + 1):
            _play(h, content, 1, seed, level.id)
    out = {"games": h.h.hexdigest()}
    if positions is not None:
        from fate.ai.ismcts import HardBot

        s = _Hash()
        for i, g in enumerate(positions):
            d = HardBot(seed=i, iterations=HARD_ITERATIONS).decide(g)
            s.put([repr(d.choice), repr(d.estimates), d.iterations])  # floats in full: a sum reordered shows
        out["search"] = s.h.hexdigest()
    return out


def report(args) -> int:
    from fate.bench.search import search_positions
    from fate.engine import default_content

    games = args.games or 80
    content = default_content()
    r = fingerprint(content, games, search_positions(content))
    print(f"fingerprint: {games} seeded random games at each of 1-4 seats and each solo level; "
          f"Hard's decisions at a fixed number of iterations")
    print(f"games: {r['games']}")
    print(f"search: {r['search']}")
    return 0
