"""The Hint button and H: Hard, from the human seat's own view, points at a choice
and says why; it works for every kind of prompt the engine asks."""

from __future__ import annotations

import random
import re
import time

import pygame
import pytest

from fate.ai import HardBot
from fate.engine import new_game, view
from fate.engine.events import PROMPT_KINDS
from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.board import Table
from fate.ui.table.overlays import clause
from fate.ui.table.picker import Picker
from fate.ui.worker import AIWorker
from tests.ui.table.test_table_play import frame

HAND = {"hand": ["hood-01", "key-03", "tome-05"], "cultists": {"gathering": 1}}


@pytest.fixture
def table(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path)
    g = build(content, {"players": 3, "fate": ["ceremony"], "start": "move", "seats": [HAND, {}, {}]})
    session = Session.from_game(content, [SeatConfig(i == 0, "normal", i) for i in range(3)], g, saves=tmp_path,
                                ai_seconds=0.3)
    open_table(app, session)
    yield app, app.scene
    app.close()


def wait_for_hint(app, scene, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while scene.panels.hint_target is None and time.monotonic() < end:
        frame(app)
        time.sleep(0.01)
    assert scene.panels.hint_target is not None, "no hint came"


def hint_spot(scene):
    return next(h for h in scene.hotspots() if h.key[-1] == "hint")


def test_h_asks_hard_and_the_ring_shows_what_to_click(table):
    app, scene = table
    frame(app)
    assert scene.picker.prompt["kind"] == "move" and hint_spot(scene).key == ("ui", "hint")
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    frame(app)
    assert scene.panels.hint_line()[1:] == ("Hard is weighing your choices…", "")
    wait_for_hint(app, scene)
    cid, line, odds = scene.panels.hint_line()
    assert scene.session.game.pending().choice(cid) is not None
    assert line == "Hint: " + clause(scene.picker.labels.get(cid, scene.session.game.pending().choice(cid).label))
    assert re.fullmatch(r": your chance to win \d+%(; .+ is as good \(\d+%\): either will do|, \d+ points? "
                        r"better than the next best, .+|, as good as .+, within a point|"
                        r", the one choice Hard sees worth making)(\. At once: .+)?\.", odds), odds
    assert scene.panels.hint_target == scene.picker.next_target(cid) and scene.panels.hint_target in scene.picker.live()
    spot = hint_spot(scene)  # one hint a decision: the button now says why not
    assert spot.key == ("ui", "disabled", "ui", "hint") and "shown" in spot.tip
    assert scene.session.hints == [1, 0, 0]
    # clicking where the ring is (and confirming a many-part choice) makes the hinted choice
    target = next(h for h in scene.hotspots() if h.key == scene.panels.hint_target)
    frame(app, click(target.rect.center))
    if scene.picker is not None and scene.picker.ready is not None:
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    frame(app)
    assert scene.session.game.choices_made[0] == cid


def test_the_hint_button_is_greyed_while_another_cult_decides(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path)
    try:
        g = build(content, {"players": 3, "fate": ["ceremony"], "start": "move", "seats": [{}, HAND, {}]})
        session = Session.from_game(content, [SeatConfig(i == 1, "normal", i) for i in range(3)], g,
                                    saves=tmp_path, worker=StillThinking())  # seat 0 keeps the floor
        open_table(app, session)
        scene = app.scene
        frame(app)
        assert session.prompt_seat() == 0 and session.thinking()
        spot = hint_spot(scene)
        assert spot.key == ("ui", "disabled", "ui", "hint") and "not your decision" in spot.tip
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
        assert session.hints == [0, 0, 0]
    finally:
        app.close()


class StillThinking(AIWorker):
    """A worker that never answers: the AI seat stays the one deciding."""

    def ask(self, *args, **kw) -> int:
        self._pending = True
        return 1

    def poll(self):
        return None


def first_of_each_kind(content):
    """The first position of each prompt kind met in seeded random games."""
    found = {}
    for seed in range(40):
        players = (1, 2, 3, 4)[seed % 4]
        g = new_game(content, players, seed)
        r = random.Random(seed)
        while (p := g.pending()) is not None:
            if p.kind not in found:
                found[p.kind] = g.clone()
            g.apply(r.choice(p.choices))
        if len(found) == len(PROMPT_KINDS):
            break
    return found


def test_a_hint_points_at_something_on_the_table_for_every_prompt_kind(content):
    pygame.init()
    screen = pygame.Surface((1280, 720))
    from fate.ui.kit.theme import Ink

    ink = Ink()
    found = first_of_each_kind(content)
    assert set(found) == set(PROMPT_KINDS)
    for kind, g in sorted(found.items()):
        seat = g.pending().seat
        choice = HardBot(1, iterations=40).decide(g).choice
        v = view(g, seat)
        picker = Picker(v["prompt"])
        target = picker.next_target(choice.id)
        assert target is not None and target in picker.live(), kind
        table = Table(ink, content, [(200, 60, 60), (60, 160, 80), (60, 90, 200), (220, 180, 60)][:g.n])
        table.draw(screen, v, picker)
        assert table.hint_ring(screen, target), f"{kind}: {target} is not drawn on the table"


class Recording(StillThinking):
    """An AI worker busy with a long search that never ends; it notes what it is asked."""

    asked: list = []

    def ask(self, what, *args, **kw) -> int:
        self.asked.append(what)
        return super().ask(what, *args, **kw)


def test_a_hint_does_not_wait_behind_the_ai_workers_search(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path)
    try:
        busy = Recording()
        busy.asked = []
        g = build(content, {"players": 3, "fate": ["ceremony"], "start": "move", "seats": [HAND, {}, {}]})
        session = Session.from_game(content, [SeatConfig(i == 0, "normal", i) for i in range(3)], g,
                                    saves=tmp_path, ai_seconds=0.3, worker=busy)
        busy.ask("choose", "another game", 1, "hard", 1, {}, 30.0)  # the AI process is searching
        open_table(app, session)
        scene = app.scene
        frame(app)
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
        wait_for_hint(app, scene)
        assert busy.asked == ["choose"]  # the hint went to the hint process, not behind the search
    finally:
        app.close()


def test_a_hint_asked_while_hard_thinks_for_an_ai_seat_comes_and_is_drawn_whole():
    """The bench's own positions (fate/bench/hint.py): a real table, an AI seat's Hard
    search started as H is pressed. Each hint comes and every word of its line is on
    screen, uncut (how soon is the bench's figure, not a test's)."""
    from fate.bench.hint import measure

    r = measure(count=2, budget=0.3)
    assert r["positions"] == 2 and r["skipped"] == 0
    assert r["max"] != float("inf"), "a hint never came"
    assert r["cut"] == [] and r["lines"] >= 1 and r["longest"] > len("Hint: ") + 10


def test_a_hint_says_the_chance_to_win_and_its_lead_in_points_or_that_two_are_as_good():
    from fate.ui.table.overlays import hint_why

    labels = {"to:2": "Move to The Ceremony", "to:5": "Move to The Library"}
    assert hint_why([("to:2", 0.34, 40), ("to:5", 0.28, 30)], labels, []) == (
        ": your chance to win 34%, 6 points better than the next best, move to The Library.")
    # close is not "either will do": only a level chance is
    assert hint_why([("to:2", 0.352, 40), ("to:5", 0.341, 39)], labels, []) == (
        ": your chance to win 35%, 1 point better than the next best, move to The Library.")
    assert hint_why([("to:2", 0.112, 241), ("to:5", 0.1116, 239)], labels, []) == (
        ": your chance to win 11%, as good as move to The Library, within a point.")
    assert hint_why([("to:2", 0.3401, 40), ("to:5", 0.3401, 39)], labels, ["1 more Cultist on the board"]) == (
        ": your chance to win 34%; move to The Library is as good (34%): either will do. "
        "At once: 1 more Cultist on the board.")
    assert hint_why([("to:2", 0.5, 10)], labels, []) == ": your chance to win 50%, the one choice Hard sees worth making."


def test_a_hint_names_only_what_its_choice_surely_brings_at_once(content):
    """A move surely puts a Cultist on the board (R-MV-6); what a choice's dice might bring is
    luck and is left unsaid: over seeded games, a Summon step is named only where every game
    made from the seat's knowledge brings it."""
    import random

    from fate.ai.gains import gains
    from fate.engine import new_game
    from fate.engine.determinize import determinize

    g = build(content, {"players": 3, "fate": ["ceremony"], "start": "move", "seats": [HAND, {}, {}]})
    move = next(c.id for c in g.pending().choices if c.id.startswith("play:"))
    assert "1 more Cultist on the board" in gains(g, 0, move)
    luck = 0
    for seed in range(6):
        g, rnd = new_game(content, 2, seed), random.Random(seed)
        while (p := g.pending()) is not None and g.turn < 8:
            cid = rnd.choice(p.choices).id
            steps = set()
            for k in range(12):
                trial = determinize(g, p.seat, seed * 1000 + k)
                trial.apply(cid)
                steps.add(trial.summon[p.seat] - g.summon[p.seat])
            said = " ".join(gains(g, p.seat, cid))
            if len(steps) > 1:  # luck decides it
                luck += 1
                assert "Summon" not in said, (cid, steps, said)
            g.apply(cid)
    assert luck > 0
