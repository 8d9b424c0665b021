"""Drawing the table from one seat's view, and knowing what lies under the mouse.

``Table.draw(screen, view, picker, ...)`` reads only the dict that
``fate.engine.view(seat)`` returned: it cannot show what that seat may not
know. Every drawn thing that can be hovered or clicked is recorded as a
``Region`` with a key (``("loc", "museum")``, ``("card", "flame-02")``,
``("seat", 1)``...) and a tooltip; the picker's live keys glow.

All positions are in design units of a 1920x1080 table (see ``Layout``).
"""

from __future__ import annotations

import math

import pygame

from fate.content.model import Content
from fate.engine.constants import LOCATIONS, PHASES
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
    ASTRAL,
    BRONZE,
    DESIGN_W,
    GATE,
    GLOW,
    GOLD,
    HINT,
    INK_DIM,
    INVESTIGATOR,
    NIGHT,
    PANEL,
    PANEL_ALPHA,
    PANEL_EDGE,
    PANEL_LINE,
    PARCHMENT,
    Ink,
    cult_mark,
    mix,
)
from fate.ui.table.abyss import AbyssWell
from fate.ui.table.cards import CardsAndPrompt
from fate.ui.table.crowds import Crowds
from fate.ui.table.lodges import LODGE_W, LODGE_X, LodgePanels
from fate.ui.table.picker import Key, Picker
from fate.ui.table.preview import CardPreview
from fate.ui.table.side_panels import SidePanels
from fate.words.narration import count

TIMING_WORDS = {
    "any": "Any time", "prepare": "Prepare", "own_turn": "Your turn", "other_turn": "Rival's turn",
    "after_roll": "After a roll", "roll_any": "After any roll", "raided": "When raided", "end": "End of turn",
}


_STATIC: dict[tuple, pygame.Surface] = {}  # static layers by (width, height, colours, the plaques' height)
# Which way each location's plaque grows when the Text size setting needs room: away
# from the plaque above or below it (1 down, -1 up); TILE_GROW_MAX keeps clear of the
# top bar, the Abyss and the tools over the prompt bar.
PULSE_SECONDS = 3.0  # how long the legal targets pulse once they change; then they glow steadily
TILE_GROWS = (1, -1, 1, -1, 1, -1)
TILE_GROW_MAX = 60
RULE_ROW = 40  # design units: the row of symbols saying a plaque's Basic and Control Actions


class Table(LodgePanels, AbyssWell, Crowds, SidePanels, CardsAndPrompt, CardPreview):
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
        self.regions: list[Region] = []
        self.anchors: dict[Key, tuple[int, int]] = {}
        self.log_scroll = 0
        self.hidden: set[Key] = set()  # things an animation is carrying right now
        self.wild_pair: list[str] | None = None  # the hand's Spells given to a Wild pair being played
        self._art_slots: set[tuple] = set()  # (card kind, w, h) of the pictures drawn so far
        self.t = 0.0  # seconds, for the glow's pulse
        self.thinking: int | None = None  # the AI seat thinking now, marked on its Lodge
        self.players: list[str] = []  # online: who plays each seat, on its Lodge's plaque
        self.last_roll: list[str] = []  # the faces of the last roll the viewer saw
        self.buttons: list[tuple[str, Key]] = []
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._layer_v: dict | None = None
        self._layer_p: Picker | None = None
        self._layer_texts: set[str] = set()
        self._glows: list[tuple[pygame.Rect, bool]] = []
        self._glows_since = 0.0  # when the legal targets last changed (the pulse fades from there)
        self._boxes: dict[tuple, pygame.Surface] = {}
        self._prompt_room = 0
        self.prompt_rise: int | None = None  # the top of the prompt's buttons when they rise above the bar
        self._draft_gods: list[dict] = []
        self._chosen: list[pygame.Rect] = []
        self._faces: dict[Key, tuple] = {}  # cards drawn face up, to lift one under the pointer
        self.init_abyss()

    # ---------------------------------------------------------------- setup
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
        for rect in (LOG_RECT, DICE_RECT, MUSEUM_RECT, SUPPLY_RECT):
            self._panel(surf, L.r(*rect))
        # the plaques, Lodges and prompt bar are filled here; their edges change with play
        for loc in range(6):
            rect = self.tile_rect(loc)
            self._panel(surf, rect, fill=mix(PANEL, self.sym_colour[loc], 0.12))
            at, tall = self.name_band(loc)
            scene = places.plaque(LOCATIONS[loc], rect.w - L.n(4), rect.h - L.n(4), L.n(9),
                                  (L.n(at - 2), L.n(tall)))
            if scene is not None:  # where it is: its scene, filling the plaque
                surf.blit(scene, rect.inflate(-L.n(4), -L.n(4)))
        for s, rect, _y, _h in self.lodge_rects():
            self._panel(surf, rect, fill=mix(PANEL, self.colour(s), 0.08) if s >= 0 else PANEL)
        self._panel(surf, L.r(*PROMPT_RECT), fill=(34, 26, 44))
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

    def _edge(self, surf: pygame.Surface, rect: pygame.Rect, edge: tuple, width: int = PANEL_LINE) -> None:
        """The border of a panel whose fill is already in the static layer (theme's one panel
        style: a quiet line, wider and in colour only for what is happening there)."""
        L = self.layout
        pygame.draw.rect(surf, edge, rect, max(1, L.n(width if edge != PANEL_EDGE else PANEL_LINE)),
                         border_radius=L.n(10))

    def _panel(self, surf: pygame.Surface, rect: pygame.Rect, edge: tuple = PANEL_EDGE, fill: tuple = PANEL,
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

    # ---------------------------------------------------------------- frame
    def draw(self, screen: pygame.Surface, v: dict, picker: Picker | None, *, status: str = "",
             speed_label: str = "", log: list[tuple[str, tuple]] | None = None, t: float = 0.0) -> None:
        """Draw the table. The board is rendered into a layer only when what it
        shows changes (a new view, a click, an animation's hidden piece); a
        frame is then one blit plus the glows, which pulse for ``PULSE_SECONDS`` after
        they change and then hold still, so that a table waiting for a player can rest
        (App.run puts no unchanged picture on screen)."""
        self.t = t
        self.resize(*screen.get_size())
        log = log or []
        key = (picker.stage[:] if picker is not None else None, picker.ready if picker is not None else None,
               tuple(v.get("dice") or ()),
               frozenset(self.hidden), speed_label,
               len(log), self.log_scroll, tuple(self.last_roll), screen.get_size(), self.ink.reading,
               tuple(self.players))
        changed = self._layer is None or key != self._layer_key or v is not self._layer_v or picker is not self._layer_p
        if changed:
            glows = list(self._glows)
            self._render(v, picker, speed_label, log)
            self._layer_key, self._layer_v, self._layer_p = key, v, picker
            if self._glows != glows:
                self._glows_since = t
        else:
            self.ink.drawn |= self._layer_texts
        screen.blit(self._layer, (0, 0))
        if not self._draft_gods:  # (the draft covers the Altar)
            self._swirl(screen, v, t, changed)
        self.prompt_text(screen, picker, status)
        L = self.layout
        col = self.glow_colour()
        for rect, strong in self._glows:
            pygame.draw.rect(screen, col, rect.inflate(L.n(8), L.n(8)), L.n(4 if strong else 3),
                             border_radius=L.n(12))
        if self.thinking is not None and ("lodge_dot", self.thinking) in self.anchors:
            # the AI seat that is thinking: a ring pulsing out from its Lodge's colour dot
            centre = self.anchors[("lodge_dot", self.thinking)]
            phase = (t * 1.5) % 1.0
            ring = mix(self.colour(self.thinking), GLOW, phase)
            pygame.draw.circle(screen, ring, centre, L.n(12 + 10 * phase), L.n(3))
        for rect in self._chosen:  # the parts of a choice already clicked
            pygame.draw.rect(screen, (120, 220, 255), rect.inflate(L.n(10), L.n(10)), L.n(4),
                             border_radius=L.n(12))

    def _render(self, v: dict, picker: Picker | None, speed_label: str, log) -> None:
        size = self.layout.w, self.layout.h
        if self._layer is None or self._layer.get_size() != size:
            self._layer = pygame.Surface(size)
        layer = self._layer
        self.regions = []
        self.anchors = {}
        self._glows = []
        self._faces = {}
        before = self.ink.drawn
        self.ink.drawn = set()
        live = picker.live() if picker is not None else {}
        layer.blit(self.static_layer(), (0, 0))
        self._top_bar(layer, v, speed_label, picker)
        self._altar(layer, v, live)
        self._abyss(layer, v)
        self._lodges(layer, v, live)
        self._log_title(layer)
        self._dice(layer, v, live)
        self._museum(layer, v, live)
        self._supply(layer, v)
        self._hand(layer, v, live, picker)
        self.draw_log(layer, log)
        self._draft_gods = v.get("draft") or [] if picker is not None else []
        self.buttons = self._buttons(picker)
        self._prompt(layer, v, picker, self.buttons)
        if v.get("draft") and picker is not None:
            self._draft(layer, v, live)
        chosen = picker.stage if picker is not None else []
        biggest: dict = {}
        for r in self.regions:
            if r.key in chosen and r.key[0] != "ui":
                if r.key not in biggest or r.rect.w * r.rect.h > biggest[r.key].w * biggest[r.key].h:
                    biggest[r.key] = r.rect
        self._chosen = list(biggest.values())
        self._layer_texts = self.ink.drawn
        self.ink.drawn = before | self._layer_texts

    def _buttons(self, picker: Picker | None) -> list[tuple[str, Key]]:
        """Prompt choices that are not a thing on the table become buttons."""
        if picker is None:
            return []
        drawn = {r.key for r in self.regions if r.key is not None}
        drawn |= {("card", god["id"]) for god in self._draft_gods}  # the draft's cards, drawn on top
        out = [(picker.label(key), key) for key in picker.live() if key[0] == "button" or key not in drawn]
        if picker.prompt.get("kind") == "cast_window" and not picker.stage and picker.ready is None:
            out.append(("Pass until my next turn", ("ui", "until")))
        if picker.stage:
            out.append(("Back", ("ui", "cancel")))
        return out

    def tools_y(self) -> float:
        """Where the row of Undo, Hint and "?" stands (design units): just above the
        prompt bar, or above the prompt's buttons when they rise over it."""
        if self.prompt_rise is None:
            return 716
        return (self.prompt_rise - self.layout.oy) / self.layout.s - 56

    def hint_ring(self, screen: pygame.Surface, key: Key) -> bool:
        """Mark the thing a hint says to click (the largest region of ``key``); False if none is drawn."""
        rects = [r.rect for r in self.regions if r.key == key]
        if not rects:
            return False
        rect = max(rects, key=lambda r: r.w * r.h)
        L = self.layout
        pulse = 0.5 + 0.5 * math.sin(self.t * 6.0)
        pygame.draw.rect(screen, mix(HINT, PARCHMENT, pulse * 0.5), rect.inflate(L.n(16), L.n(16)), L.n(5),
                         border_radius=L.n(14))
        return True

    def glow(self, rect: pygame.Rect, strong: bool = False) -> None:
        """Mark a legal target: it pulses every frame."""
        self._glows.append((rect, strong))

    def lift(self, screen: pygame.Surface, key: Key, live: dict) -> None:
        """Draw the face-up card under the pointer raised above its neighbours."""
        face = self._faces.get(key)
        if face is None:
            return
        r, name, text, back, cost, timing, title = face
        up = r.move(0, -self.layout.n(30))
        # the card leaves its place: the cloth shows there, not a strip of it under the raised one
        gone = r.inflate(self.layout.n(10), self.layout.n(10))
        screen.blit(self.static_layer(), gone, gone)
        self.card_face(screen, up, name, text, back, key, live, cost, timing, title, record=False)
        if key in live:
            pygame.draw.rect(screen, self.glow_colour(), up.inflate(self.layout.n(8), self.layout.n(8)),
                             self.layout.n(4), border_radius=self.layout.n(12))

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

    def live_regions(self, picker: Picker | None) -> list[Region]:
        if picker is None:
            return []
        live = picker.live()
        seen: set = set()
        out = []
        for reg in reversed(self.regions):
            if reg.key in live and reg.key not in seen:
                seen.add(reg.key)
                # the largest region of a key is the thing itself (not a label inside it)
                out.append(max((r for r in self.regions if r.key == reg.key), key=lambda r: r.rect.w * r.rect.h))
        return out

    # ---------------------------------------------------------------- pieces of the table
    def _top_bar(self, screen, v, speed_label, picker: Picker | None = None):
        """The title, whose turn, the step and where the Fate Piece stands. The step is the one
        the prompt asks: a chance to cast in Prepare folded into the Move decision reads "Move"."""
        L, ink = self.layout, self.ink
        ink.draw(screen, "Fate of the Elder Gods", L.p(20, 25), 30, GOLD, "title", anchor="midleft")
        if v["phase"] == "setup":
            text = "The Elder Gods are chosen"
        else:
            cur = v["current"]
            god = v["seats"][cur]["god"] if 0 <= cur < len(v["seats"]) else None
            name = god["name"] if god else self.cult_name(v, cur)  # as its Lodge is headed
            phase = v["phase"]
            asked = picker.prompt.get("kind") if picker is not None and picker.prompt.get("folded") else None
            if asked in PHASES:  # the folded prompt asks the next step's decision: the bar names that step
                phase = asked
            text = f"Turn {v['turn']}  ·  {name}  ·  {phase.capitalize()}"
            if v.get("turn_location"):
                text += f" at {self.loc_name(v, v['turn_location'])}"
        ink.draw(screen, text, L.p(400, 25), 24, PARCHMENT, anchor="midleft", max_w=L.n(740))
        ink.draw(screen, speed_label, L.p(1900, 25), 18, INK_DIM, anchor="midright")
        self.region(L.r(1650, 0, 270, 50), ("ui", "speed"), "Animation speed",
                    "Click or press S to change how fast moves are shown. Tab skips the current animation.")

    def cult_name(self, v: dict, seat: int) -> str:
        if seat == -1:
            return "The Investigators"
        god = v["seats"][seat]["god"] if 0 <= seat < len(v["seats"]) else None
        if god:
            return f"Cult of {god['name']}"
        return self.players[seat] if 0 <= seat < len(self.players) and self.players[seat] else f"Seat {seat + 1}"

    def colour(self, seat: int) -> tuple:
        return self.colours[seat] if 0 <= seat < len(self.colours) else INVESTIGATOR

    def mark(self, seat: int) -> str:
        """The seat's shape (theme.CULT_MARKS), drawn with its colour on its pieces."""
        return cult_mark(self.colours[seat]) if 0 <= seat < len(self.colours) else ""

    def loc_name(self, v: dict, loc_id: str) -> str:
        return self.content.locations[LOCATIONS.index(loc_id)].name

    def _altar(self, screen, v, live):
        L, ink = self.layout, self.ink
        pieces: dict[str, list[int]] = {}
        for i, fp in enumerate(v["fate_pieces"]):
            pieces.setdefault(fp["location"], []).append(i)
        for loc in range(6):
            info = v["locations"][loc]
            place = self.content.locations[loc]
            cx, cy = tile_centre(loc)
            top, bottom = self.tile_box(loc)
            rect = self.tile_rect(loc)
            key = ("loc", info["id"])
            here = v.get("turn_location") == info["id"]
            self._edge(screen, rect, mix(self.sym_colour[loc], GOLD, 0.3) if here else PANEL_EDGE, 3 if here else 2)
            outer_top = cy < ALTAR_C[1] or loc == 0
            col_y = top + 6 if outer_top else bottom - 44
            body_y = top + (48 if outer_top else 8)
            _extra, row_h, names, name_row = self.tile_fit()
            # name and symbol
            g = art.glyph(self.sym_id[loc], L.n(28), self.sym_colour[loc])
            screen.blit(g, g.get_rect(midleft=L.p(cx - TILE_W / 2 + 12, body_y + name_row / 2 - 1)))
            ink.draw(screen, info["name"], L.p(cx - TILE_W / 2 + 46, body_y + name_row / 2 - 1), names[loc], GOLD,
                     "bold", anchor="midleft", max_w=L.n(TILE_W - 56))
            ry = body_y + name_row
            row = places.fitted_row(info["id"], L.n(row_h - 10), L.n(8), L.n(TILE_W - 22))
            screen.blit(row, L.p(cx - TILE_W / 2 + 10, ry))  # the Basic and Control Actions in symbols
            ry += row_h
            # figures: each cult, the Investigators, squalls
            fy = max(ry + 2, body_y + name_row + 44)
            self._place_crowds(screen, v, info, cx - TILE_W / 2 + 10, cx + TILE_W / 2 - 10, fy,
                               bottom - 4 if outer_top else col_y - 2)
            # the Astral Column at the outer edge
            self._column(screen, info["column"], cx, col_y)
            # the Fate Piece(s)
            for n_here, i in enumerate(pieces.get(info["id"], [])):
                owner = v["fate_pieces"][i]["owner"]
                colour = INVESTIGATOR if owner == -1 else (self.colour(owner) if owner is not None else ASTRAL)
                px = cx + TILE_W / 2 - 30 - n_here * 44
                py = col_y + 16
                self.anchors[("piece", i)] = L.p(px, py)
                if ("piece", i) in self.hidden:
                    continue
                pr = self._fate_piece(screen, colour, px, py)
                whose = self.cult_name(v, owner) if owner is not None and owner != -1 else ""
                title = ("The Investigators' Fate Piece" if owner == -1 else "The Fate Piece" if not whose
                         else f"{'The ' if whose.startswith('Cult of') else ''}{whose}'s Fate Piece")
                self.region(pr, ("piece", i), title,
                            f"Stands at {info['name']}. The turn's actions happen where it stops.")
                if ("piece", i) in live:
                    self.glow(pr, True)
            self.anchors[key] = rect.center
            counts = ", ".join(f"{self.cult_name(v, s)} {k}" for s, k in enumerate(info["cultists"]) if k)
            body = (f"Basic: {place.basic_text}\n\nControl: {place.control_text}\n\n"
                    f"Cultists: {counts or 'none'}. Investigators: {info['investigators']}."
                    f" Astral Column: {count(len(info['column']), 'card')}.")
            self.region(rect, key, info["name"], body)
            if key in live:
                self.glow(rect, True)
        self.stand_crowds(screen, v)  # every place's figures, at one height

    def god_of(self, v: dict, seat: int) -> str:
        """The id of a seat's Elder God, as far as the view shows it ("" before it is known)."""
        god = v["seats"][seat]["god"] if 0 <= seat < len(v["seats"]) else None
        return god["id"] if god else ""

    def _fate_piece(self, screen, colour, x, y) -> pygame.Rect:
        L = self.layout
        halo = pygame.Surface((L.n(60), L.n(60)), pygame.SRCALPHA)
        pygame.draw.circle(halo, (*colour, 60), (L.n(30), L.n(30)), L.n(28))
        screen.blit(halo, halo.get_rect(center=L.p(x, y)))
        g = art.glyph("fate", L.n(54), colour)
        r = g.get_rect(center=L.p(x, y))
        screen.blit(g, r)
        return r

    def _column(self, screen, backs: list[str], cx: float, y: float) -> None:
        L = self.layout
        if not backs:
            return
        w, h = 28, 38
        step = min(32, (TILE_W - 120 - w) / max(1, len(backs) - 1)) if len(backs) > 1 else 0
        x0 = cx - TILE_W / 2 + 12
        for i, b in enumerate(backs):
            sym = "gate" if b == "gate" else b
            col = GATE if b == "gate" else self.sym_colour[self.sym_index[b]]
            img = art.card_back(L.n(w), L.n(h), col, sym)
            r = screen.blit(img, L.p(x0 + i * step, y))
            name = "a Gate" if b == "gate" else f"a Spell, {self.content.symbols[self.sym_index[b]].name} back"
            self.region(r, None, "Astral Column", f"Card {i + 1} from the bottom: {name}. "
                        "Symbols here help pay to Ready a Spell at this location.")

    # ---------------------------------------------------------------- lodges
    # ---------------------------------------------------------------- the viewer's hand
