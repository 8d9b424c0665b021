"""The Text size setting on the board: the location plaques, the Lodges, the side
panels and the prompt bar grow with it, and everything stays whole in its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from fate.engine.constants import LOCATIONS
from fate.ui.app import App
from fate.ui.kit.layout import DICE_RECT, LOG_RECT, MUSEUM_RECT, PROMPT_RECT, SUPPLY_RECT
from fate.ui.shots import open_table, scenario_session
from tests.ui.table.test_table_play import frame

FULL_HAND = Path(__file__).resolve().parents[3] / "docs" / "examples" / "full-hand.yaml"


def table_at(content, tmp_path, size, text_size):
    """The full-hand table (docs/examples/full-hand.yaml) drawn afresh, every line placed."""
    # auto-pass at every chance: the full hand's chance to cast is asked as it is, a short prompt
    app = App(content, size=size, seed=5, settings={"speed": 3, "text_size": text_size, "autopass": ["every"] * 4},
              saves=tmp_path)
    open_table(app, scenario_session(content, FULL_HAND))
    app.ink.placed = []
    app.scene.table._layer = None  # draw the board afresh so that every line is placed this frame
    frame(app)
    return app


def tile_words(app, content):
    """For each location: its plaque, the rect of its name, and its lines of Basic and Control."""
    table = app.scene.table
    out = {}
    for loc, loc_id in enumerate(LOCATIONS):
        tile = table.tile_rect(loc)
        place = content.locations[loc]
        name = next(r for text, r in app.ink.placed if text == place.name and tile.colliderect(r))
        lines = [(text, r) for text, r in app.ink.placed if tile.collidepoint(r.topleft) and r.y > name.y
                 and not text.isdigit()]
        out[loc_id] = tile, name, lines, place
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_location_plaques_text_grows_with_the_setting_and_stays_whole_inside(content, tmp_path, size):
    seen = {}
    for text_size in (100, 150):
        app = table_at(content, tmp_path, size, text_size)
        try:
            seen[text_size] = tile_words(app, content)
            for tile, name, lines, place in seen[text_size].values():
                assert tile.contains(name), (place.name, text_size)
                for _text, r in lines:
                    assert tile.contains(r), (place.name, _text, text_size)
                words = " ".join(text for text, _r in lines)
                # the Basic and Control Actions are symbols now (tests/ui/table/test_places.py)
                assert "Basic:" not in words and "…" not in words
        finally:
            app.close()
    for loc_id in LOCATIONS:
        _t, small_name, _lines, _p = seen[100][loc_id]
        _t, big_name, _lines, _p = seen[150][loc_id]
        assert big_name.h > small_name.h


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_grown_plaques_touch_no_panel_no_button_and_no_other_plaque(content, tmp_path, size):
    app = table_at(content, tmp_path, size, 150)
    try:
        table = app.scene.table
        L = table.layout
        tiles = [table.tile_rect(loc) for loc in range(6)]
        others = [L.r(*rect) for rect in (LOG_RECT, DICE_RECT, MUSEUM_RECT, SUPPLY_RECT, PROMPT_RECT)]
        others += [rect for _s, rect, _y, _h in table.lodge_rects()]
        others += [L.r(0, 0, 1920, 50)]  # the top bar
        others += [h.rect for h in app.scene.hotspots() if h.key[-1] in ("rules", "hint", "undo")]
        assert len(others) == 5 + 4 + 1 + 3
        for i, tile in enumerate(tiles):
            assert not any(tile.colliderect(t) for t in tiles[i + 1:]), LOCATIONS[i]
            assert not any(tile.colliderect(o) for o in others), (LOCATIONS[i], tile)
    finally:
        app.close()


def sizes_of(app, texts):
    """The height each of these lines is drawn at (the tallest placing of each)."""
    out = {}
    for text, r in app.ink.placed:
        if text in texts:
            out[text] = max(out.get(text, 0), r.h)
    return out


def test_lodges_side_panels_and_the_prompt_bar_follow_the_setting(content, tmp_path):
    words = ("No roll on the table.",
             "You may cast at the start of the Move phase")
    seen = {}
    for text_size in (100, 150):
        app = table_at(content, tmp_path, (1920, 1080), text_size)
        try:
            seen[text_size] = sizes_of(app, words)
            screen = app.screen.get_rect()
            assert all(screen.contains(r) for text, r in app.ink.placed if text in words)
            # an Artifact's chip in a Lodge: its whole name, on two lines when it must
            chip = [text for text, _r in app.ink.placed if text in "Censer of Black Smoke"]
            assert " ".join(chip) == "Censer of Black Smoke" and "…" not in " ".join(chip)
        finally:
            app.close()
    assert set(seen[100]) == set(words)
    for text in seen[100]:
        assert seen[150][text] > seen[100][text], text
