"""The title screen: Continue, New Game, Learn to Play, Load, Play Online, the gallery,
How to Play, Settings, Credits and Quit, with the table's art behind them."""

from __future__ import annotations

import math

import pygame

from fate.ground.language import _, ngettext
from fate.net.mygames import MyGames
from fate.net.query import GamesQuery
from fate.records.saves import latest_unfinished
from fate.tools import tutorial
from fate.ui.kit import gods
from fate.ui.kit.illustration import PALETTES, lit_icon
from fate.ui.kit.theme import (
    GOLD,
    INK_FAINT,
    PARCHMENT,
    SIGN_GREEN,
)
from fate.ui.kit.widgets import Scene, backdrop, button, scene
from fate.ui.screens.saved import describe, open_saved, when

TITLE_ICONS = ("candles",)  # the icons the title draws besides the gods' sigils (data/art.yaml lists them)
STIR_TAIL = 0.5  # seconds the title goes on moving after the pointer stops, slowing down
RING_SWAY = 0.035  # radians the ring of sigils sways to either side while the pointer moves
LIGHT_ROUND = 0.7  # sigils a second the light passes while the pointer moves


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
            self.lessons, self.lessons_problem = 0, _("Learn to Play cannot open: {why}").format(why=e)
        self.gods = [app.content.cards[i].id for i in app.content.gods]
        self._sigils: tuple = (0, [])
        self.stir = 0.0  # seconds the title still moves
        self.flicker = 0.0  # the candles' and the ring's time: it runs only while the title moves
        self.online = MyGames(app.online_file)  # the player's online games: whose turn, asked of their servers
        self.query = GamesQuery(self.online, app.content) if self.online.games else None

    def update(self, dt):
        if self.query is not None:
            self.query.poll()
        # the candles and the sigils move while the pointer moves, then hold still: a title left
        # alone rests (App.run shows no unchanged picture; tests/ui/test_rest.py)
        self.stir = max(0.0, self.stir - dt)
        self.flicker += dt * min(1.0, self.stir / STIR_TAIL)

    def handle(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.stir = max(self.stir, STIR_TAIL)
        super().handle(event)

    def atmosphere(self, screen, L) -> None:
        """The gods' sigils in a ring round the menu and candles in the corners: while the pointer
        moves, the candles flicker, the ring sways and a light goes round the sigils."""
        w, h = screen.get_size()
        key = ("title_candles", w, h)
        still = self.app.cache.get(key)
        if still is None:  # what does not move, made once per size: the candles and their pool of light
            still = pygame.Surface((w, h), pygame.SRCALPHA)
            for side in (-1, 1):
                x = 960 + side * 800
                pool = gods.glow(L.n(760), (120, 70, 30), 150)
                still.blit(pool, pool.get_rect(center=L.p(x, 930)))
                c = lit_icon(TITLE_ICONS[0], L.n(250), (236, 214, 170), PALETTES["flame"], "above")
                if side > 0:
                    c = pygame.transform.flip(c, True, False)
                still.blit(c, c.get_rect(midbottom=L.p(x, 1080)))
            self.app.cache[key] = still
        screen.blit(still, (0, 0))
        for side in (-1, 1):  # the flames: five points of light a candle each, flickering
            x0 = 960 + side * 800
            for k, dx in enumerate((-86, -43, 0, 43, 86)):
                wobble = math.sin(self.flicker * (7.1 + k) + k * 1.7) * math.sin(self.flicker * 3.3 + k)
                r = L.n(44 + 8 * round(wobble, 1))
                flame = gods.glow(r * 2, (255, 180, 90), 120)
                screen.blit(flame, flame.get_rect(center=L.p(x0 + side * dx, 902 + (k % 2) * 10)))
        n = len(self.gods)
        turn = RING_SWAY * math.sin(self.flicker * 0.3)  # it sways a little, never onto the buttons
        bright = (self.flicker * LIGHT_ROUND) % n  # where the light going round the ring is
        for i, (god, sig) in enumerate(self.sigils(L)):
            a = -math.pi / 2 + (i + 0.5) * 2 * math.pi / n + turn
            centre = L.p(960 + 860 * math.cos(a), 540 + 420 * math.sin(a))
            near = min(abs(i - bright), n - abs(i - bright))
            lit = 0.55 + 0.45 * max(0.0, 1 - near / 1.5)
            halo = gods.glow(L.n(230), gods.colour(god), 90)
            halo.set_alpha(int(255 * lit) // 4 * 4)
            screen.blit(halo, halo.get_rect(center=centre))
            sig.set_alpha(int(90 + 165 * lit) // 4 * 4)
            screen.blit(sig, sig.get_rect(center=centre))

    def sigils(self, L) -> list[tuple[str, pygame.Surface]]:
        size = L.n(128)
        if self._sigils[0] != size:  # copies of their own: the title changes their see-through
            self._sigils = (size, [(g, gods.sigil(g, size).copy()) for g in self.gods])
        return self._sigils[1]

    def my_turn(self) -> int:
        return self.query.my_turn(self.online) if self.query is not None else 0

    def close(self):
        if self.query is not None:
            self.query.close()

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        self.atmosphere(screen, L)
        ink = self.ink
        ink.draw(screen, _("Fate of the Elder Gods"), L.p(960, 280), 120, GOLD, "title", anchor="center", shadow=True)
        ink.draw(screen, _("Lead your cult. Summon your god. Keep the Investigators from your door."),
                 L.p(960, 380), 28, PARCHMENT, "italic", anchor="center")
        y = 420
        main = []
        if self.latest is not None:
            main.append((_("Continue"), ("continue",), _("{game}\nSaved {when}.").format(
                game=describe(self.latest, self.app.content), when=when(self.latest.saved_at))))
        main += [(_("New Game"), ("new",), _("Choose the seats, human or AI, and begin")),
                 (_("Learn to Play"), ("tutorial",), self.tutorial_tip()),
                 (_("Load Game"), ("load",),
                  _("Every game is saved after each decision: pick one up, watch it again or delete it.")),
                 (_("Play Online"), ("online",), _("Play with friends on other computers: host a game here, join "
                                                   "one with an invite code, or open one of your online games"))]
        turns = self.my_turn()
        for label, key, tip in main:
            button(self, screen, L, (810, y, 300, 66), label, key, size=30, tip=tip)
            if key == ("online",) and turns:
                ink.draw(screen, ngettext("Your turn in {n} game", "Your turn in {n} games", turns).format(n=turns),
                         L.p(1135, y + 33), 24, SIGN_GREEN, "italic", anchor="midleft")
            y += 76
        for i, (label, key, tip) in enumerate((
                (_("How to Play"), ("rules",), _("The rules in full, section by section, with a search (F1 anywhere)")),
                (_("Card Gallery"), ("gallery",),
                 _("Every Elder God, Spell, Gate, Artifact and Curse, with its full text")),
                (_("Settings"), ("settings",), _("Speed, sound, text size, shapes, the window, how long Hard "
                                                 "thinks: kept for next time")),
                (_("Statistics"), ("statistics",), _("Your record: games played and won by mode, Elder God and "
                                                     "number of cults, streaks, accuracy and hints, from your saved "
                                                     "games")),
                (_("Credits"), ("credits",), _("Who made the game, its fonts, pictures and sounds, and the "
                                               "licences: the game's own and those of every library it carries")))):
            button(self, screen, L, (275 + i * 280, y + 6, 250, 56), label, key, size=24, tip=tip)
        button(self, screen, L, (810, y + 88, 300, 66), _("Quit"), ("quit",), size=30)
        if self.notice:
            ink.draw(screen, self.notice, L.p(960, y + 190), 22, SIGN_GREEN, "italic", anchor="center",
                     max_w=L.n(1400))
        # Translators: the keys, each with what it does, parted by a middle dot between two spaces each side
        ink.draw(screen, _("F1 how to play  ·  F11 full screen  ·  M sound on/off  ·  Tab and Enter: buttons  ·  "
                           "Esc back"), L.p(960, 1040), 18, INK_FAINT, anchor="center")
        self.draw_tip(screen, L)

    def tutorial_tip(self) -> str:
        reached, lessons = self.app.settings["tutorial"], self.lessons
        if self.lessons_problem:
            return self.lessons_problem
        if 0 < reached < lessons:
            return _("A guided first game: go on from lesson {lesson} of {lessons}, where you stopped").format(
                lesson=reached + 1, lessons=lessons)
        if reached >= lessons:
            return _("You have finished the guided first game; play it again from the start")
        return ngettext("A guided first game in {n} short lesson, about fifteen minutes: a coach shows each rule "
                        "as you play it",
                        "A guided first game in {n} short lessons, about fifteen minutes: a coach shows each rule "
                        "as you play it", lessons).format(n=lessons)

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
        elif key == ("statistics",):
            self.app.goto("statistics")
        elif key == ("tutorial",):
            try:
                self.app.goto("tutorial")
            except tutorial.TutorialError as e:
                self.notice = _("Learn to Play cannot open: {why}").format(why=e)
        elif key == ("quit",):
            self.app.close_asked()  # while this window hosts a game: keep hosting, or pause it?

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.click(("continue",) if self.latest is not None else ("new",))
        elif event.key == pygame.K_ESCAPE:
            self.app.close_asked()
