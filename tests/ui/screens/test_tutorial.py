"""Learn to Play: every lesson checks out on the engine, and the whole tutorial is
completed headless from the title screen by clicking only what the coach
points at; a click elsewhere is refused; leaving resumes at the same lesson."""

from __future__ import annotations

import pygame
import pytest

from fate import settings, tutorial
from fate.engine.events import EVENTS
from fate.ui.app import App, click
from fate.ui.screens.title import TitleScene
from fate.ui.screens.tutorial import TutorialScene
from tests.ui.table.test_table_play import frame, press


@pytest.fixture
def app(content):
    a = App(content, size=(1280, 720), seed=1)  # the player's own settings file (a scratch folder)
    yield a
    a.close()
    if settings.path().exists():
        settings.path().unlink()


def test_every_lesson_plays_on_the_engine_as_written(content):
    lessons = tutorial.load()
    assert len(lessons) >= 10
    for lesson in lessons:
        tutorial.walk(content, lesson)  # raises naming the step that cannot be played


def test_the_lessons_cover_what_a_first_game_needs():
    shown = {k for lesson in tutorial.load() for step in lesson.steps for k in step.shows}
    done = {step.do.split(":")[0] for lesson in tutorial.load() for step in lesson.steps if step.do}
    assert {"fate_moved", "cultist_placed", "investigator_placed", "investigators_followed", "summon_moved",
            "temporary_control", "spell_readied", "column_discarded", "spell_drawn", "raid_declared", "raided",
            "cursed", "curse_revealed", "game_over"} <= shown <= set(EVENTS)
    assert {"play", "wild", "gate", "take", "roll", "ready", "cast"} <= done
    rules = {r for lesson in tutorial.load() for r in lesson.rules}
    assert {"R-MV-1", "R-MV-2", "R-MV-3", "R-MV-5", "R-MV-6", "R-AC-1", "R-AC-2", "R-AC-3", "R-CN-1", "R-CN-5",
            "R-RD-2", "R-CU-2", "R-WIN-1", "R-SO-2"} <= rules


def follow_the_coach(app, scene: TutorialScene, limit: int = 6000) -> int:
    """Click whatever the coach points at until the scene changes; the clicks made."""
    clicks = 0
    for _ in range(limit):
        frame(app, dt=0.1)
        if app.scene is not scene:
            return clicks
        if scene.coach_target is None:
            continue
        spot = next(h for h in reversed(scene.hotspots()) if h.key == scene.coach_target)
        frame(app, click(spot.rect.center))
        clicks += 1
    raise AssertionError(f"lesson {scene.index + 1}, step {scene.step + 1}: stuck")


def test_the_whole_tutorial_completes_clicking_only_what_the_coach_points_at(app):
    # the table's own questions stay out of a lesson's way
    app.settings.update(handoff_solo=True, confirm_end_turn=True)
    press(app, ("tutorial",))
    lessons = tutorial.load()
    finished = []
    while isinstance(app.scene, TutorialScene):
        scene = app.scene
        assert scene.index == len(finished)
        clicks = follow_the_coach(app, scene)
        assert clicks >= len(scene.lesson.steps) + 1  # every step, then "Next lesson"
        finished.append(scene.lesson.id)
        if scene.lesson.id in ("winning", "solo-game"):
            assert scene.session.game.over and scene.session.game.winners == (0,)
    assert finished == [x.id for x in lessons]
    assert isinstance(app.scene, TitleScene)
    frame(app)
    assert "Learn to Play is done. New Game, when you are ready." in app.ink.drawn
    assert settings.load()[0]["tutorial"] == len(lessons)


def test_a_click_the_coach_did_not_ask_for_is_refused(app):
    scene = app.goto("tutorial", 0)
    frame(app)
    frame(app, click(next(h for h in scene.hotspots() if h.key == ("ui", "coach_next")).rect.center))
    frame(app)
    assert scene.coach_target == ("card", "key-01")
    wrong = next(h for h in scene.hotspots() if h.key == ("card", "hood-01"))
    frame(app, click(wrong.rect.center))
    frame(app)
    assert scene.session.game.choices_made == [] and scene.step == 1
    assert "Not that one: the coach is pointing at the ring." in app.ink.drawn
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2")])
    assert scene.session.game.choices_made == []  # nor by its number key


def test_leaving_mid_lesson_resumes_that_lesson_after_a_restart(content, app):
    scene = app.goto("tutorial", 3)
    while scene.step < 2:
        frame(app, dt=0.1)
        if scene.coach_target is not None:
            spot = next(h for h in reversed(scene.hotspots()) if h.key == scene.coach_target)
            frame(app, click(spot.rect.center))
    scene.leave()
    assert isinstance(app.scene, TitleScene)
    frame(app)
    assert "Learn to Play will go on from lesson 4: The Basic Action and Control." in app.ink.drawn
    app.close()
    again = App(content, size=(1280, 720), seed=1)
    try:
        spot = next(h for h in (frame(again) or again.scene.hotspots()) if h.key == ("tutorial",))
        assert "go on from lesson 4" in spot.tip
        press(again, ("tutorial",))
        assert isinstance(again.scene, TutorialScene) and again.scene.index == 3 and again.scene.step == 0
    finally:
        again.close()


def test_a_broken_lessons_file_is_one_line_naming_it(tmp_path):
    bad = tmp_path / "tutorial.yaml"
    bad.write_text("lessons:\n  - id: a\n    title: A\n    end: done\n    scenario: {players: 1}\n"
                   "    steps:\n      - say: hello\n        do: 7\n")
    with pytest.raises(tutorial.TutorialError, match=r"lesson 1, step 1: field 'do': expected a choice id"):
        tutorial.load(bad)
    bad.write_text("lessons: [\n")
    with pytest.raises(tutorial.TutorialError, match=r"tutorial.yaml: line \d+: not valid YAML"):
        tutorial.load(bad)


def test_the_coach_keeps_a_short_log_of_what_just_happened(app):
    scene = app.goto("tutorial", 2)
    frame(app)
    step = scene.current()
    while step is not None and not step.do:
        press(app, ("ui", "coach_next"))
        step = scene.current()
    target = next(h for h in scene.hotspots() if h.key == scene.coach_target)
    frame(app, click(target.rect.center))
    for _ in range(5):
        frame(app)
    recent = next(h for h in scene.hotspots() if h.key == ("ui", "recent"))
    assert scene.log and scene.log[-1][0] in recent.tip
    assert any(line in app.ink.drawn for line in app.ink.wrap(scene.log[-1][0], 15, recent.rect.w, "italic"))
    assert not any(h.key == ("ui", "autopass") for h in scene.hotspots())  # each step is the player's own
