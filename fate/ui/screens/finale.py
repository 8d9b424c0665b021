"""The finale, between the last move and the end screen (and at the end of a replay):
a summoning (the god's portrait rises out of the Abyss, the table darkens, its sigil
burns) or a sealing (the Elder Signs close around the losing Lodge; Curses, when the
Investigators break a solo cult).

It lasts ``finale_seconds`` of the animation speed setting (at most six seconds; Instant
shows none), and a click or any key ends it at once. It draws over the last picture of the
table; every picture it uses is made once per size before it begins.
"""

from __future__ import annotations

import math
import random

import pygame

from fate.ground.language import _, listing, ngettext
from fate.ui.kit import art, gods
from fate.ui.kit.layout import ALTAR_C, Layout
from fate.ui.kit.theme import BLOOD, GOLD, INK_DIM, PARCHMENT, SIGN_GREEN, mix
from fate.ui.kit.widgets import Scene, scene
from fate.ui.table.anim import ease, finale_kind, finale_seconds

SIGNS = 10  # the Elder Signs that seal a cult
SIGN = 64  # the size of each, in design units
SIGIL, PORTRAIT = 760, 460  # the burning sigil's and the rising portrait's sizes, in design units
RISEN_Y = 420  # where the god stands once risen (design units)
ABYSS_R = 118  # the Abyss's radius on the Altar: the god comes up over its rim


def winner_line(v: dict, table) -> str:
    """Who won, in a sentence the finale ends on: the player at the screen as "you", another
    cult by its god and, at a shared screen, by the name its player typed."""
    def who(seat: int) -> str:
        name = table.players[seat] if 0 <= seat < len(table.players) else ""
        cult = table.cult_name(v, seat)
        return _("{cult} ({player})").format(cult=cult, player=name) if name and name != cult else cult

    if not v["winners"]:
        return _("The Investigators win.") if v.get("solo") else _("No one wins.")
    others = [who(s) for s in v["winners"] if s != v.get("viewer")]
    if len(others) < len(v["winners"]):  # the player at the screen among them
        return _("You and {others} win.").format(others=listing(others)) if others else _("You win.")
    return ngettext("{cults} wins.", "{cults} win.", len(others)).format(cults=listing(others))


@scene("finale")
class FinaleScene(Scene):
    fps = 60
    tab_focus = False  # nothing to choose: any key goes on

    def __init__(self, app, view: dict, table, then=None, back_to=None) -> None:
        super().__init__(app)
        self.back_to = back_to
        self.view, self.table, self.then = view, table, then
        self.kind = finale_kind(view) or "summoning"
        self.length = max(0.05, finale_seconds(app.settings["speed"]))
        self.t = 0.0
        self.done = False
        self.under = app.screen.copy()  # the table as the game ended
        self.seat = (view["winners"] or [0])[0] if self.kind == "summoning" else (view["losers"] or [0])[0]
        god = view["seats"][self.seat]["god"] if self.seat < len(view["seats"]) else None
        self.god = god["id"] if god else ""
        self.god_name = god["name"] if god else ""
        # the player's own cult is "your cult" (the one at the screen), another named as a heading does
        self.yours = view.get("viewer") == self.seat
        self.cult = table.cult_name(view, self.seat)
        self.won = winner_line(view, table)  # who won, said as the finale ends
        name = table.players[self.seat] if 0 <= self.seat < len(table.players) else ""
        # Translators: a cult and, in brackets, the name of the player who leads it.
        self.cult_named = _("{cult} ({player})").format(cult=self.cult, player=name) if name and name != self.cult \
            else self.cult
        rnd = random.Random(self.seat * 31 + len(self.god))
        self.embers = [(rnd.uniform(-1, 1), rnd.uniform(0, 1), rnd.uniform(0.6, 1.4)) for _ in range(36)]
        self.starts = [(rnd.uniform(0, 2 * math.pi), rnd.uniform(1.2, 1.6)) for _ in range(SIGNS)]
        app.sound.play("summon" if self.kind == "summoning" else "elder_sign")
        self._own: dict[tuple, pygame.Surface] = {}
        L = Layout(*app.screen.get_size())  # its pictures made now, not in the middle of the finale
        if self.kind == "summoning":
            for what, size in (("well", 560), ("fire", SIGIL), ("face", PORTRAIT)):
                self.own(what, L.n(size))
        else:
            lodge = self.lodge(L)
            glyph, tint = self.seal()
            self.grey_lodge(lodge)
            art.glyph(glyph, L.n(SIGN), tint)
            art.glyph(glyph, int(min(lodge.w, lodge.h) * 0.9), tint)

    # ---------------------------------------------------------------- time and input
    def progress(self) -> float:
        return min(1.0, self.t / self.length)

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t >= self.length:
            self.finish()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.finish()

    def finish(self) -> None:
        """The finale is over (or skipped): on to what follows it, once."""
        if self.done:
            return
        self.done = True
        if self.then is not None:
            self.then()
        else:
            self.go_back()

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        self.hot = []
        w, h = screen.get_size()
        if self.under.get_size() != (w, h):
            self.under = pygame.transform.smoothscale(self.under, (w, h))
        screen.blit(self.under, (0, 0))
        L = Layout(w, h)
        self.table.resize(w, h)  # (a window resized during the finale: the Lodge where it now is)
        self.ink.set_scale(L.s)
        if self.kind == "summoning":
            self.summoning(screen, L, self.progress())
        else:
            self.sealing(screen, L, self.progress())
        self.ink.draw(screen, _("Click or press any key to go on"), L.p(960, 1050), 18, INK_DIM, "italic",
                      anchor="center", shadow=True)

    def shade(self, screen: pygame.Surface, rect: pygame.Rect, rgb: tuple, alpha: int) -> None:
        """A see-through sheet of one colour over ``rect``: one surface per size and colour,
        its see-through set each frame (not a cached sheet for every step of a fade)."""
        key = ("shade", rect.size, rgb)
        sheet = self._own.get(key)
        if sheet is None:
            sheet = self._own[key] = pygame.Surface(rect.size)
            sheet.fill(rgb)
        sheet.set_alpha(max(0, min(255, alpha)))
        screen.blit(sheet, rect)

    def own(self, what: str, size: int) -> pygame.Surface:
        """A copy of a cached picture for this finale alone (it changes their see-through)."""
        key = (what, size)
        if key not in self._own:
            made = {"well": lambda: gods.glow(size, gods.accent(self.god), 200),
                    "fire": lambda: gods.burning_sigil(self.god, size),
                    "face": lambda: gods.medallion(self.god, size)}[what]()
            self._own[key] = made.copy()
        return self._own[key]

    def summoning(self, screen: pygame.Surface, L: Layout, p: float) -> None:
        main = gods.colour(self.god)
        w, h = screen.get_size()
        self.shade(screen, pygame.Rect(0, 0, w, h), (0, 0, 0), int(225 * ease(min(1.0, p / 0.3))))
        abyss = L.p(*ALTAR_C)
        # the Abyss wakes: a light welling up where the Cultists went
        grow = ease(min(1.0, p / 0.35))
        if grow > 0.02:
            well = self.own("well", L.n(560))
            well.set_alpha(int(255 * grow))
            screen.blit(well, well.get_rect(center=abyss))
        # the sigil burns behind the god, from the middle of the finale
        burn = ease(max(0.0, min(1.0, (p - 0.4) / 0.3)))
        centre = L.p(960, RISEN_Y)
        if burn > 0:
            flicker = 0.85 + 0.15 * math.sin(self.t * 17) * math.sin(self.t * 5.3)
            fire = self.own("fire", L.n(SIGIL))
            fire.set_alpha(int(255 * burn * flicker))
            screen.blit(fire, fire.get_rect(center=centre))
            for dx, phase, speed in self.embers:  # embers rising off it
                k = (phase + self.t * 0.25 * speed) % 1.0
                x = centre[0] + dx * L.n(360) * (1 - 0.3 * k)
                y = centre[1] + L.n(320) - k * L.n(700)
                pygame.draw.circle(screen, mix((255, 170, 60), (255, 240, 200), k), (x, y),
                                   max(1, L.n(4 * (1 - k))))
        # the god rises out of the Abyss: from below its rim, seen only above it, up to its place
        rise = ease(max(0.0, min(1.0, (p - 0.1) / 0.5)))
        if rise > 0:
            face = self.own("face", L.n(PORTRAIT))
            rim = abyss[1] + L.n(ABYSS_R)
            start = rim + face.get_height() // 2
            y = start + (centre[1] - start) * rise
            face.set_alpha(int(255 * min(1.0, rise * 2)))
            # the horizon is the Abyss's rim while the god comes up; it drops as the god arrives
            horizon = rim + max(0, centre[1] + face.get_height() // 2 - rim) * ease(rise)
            screen.set_clip(pygame.Rect(0, 0, w, int(horizon)))
            screen.blit(face, face.get_rect(center=(centre[0], y)))
            screen.set_clip(None)
        words = ease(max(0.0, min(1.0, (p - 0.55) / 0.2)))
        if words > 0:
            said = (_("Your cult summons its Elder God into the world and you win.") if self.yours else
                    _("{cult} summons its Elder God into the world and wins.").format(cult=self.cult_named))
            self.words(screen, L, _("{god} rises").format(god=self.god_name) if self.god_name else
                       _("The Elder God rises"), said, main, words)

    def sealing(self, screen: pygame.Surface, L: Layout, p: float) -> None:
        w, h = screen.get_size()
        cursed = self.kind == "cursing"
        lodge = self.lodge(L)
        dark = ease(min(1.0, p / 0.25))
        self.shade(screen, pygame.Rect(0, 0, w, h), (0, 0, 0), int(215 * dark))
        # the losing Lodge alone in the light, greying as the seal closes
        fade = ease(max(0.0, min(1.0, (p - 0.55) / 0.3)))
        screen.blit(self.under, lodge, lodge)
        if fade > 0:
            grey = self.grey_lodge(lodge)
            grey.set_alpha(int(230 * fade))
            screen.blit(grey, lodge)
        # the signs' places: round the Lodge's edge, kept on screen
        edge = lodge.inflate(L.n(28), L.n(28)).clamp(screen.get_rect().inflate(-L.n(40), -L.n(40)))
        centre = edge.center
        rx, ry = edge.w / 2, edge.h / 2
        glyph, tint = self.seal()
        img = art.glyph(glyph, L.n(SIGN), tint)
        ring = []
        for i, (a0, far) in enumerate(self.starts):
            a = -math.pi / 2 + i * 2 * math.pi / SIGNS
            ca, sa = math.cos(a), math.sin(a)
            reach = min(rx / max(1e-6, abs(ca)), ry / max(1e-6, abs(sa)))  # out to the rectangle's edge
            home = (centre[0] + reach * ca, centre[1] + reach * sa)
            start = (w / 2 + far * w / 2 * math.cos(a0), h / 2 + far * h / 2 * math.sin(a0))
            k = ease(max(0.0, min(1.0, (p - 0.08 - i * 0.035) / 0.4)))
            pos = (start[0] + (home[0] - start[0]) * k, start[1] + (home[1] - start[1]) * k)
            ring.append((pos, k))
        closed = ease(max(0.0, min(1.0, (p - 0.5) / 0.2)))
        if closed > 0:  # the signs bound to each other, the ring closing round the Lodge
            for i in range(SIGNS):
                (p0, k0), (p1, k1) = ring[i], ring[(i + 1) % SIGNS]
                if k0 >= 1 and k1 >= 1:
                    end = (p0[0] + (p1[0] - p0[0]) * closed, p0[1] + (p1[1] - p0[1]) * closed)
                    pygame.draw.line(screen, mix(tint, (255, 255, 255), 0.3), p0, end, L.n(3))
        flash = max(0.0, 1 - abs(p - 0.72) / 0.08) if p > 0.64 else 0.0
        if flash > 0:
            halo = gods.glow(int(max(lodge.w, lodge.h) * 1.6), tint, 140)
            halo.set_alpha(int(255 * flash))
            screen.blit(halo, halo.get_rect(center=centre))
        for pos, k in ring:
            if k > 0:
                screen.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))
        stamp = ease(max(0.0, min(1.0, (p - 0.66) / 0.12)))
        if stamp > 0:  # the seal pressed on the Lodge itself
            full = art.glyph(glyph, int(min(lodge.w, lodge.h) * 0.9), tint)  # one size, scaled as it comes down
            grow = 1.35 - 0.35 * stamp
            seal = pygame.transform.smoothscale(full, (int(full.get_width() * grow), int(full.get_height() * grow)))
            seal.set_alpha(int(200 * stamp))
            screen.blit(seal, seal.get_rect(center=lodge.center))
        words = ease(max(0.0, min(1.0, (p - 0.6) / 0.2)))
        if words > 0:
            if self.yours:
                head = _("Your cult is broken") if cursed else _("Your cult is sealed away")
            else:
                head = (_("{cult} is broken") if cursed else _("{cult} is sealed away")).format(cult=self.cult)
            sub = (_("The Investigators' Curses have undone it.") if cursed
                   else _("Ten Elder Signs bind its Lodge: its god will not come.")) + " " + self.won
            self.words(screen, L, head, sub, tint, words, x=1190)

    def lodge(self, L: Layout) -> pygame.Rect:
        """Where the losing Lodge stands on the table."""
        rect = next((r for s, r, _y, _h in self.table.lodge_rects() if s == self.seat), None)
        return rect if rect is not None else L.r(14, 62, 440, 262)

    def seal(self) -> tuple[str, tuple]:
        """What closes round the Lodge: Elder Signs, or the Investigators' Curses."""
        return ("curse", BLOOD) if self.kind == "cursing" else ("elder_sign", SIGN_GREEN)

    def grey_lodge(self, lodge: pygame.Rect) -> pygame.Surface:
        key = (lodge.topleft, lodge.size)
        if getattr(self, "_grey", (None,))[0] != key:
            part = self.under.subsurface(lodge.clip(self.under.get_rect())).copy()
            grey = pygame.transform.grayscale(part)
            grey.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
            self._grey = (key, grey)
        return self._grey[1]

    def words(self, screen, L: Layout, head: str, sub: str, colour: tuple, alpha: float, x: float = 960) -> None:
        y = 860 if x == 960 else 440
        band = L.r(x - 560, y - 60, 1120, 150)
        self.shade(screen, band, (6, 3, 10), int(200 * alpha))
        if alpha > 0.25:
            pygame.draw.line(screen, colour, band.topleft, band.topright, L.n(2))
            pygame.draw.line(screen, colour, band.bottomleft, band.bottomright, L.n(2))
            self.ink.draw(screen, head, L.p(x, y), 60, mix(colour, GOLD, 0.4), "title", anchor="center",
                          max_w=band.w - L.n(40), shadow=True)
            self.ink.draw(screen, sub, L.p(x, y + 56), 24, PARCHMENT, "italic", anchor="center",
                          max_w=band.w - L.n(40))
