"""Settings survive a restart; a damaged settings file gives the defaults and one line."""

from __future__ import annotations

import json

import pytest

from fate.records import settings
from fate.ui.app import App
from fate.ui.screens.new_game import SetupScene
from fate.ui.table.scene import PlayScene
from tests.ui.table.test_table_play import frame, press


def test_no_file_gives_the_defaults_quietly(tmp_path):
    assert settings.load(tmp_path / "settings.json") == (settings.defaults(), "")


@pytest.mark.parametrize("text,says", [
    ('{"speed": 2,', "not JSON (line 1"),
    ("[1, 2]", "not a settings file"),
    ("", "not JSON (line 1"),
    ("\udcff".encode("utf-8", "surrogateescape").decode("latin-1"), "not JSON"),
])
def test_a_damaged_file_gives_the_defaults_and_one_line(tmp_path, text, says):
    f = tmp_path / "settings.json"
    f.write_text(text, encoding="utf-8")
    got, line = settings.load(f)
    assert got == settings.defaults()
    assert says in line and str(f) in line and "\n" not in line and line.endswith("using the default settings")


def test_one_bad_value_costs_only_that_setting(tmp_path):
    f = tmp_path / "settings.json"
    seats = [{"human": True, "level": "hard", "colour": 3}, {"human": False, "level": "easy", "colour": 1}]
    f.write_text(json.dumps({"speed": 9, "new_game": seats, "hard_seconds": 2.5, "volume": 0.3}))
    got, line = settings.load(f)
    assert got["speed"] == settings.DEFAULTS["speed"]
    assert got["new_game"] == seats and got["hard_seconds"] == 2.5
    assert line == f"{f}: speed should be a whole number 0 to 3: the default is used for it"


@pytest.mark.parametrize("seats", [
    [],
    [{"human": True, "level": "hard", "colour": 0}] * 2,  # the same colour twice
    [{"human": True, "level": "expert", "colour": 0}],
    [{"human": 1, "level": "hard", "colour": 0}],
    [{"human": True, "level": "hard", "colour": 6}],
    [{"human": True, "level": "hard", "colour": 0, "name": "x" * 21}],  # a name too long
    [{"human": True, "level": "hard", "colour": 0, "name": "Ann\nBob"}],  # not one line
    [{"human": True, "level": "hard", "colour": 0, "name": " Ann"}],
    [{"human": True, "level": "hard", "colour": 0, "name": "\ud800"}],  # a lone surrogate
    [{"human": True, "level": "hard", "colour": 0, "name": 5}],
    [{"human": True, "level": "hard", "colour": 0, "nick": "Ann"}],
    [{"human": True, "level": "hard", "colour": i} for i in range(5)],
])
def test_a_new_game_setup_that_cannot_be_is_refused(tmp_path, seats):
    f = tmp_path / "settings.json"
    f.write_text(json.dumps({"new_game": seats}))
    got, line = settings.load(f)
    assert got["new_game"] == settings.DEFAULTS["new_game"] and line.startswith(f"{f}: new_game should be")


@pytest.mark.parametrize("seconds,ok", [(0.1, True), (30, True), (0.09, False), (30.5, False), (True, False)])
def test_hards_budget_has_sensible_bounds(tmp_path, seconds, ok):
    f = tmp_path / "settings.json"
    f.write_text(json.dumps({"hard_seconds": seconds}))
    got, line = settings.load(f)
    assert got["hard_seconds"] == (seconds if ok else settings.DEFAULTS["hard_seconds"])
    assert (line == "") == ok


def test_saving_writes_only_known_good_settings_and_leaves_no_temporary_file(tmp_path):
    f = tmp_path / "deep" / "settings.json"
    s = settings.defaults() | {"speed": 0, "colour_blind": True}
    assert settings.save(s, f) == ""
    assert json.loads(f.read_text()) == settings.defaults() | {"speed": 0}
    assert [p.name for p in f.parent.iterdir()] == ["settings.json"]
    assert settings.load(f) == (settings.defaults() | {"speed": 0}, "")


def test_a_settings_file_that_cannot_be_written_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    line = settings.save(settings.defaults(), blocker / "settings.json")
    assert line.startswith(f"Settings could not be saved to {blocker / 'settings.json'}") and "\n" not in line


def test_the_new_game_screen_and_the_speed_survive_a_restart(content):
    app = App(content, size=(1280, 720), seed=3)
    try:
        press(app, ("new",))
        assert isinstance(app.scene, SetupScene)
        press(app, ("players", 4))
        press(app, ("level", 1, "hard"))
        press(app, ("level", 3, "easy"))
        press(app, ("colour", 2))
        chosen = [(c.human, c.level, c.colour) for c in app.scene.seats]
        press(app, ("begin",))
        assert isinstance(app.scene, PlayScene)
        app.scene.panels.cycle_speed()
        speed = app.scene.session.speed
        app.scene.leave()
        frame(app)
    finally:
        app.close()
    again = App(content, size=(1280, 720), seed=3)
    try:
        assert again.notice == "" and again.settings["speed"] == speed
        press(again, ("new",))
        assert [(c.human, c.level, c.colour) for c in again.scene.seats] == chosen
        assert chosen[1][1] == "hard" and chosen[3][1] == "easy"
    finally:
        again.close()
        settings.path().unlink()


def test_a_damaged_settings_file_is_told_on_the_title_screen(content):
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_text("{ not json")
    app = App(content, size=(1280, 720), seed=3)
    try:
        assert app.settings == settings.defaults()
        told = app.scene.notice
        assert told.startswith(f"{settings.path()}: not JSON") and "\n" not in told
        frame(app)
        assert told in app.ink.drawn
    finally:
        app.close()
        settings.path().unlink()


def test_the_settings_screen_changes_and_keeps_speed_hard_and_window(content):
    from fate.ui.screens.settings import SettingsScene

    app = App(content, size=None, seed=3)
    try:
        assert app.size == (1280, 720)
        press(app, ("settings",))
        assert isinstance(app.scene, SettingsScene)
        press(app, ("speed", 2))
        press(app, ("hard", 2.0))
        press(app, ("window", 1600, 900))
        assert app.size == (1600, 900) and app.screen.get_size() == (1600, 900)
        spot = next(h for h in app.scene.hotspots() if h.key == ("hard", 4.0))
        assert "longer is stronger" in spot.tip
        press(app, ("back",))
        from fate.ui.screens.title import TitleScene

        assert isinstance(app.scene, TitleScene)
    finally:
        app.close()
    kept, line = settings.load()
    assert line == "" and (kept["speed"], kept["hard_seconds"], kept["window"]) == (2, 2.0, [1600, 900])
    again = App(content, size=None, seed=3)
    try:
        assert again.size == (1600, 900) and again.settings["hard_seconds"] == 2.0
        press(again, ("new",))
        press(again, ("begin",))
        assert again.scene.session.ai_seconds == 2.0 and again.scene.anim.speed == 2
    finally:
        again.close()
        settings.path().unlink()
