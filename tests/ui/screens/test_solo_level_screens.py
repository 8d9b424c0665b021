"""The solo level at the screens: chosen on New Game (its rules on hover), kept in
the settings, carried by the save, shown on the Load list and the end screen."""

from __future__ import annotations

import random

import pygame
import pytest

from fate.records import settings as settings_file
from fate.records.saves import list_saves
from fate.ui.app import App
from fate.ui.screens.end import BROKEN, EndScene
from fate.ui.screens.load import LoadScene
from fate.ui.screens.new_game import SetupScene
from fate.ui.table.lodges import investigators_text
from fate.ui.table.scene import PlayScene
from tests.ui.table.test_table_play import frame, press


def new_solo(app: App, level: str) -> PlayScene:
    press(app, ("new",))
    press(app, ("players", 1))
    press(app, ("solo_level", level))
    press(app, ("begin",))
    assert isinstance(app.scene, PlayScene)
    return app.scene


def test_the_level_is_chosen_on_new_game_with_its_rules_on_hover_and_kept(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, saves=tmp_path / "saves")  # the player's own settings file
    try:
        press(app, ("new",))
        press(app, ("players", 1))
        setup = app.scene
        assert isinstance(setup, SetupScene) and setup.solo_level == "standard"
        h = next(h for h in setup.hotspots() if h.key == ("solo_level", "vigilant"))
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=h.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
        shown = " ".join(t for t in app.ink.drawn if t)  # the tooltip wraps its text into lines
        assert content.solo_level("vigilant").text.split(":")[0] in shown  # the rules of the level, on hover
        press(app, ("back",))
        scene = new_solo(app, "vigilant")
        assert scene.session.game.level.id == "vigilant" and scene.session.game.config["solo_level"] == "vigilant"
        assert settings_file.load(app.settings_path)[0]["solo_level"] == "vigilant"
        scene.session.close()
    finally:
        app.close()
    again = App(content, size=(1280, 720), seed=6, saves=tmp_path / "saves")  # after a restart
    try:
        press(again, ("new",))
        press(again, ("players", 1))
        assert again.scene.solo_level == "vigilant"
    finally:
        again.close()


def test_the_load_list_and_the_end_screen_name_the_level(content, tmp_path):
    app = App(content, size=(1280, 720), seed=9, settings={"speed": 3}, saves=tmp_path / "saves")
    try:
        scene = new_solo(app, "relentless")
        session = scene.session
        rnd = random.Random(2)
        while not session.over():
            session.apply(rnd.choice(session.game.pending().choices).id)
        session.close()
        (row,) = list_saves(app.saves)
        assert row.level == "Relentless"
        app.goto("load")
        frame(app)
        assert isinstance(app.scene, LoadScene)
        assert any("Investigators: Relentless" in t for t in app.ink.drawn)
        app.goto("end", session, [(200, 40, 40)])
        frame(app)
        assert isinstance(app.scene, EndScene) and "Investigators: Relentless" in app.ink.drawn
        if session.game.end_reason == "cursed":
            assert BROKEN[content.solo_level("relentless").curses_to_lose] in app.ink.drawn
    finally:
        app.close()


def test_an_unknown_kept_level_falls_back_to_standard(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={"solo_level": "nightmare"}, saves=tmp_path / "saves")
    try:
        press(app, ("new",))
        assert app.scene.solo_level == "standard"
    finally:
        app.close()



@pytest.mark.parametrize("level,said", [
    ("standard", ["move to its symbol and leave an Investigator there.", "Five and you lose."]),
    ("initiate", ["Playing at Initiate.", "move to its symbol. They hold", "Six and you lose."]),
    ("vigilant", ["Playing at Vigilant.", "leave two Investigators there.", "Five and you lose."]),
    ("relentless", ["Playing at Relentless.", "leave two Investigators there.", "Three and you lose."]),
])
def test_the_investigators_panel_tells_the_level_s_numbers(content, level, said):
    text = investigators_text(content.solo_level(level), "The Library", 1)
    assert all(s in text for s in said) and "stands at The Library. " in text and "hold 1 Curse on" in text
    assert ("Playing at" in text) == (level != "standard")  # the rules' own game reads as before


@pytest.mark.parametrize("level,slots", [("relentless", 3), ("initiate", 6)])
def test_the_table_shows_the_panel_of_the_level_chosen_in_pictures(content, tmp_path, level, slots):
    """Issue 50: the panel was a paragraph. It now shows where their piece stands and the
    Curses they hold as a track of the level's length; the whole words are its tooltip."""
    app = App(content, size=(1280, 720), seed=5, saves=tmp_path / "saves")
    try:
        scene = new_solo(app, level)  # (its first frame draws the table afresh: read what it placed)
        panel = next(r for r in scene.table.regions if r.title == "The Investigators")
        words = [t for t, r in app.ink.placed if panel.rect.contains(r)]
        assert len(" ".join(words).split()) <= 8, words  # a name, the level, a place: no paragraph
        assert content.solo_level(level).name in words
        assert "Three and you lose." in panel.body or "Six and you lose." in panel.body  # the words, on hover
        track = next(r for r in scene.table.regions if r.title.startswith("Curses on you: "))
        assert track.title == f"Curses on you: 0 of {slots}" and panel.rect.contains(track.rect)
        n = scene.table.layout.n
        assert abs(track.rect.w - n(42 * (slots - 1) + 34)) <= 2  # one slot for each Curse that may be held
        scene.session.close()
    finally:
        app.close()
