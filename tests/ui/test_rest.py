"""A game that rests when nothing moves (issue 42): the real loop (App.run) puts no unchanged
picture on screen, wakes only a few times a second once the picture has stood still, and
answers input at once; the table's legal targets pulse for a while, then hold still.
The CPU figures themselves are the bench's: ``python -m fate.bench idle``."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from fate.ui.app import REST_AFTER, REST_FPS, App
from fate.ui.shots import busy_session
from fate.ui.table.board import PULSE_SECONDS
from fate.ui.table.scene import PlayScene


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=5, settings={}, saves=tmp_path / "saves")
    yield a
    a.close()


def run_for(app: App, seconds: float, during=None) -> dict[str, int]:
    """Run the real loop for ``seconds``; ``during(counts)`` is called from another thread
    halfway through. Returns the frames drawn and shown at the start, the middle and the end
    of the last second before the middle and the last second."""
    counts: dict[str, int] = {}

    def note(name: str) -> None:
        counts[f"{name}_drawn"], counts[f"{name}_shown"] = app.frames_drawn, app.frames_shown

    def middle() -> None:
        note("middle")
        if during is not None:
            during(counts)

    timers = [threading.Timer(seconds / 2 - 1, note, ("before",)), threading.Timer(seconds / 2, middle),
              threading.Timer(seconds - 1, note, ("last",)), threading.Timer(seconds, note, ("end",)),
              threading.Timer(seconds, setattr, (app, "running", False))]
    for t in timers:
        t.start()
    app.run()
    for t in timers:
        t.join()
    return counts


def test_a_still_title_shows_no_frame_and_draws_only_a_few_a_second(app):
    counts = run_for(app, 4.0)
    assert app.frames_shown >= 1  # the first frame is on screen
    assert counts["end_shown"] == counts["last_shown"]  # nothing changed: nothing put on screen
    drawn = counts["end_drawn"] - counts["last_drawn"]
    assert 1 <= drawn <= REST_FPS + 2, drawn  # it still moves on, a few times a second, not at 30


def test_input_ends_the_rest_and_is_answered_at_once(app):
    moved = {}

    def move(counts: dict[str, int]) -> None:
        moved["at"] = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(5, 5), buttons=(0, 0, 0)))
        while app.frames_shown == counts["middle_shown"] and time.perf_counter() - moved["at"] < 2:
            time.sleep(0.001)
        moved["shown_after"] = time.perf_counter() - moved["at"]

    counts = run_for(app, 4.0, move)
    assert counts["middle_shown"] == counts["before_shown"]  # it was resting
    assert app.mouse == (400, 300)
    assert moved["shown_after"] < 1 / REST_FPS  # within the time of the loop's look for input, not a rest's wake
    # after the input, frames are drawn at the scene's own rate until the picture stands still again
    assert counts["end_shown"] == counts["last_shown"]


def test_a_table_waiting_for_a_player_pulses_then_holds_still(app, content):
    session = busy_session(content, seed=7, players=3, decisions=60, human=0)
    scene = PlayScene(app, session)
    app.show(scene)

    def picture() -> bytes:
        app.frame([], 1 / 30)
        return app.screen.get_buffer().raw

    for _ in range(10):  # the prompt is on screen and its targets glow
        picture()
    assert scene.picker is not None and scene.picker.live()
    pulsing = {picture() for _ in range(15)}
    assert len(pulsing) > 1  # the legal targets pulse when they first show
    for _ in range(int(PULSE_SECONDS * 30)):
        picture()
    assert len({picture() for _ in range(int(REST_AFTER * 30) + 5)}) == 1  # then nothing moves
