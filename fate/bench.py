"""python -m fate.bench engine

Benchmarks that print figures (never pass/fail): choices applied per second,
full random 4-player games per second, and the time of one clone().
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from fate.content import default_content
from fate.engine import new_game


def bench_engine(seconds: float = 3.0) -> dict[str, float]:
    content = default_content()
    # Choices per second: pick uniformly among the offered choices, apply.
    games = choices = 0
    t0 = time.perf_counter()
    apply_time = 0.0
    seed = 0
    while time.perf_counter() - t0 < seconds:
        seed += 1
        g = new_game(content, 4, seed)
        r = random.Random(seed)
        while (p := g.pending()) is not None:
            c = r.choice(p.choices)
            a = time.perf_counter()
            g.apply(c)
            apply_time += time.perf_counter() - a
            choices += 1
        games += 1
    total = time.perf_counter() - t0
    # Clone: mid-game states of a 4-player game.
    g = new_game(content, 4, 99)
    r = random.Random(99)
    states = []
    while (p := g.pending()) is not None and len(states) < 200:
        g.apply(r.choice(p.choices))
        states.append(g)
        g = g.clone()
    reps = 0
    a = time.perf_counter()
    while time.perf_counter() - a < 1.0:
        for s in states:
            s.clone()
        reps += len(states)
    clone_us = (time.perf_counter() - a) / reps * 1e6
    return {"choices_per_s": choices / apply_time, "games_per_s": games / total,
            "clone_us": clone_us, "games": games, "choices": choices}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fate.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["engine"], help="what to measure")
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args(argv)
    r = bench_engine(args.seconds)
    print(f"engine: {r['games']} random 4-player games, {r['choices']} choices")
    print(f"choices applied per second: {r['choices_per_s']:,.0f}")
    print(f"full random 4-player games per second: {r['games_per_s']:.1f}")
    print(f"clone: {r['clone_us']:.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
