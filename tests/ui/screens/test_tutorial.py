"""Learn to Play: every lesson checks out on the engine, and the whole tutorial is
completed headless from the title screen by clicking only what the coach
points at; a click elsewhere is refused; leaving resumes at the same lesson."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from fate import glossary, settings, tutorial
from fate.engine.events import EVENTS
from fate.ui.app import App, click
from fate.ui.screens.finale import FinaleScene
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


def test_no_lesson_leaves_a_prompt_or_an_event_unexplained(content):
    for lesson in tutorial.load():
        assert tutorial.gaps(content, lesson) == []


def test_a_step_that_stops_explaining_is_found(content):
    # the catch: take the words away from a step and the gap is named, kind and step
    lessons = {x.id: x for x in tutorial.load()}
    gate = lessons["move-gate"]
    steps = [dataclasses.replace(s, say="Well done.") if i >= 2 and not s.do else s  # the notes after the move
             for i, s in enumerate(gate.steps)]
    found = tutorial.gaps(content, dataclasses.replace(gate, steps=tuple(steps)))
    assert "lesson move-gate, step 2: the investigators_followed event is not explained" in found
    assert "lesson move-gate, step 2: the recalled event is not explained" in found
    ready = lessons["ready"]
    assert "lesson ready, end: the cast_window prompt left on screen is not explained" in tutorial.gaps(
        content, dataclasses.replace(ready, end="Done."))


def test_the_coach_on_screen_addresses_each_prompt_and_event_as_it_appears(app):
    """Through the real scene: whatever prompt the table shows, the coach's words on screen
    name it by the time the coach asks for a choice (the notes before lead up to it); whatever
    the table is told, the words from that click to the coach's next question name it."""
    press(app, ("tutorial",))
    unexplained = []
    while isinstance(app.scene, TutorialScene):
        scene = app.scene
        words, told, pending = [scene.coach_text()], len(scene.session.events), []
        for _ in range(6000):
            frame(app, dt=0.1)
            if isinstance(app.scene, FinaleScene):  # a lesson won: its finale, then back to the coach
                frame(app, click((5, 5)))
            if app.scene is not scene:
                break
            now = scene.coach_text()
            pending += scene.session.events[told:]
            told = len(scene.session.events)
            if scene.anim.busy():
                continue  # the coach speaks of a choice once the board has shown what it brought
            if words[-1] != now:
                words.append(now)
            if scene.current() is None or scene.expected():  # the coach asks (or the lesson is done)
                for e in pending:
                    if e.kind not in tutorial.QUIET_EVENTS and not tutorial.told(" ".join(words), e.kind,
                                                                                 tutorial.EVENT_WORDS):
                        unexplained.append((scene.lesson.id, e.kind))
                prompt = (scene.shown or {}).get("prompt")
                if prompt and not tutorial.told(now, prompt["kind"], tutorial.PROMPT_WORDS):
                    unexplained.append((scene.lesson.id, prompt["kind"]))
                words, pending = [now], []
            if scene.coach_target is not None:
                spot = next(h for h in reversed(scene.hotspots()) if h.key == scene.coach_target)
                frame(app, click(spot.rect.center))
        else:
            raise AssertionError(f"lesson {scene.index + 1}, step {scene.step + 1}: stuck")
    assert unexplained == []
    assert isinstance(app.scene, TitleScene)


def test_the_first_lesson_names_the_lodge_and_every_icon_on_it_before_any_play(app):
    press(app, ("tutorial",))
    scene = app.scene
    assert isinstance(scene, TutorialScene) and scene.index == 0
    frame(app)
    before_play = " ".join(step.say for step in scene.lesson.steps[:scene.lesson.steps.index(
        next(s for s in scene.lesson.steps if s.do))]).lower()

    def stem(term: str) -> str:
        return term.lower().rstrip("s")

    icons = [r.title for r in scene.table.regions if r.key == ("seat", 0)]
    assert len(icons) >= 8  # the panel, its track and each count
    named = {t.term for t in glossary.terms() for title in icons if stem(t.term) in title.lower()}
    assert {"Lodge", "Abyss", "Cultist", "Investigators", "Elder Sign", "Summon track", "Curse"} <= named
    assert [t for t in named if stem(t) not in before_play] == []
    for term in tutorial.PANEL_TERMS:
        assert term.lower() in before_play


FINALES: list[str] = []  # the lessons whose finale played, as follow_the_coach saw them


def follow_the_coach(app, scene: TutorialScene, limit: int = 6000) -> int:
    """Click whatever the coach points at until the scene changes; the clicks made."""
    clicks = 0
    for _ in range(limit):
        frame(app, dt=0.1)
        if isinstance(app.scene, FinaleScene):  # a lesson won: its finale, over the lesson's table
            FINALES.append(scene.lesson.id)
            frame(app, click((5, 5)))  # a click goes on, back to the coach's last words
            assert app.scene is scene
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
    app.settings.update(handoff_solo=True, confirm_end_turn=True, speed=1)
    press(app, ("tutorial",))
    lessons = tutorial.load()
    FINALES.clear()
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
    assert FINALES == ["winning", "solo-game"]  # a lesson won ends as a game does (issue 50)
    assert isinstance(app.scene, TitleScene)
    frame(app)
    assert "Learn to Play is done. New Game, when you are ready." in app.ink.drawn
    assert settings.load()[0]["tutorial"] == len(lessons)


def test_a_click_the_coach_did_not_ask_for_is_refused(app):
    scene = app.goto("tutorial", 0)
    frame(app)
    notes = next(i for i, step in enumerate(scene.lesson.steps) if step.do)  # the notes before the first move
    for _ in range(notes):
        frame(app, click(next(h for h in scene.hotspots() if h.key == ("ui", "coach_next")).rect.center))
        frame(app)
    assert scene.coach_target == ("card", "key-01")
    wrong = next(h for h in scene.hotspots() if h.key == ("card", "hood-01"))
    frame(app, click(wrong.rect.center))
    frame(app)
    assert scene.session.game.choices_made == [] and scene.step == notes
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
