"""The shapes of the protocol's messages about time controls (docs/protocol.md, "Clocks"): a
game's clock as ``create`` asks for it and ``joined`` tells it, a seat's clock as the seat lists
tell it, and the answers to ``back`` and ``hand_over``. Named in the catalogue
(fate/protocol/messages.py) beside every other message's fields."""

# (no postponed annotations here: TypedDict reads NotRequired when the class is made)
from typing import NotRequired, TypedDict


class ClockSpec(TypedDict):
    """``live``: ``decision`` seconds a decision, then a ``bank`` of seconds a seat; ``turn``:
    ``hours`` a turn."""

    kind: str
    decision: NotRequired[int]
    bank: NotRequired[int]
    hours: NotRequired[int]


class SeatClock(TypedDict):
    """A seat's clock: out of time (an AI stands in), back (its player came back while the AI
    decides: the AI finishes that decision), the seconds left in its bank (live), the seconds left
    to decide (the seat the game waits on), the votes to hand it to the AI for good and how many
    carry it."""

    out: bool
    back: bool
    bank: float | None
    left: float | None
    votes: int
    needed: int


class HandedOver(TypedDict):
    game: str
    seat: int
    votes: int
    needed: int
    handed: bool  # the vote carried: an AI plays the seat for good
