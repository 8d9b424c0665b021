"""The Abyss in the middle of the Altar: its name, each cult's Cultists waiting in it, and its
slow swirl. A part of ``Table``, given the ``Canvas`` it draws on (fate/ui/table/canvas.py): it draws from the view only, like the rest of the table.

The swirl is one picture (kit/art.py, made once per size) turned a little each frame while
the game moves, and slowing to a stop once the board has stood still for ``STIR_SECONDS``
(as the legal targets stop pulsing): a table waiting for a player rests (App.run)."""

from __future__ import annotations

import pygame

from fate.ground.language import _, listing, ngettext, number
from fate.ui.kit import art, figures
from fate.ui.kit.layout import ALTAR_C
from fate.ui.kit.theme import PARCHMENT
from fate.ui.table.canvas import Canvas
from fate.ui.table.crowds import Crowds

ABYSS_SWIRL = 226  # the swirl's size in design units (the Abyss's well)
ABYSS_TURN = 14.0  # its turn in degrees a second, while the game moves
ABYSS_ROW_W = 196  # the width of the row of sunk crowds (design units)
STIR_SECONDS = 2.5  # how long it turns on after the board last changed (within the glows' pulse)


class AbyssWell:
    """The Abyss's well: its swirl and the crowds sunk in it."""

    def __init__(self, c: Canvas, crowds: Crowds) -> None:
        self.c = c
        self.crowds = crowds
        self._stirred = 0.0  # when the board last changed: the Abyss swirls for a while after
        self._swirl_t = 0.0
        self._swirl_angle = 0.0
        self._abyss_rects: dict[int, pygame.Rect] = {}  # each cult's crowd in the Abyss, as last drawn

    def _abyss_rows(self, v) -> list[tuple[figures.Plan, list[int], float]]:
        """How each cult's Cultists in the Abyss stand in it: the seats that have any there in
        one row, or two rows when more than two cults do (the well is round), each row with its
        plan (one height for all) and its feet's height in design units."""
        here = [s for s, seat in enumerate(v["seats"]) if seat["abyss"]]
        half = (len(here) + 1) // 2
        rows = [here] if len(here) <= 2 else [here[:half], here[half:]]
        feet = [ALTAR_C[1] + 34] if len(rows) == 1 else [ALTAR_C[1] + 8, ALTAR_C[1] + 58]
        counts = [[("cultist", v["seats"][s]["abyss"]) for s in row] for row in rows]
        tall = 70 if len(rows) == 1 else 62  # (a sunk crowd shows less than its full height)
        num = self.crowds.numeral_w()
        h = min(figures.plan(c, ABYSS_ROW_W, tall, gap=10, biggest=44, comfy=34, smallest=20, numeral=num).h
                for c in counts)
        return [(figures.plan(c, ABYSS_ROW_W, tall, gap=10, biggest=h, comfy=min(34, h), smallest=20, numeral=num),
                 row, y)
                for c, row, y in zip(counts, rows, feet, strict=True)]

    def _abyss_pieces(self, screen, v) -> None:
        """The Abyss's name and each cult's Cultists sunk in it to the waist (drawn again over
        its swirl: a few blits of figures composed once)."""
        L, ink = self.c.layout, self.c.ink
        cx, cy = ALTAR_C
        ink.draw(screen, _("The Abyss"), L.p(cx, cy - 62), 26, (190, 160, 230), "title", anchor="center")
        self._abyss_rects = {}
        for s in range(len(v["seats"])):
            self.c.anchors[("abyss", s)] = L.p(cx, cy + 14)
        for plan, row, feet in self._abyss_rows(v):
            x = cx - (sum(plan.widths) + 10 * max(0, len(row) - 1)) / 2
            for i, s in enumerate(row):
                n = v["seats"][s]["abyss"]
                surf = figures.sunk(plan.shown[i], L.n(plan.h), self.c.colour(s), self.c.mark(s), plan.rows)
                r = screen.blit(surf, surf.get_rect(bottomleft=L.p(x, feet)))
                self.c.anchors[("abyss", s)] = r.center
                if plan.numeral(i, n):
                    r = r.union(ink.draw(screen, str(n), (r.right + L.n(1), r.bottom), ink.read(20), PARCHMENT,
                                         "bold", anchor="bottomleft", shadow=True))
                self._abyss_rects[s] = r
                x += plan.widths[i] + 10

    def swirl(self, screen, v, t: float, changed: bool) -> None:
        """The Abyss's slow swirl: it turns while the game moves (for ``STIR_SECONDS`` after
        the board last changed, slowing to a stop), so that a waiting table can rest."""
        if changed:
            self._stirred = t
        dt = min(0.1, max(0.0, t - self._swirl_t))
        self._swirl_t = t
        calm = min(1.0, max(0.0, (t - self._stirred) / STIR_SECONDS))
        self._swirl_angle = (self._swirl_angle + dt * ABYSS_TURN * (1 - calm) ** 2) % 360
        L = self.c.layout
        img = art.abyss_swirl(L.n(ABYSS_SWIRL))
        turned = pygame.transform.rotate(img, -round(self._swirl_angle, 1))
        screen.blit(turned, turned.get_rect(center=L.p(*ALTAR_C)))
        self._abyss_pieces(screen, v)

    def draw(self, screen, v):
        L = self.c.layout
        cx, cy = ALTAR_C
        self._abyss_pieces(screen, v)
        counts = listing([_("{cult}: {n}").format(cult=self.c.cult_name(v, s), n=number(seat["abyss"]))
                          for s, seat in enumerate(v["seats"])])
        self.c.region(L.r(cx - 120, cy - 70, 240, 120), None, _("The Abyss"),
                      _("Cultists sacrificed or lost wait here: {counts}.").format(counts=counts))
        for s, r in self._abyss_rects.items():  # each cult's crowd answers for itself
            k = v["seats"][s]["abyss"]
            self.c.region(r, None, _("{cult} in the Abyss").format(cult=self.c.cult_name(v, s)),
                          ngettext("{n} Cultist waits here, sacrificed or lost.",
                                   "{n} Cultists wait here, sacrificed or lost.", k).format(n=number(k)))
