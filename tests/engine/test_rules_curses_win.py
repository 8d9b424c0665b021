"""Winning and losing (R-WIN) and Curses (R-CU)."""

from __future__ import annotations


def ow(table, seat0, others=({}, {}), **kw):
    return table(players=3, fate=["other_worlds"], start="activate", seats=[seat0, *others], **kw)


def test_r_win_1_summon_nine_wins_at_once(table):
    t = ow(table, {"summon": 8, "cultists": {"other_worlds": 1}}, dice=["tentacle"])
    v = t.view()
    assert v["over"] and v["winners"] == [0] and v["end_reason"] == "summoned"
    assert t.prompt is None


def test_r_win_2_elder_signs_fill_the_track_from_nine_down(table):
    # two Signs stand on 9 and 8: the token meets one on 8
    t = ow(table, {"summon": 7, "elder_signs": 2, "cultists": {"other_worlds": 1}}, dice=["tentacle"],
           decks={"curses": ["museum-guard"]})
    assert t.of("elder_sign_curse")
    # one Sign stands on 9 only: moving to 8 meets nothing
    t = ow(table, {"summon": 7, "elder_signs": 1, "cultists": {"other_worlds": 1}}, dice=["tentacle"])
    assert not t.of("elder_sign_curse") and t.seat(0)["summon"] == 8


def test_r_win_3_the_tenth_sign_loses_fewest_signs_win(table):
    def sealed(a, b):
        return table(players=3, fate=["museum"], start="conclude",
                     seats=[{"elder_signs": 9, "investigators": 5, "hand": ["hood-01", "hood-02", "hood-03"]},
                            a, b], dice=["elder_sign"] + ["tentacle"] * 4)
    t = sealed({"elder_signs": 1, "summon": 3}, {"elder_signs": 2, "summon": 5})
    v = t.view()
    assert v["over"] and v["losers"] == [0] and v["winners"] == [1] and v["end_reason"] == "sealed"
    t = sealed({"elder_signs": 1, "summon": 3}, {"elder_signs": 1, "summon": 5})
    assert t.view()["winners"] == [2]  # tied on Signs: most summon points
    t = sealed({"elder_signs": 1, "summon": 5}, {"elder_signs": 1, "summon": 5})
    assert t.view()["winners"] == [1, 2]  # still tied: a shared victory


def test_r_win_4_only_the_first_meeting_curses(table):
    t = ow(table, {"summon": 7, "elder_signs": 2, "cultists": {"other_worlds": 1},
                   "elder_sign_curse_taken": True}, dice=["tentacle"])
    assert not t.of("elder_sign_curse") and t.seat(0)["curses_carried"] == 0
    t = ow(table, {"summon": 7, "elder_signs": 2, "cultists": {"other_worlds": 1}}, dice=["tentacle"],
           decks={"curses": ["museum-guard"]})
    assert t.seat(0)["curses_carried"] == 1 and t.seat(0)["elder_sign_curse_taken"]


def test_r_win_4_a_sign_placed_under_the_token_does_not_curse(table):
    t = table(players=3, fate=["museum"], start="conclude",
              seats=[{"summon": 8, "elder_signs": 1, "investigators": 5, "hand": ["hood-01", "hood-02", "hood-03"]},
                     {}, {}], dice=["elder_sign"] + ["tentacle"] * 4)
    assert t.seat(0)["elder_signs"] == 2 and not t.of("elder_sign_curse")


def test_r_win_5_destroying_removes_the_last_placed_sign(table):
    # Signs on 9, 8, 7; destroy one, then the token reaches 7 without meeting a Sign.
    t = ow(table, {"summon": 6, "elder_signs": 3, "cultists": {"other_worlds": 1}, "reserve": ["key-03"]},
           dice=["tentacle"])
    t.choose("cast:key-03")
    assert t.seat(0)["elder_signs"] == 2

    assert t.seat(0)["summon"] == 7 and not t.of("elder_sign_curse")


def cast_hex(table, target_seat=1, players=3, **kw):
    seats = [{"reserve": ["flame-05"]}] + [{} for _ in range(players - 1)]
    t = table(players=players, start="prepare", seats=seats, **kw)
    t.choose("cast:flame-05")
    if t.prompt.kind == "target":
        t.choose(f"seat:{target_seat}")
    return t


def test_r_cu_1_the_seat_to_the_right_holds_it_in_secret(table):
    t = cast_hex(table, 2, decks={"curses": ["museum-guard"]})
    assert [c["id"] for c in t.view(1)["curses_held"]] == ["museum-guard"]  # right of seat 2
    assert t.view(2)["curses_held"] == [] and t.seat(2, viewer=2)["curses_carried"] == 1
    t = cast_hex(table, 1, players=2, decks={"curses": ["museum-guard"]})
    assert [c["on"] for c in t.view(0)["curses_held"]] == [1]  # two players: the opponent


def test_r_cu_1_in_solo_the_game_holds_it_hidden(table):
    t = table(players=1, fate=["museum", "streets"], start="prepare", seats=[{"reserve": ["key-08"]}],
              decks={"curses": ["museum-guard"]})
    t.choose("cast:key-08")
    v = t.view(0)
    assert v["curses_held"] == [] and v["seats"][0]["curses_carried"] == 1
    assert "museum-guard" not in str(v)


def test_r_cu_2_the_trigger_reveals_it_at_once_and_the_penalty_resolves(table):
    t = table(players=3, start="move", seats=[{"hand": ["lantern-01", "tome-01", "tome-02"],
                                               "curses": ["lantern-window"]}, {}, {}])
    t.choose("play:lantern-01")

    revealed = t.of("curse_revealed")
    assert len(revealed) == 1 and revealed[0].data["card"] == "lantern-window"
    assert revealed[0].data["holder"] == 2
    assert t.seat(0)["investigators"] == 2 and t.seat(0)["curses_carried"] == 0


def test_r_cu_2_a_turn_curse_waits_for_the_cursed_cults_own_turn_there(table):
    # Seat 0 ends its turn at The Museum; seat 1 carries "takes its turn at The Museum".
    t = table(players=3, fate=["museum"], start="conclude",
              seats=[{}, {"curses": ["museum-guard"], "hand": ["lantern-01", "tome-01", "tome-02"]}, {}])
    t.to_seat(1)
    assert not t.of("curse_revealed")  # the piece stands there, but seat 1 has not acted there
    t.choose("play:lantern-01")  # seat 1 goes to the Streets instead
    t.to_seat(2)
    assert not t.of("curse_revealed")


def test_r_cu_3_a_curse_already_true_when_drawn_is_revealed_at_once(table):
    t = table(players=3, start="prepare", seats=[{"reserve": ["flame-05"]}, {"investigators": 4}, {}],
              decks={"curses": ["marked-by-law"]}, dice=["skull"] * 4)
    t.choose("cast:flame-05")
    t.choose("seat:1")
    assert [e.data["card"] for e in t.of("curse_revealed")] == ["marked-by-law"]
    assert [e.data["seat"] for e in t.of("raid_declared")] == [1]



def test_r_cu_2_a_choice_that_makes_a_trigger_hold_reveals_it_before_the_next_question(table):
    # Seat 1 carries "four Investigators in the Lodge: a raid". Seat 0's first Investigator
    # sent from The Streets makes four: the Curse is revealed and its raid runs at once,
    # before seat 0 is asked where the second goes.
    t = table(players=3, fate=["streets"], start="activate",
              seats=[{}, {"investigators": 3, "curses": ["marked-by-law"]}, {}], dice=["skull"] * 4)
    assert t.prompt.kind == "streets_send"
    t.choose("send:supply:1")
    assert [e.data["card"] for e in t.of("curse_revealed")] == ["marked-by-law"]
    assert [e.data["seat"] for e in t.of("raid_declared")] == [1]
    assert t.prompt.kind == "streets_send" and t.seat(1)["investigators"] == 0

def test_r_cu_4_a_resolved_curse_goes_under_the_curse_deck(table):
    t = table(players=3, start="move", seats=[{"hand": ["lantern-01", "tome-01", "tome-02"],
                                               "curses": ["lantern-window"]}, {}, {}])
    before = t.view()["supply"]["curse_deck"]
    t.choose("play:lantern-01")
    assert t.view()["supply"]["curse_deck"] == before + 1
    assert t.g.card(t.g.curse_deck[0]).id == "lantern-window"  # the bottom card


def test_r_cu_5_several_curses_each_until_it_triggers(table):
    t = table(players=3, start="move", seats=[{"hand": ["key-01", "tome-01", "tome-02"],
                                               "curses": ["museum-guard", "dreams-of-fire"]}, {}, {}])
    assert t.seat(0)["curses_carried"] == 2
    t.choose("play:key-01")
    t.until("museum")
    assert [e.data["card"] for e in t.of("curse_revealed")] == ["museum-guard"]
    assert t.seat(0)["curses_carried"] == 1 and t.seat(0)["elder_signs"] == 1


def test_r_cu_6_spells_artifacts_and_the_elder_sign_bring_curses(table):
    t = cast_hex(table, 1, decks={"curses": ["museum-guard"]})
    assert t.seat(1)["curses_carried"] == 1  # a Spell
    t = table(players=3, fate=["museum"], start="activate",
              artifacts_face_up=["skin-bound-tome", "censer"], decks={"curses": ["hubris"]})
    t.until("museum")
    t.choose("artifact:skin-bound-tome")
    assert t.seat(0)["curses_carried"] == 1  # an Artifact
    t = ow(table, {"summon": 7, "elder_signs": 2, "cultists": {"other_worlds": 1}}, dice=["tentacle"],
           decks={"curses": ["museum-guard"]})
    assert t.seat(0)["curses_carried"] == 1  # the Curse of the Elder Sign


def test_r_cu_7_a_curse_on_the_move_to_nine_resolves_before_the_win(table):
    t = ow(table, {"summon": 8, "cultists": {"other_worlds": 1}, "curses": ["stars-are-wrong"]},
           dice=["tentacle"])
    assert not t.view()["over"]
    assert t.of("curse_revealed") and t.seat(0)["summon"] == 6


def test_r_cu_8_the_holder_sees_the_face_the_cursed_only_the_count(table):
    t = table(players=3, seats=[{"curses": ["hubris"]}, {}, {}])
    assert [c["id"] for c in t.view(2)["curses_held"]] == ["hubris"]
    for seat in (0, 1, None):
        v = t.view(seat)
        assert v["curses_held"] == [] and "hubris" not in str(v)
        assert v["seats"][0]["curses_carried"] == 1


def test_r_cu_2_a_curse_revealed_as_a_spell_is_chosen_to_cast_may_take_that_spell_first(content):
    """R-CU-2 before R-SP-1: only the first held Curse whose trigger holds is revealed at a time,
    so while one resolves (a raid, and its window to cast) another may hold already. Choosing a
    Spell in that window reveals it first; Overreach then discards two Readied Spells at random,
    and the one chosen, if it went, is not cast: the game goes on (it once stopped on an error
    in the middle of a solo game: "list.remove(x): x not in list")."""
    from fate.ai.bots import make_bot
    from fate.engine import new_game
    from fate.engine import rng as rngmod
    from fate.engine.kinds import EventKind

    g = new_game(content, 1, 2, solo_level="initiate")
    bot = make_bot("normal", 2, 0.01)
    while len(g.choices_made) < 245:  # to a raid's window while a Curse resolves, three Spells Readied
        g.apply(bot.choose(g))
    p = g.pending()
    assert p.kind == "cast_window" and g.resolving and len(g.reserve[0]) == 3 and len(g.held) == 2
    assert "cast:lantern-09" in [c.id for c in p.choices]
    overreach = next(c.index for c in content.cards if c.id == "overreach")
    outcomes = set()
    for k in range(12):  # the Curse the game holds hidden is Overreach, whose trigger already holds
        t = g.clone()
        t.curse_deck.remove(overreach)
        t.held[0] = (overreach, *t.held[0][1:])
        t.rng = rngmod.seed_state(k)
        events = t.apply("cast:lantern-09")
        kinds = [(e.kind, e.data.get("card")) for e in events]
        assert kinds[0] == (EventKind.CURSE_REVEALED, "overreach")  # first, before the Spell
        discarded = (EventKind.READIED_DISCARDED, "lantern-09") in kinds
        assert ((EventKind.SPELL_CAST, "lantern-09") in kinds) is not discarded  # cast, unless it crumbled
        assert t.pending() is not None or t.over  # the game goes on
        outcomes.add(discarded)
    assert outcomes == {True, False}  # both cases were met
