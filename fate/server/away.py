"""Who is at a table across server processes: a player connected through another process
of a community server (PostgreSQL) is shown as connected, not "(not connected)".

Each process says which seats of a game its connections hold whenever that changes, and
says it again every ``HEARTBEAT_SECONDS`` while it holds any (``Store.announce``: a notice on
PostgreSQL's channel, nothing with SQLite, which has one process). Each process keeps what the
others said, per game and process, until ``AWAY_SECONDS`` pass without it being said again:
a process that dies stops counting within that time. A game's seats are told again to its
players here when what the others hold of it changes. What is kept is bounded by the games
held somewhere times the processes. The heartbeat lives here too: every ``HEARTBEAT_SECONDS``
the seats held by this process's connections are marked as seen in the store. A part of the
server (fate/server/app.py): the fan-out (fanout.py) calls ``say_held`` whenever it tells a
table's seats.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from fate.server.fanout import show_seats
from fate.server.parts import Tasks
from fate.server.storage import Store, StoreError

if TYPE_CHECKING:
    from fate.server.live import Live

log = logging.getLogger("fate.server")

HEARTBEAT_SECONDS = 20.0  # how often the seats held by connections are marked as seen

AWAY_SECONDS = 2.5 * HEARTBEAT_SECONDS  # how long another process's word on its seats holds unless said again
MAX_WORD = 200  # characters of a notice's word on seats ("owner:0,1,2,3")


def word(owner: str, n: int, seats: list[int]) -> str:
    """A process's ``n``th word on the seats it holds of a game (the numbers put words that
    arrive out of order back in order)."""
    return f"{owner}:{n}:{','.join(str(s) for s in seats)}"


def heard_word(text: str) -> tuple[str, int, frozenset[int]] | None:
    """(owner, n, seats) from ``word``'s text, None if it is not one."""
    owner, _, rest = text[:MAX_WORD].partition(":")
    n, sep, rest = rest.partition(":")
    if not sep or not owner:
        return None
    try:
        seats, number = frozenset(int(s) for s in rest.split(",") if s), int(n)
    except ValueError:
        return None
    return (owner, number, seats) if all(0 <= s < 4 for s in seats) else None


class Away:
    """The seats other processes hold, this one's word on its own, and the heartbeat."""

    def __init__(self, store: Store, owner: str, tasks: Tasks, games: dict[str, Live]) -> None:
        self.store = store
        self.owner = owner  # this process's name in its words
        self.tasks = tasks
        self.games = games  # the games in memory (the master's)
        self._away: dict[str, dict[str, tuple[frozenset[int], float]]] = {}  # game -> owner -> (seats, until)
        self._last_word: dict[tuple[str, str], int] = {}  # (game, owner) -> the number of its last word heard
        self._said: dict[str, frozenset[int]] = {}  # game -> the seats this process last said it holds
        self._words = 0

    def say_held(self, live: Live) -> None:
        """Tell the other processes which seats of the game this one holds, if that changed."""
        held = frozenset(s for s, w in live.watchers.items() if w)
        if self._said.get(live.game_id, frozenset()) == held:
            return
        if held:
            self._said[live.game_id] = held
        else:
            self._said.pop(live.game_id, None)
        self._words += 1
        self.tasks.quietly(self.store.announce(live.game_id, word(self.owner, self._words, sorted(held))))

    def _away_seats(self, gid: str, now: float) -> frozenset[int]:
        return frozenset().union(*(seats for seats, until in self._away.get(gid, {}).values() if until > now))

    def heard(self, gid: str, text: str) -> None:
        """Another process said which seats of ``gid`` it holds (``word``)."""
        heard = heard_word(text)
        if heard is None or heard[0] == self.owner:
            return
        owner, n, seats = heard
        if n <= self._last_word.get((gid, owner), 0):
            return  # older than a word already heard
        now = time.time()
        others = self._away.setdefault(gid, {})
        self._last_word[(gid, owner)] = n  # kept a while even once empty (forgotten by the keeper)
        if seats:
            others[owner] = (seats, now + AWAY_SECONDS)
        else:
            others.pop(owner, None)
            if not others:
                del self._away[gid]
        self._changed(gid, now)

    def _changed(self, gid: str, now: float) -> None:
        live = self.games.get(gid)
        if live is not None and live.away != (away := self._away_seats(gid, now)):
            live.away = away
            show_seats(live)

    async def keeper(self) -> None:
        """Say again what this process holds, every ``HEARTBEAT_SECONDS``; forget what the others
        said and did not say again (their process stopped)."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            for gid in list(self._said):  # what is held now (a seat may have been let go unsaid)
                live = self.games.get(gid)
                held = frozenset(s for s, w in live.watchers.items() if w) if live is not None else frozenset()
                if held:
                    self._said[gid] = held
                else:
                    self._said.pop(gid, None)
                try:
                    self._words += 1
                    await self.store.announce(gid, word(self.owner, self._words, sorted(held)))
                except StoreError as e:
                    log.warning("presence: %s", e)
                    break
            now = time.time()
            for gid, others in list(self._away.items()):
                for owner in [o for o, (_, until) in others.items() if until <= now]:
                    del others[owner]
                if not others:
                    del self._away[gid]
                self._changed(gid, now)
            self._last_word = {k: n for k, n in self._last_word.items() if k[1] in self._away.get(k[0], {})}

    def loaded(self, live: Live) -> None:
        """A game just loaded here: what the others hold of it."""
        live.away = self._away_seats(live.game_id, time.time())

    async def heartbeat(self) -> None:
        """Mark the seats held by this process's connections as seen, every ``HEARTBEAT_SECONDS``."""
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
