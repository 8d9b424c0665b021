"""The six cult colours stay apart for players with colour-vision deficiency:
every pair at least 20 CIE76 delta E apart under simulated protanopia,
deuteranopia and tritanopia (Machado 2009), and for typical vision."""

from __future__ import annotations

import pytest

from fate.ui.kit.colour_vision import VISIONS, closest_pair, delta_e, lab, simulate
from fate.ui.kit.theme import CULT_COLOURS, NIGHT

PAIR_APART = 20.0


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_of_cult_colours_stays_apart(vision):
    colours = [rgb for _, rgb in CULT_COLOURS]
    assert len(colours) == 6
    gap, i, j = closest_pair(colours, vision)
    assert gap >= PAIR_APART, f"{CULT_COLOURS[i][0]} and {CULT_COLOURS[j][0]}: {gap:.1f} apart ({vision})"


@pytest.mark.parametrize("vision", VISIONS)
def test_every_cult_colour_stands_out_from_the_night_background(vision):
    for name, rgb in CULT_COLOURS:
        assert delta_e(rgb, NIGHT, vision) >= 30, name


def test_the_simulation_matches_known_values():
    """White and black are fixed points; the old Azure and Violet, told apart by hue
    alone, were one colour to a deuteranope (the reason for this palette)."""
    for vision in VISIONS:
        assert [round(x, 3) for x in simulate((255, 255, 255), vision)] == [1.0, 1.0, 1.0]
        assert simulate((0, 0, 0), vision) == (0.0, 0.0, 0.0)
    assert [round(x, 2) for x in lab((1.0, 1.0, 1.0))] == [100.0, 0.0, 0.0]
    assert round(delta_e((255, 0, 0), (0, 255, 0)), 1) == 170.6  # CIE76 of sRGB red and green
    old_azure, old_violet = (84, 132, 226), (164, 98, 214)
    assert delta_e(old_azure, old_violet) > 30 and delta_e(old_azure, old_violet, "deuteranopia") < 10


def test_every_cult_has_its_own_shape_that_shows_without_colour():
    """Drawn in one and the same colour, the six cults' Cultists and Summon tokens
    still differ: the shape alone tells them apart."""
    import pygame

    from fate.ui.kit import art
    from fate.ui.kit.theme import CULT_MARKS, cult_mark

    pygame.init()
    from fate.records import settings

    assert len(set(CULT_MARKS)) == len(CULT_COLOURS) == settings.COLOURS == 6
    assert [cult_mark(rgb) for _, rgb in CULT_COLOURS] == list(CULT_MARKS)
    assert cult_mark((1, 2, 3)) == ""  # not a cult colour (the Investigators): no shape
    grey = (150, 150, 150)
    for figure in ("cultist", "eye"):
        pictures = [pygame.image.tobytes(art.glyph(figure, 48, grey, m), "RGBA") for m in CULT_MARKS]
        plain = pygame.image.tobytes(art.glyph(figure, 48, grey), "RGBA")
        assert len(set(pictures)) == 6 and plain not in pictures, figure
    shapes = [pygame.image.tobytes(art.mark(m, 32, grey), "RGBA") for m in CULT_MARKS]
    assert len(set(shapes)) == 6
    with pytest.raises(ValueError, match="unknown cult mark 'hexagon'"):
        art.mark("hexagon", 32, grey)
