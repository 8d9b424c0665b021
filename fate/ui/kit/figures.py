"""The pieces on the Altar as standing figures: a hooded Cultist in its cult's colour with
its cult's shape on the breast, an Investigator in hat and coat with a lantern, and a
*crowd* of them on a round base that a player counts at a glance (docs/art.md, "Figures").

The figures are Game Icons (``robe``, ``spy``, ``old-lantern``) composed by code: the
icon's enclosed holes filled dark (so the hood has a face of shadow whatever the ground),
lit from above, with a dark edge that holds it apart from any scene behind it. Every
figure and every crowd is composed once per size and colour and cached (never in the
frame loop). ``plan`` is plain arithmetic, without pygame: how many figures of each
group stand on a place of a given size, and which groups need a numeral.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from fate.ui.kit.art import _mark
from fate.ui.kit.illustration import white_icon

RGB = tuple[int, int, int]
SS = 2  # figures are composed at twice their size and scaled down (soft edges)
PAD = 2  # pixels of dark edge and room round a figure
CROWD_MAX = 6  # figures in one crowd at most: more and a numeral says how many
ASPECT = {"cultist": 0.62, "investigator": 0.8}  # a figure's width for its height
STEP = 0.8  # the step between two figures of a row, in figure widths (a slight overlap)
ROW_RISE = 0.34  # how far the back row stands above the front one, in figure heights
BASE_H = 0.2  # the base's half-height under the feet, in figure heights
NUMERAL_W = 0.55  # room for a numeral beside a crowd, in figure heights
DARK = (12, 9, 16)
LANTERN = (255, 206, 110)

ICONS = {"cultist": "robe", "investigator": "spy"}
LANTERN_ICON = "old-lantern"  # in the Investigator's hand
# where a cultist's shape sits on the robe: centre x, y and radius, in fractions of the figure's height
MARK_AT = (0.5, 0.62, 0.15)


def _mix(a, b, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))


# ---------------------------------------------------------------- one figure
def _silhouette(icon: str, w: int, h: int) -> pygame.Surface:
    """The icon's shape fitted into ``w`` x ``h`` (its bottom on the ground), white."""
    size = max(w, h)
    src = white_icon(icon, size)
    box = src.get_bounding_rect()
    scale = min(w / max(1, box.w), h / max(1, box.h))
    cut = src.subsurface(box)
    fit = pygame.transform.smoothscale(cut, (max(1, round(box.w * scale)), max(1, round(box.h * scale))))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(fit, fit.get_rect(midbottom=(w / 2, h)))
    return out


def _filled(shape: pygame.Surface) -> pygame.Mask:
    """The shape with its enclosed holes filled (the face in the hood, the lines of a robe)."""
    mask = pygame.mask.from_surface(shape, 100)
    outside = mask.copy()
    outside.invert()
    if not outside.get_at((0, 0)):
        return mask
    outside = outside.connected_component((0, 0))
    outside.invert()
    return outside


def _lit(shape: pygame.Surface, colour: RGB) -> pygame.Surface:
    """The shape in ``colour``, brighter at the top (the light comes from above)."""
    w, h = shape.get_size()
    grad = pygame.Surface((1, 2), pygame.SRCALPHA)
    grad.set_at((0, 0), (*_mix(colour, (255, 255, 255), 0.34), 255))
    grad.set_at((0, 1), (*colour, 255))
    grad = pygame.transform.smoothscale(grad, (w, h))
    out = shape.copy()
    out.blit(grad, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _compose(shape: pygame.Surface, colour: RGB) -> pygame.Surface:
    """A lit figure with its holes in shadow and a dark edge all round."""
    w, h = shape.get_size()
    pad = PAD * SS
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    body = _filled(shape)
    edge = body.to_surface(setcolor=(*DARK, 235), unsetcolor=(0, 0, 0, 0))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        out.blit(edge, (pad + dx * SS, pad + dy * SS))
    fill = body.to_surface(setcolor=(*_mix(colour, DARK, 0.78), 255), unsetcolor=(0, 0, 0, 0))
    out.blit(fill, (pad, pad))
    out.blit(_lit(shape, colour), (pad, pad))
    return out


def _done(surf: pygame.Surface) -> pygame.Surface:
    w, h = surf.get_size()
    return pygame.transform.smoothscale(surf, (max(1, w // SS), max(1, h // SS)))


@lru_cache(maxsize=128)
def cultist(h: int, colour: RGB, mark: str = "", dim: float = 0.0) -> pygame.Surface:
    """A hooded Cultist ``h`` pixels tall in its cult's colour, its cult's shape (theme.CULT_MARKS)
    on its breast; ``dim`` (0-1) darkens it toward the night (those sunk in the Abyss)."""
    h = max(8, h)
    H, W = h * SS, round(h * ASPECT["cultist"]) * SS
    colour = _mix(colour, (24, 14, 40), dim)
    surf = _compose(_silhouette(ICONS["cultist"], W, H), colour)
    if mark:
        pad = PAD * SS
        x, y, r = MARK_AT
        _mark(surf, mark, pad + W * 0.5, pad + H * y, H * r, (*_mix(colour, DARK, 0.85), 255),
              (*_mix(colour, (255, 255, 255), 0.55), 255))
    return _done(surf)


@lru_cache(maxsize=16)
def investigator(h: int, colour: RGB, dim: float = 0.0) -> pygame.Surface:
    """An Investigator ``h`` pixels tall: hat and coat (the ``spy`` bust over a coat drawn by
    code) and a lit lantern in the right hand."""
    h = max(8, h)
    H = h * SS
    W = round(h * ASPECT["investigator"]) * SS
    colour = _mix(colour, (24, 14, 40), dim)
    shape = pygame.Surface((W, H), pygame.SRCALPHA)
    coat_w = W * 0.68
    cx = W * 0.4
    bust = _silhouette(ICONS["investigator"], round(coat_w), round(H * 0.6))
    shape.blit(bust, bust.get_rect(midtop=(cx, 0)))
    pygame.draw.polygon(shape, (255, 255, 255, 255), [
        (cx - coat_w * 0.36, H * 0.56), (cx + coat_w * 0.36, H * 0.56),
        (cx + coat_w * 0.42, H * 0.9), (cx - coat_w * 0.42, H * 0.9)])
    for side in (-1, 1):  # two legs under the coat
        pygame.draw.rect(shape, (255, 255, 255, 255),
                         pygame.Rect(cx + side * coat_w * 0.14 - coat_w * 0.09, H * 0.86, coat_w * 0.18, H * 0.14))
    surf = _compose(shape, colour)
    pad = PAD * SS
    # the lantern, hung from the right hand, in its own glow
    lh = round(H * 0.3)
    lx, ly = pad + W * 0.8, pad + H * 0.74
    glow = pygame.Surface((lh * 2, lh * 2), pygame.SRCALPHA)
    pygame.draw.circle(glow, (*LANTERN, int(150 * (1 - dim))), (lh, lh), lh * 0.55)
    glow = pygame.transform.gaussian_blur(glow, max(1, lh // 5))
    surf.blit(glow, glow.get_rect(center=(lx, ly)))
    lamp = _compose(_silhouette(LANTERN_ICON, round(lh * 0.7), lh), _mix(LANTERN, (120, 80, 30), 0.35 + dim))
    surf.blit(lamp, lamp.get_rect(center=(lx, ly)))
    pygame.draw.circle(surf, (*_mix(LANTERN, (255, 255, 255), 0.5), 255), (lx + SS * 0.5, ly + lh * 0.06),
                       max(1.0, lh * 0.13))
    return _done(surf)


def figure(kind: str, h: int, colour: RGB, mark: str = "", dim: float = 0.0) -> pygame.Surface:
    """One standing figure of ``kind`` ("cultist" or "investigator")."""
    if kind == "investigator":
        return investigator(h, colour, dim)
    return cultist(h, colour, mark, dim)


# ---------------------------------------------------------------- a crowd
def rows_of(n: int, rows: int) -> list[int]:
    """How many figures stand in each row of a crowd of ``n`` (back row first). ``rows`` is the
    crowd's manner: 1 one row; 2 one row up to three, else two (a crowd reads as 2+3 or 3+3);
    3 two rows from two figures on (the narrowest)."""
    if rows < 2 or n <= (3 if rows == 2 else 1):
        return [n]
    return [n // 2, n - n // 2]


def crowd_size(n: int, h: float, kind: str = "cultist", rows: int = 2) -> tuple[float, float]:
    """The width and height a crowd of ``n`` figures of height ``h`` takes (any units)."""
    if n <= 0:
        return 0.0, 0.0
    w = h * ASPECT[kind]
    per = rows_of(n, rows)
    width = w + (per[-1] - 1) * STEP * w + (STEP * w / 2 if len(per) > 1 else 0)
    height = h + (ROW_RISE * h if len(per) > 1 else 0) + BASE_H * h
    return width + 0.2 * w, height


@dataclass(frozen=True)
class Plan:
    """How the groups of figures stand on a place: their height, the crowds' manner (``rows_of``),
    how many of each are drawn (``shown``) and the design width each takes."""
    h: float
    rows: int
    shown: tuple[int, ...]
    widths: tuple[float, ...]

    def numeral(self, i: int, n: int) -> bool:
        """Whether group ``i`` of ``n`` figures needs a numeral (more than are drawn)."""
        return n > self.shown[i]


def _try(counts, width: float, height: float, gap: float, h: float, rows: int, cap: int,
         least: int, numeral: float) -> Plan | None:
    """The groups at height ``h`` showing at most ``cap`` each, the largest giving way down to
    ``least`` figures until they fit side by side (None if they cannot)."""
    shown = [min(n, cap) for _k, n in counts]
    while True:
        sizes = [crowd_size(s, h, k, rows) for (k, _n), s in zip(counts, shown, strict=True)]
        if max((t for _w, t in sizes), default=0.0) > height:
            return None
        widths = [w + (max(NUMERAL_W * h, numeral) if n > s else 0) for (w, _t), (_k, n), s in zip(sizes, counts, shown, strict=True)]
        if sum(widths) + gap * max(0, len(widths) - 1) <= width:
            return Plan(h, rows, tuple(shown), tuple(widths))
        i = max(range(len(shown)), key=lambda j: shown[j]) if shown else 0
        if not shown or shown[i] <= least:
            return None
        shown[i] -= 1


def plan(counts: list[tuple[str, int]], width: float, height: float, *, gap: float = 6.0,
         biggest: float = 64.0, comfy: float = 34.0, smallest: float = 24.0, cap: int = CROWD_MAX,
         numeral: float = 0.0) -> Plan:
    """Fit the groups (kind, count) side by side into ``width`` x ``height`` (design units):
    every figure (up to ``cap`` a group) at the tallest height down to ``comfy``; else at
    ``comfy`` with the largest groups drawn smaller (at least three and a numeral); else
    smaller figures, down to ``smallest``. A numeral takes ``numeral`` design units at least
    (its width at the Text size setting)."""
    return _plan(tuple(counts), width, height, gap, biggest, comfy, smallest, cap, numeral)


@lru_cache(maxsize=256)
def _plan(counts: tuple, width: float, height: float, gap: float, biggest: float, comfy: float, smallest: float,
          cap: int, numeral: float) -> Plan:
    top = max(smallest, min(biggest, height))
    h = top
    while h >= min(comfy, top):
        for rows in (2, 3):
            got = _try(counts, width, height, gap, h, rows, cap, cap, numeral)
            if got is not None:
                return got
        h -= 1.0
    h = min(comfy, top)
    while h >= smallest:
        for rows in (2, 3):
            got = _try(counts, width, height, gap, h, rows, cap, 3, numeral)
            if got is not None:
                return got
        h -= 1.0
    shown = tuple(min(n, 2) for _k, n in counts)
    return Plan(smallest, 3, shown, tuple(crowd_size(s, smallest, k, 3)[0] + max(NUMERAL_W * smallest, numeral)
                                          for (k, _n), s in zip(counts, shown, strict=True)))


def slots(n: int, h: float, kind: str = "cultist", rows: int = 2) -> list[tuple[float, float]]:
    """Where each figure's feet stand in a crowd (back row first), from the crowd's
    left edge, x to the right and y upwards from the base's middle."""
    w = h * ASPECT[kind]
    per = rows_of(n, rows)
    out = []
    for r, k in enumerate(per):
        back = len(per) > 1 and r == 0
        x0 = 0.1 * w + w / 2 + (STEP * w / 2 if back else 0)
        for i in range(k):
            out.append((x0 + i * STEP * w, ROW_RISE * h if back else 0.0))
    return out


@lru_cache(maxsize=256)
def crowd(kind: str, n: int, h: int, colour: RGB, mark: str = "", rows: int = 2, base: str = "",
          dim: float = 0.0) -> pygame.Surface:
    """``n`` figures of ``kind``, ``h`` pixels tall, in a little cluster on a ground shadow
    (and on the god's round base when ``base`` names the god), the back row a shade darker."""
    from fate.ui.kit import gods  # (gods imports the illustration module too; kept lazy)
    w, tall = crowd_size(n, h, kind, rows)
    W, H = math.ceil(w), math.ceil(tall) + 4
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    ground_y = H - BASE_H * h - 2
    # the ground: a soft shadow, and the god's base under a cult
    shadow = pygame.Surface((W, max(4, round(BASE_H * h * 2))), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 150), shadow.get_rect())
    shadow = pygame.transform.gaussian_blur(shadow, max(1, h // 14))
    surf.blit(shadow, shadow.get_rect(center=(W / 2, ground_y + 1)))
    if base:
        plate = gods.base(base, max(8, round(w)), colour)
        plate = pygame.transform.smoothscale(plate, (max(8, round(w)), max(4, round(BASE_H * h * 1.6))))
        surf.blit(plate, plate.get_rect(center=(W / 2, ground_y)))
    for x, y in slots(n, h, kind, rows):
        back = y > 0
        fig = figure(kind, h, colour, mark, min(1.0, dim + (0.15 if back else 0.0)))
        surf.blit(fig, fig.get_rect(midbottom=(x, ground_y - y + PAD + 1)))  # (its edge hangs below its feet)
    return surf


def sunk(n: int, h: int, colour: RGB, mark: str = "", rows: int = 2, depth: float = 0.16) -> pygame.Surface:
    """A crowd of Cultists sunk to the waist (the Abyss): dimmed, their lower ``depth`` lost
    in the swirl, fading out where they go under."""
    return _sunk(n, h, colour, mark, rows, round(depth * 100))


@lru_cache(maxsize=64)
def _sunk(n: int, h: int, colour: RGB, mark: str, rows: int, depth: int) -> pygame.Surface:
    full = crowd("cultist", n, h, colour, mark, rows, "", 0.1)
    W, H = full.get_size()
    ground = H - BASE_H * h - 2
    keep = max(4, round(ground - depth / 100 * h))
    surf = pygame.Surface((W, keep), pygame.SRCALPHA)
    # where they go under: a faint light on the swirl's face, behind them
    pool = pygame.Surface((W, max(4, round(h * 0.34))), pygame.SRCALPHA)
    pygame.draw.ellipse(pool, (*_mix(colour, (150, 110, 230), 0.6), 90), pool.get_rect())
    pool = pygame.transform.gaussian_blur(pool, max(1, h // 12))
    surf.blit(pool, pool.get_rect(midbottom=(W / 2, keep)))
    body = pygame.Surface((W, keep), pygame.SRCALPHA)
    body.blit(full, (0, 0))
    edge = max(2, round(h * 0.16))  # the last of them fades into the swirl
    fade = pygame.Surface((1, 2), pygame.SRCALPHA)
    fade.set_at((0, 0), (255, 255, 255, 255))
    fade.set_at((0, 1), (255, 255, 255, 0))
    fade = pygame.transform.smoothscale(fade, (W, edge))
    body.blit(fade, (0, keep - edge), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(body, (0, 0))
    return surf
