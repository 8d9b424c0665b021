"""The end of the game: who won and why, each cult's summary and a chart of the race."""

from __future__ import annotations

import pygame

from fate.ui.kit import art
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import (
    BLOOD,
    BRONZE,
    GOLD,
    INK_DIM,
    INK_FAINT,
    PARCHMENT,
    SIGN_GREEN,
    cult_mark,
)
from fate.ui.kit.widgets import Scene, backdrop, button, scene
from fate.ui.screens.saved import watch_replay
from fate.ui.session import Session

ORDINALS = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}


@scene("end")
class EndScene(Scene):
    """Who won and why, each cult's summary and a chart of the race."""

    def __init__(self, app, session: Session, colours: list[tuple]) -> None:
        super().__init__(app)
        self.session = session
        self.colours = colours
        self.view = session.view(None)
        app.sound.play(self.fanfare())

    def fanfare(self) -> str:
        """"win" when a human cult won (or, with none at the table, anyone did), else "lose"."""
        humans = self.session.humans()
        winners = self.view["winners"]
        won = any(s in winners for s in humans) if humans else bool(winners)
        return "win" if won else "lose"

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        v = self.view
        names = [f"Cult of {s['god']['name']}" if s["god"] else f"Seat {i + 1}" for i, s in enumerate(v["seats"])]
        if v["winners"]:
            head = " and ".join(names[w] for w in v["winners"]) + (" win" if len(v["winners"]) > 1 else " wins")
        elif v["solo"]:
            head = "The Investigators win"
        else:
            head = "No one wins"
        ink.draw(screen, head, L.p(960, 90), 72, GOLD, "title", anchor="center", shadow=True)
        level = self.app.content.solo_level(v["solo_level"]) if v["solo"] else None
        ink.draw(screen, self.reason(v, names, level), L.p(960, 160), 24, PARCHMENT, "italic", anchor="center",
                 max_w=L.n(1700))
        # the summary table
        cols = (("Cult", 120), ("Summon", 640), ("Elder Signs", 790), ("Cultists out", 960), ("Curses", 1130),
                ("Artifacts", 1260), ("Hints", 1410))
        y = 220
        for title, x in cols:
            ink.draw(screen, title, L.p(x, y), 22, INK_DIM, "bold")
        for i, s in enumerate(v["seats"]):
            yy = y + 40 + i * 44
            col = self.colours[i]
            plaque = art.mark(cult_mark(col), L.n(22), col)
            screen.blit(plaque, plaque.get_rect(center=L.p(100, yy + 14)))
            mark = " (wins)" if i in v["winners"] else (" (sealed)" if i in v["losers"] else "")
            ink.draw(screen, names[i] + mark, L.p(120, yy), 24, GOLD if i in v["winners"] else PARCHMENT, "bold")
            out = sum(loc["cultists"][i] for loc in v["locations"])
            hints = self.session.hints[i] if self.session.is_human(i) else "–"
            for val, (_, x) in zip((s["summon"], s["elder_signs"], out, s["curses_carried"], len(s["artifacts"]),
                                    hints), cols[1:], strict=True):
                ink.draw(screen, str(val), L.p(x + 30, yy), 24, PARCHMENT)
        ink.draw(screen, f"{v['turn']} turns", L.p(1560, y + 40), 24, INK_DIM, "italic")
        if level is not None:  # a solo game: how hard the Investigators played
            ink.draw(screen, f"Investigators: {level.name}", L.p(1560, y + 80), 24, INK_DIM, "italic")
        self.chart(screen, L, L.r(100, 470, 820, 440), "Summon track", "summon", 9, None)
        self.chart(screen, L, L.r(1000, 470, 820, 440), "Elder Signs", "signs", 10, SIGN_GREEN)
        button(self, screen, L, (430, 960, 300, 72), "New Game", ("new",), size=30)
        path = self.session.save_path()
        button(self, screen, L, (810, 960, 300, 72), "Watch Replay", ("replay",), size=30,
               enabled=path is not None and path.exists(),
               tip="Step through every decision of this game, with every hand revealed")
        button(self, screen, L, (1190, 960, 300, 72), "Title", ("title",), size=30)

    @staticmethod
    def reason(v: dict, names: list[str], level=None) -> str:
        r = v["end_reason"]
        lost = [names[s] for s in v["losers"]]
        if r == "summoned":
            return "Their Elder God is summoned into the world: the Summon token reached 9."
        if r == "sealed" and v["solo"]:
            return "Ten Elder Signs: your cult is sealed away by the Investigators."
        if r == "sealed":
            return (f"{' and '.join(lost)} took a tenth Elder Sign and {'is' if len(lost) == 1 else 'are'} sealed away;"
                    " of the rest, the fewest Elder Signs and then the highest Summon win.")
        if r == "cursed":
            nth = ORDINALS.get(level.curses_to_lose if level is not None else 5, "last")
            return f"A {nth} Curse: your cult is broken by the Investigators."
        return "The game has ended."

    def chart(self, screen, L: Layout, box: pygame.Rect, title: str, field: str, top: int, tint) -> None:
        ink = self.ink
        pygame.draw.rect(screen, (20, 15, 28), box, border_radius=L.n(10))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(10))
        ink.draw(screen, title, (box.x + L.n(16), box.y + L.n(10)), 26, tint or GOLD, "title")
        plot = box.inflate(-L.n(90), -L.n(100)).move(L.n(20), L.n(20))
        hist = self.session.history
        turns = max(1, len(hist) - 1)
        for k in range(top + 1):
            y = plot.bottom - plot.h * k / top
            pygame.draw.line(screen, (44, 36, 54), (plot.x, y), (plot.right, y), 1)
            if k % 3 == 0:
                ink.draw(screen, str(k), (plot.x - L.n(10), y), 15, INK_FAINT, anchor="midright")
        ink.draw(screen, f"turns 1–{turns}", (plot.right, plot.bottom + L.n(6)), 15, INK_FAINT, anchor="topright")
        for s in range(len(self.colours)):
            pts = []
            for i, rec in enumerate(hist):
                val = getattr(rec, field)[s]
                pts.append((plot.x + plot.w * i / turns, plot.bottom - plot.h * min(val, top) / top))
            if len(pts) >= 2:
                pygame.draw.lines(screen, self.colours[s], False, pts, L.n(3))
            # the cult's shape along its line (every fifth turn and at the end): told apart without colour
            shape = art.mark(cult_mark(self.colours[s]), L.n(16), self.colours[s])
            for i, p in enumerate(pts):
                if i == len(pts) - 1 or (i % 5 == 0 and len(pts) - 1 - i >= 3):
                    screen.blit(shape, shape.get_rect(center=(int(p[0]), int(p[1]))))
        if field == "signs":
            y = plot.bottom - plot.h
            pygame.draw.line(screen, BLOOD, (plot.x, y), (plot.right, y), L.n(2))
            ink.draw(screen, "sealed", (plot.right - L.n(4), y - L.n(2)), 15, BLOOD, "italic", anchor="bottomright")

    def click(self, key):
        if key == ("new",):
            self.app.goto("setup")
        elif key == ("title",):
            self.app.goto("title")
        elif key == ("replay",) and self.session.save_path() is not None:
            watch_replay(self, self.session.save_path())

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.click(("title",))
        elif event.key == pygame.K_r:
            self.click(("replay",))
