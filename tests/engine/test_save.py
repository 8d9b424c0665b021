"""Saves: versioned JSON, atomic, and every damaged file refused with a clear message."""

from __future__ import annotations

import json
import random

import pytest

from fate.engine import SaveFormatError, new_game
from fate.engine.save import FORMAT_VERSION, load_game, save_data, save_game, snapshot


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
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not a saved game"),
    ('{"game": "chess"}', "not a Fate of the Elder Gods save"),
])
def test_damaged_files_are_refused_clearly(content, tmp_path, text, expect):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveFormatError, match=expect) as e:
        load_game(content, path)
    assert str(path) in str(e.value)


def _wrong_version(data):
    data["format_version"] = 99


def _tampered_snapshot(data):
    data["snapshot"]["lodge"][0] += 5  # 25 cultists


def _illegal_recorded_choice(data):
    data["snapshot"] = None
    data["choices"][3] = "summon:everything"


@pytest.mark.parametrize("damage,expect", [
    (_wrong_version, "format_version"),
    (_tampered_snapshot, "cultists"),
    (_illegal_recorded_choice, r"choices'\[3\]"),
], ids=["wrong-version", "tampered-snapshot", "illegal-recorded-choice"])
def test_a_damaged_save_is_refused_naming_what_is_wrong(content, tmp_path, damage, expect):
    data = save_data(midgame(content))
    damage(data)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFormatError, match=expect):
        load_game(content, path)


def test_a_missing_file_is_refused(content, tmp_path):
    with pytest.raises(SaveFormatError, match="no such save file"):
        load_game(content, tmp_path / "nothing.json")
