"""The game's art, drawn in code: Astral Symbols, die faces, figures, tokens,
card backs and the table itself.

Each picture is drawn once per size at four times its size and smooth-scaled
down (soft edges without a vector library), then cached.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from fate.ui.kit.theme import BRONZE, GOLD, NIGHT, NIGHT_2, mix

SS = 4  # supersampling factor


def _canvas(size: int) -> tuple[pygame.Surface, float]:
    s = max(4, size) * SS
    return pygame.Surface((s, s), pygame.SRCALPHA), float(s)


def _done(surf: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (max(4, size), max(4, size)))


def _pts(points, s: float, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
    return [((x + dx) * s, (y + dy) * s) for x, y in points]


def _star_points(cx, cy, r_out, r_in, n, rot=-math.pi / 2):
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# ------------------------------------------------------------------ symbols
def _star(c, s, col):
    pygame.draw.polygon(c, col, _pts(_star_points(0.5, 0.5, 0.48, 0.2, 8), s))
    pygame.draw.circle(c, mix(col, (255, 255, 255), 0.5), (0.5 * s, 0.5 * s), 0.1 * s)


def _key(c, s, col):
    w = max(2, int(0.08 * s))
    pygame.draw.circle(c, col, (0.3 * s, 0.3 * s), 0.2 * s, w)
    pygame.draw.line(c, col, (0.43 * s, 0.43 * s), (0.88 * s, 0.88 * s), w + 2)
    for t in (0.68, 0.8):
        x, y = t * s, t * s
        pygame.draw.line(c, col, (x, y), (x + 0.14 * s, y - 0.14 * s), w)


def _flame(c, s, col):
    outer = [(0.5, 0.04), (0.72, 0.34), (0.84, 0.6), (0.74, 0.86), (0.5, 0.96), (0.26, 0.86),
             (0.16, 0.6), (0.3, 0.4), (0.4, 0.52), (0.42, 0.3)]
    pygame.draw.polygon(c, col, _pts(outer, s))
    inner = [(0.52, 0.42), (0.64, 0.64), (0.6, 0.84), (0.5, 0.9), (0.4, 0.84), (0.38, 0.66)]
    pygame.draw.polygon(c, mix(col, (255, 240, 200), 0.6), _pts(inner, s))


def _lantern(c, s, col):
    w = max(2, int(0.06 * s))
    pygame.draw.arc(c, col, pygame.Rect(0.36 * s, 0.02 * s, 0.28 * s, 0.24 * s), 0, math.pi, w)
    pygame.draw.rect(c, col, pygame.Rect(0.28 * s, 0.16 * s, 0.44 * s, 0.08 * s))
    pygame.draw.rect(c, col, pygame.Rect(0.3 * s, 0.24 * s, 0.4 * s, 0.56 * s), w, border_radius=int(0.06 * s))
    pygame.draw.circle(c, mix(col, (255, 250, 220), 0.7), (0.5 * s, 0.52 * s), 0.12 * s)
    pygame.draw.rect(c, col, pygame.Rect(0.24 * s, 0.8 * s, 0.52 * s, 0.1 * s))


def _hood(c, s, col):
    pygame.draw.polygon(c, col, _pts([(0.5, 0.04), (0.84, 0.44), (0.94, 0.96), (0.06, 0.96),
                                      (0.16, 0.44)], s))
    pygame.draw.ellipse(c, (10, 8, 14, 255), pygame.Rect(0.32 * s, 0.3 * s, 0.36 * s, 0.4 * s))
    pygame.draw.circle(c, mix(col, (255, 255, 255), 0.4), (0.43 * s, 0.5 * s), 0.035 * s)
    pygame.draw.circle(c, mix(col, (255, 255, 255), 0.4), (0.57 * s, 0.5 * s), 0.035 * s)


def _tome(c, s, col):
    pygame.draw.polygon(c, col, _pts([(0.06, 0.2), (0.48, 0.28), (0.48, 0.92), (0.06, 0.82)], s))
    pygame.draw.polygon(c, col, _pts([(0.94, 0.2), (0.52, 0.28), (0.52, 0.92), (0.94, 0.82)], s))
    dark = mix(col, (0, 0, 0), 0.55)
    w = max(1, int(0.03 * s))
    for i in range(3):
        y = 0.42 + i * 0.13
        pygame.draw.line(c, dark, (0.14 * s, y * s), (0.42 * s, (y + 0.05) * s), w)
        pygame.draw.line(c, dark, (0.86 * s, y * s), (0.58 * s, (y + 0.05) * s), w)


# ------------------------------------------------------------------ die faces
def _tentacle(c, s, col):
    for i in range(16):
        t = i / 15
        x = 0.25 + 0.5 * t + 0.12 * math.sin(t * 7.0)
        y = 0.88 - 0.76 * t
        pygame.draw.circle(c, col, (x * s, y * s), (0.13 - 0.1 * t) * s)
    for i in range(5):
        t = 0.15 + i * 0.15
        x = 0.25 + 0.5 * t + 0.12 * math.sin(t * 7.0)
        pygame.draw.circle(c, (20, 10, 20, 255), ((x - 0.04) * s, (0.88 - 0.76 * t) * s), 0.022 * s)


def _dagger(c, s, col):
    pygame.draw.polygon(c, col, _pts([(0.5, 0.04), (0.6, 0.6), (0.4, 0.6)], s))
    pygame.draw.rect(c, col, pygame.Rect(0.22 * s, 0.6 * s, 0.56 * s, 0.08 * s))
    pygame.draw.rect(c, mix(col, (0, 0, 0), 0.4), pygame.Rect(0.45 * s, 0.68 * s, 0.1 * s, 0.22 * s))
    pygame.draw.circle(c, col, (0.5 * s, 0.93 * s), 0.06 * s)


def _pentagram(c, s, col):
    w = max(2, int(0.045 * s))
    pygame.draw.circle(c, col, (0.5 * s, 0.52 * s), 0.44 * s, w)
    pts = [(0.5 + 0.42 * math.cos(-math.pi / 2 + k * 4 * math.pi / 5),
            0.52 + 0.42 * math.sin(-math.pi / 2 + k * 4 * math.pi / 5)) for k in range(5)]
    pygame.draw.lines(c, col, True, _pts(pts, s), w)


def _elder_sign(c, s, col, broken=False):
    w = max(2, int(0.06 * s))
    pts = _star_points(0.5, 0.52, 0.46, 0.2, 5)
    pygame.draw.polygon(c, col, _pts(pts, s), w)
    # the burning eye at its heart
    pygame.draw.ellipse(c, col, pygame.Rect(0.36 * s, 0.44 * s, 0.28 * s, 0.16 * s), max(1, w // 2))
    pygame.draw.circle(c, col, (0.5 * s, 0.52 * s), 0.05 * s)
    if broken:
        crack = [(0.66, 0.02), (0.52, 0.3), (0.62, 0.44), (0.44, 0.7), (0.52, 0.8), (0.36, 0.98)]
        pygame.draw.lines(c, (230, 70, 60, 255), False, _pts(crack, s), w)


def _skull(c, s, col):
    pygame.draw.ellipse(c, col, pygame.Rect(0.14 * s, 0.06 * s, 0.72 * s, 0.64 * s))
    pygame.draw.rect(c, col, pygame.Rect(0.3 * s, 0.56 * s, 0.4 * s, 0.3 * s), border_radius=int(0.06 * s))
    hole = (16, 10, 16, 255)
    pygame.draw.ellipse(c, hole, pygame.Rect(0.26 * s, 0.32 * s, 0.18 * s, 0.18 * s))
    pygame.draw.ellipse(c, hole, pygame.Rect(0.56 * s, 0.32 * s, 0.18 * s, 0.18 * s))
    pygame.draw.polygon(c, hole, _pts([(0.5, 0.52), (0.45, 0.62), (0.55, 0.62)], s))
    for x in (0.38, 0.5, 0.62):
        pygame.draw.line(c, hole, (x * s, 0.72 * s), (x * s, 0.86 * s), max(1, int(0.03 * s)))


# ------------------------------------------------------------------ figures and tokens
def _cultist(c, s, col):
    dark = mix(col, (0, 0, 0), 0.6)
    robe = [(0.5, 0.14), (0.78, 0.5), (0.9, 0.96), (0.1, 0.96), (0.22, 0.5)]
    pygame.draw.polygon(c, dark, _pts(robe, s, 0.0, 0.0))
    inner = [(0.5, 0.2), (0.72, 0.52), (0.82, 0.92), (0.18, 0.92), (0.28, 0.52)]
    pygame.draw.polygon(c, col, _pts(inner, s))
    pygame.draw.circle(c, dark, (0.5 * s, 0.3 * s), 0.17 * s)
    pygame.draw.circle(c, col, (0.5 * s, 0.3 * s), 0.14 * s)
    pygame.draw.ellipse(c, (8, 6, 10, 255), pygame.Rect(0.41 * s, 0.26 * s, 0.18 * s, 0.14 * s))


def _investigator(c, s, col):
    dark = mix(col, (0, 0, 0), 0.6)
    pygame.draw.polygon(c, dark, _pts([(0.26, 0.46), (0.74, 0.46), (0.86, 0.96), (0.14, 0.96)], s))
    pygame.draw.polygon(c, col, _pts([(0.3, 0.5), (0.7, 0.5), (0.8, 0.92), (0.2, 0.92)], s))
    pygame.draw.circle(c, dark, (0.5 * s, 0.34 * s), 0.15 * s)
    pygame.draw.circle(c, mix(col, (255, 230, 200), 0.3), (0.5 * s, 0.34 * s), 0.12 * s)
    pygame.draw.rect(c, dark, pygame.Rect(0.18 * s, 0.2 * s, 0.64 * s, 0.06 * s))  # hat brim
    pygame.draw.rect(c, dark, pygame.Rect(0.32 * s, 0.06 * s, 0.36 * s, 0.16 * s), border_radius=int(0.03 * s))


def _fate_piece(c, s, col):
    light = mix(col, (255, 255, 255), 0.45)
    pygame.draw.polygon(c, mix(col, (0, 0, 0), 0.5), _pts([(0.5, 0.0), (0.76, 0.22), (0.7, 1.0), (0.3, 1.0),
                                                             (0.24, 0.22)], s))
    pygame.draw.polygon(c, col, _pts([(0.5, 0.06), (0.7, 0.24), (0.64, 0.96), (0.36, 0.96), (0.3, 0.24)], s))
    pygame.draw.polygon(c, light, _pts([(0.5, 0.1), (0.6, 0.24), (0.5, 0.9), (0.42, 0.24)], s))


def _squall(c, s, col):
    w = max(2, int(0.06 * s))
    for k in range(6):
        a = k * math.pi / 3
        x, y = 0.5 + 0.44 * math.cos(a), 0.5 + 0.44 * math.sin(a)
        pygame.draw.line(c, col, (0.5 * s, 0.5 * s), (x * s, y * s), w)
        for t in (0.55,):
            bx, by = 0.5 + 0.44 * t * math.cos(a), 0.5 + 0.44 * t * math.sin(a)
            for da in (-0.6, 0.6):
                pygame.draw.line(c, col, (bx * s, by * s),
                                 ((bx + 0.14 * math.cos(a + da)) * s, (by + 0.14 * math.sin(a + da)) * s), w)


def _gate(c, s, col):
    for i in range(6):
        r = 0.46 - i * 0.07
        pygame.draw.circle(c, mix(col, (0, 0, 0), i * 0.12), (0.5 * s, 0.5 * s), r * s, max(2, int(0.04 * s)))
    pygame.draw.circle(c, (6, 4, 10, 255), (0.5 * s, 0.5 * s), 0.08 * s)


def _curse(c, s, col):
    pygame.draw.polygon(c, col, _pts([(0.5, 0.04), (0.96, 0.5), (0.5, 0.96), (0.04, 0.5)], s))
    pygame.draw.ellipse(c, (10, 4, 6, 255), pygame.Rect(0.22 * s, 0.36 * s, 0.56 * s, 0.28 * s))
    pygame.draw.circle(c, col, (0.5 * s, 0.5 * s), 0.1 * s)
    pygame.draw.circle(c, (10, 4, 6, 255), (0.5 * s, 0.5 * s), 0.04 * s)


def _eye(c, s, col):
    pygame.draw.ellipse(c, col, pygame.Rect(0.04 * s, 0.26 * s, 0.92 * s, 0.48 * s))
    pygame.draw.circle(c, (8, 6, 10, 255), (0.5 * s, 0.5 * s), 0.2 * s)
    pygame.draw.circle(c, mix(col, (255, 255, 255), 0.6), (0.5 * s, 0.5 * s), 0.07 * s)


GLYPHS = {
    "star": _star, "key": _key, "flame": _flame, "lantern": _lantern, "hood": _hood, "tome": _tome,
    "tentacle": _tentacle, "dagger": _dagger, "pentagram": _pentagram, "elder_sign": _elder_sign,
    "broken_sign": lambda c, s, col: _elder_sign(c, s, col, broken=True), "skull": _skull,
    "cultist": _cultist, "investigator": _investigator, "fate": _fate_piece, "squall": _squall,
    "gate": _gate, "curse": _curse, "eye": _eye,
}


@lru_cache(maxsize=1024)
def glyph(name: str, size: int, colour: tuple, mark: str = "") -> pygame.Surface:
    """A picture by name, ``size`` pixels square, in ``colour``; with ``mark``
    (a cult's shape, theme.CULT_MARKS) cut into it, so that a cult's pieces are
    told apart by shape as well as colour."""
    c, s = _canvas(size)
    GLYPHS[name](c, s, (*colour[:3], 255))
    if mark:
        cx, cy, r, fill = MARK_SPOT.get(name, (0.5, 0.5, 0.2, (10, 8, 14, 255)))
        _mark(c, mark, cx * s, cy * s, r * s, fill, None)
    return _done(c, size)


# where a cult's mark sits on a figure: centre x, centre y, radius (fractions of the size), and its fill:
# cut dark into a Cultist's robe, light in the Summon token's dark pupil
MARK_SPOT = {"cultist": (0.5, 0.7, 0.17, (10, 8, 14, 255)), "eye": (0.5, 0.5, 0.15, (240, 236, 220, 255))}


def _mark(c: pygame.Surface, mark: str, x: float, y: float, r: float, fill: tuple, edge: tuple | None) -> None:
    """One of the six cult shapes, centred on (x, y), about ``r`` in radius ("" is a plain disc)."""
    if mark in ("circle", ""):
        pygame.draw.circle(c, fill, (x, y), r * 0.9)
        if edge:
            pygame.draw.circle(c, edge, (x, y), r * 0.9, max(1, int(r * 0.22)))
        return
    if mark == "triangle":
        pts = [(x, y - r), (x + r * 0.95, y + r * 0.75), (x - r * 0.95, y + r * 0.75)]
    elif mark == "square":
        pts = [(x - r * 0.78, y - r * 0.78), (x + r * 0.78, y - r * 0.78), (x + r * 0.78, y + r * 0.78),
               (x - r * 0.78, y + r * 0.78)]
    elif mark == "diamond":
        pts = [(x, y - r * 1.05), (x + r * 0.8, y), (x, y + r * 1.05), (x - r * 0.8, y)]
    elif mark == "star":
        pts = _star_points(x, y, r * 1.1, r * 0.48, 5)
    elif mark == "cross":
        a, b = r * 0.95, r * 0.34
        pts = [(x - b, y - a), (x + b, y - a), (x + b, y - b), (x + a, y - b), (x + a, y + b), (x + b, y + b),
               (x + b, y + a), (x - b, y + a), (x - b, y + b), (x - a, y + b), (x - a, y - b), (x - b, y - b)]
    else:
        raise ValueError(f"unknown cult mark {mark!r}")
    pygame.draw.polygon(c, fill, pts)
    if edge:
        pygame.draw.polygon(c, edge, pts, max(1, int(r * 0.22)))


@lru_cache(maxsize=256)
def mark(shape: str, size: int, colour: tuple) -> pygame.Surface:
    """A cult's shape on its own, in its colour with a dark edge (Lodge plaques, charts)."""
    c, s = _canvas(size)
    _mark(c, shape, 0.5 * s, 0.5 * s, 0.42 * s, (*colour[:3], 255), (10, 8, 14, 255))
    return _done(c, size)


# ------------------------------------------------------------------ cards and dice
@lru_cache(maxsize=256)
def card_back(w: int, h: int, symbol_colour: tuple, symbol: str) -> pygame.Surface:
    """A Spell, Gate or Artifact back: dark cloth, bronze edge, the symbol in the middle."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, w // 10)
    pygame.draw.rect(surf, mix(NIGHT_2, symbol_colour, 0.18), surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, BRONZE, surf.get_rect(), max(1, w // 40), border_radius=r)
    inner = surf.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(surf, mix(BRONZE, NIGHT, 0.5), inner, 1, border_radius=max(2, r - 2))
    g = glyph(symbol, int(min(w, h) * 0.56), symbol_colour)
    surf.blit(g, g.get_rect(center=surf.get_rect().center))
    return surf


@lru_cache(maxsize=64)
def die(size: int, face: str) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = max(3, size // 6)
    pygame.draw.rect(surf, (226, 214, 190), surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, (90, 70, 50), surf.get_rect(), max(1, size // 24), border_radius=r)
    colour = {"tentacle": (70, 120, 90), "dagger": (90, 90, 110), "pentagram": (120, 60, 150),
              "elder_sign": (40, 120, 80), "broken_sign": (40, 120, 80), "skull": (60, 40, 40)}.get(face, (30, 30, 30))
    g = glyph(face, int(size * 0.72), colour)
    surf.blit(g, g.get_rect(center=surf.get_rect().center))
    return surf


# ------------------------------------------------------------------ the table
@lru_cache(maxsize=4)
def _cloth(seed: int) -> pygame.Surface:
    """A small night-dark weave with a candle-lit centre, made once."""
    sw, sh = 96, 54
    rnd = random.Random(seed)
    buf = bytearray(sw * sh * 3)
    i = 0
    for y in range(sh):
        for x in range(sw):
            d = min(1.0, math.hypot((x - sw * 0.42) / sw, (y - sh * 0.42) / sh) * 1.6)
            n = rnd.randint(-5, 5)
            for a, b in zip((40, 28, 52), NIGHT, strict=True):
                buf[i] = max(0, min(255, int(a + (b - a) * d) + n))
                i += 1
    return pygame.image.frombuffer(bytes(buf), (sw, sh), "RGB")


def background(w: int, h: int, seed: int = 7) -> pygame.Surface:
    """Night-dark cloth scaled to the window."""
    return pygame.transform.smoothscale(_cloth(seed), (w, h))


def wedge_points(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float, steps: int = 24):
    pts = []
    for i in range(steps + 1):
        a = a0 + (a1 - a0) * i / steps
        pts.append((cx + r1 * math.cos(a), cy + r1 * math.sin(a)))
    for i in range(steps, -1, -1):
        a = a0 + (a1 - a0) * i / steps
        pts.append((cx + r0 * math.cos(a), cy + r0 * math.sin(a)))
    return pts


@lru_cache(maxsize=4)
def stone(w: int, h: int, seed: int = 11) -> pygame.Surface:
    """Dark carved stone, drawn by code: noise at four scales (small random grids smoothed up)
    over a violet-grey ground, with a few pale veins. Made once per size."""
    rnd = random.Random(seed)
    surf = pygame.Surface((w, h))
    surf.fill((58, 52, 66))
    for cells, depth in ((5, 46), (11, 34), (27, 22), (70, 14)):
        small = pygame.Surface((cells, max(2, cells * h // max(1, w))))
        for y in range(small.get_height()):
            for x in range(cells):
                v = 128 + rnd.randint(-depth, depth)
                small.set_at((x, y), (v, v, v))
        big = pygame.transform.smoothscale(small, (w, h))
        surf.blit(big, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        surf.blit(big, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        surf.fill((128, 128, 128), special_flags=pygame.BLEND_RGB_SUB)
    veins = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(7):
        px, py = rnd.uniform(0, w), rnd.uniform(0, h)
        a = rnd.uniform(0, math.pi)
        pts = []
        for _k in range(14):
            pts.append((px, py))
            a += rnd.uniform(-0.5, 0.5)
            px += math.cos(a) * w / 28
            py += math.sin(a) * w / 28
        pygame.draw.lines(veins, (190, 180, 200, 26), False, pts, max(1, w // 500))
    surf.blit(veins, (0, 0))
    return surf


def altar(size: int, colours: tuple[tuple, ...], r_in: float, r_out: float) -> pygame.Surface:
    """The Altar: a disc of carved stone, its six wedges inlaid in the symbols' colours around
    the Abyss, drawn at ``size`` pixels square.

    ``r_in`` and ``r_out`` are fractions of the half-size. Wedge 0 is centred
    at the top and they run clockwise, like the locations.
    """
    big = size * 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    R0, R1 = r_in * c, r_out * c
    rim = R1 + 0.06 * c
    # the stone, cut round
    disc = pygame.Surface((big, big), pygame.SRCALPHA)
    disc.blit(stone(big, big), (0, 0))
    round_ = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(round_, (255, 255, 255, 255), (c, c), rim)
    disc.blit(round_, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(disc, (0, 0))
    line = max(2, big // 400)
    # a carved band round the rim: a groove, a ring of cut strokes, a groove
    for r, col in ((rim - line, mix(BRONZE, NIGHT, 0.25)), (R1 + 0.012 * c, (20, 16, 26)),
                   (rim - 0.045 * c, (24, 18, 30))):
        pygame.draw.circle(surf, col, (c, c), r, line)
    rnd = random.Random(5)
    for k in range(96):
        a = k * 2 * math.pi / 96
        r0, r1 = R1 + 0.022 * c, rim - 0.055 * c
        kind = rnd.randrange(3)
        ca, sa = math.cos(a), math.sin(a)
        if kind == 0:
            pygame.draw.line(surf, (22, 18, 28), (c + r0 * ca, c + r0 * sa), (c + r1 * ca, c + r1 * sa), line)
        elif kind == 1:
            m = (r0 + r1) / 2
            pygame.draw.circle(surf, (22, 18, 28), (c + m * ca, c + m * sa), (r1 - r0) * 0.3, line)
        else:
            m = (r0 + r1) / 2
            pygame.draw.line(surf, (22, 18, 28), (c + r0 * ca - 0.008 * c * sa, c + r0 * sa + 0.008 * c * ca),
                             (c + m * ca, c + m * sa), line)
    # the six wedges: the stone stained with each symbol's colour, deeper toward the Abyss
    for k in range(6):
        a0 = -math.pi / 2 + (k - 0.5) * math.pi / 3
        a1 = a0 + math.pi / 3
        col = colours[k]
        stain = pygame.Surface((big, big), pygame.SRCALPHA)
        for band in range(8):
            t = band / 8
            ra = R0 + (R1 - R0) * t
            rb = R0 + (R1 - R0) * (t + 1 / 8) + 1
            pygame.draw.polygon(stain, (*col, int(120 - 70 * t)), wedge_points(c, c, ra, rb, a0 + 0.012, a1 - 0.012))
        surf.blit(stain, (0, 0))
        # carved edges: a dark cut with a lit lip
        pts = wedge_points(c, c, R0, R1, a0 + 0.012, a1 - 0.012)
        pygame.draw.lines(surf, (16, 12, 20), True, pts, line * 2)
        pygame.draw.lines(surf, mix(col, GOLD, 0.45), True, pts, line)
    # the Abyss: a well of rings (the table turns a slow swirl in it: abyss_swirl)
    for i in range(14):
        t = i / 14
        pygame.draw.circle(surf, mix((44, 30, 66), (2, 0, 6), t), (c, c), R0 * (1 - t * 0.9) - 4)
    pygame.draw.circle(surf, BRONZE, (c, c), R0 - 4, max(2, big // 400))
    for k in range(24):
        a = k * math.pi / 12
        p0 = (c + (R0 - 16) * math.cos(a), c + (R0 - 16) * math.sin(a))
        p1 = (c + (R0 - 30) * math.cos(a), c + (R0 - 30) * math.sin(a))
        pygame.draw.line(surf, mix(BRONZE, NIGHT, 0.4), p0, p1, max(1, big // 700))
    return pygame.transform.smoothscale(surf, (size, size))


@lru_cache(maxsize=4)
def abyss_swirl(size: int) -> pygame.Surface:
    """Three faint arms of violet light winding into the Abyss, ``size`` pixels square (the
    table turns it slowly while the game moves: one picture, rotated)."""
    size = max(8, size)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    for arm in range(3):
        base = arm * 2 * math.pi / 3
        for k in range(60):
            t = k / 60
            r = c * (0.94 - 0.86 * t)
            a = base + t * 3.4
            alpha = int(70 * math.sin(t * math.pi) ** 0.8)
            col = (*mix((150, 110, 230), (230, 200, 255), t), alpha)
            pygame.draw.circle(surf, col, (c + r * math.cos(a), c + r * math.sin(a)), max(1, c * (0.1 - 0.07 * t)))
    return pygame.transform.gaussian_blur(surf, max(1, size // 80)) if size >= 80 else surf


def icon(size: int = 256) -> pygame.Surface:
    """The app icon: a golden Elder Sign over a violet gate."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, (24, 16, 36), (size // 2, size // 2), size // 2)
    g = glyph("gate", int(size * 0.96), (120, 80, 190))
    surf.blit(g, g.get_rect(center=(size // 2, size // 2)))
    s = glyph("elder_sign", int(size * 0.72), GOLD)
    surf.blit(s, s.get_rect(center=(size // 2, size // 2)))
    return surf


