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
from fate.engine.constants import PHASES
from fate.ground.language import N_, _, ngettext
from fate.ui.kit import art, places
from fate.ui.kit.layout import ALTAR_C, TILE_W, Region, tile_centre
from fate.ui.kit.theme import (
    ASTRAL,
    GATE,
    GLOW,
    GOLD,
    HINT,
    INK_DIM,
    INVESTIGATOR,
    PANEL_EDGE,
    PARCHMENT,
    Ink,
    mix,
)
from fate.ui.kit.widgets import Hotspot
from fate.ui.table.abyss import AbyssWell
from fate.ui.table.canvas import PULSE_SECONDS, Canvas
from fate.ui.table.cards import CardsAndPrompt
from fate.ui.table.chronicle import ChronicleRows
from fate.ui.table.crowds import Crowds
from fate.ui.table.lodges import LodgePanels
from fate.ui.table.picker import Key, Picker
from fate.ui.table.preview import CardPreview
from fate.ui.table.side_panels import SidePanels

__all__ = ["PULSE_SECONDS", "Table"]

# the turn's steps as the top bar names them (translated where drawn)
PHASE_WORDS = {"prepare": N_("Prepare"), "move": N_("Move"), "activate": N_("Activate"), "conclude": N_("Conclude"),
               "investigators": N_("Investigators")}


class Table(Canvas):
    """The canvas that holds the table's drawing parts and draws a frame with them in order."""

    def __init__(self, ink: Ink, content: Content, colours: list[tuple]) -> None:
        super().__init__(ink, content, colours)
        self.crowds = Crowds(self)
        self.abyss = AbyssWell(self, self.crowds)
        self.lodges = LodgePanels(self, self.crowds)
        self.cards = CardsAndPrompt(self, lambda: self.preview.preview_art_size())
        self.preview = CardPreview(self, self.cards)
        self.side = SidePanels(self, self.cards)
        self.chronicle = ChronicleRows(self)
        self.buttons: list[tuple[str, Key]] = []
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._layer_v: dict | None = None
        self._layer_p: Picker | None = None
        self._layer_texts: set[str] = set()
        self._draft_gods: list[dict] = []
        self._chosen: list[pygame.Rect] = []

    # ---------------------------------------------------------------- what the scene asks of its parts
    def card_face(self, *args, **kw) -> None:
        """A card face (fate/ui/table/cards.py), for the screens that lay cards out themselves."""
        self.cards.card_face(*args, **kw)

    def card_preview(self, screen: pygame.Surface, key: Key, action: str = "") -> bool:
        return self.preview.card_preview(screen, key, action)

    def picture_share(self, key: tuple) -> tuple[float, float]:
        return self.cards.picture_share(key)

    def follow_dice(self, e) -> None:
        self.side.follow_dice(e)

    def toggle_fold(self) -> None:
        """The Chronicle's earlier lines of this turn, unfolded or folded away; drawn again at once."""
        self.chronicle.toggle_fold()
        self._layer_key = None

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        return self.chronicle.log_entry_at(pos)

    def mark_named(self, screen: pygame.Surface, row: int, anchors: tuple) -> None:
        self.chronicle.mark_named(screen, row, anchors)

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
               tuple(self.players), tuple(sorted(self.clock_faces.items())))  # (a clock: once a second)
        changed = self._layer is None or key != self._layer_key or v is not self._layer_v or picker is not self._layer_p
        if changed:
            glows = list(self._glows)
            self._render(v, picker, speed_label, log)
            self._layer_key, self._layer_v, self._layer_p = key, v, picker
            if self._glows != glows:
                self._glows_since = t
        else:
            self.ink.drawn |= self._layer_texts
        assert self._layer is not None  # (drawn above when there was none)
        screen.blit(self._layer, (0, 0))
        if not self._draft_gods:  # (the draft covers the Altar)
            self.abyss.swirl(screen, v, t, changed)
        self.cards.prompt_text(screen, picker, status)
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
        self.abyss.draw(layer, v)
        self.lodges.draw(layer, v, live)
        self.chronicle.title(layer)
        self.side.dice(layer, v, live)
        self.side.museum(layer, v, live)
        self.side.supply(layer, v)
        self.cards.hand(layer, v, live, picker)
        self.chronicle.draw_log(layer, log)
        self._draft_gods = v.get("draft") or [] if picker is not None else []
        self.buttons = self._buttons(picker)
        self.cards.prompt(layer, v, picker, self.buttons)
        if v.get("draft") and picker is not None:
            self.cards.draft(layer, v, live)
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
            out.append((_("Pass until my next turn"), ("ui", "until")))
        if picker.stage:
            out.append((_("Back"), ("ui", "cancel")))
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
        self.cards.card_face(screen, up, name, text, back, key, live, cost, timing, title, record=False)
        if key in live:
            pygame.draw.rect(screen, self.glow_colour(), up.inflate(self.layout.n(8), self.layout.n(8)),
                             self.layout.n(4), border_radius=self.layout.n(12))

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

    def hotspots(self, picker: Picker | None) -> list[Hotspot]:
        """What a click may choose on the table as last drawn: the picker's live things (the
        largest region of each), the table's own controls and the prompt's buttons."""
        spots = [Hotspot(reg.rect, reg.key, reg.title) for reg in self.live_regions(picker) if reg.key is not None]
        spots += [Hotspot(reg.rect, reg.key, reg.title) for reg in self.regions
                  if reg.key is not None and reg.key[0] == "ui"]
        for label, key in self.buttons if picker is not None else []:
            for reg in reversed(self.regions):
                if reg.key == key and reg.title == label:
                    spots.append(Hotspot(reg.rect, key, label))
                    break
        return spots

    # ---------------------------------------------------------------- pieces of the table
    def _top_bar(self, screen, v, speed_label, picker: Picker | None = None):
        """The title, whose turn, the step and where the Fate Piece stands. The step is the one
        the prompt asks: a chance to cast in Prepare folded into the Move decision reads "Move"."""
        L, ink = self.layout, self.ink
        ink.draw(screen, _("Fate of the Elder Gods"), L.p(20, 25), 30, GOLD, "title", anchor="midleft")
        if v["phase"] == "setup":
            text = _("The Elder Gods are chosen")
        else:
            cur = v["current"]
            god = v["seats"][cur]["god"] if 0 <= cur < len(v["seats"]) else None
            name = god["name"] if god else self.cult_name(v, cur)  # as its Lodge is headed
            phase = v["phase"]
            asked = picker.prompt.get("kind") if picker is not None and picker.prompt.get("folded") else None
            if asked in PHASES:  # the folded prompt asks the next step's decision: the bar names that step
                phase = asked
            step = _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase.capitalize()
            if v.get("turn_location"):
                text = _("Turn {turn}  ·  {cult}  ·  {phase} at {place}").format(
                    turn=v["turn"], cult=name, phase=step, place=self.loc_name(v, v["turn_location"]))
            else:
                text = _("Turn {turn}  ·  {cult}  ·  {phase}").format(turn=v["turn"], cult=name, phase=step)
        ink.draw(screen, text, L.p(400, 25), 24, PARCHMENT, anchor="midleft", max_w=L.n(740))
        ink.draw(screen, speed_label, L.p(1900, 25), 18, INK_DIM, anchor="midright")
        self.region(L.r(1650, 0, 270, 50), ("ui", "speed"), _("Animation speed"),
                    _("Click or press S to change how fast moves are shown. Tab skips the current animation."))

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
            self.edge(screen, rect, mix(self.sym_colour[loc], GOLD, 0.3) if here else PANEL_EDGE, 3 if here else 2)
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
            self.crowds.place_crowds(screen, v, info, cx - TILE_W / 2 + 10, cx + TILE_W / 2 - 10, fy,
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
            cards = len(info["column"])
            body = (ngettext("Basic: {basic}\n\nControl: {control}\n\nCultists: {cultists}. Investigators: "
                             "{investigators}. Astral Column: {n} card.",
                             "Basic: {basic}\n\nControl: {control}\n\nCultists: {cultists}. Investigators: "
                             "{investigators}. Astral Column: {n} cards.", cards)
                    .format(basic=place.basic_text, control=place.control_text, cultists=counts or _("none"),
                            investigators=info["investigators"], n=cards))
            self.region(rect, key, info["name"], body)
            if key in live:
                self.glow(rect, True)
        self.crowds.stand_crowds(screen, v)  # every place's figures, at one height

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
            said = (_("Card {n} from the bottom: a Gate. Symbols here help pay to Ready a Spell at this location.")
                    if b == "gate" else
                    _("Card {n} from the bottom: a Spell, {symbol} back. Symbols here help pay to Ready a Spell at "
                      "this location."))
            self.region(r, None, _("Astral Column"), said.format(
                n=i + 1, symbol="" if b == "gate" else self.content.symbols[self.sym_index[b]].name))

    # ---------------------------------------------------------------- lodges
    # ---------------------------------------------------------------- the viewer's hand
