"""The Settings screen's rows do what they say, at the table as well as on the
screen, and the keyboard reaches every one of them."""

from __future__ import annotations

import random

import pygame
import pytest

from fate.records import settings
from fate.ui.app import App, click
from fate.ui.kit.theme import CULT_COLOURS, cult_mark
from fate.ui.screens.new_game import SetupScene
from fate.ui.screens.rules import RulesScene
from fate.ui.screens.settings import SettingsScene
from fate.ui.screens.title import TitleScene
from fate.ui.table.scene import PlayScene
from tests.ui.table.test_table_play import frame, press, start


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=11, settings={"speed": 3}, saves=tmp_path)  # no saved game
    yield a
    a.close()


def test_every_row_is_kept_across_a_restart(content):
    app = App(content, size=None, seed=3)
    try:
        press(app, ("settings",))
        for k in (("volume", "music", 70), ("volume", "effects", 20), ("text_size", 125), ("cult_shapes", False),
                  ("handoff_solo", True), ("confirm_end_turn", True)):
            press(app, k)
        press(app, ("volume", "effects", 10))  # the minus button: one step down from 20
        assert app.sound.volume("effects") == pytest.approx(0.1)
    finally:
        app.close()
    kept, line = settings.load()
    try:
        assert line == ""
        assert (kept["music_volume"], kept["effects_volume"], kept["text_size"], kept["cult_shapes"],
                kept["handoff_solo"], kept["confirm_end_turn"]) == (70, 10, 125, False, True, True)
        again = App(content, size=None, seed=3)
        assert again.ink.reading == 1.25 and cult_mark(CULT_COLOURS[2][1]) == ""
        again.close()
    finally:
        settings.path().unlink()
        App(content, settings={}).close()  # the shapes back on for the other tests
    assert cult_mark(CULT_COLOURS[2][1]) == "square"


def test_a_damaged_value_of_a_new_row_falls_back_alone(tmp_path):
    f = tmp_path / "settings.json"
    f.write_text('{"text_size": 130, "music_volume": 55, "confirm_end_turn": "yes"}')
    got, line = settings.load(f)
    assert got["music_volume"] == 55 and got["text_size"] == 100 and got["confirm_end_turn"] is False
    assert "text_size should be 100, 125 or 150" in line and "confirm_end_turn should be true or false" in line


def paragraph_height(app) -> int:
    frame(app)
    section = app.scene.section()
    first = app.ink.wrap(section.text[0], app.ink.read(24), 10_000)[0]
    return max(r.h for text, r in app.ink.placed if first.startswith(text[:20]))


def test_text_size_grows_what_is_read(app):
    press(app, ("rules",))
    assert isinstance(app.scene, RulesScene)
    small = paragraph_height(app)
    app.settings["text_size"] = 150
    app.apply_settings()
    large = paragraph_height(app)
    assert 1.35 < large / small < 1.65, (small, large)


def test_tab_walks_the_buttons_and_enter_clicks_the_one_reached(app):
    frame(app)
    order = [h.key for h in app.scene.hotspots()]
    assert order[0] == ("new",)  # no saved game: New Game first
    frame(app, [key(pygame.K_TAB)])
    frame(app, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert app.scene.focus == len(order) - 1  # back past the first, round to the last (Quit)
    presses = (order.index(("settings",)) - app.scene.focus) % len(order)
    frame(app, [key(pygame.K_TAB)] * presses)  # on round to Settings
    assert app.scene.hotspots()[app.scene.focus].key == ("settings",)
    frame(app, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, SettingsScene)
    frame(app, [key(pygame.K_TAB)])
    assert app.scene.hotspots()[app.scene.focus].key[0] == "language"  # the first row: the language's arrow
    frame(app, [key(pygame.K_TAB)] * 5)  # past the language's three buttons and two speeds
    assert app.scene.hotspots()[app.scene.focus].key == ("speed", 2)
    frame(app, [key(pygame.K_SPACE)])
    assert app.settings["speed"] == 2


def play_until(app, scene, stop, rnd, limit=20000):
    """Click random live targets of the human's prompts until ``stop()``."""
    for _ in range(limit):
        frame(app)
        if stop():
            return True
        if not isinstance(app.scene, PlayScene) or scene.anim.busy() or scene.handoff is not None:
            continue
        if scene.picker is None or scene.confirming is not None:
            continue
        targets = [h for h in scene.hotspots() if h.key[0] != "ui"]
        if targets:
            frame(app, click(rnd.choice(targets).rect.center))
    return False


def test_the_your_turn_screen_comes_before_each_turn_of_the_one_human(app):
    app.settings["handoff_solo"] = True
    press(app, ("new",))
    assert isinstance(app.scene, SetupScene)
    press(app, ("players", 2))
    press(app, ("begin",))
    scene = app.scene
    rnd = random.Random(2)
    human = scene.session.humans()[0]
    seen = []
    for _ in range(3):
        assert play_until(app, scene, lambda: scene.handoff is not None, rnd)
        assert scene.handoff == human and scene.session.game.cur == human
        frame(app)
        assert "Your turn" in app.ink.drawn and "Pass the screen" not in app.ink.drawn
        seen.append(scene.session.game.turn)
        press(app, ("ui", "handoff"))
        assert scene.handoff is None
    assert seen == sorted(set(seen))  # once a turn, each a later turn


def test_confirm_before_a_choice_that_ends_the_turn(app):
    app.settings["confirm_end_turn"] = True
    scene = start(app, [True])
    rnd = random.Random(7)
    assert play_until(app, scene, lambda: scene.confirming is not None and not scene.confirming_may, rnd)
    g = scene.session.game
    turn, made = g.turn, len(g.choices_made)
    frame(app)
    assert "End your turn?" in app.ink.drawn
    assert {h.key for h in scene.hotspots()} == {("ui", "confirm", True), ("ui", "confirm", False)}
    press(app, ("ui", "confirm", False))  # Not yet: nothing taken, the same decision is asked again
    assert scene.confirming is None and len(g.choices_made) == made and g.turn == turn
    assert play_until(app, scene, lambda: scene.confirming is not None, rnd)
    frame(app, [key(pygame.K_RETURN)])
    assert g.turn == turn + 1 or g.over
    assert isinstance(app.scene, (PlayScene, TitleScene)) or g.over


def test_settings_from_the_pause_menu_and_back_to_the_same_game(app):
    scene = start(app, [True])
    frame(app, [key(pygame.K_ESCAPE)])
    press(app, ("ui", "settings"))
    assert isinstance(app.scene, SettingsScene)
    press(app, ("speed", 2))
    press(app, ("text_size", 150))
    press(app, ("back",))
    assert app.scene is scene and not scene.menu
    assert scene.anim.speed == 2 and scene.session.speed == 2 and app.ink.reading == 1.5


def test_the_end_of_turn_question_tells_nothing_hidden(app, content):
    """Two positions the player cannot tell apart: the Curse the game holds on them is
    harmless in one and stops the coming win in the other (R-CU-7). The question is
    asked alike in both: it is judged from what the player knows."""
    from fate.tools.scenario import build
    from fate.ui.session import SeatConfig, Session

    answers = []
    for curse in ("hungry-abyss", "stars-are-wrong"):
        g = build(content, {"players": 1, "seed": 5, "gods": ["cthulhu"], "start": "move",
                            "fate": ["other_worlds", "streets"],
                            "seats": [{"hand": ["flame-04", "key-01", "tome-01"], "summon": 8,
                                       "curses": [curse],
                                       "cultists": {"other_worlds": 1, "museum": 1, "ceremony": 3, "streets": 1,
                                                    "gathering": 1, "library": 1}}],
                            # a Key in The Ceremony's column: the Key Spell in hand can be readied after
                            "locations": {"ceremony": {"investigators": 0, "column": ["key-02"]}}})
        g.apply("play:flame-04")
        assert [c.id for c in g.pending().choices][0] == "take"
        real = g.clone()
        real.apply("take")
        scene = PlayScene(app, Session.from_game(content, [SeatConfig(True, "normal", 0)], g))
        app.settings["confirm_end_turn"] = True
        app.scene = scene
        scene.choose("take")
        frame(app)
        asked = "This may end your turn" in app.ink.drawn and "End your turn?" not in app.ink.drawn
        answers.append(((scene.ends_turn("take"), scene.confirming, asked), real.over or real.turn != g.turn))
    assert answers[0][1] is True and answers[1][1] is False  # the truth differs (a win; a turn that goes on)...
    assert answers[0][0] == answers[1][0] == ("may", "take", True)  # ...the question does not: it may (R-CU-7)


def test_without_an_audio_device_settings_says_so_in_one_line(content, tmp_path, monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    a = App(content, size=(1280, 720), seed=11, settings={"speed": 3}, saves=tmp_path)
    try:
        frame(a)
        frame(a)  # the title: the device is probed for once its first frame is shown
        assert a.sound.wait_open(10) is False
        press(a, ("settings",))
        assert isinstance(a.scene, SettingsScene)
        frame(a)
        assert "No sound: the audio device could not be opened (No available audio device)" in a.ink.drawn
    finally:
        a.close()


def test_the_first_launch_speaks_the_systems_language_and_settings_choose_another_at_once_and_for_good(
        content, monkeypatch):
    """Issue 53: no settings yet, the system's locale chooses; a click in Settings speaks another at
    the next frame (its own name on the button), kept across a restart whatever the system says."""
    from fate.ground import language

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert not settings.path().exists()
    app = App(content, size=None, seed=3)
    try:
        assert language.current().code == "pl"
        press(app, ("settings",))
        app.frame([], 0.02)
        assert any(line.endswith(": Polski") for line in app.ink.drawn)  # "As the system: Polski", in Polish
        press(app, ("language", "pt_BR"))  # the arrow before "As the system": the last language
        app.frame([], 0.02)
        assert language.current().code == "pt_BR" and app.settings["language"] == "pt_BR"
        assert "Português (Brasil)" in app.ink.drawn
    finally:
        app.close()
    try:
        assert settings.load()[0]["language"] == "pt_BR"
        again = App(content, size=None, seed=3)
        assert language.current().code == "pt_BR"  # the setting, not the system's Polish
        again.close()
    finally:
        settings.path().unlink()
