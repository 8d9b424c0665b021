"""A player, not a token (docs/protocol.md, "Identity"): a key pair proves who a connection is;
the seats it takes are the player's on every computer of theirs; a second computer joins the
player by a pairing code made on the first; a name is the player's on the server. Real server
processes on loopback, and what a stranger with a protocol client of their own can try."""

from __future__ import annotations

import asyncio
import base64
import json
import random

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from fate.net.client import Client, ServerError, play
from fate.protocol.proof import CONTEXT, encode, prove, public_key


async def error_of(aw) -> ServerError:
    try:
        got = await aw
    except ServerError as e:
        return e
    raise AssertionError(f"expected an error, got {got}")


async def as_player(url: str, key: Ed25519PrivateKey) -> tuple[Client, dict]:
    c = await Client(url, record=True).connect()
    return c, await c.identify(key)


def test_a_key_is_one_player_whose_proof_is_checked_and_each_challenge_answered_once(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")
    ann, eve = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()

    async def main():
        first, said = await as_player(srv.url, ann)
        again, said_again = await as_player(srv.url, ann)
        assert said["player"] == said_again["player"] and said["devices"] == 1 and said["name"] == ""
        stranger = await Client(srv.url).connect()
        # no challenge asked: refused; a proof of another key, or of another challenge, refused
        e = await error_of(stranger.request("identify", key=public_key(ann), proof=prove(ann, encode(b"x" * 32))))
        assert e.code == "bad_proof"
        nonce = (await stranger.request("hello"))["nonce"]
        e = await error_of(stranger.request("identify", key=public_key(ann), proof=prove(eve, nonce)))
        assert e.code == "bad_proof"
        # the challenge is spent by that one try: its right answer afterwards is refused too
        e = await error_of(stranger.request("identify", key=public_key(ann), proof=prove(ann, nonce)))
        assert e.code == "bad_proof"
        # a signature of the challenge alone, without the game's context, proves nothing
        raw = base64.urlsafe_b64decode((await stranger.request("hello"))["nonce"] + "=")
        bare = encode(ann.sign(raw))
        assert (await error_of(stranger.request("identify", key=public_key(ann), proof=bare))).code == "bad_proof"
        nonce = (await stranger.request("hello"))["nonce"]
        proof = encode(ann.sign(CONTEXT + base64.urlsafe_b64decode(nonce + "=")))
        got = await stranger.request("identify", key=public_key(ann), proof=proof)
        assert got["player"] == said["player"]
        # a proof seen on the wire is no use on another connection (its challenge is another)
        replay = await Client(srv.url).connect()
        await replay.request("hello")
        assert (await error_of(replay.request("identify", key=public_key(ann), proof=proof))).code == "bad_proof"
        # malformed keys and proofs are the door's (one bad_message each)
        for key, pr in (("short", proof), (public_key(ann), "x" * 86 + "!"), (public_key(ann) + "A", proof)):
            assert (await error_of(replay.request("identify", key=key, proof=pr))).code == "bad_message"
        for c in (first, again, stranger, replay):
            await c.close()

    asyncio.run(main())


def test_a_players_games_are_listed_and_joined_by_identity_on_another_connection_without_a_token(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")
    ann, bob = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()

    async def main():
        host, _ = await as_player(srv.url, ann)
        made = await host.request("create", seats=[{"kind": "host"}, {"kind": "remote"}, {"kind": "ai", "level": "easy"}])
        friend, _ = await as_player(srv.url, bob)
        claimed = await friend.request("claim", code=made["invites"][0]["code"], name="Bob")
        assert claimed["seats"] == [1]
        await host.close()
        # Ann again, with nothing but her key: her game is listed and she takes her seat (and the host's rights)
        back, _ = await as_player(srv.url, ann)
        listed = await back.request("games")
        assert [(g["game"], g["seats"]) for g in listed["games"]] == [(made["game"], [0])]
        joined = await back.request("join", game=made["game"])
        assert joined["seats"] == [0] and joined["host"] is True
        await back.until(lambda: (made["game"], 0) in back.states)
        # Bob's identity lists Bob's seat only; a stranger's identity finds nothing and joins nothing
        assert [g["seats"] for g in (await friend.request("games"))["games"]] == [[1]]
        stranger, _ = await as_player(srv.url, Ed25519PrivateKey.generate())
        assert (await stranger.request("games"))["games"] == []
        assert (await error_of(stranger.request("join", game=made["game"]))).code == "bad_token"
        # without an identity, a join needs its token and a list its tokens
        anon = await Client(srv.url).connect()
        assert (await error_of(anon.request("join", game=made["game"]))).code == "not_identified"
        assert (await error_of(anon.request("games"))).code == "not_identified"
        # the seat played through the identity's join, to the end against Bob and the AI
        await asyncio.gather(play(back, made["game"], [0], random.Random(1)),
                             play(friend, made["game"], [1], random.Random(2)))
        assert back.states[(made["game"], 0)]["view"]["over"] is True
        for c in (back, friend, stranger, anon):
            await c.close()

    asyncio.run(main())


def test_a_second_computer_joins_by_a_code_made_on_the_first_once_and_keeps_its_own_games_apart(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")
    desk, laptop = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()

    async def main():
        first, me = await as_player(srv.url, desk)
        made = await first.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "easy"}])
        # the laptop was a player of its own already, with a game of its own
        second, before = await as_player(srv.url, laptop)
        assert before["player"] != me["player"]
        its_own = await second.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}])
        code = (await first.request("pair_code"))["code"]
        assert len(code) == 9 and code[4] == "-"
        paired = await second.request("pair", code=code.lower().replace("-", ""))  # any case, with or without its dash
        assert paired["player"] == me["player"] and paired["devices"] == 2
        # the desk's game is the player's from either computer; the laptop's own stays its old player's
        # (a code typed on a stranger's word never hands them one's games): its token still opens it
        for c in (first, second):
            assert [g["game"] for g in (await c.request("games"))["games"]] == [made["game"]]
        assert (await second.request("join", game=its_own["game"], token=its_own["token"]))["seats"] == [0]
        joined = await second.request("join", game=made["game"])
        assert joined["seats"] == [0]
        # a code works once
        assert (await error_of(second.request("pair", code=code))).code == "bad_pair"
        # the desk's own identity again after a restart of its connection: still the same player
        again, said = await as_player(srv.url, desk)
        assert said["player"] == me["player"] and said["devices"] == 2
        for c in (first, second, again):
            await c.close()

    asyncio.run(main())


def test_pairing_codes_are_guesses_counted_like_invite_codes(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-guesses", "3")

    async def main():
        owner, _ = await as_player(srv.url, Ed25519PrivateKey.generate())
        code = (await owner.request("pair_code"))["code"]
        thief, _ = await as_player(srv.url, Ed25519PrivateKey.generate())
        for guess in ("AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC"):
            assert (await error_of(thief.request("pair", code=guess))).code == "bad_pair"
        # past the limit even the right code is refused: a guesser learns nothing from it
        assert (await error_of(thief.request("pair", code=code))).code == "too_many"
        # an unidentified connection cannot make or use a code at all
        anon = await Client(srv.url).connect()
        assert (await error_of(anon.request("pair_code"))).code == "not_identified"
        assert (await error_of(anon.request("pair", code=code))).code == "not_identified"
        for c in (owner, thief, anon):
            await c.close()

    asyncio.run(main())


def test_new_players_from_one_address_are_limited(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-identities", "2")

    async def main():
        known = Ed25519PrivateKey.generate()
        c, _ = await as_player(srv.url, known)
        await as_player(srv.url, Ed25519PrivateKey.generate())
        spare = await Client(srv.url).connect()
        e = await error_of(spare.identify(Ed25519PrivateKey.generate()))
        assert e.code == "too_many" and "new players" in e.message
        # a key the server knows is no new player: still welcome
        assert (await spare.identify(known))["devices"] == 1
        await c.close()
        await spare.close()

    asyncio.run(main())


def test_a_name_is_the_players_on_the_server_and_no_other_may_look_like_it(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")
    key = Ed25519PrivateKey.generate()

    async def main():
        ann, _ = await as_player(srv.url, key)
        assert (await ann.request("rename", name="Ann"))["name"] == "Ann"
        other, _ = await as_player(srv.url, Ed25519PrivateKey.generate())
        for copy in ("ann", "ANN", "\u0410nn", "\uff21nn", "A\u200bnn", "Host", "Cthulhu"):
            assert (await error_of(other.request("rename", name=copy))).code == "bad_name", copy
        assert (await other.request("rename", name="Bea"))["name"] == "Bea"
        # Ann may write her own name another way; it is hers on her next connection, and at her tables
        assert (await ann.request("rename", name="ANN"))["name"] == "ANN"
        await ann.close()
        again, said = await as_player(srv.url, key)
        assert said["name"] == "ANN"
        made = await again.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        await other.request("claim", code=made["invites"][0]["code"])
        await other.until(lambda: (made["game"], 1) in other.states)
        assert [s["name"] for s in other.states[(made["game"], 1)]["seats"]] == ["ANN", "Bea"]
        await again.close()
        await other.close()

    asyncio.run(main())


def test_the_windows_line_proves_the_player_and_asks_for_their_name_or_says_why_not(servers, tmp_path):
    """The game window's link (fate/net/link.py) with the player's key (fate/net/identity.py): it
    proves the player before its first request, asks for the player's name there, and says in
    one line when another player's name looks like it."""
    import time

    from fate.engine import default_content
    from fate.net.identity import KeyRing
    from fate.net.link import Link

    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")
    content = default_content()

    async def taken() -> None:
        c, _ = await as_player(srv.url, Ed25519PrivateKey.generate())
        await c.request("rename", name="Ann")
        await c.close()

    asyncio.run(taken())
    ring = KeyRing(tmp_path / "identity.json")

    def inbox(name: str, kinds: set[str]) -> list[dict]:
        link = Link(srv.url, content, retry=False, identity=ring.for_server(srv.url), name=name)
        link.send("games")
        got: list[dict] = []
        end = time.monotonic() + 20
        while time.monotonic() < end and not kinds <= {m["type"] for m in got}:
            got += link.poll()
            time.sleep(0.02)
        link.close()
        return got

    first = inbox("Ann", {"identified", "problem", "games"})
    said = next(m for m in first if m["type"] == "identified")
    problem = next(m for m in first if m["type"] == "problem")
    assert said["name"] == "" and "Ann" in problem["message"]  # another player's already
    second = inbox("Bea", {"identified", "games"})
    third = inbox("", {"identified", "games"})
    assert [m["name"] for m in second + third if m["type"] == "identified"] == ["", "Bea"]  # kept since
    assert all(m["type"] != "problem" for m in second + third)
    assert ring.servers() == [srv.url] and json.loads((tmp_path / "identity.json").read_text())["format"] == 1
