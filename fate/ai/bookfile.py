"""What Hard's two books share: the draft book (``fate.ai.book``, written by
``fate.ai.draftbook``) and the value book (``fate.ai.value``, written by
``fate.ai.valuebook``). Each is a YAML file of a ``source`` (the command that wrote
it) and a ``players`` map by seat count, read through ``fate.ground.untrusted``; each is
written by a command that makes sure it can write before it plays any game, and
replaces the book only with a file that reads back."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from fate.ground.untrusted import InputError, OneLine, cut, read_yaml

Book = TypeVar("Book")


def read_players(path: Path, limit: int, seat_counts: tuple[int, ...],
                 error: type[OneLine]) -> tuple[str, dict[Any, Any]]:
    """The book's source and its ``players`` map (keys checked to be among ``seat_counts``,
    values not yet looked at); every problem is one ``error`` line naming the file."""
    where = path.name
    try:
        data = read_yaml(path, limit)
    except InputError as e:
        raise error(f"{where}: {e}") from None
    if not isinstance(data, dict) or set(data) - {"source", "players"} or not isinstance(data.get("players"), dict):
        raise error(f"{where}: expected 'source' and a 'players' map")
    source = data.get("source", "")
    if not isinstance(source, str):
        raise error(f"{where}: field 'source': expected text, found {cut(source)}")
    for players in data["players"]:
        if not isinstance(players, int) or isinstance(players, bool) or players not in seat_counts:
            raise error(f"{where}: players: expected a seat count {seat_counts[0]} to {seat_counts[-1]}, "
                        f"found {cut(players)}")
    return source, data["players"]


def claim(out: Path, prog: str) -> Path | None:
    """The file the book is first written to, made empty now: a book that cannot be
    written is said (one line) before the games are played, not after."""
    tmp = out.with_name(out.name + ".tmp")
    try:
        tmp.write_text("", encoding="utf-8")
    except OSError as e:
        print(f"{prog}: cannot write {out}: {e.strerror or e}", file=sys.stderr)
        return None
    return tmp


def publish(tmp: Path, out: Path, text: str, load: Callable[[Path], Book], error: type[OneLine],
            prog: str) -> Book | None:
    """Write ``text`` to ``tmp``, read it back with ``load``, then put it in ``out``'s
    place; what ``load`` returned, or None after one line on standard error."""
    try:
        tmp.write_text(text, encoding="utf-8")
        book = load(tmp)
        tmp.replace(out)
    except (OSError, error) as e:
        print(f"{prog}: {out}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return None
    return book


def read_once(cache: list[Book | None], load: Callable[[], Book], error: type[OneLine], otherwise: str) -> Book | None:
    """The bundled book, read once per process and kept in ``cache``; None if it
    cannot be read, after one line on standard error saying what Hard does
    ``otherwise``."""
    if not cache:
        try:
            cache.append(load())
        except error as e:
            print(f"{otherwise}: {e}", file=sys.stderr)
            cache.append(None)
    return cache[0]
