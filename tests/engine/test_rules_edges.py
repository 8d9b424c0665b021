"""Edges of the rules that mutation testing showed no test was watching
(docs/testing.md): each test here failed against a surviving mutant."""

from __future__ import annotations

from tests.engine.test_rules_solo import end_of_turn

# Every Investigator is out: 4 on each location but The Museum (2), 3 in seat 1's Lodge.
NO_SUPPLY = {loc: {"investigators": 4} for loc in ("other_worlds", "ceremony", "streets", "gathering", "library")}
NO_SUPPLY["museum"] = {"investigators": 2}


def to_museum(table, dice):
    t = table(players=3, fate=["ceremony"], start="move", locations=NO_SUPPLY, dice=dice,
              seats=[{"hand": ["key-01", "hood-03", "tome-05"]}, {"investigators": 3}, {}])
    assert t.view()["supply"]["investigators"] == 0
    t.until("move")
    t.choose("play:key-01")
    return t


def test_r_mv_8_an_empty_supply_after_the_raid_places_no_investigator(table):
    t = to_museum(table, ["tentacle"] * 3)  # the raid destroys nobody: still none to place
    assert [e.data["seat"] for e in t.of("raid_declared")] == [1]
    assert t.loc("museum")["investigators"] == 2 and t.view()["supply"]["investigators"] == 0
    assert not t.of("investigator_placed")


def test_r_mv_8_the_one_investigator_the_raid_destroys_is_placed(table):
    t = to_museum(table, ["skull", "tentacle", "tentacle"])
    assert t.loc("museum")["investigators"] == 3 and t.view()["supply"]["investigators"] == 0
    t = to_museum(table, ["skull", "skull", "tentacle"])
    assert t.loc("museum")["investigators"] == 3 and t.view()["supply"]["investigators"] == 1


def test_r_mv_9_a_piece_that_stays_places_nothing_and_draws_no_investigators_home(table, content):
    spells = [content.cards[i].id for i in content.spells]
    rest = [s for s in spells if s != "key-01"]
    t = table(players=3, fate=["museum"], start="move", locations={"museum": {"investigators": 3}},
              seats=[{"hand": ["key-01"], "cultists": {"museum": 1}}, {"hand": rest[:32]}, {"hand": rest[32:]}])
    assert t.of("fate_piece_stays")
    assert not t.of("cultist_placed") and not t.of("investigator_placed") and not t.of("investigators_followed")
    assert t.loc("museum")["investigators"] == 3 and t.loc("museum")["cultists"][0] == 1
    assert t.seat(0)["investigators"] == 0


def test_r_sa_1_only_rivals_with_investigators_are_raided(table):
    t = table(players=4, fate=["streets"], start="activate", dice=["tentacle"] * 4,
              seats=[{"investigators": 2}, {}, {}, {"investigators": 1}])
    t.choose("send:supply:1")
    t.choose("send:supply:1")
    assert [e.data["seat"] for e in t.of("raid_declared")] == [1, 3]  # not 2 (none), not 0 (the actor)
    assert [s["investigators"] for s in t.view()["seats"]] == [2, 2, 0, 1]


def test_r_so_7_the_destroyed_curse_goes_under_the_curse_deck(table):
    t = table(players=1, fate=["ceremony", "library"], start="activate",
              seats=[{"cultists": {"ceremony": 4}, "curses": ["hubris", "ill-omen"]}])
    t.choose("cleanse")
    assert [e.data for e in t.of("curse_destroyed")] == [{"seat": 0, "carried": 1}]
    assert t.g.content.cards[t.g.curse_deck[0]].id == "hubris"  # the bottom (the view never shows order)
    assert [e.data["total"] for e in t.of("elder_sign_gained")] == [1, 2, 3]


def test_r_so_3_met_on_the_other_worlds_they_move_to_the_streets_and_raid(table):
    """Your piece on The Other Worlds; theirs draws its own symbol, goes to The Other
    Worlds, meets you, and goes on to the Streets: you are cursed and raided, and the
    Investigator is placed where their piece ends."""
    t = end_of_turn(table, ["other_worlds", "museum"], ["key-02"], investigators=1)
    assert t.seat(0)["curses_carried"] == 1
    assert t.view()["fate_pieces"][1]["location"] == "streets"
    assert [e.data["seat"] for e in t.of("raid_declared")] == [0]
    assert t.loc("streets")["investigators"] == 2


def test_r_so_4_met_after_entering_the_streets_you_are_still_raided(table):
    t = end_of_turn(table, ["streets", "library"], ["lantern-02"], investigators=1)
    assert t.seat(0)["curses_carried"] == 1
    assert t.view()["fate_pieces"][1]["location"] == "other_worlds"
    assert [e.data["seat"] for e in t.of("raid_declared")] == [0]


def test_r_so_3_met_elsewhere_they_go_to_the_other_worlds_without_a_raid(table):
    t = end_of_turn(table, ["library", "museum"], ["tome-02"], investigators=1)
    assert t.seat(0)["curses_carried"] == 1
    assert t.view()["fate_pieces"][1]["location"] == "other_worlds"
    assert not t.of("raid_declared") and t.loc("other_worlds")["investigators"] == 2


def test_r_ar_1_a_discarded_artifact_goes_under_the_deck_standing(table):
    t = table(players=3, fate=["museum"], start="activate",
              seats=[{"artifacts": ["star-stone", {"id": "obsidian-mirror", "exhausted": True}, "censer"]}, {}, {}],
              artifacts_face_up=["warding-tablet", "astrolabe"])
    t.until("museum")
    t.choose("artifact:warding-tablet")
    t.choose("discard:obsidian-mirror")
    assert t.g.content.cards[t.g.art_deck[0]].id == "obsidian-mirror"  # the bottom of the deck
    assert "obsidian-mirror" not in {t.g.content.cards[a].id for a in t.g.exhausted}


def test_r_cu_2_first_among_the_damned_wakes_only_when_strictly_ahead(table):
    """A tie for the lead is not being ahead; in a two-cult game the rival's token counts."""
    t = table(players=3, seats=[{"summon": 3, "curses": ["first-of-damned"]}, {"summon": 3}, {}])
    assert not t.of("curse_revealed")
    t = table(players=2, seats=[{"summon": 2, "curses": ["first-of-damned"]}, {"summon": 5}])
    assert not t.of("curse_revealed")
    t = table(players=2, seats=[{"summon": 5, "curses": ["first-of-damned"]}, {"summon": 2}])
    assert [e.data["card"] for e in t.of("curse_revealed")] == ["first-of-damned"]


def test_r_2p_3_a_card_that_moves_a_fate_piece_lets_you_choose_either(table):
    """The Hourglass of the Great Race in a two-cult game: either piece may move, never
    onto the other piece nor where it stands; nothing follows it there."""
    t = table(players=2, fate=["museum", "library"], start="prepare",
              seats=[{"artifacts": ["yithian-hourglass"], "hand": ["hood-01", "hood-02", "key-03"]}, {}])
    t.choose("use:yithian-hourglass")
    assert t.prompt.kind == "piece" and t.prompt.seat == 0
    assert sorted(t.ids()) == ["piece:0", "piece:1"]
    t.choose("piece:1")  # the rival's piece, at The Library
    assert t.prompt.kind == "location"
    assert sorted(t.ids()) == ["loc:ceremony", "loc:gathering", "loc:other_worlds", "loc:streets"]
    t.choose("loc:streets")
    assert [p["location"] for p in t.view()["fate_pieces"]] == ["museum", "streets"]
    moved = t.of("fate_moved")[0].data
    assert (moved["piece"], moved["frm"], moved["to"], moved["backs"]) == (1, 5, 3, [])
    assert not t.of("investigators_followed") and not t.of("cultist_placed")


def test_a_sacrifice_offers_every_location_where_the_cult_has_a_cultist(table):
    """The Sacrificial Blade asks where: a lone Cultist is enough to be offered."""
    t = table(players=3, fate=["museum"], start="prepare",
              seats=[{"artifacts": ["ritual-dagger"], "cultists": {"museum": 1, "library": 3}}, {}, {}])
    t.choose("use:ritual-dagger")
    assert t.prompt.kind == "location" and sorted(t.ids()) == ["loc:library", "loc:museum"]
    t.choose("loc:museum")
    assert t.loc("museum")["cultists"][0] == 0 and t.seat(0)["abyss"] == 20 - 7 - 4 + 1


def test_dice_can_be_forced_by_face_number_as_well_as_by_name(content):
    from fate.engine import new_game

    g = new_game(content, 3, 1)
    skull = [f.id for f in content.dice.faces].index("skull")
    g.force_dice([skull, "tentacle"])
    assert [content.dice.faces[f].id for f in g.roll_faces(3)][:2] == ["skull", "tentacle"]


def test_r_li_3_the_free_readying_may_be_declined(table):
    t = table(players=3, fate=["library"], start="activate", seats=[{"cultists": {"library": 3}}, {}, {}])
    t.choose("take")
    assert t.prompt.kind == "ready_free" and "skip" in t.ids()
    hand = [c["id"] for c in t.view(0)["seats"][0]["hand"]]
    t.choose("skip")
    assert t.view(0)["seats"][0]["reserve"] == [] and [c["id"] for c in t.view(0)["seats"][0]["hand"]] == hand


def test_whispered_orders_moves_at_most_two_cultists(table):
    t = table(players=3, start="prepare", seats=[{"reserve": ["hood-05"], "cultists": {"museum": 4}}, {}, {}])
    t.choose("cast:hood-05")
    t.choose("move:museum:library")
    assert t.prompt.kind == "move_cultists"
    t.choose("move:museum:ceremony")
    assert t.prompt is None or t.prompt.kind != "move_cultists"
    assert [t.loc(x)["cultists"][0] for x in ("museum", "library", "ceremony")] == [2, 1, 1]
    assert len(t.of("cultist_moved")) == 2


def test_riot_at_midnight_raids_only_rivals_with_investigators(table):
    t = table(players=3, start="prepare", dice=["tentacle"] * 3,
              seats=[{"reserve": ["lantern-12"]}, {"investigators": 3}, {"investigators": 0}])
    t.choose("cast:lantern-12")
    assert [e.data["seat"] for e in t.of("raid_declared")] == [1]


def test_the_shining_stone_readies_nothing_into_a_full_reserve(table):
    t = table(players=3, start="prepare",
              seats=[{"artifacts": ["trapezohedron"], "reserve": ["hood-01", "hood-02", "hood-03"]}, {}, {}])
    deck = t.view()["supply"]["spell_deck"]
    t.choose("use:trapezohedron")
    assert len(t.view(0)["seats"][0]["reserve"]) == 3 and t.view()["supply"]["spell_deck"] == deck
    assert not t.of("spell_readied")
