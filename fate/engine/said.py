"""What the engine says to a player (a prompt's question, a choice's label), kept with what it
is made of, so that a window says it again in its own language.

A ``Said`` is the English text the engine has always given (logs, the command line, the
bots and the tests read it as a ``str``), and it carries its message, the English sentence
with named placeholders, marked for the catalogues by ``N_``, and its arguments as
``(type, value)`` pairs of ids and numbers: ``("card", "key-08")``, ``("place", 4)``,
``("cult", 2)``, ``("n", 3)``. The view sends both (fate/engine/view.py); a window words the
message in its language and names each argument from its own content
(fate/words/asking.py). No words of the rules are read from it: a choice is still its id.

Every message is one of ``MESSAGES`` (each ``N_`` adds its own at import), so a window never
formats a sentence it did not write itself, whatever a server sends.
"""

from __future__ import annotations

from typing import Any

from fate.engine.constants import LOCATION_NAMES

MESSAGES: set[str] = set()
# The types of an argument, and what the value names: a card's id (its name, its text, its
# solo text, its title, its cost), a location's number, a seat, a whole number, a die face's
# number, a Spell symbol's number, a card's option (its id and the option's place), the effect
# (no card).
TYPES = frozenset({"card", "text", "solo", "title", "cost", "place", "cult", "n", "face", "symbol", "option",
                   "effect"})


class Said(str):
    """English text with its message (``key``) and arguments (``args``)."""

    key: str
    args: dict[str, tuple[str, Any]]


def N_(message: str) -> str:
    """Mark a message the engine says (extracted into the catalogues; one of ``MESSAGES``)."""
    MESSAGES.add(message)
    return message


def said(message: str, **args: tuple[str, Any, Any]) -> Said:
    """The message said in English with each argument's ``(type, value, English words)``."""
    out = Said(message.format(**{k: v[2] for k, v in args.items()}) if args else message)
    out.key = message
    out.args = {k: (v[0], v[1]) for k, v in args.items()}
    return out


def named(c: Any) -> tuple[str, Any, Any]:
    return ("card", c.id, c.name)


def number(n: int) -> tuple[str, Any, Any]:
    return ("n", n, n)


def placed(loc: int) -> tuple[str, Any, Any]:
    return ("place", loc, LOCATION_NAMES[loc])
