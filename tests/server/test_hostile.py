"""Forged, stale, repeated, oversized, malformed and flooding messages: each gets one error,
the game stays intact, and another game on the same server never notices."""

from __future__ import annotations

import asyncio
import json
import random

from fate.net.client import Client, ServerError, play
from fate.server.protocol import VERSION

from .test_server import stored_game


async def errors_after(c: Client, since: int) -> list[dict]:
    await asyncio.sleep(0.3)
    return [m for m in c.log[since:] if m["type"] == "error"]


def test_hostile_messages_are_refused_one_error_each_and_the_games_go_on(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def main():
        # an honest game played beside the attack, start to end
        honest = await Client(srv.url).connect()
        other = await honest.request("create", seed=1, seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}])
        honest_play = asyncio.get_running_loop().create_task(
            play(honest, other["game"], [0], random.Random(1), think=0.002))

        c = await Client(srv.url, record=True).connect()
        made = await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        gid = made["game"]
        await asyncio.sleep(0.2)
        st = c.states[(gid, 0)]
        d, choice = st["decision"], st["prompt"]["choices"][0]["id"]
        codes = {}

        async def code(kind, **fields):
            try:
                await c.request(kind, **fields)
            except ServerError as e:
                return e.code
            return "accepted"

        codes["forged token"] = await code("join", game=gid, token="x" * 32)
        codes["forged invite"] = await code("claim", code="AAAA-BBBB-CCCC-DDDD")
        codes["another seat"] = await code("choose", game=gid, seat=1, decision=d, choice=choice)
        codes["another game"] = await code("choose", game=other["game"], seat=0, decision=0, choice=choice)
        codes["another seat's chronicle"] = await code("chronicle", game=gid, seat=1)
        codes["chronicle"] = await code("chronicle", game=gid, seat=0)
        codes["chronicle again at once"] = await code("chronicle", game=gid, seat=0)
        codes["stale"] = await code("choose", game=gid, seat=0, decision=d + 1, choice=choice)
        codes["illegal"] = await code("choose", game=gid, seat=0, decision=d, choice="summon_now")
        codes["first"] = await code("choose", game=gid, seat=0, decision=d, choice=choice)
        codes["repeated"] = await code("choose", game=gid, seat=0, decision=d, choice=choice)
        codes["bad level"] = await code("replace", game=gid, seat=1, level="godlike")
        codes["a lone surrogate for a name"] = await code("claim", code=made["invites"][0]["code"], name="\ud800")
        codes["a host named with one"] = await code("create", seats=[{"kind": "host", "name": "Ann\udfff"}])

        n = len(c.log)
        raw = [
            json.dumps({"v": VERSION, "type": "leave", "game": gid, "pad": "x" * 20_000}),  # oversized
            "{definitely not json",
            json.dumps({"v": 99, "type": "join"}),
            "[" * 2000 + "]" * 2000,
            json.dumps([1, 2, 3]),
            json.dumps({"v": VERSION, "type": "choose", "game": gid, "seat": "0", "decision": d, "choice": choice}),
            b"\x00\x01binary",
        ]
        for r in raw:
            await c.send_raw(r)
        raw_errors = await errors_after(c, n)

        # a flood: far more than the rate allows, as fast as the socket takes it
        n = len(c.log)
        flood = 400
        for _ in range(flood):
            await c.send_raw(json.dumps({"v": VERSION, "type": "games", "tokens": [made["token"]]}))
        await asyncio.sleep(1.5)
        answers = [m for m in c.log[n:] if m["type"] in ("games", "error")]
        limited = [m for m in answers if m["type"] == "error"]

        # after all that, the connection still works and the game plays on to its end
        friend = await Client(srv.url).connect()
        f = await friend.request("claim", code=made["invites"][0]["code"])
        codes["claimed twice"] = await code("claim", code=made["invites"][0]["code"])
        ends = await asyncio.gather(play(c, gid, [0], random.Random(2)), play(friend, gid, f["seats"], random.Random(3)))
        other_end = await honest_play
        for x in (c, friend, honest):
            await x.close()
        return gid, other["game"], codes, raw_errors, answers, limited, flood, ends, other_end

    gid, other_gid, codes, raw_errors, answers, limited, flood, ends, other_end = asyncio.run(main())
    assert codes == {
        "forged token": "bad_token", "forged invite": "bad_invite", "another seat": "not_your_seat",
        "another game": "not_your_seat", "another seat's chronicle": "not_your_seat", "chronicle": "accepted",
        "chronicle again at once": "rate_limited", "stale": "stale_decision",
        "illegal": "illegal_choice", "first": "accepted", "repeated": "stale_decision", "bad level": "bad_message",
        "a lone surrogate for a name": "bad_message", "a host named with one": "bad_message",
        "claimed twice": "bad_invite",
    }
    assert [e["code"] for e in raw_errors] == ["too_big", "bad_json", "bad_version", "bad_message", "bad_message",
                                               "bad_message", "bad_message"]
    assert all(len(e["message"]) <= 200 for e in raw_errors)
    assert len(answers) == flood and limited and all(e["code"] == "rate_limited" for e in limited)
    # both games intact: played to the end, and the stored choices replay to the same game
    for g_id, end in ((gid, ends[0]), (other_gid, other_end)):
        g = stored_game(db, g_id)
        assert g.over and end["view"]["over"] and end["decision"] == len(g.choices_made)
