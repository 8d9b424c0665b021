"""The messages a client sends, one handler each (``_on_<type>``), after the door
(fate/server/protocol.py) has checked their shape: create a game, claim a seat by invite,
join with a token, choose, resign, replace an absent player, list one's games, ask for a
chronicle. Undo, leave and hint are with what they touch (undo_trail.py, presence.py,
ai_claims.py). A mixin of ``GameServer`` (fate/server/app.py)."""

from __future__ import annotations

import base64
import json
import secrets
import time
from typing import TYPE_CHECKING

from fate.engine import new_game
from fate.engine.save import save_data
from fate.engine.undo import UndoTrail
from fate.server import views
from fate.server.limits import more_than, span
from fate.server.live import Live, waiting_on
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import GameRow, SeatRow, TableRow, digest

if TYPE_CHECKING:
    from fate.server.presence import Conn

CHRONICLE_SECONDS = 2.0  # a connection may ask for a chronicle (a replay of the game) this often


def new_token() -> str:
    """A seat token: 192 random bits."""
    return secrets.token_urlsafe(24)


def new_invite() -> str:
    """An invite code: 80 random bits, in four groups of four letters and digits to read aloud."""
    raw = base64.b32encode(secrets.token_bytes(10)).decode("ascii")
    return "-".join(raw[i:i + 4] for i in range(0, 16, 4))


class Handlers:
    """Create, claim, join, choose, resign, replace, games and chronicle."""

    async def _on_create(self, conn: Conn, msg: Message) -> None:
        limits = self.limits
        if not limits.games.take(conn.address):
            what = f"{more_than(limits.config.games, 'games created')} in {span(limits.config.window)}"
            limits.refused("games", conn.address, what)
            raise ProtocolError("too_many", f"{what} from your address; try again later")
        specs = msg["seats"]
        n = len(specs)
        for spec in specs:  # not an Elder God's name (the door refused the game's other words)
            if spec.get("name"):
                try:
                    spec["name"] = self._fit_name(spec["name"], [])
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
        watch = new_invite()  # spectators' code (fate/server/tables.py): any game may be watched by it
        table = TableRow(gid, msg.get("public", False), digest(watch), msg.get("watch_delay", 15),
                         msg.get("spectator_chat", False))
        live = Live(gid, g, seats, host_hash, content=self.content, kept=UndoTrail(), made_by=conn.address,
                    table=table, talked=False, talk_n=0)
        await self.store.create_game(
            GameRow(gid, json.dumps(save_data(g, live.session()), separators=(",", ":")), 0,
                    waiting_on(g, seats), host_hash, now, now), seats, table)
        self.games[gid] = live
        self._hosting.setdefault(conn, set()).add(gid)
        mine = [s.seat for s in seats if s.kind == "host"]
        conn.send(reply("created", msg.rid, game=gid, token=token, seats=mine,
                        invites=[{"code": code, "seats": members, "expires": now + hours * 3600}
                                 for code, members in invites.values()], watch=watch, public=table.public))
        self._watch(conn, live, mine, msg.rid, host_hash)
        self._maybe_ai(live)

    async def _on_claim(self, conn: Conn, msg: Message) -> None:
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
        try:
            name = await self._name_for_invite(digest(msg["code"].upper()), msg.get("name", ""))  # tables.py
            rows = await self.store.claim_invite(digest(msg["code"].upper()), h, time.time(), name)
        except BaseException:
            limits.claims.give_back(key)
            limits.guesses.give_back(key)
            raise
        if not rows:
            limits.claims.give_back(key)
            raise ProtocolError("bad_invite", "no open seat has that invite code (mistyped, used or expired)")
        limits.guesses.give_back(key)
        await self._seated(conn, msg, rows, token, h, "the game of that invite is gone")

    async def _seated(self, conn: Conn, msg: Message, rows: list, token: str, h: str, gone: str) -> None:
        """Seats just claimed (``rows``, by the token of hash ``h``): told to the claimer with
        the token, and from now on watched by this connection."""
        gid = rows[0].game
        live = await self._live(gid)
        if live is None:
            raise ProtocolError("no_such_game", gone)
        async with live.lock:
            self._seat_rows(live, await self.store.seats(gid))
        seats = [r.seat for r in rows]
        conn.send(reply("claimed", msg.rid, game=gid, token=token, seats=seats, home=self.home))
        self._watch(conn, live, seats, msg.rid, h)

    async def _on_join(self, conn: Conn, msg: Message) -> None:
        self.limits.take("joins", conn.address, "joins")
        gid, h = msg["game"], digest(msg["token"])
        live = await self._live(gid)
        if live is None:
            raise ProtocolError("bad_token", "that token plays no seat of that game")
        async with live.lock:  # the seats as the store holds them now (another process may have changed them)
            self._seat_rows(live, await self.store.seats(gid))
        seats = [s.seat for s in live.seats if s.token_hash == h]
        host = secrets.compare_digest(live.host_hash, h)
        if not (seats or host):
            raise ProtocolError("bad_token", "that token plays no seat of that game")
        if host:
            self._hosting.setdefault(conn, set()).add(gid)
        conn.marks = bool(msg.get("marks"))  # its table asks "End your turn?": the states name those choices
        conn.send(reply("joined", msg.rid, game=gid, seats=seats, host=host, home=self.home))
        await self._quietly(self.store.touch(gid, seats, time.time()))
        await self._catch_up(live, seats=False)
        self._watch(conn, live, seats, msg.rid, h)  # the seats told to everyone watching
        self._maybe_ai(live)

    async def _on_choose(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if not self._held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self._live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "no such game")
        await self.choose(live, seat, msg["decision"], msg["choice"], (conn, msg.rid))

    async def _on_resign(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        if not self._held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self._live(gid)
        await self._hand_to_ai(live, seat, "normal", resigned=True, asker=conn)  # every holder of the seat loses it
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
            self._seat_rows(live, await self.store.seats(gid))
        row = live.seats[seat]
        if row.kind == "ai":
            raise ProtocolError("not_absent", f"seat {seat} is already played by an AI")
        if live.watchers.get(seat) or time.time() - row.last_seen < self.absent_after:
            raise ProtocolError("not_absent", f"seat {seat}'s player is here (or was, less than "
                                              f"{self.absent_after:.0f} s ago)")
        await self._hand_to_ai(live, seat, msg["level"], resigned=False)
        conn.send(reply("replaced", msg.rid, game=gid, seat=seat, level=msg["level"]))
        self._tell_seats(live)

    async def _on_games(self, conn: Conn, msg: Message) -> None:
        self.limits.take("lists", conn.address, "lists of games asked")
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
        conn.send(views.chronicle(gid, live.game, seat, self.content, msg.rid, msg.get("chart", False)))
