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
    ["-m", "fate.tools.sim", "--players", "9"],
    ["-m", "fate.bench", "galaxy"],
    ["-m", "fate.tools.scenario", "x.yaml", "--frobnicate"],
    ["-m", "fate.tools.cards", "--nope"],
])
def test_unknown_flags_get_one_clear_message(args):
    out = run(*args)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "argument" in out.stderr or "unrecognized" in out.stderr or "invalid choice" in out.stderr


def test_self_test_plays_whole_games_headless():
    """Printed through a Windows console's code page (cp1252): CLDR writes 12 345,5 with a narrow
    no-break space that it cannot hold, and the packaged game's self-test once died of it."""
    out = subprocess.run([sys.executable, "main.py", "--self-test"], capture_output=True, text=True,
                         env=dict(ENV, PYTHONIOENCODING="cp1252"), timeout=300, encoding="cp1252")
    assert out.returncode == 0 and out.stdout.strip().endswith("SELFTEST OK"), out.stderr[-500:]
    assert "12\\u202f345,5" in out.stdout  # French's number, escaped


def test_the_self_test_fails_where_the_credits_cannot_find_the_licences(tmp_path, monkeypatch):
    """A bundle built without LICENSE or the notices in its data fails its self-test."""
    import main
    from fate.ui.screens import credits

    assert main.legal_problem() == ""
    monkeypatch.setattr(credits, "bundle_root", lambda: tmp_path)  # where LICENSE is looked for
    assert main.legal_problem().startswith('the Credits screen cannot find "The game\'s licence" at ')
    (tmp_path / "LICENSE").write_text("MIT")
    assert main.legal_problem() == ""
    monkeypatch.setattr(credits, "assets_dir", lambda: tmp_path)  # no legal/ folder there
    assert "Third-party notices" in main.legal_problem()


def test_the_first_frame_can_be_timed_and_kept_as_a_picture(tmp_path):
    """What the release workflow's runners do in their real windows (here the dummy driver)."""
    shot = tmp_path / "title.png"
    out = subprocess.run([sys.executable, "main.py", "--size", "1280x720"], capture_output=True, text=True,
                         timeout=300, env=dict(ENV, FATE_EXIT_AFTER_FIRST_FRAME="1", FATE_FIRST_FRAME_SHOT=str(shot),
                                                FATE_USER_DIR=str(tmp_path)))
    assert out.returncode == 0 and out.stdout.strip() == "first frame shown (video: dummy)", out.stderr
    import pygame

    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1280, 720)
    assert len({picture.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}) > 40


def test_sim_reports_figures_and_zero_violations():
    out = run("-m", "fate.tools.sim", "--players", "2", "--games", "20", "--seed", "3", "--check")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "invariant violations: 0" in out.stdout and "games per second" in out.stdout
    assert out.stdout.count("win rate") == 2


def test_screenshot_saves_a_png_of_the_table_at_the_asked_size(tmp_path):
    import pygame

    path = tmp_path / "table.png"
    out = run("main.py", "--screenshot", str(path), "--seed", "4", "--size", "1920x1080")
    assert out.returncode == 0, out.stderr
    assert pygame.image.load(str(path)).get_size() == (1920, 1080)


def test_screenshot_of_a_scenario(tmp_path):
    path = tmp_path / "museum.png"
    out = run("main.py", "--screenshot", str(path), "--scenario", "docs/examples/museum-control.yaml")
    assert out.returncode == 0, out.stderr
    assert path.stat().st_size > 10_000


@pytest.mark.parametrize("args, words", [
    (["--screenshot", "x.png", "--size", "huge"], "expected WIDTHxHEIGHT"),
    (["--screenshot", "x.png", "--size", "640x480"], "1280x720 to 3840x2160"),
    (["--scenario", "docs/examples/museum-control.yaml"], "only goes with --screenshot"),
])
def test_bad_window_arguments_get_one_line(args, words):
    out = run("main.py", *args)
    assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr


def test_a_broken_scenario_for_a_screenshot_names_the_problem(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: 3\nseats: [{cultists: {museum: 25}}]\n")
    out = run("main.py", "--screenshot", str(tmp_path / "x.png"), "--scenario", str(bad))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "bad.yaml" in out.stderr or "museum" in out.stderr


def test_an_internal_error_leaves_a_crash_report_in_the_user_folder(tmp_path, monkeypatch):
    import main
    from fate.ui.app import App

    def broken(self, first_frame_exit=False):
        raise RuntimeError("a deliberate fault")

    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path))
    monkeypatch.setattr(App, "run", broken)
    assert main.main([]) == 1
    reports = list((tmp_path / "logs").glob("crash-*.txt"))
    assert len(reports) == 1 and "a deliberate fault" in reports[0].read_text()
