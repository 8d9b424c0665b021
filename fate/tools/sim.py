"""python -m fate.tools.sim --players N --games G --seed S [--bot random|easy|normal|hard] [--check]
python -m fate.tools.sim --report docs/balance.md [--games 4000] [--solo-games 1000] [--bot normal]
python -m fate.tools.sim --strong docs/balance.md [--games 100] [--solo-games 100] [--budget 0.25] [--jobs 2] [--log DIR]
python -m fate.tools.sim --levels docs/balance.md [--games 200] [--solo-games 100 --budget 0.1 --jobs 2 --log DIR]

Plays seeded games with bots and prints games per second, win rates by seat,
average turns, how games end, and invariant violations (which must be 0).
With --report it plays four-seat and solo games and writes the balance report.
With --levels it writes the section on the solo levels: Easy and Normal
(``--games`` each) and, with ``--log``, Hard (``--solo-games`` at ``--budget``,
kept in DIR so that the long run can be taken up again). With --strong it plays them with Hard in every seat (``--budget`` seconds a
decision) and writes the report's section on strong play in place, keeping
the rest of the file; ``--log DIR`` keeps every game (JSON lines) so that a
long run can be stopped and taken up again.
"""

from __future__ import annotations

import statistics
import sys
import time
from argparse import Namespace
from collections import Counter, defaultdict
from pathlib import Path

from fate.ai import BOTS, make_bot
from fate.ai.arena import check_solo_level
from fate.content.model import Content
from fate.engine import default_content, new_game
from fate.engine.game import Game
from fate.engine.invariants import violations
from fate.ground.cli import Parser, folder, new_file, old_file, refuse, seconds, whole
from fate.ground.untrusted import InputError, read_text

CHOICE_CAP = 50_000  # a game that needs more is stuck: a rules bug


def play_game(content: Content, players: int, seed: int, bot: str = "random", check: bool = False,
              level: str | None = None) -> tuple[Game, int, list[str]]:
    """One game, every seat played by ``bot`` (solo: at ``level``); returns (game, choices, violations)."""
    g = new_game(content, players, seed, solo_level=level)
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
        self.ends: Counter[str] = Counter()
        self.seat_wins: defaultdict[int, float] = defaultdict(float)  # shares of wins (a tie splits one)
        self.god_wins: defaultdict[str, float] = defaultdict(float)
        self.god_seen: Counter[str] = Counter()

    def add(self, g: Game, choices: int, bad: list[str]) -> None:
        self.games += 1
        self.choices += choices
        self.bad += len(bad) + len(violations(g))
        self.turns.append(g.turn)
        end = g.outcome()
        self.ends[end.reason if end else ""] += 1
        for s in range(g.n):
            self.god_seen[g.card(g.gods[s]).id] += 1
        winners = end.winners if end else ()
        for s in winners:
            self.seat_wins[s] += 1 / len(winners)
            self.god_wins[g.card(g.gods[s]).id] += 1 / len(winners)


def run(players: int, games: int, seed: int, bot: str, check: bool = False,
        level: str | None = None) -> tuple[Tally, float]:
    content = default_content()
    tally = Tally(players)
    t0 = time.perf_counter()
    for k in range(games):
        tally.add(*play_game(content, players, seed + k, bot, check, level))
    return tally, time.perf_counter() - t0


def pct(x: float, n: int) -> str:
    return f"{100 * x / n:.1f}%" if n else "-"


def report(args: Namespace) -> str:
    four, t4 = run(4, args.games, args.seed, args.bot)
    solo, t1 = run(1, args.solo_games, args.seed, args.bot)
    lines = [
        "# Balance report",
        "",
        f"Written by `python -m fate.tools.sim --report {args.report} --games {args.games} "
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
    lines += ["", "## Cards changed", "", read_text(args.changes, 1 << 20).strip()
              if args.changes else "None yet.", ""]
    return "\n".join(lines)


STRONG_HEAD = "## Under strong play: Hard in every seat"


def strong_section(args: Namespace) -> str:
    """Four-seat and solo games with Hard in every seat: the report's section on them."""
    from fate.ai.arena import run as arena_run
    from fate.ai.arena import wilson

    log = Path(args.log) if args.log else None
    # each seat keeps a god at random: Hard's draft book would never seat the god it rates
    # lowest, and a balance table must measure every god (the solo games draft by the book)
    four = arena_run(4, args.games, args.seed, ["hard"] * 4, args.budget, args.jobs,
                     log / "strong-four.jsonl" if log else None, draft="random")
    solo = arena_run(1, args.solo_games, args.seed, ["hard"], args.budget, args.jobs,
                     log / "strong-solo.jsonl" if log else None)

    def rate(wins: float, n: int) -> str:
        lo, hi = wilson(wins, n)
        return f"{100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]" if n else "-"

    seen: Counter[str] = Counter()
    won: Counter[str] = Counter()
    seat_wins = [0.0] * 4
    for r in four["results"]:
        for s, god in enumerate(r["gods"]):
            seen[god] += 1
            won[god] += r["wins"][s]
            seat_wins[s] += r["wins"][s]
    n4 = len(four["results"])
    lines = [
        STRONG_HEAD,
        "",
        f"Written by `python -m fate.tools.sim --strong {args.strong} --games {args.games} --solo-games "
        f"{args.solo_games} --seed {args.seed} --budget {args.budget:g}`: every seat played by Hard "
        f"(tree search, {args.budget:g} s a decision instead of the table's 1.0 s, so that more games fit in "
        "the time we had). In the four-seat games every cult keeps one of its two Elder Gods at random (Hard's "
        "draft book would never seat the god it rates lowest, and the table must measure every god); alone, "
        "Hard keeps its god by the book. Win rates with their 95% interval (Wilson).",
        "",
        f"### Four seats ({n4} game{'s' if n4 != 1 else ''})",
        "",
        "| Elder God | games | wins | win rate [95% interval] |",
        "|---|---|---|---|",
    ]
    for god in sorted(seen):
        lines.append(f"| {god} | {seen[god]} | {won[god]:.1f} | {rate(won[god], seen[god])} |")
    lines += ["", "| seat | win rate [95% interval] |", "|---|---|"]
    for s in range(4):
        lines.append(f"| {s + 1} | {rate(seat_wins[s], n4)} |")
    ends = Counter(r["end"] for r in four["results"])
    lo, hi = wilson(seat_wins[0], n4)
    lines += [
        "",
        f"First-seat edge: {100 * seat_wins[0] / n4 - 25:+.1f} points (interval {100 * lo - 25:+.1f} to "
        f"{100 * hi - 25:+.1f}).",
        f"Median game length: {statistics.median(r['turns'] for r in four['results']):.0f} turns.",
        "How games end: " + ", ".join(f"{k} {pct(v, n4)}" for k, v in sorted(ends.items())) + ".",
        "",
    ]
    n1 = len(solo["results"])
    solo_wins = sum(r["wins"][0] for r in solo["results"])
    solo_ends = Counter(r["end"] for r in solo["results"])
    lines += [
        f"### Solo against the Investigators ({n1} game{'s' if n1 != 1 else ''})",
        "",
        f"Hard's win rate: {rate(solo_wins, n1)}. How games end: "
        + ", ".join(f"{k} {pct(v, n1)}" for k, v in sorted(solo_ends.items())) + ".",
        "",
    ]
    return "\n".join(lines)


LEVELS_HEAD = "## Solo levels: Easy, Normal and Hard at each level"
LEVELS_HEADS = (LEVELS_HEAD, "## Solo levels: Easy and Normal at each level")  # the latter: as first written


def levels_section(games: int, seed: int, hard_games: int = 0, budget: float = 0.1, jobs: int = 1,
                   log: Path | None = None) -> str:
    """The solo win rates of Easy and Normal at every level of data/solo.yaml, and of
    Hard when ``log`` (a folder keeping its games) is given."""
    from fate.ai.arena import run as arena_run
    from fate.ai.arena import wilson

    def rate(wins: float, n: int) -> str:
        lo, hi = wilson(wins, n)
        return f"{wins / n:.1%} [{lo:.1%}, {hi:.1%}]"

    levels = default_content().solo_levels
    hard = log is not None
    command = f"python -m fate.tools.sim --levels docs/balance.md --games {games} --seed {seed}"
    if hard:
        command += f" --solo-games {hard_games} --budget {budget:g} --jobs {jobs} --log DIR"
    lines = [LEVELS_HEAD, "",
             f"`{command}`: {games} solo games a cell for Easy and Normal"
             + (f", {hard_games} for Hard at {budget:g} s a decision (the table's default is 1.0 s)" if hard else "")
             + f", seeds from {seed}, win rate with its 95% interval. Targets: Normal 40-60% at Standard; "
             "Hard 30-55% at Relentless.", "",
             "| level | Easy wins | Normal wins | " + ("Hard wins | " if hard else "") + "Normal: games end |",
             "|---|---|---|---|" + ("---|" if hard else "")]
    for level in levels:
        cells, ends = [], ""
        for bot in ("easy", "normal"):
            tally, _ = run(1, games, seed, bot, level=level.id)
            cells.append(rate(tally.seat_wins[0], tally.games))
            ends = ", ".join(f"{k} {pct(v, tally.games)}" for k, v in sorted(tally.ends.items()))
        if log is not None:  # hard
            result = arena_run(1, hard_games, seed, ["hard"], budget, jobs, log / f"hard-solo-{level.id}.jsonl",
                               level.id)
            cells.append(rate(sum(r["wins"][0] for r in result["results"]), result["games"]))
        lines.append(f"| {level.name} | {' | '.join(cells)} | {ends} |")
    return "\n".join(lines) + "\n"


def write_section(path: Path, head: str, section: str) -> None:
    """Put ``section`` in the file in place of the one under ``head`` (or at the end)."""
    text = read_text(path, 16 << 20) if path.exists() else ""
    start = text.find(head)
    if start < 0:
        text = (text.rstrip("\n") + "\n\n" if text.strip() else "") + section
    else:
        end = text.find("\n## ", start + len(head))
        text = text[:start] + section + ("\n" + text[end + 1:] if end >= 0 else "")
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m fate.tools.sim", description=__doc__.split("\n\n")[1])
    ap.add_argument("--players", type=whole(1, 4), default=4)
    ap.add_argument("--games", type=whole(1, 10**7), default=200)
    ap.add_argument("--solo-games", type=whole(1, 10**7), default=None,
                    help="solo games: 1000 for --report; Hard's a level with --levels (100)")
    ap.add_argument("--seed", type=whole(0, 2**62), default=1)
    ap.add_argument("--bot", default="random", choices=sorted(BOTS))
    ap.add_argument("--check", action="store_true", help="check invariants after every choice")
    ap.add_argument("--level", metavar="LEVEL",
                    help="with --players 1: how hard the Investigators play (a level of data/solo.yaml)")
    ap.add_argument("--report", metavar="FILE", type=new_file, help="write the balance report (four-seat and solo games)")
    ap.add_argument("--changes", metavar="FILE", type=old_file, help="markdown listing tuned cards, quoted in the report")
    ap.add_argument("--strong", metavar="FILE", type=new_file, help="write the report's section on Hard in every seat")
    ap.add_argument("--levels", metavar="FILE", type=new_file,
                    help="write the section on the solo levels (Easy and Normal, --games each; with --log, Hard too)")
    ap.add_argument("--budget", type=seconds(0.01, 60), default=None,
                    help="Hard's seconds a decision: with --strong (0.25) or --levels (0.1)")
    ap.add_argument("--jobs", type=whole(1, 64), default=1, help="with --strong or --levels: games played at once")
    ap.add_argument("--log", metavar="DIR", type=folder, help="with --strong, or --levels for Hard: keep every game here, take a run up again")
    args = ap.parse_args(argv)
    for name, path in (("--changes", args.changes), ("--levels", args.levels), ("--strong", args.strong)):
        try:  # the files it reads are checked before any game is played
            if path is not None and (name == "--changes" or path.exists()):
                read_text(path, 16 << 20)
        except InputError as e:
            refuse(ap.prog, f"{name} {path}: {e}")
    try:
        return _work(ap, args)
    except OSError as e:  # a write that failed after all
        refuse(ap.prog, f"{e.filename or 'a file'}: {e.strerror or e}")
    return 2


def _work(ap: Parser, args: Namespace) -> int:
    if args.levels:
        log = Path(args.log) if args.log else None
        section = levels_section(args.games, args.seed, args.solo_games or 100, args.budget or 0.1, args.jobs, log)
        text = read_text(args.levels, 16 << 20) if Path(args.levels).exists() else ""
        write_section(args.levels, next((h for h in LEVELS_HEADS if h in text), LEVELS_HEAD), section)
        print(section)
        return 0
    args.solo_games = args.solo_games or 1000
    args.budget = args.budget or 0.25
    if args.strong:
        section = strong_section(args)
        write_section(Path(args.strong), STRONG_HEAD, section)
        print(section)
        return 0
    if args.report:
        text = report(args)
        Path(args.report).write_text(text, encoding="utf-8")
        print(text)
        return 0
    check_solo_level(ap, args.level, args.players)
    tally, dt = run(args.players, args.games, args.seed, args.bot, args.check, args.level)
    print(f"{tally.games} games, {args.players} players, bot {args.bot}, "
          + (f"solo level {args.level}, " if args.level else "") +
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
