"""python -m fate.ai.valuebook [--games G] [--seed S] [--positions K] [--jobs J] [--out FILE]

Learns how Hard judges a position with two to four cults. Plays ``--games``
seeded games at each of those seat counts, Normal in every seat and every god
kept at random, takes ``--positions`` positions of each game at random, and
fits the weights of ``fate.ai.value.FEATURES`` to who won: the weights that make
the winners' chances highest (a conditional logit, fitted by Newton's method).
The games whose seed ends in 0 or 5 are held out: the fit never sees them, and
the command prints how well the fitted chances and the hand-written evaluation
foretell their winners (the mean log-loss; lower is better, and knowing nothing
gives log(seats)). Writes ``data/value.yaml`` (or ``--out``).
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

from fate.ai.evaluate import LEAD_SCALE, cult_strength
from fate.ai.value import (
    FEATURES,
    SEAT_COUNTS,
    ValueBookError,
    chances,
    default_path,
    features,
    load_values,
)
from fate.cli import Parser, new_file, whole

RIDGE = 1.0  # a weight is pulled towards 0 as by a standard normal prior: a feature never seen weighs 0
STEPS = 20  # Newton's method settles in about six

Row = tuple[list[tuple[float, ...]], list[float]]  # the seats' features, the seats' shares of the win


def held_out(seed: int) -> bool:
    return seed % 5 == 0


def play(args: tuple[int, int, int]) -> dict:
    """One game of Normal in every seat: ``positions`` positions taken at random (their
    features and the hand-written strengths) and who won."""
    from fate.ai.bots import make_bot
    from fate.content import default_content
    from fate.engine import new_game

    players, seed, positions = args
    g = new_game(default_content(), players, seed)
    bots = [make_bot("normal", seed * 31 + s) for s in range(players)]
    pick = random.Random(seed * 31 + 7)
    kept: list[tuple[list, list]] = []
    seen = 0
    while (p := g.pending()) is not None:
        if p.kind != "draft":  # a reservoir: each position of the game is as likely to be kept
            seen += 1
            slot = len(kept) if len(kept) < positions else pick.randrange(seen)
            if slot < positions:
                most = max(g.signs)
                row = ([features(g, s, most) for s in range(players)], [cult_strength(g, s) for s in range(players)])
                if slot == len(kept):
                    kept.append(row)
                else:
                    kept[slot] = row
        choice = pick.choice(p.choices) if p.kind == "draft" else bots[p.seat].choose(g)
        g.apply(choice)
    share = 1.0 / len(g.winners) if g.winners else 0.0
    return {"seed": seed, "wins": [share if s in g.winners else 0.0 for s in range(players)], "kept": kept}


def loss(rows: list[Row], weights: tuple[float, ...]) -> float:
    """Mean log-loss of the chances ``weights`` give, over positions."""
    total = 0.0
    for xs, y in rows:
        p = chances([sum(a * b for a, b in zip(x, weights, strict=True)) for x in xs])
        total -= sum(share * math.log(max(q, 1e-300)) for share, q in zip(y, p, strict=True) if share)
    return total / max(len(rows), 1)


def hand_loss(rows: list[tuple[list[float], list[float]]]) -> float:
    """The same for the hand-written strengths, read as chances the same way."""
    total = 0.0
    for strengths, y in rows:
        p = chances([x / LEAD_SCALE for x in strengths])
        total -= sum(share * math.log(max(q, 1e-300)) for share, q in zip(y, p, strict=True) if share)
    return total / max(len(rows), 1)


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


def fit(rows: list[Row], width: int = len(FEATURES)) -> tuple[float, ...]:
    """The weights of the least log-loss (and the ridge), by Newton's method, halving
    a step that does not lower it."""
    w = [0.0] * width
    ridge = RIDGE
    n = max(len(rows), 1)
    current = loss(rows, tuple(w))
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
        while True:
            trial = tuple(wi - scale * si for wi, si in zip(w, step, strict=True))
            after = loss(rows, trial) + 0.5 * RIDGE * sum(t * t for t in trial) / n
            if after <= current + 1e-12 or scale < 1e-3:
                break
            scale /= 2
        moved = max(abs(scale * si) for si in step)
        w, current = list(trial), after
        if moved < 1e-6:
            break
    return tuple(w)


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


def gather(players: int, games: int, seed: int, positions: int, jobs: int) -> list[dict]:
    tasks = [(players, seed + i, positions) for i in range(games)]
    if jobs == 1:
        return [play(t) for t in tasks]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(play, tasks, chunksize=8)


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m fate.ai.valuebook", description=__doc__.split("\n\n")[1])
    ap.add_argument("--games", type=whole(10, 10**6), default=4000, help="games at each seat count")
    ap.add_argument("--seed", type=whole(0, 2**62), default=1)
    ap.add_argument("--positions", type=whole(1, 100), default=10, help="positions taken from each game")
    ap.add_argument("--jobs", type=whole(1, 64), default=1, help="games played at once, one process each")
    ap.add_argument("--out", metavar="FILE", type=new_file, default=None, help="where to write (data/value.yaml)")
    a = ap.parse_args(argv)
    out = Path(a.out) if a.out else default_path()
    tmp = out.with_name(out.name + ".tmp")
    try:  # a book that cannot be written is said before the games are played, not after
        tmp.write_text("", encoding="utf-8")
    except OSError as e:
        print(f"python -m fate.ai.valuebook: cannot write {out}: {e.strerror or e}", file=sys.stderr)
        return 1
    weights: dict[int, tuple[float, ...]] = {}
    notes: dict[int, str] = {}
    for players in SEAT_COUNTS:
        start = time.perf_counter()
        games = gather(players, a.games, a.seed, a.positions, a.jobs)
        played = time.perf_counter() - start
        games = [r for r in games if sum(r["wins"])]  # (every game with cults has a winner)
        train = [(xs, r["wins"]) for r in games if not held_out(r["seed"]) for xs, _ in r["kept"]]
        test = [(xs, r["wins"]) for r in games if held_out(r["seed"]) for xs, _ in r["kept"]]
        test_hand = [(hs, r["wins"]) for r in games if held_out(r["seed"]) for _, hs in r["kept"]]
        weights[players] = w = fit(train)
        notes[players] = (f"{len(train):,} positions; held out {len(test):,}: log-loss {loss(test, w):.4f}, "
                          f"hand-written {hand_loss(test_hand):.4f}, none {math.log(players):.4f}")
        print(f"{players} seats: {len(games)} games in {played:.0f} s, fitted in "
              f"{time.perf_counter() - start - played:.0f} s; {notes[players]}")
    source = f"python -m fate.ai.valuebook --games {a.games} --seed {a.seed} --positions {a.positions}"
    try:
        tmp.write_text(render(weights, source, notes), encoding="utf-8")
        load_values(tmp)  # what is written must read back before it takes the book's place
        tmp.replace(out)
    except (OSError, ValueBookError) as e:
        print(f"python -m fate.ai.valuebook: {out}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return 1
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
