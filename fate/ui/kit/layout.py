"""Where things sit on the table: design units of a 1920x1080 table scaled to
the window (``Layout``), the fixed rectangles of each part, and the ``Region``
that records what was drawn where (for hovering and clicking)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from fate.ui.kit.theme import (
    DESIGN_H,
    DESIGN_W,
)


@dataclass
class Region:
    rect: pygame.Rect
    key: tuple | None  # what choosing it means: ("loc", "museum"), ("card", id)... (the table's Key)
    title: str
    body: str = ""


class Layout:
    """Design units (1920x1080) to window pixels, keeping the aspect ratio."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.s = min(w / DESIGN_W, h / DESIGN_H)
        self.ox = (w - DESIGN_W * self.s) / 2
        self.oy = (h - DESIGN_H * self.s) / 2

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(self.ox + x * self.s), round(self.oy + y * self.s),
                           max(1, round(w * self.s)), max(1, round(h * self.s)))

    def p(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.s), round(self.oy + y * self.s)

    def n(self, v: float) -> int:
        return max(1, round(v * self.s))


# Where the six location plaques sit (design units), clockwise from the top.
ALTAR_C = (960, 408)
ALTAR_RX, ALTAR_RY = 396, 246
TILE_W, TILE_H = 300, 206
# the right column: the Chronicle as tall as its last six lines need, the dice large (a roll
# is the game's moment), the Museum's two Artifacts and deck, the supply
LOG_RECT = (1470, 62, 436, 380)
DICE_RECT = (1470, 452, 436, 180)
MUSEUM_RECT = (1470, 642, 436, 240)
SUPPLY_RECT = (1470, 892, 436, 174)
PROMPT_RECT = (466, 772, 988, 62)
HAND_RECT = (466, 858, 988, 208)
CARD_W, CARD_H = 118, 164




def tile_centre(loc: int) -> tuple[float, float]:
    a = -math.pi / 2 + loc * math.pi / 3
    return ALTAR_C[0] + ALTAR_RX * math.cos(a), ALTAR_C[1] + ALTAR_RY * math.sin(a)
