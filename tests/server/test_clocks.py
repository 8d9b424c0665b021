"""Time controls (fate/server/clocks.py) against a real server process: a live clock running
out hands the seat to an AI standing in and the game goes on to its end; the player comes
back; the others vote to hand the seat over for good; a stranger's and the player's own votes
count for nothing. And the clock's arithmetic, its door and how it counts in a rating."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fate.engine import Game, default_content, new_game
from fate.net.client import Client, ServerError, play, within
from fate.server.clocks import (
    ANSWER,
    DEFAULT,
    LIVE,
    TURN,
    Clock,
    bank_after,
    clock_of,
    deadline,
    needed,
    read_clock,
    votes,
)
from fate.server.protocol import ProtocolError, parse
from fate.server.ratings import placings
from fate.server.storage import SeatRow

LIVE_5 = {"kind": "live", "decision": 5, "bank": 0}  # the shortest live clock a game may have


def seats_of(client: Client, game: str) -> list[dict]:
    """The seats as the client was last told them (a ``seats`` message or a state's)."""
    told = [m for m in client.log if m.get("game") == game and m["type"] in ("seats", "state")]
    return told[-1]["seats"] if told else []


def out(client: Client, game: str, seat: int) -> bool:
    rows = seats_of(client, game)
    return bool(rows) and rows[seat]["clock"] is not None and rows[seat]["clock"]["out"]


async def error_of(aw) -> ServerError:
    with pytest.raises(ServerError) as e:
        await aw
    return e.value


def test_a_live_clock_running_out_hands_the_seat_to_an_ai_and_the_game_ends(servers, tmp_path):
    """Bob never plays: his 5 s run out and an AI (Normal) plays his seat for him from then on; Ann
    plays to the end; Bob's connection keeps the seat and is told it all, the end too."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "1")

    async def main() -> None:
        ann = await Client(srv.url, record=True).connect()
        made = await ann.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"}], clock=LIVE_5)
        gid = made["game"]
        bob = await Client(srv.url, record=True).connect()
        joined = await bob.request("claim", code=made["invites"][0]["code"], name="Bob")
        assert joined["seats"] == [1]
        await bob.until(lambda: seats_of(bob, gid), 10)
        mine = seats_of(bob, gid)[1]["clock"]
        assert mine is not None and not mine["out"] and mine["bank"] == 0  # a live clock of 5 s and no bank
        last = await within(play(ann, gid, [0], random.Random(3)), 600)
        assert last is not None and last["view"]["over"]
        assert out(ann, gid, 1) and out(bob, gid, 1)  # still stood in for at the end: never came back
        await bob.until(lambda: any(m["seat"] == 1 and m["view"]["over"] for m in bob.got("state")), 10)
        await ann.close()
        await bob.close()

    asyncio.run(main())


def test_back_then_a_vote_hands_the_seat_over_for_good(servers, tmp_path):
    """Three players; Bob runs out of time. Ann's vote alone is not enough (Cleo's is needed too);
    Bob comes back and the votes go; he runs out again, Ann and Cleo vote, and the seat is the
    AI's for good: Bob's connection loses it. Bob may not vote on his own seat, a stranger not at
    all, and a vote cast twice counts once."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "1")

    async def main() -> None:
        ann = await Client(srv.url, record=True).connect()
        made = await ann.request("create", seats=[{"kind": "remote"}, {"kind": "host", "name": "Ann"},
                                                  {"kind": "remote"}], clock=LIVE_5)
        gid = made["game"]
        bob, cleo, stranger = [await Client(srv.url, record=True).connect() for _ in range(3)]
        await bob.request("claim", code=made["invites"][0]["code"], name="Bob")  # seat 0: the first to decide
        await cleo.request("claim", code=made["invites"][1]["code"], name="Cleo")
        playing = [asyncio.ensure_future(play(c, gid, [s], random.Random(s))) for c, s in ((ann, 1), (cleo, 2))]
        await ann.until(lambda: out(ann, gid, 0), 30)
        assert (await error_of(bob.request("hand_over", game=gid, seat=0))).code == "not_your_seat"
        assert (await error_of(stranger.request("hand_over", game=gid, seat=0))).code == "not_your_seat"
        assert (await error_of(ann.request("back", game=gid, seat=0))).code == "not_your_seat"
        first = await ann.request("hand_over", game=gid, seat=0)
        again = await ann.request("hand_over", game=gid, seat=0)
        assert (first["votes"], first["needed"], first["handed"]) == (1, 2, False)
        assert again["votes"] == 1  # once
        await bob.request("back", game=gid, seat=0)
        await ann.until(lambda: not out(ann, gid, 0), 10)
        assert (await error_of(bob.request("back", game=gid, seat=0))).code == "not_out_of_time"
        assert (await error_of(cleo.request("hand_over", game=gid, seat=0))).code == "not_out_of_time"
        await ann.until(lambda: out(ann, gid, 0), 60)  # he dawdles again (the others' turns come first)
        assert seats_of(ann, gid)[0]["clock"]["votes"] == 0  # his return wiped the first vote
        await ann.request("hand_over", game=gid, seat=0)
        carried = await cleo.request("hand_over", game=gid, seat=0)
        assert carried["handed"] and carried["votes"] == 2
        await ann.until(lambda: seats_of(ann, gid)[0]["kind"] == "ai", 10)
        assert (await error_of(bob.request("back", game=gid, seat=0))).code == "not_your_seat"
        for t in playing:
            t.cancel()
        for c in (ann, bob, cleo, stranger):
            await c.close()

    asyncio.run(main())


def test_a_clock_from_create_is_told_on_join_and_a_game_without_one_gets_three_days(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def main() -> None:
        c = await Client(srv.url, record=True).connect()
        timed = await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}],
                                clock={"kind": "turn", "hours": 24})
        plain = await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        again = await Client(srv.url).connect()
        told = await again.request("join", game=timed["game"], token=timed["token"])
        assert told["clock"] == {"kind": "turn", "hours": 24}
        told = await again.request("join", game=plain["game"], token=plain["token"])
        assert told["clock"] == DEFAULT.wire() == {"kind": "turn", "hours": 72}
        await c.close()
        await again.close()

    asyncio.run(main())


# ------------------------------------------------------------------ the arithmetic
def _seats(bank: float = 0.0, **kw) -> list[SeatRow]:
    return [SeatRow("g", s, "host", token_hash="t", bank=bank, **kw) for s in range(2)]


def test_a_live_decision_has_its_own_time_then_the_bank_and_only_what_runs_over_leaves_the_bank():
    g = new_game(default_content(), 2, 1)
    clock = Clock(LIVE, decision=30, bank=120)
    seats = _seats(bank=100.0)
    p = g.pending()
    assert p is not None
    due = deadline(clock, g, seats, None, None, 1000.0)
    assert due == 1000.0 + 30 + 100
    assert bank_after(clock, seats[p.seat], due, 1000.0 + 20) == 100.0  # within its own 30 s: the bank untouched
    assert bank_after(clock, seats[p.seat], due, 1000.0 + 45) == 85.0  # 15 s over
    assert bank_after(clock, seats[p.seat], due, 1000.0 + 500) == 0.0  # never below nothing
    # an AI standing in has no clock running, a seat no friend took yet has (nobody waits for ever);
    # an AI's move takes nothing from the bank
    assert deadline(clock, g, _seats(stand_in=1), None, None, 0.0) is None
    assert deadline(clock, g, [SeatRow("g", s, "remote") for s in range(2)], None, None, 0.0) == 30.0
    assert bank_after(clock, SeatRow("g", 0, "host", token_hash="t", stand_in=1), due, 2000.0) is None


def _window_during_a_turn() -> Game:
    """A real game asking a seat during another seat's turn (a casting window), found by playing
    seeded random games."""
    for seed in range(40):
        g, rnd = new_game(default_content(), 3, seed), random.Random(seed)
        while (p := g.pending()) is not None:
            if g.turn >= 1 and p.seat != g.cur:
                return g
            g.apply(rnd.choice(p.choices).id)
    raise AssertionError("no casting window in 40 games")


def test_a_turn_clock_runs_from_the_turns_start_not_each_decision():
    g = new_game(default_content(), 2, 1)
    clock = Clock(TURN, hours=24)
    p = g.pending()
    assert p is not None and g.turn == 0
    fresh = deadline(clock, g, _seats(), None, None, 0.0)
    assert fresh == 24 * 3600
    assert deadline(clock, g, _seats(), (p.seat, 0), fresh, 5000.0) == fresh  # the same seat goes on
    assert deadline(clock, g, _seats(), (1 - p.seat, 0), fresh, 5000.0) == 5000.0 + 24 * 3600  # came to it
    assert bank_after(clock, _seats()[0], fresh, 9.0) is None  # no bank in a turn-based game
    # a window during another's turn: the asked seat has at least an hour, and never winds the turn back
    w = _window_during_a_turn()
    asked = w.pending()
    assert asked is not None
    rows = [SeatRow("g", s, "host", token_hash="t") for s in range(3)]
    late = deadline(clock, w, rows, (w.cur, w.turn), 100_000.0, 99_000.0)
    assert late == 99_000.0 + ANSWER
    early = deadline(clock, w, rows, (w.cur, w.turn), 100_000.0, 10_000.0)
    assert early == 100_000.0  # the turn's own deadline stands
    assert deadline(clock, w, rows, (w.cur, w.turn - 1), 100_000.0, 10_000.0) == 10_000.0 + 24 * 3600  # a new turn


def test_more_than_half_of_the_others_in_person_carry_a_vote():
    people = [SeatRow("g", s, "host", token_hash="t") for s in range(4)]
    people[0].stand_in = 1
    assert needed(people, 0) == 2  # three others: two carry it
    people[3] = SeatRow("g", 3, "ai", "hard")
    assert needed(people, 0) == 2  # two others in person: both
    people[2].stand_in = 1
    assert needed(people, 0) == 1
    people.append(SeatRow("g", 4, "remote"))  # (a seat no friend took has nobody to vote)
    assert needed(people, 0) == 1
    people[0].handing = 1 << 1 | 1 << 2  # seat 2 voted before it ran out of time itself: no longer counts
    assert votes(people, 0) == 1
    alone = [SeatRow("g", 0, "host", token_hash="t", stand_in=1), SeatRow("g", 1, "ai", "normal")]
    assert needed(alone, 0) == 0  # against AIs alone nobody votes: the AI stands in until the player is back


def test_a_seat_out_of_time_at_the_end_or_handed_over_finishes_last():
    g = new_game(default_content(), 3, 5)
    rows = [SeatRow("g", 0, "host", token_hash="a", player="p0", stand_in=1),
            SeatRow("g", 1, "remote", token_hash="b", player="p1"),
            SeatRow("g", 2, "ai", "normal", player="p2")]  # handed over: an AI's, still its player's
    places = placings(g, rows)
    assert [p.rank for p in places][0] == 3 and places[2].rank == 3
    assert places[1].rank in (1, 2)


# ------------------------------------------------------------------ the door
@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(
                        st.sampled_from(["kind", "decision", "bank", "hours", "x"]), kids, max_size=4),
                    max_leaves=8)
       | st.fixed_dictionaries({"kind": st.sampled_from(["live", "turn", "blitz"])},
                               optional={"decision": st.integers(-5, 700), "bank": st.integers(-5, 4000),
                                         "hours": st.integers(-1, 200)}))
def test_any_clock_a_client_sends_is_a_clock_or_one_bad_message(spec):
    raw = json.dumps({"v": 6, "type": "create", "seats": [{"kind": "host"}], "clock": spec})
    try:
        msg = parse(raw)
    except ProtocolError as e:
        assert e.code == "bad_message" and len(e.message) < 300
        return
    clock = clock_of(msg["clock"])
    assert read_clock(clock.text()) == clock
    if clock.kind == LIVE:
        assert 5 <= clock.decision <= 600 and 0 <= clock.bank <= 3600
    else:
        assert 1 <= clock.hours <= 168


def test_a_kept_clock_that_does_not_read_is_no_clock():
    assert read_clock("") is None
    assert read_clock("{not json") is None
    assert read_clock('{"kind":"live"}') is None
    assert read_clock(Clock(LIVE, 30, 300).text()) == Clock(LIVE, 30, 300)
