"""The game server: the engine behind a wire, as a master given its parts.

``GameServer.handle(conn, raw)`` is all the transport calls with a client's
message (and ``gone(conn)`` when a connection closes). The server parses the
message (fate/server/protocol.py, the one door), hands it to the one handler its
type has in ``handlers`` (a table keyed by the protocol's catalogue,
fate/protocol/messages.py), which checks who may do it; for a choice the master
checks the decision number, applies the choice to a copy of the game with the
engine's own legality check, commits the new save with a compare-and-set on the
decision number (fate/server/storage.py) and only then tells every seat
watching, each its own view (fate/server/views.py). AI seats decide in a worker
pool (fate/server/aipool.py) under a claim that exactly one process wins. Games
live in memory while played and are loaded from the store on demand, so a
restarted server (or another process) finds them as they stand.

The master keeps the door, the one path of a choice and the catching up with the
store; everything else is a part built here with exactly what it uses, each a
class of its own (fate/server/parts.py names the narrow faces they see of each
other): the games in memory (``HeldGames``, live.py), the fan-out to connections
(fanout.py), spectators (audience.py), who is here across processes (away.py),
the AI driver with its claims and hints (ai_claims.py), the undo trail
(undo_trail.py), the seats (handlers.py), and the lobby with its talk (lobby.py).

A seat may take back its own last decisions (``undo``) by the one rule of
fate/engine/undo.py: each game in memory keeps an undo trail, noted at every
decision however it arrived (chosen here, heard from another process, replayed
on loading), and the store takes the move back with a compare-and-set like a
commit. Every seat watching is sent an ``undone`` message: its view as it stands
again and how many of the events it was told no longer happened.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from typing import Any

from fate.content.model import Content
from fate.engine import Event
from fate.engine.errors import IllegalChoice
from fate.engine.save import save_data
from fate.engine.undo import revealed
from fate.protocol import ToServer
from fate.server.ai_claims import AIDriver
from fate.server.aipool import AIPool
from fate.server.audience import Spectators
from fate.server.away import Away
from fate.server.clocks import Clocks
from fate.server.fanout import Fanout
from fate.server.handlers import Seating
from fate.server.identity import Identities
from fate.server.limits import AddressLimits
from fate.server.live import HeldGames, Live, step, stored_game, waiting_on
from fate.server.lobby import Lobby, TableNames, Talk
from fate.server.moderation import Moderation
from fate.server.parts import NOBODY, Asker, Conn, Handler, Tasks
from fate.server.protocol import Message, ProtocolError, error, parse, rid_of
from fate.server.pruning import Pruner
from fate.server.ratings import Standings
from fate.server.shared_limits import SharedLimits
from fate.server.storage import HELD, SAVE_EVERY, Store, StoreError
from fate.server.undo_trail import TakingBack

log = logging.getLogger("fate.server")

LOOK_BACK = 64  # decisions compared with the store when notices may have been missed (a take-back elsewhere)


def open_store(url: str, serving: bool = True) -> Store:
    """A store from ``sqlite:PATH`` (or a plain path) or ``postgresql://...``; ``serving`` False
    for the operator's commands beside a running server (fate/server/admin.py)."""
    if url.startswith(("postgresql:", "postgres:")):
        from fate.server.pg_store import PgStore

        return PgStore(url)
    from fate.server.sqlite_store import SqliteStore

    return SqliteStore(url.removeprefix("sqlite:"), serving)


class GameServer:
    """The engine behind a wire: one per server process, a master given its parts."""

    def __init__(self, store: Store, content: Content, pool: AIPool, owner: str = "",
                 absent_after: float = 60.0, invite_hours: int = 24, limits: AddressLimits | None = None,
                 home: bool = False, keep_days: float = 30.0) -> None:
        self.store = store
        self.content = content
        self.pool = pool
        self.limits = limits or AddressLimits()
        self.owner = owner or secrets.token_hex(8)  # this process's name in the store's claims and words
        self.choices_applied = 0
        self.refused: dict[str, int] = {}  # requests refused, by error code (fate/server/operator.py's metrics)
        self.store_failures = 0
        self.tasks = Tasks()
        games: dict[str, Live] = {}  # the games in memory, by id: shared by the parts that hold them
        self.away = Away(store, self.owner, self.tasks, games)
        self.held = HeldGames(store, content, games, self.away.loaded)
        self.spectators = Spectators(store, content, self.limits, self.held)
        self.fanout = Fanout(content, store, self.tasks, self.held, self.spectators, self.away.say_held)
        self.ai = AIDriver(store, pool, self.limits, self.owner, self.tasks, self.held, self.choose, self.catch_up,
                           self.fanout, self.spectators)
        self.clocks = Clocks(store, self.tasks, self.held, self.fanout, self.ai)
        self.undo = TakingBack(store, content, self.held, self.catch_up, self.fanout, self.ai.forget_hints,
                               self.clocks.restart)
        names = TableNames(content, store)
        self.identities = Identities(store, self.limits, names.fit)
        self.standings = Standings(store, self.held, self.identities)
        self.pruner = Pruner(store, keep_days * 86400)  # finished games kept their time, then deleted
        self.moderation = Moderation(store, self.limits, self.identities, self.held, self.fanout)
        self.identities.banned = self.moderation.banned_player
        self.identities.seat_banned = self.moderation.seat_banned
        self.shared_limits = SharedLimits(store, self.limits, self.owner)  # with several processes (PostgreSQL)
        self.talk = Talk(store, content, self.limits, self.held, self.fanout, self.spectators, self.ai.kick)
        self.seating = Seating(store, content, self.limits, self.tasks, self.held, self.choose, self.catch_up,
                               self.fanout, self.ai, names.fit, names.for_invite, self.talk.arrived, self.identities,
                               self.clocks.started,
                               home=home, invite_hours=invite_hours, absent_after=absent_after)
        self.lobby = Lobby(store, self.limits, self.held, names, self.seating.seated, self.identities.of)
        # every message type a client may send, and its one handler
        self.handlers: dict[ToServer, Handler] = {
            ToServer.CREATE: self.seating.on_create,
            ToServer.CLAIM: self.seating.on_claim,
            ToServer.JOIN: self.seating.on_join,
            ToServer.CHOOSE: self.seating.on_choose,
            ToServer.RESIGN: self.seating.on_resign,
            ToServer.REPLACE: self.seating.on_replace,
            ToServer.GAMES: self.seating.on_games,
            ToServer.CHRONICLE: self.seating.on_chronicle,
            ToServer.HINT: self.ai.on_hint,
            ToServer.UNDO: self.undo.on_undo,
            ToServer.LOBBY: self.lobby.on_lobby,
            ToServer.SIT: self.lobby.on_sit,
            ToServer.WATCH: self.spectators.on_watch,
            ToServer.CHAT: self.talk.on_chat,
            ToServer.REMATCH: self.talk.on_rematch,
            ToServer.LEAVE: self.fanout.on_leave,
            ToServer.PAUSE: self.fanout.on_pause,
            ToServer.HELLO: self.identities.on_hello,
            ToServer.IDENTIFY: self.identities.on_identify,
            ToServer.RENAME: self.identities.on_rename,
            ToServer.PAIR_CODE: self.identities.on_pair_code,
            ToServer.PAIR: self.identities.on_pair,
            ToServer.LEADERBOARD: self.standings.on_leaderboard,
            ToServer.CARD: self.standings.on_card,
            ToServer.REPORT: self.moderation.on_report,
            ToServer.BACK: self.clocks.on_back,
            ToServer.HAND_OVER: self.clocks.on_hand_over,
        }

    @property
    def games(self) -> dict[str, Live]:
        """The games in memory, by id."""
        return self.held.games

    async def start(self) -> None:
        await self.store.listen(self._heard)
        await self.clocks.start()
        self.tasks.spawn(self.clocks.keeper())
        self.tasks.spawn(self.ai.sweeper())
        self.tasks.spawn(self.away.heartbeat())
        self.tasks.spawn(self.away.keeper())
        self.tasks.spawn(self.standings.sweeper())
        self.tasks.spawn(self.pruner.run())
        self.tasks.spawn(self.moderation.keeper())
        if self.store.shared:
            self.tasks.spawn(self.shared_limits.run())

    async def stop(self) -> None:
        await self.tasks.stop()

    async def handle(self, conn: Conn, raw: Any) -> None:
        """One message from a client: answered with a reply, state messages or one error."""
        try:
            msg = parse(raw)
        except ProtocolError as e:
            self.refused[e.code] = self.refused.get(e.code, 0) + 1
            conn.send(error(e.code, e.message, rid_of(raw)))
            return
        try:
            self._allowed(conn, msg)
            await self.handlers[msg.type](conn, msg)
        except ProtocolError as e:
            self.refused[e.code] = self.refused.get(e.code, 0) + 1
            conn.send(error(e.code, e.message, msg.rid))
        except StoreError as e:
            log.warning("store: %s", e)
            self.store_failures += 1
            conn.send(error("busy", "the server's database is not answering; try again", msg.rid))

    def _allowed(self, conn: Conn, msg: Message) -> None:
        """Refused if the server's operator barred the connection's address or player, or (a line of
        talk) muted them (fate/server/moderation.py)."""
        gid = msg.get("game")
        barred = self.moderation.barred(conn, gid)
        if barred is not None:
            raise ProtocolError("banned", f"the server's operator barred you from this server {barred.words()}")
        if msg.type == ToServer.CHAT and (muted := self.moderation.muted(conn, gid)) is not None:
            raise ProtocolError("muted", f"the server's operator muted you here {muted.words()}")

    def gone(self, conn: Conn) -> None:
        """A connection closed: its seats are no longer watched (their players may come back),
        and nothing is kept for it."""
        self.seating.forget(conn)
        self.identities.forget(conn)
        self.spectators.stop_watching(conn)
        self.lobby.forget(conn)
        self.fanout.gone(conn)

    async def catch_up(self, live: Live, seats: bool = True, since: int | None = None) -> None:
        """Bring the copy in memory up to the stored game (another process moved it, took a
        choice back, or changed its seats), comparing the moves from decision ``since`` on
        (None: the last ``LOOK_BACK``); the seats watching here are told of every choice taken
        back and every choice made, with its events."""
        async with live.lock:
            if seats:
                self.fanout.seat_rows(live, await self.store.seats(live.game_id))
            made = live.game.history()
            start = max(0, len(made) - LOOK_BACK) if since is None else min(since, len(made))
            moves = await self.store.moves_since(live.game_id, start)
            same = 0
            while same < min(len(moves), len(made) - start) and moves[same] == made[start + same]:
                same += 1
            if start + same < len(made):  # taken back elsewhere
                self.undo.rewind(live, start + same)
            events: list[Event] = []
            try:
                for cid in moves[same:]:  # the clock worked out move by move (fate/server/clocks.py)
                    was, turn = live.game.pending(), live.game.turn
                    events += step(live.game, cid, live.trail, live.seats)
                    self.clocks.follow(live, was.seat if was is not None else None, turn)
            except IllegalChoice:  # never expected: the stored game is the truth
                row = await self.store.load_game(live.game_id)
                if row is None:  # (never: a game is not deleted)
                    raise
                live.game, live.trail = stored_game(self.content, row), None  # the trail rebuilt when needed
                events = []
            if moves[same:]:
                self.fanout.broadcast(live, events)
            elif seats:
                self.fanout.tell_seats(live)

    def _heard(self, gid: str | None, decision: int, choice: str = "") -> None:
        """Another process committed ``choice``, bringing the game to ``decision`` (or changed
        a seat: -1); no game: notices may have been missed (the store lost its line a while)."""
        if gid is None:
            for each in list(self.games.values()):
                self.tasks.quietly(self.catch_up(each))
            return
        if decision == HELD:  # which seats of the game another process's connections hold (fate/server/away.py)
            self.away.heard(gid, choice)
            return
        live = self.games.get(gid)
        if live is not None and decision >= 0 and not choice:  # a choice taken back, to ``decision``
            self.tasks.quietly(self.catch_up(live, seats=False, since=decision))
            return
        if live is None or (decision >= 0 and decision <= live.game.decision):
            return
        if decision == live.game.decision + 1 and choice and not live.lock.locked():
            # the usual case: the very next move, named in the notice; no need to read it back
            was, turn = live.game.pending(), live.game.turn
            try:
                events = step(live.game, choice, live.trail, live.seats)
            except IllegalChoice:
                log.warning("game %s: a notice named %r, not legal here; reading the game back", gid, choice[:40])
            else:
                self.clocks.follow(live, was.seat if was is not None else None, turn)
                self.fanout.broadcast(live, events)
                return
        self.tasks.quietly(self.catch_up(live, seats=decision < 0))

    async def choose(self, live: Live, seat: int, decision: int, choice: str,
                     who: Asker = NOBODY) -> None:
        """Apply one choice of ``seat`` at ``decision``: checked, committed, then told."""
        asker = who[0]
        async with live.lock:
            # whose choice: the seat and the token it must still be played by ("": an AI's, while one plays it)
            if asker is not None:
                if (seat, asker) not in live.holders:  # resigned or replaced while this waited
                    raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
                holder = (seat, live.holders[(seat, asker)])
                if live.seats[seat].stand_in == 1:
                    raise ProtocolError("not_your_turn", f"seat {seat} ran out of time and an AI plays it: "
                                                         "take it back first (back)")
                if live.seats[seat].stand_in:
                    raise ProtocolError("not_your_turn", "the AI is finishing this decision for you; the next is yours")
            elif live.seats[seat].ai_plays():
                holder = (seat, "")
            else:  # its player came back from running out of time while the AI thought
                raise ProtocolError("not_your_seat", f"no AI plays seat {seat} now")
            g = live.game
            trail = live.trail  # before the game changes (after loading it is rebuilt from the game)
            p = g.pending()
            if p is None:
                raise ProtocolError("game_over", "the game is over")
            if decision != g.decision:
                raise ProtocolError("stale_decision", f"decision {decision} is not the one asked "
                                                      f"(the game is at decision {g.decision})")
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
            now = time.time()
            tick = self.clocks.tick(live, seat, g.turn, new, now)
            if not await self.store.commit(live.game_id, decision, choice, save, waiting_on(new, live.seats),
                                           now, holder, tick):
                stale = True
            else:
                stale = False
                self.clocks.ticked(live, tick)
                live.game = new
                trail.note(seat, g, revealed(g, new, events, seat), not live.seats[seat].ai_plays())
                self.choices_applied += 1
                self.fanout.broadcast(live, events, who)
                if new.over:  # the result counts for its players (fate/server/ratings.py)
                    self.tasks.quietly(self.standings.settle(live.game_id))
        if not stale and asker is None and live.seats[seat].kind != "ai":  # an AI standing in: is its player back?
            await self.clocks.stood_in(live, seat)
        if stale:  # another process applied a choice first, or the seat changed hands: catch up, refuse this one
            await self.catch_up(live, seats=False)
            if asker is not None:
                await self.fanout.lost_seat(live, asker, seat)
            raise ProtocolError("stale_decision", f"decision {decision} was already taken")
        self.ai.kick(live)
