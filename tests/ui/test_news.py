"""News where it happens: automatic results shown on the board as they happen,
paced by the animation speed, and Chronicle lines that light what they name."""

from __future__ import annotations

import pygame

from fate.ui.anim import Banner
from fate.ui.app import App
from fate.ui.news import Marker
from fate.ui.play import PlayScene
from fate.ui.session import SeatConfig, Session
from tests.ui.test_table_play import frame


def play_watching(content, tmp_path, seats, turns=3, seed=12):
    """Play at Normal speed, answering each decision with its first choice, and note every
    beat drawn: (type, anchor or text, was its text drawn)."""
    app = App(content, size=(1280, 720), seed=3, settings={"speed": 1}, saves=tmp_path)
    scene = PlayScene(app, Session(content, seats, seed, saves=tmp_path))
    app.show(scene)
    seen = []
    drawn: dict[int, bool] = {}  # marker (by id) -> its text was drawn in one of its frames
    try:
        for _ in range(6000):
            frame(app, dt=0.1)
            if scene.anim.busy():
                beat = scene.anim.queue[0]
                if isinstance(beat, Marker):
                    if id(beat) not in drawn:
                        seen.append(("marker", beat.anchor[0], beat.text, id(beat)))
                    drawn[id(beat)] = drawn.get(id(beat), False) or beat.text in app.ink.drawn
                elif isinstance(beat, Banner):
                    seen.append(("banner", "", beat.text, 0))
                continue
            if scene.session.game.turn > turns or scene.session.over():
                break
            if scene.handoff is not None:
                scene.take_over()
            elif scene.picker is not None:
                ids = [c["id"] for c in scene.picker.prompt["choices"]]
                scene.choose(next((i for i in ids if i not in ("pass", "skip", "no", "stop")), ids[0]))
        return scene, [(k, a, t, drawn.get(d, True) if k == "marker" else True) for k, a, t, d in seen]
    finally:
        app.close()


def test_automatic_results_show_where_they_happen(content, tmp_path):
    scene, seen = play_watching(content, tmp_path, [SeatConfig(True, "easy", 0)])
    kinds = {e.kind for e in scene.session.events}
    texts = [s[2] for s in seen if s[0] == "marker"]
    assert texts, "no news on the board"
    assert all(drawn for kind, _a, _t, drawn in seen if kind == "marker" and _t)  # each one drawn, not just queued
    if "basic_action" in kinds:
        assert any(t.endswith("Basic Action") for t in texts)
    if "investigators_placed" in kinds or "investigator_placed" in kinds:
        assert any(t.startswith("+1 Investigator") or "Investigator" in t for t in texts)
    if "spell_drawn" in kinds:
        assert any("draw a Spell" in t or "draws a Spell" in t for t in texts)
    assert {a for k, a, _t, _d in seen if k == "marker"} & {"loc", "lodge", "lodge_inv"}
    # the Investigators' turn in solo has its own banner
    assert any(k == "banner" and t == "The Investigators' turn" for k, _a, t, _d in seen)


def test_instant_speed_shows_no_news_but_the_chronicle_has_it(content, tmp_path):
    app = App(content, size=(1280, 720), seed=3, settings={"speed": 3}, saves=tmp_path)
    scene = PlayScene(app, Session(content, [SeatConfig(True, "easy", 0)], 12, saves=tmp_path))
    app.show(scene)
    try:
        for _ in range(300):
            frame(app)
            assert not scene.anim.busy()
            if scene.session.game.turn > 1:
                break
            if scene.picker is not None:
                ids = [c["id"] for c in scene.picker.prompt["choices"]]
                scene.choose(next((i for i in ids if i not in ("pass", "skip", "no", "stop")), ids[0]))
        assert len(scene.log) > 5
    finally:
        app.close()


def test_hovering_a_chronicle_line_lights_what_it_names(content, tmp_path):
    app = App(content, size=(1280, 720), seed=3, settings={"speed": 3}, saves=tmp_path)
    scene = PlayScene(app, Session(content, [SeatConfig(True, "easy", 0)], 12, saves=tmp_path))
    app.show(scene)
    try:
        for _ in range(100):
            frame(app)
            if any(anchors for anchors in scene.log_at):
                break
            if scene.picker is not None:
                ids = [c["id"] for c in scene.picker.prompt["choices"]]
                scene.choose(next((i for i in ids if i not in ("pass", "skip", "no", "stop")), ids[0]))
        frame(app)
        row = next(k for k in range(len(scene.log_at) - 1, -1, -1) if scene.log_at[k])
        rect = next(r for r, k in scene.table.log_rows if k == row)
        lit = []
        original = scene.table.mark_named
        scene.table.mark_named = lambda screen, r, anchors: (lit.append(anchors), original(screen, r, anchors))
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
        assert lit and lit[-1] == scene.log_at[row]
        assert all(key in scene.table.anchors for key in lit[-1])
    finally:
        app.close()
