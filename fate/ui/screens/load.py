"""Load Game: the saved games, newest first; open, watch or delete one."""

from __future__ import annotations

from pathlib import Path

import pygame

from fate.engine.errors import SaveFormatError
from fate.ground.language import _
from fate.records.saves import delete_save, list_saves
from fate.ui.kit.theme import (
    BLOOD,
    BRONZE,
    GOLD,
    INK_DIM,
    PANEL,
    PARCHMENT,
)
from fate.ui.kit.widgets import Scene, backdrop, button, scene
from fate.ui.screens.saved import (
    describe,
    describe_parts,
    open_review,
    open_saved,
    problem_words,
    watch_replay,
    when,
)


@scene("load")
class LoadScene(Scene):
    """The saved games, newest first: open one, or delete it (asked twice)."""

    ROWS = 8

    def __init__(self, app, offer: Path | None = None) -> None:
        super().__init__(app)
        self.rows = list_saves(app.saves)
        self.first = 0
        self.confirm: Path | None = None  # the row whose Delete was clicked once
        self.notice, app.notice = app.notice, ""
        self.offer = offer  # a game open in another window: watch it read-only?
        at = next((i for i, r in enumerate(self.rows) if r.path == offer), 0)
        self.first = max(0, min(at, len(self.rows) - self.ROWS))

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, _("Saved Games"), L.p(960, 110), 80, GOLD, "title", anchor="center", shadow=True)
        if not self.rows:
            ink.draw(screen, _("No saved games yet: every game you play is saved here as you go."), L.p(960, 420),
                     26, PARCHMENT, "italic", anchor="center")
        for i, row in enumerate(self.rows[self.first:self.first + self.ROWS]):
            y = 190 + i * 92
            box = L.r(260, y, 1400, 80)
            pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))
            pygame.draw.rect(screen, BRONZE if row.ok else BLOOD, box, L.n(2), border_radius=L.n(10))
            if row.ok:
                title = describe(row, self.app.content)
                state, cults = describe_parts(row, self.app.content)
                room = L.n(690 if not row.over else 840)
                stands = (_("{state} · saved {when} · open in another window") if row.locked else
                          _("{state} · saved {when}")).format(state=state, when=when(row.saved_at))
                ink.draw(screen, stands, L.p(290, y + 12), 18, INK_DIM, "italic", max_w=room)
                self.cults_line(screen, L, cults, y, room)
                if not row.over:
                    button(self, screen, L, (1160, y + 12, 150, 56), _("Open"), ("open", row.path), size=22,
                           tip=(_("Open in another window: Replay shows it read-only here.\n{game}") if row.locked
                                else _("Pick the game up where it stood.\n{game}")).format(game=title))
                button(self, screen, L, (1000 if not row.over else 1160, y + 12, 150, 56), _("Review"),
                       ("review", row.path), size=22,
                       tip=_("Hard judges each of your decisions from what you knew then: the better choices, a graph "
                             "of your chance to win") if row.over else
                       _("Hard judges each of your decisions from what you knew then: the better choices, a graph "
                         "of your chance to win (yours only, until it ends)"))
                button(self, screen, L, (1320, y + 12, 150, 56), _("Replay"), ("replay", row.path), size=22,
                       tip=_("Watch the game again, decision by decision") if row.over else
                       _("Watch the game again, decision by decision (only what was public, while it is unfinished)"))
            else:
                ink.as_written.add(row.path.name)  # a file's name, as it is written
                ink.draw(screen, _("{file}: cannot be opened").format(file=row.path.name), L.p(290, y + 12), 18, BLOOD,
                         "italic")
                ink.draw(screen, problem_words(row.problem_kind), L.p(290, y + 38), 18, INK_DIM, max_w=L.n(1180))
            sure = self.confirm == row.path
            button(self, screen, L, (1490, y + 12, 150, 56), _("Sure?") if sure else _("Delete"), ("delete", row.path),
                   size=22, selected=sure, tip=_("Click twice to delete this saved game for good."))
        if self.first > 0:
            button(self, screen, L, (1680, 190, 80, 60), "▲", ("scroll", -1), size=24)
        if self.first + self.ROWS < len(self.rows):
            button(self, screen, L, (1680, 190 + 92 * (self.ROWS - 1) + 20, 80, 60), "▼", ("scroll", 1), size=24)
        if self.notice:
            ink.draw(screen, self.notice, L.p(960, 946), 22, BLOOD, "italic", anchor="center", max_w=L.n(1500))
        if self.offer is not None:
            button(self, screen, L, (1130, 980, 340, 72), _("Watch Read-Only"), ("replay", self.offer), size=26,
                   tip=_("Step through that game's decisions so far without taking it over"))
        button(self, screen, L, (810, 980, 300, 72), _("Back"), ("back",), size=30)
        button(self, screen, L, (1490, 980, 300, 72), _("Statistics"), ("statistics",), size=26,
               tip=_("Your record over these games: won and lost by mode, Elder God and number of cults (S)"))
        self.draw_tip(screen, L)


    def cults_line(self, screen, L, cults: str, y: int, room: int) -> None:
        """Who plays which cult, whole: smaller while it does not fit, then on two lines."""
        ink = self.ink
        for size in (22, 19, 17):
            if ink.font("bold", size).size(cults)[0] <= room:
                ink.draw(screen, cults, L.p(290, y + 36), size, PARCHMENT, "bold")
                return
        lines = ink.wrap(cults, 15, room, "bold")
        step = ink.font("bold", 15).get_linesize()
        for i, line in enumerate(lines[:2]):
            ink.draw(screen, line, (L.p(290, y + 34)[0], L.p(290, y + 34)[1] + i * step), 15, PARCHMENT, "bold",
                     max_w=room)
    def click(self, key):
        kind = key[0]
        if kind == "open":
            row = next((r for r in self.rows if r.path == key[1]), None)
            if row is not None:
                open_saved(self, row)
        elif kind == "replay":
            watch_replay(self, key[1])
        elif kind == "review":
            open_review(self, key[1])
        elif kind == "statistics":
            self.app.goto("statistics", "load")
        elif kind == "delete":
            if self.confirm != key[1]:
                self.confirm = key[1]
                return
            try:
                delete_save(key[1])
            except SaveFormatError as e:
                self.notice = _("Not deleted: {why}").format(why=str(e).removeprefix(str(key[1]) + ": "))
                self.confirm = None
                return
            self.rows = [r for r in self.rows if r.path != key[1]]
            self.first = max(0, min(self.first, len(self.rows) - self.ROWS))
            self.confirm = None
            self.notice = ""
        elif kind == "scroll":
            self.first = max(0, min(self.first + key[1] * self.ROWS, max(0, len(self.rows) - self.ROWS)))
        elif kind == "back":
            self.app.goto("title")
        if kind != "delete":
            self.confirm = None

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.click(("scroll", -1 if event.y > 0 else 1))
            return
        super().handle(event)

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.click(("back",))
        elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.click(("scroll", -1))
        elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.click(("scroll", 1))
        elif event.key == pygame.K_s:
            self.click(("statistics",))
        elif event.key == pygame.K_RETURN:
            first = next((r for r in self.rows[self.first:] if r.ok and not r.over), None)
            if first is not None:
                open_saved(self, first)
