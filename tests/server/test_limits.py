"""Limits per client address (issue 43, item 4): connections at once, games created, seats
claimed and invite codes tried from one address are each refused past their limit with one
``too_many`` error, logged once a burst; loopback counts like any address."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosedError

from fate.net.client import Client, ServerError
from fate.server.limits import address_key, client_address
from fate.server.protocol import VERSION

HOST_AND_FRIEND = [{"kind": "host"}, {"kind": "remote"}]


async def refused_connection(url: str, headers: dict | None = None) -> list[dict]:
    """What the server says to a connection it will not keep, until it closes it (with 1013:
    try again later)."""
    said = []
    async with connect(url, proxy=None, additional_headers=headers, open_timeout=30) as ws:
        with pytest.raises(ConnectionClosedError) as closed:
            async with asyncio.timeout(10):
                async for raw in ws:
                    said.append(json.loads(raw))
    assert closed.value.rcvd.code == 1013
    return said


async def kept(url: str, headers: dict | None = None):
    """A connection the server answers (a request for no games)."""
    ws = await connect(url, proxy=None, additional_headers=headers, open_timeout=30)
    await ws.send(json.dumps({"v": VERSION, "type": "games", "tokens": ["x" * 16], "rid": 1}))
    async with asyncio.timeout(10):
        answer = json.loads(await ws.recv())
    assert answer["type"] == "games", answer
    return ws


async def refused(c: Client, kind: str, **fields) -> ServerError:
    """The one error ``kind`` is answered with."""
    with pytest.raises(ServerError) as e:
        await c.request(kind, **fields)
    return e.value


async def refusal(c: Client, kind: str, **fields) -> str:
    return (await refused(c, kind, **fields)).code


async def error_message(c: Client, kind: str, **fields) -> str:
    return (await refused(c, kind, **fields)).message


def refusals_logged(log) -> list[str]:
    return [line for line in log.read_text().splitlines() if " refused: " in line]


def test_the_seventeenth_connection_from_one_address_is_refused_by_default_with_one_too_many_error(servers, tmp_path):
    """The defaults, on loopback: 16 connections at once; the 17th gets one error and is
    closed; once one closes, another is welcome. Two refusals in a row are one log line."""
    log = tmp_path / "server.log"
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", log=log, address_limits=True)

    async def main():
        open_ = [await kept(srv.url) for _ in range(16)]
        first = await refused_connection(srv.url)
        second = await refused_connection(srv.url, {"X-Forwarded-For": "198.51.100.7"})  # not a trusted proxy
        await open_.pop().close()
        await asyncio.sleep(0.3)
        open_.append(await kept(srv.url))
        for ws in open_:
            await ws.close()
        return first, second

    first, second = asyncio.run(main())
    for said in (first, second):
        assert [m["type"] for m in said] == ["error"] and said[0]["code"] == "too_many"
        assert "16 connections at once" in said[0]["message"]
    lines = refusals_logged(log)
    assert len(lines) == 1 and "127.0.0.1" in lines[0] and "connections" in lines[0]


def test_games_created_from_one_address_are_limited_within_the_rolling_window(servers, tmp_path):
    log = tmp_path / "server.log"
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-games", "3",
                  "--limit-window", "4", log=log)

    async def main():
        a, b = await Client(srv.url).connect(), await Client(srv.url).connect()
        start = time.monotonic()
        made = [await (a if k % 2 else b).request("create", seats=HOST_AND_FRIEND) for k in range(3)]
        codes = [await refusal(c, "create", seats=HOST_AND_FRIEND) for c in (a, b, a)]  # every connection
        listed = await a.request("games", tokens=[m["token"] for m in made])
        await asyncio.sleep(max(0.0, start + 4.5 - time.monotonic()))
        again = await b.request("create", seats=HOST_AND_FRIEND)  # the window has rolled on
        await a.close()
        await b.close()
        return made, codes, listed, again

    made, codes, listed, again = asyncio.run(main())
    assert len({m["game"] for m in made}) == 3 and codes == ["too_many"] * 3
    assert len(listed["games"]) == 3  # nothing was made by the refused ones
    assert again["type"] == "created"
    lines = refusals_logged(log)
    assert len(lines) == 1 and "3 games created in 4 s" in lines[0]


def test_invite_code_guesses_from_one_address_are_limited_and_then_even_a_right_code_is_refused(servers, tmp_path):
    """Three wrong codes are each bad_invite; the fourth guess is too_many whatever it is (a
    guesser learns nothing more), on any connection of the address, until the window rolls."""
    log = tmp_path / "server.log"
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-guesses", "3",
                  "--limit-window", "5", log=log)

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=HOST_AND_FRIEND)
        start = time.monotonic()
        guessers = [await Client(srv.url).connect() for _ in range(3)]
        wrong = await asyncio.gather(*(refusal(g, "claim", code=f"AAAA-BBBB-CCCC-DDD{k}")
                                       for k, g in enumerate(guessers)))
        over = [await refusal(g, "claim", code="AAAA-BBBB-CCCC-EEEE") for g in guessers]
        right = await refusal(guessers[0], "claim", code=made["invites"][0]["code"])
        await asyncio.sleep(max(0.0, start + 5.5 - time.monotonic()))
        claimed = await guessers[1].request("claim", code=made["invites"][0]["code"])
        for c in [host, *guessers]:
            await c.close()
        return wrong, over, right, claimed

    wrong, over, right, claimed = asyncio.run(main())
    assert wrong == ["bad_invite"] * 3 and over == ["too_many"] * 3 and right == "too_many"
    assert claimed["type"] == "claimed" and claimed["seats"] == [1]  # the refused right code took nothing
    lines = refusals_logged(log)
    assert len(lines) == 1 and "3 invite codes that opened no seat in 5 s" in lines[0]


def test_seats_claimed_from_one_address_are_limited_and_a_wrong_code_is_not_a_claim(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-claims", "2",
                  "--max-guesses", "5")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"},
                                                   {"kind": "remote"}])
        friend = await Client(srv.url).connect()
        wrong = await refusal(friend, "claim", code="AAAA-BBBB-CCCC-DDDD")
        codes = [i["code"] for i in made["invites"]]
        claims = [await friend.request("claim", code=code) for code in codes[:2]]
        third = await refusal(friend, "claim", code=codes[2])
        state = (await host.request("games", tokens=[made["token"]]))["games"][0]["players"]
        for c in (host, friend):
            await c.close()
        return wrong, claims, third, state

    wrong, claims, third, players = asyncio.run(main())
    assert wrong == "bad_invite" and [c["type"] for c in claims] == ["claimed", "claimed"]
    assert third == "too_many"
    assert [p["claimed"] for p in players] == [True, True, True, False]  # the third seat is still open


def test_a_trusted_proxy_counts_the_address_it_appends_not_its_own_nor_the_clients_words(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-connections", "1",
                  "--trusted-proxy", "127.0.0.1")

    async def main():
        one = await kept(srv.url, {"X-Forwarded-For": "198.51.100.1"})
        two = await kept(srv.url, {"X-Forwarded-For": "198.51.100.1, 198.51.100.2"})  # the proxy saw .2
        forged = await refused_connection(srv.url, {"X-Forwarded-For": "203.0.113.9, 198.51.100.1"})
        v6 = await kept(srv.url, {"X-Forwarded-For": "2001:db8:1:2::7"})
        same_64 = await refused_connection(srv.url, {"X-Forwarded-For": "2001:db8:1:2::8"})
        for ws in (one, two, v6):
            await ws.close()
        return forged, same_64

    forged, same_64 = asyncio.run(main())
    assert [m["code"] for m in forged] == ["too_many"] and "198.51.100.1" in forged[0]["message"]
    assert [m["code"] for m in same_64] == ["too_many"] and "2001:db8:1:2::/64" in same_64[0]["message"]


def test_an_address_counts_as_itself_its_ipv4_or_its_ipv6_network_of_64_bits():
    assert address_key("198.51.100.7") == "198.51.100.7"
    assert address_key("::ffff:198.51.100.7") == "198.51.100.7"
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("::1") == "::1"


def test_only_the_trusted_proxy_itself_is_believed_not_its_neighbours():
    trusted = frozenset({"2001:db8::5"})
    assert client_address("2001:db8::5", "198.51.100.1", trusted) == "198.51.100.1"
    assert client_address("2001:db8::6", "198.51.100.1", trusted) == "2001:db8::6"  # same /64, not the proxy
    assert client_address("::ffff:127.0.0.1", "198.51.100.1", frozenset({"127.0.0.1"})) == "198.51.100.1"
    assert client_address("2001:db8::5", "not an address", trusted) == "2001:db8::5"


async def _asked(c: Client, gid: str, seat: int = 0) -> dict:
    """The seat's state once it is asked something."""
    while True:
        c.changed.clear()
        st = c.states.get((gid, seat))
        if st is not None and st["prompt"] is not None:
            return st
        await asyncio.wait_for(c.changed.wait(), 30)


def test_hints_are_limited_per_seat_and_per_address_and_a_hint_asked_again_is_free(servers, tmp_path):
    """Two hints for one seat, three for the address: game one's third hint is refused for its
    seat (and not counted for the address), game two's second for the address."""
    log = tmp_path / "server.log"
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--hard-seconds", "0.1",
                  "--max-hints", "3", "--max-seat-hints", "2", log=log)

    async def hints_until_refused(c: Client, gid: str) -> tuple[int, str]:
        worked = 0
        while True:
            st = await _asked(c, gid)
            try:
                h = await c.request("hint", game=gid, seat=0)
                again = await c.request("hint", game=gid, seat=0)
            except ServerError as e:
                return worked, f"{e.code}: {e.message}"
            assert again["choice"] == h["choice"]
            worked += 1
            await c.request("choose", game=gid, seat=0, decision=st["decision"], choice=h["choice"])

    async def main():
        c = await Client(srv.url).connect()
        one = await c.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "easy"}])
        two = await c.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "easy"}])
        first = await hints_until_refused(c, one["game"])
        second = await hints_until_refused(c, two["game"])
        await c.close()
        return first, second

    first, second = asyncio.run(main())
    assert first == (2, "too_many: more than 2 hints for one seat in an hour from your address; try again later")
    assert second == (1, "too_many: more than 3 hints in an hour from your address; try again later")
    assert len(refusals_logged(log)) == 2


def test_games_of_ais_alone_are_limited_per_address_within_the_games_created(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-games", "3",
                  "--max-ai-games", "1")
    alone = [{"kind": "ai", "level": "easy"}] * 2

    async def main():
        c = await Client(srv.url).connect()
        made = [await c.request("create", seats=alone)]
        second_alone = await refusal(c, "create", seats=alone)
        made += [await c.request("create", seats=HOST_AND_FRIEND) for _ in range(2)]  # the refused one took none
        over = await refusal(c, "create", seats=HOST_AND_FRIEND)
        await c.close()
        return made, second_alone, over

    made, second_alone, over = asyncio.run(main())
    assert [m["type"] for m in made] == ["created"] * 3
    assert second_alone == over == "too_many"


def test_joins_and_lists_of_games_are_limited_per_address_a_minute(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-joins", "2", "--max-lists", "2")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=HOST_AND_FRIEND)
        others = [await Client(srv.url).connect() for _ in range(3)]
        joins = [await o.request("join", game=made["game"], token=made["token"]) for o in others[:2]]
        joins.append(await refusal(others[2], "join", game=made["game"], token=made["token"]))
        lists = [await o.request("games", tokens=[made["token"]]) for o in others[:2]]
        lists.append(await refusal(host, "games", tokens=[made["token"]]))
        for c in [host, *others]:
            await c.close()
        return joins, lists

    joins, lists = asyncio.run(main())
    assert [j["type"] for j in joins[:2]] == ["joined"] * 2 and joins[2] == "too_many"
    assert [x["type"] for x in lists[:2]] == ["games"] * 2 and lists[2] == "too_many"


def test_a_limit_of_one_is_said_in_the_singular(servers, tmp_path):
    """A server run with limits of one says "more than 1 game created", not "1 games"."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-games", "1", "--max-joins", "1")

    async def main():
        c = await Client(srv.url).connect()
        made = await c.request("create", seats=HOST_AND_FRIEND)
        games = await error_message(c, "create", seats=HOST_AND_FRIEND)
        await c.request("join", game=made["game"], token=made["token"])
        joins = await error_message(c, "join", game=made["game"], token=made["token"])
        await c.close()
        return games, joins

    games, joins = asyncio.run(main())
    assert games.startswith("more than 1 game created in an hour from your address")
    assert joins.startswith("more than 1 join in a minute from your address")
