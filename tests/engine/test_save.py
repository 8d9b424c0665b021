"""Saves: versioned JSON, atomic, and every damaged file refused with a clear message."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from fate.engine import SaveFormatError, new_game
from fate.engine.save import (
    FORMAT_VERSION,
    MAX_CHOICES,
    check_choices,
    check_config,
    load_data,
    load_game,
    migrate,
    save_data,
    save_game,
    snapshot,
)
from fate.ground.files import backup_path, write_save


def midgame(content, players=3, seed=4, n=80):
    g = new_game(content, players, seed)
    r = random.Random(seed)
    for _ in range(n):
        if g.pending() is None:
            break
        g.apply(r.choice(g.pending().choices))
    return g


def test_save_and_load_give_the_same_game(content, tmp_path):
    g = midgame(content)
    path = tmp_path / "slot1.json"
    save_game(g, path)
    data = json.loads(path.read_text())
    assert data["format_version"] == FORMAT_VERSION and data["choices"] == g.choices_made
    h = load_game(content, path, verify=True)
    assert snapshot(h) == snapshot(g) and h.pending() == g.pending()


def test_loading_continues_identically(content, tmp_path):
    g = midgame(content)
    save_game(g, tmp_path / "s.json")
    h = load_game(content, tmp_path / "s.json")
    r1, r2 = random.Random(9), random.Random(9)
    while g.pending() is not None:
        g.apply(r1.choice(g.pending().choices))
        h.apply(r2.choice(h.pending().choices))
    assert snapshot(g) == snapshot(h)


def test_the_write_is_atomic_no_temp_files_left(content, tmp_path):
    g = midgame(content)
    save_game(g, tmp_path / "s.json")
    save_game(g, tmp_path / "s.json")
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


@pytest.mark.parametrize("text,expect", [
    ("{not json", "not JSON"),
    ("[1, 2]", "not a saved game"),
    ('{"game": "chess"}', "not a Fate of the Elder Gods save"),
])
def test_damaged_files_are_refused_clearly(content, tmp_path, text, expect):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveFormatError, match=expect) as e:
        load_game(content, path)
    assert str(path) in str(e.value)


def _newer_version(data):
    data["format_version"] = 99


def _damaged_version(data):
    data["format_version"] = "two"


def _cards_gone(data):
    data["content"] = "0" * 16  # made with other cards ...
    data["cards"][5] = "the-lost-card"  # ... one of which this version does not have


def _tampered_snapshot(data):
    data["snapshot"]["lodge"][0] += 5  # 25 cultists


def _illegal_recorded_choice(data):
    data["snapshot"] = None
    data["choices"][3] = "summon:everything"


@pytest.mark.parametrize("damage,expect", [
    (_newer_version, r"newer version of the game \(save format 99; this version reads up to 2\)"),
    (_damaged_version, "field 'format_version' is damaged"),
    (_cards_gone, r"cards this version no longer has \(the-lost-card\)"),
    (_tampered_snapshot, "cultists"),
    (_illegal_recorded_choice, r"choices'\[3\]"),
], ids=["newer-version", "damaged-version", "cards-gone", "tampered-snapshot", "illegal-recorded-choice"])
def test_a_damaged_save_is_refused_naming_what_is_wrong(content, tmp_path, damage, expect):
    data = save_data(midgame(content))
    damage(data)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFormatError, match=expect) as e:
        load_game(content, path)
    assert "\n" not in str(e.value) and str(e.value).startswith(str(path))


def test_a_missing_file_is_refused(content, tmp_path):
    with pytest.raises(SaveFormatError, match="no such file"):
        load_game(content, tmp_path / "nothing.json")


FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "save-format-1.json"


def test_a_format_1_save_migrates_and_plays_on(content):
    """tests/fixtures/save-format-1.json was written by the format-1 engine (a
    three-cult game, 120 choices in, a reroll asked)."""
    old = json.loads(FIXTURE.read_text())
    assert old["format_version"] == 1 and "cards" not in old and "game_version" not in old
    g = load_game(content, FIXTURE, verify=True)
    assert g.pending().kind == "reroll" and len(g.choices_made) == 120
    again = save_data(g)
    assert again["format_version"] == FORMAT_VERSION == 2
    assert again["cards"] == [c.id for c in content.cards] and again["game_version"]
    r = random.Random(3)
    while g.pending() is not None:
        g.apply(r.choice(g.pending().choices))
    assert g.over


def test_migrate_leaves_the_old_data_alone_and_fills_the_new_fields(content):
    old = json.loads(FIXTURE.read_text())
    new = migrate(old)
    assert old["format_version"] == 1 and new["format_version"] == 2
    assert new["game_version"] == "0.1.0" and new["cards"] is None and new["choices"] == old["choices"]


def test_a_save_keeps_the_tables_session_data(content, tmp_path):
    g = midgame(content)
    save_game(g, tmp_path / "s.json", session={"seats": [{"human": True}], "speed": 2})
    assert json.loads((tmp_path / "s.json").read_text())["session"] == {"seats": [{"human": True}], "speed": 2}


def test_a_backup_keeps_the_previous_save(content, tmp_path):
    path = tmp_path / "auto.json"
    first, later = midgame(content, n=40), midgame(content, n=60)
    write_save(save_data(first), path, backup=True)
    assert not backup_path(path).exists()  # nothing to keep yet
    write_save(save_data(later), path, backup=True)
    assert json.loads(path.read_text())["choices"] == later.choices_made
    assert json.loads(backup_path(path).read_text())["choices"] == first.choices_made
    assert sorted(p.name for p in tmp_path.iterdir()) == ["auto.json", "auto.json.bak"]


def test_a_save_goes_into_folders_that_do_not_exist_yet(content, tmp_path):
    path = tmp_path / "new" / "deeper" / "s.json"
    g = midgame(content, n=40)
    assert g.pending() is not None  # a game still being played
    save_game(g, path)
    assert load_game(content, path).pending() == g.pending()


def test_a_save_is_written_compactly(content, tmp_path):
    """A four-cult game far in stays a few kilobytes: no spaces between the tokens."""
    g = midgame(content, players=4, n=300)
    save_game(g, tmp_path / "s.json")
    text = (tmp_path / "s.json").read_text()
    assert ", " not in text and '": ' not in text and len(text) < 20_000


def test_a_failed_write_keeps_the_old_save_and_leaves_no_temporary_file(content, tmp_path, monkeypatch):
    import os

    path = tmp_path / "s.json"
    first = midgame(content, n=40)
    save_game(first, path)

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space left"):
        save_game(midgame(content, n=60), path)
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
    assert json.loads(path.read_text())["choices"] == first.choices_made


def test_verify_catches_a_snapshot_that_disagrees_with_the_choices(content, tmp_path):
    """A snapshot changed in a way that breaks no invariant still differs from the replay."""
    g = midgame(content)
    data = save_data(g)
    data["snapshot"]["summon"][0] = min(8, data["snapshot"]["summon"][0] + 1)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    load_game(content, path)  # the snapshot alone looks sound
    with pytest.raises(SaveFormatError, match="the snapshot and the replayed choices disagree"):
        load_game(content, path, verify=True)


def test_a_scenario_game_loads_from_its_snapshot_without_replaying(content, tmp_path):
    from fate.tools.scenario import build

    g = build(content, {"players": 2, "seats": [{"summon": 5}, {}]})
    save_game(g, tmp_path / "s.json")
    assert snapshot(load_game(content, tmp_path / "s.json")) == snapshot(g)


def test_a_file_that_is_not_text_is_refused_in_one_line(content, tmp_path):
    path = tmp_path / "s.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFormatError, match="not UTF-8 text") as e:
        load_game(content, path)
    assert str(path) in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("field,value", [
    ("n", 4), ("solo", True), ("first", 3), ("cur", -1), ("turn", -1), ("phase", "lunch"),
    ("inv_supply", 26), ("turn_loc", 6), ("ready_allow", 10), ("ctl", 3), ("ow_returns", 100),
    ("cleanse_used", 0), ("squall_owner", 3), ("rng", -1), ("rng", 2**64), ("over", 1), ("end_reason", None),
    ("lodge", [0, 0]), ("lodge", [21, 0, 0]), ("summon", [10, 0, 0]), ("signs", [11, 0, 0]),
    ("inv_lodge", [0, 26, 0]), ("gate", [-2, -1, -1]), ("gods", [999, 0, 1]), ("inv_at", [0] * 5),
    ("squall", [9, 0, 0, 0, 0, 0]), ("pieces", [6]), ("pieces", [0, 1]), ("forced", [6]), ("exhausted", [-1]),
    ("winners", [3]), ("losers", [-1]), ("at", [[0, 0, 0]] * 5), ("at", [[0, 0, 21]] * 6),
    ("hands", [[], []]), ("hands", [[-1], [], []]), ("reserve", [[], [], [99999]]), ("columns", [[]] * 5),
    ("rolls", [[6]]), ("rolls", [7]), ("spell_deck", [99999]), ("discard", ["key-01"]), ("box", None),
    ("es_cursed", [0, False, False]), ("es_cursed", [False]), ("held", [[0, 3, 0]]), ("held", [[0, 0]]),
    ("drafts", [[-1]]), ("drafts", 5), ("stack", [["no_such_task"]]), ("stack", [[["turn"]]]),
    ("stack", [["turn", {"a": 1}]]), ("stack", "turn"),
])
def test_each_field_of_a_snapshot_is_checked_at_its_edge(content, field, value):
    """A value just past what a field may hold is refused, naming the field."""
    data = save_data(midgame(content, players=3, n=60))
    data["snapshot"][field] = value
    with pytest.raises(SaveFormatError, match=f"'{field}'|{field}"):
        load_data(content, data)


def test_a_snapshot_with_a_field_missing_is_refused_naming_it(content):
    data = save_data(midgame(content))
    del data["snapshot"]["ctl"]
    with pytest.raises(SaveFormatError, match="field 'ctl' is missing"):
        load_data(content, data)


@pytest.mark.parametrize("config,says", [
    ([], "'config' is required"), ({"players": 0, "seed": 1}, "players 1 to 4"),
    ({"players": 5, "seed": 1}, "players 1 to 4"), ({"players": True, "seed": 1}, "players 1 to 4"),
    ({"players": 2, "seed": 1.5}, "whole-number seed"), ({"players": 2, "seed": 2**63 + 1}, "whole-number seed"),
    ({"players": 2, "seed": -2**63 - 1}, "whole-number seed"), ({"players": 2, "seed": 1, "gods": 7}, "found 7$"), ({"players": 2, "seed": 1, "gods": ["cthulhu"]}, "config.gods"),
    ({"players": 2, "seed": 1, "gods": ["cthulhu", "cthulhu"]}, "2 different Elder God ids"),
    ({"players": 2, "seed": 1, "gods": ["cthulhu", "the-sign"]}, "config.gods"),
    ({"players": 2, "seed": 1, "gods": ["cthulhu", ["x"]]}, "config.gods"),
    ({"players": 2, "seed": 1, "scenario": "yes"}, "config.scenario"),
])
def test_a_damaged_config_is_refused_naming_the_field(content, config, says):
    with pytest.raises(SaveFormatError, match=says):
        check_config(content, config, "s.json")


def test_a_sound_config_comes_back_clean(content):
    gods = [c.id for c in content.cards if c.kind == "god"][:3]
    assert check_config(content, {"players": 3, "seed": -2**63, "gods": gods, "scenario": False, "x": 1}) == {
        "players": 3, "seed": -2**63, "gods": gods}
    assert check_config(content, {"players": 1, "seed": 2**63, "scenario": True}) == {
        "players": 1, "seed": 2**63, "scenario": True}
    assert check_config(None, {"players": 2, "seed": 0, "gods": ["a", "b"]})["gods"] == ["a", "b"]
    with pytest.raises(SaveFormatError):
        check_config(None, {"players": 2, "seed": 0, "gods": ["a", "a"]})


@pytest.mark.parametrize("choices,says", [
    ({}, "expected a list"), (["a"] * (MAX_CHOICES + 1), "at most 100,000"), (["a", 3], r"'choices'\[1\]"),
    (["a", ""], r"'choices'\[1\]"), (["x" * 201], r"'choices'\[0\]"), ([{"a": 1}], "found {'a': …}"),
])
def test_damaged_choices_are_refused_naming_the_place(choices, says):
    with pytest.raises(SaveFormatError, match=says):
        check_choices(choices)


def test_choices_of_every_sound_length_pass():
    assert check_choices(["x" * 200, "a"]) == ["x" * 200, "a"] and check_choices([]) == []
    assert len(check_choices(["a"] * MAX_CHOICES)) == MAX_CHOICES


def test_an_error_about_outside_data_is_one_line_of_at_most_300_characters():
    from fate.engine.errors import ContentError, ScenarioError

    assert str(SaveFormatError("a\nb\t c")) == "a b c"
    exact = "x" * 300
    assert str(ContentError(exact)) == exact  # 300 is still whole
    cut = str(ScenarioError("y" * 301))
    assert cut == "y" * 299 + "…" and len(cut) == 300
    assert str(SaveFormatError(12)) == "12"
