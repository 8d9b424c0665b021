"""The Altar's six places as scenes: each location's plaque carries a picture of where it
is (books for The Library, relics in cases for The Museum, an altar and candles for The
Ceremony, robed figures for The Gathering, lamplit streets for Arkham, a portal of stars
for The Other Worlds), in its Astral symbol's palette (fate/ui/kit/illustration.py).

The scene fills its plaque, bright enough to be seen; only the band behind the place's
name is shaded, so that the name keeps a contrast of at least 4.5 (WCAG) against what is
behind it (a test measures it). The Basic and Control Actions are not words on the plaque
but a row of symbols (fate/words/symbols.py, Root's way), each group on a dark pill; the
words are in the plaque's tooltip and How to Play. Drawn once per size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from fate.ui.kit import art
from fate.ui.kit.illustration import PALETTES, Layer, Picture, render, tinted
from fate.words import symbols as altar_symbols

L = Layer
# Each place: its layers (back to front), the palette (its symbol), light and texture.
# Sizes are of the plaque's height; x and y are fractions of its width and height.
SCENES: dict[str, Picture] = {
    "library": Picture((L("bookshelf", 0.8, 0.5, 0.95, glow=0.4), L("book-pile", 0.6, 0.78, 0.42, glow=0.3),
                        L("candle-light", 0.94, 0.72, 0.34, glow=0.6, shadow=False)),
                       "tome", "right", "hatch", vignette=0.5, frame=False),
    "museum": Picture((L("greek-temple", 0.8, 0.48, 0.98, alpha=200, glow=0.3),
                       L("egyptian-urns", 0.58, 0.74, 0.48, glow=0.4)),
                      "key", "above", "stone", vignette=0.5, frame=False),
    "ceremony": Picture((L("star-altar", 0.8, 0.56, 0.86, glow=0.5), L("candles", 0.58, 0.8, 0.42, glow=0.7)),
                        "flame", "below", "grain", vignette=0.5, frame=False),
    "gathering": Picture((L("robe", 0.62, 0.6, 0.66, alpha=190, glow=0.3),
                          L("robe", 0.94, 0.6, 0.66, flip=True, alpha=190, glow=0.3),
                          L("hooded-figure", 0.8, 0.56, 0.86, glow=0.5)),
                         "hood", "above", "grain", vignette=0.5, frame=False),
    "streets": Picture((L("street-light", 0.6, 0.5, 0.84, alpha=180, glow=0.5),
                        L("double-street-lights", 0.84, 0.5, 0.98, glow=0.6)),
                       "lantern", "above", "stone", vignette=0.5, frame=False),
    "other_worlds": Picture((L("star-gate", 0.64, 0.44, 0.6, alpha=150, glow=0.3, shadow=False),
                             L("magic-portal", 0.84, 0.52, 0.96, glow=0.8)),
                            "star", "behind", "stars", vignette=0.5, frame=False),
}
FAINT, CLEAR = 225, 255  # the scene's opacity at the plaque's left edge, and at its right
DARKEN = (205, 205, 205)  # the scene multiplied by this: lit, but under the candle light of the cloth
TINT = 0.35  # how far that turns toward the place's own light (keeping its darkness)
SHADE = 185  # the opacity of the dark band behind the name (it fades out below it)


def darken(light: tuple) -> tuple[int, int, int]:
    """What a scene is multiplied by on its plaque: ``DARKEN`` tinted toward the place's own
    light, as dark as ``DARKEN`` (the same luminance), so that the place keeps its colour."""
    tint = [DARKEN[i] + (light[i] - DARKEN[i]) * TINT for i in range(3)]
    lum = 0.2126 * tint[0] + 0.7152 * tint[1] + 0.0722 * tint[2]
    want = 0.2126 * DARKEN[0] + 0.7152 * DARKEN[1] + 0.0722 * DARKEN[2]
    return tuple(max(0, min(255, round(c * want / max(1.0, lum)))) for c in tint)


@lru_cache(maxsize=16)
def plaque(place: str, w: int, h: int, radius: int, name: tuple[int, int] = (0, 0)) -> pygame.Surface | None:
    """The place's scene for a plaque of ``w`` x ``h`` pixels with rounded corners of
    ``radius``, ready to lay over the plaque's fill; ``name`` is the top and height of the
    name's band, shaded (fading out below it) so that the name reads on any scene."""
    picture = SCENES.get(place)
    if picture is None or w < 8 or h < 8:
        return None
    surf = render(picture, w, h).copy()
    surf.fill(darken(PALETTES[picture.tone].light), special_flags=pygame.BLEND_RGB_MULT)
    surf = surf.convert_alpha() if pygame.display.get_surface() is not None else surf
    fade = pygame.Surface((2, 1), pygame.SRCALPHA)
    fade.set_at((0, 0), (255, 255, 255, FAINT))
    fade.set_at((1, 0), (255, 255, 255, CLEAR))
    mask = pygame.transform.smoothscale(fade, (w, h))
    corners = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(corners, (255, 255, 255, 255), corners.get_rect(), border_radius=radius)
    mask.blit(corners, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    top, tall = name
    if tall > 0:  # the name's band: dark across it and a little round it, fading out below
        solid = pygame.Rect(0, top - tall // 4, w, tall + tall // 2)
        dark = pygame.Surface(solid.size, pygame.SRCALPHA)
        dark.fill((6, 4, 12, SHADE))
        out.blit(dark, solid)
        fade = pygame.Surface((1, 2), pygame.SRCALPHA)
        fade.set_at((0, 0), (6, 4, 12, SHADE))
        fade.set_at((0, 1), (6, 4, 12, 0))
        out.blit(pygame.transform.smoothscale(fade, (w, tall)), (0, solid.bottom))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


# ---------------------------------------------------------------- the icon language
PILL = (10, 8, 16, 190)  # the dark pill each row of symbols stands on
INK = (236, 226, 204)  # the symbols' colour


@lru_cache(maxsize=64)
def symbol(verb: str, size: int, colour: tuple = INK) -> pygame.Surface:
    """One verb's symbol, ``size`` pixels square: its game-icon tinted, a piece of the table,
    or the arrow "then"."""
    icon = altar_symbols.VERBS[verb].icon
    if icon.startswith("piece:"):
        return art.glyph(icon.split(":", 1)[1], size, colour)
    if icon == "arrow":
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        m = size / 2
        pts = [(size * 0.22, m - size * 0.26), (size * 0.62, m), (size * 0.22, m + size * 0.26)]
        pygame.draw.lines(surf, colour, False, pts, max(2, size // 8))
        return surf
    return tinted(icon, size, colour)


def _step(verb: str, times: int, size: int, colour: tuple) -> pygame.Surface:
    """A step: the symbol, with pips down its right for two or three times (a die's way of
    counting, no numerals to read), or a "+" for "as many as you like"."""
    one = symbol(verb, size, colour)
    if verb == "then":
        return pygame.transform.smoothscale(one, (size * 2 // 3, size))
    extra = size // 4 if times != 1 else 0
    surf = pygame.Surface((size + extra, size), pygame.SRCALPHA)
    surf.blit(one, (0, 0))
    x = size + extra // 2
    if times == 0:  # "as many as you like": a small plus
        m, arm, line = size // 2, max(2, size // 8), max(2, size // 12)
        pygame.draw.line(surf, colour, (x - arm, m), (x + arm, m), line)
        pygame.draw.line(surf, colour, (x, m - arm), (x, m + arm), line)
    elif times > 1:
        r = max(2, size // 11)
        step = size / (times + 1)
        for i in range(times):
            pygame.draw.circle(surf, GOLD_PIP, (x, round(step * (i + 1))), r)
    return surf


GOLD_PIP = (236, 200, 120)


@lru_cache(maxsize=64)
def pill(steps: tuple, size: int, marker: tuple = GOLD_PIP) -> pygame.Surface:
    """One row of steps as symbols ``size`` pixels high on a dark pill."""
    pad = max(3, size // 5)
    parts = [_step(v, n, size, marker if v in ("basic", "control") else INK) for v, n in steps]
    w = sum(p.get_width() for p in parts) + pad * (len(parts) + 1)
    out = pygame.Surface((w, size + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(out, PILL, out.get_rect(), border_radius=(size + 2 * pad) // 2)
    x = pad
    for p in parts:
        out.blit(p, (x, pad))
        x += p.get_width() + pad
    return out


@lru_cache(maxsize=128)
def rules_row(place: str, size: int, gap: int) -> pygame.Surface:
    """The place's Basic and Control Actions as symbols ``size`` pixels high, each row on a
    dark pill, ``gap`` pixels apart; an empty surface for a place with no symbols."""
    pills = [pill(steps, size) for steps in altar_symbols.rows(place) if steps]
    if not pills:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    out = pygame.Surface((sum(p.get_width() for p in pills) + gap * (len(pills) - 1), pills[0].get_height()),
                         pygame.SRCALPHA)
    x = 0
    for p in pills:
        out.blit(p, (x, 0))
        x += p.get_width() + gap
    return out


@lru_cache(maxsize=64)
def fitted_row(place: str, size: int, gap: int, width: int) -> pygame.Surface:
    """``rules_row`` at the largest size up to ``size`` pixels that is at most ``width`` wide."""
    row = rules_row(place, size, gap)
    while row.get_width() > width and size > 12:
        size -= 1
        row = rules_row(place, size, gap)
    return row
