"""Why not, icon labels, and tooltips that give way to a click, through the real table."""

from __future__ import annotations

import pygame

from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from tests.ui.table.test_table_play import frame

BLACKMAIL = "lantern-10"  # cast only in a rival's turn


def table(content, tmp_path, **seat0):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3, "autopass": ["every"] * 4}, saves=tmp_path)
    g = build(content, {"players": 2, "current": 0, "start": "prepare", "fate": ["ceremony", "museum"],
                        "seats": [seat0, {}]})
    open_table(app, Session.from_game(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], g))
    return app, app.scene


def hover(app, pos):
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    frame(app)


def test_a_readied_spell_that_cannot_be_cast_says_why(content, tmp_path):
    app, scene = table(content, tmp_path, reserve=[BLACKMAIL, "key-03"], hand=["hood-01", "tome-05", "key-04"])
    try:
        frame(app)
        assert scene.picker.prompt["kind"] == "cast_window"
        assert ("card", BLACKMAIL) not in scene.picker.live()
        r = next(reg.rect for reg in scene.table.regions if reg.key == ("card", BLACKMAIL))
        hover(app, r.center)
        said = " ".join(sorted(app.ink.drawn))
        assert "Not now:" in said and "rival" in said
        # the keyboard says the same when the focus is on a thing that cannot be chosen
        assert scene.keys.action_words(("card", BLACKMAIL), scene.picker).startswith("Not now: it is cast only in a rival")
        assert scene.keys.action_words(("card", "hood-01"), scene.picker).startswith(
            "Not now: a Spell is cast from your Readied Spells")
    finally:
        app.close()


def test_a_location_that_is_not_a_choice_says_why(content, tmp_path):
    app, scene = table(content, tmp_path, reserve=["key-03"], hand=["hood-01", "tome-05", "key-04"])
    try:
        frame(app)
        r = scene.table.tile_rect(1)
        hover(app, r.center)
        assert any(t.startswith("Not now:") for t in app.ink.drawn)
    finally:
        app.close()


def test_every_icon_of_the_summon_track_has_its_own_label(content, tmp_path):
    app, scene = table(content, tmp_path, reserve=["key-03"], elder_signs=2, summon=3)
    try:
        frame(app)
        cells = [r for r in scene.table.regions if r.title in ("Summon token", "Elder Sign")]
        titles = [r.title for r in cells]
        assert titles.count("Elder Sign") >= 2 and "Summon token" in titles
        sign = next(r for r in cells if r.title == "Elder Sign")
        assert scene.table.at(sign.rect.center).title == "Elder Sign"
        for title in ("Cultists in the Lodge", "Cultists in the Abyss", "Curses carried, held face down by a rival"):
            assert any(r.title == title for r in scene.table.regions)
    finally:
        app.close()


def test_a_click_puts_the_tooltip_away_until_the_pointer_moves(content, tmp_path):
    app, scene = table(content, tmp_path, reserve=["key-03"], hand=["hood-01", "tome-05", "key-04"])
    try:
        frame(app)
        spot = next(h for h in scene.hotspots() if h.key == ("ui", "autopass"))
        hover(app, spot.rect.center)
        assert any("Auto-pass" in t and "Stop on my turn" in t for t in app.ink.drawn) or app.hover is not None
        frame(app, click(spot.rect.center))
        frame(app)
        assert app.hover is None
        drawn_tip = [t for t in app.ink.drawn if t.startswith("Click or press A")]
        assert not drawn_tip
        hover(app, (spot.rect.centerx + 2, spot.rect.centery))
        assert app.hover is not None
    finally:
        app.close()


def test_a_click_on_a_place_the_move_cannot_reach_says_why_where_it_was_clicked(content, tmp_path):
    """Issue 50: such a click did nothing; the reason was only in the tooltip."""
    app, scene = table(content, tmp_path, reserve=["key-03"], hand=["hood-01", "tome-05", "key-04"])
    try:
        frame(app)
        while scene.picker is not None and scene.picker.prompt["kind"] != "move":  # on to the move
            frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        assert scene.picker is not None and scene.picker.prompt["kind"] == "move"
        live = scene.picker.live()
        loc = next(i for i in range(6) if ("loc", i) not in live)
        where = scene.table.tile_rect(loc).center
        decided = scene.decisions()
        frame(app, click(where))
        frame(app)
        assert scene.decisions() == decided  # nothing was chosen...
        said = [(text, rect) for text, rect in app.ink.placed if text.startswith("Not now")]
        assert said, "the click was not answered"
        assert all(abs(rect.centerx - where[0]) < scene.table.layout.n(400) and rect.bottom <= where[1] + 2
                   for _t, rect in said)  # ...and why is said right above the click
        scene.clock += 4  # and it goes after a few seconds
        frame(app)
        assert not any(text.startswith("Not now") for text, _r in app.ink.placed)
    finally:
        app.close()


def test_a_place_at_the_move_prompt_says_to_play_a_card_first_not_that_a_fate_piece_stands_there(content, tmp_path):
    """Play-test: while the move asks for a Spell, every place said 'a Fate Piece stands there',
    even an empty one the Hint itself named as the place to go."""
    app, scene = table(content, tmp_path, reserve=["key-03"], hand=["hood-01", "tome-05", "key-04"])
    try:
        frame(app)
        while scene.picker is not None and scene.picker.prompt["kind"] != "move":  # on to the move
            frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")])
        assert scene.picker is not None and scene.picker.prompt["kind"] == "move"
        assert ("loc", "library") not in scene.picker.live()  # no Fate Piece there (they stand at
        words = scene.keys.action_words(("loc", "library"), scene.picker)  # the Ceremony and the Museum)
        assert words.startswith("Not now: play a Spell, a Wild pair or your Gate first"), words
        assert "Fate Piece stands there" not in words
    finally:
        app.close()
