"""Undo at the table: Ctrl+Z and the Undo button take back the player's own
decision; greyed, the button says why it cannot."""

from __future__ import annotations

import pygame
import pytest

from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from tests.ui.table.test_table_play import frame

HAND = {"hand": ["hood-01", "key-03", "tome-05"], "cultists": {"gathering": 1}}


@pytest.fixture
def table(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path)
    g = build(content, {"players": 3, "fate": ["ceremony"], "start": "move", "seats": [HAND, {}, {}]})
    session = Session.from_game(content, [SeatConfig(i == 0, "normal", i) for i in range(3)], g, saves=tmp_path)
    open_table(app, session)
    yield app, app.scene
    app.close()


def undo_spot(scene):
    return next(h for h in scene.hotspots() if h.key[-1] == "undo")


def test_ctrl_z_takes_back_the_move(table):
    app, scene = table
    frame(app)
    assert scene.picker.prompt["kind"] == "move"
    spot = undo_spot(scene)
    assert spot.key == ("ui", "disabled", "ui", "undo") and "nothing to take back yet" in spot.tip
    hand = next(h for h in scene.hotspots() if h.key == ("card", "hood-01"))
    frame(app, click(hand.rect.center))
    frame(app)
    frame(app)
    assert scene.session.game.pending().kind == "gathering_move"
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z")])
    frame(app)
    assert scene.session.game.pending().kind == "move" and scene.session.game.choices_made == []
    assert scene.picker.prompt["kind"] == "move"


def test_the_undo_button_takes_back_and_then_says_why_not(table):
    app, scene = table
    frame(app)
    hand = next(h for h in scene.hotspots() if h.key == ("card", "hood-01"))
    frame(app, click(hand.rect.center))
    frame(app)
    frame(app)
    spot = undo_spot(scene)
    assert spot.key == ("ui", "undo")
    frame(app, click(spot.rect.center))
    frame(app)
    assert scene.session.game.pending().kind == "move"
    spot = undo_spot(scene)
    assert spot.key[1] == "disabled" and "nothing more to take back" in spot.tip
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert any("nothing more to take back" in t for t in app.ink.drawn)
