"""Learn to Play: every lesson checks out on the engine, and the whole tutorial is
completed headless from the title screen by clicking only what the coach
points at; a click elsewhere is refused; leaving resumes at the same lesson."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from fate.engine.events import EVENTS
from fate.records import settings
from fate.tools import tutorial
from fate.ui.app import App, click
from fate.ui.screens.finale import FinaleScene
from fate.ui.screens.title import TitleScene
from fate.ui.screens.tutorial import TutorialScene
from fate.words import glossary
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
            # over the board as the game ended (the Summon token on 9), never one still moving to it
            assert not scene.anim.busy() and scene.shown == scene.session.view(scene.looker)
            assert scene.ending > 0.6 * scene.anim.factor
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


def test_m_in_a_lesson_mutes_the_sound_and_says_so_as_on_any_screen(app):
    scene = app.goto("tutorial", 0)
    frame(app)
    before = bool(app.settings.get("muted", False))
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m")])
    assert app.settings["muted"] is not before
    assert scene.toast[0] == ("Sound on" if before else "Sound off (M turns it back on)")


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


LESSON = ("lessons:\n  - id: a\n    title: A\n    end: done\n    scenario: {players: 1, seats: [{hand: [key-01]}]}\n"
          "    steps:\n      - say: hello\n        points: %s\n")


def test_a_step_pointing_at_an_unknown_thing_is_one_line_naming_it(tmp_path):
    bad = tmp_path / "tutorial.yaml"
    for points, named in (("[lodge, the-moon]", "the-moon"), ("['place:arkham']", "place:arkham"),
                          ("['card:flame-04']", "card:flame-04"), ("['button:']", "button:")):
        bad.write_text(LESSON % points)
        with pytest.raises(tutorial.TutorialError) as caught:
            tutorial.load(bad)
        assert str(caught.value).endswith(f"lesson 1, step 1: field 'points': unknown target '{named}'")
        assert "\n" not in str(caught.value) and isinstance(caught.value, ValueError)
    bad.write_text(LESSON % "[lodge, 'place:museum', 'card:key-01', 'button:roll', 'column:library']")
    assert tutorial.load(bad)[0].steps[0].points == ("lodge", "place:museum", "card:key-01", "button:roll",
                                                     "column:library")


@hsettings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=30), st.integers(), st.none(), st.sampled_from(
    sorted(tutorial.TARGETS) + ["place:museum", "card:key-01", "button:take", "column:", "card:"])), max_size=5))
def test_any_points_field_loads_or_is_one_line(tmp_path_factory, points):
    import json
    bad = tmp_path_factory.mktemp("t") / "tutorial.yaml"
    bad.write_text(LESSON % json.dumps(points))
    try:
        loaded = tutorial.load(bad)[0].steps[0].points
    except tutorial.TutorialError as e:
        assert "\n" not in str(e) and len(str(e)) <= 300
    else:
        assert list(loaded) == points and all(isinstance(p, str) for p in loaded)


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


# ---------------------------------------------------------------- issue 50: short steps that point

def rests(app, index: int):
    """Follow the coach through lesson ``index``; yield the scene each time it rests on new words
    (the board shows the last choice's result, the coach says the next step or the end)."""
    scene = app.goto("tutorial", index)
    seen = None
    for _ in range(6000):
        frame(app, dt=0.1)
        if isinstance(app.scene, FinaleScene):
            frame(app, click((5, 5)))
        if app.scene is not scene:
            return
        if scene.anim.busy():
            continue
        frame(app)  # a whole frame at rest: the rings are drawn for the words on screen
        if scene.spoken != seen:
            seen = scene.spoken
            yield scene
        if scene.current() is None:
            return
        if scene.coach_target is not None:
            spot = next(h for h in reversed(scene.hotspots()) if h.key == scene.coach_target)
            frame(app, click(spot.rect.center))
    raise AssertionError(f"lesson {index + 1}: stuck")


def test_every_coach_step_is_at_most_three_lines_in_the_panel_at_1280x720(app):
    scene = app.goto("tutorial", 0)
    frame(app)
    assert app.ink.read(20) == 20  # text at 100%
    long = []
    for lesson in tutorial.load():
        for i, text in enumerate([s.say for s in lesson.steps] + [lesson.end]):
            lines = scene.coach_lines(text)
            if len(lines) > 3:
                long.append((lesson.id, i + 1, len(lines)))
    assert long == []
    # the lines measured are the lines the panel draws
    assert all(line in app.ink.drawn for line in scene.coach_lines(scene.coach_text()))


# Words a step may say, and the targets (fate/tools/tutorial.py TARGETS) of which it must ring one.
NAMED = {
    r"Astral Column": ("column:",), r"Fate Piece": ("fate-piece", "investigators-piece"),
    r"Summon token": ("summon-token",), r"Summon track": ("summon-track",), r"\bGate card": ("gate",),
    r"\bAbyss": ("abyss", "lodge-abyss"), r"Elder Signs?\b": ("elder-signs", "button:cleanse"),
    r"\bLodge": ("lodge", "gate"), r"Readied Spells": ("readied", "card:"), r"Fate Die": ("dice",),
    r"Artifacts": ("artifacts", "my-artifacts"),
    **{rf"\b{name}\b": (f"place:{loc}", f"column:{loc}") for loc, name in (
        ("other_worlds", "The Other Worlds"), ("museum", "The Museum"), ("ceremony", "The Ceremony"),
        ("streets", "Streets of Arkham"), ("gathering", "The Gathering"), ("library", "The Library"))},
}


def test_each_thing_a_step_names_is_among_what_it_points_at():
    import re
    missing = []
    for lesson in tutorial.load():
        for i, (text, points) in enumerate([(s.say, s.points) for s in lesson.steps]
                                           + [(lesson.end, lesson.end_points)]):
            for words, targets in NAMED.items():
                if re.search(words, text) and not any(p.startswith(t) for p in points for t in targets):
                    missing.append((lesson.id, i + 1, words))
    assert missing == []


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_each_named_target_is_ringed_on_the_table_as_its_step_shows(content, size):
    """Through the real scene, every lesson: each thing the step on screen points at is drawn on
    the table, and the coach's ring stands on that thing's region as the table laid it out."""
    regions_of = {
        "lodge": lambda r: r.key == ("seat", 0) and r.title == "Cult of Cthulhu",
        "summon-track": lambda r: r.title.endswith("Summon track"), "summon-token": lambda r: r.title == "Summon token",
        "lodge-cultists": lambda r: r.title == "Cultists in the Lodge",
        "lodge-abyss": lambda r: r.title == "Cultists in the Abyss",
        "lodge-investigators": lambda r: r.title.startswith("Investigators in the Lodge"),
        "curses": lambda r: r.title.startswith("Curses carried"), "elder-signs": lambda r: r.title.startswith(
            "Elder Signs:"), "gate": lambda r: r.title == "A Gate", "abyss": lambda r: r.title == "The Abyss",
        "dice": lambda r: r.title == "Fate Dice", "curse-deck": lambda r: r.title.startswith("Curses: "),
        "fate-piece": lambda r: r.key == ("piece", 0), "investigators-piece": lambda r: r.key == ("piece", 1),
    }
    app = App(content, size=size, seed=1)
    rung = 0
    for index, lesson in enumerate(tutorial.load()):
        for scene in rests(app, index):
            assert scene.unpointed == [], (lesson.id, scene.spoken + 1)
            assert [n for n, _ in scene.pointed] == list(scene.coach_points())
            for name, rect in scene.pointed:
                kind, _, thing = name.partition(":")
                keyed = {"place": ("loc", thing), "card": ("card", thing), "button": ("button", thing)}.get(kind)
                match = regions_of.get(name) or (keyed and (lambda r, k=keyed: r.key == k))
                own = [r.rect for r in scene.table.regions if match(r)] if match else []
                if own:  # one thing: the ring is on its region (the largest, not a label inside it)
                    assert rect in own, (lesson.id, scene.spoken + 1, name)
                else:  # a group (the hand, the Readied row, a Column, Artifacts): it holds each of its parts,
                    # and no more than a group's room (not half the table)
                    assert rect.w * rect.h < app.screen.get_width() * app.screen.get_height() / 10, (lesson.id, name)
                    assert rect.w > 0 and any(rect.contains(r.rect) for r in scene.table.regions if r.key or
                                              "Column" in r.title or "Readied" in r.title), (lesson.id, name)
                rung += 1
    app.close()
    if settings.path().exists():
        settings.path().unlink()
    assert rung >= 80


def test_lesson_1_rings_each_lodge_icon_names_the_crystal_and_ends_on_the_roll_it_explains(app):
    lesson = tutorial.load()[0]
    first_play = next(i for i, s in enumerate(lesson.steps) if s.do)
    before = {p for s in lesson.steps[:first_play] for p in s.points}
    assert {"lodge", "summon-track", "summon-token", "lodge-cultists", "lodge-abyss", "lodge-investigators",
            "curses", "elder-signs", "fate-piece"} <= before
    crystal = next(s for s in lesson.steps[:first_play] if "crystal" in s.say)
    assert "Fate Piece" in crystal.say and "fate-piece" in crystal.points
    *_, scene = rests(app, 0)
    assert scene.current() is None  # the lesson's end, the roll still asked on the table
    assert scene.shown["prompt"]["kind"] == "temporary_control"
    rolls = [r.rect for r in scene.table.regions if r.key == ("button", "roll")]
    assert rolls and rolls[0] in [rect for _, rect in scene.pointed]
    assert "Temporary Control" in scene.coach_text() and len(scene.coach_lines(scene.coach_text())) <= 3


def test_lesson_2_rings_the_astral_column_with_the_hoods_and_the_gate_icon_it_explains(app):
    said = {}
    for scene in rests(app, 1):
        text = scene.coach_text()
        said[text] = dict(scene.pointed)
        if "Astral Column" in text:
            column = said[text]["column:museum"]
            backs = [r.rect for r in scene.table.regions if r.title == "Astral Column" and column.contains(r.rect)]
            assert len(backs) == 2  # both Hoods, ringed together
        if "Gate" in text and "gate" in said[text]:
            icon = next(r for r in scene.table.regions if r.title == "A Gate")
            assert said[text]["gate"] == icon.rect and "Lodge" in text
    assert any("Astral Column" in t for t in said) and any("gate" in p for p in said.values())


def test_lesson_7_says_the_number_of_spells_the_hand_shows(app):
    told = []
    for scene in rests(app, 6):
        text = scene.coach_text()
        if "drew" in text:
            hand = len(scene.shown["seats"][0]["hand"])
            told.append((hand, text))
            assert hand == 4 and "four in hand" in text and "back up to three" not in text
    assert told


def test_each_curse_is_explained_before_it_lands(content):
    """The words up to a choice that brings a Curse say what a Curse is; lesson 9's, that
    landing on its own Elder Sign brings one (the old coach said so only afterwards)."""
    late = []
    for lesson in tutorial.load():
        g = lesson.game(content)
        g.take_events()
        for i, step in enumerate(lesson.steps):
            if not step.do:
                continue
            kinds = {e.kind for e in g.apply(step.do)}
            before = " ".join(s.say for s in lesson.steps[:i + 1])
            for kind in ("cursed", "elder_sign_curse") if lesson.id == "winning" else ("cursed",):
                if kind in kinds and not tutorial.told(before, kind, tutorial.EVENT_WORDS):
                    late.append((lesson.id, i + 1, kind))
            if "cursed" in kinds and "A Curse is" not in before and lesson.id == "curse":
                late.append((lesson.id, i + 1, "what a Curse is"))
    assert late == []


def test_lesson_10_offers_to_destroy_a_curse_by_gaining_elder_signs_counted_right(app):
    for scene in rests(app, 9):
        prompt = scene.shown.get("prompt") or {}
        if any(c["id"] == "cleanse" for c in prompt.get("choices", ())) and scene.expected() == "skip":
            signs = scene.shown["seats"][0]["elder_signs"]
            lodge = next(r for r in scene.table.regions if r.title.startswith("Elder Signs:"))
            assert lodge.body.endswith(f": {signs}. {10 - signs} more and it is sealed away.")
            button = next(r for r in scene.table.regions if r.key == ("button", "cleanse"))
            assert button.title == f"Destroy a Curse: gain 3 Elder Signs ({signs + 3} of 10)"
            assert button.rect in [rect for _, rect in scene.pointed]
            assert "gain 3 Elder Signs" in scene.coach_text()
            return
    raise AssertionError("lesson 10 never offered to destroy the Curse")
