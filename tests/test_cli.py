"""Command lines: unknown flags get one clear message; the self-test runs headless."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def run(*args):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=ENV, timeout=300)


@pytest.mark.parametrize("args", [
    ["main.py", "--summon-cthulhu"],
    ["-m", "fate.sim", "--players", "9"],
    ["-m", "fate.bench", "galaxy"],
    ["-m", "fate.scenario", "x.yaml", "--frobnicate"],
    ["-m", "fate.content", "--nope"],
])
def test_unknown_flags_get_one_clear_message(args):
    out = run(*args)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "error" in out.stderr or "unrecognized" in out.stderr or "invalid choice" in out.stderr


def test_self_test_plays_whole_games_headless():
    out = run("main.py", "--self-test")
    assert out.returncode == 0 and out.stdout.strip().endswith("SELFTEST OK")


def test_sim_reports_figures_and_zero_violations():
    out = run("-m", "fate.sim", "--players", "2", "--games", "20", "--seed", "3", "--check")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "invariant violations: 0" in out.stdout and "games per second" in out.stdout
    assert out.stdout.count("win rate") == 2
