"""The limits per address counted by every process together (docs/server.md, "Every limit").

Each process counts what each address does in its own memory (fate/server/limits.py). With
several processes on one PostgreSQL, every ``SHARE_SECONDS`` each writes its counts (the limits
in a window, and the connections open) to the table ``limit_counts`` under its own name and reads
the sums of the others' that are fresh (written in the last ``FRESH_SECONDS``: a process that
died stops counting then); those sums are added to its own at each ``take``. So an address that
spreads itself over the processes meets each limit once over all of them, give or take what it
does between two tellings, instead of once on each. A process writes at most ``MOST`` counts a
time, the largest (an address far from every limit need not be told), and a SQLite store, which
one process owns, shares nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fate.server.limits import AddressLimits
from fate.server.storage import Store

log = logging.getLogger("fate.server")

SHARE_SECONDS = 2.0
FRESH_SECONDS = 10.0
MOST = 2000
CONNECTIONS = "connections"  # the connections open, beside the limits in a window

DROP_MINE = "DELETE FROM limit_counts WHERE owner=? OR at<?"
ADD = "INSERT INTO limit_counts (owner, name, key, n, at) VALUES (?,?,?,?,?)"
OTHERS = "SELECT name, key, SUM(n) FROM limit_counts WHERE owner<>? AND at>=? GROUP BY name, key"


class SharedLimits:
    def __init__(self, store: Store, limits: AddressLimits, owner: str) -> None:
        self.store = store
        self.limits = limits
        self.owner = owner

    def mine(self) -> list[tuple[str, str, int]]:
        """(limit, address, count) of this process, the largest first, at most ``MOST``."""
        rows = [(name, key, n) for name, w in self.limits.windows().items() if w.limit > 0
                for key, n in w.counts().items()]
        rows += [(CONNECTIONS, key, n) for key, n in self.limits.open_counts().items()]
        return sorted(rows, key=lambda r: -r[2])[:MOST]

    async def share(self) -> None:
        now = time.time()
        steps: list[tuple[str, tuple[Any, ...]]] = [(DROP_MINE, (self.owner, now - FRESH_SECONDS))]
        steps += [(ADD, (self.owner, name, key, n, now)) for name, key, n in self.mine()]
        steps.append((OTHERS, (self.owner, now - FRESH_SECONDS)))
        others = (await self.store.run(steps))[-1]
        windows = self.limits.windows()
        elsewhere: dict[str, dict[str, int]] = {name: {} for name in windows}
        opened: dict[str, int] = {}
        for name, key, n in others:
            if name == CONNECTIONS:
                opened[key] = int(n)
            elif name in elsewhere:
                elsewhere[name][key] = int(n)
        for name, w in windows.items():
            w.elsewhere = elsewhere[name]
        self.limits.open_elsewhere = opened

    async def run(self) -> None:
        while True:
            try:
                await self.share()
            except Exception:  # noqa: BLE001 - the store may not answer a while: each counts its own meanwhile
                log.warning("limits: could not share the counts", exc_info=True)
            await asyncio.sleep(SHARE_SECONDS)
