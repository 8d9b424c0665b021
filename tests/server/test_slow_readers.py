"""Clients that never read (issue 43): each is cut off within the server's bound of time and
bytes, with what the server held for it dropped, while an honest game plays on."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import socket
from pathlib import Path
from urllib.parse import urlsplit

from fate.net.client import Client, play
from fate.server.protocol import VERSION

SEND_SECONDS = 2.0
RAW_CLIENTS = 50


def frame(text: str) -> bytes:
    """One masked text frame, as a client must send it."""
    data = text.encode("utf-8")
    mask = os.urandom(4)
    n = len(data)
    head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big"))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def never_reading_client(url: str, game: str, token: str, joins: int) -> socket.socket:
    """A WebSocket client by hand that asks for ``joins`` times the game's states and reads
    nothing at all, not even the handshake's answer (a small receive buffer: the server's side
    fills first)."""
    host, port = urlsplit(url).hostname, urlsplit(url).port
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
    s.connect((host, port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    join = frame(json.dumps({"v": VERSION, "type": "join", "game": game, "token": token}))
    s.sendall(join * joins)
    return s


def held_for_clients(port: int) -> int | None:
    """Bytes the system holds to send from the server's port, over all its connections (Linux's
    /proc/net/tcp; None where there is none)."""
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not tables[0].exists():
        return None
    total = 0
    for table in tables:
        for line in table.read_text().splitlines()[1:] if table.exists() else []:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                total += int(fields[4].split(":")[0], 16)
    return total


def closed_by_server(s: socket.socket, within: float) -> bool:
    """True if the server has ended the connection (reset, or closed) once what the system had
    already received is read; False if it still holds it open after ``within`` seconds of silence."""
    s.settimeout(within)
    try:
        while s.recv(1 << 16):
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    finally:
        s.close()


def test_fifty_clients_that_never_read_are_all_cut_off_within_the_bound_and_a_game_plays_on(servers, tmp_path):
    log = tmp_path / "server.log"
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--send-seconds", str(SEND_SECONDS),
                  log=log)

    async def main():
        honest = await Client(srv.url).connect()
        made = await honest.request("create", seats=[{"kind": "host"}, {"kind": "host"}])
        raw = await asyncio.gather(*(asyncio.to_thread(never_reading_client, srv.url, made["game"], made["token"], 30)
                                     for _ in range(RAW_CLIENTS)))
        rtts: list[float] = []
        last = await play(honest, made["game"], made["seats"], random.Random(1), rtts=rtts, think=0.02,
                          stop_after=60)
        # the bound: a send waits SEND_SECONDS at most; what the library holds is looked at
        # twice that far apart when nothing is sent (from the last message sent: the game's last
        # move; those whose address had over 4 MiB waiting went long before)
        await asyncio.sleep(2 * SEND_SECONDS + 3.0)
        held = held_for_clients(urlsplit(srv.url).port)  # the raw sockets not closed yet on this side
        closed = await asyncio.gather(*(asyncio.to_thread(closed_by_server, s, 1.0) for s in raw))
        still = await honest.request("games", tokens=[made["token"]])
        await honest.close()
        return closed, rtts, still, held, last

    closed, rtts, still, held, last = asyncio.run(main())
    assert closed == [True] * RAW_CLIENTS
    assert held in (0, None)  # nothing left in the system's send buffers for them (Linux tells)
    # the honest game never stopped: 60 choices answered, or every one until the game's end (the
    # server deals each game at random, and a game of random choices may end sooner)
    assert last is not None and (len(rtts) == 60 or last["view"]["over"])
    assert still["games"][0]["decision"] >= len(rtts)
    assert log.read_text().count(" cut off: ") == RAW_CLIENTS  # each once, with its reason


def test_a_watcher_that_stops_reading_is_cut_off_after_the_send_bound_though_little_waits_for_it(servers, tmp_path):
    """Clients that join once and then read nothing while the game goes on: what waits for them
    in the server stays far below its byte bound, so the time bound is the one that cuts them off."""
    log = tmp_path / "server.log"
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--send-seconds", str(SEND_SECONDS),
                  log=log)

    async def main():
        honest = await Client(srv.url).connect()
        made = await honest.request("create", seats=[{"kind": "host"}, {"kind": "host"}])
        raw = await asyncio.gather(*(asyncio.to_thread(never_reading_client, srv.url, made["game"], made["token"], 1)
                                     for _ in range(5)))
        await play(honest, made["game"], made["seats"], random.Random(2), think=0.01, stop_after=80)
        await asyncio.sleep(SEND_SECONDS + 2.0)
        closed = await asyncio.gather(*(asyncio.to_thread(closed_by_server, s, 1.0) for s in raw))
        await honest.close()
        return closed

    closed = asyncio.run(main())
    assert closed == [True] * 5
    assert log.read_text().count(f" cut off: read nothing for {SEND_SECONDS:.0f} s") == 5
