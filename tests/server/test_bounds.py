"""Bounded by construction (issue 51, item 1; docs/server.md, "What a connection can make the
server hold"): each kind of state a stranger can make the server hold is driven far past its
cap from many client addresses (each connection bound to its own loopback source address,
127.0.0.N, as the server's limits count them), against a real server process with SQLite;
the server's memory (its RSS, read from /proc) stays flat after the warm-up and the server
still answers another client at once. And the lobby's row of a delayed game (item 3) tells
only what its spectators may already see."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import socket
import sys
import time
from collections import Counter
from urllib.parse import urlsplit

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fate.net.client import Client, play
from fate.server.protocol import VERSION

from ..soak import soak_seconds
from .test_slow_readers import frame

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="binds 127.0.0.N source addresses and reads /proc (Linux)")

GROWTH_KB = 4096  # what the server may grow by after the warm-up, however long a flood goes on
FLOOD = soak_seconds(5.0, 10.0)  # the length of a flood after its warm-up (CI: 10 s; tests/soak.py)


def rss_kb(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (/proc/PID/status)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


class Stranger:
    """A protocol client of a stranger's own, from source address 127.0.0.``n``: it sends what
    it is told to and reads (and counts) everything it is sent."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.got: Counter = Counter()  # message type (or error code) -> how many
        self.ws = None
        self._reader: asyncio.Task | None = None
        self.rid = 0
        self.sent = 0
        self.answered: set[int] = set()  # the numbers of its requests answered

    async def connect(self, url: str) -> Stranger:
        self.ws = await connect(url, proxy=None, local_addr=(f"127.0.0.{self.n}", 0), open_timeout=30,
                                max_size=2**22, compression=None)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                m = json.loads(raw)
                self.got[m.get("code", m["type"])] += 1
                if m.get("rid") is not None:
                    self.answered.add(m["rid"])
        except ConnectionClosed:
            self.got["closed"] += 1

    async def send(self, kind: str, **fields) -> None:
        self.rid += 1
        self.sent += 1
        await self.ws.send(json.dumps({"v": VERSION, "type": kind, "rid": self.rid, **fields}))

    async def close(self) -> None:
        await self.ws.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=5)


async def flood(strangers: list[Stranger], message, seconds: float, rate: float) -> None:
    """Each stranger sends ``message(stranger, i)`` (a (type, fields) pair) ``rate`` times a
    second, under the server's limit of messages a second, for ``seconds``."""
    async def one(s: Stranger) -> None:
        i, end = 0, time.monotonic() + seconds
        while time.monotonic() < end:
            kind, fields = message(s, i)
            await s.send(kind, **fields)
            i += 1
            await asyncio.sleep(1 / rate)
    await asyncio.gather(*(one(s) for s in strangers))


async def settled(strangers: list[Stranger], most: float = 60.0) -> None:
    """Until every request of the strangers is answered and they have been sent nothing more
    for a second (what the flood asked for has all come)."""
    end, last = time.monotonic() + most, -1
    while time.monotonic() < end and not all(len(s.answered) >= s.sent or s.got["closed"]
                                                    for s in strangers):
        await asyncio.sleep(0.2)
    while time.monotonic() < end:
        now = sum(sum(s.got.values()) for s in strangers)
        if now == last:
            return
        last = now
        await asyncio.sleep(1.0)


async def answers_at_once(url: str) -> None:
    """Another client, from an address of its own, is answered within a few seconds."""
    c = await Client(url).connect()
    async with asyncio.timeout(5):
        assert (await c.request("games", tokens=["x" * 16]))["games"] == []
    await c.close()


async def strangers_from(url: str, addresses: range, each: int) -> list[Stranger]:
    return [await Stranger(n).connect(url) for n in addresses for _ in range(each)]


def test_watch_sent_again_and_again_from_many_addresses_holds_nothing_more(servers, tmp_path):
    """The reported hole: ``watch`` of a game the connection already watches, thousands of
    times, on public games with the longest delay (300 s) while their players play on: each
    repeat is answered and adds nothing; past 4 games a connection (16 an address) is refused;
    each game's delayed feed holds its own bounded queue, not a copy per spectator."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", address_limits=True)

    async def main():
        hosts = [await Client(srv.url).connect() for _ in range(6)]
        made = [await h.request("create", seats=[{"kind": "host"}] * 4, public=True, watch_delay=300,
                                spectator_chat=True) for h in hosts]
        games = [m["game"] for m in made]
        players = [asyncio.create_task(play(h, m["game"], m["seats"], random.Random(i), think=0.05))
                   for i, (h, m) in enumerate(zip(hosts[:2], made[:2], strict=True))]  # two games move on all along
        strangers = await strangers_from(srv.url, range(2, 10), 5)  # 8 addresses, 5 connections each

        def watch(s: Stranger, i: int):  # the first game again and again, and now and then another
            return "watch", {"game": games[0] if i % 2 else games[(s.n + i // 2) % len(games)]}

        await flood(strangers, watch, 3.0, 15)
        warm = rss_kb(srv.proc.pid)
        await flood(strangers, watch, FLOOD, 15)
        await settled(strangers)

        def first() -> dict:  # the state of the game watched again and again (four seats: a long game)
            return hosts[0].states[(games[0], 0)]

        end = time.monotonic() + 60  # a busy computer may play fewer decisions than the flood lasts: on
        while first()["decision"] <= 64 and not first()["view"]["over"] and time.monotonic() < end:
            await asyncio.sleep(0.2)
        grown = rss_kb(srv.proc.pid) - warm
        await answers_at_once(srv.url)
        decided = first()["decision"]
        for p in players:
            p.cancel()
        got = sum((s.got for s in strangers), Counter())
        for c in strangers:
            await c.close()
        for h in hosts:
            await h.close()
        return got, grown, decided

    got, grown, decided = asyncio.run(main())
    assert got["watching"] > 3000  # far past the cap: every repeat answered...
    assert got["too_many"] > 300  # ...and a fifth game of a connection, or a 17th of an address, refused
    assert got["spectate"] == 0  # nothing is shown before the delay has passed
    assert decided > 64  # more decisions than a feed holds: the feed merges, never grows
    assert grown < GROWTH_KB, f"the server grew by {grown} KiB during the flood"


def test_the_lobby_row_of_a_delayed_game_tells_what_its_spectators_see_not_the_live_game(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")
    delay = 6

    async def row(c: Client, gid: str) -> dict:
        await asyncio.sleep(2.05)  # the list is built at most every 2 s and asked as often
        return next(g for g in (await c.request("lobby"))["games"] if g["game"] == gid)

    def to_decide(c: Client, gid: str) -> int | None:
        prompt = c.states[(gid, 0)]["view"].get("prompt")
        return None if prompt is None else prompt["seat"]

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] * 2 + [{"kind": "remote"}],
                                  public=True, watch_delay=delay)
        gid = made["game"]
        created = time.monotonic()
        await host.until(lambda: (gid, 0) in host.states)
        first = (host.states[(gid, 0)]["view"]["turn"], to_decide(host, gid))
        looker = await Client(srv.url).connect()
        early = await row(looker, gid)
        await asyncio.sleep(max(0.0, created + delay + 0.5 - time.monotonic()))
        seen = await row(looker, gid)  # the game as made: its spectators see it now
        spectator = await Client(srv.url, record=True).connect()
        await spectator.request("watch", game=gid)
        moved = time.monotonic()
        while to_decide(host, gid) == first[1]:  # the host plays until another seat is asked
            await play(host, gid, made["seats"], random.Random(len(host.states)), stop_after=1)
        live = (host.states[(gid, 0)]["view"]["turn"], to_decide(host, gid))
        late = await row(looker, gid)  # moves made 2 s ago: no spectator has seen them
        shown = spectator.got("spectate")
        await asyncio.sleep(max(0.0, moved + delay + 0.5 - time.monotonic()))
        caught_up = await row(looker, gid)
        last_shown = spectator.got("spectate")[-1]["view"]
        for c in (host, looker, spectator):
            await c.close()
        return first, live, early, seen, late, shown, caught_up, last_shown

    first, live, early, seen, late, shown, caught_up, last_shown = asyncio.run(main())
    assert live != first  # the game moved on: another seat is asked now
    assert (early["turn"], early["to_decide"]) == (0, None)  # nothing seen yet: nothing told
    assert (seen["turn"], seen["to_decide"]) == first
    assert shown == [] and (late["turn"], late["to_decide"]) == first  # not the live game
    assert late["updated"] <= seen["updated"] + 1  # nor when it last moved
    assert (caught_up["turn"], caught_up["to_decide"]) == live
    assert (last_shown["turn"], last_shown["prompt"]["seat"]) == live  # what the spectator sees


def test_joins_from_many_addresses_hold_at_most_64_connections_a_seat_and_the_first_keeps_it(servers, tmp_path):
    """A seat's token handed to 70 connections of 5 addresses, each joining again and again:
    at most 64 connections play the seat, the player there first among them, and memory stays flat."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-joins", "0", address_limits=True)

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] * 2)
        gid, token = made["game"], made["token"]
        strangers = await strangers_from(srv.url, range(2, 7), 14)  # 70 connections
        join = lambda s, i: ("join", {"game": gid, "token": token})  # noqa: E731
        await flood(strangers, join, 2.0, 2)
        warm = rss_kb(srv.proc.pid)
        await flood(strangers, join, FLOOD * 0.6, 2)
        await settled(strangers)
        grown = rss_kb(srv.proc.pid) - warm
        before = [s.got["state"] for s in strangers]
        await play(host, gid, made["seats"], random.Random(2), stop_after=1)  # the host still plays
        await asyncio.sleep(1.0)
        told = sum(1 for s, n in zip(strangers, before, strict=True) if s.got["state"] > n)
        await answers_at_once(srv.url)
        joins = sum(s.got["joined"] for s in strangers), sum(s.sent for s in strangers)
        for c in strangers:
            await c.close()
        await host.close()
        return grown, told, joins

    grown, told, joins = asyncio.run(main())
    assert joins[0] == joins[1] > 88 * (2 + FLOOD * 0.6)  # every join answered (most of the 140 a second sent)
    assert 0 < told <= 63  # 64 connections play the seat at most: the host's and 63 others
    assert grown < GROWTH_KB, f"the server grew by {grown} KiB during the flood"


def test_a_connection_joining_forty_games_plays_the_last_32_of_them(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-joins", "0", "--max-games", "0",
                  address_limits=True)

    async def main():
        host = await Client(srv.url).connect()
        made = [await host.request("create", seats=[{"kind": "host"}] * 2) for _ in range(40)]
        strangers = await strangers_from(srv.url, range(2, 12), 1)

        async def one(s: Stranger) -> None:  # under the limit of messages a second
            for m in made * 3:  # each game three times: a join again replaces
                await s.send("join", game=m["game"], token=m["token"])
                await asyncio.sleep(1 / 30)
            for m in made:  # a move at a decision long gone: refused as stale if it holds the seat
                await s.send("choose", game=m["game"], seat=0, decision=9999, choice="x")
                await asyncio.sleep(1 / 30)

        await asyncio.gather(*(one(s) for s in strangers))
        await settled(strangers)
        got = [s.got for s in strangers]
        for c in strangers:
            await c.close()
        await host.close()
        return got

    for got in asyncio.run(main()):
        assert got["joined"] == 120
        assert (got["stale_decision"], got["not_your_seat"]) == (32, 8)


def test_lobby_asked_from_many_addresses_costs_one_list(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-games", "0", address_limits=True)

    async def main():
        host = await Client(srv.url).connect()
        for i in range(30):
            await host.request("create", seats=[{"kind": "host", "name": f"Host {i}"}, {"kind": "remote"}],
                               public=True)
        strangers = await strangers_from(srv.url, range(2, 18), 3)  # 48 connections
        ask = lambda s, i: ("lobby", {})  # noqa: E731
        await flood(strangers, ask, 3.0, 10)
        warm = rss_kb(srv.proc.pid)
        await flood(strangers, ask, FLOOD, 10)
        await settled(strangers)
        grown = rss_kb(srv.proc.pid) - warm
        await answers_at_once(srv.url)
        got = sum((s.got for s in strangers), Counter())
        for c in strangers:
            await c.close()
        await host.close()
        return got, grown

    got, grown = asyncio.run(main())
    # one list every 2 s a connection; the rest of the 480 a second asked refused
    assert got["lobby"] >= 48 * int((3 + FLOOD) / 2 - 0.5) and got["rate_limited"] > 230 * (3 + FLOOD)
    assert grown < GROWTH_KB, f"the server grew by {grown} KiB during the flood"


def test_talk_from_many_addresses_to_a_delayed_audience_holds_a_bounded_queue(servers, tmp_path):
    """Players (a token shared over 12 addresses) talk as fast as the limits let them before
    40 spectators of a game 300 s behind: the talk waits in the game's one queue, bounded."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-joins", "0", address_limits=True)

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] * 2, public=True, watch_delay=300,
                                  spectator_chat=True)
        gid = made["game"]
        talkers = await strangers_from(srv.url, range(2, 14), 3)
        for s in talkers:
            await s.send("join", game=gid, token=made["token"])
        watchers = await strangers_from(srv.url, range(20, 28), 5)
        for s in watchers:
            await s.send("watch", game=gid)
        talk = lambda s, i: ("chat", {"game": gid, "text": f"line {i} from {s.n} " + "x" * 120})  # noqa: E731
        await flood(talkers, talk, 3.0, 2)
        warm = rss_kb(srv.proc.pid)
        await flood(talkers, talk, FLOOD, 2)
        await settled(talkers)
        grown = rss_kb(srv.proc.pid) - warm
        await answers_at_once(srv.url)
        said = sum(s.got["talk"] for s in talkers)
        heard = sum(s.got["talk"] for s in watchers)
        for c in talkers + watchers:
            await c.close()
        await host.close()
        return said, heard, grown

    said, heard, grown = asyncio.run(main())
    assert said > 36 * 36  # each line told to each of the 36 players' connections
    assert heard == 0  # spectators hear it 300 s late, like the game
    assert grown < GROWTH_KB, f"the server grew by {grown} KiB during the flood"


def never_reading(url: str, n: int, message: dict) -> socket.socket:
    """A client from 127.0.0.``n`` that sends ``message`` and never reads a byte."""
    host, port = urlsplit(url).hostname, urlsplit(url).port
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)
    s.bind((f"127.0.0.{n}", 0))
    s.connect((host, port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    s.sendall(frame(json.dumps({"v": VERSION, **message})))
    return s


def test_what_waits_unread_for_one_address_is_bounded_and_its_reader_is_served(servers, tmp_path):
    """Twelve connections of one address that never read hold the seats of a game played fast,
    and a spectator of the same address reads: past 4 MiB waiting for the address its slowest
    readers are cut off (each well before its own 1 MiB), the reader sees every decision, and
    memory stays flat."""
    log = tmp_path / "server.log"
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", log=log, address_limits=True)

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] * 4, public=True, watch_delay=0, seed=1)
        gid = made["game"]
        reader = await Client(srv.url, record=True).connect()
        raw = [never_reading(srv.url, 9, {"type": "join", "game": gid, "token": made["token"]}) for _ in range(12)]
        honest = await Stranger(9).connect(srv.url)
        await honest.send("watch", game=gid)
        await play(host, gid, made["seats"], random.Random(5), stop_after=10)
        warm, most = rss_kb(srv.proc.pid), 0
        playing = asyncio.create_task(play(host, gid, made["seats"], random.Random(6), stop_after=240))
        while not playing.done():
            most = max(most, rss_kb(srv.proc.pid))
            await asyncio.sleep(0.1)
        final = host.states[(gid, 0)]["decision"]
        await settled([honest])
        await answers_at_once(srv.url)
        got = honest.got
        for s in raw:
            s.close()
        await honest.close()
        for c in (host, reader):
            await c.close()
        return most - warm, final, got

    grown, final, got = asyncio.run(main())
    assert final >= 100 and got["spectate"] == final + 1 and got["closed"] == 0  # every decision, once
    assert log.read_text().count("its address leaves more than 4 MiB unread") >= 2
    assert grown < GROWTH_KB + 4096, f"the server grew by {grown} KiB while the game was played"


def test_games_and_invite_codes_asked_past_the_limit_from_many_addresses_hold_nothing(servers, tmp_path):
    """16 addresses ask for 60 games each, with an invite code a seat: 20 each are made (the
    limit of the window), the rest refused, and the refused ones hold nothing."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", address_limits=True)
    seats = [{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"}, {"kind": "remote"}]

    async def main():
        strangers = await strangers_from(srv.url, range(2, 18), 1)
        create = lambda s, i: ("create", {"seats": seats, "public": i % 2 == 0})  # noqa: E731
        await flood(strangers, create, 3.0, 10)  # 30 asked each: the limit reached
        await settled(strangers)
        warm = rss_kb(srv.proc.pid)
        await flood(strangers, create, 3.0, 10)
        await settled(strangers)
        grown = rss_kb(srv.proc.pid) - warm
        await answers_at_once(srv.url)
        got = [(s.got, s.sent) for s in strangers]
        for c in strangers:
            await c.close()
        return got, grown

    got, grown = asyncio.run(main())
    assert all(g["created"] == 20 and g["too_many"] == sent - 20 >= 30 for g, sent in got)
    assert grown < 1024, f"the server grew by {grown} KiB while refusing"


def test_watching_and_leaving_again_and_again_from_many_addresses_is_limited_and_holds_nothing(servers, tmp_path):
    """Each watch begun builds the game's view and looks in the store: with the joins, 120 a
    minute an address; what a watch made goes when it leaves."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", address_limits=True)

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] * 2, public=True, watch_delay=300,
                                  spectator_chat=True)
        strangers = await strangers_from(srv.url, range(2, 6), 4)  # 4 addresses, 4 connections each
        churn = lambda s, i: ("leave" if i % 2 else "watch", {"game": made["game"]})  # noqa: E731
        await flood(strangers, churn, 2.0, 20)
        await settled(strangers)
        warm = rss_kb(srv.proc.pid)
        await flood(strangers, churn, 8.0, 20)
        await settled(strangers)
        grown = rss_kb(srv.proc.pid) - warm
        await answers_at_once(srv.url)
        got = sum((s.got for s in strangers), Counter())
        for c in strangers:
            await c.close()
        await host.close()
        return got, grown

    got, grown = asyncio.run(main())
    # 120 begun a minute an address, the rest refused (a connection whose first flood ended on a
    # watch begins the second with one more: a watch again, answered, never counted)
    assert 4 * 120 <= got["watching"] <= 4 * 120 + 16 and got["too_many"] > 500
    assert grown < GROWTH_KB, f"the server grew by {grown} KiB during the flood"


def test_one_address_takes_at_most_8_of_a_games_64_places_for_spectators(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", address_limits=True)

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] * 2, public=True)
        crowd = await strangers_from(srv.url, [2], 12)
        other = await strangers_from(srv.url, [3], 1)
        for s in crowd + other:
            await s.send("watch", game=made["game"])
        await settled(crowd + other)
        got = sum((s.got for s in crowd), Counter()), other[0].got
        for c in crowd + other:
            await c.close()
        await host.close()
        return got

    crowd, other = asyncio.run(main())
    assert (crowd["watching"], crowd["too_many"], other["watching"]) == (8, 4, 1)
