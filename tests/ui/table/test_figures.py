"""Figures on the Altar (issue 50): each cult's Cultists and the Investigators stand on their
places as small crowds of figures, a numeral only past what fits; the Lodges and the Abyss
show theirs; hovering keeps the counts; a carried figure walks, falls and rises; the cults'
figures stay apart by colour under colour-blindness and by shape without colour; and every
figure is composed once, never in the frame loop. Through the real App and table, headless."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from fate.tools.scenario import build
from fate.ui.app import App
from fate.ui.kit import colour_vision, figures
from fate.ui.kit.theme import CULT_COLOURS, CULT_MARKS, INVESTIGATOR
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.anim import Carry
from fate.ui.table.carried import STEP_SECONDS
from tests.ui.table.test_table_play import frame


def open_crowded(content, tmp_path, size, text_size: int = 100) -> App:
    """A two-cult table: seat 0 with 2 Cultists at the Library and 9 at the Museum, 4 in its
    Lodge and 5 in the Abyss; seat 1 with 3 at the Museum; 3 Investigators at the Museum."""
    app = App(content, size=size, seed=5, saves=tmp_path,
              settings={"speed": 3, "autopass": ["every"] * 4, "text_size": text_size})
    g = build(content, {"players": 2, "current": 0, "start": "prepare", "fate": ["ceremony", "gathering"],
                        "seats": [{"cultists": {"library": 2, "museum": 9}, "lodge": 4, "abyss": 5},
                                  {"cultists": {"museum": 3}}],
                        "locations": {"museum": {"investigators": 3}}})
    open_table(app, Session.from_game(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], g))
    frame(app)
    return app


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["1280", "1920"])
def crowded(content, tmp_path, request):
    app = open_crowded(content, tmp_path, request.param)
    yield app, app.scene
    app.close()


def regions(scene, title_part: str):
    return [r for r in scene.table.regions if title_part in r.title]


def test_a_crowd_shows_every_figure_up_to_its_limit_then_a_numeral():
    roomy = 1000.0
    for n in range(1, figures.CROWD_MAX + 1):
        plan = figures.plan([("cultist", n)], roomy, 80)
        assert plan.shown == (n,) and not plan.numeral(0, n)
    many = figures.CROWD_MAX + 3
    plan = figures.plan([("cultist", many)], roomy, 80)
    assert plan.shown == (figures.CROWD_MAX,) and plan.numeral(0, many)
    # a crowded place: four cults and the Investigators in a plaque's width keep at least three
    # figures each, the largest groups giving way first, and all of it fits
    counts = [("cultist", 6), ("cultist", 1), ("cultist", 3), ("cultist", 1), ("investigator", 2)]
    plan = figures.plan(counts, 280, 70)
    assert all(s >= min(3, n) for s, (_k, n) in zip(plan.shown, counts, strict=True))
    assert sum(plan.widths) + 6 * (len(counts) - 1) <= 280
    assert plan.h >= 24


def test_a_crowd_of_n_stands_n_figures_each_in_its_own_place():
    pygame.init()
    for rows in (1, 2, 3):
        for n in range(1, figures.CROWD_MAX + 1):
            feet = figures.slots(n, 30, "cultist", rows)
            assert len(feet) == n and len(set(feet)) == n
            # no figure hides another: any two stand at least half a figure's width apart or a row apart
            w = 30 * figures.ASPECT["cultist"]
            assert all(abs(a[0] - b[0]) >= w / 2 or a[1] != b[1] for i, a in enumerate(feet) for b in feet[i + 1:])
    pictures = [figures.crowd("cultist", n, 30, CULT_COLOURS[0][1], CULT_MARKS[0], 2)
                for n in range(1, figures.CROWD_MAX + 1)]
    opaque = [pygame.mask.from_surface(p, 200).count() for p in pictures]
    assert all(b > a for a, b in zip(opaque, opaque[1:], strict=False))  # each one more adds a figure to see


def test_each_cult_at_a_place_stands_as_its_own_crowd_with_its_count_on_hover(crowded):
    app, scene = crowded
    table = scene.table
    name = table.cult_name(scene.shown, 0)
    at_library = regions(scene, f"{name} at The Library")
    at_museum = regions(scene, f"{name} at The Museum")
    investigators = regions(scene, "Investigators at The Museum")
    assert at_library and "2 Cultists" in at_library[0].body
    assert at_museum and "9 Cultists" in at_museum[0].body
    assert investigators and "3 Investigators" in investigators[0].body
    # the crowd answers on hover, and a click on it still means its place
    crowd = at_museum[0]
    assert table.at(crowd.rect.center) is crowd and crowd.key == ("loc", "museum")
    # nine do not fit on a plaque at this size: a numeral beside the figures says how many
    assert "9" in app.ink.drawn
    # the place's own tooltip keeps every count
    place = max((r for r in table.regions if r.key == ("loc", "museum")), key=lambda r: r.rect.w * r.rect.h)
    assert f"{name} 9" in place.body and "Investigators: 3" in place.body
    # a figure arriving walks to its crowd
    assert crowd.rect.collidepoint(table.anchors[("cultists", "museum", 0)])


@pytest.mark.parametrize("text_size", [100, 150])
def test_the_crowds_of_a_place_and_their_numerals_stand_apart_inside_its_plaque(content, tmp_path, text_size):
    app = open_crowded(content, tmp_path, (1280, 720), text_size)
    try:
        table = app.scene.table
        place = max((r for r in table.regions if r.key == ("loc", "museum")), key=lambda r: r.rect.w * r.rect.h)
        crowds = [r for r in table.regions if r.key == ("loc", "museum") and " at The Museum" in r.title]
        assert len(crowds) == 3  # two cults and the Investigators
        for i, a in enumerate(crowds):
            assert place.rect.contains(a.rect), a.title
            assert all(not a.rect.colliderect(b.rect) for b in crowds[i + 1:]), a.title
    finally:
        app.close()


def test_the_lodge_and_the_abyss_show_their_cultists_with_the_counts_on_hover(crowded):
    _app, scene = crowded
    table = scene.table
    name = table.cult_name(scene.shown, 0)
    lodge = [r for r in regions(scene, "Cultists in the Lodge") if name in r.body]
    abyss = regions(scene, f"{name} in the Abyss")
    assert lodge and "4 Cultists" in lodge[0].body
    assert abyss and "5 Cultists" in abyss[0].body
    assert lodge[0].rect.collidepoint(table.anchors[("lodge", 0)])
    assert abyss[0].rect.collidepoint(table.anchors[("abyss", 0)])
    # the Abyss's tooltip names every cult's count
    well = next(r for r in table.regions if r.title == "The Abyss")
    assert f"{name}: 5" in well.body


def _drawn(beat, table, ink, p: float) -> pygame.Rect | None:
    """Where a beat draws at progress ``p`` on a clear surface (None: nothing drawn)."""
    surf = pygame.Surface((table.layout.w, table.layout.h), pygame.SRCALPHA)
    beat.t = p * beat.duration
    beat.draw(surf, table, ink)
    box = surf.get_bounding_rect()
    return box if box.w and box.h else None


def test_a_carried_figure_walks_falls_into_the_abyss_and_rises_out_of_it(crowded):
    app, scene = crowded
    table, colour = scene.table, scene.table.colour(0)
    walk = Carry("cultist", colour, ("cultists", "library", 0), ("cultists", "museum", 0))
    start, end = _drawn(walk, table, app.ink, 0.0), _drawn(walk, table, app.ink, 1.0)
    assert start.collidepoint(table.anchors[("cultists", "library", 0)])
    assert end.collidepoint(table.anchors[("cultists", "museum", 0)])
    fall = Carry("cultist", colour, ("cultists", "library", 0), ("abyss", 0))
    seen = [_drawn(fall, table, app.ink, p) for p in (0.3, 0.7, 0.8, 1.0)]
    assert seen[0].h > seen[1].h > seen[2].h and seen[3] is None  # it sinks out of sight
    rise = Carry("cultist", colour, ("abyss", 0), ("lodge", 0))
    seen = [_drawn(rise, table, app.ink, p) for p in (0.0, 0.2, 0.4, 0.8)]
    assert seen[0] is None and seen[1].h < seen[2].h <= seen[3].h  # it climbs out, then walks
    group = Carry("investigator", INVESTIGATOR, ("supply", "investigators"), ("investigators", "museum"), 5)
    assert _drawn(group, table, app.ink, 0.5) is not None and "5" in app.ink.drawn


def test_a_walking_figure_takes_a_few_strides_not_a_shiver(crowded):
    app, scene = crowded
    table = scene.table
    walk = Carry("cultist", table.colour(0), ("cultists", "library", 0), ("cultists", "museum", 0))  # level
    tops: list[int] = []
    for i in range(121):
        top = _drawn(walk, table, app.ink, i / 120).top
        if not tops or top != tops[-1]:
            tops.append(top)
    turns = sum(1 for a, b, c in zip(tops, tops[1:], tops[2:], strict=False) if (b - a) * (c - b) < 0)
    assert 2 <= turns <= 2 * round(walk.duration / STEP_SECONDS) + 2  # it bobs, a step at a time


def _mean(surf: pygame.Surface) -> tuple[int, int, int]:
    """The average colour of a figure's robe: its opaque pixels but the dark edge, folds and face."""
    total, n = [0, 0, 0], 0
    for x in range(surf.get_width()):
        for y in range(surf.get_height()):
            c = surf.get_at((x, y))
            if c.a > 200 and max(c.r, c.g, c.b) >= 60:
                total = [t + v for t, v in zip(total, (c.r, c.g, c.b), strict=True)]
                n += 1
    return tuple(round(t / n) for t in total)


def test_the_cults_figures_stay_apart_in_colour_under_colour_blindness_and_in_shape_without_it():
    pygame.init()
    # the robes' colour as drawn (lit, with their folds in shadow) keeps the palette's order of
    # differences, if smaller than the palette's own 25 (the shapes carry the rest)
    for size in (28, 40):
        seen = [_mean(figures.cultist(size, rgb, mark))
                for (_name, rgb), mark in zip(CULT_COLOURS, CULT_MARKS, strict=True)]
        for vision in colour_vision.VISIONS:
            closest, i, j = colour_vision.closest_pair(seen, vision)
            assert closest >= 12, (vision, CULT_COLOURS[i][0], CULT_COLOURS[j][0], closest)
    # the same colour with each cult's shape: the figures differ where the shape is, so the cults
    # are told apart with the colours taken away
    grey = (150, 150, 150)
    pictures = [figures.cultist(40, grey, mark) for mark in CULT_MARKS]
    for a in range(len(pictures)):
        for b in range(a + 1, len(pictures)):
            assert _differ(pictures[a], pictures[b]) >= 12, (CULT_MARKS[a], CULT_MARKS[b])


def _differ(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels of two pictures of one size differ clearly."""
    return sum(1 for x in range(a.get_width()) for y in range(a.get_height())
               if max(abs(p - q) for p, q in zip(a.get_at((x, y)), b.get_at((x, y)), strict=True)) > 60)


def test_every_figure_is_composed_once_and_the_resting_table_composes_none(crowded):
    app, _scene = crowded
    assert figures.crowd("cultist", 3, 30, CULT_COLOURS[1][1], "triangle") is \
        figures.crowd("cultist", 3, 30, CULT_COLOURS[1][1], "triangle")
    for _ in range(3):
        frame(app)
    before = (figures.crowd.cache_info().misses, figures._sunk.cache_info().misses,
              figures.cultist.cache_info().misses)
    for _ in range(30):  # the Abyss's swirl turns and its crowds are drawn again over it
        frame(app)
    after = (figures.crowd.cache_info().misses, figures._sunk.cache_info().misses,
             figures.cultist.cache_info().misses)
    assert after == before


def test_the_figures_icons_are_shipped_and_listed():
    from fate.content.art import icons_in_data, known_icons

    drawn = set(figures.ICONS.values()) | {figures.LANTERN_ICON}
    assert drawn <= icons_in_data(Path(__file__).resolve().parents[3] / "data")
    assert drawn <= known_icons()
