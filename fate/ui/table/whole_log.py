"""The whole Chronicle in a page: every line the table has told, turn by turn, opened from
the Chronicle's "Whole log" or with L, and left with Esc, L or Back (the table waits as it
stood). It scrolls by the wheel, the scroll bar, Up/Down, PgUp/PgDn, Home/End, and
Left/Right from turn to turn; it opens at the newest lines."""

from __future__ import annotations

import pygame

from fate.ground.language import _, number
from fate.ui.kit.reader import TextView
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, INK_FAINT
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene

PAGE = (240, 150, 1440, 800)  # the reading page, design units
WHEEL_ROWS = 3


def log_text(lines: list[tuple[str, tuple]], events: list) -> str:
    """The lines as the reader's text: each turn's "Turn N" line a heading over its lines."""
    out: list[str] = []
    for i, (text, _col) in enumerate(lines):
        e = events[i] if i < len(events) else None
        if e is not None and e.kind == "turn_started":
            out += ["", "=" * 12, f"[{e.data.get('turn', 0)}] {text.strip('— ').strip()}"]
        else:
            out.append(text)
    return "\n".join(out).strip("\n") or _("Nothing has happened yet.")


@scene("whole_log")
class WholeLogScene(Scene):
    def __init__(self, app, lines: list[tuple[str, tuple]], events: list, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to
        self.view = TextView(log_text(lines, events))
        self.at_end = True  # opens at the newest lines, once the page is laid out
        self.drag: tuple[int, int] | None = None
        self.bar = pygame.Rect(0, 0, 0, 0)

    def click(self, key):
        if key == ("back",):
            self.go_back()
        elif key == ("scrollbar",):
            self.view.page(1)

    def key(self, event):
        k, view = event.key, self.view
        moves = {pygame.K_UP: lambda: view.scroll(-1), pygame.K_DOWN: lambda: view.scroll(1),
                 pygame.K_PAGEUP: lambda: view.page(-1), pygame.K_PAGEDOWN: lambda: view.page(1),
                 pygame.K_HOME: view.home, pygame.K_END: view.end,
                 pygame.K_LEFT: lambda: view.section(-1), pygame.K_RIGHT: lambda: view.section(1)}
        if k in (pygame.K_ESCAPE, pygame.K_l):
            self.go_back()
        elif k in moves:
            moves[k]()

    def handle(self, event):
        view = self.view
        if event.type == pygame.MOUSEWHEEL:
            view.scroll(-event.y * WHEEL_ROWS)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar.collidepoint(event.pos):
            if view.thumb.collidepoint(event.pos):
                self.drag = (event.pos[1], view.thumb.y)
            else:
                view.page(-1 if event.pos[1] < view.thumb.y else 1)
            return
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            view.drag_to(self.drag[1] + event.pos[1] - self.drag[0])
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
        super().handle(event)

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink, view = self.ink, self.view
        ink.draw(screen, _("Chronicle"), L.p(960, 80), 56, GOLD, "title", anchor="center", shadow=True)
        page = L.r(*PAGE)
        pygame.draw.rect(screen, (20, 15, 28), page, border_radius=L.n(12))
        pygame.draw.rect(screen, BRONZE, page, L.n(2), border_radius=L.n(12))
        mouse = self.app.mouse
        view.draw(screen, ink, L, page.inflate(-L.n(60), -L.n(48)),
                  lit=self.drag is not None or (mouse is not None and self.bar.collidepoint(mouse)))
        if self.at_end:  # the rows exist once drawn: now to the newest, drawn so at once
            self.at_end = False
            view.end()
            pygame.draw.rect(screen, (20, 15, 28), page.inflate(-L.n(8), -L.n(8)), border_radius=L.n(12))
            view.draw(screen, ink, L, page.inflate(-L.n(60), -L.n(48)))
        first, last, of = view.lines_shown()
        ink.draw(screen, _("lines {first}-{last} of {total}").format(first=number(first), last=number(last),
                                                                     total=number(of)),
                 L.p(PAGE[0] + PAGE[2], 130), 17, INK_DIM, "italic", anchor="midright")
        self.bar = view.track.inflate(L.n(12), 0)
        self.hot.append(Hotspot(self.bar, ("scrollbar",), _("Scroll bar"),
                                _("Drag the bar to move through the log; click above or below it for a page "
                                  "(PgUp/PgDn), or use the wheel")))
        button(self, screen, L, (PAGE[0], 980, 200, 60), _("Back"), ("back",), size=26,
               tip=_("Back to the table (Esc or L)"))
        ink.draw(screen, _("Up/Down, PgUp/PgDn, Home/End or the wheel: scroll  ·  Left/Right: turns  ·  Esc or L: "
                           "back to the table"), L.p(1060, 1010), 17, INK_FAINT, anchor="center")
        self.draw_tip(screen, L)
