"""Components (R-CMP), set-up (R-SU), the turn (R-TURN) and Prepare (R-PR)."""

from __future__ import annotations

from fate.engine import new_game, view
from fate.engine.constants import LOCATIONS


def drafted(content, players=4, seed=3):
    g = new_game(content, players, seed)
    while g.pending() is not None and g.pending().kind == "draft":
        g.apply(g.pending().choices[0])
    return g


def test_r_cmp_1_six_locations_in_clockwise_order(content):
    v = view(drafted(content), None)
    assert [x["id"] for x in v["locations"]] == [
        "other_worlds", "museum", "ceremony", "streets", "gathering", "library"]
    assert list(LOCATIONS) == [x["id"] for x in v["locations"]]


def test_r_cmp_2_five_symbols_thirteen_spells_each_star_on_no_back(content):
    backs = {}
    for i in content.spells:
        backs.setdefault(content.symbols[content.cards[i].symbol].id, []).append(i)
    assert sorted(backs) == ["flame", "hood", "key", "lantern", "tome"]
    assert all(len(v) == 13 for v in backs.values())
    assert "star" not in backs and content.symbols[0].location == "other_worlds"


def test_r_cmp_3_each_cult_has_twenty_cultists_and_a_lodge(content):
    v = view(drafted(content), 0)
    for s in v["seats"]:
        on_altar = sum(loc["cultists"][s["seat"]] for loc in v["locations"])
        assert s["lodge"] + s["abyss"] + on_altar == 20
        assert s["summon"] == 0 and s["reserve_backs"] == [] and s["god"] is not None


def test_r_cmp_4_shared_components(content):
    kinds = {k: sum(1 for c in content.cards if c.kind == k)
             for k in ("god", "spell", "gate", "artifact", "curse")}
    assert kinds == {"god": 8, "spell": 65, "gate": 15, "artifact": 20, "curse": 20}
    v = view(drafted(content), None)
    on_board = sum(x["investigators"] for x in v["locations"])
    assert on_board + v["supply"]["investigators"] == 25
    assert len(content.dice.faces) == 6


def test_r_cmp_6_hand_backs_are_open_faces_secret(content):
    g = drafted(content)
    mine, theirs = view(g, 0)["seats"][0], view(g, 1)["seats"][0]
    assert len(mine["hand"]) == 3 and len(theirs["hand_backs"]) == 3
    assert "hand" not in theirs and "reserve" not in theirs
    assert [c["back"] for c in mine["hand"]] == theirs["hand_backs"]


def test_r_su_1_each_seat_keeps_one_of_two_dealt_gods(content):
    g = new_game(content, 4, 11)
    kept = []
    for s in range(4):
        p = g.pending()
        assert p.kind == "draft" and p.seat == s and len(p.choices) == 2
        offered = [c["id"] for c in view(g, s)["draft"]]
        g.apply(p.choices[1])
        kept.append(offered[1])
    v = view(g, None)
    assert [s["god"]["id"] for s in v["seats"]] == kept
    assert len(set(kept)) == 4


def test_r_su_2_summon_tokens_start_on_zero(content):
    assert [s["summon"] for s in view(drafted(content), None)["seats"]] == [0, 0, 0, 0]


def test_r_su_3_seven_lodge_seven_abyss_one_per_location(content):
    v = view(drafted(content, 3), None)
    for s in v["seats"]:
        assert (s["lodge"], s["abyss"]) == (7, 7)
    for loc in v["locations"]:
        assert loc["cultists"] == [1, 1, 1]


def test_r_su_4_three_spells_each_then_one_per_column(content):
    g = drafted(content, 4)
    v = view(g, None)
    assert [len(s["hand_backs"]) for s in v["seats"]] == [3, 3, 3, 3]
    assert [len(x["column"]) for x in v["locations"]] == [1] * 6
    assert v["supply"]["spell_deck"] == 65 - 12 - 6


def test_r_su_5_two_artifacts_face_up(content):
    v = view(drafted(content), None)
    assert len(v["artifacts_face_up"]) == 2 and v["supply"]["artifact_deck"] == 18


def test_r_su_6_gate_supply_and_curse_deck(content):
    v = view(drafted(content), None)
    assert v["supply"]["gates"] == 15 and v["supply"]["curse_deck"] == 20


def test_r_su_7_one_investigator_per_location_rest_in_supply(content):
    v = view(drafted(content), None)
    assert [x["investigators"] for x in v["locations"]] == [1] * 6
    assert v["supply"]["investigators"] == 19


def test_r_su_8_one_fate_piece_on_the_other_worlds(content):
    for players in (3, 4):
        v = view(drafted(content, players), None)
        assert v["fate_pieces"] == [{"location": "other_worlds", "owner": None}]


def test_r_su_9_first_player_drawn_at_random(content):
    firsts = set()
    for seed in range(30):
        g = drafted(content, 4, seed)
        firsts.add(view(g, None)["current"])
        assert g.pending().seat == view(g, None)["current"]
    assert firsts == {0, 1, 2, 3}


def test_r_turn_1_four_phases_in_order_then_clockwise(table):
    t = table(players=3, current=1, seats=[{}, {"hand": ["key-01", "flame-01", "tome-01"]}, {}])
    t.until("move")
    t.choose("play:key-01")
    t.until("museum")
    t.choose("artifact_deck")
    t.to_seat(2)
    phases = [e.data["phase"] for e in t.of("phase") if e.data["seat"] == 1]
    assert phases == ["prepare", "move", "activate", "conclude"]
    assert t.view()["current"] == 2


def test_r_pr_1_exhausted_artifacts_refresh_in_prepare(table):
    t = table(players=3, seats=[{"artifacts": [{"id": "brain-cylinder", "exhausted": True}]}, {}, {}],
              start="prepare")
    assert t.of("artifacts_refreshed")[0].data["cards"] == ["brain-cylinder"]
    assert t.seat(0)["artifacts"][0]["exhausted"] is False


def test_r_pr_2_before_movement_spells_cast_in_prepare_only(table):
    t = table(players=3, seats=[{"reserve": ["key-09"]}, {}, {}], start="prepare")
    assert t.prompt.kind == "cast_window" and "cast:key-09" in t.ids()
    assert t.view(0)["prompt"]["kind"] == "cast_window"
    t.choose("pass")
    assert t.prompt.kind == "move"  # not offered again in the Move window
    t2 = table(players=3, current=1, seats=[{"reserve": ["key-09"]}, {}, {}], start="prepare")
    assert t2.prompt.kind == "move"  # never on another cult's turn
