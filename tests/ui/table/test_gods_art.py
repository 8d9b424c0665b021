"""The Elder Gods' pictures at the table (issue 41): the draft shows both dealt gods side by
side with their portraits and Dark Gifts; a chosen god's sigil marks its Lodge; the Altar's
places carry their scenes; the title keeps its buttons and its keyboard. Through the real
App and scenes, headless."""

from __future__ import annotations

import pygame
import pytest

from fate.ui.app import App
from fate.ui.kit import gods, places
from fate.ui.screens.new_game import SetupScene
from fate.ui.screens.title import TitleScene
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import busy_session
from fate.ui.table.scene import PlayScene
from tests.ui.table.test_table_play import frame


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["1280", "1920"])
def app(content, request):
    a = App(content, size=request.param, seed=11, settings={"speed": 3})
    yield a
    a.close()


def at_the_draft(app: App, content) -> PlayScene:
    session = Session(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], 4)
    scene = PlayScene(app, session)
    app.show(scene)
    for _ in range(100):
        frame(app)
        if scene.picker is not None and scene.picker.prompt["kind"] == "draft":
            return scene
    raise AssertionError("no draft prompt for the human seat")


def test_the_draft_shows_both_gods_large_with_their_portraits_and_dark_gifts(app, content):
    scene = at_the_draft(app, content)
    dealt = scene.shown["draft"]
    assert len(dealt) == 2
    table = scene.table
    rects = []
    for god in dealt:
        assert god["name"] in app.ink.drawn
        gift_words = " ".join(god["text"].split()[:3])
        assert any(line.startswith(gift_words) for line in app.ink.drawn), god["text"]
        rect = max((r.rect for r in table.regions if r.key == ("card", god["id"])), key=lambda r: r.w * r.h)
        rects.append(rect)
        # large: each god takes more than a quarter of the window's width and half its height
        assert rect.w > app.screen.get_width() / 4 and rect.h > app.screen.get_height() / 2
        # its portrait is on screen, whole, where the table says it drew it (200 to 300 design units)
        centre = table.anchors[("portrait", god["id"])]
        drawn = []
        for size in range(300, 199, -20):
            face = gods.portrait(god["id"], table.layout.n(size))
            where = face.get_rect(center=centre)
            if app.screen.get_rect().contains(where) and rect.contains(where) and pygame.image.tobytes(
                    app.screen.subsurface(where), "RGB") == pygame.image.tobytes(face, "RGB"):
                drawn.append(size)
        assert drawn, god["id"]
    assert not rects[0].colliderect(rects[1]) and abs(rects[0].y - rects[1].y) <= 1  # side by side


def test_each_chosen_god_s_portrait_marks_its_lodge_large_enough_to_know(app, content):
    from fate.ui.table.lodges import portrait_medallion

    session = busy_session(content, seed=7, players=3, decisions=40, human=0)
    scene = PlayScene(app, session)
    app.show(scene)
    for _ in range(3):
        frame(app)
    table, v = scene.table, scene.shown
    lodges = {s: rect for s, rect, _y, _h in table.lodge_rects()}
    for s, seat in enumerate(v["seats"]):
        god = seat["god"]
        assert god is not None
        face = [r.rect for r in table.regions if r.title == f"{god['name']}, {god['title']}"]
        assert len(face) == 1 and lodges[s].contains(face[0])
        # the god's own portrait, whole, and a fifth of its Lodge's height or more
        assert face[0].h >= lodges[s].h / 5, (face[0], lodges[s])
        drawn = app.screen.subsurface(face[0]).copy()
        want = pygame.Surface(face[0].size)
        want.blit(app.screen, (0, 0), face[0])  # the panel under it
        want.blit(portrait_medallion(god["id"], face[0].w), (0, 0))
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(want, "RGB"), god["id"]


@pytest.mark.parametrize("text_size", [100, 150])
def test_every_place_has_its_scene(content, tmp_path, text_size):
    """Each plaque carries its place's scene (the plaque differs from a plain one); its
    name's contrast over it: tests/ui/table/test_places.py."""
    from fate.engine.constants import LOCATIONS
    from tests.ui.kit.test_text_size import table_at, tile_words

    assert set(places.SCENES) == set(LOCATIONS)
    app = table_at(content, tmp_path, (1280, 720), text_size)
    try:
        board = app.scene.table.static_layer()
        for loc_id, (tile, _name, _lines, _place) in tile_words(app, content).items():
            area = board.subsurface(tile.inflate(-tile.w // 2, -tile.h // 2).move(tile.w // 4, 0))
            lum = [luminance(area.get_at((x, y))) for x in range(0, area.get_width(), 2)
                   for y in range(0, area.get_height(), 2)]
            assert max(lum) - min(lum) > 60, loc_id  # a picture is there: lights and darks, not a plain fill
    finally:
        app.close()


def luminance(rgb) -> float:
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def test_the_title_keeps_every_button_and_the_keyboard_reaches_them(content):
    app = App(content, size=(1280, 720), seed=1, settings={})
    try:
        frame(app)
        title = app.scene
        assert isinstance(title, TitleScene)
        labels = [h.label for h in title.hotspots()]
        for word in ("New Game", "Learn to Play", "Load Game", "Play Online", "How to Play", "Card Gallery",
                     "Settings", "Credits", "Quit"):
            assert word in labels
        reached = set()
        for _ in range(len(labels)):
            frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")])
            reached.add(title.hotspots()[title.focus].label)
        assert reached == set(labels)
        while title.hotspots()[title.focus].label != "New Game":
            frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")])
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert isinstance(app.scene, SetupScene)
    finally:
        app.close()


def test_the_title_stands_still_until_the_pointer_moves_then_settles(content):
    app = App(content, size=(1280, 720), seed=1, settings={})
    try:
        def pictures(n: int, events=()) -> set[bytes]:
            out = set()
            for k in range(n):
                frame(app, list(events) if k == 0 else [], dt=1 / 30)
                out.add(pygame.image.tobytes(app.screen, "RGB"))
            return out

        frame(app)
        assert len(pictures(10)) == 1  # left alone, nothing moves (the loop can rest)
        moved = pictures(8, [pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 700), rel=(3, 3), buttons=(0, 0, 0))])
        assert len(moved) > 3  # the candles flicker and the sigils' light moves with the pointer
        pictures(30)
        assert len(pictures(10)) == 1  # and it settles again
    finally:
        app.close()


def test_every_icon_the_gods_places_and_title_draw_is_shipped_and_listed():
    """The icons drawn from code are in data/art.yaml's list (so the icon script writes them) and
    in assets/icons/ (a missing one would draw as an empty square)."""
    from pathlib import Path

    from fate.content.art import icons_in_data, known_icons
    from fate.ui.screens import title

    drawn = {layer.icon for layers, _light, _texture in gods.PORTRAITS.values() for layer in layers}
    drawn |= set(gods.MARKS.values()) | {layer.icon for pic in places.SCENES.values() for layer in pic.layers}
    drawn |= set(title.TITLE_ICONS)
    listed = icons_in_data(Path(__file__).resolve().parents[3] / "data")
    assert drawn <= listed, sorted(drawn - listed)
    assert drawn <= known_icons(), sorted(drawn - known_icons())
    assert set(gods.PORTRAITS) == set(gods.MARKS)

