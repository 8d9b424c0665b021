"""``python -m fate.bench engine``: choices applied a second, whole random 4-player games a
second and the time of one clone(), on the process's CPU time (the median of five rounds);
the engine the game runs (compiled by Cython where built, ``FATE_PURE=1`` for the sources)."""

from __future__ import annotations

import random
import statistics
import time

from fate.engine import Game, default_content, engine_kind, new_game

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
        pick = random.Random(seed).random
        while (p := g.pending()) is not None:
            options = p.choices
            g.apply(options[int(pick() * len(options))])  # a uniform random legal choice
            choices += 1
        games += 1
    spent = cpu() - t0
    return choices / spent, games / spent, games, choices


def clone_us(content) -> float:
    g = new_game(content, 4, 99)
    r = random.Random(99)
    states: list[Game] = []
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




def report(args) -> int:
    r = bench_engine(args.seconds or 5.0)
    print(f"engine: {r['games']} random 4-player games, {r['choices']} choices, CPU time, median of 5 rounds; "
          f"the engine {engine_kind()} (fate/compiled.py)")
    print(f"choices applied per second: {r['choices_per_s']:,.0f}")
    print(f"full random 4-player games per second: {r['games_per_s']:.1f}")
    print(f"clone: {r['clone_us']:.1f} us")
    return 0
