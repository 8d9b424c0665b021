"""Who is at each table: the connections holding each seat, what each game's watchers are
told (each seat its own view), the heartbeat that marks held seats as seen, and what
happens when a connection leaves or closes. A mixin of ``GameServer`` (fate/server/app.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING, Any, Protocol

from fate.server import views
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import StoreError

if TYPE_CHECKING:
    from fate.server.live import Live

log = logging.getLogger("fate.server")

HEARTBEAT_SECONDS = 20.0  # how often the seats held by connections are marked as seen
GAMES_PER_CONN = 32  # games one connection plays or hosts at once (past that its oldest is let go)
CONNS_PER_SEAT = 64  # connections playing one seat at once (past that the newest other one is let go)


class Conn(Protocol):
    """A client connection as the server sees it (fate/server/transport.py makes them)."""

    peer: str
    address: str  # what the limits per address count it as (fate/server/limits.py)
    marks: bool  # its states name the choices that end the turn (a join's ``marks``)

    def send(self, message: dict[str, Any]) -> None: ...

    def send_text(self, text: str) -> None: ...


class Presence:
    """Connections, seats and watchers."""

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            now = time.time()
            for gid, live in list(self.games.items()):
                here = [s for s, w in live.watchers.items() if w]
                if here:
                    try:
                        await self.store.touch(gid, here, now)
                    except StoreError as e:
                        log.warning("heartbeat: %s", e)

    def gone(self, conn: Conn) -> None:
        """A connection closed: its seats are no longer watched (their players may come back)."""
        joined = self._joined.pop(conn, {})
        self._hosting.pop(conn, None)
        self._chronicled.pop(conn, None)
        self._stop_watching(conn)
        self._lobby_asked.pop(conn, None)
        now = time.time()
        for gid, seats in joined.items():
            live = self.games.get(gid)
            if live is None:
                continue
            for s in seats:
                live.watchers.get(s, set()).discard(conn)
                live.holders.pop((s, conn), None)
                live.seats[s].last_seen = now
            self._spawn(self._quietly(self.store.touch(gid, sorted(seats), now)))
            self._tell_seats(live)

    def _broadcast(self, live: Live, events: list, rid_for: tuple[Any, int | None] = (None, None),
                   build=views.state) -> None:
        """Each seat watching is told, in its own message (``build``: views.state after a choice,
        views.undone after a take-back, with the events of the choices taken back)."""
        seats = live.seat_list()
        for seat, conns in live.watchers.items():
            if not conns:
                continue
            texts: dict[bool, str] = {}  # without and with the turn's end marked: worked out only if asked
            for c in list(conns):
                marks = getattr(c, "marks", False)
                if marks not in texts:
                    msg = build(live.game_id, live.game, seat, events, self.content, seats,
                                undo=live.undo_reason(seat), marks=marks)
                    texts[marks] = json.dumps(msg, separators=(",", ":"))
                text = texts[marks]
                if c is rid_for[0] and rid_for[1] is not None:  # the chooser's answer carries its number
                    c.send_text(f'{text[:-1]},"rid":{rid_for[1]}}}')
                else:
                    c.send_text(text)
        live.note_seen()
        if live.game_id in self._audiences:
            self._tell_spectators(live, events, undone=build is views.undone)

    def _tell_seats(self, live: Live) -> None:
        msg = json.dumps(reply("seats", None, game=live.game_id, seats=live.seat_list()), separators=(",", ":"))
        for c in {c for conns in live.watchers.values() for c in conns}:
            c.send_text(msg)

    def _watch(self, conn: Conn, live: Live, seats: list[int], rid: int | None, token_hash: str) -> None:
        """``conn`` plays ``seats`` of the game by the token of hash ``token_hash`` from now
        on (until that token no longer plays them: ``_seat_rows``), and is sent their states.
        Joining again replaces, never adds: a connection holds at most ``GAMES_PER_CONN`` games
        (past that it lets go of the one it joined longest ago) and a seat is played by at
        most ``CONNS_PER_SEAT`` connections (past that the newest of the others is let go, and
        told: the player who sat there first is never pushed out by a flood of joins)."""
        mine = self._joined.setdefault(conn, {})
        mine[live.game_id] = mine.pop(live.game_id, set()) | set(seats)  # the newest last
        for gid in list(mine)[:-GAMES_PER_CONN]:
            self._let_go(conn, gid)
        for s in seats:
            others = [c for (t, c) in live.holders if t == s and c is not conn]
            for c in others[CONNS_PER_SEAT - 1:]:
                self._release(live, s, c)
                c.send(reply("seats", None, game=live.game_id, seats=live.seat_list()))
            live.watchers.setdefault(s, set()).add(conn)
            live.holders.pop((s, conn), None)
            live.holders[(s, conn)] = token_hash
        info = live.seat_list()
        for s in seats:
            conn.send(views.state(live.game_id, live.game, s, [], self.content, info, rid, live.undo_reason(s),
                                  marks=getattr(conn, "marks", False)))
        self._tell_seats(live)
        self._spawn(self._quietly(self._arrived(conn, live)))  # the table's talk so far, a rematch made

    def _held(self, conn: Conn, gid: str, seat: int) -> bool:
        return seat in self._joined.get(conn, {}).get(gid, ())

    def _release(self, live: Live, seat: int, conn: Conn) -> None:
        """``conn`` no longer plays ``seat``: it is sent nothing more of it and may do nothing with it."""
        live.watchers.get(seat, set()).discard(conn)
        live.holders.pop((seat, conn), None)
        self._joined.get(conn, {}).get(live.game_id, set()).discard(seat)

    def _seat_rows(self, live: Live, rows: list, asker: Conn | None = None) -> None:
        """The game's seats as the store holds them now (``rows``). A seat whose token changed
        (its player resigned or was replaced, here or on another process) is taken from every
        connection that played it by the old token at once; each of those that plays no other
        seat of the game (but ``asker``, which gets its own reply) is told the seats once more,
        then nothing."""
        live.seats = rows
        lost = [(s, c) for (s, c), h in live.holders.items() if s >= len(rows) or rows[s].token_hash != h]
        for s, c in lost:
            self._release(live, s, c)
            log.info("game %s: seat %d taken from %s (its token no longer plays it)", live.game_id, s, c.peer)
        gone = {c for _, c in lost if c is not asker and not self._joined.get(c, {}).get(live.game_id)}
        if gone:
            msg = json.dumps(reply("seats", None, game=live.game_id, seats=live.seat_list()), separators=(",", ":"))
            for c in gone:
                c.send_text(msg)

    async def _lost_seat(self, live: Live, conn: Conn, seat: int) -> None:
        """The store refused a move of ``conn``'s: if the seat changed hands meanwhile (on another
        process, whose notice has not come yet), ``conn`` loses it now and is refused
        ``not_your_seat``; else nothing (the move was stale)."""
        async with live.lock:
            self._seat_rows(live, await self.store.seats(live.game_id), conn)
        if not self._held(conn, live.game_id, seat):
            self._tell_seats(live)
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")

    async def _on_pause(self, conn: Conn, msg: Message) -> None:
        """The host pauses the game (its server is about to stop: hosting from the game): every
        connection at the table is told who paused it, so that a table shows a pause, not a
        fault, until the host hosts again."""
        gid = msg["game"]
        if gid not in self._hosting.get(conn, ()):
            raise ProtocolError("not_host", "only the game's host may pause it")
        live = await self._live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "no such game")
        by = next((r.name for r in live.seats if r.kind == "host" and r.name), "") or "the host"
        text = json.dumps(reply("paused", None, game=gid, by=by), separators=(",", ":"))
        for c in ({c for conns in live.watchers.values() for c in conns} | self._spectators_of(gid)) - {conn}:
            c.send_text(text)
        conn.send(reply("paused", msg.rid, game=gid, by=by))

    async def _on_leave(self, conn: Conn, msg: Message) -> None:
        """This connection gives up everything it had in the game (its seats and, for the host,
        replacing players) until it joins again; the seats stay the player's token's."""
        gid = msg["game"]
        self._stop_watching(conn, gid)
        self._let_go(conn, gid)
        conn.send(reply("left", msg.rid, game=gid))

    def _let_go(self, conn: Conn, gid: str) -> None:
        """``conn`` plays and hosts ``gid`` no more (its players are told)."""
        seats = self._joined.get(conn, {}).pop(gid, set())
        self._hosting.get(conn, set()).discard(gid)
        live = self.games.get(gid)
        if live is not None:
            for s in seats:
                live.watchers.get(s, set()).discard(conn)
                live.holders.pop((s, conn), None)
            self._tell_seats(live)
