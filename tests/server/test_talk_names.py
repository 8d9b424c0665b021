"""Talk and names that cannot lie, against a real server process (fate/ground/textrules.py at the
server's door, fate/server/protocol.py and tables.py): a line's bidi controls and invisible
characters never reach another player, a line of nothing visible is refused, and a name
that looks like another player's at the table, or like one the game itself uses, cannot be
taken at create, claim or sit; the lobby lists names as they draw."""

from __future__ import annotations

import asyncio
import json

from hypothesis import given, settings

from fate.ground.textrules import visible
from fate.net.client import Client
from fate.server.protocol import VERSION, ProtocolError, parse
from tests.test_textrules import nasty, safe

from .test_tables import TWO, error_of


@settings(max_examples=300, deadline=None)
@given(nasty)
def test_the_door_lets_through_a_clean_name_or_line_or_refuses_it_with_one_error(text):
    for kind, field, extra in (("claim", "name", {"code": "ABCD-EFGH"}), ("sit", "name", {"game": "g1"}),
                               ("chat", "text", {"game": "g1"})):
        raw = json.dumps({"v": VERSION, "type": kind, field: text, **extra})
        try:
            got = parse(raw)[field]
        except ProtocolError as e:
            assert e.code in ("bad_message", "bad_name", "too_big")
        else:
            assert got and safe(got) and got == visible(text, len(text))


def test_a_line_with_bidi_controls_arrives_without_them_and_an_invisible_line_is_refused(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        ann = await Client(srv.url).connect()
        made = await ann.request("create", seats=TWO)
        bob = await Client(srv.url, record=True).connect()
        await bob.request("claim", code=made["invites"][0]["code"], name="Bob")
        said = await ann.request("chat", game=made["game"], text="I resign \u202etxt.exe \u2066x\u2069\u200f")
        assert said["lines"][0]["text"] == "I resign txt.exe x"
        await bob.until(lambda: bob.got("talk"))
        heard = [ln["text"] for m in bob.got("talk") for ln in m["lines"]]
        assert heard == ["I resign txt.exe x"]
        for nothing in ("\u200b\u200c\u200d", "\u3164", "\u115f\u1160", " \ufe0f \uffa0 "):
            e = await error_of(bob.request("chat", game=made["game"], text=nothing))
            assert e.code == "bad_message" and "nothing to read" in e.message
        # kept as cleaned: a player arriving later is told the clean line, and nothing of the refused ones
        again = await Client(srv.url, record=True).connect()
        await again.request("join", game=made["game"], token=made["token"])
        await again.until(lambda: again.got("talk"))
        assert [ln["text"] for m in again.got("talk") for ln in m["lines"]] == ["I resign txt.exe x"]
        for c in (ann, bob, again):
            await c.close()

    asyncio.run(main())


def test_a_second_player_cannot_take_a_name_that_looks_like_anothers_or_the_games_own(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        ann = await Client(srv.url).connect()
        made = await ann.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"},
                                                  {"kind": "remote"}], public=True)
        code = made["invites"][0]["code"]
        friend = await Client(srv.url).connect()
        for copy in ("ann", "ANN", "\u0410nn", "A\u200bnn", "\uff21nn", "Seat 1", "Host", "Spectator", "AI",
                     "Cthulhu", "the Cult of Hastur", "Investigators", "The game"):
            e = await error_of(friend.request("claim", code=code, name=copy))
            assert e.code == "bad_name", copy
        # the code was not used up by the refusals: the seat is still there for a name of one's own
        got = await friend.request("claim", code=code, name="Bob")
        assert got["seats"] == [1]
        # from the lobby: the same check against both players now at the table
        stranger = await Client(srv.url).connect()
        for copy in ("B\u043Ebb".replace("bb", "b"), "BOB", "Ann", "Seat 3"):
            e = await error_of(stranger.request("sit", game=made["game"], name=copy))
            assert e.code == "bad_name", copy
        sat = await stranger.request("sit", game=made["game"], name="Zed")
        assert sat["seats"] == [2]
        await stranger.until(lambda: (made["game"], 2) in stranger.states)
        assert [s["name"] for s in stranger.states[(made["game"], 2)]["seats"]] == ["Ann", "Bob", "Zed"]
        # a hotseat's own names apart, and never the game's
        for seats in ([{"kind": "host", "name": "Kim"}, {"kind": "host", "name": "KIM"}],
                      [{"kind": "host", "name": "Nyarlathotep"}, {"kind": "remote"}],
                      [{"kind": "host", "name": "\u2066\u2069"}, {"kind": "remote"}]):
            assert (await error_of(ann.request("create", seats=seats))).code == "bad_name", seats
        for c in (ann, friend, stranger):
            await c.close()

    asyncio.run(main())


def test_the_lobby_lists_names_as_they_draw(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        host = await Client(srv.url).connect()
        made = await host.request("create", seats=[{"kind": "host", "name": "\u202eNIMDA\u202c"},
                                                   {"kind": "remote"}], public=True)
        look = await Client(srv.url).connect()
        listed = (await look.request("lobby"))["games"]
        row = next(g for g in listed if g["game"] == made["game"])
        assert row["players"][0]["name"] == "NIMDA"
        for c in (host, look):
            await c.close()

    asyncio.run(main())
