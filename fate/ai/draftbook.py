"""python -m fate.ai.draftbook [--games G] [--seed S] [--bots normal] [--budget B] [--jobs J] [--log DIR] [--out FILE]

Learns how Hard chooses its Elder God. A search cannot judge a god: from the
draft it looks a few decisions ahead, and a god shows its worth over a whole
game. So the draft is judged from played games instead: this command plays
``--games`` seeded games at each seat count (solo, two, three and four cults,
every seat the same bot, gods drafted at random by Normal and Easy), counts
how often each Elder God wins at each seat count, and writes the table to
``data/draft.yaml`` (or ``--out``). ``--log DIR`` keeps every game (JSON lines,
as ``fate.ai.arena`` writes them) so that a long run can be stopped and taken
up again. Hard reads the table (``load_book``) and keeps the god of the pair
with the better win rate; the rate is smoothed towards an even share by
``PRIOR`` imagined games, so that a god seen in few games is not trusted
beyond them.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from fate.cli import Parser, folder, new_file, seconds, whole
from fate.content import default_content
from fate.engine.errors import OneLine
from fate.paths import data_dir
from fate.untrusted import InputError, cut, read_yaml

SEAT_COUNTS = (1, 2, 3, 4)
PRIOR = 20  # imagined games at an even share added to every god's count
MAX_BYTES = 64 << 10  # the book is about 2 KB
MAX_GAMES = 10**9


class DraftBookError(OneLine):
    """A draft book that cannot be read: missing, damaged, or about unknown gods."""


class DraftBook:
    """Win counts per seat count and Elder God; ``rate`` is the smoothed win rate."""

    def __init__(self, counts: dict[int, dict[str, tuple[int, float]]], source: str = "") -> None:
        self.counts = counts  # counts[players][god id] = (games, wins)
        self.source = source

    def rate(self, players: int, god: str) -> float:
        """The chance of winning with ``god`` at ``players`` seats, smoothed towards the
        mean of that seat count (an even share when the book says nothing of it)."""
        table = self.counts.get(players, {})
        total = sum(games for games, _ in table.values())
        share = sum(wins for _, wins in table.values()) / total if total else 1.0 / max(players, 2)
        games, wins = table.get(god, (0, 0.0))
        return (wins + PRIOR * share) / (games + PRIOR)


def default_path() -> Path:
    return Path(data_dir()) / "draft.yaml"


def load_book(path: str | Path | None = None, gods: tuple[str, ...] | None = None) -> DraftBook:
    """Read a draft book; every problem is one DraftBookError line."""
    path = Path(path) if path is not None else default_path()
    where = path.name
    if gods is None:
        content = default_content()
        gods = tuple(content.cards[i].id for i in content.gods)
    try:
        data = read_yaml(path, MAX_BYTES)
    except InputError as e:
        raise DraftBookError(f"{where}: {e}") from None
    if not isinstance(data, dict) or set(data) - {"source", "players"} or not isinstance(data.get("players"), dict):
        raise DraftBookError(f"{where}: expected 'source' and a 'players' map")
    source = data.get("source", "")
    if not isinstance(source, str):
        raise DraftBookError(f"{where}: field 'source': expected text, found {cut(source)}")
    counts: dict[int, dict[str, tuple[int, float]]] = {}
    for players, table in data["players"].items():
        if not isinstance(players, int) or isinstance(players, bool) or players not in SEAT_COUNTS:
            raise DraftBookError(f"{where}: players: expected a seat count 1 to 4, found {cut(players)}")
        if not isinstance(table, dict):
            raise DraftBookError(f"{where}: players {players}: expected a map of Elder Gods, found {cut(table)}")
        row = counts[players] = {}
        for god, entry in table.items():
            if not isinstance(god, str) or god not in gods:
                raise DraftBookError(f"{where}: players {players}: unknown Elder God {cut(god)}")
            games, wins = (entry if isinstance(entry, list) and len(entry) == 2 else (None, None))
            if (not isinstance(games, int) or isinstance(games, bool) or not 0 <= games <= MAX_GAMES
                    or not isinstance(wins, int | float) or isinstance(wins, bool) or not 0 <= wins <= games):
                raise DraftBookError(f"{where}: players {players}: {god}: expected [games, wins] with "
                                     f"0 <= wins <= games <= {MAX_GAMES:,}, found {cut(entry)}")
            row[god] = (games, float(wins))
    return DraftBook(counts, source)


_default: list[DraftBook | None] = []


def default_book() -> DraftBook | None:
    """The bundled book, read once per process; None if it cannot be read (Hard then searches the draft)."""
    if not _default:
        try:
            _default.append(load_book())
        except DraftBookError as e:
            print(f"Hard drafts by search: {e}", file=sys.stderr)
            _default.append(None)
    return _default[0]


def tally(results: list[dict]) -> dict[str, tuple[int, float]]:
    """(games, wins) per god over arena results (a shared win counts as a share)."""
    seen: Counter = Counter()
    won: Counter = Counter()
    for r in results:
        for s, god in enumerate(r["gods"]):
            seen[god] += 1
            won[god] += r["wins"][s]
    return {god: (seen[god], won[god]) for god in sorted(seen)}


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

    ap = Parser(prog="python -m fate.ai.draftbook", description=__doc__.split("\n\n")[1])
    ap.add_argument("--games", type=whole(1, 10**6), default=4000, help="games at each seat count")
    ap.add_argument("--seed", type=whole(0, 2**62), default=1)
    ap.add_argument("--bots", default="normal", choices=sorted(BOTS), help="the bot in every seat")
    ap.add_argument("--budget", type=seconds(0.01, 60), default=None, help="Hard's seconds a decision")
    ap.add_argument("--jobs", type=whole(1, 64), default=1, help="games played at once, one process each")
    ap.add_argument("--log", metavar="DIR", type=folder, help="keep every game here; take a run up again")
    ap.add_argument("--out", metavar="FILE", type=new_file, default=None, help="where to write (data/draft.yaml)")
    a = ap.parse_args(argv)
    out = Path(a.out) if a.out else default_path()
    tables = {}
    for players in SEAT_COUNTS:
        log = Path(a.log) / f"draft-{players}p-{a.bots}.jsonl" if a.log else None
        try:
            result = arena_run(players, a.games, a.seed, [a.bots], a.budget, a.jobs, log)
        except OSError as e:
            print(f"python -m fate.ai.draftbook: --log {a.log}: {e.strerror or e}", file=sys.stderr)
            return 1
        tables[players] = tally(result["results"])
        print(f"{players} seat(s): {result['games']} games, {result['elapsed']:.0f} s")
    budget = f" --budget {a.budget:g}" if a.budget else ""
    source = f"python -m fate.ai.draftbook --games {a.games} --seed {a.seed} --bots {a.bots}{budget}"
    text = render(tables, source)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
    book = load_book(out)  # what was written reads back
    for players in SEAT_COUNTS:
        ranked = sorted(book.counts[players], key=lambda god: -book.rate(players, god))
        print(f"{players} seat(s), best first: " + ", ".join(
            f"{god} {100 * book.rate(players, god):.1f}%" for god in ranked))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
