"""One door for everything read from outside the process: files on the player's
disk (saves, backups, bug reports, settings, scenarios, the game's own data) and
the text they hold.

``read_bytes`` opens only regular files (a folder, a FIFO, a device or a socket is
refused without being opened for reading, so nothing can block), and only up to a
size; ``parse_json`` and ``parse_yaml`` turn text into plain values (maps, lists,
text, whole numbers, finite numbers, true/false, null) of bounded depth and
bounded numbers, refusing NaN and Infinity, integers of more than ``MAX_DIGITS``
digits and YAML aliases. Every failure is one ``InputError`` with one short line;
each loader turns it into its own typed error (SaveFormatError, ContentError,
...) with the file's name in front. ``cut`` makes any value into a short excerpt
for such a line, and ``clean`` makes saved text safe to draw.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

import yaml

MAX_DEPTH = 32  # our files nest 8 deep at most (a card's effect steps)
MAX_DIGITS = 40  # a seed is at most 20 digits, a generator's state the same
LINE = 200  # the longest message a loader gives


class InputError(ValueError):
    """Something read from outside is not what it should be (one short line)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


class OneLine(ValueError):
    """An error about something read from outside: its message is one line of at
    most 300 characters, however long what it quotes (the cut ends in "…"). Each
    loader's own error (a save's, a scenario's, the cards', a book's) is one."""

    LIMIT = 300

    def __init__(self, message: object = "") -> None:
        super().__init__(one_line(message, self.LIMIT))


def one_line(text: object, limit: int = LINE) -> str:
    """``text`` on one line of at most ``limit`` characters (cut with an ellipsis)."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def cut(value: Any, limit: int = 40) -> str:
    """A short excerpt of a value for a message: its repr, cut. Never formats a
    huge value in full (a long text or list is sliced before repr)."""
    if isinstance(value, str):
        return one_line(repr(value[: limit + 1]), limit)
    if isinstance(value, list | tuple):
        inner = ", ".join(cut(v, limit) for v in value[:4])
        return one_line(f"[{inner}{', …' if len(value) > 4 else ''}]", limit)
    if isinstance(value, dict):
        return one_line("{" + ", ".join(f"{cut(k, 12)}: …" for k in list(value)[:3])
                        + (", …" if len(value) > 3 else "") + "}", limit)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**limit:
        return f"a number of {_digits(value)} digits"
    try:
        return one_line(repr(value), limit)
    except ValueError:  # an int beyond str()'s digit limit
        return "a very long number"


def _digits(n: int) -> str:
    return f"about {int(abs(n).bit_length() * 0.30103) + 1}"


def clean(value: Any, limit: int = 80) -> str:
    """Text from a file made fit to draw: a string (anything else gives ""), control
    characters and unpaired surrogates removed, on one line, cut to ``limit``."""
    if not isinstance(value, str):
        return ""
    text = value[: limit * 4].encode("utf-8", "replace").decode("utf-8")
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return one_line(text, limit)


# ---------------------------------------------------------------- files
NAME_LEN = 20  # the longest player name kept (New Game, a save)


def player_name(value: Any) -> str | None:
    """A player's name as a file may hold it: printable text of at most ``NAME_LEN``
    characters with no space at either end and no lone surrogate; None for anything else."""
    if (isinstance(value, str) and len(value) <= NAME_LEN and value.isprintable() and value == value.strip()
            and value == value.encode("utf-8", "replace").decode("utf-8")):
        return value
    return None


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. InputError for a
    missing file, a folder, anything that is not a regular file, a larger file or
    one that cannot be read."""
    path = Path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError("no such file" if not os.path.islink(path) else "a link to nothing") from None
    except (OSError, ValueError) as e:
        raise InputError(f"cannot be read ({_why(e)})") from None
    _regular(st, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # non-blocking: a FIFO swapped in after the check cannot hang us
    except OSError as e:
        raise InputError(f"cannot be read ({_why(e)})") from None
    try:
        _regular(os.fstat(fd), limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise InputError(f"cannot be read ({_why(e)})") from None
    finally:
        os.close(fd)
    if size > limit:
        raise InputError(f"too large (more than {limit:,} bytes)")
    return b"".join(chunks)


def _regular(st: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise InputError("a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputError("not a regular file (a pipe, device or socket)")
    if st.st_size > limit:
        raise InputError(f"too large ({st.st_size:,} bytes; at most {limit:,})")


def _why(e: BaseException) -> str:
    return one_line(getattr(e, "strerror", None) or type(e).__name__, 60)


def read_text(path: str | Path, limit: int) -> str:
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 text (byte {e.start})") from None


# ---------------------------------------------------------------- JSON
def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InputError(f"holds a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError(f"holds a number too large to use ({cut(text, 24)})")
    return value


def _constant(name: str) -> Any:
    raise InputError(f"holds {name}, which is not a number this game uses")


def parse_json(text: str | bytes) -> Any:
    """Plain values from JSON text (see the module's note); InputError otherwise."""
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise InputError(f"not JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep") from None
    except (UnicodeDecodeError, ValueError) as e:  # bytes that are not text; InputError is a ValueError
        if isinstance(e, InputError):
            raise
        raise InputError("not UTF-8 text") from None
    check_plain(data)
    return data


def read_json(path: str | Path, limit: int) -> Any:
    return parse_json(read_text(path, limit))


def check_plain(data: Any) -> None:
    """InputError unless ``data`` is plain values nested at most MAX_DEPTH deep
    (walked without recursion, so any depth is safe to check)."""
    todo = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise InputError(f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            for k, v in value.items():
                if not (k is None or isinstance(k, str | int | float | bool)):
                    raise InputError(f"a key of an unusable kind ({type(k).__name__})")
                todo.append((v, depth + 1))
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)
        elif isinstance(value, bool) or value is None or isinstance(value, str):
            pass
        elif isinstance(value, int):
            if value.bit_length() > MAX_DIGITS * 3.33:
                raise InputError(f"holds a number of {_digits(value)} digits")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InputError(f"holds {value}, which is not a number this game uses")
        else:
            raise InputError(f"holds a value of an unusable kind ({type(value).__name__})")


# ---------------------------------------------------------------- YAML
class _Loader(yaml.SafeLoader):
    """yaml.SafeLoader without aliases, with a depth limit, bounded numbers, and
    dates kept as the text they were written as."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):  # the event checked is the parser's current one
            mark = self.current_event.start_mark
            raise InputError(f"line {mark.line + 1}: aliases (*name) are not allowed here")
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.current_event.start_mark
                raise InputError(f"line {mark.line + 1}: nested more than {MAX_DEPTH} levels deep")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node: Any) -> int:
        digits = sum(ch.isalnum() for ch in str(node.value))
        if digits > MAX_DIGITS:
            raise InputError(f"line {node.start_mark.line + 1}: a number of {digits} digits")
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node: Any) -> float:
        value = super().construct_yaml_float(node)
        if not math.isfinite(value):
            raise InputError(f"line {node.start_mark.line + 1}: {cut(node.value, 20)} is not a number this game uses")
        return value

    def construct_timestamp_text(self, node: Any) -> str:
        return str(self.construct_scalar(node))


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
_Loader.add_constructor("tag:yaml.org,2002:float", _Loader.construct_yaml_float)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _Loader.construct_timestamp_text)


def parse_yaml(text: str | bytes) -> Any:
    """Plain values from YAML text, read safely (no object tags, no aliases);
    InputError naming the line for anything else."""
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f"line {mark.line + 1}: " if mark is not None else ""
        why = getattr(e, "problem", None) or getattr(e, "reason", None) or "unreadable"
        raise InputError(f"{line}not valid YAML ({one_line(why, 80)})") from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep") from None
    except InputError:
        raise
    except UnicodeDecodeError:
        raise InputError("not UTF-8 text") from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as e:
        # a tagged scalar PyYAML cannot make (``!!int abc``, ``!!bool maybe``)
        raise InputError(f"not valid YAML (a value of the wrong form: {type(e).__name__})") from None
    check_plain(data)
    return data


def read_yaml(path: str | Path, limit: int) -> Any:
    return parse_yaml(read_text(path, limit))
