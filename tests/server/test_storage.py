"""The storage contract, for both adapters: SQLite (embedded) and PostgreSQL (a real server)."""

from __future__ import annotations

import asyncio
import secrets

import pytest

from fate.server.app import open_store
from fate.server.storage import GameRow, SeatRow, digest


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:{tmp_path / 'store.sqlite'}"
    return request.getfixturevalue("pg_dsn")


def new_game_rows(code: str, expires: float):
    gid = secrets.token_urlsafe(12)
    row = GameRow(gid, '{"save": 0}', 0, "ai", digest("host"), 1.0, 1.0)
    seats = [SeatRow(gid, 0, "host", token_hash=digest("host")),
             SeatRow(gid, 1, "remote", invite_hash=digest(code), invite_expires=expires),
             SeatRow(gid, 2, "ai", "easy")]
    return gid, row, seats


def test_a_commit_is_a_compare_and_set_on_the_decision_number(store_url):
    async def main():
        s = open_store(store_url)
        gid, row, seats = new_game_rows("C1-" + secrets.token_hex(4), 100.0)
        await s.create_game(row, seats)
        first = await s.commit(gid, 0, "a", None, "human", 2.0)
        repeat = await s.commit(gid, 0, "b", None, "human", 2.0)
        racing = await asyncio.gather(*(s.commit(gid, 1, f"c{k}", None, "human", 3.0) for k in range(6)))
        moved = await s.load_game(gid)
        saved = await s.commit(gid, 2, "d", '{"save": 3}', "human", 4.0)
        stored = await s.load_game(gid)
        since = await s.moves_since(gid, 1)
        await s.close()
        return first, repeat, racing, moved, saved, stored, since

    first, repeat, racing, moved, saved, stored, since = asyncio.run(main())
    assert first is True and repeat is False
    assert sorted(racing) == [False] * 5 + [True]  # exactly one of six racing commits wins
    assert moved.decision == 2 and moved.moves[0] == "a" and len(moved.moves) == 2 and moved.moves[1][0] == "c"
    assert saved and (stored.decision, stored.save, stored.moves) == (3, '{"save": 3}', [])
    assert since == moved.moves[1:] + ["d"]  # every move is kept, for other processes to catch up from


def test_an_invite_is_claimed_once_and_only_before_it_expires(store_url):
    async def main():
        s = open_store(store_url)
        code = "C2-" + secrets.token_hex(4)
        gid, row, seats = new_game_rows(code, 100.0)
        await s.create_game(row, seats)
        late = await s.claim_invite(digest(code), digest("late"), 101.0)
        wrong = await s.claim_invite(digest("nope"), digest("x"), 50.0)
        ok = await s.claim_invite(digest(code), digest("friend"), 50.0)
        again = await s.claim_invite(digest(code), digest("thief"), 50.0)
        mine = await s.seats_of_token(digest("friend"))
        await s.close()
        return late, wrong, ok, again, mine

    late, wrong, ok, again, mine = asyncio.run(main())
    assert late == [] and wrong == [] and again == []
    assert [r.seat for r in ok] == [1] and [(r.seat, r.kind) for r in mine] == [(1, "remote")]


def test_exactly_one_claim_on_an_ai_move_wins_until_its_lease_ends(store_url):
    async def main():
        s = open_store(store_url)
        gid, row, seats = new_game_rows("C3-" + secrets.token_hex(4), 100.0)
        await s.create_game(row, seats)
        claims = await asyncio.gather(*(s.claim_ai(gid, 0, f"p{k}", 10.0, 20.0) for k in range(6)))
        waiting_now = gid in await s.waiting_on_ai(11.0, 20.0)
        after_lease = await s.claim_ai(gid, 0, "late", 31.0, 20.0)
        waiting_later = gid in await s.waiting_on_ai(60.0, 20.0)
        await s.close()
        return claims, waiting_now, after_lease, waiting_later

    claims, waiting_now, after_lease, waiting_later = asyncio.run(main())
    assert sorted(claims) == [False] * 5 + [True]
    assert waiting_now is False and after_lease is True and waiting_later is True


def test_a_take_back_is_a_compare_and_set_too_and_replaces_a_save_written_at_that_decision(store_url):
    async def main():
        s = open_store(store_url)
        gid, row, seats = new_game_rows("C4-" + secrets.token_hex(4), 100.0)
        row.waiting = "human"
        await s.create_game(row, seats)
        await s.commit(gid, 0, "a", None, "human", 2.0)
        await s.commit(gid, 1, "b", '{"save": 2}', "human", 3.0)  # a whole save at decision 2
        stale = await s.take_back(gid, 1, '{"save": 0}', "human", 4.0)
        racing = await asyncio.gather(*(s.take_back(gid, 2, '{"save": 1}', "human", 4.0) for _ in range(6)))
        back = await s.load_game(gid)
        since = await s.moves_since(gid, 0)
        again = await s.commit(gid, 1, "c", None, "ai", 5.0)  # another choice at the decision taken back
        on_ai = await s.take_back(gid, 2, '{"save": 1}', "human", 6.0)  # the game waits on an AI: no
        now = await s.load_game(gid)
        await s.close()
        return stale, racing, back, since, again, on_ai, now

    stale, racing, back, since, again, on_ai, now = asyncio.run(main())
    assert stale is False
    assert sorted(racing) == [False] * 5 + [True]  # exactly one of six racing take-backs wins
    assert (back.decision, back.save, back.moves, since) == (1, '{"save": 1}', [], ["a"])
    assert again is True and on_ai is False
    assert (now.decision, now.waiting, now.moves) == (2, "ai", ["c"])


def test_a_stored_game_that_will_not_load_never_stops_the_sweep_for_ai_moves(tmp_path, content, caplog):
    """A row waiting on an AI whose save is damaged is told once in the log and passed over;
    the sweep goes on for the other games (before, the first such row ended it for the
    process's lifetime)."""
    from fate.server.aipool import AIPool
    from fate.server.app import GameServer

    async def main():
        store = open_store(f"sqlite:{tmp_path / 'store.sqlite'}")
        gid, row, seats = new_game_rows("S1-" + secrets.token_hex(4), 100.0)
        await store.create_game(row, seats)
        server = GameServer(store, content, AIPool(0))
        with caplog.at_level("WARNING", logger="fate.server"):
            await server.ai.sweep()
            await server.ai.sweep()
        return server, gid

    server, gid = asyncio.run(main())
    assert gid in server.ai.unloadable and gid not in server.games
    told = [r.getMessage() for r in caplog.records if gid in r.getMessage()]
    assert len(told) == 1 and "does not load" in told[0]


def test_a_persons_move_is_written_only_while_its_token_still_plays_the_seat(store_url):
    """Resigned on one process, a seat's token is refused at once by the write itself on every
    other: a commit or a take-back naming the token that played the seat is not made."""
    async def main():
        s = open_store(store_url)
        code = "C4-" + secrets.token_hex(4)
        gid, row, seats = new_game_rows(code, 100.0)
        await s.create_game(row, seats)
        await s.claim_invite(digest(code), digest("friend"), 2.0)
        out = {
            "forged": await s.commit(gid, 0, "a", None, "human", 3.0, (1, digest("forger"))),
            "host": await s.commit(gid, 0, "a", None, "human", 3.0, (0, digest("host"))),
            "friend": await s.commit(gid, 1, "b", None, "human", 3.0, (1, digest("friend"))),
        }
        await s.set_seat(gid, 1, "ai", "normal", None, True)  # the friend resigns
        out["friend resigned, take-back"] = await s.take_back(gid, 2, '{"save": 1}', "human", 4.0,
                                                              (1, digest("friend")))
        out["friend resigned, choice"] = await s.commit(gid, 2, "c", None, "human", 4.0, (1, digest("friend")))
        out["the AI"] = await s.commit(gid, 2, "c", None, "human", 4.0)
        stored = await s.load_game(gid)
        await s.close()
        return out, stored

    out, stored = asyncio.run(main())
    assert out == {"forged": False, "host": True, "friend": True, "friend resigned, take-back": False,
                   "friend resigned, choice": False, "the AI": True}
    assert stored.decision == 3 and stored.moves == ["a", "b", "c"]


def test_tables_lobby_talk_and_rematch_are_kept_alike_by_both_stores(store_url):
    """A game's table (public, watch code, delay, spectators' talk), the lobby's query (public,
    not over, a seat open now), numbered lines of talk, and the rematch named once."""
    from fate.server.storage import TableRow

    async def main():
        s = open_store(store_url)
        out = {}
        watch = "W-" + secrets.token_hex(6)
        pub, row, seats = new_game_rows("L1-" + secrets.token_hex(4), 100.0)
        await s.create_game(row, seats, TableRow(pub, True, digest(watch), 30, True))
        private, row2, seats2 = new_game_rows("L2-" + secrets.token_hex(4), 100.0)
        await s.create_game(row2, seats2)  # no table: private, as a game from before tables
        out["table"] = await s.table(pub)
        out["none"] = await s.table(private)
        out["watched"] = (await s.watched(digest(watch)), await s.watched(digest("nothing")))
        out["lobby"] = [g for g, *_ in await s.lobby(50.0, 50) if g in (pub, private)]
        out["expired"] = [g for g, *_ in await s.lobby(150.0, 50) if g in (pub, private)]
        out["talk"] = [await s.add_chat(pub, 0, 3, 10.0, "Ann", "Good game"), await s.add_chat(pub, 1, 4, 11.0, "Bob", "gg")]
        out["said"] = await s.chat(pub, 10)
        out["last"] = await s.chat(pub, 1)
        out["rematch"] = [await s.set_rematch(pub, "next1"), await s.set_rematch(pub, "next2"),
                          await s.set_rematch(private, "next3")]
        out["after"] = (await s.table(pub)).rematch, (await s.table(private)).rematch
        await s.claim_invite(seats[1].invite_hash, digest("stranger"), 50.0)
        out["full"] = [g for g, *_ in await s.lobby(50.0, 50) if g == pub]
        await s.close()
        return out

    out = asyncio.run(main())
    t = out["table"]
    assert (t.public, t.delay, t.spectator_chat, t.rematch) == (True, 30, True, None) and out["none"] is None
    assert out["watched"][0] == t.game and out["watched"][1] is None
    assert out["lobby"] == [t.game] and out["expired"] == [] and out["full"] == []
    assert out["talk"] == [1, 2]
    assert [(c.n, c.seat, c.decision, c.name, c.text) for c in out["said"]] == [(1, 0, 3, "Ann", "Good game"),
                                                                               (2, 1, 4, "Bob", "gg")]
    assert [c.n for c in out["last"]] == [2]
    assert out["rematch"] == [True, False, True] and out["after"] == ("next1", "next3")


def test_a_players_keys_names_and_pairing_codes_in_both_stores(store_url):
    """A key is one player; a name's fold is one player's; a pairing code works once and only
    before it expires, and moves the key alone (the player it leaves keeps their seats)."""
    async def main():
        s = open_store(store_url)
        tag = secrets.token_hex(4)
        ann = await s.add_player("ann" + tag, "k-ann" + tag, 1.0)
        same = await s.add_player("other" + tag, "k-ann" + tag, 2.0)  # a key already known: that player
        lap = await s.add_player("lap" + tag, "k-lap" + tag, 1.0)
        gid, row, seats = new_game_rows("C9-" + tag, 100.0)
        seats[0].player = lap.id
        await s.create_game(row, seats)
        named = await s.rename_player(ann.id, "Ann", "ann" + tag)
        clash = await s.rename_player(lap.id, "ANN", "ann" + tag)
        await s.add_pair_code(digest("late" + tag), ann.id, 50.0, 10.0)
        late = await s.pair(digest("late" + tag), "k-lap" + tag, 60.0)
        await s.add_pair_code(digest("code" + tag), ann.id, 500.0, 60.0)
        paired = await s.pair(digest("code" + tag), "k-lap" + tag, 70.0)
        twice = await s.pair(digest("code" + tag), "k-new" + tag, 71.0)
        by_lap_key = await s.player_of_key("k-lap" + tag)
        gone = await s.player_of_key("k-gone" + tag)
        anns_seats = await s.seats_of_player(ann.id)
        laps_seats = await s.seats_of_player(lap.id)
        await s.close()
        return ann, same, named, clash, late, paired, twice, by_lap_key, gone, anns_seats, laps_seats, gid

    ann, same, named, clash, late, paired, twice, by_lap_key, gone, anns_seats, laps_seats, gid = asyncio.run(main())
    assert same.id == ann.id and same.devices == 1
    assert named is True and clash is False
    assert late is None and twice is None  # expired; used
    assert paired is not None and (paired.id, paired.name, paired.devices) == (ann.id, "Ann", 2)
    assert by_lap_key is not None and by_lap_key.id == ann.id and gone is None
    assert anns_seats == [] and [(r.game, r.seat) for r in laps_seats] == [(gid, 0)]


def test_a_finished_game_is_counted_once_and_only_a_rated_one_moves_ratings(store_url):
    async def main():
        s = open_store(store_url)
        tag = secrets.token_hex(4)
        a = await s.add_player("a" + tag, "ka" + tag, 1.0)
        b = await s.add_player("b" + tag, "kb" + tag, 1.0)
        rated, _, seats = new_game_rows("R1-" + tag, 100.0)
        plain, _, seats2 = new_game_rows("R2-" + tag, 100.0)
        await s.create_game(GameRow(rated, "{}", 0, "none", digest("h"), 1.0, 1.0), seats)
        await s.create_game(GameRow(plain, "{}", 0, "none", digest("h"), 1.0, 1.0), seats2)
        await s.add_standing(rated, True)
        await s.add_standing(plain, False)
        fresh = (25.0, 8.0, 1.0)

        def rate(before):
            assert before == {a.id: (25.0, 8.0), b.id: (25.0, 8.0)}
            return {a.id: (27.0, 7.0, 6.0), b.id: (23.0, 7.0, 2.0)}

        first = await asyncio.gather(*(s.settle(rated, [(a.id, True, "god-a"), (b.id, False, "")], fresh, rate)
                                       for _ in range(4)))
        waiting = await s.unsettled()
        other = await s.settle(plain, [(a.id, False, "god-b"), (b.id, True, "")], fresh, rate)
        cards = [await s.standing(p.id) for p in (a, b)]
        board = await s.leaderboard(10)
        await s.close()
        return first, waiting, other, cards, board, (rated, plain)

    first, waiting, other, cards, board, (rated, plain) = asyncio.run(main())
    assert sorted(first) == [False, False, False, True] and other is True  # each game once, racing or not
    assert plain in waiting and rated not in waiting  # a finished game not counted yet, for the sweep
    a, b = cards
    assert (a.games, a.wins, a.rated, a.mu, a.sigma, a.place) == (2, 1, 1, 27.0, 7.0, 1)
    assert (b.games, b.wins, b.rated, b.mu, b.place) == (2, 1, 1, 23.0, 2)
    assert a.favourite in ("god-a", "god-b") and b.favourite == ""
    assert [s.player for s in board if s.player in (a.player, b.player)] == [a.player, b.player]


def test_prune_deletes_old_finished_games_counted_for_their_players_only(store_url):
    async def main():
        s = open_store(store_url)
        tag = secrets.token_hex(4)
        ids = []
        for k, (waiting, updated) in enumerate((("none", 10.0), ("none", 10.0), ("human", 10.0), ("none", 500.0))):
            gid, _, seats = new_game_rows(f"P{k}-{tag}", 100.0)
            await s.create_game(GameRow(gid, "{}", 0, waiting, digest("h"), 1.0, updated), seats)
            await s.add_standing(gid, False)
            ids.append(gid)
        await s.settle(ids[0], [], (25.0, 8.0, 1.0), None)  # counted; ids[1] not yet: kept until it is
        gone = await s.prune(100.0, 50)
        left = [await s.load_game(g) is not None for g in ids]
        seats_left = [len(await s.seats(g)) for g in ids]
        await s.close()
        return gone, left, seats_left

    gone, left, seats_left = asyncio.run(main())
    assert gone >= 1 and left == [False, True, True, True] and seats_left == [0, 3, 3, 3]  # (and any older test's)


def test_a_clock_is_kept_with_the_move_and_its_seat_steps_are_compare_and_sets(store_url):
    """Both stores alike (fate/server/clocks.py's SQL): a commit writes the next deadline and the
    chooser's bank with the move; a seat times out once, and only at the decision whose deadline
    passed, its bank spent; no move of its player's is written while an AI stands in; an AI's move
    is written only while an AI plays the seat; ``back`` only by the seat's token at the decision
    now, and during the AI's decision it waits for that move, whose commit gives the seat back;
    a vote is a bit, cast once."""
    from fate.server import clocks
    from fate.server.storage import TableRow, Tick

    async def main():
        s = open_store(store_url)
        code = "K1-" + secrets.token_hex(4)
        gid, row, seats = new_game_rows(code, 100.0)
        row.deadline = 50.0
        await s.create_game(row, seats, TableRow(gid, clock=clocks.Clock(clocks.LIVE, 30, 300).text()))
        friend = digest("friend of " + code)  # (the PostgreSQL database is the worker's: a token of its own)
        await s.claim_invite(digest(code), friend, 2.0)
        out = {"table clock": (await s.table(gid)).clock, "created deadline": (await s.load_game(gid)).deadline}
        out["host moves"] = await s.commit(gid, 0, "a", None, "human", 3.0, (0, digest("host")), Tick(90.0, 0, 250.0))
        out["after the move"] = ((await s.load_game(gid)).deadline, (await s.seats(gid))[0].bank)
        # seat 1 (the friend) is to decide at decision 1 until 90.0
        early = await s.run([(clocks.TIME_OUT_SEAT, (gid, 1, gid, 1, 80.0))])
        wrong_decision = await s.run([(clocks.TIME_OUT_SEAT, (gid, 1, gid, 0, 95.0))])
        first = await s.run([(clocks.TIME_OUT_SEAT, (gid, 1, gid, 1, 95.0)), (clocks.TIME_OUT_GAME, (gid, 1, gid, 1))])
        again = await s.run([(clocks.TIME_OUT_SEAT, (gid, 1, gid, 1, 96.0))])
        out["timeouts"] = (bool(early[0]), bool(wrong_decision[0]), bool(first[0]), bool(again[0]))
        g = await s.load_game(gid)
        out["out of time"] = (g.waiting, g.deadline, (await s.seats(gid))[1].stand_in, (await s.seats(gid))[1].bank)
        out["votes"] = [(await s.run([(clocks.VOTE, (bits, gid, 1))]))[0][0][0] for bits in (1, 1, 4)]
        out["the friend's own move"] = await s.commit(gid, 1, "b", None, "human", 97.0, (1, friend))
        out["a stranger's back"] = bool((await s.run([(clocks.BACK_SEAT, (2, gid, 1, digest("x"), gid, 1))]))[0])
        out["back at a decision gone by"] = bool((await s.run([(clocks.BACK_SEAT, (2, gid, 1, friend,
                                                                                   gid, 0))]))[0])
        out["back during the AI's decision"] = bool((await s.run([(clocks.BACK_SEAT, (2, gid, 1, friend,
                                                                                      gid, 1))]))[0])
        out["the AI's move"] = await s.commit(gid, 1, "b", None, "human", 98.0, (1, ""))
        out["the seat"] = (await s.seats(gid))[1].stand_in, (await s.seats(gid))[1].handing  # the player's again
        out["an AI's move now"] = await s.commit(gid, 2, "c", None, "human", 99.0, (1, ""))
        await s.close()
        return out

    out = asyncio.run(main())
    assert out == {
        "table clock": '{"kind":"live","decision":30,"bank":300}', "created deadline": 50.0,
        "host moves": True, "after the move": (90.0, 250.0),
        "timeouts": (False, False, True, False), "out of time": ("ai", None, 1, 0.0),
        "the friend's own move": False,  # an AI stands in: the player comes back first
        "votes": [1, 1, 5], "a stranger's back": False, "back at a decision gone by": False,
        "back during the AI's decision": True, "the AI's move": True, "the seat": (0, 0), "an AI's move now": False}
