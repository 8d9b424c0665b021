"""python -m fate.sim --players N --games G --seed S

Plays seeded games with random legal choices and prints games per second,
win rates by seat, average turns, how games end, and invariant violations
(which must be 0).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from fate.content import default_content
from fate.engine import new_game
from fate.engine.invariants import violations

CHOICE_CAP = 50_000  # a game that needs more is stuck: a rules bug


def play_random(content, players: int, seed: int, check: bool = False) -> tuple:
    """One random game; returns (game, choices made, violations found)."""
    g = new_game(content, players, seed)
    r = random.Random(seed ^ 0x5EED)
    bad: list[str] = []
    k = 0
    while (p := g.pending()) is not None:
        g.apply(r.choice(p.choices))
        k += 1
        if check:
            bad.extend(violations(g))
        if k > CHOICE_CAP:
            raise RuntimeError(f"game {players}p seed {seed} did not end after {CHOICE_CAP} choices")
    return g, k, bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fate.sim", description=__doc__.split("\n\n")[1])
    ap.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="check invariants after every choice")
    args = ap.parse_args(argv)
    content = default_content()
    wins: Counter = Counter()
    ends: Counter = Counter()
    turns = choices = bad = 0
    t0 = time.perf_counter()
    for k in range(args.games):
        g, n, v = play_random(content, args.players, args.seed + k, args.check)
        choices += n
        bad += len(v) + len(violations(g))
        turns += g.turn
        ends[g.end_reason] += 1
        for s in g.winners:
            wins[s] += 1 / len(g.winners)
    dt = time.perf_counter() - t0
    print(f"{args.games} games, {args.players} players, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"games per second: {args.games / dt:.1f}  choices per second: {choices / dt:,.0f}")
    print(f"average turns: {turns / args.games:.1f}")
    for s in range(args.players):
        print(f"seat {s + 1} win rate: {100 * wins[s] / args.games:.1f}%")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    print(f"invariant violations: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
