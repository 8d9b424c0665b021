"""The fan-out to connections: who plays each seat here, and what each is told.

``Fanout`` keeps which connections play which seats of which games (and which host them),
tells every connection watching a game its own seat's view after each decision (each seat
its own message, fate/server/views.py; the game's spectators through fate/server/audience.py),
tells the seats when someone arrives, leaves or loses a seat, and answers ``leave`` and
``pause``. A seat's rights end when its token no longer plays it (``seat_rows``).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from fate.content.model import Content
from fate.engine import Event, Game
from fate.protocol import ToClient
from fate.server import views
from fate.server.audience import Spectators
from fate.server.parts import NOBODY, Asker, Conn, Tasks
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import SeatRow, Store

if TYPE_CHECKING:
    from fate.server.live import HeldGames, Live

log = logging.getLogger("fate.server")

GAMES_PER_CONN = 32  # games one connection plays or hosts at once (past that its oldest is let go)
CONNS_PER_SEAT = 64  # connections playing one seat at once (past that the newest other one is let go)


class Build(Protocol):
    """A seat's message after a change: views.state after a choice, views.undone after a take-back."""

    def __call__(self, game_id: str, g: Game, seat: int, events: list[Event], content: Content,
                 seats: list[dict[str, Any]], /, rid: int | None = None, undo: str = ...,
                 marks: bool = False) -> dict[str, Any]: ...


def players(live: Live) -> set[Conn]:
    """Every connection playing a seat of the game here."""
    return {c for conns in live.watchers.values() for c in conns}


def show_seats(live: Live) -> None:
    """Tell every connection at the table who sits where (``seats``)."""
    msg = json.dumps(reply(ToClient.SEATS, None, game=live.game_id, seats=live.seat_list()), separators=(",", ":"))
    for c in players(live):
        c.send_text(msg)


def with_rid(text: str, rid: int | None) -> str:
    """A message's JSON with the asker's request number added (its answer carries it back)."""
    return text if rid is None else f'{text[:-1]},"rid":{rid}}}'


class Fanout:
    """Connections, seats and what each connection is told."""

    def __init__(self, content: Content, store: Store, tasks: Tasks, games: HeldGames, spectators: Spectators,
                 said: Callable[[Live], None]) -> None:
        self.content = content
        self.store = store
        self.tasks = tasks
        self.held_games = games
        self.spectators = spectators
        self.said = said  # the seats held here changed: other processes are told (fate/server/away.py)
        self._joined: dict[Conn, dict[str, set[int]]] = {}  # conn -> game -> seats
        self._hosting: dict[Conn, set[str]] = {}  # conn -> games it is the host of

    # ------------------------------------------------------------ who holds what
    def seats_of(self, conn: Conn, gid: str) -> set[int]:
        """The seats of ``gid`` that ``conn`` plays (empty: none)."""
        return self._joined.get(conn, {}).get(gid, set())

    def held(self, conn: Conn, gid: str, seat: int) -> bool:
        return seat in self.seats_of(conn, gid)

    async def playing(self, conn: Conn, msg: Message) -> tuple[str, int, Live]:
        """The game and seat a message names, if ``conn`` plays that seat (else ``not_your_seat``)."""
        gid, seat = msg["game"], msg["seat"]
        if not self.held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "no such game")
        return gid, seat, live

    def hosts(self, conn: Conn, gid: str) -> bool:
        return gid in self._hosting.get(conn, ())

    def host(self, conn: Conn, gid: str) -> None:
        """``conn`` hosts ``gid`` from now on (may replace its absent players, pause it)."""
        self._hosting.setdefault(conn, set()).add(gid)

    # ------------------------------------------------------------ telling
    def broadcast(self, live: Live, events: list[Event], rid_for: Asker = NOBODY, build: Build = views.state) -> None:
        """Each seat watching is told, in its own message (``build``: views.state after a choice,
        views.undone after a take-back, with the events of the choices taken back)."""
        seats = live.seat_list()
        for seat, conns in live.watchers.items():
            if not conns:
                continue
            texts: dict[bool, str] = {}  # without and with the turn's end marked: worked out only if asked
            for c in list(conns):
                marks = c.marks
                if marks not in texts:
                    msg = build(live.game_id, live.game, seat, events, self.content, seats,
                                undo=live.undo_reason(seat), marks=marks)
                    texts[marks] = json.dumps(msg, separators=(",", ":"))
                text = texts[marks]
                c.send_text(with_rid(text, rid_for[1]) if c is rid_for[0] else text)
        live.note_seen()
        if self.spectators.watched(live.game_id):
            self.spectators.tell(live, events, undone=build is views.undone)

    def tell_seats(self, live: Live) -> None:
        """Who sits where, told at the table; other processes told what this one holds."""
        show_seats(live)
        self.said(live)

    def to_players(self, live: Live, text: str, asker: Asker = NOBODY) -> None:
        """A message (``text``, its JSON) to every connection playing at the table; the asker's
        carries its request number."""
        for c in players(live):
            c.send_text(with_rid(text, asker[1]) if c is asker[0] else text)

    # ------------------------------------------------------------ seats taken and lost
    def watch(self, conn: Conn, live: Live, seats: list[int], rid: int | None, token_hash: str) -> None:
        """``conn`` plays ``seats`` of the game by the token of hash ``token_hash`` from now
        on (until that token no longer plays them: ``seat_rows``), and is sent their states.
        Joining again replaces, never adds: a connection holds at most ``GAMES_PER_CONN`` games
        (past that it lets go of the one it joined longest ago) and a seat is played by at
        most ``CONNS_PER_SEAT`` connections (past that the newest of the others is let go, and
        told: the player who sat there first is never pushed out by a flood of joins)."""
        mine = self._joined.setdefault(conn, {})
        mine[live.game_id] = mine.pop(live.game_id, set()) | set(seats)  # the newest last
        for gid in list(mine)[:-GAMES_PER_CONN]:
            self.let_go(conn, gid)
        for s in seats:
            others = [c for (t, c) in live.holders if t == s and c is not conn]
            for c in others[CONNS_PER_SEAT - 1:]:
                self.release(live, s, c)
                c.send(reply(ToClient.SEATS, None, game=live.game_id, seats=live.seat_list()))
            live.watchers.setdefault(s, set()).add(conn)
            live.holders.pop((s, conn), None)
            live.holders[(s, conn)] = token_hash
        info = live.seat_list()
        for s in seats:
            conn.send(views.state(live.game_id, live.game, s, [], self.content, info, rid, live.undo_reason(s),
                                  marks=conn.marks))
        self.tell_seats(live)

    def release(self, live: Live, seat: int, conn: Conn) -> None:
        """``conn`` no longer plays ``seat``: it is sent nothing more of it and may do nothing with it."""
        live.watchers.get(seat, set()).discard(conn)
        live.holders.pop((seat, conn), None)
        self._joined.get(conn, {}).get(live.game_id, set()).discard(seat)

    def seat_rows(self, live: Live, rows: list[SeatRow], asker: Conn | None = None) -> None:
        """The game's seats as the store holds them now (``rows``). A seat whose token changed
        (its player resigned or was replaced, here or on another process) is taken from every
        connection that played it by the old token at once; each of those that plays no other
        seat of the game (but ``asker``, which gets its own reply) is told the seats once more,
        then nothing."""
        live.seats = rows
        lost = [(s, c) for (s, c), h in live.holders.items() if s >= len(rows) or rows[s].token_hash != h]
        for s, c in lost:
            self.release(live, s, c)
            log.info("game %s: seat %d taken from %s (its token no longer plays it)", live.game_id, s, c.peer)
        gone = {c for _, c in lost if c is not asker and not self._joined.get(c, {}).get(live.game_id)}
        if gone:
            msg = json.dumps(reply(ToClient.SEATS, None, game=live.game_id, seats=live.seat_list()),
                             separators=(",", ":"))
            for c in gone:
                c.send_text(msg)

    async def lost_seat(self, live: Live, conn: Conn, seat: int) -> None:
        """The store refused a move of ``conn``'s: if the seat changed hands meanwhile (on another
        process, whose notice has not come yet), ``conn`` loses it now and is refused
        ``not_your_seat``; else nothing (the move was stale)."""
        async with live.lock:
            self.seat_rows(live, await self.store.seats(live.game_id), conn)
        if not self.held(conn, live.game_id, seat):
            self.tell_seats(live)
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")

    def let_go(self, conn: Conn, gid: str) -> None:
        """``conn`` plays and hosts ``gid`` no more (its players are told)."""
        seats = self._joined.get(conn, {}).pop(gid, set())
        self._hosting.get(conn, set()).discard(gid)
        live = self.held_games.games.get(gid)
        if live is not None:
            for s in seats:
                live.watchers.get(s, set()).discard(conn)
                live.holders.pop((s, conn), None)
            self.tell_seats(live)

    def gone(self, conn: Conn) -> None:
        """A connection closed: its seats are no longer watched (their players may come back)."""
        joined = self._joined.pop(conn, {})
        self._hosting.pop(conn, None)
        now = time.time()
        for gid, seats in joined.items():
            live = self.held_games.games.get(gid)
            if live is None:
                continue
            for s in seats:
                live.watchers.get(s, set()).discard(conn)
                live.holders.pop((s, conn), None)
                live.seats[s].last_seen = now
            self.tasks.quietly(self.store.touch(gid, sorted(seats), now))
            self.tell_seats(live)

    # ------------------------------------------------------------ messages
    async def on_pause(self, conn: Conn, msg: Message) -> None:
        """The host pauses the game (its server is about to stop: hosting from the game): every
        connection at the table is told who paused it, so that a table shows a pause, not a
        fault, until the host hosts again."""
        gid = msg["game"]
        if not self.hosts(conn, gid):
            raise ProtocolError("not_host", "only the game's host may pause it")
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "no such game")
        by = next((r.name for r in live.seats if r.kind == "host" and r.name), "") or "the host"
        text = json.dumps(reply(ToClient.PAUSED, None, game=gid, by=by), separators=(",", ":"))
        for c in (players(live) | self.spectators.of(gid)) - {conn}:
            c.send_text(text)
        conn.send(reply(ToClient.PAUSED, msg.rid, game=gid, by=by))

    async def on_leave(self, conn: Conn, msg: Message) -> None:
        """This connection gives up everything it had in the game (its seats and, for the host,
        replacing players) until it joins again; the seats stay the player's token's."""
        gid = msg["game"]
        self.spectators.stop_watching(conn, gid)
        self.let_go(conn, gid)
        conn.send(reply(ToClient.LEFT, msg.rid, game=gid))
