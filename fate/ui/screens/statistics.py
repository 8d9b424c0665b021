"""Statistics: the player's record, built from the saved games (fate/records/stats.py).

Games played and won by mode (solo by level, against AI cults, hotseat), by
Elder God and by number of cults, the streaks, the average accuracy of the
reviewed games and the hints taken. The saves are read on a thread of their own
(the screen says "Counting…" meanwhile), and each file only when it changed, so
the record is up to date whenever the screen opens.
"""

from __future__ import annotations

import threading

import pygame

from fate.ground.language import _, ngettext, number, percent
from fate.records import stats
from fate.ui.kit.theme import BLOOD, BRONZE, GOLD, INK_DIM, INK_FAINT, PANEL, PARCHMENT, SIGN_GREEN
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene


def online_count(app) -> int:
    """How many online games the player has joined (fate/net/mygames.py; 0 if none can be read)."""
    try:
        from fate.net.mygames import MyGames

        return len(MyGames(getattr(app, "online_file", None)).games)
    except (OSError, ValueError):
        return 0


@scene("statistics")
class StatisticsScene(Scene):
    def __init__(self, app, back: str = "title") -> None:
        super().__init__(app)
        self.back = back
        self.record: stats.Record | None = None
        self.problem = ""
        self._thread = threading.Thread(target=self._count, name="fate-statistics", daemon=True)
        self._thread.start()

    def _count(self) -> None:
        try:
            self.record = stats.record(self.app.content, self.app.saves, online_count(self.app))
        except OSError as e:  # the folder went away meanwhile: nothing to count
            self.problem = _("The saved games could not be read: {why}").format(why=e.strerror or e)
            self.record = stats.Record()

    def wait(self, timeout: float = 30.0) -> None:
        """Until the record is counted (the screenshot and the tests)."""
        self._thread.join(timeout)

    def click(self, key: tuple) -> None:
        if key == ("back",):
            self.app.goto(self.back if self.back in ("title", "load") else "title")
        elif key == ("load",):
            self.app.goto("load")

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.click(("back",))
        elif event.key == pygame.K_l:
            self.click(("load",))

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, _("Your Record"), L.p(960, 80), 72, GOLD, "title", anchor="center", shadow=True)
        r = self.record
        if r is None:
            ink.draw(screen, _("Counting your games…"), L.p(960, 480), 30, PARCHMENT, "italic", anchor="center")
        elif not r.games and not r.unfinished:
            ink.draw(screen, _("No games of yours yet: every game you finish is counted here."), L.p(960, 480), 28,
                     PARCHMENT, "italic", anchor="center")
        else:
            self.draw_figures(screen, L, r)
            self.table(screen, L, (60, 420, 560, 540), "mode", _("By mode"),
                       [(stats.mode_words(k), t) for k, t in sorted(r.by_mode.items(), key=self._mode_order)])
            self.table(screen, L, (680, 420, 560, 540), "cults", _("By number of cults"),
                       [(_("Alone") if n == 1 else ngettext("{n} cult", "{n} cults", n).format(n=n), t)
                        for n, t in sorted(r.by_players.items())])
            self.table(screen, L, (1300, 420, 560, 540), "god", _("By Elder God"),
                       sorted(r.by_god.items(), key=lambda kv: (-kv[1].played, kv[0])))
        if r is not None:
            foot = []
            if r.unfinished:
                foot.append(ngettext("{n} unfinished (counted when it ends)", "{n} unfinished (counted when they end)",
                                     r.unfinished).format(n=r.unfinished))
            if r.damaged:
                foot.append(ngettext("{n} saved game could not be read (skipped)",
                                     "{n} saved games could not be read (skipped)", r.damaged).format(n=r.damaged))
            if r.online:
                foot.append(ngettext("{n} online game joined: the server keeps how it ended",
                                     "{n} online games joined: the server keeps how they ended",
                                     r.online).format(n=r.online))
            if r.watched:
                foot.append(ngettext("{n} with no human at the table (not counted)",
                                     "{n} with no human at the table (not counted)", r.watched).format(n=r.watched))
            ink.draw(screen, "  ·  ".join(foot), L.p(960, 982), 19, BLOOD if r.damaged else INK_DIM, "italic",
                     anchor="center", max_w=L.n(1800))
        if self.problem:
            ink.draw(screen, self.problem, L.p(960, 940), 20, BLOOD, "italic", anchor="center", max_w=L.n(1700))
        button(self, screen, L, (660, 1010, 280, 58), _("Saved Games"), ("load",), size=24,
               tip=_("The saved games these figures come from (L)"))
        button(self, screen, L, (980, 1010, 280, 58), _("Back"), ("back",), size=24, tip=_("Back (Esc)"))
        self.draw_tip(screen, L)

    @staticmethod
    def _mode_order(kv: tuple) -> tuple:
        key = kv[0]
        order = {"against_ai": 1, "hotseat": 2, "online": 3}
        return (order.get(key, 0), key)

    def draw_figures(self, screen, L, r: stats.Record) -> None:
        """The five figures across the top: played and won, streaks, accuracy, hints."""
        won = (_("{n} ({share})").format(n=number(r.total.won), share=percent(round(100 * r.total.rate)))
               if r.total.rate is not None else number(r.total.won))
        streak = (_("none yet") if r.streak == 0 else
                  ngettext("{n} win", "{n} wins", r.streak).format(n=r.streak) if r.streak > 0 else
                  ngettext("{n} loss", "{n} losses", -r.streak).format(n=-r.streak))
        acc = percent(round(r.accuracy)) if r.accuracy is not None else "–"
        figures = [
            (_("Games finished"), number(r.total.played), _("Finished games with a human at the table")),
            (_("Won"), won, _("Games in which a human cult won (at hotseat, any of them)")),
            (_("Streak now"), streak, _("Wins or losses in a row, to the last game finished")),
            (_("Best streak"), ngettext("{n} win", "{n} wins", r.best_streak).format(n=r.best_streak),
             _("The most wins in a row")),
            (_("Accuracy"), acc, ngettext("The average accuracy of Hard's reviews of your decisions ({n} reviewed "
                                          "game; Review on the end screen or the Saved Games list)",
                                          "The average accuracy of Hard's reviews of your decisions ({n} reviewed "
                                          "games; Review on the end screen or the Saved Games list)",
                                          r.reviewed).format(n=r.reviewed)),
            (_("Hints taken"), number(r.hints), _("Hints asked at the table, in every game saved")),
        ]
        w = 1820 / len(figures)
        for i, (title, value, tip) in enumerate(figures):
            x = 60 + i * w
            box = L.r(x, 170, w - 20, 200)
            pygame.draw.rect(screen, PANEL, box, border_radius=L.n(12))
            pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(12))
            self.ink.draw(screen, title, L.p(x + (w - 20) / 2, 196), 22, INK_DIM, "bold", anchor="midtop")
            self.ink.draw(screen, value, L.p(x + (w - 20) / 2, 282), 44, GOLD, "title", anchor="center",
                          max_w=L.n(w - 40))
            self.hot.append(Hotspot(box, ("ui", "figure", i), title, tip))

    def table(self, screen, L, rect: tuple, key: str, title: str, rows: list[tuple[str, stats.Tally]]) -> None:
        x, y, w, h = rect
        box = L.r(*rect)
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(12))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(12))
        ink = self.ink
        ink.draw(screen, title, L.p(x + 20, y + 14), 28, GOLD, "title")
        ink.draw(screen, _("played"), L.p(x + w - 210, y + 60), 17, INK_FAINT, "italic", anchor="midtop")
        ink.draw(screen, _("won"), L.p(x + w - 90, y + 60), 17, INK_FAINT, "italic", anchor="midtop")
        step = 44
        room = (h - 100) // step
        for i, (name, t) in enumerate(rows[:room]):
            yy = y + 90 + i * step
            ink.draw(screen, name, L.p(x + 20, yy), 22, PARCHMENT, "bold", max_w=L.n(w - 280))
            ink.draw(screen, number(t.played), L.p(x + w - 210, yy), 22, PARCHMENT, anchor="midtop")
            won = (_("{n} ({share})").format(n=number(t.won), share=percent(round(100 * t.rate)))
                   if t.rate is not None else "–")
            ink.draw(screen, won, L.p(x + w - 90, yy), 22, SIGN_GREEN if t.won else INK_DIM, anchor="midtop")
            pygame.draw.rect(screen, (44, 36, 54), L.r(x + 20, yy + 31, w - 40, 3))  # the share won, on its track
            if t.won:
                pygame.draw.rect(screen, SIGN_GREEN, L.r(x + 20, yy + 31, (w - 40) * t.rate, 3))
            self.hot.append(Hotspot(L.r(x + 10, yy - 4, w - 20, step - 4), ("ui", "row", key, i), name,
                                    ngettext("{n} finished, {won} won", "{n} finished, {won} won",
                                             t.played).format(n=t.played, won=t.won)))
        if len(rows) > room:
            ink.draw(screen, ngettext("and {n} more", "and {n} more", len(rows) - room).format(n=len(rows) - room),
                     L.p(x + 20, y + h - 36), 17, INK_FAINT, "italic")
        if not rows:
            ink.draw(screen, _("none yet"), L.p(x + 20, y + 90), 20, INK_FAINT, "italic")
