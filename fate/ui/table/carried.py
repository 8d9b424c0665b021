"""How a figure that moves is seen to move (the ``Carry`` beat of fate/ui/table/anim.py): it
walks from place to place with a step in its gait, falls into the Abyss (it walks to the
well and sinks out of sight) or rises out of it (it climbs up and walks off). Several moving
together walk as a little group, with the count beside them past three.

Only blits of figures composed once per size (fate/ui/kit/figures.py): the frame loop cuts and
places them, never composes them.
"""

from __future__ import annotations

import math

import pygame

from fate.ui.kit import art, figures
from fate.ui.kit.theme import PARCHMENT, cult_mark

GROUP_MAX = 3  # figures walking together at most; the count says the rest
SINK = 0.45  # the share of a fall (or a rise) spent going under (or coming up)
STEP_SECONDS = 0.085  # the quickest step of a walking figure


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def _figures(beat, table) -> pygame.Surface | None:
    """The moving figures: a little group of them at the Altar's figure height (None: not a
    figure, such as a squall, drawn as its glyph)."""
    kind = beat.glyph if beat.glyph in figures.ASPECT else None
    if kind is None:
        return None
    h = max(12, int(getattr(table, "figure_px", 27) * 1.1))  # a little larger while it moves: it is in front
    mark = cult_mark(beat.colour) if kind == "cultist" else ""
    return figures.crowd(kind, max(1, min(beat.count, GROUP_MAX)), h, tuple(beat.colour[:3]), mark, 3)


def draw_carry(beat, screen: pygame.Surface, table, ink) -> None:
    """Draw ``beat`` (a Carry) at its progress: walking, falling or rising between its anchors."""
    a, b = table.anchors.get(beat.frm), table.anchors.get(beat.to)
    if a is None or b is None:
        return
    L = table.layout
    p = beat.progress()
    falls = isinstance(beat.to, tuple) and beat.to[:1] == ("abyss",)
    rises = isinstance(beat.frm, tuple) and beat.frm[:1] == ("abyss",)
    under = 0.0  # how much of the figure is below the swirl's face (0-1)
    walk = p
    if falls:
        walk = min(1.0, p / (1 - SINK))
        under = max(0.0, (p - (1 - SINK)) / SINK)
    elif rises:
        walk = max(0.0, (p - SINK) / (1 - SINK))
        under = max(0.0, 1 - p / SINK)
    t = _ease(walk)
    x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    surf = _figures(beat, table)
    if surf is None:  # not a figure: the glyph slides over in an arc, as before
        g = art.glyph(beat.glyph, L.n(40), beat.colour)
        screen.blit(g, g.get_rect(center=(x, y - math.sin(t * math.pi) * L.n(40))))
        return
    w, h = surf.get_size()
    dist = math.hypot(b[0] - a[0], b[1] - a[1])
    # a step every figure's height or so, but no quicker than a step in STEP_SECONDS (a long way
    # in a short beat is taken in long strides, not a shiver)
    steps = max(1, min(round(dist / max(1, h * 0.9)), round(beat.duration / STEP_SECONDS)))
    moving = 0.0 < walk < 1.0
    bob = abs(math.sin(walk * steps * math.pi)) * h * 0.12 if moving else 0.0
    lift = math.sin(t * math.pi) * min(L.n(24), dist * 0.08)  # a gentle arc over what lies between
    feet = y + h * 0.5 - bob - lift
    shown = max(0, round(h * (1 - under)))
    if shown <= 0:
        return
    screen.blit(surf, (round(x - w / 2), round(feet - h + (h - shown))), pygame.Rect(0, 0, w, shown))
    if beat.count > GROUP_MAX:
        ink.draw(screen, str(beat.count), (round(x + w / 2 + L.n(2)), round(feet - h / 2)), 22, PARCHMENT, "bold",
                 anchor="midleft", shadow=True)
