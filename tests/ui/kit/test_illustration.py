"""Card illustrations (issue 41): every card's picture renders at the sizes the game
draws it (a hand card, the preview, the gallery's panel) and is no blank ground: its
icons show; a picture is composed once per size and then comes from the cache."""

from __future__ import annotations

import pygame
import pytest

from fate.ui.kit.illustration import Layer, Picture, card_art, card_picture, card_tone, render

SIZES = ((104, 58), (360, 150), (588, 220))


def differing(a: pygame.Surface, b: pygame.Surface) -> float:
    """The share of pixels whose colour differs by more than a little."""
    pa, pb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    n = len(pa) // 3
    return sum(1 for i in range(0, len(pa), 3) if abs(pa[i] - pb[i]) + abs(pa[i + 1] - pb[i + 1])
               + abs(pa[i + 2] - pb[i + 2]) > 24) / n


@pytest.mark.parametrize("size", SIZES)
def test_every_card_renders_at_three_sizes_and_is_not_blank(content, size):
    pygame.init()
    w, h = size
    blank = []
    for card in content.cards:
        pic = card_art(card, content, w, h)
        assert pic is not None and pic.get_size() == (w, h)
        same = card_picture(card.art, card_tone(card, content))
        ground = render(Picture((), same.tone, same.light, same.texture), w, h)  # the picture less its icons
        # the icons show: a part of the picture is theirs, not the ground's (the thinnest, a Gate's
        # dashed doorway, is some 5%; a blank picture is 0)
        if differing(pic, ground) < 0.03:
            blank.append(card.id)
    assert blank == []


def test_a_picture_is_composed_once_per_size(content):
    pygame.init()
    card = content.card("key-01")
    first = card_art(card, content, 200, 100)
    assert card_art(card, content, 200, 100) is first
    assert card_art(card, content, 201, 100) is not first


def test_the_card_tone_follows_its_symbol_god_or_kind(content):
    assert card_tone(content.card("flame-01"), content) == "flame"
    assert card_tone(content.card("cthulhu"), content) == "cthulhu"
    assert card_tone(content.card("gate-01"), content) == "gate"
    assert card_picture(content.card("hubris").art, "curse").tone == "curse"


def test_a_missing_icon_file_draws_nothing_rather_than_failing():
    pygame.init()
    pic = render(Picture((Layer("no-such-icon"),), "star", "above", "none"), 64, 40)
    assert pic.get_size() == (64, 40)


def test_a_wanted_picture_is_composed_between_frames_and_then_drawn_from_the_cache(content):
    """``want`` asks ahead; ``idle`` (the window's loop, between frames) composes it, so the
    draw that needs it finds it ready."""
    from fate.ui.kit import illustration

    pygame.init()
    while illustration.idle(budget=1.0):  # what tables drawn by earlier tests still wanted, composed first
        pass
    card = content.card("tome-13")
    illustration.want_card(card, content, 333, 141)
    assert illustration.idle(budget=1.0) >= 1
    ready = card_art(card, content, 333, 141)
    assert illustration.idle(budget=1.0) == 0  # nothing more was wanted
    assert card_art(card, content, 333, 141) is ready
