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

A seat may take back its own last decisions (``undo``) by the one rule of
fate/engine/undo.py: each game in memory keeps an undo trail, noted at every
decision however it arrived (chosen here, heard from another process, replayed
on loading), and the store takes the move back with a compare-and-set like a
commit. Every seat watching is sent an ``undone`` message: its view as it stands
again and how many of the events it was told no longer happened.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from fate.content.model import Content
from fate.engine import Game, new_game, new_game_from
from fate.engine.errors import IllegalChoice
from fate.engine.save import load_data, save_data, snapshot
from fate.engine.undo import UndoTrail, revealed
from fate.server import views
from fate.server.aipool import AIPool
from fate.server.protocol import Message, ProtocolError, error, parse, reply, rid_of
from fate.server.storage import SAVE_EVERY, GameRow, SeatRow, Store, StoreError, digest

log = logging.getLogger("fate.server")

CHRONICLE_SECONDS = 2.0  # a connection may ask for a chronicle (a replay of the game) this often
AI_LEASE = 20.0  # seconds a process holds its claim on an AI move before another may take it
SWEEP_SECONDS = 5.0  # how often a process looks for AI moves nobody is deciding
HEARTBEAT_SECONDS = 20.0  # how often the seats held by connections are marked as seen
LOOK_BACK = 64  # decisions compared with the store when notices may have been missed (a take-back elsewhere)


class Conn(Protocol):
    """A client connection as the server sees it (fate/server/transport.py makes them)."""

    peer: str

    def send(self, message: dict[str, Any]) -> None: ...

    def send_text(self, text: str) -> None: ...


def open_store(url: str) -> Store:
    """A store from ``sqlite:PATH`` (or a plain path) or ``postgresql://...``."""
    if url.startswith(("postgresql:", "postgres:")):
        from fate.server.pg_store import PgStore

        return PgStore(url)
    from fate.server.sqlite_store import SqliteStore

    return SqliteStore(url.removeprefix("sqlite:"))


def new_token() -> str:
    """A seat token: 192 random bits."""
    return secrets.token_urlsafe(24)


def new_invite() -> str:
    """An invite code: 80 random bits, in four groups of four letters and digits to read aloud."""
    raw = base64.b32encode(secrets.token_bytes(10)).decode("ascii")
    return "-".join(raw[i:i + 4] for i in range(0, 16, 4))


def stored_game(content: Content, row: GameRow) -> Game:
    """The game a stored row holds: its save, then the moves made since."""
    g = load_data(content, json.loads(row.save), f"game {row.game}")
    for cid in row.moves:
        g.apply(cid)
    g.take_events()
    return g


def step(g: Game, cid: str, trail: UndoTrail[Game], seats: list[SeatRow]) -> list:
    """Apply ``cid`` to ``g`` (in place) and note it in the game's undo trail: the one rule
    (fate/engine/undo.py) says whether the seat may take it back."""
    p = g.pending()
    before = g.clone()
    events = g.apply(cid)
    trail.note(p.seat, before, revealed(before, g, events, p.seat), seats[p.seat].kind != "ai")
    return events


def replayed(content: Content, g: Game, upto: int, seats: list[SeatRow]) -> tuple[Game, UndoTrail[Game]]:
    """``g`` as it stood at decision ``upto``, replayed from its start with its undo trail
    (a whole game of some hundred decisions replays in milliseconds)."""
    again = new_game_from(content, g.config)
    again.take_events()
    trail: UndoTrail[Game] = UndoTrail()
    for cid in g.choices_made[:upto]:
        step(again, cid, trail, seats)
    return again, trail


def rebuilt_trail(content: Content, g: Game, seats: list[SeatRow], gid: str) -> UndoTrail[Game]:
    """The undo trail of a game loaded from the store, as its decisions left it."""
    try:
        again, trail = replayed(content, g, len(g.choices_made), seats)
        if snapshot(again) == snapshot(g):
            return trail
    except (IllegalChoice, KeyError, ValueError):
        pass
    log.warning("game %s: its choices do not replay to its save; nothing of it can be taken back", gid)
    return UndoTrail()


def waiting_on(g: Game, seats: list[SeatRow]) -> str:
    p = g.pending()
    if p is None:
        return "none"
    return "ai" if seats[p.seat].kind == "ai" else "human"


@dataclass
class Live:
    """A game held in memory by this process."""

    game_id: str
    game: Game
    seats: list[SeatRow]
    host_hash: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[int, set] = field(default_factory=dict)  # seat -> connections showing it
    content: Content | None = field(default=None, repr=False)  # for rebuilding the undo trail
    kept: UndoTrail[Game] | None = None  # the undo trail (None: not rebuilt since loading)

    @property
    def trail(self) -> UndoTrail[Game]:
        """The games a seat may go back to; after loading, rebuilt by replaying the game's
        choices the first time it is needed (a game loaded only to be listed never pays)."""
        if self.kept is None:
            self.kept = rebuilt_trail(self.content, self.game, self.seats, self.game_id)
        return self.kept

    @trail.setter
    def trail(self, trail: UndoTrail[Game] | None) -> None:
        self.kept = trail

    def undo_reason(self, seat: int) -> str:
        """Why ``seat`` cannot take back its last decision now ("" if it can); a seat's
        messages go only to connections holding its token."""
        p = self.game.pending()
        return self.trail.reason(seat, None if p is None else p.seat, self.seats[seat].kind != "ai")

    def session(self) -> dict[str, Any]:
        """Kept in the save beside the game, in the table's own shape (fate/ui/session.py)."""
        return {"seats": [{"human": s.kind != "ai", "level": s.level or "normal", "colour": s.seat}
                          for s in self.seats],
                "speed": 1, "hints": [0] * len(self.seats), "server": {"game": self.game_id}}

    def seat_list(self) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                 "claimed": s.kind == "ai" or bool(s.token_hash),
                 "resigned": s.resigned, "here": bool(self.watchers.get(s.seat))} for s in self.seats]


class GameServer:
    def __init__(self, store: Store, content: Content, pool: AIPool, owner: str = "",
                 absent_after: float = 60.0, invite_hours: int = 24) -> None:
        self.store = store
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

    # ------------------------------------------------------------ running
    async def start(self) -> None:
        await self.store.listen(self._heard)
        self._spawn(self._sweeper())
        self._spawn(self._heartbeat())

    async def stop(self) -> None:
        for t in list(self._tasks):
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _spawn(self, coro) -> asyncio.Task:
        t = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(t)
        t.add_done_callback(self._tasks.discard)
        return t

    async def _sweeper(self) -> None:
        """AI moves nobody is deciding (after a restart, or a process that died); games
        nobody here watches and no AI here plays leave memory (the store keeps them)."""
        while True:
            for gid, live in list(self.games.items()):
                if not any(live.watchers.values()) and not live.lock.locked() \
                        and waiting_on(live.game, live.seats) != "ai":
                    del self.games[gid]
            try:
                for gid in await self.store.waiting_on_ai(time.time(), AI_LEASE):
                    live = await self._live(gid)
                    if live is not None:
                        await self._catch_up(live)
                        self._maybe_ai(live)
            except StoreError as e:
                log.warning("sweep: %s", e)
            await asyncio.sleep(SWEEP_SECONDS)

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

    # ------------------------------------------------------------ the door
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

    def gone(self, conn: Conn) -> None:
        """A connection closed: its seats are no longer watched (their players may come back)."""
        joined = self._joined.pop(conn, {})
        self._hosting.pop(conn, None)
        self._chronicled.pop(conn, None)
        now = time.time()
        for gid, seats in joined.items():
            live = self.games.get(gid)
            if live is None:
                continue
            for s in seats:
                live.watchers.get(s, set()).discard(conn)
                live.seats[s].last_seen = now
            self._spawn(self._quietly(self.store.touch(gid, sorted(seats), now)))
            self._tell_seats(live)

    async def _quietly(self, coro) -> None:
        try:
            await coro
        except StoreError as e:
            log.warning("store: %s", e)

    # ------------------------------------------------------------ games in memory
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
                g = stored_game(self.content, row)
                live = self.games.get(gid) or Live(gid, g, seats, row.host_hash, content=self.content)
                self.games[gid] = live
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
                live.seats = await self.store.seats(live.game_id)
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

    # ------------------------------------------------------------ telling
    def _broadcast(self, live: Live, events: list, rid_for: tuple[Any, int | None] = (None, None),
                   build=views.state) -> None:
        """Each seat watching is told, in its own message (``build``: views.state after a choice,
        views.undone after a take-back, with the events of the choices taken back)."""
        seats = live.seat_list()
        for seat, conns in live.watchers.items():
            if not conns:
                continue
            msg = build(live.game_id, live.game, seat, events, self.content, seats, undo=live.undo_reason(seat))
            text = json.dumps(msg, separators=(",", ":"))
            for c in list(conns):
                if c is rid_for[0] and rid_for[1] is not None:  # the chooser's answer carries its number
                    c.send_text(f'{text[:-1]},"rid":{rid_for[1]}}}')
                else:
                    c.send_text(text)

    def _tell_seats(self, live: Live) -> None:
        msg = json.dumps(reply("seats", None, game=live.game_id, seats=live.seat_list()), separators=(",", ":"))
        for c in {c for conns in live.watchers.values() for c in conns}:
            c.send_text(msg)

    def _watch(self, conn: Conn, live: Live, seats: list[int], rid: int | None) -> None:
        self._joined.setdefault(conn, {}).setdefault(live.game_id, set()).update(seats)
        for s in seats:
            live.watchers.setdefault(s, set()).add(conn)
        info = live.seat_list()
        for s in seats:
            conn.send(views.state(live.game_id, live.game, s, [], self.content, info, rid, live.undo_reason(s)))
        self._tell_seats(live)

    def _held(self, conn: Conn, gid: str, seat: int) -> bool:
        return seat in self._joined.get(conn, {}).get(gid, ())

    # ------------------------------------------------------------ messages
    async def _on_create(self, conn: Conn, msg: Message) -> None:
        specs = msg["seats"]
        n = len(specs)
        seed = msg.get("seed", secrets.randbits(62))
        hours = msg.get("invite_hours", self.invite_hours)
        gid = secrets.token_urlsafe(12)
        token = new_token()
        host_hash = digest(token)
        now = time.time()
        seats: list[SeatRow] = []
        invites: dict[str, tuple[str, list[int]]] = {}  # group -> (code, seats)
        for s, spec in enumerate(specs):
            row = SeatRow(gid, s, spec["kind"], spec.get("level", ""), last_seen=now, name=spec.get("name", ""))
            if spec["kind"] == "host":
                row.token_hash = host_hash
            elif spec["kind"] == "remote":
                group = spec["group"] or f"seat{s}"
                if group not in invites:
                    invites[group] = (new_invite(), [])
                code, members = invites[group]
                members.append(s)
                row.invite_hash = digest(code)
                row.invite_expires = now + hours * 3600
            seats.append(row)
        g = new_game(self.content, n, seed)
        g.take_events()
        live = Live(gid, g, seats, host_hash, content=self.content, kept=UndoTrail())
        await self.store.create_game(
            GameRow(gid, json.dumps(save_data(g, live.session()), separators=(",", ":")), 0,
                    waiting_on(g, seats), host_hash, now, now), seats)
        self.games[gid] = live
        self._hosting.setdefault(conn, set()).add(gid)
        mine = [s.seat for s in seats if s.kind == "host"]
        conn.send(reply("created", msg.rid, game=gid, token=token, seats=mine,
                        invites=[{"code": code, "seats": members, "expires": now + hours * 3600}
                                 for code, members in invites.values()]))
        self._watch(conn, live, mine, msg.rid)
        self._maybe_ai(live)

    async def _on_claim(self, conn: Conn, msg: Message) -> None:
        token = new_token()
        rows = await self.store.claim_invite(digest(msg["code"].upper()), digest(token), time.time(), msg.get("name", ""))
        if not rows:
            raise ProtocolError("bad_invite", "no open seat has that invite code (mistyped, used or expired)")
        gid = rows[0].game
        live = await self._live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "the game of that invite is gone")
        async with live.lock:
            live.seats = await self.store.seats(gid)
        seats = [r.seat for r in rows]
        conn.send(reply("claimed", msg.rid, game=gid, token=token, seats=seats))
        self._watch(conn, live, seats, msg.rid)

    async def _on_join(self, conn: Conn, msg: Message) -> None:
        gid, h = msg["game"], digest(msg["token"])
        live = await self._live(gid)
        seats = [s.seat for s in live.seats if s.token_hash == h] if live is not None else []
        if live is not None and not seats:  # another process may have seated it since
            async with live.lock:
                live.seats = await self.store.seats(gid)
            seats = [s.seat for s in live.seats if s.token_hash == h]
        host = live is not None and secrets.compare_digest(live.host_hash, h)
        if live is None or not (seats or host):
            raise ProtocolError("bad_token", "that token plays no seat of that game")
        if host:
            self._hosting.setdefault(conn, set()).add(gid)
        conn.send(reply("joined", msg.rid, game=gid, seats=seats, host=host))
        await self._quietly(self.store.touch(gid, seats, time.time()))
        await self._catch_up(live)
        self._watch(conn, live, seats, msg.rid)
        self._maybe_ai(live)

    async def _on_choose(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if not self._held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self._live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "no such game")
        await self.choose(live, seat, msg["decision"], msg["choice"], (conn, msg.rid))

    async def choose(self, live: Live, seat: int, decision: int, choice: str,
                     who: tuple[Any, int | None] = (None, None)) -> None:
        """Apply one choice of ``seat`` at ``decision``: checked, committed, then told."""
        async with live.lock:
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
                                           time.time()):
                stale = True
            else:
                stale = False
                live.game = new
                trail.note(seat, g, revealed(g, new, events, seat), live.seats[seat].kind != "ai")
                self.choices_applied += 1
                self._broadcast(live, events, who)
        if stale:  # another process applied a choice first: catch up, refuse this one
            await self._catch_up(live, seats=False)
            raise ProtocolError("stale_decision", f"decision {decision} was already taken")
        self._maybe_ai(live)

    async def _on_undo(self, conn: Conn, msg: Message) -> None:
        """Take back the seat's own last decision, if the one rule allows it now (the decision
        number is the one the client believes current: a take-back is never applied twice)."""
        gid, seat, decision = msg["game"], msg["seat"], msg["decision"]
        if not self._held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self._live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "no such game")
        async with live.lock:
            g = live.game
            if decision != len(g.choices_made):
                raise ProtocolError("stale_decision", f"decision {decision} is not the one asked "
                                                      f"(the game is at decision {len(g.choices_made)})")
            why = live.undo_reason(seat)
            if why:
                raise ProtocolError("cannot_undo", why)
            before = live.trail.points[-1][1]
            save = json.dumps(save_data(before, live.session()), separators=(",", ":"))
            done = await self.store.take_back(gid, decision, save, waiting_on(before, live.seats), time.time())
            if done:
                self._rewind(live, decision - 1, (conn, msg.rid))
        if not done:  # another process moved the game first
            await self._catch_up(live)
            raise ProtocolError("stale_decision", f"the game moved on from decision {decision} first")

    def _rewind(self, live: Live, decision: int, who: tuple[Any, int | None] = (None, None)) -> None:
        """The game in memory back to ``decision`` (from its undo trail, else replayed), and
        every seat watching told, each its ``undone`` message. Called under the game's lock."""
        old = live.game
        back = None
        while live.trail.points and len(live.trail.points[-1][1].choices_made) >= decision:
            g = live.trail.take()
            if len(g.choices_made) == decision:
                back = g
                break
        if back is None:
            back, live.trail = replayed(self.content, old, decision, live.seats)
        again = back.clone()
        dropped = []
        for cid in old.choices_made[decision:]:  # what the seats were told of the decisions taken back
            dropped += again.apply(cid)
        live.game = back
        for key in [k for k in self._hints if k[0] == live.game_id and k[1] > decision]:
            del self._hints[key]  # those decisions may come again in another form
        self._broadcast(live, dropped, who, build=views.undone)

    async def _on_resign(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if not self._held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self._live(gid)
        await self._hand_to_ai(live, seat, "normal", resigned=True)
        self._joined[conn][gid].discard(seat)
        live.watchers.get(seat, set()).discard(conn)
        conn.send(reply("resigned", msg.rid, game=gid, seat=seat))
        self._tell_seats(live)

    async def _on_replace(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if gid not in self._hosting.get(conn, ()):
            raise ProtocolError("not_host", "only the game's host may replace a player")
        live = await self._live(gid)
        if live is None or seat >= len(live.seats):
            raise ProtocolError("bad_message", f"the game has no seat {seat}")
        async with live.lock:
            live.seats = await self.store.seats(gid)
        row = live.seats[seat]
        if row.kind == "ai":
            raise ProtocolError("not_absent", f"seat {seat} is already played by an AI")
        if live.watchers.get(seat) or time.time() - row.last_seen < self.absent_after:
            raise ProtocolError("not_absent", f"seat {seat}'s player is here (or was, less than "
                                              f"{self.absent_after:.0f} s ago)")
        await self._hand_to_ai(live, seat, msg["level"], resigned=False)
        conn.send(reply("replaced", msg.rid, game=gid, seat=seat, level=msg["level"]))
        self._tell_seats(live)

    async def _hand_to_ai(self, live: Live, seat: int, level: str, resigned: bool) -> None:
        async with live.lock:
            await self.store.set_seat(live.game_id, seat, "ai", level, None, resigned)
            live.seats = await self.store.seats(live.game_id)
            await self.store.set_waiting(live.game_id, waiting_on(live.game, live.seats))
        self._maybe_ai(live)

    async def _on_games(self, conn: Conn, msg: Message) -> None:
        out = []
        for token in msg["tokens"]:
            by_game: dict[str, list[int]] = {}
            for r in await self.store.seats_of_token(digest(token)):
                by_game.setdefault(r.game, []).append(r.seat)
            for gid, seats in by_game.items():
                row = await self.store.load_game(gid)
                live = await self._live(gid) if row is not None else None
                if row is None or live is None:
                    continue
                p = live.game.pending()
                out.append({"game": gid, "seats": seats, "decision": row.decision, "waiting": row.waiting,
                            "over": row.waiting == "none", "updated": row.updated,
                            "to_decide": None if p is None else p.seat, "turn": live.game.turn,
                            "players": live.seat_list()})
                if len(out) >= 100:
                    break
        conn.send(reply("games", msg.rid, games=out))

    async def _on_chronicle(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if not self._held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        now = time.monotonic()
        if now - self._chronicled.get(conn, -CHRONICLE_SECONDS) < CHRONICLE_SECONDS:
            raise ProtocolError("rate_limited", f"one chronicle every {CHRONICLE_SECONDS:.0f} s: it replays the game")
        self._chronicled[conn] = now
        live = await self._live(gid)
        conn.send(views.chronicle(gid, live.game, seat, self.content, msg.rid))

    async def _on_hint(self, conn: Conn, msg: Message) -> None:
        """What Hard would choose for the connection's own seat now, from that seat's view: each
        decision's hint is searched once (asking again gets the same answer)."""
        gid, seat = msg["game"], msg["seat"]
        if not self._held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self._live(gid)
        g = live.game if live is not None else None
        if g is None or g.pending() is None:
            raise ProtocolError("game_over", "the game is over")
        if g.pending().seat != seat:
            raise ProtocolError("not_your_turn", f"seat {g.pending().seat} is to decide, not seat {seat}")
        decision = len(g.choices_made)
        key = (gid, decision, seat)
        fut = self._hints.get(key)
        if fut is None:
            if len(self._hints) > 1000:
                self._hints.clear()
            seed = (int(g.config["seed"]) * 1_000_033 + decision * 11 + seat) % 2**62
            fut = self._hints[key] = asyncio.ensure_future(self.pool.hint(json.dumps(save_data(g)), seat, seed))
        try:
            choice, estimates = await asyncio.shield(fut)
        except Exception:  # noqa: BLE001 - a worker's failure is the client's "no hint", never the server's
            log.exception("game %s: hint at %d failed", gid, decision)
            self._hints.pop(key, None)
            raise ProtocolError("internal", "the hint could not be worked out; the game is unchanged") from None
        if not choice:
            raise ProtocolError("stale_decision", "the game moved on before the hint was ready")
        conn.send(reply("hint", msg.rid, game=gid, seat=seat, decision=decision, choice=choice, estimates=estimates))

    async def _on_leave(self, conn: Conn, msg: Message) -> None:
        gid = msg["game"]
        seats = self._joined.get(conn, {}).pop(msg["game"], set())
        live = self.games.get(gid)
        if live is not None:
            for s in seats:
                live.watchers.get(s, set()).discard(conn)
            self._tell_seats(live)
        conn.send(reply("left", msg.rid, game=gid))

    # ------------------------------------------------------------ AI seats
    def _maybe_ai(self, live: Live) -> None:
        p = live.game.pending()
        if p is not None and live.seats[p.seat].kind == "ai":
            self._spawn(self._ai_move(live, len(live.game.choices_made)))

    async def _ai_move(self, live: Live, decision: int) -> None:
        try:
            if not await self.store.claim_ai(live.game_id, decision, self.owner, time.time(), AI_LEASE):
                log.info("game %s: another process decides the AI move at decision %d", live.game_id, decision)
                return  # another process decides it (or already has)
            g = live.game
            if len(g.choices_made) != decision or g.pending() is None:
                return
            seat = g.pending().seat
            row = live.seats[seat]
            log.info("game %s: this process decides the AI move at decision %d", live.game_id, decision)
            seed = (int(g.config["seed"]) * 1_000_003 + decision * 7 + seat) % 2**62
            choice = await self.pool.decide(json.dumps(save_data(g)), seat, row.level or "normal", seed)
            p = live.game.pending()
            if p is None or len(live.game.choices_made) != decision:
                return
            if not p.choice(choice):  # the worker failed: a legal move rather than a stuck table
                log.warning("game %s: the AI answered %r; a random legal choice instead", live.game_id, choice)
                choice = p.choices[seed % len(p.choices)].id
            await self.choose(live, seat, decision, choice)
        except ProtocolError as e:
            log.info("game %s: AI move at %d not applied (%s)", live.game_id, decision, e.message)
        except StoreError as e:
            log.warning("game %s: AI move at %d: %s", live.game_id, decision, e)
        except Exception:  # noqa: BLE001 - a bot's failure must never stop the server's loop
            log.exception("game %s: AI move at %d failed", live.game_id, decision)
