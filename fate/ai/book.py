"""Hard's draft book: how often each Elder God won at each seat count, read
from ``data/draft.yaml`` (written by ``python -m fate.ai.draftbook``). Hard keeps
the god of its pair with the better smoothed rate (fate.ai.ismcts)."""

from __future__ import annotations

from pathlib import Path

from fate.ai.bookfile import read_once, read_players
from fate.engine import default_content
from fate.ground.paths import data_dir
from fate.ground.untrusted import OneLine, cut

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
    source, tables = read_players(path, MAX_BYTES, SEAT_COUNTS, DraftBookError)
    counts: dict[int, dict[str, tuple[int, float]]] = {}
    for players, table in tables.items():
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
    return read_once(_default, load_book, DraftBookError, "Hard drafts by search")
