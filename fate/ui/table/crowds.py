"""The figures standing on each place of the Altar: every cult's Cultists as a small crowd on
its god's base and the Investigators with their lanterns, side by side along the plaque, as
many figures as the room allows (``figures.plan``) and a numeral only past what fits. A
part of ``Table``, given the ``Canvas`` it draws on: it draws from the view only, like the rest of the table.

Each crowd answers for itself on hover (who stands there, and how many) and clicks through
to its place. The pictures come from fate/ui/kit/figures.py, composed once per size and
colour; drawing a place is a few blits.
"""

from __future__ import annotations

from fate.ground.language import _, ngettext, number
from fate.ui.kit import art, figures
from fate.ui.kit.theme import INVESTIGATOR, PARCHMENT
from fate.ui.table.canvas import Canvas

CROWD_GAP = 6  # design units between two crowds on a place
SQUALL_W = 44  # room kept at the right for the squalls' token (design units)
SQUALL = (200, 230, 255)
HEIGHTS = (64, 58, 52, 47, 42, 38, 34, 30)  # the figures' heights on the Altar (design units), largest first


class Crowds:
    """The figures standing on the Altar's places and in the Lodges (one height for all)."""

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self._crowd_queue: tuple[dict, list[tuple]] | None = None  # the places' rooms, until stand_crowds

    def place_crowds(self, screen, v, info, x0: float, x1: float, y0: float, y1: float) -> None:
        """Keep the room for the figures standing at one place, the box ``x0..x1`` by ``y0..y1``
        (design units): they are drawn by ``stand_crowds`` once every place has said its room,
        all the Altar's figures of one height, so that crowds compare at a glance."""
        queue = self._crowd_queue
        if queue is None or queue[0] is not v:
            queue = self._crowd_queue = (v, [])
        queue[1].append((info, x0, x1, y0, y1))

    def _groups(self, v, info) -> list[tuple]:
        """Who stands at a place: (anchor, kind, colour, shape, god, count, title, body), each cult
        in seat order and then the Investigators."""
        loc, name = info["id"], info["name"]
        groups: list[tuple] = [(("cultists", loc, s), "cultist", self.c.colour(s), self.c.mark(s), self.c.god_of(v, s), k,
                   _("{cult} at {place}").format(cult=self.c.cult_name(v, s), place=name),
                   ngettext("{n} Cultist stands here.", "{n} Cultists stand here.", k).format(n=number(k)))
                  for s, k in enumerate(info["cultists"])]
        n_inv = info["investigators"]
        groups.append((("investigators", loc), "investigator", INVESTIGATOR, "", "", n_inv,
                       _("Investigators at {place}").format(place=name),
                       ngettext("{n} Investigator stands here, with a lantern.",
                                "{n} Investigators stand here, each with a lantern.", n_inv).format(n=number(n_inv))))
        return groups

    def stand_crowds(self, screen, v) -> None:
        """Draw the figures of every place kept by ``_place_crowds``, at one height for all."""
        queue = self._crowd_queue
        self._crowd_queue = None
        if queue is None or queue[0] is not v:
            return
        places = []
        for info, x0, x1, y0, y1 in queue[1]:
            groups = self._groups(v, info)
            counts = [(g[1], g[5]) for g in groups if g[5]]
            room = x1 - x0 - (SQUALL_W if info["squalls"] else 0)
            places.append((info, groups, counts, room, x0, x1, y0, y1))
        num = self.numeral_w()
        heights = [figures.plan(c, room, y1 - y0, gap=CROWD_GAP, numeral=num).h
                   for _i, _g, c, room, _a, _b, y0, y1 in places if c]
        common = min(heights, default=40.0)
        # in a few steps, so that one Cultist more somewhere seldom changes every figure's size
        common = next((step for step in HEIGHTS if step <= common), common)
        for info, groups, counts, room, x0, x1, y0, y1 in places:
            plan = figures.plan(counts, room, y1 - y0, gap=CROWD_GAP, biggest=common, comfy=min(34.0, common),
                                numeral=num)
            self._stand(screen, info, groups, plan, x0, x1, y1)

    def numeral_w(self) -> float:
        """The design width of a crowd's numeral ("20", the most there can be) at the Text size setting."""
        ink = self.c.ink
        return ink.font("bold", ink.read(20)).size("20")[0] / self.c.layout.s + 2

    def _stand(self, screen, info, groups, plan, x0: float, x1: float, y1: float) -> None:
        L, ink = self.c.layout, self.c.ink
        loc, name = info["id"], info["name"]
        px = L.n(plan.h)
        self.c.figure_px = px
        x, i = x0, 0
        for anchor, kind, colour, mark, god, n, title, body in groups:
            if not n:  # nobody here yet: a figure arriving walks to where the next crowd would stand
                self.c.anchors[anchor] = L.p(x + plan.h * 0.35, y1 - plan.h * 0.5)
                continue
            shown = plan.shown[i]
            surf = figures.crowd(kind, shown, px, colour, mark, plan.rows, god)
            r = screen.blit(surf, surf.get_rect(bottomleft=L.p(x, y1)))
            self.c.anchors[anchor] = r.center
            if plan.numeral(i, n):  # more than fit: the count beside the crowd
                num = ink.draw(screen, str(n), (r.right + L.n(1), r.bottom - L.n(plan.h * 0.12)), ink.read(20),
                               PARCHMENT, "bold", anchor="bottomleft", shadow=True)
                r = r.union(num)
            self.c.region(r, ("loc", loc), title, body)
            x += max(plan.widths[i], r.w / L.s) + CROWD_GAP  # (the picture may be a pixel or two wider)
            i += 1
        if info["squalls"]:
            g = art.glyph("squall", L.n(30), SQUALL)
            r = screen.blit(g, g.get_rect(bottomright=L.p(x1 - 12, y1 - 6)))
            ink.draw(screen, str(info["squalls"]), (r.right, r.bottom), ink.read(18), PARCHMENT, "bold",
                     anchor="bottomleft", shadow=True)
            self.c.region(r, ("loc", loc), _("Squalls at {place}").format(place=name),
                          ngettext("{n} Winter Squall here.", "{n} Winter Squalls here.", info["squalls"]).format(
                              n=number(info["squalls"])))

    def lodge_crowd(self, screen, s: int, n: int, god: str, x: float, y1: float, width: float,
                    height: float) -> float:
        """A Lodge's waiting Cultists as a crowd standing on ``y1`` from ``x`` (design units);
        returns the design width it took."""
        L, ink = self.c.layout, self.c.ink
        if n <= 0:
            return 0.0
        plan = figures.plan([("cultist", n)], width, height, biggest=34, smallest=20, numeral=self.numeral_w())
        surf = figures.crowd("cultist", plan.shown[0], L.n(plan.h), self.c.colour(s), self.c.mark(s), plan.rows, god)
        r = screen.blit(surf, surf.get_rect(bottomleft=L.p(x, y1)))
        if plan.numeral(0, n):
            ink.draw(screen, str(n), (r.right + L.n(1), r.bottom - L.n(4)), ink.read(20), PARCHMENT, "bold",
                     anchor="bottomleft", shadow=True)
        return plan.widths[0]
