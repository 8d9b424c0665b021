"""python -m fate.bench engine [--seconds S]

Benchmarks that print figures (never pass/fail): choices applied per second,
full random 4-player games per second, and the time of one clone(). Times are
the process's own CPU time (one core), the median of five rounds, so that
other work on the machine does not blur them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from fate.content import default_content
from fate.engine import new_game

cpu = time.process_time


def engine_round(content, seconds: float, first_seed: int) -> tuple[float, float, int, int]:
    """Random 4-player games for ``seconds`` of CPU: (choices/s, games/s, games, choices).
    The rate counts the whole loop (set-up, asking, choosing, applying): a lower bound."""
    games = choices = 0
    t0 = cpu()
    seed = first_seed
    while cpu() - t0 < seconds:
        seed += 1
        g = new_game(content, 4, seed)
        r = random.Random(seed)
        while (p := g.pending()) is not None:
            g.apply(r.choice(p.choices))
            choices += 1
        games += 1
    spent = cpu() - t0
    return choices / spent, games / spent, games, choices


def clone_us(content) -> float:
    g = new_game(content, 4, 99)
    r = random.Random(99)
    states = []
    while (p := g.pending()) is not None and len(states) < 200:
        g.apply(r.choice(p.choices))
        states.append(g.clone())
    reps = 0
    a = cpu()
    while cpu() - a < 0.5:
        for s in states:
            s.clone()
        reps += len(states)
    return (cpu() - a) / reps * 1e6


def bench_engine(seconds: float = 5.0) -> dict[str, float]:
    content = default_content()
    rounds = [engine_round(content, seconds / 5, k * 100_000) for k in range(5)]
    return {
        "choices_per_s": statistics.median(r[0] for r in rounds),
        "games_per_s": statistics.median(r[1] for r in rounds),
        "clone_us": statistics.median(clone_us(content) for _ in range(5)),
        "games": sum(r[2] for r in rounds),
        "choices": sum(r[3] for r in rounds),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fate.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["engine"], help="what to measure")
    ap.add_argument("--seconds", type=float, default=5.0, help="CPU seconds of games to play")
    args = ap.parse_args(argv)
    r = bench_engine(args.seconds)
    print(f"engine: {r['games']} random 4-player games, {r['choices']} choices, CPU time, median of 5 rounds")
    print(f"choices applied per second: {r['choices_per_s']:,.0f}")
    print(f"full random 4-player games per second: {r['games_per_s']:.1f}")
    print(f"clone: {r['clone_us']:.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
