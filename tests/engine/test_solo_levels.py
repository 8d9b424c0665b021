"""Solo levels (data/solo.yaml): how hard the Investigators play (R-SO-2..8 with
the level's numbers). The standard level is the rules' game, unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fate.engine import SaveFormatError, new_game, new_game_from
from fate.engine.save import check_config, load_data, save_data, snapshot

RECORDED = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "solo-recorded.json").read_text())


def end_of_turn(table, level, fate, deck, **seat):
    """As tests/engine/test_rules_solo.py: solo at ``level``, the player concluding at
    fate[0]; the Investigators then take the Spells listed after the player's draw."""
    seat.setdefault("hand", ["hood-01", "hood-02", "hood-03"])
    t = table(players=1, solo_level=level, fate=fate, start="conclude", seats=[seat],
              decks={"spells": ["key-13"] + deck, "curses": ["hubris"]})
    t.to_seat(0)
    return t


def test_the_levels_run_from_gentle_to_relentless_with_standard_the_rules_own(content):
    ids = [x.id for x in content.solo_levels]
    assert ids == ["initiate", "standard", "vigilant", "relentless"]
    std = content.solo_level("standard")
    assert (std.arrive, std.meeting_curses, std.meeting_signs, std.raid_dice, std.curses_to_lose,
            std.start_investigators) == (1, 1, 0, 0, 5, 0)
    with pytest.raises(ValueError, match="unknown solo level"):
        content.solo_level("nightmare")


@pytest.mark.parametrize("record", RECORDED["games"], ids=lambda r: f"seed{r['seed']}")
def test_r_so_2_the_standard_level_replays_games_recorded_before_levels_exactly(content, record):
    for level in (None, "standard"):
        g = new_game(content, 1, record["seed"], solo_level=level)
        for cid in record["choices"]:
            g.apply(cid)
        assert snapshot(g) == record["snapshot"]
        assert "solo_level" not in g.config  # a standard game's save is as before


@pytest.mark.parametrize("level,arrive", [("initiate", 0), ("standard", 1), ("vigilant", 2), ("relentless", 2)])
def test_r_so_2_their_turn_places_as_many_investigators_as_the_level_says(table, level, arrive):
    t = end_of_turn(table, level, ["museum", "streets"], ["tome-01"])
    assert t.view()["fate_pieces"][1]["location"] == "library"
    assert t.loc("library")["investigators"] == 1 + arrive
    assert t.view()["solo_level"] == level


@pytest.mark.parametrize("level,curses,signs", [("standard", 1, 0), ("relentless", 1, 1)])
def test_r_so_3_meeting_them_costs_what_the_level_says(table, level, curses, signs):
    t = end_of_turn(table, level, ["museum", "streets"], ["key-01"])
    assert t.seat(0)["curses_carried"] == curses and t.seat(0)["elder_signs"] == signs
    assert t.view()["fate_pieces"][1]["location"] == "other_worlds"


@pytest.mark.parametrize("level,dice", [("initiate", 2), ("standard", 3), ("relentless", 5)])
def test_r_so_4_a_raid_rolls_the_level_s_dice(table, level, dice):
    t = end_of_turn(table, level, ["museum", "library"], ["lantern-01"], investigators=3)
    assert t.view()["fate_pieces"][1]["location"] == "streets"
    rolls = [e for e in t.of("rolled") if e.data["purpose"] == "raid"]
    assert [len(e.data["faces"]) for e in rolls] == [dice]


def test_r_so_4_a_gentler_raid_on_one_investigator_rolls_nothing(table):
    t = end_of_turn(table, "initiate", ["museum", "library"], ["lantern-01"], investigators=1)
    assert not [e for e in t.of("rolled") if e.data["purpose"] == "raid"] and t.of("raid_repelled")


@pytest.mark.parametrize("level,last", [("initiate", 6), ("standard", 5), ("relentless", 3)])
def test_r_so_8_the_level_s_curse_ends_the_game(table, level, last):
    t = end_of_turn(table, level, ["museum", "library"], ["tome-01"])
    g = t.g
    for _ in range(8):  # the game's own way to a Curse, one at a time, until the level's last
        if g.over:
            break
        g.gain_curse(0, "meeting")
    assert g.end_reason == "cursed" and g.losers == (0,)
    assert t.seat(0)["curses_carried"] == last


@pytest.mark.parametrize("level,waiting", [("initiate", 0), ("standard", 0), ("vigilant", 1), ("relentless", 2)])
def test_r_so_1_harder_levels_start_with_investigators_in_your_lodge(content, level, waiting):
    g = new_game(content, 1, 8, gods=["cthulhu"], solo_level=level)
    assert g.inv_lodge == [waiting] and g.inv_supply == 25 - 6 - waiting


def test_a_level_is_for_solo_games_only(content):
    with pytest.raises(ValueError, match="solo game"):
        new_game(content, 2, 1, solo_level="relentless")
    with pytest.raises(ValueError, match="unknown solo level"):
        new_game(content, 1, 1, solo_level="nightmare")


@pytest.mark.parametrize("level", ["initiate", "vigilant", "relentless"])
def test_a_save_at_each_level_resumes_and_replays_at_that_level(content, level):
    g = new_game(content, 1, 21, solo_level=level)
    for _ in range(30):
        g.apply(g.pending().choices[-1])
    assert g.pending() is not None
    data = json.loads(json.dumps(save_data(g)))
    assert data["config"]["solo_level"] == level
    again = load_data(content, data, verify=True)
    assert again.level.id == level and snapshot(again) == snapshot(g)
    assert new_game_from(content, data["config"]).level.id == level


@pytest.mark.parametrize("bad", ["standard", "nightmare", 3, ["relentless"]])
def test_a_damaged_solo_level_in_a_save_is_refused(content, bad):
    with pytest.raises(SaveFormatError, match=r"solo_level.*found") as e:
        check_config(content, {"players": 1, "seed": 1, "solo_level": bad})
    assert str(e.value).endswith(f"found {bad!r}")
    with pytest.raises(SaveFormatError, match="solo_level"):
        check_config(content, {"players": 2, "seed": 1, "solo_level": "relentless"})


def test_r_so_4_a_raid_of_an_empty_lodge_rolls_nothing_at_any_level(table):
    t = end_of_turn(table, "relentless", ["museum", "library"], ["lantern-01"], investigators=0)
    assert t.view()["fate_pieces"][1]["location"] == "streets"
    assert not [e for e in t.of("rolled") if e.data["purpose"] == "raid"] and t.of("raid_repelled")
    assert t.seat(0)["elder_signs"] == 0


def test_r_so_3_a_meeting_that_ends_the_game_still_moves_their_piece_on_as_before(table):
    t = end_of_turn(table, "standard", ["museum", "streets"], ["key-01"],
                    curses=["stars-are-wrong", "paper-trail", "magpie", "overreach"])
    assert t.g.over and t.g.end_reason == "cursed"
    assert t.view()["fate_pieces"][1]["location"] == "other_worlds"  # as the game always did
