"""The small values that cross the engine's boundary: prompts, choices, events, and how
a game ended.

Prompts, choices and events are immutable named tuples: cheap to build in the engine's
hot loop. An ended game's ``Outcome`` is made when asked (``Game.outcome``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple


class Choice(NamedTuple):
    """One legal answer to a prompt.

    ``id`` is stable across runs (saves and logs store it); ``label`` is for
    people; ``value`` is the engine's own meaning and never leaves the engine.
    """

    id: str
    label: str
    value: Any = None


class Prompt(NamedTuple):
    """Who must decide what, now.

    ``kind`` names the decision for the table and the bots (``move``,
    ``cast_window``, ``ready`` ...); ``text`` says it in words; ``choices`` are
    all the legal answers (never empty while the game runs). ``context``
    carries public facts the UI may highlight (a location, a roll).
    """

    seat: int
    kind: str
    text: str
    choices: tuple[Choice, ...]
    context: tuple[Any, ...] = ()

    def choice(self, choice_id: str) -> Choice | None:
        for c in self.choices:
            if c.id == choice_id:
                return c
        return None


class Event(NamedTuple):
    """Something that happened. ``to`` is None when every seat may see it,
    else the seats that may (for example the holder of a curse).

    An event is a value: the engine hands the same event, data and all, to every
    game that tells it (the recurring ones are made once: fate/engine/game.py), so
    a reader never changes one's data; it copies what it wants to change."""

    kind: str
    data: dict[str, Any]
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class EndReason(StrEnum):
    """Why a game ended (python-chess's ``Termination``). The values are the words saves,
    views and ``game_over`` events have always carried."""

    SUMMONED = "summoned"  # a Summon token reached 9 (R-WIN-1, R-SO-8)
    SEALED = "sealed"  # a cult placed its 10th Elder Sign (R-WIN-3, R-SO-8)
    CURSED = "cursed"  # solo: the cult carries as many Curses as its level allows (R-SO-8)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: why, who won and who lost (python-chess's ``Outcome``). In solo
    the Investigators' win is a game with no winner and the cult among the losers."""

    reason: EndReason
    winners: tuple[int, ...]
    losers: tuple[int, ...]

    def shares(self, players: int) -> list[float]:
        """Each seat's share of the win: 1 split among the winners, 0 for the rest."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if s in self.winners else 0.0 for s in range(players)]
