"""The Altar's six places as scenes: each location's plaque carries a picture of where it
is (books for The Library, relics in cases for The Museum, an altar and candles for The
Ceremony, robed figures for The Gathering, lamplit streets for Arkham, a portal of stars
for The Other Worlds), in its Astral symbol's palette (fate/ui/kit/illustration.py).

On a plaque the scene stands behind the rules text: faint on the side where the text
begins, clearer toward the right where the figures stand, and darkened so that the Basic
and Control lines stay readable at every Text size. Drawn once per size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from fate.ui.kit.illustration import PALETTES, Layer, Picture, render

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
FAINT, CLEAR = 60, 168  # the scene's opacity where the plaque's text begins, and at its right edge
DARKEN = (150, 150, 150)  # the scene multiplied by this, under the words
TINT = 0.45  # how far that turns toward the place's own light (keeping its darkness)


def darken(light: tuple) -> tuple[int, int, int]:
    """What a scene is multiplied by under the words: ``DARKEN`` tinted toward the place's own
    light, as dark as ``DARKEN`` (the same luminance), so that the place keeps its colour."""
    tint = [DARKEN[i] + (light[i] - DARKEN[i]) * TINT for i in range(3)]
    lum = 0.2126 * tint[0] + 0.7152 * tint[1] + 0.0722 * tint[2]
    want = 0.2126 * DARKEN[0] + 0.7152 * DARKEN[1] + 0.0722 * DARKEN[2]
    return tuple(max(0, min(255, round(c * want / max(1.0, lum)))) for c in tint)


@lru_cache(maxsize=16)
def plaque(place: str, w: int, h: int, radius: int) -> pygame.Surface | None:
    """The place's scene for a plaque of ``w`` x ``h`` pixels with rounded corners of
    ``radius``: fading in from the left, ready to lay over the plaque's fill."""
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
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out
