"""A readable hand and the large card preview, through the real table scene."""

from __future__ import annotations

import pygame
import pytest

from fate.tools.scenario import build
from fate.ui.app import App
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from tests.ui.table.test_table_play import frame

HAND = ["key-03", "lantern-04", "hood-01", "tome-01", "flame-11", "key-12", "lantern-10", "hood-09"]


@pytest.fixture(params=[(1280, 720), (1920, 1080)])
def full_hand(content, tmp_path, request):
    app = App(content, size=request.param, seed=5, settings={"speed": 3}, saves=tmp_path)
    g = build(content, {"players": 3, "current": 0, "start": "move", "fate": ["ceremony"],
                        "seats": [{"hand": HAND, "reserve": ["flame-02"]}, {}, {}]})
    open_table(app, Session.from_game(content, [SeatConfig(i == 0, "easy", i) for i in range(3)], g))
    yield app, app.scene
    app.close()


def key_down(key, unicode=""):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode)]


def test_eight_cards_lie_side_by_side_with_every_title_whole(full_hand, content):
    app, scene = full_hand
    app.ink.placed = []
    scene.table._layer = None  # draw the board afresh so that every line is placed this frame
    frame(app)
    rects = {}
    for reg in scene.table.regions:
        if reg.key is not None and reg.key[0] == "card" and reg.key[1] in HAND:
            rects[reg.key[1]] = reg.rect
    assert set(rects) == set(HAND)
    cards = list(rects.values())
    for i, a in enumerate(cards):  # no card covers another's title
        assert not any(a.colliderect(b) for b in cards[i + 1:])
    for cid, r in rects.items():
        name = content.card(cid).name
        inside = " ".join(text for text, where in app.ink.placed if r.contains(where))
        assert all(word in inside.split() for word in name.split()), (name, inside)


def test_v_opens_the_large_preview_with_the_whole_card_and_esc_closes_it(full_hand, content):
    app, scene = full_hand
    frame(app, key_down(pygame.K_v, "v"))
    frame(app)
    card = content.card(HAND[0])
    assert scene.keys.pinned == ("card", HAND[0])
    drawn = " ".join(app.ink.drawn)
    assert "Cost to Ready: Key, Key" in app.ink.drawn
    assert "Cast at any chance to cast." in app.ink.drawn
    assert all(word in drawn for word in card.text.split())
    frame(app, key_down(pygame.K_ESCAPE))
    assert scene.keys.pinned is None and not scene.menu


def test_hovering_a_card_shows_the_preview_with_what_a_click_does(full_hand, content):
    app, scene = full_hand
    frame(app)
    r = next(reg.rect for reg in scene.table.regions if reg.key == ("card", HAND[1]))
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))])
    frame(app)
    card = content.card(HAND[1])
    assert any(t.startswith("Click or Enter: Play Dead-End Alley") for t in app.ink.drawn)
    assert any(card.text.split()[0] in t for t in app.ink.drawn)


def test_a_raised_hand_card_leaves_the_cloth_behind_not_a_strip_of_itself(full_hand):
    """The hovered card is drawn raised; its own place showed a ghost strip of its cost row."""
    app, scene = full_hand
    frame(app)
    spot = next(h for h in scene.hotspots() if h.key == ("card", "key-03"))
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot.rect.center, rel=(1, 1), buttons=(0, 0, 0))])
    cloth = scene.table.static_layer()
    L = scene.table.layout
    strip = pygame.Rect(spot.rect.x + L.n(12), spot.rect.bottom - L.n(24), spot.rect.w - L.n(24), L.n(20))
    points = [(x, y) for x in range(strip.left, strip.right, 3) for y in range(strip.top, strip.bottom, 3)]
    assert points and all(app.screen.get_at(p) == cloth.get_at(p) for p in points)
