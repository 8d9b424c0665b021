"""New Game: the seats (Solo or 2-4 cults), Human or AI with its level, a colour each,
a name for each human at a shared screen (remembered), and alone the Investigators' level."""

from __future__ import annotations

import random
import time
from dataclasses import asdict

import pygame

from fate.ai.bots import LEVELS
from fate.content.model import STANDARD_LEVEL
from fate.ground.language import LANGUAGES, N_, _, current, ngettext
from fate.ground.untrusted import NAME_LEN
from fate.ui.kit import art
from fate.ui.kit.theme import (
    BRONZE,
    CULT_COLOURS,
    GOLD,
    INK_DIM,
    INK_FAINT,
    PANEL,
    PARCHMENT,
    cult_mark,
)
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene
from fate.ui.session import LEVEL_NAMES, SeatConfig, Session

LEVEL_TIPS = {
    "easy": N_("Easy: looks one step ahead at its own cult only, and often misjudges"),
    "normal": N_("Normal: looks one step ahead and watches the strongest rival"),
    "hard": N_("Hard: searches ahead through many possible deals and rolls, about a second a decision"),
}


@scene("setup")
class SetupScene(Scene):
    """Seats (1-4), Human or AI with its level, and a colour each."""

    def __init__(self, app) -> None:
        super().__init__(app)
        # as the screen was last left (fate/records/settings.py checked each seat when it loaded them)
        self.seats = [SeatConfig(s["human"], s["level"], s["colour"], s.get("name", ""), s.get("language", ""))
                      for s in app.settings["new_game"]]
        self.editing: int | None = None  # the seat whose name is being typed
        if len(self.seats) == 1:
            self.seats[0].human = True
        self.levels = app.content.solo_levels
        kept = app.settings["solo_level"]
        self.solo_level = kept if any(x.id == kept for x in self.levels) else STANDARD_LEVEL

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, _("A New Game"), L.p(960, 120), 80, GOLD, "title", anchor="center", shadow=True)
        ink.draw(screen, _("How many cults gather?"), L.p(960, 210), 26, PARCHMENT, "italic", anchor="center")
        for n in range(1, 5):
            label = _("Solo") if n == 1 else ngettext("{n} cult", "{n} cults", n).format(n=n)
            button(self, screen, L, (560 + (n - 1) * 205, 240, 185, 60), label, ("players", n),
                   selected=len(self.seats) == n)
        for i, cfg in enumerate(self.seats):
            y = 340 + i * 110
            box = L.r(360, y, 1200, 92)
            pygame.draw.rect(screen, PANEL, box, border_radius=L.n(12))
            pygame.draw.rect(screen, CULT_COLOURS[cfg.colour][1], box, L.n(2), border_radius=L.n(12))
            g = art.glyph("cultist", L.n(64), CULT_COLOURS[cfg.colour][1], cult_mark(CULT_COLOURS[cfg.colour][1]))
            screen.blit(g, g.get_rect(center=L.p(410, y + 46)))
            ink.draw(screen, _("Seat {n}").format(n=i + 1), L.p(460, y + 46), 30, GOLD, "bold", anchor="midleft")
            if i == 0 and len(self.seats) == 1:
                ink.draw(screen, _("You, against the Investigators"), L.p(600, y + 46), 24, PARCHMENT, "italic",
                         anchor="midleft")
                self.draw_levels(screen, L, y + 110)
            else:
                button(self, screen, L, (600, y + 16, 150, 60), _("Human"), ("human", i, True), selected=cfg.human,
                       tip=_("A player at this screen takes this seat"))
                button(self, screen, L, (760, y + 16, 150, 60), _("AI"), ("human", i, False), selected=not cfg.human,
                       tip=_("The computer plays this cult"))
                if cfg.human:
                    self.name_box(screen, L, i, cfg, y)
                    self.language_button(screen, L, i, cfg, y)
                else:
                    for j, level in enumerate(LEVELS):
                        button(self, screen, L, (930 + j * 120, y + 16, 110, 60), _(LEVEL_NAMES[level]),
                               ("level", i, level), selected=cfg.level == level, size=22, tip=_(LEVEL_TIPS[level]))
            button(self, screen, L, (1400, y + 16, 140, 60), _(CULT_COLOURS[cfg.colour][0]), ("colour", i), size=22,
                   tip=_("Click for another colour"))
        if not any(c.human for c in self.seats):
            ink.draw(screen, _("No human seat: you will watch the AI cults play."), L.p(960, 800), 20, INK_DIM,
                     "italic", anchor="center")
        dealt = (_("You are dealt two Elder Gods and keep one.") if len(self.seats) == 1
                 else _("Each cult is dealt two Elder Gods and keeps one, in secret."))
        ink.draw(screen, dealt, L.p(960, 830), 20, INK_DIM, "italic", anchor="center")
        button(self, screen, L, (620, 870, 300, 72), _("Back"), ("back",), size=30)
        button(self, screen, L, (1000, 870, 300, 72), _("Begin"), ("begin",), size=30)
        self.draw_tip(screen, L)

    def name_box(self, screen, L, i: int, cfg: SeatConfig, y: int) -> None:
        """The player's name at a shared screen: on their Lodge, the hand-off screen and the end."""
        box = L.r(930, y + 16, 260, 60)
        on = self.editing == i
        pygame.draw.rect(screen, (30, 24, 34), box, border_radius=L.n(8))
        pygame.draw.rect(screen, GOLD if on else BRONZE, box, L.n(2), border_radius=L.n(8))
        caret = "|" if on and int(time.monotonic() * 2) % 2 == 0 else ""
        text = cfg.name + caret if cfg.name or on else _("Name (else Seat {n})").format(n=i + 1)
        self.ink.draw(screen, text, (box.x + L.n(14), box.centery), 24, PARCHMENT if cfg.name else INK_FAINT,
                      anchor="midleft", max_w=box.w - L.n(28))
        self.hot.append(Hotspot(box, ("name", i), _("Seat {n}'s name").format(n=i + 1),
                                _("Who plays this seat, up to {most} letters: named on its Lodge, when the screen is "
                                  "passed to them and at the end (remembered). Click to type; Enter or Tab when "
                                  "done.").format(most=NAME_LEN)))

    def language_button(self, screen, L, i: int, cfg: SeatConfig, y: int) -> None:
        """The language this seat's player reads the table in when the screen is passed to them
        (a hotseat of players of two languages); unchosen, the window's (Settings)."""
        name = LANGUAGES.get(cfg.language) or LANGUAGES.get(current().code, "")
        button(self, screen, L, (1200, y + 16, 190, 60), name, ("language", i), selected=bool(cfg.language), size=20,
               tip=_("The language {seat} reads the table in when the screen is passed to them (Settings' language "
                     "until one is chosen here). Click for the next.").format(seat=_("Seat {n}").format(n=i + 1)))

    @property
    def types_text(self) -> bool:
        return self.editing is not None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.editing is not None:
            if not any(h.rect.collidepoint(event.pos) and h.key[0] == "name" for h in self.hot):
                self.stop_typing()
        if event.type == pygame.KEYDOWN and self.editing is not None:
            self.type_key(event)
            return
        super().handle(event)

    def type_key(self, event: pygame.event.Event) -> None:
        if self.editing is None:
            return
        cfg = self.seats[self.editing]
        if event.key == pygame.K_BACKSPACE:
            cfg.name = cfg.name[:-1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.stop_typing()
        elif event.key == pygame.K_TAB:  # the next human's name
            now = self.editing
            humans = [i for i, c in enumerate(self.seats) if c.human]
            self.stop_typing()
            self.editing = humans[(humans.index(now) + 1) % len(humans)] if now in humans else None
        elif event.unicode and event.unicode.isprintable() and len(cfg.name) < NAME_LEN:
            cfg.name += event.unicode

    def stop_typing(self) -> None:
        if self.editing is not None:
            cfg = self.seats[self.editing]
            cfg.name = cfg.name.strip()
        self.editing = None

    def draw_levels(self, screen, L, y: int) -> None:
        """Solo: how hard the Investigators play, one button a level, its rules on hover."""
        self.ink.draw(screen, _("The Investigators"), L.p(460, y + 30), 26, GOLD, "bold", anchor="midleft")
        for j, level in enumerate(self.levels):
            button(self, screen, L, (700 + j * 210, y, 195, 60), level.name, ("solo_level", level.id),
                   selected=self.solo_level == level.id, size=24, tip=level.text)

    def click(self, key):
        kind = key[0]
        if kind == "solo_level":
            self.solo_level = key[1]
        elif kind == "players":
            n = key[1]
            while len(self.seats) < n:
                used = {c.colour for c in self.seats}
                free = next(c for c in range(len(CULT_COLOURS)) if c not in used)
                self.seats.append(SeatConfig(False, "normal", free))
            del self.seats[n:]
            if n == 1:
                self.seats[0].human = True
        elif kind == "name":
            self.stop_typing()
            self.editing = key[1]
        elif kind == "human":
            self.seats[key[1]].human = key[2]
        elif kind == "level":
            self.seats[key[1]].level = key[2]
        elif kind == "language":  # the window's, then each language in turn
            cfg = self.seats[key[1]]
            order = ["", *LANGUAGES]
            cfg.language = order[(order.index(cfg.language) + 1) % len(order)] if cfg.language in order else ""
        elif kind == "colour":
            cfg = self.seats[key[1]]
            used = {c.colour for c in self.seats if c is not cfg}
            nxt = cfg.colour
            for _step in range(len(CULT_COLOURS)):
                nxt = (nxt + 1) % len(CULT_COLOURS)
                if nxt not in used:
                    break
            cfg.colour = nxt
        elif kind == "back":
            self.app.goto("title")
        elif kind == "begin":
            self.begin()

    def begin(self, seed: int | None = None) -> None:
        seed = seed if seed is not None else self.app.seed if self.app.seed is not None else random.randrange(1 << 30)
        self.stop_typing()
        self.app.settings["new_game"] = [asdict(c) for c in self.seats]
        self.app.settings["solo_level"] = self.solo_level
        self.app.save_settings()
        session = Session(self.app.content, [SeatConfig(c.human, c.level, c.colour, c.name if c.human else "")
                                             for c in self.seats], seed,
                          saves=self.app.saves, speed=self.app.settings["speed"],
                          ai_seconds=self.app.settings["hard_seconds"],
                          solo_level=self.solo_level if len(self.seats) == 1 else None)
        self.app.goto("play", session)

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.click(("back",))
        elif event.key == pygame.K_RETURN:
            self.begin()
