"""Taking back a seat's own last decisions online, by the one rule of fate/engine/undo.py:
each game in memory keeps an undo trail, noted at every decision however it arrived
(chosen here, heard from another process, replayed on loading); the store takes the move
back with a compare-and-set like a commit, and every seat watching is sent an ``undone``
message: its view as it stands again and how many of the events it was told no longer
happened. A part of the server (fate/server/app.py)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable

from fate.content.model import Content
from fate.engine import Event, Game
from fate.engine.save import save_data
from fate.server import views
from fate.server.fanout import Fanout
from fate.server.live import HeldGames, Live, replayed, waiting_on
from fate.server.parts import NOBODY, Asker, CatchUp, Conn
from fate.server.protocol import Message, ProtocolError
from fate.server.storage import Store

log = logging.getLogger("fate.server")


class TakingBack:
    """``undo`` messages and the rewinding of a game in memory."""

    def __init__(self, store: Store, content: Content, games: HeldGames, catch_up: CatchUp, fanout: Fanout,
                 forget_hints: Callable[[str, int], None], restart: Callable[[Live, float], float | None]) -> None:
        self.store = store
        self.content = content
        self.held_games = games
        self.catch_up = catch_up
        self.fanout = fanout
        self.forget_hints = forget_hints  # (game, decision): the hints past it no longer hold
        self.restart = restart  # the clock of the decision a game stands at, started afresh (clocks.py)

    async def on_undo(self, conn: Conn, msg: Message) -> None:
        """Take back the seat's own last decision, if the one rule allows it now (the decision
        number is the one the client believes current: a take-back is never applied twice)."""
        gid, seat, live = await self.fanout.playing(conn, msg)
        decision = msg["decision"]
        async with live.lock:
            if (seat, conn) not in live.holders:  # resigned or replaced while this waited
                raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
            holder = (seat, live.holders[(seat, conn)])
            g = live.game
            if decision != g.decision:
                raise ProtocolError("stale_decision", f"decision {decision} is not the one asked "
                                                      f"(the game is at decision {g.decision})")
            why = live.undo_reason(seat)
            if why:
                raise ProtocolError("cannot_undo", why)
            before = live.trail.points[-1][1]
            save = json.dumps(save_data(before, live.session()), separators=(",", ":"))
            now = time.time()
            done = await self.store.take_back(gid, decision, save, waiting_on(before, live.seats), now, holder,
                                              self._deadline(live, before, now))
            if done:
                self.rewind(live, decision - 1, (conn, msg.rid))
        if not done:  # another process moved the game first, or the seat changed hands
            await self.catch_up(live)
            if not self.fanout.held(conn, gid, seat):
                raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
            raise ProtocolError("stale_decision", f"the game moved on from decision {decision} first")

    def _deadline(self, live: Live, back: Game, now: float) -> float | None:
        """The clock of the decision taken back to: the seat deciding now goes on against its own
        deadline (taking a move back never wins time back); another seat's starts afresh."""
        asked, again = live.game.pending(), back.pending()
        if asked is not None and again is not None and asked.seat == again.seat and live.deadline is not None:
            return live.deadline
        was = live.game
        live.game = back
        try:
            return self.restart(live, now)
        finally:
            live.game = was

    def rewind(self, live: Live, decision: int, who: Asker = NOBODY) -> None:
        """The game in memory back to ``decision`` (from its undo trail, else replayed), and
        every seat watching told, each its ``undone`` message. Called under the game's lock."""
        old = live.game
        back: Game | None = None
        while live.trail.points and live.trail.points[-1][1].decision >= decision:
            g = live.trail.take()
            if g.decision == decision:
                back = g
                break
        if back is None:
            back, live.trail = replayed(self.content, old, decision, live.seats)
        again = back.clone()
        dropped: list[Event] = []
        for cid in old.history()[decision:]:  # what the seats were told of the decisions taken back
            dropped += again.apply(cid)
        live.deadline = self._deadline(live, back, time.time())
        live.game = back
        self.forget_hints(live.game_id, decision)  # those decisions may come again in another form
        self.fanout.broadcast(live, dropped, who, build=views.undone)
