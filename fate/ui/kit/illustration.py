"""Illustrations: Game Icons recoloured, lit and framed by code (docs/art.md).

A picture is declared, not drawn by hand: a ``Picture`` is a few ``Layer``s (an icon,
where it stands, how large, its colour and light) over a ``tone`` (a palette), a light
and a texture. ``render(picture, w, h)`` composes it once per size and keeps it in a
cache; a card's ``art:`` field (fate/content/art.py) becomes a Picture through
``card_picture``, and ``card_art`` does both for a card. Nothing here runs in the frame
loop after the first draw of a picture at a size: ``warm`` renders ahead.

Every icon is loaded with ``pygame.image.load_sized_svg`` from assets/icons/ (white on
transparent, written by packaging/game_icons.py) and multiplied by its colours.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from fate.content.model import GOD, SPELL, Art, Card, Content
from fate.ground.paths import assets_dir

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    deep: RGB  # the darkest ground, at the picture's edges
    ground: RGB  # the ground under the light
    light: RGB  # the light itself, and the rim around a figure
    figure: RGB  # the main figure
    accent: RGB  # the accent and the texture's lines


def _p(deep, ground, light, figure, accent) -> Palette:
    return Palette(deep, ground, light, figure, accent)


# One palette per Astral symbol (close to its colour in data/symbols.yaml), per Elder God
# and per kind of card without a symbol. docs/art.md shows them side by side.
PALETTES: dict[str, Palette] = {
    "star": _p((14, 10, 34), (52, 36, 96), (214, 190, 255), (236, 226, 255), (170, 140, 250)),
    "key": _p((26, 16, 8), (84, 60, 28), (255, 214, 130), (246, 222, 160), (196, 150, 70)),
    "flame": _p((30, 8, 6), (102, 32, 18), (255, 170, 90), (255, 210, 170), (230, 90, 50)),
    "lantern": _p((8, 10, 22), (44, 46, 58), (255, 224, 130), (252, 236, 186), (236, 196, 96)),
    "hood": _p((8, 18, 10), (34, 62, 36), (190, 236, 160), (214, 236, 196), (120, 176, 104)),
    "tome": _p((8, 12, 30), (28, 44, 92), (170, 200, 255), (214, 226, 250), (104, 140, 220)),
    "cthulhu": _p((4, 18, 22), (16, 66, 70), (120, 240, 210), (170, 236, 214), (60, 160, 150)),
    "hastur": _p((22, 18, 4), (78, 66, 14), (255, 230, 90), (250, 226, 120), (190, 160, 40)),
    "nyarlathotep": _p((14, 6, 20), (48, 20, 60), (236, 130, 255), (226, 200, 236), (150, 60, 170)),
    "shub-niggurath": _p((10, 16, 6), (44, 58, 18), (200, 230, 110), (222, 214, 170), (120, 140, 50)),
    "yog-sothoth": _p((12, 10, 24), (50, 40, 80), (255, 236, 170), (236, 220, 255), (200, 170, 120)),
    "azathoth": _p((18, 4, 18), (70, 14, 50), (255, 120, 170), (250, 200, 226), (200, 60, 120)),
    "tsathoggua": _p((12, 10, 6), (52, 40, 22), (230, 170, 90), (214, 190, 150), (140, 100, 50)),
    "ithaqua": _p((8, 14, 22), (40, 62, 86), (220, 244, 255), (236, 246, 255), (140, 180, 210)),
    "artifact": _p((6, 18, 18), (26, 60, 56), (240, 210, 140), (236, 216, 170), (170, 150, 90)),
    "curse": _p((16, 4, 12), (62, 14, 36), (240, 96, 116), (232, 196, 200), (170, 40, 70)),
    "gate": _p((12, 6, 28), (46, 24, 96), (196, 150, 255), (228, 214, 255), (130, 90, 220)),
}
LIGHT_AT = {"above": (0.5, 0.12), "below": (0.5, 0.96), "behind": (0.5, 0.46), "left": (0.08, 0.3),
            "right": (0.92, 0.3)}
TEXTURES = ("grain", "hatch", "stone", "stars", "none")


@dataclass(frozen=True, slots=True)
class Layer:
    """One icon of a picture: its centre (x, y as fractions of the width and height), its
    size (a fraction of the picture's shorter side), colour (None: the palette's figure
    colour), turn (degrees), flip, opacity (0..255), and whether it is lit (a gradient from
    the light), carries a rim of light (``glow`` 0..1) and casts a shadow."""

    icon: str
    x: float = 0.5
    y: float = 0.5
    size: float = 0.8
    colour: RGB | None = None
    turn: int = 0
    flip: bool = False
    alpha: int = 255
    lit: bool = True
    glow: float = 0.6
    shadow: bool = True


@dataclass(frozen=True, slots=True)
class Picture:
    """A whole illustration: layers back to front over a tone's ground. ``texture`` is
    drawn by code (grain, hatch, stone, stars or none); ``vignette`` darkens the edges
    (0..1); ``frame`` draws a thin inner line in the light's colour."""

    layers: tuple[Layer, ...]
    tone: str = "artifact"
    light: str = "above"
    texture: str = "grain"
    vignette: float = 0.7
    frame: bool = True


# ---------------------------------------------------------------- icons
def icon_path(icon_id: str):
    return assets_dir() / "icons" / f"{icon_id}.svg"


@lru_cache(maxsize=256)
def white_icon(icon_id: str, size: int) -> pygame.Surface:
    """The icon ``icon_id`` at ``size`` pixels, white on transparent (a blank square if
    its file is missing or damaged: the content loader has refused unknown ids already)."""
    size = max(2, int(size))
    try:
        surf = pygame.image.load_sized_svg(str(icon_path(icon_id)), (size, size))
    except (pygame.error, OSError, ValueError):
        return pygame.Surface((size, size), pygame.SRCALPHA)
    if surf.get_size() != (size, size):
        surf = pygame.transform.smoothscale(surf, (size, size))
    return surf.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() else surf


def tinted(icon_id: str, size: int, colour: RGB, alpha: int = 255) -> pygame.Surface:
    """The icon in one flat colour (a shadow, a rim, a small mark)."""
    surf = white_icon(icon_id, size).copy()
    surf.fill((*colour, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _gradient(w: int, h: int, top: RGB, bottom: RGB, horizontal: bool = False) -> pygame.Surface:
    g = pygame.Surface((2, 1) if horizontal else (1, 2), pygame.SRCALPHA)
    g.set_at((0, 0), (*top, 255))
    g.set_at((1, 0) if horizontal else (0, 1), (*bottom, 255))
    return pygame.transform.smoothscale(g, (max(1, w), max(1, h)))


def lit_icon(icon_id: str, size: int, colour: RGB, pal: Palette, light: str) -> pygame.Surface:
    """The icon in ``colour``, brighter on the side the light comes from."""
    surf = white_icon(icon_id, size).copy()
    bright, dark = _mix(colour, (255, 255, 255), 0.3), _mix(colour, pal.deep, 0.45)
    if light == "below":
        bright, dark = dark, bright
    horizontal = light in ("left", "right")
    first, second = (bright, dark) if light != "right" else (dark, bright)
    surf.blit(_gradient(size, size, first, second, horizontal), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    r, g, bl = (int(a[i] + (b[i] - a[i]) * t) for i in range(3))
    return r, g, bl


# ---------------------------------------------------------------- composition
@lru_cache(maxsize=96)
def _backdrop(tone: str, light: str, texture: str, w: int, h: int) -> pygame.Surface:
    """Ground and texture of a tone at a size: shared by every picture of that tone, light
    and size (the pictures differ in their icons); copied before anything is drawn on it."""
    pal = PALETTES.get(tone, PALETTES["artifact"])
    canvas = _ground(w, h, pal, light)
    if texture != "none":
        _texture(canvas, texture, pal, zlib.crc32(f"{tone} {texture}".encode()))
    return canvas


def _ground(w: int, h: int, pal: Palette, light: str) -> pygame.Surface:
    """The tone's deep colour with a soft pool of light where the light comes from."""
    n = 32
    small = pygame.Surface((n, n))
    lx, ly = LIGHT_AT.get(light, LIGHT_AT["above"])
    for j in range(n):
        for i in range(n):
            d = math.hypot((i + 0.5) / n - lx, ((j + 0.5) / n - ly) * 0.9)
            small.set_at((i, j), _mix(pal.ground, pal.deep, min(1.0, d / 0.85) ** 0.9))
    return pygame.transform.smoothscale(small, (w, h))


def _texture(surf: pygame.Surface, kind: str, pal: Palette, seed: int) -> None:
    """Texture drawn by code, faint: grain, engraved hatching, stone joints or stars."""
    w, h = surf.get_size()
    rng = random.Random(seed)
    tex = pygame.Surface((w, h), pygame.SRCALPHA)
    line = (*pal.accent, 26)
    if kind == "hatch":
        step = max(4, min(w, h) // 28)
        for x in range(-h, w, step):
            pygame.draw.line(tex, line, (x, h), (x + h, 0))
    elif kind == "stone":
        row = max(8, h // 7)
        for j, y in enumerate(range(0, h, row)):
            pygame.draw.line(tex, (*pal.deep, 70), (0, y), (w, y))
            off = rng.randrange(row) + (j % 2) * row
            for x in range(off, w, row * 2):
                pygame.draw.line(tex, (*pal.deep, 70), (x, y), (x, y + row))
    elif kind == "stars":
        for _ in range(max(6, w * h // 900)):
            r = rng.choice((1, 1, 1, 2))
            pygame.draw.circle(tex, (*pal.light, rng.randrange(40, 140)), (rng.randrange(w), rng.randrange(h)), r)
    surf.blit(tex, (0, 0))
    if kind in ("grain", "hatch", "stone"):
        tile = _grain(pal)
        for y in range(0, h, tile.get_height()):
            for x in range(0, w, tile.get_width()):
                surf.blit(tile, (x, y))


@lru_cache(maxsize=32)
def _grain(pal: Palette) -> pygame.Surface:
    """A tile of faint specks, light and dark, repeated over the ground (paper, stone, skin)."""
    n = 96
    rng = random.Random(zlib.crc32(repr(pal).encode()))
    tile = pygame.Surface((n, n), pygame.SRCALPHA)
    for _ in range(n * n // 60):
        col = pal.light if rng.random() < 0.5 else pal.deep
        tile.set_at((rng.randrange(n), rng.randrange(n)), (*col, rng.randrange(10, 34)))
    return tile


@lru_cache(maxsize=64)
def _vignette(w: int, h: int, strength: float) -> pygame.Surface:
    n = 32
    small = pygame.Surface((n, n), pygame.SRCALPHA)
    for j in range(n):
        for i in range(n):
            dx, dy = abs((i + 0.5) / n - 0.5) * 2, abs((j + 0.5) / n - 0.5) * 2
            d = (dx ** 4 + dy ** 4) ** 0.25  # a rounded square: the corners darkest
            small.set_at((i, j), (0, 0, 0, int(255 * strength * min(1.0, max(0.0, (d - 0.5) / 0.5)) ** 1.7)))
    return pygame.transform.smoothscale(small, (w, h))


def _soft(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """``surf`` blurred by about ``radius`` pixels: blurred at a quarter of its size and
    scaled back up (as soft, and a tenth of the work at large sizes)."""
    w, h = surf.get_size()
    k = 4 if min(w, h) >= 64 else 1
    small = pygame.transform.smoothscale(surf, (max(1, w // k), max(1, h // k))) if k > 1 else surf
    small = pygame.transform.gaussian_blur(small, max(1, radius // k))
    return pygame.transform.smoothscale(small, (w, h)) if k > 1 else small


def _layer(canvas: pygame.Surface, layer: Layer, pal: Palette, light: str) -> None:
    w, h = canvas.get_size()
    size = max(4, int(layer.size * min(w, h)))
    colour = layer.colour or pal.figure
    figure = lit_icon(layer.icon, size, colour, pal, light) if layer.lit else tinted(layer.icon, size, colour)
    shadow = tinted(layer.icon, size, (0, 0, 0), 170) if layer.shadow else None
    rim = tinted(layer.icon, size, pal.light) if layer.glow > 0 else None

    def posed(s: pygame.Surface) -> pygame.Surface:
        if layer.flip:
            s = pygame.transform.flip(s, True, False)
        if layer.turn:
            s = pygame.transform.rotozoom(s, -layer.turn, 1.0)
        return s

    figure = posed(figure)
    shadow = posed(shadow) if shadow is not None else None
    rim = posed(rim) if rim is not None else None
    centre = (layer.x * w, layer.y * h)
    blur = max(1, size // 24)
    lx, ly = LIGHT_AT.get(light, LIGHT_AT["above"])
    if shadow is not None:
        dx, dy = (0.5 - lx) * size * 0.08, (0.5 - ly) * size * 0.08 + size * 0.02
        shadow = _soft(shadow, blur)
        if layer.alpha < 255:
            shadow.set_alpha(layer.alpha)
        canvas.blit(shadow, shadow.get_rect(center=(centre[0] + dx, centre[1] + dy)))
    if rim is not None:
        halo = _soft(rim, max(1, size // 14))
        halo.fill((255, 255, 255, int(255 * min(1.0, layer.glow) * layer.alpha / 255)),
                  special_flags=pygame.BLEND_RGBA_MULT)
        # added as light: premultiplied, so the transparent pixels around it add nothing
        canvas.blit(halo.premul_alpha(), halo.get_rect(center=centre), special_flags=pygame.BLEND_RGB_ADD)
    if layer.alpha < 255:
        figure.set_alpha(layer.alpha)
    canvas.blit(figure, figure.get_rect(center=centre))


CACHE_SIZE = 512  # pictures kept (a card at hand size is some 30 KB, in the preview some 200 KB)
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()  # (picture, w, h) -> surface, oldest first
_wanted: OrderedDict[tuple, None] = OrderedDict()  # pictures to compose when the game has time


def render(picture: Picture, w: int, h: int) -> pygame.Surface:
    """The picture composed at ``w`` x ``h`` pixels: from the cache, or composed now and kept."""
    key = (picture, max(8, int(w)), max(8, int(h)))
    surf = _cache.get(key)
    if surf is None:
        surf = _cache[key] = _compose(*key)
        _wanted.pop(key, None)
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return surf


def want(picture: Picture, w: int, h: int) -> None:
    """Ask for the picture at this size before it is drawn: ``idle`` composes it between
    frames (a card's preview while the card is in view, the gallery's next page)."""
    key = (picture, max(8, int(w)), max(8, int(h)))
    if key not in _cache and len(_wanted) < CACHE_SIZE:
        _wanted[key] = None


def idle(budget: float = 0.004) -> int:
    """Compose wanted pictures for up to ``budget`` seconds (the window's loop calls it after a
    frame is shown); how many it composed."""
    end, done = time.perf_counter() + budget, 0
    while _wanted and time.perf_counter() < end:
        key, _ = _wanted.popitem(last=False)
        render(*key)
        done += 1
    return done


def _compose(picture: Picture, w: int, h: int) -> pygame.Surface:
    pal = PALETTES.get(picture.tone, PALETTES["artifact"])
    canvas = _backdrop(picture.tone, picture.light, picture.texture, w, h).copy()
    for layer in picture.layers:
        _layer(canvas, layer, pal, picture.light)
    if picture.vignette > 0:
        canvas.blit(_vignette(w, h, min(1.0, picture.vignette)), (0, 0))
    if picture.frame and min(w, h) >= 24:
        edge = max(1, min(w, h) // 90)
        pygame.draw.rect(canvas, _mix(pal.light, pal.deep, 0.45), canvas.get_rect().inflate(-2 * edge, -2 * edge), edge)
        pygame.draw.rect(canvas, pal.deep, canvas.get_rect(), edge)
    return canvas


# ---------------------------------------------------------------- cards
# Where a card's figure and accent stand in each scene: (x, y, size) for each, and how
# the accent is drawn (docs/art.md, "Composition").
SCENE_LAYOUT = {
    "centre": ((0.5, 0.54, 0.86), (0.8, 0.74, 0.36)),
    "rise": ((0.5, 0.62, 0.9), (0.5, 0.2, 0.34)),
    "pair": ((0.34, 0.56, 0.74), (0.72, 0.5, 0.56)),
    "behind": ((0.5, 0.56, 0.76), (0.5, 0.46, 1.2)),
    "orbit": ((0.5, 0.52, 0.7), (0.0, 0.0, 0.26)),
    "below": ((0.5, 0.4, 0.7), (0.5, 0.8, 0.42)),
}


def card_picture(art: Art, tone: str) -> Picture:
    """A card's ``art:`` field as a Picture in ``tone`` (the card's own, unless the field
    names one). Card pictures are wider than tall: sizes are of the height."""
    tone = art.tone or tone
    pal = PALETTES.get(tone, PALETTES["artifact"])
    (fx, fy, fs), (ax, ay, asz) = SCENE_LAYOUT.get(art.scene, SCENE_LAYOUT["centre"])
    layers: list[Layer] = []
    if art.accent:
        if art.scene == "behind":
            layers.append(Layer(art.accent, ax, ay, asz, pal.accent, alpha=150, lit=False, glow=0.0, shadow=False))
        elif art.scene == "orbit":
            for k in range(5):
                a = math.pi * (0.95 + 0.275 * k)
                layers.append(Layer(art.accent, 0.5 + 0.3 * math.cos(a), 0.52 + 0.42 * math.sin(a), asz,
                                    pal.accent, glow=0.3, shadow=False))
        else:
            layers.append(Layer(art.accent, ax, ay, asz, pal.accent, glow=0.35))
    figure = Layer(art.figure, fx, fy, fs, pal.figure, turn=art.turn, flip=art.flip, glow=0.7)
    if art.scene in ("centre", "rise", "pair", "below"):
        layers.append(figure)  # in front of its accent
    else:
        layers.insert(len(layers) if art.scene == "behind" else 0, figure)
    texture = {"star": "stars", "gate": "stars", "azathoth": "stars", "yog-sothoth": "stars",
               "tome": "hatch", "key": "hatch", "curse": "hatch", "artifact": "stone"}.get(tone, "grain")
    return Picture(tuple(layers), tone, art.light, texture)


def card_tone(card: Card, content: Content) -> str:
    """A card's own palette: its Astral symbol's (Spells), its god's, or its kind's."""
    if card.kind == SPELL and 0 <= card.symbol < len(content.symbols):
        return content.symbols[card.symbol].id
    if card.kind == GOD:
        return card.id if card.id in PALETTES else "nyarlathotep"
    return card.kind if card.kind in PALETTES else "artifact"


def card_art(card: Card, content: Content, w: int, h: int) -> pygame.Surface | None:
    """The card's illustration at ``w`` x ``h`` pixels (cached), or None if it has none."""
    if card.art is None or w < 8 or h < 8:
        return None
    return render(card_picture(card.art, card_tone(card, content)), int(w), int(h))


def want_card(card: Card, content: Content, w: int, h: int) -> None:
    """``want`` for a card's picture."""
    if card.art is not None and w >= 8 and h >= 8:
        want(card_picture(card.art, card_tone(card, content)), int(w), int(h))


def warm(cards, content: Content, sizes) -> None:
    """Render every card's picture at each (w, h) of ``sizes`` now."""
    for card in cards:
        for w, h in sizes:
            card_art(card, content, w, h)


def with_tone(picture: Picture, tone: str) -> Picture:
    return replace(picture, tone=tone)
