"""The faces the game server's parts see of each other, and nothing more.

The server (fate/server/app.py) is a master given its parts: the store, the fan-out to
connections (fanout.py), spectators (audience.py), who is here across processes (away.py),
the AI driver (ai_claims.py), the undo trail (undo_trail.py), the seats (handlers.py) and
the lobby with its talk (lobby.py). Each is a class built with exactly what it uses; where a
part must call back into the master (an AI's move is a choice; a sweep loads a game) it is
given one of the narrow faces below, never the whole server. The games in memory are a
``HeldGames`` (fate/server/live.py).

- ``Conn``: a client connection as the server sees it (fate/server/transport.py makes them).
- ``Tasks``: the background tasks of the process, cancelled together when it stops.
- ``Choose``: the one path of a choice (checked, committed, then told).
- ``CatchUp``: the game in memory brought up to the store (another process moved it).
- ``Handler``: what answers one message type (the master's table maps each type to one).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from fate.server.protocol import Message
from fate.server.storage import StoreError

if TYPE_CHECKING:
    from fate.server.live import Live

log = logging.getLogger("fate.server")


class Conn(Protocol):
    """A client connection as the server sees it (fate/server/transport.py makes them)."""

    peer: str
    address: str  # what the limits per address count it as (fate/server/limits.py)
    marks: bool  # its states name the choices that end the turn (a join's ``marks``)

    def send(self, message: dict[str, Any]) -> None: ...

    def send_text(self, text: str) -> None: ...


# (the connection that asked, the number of its request): its answer carries the number back
Asker = tuple[Conn | None, int | None]
NOBODY: Asker = (None, None)

Handler = Callable[[Conn, Message], Awaitable[None]]


class Choose(Protocol):
    """Apply one choice of ``seat`` at ``decision`` (fate/server/app.py ``GameServer.choose``)."""

    def __call__(self, live: Live, seat: int, decision: int, choice: str,
                 who: Asker = NOBODY) -> Awaitable[None]: ...


class CatchUp(Protocol):
    """Bring the game in memory up to the store (fate/server/app.py ``GameServer.catch_up``)."""

    def __call__(self, live: Live, seats: bool = True, since: int | None = None) -> Awaitable[None]: ...


async def quietly(coro: Awaitable[Any]) -> None:
    """Await ``coro``; a store that does not answer is told in the log, never raised."""
    try:
        await coro
    except StoreError as e:
        log.warning("store: %s", e)


class Tasks:
    """The process's background tasks: each kept until it ends, all cancelled at ``stop``."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        t = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(t)
        t.add_done_callback(self._tasks.discard)
        return t

    def quietly(self, coro: Awaitable[Any]) -> None:
        """Run ``coro`` in the background; a store that does not answer is only logged."""
        self.spawn(quietly(coro))

    async def stop(self) -> None:
        for t in list(self._tasks):
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
