"""The game server: the engine behind a wire.

``GameServer.handle(conn, raw)`` is all the transport calls with a client's
message (and ``gone(conn)`` when a connection closes). The server parses the
message (fate/server/protocol.py, the one door), checks who may do it, and
for a choice: checks the decision number, applies the choice to a copy of
the game with the engine's own legality check, commits the new save with a
compare-and-set on the decision number (fate/server/storage.py) and only then
tells every seat watching, each its own view (fate/server/views.py). AI seats
decide in a worker pool (fate/server/aipool.py) under a claim that exactly
one process wins. Games live in memory while played and are loaded from the
store on demand, so a restarted server (or another process) finds them as
they stand.

The server is one class in rooms of one concern each, its mixins: the messages
(fate/server/handlers.py), who is at each table (presence.py), AI seats, their claims
and hints (ai_claims.py), and taking back (undo_trail.py); a game in memory is a
``Live`` (live.py). This module keeps the door, the games in memory and the one path
of a choice: checked, committed, then told.

A seat may take back its own last decisions (``undo``) by the one rule of
fate/engine/undo.py: each game in memory keeps an undo trail, noted at every
decision however it arrived (chosen here, heard from another process, replayed
on loading), and the store takes the move back with a compare-and-set like a
commit. Every seat watching is sent an ``undone`` message: its view as it stands
again and how many of the events it was told no longer happened.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any

from fate.content.model import Content
from fate.engine.errors import IllegalChoice
from fate.engine.save import save_data
from fate.engine.undo import revealed
from fate.server.ai_claims import AIClaims
from fate.server.aipool import AIPool
from fate.server.audience import Spectators
from fate.server.away import Away
from fate.server.handlers import Handlers
from fate.server.limits import AddressLimits
from fate.server.live import Live, step, stored_game, waiting_on
from fate.server.presence import Conn
from fate.server.protocol import ProtocolError, error, parse, rid_of
from fate.server.storage import HELD, SAVE_EVERY, Store, StoreError
from fate.server.tables import Tables
from fate.server.undo_trail import TakingBack

log = logging.getLogger("fate.server")

LOOK_BACK = 64  # decisions compared with the store when notices may have been missed (a take-back elsewhere)


def open_store(url: str) -> Store:
    """A store from ``sqlite:PATH`` (or a plain path) or ``postgresql://...``."""
    if url.startswith(("postgresql:", "postgres:")):
        from fate.server.pg_store import PgStore

        return PgStore(url)
    from fate.server.sqlite_store import SqliteStore

    return SqliteStore(url.removeprefix("sqlite:"))


class GameServer(Handlers, Away, AIClaims, TakingBack, Tables, Spectators):
    """The engine behind a wire: one per server process."""

    def __init__(self, store: Store, content: Content, pool: AIPool, owner: str = "",
                 absent_after: float = 60.0, invite_hours: int = 24, limits: AddressLimits | None = None,
                 home: bool = False) -> None:
        self.store = store
        self.home = home  # a player's own server (``--home``): said in ``joined``
        self.limits = limits or AddressLimits()
        self.content = content
        self.pool = pool
        self.owner = owner or secrets.token_hex(8)
        self.absent_after = absent_after
        self.invite_hours = invite_hours
        self.games: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Future] = {}
        self._joined: dict[Any, dict[str, set[int]]] = {}  # conn -> game -> seats
        self._hosting: dict[Any, set[str]] = {}  # conn -> games it is the host of
        self._tasks: set[asyncio.Task] = set()
        self._chronicled: dict[Any, float] = {}  # conn -> when it last asked for a chronicle
        self.choices_applied = 0
        self._hints: dict[tuple[str, int, int], asyncio.Future] = {}  # (game, decision, seat) -> Hard's answer
        self.unloadable: set[str] = set()  # games whose stored row does not load: the sweep passes them over
        self._tables_init()
        self._spectators_init()
        self._away_init()

    async def start(self) -> None:
        await self.store.listen(self._heard)
        self._spawn(self._sweeper())
        self._spawn(self._heartbeat())
        self._spawn(self._away_keeper())

    async def stop(self) -> None:
        for t in list(self._tasks):
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _spawn(self, coro) -> asyncio.Task:
        t = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(t)
        t.add_done_callback(self._tasks.discard)
        return t

    async def handle(self, conn: Conn, raw: Any) -> None:
        """One message from a client: answered with a reply, state messages or one error."""
        try:
            msg = parse(raw)
        except ProtocolError as e:
            conn.send(error(e.code, e.message, rid_of(raw)))
            return
        try:
            await getattr(self, "_on_" + msg.type)(conn, msg)
        except ProtocolError as e:
            conn.send(error(e.code, e.message, msg.rid))
        except StoreError as e:
            log.warning("store: %s", e)
            conn.send(error("busy", "the server's database is not answering; try again", msg.rid))

    async def _quietly(self, coro) -> None:
        try:
            await coro
        except StoreError as e:
            log.warning("store: %s", e)

    async def _live(self, gid: str) -> Live | None:
        live = self.games.get(gid)
        if live is not None:
            return live
        if gid in self._loading:
            return await asyncio.shield(self._loading[gid])
        fut = asyncio.get_running_loop().create_future()
        self._loading[gid] = fut
        try:
            row = await self.store.load_game(gid)
            live = None
            if row is not None:
                seats = await self.store.seats(gid)
                table = await self.store.table(gid)
                g = stored_game(self.content, row)
                live = self.games.get(gid) or Live(gid, g, seats, row.host_hash, content=self.content, table=table)
                self.games[gid] = live
                self._loaded_away(live)
            fut.set_result(live)
            return live
        except BaseException as e:
            fut.set_exception(e)
            fut.exception()  # retrieved: nobody else need wait on it
            raise
        finally:
            del self._loading[gid]

    async def _catch_up(self, live: Live, seats: bool = True, since: int | None = None) -> None:
        """Bring the copy in memory up to the stored game (another process moved it, took a
        choice back, or changed its seats), comparing the moves from decision ``since`` on
        (None: the last ``LOOK_BACK``); the seats watching here are told of every choice taken
        back and every choice made, with its events."""
        async with live.lock:
            if seats:
                self._seat_rows(live, await self.store.seats(live.game_id))
            made = live.game.choices_made
            start = max(0, len(made) - LOOK_BACK) if since is None else min(since, len(made))
            moves = await self.store.moves_since(live.game_id, start)
            same = 0
            while same < min(len(moves), len(made) - start) and moves[same] == made[start + same]:
                same += 1
            if start + same < len(made):  # taken back elsewhere
                self._rewind(live, start + same)
            events = []
            try:
                for cid in moves[same:]:
                    events += step(live.game, cid, live.trail, live.seats)
            except IllegalChoice:  # never expected: the stored game is the truth
                row = await self.store.load_game(live.game_id)
                live.game, live.trail = stored_game(self.content, row), None  # the trail rebuilt when needed
                events = []
            if moves[same:]:
                self._broadcast(live, events)
            elif seats:
                self._tell_seats(live)

    def _heard(self, gid: str | None, decision: int, choice: str = "") -> None:
        """Another process committed ``choice``, bringing the game to ``decision`` (or changed
        a seat: -1); no game: notices may have been missed (the store lost its line a while)."""
        if gid is None:
            for live in list(self.games.values()):
                self._spawn(self._quietly(self._catch_up(live)))
            return
        if decision == HELD:  # which seats of the game another process's connections hold (fate/server/away.py)
            self._heard_held(gid, choice)
            return
        live = self.games.get(gid)
        if live is not None and decision >= 0 and not choice:  # a choice taken back, to ``decision``
            self._spawn(self._quietly(self._catch_up(live, seats=False, since=decision)))
            return
        if live is None or (decision >= 0 and decision <= len(live.game.choices_made)):
            return
        if decision == len(live.game.choices_made) + 1 and choice and not live.lock.locked():
            # the usual case: the very next move, named in the notice; no need to read it back
            try:
                events = step(live.game, choice, live.trail, live.seats)
            except IllegalChoice:
                log.warning("game %s: a notice named %r, not legal here; reading the game back", gid, choice[:40])
            else:
                self._broadcast(live, events)
                return
        self._spawn(self._quietly(self._catch_up(live, seats=decision < 0)))

    async def choose(self, live: Live, seat: int, decision: int, choice: str,
                     who: tuple[Any, int | None] = (None, None)) -> None:
        """Apply one choice of ``seat`` at ``decision``: checked, committed, then told."""
        async with live.lock:
            holder = None  # a person's choice: the seat and the token it must still be played by
            if who[0] is not None:
                if (seat, who[0]) not in live.holders:  # resigned or replaced while this waited
                    raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
                holder = (seat, live.holders[(seat, who[0])])
            g = live.game
            trail = live.trail  # before the game changes (after loading it is rebuilt from the game)
            p = g.pending()
            if p is None:
                raise ProtocolError("game_over", "the game is over")
            if decision != len(g.choices_made):
                raise ProtocolError("stale_decision", f"decision {decision} is not the one asked "
                                                      f"(the game is at decision {len(g.choices_made)})")
            if p.seat != seat:
                raise ProtocolError("not_your_turn", f"seat {p.seat} is to decide, not seat {seat}")
            new = g.clone()
            try:
                events = new.apply(choice)
            except IllegalChoice as e:
                raise ProtocolError("illegal_choice", str(e)) from None
            save = None
            if new.over or (decision + 1) % SAVE_EVERY == 0:
                save = json.dumps(save_data(new, live.session()), separators=(",", ":"))
            if not await self.store.commit(live.game_id, decision, choice, save, waiting_on(new, live.seats),
                                           time.time(), holder):
                stale = True
            else:
                stale = False
                live.game = new
                trail.note(seat, g, revealed(g, new, events, seat), live.seats[seat].kind != "ai")
                self.choices_applied += 1
                self._broadcast(live, events, who)
        if stale:  # another process applied a choice first, or the seat changed hands: catch up, refuse this one
            await self._catch_up(live, seats=False)
            if holder is not None:
                await self._lost_seat(live, who[0], seat)
            raise ProtocolError("stale_decision", f"decision {decision} was already taken")
        self._maybe_ai(live)
