"""Keyboard play at the table: Tab, arrows, Enter and Esc alone, through the real scene."""

from __future__ import annotations

import pygame

from fate.ui.app import App
from fate.ui.session import SeatConfig, Session
from fate.ui.table.keyboard import KEYS_LINE
from fate.ui.table.scene import PlayScene
from tests.ui.table.test_table_play import frame


def key(k, mod=0):
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")]


def solo(content, tmp_path, seed=8):
    app = App(content, size=(1280, 720), seed=3, settings={"speed": 3}, saves=tmp_path)
    scene = PlayScene(app, Session(content, [SeatConfig(True, "easy", 0)], seed, saves=tmp_path))
    app.show(scene)
    return app, scene


def test_a_whole_turn_is_played_with_the_keyboard_alone(content, tmp_path):
    app, scene = solo(content, tmp_path)
    try:
        g = scene.session.game
        pressed = 0
        for _ in range(400):
            frame(app)
            if g.turn >= 2 or g.over:
                break
            if scene.picker is None:
                continue
            before = len(g.choices_made)
            frame(app, key(pygame.K_TAB))
            assert scene.keys.kfocus is not None, scene.picker.prompt
            frame(app, key(pygame.K_RETURN))
            if scene.picker is not None and scene.picker.ready is not None:  # a two-part choice: Confirm it
                frame(app, key(pygame.K_RETURN))
            if len(g.choices_made) == before:  # the first of two parts: Tab on to the second, Enter
                frame(app, key(pygame.K_TAB))
                frame(app, key(pygame.K_RETURN))
                frame(app, key(pygame.K_RETURN))
            pressed += 1
        assert g.turn >= 2, "the first turn was not played through by keys"
        assert pressed >= 3
        assert all(c for c in g.choices_made)
    finally:
        app.close()


def test_tab_arrows_and_escape_move_and_drop_a_visible_focus(content, tmp_path):
    app, scene = solo(content, tmp_path)
    try:
        for _ in range(20):
            frame(app)
            if scene.picker is not None and scene.picker.prompt["kind"] != "draft":
                break
            if scene.picker is not None:  # the draft, by keys too
                frame(app, key(pygame.K_TAB))
                frame(app, key(pygame.K_RETURN))
        spots = scene.keys.focusables()
        assert len(spots) >= 2
        frame(app, key(pygame.K_TAB))
        first = scene.keys.kfocus
        frame(app, key(pygame.K_TAB))
        assert scene.keys.kfocus != first
        frame(app, key(pygame.K_TAB, pygame.KMOD_SHIFT))
        assert scene.keys.kfocus == first
        frame(app, key(pygame.K_RIGHT))
        frame(app, key(pygame.K_DOWN))
        assert scene.keys.kfocus in {h.key for h in scene.keys.focusables()}
        frame(app)
        assert KEYS_LINE in app.ink.drawn  # the focus is shown, with the keys that move it
        frame(app, key(pygame.K_ESCAPE))
        assert scene.keys.kfocus is None and not scene.menu
        frame(app, key(pygame.K_ESCAPE))
        assert scene.menu  # with nothing to step back from, Esc pauses
    finally:
        app.close()
