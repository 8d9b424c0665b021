"""Fair play between people at one server (issue 43): the deal of a game with a friend is the
server's alone, and a seat's rights end on every connection the moment its player resigns,
is replaced, or leaves."""

from __future__ import annotations

import asyncio
import random
import sqlite3

from fate.net.client import Client, play

from .test_server import error_of, stored_game


def games_stored(db) -> int:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT count(*) FROM games").fetchone()[0]


def test_a_seed_sent_for_a_game_with_a_friends_seat_is_refused_and_changes_nothing(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def main():
        c = await Client(srv.url).connect()
        codes = [await error_of(c.request("create", seed=5, seats=seats)) for seats in (
            [{"kind": "host"}, {"kind": "remote"}],
            [{"kind": "host"}, {"kind": "ai", "level": "easy"}, {"kind": "remote", "group": "sofa"}],
            [{"kind": "remote"}, {"kind": "remote"}],
        )]
        await c.close()
        return codes

    assert asyncio.run(main()) == ["bad_message"] * 3
    assert games_stored(db) == 0


def test_the_server_deals_every_game_with_a_friend_itself(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def main():
        c = await Client(srv.url).connect()
        made = [await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}]) for _ in range(4)]
        await c.close()
        return [m["game"] for m in made]

    seeds = {int(stored_game(db, gid).config["seed"]) for gid in asyncio.run(main())}
    assert len(seeds) == 4  # 62 random bits each, drawn by the server


def test_a_seed_is_kept_when_every_human_seat_is_the_creators_and_nobody_else_can_sit_down(servers, tmp_path):
    """Solo games, hotseats, tests and replays keep their seed. Such a game has no invite code,
    so no other player can ever claim a seat of it; a forged token gets nowhere either."""
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def main():
        c = await Client(srv.url).connect()
        solo = await c.request("create", seed=5, seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}])
        hotseat = await c.request("create", seed=6, seats=[{"kind": "host"}, {"kind": "host"}])
        await play(c, hotseat["game"], hotseat["seats"], random.Random(1), stop_after=3)
        stranger = await Client(srv.url).connect()
        tries = [await error_of(stranger.request("join", game=m["game"], token="A" * 32)) for m in (solo, hotseat)]
        tries.append(await error_of(stranger.request("choose", game=solo["game"], seat=1, decision=0, choice="x")))
        await c.close()
        await stranger.close()
        return solo, hotseat, tries

    solo, hotseat, tries = asyncio.run(main())
    assert solo["invites"] == hotseat["invites"] == []
    assert tries == ["bad_token", "bad_token", "not_your_seat"]
    assert int(stored_game(db, solo["game"]).config["seed"]) == 5
    assert int(stored_game(db, hotseat["game"]).config["seed"]) == 6


async def prompted(c: Client, gid: str, seat: int) -> dict:
    """The state of the first decision ``seat`` is asked to make, as ``c`` holds it."""
    while True:
        st = c.states.get((gid, seat))
        if st is not None and st["prompt"] is not None:
            return st
        c.changed.clear()
        await asyncio.wait_for(c.changed.wait(), 20)


async def refusals(c: Client, gid: str, seat: int, st: dict) -> list[str]:
    """What ``c`` is answered when it acts for ``seat`` (its state ``st``) in every way there is."""
    return [
        await error_of(c.request("choose", game=gid, seat=seat, decision=st["decision"],
                                 choice=st["prompt"]["choices"][0]["id"])),
        await error_of(c.request("undo", game=gid, seat=seat, decision=max(1, st["decision"]))),
        await error_of(c.request("hint", game=gid, seat=seat)),
        await error_of(c.request("chronicle", game=gid, seat=seat)),
    ]


def told_after_losing(c: Client, gid: str, seat: int) -> list[dict]:
    """The messages ``c`` received after the ``seats`` message that told it ``seat`` resigned
    (that message must be there)."""
    at = next(i for i, m in enumerate(c.log) if m["type"] == "seats" and m["game"] == gid
              and m["seats"][seat]["resigned"])
    return c.log[at + 1:]


async def played_on(host: Client, gid: str, beyond: int) -> None:
    """The host plays seat 0 until the game is ``beyond`` decisions further on (or over)."""
    task = asyncio.get_running_loop().create_task(play(host, gid, [0], random.Random(7)))
    while not task.done() and host.states[(gid, 0)]["decision"] < beyond:
        host.changed.clear()
        await asyncio.wait_for(host.changed.wait(), 30)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


def test_after_resign_a_second_connection_of_that_token_hears_nothing_more_and_may_do_nothing(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        gid = made["game"]
        first = await Client(srv.url).connect()
        claimed = await first.request("claim", code=made["invites"][0]["code"])
        second = await Client(srv.url, record=True).connect()
        await second.request("join", game=gid, token=claimed["token"])
        hosting = asyncio.get_running_loop().create_task(play(host, gid, [0], random.Random(1)))
        await prompted(first, gid, 1)
        hosting.cancel()
        await asyncio.gather(hosting, return_exceptions=True)
        st = await prompted(second, gid, 1)
        resigned = await first.request("resign", game=gid, seat=1)
        refused = await refusals(second, gid, 1, st)
        rejoined = await error_of(second.request("join", game=gid, token=claimed["token"]))
        await played_on(host, gid, st["decision"] + 8)
        after = told_after_losing(second, gid, 1)
        for c in (host, first, second):
            await c.close()
        return resigned, refused, rejoined, after

    resigned, refused, rejoined, after = asyncio.run(main())
    assert resigned["type"] == "resigned"
    assert refused == ["not_your_seat"] * 4 and rejoined == "bad_token"
    assert [m["type"] for m in after] == ["error"] * 5  # the refusals; not one state of the seat


def test_after_resign_on_one_process_the_seats_connections_on_both_lose_it_at_once(servers, pg_dsn):
    """The friend plays seat 1 on three connections: two on process A, one on process B. It
    resigns on A while seat 1 is to decide: at once the other connection on A and the one on B
    are refused everything for seat 1, and are sent none of seat 1's states from then on. (A
    choice reaching B before B hears of the resignation is refused by the write itself:
    test_storage.py's test of the seat's token guard.)"""
    a = servers(pg_dsn, "--ai-workers", "0")
    b = servers(pg_dsn, "--ai-workers", "0")

    async def main():
        host = await Client(a.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        gid = made["game"]
        first = await Client(a.url).connect()
        claimed = await first.request("claim", code=made["invites"][0]["code"])
        here = await Client(a.url, record=True).connect()
        there = await Client(b.url, record=True).connect()
        for c in (here, there):
            await c.request("join", game=gid, token=claimed["token"])
        hosting = asyncio.get_running_loop().create_task(play(host, gid, [0], random.Random(2)))
        await prompted(first, gid, 1)
        hosting.cancel()
        await asyncio.gather(hosting, return_exceptions=True)
        states = [await prompted(c, gid, 1) for c in (there, here)]
        await first.request("resign", game=gid, seat=1)
        refused = [await refusals(c, gid, 1, st) for c, st in zip((there, here), states, strict=True)]
        await played_on(host, gid, states[0]["decision"] + 8)
        await asyncio.sleep(0.5)  # anything B would still push has arrived
        after = [told_after_losing(c, gid, 1) for c in (there, here)]
        for c in (host, first, here, there):
            await c.close()
        return refused, after

    refused, after = asyncio.run(main())
    assert refused == [["not_your_seat"] * 4] * 2
    for told in after:
        assert not [m for m in told if m["type"] in ("state", "undone")]


def test_a_connection_that_left_a_game_may_do_nothing_there_and_the_token_still_plays(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "host"}])
        gid = made["game"]
        window = await Client(srv.url).connect()
        await window.request("join", game=gid, token=made["token"])
        st = await prompted(window, gid, 0)
        await window.request("leave", game=gid)
        refused = await refusals(window, gid, 0, st)
        refused.append(await error_of(window.request("replace", game=gid, seat=1, level="easy")))
        end = await play(host, gid, [0, 1], random.Random(3), stop_after=2)
        for c in (host, window):
            await c.close()
        return refused, end

    refused, end = asyncio.run(main())
    assert refused == ["not_your_seat"] * 4 + ["not_host"]
    assert end is not None and end["decision"] >= 1  # the host's token still plays, on its own connection
