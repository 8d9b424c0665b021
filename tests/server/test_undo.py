"""Undo online (fate/server/app.py, the rule in fate/engine/undo.py): a seat takes back its own
last decisions through the server, by the same rule as at home, on both stores (a real server
process on SQLite; on PostgreSQL too, the database of FATE_TEST_PG_DSN or a throw-away one)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from fate.engine import default_content, new_game
from fate.engine.save import load_data, snapshot
from fate.engine.undo import ASKED, NOTHING_MORE, OTHERS, REVEALS
from fate.net.client import Client, ServerError
from fate.server.app import open_store


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:{tmp_path / 'store.sqlite'}"
    return request.getfixturevalue("pg_dsn")


async def error_of(coro) -> ServerError:
    with pytest.raises(ServerError) as e:
        await coro
    return e.value


async def asked(players: list[tuple[Client, int]], gid: str) -> tuple[Client, dict]:
    """The client and state of the seat the game asks now, once every seat of ``players``
    (client, seat) was told of the same decision."""
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        for c, _ in players:
            c.changed.clear()
        sts = [(c, c.states.get((gid, s))) for c, s in players]
        if all(st for _, st in sts) and len({st["decision"] for _, st in sts}) == 1:
            found = next(((c, st) for c, st in sts if st["prompt"] is not None), None)
            if found is not None:
                return found
        waits = [asyncio.ensure_future(c.changed.wait()) for c, _ in players]
        await asyncio.wait(waits, timeout=20, return_when=asyncio.FIRST_COMPLETED)
        for w in waits:
            w.cancel()
    raise AssertionError("no seat was asked anything for a minute")


async def first_choice(c: Client, gid: str, st: dict) -> dict:
    await asyncio.sleep(0.026)  # within the server's 40 messages a second a connection
    return await c.request("choose", game=gid, seat=st["seat"], decision=st["decision"],
                           choice=st["prompt"]["choices"][0]["id"])


async def drive(players: list[tuple[Client, int]], gid: str, until, limit: int = 400) -> tuple[Client, dict]:
    """Answer every prompt with its first choice until ``until(state asked)`` holds."""
    for _ in range(limit):
        c, st = await asked(players, gid)
        if until(st):
            return c, st
        await first_choice(c, gid, st)
    raise AssertionError("no such position in the game")


async def stored(url: str, gid: str):
    """The game as the store holds it: its save (verified by replaying its choices), then the moves since."""
    s = open_store(url)
    row = await s.load_game(gid)
    await s.close()
    g = load_data(default_content(), json.loads(row.save), "stored", verify=True)
    for cid in row.moves:
        g.apply(cid)
    assert len(g.choices_made) == row.decision
    return g


def test_a_seat_takes_back_its_own_decision_and_every_seat_sees_the_game_as_it_stood(servers, store_url):
    srv = servers(store_url, "--ai-workers", "0")

    async def main():
        host = await Client(srv.url, record=True).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        gid = made["game"]
        friend = await Client(srv.url, record=True).connect()
        await friend.request("claim", code=made["invites"][0]["code"])
        players = [(host, 0), (friend, 1)]
        seen: dict[int, tuple[dict, dict]] = {}  # decision -> (host's state, friend's state) as told then

        def mine_to_undo(st):
            seen[st["decision"]] = (host.states[(gid, 0)], friend.states[(gid, 1)])
            return st["seat"] == 0 and st["undo"] == ""

        _, st = await drive(players, gid, mine_to_undo)
        d = st["decision"]
        told_friend = next(m for m in friend.log if m["type"] == "state" and m["decision"] == d)
        back = await host.request("undo", game=gid, seat=0, decision=d)
        while friend.states[(gid, 1)]["decision"] != d - 1:
            friend.changed.clear()
            await asyncio.wait_for(friend.changed.wait(), 20)
        friend_back = friend.states[(gid, 1)]
        g = await stored(store_url, gid)
        await host.close()
        await friend.close()
        return d, seen, told_friend, back, friend_back, g

    d, seen, told_friend, back, friend_back, g = asyncio.run(main())
    host_before, friend_before = seen[d - 1]
    assert back["type"] == "undone" and back["decision"] == d - 1 == len(g.choices_made)
    assert back["view"] == host_before["view"] and back["prompt"] == host_before["prompt"]
    assert friend_back["type"] == "undone" and friend_back["view"] == friend_before["view"]
    assert friend_back["drop"] == len(told_friend["events"])  # exactly what the friend was told of it
    assert back["undo"] in (NOTHING_MORE, "")  # "": a longer chain of the seat's own decisions remains


def test_refused_after_a_reveal_after_another_seat_was_asked_for_anothers_seat_and_stale(servers, store_url):
    srv = servers(store_url, "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        gid = made["game"]
        friend = await Client(srv.url).connect()
        await friend.request("claim", code=made["invites"][0]["code"])
        players = [(host, 0), (friend, 1)]
        _, st0 = await asked(players, gid)
        await first_choice(host, gid, st0)  # seat 0 keeps an Elder God: nothing comes to light
        _, st1 = await asked(players, gid)
        asked_since = await error_of(host.request("undo", game=gid, seat=0, decision=st1["decision"]))
        others = await error_of(friend.request("undo", game=gid, seat=1, decision=st1["decision"]))
        not_mine = await error_of(friend.request("undo", game=gid, seat=0, decision=st1["decision"]))
        await first_choice(friend, gid, st1)
        _, revealed = await asked(players, gid)  # after the draft, the Artifacts are turned face up
        reveal = await error_of(host.request("undo", game=gid, seat=0, decision=revealed["decision"]))
        stale = await error_of(host.request("undo", game=gid, seat=0, decision=revealed["decision"] - 1))
        await host.close()
        await friend.close()
        return st1, asked_since, others, not_mine, revealed, reveal, stale, await stored(store_url, gid)

    st1, asked_since, others, not_mine, revealed, reveal, stale, g = asyncio.run(main())
    assert (asked_since.code, asked_since.message) == ("cannot_undo", ASKED)
    assert st1["undo"] == OTHERS and (others.code, others.message) == ("cannot_undo", OTHERS)
    assert not_mine.code == "not_your_seat"
    assert revealed["undo"] in REVEALS.values() and (reveal.code, reveal.message) == ("cannot_undo", revealed["undo"])
    assert stale.code == "stale_decision"
    assert len(g.choices_made) == revealed["decision"]  # nothing was taken back


def test_the_same_choices_after_a_take_back_give_the_same_outcome(servers, store_url):
    """Seat 0 takes back its own decisions, makes them again and plays on: every state told
    again is the one told the first time, and the dice and draws that follow are those of a
    game that never took anything back (the random stream is restored with the game)."""
    srv = servers(store_url, "--ai-workers", "0")

    async def main():
        c = await Client(srv.url, record=True).connect()
        made = await c.request("create", seed=3, seats=[{"kind": "host"}, {"kind": "host"}])
        gid = made["game"]
        players = [(c, 0), (c, 1)]
        _, start = await drive(players, gid, lambda st: st["undo"] == "")
        undone = []
        while True:
            _, st = await asked(players, gid)
            if st["undo"] != "":
                break
            undone.append(await c.request("undo", game=gid, seat=st["seat"], decision=st["decision"]))
        for _ in range(len(undone) + 30):  # the same decisions again (first choices), then on
            _, st = await asked(players, gid)
            await first_choice(c, gid, st)
        await c.close()
        told = [(m["decision"], m["seat"], m["view"], m["events"]) for m in c.log if m["type"] == "state"]
        return start, undone, told, await stored(store_url, gid)

    start, undone, told, g = asyncio.run(main())
    assert undone and undone[-1]["decision"] == start["decision"] - len(undone)
    assert undone[-1]["undo"] == NOTHING_MORE or undone[-1]["undo"] in REVEALS.values()
    versions: dict[tuple[int, int], list] = {}
    for d, seat, v, evs in told:
        versions.setdefault((d, seat), []).append((v, evs))
    again = [key for key, vs in versions.items() if len(vs) > 1 and key[0] > 0]
    assert len(again) >= 2 * len(undone)  # each decision taken back was told again, to both seats
    for key in again:
        assert all(x == versions[key][0] for x in versions[key][1:]), key  # ... exactly as before
    fresh = new_game(default_content(), 2, 3)
    for cid in g.choices_made:
        fresh.apply(cid)
    assert len(g.choices_made) == start["decision"] + 30 and snapshot(fresh) == snapshot(g)
    assert any(e["kind"] in REVEALS for d, _, _, evs in told if d > start["decision"] for e in evs)


def test_what_could_be_taken_back_still_can_after_the_server_is_killed_and_restarted(servers, tmp_path):
    db = f"sqlite:{tmp_path / 's.sqlite'}"
    first = servers(db, "--ai-workers", "0")

    async def before():
        c = await Client(first.url).connect()
        made = await c.request("create", seed=3, seats=[{"kind": "host"}, {"kind": "host"}])
        _, st = await drive([(c, 0), (c, 1)], made["game"], lambda st: st["undo"] == "")
        await c.close()
        return made, st

    made, st = asyncio.run(before())
    first.kill()  # SIGKILL: the game in memory and its undo trail are gone
    again = servers(db, "--ai-workers", "0")

    async def after():
        c = await Client(again.url).connect()
        await c.request("join", game=made["game"], token=made["token"])
        _, now = await asked([(c, 0), (c, 1)], made["game"])
        back = await c.request("undo", game=made["game"], seat=now["seat"], decision=now["decision"])
        await c.close()
        return now, back

    now, back = asyncio.run(after())
    assert (now["decision"], now["view"], now["undo"]) == (st["decision"], st["view"], "")
    assert back["type"] == "undone" and back["decision"] == st["decision"] - 1


def test_the_server_and_the_table_at_home_give_the_same_reasons_in_the_same_words(servers, tmp_path):
    """One rule (fate/engine/undo.py): a game of two players at one screen played through the server
    at random, taking back whenever it may one time in two, and the same decisions and take-backs
    in a game at home: at every decision each seat's reason is the same, word for word."""
    import random

    from fate.ui.session import SeatConfig, Session

    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def online():
        c = await Client(srv.url).connect()
        made = await c.request("create", seed=17, seats=[{"kind": "host"}, {"kind": "host"}])
        gid, players, rnd = made["game"], [(c, 0), (c, 1)], random.Random(4)
        steps = []  # ("choose", id) or ("undo", seat), and the reasons of both seats after it
        for _ in range(160):
            _, st = await asked(players, gid)
            steps.append([c.states[(gid, s)]["undo"] for s in (0, 1)])
            await asyncio.sleep(0.03)  # within the server's 40 messages a second
            if st["undo"] == "" and rnd.random() < 0.5:
                await c.request("undo", game=gid, seat=st["seat"], decision=st["decision"])
                steps.append(("undo", st["seat"]))
            else:
                choice = rnd.choice(st["prompt"]["choices"])["id"]
                await c.request("choose", game=gid, seat=st["seat"], decision=st["decision"], choice=choice)
                steps.append(("choose", choice))
        await c.close()
        return steps

    steps = asyncio.run(online())
    home = Session(default_content(), [SeatConfig(True, "normal", 0), SeatConfig(True, "normal", 1)], 17)
    undos = 0
    for k in range(0, len(steps), 2):
        assert [home.undo_reason(s) for s in (0, 1)] == steps[k], k  # the same words at every decision
        what, arg = steps[k + 1]
        if what == "undo":
            assert home.undo(arg)
            undos += 1
        else:
            home.apply(arg)
    home.close()
    assert undos >= 5
