"""The engine's fingerprint (fate/bench/fingerprint.py, ``python -m fate.bench fingerprint``): the
same games hash the same, in another process too, and a change to what a player sees, to
the views or snapshots, or to what Hard searches, shows in the hash it belongs to."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from fate import bench
from fate.bench import fingerprint
from fate.bench.search import search_positions
from fate.engine import casting
from fate.engine.model import Choice, Event


def test_the_same_games_hash_the_same(content):
    positions = search_positions(content)
    assert fingerprint.fingerprint(content, 2, positions) == fingerprint.fingerprint(content, 2, positions)


def test_another_process_with_another_hash_seed_gets_the_same_hashes(content):
    code = "from fate.engine import default_content; from fate.bench.fingerprint import fingerprint; " \
           "print(fingerprint(default_content(), 1)['games'])"
    env = {**os.environ, "PYTHONHASHSEED": "7"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == fingerprint.fingerprint(content, 1)["games"]


def test_a_choice_label_changed_changes_the_games_hash(content, monkeypatch):
    before = fingerprint.fingerprint(content, 2)["games"]
    old = casting.PASS[0]  # the first seat's Pass in a casting window
    monkeypatch.setattr(casting, "PASS", [Choice(old.id, "Pass for now", old.value), *casting.PASS[1:]])
    assert fingerprint.fingerprint(content, 2)["games"] != before


def test_a_choice_label_shows_even_where_no_view_is_hashed(content, monkeypatch):
    monkeypatch.setattr(fingerprint, "view", lambda *a: {})  # the prompts alone carry it
    before = fingerprint.fingerprint(content, 2)["games"]
    old = casting.PASS[0]
    monkeypatch.setattr(casting, "PASS", [Choice(old.id, "Pass for now", old.value), *casting.PASS[1:]])
    assert fingerprint.fingerprint(content, 2)["games"] != before


def test_an_event_more_changes_the_games_hash(content, monkeypatch):
    from fate.engine.game import Game

    before = fingerprint.fingerprint(content, 1)["games"]
    apply = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, c: [*apply(self, c), Event("noted", {}, None)])
    assert fingerprint.fingerprint(content, 1)["games"] != before


@pytest.mark.parametrize("name", ["view", "snapshot"])
def test_a_view_or_snapshot_changed_changes_the_games_hash(content, monkeypatch, name):
    before = fingerprint.fingerprint(content, 1)["games"]
    real = getattr(fingerprint, name)
    monkeypatch.setattr(fingerprint, name, lambda *a: {**real(*a), "extra": 1})
    assert fingerprint.fingerprint(content, 1)["games"] != before


def test_a_search_that_explores_otherwise_changes_the_search_hash(content, monkeypatch):
    from fate.ai import ismcts

    positions = search_positions(content)
    before = fingerprint.fingerprint(content, 1, positions)
    # the same iterations, another balance of exploring and exploiting
    init = ismcts.HardBot.__init__
    monkeypatch.setattr(ismcts.HardBot, "__init__",
                        lambda self, *a, **kw: init(self, *a, **{**kw, "exploration": 1.4}))
    after = fingerprint.fingerprint(content, 1, positions)
    assert after["search"] != before["search"]


def test_the_command_prints_both_hashes(capsys):
    assert bench.main(["fingerprint", "--games", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[1:]] == ["games", "search"]
    assert all(len(line.split(": ")[1]) == 64 for line in out[1:])
