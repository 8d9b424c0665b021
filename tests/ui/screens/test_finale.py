"""The finales (issue 41): a summoning or a sealing between the last move and the end screen,
at most six seconds, skipped by a click or a key, none at Instant speed, and played again
at the end of a replay. Driven through the real App and scenes, headless."""

from __future__ import annotations

import pygame
import pytest

from fate.ui.app import App, click
from fate.ui.kit import gods
from fate.ui.screens.end import EndScene
from fate.ui.screens.finale import FinaleScene
from fate.ui.screens.replay import ReplayScene
from fate.ui.shots import endgame_session
from fate.ui.table.anim import FINALE_MAX, SPEEDS, finale_kind, finale_seconds
from fate.ui.table.scene import PlayScene
from tests.ui.screens.test_replay import finished_save
from tests.ui.table.test_table_play import frame, press

DT = 1 / 30
SUMMONING_SEED, SEALING_SEED = 2, 1  # endgame_session: how each of these ends


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=5, settings={"speed": 1}, saves=tmp_path / "saves")
    yield a
    a.close()


def to_the_finale(app: App, content, seed: int, speed: int = 1) -> None:
    """A finished game's table, played until the scene after it (the finale, or the end screen)."""
    app.settings["speed"] = speed
    app.show(PlayScene(app, endgame_session(content, seed)))
    for _ in range(200):
        frame(app, dt=DT)
        if not isinstance(app.scene, PlayScene):
            return
    raise AssertionError("the finished game never left the table")


def key(code: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")]


def test_the_two_games_end_one_in_a_summoning_one_in_a_sealing(app, content):
    kinds = {}
    for seed in (SUMMONING_SEED, SEALING_SEED):
        to_the_finale(app, content, seed)
        assert isinstance(app.scene, FinaleScene)
        kinds[seed] = app.scene.kind
        assert app.scene.kind == finale_kind(app.scene.view)
    assert kinds == {SUMMONING_SEED: "summoning", SEALING_SEED: "sealing"}


@pytest.mark.parametrize("speed", range(len(SPEEDS) - 1))
def test_a_finale_lasts_at_most_six_seconds_at_every_speed_then_the_end_screen(app, content, speed):
    to_the_finale(app, content, SUMMONING_SEED, speed)
    assert isinstance(app.scene, FinaleScene)
    shown = 0.0
    while isinstance(app.scene, FinaleScene):
        frame(app, dt=DT)
        shown += DT
        assert shown <= FINALE_MAX + DT, "the finale outlasted six seconds"
    assert isinstance(app.scene, EndScene)
    assert shown >= finale_seconds(speed) - DT  # and it played its whole length, left alone


def test_the_summoning_moves_and_shows_its_god_and_words(app, content):
    to_the_finale(app, content, SUMMONING_SEED)
    finale = app.scene
    seen = []
    for _ in range(int(finale.length / DT) - 2):
        frame(app, dt=DT)
        seen.append(pygame.image.tobytes(app.screen, "RGB"))
    assert len(set(seen)) > len(seen) // 2  # it moves
    assert f"{finale.god_name} rises" in app.ink.drawn
    assert finale.god in gods.PORTRAITS


@pytest.mark.parametrize("how", ["click", "key", "space"])
def test_a_click_or_any_key_skips_the_finale_to_the_end_screen(app, content, how):
    to_the_finale(app, content, SEALING_SEED)
    assert isinstance(app.scene, FinaleScene)
    frame(app, dt=DT)
    events = {"click": click((640, 360)), "key": key(pygame.K_x), "space": key(pygame.K_SPACE)}[how]
    frame(app, events, dt=DT)
    assert isinstance(app.scene, EndScene)


def test_instant_speed_shows_no_finale(app, content):
    assert finale_seconds(len(SPEEDS) - 1) == 0
    to_the_finale(app, content, SUMMONING_SEED, speed=len(SPEEDS) - 1)
    assert isinstance(app.scene, EndScene)


def test_the_finale_plays_at_the_end_of_a_replay_and_returns_to_it(app, content):
    s = finished_save(content, app.saves)
    press(app, ("load",))
    press(app, ("replay", s.save_file))
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.replay.over
    frame(app, key(pygame.K_END))
    assert isinstance(app.scene, FinaleScene)
    assert app.scene.kind == finale_kind(app.scene.view)
    frame(app, key(pygame.K_RETURN))
    assert app.scene is replay and replay.k == len(replay.replay) - 1
    frame(app, key(pygame.K_LEFT))  # a step back and forward again: the finale again
    frame(app, key(pygame.K_RIGHT))
    assert isinstance(app.scene, FinaleScene)
    app.settings["speed"] = len(SPEEDS) - 1  # Instant: the replay steps onto the end and stays
    frame(app, click((5, 5)))
    frame(app, key(pygame.K_HOME))
    frame(app, key(pygame.K_END))
    assert app.scene is replay


def test_the_cult_at_the_screen_is_told_as_yours(app, content):
    app.show(PlayScene(app, endgame_session(content, SUMMONING_SEED), looker=0))  # seat 0 summons
    for _ in range(200):
        frame(app, dt=DT)
        if not isinstance(app.scene, PlayScene):
            break
    assert isinstance(app.scene, FinaleScene) and app.scene.view["winners"] == [0]
    app.scene.t = app.scene.length * 0.9
    frame(app, dt=0)
    assert "Your cult summons its Elder God into the world and you win." in app.ink.drawn


@pytest.mark.parametrize("seed,looker", [(SUMMONING_SEED, None), (SEALING_SEED, None), (SEALING_SEED, 1)])
def test_every_finale_names_the_winner(app, content, seed, looker):
    """Issue 50: the finale never said who won (a sealing showed only the sealed cult)."""
    session = endgame_session(content, seed)
    session.seats[2].name = "Cat"  # a name typed at New Game names the player too
    app.show(PlayScene(app, session, looker=looker))
    for _ in range(200):
        frame(app, dt=DT)
        if not isinstance(app.scene, PlayScene):
            break
    finale = app.scene
    assert isinstance(finale, FinaleScene)
    finale.t = finale.length * 0.95
    frame(app, dt=0)
    v = finale.view
    assert v["winners"]
    for w in v["winners"]:
        cult = "you" if w == looker else f"Cult of {v['seats'][w]['god']['name']}"
        assert any(cult.lower() in t.lower() and ("wins" in t or "win." in t) for t in app.ink.drawn), (
            cult, app.ink.drawn)
    if 2 in v["winners"] and looker != 2:
        assert any("(Cat)" in t for t in app.ink.drawn)


def test_a_sealing_in_a_solo_game_by_curses_is_told_as_such():
    v = {"over": True, "end_reason": "cursed", "winners": [], "losers": [0]}
    assert finale_kind(v) == "cursing"
    assert finale_kind(dict(v, over=False)) is None
    assert finale_kind(dict(v, end_reason="summoned", winners=[1])) == "summoning"
    assert finale_kind(dict(v, end_reason="")) is None


@pytest.mark.parametrize("seed", [SUMMONING_SEED, SEALING_SEED])
def test_the_end_screen_s_charts_span_the_turns_it_says_were_played(app, content, seed):
    """Issue 50: the end screen said "34 turns" over charts of "turns 1–35". (These games
    begin at turn 24, so the charts begin there too.)"""
    to_the_finale(app, content, seed, speed=len(SPEEDS) - 1)  # Instant: no finale
    for _ in range(50):
        if isinstance(app.scene, EndScene):
            break
        frame(app, dt=DT)
    assert isinstance(app.scene, EndScene)
    app.ink.drawn.clear()
    frame(app, dt=DT)
    played = app.scene.view["turn"]
    first = app.scene.session.history[0].turn
    assert f"{played} turns" in app.ink.drawn
    spans = {t for t in app.ink.drawn if t.startswith("turns ")}
    assert spans == {f"turns {first}–{played}"}, spans
