"""The Elder Gods' own pictures: each god's portrait (several Game Icons composed in its
palette and light, fate/ui/kit/illustration.py), its sigil (its mark in a double ring of
carved strokes, which marks its Lodge, its Summon track and its pieces' base) and the
sigil as fire (its summoning). docs/art.md, "The Elder Gods".

Every picture is drawn once per size and kept (never in the frame loop); the icons come
through the illustration module's one loader.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from fate.ui.kit.illustration import PALETTES, Layer, Picture, render, tinted

L = Layer  # the portraits below read as a table
# Each god's portrait, back to front: (layers, light, texture). Sizes are of the shorter side.
PORTRAITS: dict[str, tuple[tuple[Layer, ...], str, str]] = {
    "cthulhu": ((L("kraken-tentacle", 0.2, 0.66, 0.62, alpha=150, glow=0.2, shadow=False),
                 L("kraken-tentacle", 0.8, 0.66, 0.62, flip=True, alpha=150, glow=0.2, shadow=False),
                 L("octopus", 0.5, 0.5, 0.74, glow=0.8)), "below", "hatch"),
    "hastur": ((L("pentagram-rose", 0.5, 0.42, 0.98, alpha=70, lit=False, glow=0.0, shadow=False),
                L("robe", 0.5, 0.8, 0.62, glow=0.3),
                L("crowned-skull", 0.5, 0.4, 0.56, glow=0.8)), "above", "grain"),
    "nyarlathotep": ((L("all-seeing-eye", 0.5, 0.46, 1.0, alpha=60, lit=False, glow=0.0, shadow=False),
                      L("anubis", 0.22, 0.7, 0.38, flip=True, glow=0.3),
                      L("egyptian-profile", 0.58, 0.5, 0.76, glow=0.8)), "left", "hatch"),
    "shub-niggurath": ((L("kraken-tentacle", 0.18, 0.7, 0.56, alpha=160, glow=0.2, shadow=False),
                        L("kraken-tentacle", 0.82, 0.7, 0.56, flip=True, alpha=160, glow=0.2, shadow=False),
                        L("goat", 0.52, 0.48, 0.72, glow=0.8)), "below", "grain"),
    "yog-sothoth": ((L("galaxy", 0.5, 0.5, 1.08, alpha=110, lit=False, glow=0.3, shadow=False),
                     L("star-gate", 0.5, 0.5, 0.9, alpha=70, lit=False, glow=0.0, shadow=False),
                     L("triorb", 0.5, 0.5, 0.6, glow=0.9)), "behind", "stars"),
    "azathoth": ((L("galaxy", 0.5, 0.5, 1.1, turn=30, alpha=100, lit=False, glow=0.2, shadow=False),
                  L("vortex", 0.5, 0.5, 0.76, glow=0.9)), "behind", "stars"),
    "tsathoggua": ((L("vortex", 0.5, 0.42, 0.96, alpha=60, lit=False, glow=0.0, shadow=False),
                    L("toad-teeth", 0.5, 0.56, 0.7, glow=0.7)), "below", "stone"),
    "ithaqua": ((L("snowflake-2", 0.18, 0.22, 0.22, alpha=170, glow=0.4, shadow=False),
                 L("snowflake-2", 0.84, 0.3, 0.16, turn=20, alpha=150, glow=0.4, shadow=False),
                 L("snowflake-2", 0.8, 0.8, 0.2, turn=-15, alpha=150, glow=0.4, shadow=False),
                 L("whirlwind", 0.48, 0.54, 0.78, glow=0.8)), "above", "grain"),
}
# The one icon at the heart of each god's sigil
MARKS = {"cthulhu": "octopus", "hastur": "crowned-skull", "nyarlathotep": "egyptian-profile",
         "shub-niggurath": "goat", "yog-sothoth": "triorb", "azathoth": "vortex", "tsathoggua": "toad-teeth",
         "ithaqua": "whirlwind"}
UNKNOWN = "nyarlathotep"  # a god the tables above do not name (new data) borrows a palette


def _god(god: str) -> str:
    return god if god in PORTRAITS else UNKNOWN


def colour(god: str) -> tuple[int, int, int]:
    """The god's light: its sigil's colour."""
    return PALETTES[_god(god)].light


def accent(god: str) -> tuple[int, int, int]:
    return PALETTES[_god(god)].accent


@lru_cache(maxsize=32)
def portrait(god: str, w: int, h: int | None = None) -> pygame.Surface:
    """The god's portrait at ``w`` x ``h`` pixels (square when ``h`` is left out)."""
    g = _god(god)
    layers, light, texture = PORTRAITS[g]
    return render(Picture(layers, g, light, texture, vignette=0.8), max(8, w), max(8, h or w))


@lru_cache(maxsize=16)
def medallion(god: str, size: int) -> pygame.Surface:
    """The portrait in a round frame of the god's light (the finale's god rising)."""
    size = max(8, size)
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    face.blit(portrait(god, size), (0, 0))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size / 2, size / 2), size / 2 - 1)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.blit(face, (0, 0))
    w = max(2, size // 70)
    pygame.draw.circle(out, colour(god), (size / 2, size / 2), size / 2 - w / 2, w)
    pygame.draw.circle(out, accent(god), (size / 2, size / 2), size / 2 - 2.5 * w, max(1, w // 2))
    return out


def _strokes(surf: pygame.Surface, c: float, r: float, col: tuple, seed: int, n: int, w: int) -> None:
    """A ring of small carved marks (no letters of any script): a stroke or two, or a ring."""
    rnd = random.Random(seed)
    for k in range(n):
        a = k * 2 * math.pi / n
        x, y = c + r * math.cos(a), c + r * math.sin(a)
        s = r * 0.075
        kind = rnd.randrange(4)
        ca, sa = math.cos(a), math.sin(a)
        if kind in (0, 2):
            pygame.draw.line(surf, col, (x - s * ca, y - s * sa), (x + s * ca, y + s * sa), w)
        if kind in (1, 2):
            pygame.draw.line(surf, col, (x - s * sa, y + s * ca), (x + s * sa, y - s * ca), w)
        if kind == 3:
            pygame.draw.circle(surf, col, (x, y), s * 0.6, w)


@lru_cache(maxsize=96)
def sigil(god: str, size: int, tint: tuple | None = None, ring: bool = True) -> pygame.Surface:
    """The god's sigil, ``size`` pixels square, in its light (or ``tint``): its mark, and
    around it (``ring``) a double ring of carved strokes. Small sigils drop the strokes."""
    size = max(8, size)
    col = tuple((tint or colour(god))[:3])
    if not ring:
        return tinted(MARKS[_god(god)], size, col)
    big = size * 2 if size < 200 else size  # drawn large and smoothed down: soft edges
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    w = max(2, big // (36 if size >= 64 else 20))  # a small sigil: bolder lines, a larger mark
    pygame.draw.circle(surf, col, (c, c), c - w / 2, w)
    pygame.draw.circle(surf, col, (c, c), c * 0.72, max(1, w // 2))
    if size >= 48:
        _strokes(surf, c, c * 0.86, col, sum(map(ord, god)), 12, max(1, w // 2))
    else:
        for k in range(8):  # a small sigil: eight studs instead of strokes
            a = k * math.pi / 4
            pygame.draw.circle(surf, col, (c + c * 0.86 * math.cos(a), c + c * 0.86 * math.sin(a)), w * 0.8)
    mark = tinted(MARKS[_god(god)], int(big * (0.56 if size >= 64 else 0.64)), col)
    surf.blit(mark, mark.get_rect(center=(c, c)))
    return pygame.transform.smoothscale(surf, (size, size)) if big != size else surf


@lru_cache(maxsize=64)
def base(god: str, w: int, rim: tuple) -> pygame.Surface:
    """The round base a cult's figure stands on, seen from the side: a dark disc with the
    cult's colour at its rim and the god's sigil on its top."""
    w = max(8, w)
    h = max(4, w * 2 // 5)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (10, 8, 14, 230), surf.get_rect())
    pygame.draw.ellipse(surf, (*rim[:3], 255), surf.get_rect(), max(1, w // 16))
    mark = pygame.transform.smoothscale(sigil(god, w, colour(god)), (int(w * 0.8), int(h * 0.8)))
    mark.set_alpha(200)
    surf.blit(mark, mark.get_rect(center=(w / 2, h / 2)))
    return surf


@lru_cache(maxsize=8)
def burning_sigil(god: str, size: int) -> pygame.Surface:
    """The sigil as fire (a summoning): white-hot strokes in a wide red-orange blaze."""
    size = max(8, size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    blaze = pygame.transform.gaussian_blur(sigil(god, size, (255, 84, 16)), max(2, size // 28))
    heat = pygame.transform.gaussian_blur(sigil(god, size, (255, 170, 50)), max(1, size // 90))
    for layer in (blaze, blaze, blaze, heat, heat):
        surf.blit(layer, (0, 0))
    surf.blit(sigil(god, size, (255, 240, 200)), (0, 0))
    return surf


@lru_cache(maxsize=96)
def glow(size: int, rgb: tuple, strength: int = 200) -> pygame.Surface:
    """A round light fading from ``rgb`` at its heart to nothing at its edge."""
    small = max(8, min(64, size // 4))
    surf = pygame.Surface((small, small), pygame.SRCALPHA)
    c = small / 2
    for i in range(int(c), 0, -1):
        t = i / c
        pygame.draw.circle(surf, (*rgb[:3], int(strength * (1 - t) ** 1.6)), (c, c), i)
    return pygame.transform.smoothscale(surf, (max(1, size), max(1, size)))


def warm(gods: list[str], sizes: dict[str, int]) -> None:
    """Render ahead what a screen will ask for (``sizes``: what -> pixels)."""
    for g in gods:
        if "portrait" in sizes:
            portrait(g, sizes["portrait"])
        if "sigil" in sizes:
            sigil(g, sizes["sigil"])
