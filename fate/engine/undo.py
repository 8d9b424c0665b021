"""What a seat may take back: its own decisions, until something unknown comes to light or
another seat decides.

The one place this rule lives. ``revealed`` judges one step of the game (did it
bring anything unknown to light, and what); ``UndoTrail`` keeps, decision by
decision, the points a seat could go back to, and says in words why it cannot.
The table at home (its Session) and the server (fate/server/app.py) both
keep one trail and note every decision in it; neither has a rule of its own.
The engine core never imports this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import Event
from fate.ground.language import N_

# Events that bring something unknown to light: after one, no decision before it can be
# taken back (the words are what the greyed Undo button says, translated where it is drawn).
REVEALS: dict[str, str] = {  # keyed by EventKind (an event's kind is its word)
    EventKind.SPELL_DRAWN: N_("a Spell was drawn"), EventKind.SPELL_STOLEN: N_("a Spell was taken from a hand"),
    EventKind.ROLLED: N_("a die was rolled"), EventKind.DIE_REROLLED: N_("a die was rolled"),
    EventKind.DICE_ADDED: N_("a die was rolled"),
    EventKind.CURSED: N_("a Curse was drawn"), EventKind.CURSE_REVEALED: N_("a Curse was revealed"),
    EventKind.ARTIFACTS_REVEALED: N_("an Artifact was turned face up"),
    EventKind.SPELL_DECK_RESHUFFLED: N_("the Spells were shuffled"),
    EventKind.SPELL_DISCARDED: N_("a Spell was discarded at random"), EventKind.NO_MOVE: N_("a hand was shown"),
}
# A deck that got shorter without an event saying so still showed someone a card.
_DECKS = (("spell_deck", N_("a Spell was drawn")), ("art_deck", N_("an Artifact was drawn")),
          ("curse_deck", N_("a Curse was drawn")))

NOTHING_YET = N_("nothing to take back yet")
NOTHING_MORE = N_("nothing more to take back")
NOT_A_PLAYER = N_("only a player can take back a decision")
OVER = N_("the game is over")
OTHERS = N_("the last decisions were another cult's")
ASKED = N_("another cult has been asked since")
PASSED = N_("a chance to cast showed another cult had nothing to cast")

P = TypeVar("P")


def revealed(before: Game, after: Game, events: Iterable[Event], seat: int | None = None) -> str:
    """What the step from ``before`` to ``after`` (which told ``events``), a decision of
    ``seat``'s, brought to light, in a few words, or "" if nothing: a draw, a roll, a shuffle,
    anything drawn from the random stream, or a casting window that went by another cult
    holding Readied Spells without asking it (so none of them could be cast there)."""
    reveal = next((REVEALS[e.kind] for e in events if e.kind in REVEALS), "")
    if reveal:
        return reveal
    for deck, what in _DECKS:
        if len(getattr(after, deck)) < len(getattr(before, deck)):
            return what
    if any(a != b for s, (a, b) in enumerate(zip(before.passed_over, after.passed_over, strict=True)) if s != seat):
        return PASSED
    return N_("something was left to chance") if before.rng != after.rng else ""


class UndoTrail(Generic[P]):
    """The points one seat may go back to, latest last (each the game as it stood before one
    of its decisions, in whatever form the keeper wants), and why there are none."""

    def __init__(self) -> None:
        self.points: list[tuple[int, P]] = []
        self.block = NOTHING_YET

    def note(self, seat: int, before: P, reveal: str, player: bool) -> None:
        """``seat`` made a decision; ``before`` is the point before it, ``reveal`` what it
        brought to light ("" if nothing), ``player``: the seat is a person's (AI seats never
        take back)."""
        if self.points and self.points[-1][0] != seat:
            self.points.clear()  # another cult decided: what came before is no longer ours alone
        if reveal:
            self.points.clear()
            self.block = reveal
        elif not player:
            self.points.clear()
            self.block = NOTHING_YET
        else:
            self.points.append((seat, before))

    def reason(self, seat: int | None, asked: int | None, player: bool) -> str:
        """Why ``seat`` cannot take back its last decision now, or "" if it can. ``asked``:
        the seat the game waits on (None: the game is over); ``player``: ``seat`` is played
        by the one asking."""
        if seat is None or not player:
            return NOT_A_PLAYER
        if asked is None:
            return OVER
        if not self.points:
            return self.block
        if self.points[-1][0] != seat:
            return OTHERS
        if asked != seat:
            return ASKED
        return ""

    def take(self) -> P:
        """The latest point, taken off the trail (check ``reason`` first)."""
        _, point = self.points.pop()
        if not self.points:
            self.block = NOTHING_MORE
        return point

    def clear(self, block: str = NOTHING_YET) -> None:
        self.points.clear()
        self.block = block
