"""Spectators: who watches each game, and the one delayed feed a game's spectators share.
A part of the server (fate/server/app.py); docs/protocol.md says what ``watch`` does.

A game watched has one ``Audience`` while anyone watches it: the connections watching and
what waits to be shown to them, each item due the host's delay after it happened. The queue
is the game's, never a spectator's: a decision is built once (the engine's ``view(None)`` and
the events every seat may see: fate/server/views.py ``spectate``), queued once, and sent to
every spectator watching when it falls due, by one timer for the game. A spectator arriving
is sent the last view that fell due (nothing if none has yet), then the feed.

Everything here is bounded whatever a client sends (docs/server.md, "What a connection can
make the server hold"): a game's queue holds at most ``STEPS`` views (past that, the newest
two are merged into one: a spectator of a very fast game sees fewer, later steps, never an
early one) and ``TALKS`` messages of talk (past that the oldest waiting is dropped); a game
has at most ``SPECTATORS`` spectators (``SPECTATORS_PER_ADDRESS`` of one address), a connection watches at most ``WATCHES_PER_CONN``
games and an address ``WATCHES_PER_ADDRESS`` in all, and each watch begun counts as a
``join`` against its address's limit a minute (``--max-joins``); a ``watch`` of a game the
connection already watches adds nothing (it is answered ``watching``, and that is all).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fate.content.model import Content
from fate.engine import Event
from fate.protocol import VERSION, ToClient
from fate.server import views
from fate.server.limits import AddressLimits, more_than, span
from fate.server.parts import Conn
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import Store, TableRow, digest

if TYPE_CHECKING:
    from fate.server.live import HeldGames, Live

SPECTATORS = 64  # spectators of one game at once (each decision is sent to each)
SPECTATORS_PER_ADDRESS = 8  # of them from one address (a few addresses cannot take every place)
WATCHES_PER_CONN = 4  # games one connection watches at once
WATCHES_PER_ADDRESS = 16  # games watched at once by all the connections of one address
STEPS = 64  # views a game's delayed feed holds (a view of four seats is some 5 KB)
TALKS = 64  # messages of talk a game's delayed feed holds
EVENTS_HELD = 256  # events one merged step holds (the oldest past that are never told)


@dataclass
class Due:
    """One thing a game's spectators will be shown: a view (``decision`` >= 0) or talk."""

    due: float  # the event loop's time it may be shown
    decision: int = -1  # -1: talk (``text``)
    view: str = ""  # the JSON of view(None)
    events: list[str] = field(default_factory=list)  # the JSON of each event told
    seats: str = "[]"
    drop: int = 0  # how many events told before no longer happened (a take-back)
    cut: int = 0  # events of this step never to be told (merged past EVENTS_HELD)
    text: str = ""

    def then(self, later: Due) -> Due:
        """This step and the ``later`` one as one: the later view, the events of both (those
        the later take-back drops taken off), shown when the later is due."""
        gone = min(later.drop, len(self.events))
        rest = later.drop - gone
        unseen = min(rest, self.cut)  # dropped events that were never going to be told
        events = self.events[:len(self.events) - gone] + later.events
        merged = Due(later.due, later.decision, later.view, events, later.seats,
                     self.drop + rest - unseen, self.cut - unseen)
        if len(merged.events) > EVENTS_HELD:
            merged.cut += len(merged.events) - EVENTS_HELD
            merged.events = merged.events[-EVENTS_HELD:]
        return merged


class Audience:
    """One game's spectators and the feed they share."""

    def __init__(self, gid: str, delay: float) -> None:
        self.gid, self.delay = gid, delay
        self.spectators: set[Conn] = set()
        self.queue: deque[Due] = deque()
        self.steps = self.talks = 0  # views and talk in the queue
        self.timer: asyncio.TimerHandle | None = None
        self.last: Due | None = None  # the last view that fell due
        self._arrival: str | None = None  # ``last`` without its events, for whoever arrives

    def text(self, d: Due, events: bool = True) -> str:
        told = ",".join(d.events) if events else ""
        return (f'{{"v":{VERSION},"type":"{ToClient.SPECTATE}","game":{json.dumps(self.gid)},"decision":{d.decision},'
                f'"view":{d.view},"events":[{told}],"seats":{d.seats},"drop":{d.drop if events else 0}}}')

    def arrival(self) -> str | None:
        if self.last is not None and self._arrival is None:
            self._arrival = self.text(self.last, events=False)
        return self._arrival

    def add_view(self, msg: dict[str, Any]) -> None:
        """Queue a ``spectate`` message (built by views.spectate) for the delay."""
        d = Due(asyncio.get_running_loop().time() + self.delay, msg["decision"],
                json.dumps(msg["view"], separators=(",", ":")),
                [json.dumps(e, separators=(",", ":")) for e in msg["events"]],
                json.dumps(msg["seats"], separators=(",", ":")), msg["drop"])
        if self.steps >= STEPS:  # full: the newest waiting view and this one become one
            i = max(i for i, x in enumerate(self.queue) if x.decision >= 0)
            older = self.queue[i]
            del self.queue[i]
            self.steps -= 1
            d = older.then(d)
        elif len(d.events) > EVENTS_HELD:
            d = Due(d.due).then(d)
        self.queue.append(d)
        self.steps += 1
        self._arm()

    def add_talk(self, text: str) -> None:
        if self.talks >= TALKS:  # full: the oldest line waiting is never shown
            i = next(i for i, x in enumerate(self.queue) if x.decision < 0)
            del self.queue[i]
            self.talks -= 1
        self.queue.append(Due(asyncio.get_running_loop().time() + self.delay, text=text))
        self.talks += 1
        self._arm()

    def _arm(self) -> None:
        if self.timer is None and self.queue:
            self.timer = asyncio.get_running_loop().call_at(self.queue[0].due, self._fall_due)

    def _fall_due(self) -> None:
        self.timer = None
        now = asyncio.get_running_loop().time()
        while self.queue and self.queue[0].due <= now:
            d = self.queue.popleft()
            if d.decision < 0:
                self.talks -= 1
                text = d.text
            else:
                self.steps -= 1
                self.last, self._arrival = d, None
                text = self.text(d)
            for c in list(self.spectators):
                c.send_text(text)
        self._arm()

    def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.queue.clear()
        self.steps = self.talks = 0


async def table_of(games: dict[str, Live], store: Store, gid: str) -> TableRow | None:
    """How a game is offered (public or not, its watch code, the spectators' delay): from
    memory if the game is held here, else from the store."""
    live = games.get(gid)
    return live.table if live is not None else await store.table(gid)


class Spectators:
    """Watching a game: the ``watch`` message, the feed, and watching no more."""

    def __init__(self, store: Store, content: Content, limits: AddressLimits, games: HeldGames) -> None:
        self.store = store
        self.content = content
        self.limits = limits
        self.held_games = games
        self._audiences: dict[str, Audience] = {}  # game -> its spectators and their feed
        self._spectating: dict[Conn, set[str]] = {}  # conn -> games it watches
        self._watching: dict[str, int] = {}  # address -> games its connections watch

    def of(self, gid: str) -> set[Conn]:
        """The game's spectators here."""
        a = self._audiences.get(gid)
        return a.spectators if a is not None else set()

    def watched(self, gid: str) -> bool:
        """Whether anyone here watches the game (it has an audience)."""
        return gid in self._audiences

    async def on_watch(self, conn: Conn, msg: Message) -> None:
        if "code" in msg.fields:  # a watch code is guessed like an invite code: the same limit
            limits, key, c = self.limits, conn.address, self.limits.config
            if not limits.guesses.take(key):
                what = f"{more_than(c.guesses, 'codes that opened nothing')} in {span(c.window)}"
                limits.refused("guesses", key, what)
                raise ProtocolError("too_many", f"{what} from your address; try again later")
            raw = msg["code"].replace("-", "").upper()  # any case, with or without its dashes
            gid = await self.store.watched(digest("-".join(raw[i:i + 4] for i in range(0, len(raw), 4))))
            if gid is None:
                raise ProtocolError("bad_watch", "no game has that watch code (mistyped?)")
            limits.guesses.give_back(key)
        else:
            gid = msg["game"]
            offered = await table_of(self.held_games.games, self.store, gid)
            if offered is None or not offered.public:
                raise ProtocolError("not_public", "that game is private: watch it with the watch code its host gives")
        live = await self.held_games.live(gid)
        if live is None:
            raise ProtocolError("no_such_game", "that game is gone")
        table = live.table or TableRow(gid)
        mine = self._spectating.get(conn, set())
        a = self._audiences.get(gid)
        fresh = gid not in mine
        if fresh:
            self._may_watch(conn, mine, a)
            self.limits.take("joins", conn.address, "joins and watches")  # each costs a look in the store
        conn.send(reply(ToClient.WATCHING, msg.rid, game=gid, delay=table.delay, chat=table.spectator_chat))
        if not fresh:  # watched already: it has the feed; nothing more is built, sent or held for it
            return
        arrival = a.arrival() if a is not None else None
        if table.delay <= 0:
            conn.send(views.spectate(gid, live.game, [], self.content, live.seat_list()))
        elif arrival is not None:
            conn.send_text(arrival)
        if a is None:
            a = self._audiences[gid] = Audience(gid, table.delay)
            if table.delay > 0:  # the game as it stands, shown when the delay has passed
                a.add_view(views.spectate(gid, live.game, [], self.content, live.seat_list()))
        a.spectators.add(conn)
        self._spectating.setdefault(conn, set()).add(gid)
        self._watching[conn.address] = self._watching.get(conn.address, 0) + 1
        if table.spectator_chat:
            said = [r for r in await self.store.chat(gid, views.CHAT_KEPT) if r.at <= time.time() - table.delay]
            if said:
                conn.send(reply(ToClient.TALK, None, game=gid, lines=[views.talk_line(r) for r in said]))

    def _may_watch(self, conn: Conn, mine: set[str], a: Audience | None) -> None:
        """Refused (``too_many``) past a limit of spectators of the game, of games the
        connection watches, or of games its address watches."""
        if a is not None and len(a.spectators) >= SPECTATORS:
            raise ProtocolError("too_many", f"that game has {SPECTATORS} spectators already; try again later")
        if a is not None and sum(c.address == conn.address for c in a.spectators) >= SPECTATORS_PER_ADDRESS:
            raise ProtocolError("too_many", f"that game has {SPECTATORS_PER_ADDRESS} spectators from your address "
                                            "already")
        if len(mine) >= WATCHES_PER_CONN:
            raise ProtocolError("too_many", f"this connection watches {WATCHES_PER_CONN} games already: "
                                            "stop watching one (leave) first")
        if self._watching.get(conn.address, 0) >= WATCHES_PER_ADDRESS:
            what = more_than(WATCHES_PER_ADDRESS, "games watched at once")
            self.limits.refused("watches", conn.address, what)
            raise ProtocolError("too_many", f"{what} from your address; stop watching one first")

    def tell(self, live: Live, events: list[Event], undone: bool) -> None:
        """After a decision (or a take-back): the game's spectators' view, built once, sent
        now or queued once for the delay."""
        a = self._audiences.get(live.game_id)
        if a is None or not a.spectators:
            return
        drop = sum(1 for e in events if e.visible_to(None)) if undone else 0
        msg = views.spectate(live.game_id, live.game, [] if undone else events, self.content,
                             live.seat_list(), drop)
        if a.delay > 0:
            a.add_view(msg)
            return
        text = json.dumps(msg, separators=(",", ":"))
        for c in list(a.spectators):
            c.send_text(text)

    def talk(self, live: Live, text: str) -> None:
        """A message of talk (``text``, its JSON), shown to the game's spectators as late as the game."""
        a = self._audiences.get(live.game_id)
        if a is None or not a.spectators:
            return
        if a.delay > 0:
            a.add_talk(text)
            return
        for c in list(a.spectators):
            c.send_text(text)

    def stop_watching(self, conn: Conn, gid: str | None = None) -> None:
        """``conn`` watches ``gid`` (None: any game) no more; a game nobody watches any more
        holds nothing for spectators."""
        mine = self._spectating.get(conn, set())
        for g in ([gid] if gid is not None else list(mine)):
            if g not in mine:
                continue
            mine.discard(g)
            n = self._watching.get(conn.address, 0) - 1
            if n > 0:
                self._watching[conn.address] = n
            else:
                self._watching.pop(conn.address, None)
            a = self._audiences.get(g)
            if a is not None:
                a.spectators.discard(conn)
                if not a.spectators:
                    a.close()
                    del self._audiences[g]
        if not mine:
            self._spectating.pop(conn, None)
