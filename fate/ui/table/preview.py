"""The large card preview: a face-up card at reading size, with its whole text,
its cost to Ready, when it may be cast and its symbol. Shown while the pointer
rests on a card, or on the card the keyboard focus is on (V shows and hides it);
V on a place of the Altar shows that place the same way, its symbols over their words.
A part of ``Table``, given the ``Canvas`` it draws on (fate/ui/table/canvas.py): it draws only what the card face drawn from the view holds.
"""

from __future__ import annotations

import pygame

from fate.engine.constants import LOCATIONS
from fate.ground.language import N_, _
from fate.ui.kit import art, illustration, places
from fate.ui.kit.theme import GOLD, INK_DIM, NIGHT, PARCHMENT, mix
from fate.ui.table.canvas import Canvas
from fate.ui.table.cards import CardsAndPrompt
from fate.ui.table.picker import Key
from fate.words import symbols as altar_symbols

PREVIEW_W, PREVIEW_H = 400, 300  # design units
PICTURE_H = 0.9  # the preview's picture: this share of its width high
KIND_WORDS = {"artifact": N_("Artifact"), "god": N_("Elder God"), "curse": N_("Curse"), "gate": N_("Gate")}
# when a Spell may be cast, a sentence a timing (a card of two timings says both)
TIMING_LONG = {
    "any": N_("Cast at any chance to cast."), "prepare": N_("Cast at the start of your turn, before movement."),
    "own_turn": N_("Cast in your own turn."), "other_turn": N_("Cast in a rival's turn."),
    "after_roll": N_("Cast after your own roll, before its results apply."),
    "roll_any": N_("Cast after anyone's roll, before its results apply."),
    "raided": N_("Cast when you are raided."), "end": N_("Cast at the end of a turn."),
}


class CardPreview:
    """The large preview of a card, or of a place of the Altar."""

    def __init__(self, c: Canvas, cards: CardsAndPrompt) -> None:
        self.c = c
        self.cards = cards

    def preview_rect(self, near: pygame.Rect, height: int = 0) -> pygame.Rect:
        """Where the preview goes: over the board, on the side away from the card,
        as tall as its text needs (``height`` in pixels) and never off the screen."""
        L = self.c.layout
        cx = (near.centerx - L.ox) / L.s
        w = PREVIEW_W * min(1.3, self.c.ink.reading)
        x = 900 if cx < 960 else 540
        box = L.r(x, 236, w, PREVIEW_H)
        box.h = max(box.h, height)
        box.bottom = min(box.bottom, L.h - L.n(8))
        box.y = max(box.y, L.n(56))
        return box

    def preview_art_size(self) -> tuple[int, int]:
        """The size in pixels of a card's picture in the preview: the card's width, nearly as
        tall (the preview is as wide wherever it stands)."""
        w = self.preview_rect(pygame.Rect(0, 0, 1, 1)).w - 2 * self.c.layout.n(4)
        return w, round(w * PICTURE_H)

    def card_preview(self, screen: pygame.Surface, key: Key, action: str = "") -> bool:
        """Draw the large preview of the face-up card ``key``; False if no such card is drawn.
        The picture is the top of the card, most of it; on it, as bands, what kind of card
        it is (top), its name and title (foot) and its cost on chips; under it, the whole
        text, when it may be cast, its cost in words and what a click does now."""
        if key[0] == "loc":
            return self.place_preview(screen, key[1])
        face = self.c._faces.get(key)
        if face is None:
            return False
        r, name, text, back, cost, timing, title = face
        L, ink = self.c.layout, self.c.ink
        box = self.preview_rect(r)
        pad = L.n(20)
        inner_w = box.w - 2 * pad
        when = " ".join(_(TIMING_LONG[t]) if t in TIMING_LONG else t for t in timing) if timing else ""
        cid = key[1] if key[0] == "card" else None
        pic_w, pic_h = self.preview_art_size()
        names = ", ".join(self.c.content.symbols[c].name for c in cost) if cost else ""
        name_h = ink.height(name, ink.read(28), inner_w, "bold") + (
            ink.height(title, ink.read(19), inner_w, "italic") if title else 0) + L.n(12)
        top_h = L.n(52)
        if cid is None or not self.cards.has_picture(cid):
            pic_h = top_h + name_h + (L.n(44) if cost else 0)
        need = (pic_h + L.n(8 + 12 + 16)
                + (ink.height(when, ink.read(18), inner_w, "italic") + L.n(6) if when else 0)
                + ink.height(text, ink.read(21), inner_w)
                + (L.n(6) + ink.height(_("Cost to Ready: {symbols}").format(symbols=names), ink.read(17), inner_w, "italic") if cost else 0)
                + (L.n(12 + 12) + ink.height(action, ink.read(18), inner_w, "bold") if action else 0))
        room = L.h - L.n(64)  # a long text at a large Text size: the picture gives way, the words stay whole
        if need > room and pic_h > top_h + name_h + L.n(60):
            cut = min(need - room, pic_h - (top_h + name_h + L.n(60)))
            pic_h, need = pic_h - cut, need - cut
        box = self.preview_rect(r, need)
        if back in self.c.sym_index:
            kind = _("Spell · {symbol} back").format(symbol=self.c.content.symbols[self.c.sym_index[back]].name)
        else:
            kind = _(KIND_WORDS[back]) if back in KIND_WORDS else _("Card")
        shadow = pygame.Surface(box.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 120))
        screen.blit(shadow, box.move(L.n(8), L.n(10)))
        col = self.cards.card_colour(back)
        pygame.draw.rect(screen, (238, 228, 206), box, border_radius=L.n(14))
        pic = pygame.Rect(box.x + L.n(4), box.y + L.n(4), pic_w, pic_h)
        pygame.draw.rect(screen, mix(col, NIGHT, 0.72), pic, border_top_left_radius=L.n(12),
                         border_top_right_radius=L.n(12))
        if cid is not None:
            self.cards.card_picture(screen, pic, cid)
        # on the picture: the kind of card across the top, the name across the foot, the cost's chips
        band = pygame.Rect(pic.x, pic.y, pic.w, top_h)
        screen.blit(self.cards.band(band.size, mix(col, NIGHT, 0.35), 225), band)
        g = art.glyph(self.cards.glyph_of(back), L.n(40), mix(col, (255, 255, 255), 0.3))
        screen.blit(g, g.get_rect(midleft=(band.x + L.n(10), band.centery)))
        ink.draw(screen, kind, (band.right - L.n(14), band.centery), ink.read(18), PARCHMENT, "italic",
                 anchor="midright", max_w=band.w - L.n(70))
        foot = pygame.Rect(pic.x, pic.bottom - name_h, pic.w, name_h)
        screen.blit(self.cards.band(foot.size, (14, 10, 20), 205), foot)
        y = foot.y + L.n(6) + ink.para(screen, name, pygame.Rect(box.x + pad, foot.y + L.n(6), inner_w, foot.h),
                                       ink.read(28), PARCHMENT, "bold", align="center")
        if title:
            ink.para(screen, title, pygame.Rect(box.x + pad, y, inner_w, foot.h), ink.read(19), INK_DIM, "italic",
                     align="center")
        size = L.n(36)
        for i, sid in enumerate(reversed(cost or [])):
            c = pygame.Rect(0, 0, size, size)
            c.bottomright = (pic.right - L.n(8) - i * (size + L.n(6)), foot.y - L.n(6))
            pygame.draw.circle(screen, (14, 10, 20), c.center, size // 2 + L.n(3))
            gi = art.glyph(self.c.sym_id[sid], size - L.n(6), self.c.sym_colour[sid])
            screen.blit(gi, gi.get_rect(center=c.center))
        pygame.draw.rect(screen, mix(col, NIGHT, 0.2), box, L.n(4), border_radius=L.n(14))
        self.c.card_pictures[("preview", key)] = (box, pic, pic, 0)
        # under the picture: what it does, in whole words
        y = pic.bottom + L.n(12)
        if when:
            y += L.n(6) + ink.para(screen, when, pygame.Rect(box.x + pad, y, inner_w, box.h), ink.read(18),
                                   (110, 60, 40), "italic", align="center")
        y += ink.para(screen, text, pygame.Rect(box.x + pad, y, inner_w, box.h), ink.read(21), (40, 32, 30))
        if cost:
            y += L.n(6)
            ink.para(screen, _("Cost to Ready: {symbols}").format(symbols=names), pygame.Rect(box.x + pad, y, inner_w, box.h), ink.read(17),
                     (90, 70, 60), "italic")
        if action:  # what a click does now, on a dark strip at the foot of the card
            act_h = ink.height(action, ink.read(18), inner_w, "bold") + L.n(12)
            strip = pygame.Rect(box.x + L.n(4), box.bottom - act_h - L.n(4), box.w - L.n(8), act_h)
            pygame.draw.rect(screen, (46, 34, 30), strip, border_bottom_left_radius=L.n(12),
                             border_bottom_right_radius=L.n(12))
            ink.para(screen, action, pygame.Rect(box.x + pad, strip.y + L.n(6), inner_w, act_h), ink.read(18),
                     PARCHMENT, "bold", align="center")
        ink.drawn.add(name)
        return True

    def place_preview(self, screen: pygame.Surface, loc_id: str) -> bool:
        """The large preview of a place of the Altar (V while the keyboard is on it): its scene
        with its name on it, then each of its actions as its row of symbols over its whole words."""
        if loc_id not in LOCATIONS:
            return False
        i = LOCATIONS.index(loc_id)
        place = self.c.content.locations[i]
        L, ink = self.c.layout, self.c.ink
        near = self.c.tile_rect(i)
        box = self.preview_rect(near)
        pad, size = L.n(20), L.n(30)
        inner_w = box.w - 2 * pad
        pic = pygame.Rect(box.x + L.n(4), box.y + L.n(4), box.w - L.n(8), round((box.w - L.n(8)) * 0.5))
        basic, control = altar_symbols.rows(loc_id)
        rows = [(steps, text) for steps, text in ((basic, place.basic_text), (control, place.control_text)) if steps]
        need = pic.h + L.n(8 + 12) + sum(size + L.n(12 + 6 + 14) + ink.height(text, ink.read(20), inner_w)
                                         for _s, text in rows)
        box = self.preview_rect(near, need)
        pic.topleft = (box.x + L.n(4), box.y + L.n(4))
        shadow = pygame.Surface(box.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 120))
        screen.blit(shadow, box.move(L.n(8), L.n(10)))
        colour = self.c.sym_colour[i]
        pygame.draw.rect(screen, (26, 20, 34), box, border_radius=L.n(14))
        scene = places.SCENES.get(loc_id)
        if scene is not None:
            screen.blit(illustration.render(scene, pic.w, pic.h), pic)
        name_h = ink.font("bold", ink.read(30)).get_linesize() + L.n(10)
        band = pygame.Rect(pic.x, pic.bottom - name_h, pic.w, name_h)
        screen.blit(self.cards.band(band.size, (14, 10, 20), 205), band)
        g = art.glyph(self.c.sym_id[i], L.n(34), colour)
        screen.blit(g, g.get_rect(midleft=(band.x + L.n(12), band.centery)))
        ink.draw(screen, place.name, (band.x + L.n(54), band.centery), ink.read(30), GOLD, "bold", anchor="midleft",
                 max_w=band.w - L.n(64))
        y = pic.bottom + L.n(12)
        for steps, text in rows:
            row = places.pill(steps, size)
            if row.get_width() > inner_w:
                row = pygame.transform.smoothscale(row, (inner_w, round(row.get_height() * inner_w / row.get_width())))
            screen.blit(row, (box.x + pad, y))
            y += row.get_height() + L.n(6)
            y += ink.para(screen, text, pygame.Rect(box.x + pad, y, inner_w, box.h), ink.read(20), PARCHMENT) + L.n(14)
        pygame.draw.rect(screen, mix(colour, NIGHT, 0.2), box, L.n(3), border_radius=L.n(14))
        return True
