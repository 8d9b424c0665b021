"""Places you can see (issue 50): each plaque's scene fills it, bright; its name is large
and keeps a WCAG contrast of at least 4.5 against the scene pixels behind it; the Basic and
Control Actions are symbols on the board (fate/words/symbols.py), their whole words in the
plaque's tooltip and in How to Play's legend."""

from __future__ import annotations

import pygame
import pytest

from fate.engine.constants import LOCATIONS
from fate.ui.kit import illustration
from fate.ui.kit.theme import GOLD
from fate.words import guide
from fate.words import symbols as altar_symbols
from tests.ui.kit.test_text_size import table_at


def channel(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    r, g, b = (channel(x) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def names_on_plaques(app, content):
    """For each location: its plaque and the rect its name was drawn in this frame."""
    table = app.scene.table
    out = {}
    for loc, loc_id in enumerate(LOCATIONS):
        tile = table.tile_rect(loc)
        name = content.locations[loc].name
        out[loc_id] = tile, next(r for text, r in app.ink.placed if text == name and tile.colliderect(r))
    return out


@pytest.mark.parametrize("size,text_size", [((1280, 720), 100), ((1920, 1080), 100), ((1920, 1080), 150)])
def test_each_place_name_keeps_a_wcag_contrast_of_4_5_against_the_scene_behind_it(content, tmp_path, size,
                                                                                   text_size):
    app = table_at(content, tmp_path, size, text_size)
    try:
        board = app.scene.table.static_layer()  # the plaques and their scenes, without the words
        for loc_id, (tile, name) in names_on_plaques(app, content).items():
            assert tile.contains(name), loc_id
            behind = board.subsurface(name.clip(board.get_rect()))
            worst = min(contrast(GOLD, behind.get_at((x, y)))
                        for x in range(0, behind.get_width(), 2) for y in range(behind.get_height()))
            assert worst >= 4.5, (loc_id, round(worst, 2))
    finally:
        app.close()


def test_the_scene_fills_its_plaque_bright_below_the_name(content, tmp_path):
    """Under the name's band the scene is seen: its lit parts are lit (the scenes that once
    stood behind words reached a relative luminance of 0.1 at most) and the plaques are
    brighter on the whole (they were 0.023 on average)."""
    app = table_at(content, tmp_path, (1920, 1080), 100)
    try:
        board = app.scene.table.static_layer()
        means = []
        for loc_id, (tile, name) in names_on_plaques(app, content).items():
            below = pygame.Rect(tile.x + 4, name.bottom + name.h, tile.w - 8, tile.bottom - name.bottom - name.h - 4)
            area = board.subsurface(below)
            lum = [relative_luminance(area.get_at((x, y)))
                   for x in range(0, area.get_width(), 3) for y in range(0, area.get_height(), 3)]
            means.append(sum(lum) / len(lum))
            assert max(lum) > 0.2, loc_id
        assert sum(means) / len(means) > 0.035, means
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_rules_leave_the_board_for_symbols_and_their_words_stay_in_the_tooltip(content, tmp_path, size):
    app = table_at(content, tmp_path, size, 150)
    try:
        table = app.scene.table
        drawn = " ".join(text for text, _r in app.ink.placed)
        assert "Basic:" not in drawn and "Control:" not in drawn
        for loc, loc_id in enumerate(LOCATIONS):
            place = content.locations[loc]
            assert place.basic not in drawn and place.control not in drawn
            tip = max((r for r in table.regions if r.key == ("loc", loc_id)), key=lambda r: r.rect.w * r.rect.h)
            assert place.basic_text in tip.body and place.control_text in tip.body
            # the symbols stand inside the plaque, under its name
            basic, control = altar_symbols.rows(loc_id)
            assert basic and control and basic[0][0] == "basic" and control[0][0] == "control"
    finally:
        app.close()


def test_every_symbol_is_an_icon_of_the_set_or_a_piece_and_how_to_play_explains_each():
    for icon in altar_symbols.icons():
        assert illustration.icon_path(icon).is_file(), icon
    assert set(altar_symbols.RULES) == set(LOCATIONS)
    used = {verb for rows in altar_symbols.RULES.values() for row in rows for verb, _n in row}
    assert used <= set(altar_symbols.VERBS)
    legend = next(s for s in guide.sections() if s.id == "symbols")
    for verb in altar_symbols.VERBS.values():
        assert any(line.startswith(verb.name + ":") for line in legend.text), verb.name


@pytest.mark.parametrize("text_size", [100, 150])
def test_the_preview_of_a_place_puts_its_symbols_over_their_whole_words(content, tmp_path, text_size):
    """V on a place: its scene, its name, and each action's row of symbols over the action's
    whole words, inside the window."""
    app = table_at(content, tmp_path, (1280, 720), text_size)
    try:
        table = app.scene.table
        for loc, loc_id in enumerate(LOCATIONS):
            place = content.locations[loc]
            app.ink.placed = []
            assert table.card_preview(app.screen, ("loc", loc_id))
            lines = [(text, r) for text, r in app.ink.placed]
            words = " ".join(text for text, _r in lines)
            assert place.name in words
            assert " ".join(place.basic_text.split()) in words and " ".join(place.control_text.split()) in words
            assert all(app.screen.get_rect().contains(r) for _t, r in lines), loc_id
        assert not table.card_preview(app.screen, ("loc", "nowhere"))
    finally:
        app.close()
