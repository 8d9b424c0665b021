"""A game's clock at an online table (the server keeps it: fate/server/clocks.py): the clocks
New game offers, how each is said, and ``TableClock``, the part of a ``NetSession`` that keeps
what the server last said of each seat's clock and when, so that the Lodges count down between
two messages, and sends ``back`` and ``hand_over``. No pygame here.

A live clock shows on the Lodge whose turn it is the decision's own seconds, then the bank
running down; the other Lodges show what is left of their bank. A turn-based clock shows the
time left of the turn. A seat out of time shows that an AI stands in for its player."""

from __future__ import annotations

import time
from typing import Any

from fate.ground.language import _, duration
from fate.net.link import Link
from fate.protocol import ToServer

# the clocks New game offers, in the order its button steps through them (the server takes any in
# its ranges, fate/server/protocol.py); the first is a new player's
CLOCKS: tuple[dict[str, Any], ...] = (
    {"kind": "live", "decision": 60, "bank": 600}, {"kind": "live", "decision": 30, "bank": 300},
    {"kind": "live", "decision": 15, "bank": 120}, {"kind": "turn", "hours": 24}, {"kind": "turn", "hours": 72})
SOON = 10.0  # seconds left at which a Lodge's clock turns red


def minutes(seconds: float) -> str:
    """A clock's face: "0:42", "12:05", "1:02:03" (digits read alike in every language)."""
    s = max(0, int(seconds + 0.999))  # (a second shown until it has all gone)
    h, m = divmod(s, 3600)
    m, s = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def clock_words(spec: dict[str, Any] | None) -> str:
    """A clock in a few words, for New game's button and the Lodge's tooltip."""
    if spec is None:
        return _("No clock")
    if spec["kind"] == "live":
        return _("Live: {decision} a decision, {bank} in the bank").format(
            decision=duration(spec["decision"]), bank=duration(spec["bank"]))
    return _("Turn-based: {hours} a turn").format(hours=duration(spec["hours"] * 3600))


def clock_tip(spec: dict[str, Any] | None) -> str:
    """What a clock means for the players, for New game's button."""
    if spec is not None and spec["kind"] == "live":
        return _("Live: each decision has its own time; past it, the player's bank runs down. A player out of "
                 "time is played by an AI (Normal) until they are back, and the others may vote to hand the "
                 "seat over for good. Click for the next clock.")
    return _("Turn-based, for games over days: each turn has its own time, and the game waits for the player "
             "until then. A player out of time is played by an AI (Normal) until they are back, and the others "
             "may vote to hand the seat over for good. Click for the next clock.")


class TableClock:
    """What the server last said of each seat's clock, and when (``heard``); the game's clock as
    ``joined`` named it; the votes this screen cast."""

    def __init__(self, link: Link, game_id: str) -> None:
        self.link = link
        self.game_id = game_id
        self.spec: dict[str, Any] | None = None  # the game's clock (None: none, or not told yet)
        self._rows: list[dict[str, Any] | None] = []  # each seat's clock as last told
        self._at = time.monotonic()  # when it was told
        self.voted: set[int] = set()  # seats this screen voted to hand over (while they stay out)

    def joined(self, spec: dict[str, Any] | None) -> None:
        self.spec = spec

    def heard(self, rows: list[dict[str, Any]]) -> None:
        """The seats as the server told them (a ``seats`` message or a state's)."""
        self._rows = [r.get("clock") for r in rows]
        self._at = time.monotonic()
        self.voted = {s for s in self.voted if self.out(s)}

    def _row(self, seat: int) -> dict[str, Any] | None:
        return self._rows[seat] if 0 <= seat < len(self._rows) else None

    def out(self, seat: int) -> bool:
        """An AI stands in for the seat: its player ran out of time."""
        row = self._row(seat)
        return row is not None and bool(row["out"])

    def left(self, seat: int) -> float | None:
        """Seconds before the seat runs out of time now (None: no clock runs for it)."""
        row = self._row(seat)
        if row is None or row["left"] is None:
            return None
        return max(0.0, min(float(row["left"]), 10.0**7) - (time.monotonic() - self._at))

    def bank(self, seat: int) -> float | None:
        """Seconds left in the seat's bank (a live clock; None otherwise)."""
        row = self._row(seat)
        if row is None or row["bank"] is None:
            return None
        return max(0.0, min(float(row["bank"]), 10.0**7))

    def coming_back(self, seat: int) -> bool:
        """Its player came back while the AI decides for it: the AI finishes that decision."""
        row = self._row(seat)
        return row is not None and bool(row["back"])

    def votes(self, seat: int) -> tuple[int, int]:
        """(votes cast, votes that carry it) to hand an out-of-time seat over for good."""
        row = self._row(seat)
        return (int(row["votes"]), int(row["needed"])) if row is not None else (0, 0)

    def face(self, seat: int) -> tuple[str, str] | None:
        """What the seat's Lodge shows: (text, tone) with tone ``"run"`` (its own time running),
        ``"bank"`` (its bank running), ``"soon"`` (under ``SOON`` seconds), ``"rest"`` (a bank
        waiting) or ``"out"``; None for no clock."""
        if self.out(seat):
            return _("AI stands in"), "out"
        left, bank = self.left(seat), self.bank(seat)
        if left is None:  # (a live clock without a bank shows nothing between a seat's turns)
            spare = bank is not None and self.spec is not None and self.spec.get("bank")
            return (minutes(bank or 0.0), "rest") if spare else None
        if self.spec is not None and self.spec.get("kind") == "turn":
            return (duration(left) if left >= 60 else minutes(left)), ("soon" if left < SOON else "run")
        own = left - (bank or 0.0)
        if own > 0:
            return minutes(own), ("soon" if left < SOON else "run")
        return minutes(left), ("soon" if left < SOON else "bank")

    def answered(self, m: dict[str, Any], name: str) -> str:
        """What the table says when the server answers ``back`` or ``hand_over``."""
        if m["type"] == "back":
            return _("You are back: the seat is yours to play again.")
        if m["handed"]:
            return _("The votes are in: an AI plays the seat of {name} for the rest of the game.").format(name=name)
        return _("Your vote is in: {votes} of the {needed} needed to hand the seat of {name} over.").format(
            votes=m["votes"], needed=m["needed"], name=name)

    def back(self, seat: int) -> None:
        """Take the seat again from the AI standing in."""
        self.link.send(ToServer.BACK, game=self.game_id, seat=seat)

    def hand_over(self, seat: int) -> None:
        """Vote to hand a seat out of time to the AI for good."""
        self.voted.add(seat)
        self.link.send(ToServer.HAND_OVER, game=self.game_id, seat=seat)


def clock_buttons(s: Any) -> tuple[int | None, int | None]:
    """(this screen's seat an AI stands in for, another seat out of time this screen may vote on)."""
    if not s.mine or not hasattr(s, "clocks"):
        return None, None
    mine = next((seat for seat in s.mine if s.clocks.out(seat) and not s.clocks.coming_back(seat)), None)
    voter = any(not s.clocks.out(seat) for seat in s.mine)
    outs = [i.seat for i in s.info if i.seat not in s.mine and s.clocks.out(i.seat) and i.kind != "ai"
            and s.clocks.votes(i.seat)[1]]
    other = next((seat for seat in outs if seat not in s.clocks.voted), outs[0] if outs else None)
    return mine, other if voter else None


def clock_faces(s: Any) -> dict[int, tuple[str, str, str]]:
    """Each seat's clock for its Lodge: (face, tone, what it says on hover)."""
    faces: dict[int, tuple[str, str, str]] = {}
    spec = s.clocks.spec
    for i in s.info:
        face = s.clocks.face(i.seat)
        if face is None:
            continue
        text, tone = face
        if tone == "out":
            votes, needed = s.clocks.votes(i.seat)
            tip = _("{name} ran out of time: an AI (Normal) plays for them until they are back.").format(
                name=s.name(i.seat))
            if needed:
                tip += " " + _("Votes to hand the seat over for good: {votes} of {needed}.").format(
                    votes=votes, needed=needed)
        elif tone == "rest":
            tip = _("Left in the bank: {time}, the time this player may take beyond each decision's own, for the "
                    "whole game.").format(time=text)
        else:
            tip = _("Time left to decide: {time}. Out of time, an AI (Normal) plays for the player until they are "
                    "back.").format(time=text)
        faces[i.seat] = (text, tone, f"{tip}\n{clock_words(spec)}")
    return faces
