"""The game window: one loop, one scene at a time.

``App.frame(events, dt)`` is one frame (handle input, advance, draw); the
real loop feeds it pygame's events and the clock, the tests and the
self-test feed it synthetic clicks and a fixed time step.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

import pygame

# Every scene registers itself by name as its module is imported (no folder scanning: it
# breaks in a packaged app); the app asks for the next scene by name.
import fate.ui.online.host_close
import fate.ui.online.screens  # noqa: F401
import fate.ui.online.table  # noqa: F401
import fate.ui.screens.credits  # noqa: F401
import fate.ui.screens.end  # noqa: F401
import fate.ui.screens.finale  # noqa: F401
import fate.ui.screens.gallery  # noqa: F401
import fate.ui.screens.load  # noqa: F401
import fate.ui.screens.new_game  # noqa: F401
import fate.ui.screens.replay  # noqa: F401
import fate.ui.screens.review  # noqa: F401
import fate.ui.screens.rules  # noqa: F401
import fate.ui.screens.settings  # noqa: F401
import fate.ui.screens.statistics  # noqa: F401
import fate.ui.screens.title  # noqa: F401
import fate.ui.screens.tutorial  # noqa: F401
import fate.ui.table.scene  # noqa: F401
from fate.content.model import Content
from fate.content.spoken import spoken
from fate.ground.language import current, follow, system_language
from fate.ground.paths import saves_dir
from fate.ground.untrusted import cut
from fate.net.hosting import HostWatch, claim_window, release_window
from fate.records import settings as settings_file
from fate.ui.kit import art, illustration
from fate.ui.kit.sound import Sound
from fate.ui.kit.theme import Ink, show_cult_shapes
from fate.ui.kit.widgets import SCENES, Scene

TITLE = "Fate of the Elder Gods"
MIN_SIZE = (1280, 720)
MAX_SIZE = (3840, 2160)
SCREEN_MARGIN = 80  # pixels of a screen's height left for the window's title bar and the desktop's panel
REST_AFTER = 0.5  # seconds of a still picture and no input before the real loop rests
REST_FPS = 5  # how often a resting loop lets the game move on and draws (input is seen at once)


class App:
    def __init__(self, content: Content, size: tuple[int, int] | None = (1280, 720), seed: int | None = None,
                 settings: dict | None = None, saves: Path | None = None) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # the window and text only: pygame.init() would also open the audio device before the
        # first frame (kit/sound.py opens it on a thread once the title is drawn)
        pygame.display.init()
        pygame.font.init()
        self.english = content  # the content as the data files write it (a server's words)
        self.content = content  # the same in the window's language (``apply_settings``)
        self.seed = seed
        self.notice = ""  # one line for the next screen to show ("Saved ...")
        # given settings (tests, benchmarks) stay in memory; else the player's own file
        self.settings_path: Path | None = None
        if settings is None:
            self.settings_path = settings_file.path()
            settings, self.notice = settings_file.load(self.settings_path)
        self.settings = settings_file.defaults() | settings
        self.saves = saves if saves is not None else saves_dir()  # every game autosaves here
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(art.icon(64))
        # None: as last set, made smaller if this screen cannot hold it (a save from a larger screen)
        self.size = clamp_size(size) if size is not None else fit_screen(clamp_size(self.settings["window"]),
                                                                           desktop_size())
        self.fitted = self.size  # the size it opened at: kept only once the player resizes the window
        self.smallest = (min(MIN_SIZE[0], self.size[0]), min(MIN_SIZE[1], self.size[1]))  # a small screen's
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.ink = Ink()
        self.sound = Sound(self.settings)
        self.language: str | None = None  # the language this window speaks, once its settings chose one
        self.reader = ""  # the language of the player at a shared screen, while it is theirs ("": the window's)
        self.apply_settings()
        self.cache: dict = {}
        self.running = True
        self.fullscreen = False
        self.mouse: tuple[int, int] | None = None  # the pointer, from motion events
        self.tips_quiet = False  # since the last click, no tooltip (until the pointer moves)
        self.window_id = secrets.token_hex(6)  # this window, in host-window.json while it hosts
        self._hosting = None
        self.starting = None  # a server this window began to start and then stepped back from
        self.host_watch = HostWatch()  # a hosted server that dies is started again (fate/net/hosting.py)
        self.online_file: Path | None = None  # the player's online games (None: online.json in the data folder)
        self.focused = True  # the window has the keyboard (it is in front): else an online game knocks
        self.scene: Scene = SCENES["title"](self)
        self.frames_drawn = 0  # the audio device is opened once the first frame is shown
        self.frames_shown = 0  # of those, the ones the real loop put on screen (run)
        if size is None and self.settings["fullscreen"]:
            self.toggle_fullscreen()
        self.sound.start_music()

    def show(self, scene: Scene) -> None:
        if scene is not self.scene:
            self.scene.close()
            self.reader = ""  # a hotseat player's own language lasts while their table does
        self.scene = scene

    def goto(self, name: str, *args) -> Scene:
        """Show a new scene of a registered kind ("title", "setup", "play", "end")."""
        scene = SCENES[name](self, *args)
        self.show(scene)
        return scene

    def visit(self, name: str, *args) -> Scene:
        """Open a scene over the current one, which is kept as it stood (not closed):
        the visiting scene returns to it with ``show_again`` (How to Play from the table)."""
        scene = SCENES[name](self, *args, back_to=self.scene)
        self.scene = scene
        return scene

    def show_again(self, scene: Scene) -> None:
        """Back to a scene that was kept while another visited."""
        self.scene.close()
        self.scene = scene
        scene.shown_again()

    def apply_settings(self) -> None:
        """Make the settings that change how things look, sound and speak take effect."""
        chosen = self.settings.get("language") or ""
        if not chosen and self.settings_path is not None:  # the player's own settings: the system's language
            chosen = system_language()
        if chosen:
            self.language = follow(chosen).code
        elif self.language is None:  # none chosen: the window keeps the one it opened in (another window
            self.language = current().code  # of this process may speak another)
        self.content = spoken(self.english, current().code)  # the cards' words in the language spoken
        self.ink.reading = self.settings["text_size"] / 100
        show_cult_shapes(self.settings["cult_shapes"])
        self.sound.apply_volume()

    def save_settings(self) -> None:
        """Keep the settings for the next session (a failure is one line on screen)."""
        if self.settings_path is not None:
            problem = settings_file.save(self.settings, self.settings_path)
            if problem:
                self.notice = problem

    @property
    def hover(self) -> tuple[int, int] | None:
        """Where a tooltip may be shown: the pointer, unless it clicked and has not moved since."""
        return None if self.tips_quiet else self.mouse

    @property
    def hosting(self):
        """The game's own server, while this window hosts it (fate/net/hosting.py): started here
        or taken back from the background. Said in host-window.json (``claim_window``), so that
        another window does not offer to take it or pause it."""
        return self._hosting

    @hosting.setter
    def hosting(self, host) -> None:
        if host is self._hosting:
            return
        self._hosting = host
        if host is None:
            release_window(self.window_id)
        else:
            claim_window(self.window_id)

    def quit(self) -> None:
        self.running = False
        release_window(self.window_id)  # a closed window hosts nothing, whatever it left running

    def close_asked(self) -> None:
        """The window's close button: while this window hosts a game, first ask whether to keep
        hosting in the background or to pause the game for everyone."""
        if self.hosting is None and self.starting is not None:  # it started after all: ask about it too
            self.hosting, self.starting = self.starting.wait(15), None
        if self.hosting is not None and self.hosting.alive() and not isinstance(self.scene, fate.ui.online.host_close.HostCloseScene):
            self.visit("host_close")
        else:
            self.quit()

    def resize(self, w: int, h: int) -> None:
        size = clamp_size((w, h), self.smallest)
        if size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = size
        self.cache.clear()

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
            self.fullscreen = not self.fullscreen
        except pygame.error:
            pass  # not every video driver can (the headless one cannot)

    def speak(self) -> None:
        """Speak the window's language (two windows of one process each speak theirs), or the one
        the player at a shared screen reads, and name the cards in it."""
        if self.reader or self.language is not None:
            follow(self.reader or self.language or "")
        self.content = spoken(self.english, current().code)

    def frame(self, events: list[pygame.event.Event], dt: float) -> None:
        self.speak()
        for e in events:
            if e.type == pygame.QUIT:
                self.close_asked()
            elif e.type == pygame.VIDEORESIZE:
                self.resize(e.w, e.h)
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
                self.toggle_fullscreen()
                self.settings["fullscreen"] = self.fullscreen
                self.save_settings()
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_m and not self.scene.types_text:
                muted = self.sound.toggle_mute()
                self.save_settings()
                self.scene.said("Sound off (M turns it back on)" if muted else "Sound on")
            elif e.type == pygame.KEYDOWN and e.key == pygame.K_F1 and not hasattr(self.scene, "open_rules"):
                if not isinstance(self.scene, fate.ui.screens.rules.RulesScene):  # How to Play from any screen
                    self.visit("rules")
            else:
                if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                    self.mouse = e.pos
                    # a click puts the tooltips away until the pointer moves on: they never cover
                    # the prompt or the buttons that the click brought
                    self.tips_quiet = e.type == pygame.MOUSEBUTTONDOWN
                elif e.type == pygame.WINDOWLEAVE:
                    self.mouse = None
                elif e.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
                    self.focused = e.type == pygame.WINDOWFOCUSGAINED
                self.scene.handle(e)
        if self.hosting is not None or self.host_watch.restarting():
            self.hosting = self.host_watch.poll(self.hosting)
        self.scene.update(dt)
        self.ink.drawn = set()
        self.ink.placed = []
        self.ink.cut = []
        self.scene.draw(self.screen)
        self.scene.draw_extras(self.screen, dt)
        if self.frames_drawn:  # from the second frame on, once the first is on screen (the probe
            self.sound.open()  # can hold a lock the first frame's flip needs: Wine's loader lock)
        self.frames_drawn += 1

    def run(self, first_frame_exit: bool = False) -> None:
        """The real loop. Every frame is drawn (cheap: the scenes keep what does not change),
        but a frame is put on screen only when its picture differs from the one shown or input
        came: showing it is the costly part in a real window. Once the picture has stood still
        for ``REST_AFTER`` seconds with no input, the loop rests: it sleeps, looking for input
        every frame's time (it comes as quickly as ever) and letting the game move on ``REST_FPS``
        times a second (an AI's answer, a friend's choice over the network): a changed picture
        or any input ends the rest. (pygame.event.wait would do, but it polls and costs more.)"""
        clock = pygame.time.Clock()
        dt = 0.0
        shown = b""  # the picture on screen
        still = 0.0  # seconds it has stood still with no input
        while self.running:
            events = pygame.event.get()
            self.frame(events, dt)
            picture = self.screen.get_buffer().raw  # a copy: 0.4 ms at 1920x1080
            if events or picture != shown:
                pygame.display.flip()
                self.frames_shown += 1
                shown, still = picture, 0.0
            else:
                still += dt
            illustration.idle()  # between frames: the pictures about to be needed (a card's preview)
            if first_frame_exit:
                return
            if still >= REST_AFTER:
                wake = time.perf_counter() + 1 / REST_FPS
                while time.perf_counter() < wake and not pygame.event.peek():
                    time.sleep(1 / 60)
                dt = clock.tick() / 1000.0
            else:
                dt = clock.tick(self.scene.fps) / 1000.0

    def close(self) -> None:
        self.scene.close()
        self.sound.close()
        if not self.fullscreen and list(self.size) != self.settings["window"] and self.size != self.fitted:
            # a window resized by hand (not one made to fit a smaller screen)
            self.settings["window"] = list(self.size)
            self.save_settings()
        if self.sound.opening():  # SDL is still probing for audio on its thread: leave that part be
            pygame.font.quit()
            pygame.display.quit()
        else:
            pygame.quit()


def clamp_size(size: tuple[int, int], smallest: tuple[int, int] = MIN_SIZE) -> tuple[int, int]:
    w = min(MAX_SIZE[0], max(smallest[0], int(size[0])))
    h = min(MAX_SIZE[1], max(smallest[1], int(size[1])))
    return w, h


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on, or None where the video driver has none
    (the dummy driver of the tests and the self-test)."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or min(sizes[0]) <= 0:
        return None
    w, h = sizes[0]
    return w, h


def fit_screen(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size, shrunk in proportion until it fits the screen with room for the
    window's title bar and the desktop's panel (``SCREEN_MARGIN``); on a screen smaller than
    the smallest window, as large as the screen allows."""
    if desktop is None:
        return size
    room_w, room_h = desktop[0], desktop[1] - SCREEN_MARGIN
    if size[0] <= room_w and size[1] <= room_h:
        return size
    scale = min(room_w / size[0], room_h / size[1])
    return max(320, int(size[0] * scale)), max(180, int(size[1] * scale))


def parse_size(text: str) -> tuple[int, int]:
    """``"1920x1080"`` -> (1920, 1080); ValueError naming the problem."""
    try:
        if len(text) > 20:
            raise ValueError
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size {cut(text, 24)}: expected WIDTHxHEIGHT, for example 1920x1080") from None
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise ValueError(f"--size {cut(text, 24)}: the table supports {MIN_SIZE[0]}x{MIN_SIZE[1]} "
                         f"to {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return w, h


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    """A synthetic mouse click (press and release) at a point."""
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
