"""The card gallery, driven as a player would: reached from the title screen,
paged through, filtered, a card chosen, left with Esc."""

from __future__ import annotations

import pygame
import pytest

from fate.ui.app import App
from fate.ui.screens.gallery import COLS, ROWS, GalleryScene
from fate.ui.screens.title import TitleScene
from tests.ui.table.test_table_play import frame, press


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.fixture
def app(content):
    a = App(content, size=(1280, 720), seed=1, settings={})
    yield a
    a.close()


def open_gallery(app) -> GalleryScene:
    press(app, ("gallery",))
    assert isinstance(app.scene, GalleryScene)
    return app.scene


def cards_on_screen(app) -> set[str]:
    frame(app)
    return {h.label for h in app.scene.hotspots() if h.key[0] == "card"}


def test_every_card_of_the_game_is_in_the_gallery(app, content):
    g = open_gallery(app)
    seen = set()
    for _ in range(g.pages()):
        seen |= cards_on_screen(app)
        frame(app, [key(pygame.K_PAGEDOWN)])
    assert seen == {c.name for c in content.cards}
    assert g.pages() == -(-len(g.shown()) // (COLS * ROWS)) >= 2


@pytest.mark.parametrize("kind", ["god", "spell", "gate", "artifact", "curse"])
def test_the_kind_filter_keeps_that_kind_only(app, content, kind):
    g = open_gallery(app)
    press(app, ("kind", kind))
    names = {c.name for c in content.cards if c.kind == kind}
    seen = set()
    for _ in range(g.pages()):
        seen |= cards_on_screen(app)
        press(app, ("page", 1)) if g.page < g.pages() - 1 else None
    assert seen == names


def test_symbol_and_timing_filters_and_their_meeting(app, content):
    g = open_gallery(app)
    flame = next(s for s in content.symbols if s.id == "flame")
    press(app, ("symbol", flame.index))
    assert g.shown() and all(e.card.kind == "spell" and e.card.symbol == flame.index for e in g.shown())
    assert len(g.shown()) == sum(1 for c in content.cards if c.symbol == flame.index)
    press(app, ("symbol", -1))
    press(app, ("timing", "raided"))
    raided = {c.name for c in content.cards if "raided" in c.timing}
    assert cards_on_screen(app) == raided and raided
    press(app, ("kind", "god"))  # no Elder God is used when raided
    frame(app)
    assert g.shown() == [] and "No card is of this kind, symbol and timing together." in app.ink.drawn


def test_a_chosen_card_shows_its_full_text_and_solo_version(app, content):
    g = open_gallery(app)
    target = next(c for c in content.cards if c.solo_text and c.kind == "spell")
    press(app, ("symbol", target.symbol))
    i = next(i for i, e in enumerate(g.shown()) if e.card is target)
    if i >= COLS * ROWS:
        g.page = i // (COLS * ROWS)
    press(app, ("card", i))
    frame(app)
    drawn = " ".join(app.ink.drawn)
    assert "Playing solo" in app.ink.drawn
    for word in (target.text.split()[:6] + target.solo_text.split()[-4:]):
        assert word in drawn, word


def test_the_gates_are_one_entry_with_their_count(app, content):
    g = open_gallery(app)
    press(app, ("kind", "gate"))
    gates = sum(1 for c in content.cards if c.kind == "gate")
    assert [e.count for e in g.shown()] == [gates]
    frame(app)
    assert f"×{gates}" in app.ink.drawn


def test_keys_move_the_choice_and_the_page_and_esc_goes_back(app):
    g = open_gallery(app)
    frame(app, [key(pygame.K_RIGHT), key(pygame.K_DOWN)])
    assert g.selected == 1 + COLS
    frame(app, [key(pygame.K_PAGEDOWN)])
    assert g.page == 1 and g.selected == COLS * ROWS
    frame(app, [key(pygame.K_LEFT)])
    assert g.page == 0 and g.selected == COLS * ROWS - 1  # the page follows the choice back
    frame(app, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, TitleScene)


@pytest.mark.parametrize("text_size", [100, 150])
def test_every_card_name_stays_inside_its_card(content, tmp_path, text_size):
    # the smallest window, where an Elder God's one long word (Shub-Niggurath) ran over both edges
    a = App(content, size=(1280, 720), seed=1, settings={"text_size": text_size}, saves=tmp_path)
    try:
        g = open_gallery(a)
        names = {c.name for c in a.content.cards}
        checked = 0
        for _ in range(g.pages()):
            a.ink.placed = []
            frame(a)
            for h in a.scene.hotspots():
                if h.key[0] != "card":
                    continue
                lines = [r for text, r in a.ink.placed if text in h.label and h.rect.collidepoint(r.center)]
                assert lines, h.label
                assert all(h.rect.contains(r) for r in lines), (h.label, text_size)
                checked += h.label in names
            frame(a, [key(pygame.K_PAGEDOWN)])
        assert checked == len(names)
    finally:
        a.close()


def test_every_elder_gods_title_is_whole_and_inside_its_card_at_the_smallest_window(app, content):
    """At 1280x720 the titles ended in "..." ("Dreamer Beneath the...")."""
    open_gallery(app)
    app.ink.placed = []
    frame(app)
    gods = {c.name: c.title for c in content.cards if c.kind == "god"}
    shown = 0
    for h in app.scene.hotspots():
        if h.key[0] != "card" or h.label not in gods:
            continue
        lines = [(text, r) for text, r in app.ink.placed if h.rect.contains(r) and text not in h.label]
        assert " ".join(text for text, _r in lines) == gods[h.label], (h.label, lines)
        shown += 1
    assert shown == len(gods)
