"""The engine's fingerprint (fate/fingerprint.py, ``python -m fate.bench fingerprint``): the
same games hash the same, and a change to what a player sees, or to what Hard searches,
shows in the hash it belongs to."""

from __future__ import annotations

from fate import bench, fingerprint
from fate.engine import casting
from fate.engine.model import Choice


def test_the_same_games_hash_the_same(content):
    positions = bench.search_positions(content)
    assert fingerprint.fingerprint(content, 2, positions) == fingerprint.fingerprint(content, 2, positions)


def test_a_word_changed_in_a_prompt_changes_the_games_hash(content, monkeypatch):
    before = fingerprint.fingerprint(content, 2)["games"]
    old = casting.PASS[0]  # the first seat's Pass in a casting window
    monkeypatch.setattr(casting, "PASS", [Choice(old.id, "Pass for now", old.value), *casting.PASS[1:]])
    assert fingerprint.fingerprint(content, 2)["games"] != before


def test_a_search_of_another_length_changes_the_search_hash_only(content, monkeypatch):
    positions = bench.search_positions(content)
    before = fingerprint.fingerprint(content, 1, positions)
    monkeypatch.setattr(fingerprint, "HARD_ITERATIONS", fingerprint.HARD_ITERATIONS + 1)
    after = fingerprint.fingerprint(content, 1, positions)
    assert after["games"] == before["games"]
    assert after["search"] != before["search"]


def test_the_command_prints_both_hashes(capsys):
    assert bench.main(["fingerprint", "--games", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[1:]] == ["games", "search"]
    assert all(len(line.split(": ")[1]) == 64 for line in out[1:])
