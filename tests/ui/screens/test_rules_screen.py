"""How to Play in the app: from the title, the pause menu, F1 and the "?" at the
table (at the section of the decision asked), searched as you type, and back."""

from __future__ import annotations

import pygame
import pytest

from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.screens.rules import RulesScene
from fate.ui.screens.title import TitleScene
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.scene import PlayScene
from fate.words import guide
from tests.ui.table.test_table_play import frame, press


def key(k: int, text: str = "") -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)]


def typed(text: str) -> list[pygame.event.Event]:
    return [e for ch in text for e in key(pygame.key.key_code(ch) if ch != " " else pygame.K_SPACE, ch)]


@pytest.fixture
def app(content):
    a = App(content, size=(1280, 720), seed=2, settings={"speed": 3})
    yield a
    a.close()


def titles(scene: RulesScene) -> list[str]:
    return [h.key[1] for h in scene.hotspots() if h.key[0] == "section"]


def test_from_the_title_search_read_and_come_back(app):
    press(app, ("rules",))
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.section().id == "goal"
    assert titles(scene) == [s.id for s in guide.sections()]
    frame(app, typed("raid"))
    frame(app)
    assert scene.query == "raid" and "raids" in titles(scene) and "goal" not in titles(scene)
    assert scene.section().id in titles(scene)  # the page follows the search
    frame(app, click(next(h for h in scene.hotspots() if h.key == ("section", "streets")).rect.center))
    frame(app)
    assert scene.section().id == "streets" and "Streets of Arkham" in app.ink.drawn
    frame(app, key(pygame.K_DOWN))
    assert scene.section().id == titles(scene)[titles(scene).index("streets") + 1]
    frame(app, key(pygame.K_BACKSPACE) * 4)
    frame(app)
    assert scene.query == "" and len(titles(scene)) == len(guide.sections())
    frame(app, typed("xyzzy"))
    frame(app)
    assert titles(scene) == [] and "No section holds all those words." in app.ink.drawn
    frame(app, key(pygame.K_ESCAPE))
    assert scene.query == "" and isinstance(app.scene, RulesScene)
    frame(app, key(pygame.K_ESCAPE))
    frame(app)
    assert isinstance(app.scene, TitleScene)


def test_f1_at_the_table_opens_the_rules_of_the_decision_and_the_game_waits(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path)
    try:
        g = build(content, {"players": 3, "fate": ["ceremony"], "start": "move",
                            "seats": [{"hand": ["hood-01", "key-03", "tome-05"]}, {}, {}]})
        session = Session.from_game(content, [SeatConfig(i == 0, "normal", i) for i in range(3)], g,
                                    saves=tmp_path)
        open_table(app, session)
        table = app.scene
        frame(app)
        assert table.picker.prompt["kind"] == "move"
        frame(app, key(pygame.K_F1))
        frame(app)
        rules = app.scene
        assert isinstance(rules, RulesScene) and rules.section().id == "move"
        assert "The table is asking you to move the Fate Piece." in app.ink.drawn
        for _ in range(5):
            frame(app)
        assert session.game.pending().kind == "move" and session.game.choices_made == []
        press(app, ("back",))
        assert app.scene is table and isinstance(table, PlayScene)
        frame(app)
        assert table.picker is not None and table.picker.prompt["kind"] == "move"
        # the "?" beside Hint does the same, and so does the pause menu
        press(app, ("ui", "rules"))
        assert isinstance(app.scene, RulesScene) and app.scene.section().id == "move"
        frame(app, key(pygame.K_ESCAPE))
        assert app.scene is table
        frame(app, key(pygame.K_ESCAPE))
        assert table.menu
        press(app, ("ui", "rules"))
        assert isinstance(app.scene, RulesScene) and not table.menu
    finally:
        app.close()


@pytest.mark.parametrize("kind,section", [("move", "move"), ("streets_send", "streets"),
                                          ("cast_window", "spells"), ("draft", "setup"), ("ready", "conclude")])
def test_each_decision_names_its_section(content, kind, section):
    assert guide.section_for(kind).id == section


def test_f1_opens_how_to_play_from_any_screen_and_esc_returns(app):
    for screen in ("title", "setup", "load"):
        app.goto(screen)
        before = app.scene
        frame(app, key(pygame.K_F1))
        assert isinstance(app.scene, RulesScene), screen
        frame(app, key(pygame.K_F1))  # already there: nothing stacks up
        frame(app, key(pygame.K_ESCAPE))
        assert app.scene is before, screen


@pytest.mark.parametrize("code", ["en", "fr", "pl"])
def test_the_altars_legend_shows_each_symbol_beside_its_line_in_every_language(content, monkeypatch, code):
    """The legend's lines are known by their place, not by their words: French writes a narrow space
    before its colon, and a legend read by its words lost every symbol there."""
    from fate.ui.screens import rules

    drawn: list[str] = []
    real = rules.places.symbol
    monkeypatch.setattr(rules.places, "symbol", lambda verb, *a, **k: drawn.append(verb) or real(verb, *a, **k))
    app = App(content, size=(1920, 1080), seed=2, settings={"speed": 3, "language": code})
    try:
        app.goto("rules", "symbols")
        app.frame([], 0.02)
        assert drawn and drawn == list(rules.altar_symbols.VERBS)[:len(drawn)], drawn
        assert len(drawn) >= 6
    finally:
        app.close()
