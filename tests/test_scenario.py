"""The scenario format and `python -m fate.scenario`: positions and their errors."""

from __future__ import annotations

import subprocess
import sys

import pytest
import yaml

from fate.engine import ScenarioError
from fate.scenario import build, load


def run(*args):
    return subprocess.run([sys.executable, "-m", "fate.scenario", *args], capture_output=True, text=True)


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
    with pytest.raises(ScenarioError, match="broken.yaml") as e:
        load(content, path)
    assert "line" in str(e.value)


def test_cli_reports_errors_in_one_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("players: 3\nseats: [{hand: [nope]}, {}, {}]\n")
    out = run(str(path))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and "unknown card id 'nope'" in out.stderr
    out = run("docs/examples/museum-control.yaml", "--choose", "bogus")
    assert out.returncode == 1 and "'bogus' is not a legal choice" in out.stderr
