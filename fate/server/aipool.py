"""AI seats on the server: bots think in a pool of worker processes, never on the event loop.

A request is the position as save data (text), the seat, the level and a
seed; the answer is a choice id. The bot decides exactly as at the table
(``fate.ai.bots``: from determinizations of what its seat may know). The
seed comes from the game's seed, the seat and the decision number, so which
process decides a move does not change the move. With ``workers=0`` the bots
think on a thread of their own (tests, tiny machines): slower, still never
on the loop. Every worker ends with the server, however the server ends (SIGKILL
included): ``fate.oscompat.die_with_parent`` runs first in each.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from fate.oscompat import die_with_parent

HARD_SECONDS = 1.0  # Hard's budget a decision on a server

_content = None


def _position(save: str, seat: int):
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


def _hint(save: str, seat: int, seed: int, budget: float) -> tuple[str, list]:
    """In the worker: what Hard would choose for ``seat``, judging from that seat's view only
    (its search runs on determinizations), with its estimates: [(choice id, win, visits)]."""
    from fate.ai.bots import HardBot

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


class AIPool:
    def __init__(self, workers: int = 1, budget: float = HARD_SECONDS) -> None:
        self.budget = budget
        if workers > 0:
            self._pool: Executor = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=die_with_parent)
        else:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="fate-ai")

    async def warm(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._pool, _warm)

    async def decide(self, save: str, seat: int, level: str, seed: int) -> str:
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, _decide, save, seat, level, seed, self.budget)

    async def hint(self, save: str, seat: int, seed: int) -> tuple[str, list]:
        return await asyncio.get_running_loop().run_in_executor(self._pool, _hint, save, seat, seed, self.budget)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
