"""The table, played as a person would: synthetic clicks on what it highlights.

Everything runs headless (the dummy video driver from conftest) through the
real App, scenes and table code.
"""

from __future__ import annotations

import random
import time

import pygame
import pytest

from fate.ui.app import App, click
from fate.ui.screens.end import EndScene
from fate.ui.screens.new_game import SetupScene
from fate.ui.screens.title import TitleScene
from fate.ui.shots import busy_session
from fate.ui.table.scene import PlayScene


def frame(app: App, events=(), dt: float = 1 / 30) -> None:
    app.frame(list(events), dt)


def press(app: App, key: tuple) -> None:
    """Click the hotspot with this key on the current scene (drawn first)."""
    frame(app)
    for h in app.scene.hotspots():
        if h.key == key:
            frame(app, click(h.rect.center))
            return
    raise AssertionError(f"{key} is not clickable; offered: {[h.key for h in app.scene.hotspots()]}")


@pytest.fixture
def app(content):
    a = App(content, size=(1280, 720), seed=11, settings={"speed": 3})
    yield a
    a.close()


def start(app: App, humans: list[bool]) -> PlayScene:
    press(app, ("new",))
    assert isinstance(app.scene, SetupScene)
    press(app, ("players", len(humans)))
    for i, human in enumerate(humans):
        if len(humans) > 1:
            press(app, ("human", i, human))
    press(app, ("begin",))
    assert isinstance(app.scene, PlayScene)
    return app.scene


def test_a_three_seat_game_from_title_to_end_screen_by_clicks(app):
    assert isinstance(app.scene, TitleScene)
    scene = start(app, [True, True, False])
    rnd = random.Random(4)
    clicks = handoffs = frames = 0
    seen_lookers = set()
    while not isinstance(app.scene, EndScene):
        frames += 1
        assert frames < 40000, "the game did not end"
        frame(app)
        if not isinstance(app.scene, PlayScene) or scene.anim.busy():
            continue
        if scene.handoff is not None:
            press(app, ("ui", "handoff"))
            handoffs += 1
            continue
        if scene.picker is None:  # the AI seat is thinking in its worker: give it the CPU
            time.sleep(0.005)  # (a loop spinning frames starved it on a busy machine)
            continue
        seen_lookers.add(scene.looker)
        targets = [h for h in scene.hotspots() if h.key[0] != "ui" or h.key[1] == "cancel"]
        assert targets, f"a prompt with nothing to click: {scene.picker.prompt}"
        h = rnd.choice(targets)
        frame(app, click(h.rect.center))
        clicks += 1
    end = app.scene
    v = end.view
    assert v["over"] and (v["winners"] or v["losers"])
    assert seen_lookers == {0, 1}  # both humans played at the screen
    assert handoffs >= 2 and clicks > 20
    frame(app)  # the end screen draws its summary and chart
    drawn = app.ink.drawn
    assert "Summon track" in drawn and "Elder Signs" in drawn
    assert any(t.endswith(("wins", "win")) for t in drawn)


def test_keyboard_answers_decline_and_numbered_buttons(app):
    scene = start(app, [True])  # solo: no hand-off, the human looks at once
    assert scene.looker == 0
    for _ in range(200):
        frame(app)
        if scene.picker is not None and scene.picker.prompt["kind"] != "draft":
            break
        if scene.picker is not None:  # the draft: pick the first god with key 1? gods are cards: click
            h = next(h for h in scene.hotspots() if h.key[0] == "card")
            frame(app, click(h.rect.center))
    p = scene.picker
    assert p is not None
    before = scene.decisions()
    buttons = scene.buttons()
    decline = p.decline()
    if decline is not None:
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        assert scene.session.game.choices_made[before] == decline
    elif buttons:
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")])
    else:
        target = next(h for h in scene.hotspots() if h.key[0] != "ui")
        frame(app, click(target.rect.center))
    assert scene.decisions() >= before + 1  # (and any the table then takes for the player: one way only)


def test_escape_pauses_and_leaving_returns_to_title(app):
    scene = start(app, [True])
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert scene.menu
    frame(app)
    assert {h.key for h in scene.hotspots()} >= {("ui", "resume"), ("ui", "leave")}
    press(app, ("ui", "leave"))
    assert isinstance(app.scene, TitleScene)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_table_draws_at_every_supported_size(content, size):
    a = App(content, size=size, seed=2, settings={"speed": 3})
    try:
        scene = start(a, [True, False, False, False])
        for _ in range(30):
            frame(a)
            if scene.picker is not None:
                break
        assert a.screen.get_size() == size
        assert scene.table.layout.s == pytest.approx(size[0] / 1920, rel=0.01)
        # every clickable thing lies inside the window
        w, h = size
        for spot in scene.hotspots():
            assert 0 <= spot.rect.centerx < w and 0 <= spot.rect.centery < h
    finally:
        a.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_lodge_readied_slots_and_hand_backs_stay_apart_and_inside(content, size):
    # Small windows draw text above its design size (fonts keep a readable minimum).
    a = App(content, size=size, seed=4, settings={"speed": 3})
    try:
        session = busy_session(content, seed=4, players=4, decisions=120)
        scene = PlayScene(a, session)
        a.show(scene)
        frame(a)  # a new table draws its Lodge panels afresh
        if scene.handoff is not None:
            scene.take_over()
            frame(a)
        readied = [reg.rect for reg in scene.table.regions  # (the Lodges down the left; not your own row)
                   if reg.title == "Readied Spells" and reg.rect.right < a.size[0] // 3]
        backs = [reg.rect for reg in scene.table.regions if reg.title.startswith("Hand: ")]
        assert len(readied) == 4 and len(backs) == 4  # (no words at rest: each says what it is on hover)
        for row in readied:
            beside = [b for b in backs if b.colliderect(row.inflate(a.size[0], 0))]
            assert len(beside) == 1 and beside[0].left >= row.right, (size, row, beside)
            assert a.screen.get_rect().contains(beside[0])
    finally:
        a.close()


def test_window_resizes_within_the_supported_range(app):
    frame(app, [pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500))])
    assert app.screen.get_size() == (1280, 720)
    frame(app, [pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))])
    assert app.screen.get_size() == (1600, 900)


def test_ai_seats_think_without_blocking_frames(app):
    """Frames keep coming while an AI seat thinks, and the table says so."""
    app.settings["speed"] = 1
    scene = start(app, [False, False, False])  # all AI: a spectator at the table
    assert scene.looker is None
    saw_thinking = False
    for _ in range(400):
        frame(app)
        if "is thinking" in scene.status():
            saw_thinking = True
            break
    assert saw_thinking
    # drawing still works while the worker thread runs
    frame(app)
    assert any("is thinking" in t for t in app.ink.drawn)


def test_a_thinking_seat_is_named_before_and_after_its_elder_god_is_drafted(app):
    """The banner once said "The  3 is thinking." for a seat with no Elder God yet."""
    import re

    app.settings["speed"] = 1
    scene = start(app, [False, False, False])
    said = set()
    for _ in range(3000):
        frame(app)
        status = scene.status().rstrip("…")
        if "is thinking" in status:
            said.add(status)
        if any(s.startswith("The Cult of") for s in said) and any(s.startswith("Seat") for s in said):
            break
        time.sleep(0.002)
    assert said and all(re.fullmatch(r"(Seat [1-3]|The Cult of [A-Z][\w' -]+) is thinking", s) for s in said), said
    assert any(s.startswith("Seat") for s in said) and any(s.startswith("The Cult of") for s in said), said


def test_hotseat_an_ai_turn_after_a_humans_shows_nothing_of_that_human(app):
    """Two humans and an AI at one screen: from the moment a human's decision hands the game
    to another seat until the next hand-off, every frame is the public table: no hand faces,
    no private line ("You draw ..."), not even for the end-of-turn draw of that very decision."""
    app.settings["speed"] = 1  # every beat of the AI's turn is drawn
    scene = start(app, [True, True, False])
    rnd = random.Random(3)
    sampled = 0
    for _ in range(6000):
        frame(app)
        if scene.handoff is not None:
            scene.take_over()
            continue
        if scene.picker is None or scene.anim.busy():
            time.sleep(0.002)
            continue
        human = scene.looker
        hand = {c["name"] for c in scene.shown["seats"][human]["hand"]}
        targets = [h for h in scene.hotspots() if h.key[0] != "ui" or h.key[1] == "cancel"]
        frame(app, click(rnd.choice(targets).rect.center))
        if scene.session.prompt_seat() in (None, human) or scene.session.over():
            continue
        # the human's part is over: sample every frame until someone is handed the table
        while scene.handoff is None and not scene.session.over() and scene.picker is None:
            frame(app)
            sampled += 1
            now = scene.session.view(human)["seats"][human].get("hand", [])
            private = hand | {c["name"] for c in now}
            assert scene.looker is None and scene.shown.get("viewer") is None
            seen = {t for t in app.ink.drawn if t.startswith("You ") or t in private}
            assert not seen, seen
            time.sleep(0.002)
        if sampled > 400:
            break
    assert sampled > 400
