"""WebSockets in and out (the ``websockets`` library); it never touches the rules.

Each connection gets a queue of outgoing messages written by a task of its
own, so a slow reader never holds up a game's other seats. A client that does
not read is cut off within a bound of time and bytes (``WsConn``): when a send
waits ``send_seconds`` (20 s) for it, when what the library holds for it does
not move for that long, or when more than ``OUT_BYTES`` (1 MiB) or
``OUT_QUEUE`` messages wait in the server, or when ``ADDRESS_OUT_BYTES`` (4 MiB) wait for
all the connections of its address and it is the one of them most behind; the socket's own send buffer is
capped (``KERNEL_BYTES``), and the cut is a reset, so the system drops what it
held for that client at once rather than trying to deliver it. Incoming messages
are rate-limited per connection (a token bucket): a message over the limit is
answered with one ``rate_limited`` error and goes no further; a connection that
keeps flooding is closed. A connection beyond its address's limit of connections at once
(fate/server/limits.py) is sent one ``too_many`` error and closed. Frames above
``MAX_FRAME`` are refused by the library (close code 1009); anything smaller
goes to the server's one message door, which refuses above 8 KiB with one
error and keeps the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import ssl
import struct
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from fate.server.app import GameServer
from fate.server.limits import more_than
from fate.server.operator import METRICS_FROM, Operator
from fate.server.protocol import error, rid_of

log = logging.getLogger("fate.server")

MAX_FRAME = 64 * 1024
RATE = 40.0  # messages a second a connection may send, on average
BURST = 80.0  # and at once
FLOOD_CLOSE = 2000  # refused messages after which a connection is closed
OUT_QUEUE = 2048  # messages waiting for a slow reader before it is cut off
OUT_BYTES = 1 << 20  # bytes waiting in the server for a slow reader before it is cut off
ADDRESS_OUT_BYTES = 4 << 20  # bytes waiting for all the connections of one address (past that its worst reader is cut off)
IN_QUEUE = 16  # messages read from a connection and not yet handled (the library's queue, at most 64 KiB each)
SEND_SECONDS = 20.0  # how long a client may leave what it is sent unread
KERNEL_BYTES = 128 * 1024  # the socket's send buffer asked of the system (Linux doubles it)


class Bucket:
    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


def _reset(ws: ServerConnection) -> None:
    """Close at once, without a goodbye that would wait behind what the client does not read:
    a reset (SO_LINGER 0), so the system drops what it still held for the client."""
    sock = ws.transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            # struct linger: two ints (POSIX); Windows reads the first four bytes as two
            # shorts, which little-endian packing makes the same on, 0 seconds
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    ws.transport.abort()


class Held:
    """What waits to be sent to the connections of each address, for the limit over them all."""

    def __init__(self) -> None:
        self.chars: dict[str, int] = {}  # address -> characters waiting
        self.conns: dict[str, set[WsConn]] = {}  # address -> its connections open

    def add(self, conn: WsConn) -> None:
        self.conns.setdefault(conn.address, set()).add(conn)

    def remove(self, conn: WsConn) -> None:
        """``conn`` closed: nothing more is queued for it, and what waited no longer counts."""
        conn.cut = True
        conn._count(-conn.queued)
        mine = self.conns.get(conn.address, set())
        mine.discard(conn)
        if not mine:
            self.conns.pop(conn.address, None)


class WsConn:
    """One client, as fate.server.parts.Conn."""

    def __init__(self, ws: ServerConnection, send_seconds: float = SEND_SECONDS, address: str = "",
                 held: Held | None = None) -> None:
        self.ws = ws
        self.held = Held() if held is None else held
        addr = ws.remote_address
        self.peer = f"{addr[0]}:{addr[1]}" if isinstance(addr, tuple) else str(addr)
        self.address = address or self.peer  # what the limits per address count it as
        self.out: asyncio.Queue[str] = asyncio.Queue(OUT_QUEUE)
        self.queued = 0  # characters (the JSON is ASCII: bytes) waiting in ``out``
        self.send_seconds = send_seconds
        self.cut = False
        self.marks = False  # joined asking which choices end its turn (its table asks "End your turn?")
        self.bucket = Bucket()
        self.refused = 0
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:  # the system holds no more than this for a client that does not read
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, KERNEL_BYTES)

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(json.dumps(message, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        if self.cut:
            return
        if self.out.full() or (self.queued and self.queued + len(text) > OUT_BYTES):  # one big message may wait
            self.cut_off(f"more than {OUT_BYTES // 1024} KiB or {OUT_QUEUE} messages unread")
            return
        self._count(len(text))
        self.out.put_nowait(text)
        if self.held.chars.get(self.address, 0) > ADDRESS_OUT_BYTES:  # its address's slowest reader goes
            worst = max(self.held.conns.get(self.address, ()), key=lambda c: c.queued, default=self)
            worst.cut_off(f"its address leaves more than {ADDRESS_OUT_BYTES >> 20} MiB unread")

    def _count(self, n: int) -> None:
        """``n`` more characters wait for this connection (fewer, if negative)."""
        self.queued += n
        left = self.held.chars.get(self.address, 0) + n
        if left > 0:
            self.held.chars[self.address] = left
        else:
            self.held.chars.pop(self.address, None)

    def cut_off(self, why: str) -> None:
        """It does not read: cut it off rather than hold its messages (and everyone's memory)."""
        if self.cut:
            return
        self.cut = True
        log.warning("%s cut off: %s", self.peer, why)
        while not self.out.empty():  # what waited for it goes now (the writer may still await this queue)
            self.out.get_nowait()
        self._count(-self.queued)
        _reset(self.ws)

    async def writer(self) -> None:
        held = 0  # what the library held for the client when last idle
        try:
            while not self.cut:
                try:
                    async with asyncio.timeout(self.send_seconds):
                        text = await self.out.get()
                except TimeoutError:  # nothing to send: what the library holds must have moved
                    now = self.ws.transport.get_write_buffer_size()
                    if now and now == held:
                        self.cut_off(f"read nothing for {self.send_seconds:.0f} s")
                    held = now
                    continue
                self._count(-len(text))
                try:
                    async with asyncio.timeout(self.send_seconds):
                        await self.ws.send(text)
                except TimeoutError:
                    self.cut_off(f"read nothing for {self.send_seconds:.0f} s")
        except ConnectionClosed:
            pass


async def _refuse(ws: ServerConnection, address: str, limit: int, banned: str = "") -> None:
    """One ``too_many`` error (or ``banned``, its words given), then a close (a reset if the
    client does not take them in 5 s)."""
    text = json.dumps(error("banned", banned) if banned else
                      error("too_many", f"{more_than(limit, 'connections at once')} from your address "
                                        f"({address}); close one and try again"), separators=(",", ":"))
    try:
        async with asyncio.timeout(5):
            await ws.send(text)
            await ws.close(1008 if banned else 1013, "barred" if banned else "too many connections from this address")
    except TimeoutError:
        _reset(ws)
    except ConnectionClosed:
        pass


async def run(app: GameServer, host: str, port: int, certfile: str | None = None, keyfile: str | None = None,
              ready: Callable[[int], None] | None = None, stop: asyncio.Event | None = None,
              send_seconds: float = SEND_SECONDS, metrics_from: tuple[str, ...] = METRICS_FROM) -> None:
    """Serve until ``stop`` is set. ``ready(port)`` is called once listening. A client that
    leaves its messages unread ``send_seconds`` is cut off. Plain HTTP on the same port answers
    the operator's ``/health`` and ``/metrics`` (fate/server/operator.py)."""
    held = Held()  # what waits for each address's connections
    operator = Operator(app, lambda: held.conns, metrics_from)
    context = None
    if certfile:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certfile, keyfile)

    async def handler(ws: ServerConnection) -> None:
        addr = ws.remote_address
        peer = addr[0] if isinstance(addr, tuple) else str(addr)
        forwarded = ",".join(ws.request.headers.get_all("X-Forwarded-For")) if ws.request is not None else ""
        address = app.limits.key(peer, forwarded)
        barred = app.moderation.banned_address(address)
        if barred is not None:  # the operator's ban (fate/server/moderation.py): said once, then closed
            await _refuse(ws, address, 0, f"the server's operator barred your address from this server {barred.words()}")
            return
        if not app.limits.connect(address):
            await _refuse(ws, address, app.limits.config.connections)
            app.limits.refused("connections", address, more_than(app.limits.config.connections,
                                                                 "connections at once"))
            return
        try:
            await _serve(ws, address)
        finally:
            app.limits.disconnect(address)

    async def _serve(ws: ServerConnection, address: str) -> None:
        conn = WsConn(ws, send_seconds, address, held)
        held.add(conn)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        try:
            async for raw in ws:
                if not conn.bucket.take():
                    conn.refused += 1
                    conn.send(error("rate_limited", f"more than {RATE:.0f} messages a second: slow down", rid_of(raw)))
                    if conn.refused >= FLOOD_CLOSE:
                        break
                    continue
                try:
                    await app.handle(conn, raw)
                except Exception:  # a bug must cost one answer, never the server
                    log.exception("message from %s failed", conn.peer)
                    conn.send(error("internal", "the server failed on that message; the game is unchanged"))
        except ConnectionClosed:
            pass
        finally:
            app.gone(conn)
            writer.cancel()
            held.remove(conn)

    async with serve(handler, host, port, ssl=context, max_size=MAX_FRAME, compression=None,
                     process_request=operator.answer,
                     ping_interval=20, ping_timeout=20, max_queue=IN_QUEUE) as server:
        bound = next(iter(server.sockets)).getsockname()[1]
        if ready is not None:
            ready(bound)
        await (stop.wait() if stop is not None else asyncio.Future())
