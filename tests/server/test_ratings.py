"""Ratings and standings (fate/server/ratings.py) against a real server process: a series of rated
games played by three identities (bots choosing from seeded generators) and an AI, one player
resigning along the way, gives exactly the ratings the OpenSkill library computes itself from
those results; unrated and solo games count games and wins but no rating; what a stranger may
and may not ask."""

from __future__ import annotations

import asyncio
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from openskill.models import PlackettLuce

from fate.net.client import Client, ServerError, play
from fate.server.ratings import AI_RATINGS
from tests.server.test_identity import error_of


async def card_when(c: Client, games: int, player: str | None = None) -> dict:
    """The player's card once it counts ``games`` finished games (each is counted as it ends)."""
    fields = {"player": player} if player else {}
    for _ in range(300):
        try:
            card = await c.patient("card", **fields)
            if card["games"] >= games:
                return card
        except ServerError as e:
            if e.code != "no_such_player":
                raise
        await asyncio.sleep(0.1)
    raise AssertionError(f"the card never counted {games} games")


async def gives_up(c: Client, gid: str, rng: random.Random) -> None:
    """A few choices of seat 1, then its player resigns."""
    await play(c, gid, [1], rng, stop_after=3)
    await c.patient("resign", game=gid, seat=1)


def test_a_series_of_rated_games_gives_the_librarys_own_ratings(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--trusted-proxy", "127.0.0.1")

    async def main():
        people = []
        for k, name in enumerate(("Ann", "Bob", "Cleo")):  # each at an address of their own (a proxy says so)
            c = await Client(srv.url, record=True, headers={"X-Forwarded-For": f"198.51.100.{10 + k}"}).connect()
            me = await c.identify(Ed25519PrivateKey.generate())
            await c.patient("rename", name=name)
            people.append((c, me["player"]))
        model = PlackettLuce()
        expected = {p: model.rating() for _, p in people}
        ai = model.rating(mu=AI_RATINGS["easy"][0], sigma=AI_RATINGS["easy"][1])
        wins = {p: 0 for _, p in people}
        for n in range(4):
            ann, bob, cleo = people
            made = await ann[0].patient("create", seats=[{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"},
                                                         {"kind": "ai", "level": "easy"}], public=True, rated=True)
            for (c, _), invite in zip((bob, cleo), made["invites"], strict=True):
                await c.patient("claim", code=invite["code"])
            gid = made["game"]
            rngs = [random.Random(100 * n + k) for k in range(3)]
            if n == 2:  # Bob gives up his seat early: a loss, whatever the AI then makes of it
                finals = await asyncio.gather(play(ann[0], gid, [0], rngs[0]), gives_up(bob[0], gid, rngs[1]),
                                              play(cleo[0], gid, [2], rngs[2]))
                finals = [finals[0], None, finals[2]]
            else:
                finals = await asyncio.gather(*(play(c, gid, [s], rngs[s]) for s, (c, _) in enumerate(people)))
            winners = set(finals[0]["view"]["winners"])
            ranks = [1 if s in winners else 2 for s in range(4)]
            if n == 2:
                ranks[1] = 3
            for s, (_, p) in enumerate(people):
                wins[p] += s in winners and not (n == 2 and s == 1)
            teams = [[expected[p]] for _, p in people] + [[ai]]
            new = model.rate(teams, ranks=ranks)
            for (_, p), team in zip(people, new[:3], strict=True):
                expected[p] = team[0]
            for c, _ in people:
                await card_when(c, n + 1)
        board = (await people[0][0].patient("leaderboard"))["players"]
        for c, p in people:
            card = await c.patient("card")
            assert card["player"] == p and card["games"] == 4 and card["rated"] == 4 and card["wins"] == wins[p]
            assert card["mu"] == pytest.approx(expected[p].mu, abs=0.01)
            assert card["sigma"] == pytest.approx(expected[p].sigma, abs=0.01)
            assert card["rating"] == pytest.approx(expected[p].ordinal(), abs=0.02)
            assert card["favourite"]  # the Elder God they played most
        order = sorted(expected, key=lambda p: (-expected[p].ordinal(), p))  # equal ratings: by id, as the board
        assert [row["player"] for row in board] == order
        assert [row["place"] for row in board] == [1, 2, 3]
        assert [row["name"] for row in board] == [dict(zip([p for _, p in people], ["Ann", "Bob", "Cleo"],
                                                           strict=True))[p] for p in order]
        # anyone's card by id, from a connection with no identity
        anon = await Client(srv.url).connect()
        assert (await anon.patient("card", player=order[0]))["place"] == 1
        assert (await error_of(anon.patient("card"))).code == "not_identified"
        assert (await error_of(anon.patient("card", player="nobody-at-all"))).code == "no_such_player"
        for c, _ in people:
            await c.close()
        await anon.close()

    asyncio.run(main())


def test_unrated_and_solo_games_count_for_the_card_but_move_no_rating(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main():
        c = await Client(srv.url).connect()
        await c.identify(Ed25519PrivateKey.generate())
        solo = await c.patient("create", seats=[{"kind": "host"}], seed=3)
        await play(c, solo["game"], [0], random.Random(1))
        duel = await c.patient("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}], seed=4)
        await play(c, duel["game"], [0], random.Random(2))
        card = await card_when(c, 2)
        assert (card["rated"], card["place"]) == (0, 0)
        assert (card["mu"], card["sigma"]) == (pytest.approx(25.0, abs=0.01), pytest.approx(25 / 3, abs=0.01))
        assert (await c.patient("leaderboard"))["players"] == []
        # a rated game is a public one of two cults or more
        for fields in ({"rated": True}, {"rated": True, "public": True, "seats": [{"kind": "host"}]},
                       {"rated": True, "public": True, "seed": 5,  # a deal known to its maker is not rated
                        "seats": [{"kind": "host"}, {"kind": "ai", "level": "hard"}]}):
            seats = fields.pop("seats", [{"kind": "host"}, {"kind": "remote"}])
            assert (await error_of(c.patient("create", seats=seats, **fields))).code == "bad_message"
        await c.close()

    asyncio.run(main())


def test_a_rated_game_with_two_seats_from_one_address_is_counted_but_not_rated(servers, tmp_path):
    """One person's second identity (or a household) at one rated table: the game counts games and
    wins, and moves no rating."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--trusted-proxy", "127.0.0.1")
    one_network = {"X-Forwarded-For": "198.51.100.9"}

    async def main():
        main_id, second = (await Client(srv.url, headers=one_network).connect(),
                           await Client(srv.url, headers=one_network).connect())
        for c in (main_id, second):
            await c.identify(Ed25519PrivateKey.generate())
        made = await main_id.patient("create", seats=[{"kind": "host"}, {"kind": "remote"}], public=True, rated=True)
        await second.patient("claim", code=made["invites"][0]["code"])
        await asyncio.gather(play(main_id, made["game"], [0], random.Random(1)),
                             play(second, made["game"], [1], random.Random(2)))
        for c in (main_id, second):
            card = await card_when(c, 1)
            assert (card["games"], card["rated"], card["place"]) == (1, 0, 0)
            assert card["mu"] == pytest.approx(25.0, abs=0.01)
            await c.close()

    asyncio.run(main())
