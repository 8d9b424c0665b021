"""How the game's words name things inside a sentence of the catalogue: a seat for one looker
("you", "the Cult of Cthulhu", a player's name, "seat 2", the Investigators), a place by the
content's name, and counts of Curses, Elder Signs and Investigators as phrases, in the window's
language. A line opens with a capital once it is whole (``capital``). No pygame here.
"""

from __future__ import annotations

from fate.content.model import Content
from fate.engine.constants import GAME_SEAT, LOCATIONS
from fate.engine.view import View
from fate.ground.language import _, ngettext, number


def seat_label(v: View, seat: int | None, viewer: int | None) -> str:
    """How the log names a seat for this viewer: "you", a cult, or the Investigators; before its
    Elder God is known, the player's name when the table gave one (``player`` in the seat's
    row: the online table's, fate/ui/online/table.py), else its number."""
    if seat is None:
        return _("someone")
    if seat == GAME_SEAT:
        return _("the Investigators")
    if seat == viewer:
        return _("you")
    if 0 <= seat < len(v["seats"]):
        god = v["seats"][seat]["god"]
        if god:
            # Translators: {god} is an Elder God's name; the words name a player's cult in the Chronicle.
            return _("the Cult of {god}").format(god=god["name"])
        if v["seats"][seat].get("player"):
            return str(v["seats"][seat]["player"])
    # Translators: a player not yet named, in the middle of a sentence.
    return _("seat {n}").format(n=seat + 1)


def capital(line: str, v: View, seat: int | None) -> str:
    """``line`` with a capital first letter, unless it opens with the player's name of ``seat``
    as the player wrote it ("ann chooses an Elder God, in secret.")."""
    rows = v.get("seats", [])
    if isinstance(seat, int) and 0 <= seat < len(rows):
        name = rows[seat].get("player")
        if name and not rows[seat].get("god") and line.startswith(str(name)):
            return line
    return line[:1].upper() + line[1:]


def curses(n: int) -> str:
    """A count of Curses as a phrase inside a sentence that counts something else."""
    return ngettext("{n} Curse", "{n} Curses", n).format(n=number(n))


def signs(n: int) -> str:
    return ngettext("{n} Elder Sign", "{n} Elder Signs", n).format(n=number(n))


def investigators(n: int) -> str:
    return ngettext("{n} Investigator", "{n} Investigators", n).format(n=number(n))


def place(x: object, content: Content) -> str:
    """A place's name from its index or id (the content's: the names a player reads on the board)."""
    i = x if isinstance(x, int) else (LOCATIONS.index(x) if x in LOCATIONS else -1)
    return content.locations[i].name if 0 <= i < len(content.locations) else str(x)
