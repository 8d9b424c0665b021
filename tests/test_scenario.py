"""The scenario format and `python -m fate.tools.scenario`: positions and their errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from fate.engine import ScenarioError
from fate.tools.scenario import build, load

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, "-m", "fate.tools.scenario", *args], capture_output=True, text=True)


def test_the_documented_example_loads_and_prints_yaml(tmp_path):
    out = run("docs/examples/museum-control.yaml", "--choose", "take")
    assert out.returncode == 0, out.stderr
    data = yaml.safe_load(out.stdout)
    assert data["prompt"]["kind"] == "museum_replace"
    assert data["seats"][0]["elder_signs"] == 2


@pytest.mark.parametrize("scenario,expect", [
    ({"seats": [{"cultists": {"museum": 15}, "lodge": 6}, {}, {}]}, "21 cultists"),
    ({"seats": [{"hand": ["key-99"]}, {}, {}]}, "unknown card id 'key-99'"),
    ({"seats": [{"hand": ["key-01"]}, {"hand": ["key-01"]}, {}]}, "already in"),
    ({"seats": [{"investigators": 20}, {}, {}]}, "26 investigators"),
    ({"fate": ["rlyeh"]}, "unknown location 'rlyeh'"),
    ({"seats": [{"mood": "grim"}, {}, {}]}, "unknown field 'mood'"),
    ({"players": 7}, "expected a whole number 1..4"),
    ({"dice": ["moon"]}, "unknown die face 'moon'"),
])
def test_impossible_positions_are_refused_clearly(content, scenario, expect):
    with pytest.raises(ScenarioError, match=expect):
        build(content, scenario)


def test_broken_yaml_names_the_file_and_line(content, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("players: 3\nseats: [\n")
    with pytest.raises(ScenarioError, match=r"broken\.yaml") as e:
        load(content, path)
    assert "line" in str(e.value)


def test_cli_reports_errors_in_one_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("players: 3\nseats: [{hand: [nope]}, {}, {}]\n")
    out = run(str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "unknown card id 'nope'" in out.stderr
    out = run("docs/examples/museum-control.yaml", "--choose", "bogus")
    assert out.returncode == 2 and "'bogus' is not a legal choice" in out.stderr


def test_a_saved_position_becomes_a_scenario_with_the_same_board(content, tmp_path):
    """python -m fate.tools.scenario --from-save: a reported position can become a test."""
    import random

    from fate.engine import new_game, view
    from fate.engine.save import save_game
    from fate.tools.scenario import build, to_scenario

    g = new_game(content, 3, 21)
    r = random.Random(21)
    while g.turn < 9 or g.pending().kind != "move":
        g.apply(r.choice(g.pending().choices))
    save = tmp_path / "reported.json"
    save_game(g, save)
    out = subprocess.run([sys.executable, "-m", "fate.tools.scenario", "--from-save", str(save)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = yaml.safe_load(out.stdout)
    assert data == to_scenario(g)
    again = build(content, data)
    before, after = view(g, 0), view(again, 0)
    for key in ("locations", "fate_pieces", "current", "turn", "phase", "supply"):
        assert after[key] == before[key], key
    for s in range(3):
        mine, theirs = view(g, s)["seats"][s], view(again, s)["seats"][s]
        for key in ("lodge", "abyss", "investigators", "summon", "elder_signs", "hand", "reserve", "artifacts",
                    "curses_carried", "has_gate"):
            assert theirs[key] == mine[key], (s, key)
    while again.pending().kind == "cast_window":  # the phase begins again: its casting window first
        again.apply("pass")
    assert again.pending().kind == "move" and again.pending().seat == g.pending().seat


def test_from_save_refuses_a_damaged_save_in_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope")
    out = subprocess.run([sys.executable, "-m", "fate.tools.scenario", "--from-save", str(bad)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "bad.json" in out.stderr


def test_from_save_reads_a_bug_report_too(content, tmp_path):
    from fate.engine import new_game
    from fate.engine.save import save_data
    from fate.records.saves import write_report

    g = new_game(content, 2, 4)
    while g.turn < 3:
        g.apply(g.pending().choices[0])
    report = write_report(save_data(g), ["a line of the chronicle"], tmp_path)
    out = subprocess.run([sys.executable, "-m", "fate.tools.scenario", "--from-save", str(report)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert yaml.safe_load(out.stdout)["players"] == 2
