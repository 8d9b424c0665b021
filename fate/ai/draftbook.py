"""python -m fate.ai.draftbook [--games G] [--seed S] [--bots normal] [--budget B] [--jobs J] [--log DIR] [--out FILE]

Learns how Hard chooses its Elder God. A search cannot judge a god: from the
draft it looks a few decisions ahead, and a god shows its worth over a whole
game. So the draft is judged from played games instead: this command plays
``--games`` seeded games at each seat count (solo, two, three and four cults,
every seat the same bot, gods drafted at random by Normal and Easy), counts
how often each Elder God wins at each seat count, and writes the table to
``data/draft.yaml`` (or ``--out``). ``--log DIR`` keeps every game (JSON lines,
as ``fate.ai.arena`` writes them) so that a long run can be stopped and taken
up again. Hard reads the table (``fate.ai.book``) and keeps the god of the
pair with the better win rate; the rate is smoothed towards the seat count's
mean by ``PRIOR`` imagined games, so that a god seen in few games is not
trusted beyond them.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from fate.ai.book import SEAT_COUNTS, DraftBookError, default_path, load_book
from fate.ai.bookfile import claim, publish
from fate.ground.cli import Parser, folder, new_file, seconds, whole

PROG = "python -m fate.ai.draftbook"


def tally(results: list[dict[str, Any]]) -> dict[str, tuple[int, float]]:
    """(games, wins) per god over arena results (a shared win counts as a share)."""
    seen: Counter[str] = Counter()
    won: defaultdict[str, float] = defaultdict(float)
    for r in results:
        for s, god in enumerate(r["gods"]):
            seen[god] += 1
            won[god] += r["wins"][s]
    return {god: (seen[god], won[god]) for god in sorted(seen)}


def counts_table(players: int, results: list[dict[str, Any]]) -> str:
    """The games as counted: each god's games, wins and win rate with its 95% interval,
    and each seat's win rate (a Markdown table and a line)."""
    from fate.ai.arena import wilson

    lines = ["| Elder God | games | wins | win rate [95% interval] |", "|---|---|---|---|"]
    for god, (games, wins) in tally(results).items():
        lo, hi = wilson(wins, games)
        lines.append(f"| {god} | {games} | {wins:.1f} | {100 * wins / games:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] |")
    seats = [sum(r["wins"][s] for r in results) / len(results) for s in range(players)] if results else []
    lines.append("seats win: " + ", ".join(f"{100 * x:.1f}%" for x in seats))
    return "\n".join(lines)


def render(tables: dict[int, dict[str, tuple[int, float]]], source: str) -> str:
    lines = [
        "# Hard's draft: how often each Elder God won, by seat count, in the games named below.",
        "# Made by a command (python -m fate.ai.draftbook); run it again rather than edit this file.",
        f"source: {json.dumps(source)}",  # a JSON string is a YAML string
        "players:",
    ]
    for players in sorted(tables):
        lines.append(f"  {players}:" + ("" if tables[players] else " {}"))
        for god, (games, wins) in tables[players].items():
            lines.append(f"    {god}: [{games}, {wins:g}]")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from fate.ai.arena import run as arena_run
    from fate.ai.bots import BOTS

    ap = Parser(prog=PROG, description=__doc__.split("\n\n")[1])
    ap.add_argument("--games", type=whole(1, 10**6), default=4000, help="games at each seat count")
    ap.add_argument("--seed", type=whole(0, 2**62), default=1)
    ap.add_argument("--bots", default="normal", choices=sorted(BOTS), help="the bot in every seat")
    ap.add_argument("--budget", type=seconds(0.01, 60), default=None, help="Hard's seconds a decision")
    ap.add_argument("--jobs", type=whole(1, 64), default=1, help="games played at once, one process each")
    ap.add_argument("--log", metavar="DIR", type=folder, help="keep every game here; take a run up again")
    ap.add_argument("--out", metavar="FILE", type=new_file, default=None, help="where to write (data/draft.yaml)")
    a = ap.parse_args(argv)
    out = Path(a.out) if a.out else default_path()
    tmp = claim(out, PROG)
    if tmp is None:
        return 1
    # Normal and Easy keep a god at random; Hard would keep the book's favourite and hide the others' worth
    draft = "random" if a.bots == "hard" else "book"
    tables = {}
    for players in SEAT_COUNTS:
        log = Path(a.log) / f"draft-{players}p-{a.bots}.jsonl" if a.log else None
        try:
            result = arena_run(players, a.games, a.seed, [a.bots], a.budget, a.jobs, log, draft=draft)
        except OSError as e:
            print(f"{PROG}: --log {a.log}: {e.strerror or e}", file=sys.stderr)
            return 1
        tables[players] = tally(result["results"])
        print(f"{players} seat(s): {result['games']} games, {result['elapsed']:.0f} s")
        print(counts_table(players, result["results"]))
    budget = f" --budget {a.budget:g}" if a.budget else ""
    source = f"python -m fate.ai.draftbook --games {a.games} --seed {a.seed} --bots {a.bots}{budget}"
    book = publish(tmp, out, render(tables, source), load_book, DraftBookError, PROG)
    if book is None:
        return 1
    for players in SEAT_COUNTS:
        ranked = sorted(book.counts[players], key=lambda god: -book.rate(players, god))
        print(f"{players} seat(s), best first: " + ", ".join(
            f"{god} {100 * book.rate(players, god):.1f}%" for god in ranked))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
