"""Time controls: nobody waits for ever.

A game's clock is chosen when it is made (``create``'s ``clock``, kept in its table row) and
is one of two kinds. **Live**: each decision has its own seconds (``decision``); past them the
seat's bank (``bank`` seconds at the start, kept per seat) runs down, and what a decision took
beyond its own time is gone from the bank for good. **Turn-based**: a seat has ``hours`` for
each of its turns (from the moment the game comes to it until it hands on), for games played
over days. A client that names no clock gets ``DEFAULT`` (three days a turn).

The store keeps when the seat to decide runs out of time (the game's ``deadline``; none while an
AI decides) and each seat's bank; a seat no friend has taken yet has a clock too (a game does not
wait for ever for a friend who never comes: an AI stands in, and whoever takes the seat later
comes back to it like its player). The process that commits a choice writes both with the move
(``Tick``), and the others work them out alike as they hear each move. Every ``KEEP_SECONDS``
each process asks the store for games whose deadline has passed: the seat out of time is then
played by an AI (Normal), standing in (its bank spent), and its player keeps the seat. The player
comes back with ``back``: from their next decision (one the AI is deciding as they come back, it
finishes, and its commit gives the seat back), so that coming and going never wins time back, as
Undo never does (a take-back keeps the seat's deadline). Meanwhile the other players may vote
(``hand_over``) to hand the seat to the AI for good: more than half of the others who play in
person carry it, and the player loses the seat as if replaced. A seat the AI still stood in for
at the end, or handed over, counts as a loss for its player (fate/server/ratings.py). A
turn-based clock keeps one deadline a turn (a seat asked during another's turn has at least
``ANSWER`` seconds of it). A one-process server that was down gives each decision whose time
ran out meanwhile ``GRACE`` seconds more when it starts (its players could not play either).
A part of the server (fate/server/app.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from fate.engine import Game
from fate.protocol import ToClient
from fate.server.parts import Conn, Tasks
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import SeatRow, Store, StoreError, Tick

if TYPE_CHECKING:
    from fate.server.ai_claims import AIDriver
    from fate.server.fanout import Fanout
    from fate.server.live import HeldGames, Live

log = logging.getLogger("fate.server")

LIVE, TURN = "live", "turn"
KEEP_SECONDS = 1.0  # how often a process looks for seats out of time
GRACE = 60.0  # seconds a restarted one-process server gives each decision whose time ran out while it was down
OVERDUE_AT_ONCE = 50  # games whose time ran out taken up by one look (the next look takes the rest)
ANSWER = 3600.0  # seconds at least a turn-based clock gives a seat asked during another's turn

# the store's SQL (both stores'; "?" placeholders), each run in one transaction by ``Store.run``
OVERDUE = "SELECT id FROM games WHERE waiting='human' AND deadline<=? ORDER BY deadline LIMIT ?"
# out of time: the AI stands in for the seat, if the game still waits on it at that decision
TIME_OUT_SEAT = ("UPDATE seats SET stand_in=1, handing=0, bank=0 WHERE game=? AND seat=? AND stand_in=0 "
                 "AND kind<>'ai' "
                 "AND EXISTS (SELECT 1 FROM games WHERE id=? AND decision=? AND waiting='human' AND deadline<=?) "
                 "RETURNING seat")
TIME_OUT_GAME = ("UPDATE games SET waiting='ai', deadline=NULL WHERE id=? AND decision=? AND EXISTS "
                 "(SELECT 1 FROM seats WHERE game=? AND seat=? AND stand_in=1)")
# back: only by the token that plays the seat, at the decision this process knows; if the AI is deciding
# for it now, it finishes (2: the AI's own commit clears it, fate/server/storage.py), then the game waits
# on the player again (RESUMED)
BACK_SEAT = ("UPDATE seats SET stand_in=?, handing=0 WHERE game=? AND seat=? AND stand_in=1 AND token_hash=? "
             "AND EXISTS (SELECT 1 FROM games WHERE id=? AND decision=?) RETURNING seat")
RESUMED = "UPDATE games SET waiting='human', deadline=? WHERE id=? AND decision=? AND waiting='ai'"
# a seat taken by a friend when the game already waited on it: its clock starts
STARTED = ("UPDATE games SET deadline=? WHERE id=? AND decision=? AND deadline IS NULL AND waiting='human' "
           "RETURNING id")
VOTE = "UPDATE seats SET handing=handing | ? WHERE game=? AND seat=? AND stand_in=1 RETURNING handing"
# the vote carried: the seat the AI's for good, if an AI still stands in for it (its player may be back)
HANDED = ("UPDATE seats SET kind='ai', level='normal', token_hash=NULL, invite_hash=NULL, stand_in=0, handing=0 "
          "WHERE game=? AND seat=? AND stand_in=1 RETURNING seat")
RESTARTED = "UPDATE games SET deadline=? WHERE waiting='human' AND deadline<?"
# a deadline that nobody can run out of (the game does not load, or waits on no person): gone, so that
# it never stands first in every look
NO_DEADLINE = "UPDATE games SET deadline=NULL WHERE id=? AND deadline<=?"


@dataclass(frozen=True)
class Clock:
    """A game's time control (the module's docstring)."""

    kind: str
    decision: int = 0  # live: seconds each decision has before the bank runs
    bank: int = 0  # live: seconds each seat's bank starts with
    hours: int = 0  # turn-based: hours a seat has for each of its turns

    def text(self) -> str:
        """As the store keeps it (the table row's ``clock``)."""
        return json.dumps(self.wire(), separators=(",", ":"))

    def wire(self) -> dict[str, Any]:
        """As ``create`` names it and ``joined`` tells it."""
        if self.kind == LIVE:
            return {"kind": LIVE, "decision": self.decision, "bank": self.bank}
        return {"kind": TURN, "hours": self.hours}


DEFAULT = Clock(TURN, hours=72)


def clock_of(spec: dict[str, Any] | None) -> Clock:
    """The clock ``create`` asked for (checked at the door, fate/server/protocol.py), or ``DEFAULT``."""
    if spec is None:
        return DEFAULT
    if spec["kind"] == LIVE:
        return Clock(LIVE, decision=spec["decision"], bank=spec["bank"])
    return Clock(TURN, hours=spec["hours"])


@lru_cache(maxsize=64)
def read_clock(text: str) -> Clock | None:
    """A kept clock (None: a game from before clocks, or a row that does not read as one)."""
    if not text:
        return None
    try:
        spec = json.loads(text)
        if spec["kind"] == LIVE:
            return Clock(LIVE, decision=int(spec["decision"]), bank=int(spec["bank"]))
        if spec["kind"] == TURN:
            return Clock(TURN, hours=int(spec["hours"]))
    except (ValueError, KeyError, TypeError):
        pass
    log.warning("a game's clock does not read (%r): it has none", text[:60])
    return None


def on_clock(row: SeatRow) -> bool:
    """A person decides for the seat (or will, a friend who has not taken it yet): their time runs
    while the game waits on them."""
    return not row.ai_plays()


def deadline(clock: Clock | None, g: Game, seats: list[SeatRow], before: tuple[int, int] | None,
             old: float | None, now: float) -> float | None:
    """When the seat to decide in ``g`` runs out of time, the game having come to it at ``now``
    from ``before`` (the seat that decided and the turn it was, whose deadline was ``old``); None
    if no clock runs. A turn-based clock keeps one deadline for a whole turn: another seat asked
    during it (a casting window) has at least ``ANSWER`` seconds, and the turn's seat then goes on
    against the same deadline; a new turn, or in the set-up each seat's first question, starts afresh."""
    p = g.pending()
    if clock is None or p is None or not on_clock(seats[p.seat]):
        return None
    if clock.kind == LIVE:
        return now + clock.decision + seats[p.seat].bank
    fresh = now + clock.hours * 3600
    if old is None or before is None or before[1] != g.turn:
        return fresh
    if g.turn == 0:  # the set-up: each seat asked in turn, each its own time
        return old if before[0] == p.seat else fresh
    return old if p.seat == g.cur else max(old, now + min(ANSWER, clock.hours * 3600))


def opening(clock: Clock | None, g: Game, seats: list[SeatRow], now: float) -> float | None:
    """A new game: each seat's bank filled (a live clock); when the first seat to decide runs out
    of time (None: no clock runs yet)."""
    for s in seats:
        s.bank = float(clock.bank) if clock is not None and clock.kind == LIVE else 0.0
    return deadline(clock, g, seats, None, None, now)


def bank_after(clock: Clock | None, row: SeatRow, old: float | None, now: float) -> float | None:
    """What is left in a seat's bank once it decided at ``now`` against its deadline ``old``
    (None: nothing changes: no live clock, an AI decided, or no time ran)."""
    if clock is None or clock.kind != LIVE or old is None or not on_clock(row):
        return None
    over = max(0.0, now - (old - row.bank))  # (``old - bank``: when the decision's own time ended)
    return max(0.0, row.bank - over)


def voters(seats: list[SeatRow], target: int) -> list[int]:
    """The seats whose players may vote to hand ``target`` to the AI: the others played in person
    (taken, and not out of time themselves)."""
    return [s.seat for s in seats if s.seat != target and on_clock(s) and bool(s.token_hash) and not s.resigned]


def needed(seats: list[SeatRow], target: int) -> int:
    """Votes that hand ``target`` over: more than half of ``voters`` (0: nobody may vote)."""
    n = len(voters(seats, target))
    return n // 2 + 1 if n else 0


def votes(seats: list[SeatRow], target: int) -> int:
    """Votes to hand ``target`` over from seats that may still vote."""
    return sum(1 for s in voters(seats, target) if seats[target].handing >> s & 1)


def seat_clock(live: Live, row: SeatRow, now: float) -> dict[str, Any] | None:
    """A seat's clock as ``seats`` and ``state`` tell it (None: the game has none)."""
    clock = live.clock
    if clock is None:
        return None
    p = live.game.pending()
    left = None
    if p is not None and p.seat == row.seat and live.deadline is not None:
        left = round(max(0.0, live.deadline - now), 1)
    return {"out": row.stand_in != 0, "back": row.stand_in == 2, "bank": round(row.bank, 1) if clock.kind == LIVE else None, "left": left,
            "votes": votes(live.seats, row.seat) if row.stand_in == 1 else 0,
            "needed": needed(live.seats, row.seat) if row.stand_in == 1 else 0}


class Clocks:
    """Deadlines kept, seats out of time handed to an AI standing in, ``back`` and ``hand_over``."""

    def __init__(self, store: Store, tasks: Tasks, games: HeldGames, fanout: Fanout, ai: AIDriver) -> None:
        self.store = store
        self.tasks = tasks
        self.held_games = games
        self.fanout = fanout
        self.ai = ai
        self.timed_out = 0  # seats this process found out of time (fate/server/operator.py's metrics)

    # ------------------------------------------------------------ the clock as moves are made
    def tick(self, live: Live, seat: int, turn: int, new: Game, now: float) -> Tick:
        """What ``seat``'s choice in turn ``turn``, bringing the game to ``new``, does to the clock."""
        bank = bank_after(live.clock, live.seats[seat], live.deadline, now)
        seats = live.seats
        if bank is not None:  # the next deadline counts the bank the seat has now
            seats = [s if s.seat != seat else SeatRow(**{**s.__dict__, "bank": bank}) for s in seats]
        return Tick(deadline(live.clock, new, seats, (seat, turn), live.deadline, now),
                    seat if bank is not None else -1, bank or 0.0)

    def ticked(self, live: Live, tick: Tick) -> None:
        """A choice committed with ``tick``: the game in memory keeps it."""
        if tick.seat >= 0:
            live.seats[tick.seat].bank = tick.bank
        live.deadline = tick.deadline

    def follow(self, live: Live, seat: int | None, turn: int) -> None:
        """A move heard from another process, ``seat``'s in turn ``turn`` (the game in memory already
        past it): the clock worked out here as the process that made it worked it out (within the
        notice's delay)."""
        if seat is not None:
            self.ticked(live, self.tick(live, seat, turn, live.game, time.time()))

    def restart(self, live: Live, now: float) -> float | None:
        """The deadline of the decision the game stands at, started afresh at ``now`` (a take-back,
        a seat taken, a player back)."""
        p = live.game.pending()
        return deadline(live.clock, live.game, live.seats, None, None, now) if p is not None else None

    # ------------------------------------------------------------ out of time
    async def start(self) -> None:
        """A one-process server starting: decisions that ran out of time while it was down get ``GRACE``."""
        if not self.store.shared:
            later = time.time() + GRACE
            await self.store.run([(RESTARTED, (later, later))])

    async def keeper(self) -> None:
        """Every ``KEEP_SECONDS``: the seats out of time, wherever their games are held."""
        while True:
            await asyncio.sleep(KEEP_SECONDS)
            try:
                await self.look()
            except StoreError as e:
                log.warning("clocks: %s", e)
            except Exception:  # noqa: BLE001 - one game's failure must never stop every game's clock
                log.exception("clocks: a look for seats out of time failed")

    async def look(self) -> None:
        """One look for games whose seat to decide ran out of time."""
        now = time.time()
        rows = (await self.store.run([(OVERDUE, (now, OVERDUE_AT_ONCE))]))[0]
        for (gid,) in rows:
            try:
                live = await self.held_games.live(gid)
            except ValueError:  # a stored save that does not load: the AI's sweep says so, once
                live = None
            if live is None or not (await self.time_out(live, now) or self._waits_on_person(live)):
                await self.store.run([(NO_DEADLINE, (gid, now))])

    async def time_out(self, live: Live, now: float) -> bool:
        """The seat the game waits on ran out of time: an AI stands in for it (False: another
        process did it first, or the game moved on)."""
        p = live.game.pending()
        if p is None:
            return False
        gid, seat, decision = live.game_id, p.seat, live.game.decision
        done = await self.store.run([(TIME_OUT_SEAT, (gid, seat, gid, decision, now)),
                                     (TIME_OUT_GAME, (gid, decision, gid, seat))])
        if not done[0]:
            return False
        self.timed_out += 1
        log.info("game %s: seat %d ran out of time at decision %d; an AI stands in", gid, seat, decision)
        await self.store.changed(gid)
        await self._seats_again(live)
        return True

    async def _seats_again(self, live: Live) -> None:
        """The seats as the store holds them now, told at the table; an AI's move taken up."""
        async with live.lock:
            self.fanout.seat_rows(live, await self.store.seats(live.game_id))
            live.deadline = live.deadline if self._waits_on_person(live) else None
        self.fanout.tell_seats(live)
        self.ai.kick(live)

    @staticmethod
    def _waits_on_person(live: Live) -> bool:
        p = live.game.pending()
        return p is not None and on_clock(live.seats[p.seat])

    async def started(self, live: Live) -> None:
        """Seats were just taken: if the game waits on one whose clock was not running, it starts."""
        if live.deadline is None and self._waits_on_person(live):
            now = time.time()
            later = self.restart(live, now)
            if later is not None and (await self.store.run([(STARTED, (later, live.game_id, live.game.decision))]))[0]:
                live.deadline = later
                self.fanout.tell_seats(live)

    async def stood_in(self, live: Live, seat: int) -> None:
        """The AI made a move for a seat it stands in for. If its player came back during that
        decision, the move's own commit gave the seat back in the store (fate/server/storage.py,
        on whichever process ``back`` came to): the seat is theirs from now on, told at the table,
        and if the game waits on it again, their clock runs."""
        gid = live.game_id
        async with live.lock:
            rows = await self.store.seats(gid)
            if seat >= len(rows) or rows[seat].stand_in != 0 or rows[seat].kind == "ai":
                return
            self.fanout.seat_rows(live, rows)
            p = live.game.pending()
            if p is not None and p.seat == seat:
                live.deadline = self.restart(live, time.time())
                await self.store.run([(RESUMED, (live.deadline, gid, live.game.decision))])
        await self.store.changed(gid)
        self.fanout.tell_seats(live)

    # ------------------------------------------------------------ the messages
    async def on_back(self, conn: Conn, msg: Message) -> None:
        """The player of a seat an AI stands in for takes it again."""
        gid, seat, live = await self.fanout.playing(conn, msg)
        async with live.lock:
            token = live.holders.get((seat, conn))
            if token is None:
                raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
            if live.game.pending() is None:
                raise ProtocolError("game_over", "the game is over")
            if live.seats[seat].stand_in != 1:
                raise ProtocolError("not_out_of_time", f"seat {seat} did not run out of time: it is yours to play")
            # the AI deciding for the seat now finishes that decision (coming back is never a way to
            # win a decision's time again), then the seat is the player's: ``returned``
            p = live.game.pending()
            state = 2 if p is not None and p.seat == seat else 0
            if not (await self.store.run([(BACK_SEAT, (state, gid, seat, token, gid, live.game.decision))]))[0]:
                raise ProtocolError("stale_decision", "the game moved on meanwhile; try again")
            live.seats[seat].stand_in, live.seats[seat].handing = state, 0
        await self.store.changed(gid)
        conn.send(reply(ToClient.BACK, msg.rid, game=gid, seat=seat))
        await self._seats_again(live)

    async def on_hand_over(self, conn: Conn, msg: Message) -> None:
        """A player votes to hand a seat an AI stands in for to the AI for good: more than half of
        the others who play in person carry it."""
        gid, target = msg["game"], msg["seat"]
        mine = self.fanout.seats_of(conn, gid)
        live = await self.held_games.live(gid) if mine else None
        if live is None:
            raise ProtocolError("not_your_seat", "this connection plays no seat of that game")
        async with live.lock:  # (a ``back`` and a vote that carries never both take effect)
            if target >= len(live.seats) or live.seats[target].stand_in != 1:
                raise ProtocolError("not_out_of_time", f"no AI stands in for seat {target}: there is nothing to "
                                                       "vote on")
            ballots = [s for s in voters(live.seats, target) if s in mine]
            if not ballots:
                raise ProtocolError("not_your_seat", "only the other players at the table may vote on a seat")
            bits = sum(1 << s for s in ballots)
            wrote = live.seats[target].handing & bits != bits  # (a vote cast again changes nothing, writes nothing)
            if wrote:
                got = (await self.store.run([(VOTE, (bits, gid, target))]))[0]
                if not got:
                    raise ProtocolError("not_out_of_time", f"no AI stands in for seat {target} now")
                live.seats[target].handing = int(got[0][0])
            have, need = votes(live.seats, target), needed(live.seats, target)
            # carried: the AI's for good, in the store only if an AI still stands in for it there
            handed = have >= need > 0 and bool((await self.store.run([(HANDED, (gid, target))]))[0])
            if handed:
                self.fanout.seat_rows(live, await self.store.seats(gid))  # its player's token loses it
        if wrote or handed:
            await self.store.changed(gid)
        conn.send(reply(ToClient.HAND_OVER, msg.rid, game=gid, seat=target, votes=have, needed=need, handed=handed))
        self.fanout.tell_seats(live)
        if handed:
            self.ai.kick(live)
