"""The Abyss in the middle of the Altar: its name, each cult's Cultists waiting in it, and its
slow swirl. A mixin of ``Table``: it draws from the view only, like the rest of the table.

The swirl is one picture (kit/art.py, made once per size) turned a little each frame while
the game moves, and slowing to a stop once the board has stood still for ``STIR_SECONDS``
(as the legal targets stop pulsing): a table waiting for a player rests (App.run)."""

from __future__ import annotations

import pygame

from fate.narration import count
from fate.ui.kit import art
from fate.ui.kit.layout import ALTAR_C
from fate.ui.kit.theme import NIGHT, PARCHMENT, mix

ABYSS_SWIRL = 226  # the swirl's size in design units (the Abyss's well)
ABYSS_TURN = 14.0  # its turn in degrees a second, while the game moves
STIR_SECONDS = 2.5  # how long it turns on after the board last changed (within the glows' pulse)


class AbyssWell:
    def init_abyss(self) -> None:
        self._stirred = 0.0  # when the board last changed: the Abyss swirls for a while after
        self._swirl_t = 0.0
        self._swirl_angle = 0.0

    def _abyss_pieces(self, screen, v) -> None:
        """The Abyss's name and each cult's Cultists waiting in it (drawn again over its swirl)."""
        L, ink = self.layout, self.ink
        cx, cy = ALTAR_C
        ink.draw(screen, "The Abyss", L.p(cx, cy - 52), 26, (190, 160, 230), "title", anchor="center")
        n = len(v["seats"])
        x0 = cx - (n * 56) / 2
        for s, seat in enumerate(v["seats"]):
            x = x0 + s * 56
            self.anchors[("abyss", s)] = L.p(x + 18, cy + 6)
            g = art.glyph("cultist", L.n(34), mix(self.colour(s), NIGHT, 0.35), self.mark(s))
            screen.blit(g, L.p(x, cy - 20))
            ink.draw(screen, str(seat["abyss"]), L.p(x + 30, cy + 18), ink.read(20), PARCHMENT, "bold",
                     anchor="bottomleft", shadow=True)

    def _swirl(self, screen, v, t: float, changed: bool) -> None:
        """The Abyss's slow swirl: it turns while the game moves (for ``STIR_SECONDS`` after
        the board last changed, slowing to a stop), so that a waiting table can rest."""
        if changed:
            self._stirred = t
        dt = min(0.1, max(0.0, t - self._swirl_t))
        self._swirl_t = t
        calm = min(1.0, max(0.0, (t - self._stirred) / STIR_SECONDS))
        self._swirl_angle = (self._swirl_angle + dt * ABYSS_TURN * (1 - calm) ** 2) % 360
        L = self.layout
        img = art.abyss_swirl(L.n(ABYSS_SWIRL))
        turned = pygame.transform.rotate(img, -round(self._swirl_angle, 1))
        screen.blit(turned, turned.get_rect(center=L.p(*ALTAR_C)))
        self._abyss_pieces(screen, v)

    def _abyss(self, screen, v):
        L = self.layout
        cx, cy = ALTAR_C
        n = len(v["seats"])
        x0 = cx - (n * 56) / 2
        self._abyss_pieces(screen, v)
        self.region(L.r(cx - 120, cy - 70, 240, 120), None, "The Abyss",
                    "Cultists sacrificed or lost wait here. "
                    + "; ".join(f"{self.cult_name(v, s)}: {seat['abyss']}" for s, seat in enumerate(v["seats"])))
        for s, seat in enumerate(v["seats"]):  # each cult's count answers for itself
            self.region(L.r(x0 + s * 56, cy - 20, 52, 42), None, f"{self.cult_name(v, s)} in the Abyss",
                        f"{count(seat['abyss'], 'Cultist')} of the {self.cult_name(v, s)} wait in the Abyss.")
