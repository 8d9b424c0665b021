"""A knock when an online game asks you: the friend who just played need not tell you.

When the server's state asks a seat played at this screen after another seat's
decision (a friend's, an AI's), the table knocks: two soft knocks in the game
(``your_turn``, at the effects volume) and, when the window is not in front (it
lost the keyboard: ``App.focused``), a desktop notification through the platform
layer (fate/ground/oscompat.py ``notify``: notify-send, osascript, a Windows balloon)
and the window's flash in the taskbar (SDL's window flash, until it is in front
again). Each of the three has its own setting (Settings, "Your turn online"),
kept with the others. Several decisions of yours in a row knock once; opening a
game that already waits for you does not knock.
"""

from __future__ import annotations

import warnings

import pygame

from fate.ground import oscompat
from fate.ground.language import _, listing

SETTINGS = ("knock_notify", "knock_flash", "knock_sound")


def flash() -> bool:
    """Ask the window manager to flash the window until it is in front; whether it could."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # the display module's window, as it is
            window = pygame.Window.from_display_module()
        window.flash(pygame.FLASH_UNTIL_FOCUSED)
    except (pygame.error, AttributeError):  # a driver without it (the headless one), or an older SDL
        return False
    return True


class Knock:
    """Watches one online table's session; ``look()`` every frame."""

    def __init__(self, app, session) -> None:
        self.app = app
        self.session = session
        self.done: list[str] = []  # what the last knock did: notify, flash, sound
        self.knocks = 0
        self._asked = self._ours()  # a game opened on your turn: you are looking at it

    def _ours(self) -> bool:
        s = self.session
        return not s.over() and s.is_human(s.prompt_seat())

    def look(self) -> None:
        ours = self._ours()
        if ours and not self._asked:
            self.knock()
        self._asked = ours

    def words(self) -> tuple[str, str]:
        s = self.session
        others = [s.name(i) for i in range(s.players) if not s.is_human(i)]
        return _("Your turn"), (_("Fate of the Elder Gods: the game with {players} waits for you.").format(
            players=listing(others)) if others else _("Fate of the Elder Gods: the game waits for you."))

    def knock(self) -> None:
        st, done = self.app.settings, []
        if st.get("knock_sound", True):
            self.app.sound.play("your_turn")
            done.append("sound")
        if not self.app.focused:
            if st.get("knock_notify", True) and oscompat.notify(*self.words()):
                done.append("notify")
            if st.get("knock_flash", True) and flash():
                done.append("flash")
        self.done = done
        self.knocks += 1
