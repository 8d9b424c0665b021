"""Games among strangers: the lobby of public games, spectators, table talk and the rematch.
Three parts of the server (fate/server/app.py), each given what it uses: ``TableNames`` (the
names a player may take at a table), ``Lobby`` (the list and ``sit``) and ``Talk`` (table talk
and the rematch); spectators are fate/server/audience.py's. docs/protocol.md says what each
message does.

- **The lobby** lists the public games with a seat open to anyone, from one list this
  process builds at most every ``LOBBY_SECONDS`` (one query) whoever asks: no game pays for
  being listed, and a flood of ``lobby`` requests costs one list. ``sit`` takes a public
  game's first open seat as an invite code would.
- **Spectators** watch a game by its watch code (any game) or, for a public game, by its id
  (fate/server/audience.py): the engine's ``view(None)``, the host's ``delay`` late. The
  lobby's row of a delayed game says only what its spectators may see: the turn and whom
  it waits for as they stood ``delay`` seconds ago (``Live.seen_at``).
- **Table talk**: a line from a player at the table, cut and checked at the door (no control
  characters), kept in the store with the game and its decision number, told to every
  player (and to spectators, late like the game, only if the host allowed it). A connection
  may say ``CHAT_BURST`` lines in ``CHAT_SECONDS``, an address ``CHAT_PER_ADDRESS`` a minute.
- **Rematch**: once a game is over each player says "Play again" (``rematch``) with one
  click (a yes or a no is told to every player, so it counts as a line of talk against the
  limits); when every person at the table has, one new game is made with the same players,
  each on the seat after their old one's (so another cult goes first), played by the same
  tokens: nobody is seated in it who did not ask to be.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from fate.content.model import Content
from fate.engine import new_game
from fate.engine.save import save_data
from fate.engine.undo import UndoTrail
from fate.ground.textrules import Names, TextRefused, visible
from fate.ground.untrusted import one_line
from fate.protocol import ToClient
from fate.server import views
from fate.server.audience import Spectators, table_of
from fate.server.clocks import opening, read_clock
from fate.server.fanout import Fanout, players, with_rid
from fate.server.handlers import new_invite
from fate.server.identity import Who
from fate.server.limits import AddressLimits, Window, more_than, span
from fate.server.live import HeldGames, Live, waiting_on
from fate.server.parts import Conn
from fate.server.protocol import MAX_DELAY, Message, ProtocolError, reply
from fate.server.storage import GameRow, SeatRow, Store, TableRow, digest, new_id

if TYPE_CHECKING:
    from fate.engine import Game

LOBBY_SECONDS = 2.0  # the lobby's list is built at most this often, and a connection may ask this often
LOBBY_GAMES = 50  # games listed at most
CHAT_BURST, CHAT_SECONDS = 5, 10.0  # lines of table talk a connection may say within this many seconds
CHAT_PER_ADDRESS = 30  # lines an address may say a minute, over all its connections
CHAT_MAX = 2000  # lines a game's talk may hold: a table is no place for a novel
DEFAULT_DELAY = 15  # seconds spectators are kept behind the game unless the host says otherwise

# seats just claimed (rows) by a token (its text and hash), told to the claimer and watched from
# then on (fate/server/handlers.py ``Seating.seated``); the last text says a game gone
Seated = Callable[[Conn, Message, list[SeatRow], str, str, str], Awaitable[None]]


def new_watch_code() -> str:
    """A watch code: 80 random bits like an invite code, read aloud in four groups."""
    return new_invite()


def open_seats(seats: list[SeatRow], now: float) -> list[SeatRow]:
    """A public game's seats anyone may take: a friend's seat nobody has claimed, still open."""
    return [r for r in seats if r.kind == "remote" and r.token_hash is None and r.invite_hash
            and r.invite_expires > now]


class TableNames:
    """The names a player may take at a table."""

    def __init__(self, content: Content, store: Store) -> None:
        self.content = content
        self.store = store
        self._names: Names | None = None  # the names nobody may take (the game's, its Elder Gods', their cults')

    def fit(self, name: str, others: list[str]) -> str:
        """A name given at create, claim or sit ("" for none): the door (protocol.py) kept it to
        what draws and refused the game's own words; here an Elder God's or a cult's name, or
        one that looks like another player's at the table (``others``), is ``bad_name``."""
        if not name:
            return ""
        if self._names is None:
            self._names = Names(self.content.cards[i].name for i in self.content.gods)
        try:
            return self._names.check(name, others)
        except TextRefused as e:
            raise ProtocolError("bad_name", str(e)) from None

    async def for_invite(self, code_hash: str, name: str) -> str:
        """``fit`` at the table of an invite code (a wrong code's table has no names to tell)."""
        if not name:
            return ""
        gid = await self.store.invited(code_hash)
        return self.fit(name, [s.name for s in await self.store.seats(gid)] if gid else [])


class Lobby:
    """The list of public games with an open seat, and ``sit``."""

    def __init__(self, store: Store, limits: AddressLimits, games: HeldGames, names: TableNames,
                 seated: Seated, who: Callable[[Conn], Who | None]) -> None:
        self.store = store
        self.who = who  # the player a connection proved it is (fate/server/identity.py)
        self.limits = limits
        self.held_games = games
        self.names = names
        self.seated = seated
        self._lobby: tuple[float, str] | None = None  # (when built, the list's JSON without a rid)
        self._lobby_building: asyncio.Lock | None = None
        self._lobby_asked: dict[Conn, float] = {}  # conn -> when it last asked

    def forget(self, conn: Conn) -> None:
        """A connection closed."""
        self._lobby_asked.pop(conn, None)

    async def on_lobby(self, conn: Conn, msg: Message) -> None:
        now = time.monotonic()
        if now - self._lobby_asked.get(conn, -LOBBY_SECONDS) < LOBBY_SECONDS:
            raise ProtocolError("rate_limited", f"one lobby list every {LOBBY_SECONDS:.0f} s")
        self._lobby_asked[conn] = now
        if self._lobby_building is None:
            self._lobby_building = asyncio.Lock()
        async with self._lobby_building:  # of many asking at once, one builds; the others take its list
            if self._lobby is None or time.monotonic() - self._lobby[0] >= LOBBY_SECONDS:
                self._lobby = (time.monotonic(), await self._list())
            text = self._lobby[1]
        conn.send_text(with_rid(text, msg.rid))

    async def _list(self) -> str:
        now = time.time()
        games = []
        for gid, created, updated, seats in await self.store.lobby(now, LOBBY_GAMES):
            live = self.held_games.games.get(gid)
            seen = live.seen_at(now) if live is not None else None  # (when, turn, whom) as a spectator sees it
            if updated > now - (MAX_DELAY if live is None else live.delay()):
                updated = seen[0] if seen is not None else created
            games.append({"game": gid, "created": created, "updated": updated,
                          "players": [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                                       "claimed": s.kind == "ai" or bool(s.token_hash)} for s in seats],
                          "open": len(open_seats(seats, now)),
                          "turn": seen[1] if seen is not None else 0,
                          "to_decide": seen[2] if seen is not None else None})
        return json.dumps(reply(ToClient.LOBBY, None, games=games), separators=(",", ":"))

    async def on_sit(self, conn: Conn, msg: Message) -> None:
        """A public game's first open seat (with its group: a hotseat's seats go together)."""
        gid = msg["game"]
        table = await table_of(self.held_games.games, self.store, gid)
        if table is None or not table.public:
            raise ProtocolError("not_public", "that game is not open to everyone: its seats are taken by invite code")
        limits, key, c = self.limits, conn.address, self.limits.config
        if not limits.claims.take(key):
            what = f"{more_than(c.claims, 'seats claimed')} in {span(c.window)}"
            limits.refused("claims", key, what)
            raise ProtocolError("too_many", f"{what} from your address; try again later")
        now = time.time()
        seats = await self.store.seats(gid)
        who = self.who(conn)
        try:
            name = self.names.fit(msg.get("name", "") or (who.name if who else ""), [s.name for s in seats])
        except ProtocolError:
            limits.claims.give_back(key)
            raise
        free = open_seats(seats, now)
        token = secrets.token_urlsafe(24)
        h = digest(token)
        invite = free[0].invite_hash if free else None
        rows = await self.store.claim_invite(invite, h, now, name, who.player if who else None) if invite else []
        if not rows:
            limits.claims.give_back(key)
            raise ProtocolError("no_seat", "that game has no open seat any more")
        self._lobby = None  # the list changed
        await self.seated(conn, msg, rows, token, h, "that game is gone")


class Talk:
    """Table talk, what a player arriving is told of it, and the rematch."""

    def __init__(self, store: Store, content: Content, limits: AddressLimits, games: HeldGames, fanout: Fanout,
                 spectators: Spectators, kick: Callable[[Live], None]) -> None:
        self.store = store
        self.content = content
        self.limits = limits
        self.held_games = games
        self.fanout = fanout
        self.spectators = spectators
        self.kick = kick  # an AI seat of a new game to decide first: its move is taken up
        self._chat_conn = Window(CHAT_BURST, CHAT_SECONDS)
        self._chat_addr = Window(CHAT_PER_ADDRESS, 60.0)

    async def on_chat(self, conn: Conn, msg: Message) -> None:
        gid = msg["game"]
        seats = self.fanout.seats_of(conn, gid)
        if not seats:
            raise ProtocolError("not_your_seat", "only the players at that table may talk there")
        if not self._chat_conn.take(str(id(conn))):
            raise ProtocolError("rate_limited", f"at most {CHAT_BURST} lines in {CHAT_SECONDS:.0f} s")
        if not self._chat_addr.take(conn.address):
            self.limits.refused("chat", conn.address, f"more than {CHAT_PER_ADDRESS} lines of talk a minute")
            raise ProtocolError("too_many", f"more than {CHAT_PER_ADDRESS} lines of talk a minute from your address")
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "that game is gone")
        if live.talk_n is None:  # how much was said, once since loading
            last = await self.store.chat(gid, 1)
            live.talk_n = last[-1].n if last else 0
        if live.talk_n >= CHAT_MAX:
            raise ProtocolError("too_many", f"this table's talk holds {CHAT_MAX} lines: nothing more can be said")
        seat = min(seats)
        name = visible(live.seats[seat].name, 24) or f"Seat {seat + 1}"  # (a name kept from before these rules)
        text = one_line(msg["text"], 160)
        now = time.time()
        n = await self.store.add_chat(gid, seat, live.game.decision, now, name, text)
        live.talked, live.talk_n = True, n
        line = {"n": n, "seat": seat, "name": name, "text": text, "at": now, "decision": live.game.decision}
        out = json.dumps(reply(ToClient.TALK, None, game=gid, lines=[line]), separators=(",", ":"))
        self.fanout.to_players(live, out, (conn, msg.rid))
        if live.table is not None and live.table.spectator_chat:
            self.spectators.talk(live, out)

    async def arrived(self, conn: Conn, live: Live) -> None:
        """A player took their seats: the table's talk so far, and the game they went on to."""
        said = await self.store.chat(live.game_id, views.CHAT_KEPT) if live.talked is not False else []
        live.talked = bool(said)
        if said:
            conn.send(reply(ToClient.TALK, None, game=live.game_id, lines=[views.talk_line(r) for r in said]))
        if live.table is not None and live.table.rematch:
            self._tell_rematch(conn, live, live.table.rematch, None)
        elif live.game.over:  # the "Play again" said before this player came (here or on another process)
            people = {s.seat for s in live.seats if s.kind != "ai" and s.token_hash}
            live.votes = set(await self.store.vote(live.game_id, [], True))
            if live.votes & people:
                conn.send(reply(ToClient.REMATCH, None, game=live.game_id, accepted=sorted(live.votes & people),
                                waiting=sorted(people - live.votes)))

    async def on_rematch(self, conn: Conn, msg: Message) -> None:
        gid = msg["game"]
        mine_here = self.fanout.seats_of(conn, gid)
        if not mine_here:
            raise ProtocolError("not_your_seat", "only the players of that game may ask to play again")
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "that game is gone")
        if not live.game.over:
            raise ProtocolError("not_over", "the game is not over yet")
        if not self._chat_conn.take(str(id(conn))):  # each yes or no is told to every player: as talk is
            raise ProtocolError("rate_limited", f"at most {CHAT_BURST} lines or answers in {CHAT_SECONDS:.0f} s")
        if live.table is not None and live.table.rematch:
            self._tell_rematch(conn, live, live.table.rematch, msg.rid)
            return
        seat = min(self.fanout.seats_of(conn, gid))
        h = live.holders.get((seat, conn))
        mine = {s.seat for s in live.seats if h and s.token_hash == h}
        live.votes = set(await self.store.vote(gid, sorted(mine), msg.get("accept", True)))  # kept: told later too
        people = {s.seat for s in live.seats if s.kind != "ai" and s.token_hash}
        if msg.get("accept", True) and people <= live.votes:
            await self._rematch(live, conn, msg.rid)
            return
        out = json.dumps(reply(ToClient.REMATCH, None, game=gid, accepted=sorted(live.votes & people),
                               waiting=sorted(people - live.votes)), separators=(",", ":"))
        self.fanout.to_players(live, out, (conn, msg.rid))

    async def _rematch(self, live: Live, asker: Conn, rid: int | None) -> None:
        """Every person said "Play again": the new game, each player a seat on (the first seat
        rotates), the same tokens, a fresh deal; everyone at the table is told where it is."""
        n, now = len(live.seats), time.time()
        gid = new_id(12)
        if not await self.store.set_rematch(live.game_id, gid):  # made already (another process)
            table = await self.store.table(live.game_id)
            gid = (table.rematch if table is not None else None) or gid
        else:
            seats = []
            for i in range(n):
                old = live.seats[(i + 1) % n]
                person = old.kind != "ai" and bool(old.token_hash)
                seats.append(SeatRow(gid, i, old.kind if person else "ai", "" if person else (old.level or "normal"),
                                     token_hash=old.token_hash if person else None, last_seen=now,
                                     name=old.name if person else "", player=old.player if person else None))
            old_table = live.table or TableRow(live.game_id)
            code = new_watch_code()
            table = TableRow(gid, False, digest(code), old_table.delay, old_table.spectator_chat,
                             clock=old_table.clock)  # the same clock
            g: Game = new_game(self.content, n, secrets.randbits(62))
            g.take_events()
            until = opening(read_clock(table.clock), g, seats, now)
            fresh = Live(gid, g, seats, live.host_hash, content=self.content, kept=UndoTrail(), table=table,
                         talked=False, talk_n=0, deadline=until)
            await self.store.create_game(
                GameRow(gid, json.dumps(save_data(g, fresh.session()), separators=(",", ":")), 0,
                        waiting_on(g, seats), live.host_hash, now, now, deadline=until), seats, table)
            self.held_games.games[gid] = fresh
            await self.store.add_standing(gid, False)
            live.table = TableRow(live.game_id, old_table.public, old_table.watch_hash, old_table.delay,
                                  old_table.spectator_chat, gid, old_table.clock)
            live.watch_next = code
            self.kick(fresh)
        if live.table is None or live.table.rematch != gid:
            live.table = await self.store.table(live.game_id)
        for c in players(live):
            self._tell_rematch(c, live, gid, rid if c is asker else None)

    def _tell_rematch(self, conn: Conn, live: Live, gid: str, rid: int | None) -> None:
        """Where ``conn``'s players play again: the new game and the seats its token plays there."""
        hashes = {live.holders.get((s, conn)) for s in self.fanout.seats_of(conn, live.game_id)}
        n = len(live.seats)
        seats = sorted((s - 1) % n for s in range(n) if live.seats[s].token_hash in hashes)
        code = live.watch_next
        conn.send(reply(ToClient.REMATCHED, rid, game=live.game_id, next=gid, seats=seats, watch=code))
