"""Seat names at a shared screen (issue 42): typed at New Game, remembered, on the Lodge
plaques, on the hand-off screen with the reason it is passed, and kept with the save."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from fate.ui.app import App
from fate.ui.session import SeatConfig, Session
from tests.ui.table.test_table_play import frame, press


def typed(app: App, text: str, key: int = 0) -> None:
    for ch in text:
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch)])


def keyed(app: App, key: int) -> None:
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path / "saves")
    yield a
    a.close()


def test_names_typed_at_new_game_name_the_seats_and_are_remembered(app, content):
    press(app, ("new",))
    press(app, ("players", 3))
    press(app, ("human", 1, True))
    press(app, ("human", 2, False))
    press(app, ("name", 0))
    typed(app, "Ann m")  # letters go to the name: "m" does not mute while typing
    assert not app.settings["muted"]
    keyed(app, pygame.K_BACKSPACE)
    keyed(app, pygame.K_BACKSPACE)
    keyed(app, pygame.K_TAB)  # on to the next human's name
    typed(app, "Bob" + "o" * 30)  # at most 20 letters are taken
    keyed(app, pygame.K_RETURN)
    press(app, ("begin",))
    scene = app.scene
    assert [c.name for c in scene.session.seats] == ["Ann", "Bob" + "o" * 17, ""]
    assert app.settings["new_game"][0]["name"] == "Ann"  # remembered for the next New Game
    assert scene.table.players[:2] == ["Ann", "Bob" + "o" * 17]
    for _ in range(200):  # the draft: the screen is passed to Ann, and says why
        frame(app)
        if scene.handoff is not None:
            break
    assert scene.handoff == 0
    frame(app)
    assert "to Ann" in app.ink.drawn and "I am Ann" in app.ink.drawn
    assert "Why: to choose, in secret, the Elder God the cult will serve." in app.ink.drawn
    scene.take_over()
    frame(app)
    assert any(t.startswith("Ann") for t in app.ink.drawn)  # on her Lodge's plaque
    saved = None
    for _ in range(200):  # the autosave thread writes it
        files = list(app.saves.glob("*.json"))
        if files:
            saved = json.loads(files[0].read_text())
            break
        time.sleep(0.02)
    assert [s.get("name") for s in saved["session"]["seats"]] == ["Ann", "Bob" + "o" * 17, ""]


@pytest.mark.parametrize("bad", ["x" * 40, "Ann\nBob", "\ud800", 7, None])
def test_a_save_with_a_name_that_is_not_one_opens_with_no_name(content, tmp_path, bad):
    first = Session(content, [SeatConfig(True, "normal", 0, "Ann"), SeatConfig(True, "normal", 1, "Bob")], 3,
                    saves=tmp_path)
    path = first.save_path()
    first.close()  # written as the game closes
    data = json.loads(path.read_text())
    assert [s["name"] for s in data["session"]["seats"]] == ["Ann", "Bob"]
    data["session"]["seats"][1]["name"] = bad
    path.write_text(json.dumps(data))
    again = Session.resume(content, path)
    try:
        assert [c.name for c in again.seats] == ["Ann", ""]
        assert again.seat_title(1) == "Seat 2" and again.seat_title(0) == "Ann"
    finally:
        again.close()


def test_the_chronicle_names_hotseat_players_until_their_gods_are_known(app, content, tmp_path):
    """Issue 50: the Chronicle said "Seat 1 chooses an Elder God" in a game whose seats have names."""
    from fate.ui.shots import open_table
    session = Session(content, [SeatConfig(True, "normal", 0, "Ann"), SeatConfig(True, "normal", 1, "Bob"),
                                SeatConfig(False, "easy", 2)], 3, saves=tmp_path)
    open_table(app, session)
    scene = app.scene
    for _ in range(400):  # the draft, each human choosing in turn at the screen
        frame(app)
        if scene.handoff is not None:
            scene.take_over()
        elif scene.picker is not None and scene.picker.prompt["kind"] == "draft":
            scene._apply(scene.picker.prompt["choices"][0]["id"])
        elif session.view(None)["phase"] != "setup":
            break
        else:
            time.sleep(0.005)
    lines = [text for text, _colour in scene.log]
    draft = [t for t in lines if "chooses an Elder God" in t]
    assert any(t.startswith("Bob") for t in draft) or any(t.startswith("Ann") for t in draft), lines
    assert not [t for t in lines if "Seat 1" in t or "Seat 2" in t or "seat 1" in t or "seat 2" in t], lines
