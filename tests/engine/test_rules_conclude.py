"""Conclude (R-CN), raids (R-RD), Spells (R-SP) and Artifacts (R-AR)."""

from __future__ import annotations


def conclude(table, loc, **kw):
    kw.setdefault("players", 3)
    return table(fate=[loc], start="conclude", **kw)


def test_r_cn_1_pay_with_column_location_and_reserve_never_the_hand(table):
    # flame-01 costs two Flames: The Ceremony gives one, the Reserve's Flame back the other.
    t = conclude(table, "ceremony", seats=[{"hand": ["flame-01", "flame-02", "flame-03"],
                                            "reserve": ["flame-04"]}, {}, {}])
    t.until("ready")
    assert "ready:flame-01" in t.ids()
    # Without the Reserve card, the Flame backs in hand do not pay.
    t = conclude(table, "ceremony", seats=[{"hand": ["flame-01", "flame-02", "flame-07"]}, {}, {}])
    assert "ready:flame-01" not in t.ids() and "ready:flame-02" in t.ids()


def test_r_cn_1_each_symbol_pays_once(table):
    t = conclude(table, "museum", seats=[{"hand": ["key-03", "key-01", "tome-01"]}, {}, {}],
                 locations={"museum": {"column": []}})
    assert "ready:key-03" not in t.ids() and "ready:key-01" in t.ids()


def test_r_cn_2_readying_discards_the_whole_column(table):
    t = conclude(table, "museum", seats=[{"hand": ["key-01", "tome-01", "tome-02"]}, {}, {}],
                 locations={"museum": {"column": ["hood-01", "lantern-01", "gate-01"]}})
    discard = t.view()["supply"]["discard"]
    t.choose("ready:key-01")
    assert t.loc("museum")["column"] == []
    assert t.view()["supply"]["discard"] == discard + 2 and t.view()["supply"]["gates"] == 15
    assert t.seat(0)["reserve_backs"] == ["key"]


def test_r_cn_2_no_ready_keeps_the_column(table):
    t = conclude(table, "museum", seats=[{"hand": ["key-01", "tome-01", "tome-02"]}, {}, {}],
                 locations={"museum": {"column": ["hood-01"]}})
    t.choose("skip")
    assert t.loc("museum")["column"] == ["hood"]


def test_r_cn_3_a_fourth_is_cast_at_once_or_replaces_one(table):
    t = conclude(table, "library", seats=[{"hand": ["tome-01", "hood-01", "hood-02"],
                                           "reserve": ["tome-02", "tome-03", "key-12"]}, {}, {}])
    t.until("ready")
    t.choose("ready:tome-01")
    assert t.prompt.kind == "reserve_full"
    assert sorted(t.ids()) == ["cast_now", "replace:key-12", "replace:tome-02", "replace:tome-03"]
    t.choose("replace:key-12")
    assert len(t.seat(0)["reserve_backs"]) == 3 and "key" not in t.seat(0)["reserve_backs"]
    t = conclude(table, "library", seats=[{"hand": ["tome-01", "hood-01", "hood-02"],
                                           "reserve": ["tome-02", "tome-03", "key-12"]}, {}, {}])
    t.until("ready")
    hand = len(t.seat(0)["hand_backs"])
    t.choose("ready:tome-01")
    t.choose("cast_now")
    assert t.of("spell_cast")[0].data["card"] == "tome-01"
    assert len(t.seat(0)["hand_backs"]) >= hand - 1 + 2  # Marginalia drew two


def test_r_cn_4_gates_and_the_star_are_wild_pairs_are_not(table):
    # key-03 costs Key, Key. At The Other Worlds: the star is wild, a Gate in the column another.
    t = conclude(table, "other_worlds", seats=[{"hand": ["key-03", "key-01", "key-02"]}, {}, {}],
                 locations={"other_worlds": {"column": ["gate-01"]}})
    assert "ready:key-03" in t.ids()
    # Two Tome backs in the column are not a wild for a Key.
    t = conclude(table, "other_worlds", seats=[{"hand": ["key-03", "key-01", "key-02"]}, {}, {}],
                 locations={"other_worlds": {"column": ["tome-01", "tome-02"]}})
    assert "ready:key-03" not in t.ids()


def test_r_cn_5_draw_one_then_up_to_three(table):
    t = conclude(table, "museum", seats=[{"hand": [], "gate": True}, {}, {}])
    assert len(t.seat(0)["hand_backs"]) == 3  # the Gate does not count
    t = conclude(table, "museum", seats=[{"hand": ["hood-01", "hood-02", "hood-03", "hood-04"]}, {}, {}])
    t.until("move")
    assert len(t.seat(0)["hand_backs"]) == 5


def test_r_cn_5_an_empty_deck_reshuffles_the_discard(table, content):
    spells = [content.cards[i].id for i in content.spells]
    t = conclude(table, "museum", seats=[{"hand": spells[:20]}, {"hand": spells[20:40]},
                                         {"hand": spells[40:60]}], discard=spells[60:])
    t.until("move")
    assert t.view()["supply"]["spell_deck"] == 4 and t.of("spell_deck_reshuffled")
    assert len(t.seat(0)["hand_backs"]) == 21


def test_r_cn_6_five_investigators_raid_four_do_not(table):
    t = conclude(table, "museum", seats=[{"hand": ["hood-01", "hood-02", "hood-03"], "investigators": 5}, {}, {}],
                 dice=["skull"] * 5)
    t.until("move")
    assert [e.data["seat"] for e in t.of("raid_declared")] == [0]
    t = conclude(table, "museum", seats=[{"hand": ["hood-01", "hood-02", "hood-03"], "investigators": 4}, {}, {}])
    t.until("move")
    assert not t.of("raid_declared")


def test_r_rd_1_one_die_per_investigator_all_at_once(table):
    t = conclude(table, "museum", seats=[{"hand": ["hood-01", "hood-02", "hood-03"], "investigators": 7}, {}, {}])
    t.until("move")
    rolls = [e for e in t.of("rolled") if e.data["purpose"] == "raid"]
    assert len(rolls) == 1 and len(rolls[0].data["faces"]) == 7


def test_r_rd_2_each_face_does_its_part(table):
    t = conclude(table, "museum", seats=[{"hand": ["hood-01", "hood-02", "hood-03"], "investigators": 6}, {}, {}],
                 dice=["elder_sign", "broken_sign", "skull", "tentacle", "dagger", "pentagram"])
    t.until("move")
    s = t.seat(0)
    assert s["elder_signs"] == 2 and s["investigators"] == 4
    # destroyed ones go home: 25 less one per location less the 4 still in the Lodge
    assert t.view()["supply"]["investigators"] == 25 - 6 - 4


def test_r_sp_1_cast_at_any_time_even_on_another_turn(table):
    t = table(players=3, current=1, start="prepare",
              seats=[{"reserve": ["tome-01"]}, {"hand": ["key-01", "flame-01", "hood-01"]}, {}])
    assert t.prompt.seat == 0 and "cast:tome-01" in t.ids()  # on seat 1's turn
    hand = len(t.seat(0)["hand_backs"])
    t.choose("cast:tome-01")
    assert len(t.seat(0)["hand_backs"]) == hand + 2
    assert t.seat(0)["reserve_backs"] == [] and t.view()["supply"]["discard"] == 1


def test_r_sp_1_cast_on_the_turn_it_was_readied(table):
    t = conclude(table, "library", seats=[{"hand": ["tome-01", "hood-01", "hood-02"]}, {}, {}])
    t.choose("ready:tome-01")
    t.until("cast_window")
    assert "cast:tome-01" in t.ids()


def test_r_sp_2_a_cards_timing_overrides_any_time(table):
    t = table(players=3, start="prepare", seats=[{"reserve": ["key-06"]}, {}, {}])
    assert t.prompt.kind == "move"  # "as a raid on you is declared" only
    t = conclude(table, "museum", seats=[{"reserve": ["key-06"], "investigators": 5,
                                          "hand": ["hood-01", "hood-02", "hood-03"]}, {}, {}],
                 dice=["skull"] * 3)
    t.until("cast_window")
    assert t.prompt.context[1] == "raid" and "cast:key-06" in t.ids()
    t.choose("cast:key-06")  # nothing else to cast: the window closes by itself
    rolls = [e for e in t.of("rolled") if e.data["purpose"] == "raid"]
    assert len(rolls[0].data["faces"]) == 3  # two Investigators left before the roll


def test_r_sp_3_gates_only_at_the_ceremony_one_at_most_not_in_hand_size(table):
    t = table(players=3, fate=["ceremony"], start="activate", seats=[{"gate": True}, {}, {}])
    assert t.view()["supply"]["gates"] == 14  # the held one stays the only one
    t = table(players=3, fate=["museum"], start="activate")
    assert not t.seat(0)["has_gate"]
    t = table(players=3, fate=["ceremony"], start="activate", gods=["yog-sothoth", "hastur", "cthulhu"],
              seats=[{"hand": ["hood-01"]}, {}, {}])
    t.until("move")
    assert t.view()["current"] == 1 and t.seat(0)["has_gate"]
    assert len(t.seat(0)["hand_backs"]) == 3  # the Gate did not count toward three


def test_r_ar_1_three_artifacts_at_most(table):
    t = table(players=3, start="prepare",
              seats=[{"reserve": ["key-01"], "artifacts": ["star-stone", "censer", "black-stone"]}, {}, {}],
              decks={"artifacts": ["astrolabe"]}, artifacts_face_up=["idol-of-the-deep", "hound-amulet"])
    t.choose("cast:key-01")
    assert t.prompt.kind == "artifact_limit"
    t.choose("discard:astrolabe")
    assert len(t.seat(0)["artifacts"]) == 3


def test_r_ar_2_exhaust_until_refreshed_destroy_for_good(table):
    t = table(players=3, start="prepare", seats=[{"artifacts": ["brain-cylinder", "star-stone"],
                                                  "elder_signs": 3}, {}, {}])
    t.choose("use:brain-cylinder")
    assert t.seat(0)["artifacts"][0]["exhausted"] and "use:brain-cylinder" not in t.ids()
    t.choose("use:star-stone")
    assert [a["id"] for a in t.seat(0)["artifacts"]] == ["brain-cylinder"]
    assert t.seat(0)["elder_signs"] == 1
    t.to_seat(1)
    assert t.seat(0)["artifacts"][0]["exhausted"] is True  # still turned on others' turns
    t.to_seat(0)
    assert t.seat(0)["artifacts"][0]["exhausted"] is False  # refreshed in the next Prepare


def test_r_rd_2_a_raid_of_many_dice_tells_each_sign_and_each_kill(table):
    """Nine Elder Signs and a kill from one raid of ten: the raid's event counts them all (more
    than the raids whose events are made once, fate/engine/raids.py)."""
    t = conclude(table, "museum", seats=[{"hand": ["hood-01", "hood-02", "hood-03"], "investigators": 10}, {}, {}],
                 dice=["elder_sign"] * 9 + ["skull"])
    t.until("move")
    assert [e.data for e in t.of("raided")] == [{"seat": 0, "signs": 9, "destroyed": 1}]
    assert t.seat(0)["elder_signs"] == 9 and t.seat(0)["investigators"] == 9


def test_r_cn_1_a_ready_step_nothing_can_pay_for_passes_and_tells_its_player_alone(table, content):
    """At The Library (two Spells may be Readied) a hand whose costs nothing pays for: no
    decision is asked, and the player, and only they, is told why."""
    from fate.engine import view
    from fate.words.narration import narrate

    t = conclude(table, "library", seats=[{"hand": ["flame-01"]}, {}, {}],
                 locations={"library": {"column": []}})
    assert not (t.prompt and t.prompt.kind == "ready")
    told = t.of("nothing_to_ready")
    assert [(e.data, e.to) for e in told] == [({"seat": 0}, (0,))]
    assert not told[0].visible_to(1)
    assert narrate(told[0], view(t.g, 0), 0, content) == "Nothing you hold can be Readied now: no Spell's cost fits."
    # a hand that can pay is asked, and nothing is said
    t = conclude(table, "library", seats=[{"hand": ["tome-01"]}, {}, {}], locations={"library": {"column": []}})
    t.until("ready")
    assert t.prompt.kind == "ready" and not t.of("nothing_to_ready")
