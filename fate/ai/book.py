"""Hard's draft book: how often each Elder God won at each seat count, read
from ``data/draft.yaml`` (written by ``python -m fate.ai.draftbook``). Hard keeps
the god of its pair with the better smoothed rate (fate.ai.ismcts)."""

from __future__ import annotations

import sys
from pathlib import Path

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
