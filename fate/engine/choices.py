"""Choice ids, built and read in one place: ``choice_id(kind, value)`` and ``parse_choice(cid)``.

A choice's id (fate/engine/model.py, ``Choice.id``) is what saves, logs and the network
carry: ``"<kind>"`` for an answer that names nothing ("pass", "stop"), or
``"<kind>:<value>"`` for one that names a thing (``"card:black-stone"``, ``"to:4"``,
``"move:gate:library"``; the value may hold a colon of its own). The kinds are one
catalogue, ``ChoiceKind``; the value is words of letters, digits, ``_`` and ``-`` joined
by colons. Outside the engine nobody slices an id by hand: ``parse_choice`` reads one
(``BadChoiceId``, one short line, for anything else, so an id from a file or a stranger
is safe to read) and ``choice_id`` writes one. In the python-chess manner
(``Move.uci()`` / ``Move.from_uci()``): a stable text form and one pair of functions.

The engine makes most of its ids at import, or caches them, as f-strings spelled the same
way; tests/engine/test_choices.py reads back every id of random games through this pair,
so the two cannot drift apart.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple


class ChoiceKind(StrEnum):
    """The first word of a choice id: what sort of answer it is."""

    # answers that name a thing: "<kind>:<value>"
    ARTIFACT = "artifact"  # take or destroy this Artifact
    CARD = "card"  # give up this Spell (a Wild pair)
    CAST = "cast"  # cast this Readied Spell
    DESTROY = "destroy"  # sacrifice a Cultist to destroy an Elder Sign of this seat
    DIE = "die"  # this die (by its place in the roll)
    DISCARD = "discard"  # discard this Artifact
    GOD = "god"  # keep this Elder God
    LOC = "loc"  # this location
    MOVE = "move"  # a Cultist from one location to another: "move:<from>:<to>"
    OPTION = "option"  # this option of a card (by its place)
    PIECE = "piece"  # this Fate Piece (by its seat)
    PLAY = "play"  # play this Spell to move
    READY = "ready"  # ready this Spell
    REPLACE = "replace"  # discard this Readied Spell to make room (alone: replace the Artifacts)
    SEAT = "seat"  # this cult
    SEND = "send"  # an Investigator from a source to a seat: "send:<source>:<seat>"
    TO = "to"  # to this location (by its number)
    USE = "use"  # use this Artifact
    WILD = "wild"  # play two Spells of this symbol as a Wild
    # answers alone
    ARTIFACT_DECK = "artifact_deck"
    CAST_NOW = "cast_now"
    CLEANSE = "cleanse"
    GATE = "gate"
    KEEP = "keep"
    NO = "no"
    PASS = "pass"
    ROLL = "roll"
    SKIP = "skip"
    STOP = "stop"
    TAKE = "take"


ALONE = frozenset({ChoiceKind.ARTIFACT_DECK, ChoiceKind.CAST_NOW, ChoiceKind.CLEANSE, ChoiceKind.GATE,
                   ChoiceKind.KEEP, ChoiceKind.NO, ChoiceKind.PASS, ChoiceKind.REPLACE, ChoiceKind.ROLL,
                   ChoiceKind.SKIP, ChoiceKind.STOP, ChoiceKind.TAKE})
NAMING = frozenset(ChoiceKind) - (ALONE - {ChoiceKind.REPLACE})
# kinds whose value is two words joined by a colon; every other value is one word
PARTS = {ChoiceKind.MOVE: 2, ChoiceKind.SEND: 2}
# kinds whose value is a whole number (a location, a seat, a die, a symbol, an option)
NUMBERED = frozenset({ChoiceKind.DESTROY, ChoiceKind.DIE, ChoiceKind.OPTION, ChoiceKind.PIECE, ChoiceKind.SEAT,
                      ChoiceKind.TO, ChoiceKind.WILD})
MAX_LENGTH = 100
_WORD = re.compile(r"[A-Za-z0-9_-]+")
_NUMBER = re.compile(r"0|[1-9][0-9]{0,8}")


class BadChoiceId(ValueError):
    """Text that is not a choice id (from a save, the network, a test)."""


class ChoiceId(NamedTuple):
    """A choice id read: its kind and its value ("" for an answer alone)."""

    kind: ChoiceKind
    value: str = ""

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}" if self.value else str(self.kind)

    def number(self) -> int:
        """The value as a whole number ("to:4" -> 4); BadChoiceId when it is none."""
        if self.value.isdigit() and self.value.isascii():
            return int(self.value)
        raise BadChoiceId(f"choice {_shown(str(self))} names no number")

    def parts(self) -> tuple[str, ...]:
        """The words of the value ("move:gate:library" -> ("gate", "library"))."""
        return tuple(self.value.split(":")) if self.value else ()


def _shown(x: object) -> str:
    r = repr(x)
    return r if len(r) <= 40 else r[:37] + "..."


def _check(kind: str, value: str) -> ChoiceId:
    try:
        k = ChoiceKind(kind)
    except ValueError:
        raise BadChoiceId(f"unknown kind of choice {_shown(kind)}") from None
    if not value:
        if k not in ALONE:
            raise BadChoiceId(f"a choice of kind {k} needs a value")
        return ChoiceId(k)
    if k not in NAMING:
        raise BadChoiceId(f"a choice of kind {k} takes no value")
    words = value.split(":")
    if len(words) != PARTS.get(k, 1) or not all(_WORD.fullmatch(w) for w in words) \
            or (k in NUMBERED and not _NUMBER.fullmatch(value)):
        raise BadChoiceId(f"malformed value {_shown(value)} for a choice of kind {k}")
    return ChoiceId(k, value)


def parse_choice(cid: object) -> ChoiceId:
    """Read a choice id: ``"to:4"`` -> ``ChoiceId(ChoiceKind.TO, "4")``, ``"pass"`` ->
    ``ChoiceId(ChoiceKind.PASS)``. BadChoiceId for anything that is not one (not a
    string, too long, an unknown kind, a value missing, unwanted or malformed)."""
    if not isinstance(cid, str):
        raise BadChoiceId(f"a choice id is text, not {type(cid).__name__}")
    if len(cid) > MAX_LENGTH:
        raise BadChoiceId(f"a choice id of {len(cid)} characters (at most {MAX_LENGTH})")
    kind, colon, value = cid.partition(":")
    if colon and not value:
        raise BadChoiceId(f"choice {_shown(cid)} ends with a colon")
    return _check(kind, value)


def choice_id(kind: ChoiceKind | str, value: object = "") -> str:
    """Write a choice id: ``choice_id(ChoiceKind.TO, 4)`` -> ``"to:4"``; a value is written
    with ``str`` (a number, a card id). BadChoiceId for what ``parse_choice`` would refuse."""
    cid = str(_check(str(kind), str(value)))
    if len(cid) > MAX_LENGTH:
        raise BadChoiceId(f"a choice id of {len(cid)} characters (at most {MAX_LENGTH})")
    return cid


def read_choice(cid: object) -> ChoiceId | None:
    """``parse_choice``, or None for what is not a choice id (for a reader that only sorts)."""
    try:
        return parse_choice(cid)
    except BadChoiceId:
        return None


def kind_of(cid: object) -> ChoiceKind | None:
    """The kind of a choice id, or None when it is not one."""
    read = read_choice(cid)
    return None if read is None else read.kind


def value_of(cid: object, kind: ChoiceKind) -> str | None:
    """The value of a choice id of ``kind`` ("card:black-stone", CARD -> "black-stone"); None
    when it is another kind or no choice id."""
    read = read_choice(cid)
    return read.value if read is not None and read.kind == kind and read.value else None


def number_of(cid: object, kind: ChoiceKind) -> int | None:
    """The number a choice id of a numbered ``kind`` names ("to:4", TO -> 4); None otherwise."""
    value = value_of(cid, kind)
    return int(value) if value is not None and kind in NUMBERED else None
