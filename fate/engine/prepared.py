"""What the engine's core prepares once so that its hot loop only looks things up: the
events that recur with the same values, made once and told again; the tables made once
per content (a Column's discard, a Spell drawn, each Artifact's always-on modifiers);
and the event list of a quiet game, which keeps nothing.

The core (fate/engine/game.py) and the rule modules append these events as they are;
nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Self

from fate.content.model import Content
from fate.engine.constants import (
    CULTISTS_PER_CULT,
    ELDER_SIGNS_TO_LOSE,
    GAME_SEAT,
    INVESTIGATORS,
    N_LOCATIONS,
    SUMMON_WIN,
)
from fate.engine.kinds import EventKind
from fate.engine.model import Event
from fate.engine.registry import table

# Events that recur with the same values are made once and told again (appended to
# ``game.events`` as they are): an Event is a tuple subclass, and making and freeing one
# costs more than most rules that tell it. Such events share their data dicts, which no
# reader may change (none does). Their tables take a seat as index through SEAT_SLOTS:
# seat s at index s, GAME_SEAT (-1) last.
SEAT_SLOTS = (0, 1, 2, 3, GAME_SEAT)
SIGN_GAINED = [[Event(EventKind.ELDER_SIGN_GAINED, {"seat": s, "total": k}) for k in range(ELDER_SIGNS_TO_LOSE + 1)]
               for s in SEAT_SLOTS]
RECALLED = [[Event(EventKind.RECALLED, {"seat": s, "count": k}) for k in range(CULTISTS_PER_CULT + 1)] for s in SEAT_SLOTS]
INVESTIGATORS_LEFT = [[Event(EventKind.INVESTIGATORS_LEFT, {"seat": s, "count": k}) for k in range(INVESTIGATORS + 1)]
                      for s in SEAT_SLOTS]
# INVESTIGATORS_SENT[seat][count][source]: the source a seat, or 4 for the supply. The counts
# of these tables are bounded by the game's own (20 Cultists a cult, 25 Investigators, the
# 10th Elder Sign ends the game), which fate/engine/invariants.py checks of every position.
SENT_FROM = (0, 1, 2, 3, "supply")
INVESTIGATORS_SENT = [[[Event(EventKind.INVESTIGATORS_SENT, {"seat": s, "count": k, "source": src}) for src in SENT_FROM]
                       for k in range(INVESTIGATORS + 1)] for s in SEAT_SLOTS]
# SUMMON_MOVED[seat][from][to]; SACRIFICED[seat][location][count]: a cult has 20 Cultists
SUMMON_MOVED = [[[Event(EventKind.SUMMON_MOVED, {"seat": s, "frm": a, "to": b}) for b in range(SUMMON_WIN + 1)]
                 for a in range(SUMMON_WIN + 1)] for s in SEAT_SLOTS]
SACRIFICED = [[[Event(EventKind.SACRIFICED, {"seat": s, "location": loc, "count": k}) for k in range(CULTISTS_PER_CULT + 1)]
               for loc in range(N_LOCATIONS)] for s in SEAT_SLOTS]
GATE_GAINED = [Event(EventKind.GATE_GAINED, {"seat": s}) for s in SEAT_SLOTS]


def _column_told(content: Content) -> list[list[Event]]:
    """``column_told[location][count]``: the event of a Column discarded (a Column holds
    at most every Spell and Gate of the content)."""
    return [[Event(EventKind.COLUMN_DISCARDED, {"location": loc, "count": k})
             for k in range(len(content.spells) + len(content.gates) + 1)] for loc in range(N_LOCATIONS)]


table("column_told", _column_told)


def _drawn_events(content: Content) -> list[list[tuple[Event, Event]]]:
    """``drawn[card][seat]``: the events of ``draw_spell`` (what all see, what the drawer sees)."""
    return [[(Event(EventKind.SPELL_DRAWN, {"seat": s, "symbol": c.symbol}),
              Event(EventKind.SPELL_DRAWN_FACE, {"seat": s, "card": c.id}, (s,))) for s in SEAT_SLOTS]
            for c in content.cards]


table("drawn", _drawn_events)


def _passive_values(content: Content) -> dict[str, list[int]]:
    """``passive[key][card]``: the card's always-on modifier ``key`` (0 if it has none), for
    every key some card of the content has."""
    keys = {key for c in content.cards for key, _ in c.passive}
    return {key: [c.passive_value(key) for c in content.cards] for key in sorted(keys)}


table("passive", _passive_values)


class _Unkept(list[Event]):
    """The event list of a quiet game: it keeps nothing (nobody reads a look-ahead's
    events: a search applies thousands of choices a second). The events made once are
    appended to ``game.events`` directly; ``emit``, ``apply`` and ``take_events`` know it.
    ``apply`` and ``take_events`` hand out a fresh empty list, never this one."""

    __slots__ = ()

    def append(self, event: Event) -> None:
        pass

    def extend(self, events: Iterable[Event]) -> None:
        pass

    def __iadd__(self, events: Iterable[Event]) -> Self:  # type: ignore[override, misc]  # mypy holds a list's += to its +
        return self


UNKEPT = _Unkept()
