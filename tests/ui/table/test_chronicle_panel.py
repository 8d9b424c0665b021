"""The Chronicle's panel (issue 50): the last few lines with a picture of their kind of event,
the earlier lines of this turn folded into one line that a click unfolds, the whole log one
click (or L) away in a page of its own, at every text size."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from fate.content.art import icons_in_data
from fate.engine.events import EVENTS
from fate.ui.app import App, click
from fate.ui.kit.layout import LOG_RECT
from fate.ui.kit.theme import PARCHMENT
from fate.ui.shots import busy_session
from fate.ui.table.chronicle import FOLD, SHOWN, WHOLE_LOG, entry_kinds, icons, kind_of
from fate.ui.table.scene import PlayScene
from fate.ui.table.whole_log import WholeLogScene

ROOT = Path(__file__).resolve().parents[3]


def busy_table(content, tmp_path, text_size: int = 100) -> tuple[App, PlayScene]:
    app = App(content, size=(1280, 720), seed=4, settings={"speed": 3, "text_size": text_size}, saves=tmp_path)
    scene = PlayScene(app, busy_session(content, seed=4, players=2, decisions=40, saves=tmp_path))
    app.show(scene)
    app.frame([], 1 / 60)
    if scene.handoff is not None:
        scene.take_over()
    app.frame([], 1 / 60)
    for _ in range(2000):  # until the game waits for the player: no AI adds lines while the panel is read
        if scene.picker is not None and not scene.anim.busy():
            break
        time.sleep(0.005)
        app.frame([], 1 / 60)
    return app, scene


def shown(scene: PlayScene) -> list[int]:
    return sorted({k for _rect, k in scene.table.chronicle.log_rows})


def press(app: App, key: tuple) -> None:
    spot = next(h for h in reversed(app.scene.hotspots()) if h.key == key)
    app.frame(click(spot.rect.center), 1 / 60)
    app.frame([], 1 / 60)


def test_every_kind_of_event_has_its_picture_from_the_icons_the_game_carries():
    assert entry_kinds() <= set(EVENTS)
    assert set(EVENTS) - entry_kinds() == {"phase", "setup_done"}  # no line of their own in play
    assert icons() <= icons_in_data(ROOT / "data")  # kept when the icons' subset is written again
    assert all((ROOT / "assets" / "icons" / f"{i}.svg").is_file() for i in icons())


def test_the_panel_shows_the_last_lines_and_folds_the_rest_of_the_turn(content, tmp_path):
    app, scene = busy_table(content, tmp_path)
    try:
        for i in range(8):  # a turn with much to tell
            scene.add_log(f"A note of the table, number {i}.", PARCHMENT)
        app.frame([], 1 / 60)
        last = len(scene.log) - 1
        start = max(i for i, e in enumerate(scene.telling.log_of) if e is not None and e.kind == "turn_started")
        rows = shown(scene)
        assert len(rows) == SHOWN and rows == list(range(last - SHOWN + 1, last + 1))
        assert f"▸ Earlier this turn: {rows[0] - start} more lines" in app.ink.drawn
        assert all(kind_of(e) for e in scene.telling.log_of[:start + 1] if e is not None and e.kind != "setup_done")
        press(app, FOLD)  # unfolds: the turn's lines, as many as the panel holds
        opened = shown(scene)
        assert opened[0] < rows[0] and opened[-1] == last and opened[0] >= start
        assert "▾ Fold the earlier lines of this turn" in app.ink.drawn
        press(app, FOLD)
        assert shown(scene) == rows
        shift_l = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=pygame.KMOD_LSHIFT, unicode="L")
        app.frame([shift_l], 1 / 60)  # the same from the keyboard
        app.frame([], 1 / 60)
        assert shown(scene) == opened and app.scene is scene
    finally:
        app.close()


def test_the_whole_log_opens_with_a_click_or_l_and_goes_back_to_the_table(content, tmp_path):
    app, scene = busy_table(content, tmp_path)
    try:
        press(app, WHOLE_LOG)
        page = app.scene
        assert isinstance(page, WholeLogScene)
        text = "\n".join(page.view.lines)
        turns = [e.data["turn"] for e in scene.telling.log_of if e is not None and e.kind == "turn_started"]
        assert all(f"[{t}] Turn {t}:" in text for t in turns)  # each turn a heading to go to (Left/Right)
        assert all(line.strip("— ") in text for line, _ in scene.log)  # every line of the game
        first, last, of = page.view.lines_shown()
        assert last == of  # it opens at the newest
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 1 / 60)
        assert app.scene is scene
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")], 1 / 60)
        assert isinstance(app.scene, WholeLogScene)
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")], 1 / 60)
        assert app.scene is scene
    finally:
        app.close()


def test_at_150_percent_text_the_lines_stay_in_the_panel(content, tmp_path):
    app, scene = busy_table(content, tmp_path, text_size=150)
    try:
        panel = scene.table.layout.r(*LOG_RECT)
        assert len(shown(scene)) >= 3
        assert all(panel.contains(rect) for rect, _k in scene.table.chronicle.log_rows)
        assert shown(scene)[-1] == len(scene.log) - 1  # the newest line is the one never cut
    finally:
        app.close()
