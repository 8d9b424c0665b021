"""The limits per address over several processes on one PostgreSQL (fate/server/shared_limits.py):
an address that spreads its requests over two processes meets each limit once over both, not once
on each (each process tells the others its counts every 2 s)."""

from __future__ import annotations

import asyncio

from fate.net.client import Client, ServerError, within
from tests.server.test_identity import error_of

SHARED = 3.5  # seconds: a telling of each process's counts, and a reading of the other's


def client(url: str, address: str, record: bool = False) -> Client:
    """A client at ``address`` (as the trusted proxy on loopback says): each test's own, so that
    the counts another test's processes left in the database a moment ago are not this one's."""
    return Client(url, record=record, headers={"X-Forwarded-For": address})


def test_two_processes_give_an_address_its_games_and_connections_once(servers, pg_dsn):
    a, b = (servers(pg_dsn, "--ai-workers", "0", "--max-games", "3", "--max-connections", "3", "--trusted-proxy",
                    "127.0.0.1") for _ in range(2))
    me = "198.51.100.1"
    seats = [{"kind": "host"}, {"kind": "remote"}]

    async def main() -> None:
        on_a = await client(a.url, me).connect()
        for _ in range(2):
            await on_a.request("create", seats=seats)
        await asyncio.sleep(SHARED)
        on_b = await client(b.url, me).connect()
        await on_b.request("create", seats=seats)  # the third: still within the limit over both
        await asyncio.sleep(SHARED)
        for c in (on_a, on_b):  # a fourth, on either process: over the limit of both together
            e = await error_of(c.request("create", seats=seats))
            assert e.code == "too_many" and "games created" in e.message
        # connections at once: one more on A makes three over both; a fourth is refused on either
        third = await client(a.url, me).connect()
        await asyncio.sleep(SHARED)
        for url in (a.url, b.url):
            extra = await client(url, me, record=True).connect()
            await within(extra.closed.wait(), 10)
            assert [m["code"] for m in extra.got("error")] == ["too_many"]
        for c in (on_a, on_b, third):
            await c.close()
        await asyncio.sleep(SHARED)  # closed: the address may connect again
        again = await client(b.url, me).connect()
        assert (await again.request("lobby"))["type"] == "lobby"
        await again.close()

    asyncio.run(main())


def test_each_process_counts_its_own_while_the_other_is_gone(servers, pg_dsn):
    """A process that dies stops counting for the others within seconds (its counts go stale)."""
    a, b = (servers(pg_dsn, "--ai-workers", "0", "--max-games", "2", "--trusted-proxy", "127.0.0.1")
            for _ in range(2))
    me = "198.51.100.2"
    seats = [{"kind": "host"}, {"kind": "remote"}]

    async def main() -> None:
        on_a = await client(a.url, me).connect()
        for _ in range(2):
            await on_a.request("create", seats=seats)
        await on_a.close()
        await asyncio.sleep(SHARED)
        on_b = await client(b.url, me).connect()
        assert (await error_of(on_b.request("create", seats=seats))).code == "too_many"
        a.kill()
        for waited in range(30):  # its counts go stale after FRESH_SECONDS (10) and a telling
            try:
                await on_b.request("create", seats=seats)
                break
            except ServerError as e:
                assert e.code == "too_many" and waited < 25, "the dead process still counted"
            await asyncio.sleep(1.0)
        assert waited >= 5  # (and not before its counts went stale: they were counted)
        await on_b.close()

    asyncio.run(main())
