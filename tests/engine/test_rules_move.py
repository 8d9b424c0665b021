"""The Move phase (R-MV), two-player pieces (R-2P)."""

from __future__ import annotations


def test_r_mv_1_one_spell_on_the_column_left_piece_to_its_symbol(table):
    t = table(players=3, fate=["ceremony"], start="move",
              seats=[{"hand": ["hood-01", "tome-01", "tome-02"]}, {}, {}],
              locations={"ceremony": {"column": ["key-02"]}})
    t.choose("play:hood-01")
    v = t.view()
    assert v["fate_pieces"][0]["location"] == "gathering"
    assert t.loc("ceremony")["column"] == ["key", "hood"]  # placed on top
    assert t.seat(0)["hand_backs"] == ["tome", "tome"]


def test_r_mv_2_two_matching_backs_are_a_wild_to_any_location(table):
    t = table(players=3, fate=["ceremony"], start="move",
              seats=[{"hand": ["tome-01", "tome-02", "tome-03"]}, {}, {}])
    t.choose("wild:5")
    t.choose("card:tome-01")
    t.choose("card:tome-03")
    assert sorted(t.ids()) == ["to:0", "to:1", "to:3", "to:4", "to:5"]
    t.choose("to:0")
    assert t.view()["fate_pieces"][0]["location"] == "other_worlds"
    assert t.loc("ceremony")["column"] == ["tome", "tome"]
    assert t.seat(0)["hand_backs"] == ["tome"]


def test_r_mv_2_the_cards_of_a_wild_are_offered_by_name(table, content):
    t = table(players=3, fate=["ceremony"], start="move",
              seats=[{"hand": ["tome-01", "key-01", "tome-02"]}, {}, {}])
    t.choose("wild:5")
    assert t.prompt.text == "Choose Spell 1 of 2 for the Wild"
    assert [(c.id, c.label) for c in t.prompt.choices] == [
        (f"card:{x}", f"Give up {content.card(x).name}") for x in ("tome-01", "tome-02")]


def test_r_mv_3_a_gate_moves_like_a_wild(table):
    t = table(players=3, fate=["museum"], start="move",
              seats=[{"hand": ["key-01", "key-02", "flame-01"], "gate": True}, {}, {}])
    t.choose("gate")
    t.choose("to:0")
    assert t.view()["fate_pieces"][0]["location"] == "other_worlds"
    assert t.loc("museum")["column"] == ["gate"]
    assert t.seat(0)["has_gate"] is False and len(t.seat(0)["hand_backs"]) == 3


def test_r_mv_4_the_piece_must_move_to_another_location(table):
    t = table(players=3, fate=["museum"], start="move",
              seats=[{"hand": ["key-01", "flame-01", "tome-04"]}, {}, {}])
    assert sorted(t.ids()) == ["play:flame-01", "play:tome-04"]


def test_r_mv_5_three_investigators_follow_you_to_your_lodge(table):
    t = table(players=3, start="move", seats=[{"hand": ["key-01", "tome-01", "tome-02"]}, {}, {}],
              locations={"museum": {"investigators": 3}})
    t.choose("play:key-01")
    assert t.seat(0)["investigators"] == 3
    assert t.loc("museum")["investigators"] == 1  # only the newly placed one


def test_r_mv_5_two_investigators_stay(table):
    t = table(players=3, start="move", seats=[{"hand": ["key-01", "tome-01", "tome-02"]}, {}, {}],
              locations={"museum": {"investigators": 2}})
    t.choose("play:key-01")
    assert t.seat(0)["investigators"] == 0 and t.loc("museum")["investigators"] == 3


def test_r_mv_6_place_a_cultist_and_an_investigator(table):
    t = table(players=3, start="move", seats=[{"hand": ["key-01", "tome-01", "tome-02"]}, {}, {}])
    supply = t.view()["supply"]["investigators"]
    t.choose("play:key-01")
    assert t.loc("museum")["cultists"][0] == 2 and t.seat(0)["lodge"] == 6
    assert t.view()["supply"]["investigators"] == supply - 1


def test_r_mv_7_empty_lodge_takes_two_from_the_abyss_and_an_elder_sign(table):
    t = table(players=3, start="move",
              seats=[{"hand": ["key-01", "tome-01", "tome-02"], "lodge": 0, "abyss": 14}, {}, {}])
    t.choose("play:key-01")
    s = t.seat(0)
    assert (s["lodge"], s["abyss"], s["elder_signs"]) == (1, 12, 1)
    assert t.loc("museum")["cultists"][0] == 2


def test_r_mv_7_with_one_in_the_abyss_it_goes_to_the_location(table):
    t = table(players=3, start="move",
              seats=[{"hand": ["key-01", "tome-01", "tome-02"], "lodge": 0, "abyss": 1,
                      "cultists": {"other_worlds": 19}}, {}, {}])
    t.choose("play:key-01")
    s = t.seat(0)
    assert (s["lodge"], s["abyss"], s["elder_signs"]) == (0, 0, 1)
    assert t.loc("museum")["cultists"][0] == 1


def test_r_mv_8_empty_supply_raids_everyone_with_investigators_first(table):
    t = table(players=3, current=1, start="move",
              seats=[{"investigators": 1}, {"hand": ["key-01", "tome-01", "tome-02"], "investigators": 2},
                     {"investigators": 0}],
              locations={"other_worlds": {"investigators": 22}, "museum": {"investigators": 0},
                         "ceremony": {"investigators": 0}, "streets": {"investigators": 0},
                         "gathering": {"investigators": 0}, "library": {"investigators": 0}},
              dice=["skull", "skull", "skull"])
    assert t.view()["supply"]["investigators"] == 0
    t.choose("play:key-01")
    raided = [e.data["seat"] for e in t.of("raid_declared")]
    assert raided == [1, 0]  # the active cult first, then clockwise; seat 2 has none
    assert t.loc("museum")["investigators"] == 1  # placed after the raid freed some
    assert t.view()["supply"]["investigators"] == 2


def test_r_mv_9_no_legal_move_draws_until_one_exists(table):
    t = table(players=3, fate=["museum"], start="move",
              seats=[{"hand": ["key-01"]}, {}, {}], decks={"spells": ["key-02", "flame-01", "hood-01"]})
    assert t.of("no_move") and len(t.of("spell_drawn")) == 1  # one key back: still no move
    # two Key backs now make a Wild, the only legal move: its first card is asked for
    assert t.prompt.kind == "wild_card" and sorted(t.ids()) == ["card:key-01", "card:key-02"]
    assert t.seat(0)["hand_backs"] == ["key", "key"]


def test_r_mv_9_nothing_left_to_draw_the_piece_stays(table, content):
    spells = [content.cards[i].id for i in content.spells]
    rest = [s for s in spells if s != "key-01"]
    t = table(players=3, fate=["museum"], start="move",
              seats=[{"hand": ["key-01"]}, {"hand": rest[:32]}, {"hand": rest[32:]}])
    assert t.of("fate_piece_stays")
    assert t.view()["fate_pieces"][0]["location"] == "museum"
    # the rest of the turn is played there: The Museum asks about Control first
    assert t.prompt.kind == "temporary_control" and t.prompt.context == ("location", 1)


def test_r_2p_1_each_player_has_a_piece_on_the_other_worlds(content):
    from fate.engine import new_game, view

    g = new_game(content, 2, 5, gods=["cthulhu", "hastur"])
    assert [p["location"] for p in view(g, None)["fate_pieces"]] == ["other_worlds"] * 2
    assert [p["owner"] for p in view(g, None)["fate_pieces"]] == [0, 1]


def test_r_2p_2_no_move_onto_the_other_piece(table):
    t = table(players=2, fate=["museum", "library"], start="move",
              seats=[{"hand": ["tome-01", "tome-02", "flame-01"]}, {}])
    assert "play:tome-01" not in t.ids() and "play:flame-01" in t.ids()
    t.choose("wild:5")
    t.choose("card:tome-01")
    assert "to:5" not in t.ids() and "to:1" not in t.ids()


def test_r_2p_3_an_ability_may_move_either_piece(table):
    t = table(players=2, fate=["museum", "library"], start="prepare",
              seats=[{"reserve": ["tome-08"], "hand": ["flame-01", "hood-01", "key-01"]}, {}])
    t.choose("cast:tome-08")
    assert sorted(t.ids()) == ["piece:0", "piece:1"]
    t.choose("piece:1")
    t.choose("loc:gathering")
    moved = [e.data for e in t.of("fate_moved") if e.data["piece"] == 1]
    assert moved[0]["frm"] == 5 and moved[0]["to"] == 4
    assert t.view()["fate_pieces"][1]["location"] == "gathering"
