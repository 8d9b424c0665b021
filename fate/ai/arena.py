"""python -m fate.ai.arena --players N --games G --seed S --bots hard,normal[,...] [--budget SECONDS] [--jobs J] [--log FILE]
    [--level LEVEL] [--draft book|search|random]

Plays bots against each other and prints, per bot: its win rate with a 95%
confidence interval (Wilson), how many seats it played, the mean and p95
seconds it took a decision, and for Hard the search iterations per second.

The bots rotate through the seats: in game i, seat s is played by
``bots[(s + i) % N]``, so each bot sits in each chair equally often. Give one
bot per seat (``hard,normal,normal,normal``); a shorter list is filled with its
last bot. A shared win counts as a share (two winners: half a win each). With
one seat, the bot plays solo against the Investigators.

With ``--log FILE`` each finished game is appended to FILE as one JSON line,
and the games of the same match already there are not played again: a long
match can be stopped and taken up later, and the report counts every game.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from fate.ai.bots import BOTS, make_bot
from fate.ai.ismcts import HardBot
from fate.engine import default_content, engine_kind, new_game
from fate.ground.cli import Parser, new_file, refuse, seconds, whole
from fate.ground.untrusted import InputError, cut, parse_json, read_text

CHOICE_CAP = 50_000



def check_solo_level(ap: Parser, level: str | None, players: int) -> None:
    """Refuse a ``--level`` that is not a level of data/solo.yaml, or that goes with more
    than one seat. (Checked after parsing: the levels come from the game's data.)"""
    if level is None:
        return
    from fate.content import ContentError
    from fate.engine import default_content

    try:
        ids = [x.id for x in default_content().solo_levels]
    except ContentError as e:
        refuse(ap.prog, f"--level: the game's data is damaged ({e})")
    if level not in ids:
        ap.error(f"argument --level: expected one of {', '.join(ids)}, not {cut(level, 24)}")
    if players != 1:
        ap.error("--level: goes with --players 1")

def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a proportion (Wilson score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seating(bots: list[str], players: int, game: int) -> list[str]:
    """Who plays which seat in game ``game`` (rotating)."""
    return [bots[(s + game) % players] for s in range(players)]


def play(args: tuple[Any, ...]) -> dict[str, Any]:
    """One game: the bots' names by seat, their wins, timings and search counts."""
    players, seed, names, budget = args[:4]
    level = args[4] if len(args) > 4 else None
    draft = args[5] if len(args) > 5 else "book"
    content = default_content()
    g = new_game(content, players, seed, solo_level=level)
    bots = [make_bot(name, seed * 31 + s, budget) for s, name in enumerate(names)]
    if draft == "search":  # Hard searches the draft instead of reading the draft book (a comparison)
        for bot in bots:
            if isinstance(bot, HardBot):
                bot.draft_book = None
    drafting = random.Random(seed * 31 + 7).choice  # draft "random": every seat keeps a god at random
    seconds: dict[int, list[float]] = defaultdict(list)
    iterations = [0] * players
    search_time = [0.0] * players
    k = 0
    while (p := g.pending()) is not None:
        bot = bots[p.seat]
        start = time.perf_counter()
        if draft == "random" and p.kind == "draft":
            choice = drafting(p.choices)
        elif isinstance(bot, HardBot):
            d = bot.decide(g)
            choice = d.choice
            iterations[p.seat] += d.iterations
            search_time[p.seat] += d.seconds
        else:
            choice = bot.choose(g)
        seconds[p.seat].append(time.perf_counter() - start)
        g.apply(choice)
        k += 1
        if k > CHOICE_CAP:
            raise RuntimeError(f"game {players}p seed {seed} did not end after {CHOICE_CAP} choices")
    end = g.outcome()
    assert end is not None  # the loop ran until no decision was pending
    return {"seed": seed, "names": names, "wins": end.shares(players),
            "gods": [g.card(g.gods[s]).id for s in range(players)],
            "seconds": [seconds[s] for s in range(players)], "iterations": iterations,
            "search_time": search_time, "end": str(end.reason), "turns": g.turn}


def _logged(log: Path | None, match: dict[str, Any]) -> list[dict[str, Any]]:
    """The games of this match already in the log."""
    if log is None or not log.exists():
        return []
    out, seeds = [], set()
    try:
        text = read_text(log, 1 << 30)
    except InputError as e:
        raise OSError(str(e)) from None
    for line in text.splitlines():
        try:
            row = parse_json(line)
        except InputError:
            continue  # a line cut short when a run was killed
        if (isinstance(row, dict) and row.get("match") == match and _sound(row.get("game"), match["players"])
                and row["game"]["seed"] not in seeds):  # a game logged twice counts once
            seeds.add(row["game"]["seed"])
            out.append(row["game"])
    return out


def _sound(game: Any, players: int) -> bool:
    """A logged game of the shape ``play`` gives (anything else is played again)."""
    def numbers(x: Any, kind: type | tuple[type, ...]) -> bool:
        return isinstance(x, list) and len(x) == players and all(
            isinstance(v, kind) and not isinstance(v, bool) for v in x)

    return (isinstance(game, dict) and isinstance(game.get("seed"), int) and isinstance(game.get("end"), str)
            and isinstance(game.get("turns"), int) and numbers(game.get("names"), str)
            and numbers(game.get("wins"), (int, float)) and all(0 <= w <= 1 for w in game["wins"])
            and numbers(game.get("gods"), str) and numbers(game.get("iterations"), int)
            and numbers(game.get("search_time"), (int, float)) and isinstance(game.get("seconds"), list)
            and len(game["seconds"]) == players
            and all(isinstance(x, list) and all(isinstance(v, int | float) for v in x) for x in game["seconds"]))


def run(players: int, games: int, seed: int, bots: list[str], budget: float | None, jobs: int = 1,
        log: Path | None = None, level: str | None = None, draft: str = "book") -> dict[str, Any]:
    if len(bots) < players:
        bots = bots + [bots[-1]] * (players - len(bots))
    match: dict[str, Any] = {"players": players, "seed": seed, "bots": bots, "budget": budget}
    if level is not None:  # a solo level other than none given: a match of its own in the log
        match["level"] = level
    if draft != "book":  # Hard drafting by search: a match of its own too
        match["draft"] = draft
    results = _logged(log, match)
    done = {r["seed"] for r in results}
    tasks = [(players, seed + i, seating(bots, players, i), budget, level, draft) for i in range(games)
             if seed + i not in done]
    start = time.perf_counter()

    if log is not None and log.exists() and log.stat().st_size:
        with log.open("rb") as f:
            f.seek(-1, 2)
            if f.read(1) != b"\n":  # a line cut short by a kill: start ours on a line of its own
                with log.open("a", encoding="utf-8") as out:
                    out.write("\n")

    def keep(r: dict[str, Any]) -> None:
        results.append(r)
        if log is not None:
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"match": match, "game": r}) + "\n")

    if jobs > 1 and tasks:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(play, tasks):
                keep(r)
    else:
        for t in tasks:
            keep(play(t))
    results = [r for r in results if seed <= r["seed"] < seed + games]
    per: dict[str, dict[str, Any]] = {}
    ends: Counter[str] = Counter()
    turns = []
    for r in results:
        ends[r["end"]] += 1
        turns.append(r["turns"])
        for s, name in enumerate(r["names"]):
            b = per.setdefault(name, {"seats": 0, "wins": 0.0, "seconds": [], "iterations": 0, "search": 0.0})
            b["seats"] += 1
            b["wins"] += r["wins"][s]
            b["seconds"] += r["seconds"][s]
            b["iterations"] += r["iterations"][s]
            b["search"] += r["search_time"][s]
    return {"players": players, "games": len(results), "seed": seed, "results": results, "bots": bots, "budget": budget,
            "per": per, "ends": ends, "turns": turns, "elapsed": time.perf_counter() - start, "draft": draft}


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def report(result: dict[str, Any]) -> str:
    budget = result["budget"]
    lines = [f"arena: {result['players']} seat(s), {result['games']} games, seed {result['seed']}, "
             f"bots {','.join(result['bots'])}, Hard budget "
             f"{budget if budget is not None else 1.0:g} s a decision"
             + {"book": "", "search": ", Hard drafts by search"}.get(result.get("draft", "book"),
                                                                   ", every seat drafts at random"),
             f"{'bot':8} {'seats':>6} {'win rate':>9} {'95% CI':>17} {'decisions':>10} "
             f"{'mean s':>8} {'p95 s':>8} {'iterations/s':>13}"]
    for name, b in result["per"].items():
        lo, hi = wilson(b["wins"], b["seats"])
        secs = b["seconds"]
        mean = sum(secs) / len(secs) if secs else 0.0
        rate = f"{b['iterations'] / b['search']:,.0f}" if b["search"] > 0 else "-"
        lines.append(f"{name:8} {b['seats']:>6} {b['wins'] / b['seats']:>9.1%} "
                     f"{f'[{lo:.1%}, {hi:.1%}]':>17} {len(secs):>10,} {mean:>8.3f} {p95(secs):>8.3f} {rate:>13}")
    ends = ", ".join(f"{k} {v}" for k, v in result["ends"].most_common())
    turns = result["turns"]
    lines.append(f"ends: {ends}; mean turns {sum(turns) / len(turns):.1f}; {result['elapsed']:,.0f} s of play in this run; "
                 f"the engine {engine_kind()} (Hard searches more in its time compiled: fate/compiled.py)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m fate.ai.arena", description=__doc__.split("\n\n")[1])
    ap.add_argument("--players", type=whole(1, 4), default=2)
    ap.add_argument("--games", type=whole(1, 10**6), default=20)
    ap.add_argument("--seed", type=whole(0, 2**62), default=1)
    ap.add_argument("--bots", default="hard,normal", help="comma-separated, one per seat: " + ", ".join(BOTS))
    ap.add_argument("--budget", type=seconds(0.01, 60), default=None, help="Hard's seconds a decision (default 1.0)")
    ap.add_argument("--level", metavar="LEVEL",
                    help="with --players 1: how hard the Investigators play (a level of data/solo.yaml)")
    ap.add_argument("--draft", choices=["book", "search", "random"], default="book",
                    help="how Hard keeps its Elder God: by the draft book (data/draft.yaml), by search, or every "
                         "seat at random")
    ap.add_argument("--jobs", type=whole(1, 64), default=1, help="games played at once, one process each")
    ap.add_argument("--log", metavar="FILE", type=new_file, help="append each game to FILE (JSON lines); games already there "
                                                   "are not played again")
    a = ap.parse_args(argv)
    bots = [b.strip() for b in a.bots.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOTS]
    if unknown or not bots:
        ap.error(f"--bots: unknown bot {cut(unknown[0])} (expected {', '.join(BOTS)})" if unknown
                 else "--bots: name at least one bot")
    check_solo_level(ap, a.level, a.players)
    if len(bots) > a.players:
        ap.error(f"--bots: {len(bots)} bots for {a.players} seat(s)")
    try:
        result = run(a.players, a.games, a.seed, bots, a.budget, a.jobs, a.log, a.level, a.draft)
    except OSError as e:
        print(f"python -m fate.ai.arena: --log {a.log}: {e.strerror or e}", file=sys.stderr)
        return 1
    print(report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
