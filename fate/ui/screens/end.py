"""The end of the game: who won and why, each cult's summary and a chart of the race."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import pygame

from fate.ground.language import N_, _, listing, ngettext
from fate.ui.kit import art, gods
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
from fate.ui.screens.saved import open_review, watch_replay
from fate.ui.session import TableSession

# the Curse that breaks a solo cult, one whole sentence a count (an ordinal glued in would not translate)
BROKEN = {3: N_("A third Curse: your cult is broken by the Investigators."),
          4: N_("A fourth Curse: your cult is broken by the Investigators."),
          5: N_("A fifth Curse: your cult is broken by the Investigators."),
          6: N_("A sixth Curse: your cult is broken by the Investigators."),
          7: N_("A seventh Curse: your cult is broken by the Investigators."),
          8: N_("An eighth Curse: your cult is broken by the Investigators.")}
BROKEN_LAST = N_("A last Curse: your cult is broken by the Investigators.")


@runtime_checkable
class OnlineEnd(Protocol):
    """What the end of a game played on a server offers besides the game (NetSession, from
    fate/ui/online/together.py): "Play again" with the same players, and where to go next."""

    fatal: str  # the game cannot be shown any more (said, then back to Play Online)
    mine: list[int]  # the seats played here
    asked_again: bool  # this screen said "Play again"

    def end_buttons(self) -> list[tuple[str, tuple, str, bool]]: ...
    def end_line(self) -> tuple[str, str]: ...
    def end_key(self, key: tuple) -> str | None: ...
    def end_pump(self, online_file: Path) -> Any: ...
    def end_close(self) -> None: ...


@scene("end")
class EndScene(Scene):
    """Who won and why, each cult's summary and a chart of the race."""

    def __init__(self, app, session: TableSession, colours: list[tuple]) -> None:
        super().__init__(app)
        self.session = session
        # a game played on a server: its own end (Play again with the same players, where next)
        self.online = session if isinstance(session, OnlineEnd) else None
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
        names = [_("Cult of {god}").format(god=s["god"]["name"]) if s["god"] else _("Seat {n}").format(n=i + 1)
                 for i, s in enumerate(v["seats"])]
        if v["winners"]:
            head = ngettext("{cults} wins", "{cults} win", len(v["winners"])).format(
                cults=listing([names[w] for w in v["winners"]]))
        elif v["solo"]:
            head = _("The Investigators win")
        else:
            head = _("No one wins")
        god = self.god_shown(v)
        if god:  # the god that came (or, with no winner, the cult that was sealed away), framed either side
            face = gods.medallion(god, L.n(196))
            if not v["winners"]:
                face = pygame.transform.grayscale(face)
            screen.blit(face, face.get_rect(center=L.p(150, 116)))
            sig = gods.sigil(god, L.n(160))
            screen.blit(sig, sig.get_rect(center=L.p(1770, 116)))
        ink.draw(screen, head, L.p(960, 90), 72, GOLD, "title", anchor="center", shadow=True, max_w=L.n(1440))
        level = self.app.content.solo_level(v["solo_level"]) if v["solo"] else None
        ink.draw(screen, self.reason(v, names, level), L.p(960, 160), 24, PARCHMENT, "italic", anchor="center",
                 max_w=L.n(1700))
        # the summary table
        # each figure's column by its centre, wide enough for its heading in the longest language
        cols = ((N_("Cult"), 120), (N_("Summon"), 660), (N_("Elder Signs"), 850), (N_("Cultists out"), 1050),
                (N_("Curses"), 1230), (N_("Artifacts"), 1370), (N_("Hints"), 1500))
        y = 220
        for k, (title, x) in enumerate(cols):
            ink.draw(screen, _(title), L.p(x, y), 22, INK_DIM, "bold", anchor="topleft" if k == 0 else "midtop",
                     max_w=L.n(190) if k else None)
        for i, s in enumerate(v["seats"]):
            yy = y + 40 + i * 44
            col = self.colours[i]
            plaque = art.mark(cult_mark(col), L.n(22), col)
            screen.blit(plaque, plaque.get_rect(center=L.p(100, yy + 14)))
            named = (_("{cult} (wins)") if i in v["winners"] else _("{cult} (sealed)") if i in v["losers"] else
                     "{cult}").format(cult=names[i])
            ink.draw(screen, named, L.p(120, yy), 24, GOLD if i in v["winners"] else PARCHMENT, "bold")
            out = sum(loc["cultists"][i] for loc in v["locations"])
            hints = self.session.hints[i] if self.session.is_human(i) else "–"
            for val, (_title, x) in zip((s["summon"], s["elder_signs"], out, s["curses_carried"], len(s["artifacts"]),
                                    hints), cols[1:], strict=True):
                ink.draw(screen, str(val), L.p(x, yy), 24, PARCHMENT, anchor="midtop")
        ink.draw(screen, ngettext("{n} turn", "{n} turns", v["turn"]).format(n=v["turn"]), L.p(1600, y + 40), 24,
                 INK_DIM, "italic")
        if level is not None:  # a solo game: how hard the Investigators played
            ink.draw(screen, _("Investigators: {level}").format(level=level.name), L.p(1560, y + 80), 24, INK_DIM,
                     "italic")
        self.chart(screen, L, L.r(100, 470, 820, 440), _("Summon track"), "summon", 9, None)
        self.chart(screen, L, L.r(1000, 470, 820, 440), _("Elder Signs"), "signs", 10, SIGN_GREEN)
        if self.online is not None:
            self.draw_online(screen, L, self.online)
            return
        button(self, screen, L, (250, 960, 300, 72), _("New Game"), ("new",), size=30)
        path = self.session.save_path()
        button(self, screen, L, (630, 960, 300, 72), _("Watch Replay"), ("replay",), size=30,
               enabled=path is not None and path.exists(),
               tip=_("Step through every decision of this game, with every hand revealed"))
        humans = self.session.humans()
        button(self, screen, L, (1010, 960, 300, 72), _("Review"), ("review",), size=30,
               enabled=path is not None and path.exists(),
               tip=_("Hard judges each decision of yours from what was known then: the better choices and a graph "
                     "of the chance to win (V)") if humans else
               _("Hard judges each decision of the first cult from what was known then: the better choices and a "
                 "graph of the chance to win (V)"))
        button(self, screen, L, (1390, 960, 300, 72), _("Title"), ("title",), size=30)

    @staticmethod
    def god_shown(v: dict) -> str:
        """The Elder God whose portrait the end screen shows: the winner's, else the sealed cult's."""
        seats = v["winners"] or v["losers"]
        god = v["seats"][seats[0]]["god"] if seats and seats[0] < len(v["seats"]) else None
        return god["id"] if god else ""

    @staticmethod
    def reason(v: dict, names: list[str], level=None) -> str:
        r = v["end_reason"]
        lost = [names[s] for s in v["losers"]]
        if r == "summoned":
            return _("Their Elder God is summoned into the world: the Summon token reached 9.")
        if r == "sealed" and v["solo"]:
            return _("Ten Elder Signs: your cult is sealed away by the Investigators.")
        if r == "sealed":
            return ngettext("{cults} took a tenth Elder Sign and is sealed away; of the rest, the fewest Elder Signs "
                            "and then the highest Summon win.",
                            "{cults} took a tenth Elder Sign and are sealed away; of the rest, the fewest Elder Signs "
                            "and then the highest Summon win.", len(lost)).format(cults=listing(lost))
        if r == "cursed":
            return _(BROKEN.get(level.curses_to_lose if level is not None else 5, BROKEN_LAST))
        return _("The game has ended.")

    def chart(self, screen, L: Layout, box: pygame.Rect, title: str, field: str, top: int, tint) -> None:
        ink = self.ink
        pygame.draw.rect(screen, (20, 15, 28), box, border_radius=L.n(10))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(10))
        ink.draw(screen, title, (box.x + L.n(16), box.y + L.n(10)), 26, tint or GOLD, "title")
        plot = box.inflate(-L.n(90), -L.n(100)).move(L.n(20), L.n(20))
        hist = self.session.history
        # by turn number, not by record: the chart begins where its records do (a game set up
        # at turn 24 too) and ends on the turns the screen says were played (the start of the
        # first turn is recorded twice, once at set-up)
        first = hist[0].turn if hist else 1
        last = max(first, self.view["turn"])
        span = max(1, (hist[-1].turn - first) if hist else 1)
        for k in range(top + 1):
            y = plot.bottom - plot.h * k / top
            pygame.draw.line(screen, (44, 36, 54), (plot.x, y), (plot.right, y), 1)
            if k % 3 == 0:
                ink.draw(screen, str(k), (plot.x - L.n(10), round(y)), 15, INK_FAINT, anchor="midright")
        ink.draw(screen, _("turns {first}–{last}").format(first=first, last=last), (plot.right, plot.bottom + L.n(6)), 15, INK_FAINT, anchor="topright")
        for s in range(len(self.colours)):
            pts = []
            for rec in hist:
                val = getattr(rec, field)[s]
                pts.append((plot.x + plot.w * min(1, (rec.turn - first) / span), plot.bottom - plot.h * min(val, top) / top))
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
            ink.draw(screen, _("sealed"), (plot.right - L.n(4), y - L.n(2)), 15, BLOOD, "italic", anchor="bottomright")

    def draw_online(self, screen: pygame.Surface, L: Layout, online: OnlineEnd) -> None:
        """The end of a game played on a server: "Play again" with the same players (once every
        player has clicked it, the new game opens: fate/ui/online/together.py), and where next."""
        buttons = online.end_buttons()
        words, kind = online.end_line()
        colour = {"good": SIGN_GREEN, "plain": PARCHMENT}.get(kind, INK_DIM)
        if words:
            self.ink.draw(screen, words, L.p(960, 936), 22, colour, "italic", anchor="center", max_w=L.n(1400))
        x = 960 - (len(buttons) * 380 - 40) // 2
        for label, key, tip, selected in buttons:
            button(self, screen, L, (x, 960, 340, 72), label, key, size=30, selected=selected, tip=tip)
            x += 380
        if self.app.hover is not None:
            self.draw_tip(screen, L)

    def update(self, dt: float) -> None:
        online = self.online
        if online is not None:  # the players may play again
            following = online.end_pump(self.app.online_file)
            if following is not None:
                self.app.goto("online_play", following)
            elif online.fatal:
                self.app.notice = online.fatal
                self.app.goto("online")

    def close(self) -> None:
        if self.online is not None:
            self.online.end_close()

    def click(self, key: tuple) -> None:
        if self.online is not None:
            where = self.online.end_key(key)
            if where is not None:
                self.app.goto(where)
            return
        if key == ("new",):
            self.app.goto("setup")
        elif key == ("title",):
            self.app.goto("title")
        elif key == ("replay",) and (path := self.session.save_path()) is not None:
            watch_replay(self, path)
        elif key == ("review",) and (path := self.session.save_path()) is not None:
            humans = self.session.humans()
            open_review(self, path, humans[0] if humans else 0)

    def key(self, event: pygame.event.Event) -> None:
        if self.online is not None:
            if event.key == pygame.K_p and self.online.mine:
                self.click(("again", not self.online.asked_again))
            elif event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
                self.click(("online",))
            return
        if event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.click(("title",))
        elif event.key == pygame.K_v:
            self.click(("review",))
        elif event.key == pygame.K_r:
            self.click(("replay",))
