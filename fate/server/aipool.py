"""AI seats on the server: bots think in a pool of worker processes, never on the event loop.

A request is the position as save data (text), the seat, the level and a
seed; the answer is a choice id. The bot decides exactly as at the table
(``fate.ai.bots``: from determinizations of what its seat may know). The
seed comes from the game's seed, the seat and the decision number, so which
process decides a move does not change the move. With ``workers=0`` the bots
think on a thread of their own (tests, tiny machines): slower, still never
on the loop. Every worker ends with the server, however the server ends (SIGKILL
included): ``fate.ground.oscompat.die_with_parent`` runs first in each.

Moves that need no search (Random, Easy, Normal: one look ahead at most, a few
milliseconds) never queue behind a search: ``quick`` decides them at once on the server's
loop from the game in memory, the same choice a worker would make from the same seed; the
moves of games of AIs alone are paced (``IDLE_PACE``) so that such games never hog the loop.

Searches (Hard's moves, hints) are fair between games and addresses: the pool hands a worker
at most one request at a time, and the next from its own queues, never first come first
served. Three queues, each emptied before the next is looked at: AI moves of games with a
person in them (someone waits on their opponent), then hints, then AI moves of games of AIs
alone. Within a queue the requests are by whom they are for (``who``: the client address that
created the game or asked the hint), and the next comes from whoever has had the least worker
time lately (halved every ``HALF_LIFE`` seconds), first come first served between equals. With
two workers or more, one is kept for the first queue. A search's budget counts from the moment
it was asked (time spent waiting is taken off it, down to ``MIN_SEARCH``), and while more
requesters wait than there are workers each search gets its share of the budget: so however
many searches one address queues, another game's AI move comes within its budget and about a
second, with one worker or many (docs/server.md, "AI work").
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fate.ground.oscompat import die_with_parent

if TYPE_CHECKING:
    from fate.content.model import Content
    from fate.engine import Game

log = logging.getLogger("fate.server")

HARD_SECONDS = 1.0  # Hard's budget a decision on a server
HALF_LIFE = 30.0  # seconds over which the worker time a client used counts half as much
MIN_SEARCH = 0.1  # seconds a search gets however long it waited
IDLE_PACE = 0.2  # seconds between the quick moves of a game of AIs alone
QUICK_LEVELS = ("random", "easy", "normal")  # levels that need no search: decided at once, on the loop
MOVE, HINT, IDLE_MOVE = 0, 1, 2  # the queues, first to last: a person waits on an AI, a hint, AIs alone

_content: Content | None = None


def _position(save: str, seat: int) -> Game | None:
    """In the worker: the game of ``save`` if ``seat`` is to decide in it, else None."""
    global _content
    from fate.engine import default_content
    from fate.engine.save import load_data

    if _content is None:
        _content = default_content()
    g = load_data(_content, json.loads(save), "the AI's copy of the game")
    p = g.pending()
    return g if p is not None and p.seat == seat else None


def _decide(save: str, seat: int, level: str, seed: int, budget: float) -> str:
    """In the worker: load the position and ask the bot of ``level`` (its choice id)."""
    from fate.ai.bots import make_bot

    g = _position(save, seat)
    if g is None:
        return ""
    return make_bot(level, seed, budget if level == "hard" else None).choose(g).id


def _hint(save: str, seat: int, seed: int, budget: float) -> tuple[str, list[list[Any]]]:
    """In the worker: what Hard would choose for ``seat``, judging from that seat's view only
    (its search runs on determinizations), with its estimates: [(choice id, win, visits)]."""
    from fate.ai.ismcts import HardBot

    g = _position(save, seat)
    if g is None:
        return "", []
    d = HardBot(seed, budget).decide(g)
    return d.choice.id, [[e.choice.id, round(e.win, 4), e.visits] for e in d.estimates]


def _warm() -> int:
    global _content
    from fate.engine import default_content

    if _content is None:
        _content = default_content()
    return len(_content.cards)


def default_workers() -> int:
    """Worker processes for this machine: one core is left to the server's own loop (and the
    database), at most eight; at least two, so that one is always kept for the moves a person
    waits on (on one core the two share it: Hard thinks for its time, whatever it reaches)."""
    return max(2, min(8, (os.cpu_count() or 2) - 1))


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    order: int
    queue: int
    queued: float = field(default_factory=time.monotonic)


class AIPool:
    """``workers`` processes (None: ``default_workers()``; 0: one thread), fed by fair queues."""

    def __init__(self, workers: int | None = None, budget: float = HARD_SECONDS) -> None:
        self.budget = budget
        self.workers = default_workers() if workers is None else workers
        self._slots = max(1, self.workers)
        self._pool = self._new_executor()
        self._queues: list[dict[str, deque[_Job]]] = [{}, {}, {}]  # MOVE, HINT, IDLE_MOVE: who -> requests
        self._used: dict[str, tuple[float, float]] = {}  # who -> (worker seconds, as of when)
        self._busy = 0
        self._busy_other = 0  # of which hints and moves of AIs alone: with two workers or more, one is kept free of them
        self._order = itertools.count()

    def _new_executor(self) -> Executor:
        if self.workers > 0:
            return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=die_with_parent)
        return ThreadPoolExecutor(1, thread_name_prefix="fate-ai")

    async def warm(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._pool, _warm)

    async def decide(self, save: str, seat: int, level: str, seed: int, who: str = "",
                     waiting: bool = True) -> str:
        """An AI seat's choice id. ``who``: whom the game is charged to; ``waiting``: a person
        plays in the game (else its AIs play alone, and wait behind everything else)."""
        choice: str = await self._run(MOVE if waiting else IDLE_MOVE, who, _decide, save, seat, level, seed)
        return choice

    async def hint(self, save: str, seat: int, seed: int, who: str = "") -> tuple[str, list[list[Any]]]:
        """Hard's choice id for ``seat`` and its estimates (fate/server/ai_claims.py tells them)."""
        found: tuple[str, list[list[Any]]] = await self._run(HINT, who, _hint, save, seat, seed)
        return found

    @staticmethod
    async def quick(game: Any, seat: int, level: str, seed: int, waiting: bool = True) -> str:
        """The choice id of a bot of a level in ``QUICK_LEVELS`` for ``seat`` of ``game`` (which it
        does not change), decided here and now ("" if the seat is no longer to decide); after
        ``IDLE_PACE`` when AIs play alone (``waiting`` False)."""
        from fate.ai.bots import make_bot

        if not waiting:
            await asyncio.sleep(IDLE_PACE)
        p = game.pending()
        if p is None or p.seat != seat:
            return ""
        return make_bot(level, seed).choose(game).id

    def queued(self) -> int:
        """Requests waiting for a worker."""
        return sum(len(d) for q in self._queues for d in q.values())

    async def _run(self, queue: int, who: str, fn: Callable[..., Any], *args: Any) -> Any:
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queues[queue].setdefault(who, deque()).append(_Job(fn, args, fut, next(self._order), queue))
        self._pump()
        return await fut

    def _usage(self, who: str, now: float) -> float:
        used, when = self._used.get(who, (0.0, now))
        return float(used * 0.5 ** ((now - when) / HALF_LIFE))

    def _next(self, moves_only: bool) -> tuple[str, _Job] | None:
        now = time.monotonic()
        for q in self._queues[:1] if moves_only else self._queues:
            while q:
                who = min(q, key=lambda w: (self._usage(w, now), q[w][0].order))
                jobs = q[who]
                job = jobs.popleft()
                if not jobs:
                    del q[who]
                if not job.future.done():  # its asker has gone (cancelled): passed over
                    return who, job
        return None

    def _budget(self, job: _Job, who: str, now: float) -> float:
        """The search budget of ``job`` starting now: the pool's, less the time it waited, and
        shared while more requesters wait than there are workers; never under ``MIN_SEARCH``."""
        others = len({w for q in self._queues for w in q} - {who})
        share = self.budget * min(1.0, self._slots / (1 + others))
        return max(MIN_SEARCH, min(self.budget - (now - job.queued), share))

    def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while self._busy < self._slots:
            nxt = self._next(self._slots > 1 and self._busy_other >= self._slots - 1)
            if nxt is None:
                return
            who, job = nxt
            args = (*job.args, self._budget(job, who, time.monotonic()))
            other = job.queue != MOVE
            self._busy += 1
            self._busy_other += other
            started, pool = time.monotonic(), self._pool
            try:
                done = loop.run_in_executor(pool, job.fn, *args)
            except (BrokenProcessPool, RuntimeError) as e:  # a dead pool: made anew, this request fails
                self._busy -= 1
                self._busy_other -= other
                self._broken(e, pool)
                job.future.set_exception(e)
                continue
            done.add_done_callback(self._on_finished(who, job, started, pool))

    def _on_finished(self, who: str, job: _Job, started: float,
                     pool: Executor) -> Callable[[asyncio.Future[Any]], None]:
        """What to do when ``job``'s worker is done (a callback for its future)."""
        return lambda f: self._finished(who, job, started, pool, f)

    def _finished(self, who: str, job: _Job, started: float, pool: Executor, f: asyncio.Future[Any]) -> None:
        self._busy -= 1
        self._busy_other -= job.queue != MOVE
        now = time.monotonic()
        self._used[who] = (self._usage(who, now) + (now - started), now)
        if len(self._used) > 4096:  # long quiet clients are forgotten
            self._used = {w: u for w, u in self._used.items() if now - u[1] < 4 * HALF_LIFE}
        if f.cancelled():
            job.future.cancel()
        elif (failed := f.exception()) is not None:
            if isinstance(failed, BrokenProcessPool):
                self._broken(failed, pool)
            if not job.future.done():
                job.future.set_exception(failed)
        elif not job.future.done():
            job.future.set_result(f.result())
        self._pump()

    def _broken(self, e: BaseException, pool: Executor) -> None:
        """A worker of ``pool`` died (killed, out of memory): unless that is done already, the
        executor is made anew for the next requests."""
        if pool is not self._pool:
            return
        log.warning("AI pool: %s; starting its workers again", e)
        old, self._pool = self._pool, self._new_executor()
        old.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        for q in self._queues:
            for jobs in q.values():
                for job in jobs:
                    job.future.cancel()
            q.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)
