"""The table's fixes of issue 21, through the real scenes: hotseat secrecy while an
AI plays, the Elder God kept in secret, the dice panel after a turned die, the
Setting's speed over the save's, and words made with their plurals."""

from __future__ import annotations

import pygame
import pytest

from fate.engine import Event, new_game
from fate.tools.scenario import build
from fate.ui.app import App
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.scene import PlayScene
from fate.words.english import agree, count
from fate.words.narration import narrate
from tests.ui.table.test_table_play import frame


def hotseat(content, tmp_path, seats, speed=3):
    app = App(content, size=(1280, 720), seed=3, settings={"speed": speed}, saves=tmp_path)
    session = Session(content, seats, 21, saves=tmp_path)
    scene = PlayScene(app, session)
    app.show(scene)
    return app, scene


def test_while_an_ai_plays_two_humans_see_only_the_public_table(content, tmp_path):
    app, scene = hotseat(content, tmp_path, [SeatConfig(True, "easy", 0), SeatConfig(True, "easy", 1),
                                             SeatConfig(False, "easy", 2)])
    try:
        saw_ai_turn = False
        for _ in range(3000):
            frame(app)
            s = scene.session
            if scene.handoff is not None:
                scene.take_over()
                continue
            seat = s.prompt_seat()
            if seat is not None and not s.is_human(seat) and s.game.turn > 0 and not scene.anim.busy():
                frame(app)
                saw_ai_turn = True
                assert scene.looker is None
                assert all("hand" not in row for row in scene.shown["seats"])
                assert "Watching: the cults' hands are their own." in app.ink.drawn
                assert "Your hand" not in app.ink.drawn
                break
            if scene.picker is not None:
                ids = [c["id"] for c in scene.picker.prompt["choices"]]
                scene.choose(next((i for i in ("pass", "skip", "no", "stop") if i in ids), ids[0]))
        assert saw_ai_turn
    finally:
        app.close()


def test_the_elder_god_choice_stays_secret_until_all_have_chosen(content, tmp_path):
    app, scene = hotseat(content, tmp_path, [SeatConfig(True, "easy", 0), SeatConfig(True, "easy", 1)])
    try:
        for _ in range(10):
            frame(app)
            if scene.handoff is not None:
                scene.take_over()
            if scene.picker is not None:
                break
        first = scene.looker
        kept = scene.picker.prompt["choices"][0]
        scene.choose(kept["id"])
        god = content.card(kept["id"].split(":")[1]).name
        for _ in range(10):
            frame(app)
            if scene.handoff is not None:
                assert scene.handoff != first
                scene.take_over()
            if scene.picker is not None:
                break
        assert scene.picker.prompt["kind"] == "draft" and scene.looker != first
        assert scene.shown["seats"][first]["god"] is None
        assert not any(god in text for text, _ in scene.log)
        assert not any(god in text for text in app.ink.drawn)
        scene.choose(scene.picker.prompt["choices"][0]["id"])
        frame(app)
        assert scene.session.view(scene.looker)["seats"][first]["god"]["name"] == god  # all chose: known
    finally:
        app.close()


def test_the_dice_panel_follows_a_turned_die(content, tmp_path):
    app = App(content, size=(1280, 720), seed=3, saves=tmp_path,  # no roll for Temporary Control after it
              settings={"speed": 3, "temporary_control": ["never"] * 4})
    g = build(content, {"players": 2, "current": 0, "start": "activate", "fate": ["other_worlds", "museum"],
                        "dice": ["skull"] * 6, "seats": [{"reserve": ["flame-02"]}, {}]})
    session = Session.from_game(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], g)
    open_table(app, session)
    scene = app.scene
    try:
        turned = False
        for _ in range(60):
            frame(app)
            if scene.picker is None:
                continue
            ids = [c["id"] for c in scene.picker.prompt["choices"]]
            if "cast:flame-02" in ids:
                scene.choose("cast:flame-02")
            elif "die:0" in ids:
                scene.choose("die:0")
                turned = True
            elif turned and scene.session.view(0)["dice"] == []:
                break
            else:
                scene.choose(next((i for i in ("pass", "skip", "no", "stop") if i in ids), ids[0]))
        assert turned
        frame(app)
        assert scene.table.last_roll[0] == "tentacle"  # the roll is over: the panel shows it as it ended
        titles = [r.title for r in scene.table.regions if r.key is not None and r.key[0] == "die"]
        assert titles[0] == f"Die 1: {content.dice.faces[content.dice.face('tentacle')].name}"
    finally:
        app.close()


def test_the_speed_in_settings_wins_over_the_saved_games(content, tmp_path):
    session = Session(content, [SeatConfig(True, "easy", 0)], 5, saves=tmp_path, speed=0)  # saved at Slow
    session.close()
    again = Session.resume(content, session.save_path())
    assert again.speed == 0
    app = App(content, size=(1280, 720), seed=3, settings={"speed": 2}, saves=tmp_path)  # Fast since
    try:
        scene = PlayScene(app, again)
        app.show(scene)
        frame(app)
        assert scene.anim.speed == 2 and "Fast" in scene.anim.label()
    finally:
        app.close()


def test_plurals_and_verbs_agree_with_their_subject(content):
    assert count(1, "Investigator") == "1 Investigator" and count(3, "die") == "3 dice"
    assert count(0, "Curse") == "0 Curses"
    assert agree("storm", False) == "storms" and agree("storm", True) == "storm"
    assert agree("carry", False) == "carries" and agree("have", False) == "has"
    g = new_game(content, 1, 3)
    v = __import__("fate.engine", fromlist=["view"]).view(g, 0)
    raid = Event("raid_declared", {"seat": 0, "investigators": 1})
    assert narrate(raid, v, 0, content) == "RAID! 1 Investigator storms your Lodge."
    moved = Event("fate_moved", {"seat": -1, "piece": 1, "frm": "museum", "to": "library"})
    assert "the Investigators move from The Museum to The Library" in narrate(moved, v, 0, content)


def test_undo_and_summon_words(content, tmp_path):
    app, scene = hotseat(content, tmp_path, [SeatConfig(True, "easy", 0)])
    try:
        for _ in range(5):
            frame(app)
        spot = next(h for h in scene.hotspots() if h.key[-1] == "undo")
        assert "Nothing to take back now: nothing" not in spot.tip
        assert spot.tip.startswith("Not now: nothing to take back yet")
    finally:
        app.close()


def test_one_die_to_turn_is_asked_as_yes_or_no(content, tmp_path):
    app = App(content, size=(1280, 720), seed=3, settings={"speed": 3}, saves=tmp_path)
    g = build(content, {"players": 2, "current": 0, "start": "activate", "fate": ["other_worlds", "museum"],
                        "dice": ["skull"] + ["tentacle"] * 5, "seats": [{"reserve": ["flame-02"]}, {}]})
    open_table(app, Session.from_game(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], g))
    scene = app.scene
    try:
        for _ in range(30):
            frame(app)
            if scene.picker is None:
                continue
            ids = [c["id"] for c in scene.picker.prompt["choices"]]
            if "cast:flame-02" in ids:
                scene.choose("cast:flame-02")
            elif ids == ["die:0", "stop"]:
                break
            else:
                scene.choose(next((i for i in ("pass", "skip", "no", "stop") if i in ids), ids[0]))
        assert [c["id"] for c in scene.picker.prompt["choices"]] == ["die:0", "stop"]
        assert scene.picker.prompt["text"] == "Chant from the Deep: turn die 1 (Skull) to Tentacle?"
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_pause_menu_stands_on_a_panel_of_its_own_nothing_of_the_table_shows_through(content, tmp_path, size):
    """The pause shade once let the prompt bar's words run through its own last line."""
    from fate.ui.kit.layout import Layout
    from fate.ui.kit.theme import PANEL
    from fate.ui.shots import busy_session

    app = App(content, size=size, seed=3, settings={"speed": 3}, saves=tmp_path)
    open_table(app, busy_session(content, seed=7, players=3, decisions=60, human=0))
    try:
        for _ in range(5):
            frame(app)
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        frame(app)
        L = Layout(*size)
        panel = L.r(620, 220, 680, 630).inflate(-L.n(24), -L.n(24))
        menu = [h.rect for h in app.scene.hotspots()] + [r for text, r in app.ink.placed
                                                          if text in ("Paused", "Your game is saved after every decision:",
                                                                      "Continue on the title screen picks it up.")]
        assert len(menu) == 8  # five buttons and three lines
        step = L.n(12)
        for x in range(panel.left, panel.right, step):
            for y in range(panel.top, panel.bottom, step):
                if not any(r.inflate(4, 4).collidepoint(x, y) for r in menu):
                    assert tuple(app.screen.get_at((x, y)))[:3] == PANEL, (x, y)
    finally:
        app.close()
