"""What the parts of the table share as they draw one frame: the window's layout, the ink,
the seats' colours and names, the regions and anchors drawn so far, and the things the scene
sets on the table (what an animation carries, the AI seat thinking, the last roll told). The
parts (fate/ui/table/lodges.py, abyss.py, crowds.py, cards.py, preview.py, side_panels.py,
chronicle.py) are each given the ``Canvas`` they draw on; ``Table`` (fate/ui/table/board.py)
is the canvas that holds them and draws a frame in order.

All positions are in design units of a 1920x1080 table (see ``Layout``).
"""

from __future__ import annotations

import math

import pygame

from fate.content.model import Content
from fate.engine.constants import LOCATIONS
from fate.ground.language import _
from fate.ui.kit import art, places
from fate.ui.kit.layout import (
    ALTAR_C,
    ALTAR_RX,
    ALTAR_RY,
    DICE_RECT,
    LOG_RECT,
    MUSEUM_RECT,
    PROMPT_RECT,
    SUPPLY_RECT,
    TILE_H,
    TILE_W,
    Layout,
    Region,
    tile_centre,
)
from fate.ui.kit.theme import (
    BRONZE,
    DESIGN_W,
    GLOW,
    GOLD,
    INVESTIGATOR,
    NIGHT,
    PANEL,
    PANEL_ALPHA,
    PANEL_EDGE,
    PANEL_LINE,
    Ink,
    cult_mark,
    mix,
)
from fate.ui.table.picker import Key

_STATIC: dict[tuple, pygame.Surface] = {}  # static layers by (width, height, colours, the plaques' height)
# Which way each location's plaque grows when the Text size setting needs room: away
# from the plaque above or below it (1 down, -1 up); TILE_GROW_MAX keeps clear of the
# top bar, the Abyss and the tools over the prompt bar.
PULSE_SECONDS = 3.0  # how long the legal targets pulse once they change; then they glow steadily
TILE_GROWS = (1, -1, 1, -1, 1, -1)
TILE_GROW_MAX = 60
RULE_ROW = 40  # design units: the row of symbols saying a plaque's Basic and Control Actions
LODGE_X, LODGE_W = 14, 440  # the Lodge panels down the left, in design units


class Canvas:
    """The state one frame of the table is drawn on, and the small tools every part uses
    (a region, a glow, a panel, a seat's colour and name). Each field has one writer: the
    table's own frame (``regions``, ``anchors``, ``t``), or the scene that shows it
    (``hidden``, ``thinking``, ``players``, ``wild_pair``, ``log_scroll``, ``log_of``)."""

    def __init__(self, ink: Ink, content: Content, colours: list[tuple]) -> None:
        self.ink = ink
        self.content = content
        self.colours = colours
        self.sym_colour = [s.colour for s in content.symbols]
        self.sym_id = [s.id for s in content.symbols]
        self.sym_index = {s.id: s.index for s in content.symbols}
        self.layout = Layout(1920, 1080)
        self._static: pygame.Surface | None = None
        self._static_size: tuple[int, int] = (0, 0)
        self._static_key: tuple = ()
        self._tile_fit: tuple = ((), (0, 15.0, (24.0,) * 6, 34.0))
        self._boxes: dict[tuple, pygame.Surface] = {}
        self.regions: list[Region] = []
        self.anchors: dict[Key, tuple[int, int]] = {}
        self._glows: list[tuple[pygame.Rect, bool]] = []
        self._glows_since = 0.0  # when the legal targets last changed (the pulse fades from there)
        self._faces: dict[Key, tuple] = {}  # cards drawn face up, to lift one under the pointer
        self.card_pictures: dict[tuple | None, tuple] = {}  # where each card's picture was drawn, and how
        self.figure_px = 27  # the height in pixels of the last figures drawn on the Altar (a carried one matches)
        self.t = 0.0  # seconds, for the glow's pulse
        self.prompt_rise: int | None = None  # the top of the prompt's buttons when they rise above the bar
        # set by the scene that shows the table
        self.log_scroll = 0  # the Chronicle's entries back from the newest (the wheel)
        self.log_of: list = []  # the event of each Chronicle entry, for its icon and turn
        self.hidden: set[Key] = set()  # things an animation is carrying right now
        self.wild_pair: list[str] | None = None  # the hand's Spells given to a Wild pair being played
        self.thinking: int | None = None  # the AI seat thinking now, marked on its Lodge
        self.players: list[str] = []  # online: who plays each seat, on its Lodge's plaque
        # online: each seat's clock on its Lodge's plaque, (face, tone, what it says on hover)
        # (fate/ui/online/clock.py's ``face``: tone "run", "bank", "soon", "rest" or "out")
        self.clock_faces: dict[int, tuple[str, str, str]] = {}
        self.last_roll: list[str] = []  # the faces of the last roll the viewer saw

    def resize(self, w: int, h: int) -> None:
        if (w, h) != self._static_size:
            self.layout = Layout(w, h)
            self.ink.set_scale(self.layout.s)
            self._static = None
            self._static_size = (w, h)

    def static_layer(self) -> pygame.Surface:
        """Cloth, the Altar disc and the empty panels: drawn once per window size
        (and kept for the next game with the same colours)."""
        key = (self.layout.w, self.layout.h, tuple(self.colours), self.tile_fit()[0])
        if self._static is not None and self._static_key == key:
            return self._static
        self._static_key = key
        if key in _STATIC:
            self._static = _STATIC[key]
            return self._static
        L = self.layout
        surf = art.background(L.w, L.h)
        # the altar disc with its six coloured wedges radiating to the plaques
        size = L.n(2 * 330)
        disc = art.altar(size, tuple(self.sym_colour), 0.36, 0.98)
        cx, cy = L.p(*ALTAR_C)
        surf.blit(disc, disc.get_rect(center=(cx, cy)))
        ring = pygame.Rect(0, 0, L.n(2 * ALTAR_RX), L.n(2 * ALTAR_RY))
        ring.center = (cx, cy)
        pygame.draw.ellipse(surf, mix(BRONZE, NIGHT, 0.55), ring, L.n(3))
        abyss = size * 0.36 / 2  # the spokes run from the Abyss's rim out to the plaques
        for loc in range(6):
            tx, ty = L.p(*tile_centre(loc))
            d = max(1.0, math.hypot(tx - cx, ty - cy))
            start = (cx + (tx - cx) * abyss / d, cy + (ty - cy) * abyss / d)
            pygame.draw.line(surf, mix(BRONZE, NIGHT, 0.5), start, (tx, ty), L.n(2))
        for box in (LOG_RECT, DICE_RECT, MUSEUM_RECT, SUPPLY_RECT):
            self.panel(surf, L.r(*box))
        # the plaques, Lodges and prompt bar are filled here; their edges change with play
        for loc in range(6):
            rect = self.tile_rect(loc)
            self.panel(surf, rect, fill=mix(PANEL, self.sym_colour[loc], 0.12))
            at, tall = self.name_band(loc)
            scene = places.plaque(LOCATIONS[loc], rect.w - L.n(4), rect.h - L.n(4), L.n(9),
                                  (L.n(at - 2), L.n(tall)))
            if scene is not None:  # where it is: its scene, filling the plaque
                surf.blit(scene, rect.inflate(-L.n(4), -L.n(4)))
        for s, rect, _y, _h in self.lodge_rects():
            self.panel(surf, rect, fill=mix(PANEL, self.colour(s), 0.08) if s >= 0 else PANEL)
        self.panel(surf, L.r(*PROMPT_RECT), fill=(34, 26, 44))
        pygame.draw.rect(surf, (0, 0, 0), L.r(0, 0, DESIGN_W, 50))
        pygame.draw.line(surf, PANEL_EDGE, L.p(0, 50), L.p(DESIGN_W, 50), L.n(2))
        self._static = surf
        if len(_STATIC) >= 4:
            _STATIC.clear()
        _STATIC[key] = surf
        return surf

    def tile_box(self, loc: int) -> tuple[float, float]:
        """The top and bottom of a location's plaque in design units: taller when the
        Text size setting needs room, growing away from its neighbour (TILE_GROWS)."""
        cx, cy = tile_centre(loc)
        extra = self.tile_fit()[0]
        top = cy - TILE_H / 2 - (extra if TILE_GROWS[loc] < 0 else 0)
        return top, top + TILE_H + extra

    def name_band(self, loc: int) -> tuple[float, float]:
        """Where a plaque's name row stands, from the plaque's top, and its height (design
        units): under the Astral Column on the plaques at the outer edge, else at the top."""
        outer_top = tile_centre(loc)[1] < ALTAR_C[1] or loc == 0
        return (48 if outer_top else 8), self.tile_fit()[3]

    def tile_rect(self, loc: int) -> pygame.Rect:
        cx, _cy = tile_centre(loc)
        top, bottom = self.tile_box(loc)
        return self.layout.r(cx - TILE_W / 2, top, TILE_W, bottom - top)

    def tile_fit(self) -> tuple[int, float, tuple[float, ...], float]:
        """How the plaques hold their words at the Text size setting and window size:
        (extra height in design units, the size of the Basic and Control lines, the
        size of each name, the height of the name's row). The words grow with the
        setting as far as a plaque grown by at most TILE_GROW_MAX holds them whole."""
        L, ink = self.layout, self.ink
        key = (L.w, L.h, ink.reading)
        if self._tile_fit[0] == key:
            return self._tile_fit[1]
        places = self.content.locations
        names = tuple(ink.fitting(p.name, 30, L.n(TILE_W - 56), "bold") for p in places)
        name_row = max(34.0, max(ink.font("bold", n).get_linesize() for n in names) / L.s + 3)
        # the Basic and Control Actions are a row of symbols (places.rules_row), RULE_ROW high;
        # above it the Astral Column or a margin (48 or 8) and the name; below: the figures
        # (44) and the Column (46), each with its gap
        extra = max(0, math.ceil(8 + name_row + RULE_ROW + 2 + 44 + 2 + 46 - TILE_H))
        fit = (min(extra, TILE_GROW_MAX), RULE_ROW, names, name_row)
        self._tile_fit = (key, fit)
        return fit

    def lodge_rects(self) -> list[tuple[int, pygame.Rect, float, float]]:
        """(seat, rect, top, height) of each Lodge panel down the left (-1: the Investigators)."""
        slots = list(range(len(self.colours))) + ([-1] if len(self.colours) == 1 else [])
        top, bottom, gap = 62, 1066, 10
        h = min(262, (bottom - top - gap * (len(slots) - 1)) / len(slots))
        return [(s, self.layout.r(LODGE_X, top + i * (h + gap), LODGE_W, h), top + i * (h + gap), h)
                for i, s in enumerate(slots)]

    def edge(self, surf: pygame.Surface, rect: pygame.Rect, edge: tuple, width: int = PANEL_LINE) -> None:
        """The border of a panel whose fill is already in the static layer (theme's one panel
        style: a quiet line, wider and in colour only for what is happening there)."""
        L = self.layout
        pygame.draw.rect(surf, edge, rect, max(1, L.n(width if edge != PANEL_EDGE else PANEL_LINE)),
                         border_radius=L.n(10))

    def panel(self, surf: pygame.Surface, rect: pygame.Rect, edge: tuple = PANEL_EDGE, fill: tuple = PANEL,
               width: int = PANEL_LINE, alpha: int = PANEL_ALPHA) -> None:
        L = self.layout
        k = (rect.size, fill, alpha, L.n(10))
        box = self._boxes.get(k)
        if box is None:
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, (*fill, alpha), box.get_rect(), border_radius=L.n(10))
            self._boxes[k] = box
            if len(self._boxes) > 200:
                self._boxes.pop(next(iter(self._boxes)))
        surf.blit(box, rect)
        pygame.draw.rect(surf, edge, rect, max(1, L.n(width)), border_radius=L.n(10))

    def glow(self, rect: pygame.Rect, strong: bool = False) -> None:
        """Mark a legal target: it pulses every frame."""
        self._glows.append((rect, strong))

    def glow_colour(self) -> tuple:
        """The legal targets' glow now: pulsing for ``PULSE_SECONDS`` after they change, then still."""
        t = self.t - self._glows_since
        fading = max(0.0, 1.0 - t / PULSE_SECONDS)  # 1 when they change, then 0
        return mix(GOLD, GLOW, 1.0 - fading * (0.5 - 0.5 * math.sin(t * 5.0)))

    def region(self, rect: pygame.Rect, key: Key | None, title: str, body: str = "") -> None:
        self.regions.append(Region(rect, key, title, body))

    def at(self, pos: tuple[int, int]) -> Region | None:
        """The topmost region under a point."""
        for reg in reversed(self.regions):
            if reg.rect.collidepoint(pos):
                return reg
        return None

    def cult_name(self, v: dict, seat: int) -> str:
        """A seat as a heading names it: "Cult of Cthulhu", the player's name before its god is
        known, "Seat 2", or "The Investigators"."""
        if seat == -1:
            return _("The Investigators")
        god = v["seats"][seat]["god"] if 0 <= seat < len(v["seats"]) else None
        if god:
            # Translators: a cult as a heading or tooltip's title names it; {god} is an Elder God's name.
            return _("Cult of {god}").format(god=god["name"])
        if 0 <= seat < len(self.players) and self.players[seat]:
            return self.players[seat]
        return _("Seat {n}").format(n=seat + 1)

    def colour(self, seat: int) -> tuple:
        return self.colours[seat] if 0 <= seat < len(self.colours) else INVESTIGATOR

    def mark(self, seat: int) -> str:
        """The seat's shape (theme.CULT_MARKS), drawn with its colour on its pieces."""
        return cult_mark(self.colours[seat]) if 0 <= seat < len(self.colours) else ""

    def loc_name(self, v: dict | None, loc_id: str) -> str:
        return self.content.locations[LOCATIONS.index(loc_id)].name

    def god_of(self, v: dict, seat: int) -> str:
        """The id of a seat's Elder God, as far as the view shows it ("" before it is known)."""
        god = v["seats"][seat]["god"] if 0 <= seat < len(v["seats"]) else None
        return god["id"] if god else ""
