"""Watch Replay: every decision of a saved game, forward and back, by turn, the
chronicle beside it; only what was public until the game is over."""

from __future__ import annotations

import random

import pygame
import pytest

from fate.engine.save import snapshot
from fate.records.saves import Replay, read_save
from fate.ui.app import App
from fate.ui.screens.replay import ReplayScene
from fate.ui.session import Session
from tests.ui.screens.test_saves import make_saves
from tests.ui.table.test_table_play import frame, press


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path / "saves")
    yield a
    a.close()


def finished_save(content, folder):
    (s,) = make_saves(content, folder, 1)
    r = random.Random(8)
    s2 = Session.resume(content, s.save_file)
    while not s2.over():
        s2.apply(r.choice(s2.game.pending().choices).id)
    s2.close()
    return s2


def key(app, k):
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def test_a_replay_holds_the_position_before_and_after_every_decision(content, tmp_path):
    (s,) = make_saves(content, tmp_path, 1)
    r = Replay.of_file(content, s.save_file)
    assert len(r) == len(s.game.choices_made) + 1
    assert snapshot(r.states[-1]) == snapshot(s.game)
    k = r.next_turn(0)
    assert r.turn(k) == r.turn(0) + 1 and all(r.turn(i) == r.turn(0) for i in range(k))
    assert r.previous_turn(k) == 0  # from a turn's first position: the turn before
    if k + 1 < len(r) and r.turn(k + 1) == r.turn(k):
        assert r.previous_turn(k + 1) == k  # from inside a turn: its first position


def test_stepping_through_an_unfinished_game_shows_only_what_was_public(app, content):
    (s,) = make_saves(content, app.saves, 1)
    press(app, ("load",))
    press(app, ("replay", s.save_file))
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.k == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.k == 2
    key(app, pygame.K_LEFT)
    assert scene.k == 1
    key(app, pygame.K_PAGEDOWN)
    assert scene.replay.turn(scene.k) > scene.replay.turn(1)
    key(app, pygame.K_END)
    assert scene.k == len(scene.replay) - 1
    key(app, pygame.K_r)  # Reveal All waits for the end of the game
    assert scene.looker is None
    private = set()
    for g in scene.replay.states:
        private |= {content.cards[c].name for seat in range(g.n) for c in g.hands[seat] + g.reserve[seat]}
    for k in (0, len(scene.replay) // 2, len(scene.replay) - 1):
        scene.go(k)
        frame(app)
        assert not (private & app.ink.drawn), sorted(private & app.ink.drawn)
    assert any(t.startswith("Decision ") for t in app.ink.drawn)
    press(app, ("ui", "leave"))
    assert app.scene.__class__.__name__ == "LoadScene"


def test_a_finished_game_can_reveal_every_hand(app, content):
    s = finished_save(content, app.saves)
    assert read_save(s.save_file)["session"]["meta"]["over"]
    scene = app.goto("replay_of", s.save_file)
    scene.go(len(scene.replay) // 2)
    press(app, ("ui", "reveal"))
    assert scene.looker == 0
    g = scene.replay.states[scene.k]
    frame(app)
    mine = {content.cards[c].name for c in g.hands[0]}
    assert mine and any(any(name[:6] in t for t in app.ink.drawn) for name in mine)
    press(app, ("ui", "look", 1))
    assert scene.looker == 1
    press(app, ("ui", "reveal"))
    assert scene.looker is None


def test_the_end_screen_offers_the_replay(app, content):
    from fate.ui.screens.end import EndScene

    s = finished_save(content, app.saves)
    app.goto("end", s, [(200, 50, 50), (50, 200, 50)])
    assert isinstance(app.scene, EndScene)
    press(app, ("replay",))
    assert isinstance(app.scene, ReplayScene) and app.scene.replay.over
