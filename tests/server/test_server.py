"""The server end to end: real server processes on loopback, headless clients."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3

import pytest

from fate.engine import default_content, view
from fate.engine.save import load_data
from fate.net.client import Client, ServerError, play


def stored_game(path, game_id):
    """The game as the server's database holds it: its save, loaded and verified by replaying its
    choices, then the moves since."""
    with sqlite3.connect(path) as c:
        save, decision = c.execute("SELECT save, decision FROM games WHERE id=?", (game_id,)).fetchone()
        moves = [m[0] for m in c.execute("SELECT choice FROM moves WHERE game=? AND decision>=(SELECT saved_at "
                                         "FROM games WHERE id=?) ORDER BY decision", (game_id, game_id))]
    g = load_data(default_content(), json.loads(save), "stored", verify=True)
    for cid in moves:  # the moves since the last whole save
        g.apply(cid)
    assert len(g.choices_made) == decision
    return g


async def error_of(coro) -> str:
    with pytest.raises(ServerError) as e:
        await coro
    return e.value.code


def test_four_remote_clients_play_a_game_to_its_end(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] + [{"kind": "remote"}] * 3)
        assert made["seats"] == [0] and len(made["invites"]) == 3
        friends = []
        for inv in made["invites"]:
            c = await Client(srv.url).connect()
            claimed = await c.request("claim", code=inv["code"])
            assert claimed["game"] == made["game"] and claimed["seats"] == inv["seats"]
            friends.append((c, claimed["seats"]))
        ends = await asyncio.gather(play(host, made["game"], [0], random.Random(0)),
                                    *(play(c, made["game"], s, random.Random(i + 1))
                                      for i, (c, s) in enumerate(friends)))
        for c in [host] + [c for c, _ in friends]:
            await c.close()
        return made["game"], ends

    gid, ends = asyncio.run(main())
    g = stored_game(db, gid)
    assert g.over and g.n == 4
    for seat, end in enumerate(ends):
        assert end["view"]["over"] and end["decision"] == len(g.choices_made)
        assert end["view"] == view(g, seat)  # each client ends with exactly its seat's view


def test_ai_seats_in_the_worker_pool_and_a_hotseat_client_play_to_the_end(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "1")

    async def main():
        c = await Client(srv.url).connect()
        made = await c.request("create", seed=3, seats=[{"kind": "host"}, {"kind": "ai", "level": "easy"},
                                                         {"kind": "host"}, {"kind": "ai", "level": "random"}])
        assert made["seats"] == [0, 2] and made["invites"] == []
        end = await play(c, made["game"], made["seats"], random.Random(5))
        await c.close()
        return made["game"], end

    gid, end = asyncio.run(main())
    g = stored_game(db, gid)
    assert g.over and end["decision"] == len(g.choices_made)


def test_reconnecting_with_the_seat_token_finds_the_game_as_it_stands(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        c = await Client(srv.url).connect()
        made = await c.request("create", seed=8, seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}])
        before = await play(c, made["game"], [0], random.Random(1), stop_after=5)
        await c.close()
        again = await Client(srv.url).connect()
        assert await error_of(again.request("join", game=made["game"], token="A" * 32)) == "bad_token"
        joined = await again.request("join", game=made["game"], token=made["token"])
        assert joined["seats"] == [0] and joined["host"] is True
        await asyncio.sleep(0.5)
        state = again.states[(made["game"], 0)]
        assert state["decision"] >= before["decision"]
        end = await play(again, made["game"], [0], random.Random(2))
        await again.close()
        return end

    assert asyncio.run(main())["view"]["over"]


def test_resign_hands_the_seat_to_an_ai_and_the_host_replaces_an_absent_player(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--absent-after", "0.5")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"}])
        gid = made["game"]
        friend = await Client(srv.url).connect()
        f = await friend.request("claim", code=made["invites"][0]["code"])
        # the friend is here: not absent; and only the host may replace
        assert await error_of(host.request("replace", game=gid, seat=1, level="easy")) == "not_absent"
        assert await error_of(friend.request("replace", game=gid, seat=2, level="easy")) == "not_host"
        await asyncio.sleep(0.7)
        # seat 2 was never claimed: its player is absent, the host gives it to an AI
        assert (await host.request("replace", game=gid, seat=2, level="random"))["type"] == "replaced"
        resigned = await friend.request("resign", game=gid, seat=f["seats"][0])
        assert resigned["type"] == "resigned"
        assert await error_of(friend.request("choose", game=gid, seat=1, decision=0, choice="x")) == "not_your_seat"
        end = await play(host, gid, [0], random.Random(3))
        listed = await host.patient("games", tokens=[made["token"], f["token"]])  # after a game as fast as it goes
        await host.close()
        await friend.close()
        return end, listed

    end, listed = asyncio.run(main())
    assert end["view"]["over"]
    kinds = {s["seat"]: (s["kind"], s["resigned"]) for s in end["seats"]}
    assert kinds == {0: ("host", False), 1: ("ai", True), 2: ("ai", False)}
    assert [(g["seats"], g["over"]) for g in listed["games"]] == [([0], True)]  # the friend's token plays no seat now


def test_the_chronicle_is_the_game_as_the_seat_saw_it(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def main():
        c = await Client(srv.url, record=True).connect()
        made = await c.request("create", seed=21, seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}])
        await play(c, made["game"], [0], random.Random(9), stop_after=40)
        chron = await c.request("chronicle", game=made["game"], seat=0)
        told = [e for m in c.log if m["type"] == "state" and m["decision"] <= chron["decision"] for e in m["events"]]
        await c.close()
        return made["game"], chron, told

    gid, chron, told = asyncio.run(main())
    g = stored_game(db, gid)
    assert chron["decision"] <= len(g.choices_made)
    # everything the seat was told as it happened is in the chronicle, in order
    assert told and told == chron["events"][-len(told):]
    assert all(e["kind"] != "curse_drawn" or e["data"]["holder"] == 0 for e in chron["events"])


def test_friends_sharing_a_screen_claim_their_seats_with_one_code_and_leaving_stops_the_messages(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote", "group": "sofa"},
                                                            {"kind": "remote", "group": "sofa"}])
        couch = await Client(srv.url, record=True).connect()
        claimed = await couch.request("claim", code=made["invites"][0]["code"])
        hosting = asyncio.ensure_future(play(host, made["game"], [0], random.Random(2)))
        await play(couch, made["game"], claimed["seats"], random.Random(1), stop_after=3)
        left = await couch.request("leave", game=made["game"])
        heard = len(couch.log)
        hosting.cancel()
        await asyncio.gather(hosting, return_exceptions=True)
        end = await host.request("resign", game=made["game"], seat=0)  # the seats change: told to watchers only
        await asyncio.sleep(0.5)
        after = couch.log[heard:]
        await host.close()
        await couch.close()
        return made, claimed, left, end, after

    made, claimed, left, end, after = asyncio.run(main())
    assert len(made["invites"]) == 1 and made["invites"][0]["seats"] == [1, 2]
    assert claimed["seats"] == [1, 2] and left["type"] == "left"
    assert end["type"] == "resigned" and after == []  # nothing more of that game once left


def test_the_server_answers_other_games_while_hard_thinks(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "1", "--hard-seconds", "1.0")

    async def main():
        slow = await Client(srv.url).connect()
        await slow.request("create", seed=1, seats=[{"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "hard"}])
        await asyncio.sleep(1.0)  # Hard is thinking in the worker by now
        quick = await Client(srv.url).connect()
        made = await quick.request("create", seed=2, seats=[{"kind": "host"}, {"kind": "host"}])
        rtts: list[float] = []
        await play(quick, made["game"], [0, 1], random.Random(3), rtts=rtts, stop_after=30)
        mine = await slow.request("games", tokens=[made["token"]])
        await slow.close()
        await quick.close()
        return rtts, mine

    rtts, mine = asyncio.run(main())
    assert len(rtts) == 30 and max(rtts) < 0.5  # a second of Hard a decision never holds up the loop
    assert mine["games"][0]["decision"] >= 30


def test_a_hint_is_hards_choice_for_the_askers_own_seat_only(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--hard-seconds", "0.2")

    async def main():
        c = await Client(srv.url).connect()
        made = await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        gid = made["game"]
        while (gid, 0) not in c.states:
            c.changed.clear()
            await asyncio.wait_for(c.changed.wait(), 10)
        st = c.states[(gid, 0)]
        h = await c.request("hint", game=gid, seat=0)
        again = await c.request("hint", game=gid, seat=0)
        other = await error_of(c.request("hint", game=gid, seat=1))
        await c.close()
        return st, h, again, other

    st, h, again, other = asyncio.run(main())
    ids = {x["id"] for x in st["prompt"]["choices"]}
    assert h["decision"] == st["decision"] and h["choice"] in ids
    assert h["estimates"] and {e[0] for e in h["estimates"]} <= ids and h["estimates"][0][0] == h["choice"]
    assert (again["choice"], again["estimates"]) == (h["choice"], h["estimates"])  # searched once
    assert other == "not_your_seat"


def test_only_the_host_pauses_a_game_and_everyone_at_the_table_is_told_by_whom(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"}])
        friend = await Client(srv.url, record=True).connect()
        await friend.request("claim", code=made["invites"][0]["code"], name="Bob")
        refused = await error_of(friend.request("pause", game=made["game"]))
        told = await host.request("pause", game=made["game"])
        for _ in range(50):
            if any(m["type"] == "paused" for m in friend.log):
                break
            await asyncio.sleep(0.1)
        heard = [m for m in friend.log if m["type"] == "paused"]
        await host.close()
        await friend.close()
        return refused, told, heard

    refused, told, heard = asyncio.run(main())
    assert refused == "not_host"
    assert told["type"] == "paused" and told["by"] == "Ann"
    assert [(m["game"], m["by"]) for m in heard] == [(told["game"], "Ann")]


def test_a_server_started_with_home_says_so_when_a_friend_claims_or_joins(servers, tmp_path):
    """``--home`` (the server the game's Host on this computer starts): ``claimed`` and ``joined``
    say the server is a player's own, so the friend's My online games waits for the host when it
    stops answering. Any other server says it is not."""
    said = {}
    for home in (True, False):
        srv = servers(f"sqlite:{tmp_path / f's{home}.sqlite'}", "--ai-workers", "0", *(["--home"] if home else []))

        async def main(url):
            host = await Client(url).connect()
            made = await host.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"}])
            friend = await Client(url).connect()
            claimed = await friend.request("claim", code=made["invites"][0]["code"], name="Bob")
            again = await Client(url).connect()
            joined = await again.request("join", game=made["game"], token=claimed["token"])
            for c in (host, friend, again):
                await c.close()
            return claimed["home"], joined["home"]

        said[home] = asyncio.run(main(srv.url))
    assert said == {True: (True, True), False: (False, False)}
