"""Finished games kept for a time, then deleted (the server's ``--keep-days``, default 30).

A game is gone whole once it has been over for that long and its result has counted for its
players (fate/server/ratings.py): its save, moves, seats, table talk and table. The players'
standings (games, wins, ratings, Elder Gods) stay, and so do their identities. Each process
sweeps now and then (at most every ``SWEEP_SECONDS``, sooner for a short keep), a batch at a
time so that no transaction is long; with several processes each batch is one process's
(PostgreSQL skips the rows another is deleting). 0 keeps every game for ever.
"""

from __future__ import annotations

import asyncio
import logging
import time

from fate.server.parts import quietly
from fate.server.storage import Store

log = logging.getLogger("fate.server")

SWEEP_SECONDS = 600.0
BATCH = 200


class Pruner:
    def __init__(self, store: Store, keep_seconds: float) -> None:
        self.store = store
        self.keep = keep_seconds
        self.pruned = 0  # games deleted by this process (fate/server/operator.py's metrics)

    async def sweep(self) -> int:
        """Delete every game over for longer than the keep; how many went."""
        gone = 0
        while True:
            n = await self.store.prune(time.time() - self.keep, BATCH)
            gone += n
            if n < BATCH:
                break
        if gone:
            self.pruned += gone
            log.info("pruned %d finished games kept %.1f days", gone, self.keep / 86400)
        return gone

    async def run(self) -> None:
        if self.keep <= 0:
            return
        while True:
            await quietly(self.sweep())
            await asyncio.sleep(min(SWEEP_SECONDS, max(1.0, self.keep / 4)))
