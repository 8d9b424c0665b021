"""python -m fate.sim --players N --games G --seed S [--bot random|easy|normal|hard] [--check]
python -m fate.sim --report docs/balance.md [--games 4000] [--solo-games 1000] [--bot normal]

Plays seeded games with bots and prints games per second, win rates by seat,
average turns, how games end, and invariant violations (which must be 0).
With --report it plays four-seat and solo games and writes the balance report.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from fate.ai import BOTS, make_bot
from fate.content import default_content
from fate.engine import new_game
from fate.engine.invariants import violations

CHOICE_CAP = 50_000  # a game that needs more is stuck: a rules bug


def play_game(content, players: int, seed: int, bot: str = "random", check: bool = False):
    """One game, every seat played by ``bot``; returns (game, choices, violations)."""
    g = new_game(content, players, seed)
    bots = [make_bot(bot, seed * 31 + s) for s in range(players)]
    bad: list[str] = []
    k = 0
    while (p := g.pending()) is not None:
        g.apply(bots[p.seat].choose(g))
        k += 1
        if check:
            bad.extend(violations(g))
        if k > CHOICE_CAP:
            raise RuntimeError(f"game {players}p seed {seed} did not end after {CHOICE_CAP} choices")
    return g, k, bad


class Tally:
    def __init__(self, players: int) -> None:
        self.players = players
        self.games = self.choices = self.bad = 0
        self.turns: list[int] = []
        self.ends: Counter = Counter()
        self.seat_wins: Counter = Counter()
        self.god_wins: Counter = Counter()
        self.god_seen: Counter = Counter()

    def add(self, g, choices: int, bad: list[str]) -> None:
        self.games += 1
        self.choices += choices
        self.bad += len(bad) + len(violations(g))
        self.turns.append(g.turn)
        self.ends[g.end_reason] += 1
        for s in range(g.n):
            self.god_seen[g.card(g.gods[s]).id] += 1
        for s in g.winners:
            self.seat_wins[s] += 1 / len(g.winners)
            self.god_wins[g.card(g.gods[s]).id] += 1 / len(g.winners)


def run(players: int, games: int, seed: int, bot: str, check: bool = False) -> tuple[Tally, float]:
    content = default_content()
    tally = Tally(players)
    t0 = time.perf_counter()
    for k in range(games):
        tally.add(*play_game(content, players, seed + k, bot, check))
    return tally, time.perf_counter() - t0


def pct(x: float, n: int) -> str:
    return f"{100 * x / n:.1f}%" if n else "-"


def report(args) -> str:
    four, t4 = run(4, args.games, args.seed, args.bot)
    solo, t1 = run(1, args.solo_games, args.seed, args.bot)
    lines = [
        "# Balance report",
        "",
        f"Written by `python -m fate.sim --report {args.report} --games {args.games} "
        f"--solo-games {args.solo_games} --seed {args.seed} --bot {args.bot}`: every seat played by the "
        f"`{args.bot}` bot (the strongest that exists now), Elder Gods drafted as in a real game.",
        "",
        f"## Four seats ({four.games} games, {four.games / t4:.1f} games/s)",
        "",
        "Target: each Elder God wins 25% ± 4 points of the games it is in; the first seat's edge is at most 3 points.",
        "",
        "| Elder God | games | wins | win rate | on target |",
        "|---|---|---|---|---|",
    ]
    for god in sorted(four.god_seen):
        rate = 100 * four.god_wins[god] / four.god_seen[god]
        lines.append(f"| {god} | {four.god_seen[god]} | {four.god_wins[god]:.1f} | {rate:.1f}% | "
                     f"{'yes' if abs(rate - 25) <= 4 else 'no'} |")
    lines += ["", "| seat | win rate |", "|---|---|"]
    for s in range(4):
        lines.append(f"| {s + 1} | {pct(four.seat_wins[s], four.games)} |")
    edge = 100 * four.seat_wins[0] / four.games - 25
    lines += [
        "",
        f"First-seat edge: {edge:+.1f} points ({'on target' if edge <= 3 else 'off target'}).",
        f"Median game length: {statistics.median(four.turns):.0f} turns (all seats' turns counted).",
        "How games end: " + ", ".join(f"{k} {pct(v, four.games)}" for k, v in sorted(four.ends.items())) + ".",
        f"Invariant violations: {four.bad}.",
        "",
        f"## Solo against the Investigators ({solo.games} games)",
        "",
        f"Win rate of the `{args.bot}` bot: {pct(solo.seat_wins[0], solo.games)} (target 35-60%).",
        f"Median length: {statistics.median(solo.turns):.0f} turns. How games end: "
        + ", ".join(f"{k} {pct(v, solo.games)}" for k, v in sorted(solo.ends.items())) + ".",
        "",
        "| Elder God | solo games | win rate |",
        "|---|---|---|",
    ]
    for god in sorted(solo.god_seen):
        lines.append(f"| {god} | {solo.god_seen[god]} | {pct(solo.god_wins[god], solo.god_seen[god])} |")
    lines += ["", "## Cards changed", "", Path(args.changes).read_text(encoding="utf-8").strip()
              if args.changes else "None yet.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fate.sim", description=__doc__.split("\n\n")[1])
    ap.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--solo-games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="random", choices=sorted(BOTS))
    ap.add_argument("--check", action="store_true", help="check invariants after every choice")
    ap.add_argument("--report", metavar="FILE", help="write the balance report (four-seat and solo games)")
    ap.add_argument("--changes", metavar="FILE", help="markdown listing tuned cards, quoted in the report")
    args = ap.parse_args(argv)
    if args.report:
        text = report(args)
        Path(args.report).write_text(text, encoding="utf-8")
        print(text)
        return 0
    tally, dt = run(args.players, args.games, args.seed, args.bot, args.check)
    print(f"{tally.games} games, {args.players} players, bot {args.bot}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"games per second: {tally.games / dt:.1f}  choices per second: {tally.choices / dt:,.0f}")
    print(f"average turns: {sum(tally.turns) / tally.games:.1f}")
    for s in range(args.players):
        print(f"seat {s + 1} win rate: {pct(tally.seat_wins[s], tally.games)}")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.ends.items())))
    print(f"invariant violations: {tally.bad}")
    return 1 if tally.bad else 0


if __name__ == "__main__":
    sys.exit(main())
