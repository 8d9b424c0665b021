"""Settings: the animation speed, how long Hard thinks, the window. Each click
takes effect at once and is kept in the settings file (fate/settings.py)."""

from __future__ import annotations

import pygame

from fate.ui.anim import SPEEDS
from fate.ui.theme import GOLD, INK_DIM, PARCHMENT
from fate.ui.widgets import Scene, backdrop, button, scene

HARD_SECONDS = (0.5, 1.0, 2.0, 4.0)
WINDOWS = ((1280, 720), (1600, 900), (1920, 1080))


@scene("settings")
class SettingsScene(Scene):
    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        st = self.app.settings
        ink.draw(screen, "Settings", L.p(960, 120), 80, GOLD, "title", anchor="center", shadow=True)
        rows = (
            ("Animation speed", [(name, ("speed", i), st["speed"] == i,
                                  f"{name}: how fast moves, rolls and cards are shown (S at the table)")
                                 for i, (name, _) in enumerate(SPEEDS)]),
            ("Hard thinks for", [(f"{t:g} s", ("hard", t), st["hard_seconds"] == t,
                                  f"Hard searches about {t:g} s a decision, and as long for a hint: "
                                  "longer is stronger and slower") for t in HARD_SECONDS]),
            ("Window", [(f"{w} x {h}", ("window", w, h), not self.app.fullscreen and list(self.app.size) == [w, h],
                         f"A window of {w} by {h}") for w, h in WINDOWS]
             + [("Full screen", ("fullscreen",), self.app.fullscreen, "Fill the screen (F11)")]),
        )
        for r, (title, options) in enumerate(rows):
            y = 260 + r * 130
            ink.draw(screen, title, L.p(640, y + 35), 30, PARCHMENT, "bold", anchor="midright")
            for i, (label, key, selected, tip) in enumerate(options):
                button(self, screen, L, (680 + i * 210, y, 190, 70), label, key, selected=selected, size=24, tip=tip)
        ink.draw(screen, "Every setting is kept for the next time you play.", L.p(960, 700), 22, INK_DIM, "italic",
                 anchor="center")
        button(self, screen, L, (810, 780, 300, 72), "Back", ("back",), size=30, tip="Back (Esc)")
        self.draw_tip(screen, L)

    def click(self, key):
        st = self.app.settings
        if key[0] == "speed":
            st["speed"] = key[1]
        elif key[0] == "hard":
            st["hard_seconds"] = key[1]
        elif key[0] == "window":
            if self.app.fullscreen:
                self.app.toggle_fullscreen()
            self.app.resize(key[1], key[2])
            st["window"], st["fullscreen"] = [key[1], key[2]], False
        elif key == ("fullscreen",):
            self.app.toggle_fullscreen()
            st["fullscreen"] = self.app.fullscreen
        elif key == ("back",):
            self.go_back()
            return
        self.app.save_settings()

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.click(("back",))
