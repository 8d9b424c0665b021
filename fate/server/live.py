"""A game held in memory by one server process: the engine's game as the store holds it,
its seats, the connections watching each seat, and its undo trail (rebuilt from the
game's choices the first time it is needed after loading); ``HeldGames``, the games a process
holds, each loaded from the store the first time it is asked for."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fate.content.model import Content
from fate.engine import Event, Game, new_game_from
from fate.engine.errors import IllegalChoice
from fate.engine.save import load_data, snapshot
from fate.engine.undo import UndoTrail, revealed
from fate.server.clocks import Clock, read_clock, seat_clock
from fate.server.parts import Conn
from fate.server.storage import GameRow, SeatRow, Store, TableRow

log = logging.getLogger("fate.server")

SEEN = 64  # moments a delayed game keeps for its lobby row (past that the newest is replaced)


def stored_game(content: Content, row: GameRow) -> Game:
    """The game a stored row holds: its save, then the moves made since."""
    g = load_data(content, json.loads(row.save), f"game {row.game}")
    for cid in row.moves:
        g.apply(cid)
    g.take_events()
    return g


def step(g: Game, cid: str, trail: UndoTrail[Game], seats: list[SeatRow]) -> list[Event]:
    """Apply ``cid`` to ``g`` (in place) and note it in the game's undo trail: the one rule
    (fate/engine/undo.py) says whether the seat may take it back."""
    p = g.pending()
    if p is None:
        raise IllegalChoice(f"{cid!r}: the game is over")
    before = g.clone()
    events = g.apply(cid)
    trail.note(p.seat, before, revealed(before, g, events, p.seat), not seats[p.seat].ai_plays())
    return events


def replayed(content: Content, g: Game, upto: int, seats: list[SeatRow]) -> tuple[Game, UndoTrail[Game]]:
    """``g`` as it stood at decision ``upto``, replayed from its start with its undo trail
    (a whole game of some hundred decisions replays in milliseconds)."""
    again = new_game_from(content, g.config)
    again.take_events()
    trail: UndoTrail[Game] = UndoTrail()
    for cid in g.history()[:upto]:
        step(again, cid, trail, seats)
    return again, trail


def rebuilt_trail(content: Content, g: Game, seats: list[SeatRow], gid: str) -> UndoTrail[Game]:
    """The undo trail of a game loaded from the store, as its decisions left it."""
    try:
        again, trail = replayed(content, g, g.decision, seats)
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
    return "ai" if seats[p.seat].ai_plays() else "human"


@dataclass
class Live:
    """A game held in memory by this process."""

    game_id: str
    game: Game
    seats: list[SeatRow]
    host_hash: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[int, set[Conn]] = field(default_factory=dict)  # seat -> connections showing it
    # (seat, connection) -> the hash of the token the connection plays that seat by: when the
    # seat's row no longer names that token (resigned, replaced), the connection loses it
    holders: dict[tuple[int, Conn], str] = field(default_factory=dict)
    content: Content | None = field(default=None, repr=False)  # for rebuilding the undo trail
    kept: UndoTrail[Game] | None = None  # the undo trail (None: not rebuilt since loading)
    table: TableRow | None = None  # how the game is offered (fate/server/lobby.py); None: private
    votes: set[int] = field(default_factory=set)  # seats whose players said "Play again"
    away: frozenset[int] = frozenset()  # seats held by connections of other server processes (fate/server/away.py)
    talked: bool | None = None  # whether the table has talk kept (None: not known since loading)
    talk_n: int | None = None  # the number of the table's last line of talk (None: not known since loading)
    watch_next: str = ""  # the watch code of the game they went on to (told to the players, never stored)
    # whom the game's AI work is charged to in the pool's fair queues (fate/server/aipool.py):
    # the address that created it, while this process remembers (else the game itself)
    made_by: str = ""
    # (when, turn, seat to decide) at each decision of the last ``delay`` seconds and the one
    # before: what the lobby tells of a delayed game is what its spectators may see by now
    seen: deque[tuple[float, int, int | None]] = field(default_factory=deque, repr=False)
    deadline: float | None = None  # when the seat to decide runs out of time (fate/server/clocks.py)
    # when a request last took the game from memory (monotonic): the AI's sweep leaves a game in
    # memory a while after, so that a handler between two awaits never holds one no longer held
    used: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.note_seen()  # as loaded or made (a spectator may see it the delay after now)

    def delay(self) -> int:
        """How many seconds its spectators are kept behind the game."""
        return self.table.delay if self.table is not None else 0

    def note_seen(self) -> None:
        """The game changed: note how it stands now, for when the delay has passed."""
        if self.seen and self.delay() <= 0:
            return
        now = time.time()
        p = self.game.pending()
        moment = (now, self.game.turn, None if p is None else p.seat)
        while len(self.seen) > 1 and self.seen[1][0] <= now - self.delay():
            self.seen.popleft()  # shown already, and the next one too: nobody will see it again
        if len(self.seen) >= SEEN:
            self.seen.pop()
        self.seen.append(moment)

    def seen_at(self, now: float) -> tuple[float, int, int | None] | None:
        """(when, turn, seat to decide) as the game stood its delay before ``now`` (None: it
        was not in this process's memory then: not known)."""
        if self.delay() <= 0:
            p = self.game.pending()
            return (now, self.game.turn, None if p is None else p.seat)
        shown = None
        for moment in self.seen:
            if moment[0] > now - self.delay():
                break
            shown = moment
        return shown

    @property
    def clock(self) -> Clock | None:
        """The game's time control (None: a game from before clocks)."""
        return read_clock(self.table.clock) if self.table is not None else None

    def ai_payer(self) -> str:
        return self.made_by or "game " + self.game_id

    def people_play(self) -> bool:
        """A person plays a seat (someone waits on the AIs' moves), not AIs alone."""
        return any(s.kind != "ai" for s in self.seats)

    @property
    def trail(self) -> UndoTrail[Game]:
        """The games a seat may go back to; after loading, rebuilt by replaying the game's
        choices the first time it is needed (a game loaded only to be listed never pays)."""
        if self.kept is None:
            if self.content is None:  # (a game made without its cards: nothing to replay it with)
                self.kept = UndoTrail()
            else:
                self.kept = rebuilt_trail(self.content, self.game, self.seats, self.game_id)
        return self.kept

    @trail.setter
    def trail(self, trail: UndoTrail[Game] | None) -> None:
        self.kept = trail

    def undo_reason(self, seat: int) -> str:
        """Why ``seat`` cannot take back its last decision now ("" if it can); a seat's
        messages go only to connections holding its token."""
        p = self.game.pending()
        return self.trail.reason(seat, None if p is None else p.seat, not self.seats[seat].ai_plays())

    def session(self) -> dict[str, Any]:
        """Kept in the save beside the game, in the shape the table at home keeps (its Session)."""
        return {"seats": [{"human": s.kind != "ai", "level": s.level or "normal", "colour": s.seat}
                          for s in self.seats],
                "speed": 1, "hints": [0] * len(self.seats), "server": {"game": self.game_id}}

    def seat_list(self) -> list[dict[str, Any]]:
        now = time.time()
        return [{"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name,
                 "claimed": s.kind == "ai" or bool(s.token_hash),
                 "resigned": s.resigned, "here": bool(self.watchers.get(s.seat)) or s.seat in self.away,
                 "clock": seat_clock(self, s, now)}
                for s in self.seats]


class HeldGames:
    """The games this process holds in memory (``games``, by id), each loaded from the store
    the first time it is asked for; of several asking at once, one loads it."""

    def __init__(self, store: Store, content: Content, games: dict[str, Live],
                 loaded: Callable[[Live], None]) -> None:
        self.store = store
        self.content = content
        self.games = games
        self.loaded = loaded  # a game just loaded (fate/server/away.py: who holds its seats elsewhere)
        self._loading: dict[str, asyncio.Future[Live | None]] = {}

    async def live(self, gid: str) -> Live | None:
        """The game in memory, loaded from the store if need be (None: no such game)."""
        live = self.games.get(gid)
        if live is not None:
            live.used = time.monotonic()
            return live
        if gid in self._loading:
            return await asyncio.shield(self._loading[gid])
        fut: asyncio.Future[Live | None] = asyncio.get_running_loop().create_future()
        self._loading[gid] = fut
        try:
            row = await self.store.load_game(gid)
            live = None
            if row is not None:
                seats = await self.store.seats(gid)
                table = await self.store.table(gid)
                g = stored_game(self.content, row)
                live = self.games.get(gid) or Live(gid, g, seats, row.host_hash, content=self.content, table=table,
                                                   deadline=row.deadline)
                self.games[gid] = live
                self.loaded(live)
            fut.set_result(live)
            return live
        except BaseException as e:
            fut.set_exception(e)
            fut.exception()  # retrieved: nobody else need wait on it
            raise
        finally:
            del self._loading[gid]
