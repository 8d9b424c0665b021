"""A headless client of the game server (docs/protocol.md): the tests and the bench use it,
and the game's screens will build on it.

    c = Client("ws://127.0.0.1:8765"); await c.connect()
    made = await c.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "easy"}])
    await play(c, made["game"], made["seats"], random.Random(1))

The client knows only what the server sends it: the latest ``state`` of each
seat it plays (the seat's own view and prompt) and, with ``record=True``,
every message in order. It never runs the rules; a bot here picks one of the
prompt's choice ids.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from fate.protocol import VERSION, ToClient, ToServer
from fate.protocol.proof import prove, public_key

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey


async def within(aw: asyncio.Future[Any] | Any, timeout: float) -> Any:
    """``aw``'s result, or TimeoutError after ``timeout`` seconds (``aw`` cancelled then).
    asyncio.wait, not wait_for: on Python 3.11 wait_for may swallow a cancel of the caller
    that comes as ``aw`` finishes, and a player told to stop would then play on for ever."""
    task = asyncio.ensure_future(aw)
    try:
        done, _ = await asyncio.wait({task}, timeout=timeout)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if not done:
        task.cancel()
        raise TimeoutError
    return task.result()


class ServerError(Exception):
    """The server answered a request with an error message."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.code = message.get("code", "")
        self.message = message.get("message", "")
        super().__init__(f"{self.code}: {self.message}")


class Client:
    def __init__(self, url: str, record: bool = False, ssl: Any = None, headers: dict[str, str] | None = None) -> None:
        self.url = url
        self.record = record
        self.ssl = ssl
        self.headers = headers  # sent with the opening handshake (a proxy's X-Forwarded-For, in tests)
        self.log: list[dict[str, Any]] = []  # every message received, with record=True
        self.arrived: list[float] = []  # when each message of ``log`` came (time.monotonic())
        self.states: dict[tuple[str, int], dict[str, Any]] = {}  # (game, seat) -> latest state
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()
        self._rid = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None

    async def connect(self) -> Client:
        kw: dict[str, Any] = {"proxy": None, "max_size": 2**22, "compression": None, "open_timeout": 30}
        if self.ssl is not None:
            kw["ssl"] = self.ssl
        if self.headers:
            kw["additional_headers"] = self.headers
        self.ws = await connect(self.url, **kw)
        self.closed.clear()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for raw in self._line():
                m = json.loads(raw)
                if self.record:
                    self.log.append(m)
                    self.arrived.append(time.monotonic())
                if m.get("type") in (ToClient.STATE, ToClient.UNDONE):  # undone: decisions were taken back
                    key = (m["game"], m["seat"])
                    old = self.states.get(key)
                    if old is None or old["decision"] <= m["decision"] or m["type"] == ToClient.UNDONE:
                        self.states[key] = m
                self.changed.set()  # anything came: whoever waits for a message looks again
                fut = self._waiting.pop(m.get("rid"), None)
                if fut is not None and not fut.done():
                    fut.set_result(m)
        except ConnectionClosed:
            pass
        finally:
            self.closed.set()
            self.changed.set()
            for fut in self._waiting.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("the connection closed"))
                    fut.exception()  # the request waiting on it (if any) still gets it
            self._waiting.clear()

    def _line(self) -> ClientConnection:
        if self.ws is None:
            raise ConnectionError("the client is not connected")
        return self.ws

    async def send_raw(self, data: str | bytes) -> None:
        await self._line().send(data)

    async def request(self, kind: str, timeout: float = 30.0, **fields: Any) -> dict[str, Any]:
        """Send a message and wait for the first answer to it; ServerError for an error."""
        self._rid += 1
        rid = self._rid
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = fut
        await self._line().send(json.dumps({"v": VERSION, "type": kind, "rid": rid, **fields}))
        try:
            m: dict[str, Any] = await within(fut, timeout)
        finally:
            self._waiting.pop(rid, None)
        if m.get("type") == ToClient.ERROR:
            raise ServerError(m)
        return m

    async def identify(self, key: Ed25519PrivateKey) -> dict[str, Any]:
        """Prove this connection is the player of ``key`` (docs/protocol.md, "Identity"): the
        server's ``identified``."""
        challenge = await self.request(ToServer.HELLO)
        return await self.request(ToServer.IDENTIFY, key=public_key(key), proof=prove(key, challenge["nonce"]))

    async def patient(self, kind: str, timeout: float = 30.0, **fields: Any) -> dict[str, Any]:
        """``request``, asked again while the server says ``rate_limited`` (for up to ``timeout``
        seconds): a game played as fast as the socket goes spends the connection's allowance."""
        end = time.monotonic() + timeout
        while True:
            try:
                return await self.request(kind, timeout=max(1.0, end - time.monotonic()), **fields)
            except ServerError as e:
                if e.code != "rate_limited" or time.monotonic() > end:
                    raise
            await asyncio.sleep(0.1)

    async def until(self, done: Callable[[], object], timeout: float = 60.0) -> None:
        """Wait for messages until ``done()`` is true (TimeoutError after ``timeout`` seconds)."""
        async def wait() -> None:
            while not done():
                self.changed.clear()
                if done() or self.closed.is_set():
                    break
                await self.changed.wait()
        await within(wait(), timeout)
        if not done():
            raise ConnectionError("the connection closed")

    def got(self, kind: str) -> list[dict[str, Any]]:
        """Every message of ``kind`` received so far (with ``record=True``)."""
        return [m for m in self.log if m.get("type") == kind]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


async def play(client: Client, game: str, seats: list[int], rng: random.Random, think: float = 0.0,
               rtts: list[float] | None = None, stop_after: int | None = None) -> dict[str, Any] | None:
    """Answer every prompt of ``seats`` with a random choice until the game is over (the last
    state), or ``stop_after`` choices, or the connection closes (None). ``think``: seconds
    of thought before each choice, at random between half and one and a half of it."""
    answered: set[tuple[int, int]] = set()
    made = 0
    me = asyncio.current_task()
    while True:
        if client.closed.is_set():
            return None
        if me is not None and me.cancelling():  # told to stop, whatever a library swallowed
            raise asyncio.CancelledError
        client.changed.clear()  # before looking: a state that comes after sets it again
        progressed = False
        for seat in seats:
            st = client.states.get((game, seat))
            if st is None:
                continue
            if st["view"]["over"]:
                return st
            prompt, decision = st["prompt"], st["decision"]
            if prompt is None or (seat, decision) in answered:
                continue
            answered.add((seat, decision))
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            choice = rng.choice(prompt["choices"])["id"]
            t0 = time.perf_counter()
            try:
                await client.request("choose", game=game, seat=seat, decision=decision, choice=choice)
            except ServerError as e:
                if e.code == "rate_limited":  # ask again in a moment
                    answered.discard((seat, decision))
                    await asyncio.sleep(0.1)
                    progressed = True
                    continue
                if e.code not in ("stale_decision", "not_your_turn", "game_over"):
                    raise
            except (ConnectionError, ConnectionClosed):
                return None
            if rtts is not None:
                rtts.append(time.perf_counter() - t0)
            made += 1
            progressed = True
            if stop_after is not None and made >= stop_after:
                return client.states.get((game, seat))
        if not progressed:
            # asyncio.wait, not wait_for: on Python 3.11 wait_for may swallow a cancel that comes
            # as the event is set, and a cancelled player would then play on for ever
            waiter = asyncio.ensure_future(client.changed.wait())
            try:
                await asyncio.wait({waiter}, timeout=5.0)
            finally:
                waiter.cancel()
