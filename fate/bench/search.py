"""``python -m fate.bench search``: Hard's search iterations a second on the process's CPU
time, a fixed 400 iterations from each of the seeded positions, the median of three rounds."""

from __future__ import annotations

import random
import statistics
import time

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
                if g.pending() is None:
                    break
                g.apply(pick(g.pending().choices))
            if g.pending() is not None and g.pending().kind != "draft":
                out.append(g)
    return out


def bench_search(iterations: int = 400, rounds: int = 3) -> dict[str, float]:
    from fate.ai.ismcts import HardBot

    positions = search_positions(default_content())
    rates = []
    for r in range(rounds):
        t0 = cpu()
        done = sum(HardBot(seed=r * 100 + i, iterations=iterations).decide(g).iterations
                   for i, g in enumerate(positions))
        rates.append(done / (cpu() - t0))
    return {"iterations_per_s": statistics.median(rates), "positions": len(positions), "iterations": iterations,
            "rounds": rounds, "all": rates}




def report(args) -> int:
    r = bench_search()
    print(f"search: Hard, {r['iterations']} iterations from each of {r['positions']} positions, CPU time, "
          f"median of {r['rounds']} rounds ({', '.join(f'{x:,.0f}' for x in r['all'])}); the engine {engine_kind()}")
    print(f"Hard search iterations per second: {r['iterations_per_s']:,.0f}")
    return 0
