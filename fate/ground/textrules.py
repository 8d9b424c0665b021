"""The rules for text one person writes and others read: lines of table talk and players'
names. Below both the server (which applies them at its door, fate/server/protocol.py and
lobby.py) and the table (which draws with them, fate/ui/online/talk.py); no pygame here.

- ``visible(text, limit)`` keeps what draws as itself: it drops control characters, every
  format character (bidi embeddings, overrides, isolates and marks, zero-width spaces and
  joiners, the byte-order mark), the other default-ignorable code points (U+3164 Hangul
  filler, U+115F/1160, U+FFA0, variation selectors...), private-use, unassigned and
  surrogate code points, marks with no letter under them and more than ``MARKS`` marks on
  one letter; every kind of space or line break becomes one plain space. The result is
  never longer than the text or than ``limit``, and ``visible`` of it is itself.
- ``line(text)`` and ``name(text)`` are ``visible`` with their limits that refuse (one
  ``TextRefused``, a ``ValueError`` with a short ``code``) what has nothing left to read.
- ``fold(text)`` is the key two names are told apart by: NFKC, case-folded, with the common
  Cyrillic, Greek and Latin look-alikes (and 0/1/I/l, "rn") mapped to one letter each, so
  "Ann", "ANN" and "Аnn" with a Cyrillic A are one name. ``reserved`` says whether a name
  is one the game itself uses ("Seat 1", "Host", "AI", a cult's or Elder God's name).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAX_NAME = 24  # characters of a player's name
MAX_LINE = 160  # characters of a line of table talk
MARKS = 3  # combining marks kept on one letter (more stack over the lines around it)

# Default-ignorable code points (Unicode's DerivedCoreProperties) that are not format
# characters (those go by their category): they draw as nothing, or as blank space.
_IGNORABLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x2800, 0x2800),
              (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
_DROPPED = frozenset(("Cc", "Cf", "Cs", "Co", "Cn"))
_SPACES = frozenset(("Zs", "Zl", "Zp"))
_MARK = frozenset(("Mn", "Me", "Mc"))


class TextRefused(ValueError):
    """A line or a name refused: ``code`` for programs ("empty", "reserved", "taken"), the
    message (one short sentence) for people."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def _ignorable(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in _IGNORABLE)


def visible(text: str, limit: int = MAX_LINE) -> str:
    """``text`` with only what draws as itself, on one line, at most ``limit`` characters."""
    if not isinstance(text, str):
        return ""
    out: list[str] = []
    marks = 0
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85" or cat in _SPACES:
            ch, cat = " ", "Zs"  # a tab or a line break is a space here (talk is one line)
        elif cat in _DROPPED or _ignorable(ord(ch)):
            continue
        if cat in _MARK:
            if not out or out[-1] == " " or marks >= MARKS:
                continue  # a mark with no letter under it, or one too many on this letter
            marks += 1
        else:
            if ch == " " and (not out or out[-1] == " "):
                continue
            marks = 0
        out.append(ch)
    cut = "".join(out[:limit])
    return cut.strip(" ")


def line(text: str, limit: int = MAX_LINE) -> str:
    """A line of table talk fit to show, or TextRefused("empty") if nothing of it shows."""
    shown = visible(text, limit)
    if not shown:
        raise TextRefused("empty", "a line with nothing to read (only spaces or invisible characters)")
    return shown


def name(text: str) -> str:
    """A player's name fit to show, or TextRefused("empty")."""
    shown = visible(text, MAX_NAME)
    if not shown:
        raise TextRefused("empty", "a name with nothing to read (only spaces or invisible characters)")
    return shown


# ------------------------------------------------------------------ look-alikes
# After NFKC and case folding, letters of other scripts (and digits and signs) that look like
# a Latin letter, each to that letter: a short table of the common ones, not Unicode's whole
# confusables list (docs/design-decisions.md, "Names that cannot pass for another").
_LOOKS = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "ë", "з": "3", "і": "l", "ї": "ï", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d",
    "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b", "г": "r", "ѵ": "v", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "n", "ι": "l", "κ": "k", "μ": "u", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j", "ς": "c",
    # Latin and common signs that pass for a letter or a digit
    "ɑ": "a", "ı": "l", "i": "l", "1": "l", "|": "l", "!": "l", "ǀ": "l", "0": "o", "ø": "o", "ß": "ss",
    "ʏ": "y", "ɩ": "l", "$": "s", "@": "a",
})
_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))


def fold(text: str) -> str:
    """The key two names are the same by: look-alikes, case and width folded away."""
    t = unicodedata.normalize("NFKC", visible(text, 4 * MAX_NAME)).casefold()
    t = unicodedata.normalize("NFKC", t).translate(_LOOKS)
    for pair, one in _PAIRS:
        t = t.replace(pair, one)
    return t


def _key(text: str) -> str:
    """A name's fold with only its letters and digits: "Seat 1", "seat-1" and "SEAT1" alike."""
    return re.sub(r"[\W_]", "", fold(text))


# The names the game itself gives to seats, people and its own lines.
GAME_NAMES = tuple([f"Seat {n}" for n in range(1, 10)] + [f"Player {n}" for n in range(1, 10)]
                   + ["Host", "Spectator", "Spectators", "AI", "AI (Random)", "AI (Easy)", "AI (Normal)",
                      "AI (Hard)", "You", "Open seat", "Investigators", "Investigator", "The game", "Game",
                      "Server", "The server", "System", "Chronicle", "The Chronicle", "Everyone", "Nobody"])


class Names:
    """The names nobody may take at a table: the game's own and, given the content's Elder
    Gods (``gods``), each god's and its cult's."""

    def __init__(self, gods: Iterable[str] = ()) -> None:
        words = list(GAME_NAMES)
        for g in gods:
            words += [g, f"Cult of {g}", f"the Cult of {g}", f"{g}'s cult"]
        self.keys = frozenset(k for k in map(_key, words) if k)

    def reserved(self, text: str) -> bool:
        return _key(text) in self.keys

    def check(self, text: str, others: Iterable[str] = ()) -> str:
        """``text`` as a name fit to show at a table where ``others`` are taken, or TextRefused:
        "empty", "reserved" (the game's own) or "taken" (another's, however written)."""
        shown = name(text)
        if self.reserved(shown):
            raise TextRefused("reserved", f"the game itself uses the name {shown!r}: choose another")
        mine = fold(shown)
        if any(o and fold(o) == mine for o in others):
            raise TextRefused("taken", f"someone at that table is already called {shown!r} (or a name "
                                       "that looks the same): choose another")
        return shown
