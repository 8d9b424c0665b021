"""``python -m fate.bench search``: Hard's search iterations a second on the process's CPU
time, a fixed 400 iterations from each of the seeded positions, the median of three rounds."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from fate.engine import default_content, engine_kind, new_game

cpu = time.process_time


def search_positions(content) -> list:
    """Positions to search from: two and four cults, some way into seeded random games (twelve
    tried; one that is over or still at the draft is left out: 11 today)."""
    out = []
    for players in (2, 4):
        for k in range(6):
            g = new_game(content, players, 100 + k)
            pick = random.Random(k).choice
            for _ in range(30 + 12 * k):
                if (p := g.pending()) is None:
                    break
                g.apply(pick(p.choices))
            if (p := g.pending()) is not None and p.kind != "draft":
                out.append(g)
    return out


@dataclass(frozen=True)
class SearchRate:
    iterations_per_s: float  # the median round's
    positions: int
    iterations: int  # searched from each position
    rates: list[float]  # every round's iterations a second


def bench_search(iterations: int = 400, rounds: int = 3) -> SearchRate:
    from fate.ai.ismcts import HardBot

    positions = search_positions(default_content())
    rates = []
    for r in range(rounds):
        t0 = cpu()
        done = sum(HardBot(seed=r * 100 + i, iterations=iterations).decide(g).iterations
                   for i, g in enumerate(positions))
        rates.append(done / (cpu() - t0))
    return SearchRate(statistics.median(rates), len(positions), iterations, rates)




def report(args) -> int:
    r = bench_search()
    print(f"search: Hard, {r.iterations} iterations from each of {r.positions} positions, CPU time, "
          f"median of {len(r.rates)} rounds ({', '.join(f'{x:,.0f}' for x in r.rates)}); the engine {engine_kind()}")
    print(f"Hard search iterations per second: {r.iterations_per_s:,.0f}")
    return 0
