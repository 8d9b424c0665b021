"""Validated game content: the cards, symbols and dice the engine plays.

Cards are numbered by ``index`` (their place in ``Content.cards``); the
engine stores only these small integers. Effect step lists are flattened at
load time into ``Content.step_lists`` so that a card refers to its steps by
number and a half-resolved effect is a plain tuple.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from fate.ground.untrusted import OneLine


class ContentError(OneLine):
    """Card or rules data in data/ that does not validate."""


class Vocabulary(NamedTuple):
    """The words card data may use, as the rules engine defines them: handed to the
    loader by the engine (content never imports the engine; the engine takes content).

    ``steps`` and ``conditions`` map a name to a definition whose ``params`` map each
    field to a ``(kind, default)`` pair (``Param``); the loader checks every card against
    them and turns each field into the value the engine reads."""

    locations: tuple[str, ...]  # location ids, in the Altar's order
    steps: Mapping[str, Any]  # effect step name -> definition with ``params``
    conditions: Mapping[str, Any]  # condition name -> definition with ``params``
    who: tuple[str, ...]  # the values of a ``who`` field
    places: tuple[str, ...]  # the values of a ``loc`` field: a location id or a choice
    standard_solo: Mapping[str, int]  # the rules' own solo numbers (data/solo.yaml's standard level)


Step = dict[str, Any]  # an effect step as loaded: ``do`` (its name) and each declared parameter's value
Condition = tuple[str, tuple[tuple[str, Any], ...]]  # a condition's name and its (field, value) pairs

GOD, SPELL, GATE, ARTIFACT, CURSE = "god", "spell", "gate", "artifact", "curse"


@dataclass(frozen=True, slots=True)
class Art:
    """A card's illustration as its ``art:`` field declares it (fate/content/art.py reads
    it; docs/art.md says what each field does): icon ids from assets/icons/ and how they
    are composed. The rules never read it."""

    figure: str  # the main figure's icon
    accent: str = ""  # a second icon, or none
    scene: str = "centre"  # the composition: where figure and accent stand
    light: str = "above"  # where the light comes from
    tone: str = ""  # a palette other than the card's own (its symbol's, god's or kind's)
    flip: bool = False  # the figure mirrored
    turn: int = 0  # the figure turned, in degrees (-45..45)

    @property
    def picture(self) -> frozenset[str]:
        """What makes two pictures the same: the icons they show (whatever the layout)."""
        return frozenset(i for i in (self.figure, self.accent) if i)
CARD_KINDS = (GOD, SPELL, GATE, ARTIFACT, CURSE)


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    kind: str
    name: str
    text: str
    symbol: int = -1  # Spell back (1..5); -1 for cards without an Astral back
    cost: tuple[int, ...] = ()  # symbols to pay when Readying (Spells)
    timing: frozenset[str] = frozenset()  # casting windows (Spells, Artifact abilities)
    effect: int = -1  # step list: Spell effect, Dark Gift, Curse penalty, Artifact ability
    ability: str = ""  # Artifacts: "exhaust", "destroy" or "passive"
    on_gain: int = -1  # Artifacts: steps run when the Artifact is taken
    passive: tuple[tuple[str, int], ...] = ()  # Artifacts: always-on modifiers
    trigger: tuple[str, tuple[tuple[str, object], ...]] | None = None  # Curses
    flavor: str = ""
    title: str = ""  # Elder Gods: their epithet
    solo_text: str = ""  # solo play: what the card does instead (effects that reach only rivals)
    solo_effect: int = -1
    art: Art | None = None  # the illustration (every card in data/ has one)

    def passive_value(self, key: str) -> int:
        for k, v in self.passive:
            if k == key:
                return v
        return 0


@dataclass(frozen=True, slots=True)
class Symbol:
    index: int
    id: str
    name: str
    colour: tuple[int, int, int]
    location: str


@dataclass(frozen=True, slots=True)
class Location:
    """A place of the Altar with its one-line reminders and full texts."""

    index: int
    id: str
    name: str
    basic: str
    control: str
    basic_text: str
    control_text: str


@dataclass(frozen=True, slots=True)
class DieFace:
    index: int
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class Dice:
    faces: tuple[DieFace, ...]
    summon: frozenset[int]  # at The Other Worlds: advance and sacrifice (R-OW-1)
    cultist_return: frozenset[int]  # under Control at The Other Worlds (R-OW-2)
    temporary_control: frozenset[int]  # R-AC-3
    raid_sign: frozenset[int]  # gain 1 Elder Sign, the Investigator stays (R-RD-2)
    raid_sign_kill: frozenset[int]  # gain 1 Elder Sign and destroy the Investigator
    raid_kill: frozenset[int]  # destroy the Investigator

    def face(self, name: str) -> int:
        for f in self.faces:
            if f.id == name:
                return f.index
        raise ValueError(f"unknown die face {name!r} (expected one of {', '.join(f.id for f in self.faces)})")


@dataclass(frozen=True, slots=True)
class SoloLevel:
    """How hard the Investigators play in a solo game (data/solo.yaml)."""

    index: int
    id: str
    name: str
    text: str
    arrive: int  # Investigators placed by each of their turns
    meeting_curses: int  # Curses when their Fate Piece enters yours
    meeting_signs: int  # Elder Signs then too
    raid_dice: int  # added to every raid of your Lodge
    curses_to_lose: int
    start_investigators: int  # in your Lodge at the start


STANDARD_LEVEL = "standard"  # the solo game as the rules describe it


@dataclass(frozen=True)
class Content:
    cards: tuple[Card, ...]
    step_lists: tuple[tuple[Step, ...], ...]
    symbols: tuple[Symbol, ...]
    dice: Dice
    fingerprint: str
    by_id: dict[str, int] = field(repr=False, default_factory=dict)
    gods: tuple[int, ...] = ()
    spells: tuple[int, ...] = ()
    gates: tuple[int, ...] = ()
    artifacts: tuple[int, ...] = ()
    curses: tuple[int, ...] = ()
    locations: tuple[Location, ...] = ()
    solo_levels: tuple[SoloLevel, ...] = ()
    # Lookup tables the engine derives from the cards once per content (see
    # the engine registry's tables()); not part of the content's identity.
    derived: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    def card(self, card_id: str) -> Card:
        try:
            return self.cards[self.by_id[card_id]]
        except KeyError:
            raise ValueError(f"unknown card id {card_id!r}") from None

    def solo_level(self, level_id: str) -> SoloLevel:
        for level in self.solo_levels:
            if level.id == level_id:
                return level
        raise ValueError(f"unknown solo level {level_id!r} (expected one of "
                         f"{', '.join(x.id for x in self.solo_levels)})")

    def index(self, card_id: str) -> int:
        try:
            return self.by_id[card_id]
        except KeyError:
            raise ValueError(f"unknown card id {card_id!r}") from None
