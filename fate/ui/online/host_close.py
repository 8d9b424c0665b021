"""Closing the window while it hosts (fate/net/hosting.py): keep hosting in the background, or
pause the games for everyone."""

from __future__ import annotations

import pygame

from fate.ground.language import _
from fate.net import hosting
from fate.net.mygames import MyGames
from fate.ui.kit.theme import GOLD, PARCHMENT
from fate.ui.kit.widgets import Scene, backdrop, button, scene


@scene("host_close")
class HostCloseScene(Scene):
    """Closing the window while it hosts: keep hosting in the background, or pause the game."""

    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to

    def draw(self, screen: pygame.Surface) -> None:
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, _("This computer hosts a game"), L.p(960, 260), 64, GOLD, "title", anchor="center",
                 shadow=True)
        ink.para(screen, _("Your friends play through the server this window started. Keep it running in the "
                           "background so they can go on (you come back from Play Online), or pause the game for "
                           "everyone until you host again."), L.r(460, 340, 1000, 200), 24, PARCHMENT)
        button(self, screen, L, (360, 600, 560, 80), _("Keep hosting in the background"), ("keep",), size=26,
               tip=_("Close the window; the server keeps the game going for your friends"))
        button(self, screen, L, (1000, 600, 560, 80), _("Pause the game for everyone"), ("pause",), size=26,
               tip=_("Stop the server: nobody can play until you host again (the game is kept as it stands)"))
        button(self, screen, L, (810, 720, 300, 72), _("Cancel"), ("cancel",), size=28, tip=_("Back to the game (Esc)"))
        self.draw_tip(screen, L)

    def click(self, key: tuple) -> None:
        if key == ("keep",):
            self.app.hosting = None
            self.app.quit()
        elif key == ("pause",):
            host, self.app.hosting = self.app.hosting, None  # no longer watched: it is not to start again
            hosting.pause_and_stop(host, MyGames(self.app.online_file).games)
            self.app.quit()
        elif key == ("cancel",):
            self.go_back()

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.go_back()
