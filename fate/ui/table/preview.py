"""The large card preview: a face-up card at reading size, with its whole text,
its cost to Ready, when it may be cast and its symbol. Shown while the pointer
rests on a card, or on the card the keyboard focus is on (V shows and hides it).
A mixin of ``Table``: it draws only what the card face drawn from the view holds.
"""

from __future__ import annotations

import pygame

from fate.ui.kit import art
from fate.ui.kit.theme import NIGHT, PARCHMENT, mix
from fate.ui.table.picker import Key

PREVIEW_W, PREVIEW_H = 400, 300  # design units
KIND_WORDS = {"artifact": "Artifact", "god": "Elder God", "curse": "Curse", "gate": "Gate"}
TIMING_LONG = {
    "any": "at any chance to cast", "prepare": "at the start of your turn, before movement",
    "own_turn": "in your own turn", "other_turn": "in a rival's turn",
    "after_roll": "after your own roll, before its results apply",
    "roll_any": "after anyone's roll, before its results apply", "raided": "when you are raided",
    "end": "at the end of a turn",
}


class CardPreview:
    def preview_rect(self, near: pygame.Rect, height: int = 0) -> pygame.Rect:
        """Where the preview goes: over the board, on the side away from the card,
        as tall as its text needs (``height`` in pixels) and never off the screen."""
        L = self.layout
        cx = (near.centerx - L.ox) / L.s
        w = PREVIEW_W * min(1.3, self.ink.reading)
        x = 900 if cx < 960 else 540
        box = L.r(x, 236, w, PREVIEW_H)
        box.h = max(box.h, height)
        box.bottom = min(box.bottom, L.h - L.n(8))
        box.y = max(box.y, L.n(56))
        return box

    def preview_art_size(self) -> tuple[int, int]:
        """The size in pixels of a card's picture in the preview (the preview is as wide
        wherever it stands)."""
        L = self.layout
        inner_w = self.preview_rect(pygame.Rect(0, 0, 1, 1)).w - 2 * L.n(20)
        return inner_w, min(L.n(170), int(inner_w * 0.42))

    def card_preview(self, screen: pygame.Surface, key: Key, action: str = "") -> bool:
        """Draw the large preview of the face-up card ``key``; False if no such card is drawn."""
        face = self._faces.get(key)
        if face is None:
            return False
        r, name, text, back, cost, timing, title = face
        L, ink = self.layout, self.ink
        box = self.preview_rect(r)
        pad = L.n(20)
        inner_w = box.w - 2 * pad
        when = "Cast " + "; or ".join(TIMING_LONG.get(t, t) for t in timing) + "." if timing else ""
        cid = key[1] if key[0] == "card" else None
        art_h = self.preview_art_size()[1] if cid is not None and self.has_picture(cid) else 0
        need = (L.n(64 + 12 + 18 + 16) + (art_h + L.n(10) if art_h else 0)
                + ink.height(name, ink.read(30), inner_w, "bold")
                + (ink.height(title, ink.read(19), inner_w, "italic") if title else 0)
                + (L.n(6) + ink.height(when, ink.read(18), inner_w, "italic") if when else 0)
                + ink.height(text, ink.read(21), inner_w)
                + (L.n(40 + 16) + ink.font("italic", ink.read(17)).get_linesize() if cost else 0)
                + (L.n(12) + ink.height(action, ink.read(18), inner_w, "bold") if action else 0))
        box = self.preview_rect(r, need)
        if back in self.sym_index:
            kind = f"Spell · {self.content.symbols[self.sym_index[back]].name} back"
        else:
            kind = KIND_WORDS.get(back, "Card")
        shadow = pygame.Surface(box.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 120))
        screen.blit(shadow, box.move(L.n(8), L.n(10)))
        band = self.card_frame(screen, box, back, (238, 228, 206), radius=14, band=64, border=4, glyph=48, pad=12)
        col = self.card_colour(back)
        ink.draw(screen, kind, (band.right - L.n(14), band.centery), ink.read(18), PARCHMENT, "italic",
                 anchor="midright", max_w=band.w - L.n(80))
        inner = pygame.Rect(box.x + pad, band.bottom + L.n(12), box.w - 2 * pad, box.h)
        y = inner.y + ink.para(screen, name, inner, ink.read(30), (50, 30, 24), "bold", align="center")
        if title:
            y += ink.para(screen, title, pygame.Rect(inner.x, y, inner.w, box.h), ink.read(19), (90, 70, 60),
                          "italic", align="center")
        if when:
            y += L.n(6) + ink.para(screen, when, pygame.Rect(inner.x, y + L.n(6), inner.w, box.h), ink.read(18),
                                   (110, 60, 40), "italic", align="center")
        if art_h:  # the card's picture, large, between what it is and what it does
            self.card_picture(screen, pygame.Rect(inner.x, y + L.n(10), inner.w, art_h), cid)
            y += art_h + L.n(10)
        pygame.draw.line(screen, mix(col, (238, 228, 206), 0.4), (inner.x, y + L.n(8)), (inner.right, y + L.n(8)),
                         L.n(2))
        y += L.n(18)
        y += ink.para(screen, text, pygame.Rect(inner.x, y, inner.w, box.h), ink.read(21), (40, 32, 30))
        bottom = box.bottom - L.n(16)
        if action:  # what a click does now, on a dark strip at the foot of the card
            act_h = ink.height(action, ink.read(18), inner_w, "bold") + L.n(12)
            strip = pygame.Rect(box.x + L.n(4), box.bottom - act_h - L.n(4), box.w - L.n(8), act_h)
            pygame.draw.rect(screen, (46, 34, 30), strip, border_bottom_left_radius=L.n(12),
                             border_bottom_right_radius=L.n(12))
            ink.para(screen, action, pygame.Rect(inner.x, strip.y + L.n(6), inner_w, act_h), ink.read(18),
                     PARCHMENT, "bold", align="center")
            bottom = strip.y - L.n(8)
        if cost:
            size = L.n(40)
            names = ", ".join(self.content.symbols[c].name for c in cost)
            ink.draw(screen, f"Cost to Ready: {names}", (inner.x, bottom - size - L.n(6)), ink.read(17),
                     (90, 70, 60), "italic", anchor="bottomleft", max_w=inner.w)
            for i, sid in enumerate(cost):
                gi = art.glyph(self.sym_id[sid], size, mix(self.sym_colour[sid], NIGHT, 0.2))
                screen.blit(gi, (inner.x + i * (size + L.n(6)), bottom - size))
        ink.drawn.add(name)
        return True
