"""News where it happens: automatic results shown on the board as they happen,
paced by the animation speed, and Chronicle lines that light what they name."""

from __future__ import annotations

import pygame
import pytest

from fate.engine import Event
from fate.engine import events as catalogue
from fate.engine.events import EVENTS, event_problems
from fate.engine.kinds import EventKind
from fate.tools.scenario import build
from fate.ui.app import App
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.anim import Banner
from fate.ui.table.beats import BEATS, beats_for
from fate.ui.table.news import NEWS, QUIET, Marker
from fate.ui.table.scene import PlayScene
from tests.ui.table.test_table_play import frame


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
            if any(anchors for anchors in scene.telling.log_at):
                break
            if scene.picker is not None:
                ids = [c["id"] for c in scene.picker.prompt["choices"]]
                scene.choose(next((i for i in ids if i not in ("pass", "skip", "no", "stop")), ids[0]))
        frame(app)
        row = next(k for k in range(len(scene.telling.log_at) - 1, -1, -1) if scene.telling.log_at[k])
        rect = next(r for r, k in scene.table.chronicle.log_rows if k == row)
        lit = []
        original = scene.table.mark_named
        scene.table.mark_named = lambda screen, r, anchors: (lit.append(anchors), original(screen, r, anchors))
        frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
        assert lit and lit[-1] == scene.telling.log_at[row]
        assert all(key in scene.table.anchors for key in lit[-1])
    finally:
        app.close()


# ---------------------------------------------------------------- a marker for every kind of news
def sample_value(g, check):
    """A well-formed value for one field checker of the event catalogue (fate/engine/events.py).
    A checker the catalogue gains later fails here (KeyError): add its sample."""
    c = g.content
    spells = [card.id for card in c.cards if card.kind == "spell"]
    return {
        catalogue.seat: g.n - 1, catalogue.actor: g.n - 1, catalogue.loc: 2, catalogue.count: 2,
        catalogue.some: 2, catalogue.card: spells[0], catalogue.cards: spells[:2],
        catalogue.face: c.dice.faces[0].id, catalogue.faces: [f.id for f in c.dice.faces[:3]],
        catalogue.symbol: 1, catalogue.symbols: [1, 2], catalogue.cost: [1, 2], catalogue.backs: [1, "gate"],
        catalogue.words: "Words of the card", catalogue.space: 3, catalogue.signs: 2, catalogue.piece: 0,
        catalogue.die: 0, catalogue.seats: [g.n - 1], catalogue.source: "supply",
        catalogue.god: next(card.id for card in c.cards if card.kind == "god"), catalogue.players: g.n,
        catalogue.turn: 1, catalogue.phase: "move", catalogue.reason: "sealed", catalogue.purpose: "raid",
        catalogue.curse_source: "elder_sign",
    }[check]


def sample_event(g, kind: str) -> Event:
    """An event of this kind as the engine would emit it, checked against the catalogue."""
    data = {name: sample_value(g, check) for name, check in EVENTS[kind].items()}
    private = catalogue.PRIVATE.get(kind)
    e = Event(kind, data, (data[private],) if private else None)
    assert event_problems(g, e) == [], event_problems(g, e)
    return e


def test_the_quiet_kinds_are_real_kinds_each_with_its_reason():
    assert set(QUIET) <= set(EventKind)
    assert all(len(why) > 20 for why in QUIET.values())


def test_every_kind_has_beats_or_a_marker_or_is_quiet_and_only_one():
    """The table's three tables of event kinds (fate/ui/table/beats.py BEATS, news.py NEWS and
    QUIET) share out the engine's catalogue: a kind added to the engine and to none of them,
    or to two (one would never be reached), fails here."""
    tables = [set(BEATS), set(NEWS), set(QUIET)]
    assert set().union(*tables) == set(EventKind), set(EventKind) - set().union(*tables)
    assert sum(map(len, tables)) == len(EventKind), [t for t in tables[0] & tables[1]]


def news_table(content, tmp_path, players):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 1}, saves=tmp_path)
    g = build(content, {"players": players, "current": 0, "start": "move", "fate": ["ceremony"] + ["streets"] * (players == 1),
                        "seats": [{"hand": ["key-03", "hood-01"], "artifacts": []}] + [{}] * (players - 1)})
    open_table(app, Session.from_game(content, [SeatConfig(i == 0, "easy", i) for i in range(players)], g,
                                      saves=tmp_path))
    app.scene.anim.speed = 1  # Normal: the beats are shown (open_table sets Instant for screenshots)
    frame(app)
    return app, app.scene


@pytest.mark.parametrize("players", [3, 1])
def test_every_kind_of_news_shows_on_the_board_where_it_happened(content, tmp_path, players):
    """Driven from the engine's own catalogue of event kinds: each kind that is not
    QUIET queues at least one beat, and each marker's words are drawn on the real table
    at its place (a location, a Lodge, a track space, the dice, the Museum, the supply)."""
    app, scene = news_table(content, tmp_path, players)
    g = scene.session.game
    try:
        for kind in EVENTS:
            if kind in QUIET or (kind == "investigators_wait") != (players == 1):
                continue  # (the Investigators wait only in solo play)
            e = sample_event(g, kind)
            scene.table.follow_dice(e)  # as the scene does with each event: the dice panel follows the roll
            beats = beats_for(e, scene.shown, scene.looker, scene.table.colour, scene._name_of)
            assert beats, f"{kind}: no news on the board"
            markers = [b for b in beats if isinstance(b, Marker)]
            scene.anim.add(beats)
            words = set()
            while scene.anim.busy():
                frame(app, dt=1 / 30)
                words |= app.ink.drawn
            for m in markers:
                assert m.anchor in scene.table.anchors, f"{kind}: {m.anchor} is not on the table"
                assert m.text in words, f"{kind}: {m.text!r} was not drawn"
    finally:
        app.close()


def test_each_news_event_of_real_games_queues_its_beats(content, tmp_path):
    """A solo game played at Normal speed through the table scene: every event the
    player sees that is news (theirs, the Investigators', the game's) adds at least
    one beat to the queue as it happens."""
    app = App(content, size=(1280, 720), seed=3, settings={"speed": 1}, saves=tmp_path)
    scene = PlayScene(app, Session(content, [SeatConfig(True, "easy", 0)], 21, saves=tmp_path))
    app.show(scene)
    told = queued = 0
    kinds = set()
    try:
        kept = list(scene.anim.queue)  # (kept alive, so that no new beat takes the id of a finished one)
        seen = {id(b) for b in kept}
        logged = len(scene.session.events)
        for _ in range(4000):
            frame(app, dt=0.1)
            new = [e for e in scene.session.events[logged:] if e.visible_to(scene.looker) and e.kind not in QUIET]
            logged = len(scene.session.events)
            fresh = [b for b in scene.anim.queue if id(b) not in seen]
            seen |= {id(b) for b in fresh}
            kept += fresh
            assert len(fresh) >= len(new), [e.kind for e in new]
            told += len(new)
            queued += len(fresh)
            kinds |= {e.kind for e in new}
            if scene.session.game.turn > 8 or scene.session.over():
                break
            if not scene.anim.busy() and scene.picker is not None:
                ids = [c["id"] for c in scene.picker.prompt["choices"]]
                scene.choose(next((i for i in ids if i not in ("pass", "skip", "no", "stop")), ids[0]))
        assert told > 20 and queued >= told and len(kinds) > 8, (told, queued, kinds, scene.session.game.turn, _)
    finally:
        app.close()
