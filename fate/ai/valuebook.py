"""python -m fate.ai.valuebook [--games G] [--seed S] [--positions K] [--jobs J] [--out FILE]

Learns how Hard judges a position with two to four cults. Plays ``--games``
seeded games at each of those seat counts, Normal in every seat and every god
kept at random, takes ``--positions`` positions of each game at random, and
fits the weights of ``fate.ai.value.FEATURES`` to who won: the weights that make
the winners' chances highest (a conditional logit, fitted by Newton's method).
The games whose seed ends in 0 or 5 are held out: the fit never sees them, and
the command prints how well the fitted chances and the hand-written strengths
(read as chances the same way, at the scale that fits them best) foretell their
winners: the mean log-loss, lower is better, and knowing nothing gives
log(seats). Writes ``data/value.yaml`` (or ``--out``).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fate.ai.bookfile import claim, publish
from fate.ai.evaluate import cult_strength
from fate.ai.value import (
    FEATURES,
    SEAT_COUNTS,
    ValueBookError,
    chances,
    default_path,
    features,
    load_values,
)
from fate.ground.cli import Parser, new_file, whole

PROG = "python -m fate.ai.valuebook"
MAX_POSITIONS = 200_000  # a seat count's positions: a few minutes' fit (32,000 take some 20 s), memory to spare

RIDGE = 1.0  # a weight is pulled towards 0 as by a standard normal prior: a feature never seen weighs 0
STEPS = 20  # Newton's method settles in about six

Row = tuple[list[tuple[float, ...]], list[float]]  # each seat's features, each seat's share of the win


def held_out(seed: int) -> bool:
    return seed % 5 == 0


class Reservoir:
    """Keeps ``k`` of the items offered, each offered item as likely as any other to be
    among them (Vitter's algorithm R); ``make`` is called only for an item kept."""

    def __init__(self, k: int, rng: random.Random) -> None:
        self.k = k
        self.rng = rng
        self.items: list[object] = []
        self.seen = 0

    def offer(self, make: Callable[[], object]) -> None:
        self.seen += 1
        items = self.items
        if len(items) < self.k:
            items.append(make())
            return
        slot = self.rng.randrange(self.seen)
        if slot < self.k:
            items[slot] = make()


def play(args: tuple[int, int, int]) -> dict[str, Any]:
    """One game of Normal in every seat (gods kept at random): ``positions`` of its
    positions taken at random (their features and the hand-written strengths), and
    who won."""
    from fate.ai.arena import CHOICE_CAP
    from fate.ai.bots import make_bot
    from fate.engine import default_content, new_game

    players, seed, positions = args
    g = new_game(default_content(), players, seed)
    bots = [make_bot("normal", seed * 31 + s) for s in range(players)]
    pick = random.Random(seed * 31 + 7)
    kept = Reservoir(positions, pick)

    def position() -> tuple[list[tuple[float, ...]], list[float]]:
        most = max(g.signs)
        return [features(g, s, most) for s in range(players)], [cult_strength(g, s) for s in range(players)]

    k = 0
    while (p := g.pending()) is not None:
        if p.kind == "draft":
            g.apply(pick.choice(p.choices))
            continue
        kept.offer(position)
        g.apply(bots[p.seat].choose(g))
        k += 1
        if k > CHOICE_CAP:
            raise RuntimeError(f"game {players}p seed {seed} did not end after {CHOICE_CAP} choices")
    end = g.outcome()
    assert end is not None  # the loop ran until no decision was pending
    return {"seed": seed, "wins": end.shares(players), "kept": kept.items}


def loss(rows: list[Row], weights: tuple[float, ...]) -> float:
    """Mean log-loss of the chances ``weights`` give, over positions."""
    total = 0.0
    for xs, y in rows:
        p = chances([sum(a * b for a, b in zip(x, weights, strict=True)) for x in xs])
        total -= sum(share * math.log(max(q, 1e-300)) for share, q in zip(y, p, strict=True) if share)
    return total / max(len(rows), 1)


def objective(rows: list[Row], weights: tuple[float, ...], ridge: float = RIDGE) -> float:
    """What the fit makes least: the mean log-loss and the ridge's share of it."""
    return loss(rows, weights) + 0.5 * ridge * sum(w * w for w in weights) / max(len(rows), 1)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        d = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / d
            if f:
                mr, mc = m[r], m[col]
                for k in range(col, n + 1):
                    mr[k] -= f * mc[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(rows: list[Row], width: int = len(FEATURES), ridge: float = RIDGE) -> tuple[float, ...]:
    """The weights that make ``objective`` least, by Newton's method; a step that does
    not lower it is halved, and when even a small part of it does not, the fit stops."""
    w = (0.0,) * width
    current = objective(rows, w, ridge)
    for _ in range(STEPS):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(width)] for i in range(width)]
        for xs, y in rows:
            p = chances([sum(a * b for a, b in zip(x, w, strict=True)) for x in xs])
            mean = [sum(q * x[i] for q, x in zip(p, xs, strict=True)) for i in range(width)]
            for q, share, x in zip(p, y, xs, strict=True):
                r = q - share
                d = [xi - mi for xi, mi in zip(x, mean, strict=True)]
                for i in range(width):
                    xi = x[i]
                    if xi:
                        grad[i] += r * xi
                    di = d[i]
                    if di:
                        qd = q * di
                        hi = hess[i]
                        for j in range(i, width):
                            hi[j] += qd * d[j]
        for i in range(width):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        scale = 1.0
        while scale >= 1e-3:
            trial = tuple(wi - scale * si for wi, si in zip(w, step, strict=True))
            after = objective(rows, trial, ridge)
            if after <= current:
                break
            scale /= 2
        else:
            break  # no part of the step helps: as good as it gets
        moved = max(abs(scale * si) for si in step)
        w, current = trial, after
        if moved < 1e-6:
            break
    return w


def render(weights: dict[int, tuple[float, ...]], source: str, notes: dict[int, str]) -> str:
    lines = [
        "# Hard's judgement of a position with two to four cults: each feature's weight in a",
        "# cult's score (fate.ai.value), fitted to the winners of the games named below.",
        "# Made by a command (python -m fate.ai.valuebook); run it again rather than edit this file.",
        f"source: {json.dumps(source)}",
        "players:",
    ]
    for players in sorted(weights):
        lines.append(f"  {players}:  # {notes[players]}")
        for name, w in zip(FEATURES, weights[players], strict=True):
            lines.append(f"    {name}: {w:.6g}")
    return "\n".join(lines) + "\n"


def gather(players: int, games: int, seed: int, positions: int, jobs: int) -> list[dict[str, Any]]:
    tasks = [(players, seed + i, positions) for i in range(games)]
    if jobs == 1:
        return [play(t) for t in tasks]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(play, tasks, chunksize=8)


def split(games: list[dict[str, Any]]) -> tuple[list[Row], list[Row], list[Row], list[Row]]:
    """(fitted, held out) positions as features, then the same as the hand-written strengths."""
    rows: tuple[list[Row], list[Row], list[Row], list[Row]] = ([], [], [], [])
    for r in games:
        if not sum(r["wins"]):  # (every game with cults has a winner)
            continue
        out = held_out(r["seed"])
        for xs, strengths in r["kept"]:
            rows[out].append((xs, r["wins"]))
            rows[2 + out].append(([(x,) for x in strengths], r["wins"]))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog=PROG, description=__doc__.split("\n\n")[1])
    ap.add_argument("--games", type=whole(10, 10**6), default=4000, help="games at each seat count")
    ap.add_argument("--seed", type=whole(0, 2**62), default=1)
    ap.add_argument("--positions", type=whole(1, 100), default=10, help="positions taken from each game")
    ap.add_argument("--jobs", type=whole(1, 64), default=1, help="games played at once, one process each")
    ap.add_argument("--out", metavar="FILE", type=new_file, default=None, help="where to write (data/value.yaml)")
    a = ap.parse_args(argv)
    if a.games * a.positions > MAX_POSITIONS:
        ap.error(f"--games times --positions: at most {MAX_POSITIONS:,} positions a seat count, "
                 f"not {a.games * a.positions:,}")
    out = Path(a.out) if a.out else default_path()
    tmp = claim(out, PROG)
    if tmp is None:
        return 1
    weights: dict[int, tuple[float, ...]] = {}
    notes: dict[int, str] = {}
    for players in SEAT_COUNTS:
        start = time.perf_counter()
        train, test, train_hand, test_hand = split(gather(players, a.games, a.seed, a.positions, a.jobs))
        played = time.perf_counter() - start
        weights[players] = w = fit(train)
        # the hand-written strengths read as chances the same way, at the scale that fits them best
        scale = fit(train_hand, width=1)
        notes[players] = (f"{len(train):,} positions; held out {len(test):,}: log-loss {loss(test, w):.4f}, "
                          f"hand-written {loss(test_hand, scale):.4f}, none {math.log(players):.4f}")
        print(f"{players} seats: {a.games} games in {played:.0f} s, fitted in "
              f"{time.perf_counter() - start - played:.0f} s; {notes[players]}")
    source = f"{PROG} --games {a.games} --seed {a.seed} --positions {a.positions}"
    if publish(tmp, out, render(weights, source, notes), load_values, ValueBookError, PROG) is None:
        return 1
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
