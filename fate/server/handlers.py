"""The seats: the messages that make a game and seat its players, after the door
(fate/server/protocol.py) has checked their shape: create a game, claim a seat by invite,
join with a token, choose, resign, replace an absent player, list one's games, ask for a
chronicle. Undo, leave, pause, hint, the lobby and talk are with what they touch
(undo_trail.py, fanout.py, ai_claims.py, lobby.py). A part of the server
(fate/server/app.py), whose table of handlers names each message's one handler."""

from __future__ import annotations

import base64
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fate.content.model import Content
from fate.engine import new_game
from fate.engine.save import save_data
from fate.engine.undo import UndoTrail
from fate.protocol import ToClient
from fate.server import views
from fate.server.ai_claims import AIDriver
from fate.server.clocks import clock_of, opening
from fate.server.fanout import Fanout
from fate.server.identity import Identities
from fate.server.limits import AddressLimits, loopback, more_than, span
from fate.server.live import HeldGames, Live, waiting_on
from fate.server.parts import CatchUp, Choose, Conn, Tasks, quietly
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.ratings import UNRATE
from fate.server.storage import GameRow, SeatRow, Store, TableRow, digest, new_id

CHRONICLE_SECONDS = 2.0  # a connection may ask for a chronicle (a replay of the game) this often


def new_token() -> str:
    """A seat token: 192 random bits."""
    return secrets.token_urlsafe(24)


def new_invite() -> str:
    """An invite code: 80 random bits, in four groups of four letters and digits to read aloud."""
    raw = base64.b32encode(secrets.token_bytes(10)).decode("ascii")
    return "-".join(raw[i:i + 4] for i in range(0, 16, 4))


class Seating:
    """Create, claim, join, choose, resign, replace, games and chronicle."""

    def __init__(self, store: Store, content: Content, limits: AddressLimits, tasks: Tasks, games: HeldGames,
                 choose: Choose, catch_up: CatchUp, fanout: Fanout, ai: AIDriver, fit_name: Callable[[str, list[str]], str],
                 name_for_invite: Callable[[str, str], Awaitable[str]],
                 arrived: Callable[[Conn, Live], Awaitable[None]], identities: Identities,
                 started: Callable[[Live], Awaitable[None]], *, home: bool,
                 invite_hours: int, absent_after: float) -> None:
        self.store = store
        self.content = content
        self.limits = limits
        self.tasks = tasks
        self.held_games = games
        self.choose = choose  # the one path of a choice (fate/server/app.py)
        self.catch_up = catch_up
        self.fanout = fanout
        self.ai = ai
        self.fit_name = fit_name  # a name taken at a table, or bad_name (fate/server/lobby.py)
        self.name_for_invite = name_for_invite  # the same at the table of an invite code
        self.arrived = arrived  # what a player taking their seats is told of the table (its talk, a rematch)
        self.identities = identities  # who a connection is (fate/server/identity.py): its seats are tied to them
        self.started = started  # seats taken: the clock of the seat to decide starts if it waited (clocks.py)
        self.home = home  # a player's own server (``--home``): said in ``joined``
        self.invite_hours = invite_hours
        self.absent_after = absent_after
        self._chronicled: dict[Conn, float] = {}  # conn -> when it last asked for a chronicle

    def forget(self, conn: Conn) -> None:
        """A connection closed."""
        self._chronicled.pop(conn, None)

    def _watch(self, conn: Conn, live: Live, seats: list[int], rid: int | None, token_hash: str) -> None:
        """``conn`` plays ``seats`` from now on (fate/server/fanout.py), then hears the table's talk."""
        self.fanout.watch(conn, live, seats, rid, token_hash)
        self.tasks.quietly(self.arrived(conn, live))  # the table's talk so far, a rematch made

    async def on_create(self, conn: Conn, msg: Message) -> None:
        limits = self.limits
        if not limits.games.take(conn.address):
            what = f"{more_than(limits.config.games, 'games created')} in {span(limits.config.window)}"
            limits.refused("games", conn.address, what)
            raise ProtocolError("too_many", f"{what} from your address; try again later")
        specs = msg["seats"]
        n = len(specs)
        who = self.identities.of(conn)
        hosts = [spec for spec in specs if spec["kind"] == "host"]
        if who is not None and who.name and len(hosts) == 1 and not hosts[0].get("name"):
            hosts[0]["name"] = who.name  # the player's name on this server, for their one seat
        for spec in specs:  # not an Elder God's name (the door refused the game's other words)
            if spec.get("name"):
                try:
                    spec["name"] = self.fit_name(spec["name"], [])
                except ProtocolError:
                    limits.games.give_back(conn.address)
                    raise
        if all(spec["kind"] == "ai" for spec in specs):  # AIs alone: their moves cost the most, and wait the most
            try:
                limits.take("ai_games", conn.address, "games of AIs alone created")
            except ProtocolError:
                limits.games.give_back(conn.address)
                raise
        # the door (fate/server/protocol.py) lets a client's seed through only when every human
        # seat is the creator's; the deal of a game with friends is the server's alone
        seed = msg["seed"] if "seed" in msg.fields else secrets.randbits(62)
        hours = msg.get("invite_hours", self.invite_hours)
        gid = new_id(12)
        token = new_token()
        host_hash = digest(token)
        now = time.time()
        seats: list[SeatRow] = []
        invites: dict[str, tuple[str, list[int]]] = {}  # group -> (code, seats)
        for s, spec in enumerate(specs):
            row = SeatRow(gid, s, spec["kind"], spec.get("level", ""), last_seen=now, name=spec.get("name", ""))
            if spec["kind"] == "host":
                row.token_hash = host_hash
                row.player = who.player if who is not None else None
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
        watch = new_invite()  # spectators' code (fate/server/lobby.py): any game may be watched by it
        clock = clock_of(msg.get("clock"))
        table = TableRow(gid, msg.get("public", False), digest(watch), msg.get("watch_delay", 15),
                         msg.get("spectator_chat", False), clock=clock.text())
        until = opening(clock, g, seats, now)
        live = Live(gid, g, seats, host_hash, content=self.content, kept=UndoTrail(), made_by=conn.address,
                    table=table, talked=False, talk_n=0, deadline=until)
        await self.store.create_game(
            GameRow(gid, json.dumps(save_data(g, live.session()), separators=(",", ":")), 0,
                    waiting_on(g, seats), host_hash, now, now, deadline=until), seats, table)
        self.held_games.games[gid] = live
        await quietly(self.store.add_standing(gid, msg.get("rated", False)))  # its result counts (ratings.py)
        self.fanout.host(conn, gid)
        mine = [s.seat for s in seats if s.kind == "host"]
        conn.send(reply(ToClient.CREATED, msg.rid, game=gid, token=token, seats=mine,
                        invites=[{"code": code, "seats": members, "expires": now + hours * 3600}
                                 for code, members in invites.values()], watch=watch, public=table.public))
        self._watch(conn, live, mine, msg.rid, host_hash)
        self.ai.kick(live)

    async def on_claim(self, conn: Conn, msg: Message) -> None:
        # Both limits are taken before the store is asked (claims racing on other connections of
        # the address count at once); the one that turns out not to apply is given back.
        limits, key, c = self.limits, conn.address, self.limits.config
        if not limits.guesses.take(key):
            what = f"{more_than(c.guesses, 'invite codes that opened no seat')} in {span(c.window)}"
            limits.refused("guesses", key, what)
            raise ProtocolError("too_many", f"{what} from your address; try again later")
        if not limits.claims.take(key):
            limits.guesses.give_back(key)
            what = f"{more_than(c.claims, 'seats claimed')} in {span(c.window)}"
            limits.refused("claims", key, what)
            raise ProtocolError("too_many", f"{what} from your address; try again later")
        token = new_token()
        h = digest(token)
        who = self.identities.of(conn)
        try:
            name = await self.name_for_invite(digest(msg["code"].upper()),  # lobby.py
                                              msg.get("name", "") or (who.name if who else ""))
            rows = await self.store.claim_invite(digest(msg["code"].upper()), h, time.time(), name,
                                                 who.player if who else None)
        except BaseException:
            limits.claims.give_back(key)
            limits.guesses.give_back(key)
            raise
        if not rows:
            limits.claims.give_back(key)
            raise ProtocolError("bad_invite", "no open seat has that invite code (mistyped, used or expired)")
        limits.guesses.give_back(key)
        await self.seated(conn, msg, rows, token, h, "the game of that invite is gone")

    async def seated(self, conn: Conn, msg: Message, rows: list[SeatRow], token: str, h: str, gone: str) -> None:
        """Seats just claimed (``rows``, by the token of hash ``h``): told to the claimer with
        the token, and from now on watched by this connection."""
        gid = rows[0].game
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError("no_such_game", gone)
        async with live.lock:
            self.fanout.seat_rows(live, await self.store.seats(gid))
        seats = [r.seat for r in rows]
        if not loopback(conn.address) and conn.address in {c.address for held in live.watchers.values()
                                                           for c in held} | {live.made_by}:
            # a seat from the network of a player at the table: the game is not rated (ratings.py; the
            # server's own computer, a home server's host, is not a network of strangers)
            await quietly(self.store.run([(UNRATE, (gid,))]))
        conn.send(reply(ToClient.CLAIMED, msg.rid, game=gid, token=token, seats=seats, home=self.home))
        self._watch(conn, live, seats, msg.rid, h)
        await self.started(live)

    async def on_join(self, conn: Conn, msg: Message) -> None:
        """The seats a token plays, or (no token) those its player's identity took: each group
        of seats held by the token that plays it, so rights end as they end for a token."""
        who = self.identities.of(conn)
        if "token" not in msg.fields and who is None:
            raise ProtocolError("not_identified", "join: give the seat's token, or prove who you are first")
        self.limits.take("joins", conn.address, "joins")
        gid = msg["game"]
        refused = ("bad_token", "that token plays no seat of that game" if "token" in msg.fields else
                   "you play no seat of that game")
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError(*refused)
        async with live.lock:  # the seats as the store holds them now (another process may have changed them)
            self.fanout.seat_rows(live, await self.store.seats(gid))
        if "token" in msg.fields:
            hashes = [digest(msg["token"])]
        else:  # a player's identity: the tokens of the seats they took, on any of their computers
            hashes = sorted({s.token_hash for s in live.seats if s.token_hash and who and s.player == who.player})
        by_token = {h: [s.seat for s in live.seats if s.token_hash == h] for h in hashes}
        seats = sorted(s for each in by_token.values() for s in each)
        banned = self.identities.seat_banned([live.seats[s].player for s in seats])
        if banned is not None:  # a banned player's kept token opens nothing (moderation.py)
            raise ProtocolError("banned", f"the server's operator barred you from this server {banned.words()}")
        host = any(secrets.compare_digest(live.host_hash, h) for h in hashes)
        if not (seats or host):
            raise ProtocolError(*refused)
        if host:
            self.fanout.host(conn, gid)
        if who is not None and "token" in msg.fields and any(s.player is None for s in live.seats
                                                               if s.token_hash == hashes[0]):
            await quietly(self.store.tie_seats(hashes[0], who.player))  # a seat from before: its player's now
        conn.marks = bool(msg.get("marks"))  # its table asks "End your turn?": the states name those choices
        clock = live.clock
        conn.send(reply(ToClient.JOINED, msg.rid, game=gid, seats=seats, host=host, home=self.home,
                        clock=clock.wire() if clock is not None else None))
        await quietly(self.store.touch(gid, seats, time.time()))
        await self.catch_up(live, seats=False)
        for h, mine in by_token.items():
            self._watch(conn, live, mine, msg.rid, h)  # the seats told to everyone watching
        self.ai.kick(live)

    async def on_choose(self, conn: Conn, msg: Message) -> None:
        _, seat, live = await self.fanout.playing(conn, msg)
        await self.choose(live, seat, msg["decision"], msg["choice"], (conn, msg.rid))

    async def on_resign(self, conn: Conn, msg: Message) -> None:
        gid, seat, live = await self.fanout.playing(conn, msg)
        await self.ai.hand_to_ai(live, seat, "normal", resigned=True, asker=conn)  # every holder of the seat loses it
        conn.send(reply(ToClient.RESIGNED, msg.rid, game=gid, seat=seat))
        self.fanout.tell_seats(live)

    async def on_replace(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if not self.fanout.hosts(conn, gid):
            raise ProtocolError("not_host", "only the game's host may replace a player")
        live = await self.held_games.live(gid)
        if live is None or seat >= len(live.seats):
            raise ProtocolError("bad_message", f"the game has no seat {seat}")
        async with live.lock:
            self.fanout.seat_rows(live, await self.store.seats(gid))
        row = live.seats[seat]
        if row.kind == "ai":
            raise ProtocolError("not_absent", f"seat {seat} is already played by an AI")
        if live.watchers.get(seat) or time.time() - row.last_seen < self.absent_after:
            raise ProtocolError("not_absent", f"seat {seat}'s player is here (or was, less than "
                                              f"{self.absent_after:.0f} s ago)")
        await self.ai.hand_to_ai(live, seat, msg["level"], resigned=False)
        conn.send(reply(ToClient.REPLACED, msg.rid, game=gid, seat=seat, level=msg["level"]))
        self.fanout.tell_seats(live)

    async def on_games(self, conn: Conn, msg: Message) -> None:
        who = self.identities.of(conn)
        if not msg.get("tokens") and who is None:
            raise ProtocolError("not_identified", "games: give tokens, or prove who you are first")
        self.limits.take("lists", conn.address, "lists of games asked")
        out: list[dict[str, Any]] = []
        asked = [self.store.seats_of_token(digest(token)) for token in msg.get("tokens", [])]
        if who is not None:
            asked.append(self.store.seats_of_player(who.player))  # from any of the player's computers
        listed: set[str] = set()
        for rows in asked:
            by_game: dict[str, list[int]] = {}
            for r in await rows:
                if r.game not in listed:
                    by_game.setdefault(r.game, []).append(r.seat)
            listed |= set(by_game)
            for gid, seats in by_game.items():
                row = await self.store.load_game(gid)
                live = await self.held_games.live(gid) if row is not None else None
                if row is None or live is None:
                    continue
                p = live.game.pending()
                out.append({"game": gid, "seats": seats, "decision": row.decision, "waiting": row.waiting,
                            "over": row.waiting == "none", "updated": row.updated,
                            "to_decide": None if p is None else p.seat, "turn": live.game.turn,
                            "players": live.seat_list()})
                if len(out) >= 100:
                    break
        conn.send(reply(ToClient.GAMES, msg.rid, games=out))

    async def on_chronicle(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if not self.fanout.held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        now = time.monotonic()
        if now - self._chronicled.get(conn, -CHRONICLE_SECONDS) < CHRONICLE_SECONDS:
            raise ProtocolError("rate_limited", f"one chronicle every {CHRONICLE_SECONDS:.0f} s: it replays the game")
        self._chronicled[conn] = now
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "no such game")
        conn.send(views.chronicle(gid, live.game, seat, self.content, msg.rid, msg.get("chart", False)))
