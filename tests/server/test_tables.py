"""Games among strangers over real sockets (fate/server/tables.py): the lobby of public games,
a seat taken with a click, spectators from ``view(None)`` only (checked against the engine),
table talk with its limits, and a rematch each player accepts. Real server processes on
loopback, headless clients (fate/net/client.py), driven by what the server sends."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from fate.engine import default_content, new_game
from fate.net.client import Client, ServerError, play
from fate.server.protocol import VERSION

from .test_secrecy import told_to
from .test_server import stored_game

TWO = [{"kind": "host", "name": "Ann"}, {"kind": "remote"}]


async def error_of(coro) -> ServerError:
    with pytest.raises(ServerError) as e:
        await coro
    return e.value


def test_the_lobby_lists_public_games_with_open_seats_and_a_click_takes_one(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        public = await host.request("create", seats=TWO + [{"kind": "ai", "level": "hard"}], public=True)
        private = await host.request("create", seats=TWO)
        assert public["public"] and not private["public"]
        stranger = await Client(srv.url).connect()
        listed = (await stranger.request("lobby"))["games"]
        assert [g["game"] for g in listed] == [public["game"]]  # the private game is never listed
        row = listed[0]
        assert row["open"] == 1 and [p["kind"] for p in row["players"]] == ["host", "remote", "ai"]
        assert row["players"][0]["name"] == "Ann" and row["players"][2]["level"] == "hard"
        assert row["to_decide"] is None and row["created"] > 0  # 15 s behind, as its spectators: nothing yet
        flood = await error_of(stranger.request("lobby"))  # a second list within 2 s
        assert flood.code == "rate_limited"
        assert (await error_of(stranger.request("sit", game=private["game"]))).code == "not_public"
        sat = await stranger.request("sit", game=public["game"], name="Zed")
        assert sat["game"] == public["game"] and sat["seats"] == [1]
        await stranger.until(lambda: (public["game"], 1) in stranger.states)
        assert stranger.states[(public["game"], 1)]["seats"][1]["name"] == "Zed"
        late = await Client(srv.url).connect()
        assert (await error_of(late.request("sit", game=public["game"]))).code == "no_seat"
        await asyncio.sleep(2.1)  # the list is built at most every 2 s: the next one is new
        assert (await late.request("lobby"))["games"] == []  # full: off the list
        # the private game's invite code still works: private games stay invite-only
        friend = await Client(srv.url).connect()
        assert (await friend.request("claim", code=private["invites"][0]["code"]))["seats"] == [1]
        for c in (host, stranger, late, friend):
            await c.close()

    asyncio.run(main())


def test_an_older_client_gets_one_clear_error(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        c = await Client(srv.url, record=True).connect()
        await c.send_raw(json.dumps({"v": VERSION - 1, "type": "lobby", "rid": 1}))
        await c.until(lambda: c.got("error"))
        assert len(c.log) == 1 and c.log[0]["code"] == "bad_version"
        assert f"speaks version {VERSION}" in c.log[0]["message"]
        await c.close()

    asyncio.run(main())


def test_a_spectator_is_sent_nothing_beyond_view_none_to_the_end(servers, tmp_path):
    """A hotseat of three seeded seats played to its end; a spectator by watch code, another
    from the lobby's public id: every message each received is the engine's public view at its
    decision and the events every seat may see, nothing else."""
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")
    content = default_content()

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}] * 3, seed=4242, watch_delay=0, public=True)
        by_code = await Client(srv.url, record=True).connect()
        by_id = await Client(srv.url, record=True).connect()
        w = await by_code.request("watch", code=made["watch"].lower().replace("-", ""))
        assert w == {"v": VERSION, "type": "watching", "rid": 1, "game": made["game"], "delay": 0, "chat": False}
        await by_id.request("watch", game=made["game"])
        await play(host, made["game"], [0, 1, 2], random.Random(3))
        final = host.states[(made["game"], 0)]["decision"]
        for c in (by_code, by_id):
            await c.until(lambda c=c: any(m["decision"] == final for m in c.got("spectate")))
        assert (await error_of(by_code.request("choose", game=made["game"], seat=0, decision=final,
                                                choice="x"))).code == "not_your_seat"
        assert (await error_of(by_code.request("chat", game=made["game"], text="hi"))).code == "not_your_seat"
        logs = [c.log for c in (by_code, by_id)]
        for c in (host, by_code, by_id):
            await c.close()
        return made["game"], logs

    gid, logs = asyncio.run(main())
    final = stored_game(db, gid)
    for log in logs:
        by_decision = {}
        for m in log:
            assert m["type"] in ("watching", "spectate", "error"), m["type"]  # no state, no prompt, no seat's view
            if m["type"] == "spectate":
                by_decision.setdefault(m["decision"], []).append(m)
        g = new_game(content, final.n, int(final.config["seed"]))
        events = g.take_events()
        checked = 0
        for d in range(len(final.choices_made) + 1):
            from fate.engine import view
            from fate.engine.view import hide_draft
            public = json.loads(json.dumps(hide_draft(view(g, None), None)))
            for m in by_decision.get(d, []):
                assert m["view"] == public
                assert m["view"]["viewer"] is None and "draft" not in m["view"] and not m["view"]["curses_held"]
                assert all("hand" not in r and "reserve" not in r for r in m["view"]["seats"])
                assert "choices" not in (m["view"].get("prompt") or {})
                assert [[e["kind"], e["data"]] for e in m["events"]] in (
                    [], json.loads(json.dumps(told_to(events, g, None))))
                checked += 1
            if d < len(final.choices_made):
                events = g.apply(final.choices_made[d])
        assert g.over and checked >= len(final.choices_made)  # every decision, seen once


def test_a_private_game_is_watched_only_by_its_code_and_late_by_the_hosts_delay(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "host"}], seed=7, watch_delay=3)
        snoop = await Client(srv.url, record=True).connect()
        assert (await error_of(snoop.request("watch", game=made["game"]))).code == "not_public"
        assert (await error_of(snoop.request("watch", code="AAAA-BBBB-CCCC-DDDD"))).code == "bad_watch"
        assert (await snoop.request("watch", code=made["watch"]))["delay"] == 3
        await play(host, made["game"], [0, 1], random.Random(1), stop_after=6)
        now = host.states[(made["game"], 0)]["decision"]
        # the host's delay: the spectator has seen nothing of the game yet (nothing less than 3 s old)
        assert snoop.got("spectate") == []
        await snoop.until(lambda: any(m["decision"] == now for m in snoop.got("spectate")), 30)
        assert snoop.got("spectate")[0]["decision"] == 0
        for c in (host, snoop):
            await c.close()

    asyncio.run(main())


def test_table_talk_reaches_the_players_is_kept_and_limited(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        ann = await Client(srv.url, record=True).connect()
        made = await ann.request("create", seats=TWO, public=True, watch_delay=0)
        bob = await Client(srv.url, record=True).connect()
        await bob.request("claim", code=made["invites"][0]["code"], name="Bob")
        quiet = await Client(srv.url, record=True).connect()  # spectators hear no talk: the host did not allow it
        await quiet.request("watch", code=made["watch"])
        said = await ann.request("chat", game=made["game"], text="Good game")
        assert said["type"] == "talk" and said["lines"][0]["text"] == "Good game" and said["lines"][0]["seat"] == 0
        await bob.until(lambda: any(ln["text"] == "Good game" for m in bob.got("talk") for ln in m["lines"]))
        line = next(ln for m in bob.got("talk") for ln in m["lines"])
        assert line["name"] == "Ann" and line["n"] == 1
        # length, control characters and bursts: one error each, nothing said
        assert (await error_of(ann.request("chat", game=made["game"], text="x" * 161))).code == "bad_message"
        assert (await error_of(ann.request("chat", game=made["game"], text="a\u0007b"))).code == "bad_message"
        codes = []
        for i in range(8):
            try:
                await bob.request("chat", game=made["game"], text=f"line {i}")
                codes.append("ok")
            except ServerError as e:
                codes.append(e.code)
        assert codes == ["ok"] * 5 + ["rate_limited"] * 3
        # kept with the game: a player coming back is told the table's talk so far
        again = await Client(srv.url, record=True).connect()
        await again.request("join", game=made["game"], token=made["token"])
        await again.until(lambda: again.got("talk"))
        assert [ln["text"] for ln in again.got("talk")[0]["lines"]] == ["Good game"] + [f"line {i}" for i in range(5)]
        await ann.request("chronicle", game=made["game"], seat=0)  # a round trip: anything sent has come
        assert quiet.got("talk") == [] and all(m["type"] in ("watching", "spectate") for m in quiet.log)
        for c in (ann, bob, quiet, again):
            await c.close()

    asyncio.run(main())


def test_spectators_hear_the_talk_when_the_host_allows_it(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        ann = await Client(srv.url).connect()
        made = await ann.request("create", seats=TWO, spectator_chat=True, watch_delay=0)
        await ann.request("chat", game=made["game"], text="Thinking...")
        fan = await Client(srv.url, record=True).connect()
        assert (await fan.request("watch", code=made["watch"]))["chat"] is True
        await fan.until(lambda: fan.got("talk"))
        await ann.request("chat", game=made["game"], text="Your turn")
        await fan.until(lambda: len(fan.got("talk")) == 2)
        assert [ln["text"] for m in fan.got("talk") for ln in m["lines"]] == ["Thinking...", "Your turn"]
        for c in (ann, fan):
            await c.close()

    asyncio.run(main())


def test_a_rematch_needs_every_players_click_and_rotates_the_first_seat(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def main():
        ann = await Client(srv.url, record=True).connect()
        made = await ann.request("create", seats=TWO + [{"kind": "ai", "level": "easy"}], watch_delay=0)
        bob = await Client(srv.url, record=True).connect()
        claimed = await bob.request("claim", code=made["invites"][0]["code"], name="Bob")
        gid = made["game"]
        early = await error_of(ann.request("rematch", game=gid))
        assert early.code == "not_over"
        await asyncio.gather(play(ann, gid, [0], random.Random(1)), play(bob, gid, [1], random.Random(2)))
        stranger = await Client(srv.url).connect()
        assert (await error_of(stranger.request("rematch", game=gid))).code == "not_your_seat"
        first = await ann.request("rematch", game=gid)
        assert first["type"] == "rematch" and first["accepted"] == [0] and first["waiting"] == [1]
        await bob.until(lambda: bob.got("rematch"))
        assert ann.got("rematched") == []  # nobody is seated in a new game without their own click
        await ann.request("rematch", game=gid, accept=False)  # Ann changes her mind, then again
        await ann.request("rematch", game=gid)
        done = await bob.request("rematch", game=gid)
        assert done["type"] == "rematched" and done["seats"] == [0]  # Bob played seat 2: now first
        await ann.until(lambda: ann.got("rematched"))
        again = ann.got("rematched")[0]
        assert again["next"] == done["next"] != gid and again["seats"] == [2]
        ann2, bob2 = await Client(srv.url).connect(), await Client(srv.url).connect()  # the old token plays it
        joined = await ann2.request("join", game=again["next"], token=made["token"])
        assert joined["seats"] == [2] and joined["host"]
        assert (await bob2.request("join", game=done["next"], token=claimed["token"]))["seats"] == [0]
        await bob2.until(lambda: (done["next"], 0) in bob2.states)
        st = bob2.states[(done["next"], 0)]
        assert [(p["kind"], p["name"]) for p in st["seats"]] == [("remote", "Bob"), ("ai", ""), ("host", "Ann")]
        late = await Client(srv.url, record=True).connect()  # a player back at the old table is told where
        await late.request("join", game=gid, token=claimed["token"])
        await late.until(lambda: late.got("rematched"))
        assert late.got("rematched")[0]["next"] == done["next"]
        for c in (ann, bob, stranger, ann2, bob2, late):
            await c.close()
        return done["next"]

    nxt = asyncio.run(main())
    assert stored_game(db, nxt).n == 3
