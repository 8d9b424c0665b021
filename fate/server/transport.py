"""WebSockets in and out (the ``websockets`` library); it never touches the rules.

Each connection gets a queue of outgoing messages written by a task of its
own, so a slow reader never holds up a game's other seats: when its queue is
full it is closed. Incoming messages are rate-limited per connection (a token
bucket): a message over the limit is answered with one ``rate_limited`` error
and goes no further; a connection that keeps flooding is closed. Frames above
``MAX_FRAME`` are refused by the library (close code 1009); anything smaller
goes to the server's one message door, which refuses above 8 KiB with one
error and keeps the connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
import time
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from fate.server.app import GameServer
from fate.server.protocol import error, rid_of

log = logging.getLogger("fate.server")

MAX_FRAME = 64 * 1024
RATE = 40.0  # messages a second a connection may send, on average
BURST = 80.0  # and at once
FLOOD_CLOSE = 2000  # refused messages after which a connection is closed
OUT_QUEUE = 2048  # messages waiting for a slow reader before it is cut off


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


class WsConn:
    """One client, as fate.server.presence.Conn."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        addr = ws.remote_address
        self.peer = f"{addr[0]}:{addr[1]}" if isinstance(addr, tuple) else str(addr)
        self.out: asyncio.Queue = asyncio.Queue(OUT_QUEUE)
        self.bucket = Bucket()
        self.refused = 0

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(json.dumps(message, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        try:
            self.out.put_nowait(text)
        except asyncio.QueueFull:  # it does not read: cut it off rather than hold everyone
            self.out = asyncio.Queue(1)
            self.out.put_nowait(None)

    async def writer(self) -> None:
        while True:
            text = await self.out.get()
            if text is None:
                await self.ws.close(1008, "too slow to read its messages")
                return
            await self.ws.send(text)


async def run(app: GameServer, host: str, port: int, certfile: str | None = None, keyfile: str | None = None,
              ready=None, stop: asyncio.Event | None = None) -> None:
    """Serve until ``stop`` is set. ``ready(port)`` is called once listening."""
    context = None
    if certfile:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certfile, keyfile)

    async def handler(ws: ServerConnection) -> None:
        conn = WsConn(ws)
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

    async with serve(handler, host, port, ssl=context, max_size=MAX_FRAME, compression=None,
                     ping_interval=20, ping_timeout=20, max_queue=64) as server:
        bound = next(iter(server.sockets)).getsockname()[1]
        if ready is not None:
            ready(bound)
        await (stop.wait() if stop is not None else asyncio.Future())
