"""The title screen: Continue, New Game, Learn to Play, Load, Play Online, the gallery,
How to Play, Settings, Credits and Quit, with the table's art behind them."""

from __future__ import annotations

import pygame

from fate import tutorial
from fate.net.mygames import MyGames
from fate.net.query import GamesQuery
from fate.saves import latest_unfinished
from fate.ui.kit.theme import (
    GOLD,
    INK_FAINT,
    PARCHMENT,
    SIGN_GREEN,
)
from fate.ui.kit.widgets import Scene, backdrop, button, scene
from fate.ui.screens.saved import describe, open_saved, when


@scene("title")
class TitleScene(Scene):
    """New Game, Continue (the latest unfinished game), Load Game, Quit."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.latest = latest_unfinished(app.saves)
        self.notice, app.notice = app.notice, ""
        try:  # read once here, not every frame the tooltip is drawn
            self.lessons, self.lessons_problem = len(tutorial.load()), ""
        except tutorial.TutorialError as e:
            self.lessons, self.lessons_problem = 0, f"Learn to Play cannot open: {e}"
        self.online = MyGames(app.online_file)  # the player's online games: whose turn, asked of their servers
        self.query = GamesQuery(self.online, app.content) if self.online.games else None

    def update(self, dt):
        if self.query is not None:
            self.query.poll()

    def my_turn(self) -> int:
        return self.query.my_turn(self.online) if self.query is not None else 0

    def close(self):
        if self.query is not None:
            self.query.close()

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, "Fate of the Elder Gods", L.p(960, 280), 120, GOLD, "title", anchor="center", shadow=True)
        ink.draw(screen, "Lead your cult. Summon your god. Keep the Investigators from your door.", L.p(960, 380),
                 28, PARCHMENT, "italic", anchor="center")
        y = 420
        main = []
        if self.latest is not None:
            main.append(("Continue", ("continue",), f"{describe(self.latest)}\nSaved {when(self.latest.saved_at)}."))
        main += [("New Game", ("new",), "Choose the seats, human or AI, and begin"),
                 ("Learn to Play", ("tutorial",), self.tutorial_tip()),
                 ("Load Game", ("load",),
                  "Every game is saved after each decision: pick one up, watch it again or delete it."),
                 ("Play Online", ("online",), "Play with friends on other computers: host a game here, join one "
                                              "with an invite code, or open one of your online games")]
        turns = self.my_turn()
        for label, key, tip in main:
            button(self, screen, L, (810, y, 300, 66), label, key, size=30, tip=tip)
            if key == ("online",) and turns:
                ink.draw(screen, f"Your turn in {turns} game{'s' if turns > 1 else ''}", L.p(1135, y + 33), 24,
                         SIGN_GREEN, "italic", anchor="midleft")
            y += 76
        for i, (label, key, tip) in enumerate((
                ("How to Play", ("rules",), "The rules in full, section by section, with a search (F1 anywhere)"),
                ("Card Gallery", ("gallery",), "Every Elder God, Spell, Gate, Artifact and Curse, with its full text"),
                ("Settings", ("settings",), "Speed, sound, text size, shapes, the window, how long Hard thinks: "
                                            "kept for next time"),
                ("Credits", ("credits",), "Who made the game, its fonts, pictures and sounds, and the licences: "
                                          "the game's own and those of every library it carries"))):
            button(self, screen, L, (415 + i * 280, y + 6, 250, 56), label, key, size=24, tip=tip)
        button(self, screen, L, (810, y + 88, 300, 66), "Quit", ("quit",), size=30)
        if self.notice:
            ink.draw(screen, self.notice, L.p(960, y + 190), 22, SIGN_GREEN, "italic", anchor="center",
                     max_w=L.n(1400))
        ink.draw(screen, "F1 how to play  ·  F11 full screen  ·  M sound on/off  ·  Tab and Enter: buttons  ·  "
                 "Esc back", L.p(960, 1040), 18, INK_FAINT,
                 anchor="center")
        self.draw_tip(screen, L)

    def tutorial_tip(self) -> str:
        reached, lessons = self.app.settings["tutorial"], self.lessons
        if self.lessons_problem:
            return self.lessons_problem
        if 0 < reached < lessons:
            return f"A guided first game: go on from lesson {reached + 1} of {lessons}, where you stopped"
        if reached >= lessons:
            return "You have finished the guided first game; play it again from the start"
        return (f"A guided first game in {lessons} short lessons, about fifteen minutes: a coach shows each "
                "rule as you play it")

    def click(self, key):
        if key == ("continue",) and self.latest is not None:
            open_saved(self, self.latest)
        elif key == ("new",):
            self.app.goto("setup")
        elif key == ("load",):
            self.app.goto("load")
        elif key == ("online",):
            self.app.goto("online")
        elif key == ("rules",):
            self.app.visit("rules")
        elif key == ("settings",):
            self.app.visit("settings")
        elif key == ("gallery",):
            self.app.visit("gallery")
        elif key == ("credits",):
            self.app.visit("credits")
        elif key == ("tutorial",):
            try:
                self.app.goto("tutorial")
            except tutorial.TutorialError as e:
                self.notice = f"Learn to Play cannot open: {e}"
        elif key == ("quit",):
            self.app.close_asked()  # while this window hosts a game: keep hosting, or pause it?

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.click(("continue",) if self.latest is not None else ("new",))
        elif event.key == pygame.K_ESCAPE:
            self.app.close_asked()
