"""The screens around the table: title, new game, and the end of the game."""

from __future__ import annotations

import random
import time
from dataclasses import asdict
from pathlib import Path

import pygame

from fate import tutorial
from fate.ai.bots import LEVELS
from fate.content.model import STANDARD_LEVEL
from fate.engine.errors import SaveFormatError
from fate.net.mygames import MyGames
from fate.net.query import GamesQuery
from fate.saves import GameLocked, SaveInfo, delete_save, latest_unfinished, list_saves
from fate.ui import art
from fate.ui.layout import Layout
from fate.ui.session import SeatConfig, Session
from fate.ui.theme import (
    BLOOD,
    BRONZE,
    CULT_COLOURS,
    GOLD,
    INK_DIM,
    INK_FAINT,
    PANEL,
    PARCHMENT,
    SIGN_GREEN,
    cult_mark,
)
from fate.ui.widgets import Scene, backdrop, button, scene


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
                                            "kept for next time"))):
            button(self, screen, L, (555 + i * 280, y + 6, 250, 56), label, key, size=24, tip=tip)
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


def describe(row: SaveInfo) -> str:
    """One line for a saved game: where it stands first, then who plays which cult."""
    cults = ", ".join(f"{s['name'].removeprefix('the Cult of ')} ({s['who']})" for s in row.seats)
    if row.level:
        cults += f" · Investigators: {row.level}"
    if row.over:
        state = row.outcome[0].upper() + row.outcome[1:] if row.outcome else "Finished"
    else:
        leader = row.leader.removeprefix("the Cult of ")
        state = f"Turn {row.turn}" + (f" · {leader} leads" if leader else "")
    return f"{state} · {cults}"


def when(stamp: float) -> str:
    return time.strftime("%d %b %Y, %H:%M", time.localtime(stamp))


def open_saved(scene: Scene, row: SaveInfo) -> None:
    """Resume a saved game at the table, or say in one line why it cannot be (a game
    open in another window: the Load list offers to watch it read-only instead)."""
    app = scene.app
    try:
        session = Session.resume(app.content, row.path)
    except GameLocked:
        app.notice = "That game is open in another window: you can watch it read-only (Replay) here."
        app.goto("load", row.path)
        return
    except SaveFormatError as e:
        app.notice = f"That game cannot be opened: {str(e).removeprefix(str(row.path) + ': ')}"
        app.goto("load")
        return
    app.settings["speed"] = session.speed
    session.ai_seconds = app.settings["hard_seconds"]
    app.goto("play", session)


def watch_replay(scene: Scene, path: Path) -> None:
    app = scene.app
    try:
        app.goto("replay_of", path)
    except SaveFormatError as e:
        app.notice = f"That game cannot be replayed: {str(e).removeprefix(str(path) + ': ')}"
        app.goto("load")


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
        ink.draw(screen, "Saved Games", L.p(960, 110), 80, GOLD, "title", anchor="center", shadow=True)
        if not self.rows:
            ink.draw(screen, "No saved games yet: every game you play is saved here as you go.", L.p(960, 420),
                     26, PARCHMENT, "italic", anchor="center")
        for i, row in enumerate(self.rows[self.first:self.first + self.ROWS]):
            y = 190 + i * 92
            box = L.r(260, y, 1400, 80)
            pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))
            pygame.draw.rect(screen, BRONZE if row.ok else BLOOD, box, L.n(2), border_radius=L.n(10))
            if row.ok:
                title = describe(row)
                ink.draw(screen, ("Finished · " if row.over else "") + f"Saved {when(row.saved_at)}"
                         + (" · open in another window" if row.locked else ""),
                         L.p(290, y + 12), 18, INK_DIM, "italic")
                ink.draw(screen, title, L.p(290, y + 36), 22, PARCHMENT, "bold", max_w=L.n(850))
                if not row.over:
                    button(self, screen, L, (1160, y + 12, 150, 56), "Open", ("open", row.path), size=22,
                           tip=("Open in another window: Replay shows it read-only here.\n" if row.locked
                                else "Pick the game up where it stood.\n") + title)
                button(self, screen, L, (1320, y + 12, 150, 56), "Replay", ("replay", row.path), size=22,
                       tip="Watch the game again, decision by decision"
                           + ("" if row.over else " (only what was public, while it is unfinished)"))
            else:
                ink.draw(screen, f"{row.path.name}: cannot be opened", L.p(290, y + 12), 18, BLOOD, "italic")
                ink.draw(screen, row.problem, L.p(290, y + 38), 18, INK_DIM, max_w=L.n(1180))
            sure = self.confirm == row.path
            button(self, screen, L, (1490, y + 12, 150, 56), "Sure?" if sure else "Delete", ("delete", row.path),
                   size=22, selected=sure, tip="Click twice to delete this saved game for good.")
        if self.first > 0:
            button(self, screen, L, (1680, 190, 80, 60), "▲", ("scroll", -1), size=24)
        if self.first + self.ROWS < len(self.rows):
            button(self, screen, L, (1680, 190 + 92 * (self.ROWS - 1) + 20, 80, 60), "▼", ("scroll", 1), size=24)
        if self.notice:
            ink.draw(screen, self.notice, L.p(960, 946), 22, BLOOD, "italic", anchor="center", max_w=L.n(1500))
        if self.offer is not None:
            button(self, screen, L, (1130, 980, 340, 72), "Watch Read-Only", ("replay", self.offer), size=26,
                   tip="Step through that game's decisions so far without taking it over")
        button(self, screen, L, (810, 980, 300, 72), "Back", ("back",), size=30)
        self.draw_tip(screen, L)

    def click(self, key):
        kind = key[0]
        if kind == "open":
            row = next((r for r in self.rows if r.path == key[1]), None)
            if row is not None:
                open_saved(self, row)
        elif kind == "replay":
            watch_replay(self, key[1])
        elif kind == "delete":
            if self.confirm != key[1]:
                self.confirm = key[1]
                return
            try:
                delete_save(key[1])
            except SaveFormatError as e:
                self.notice = f"Not deleted: {str(e).removeprefix(str(key[1]) + ': ')}"
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
        elif event.key == pygame.K_RETURN:
            first = next((r for r in self.rows[self.first:] if r.ok and not r.over), None)
            if first is not None:
                open_saved(self, first)


ORDINALS = {3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"}
LEVEL_TIPS = {
    "easy": "Easy: looks one step ahead at its own cult only, and often misjudges",
    "normal": "Normal: looks one step ahead and watches the strongest rival",
    "hard": "Hard: searches ahead through many possible deals and rolls, about a second a decision",
}


@scene("setup")
class SetupScene(Scene):
    """Seats (1-4), Human or AI with its level, and a colour each."""

    def __init__(self, app) -> None:
        super().__init__(app)
        # as the screen was last left (fate/settings.py checked each seat when it loaded them)
        self.seats = [SeatConfig(s["human"], s["level"], s["colour"]) for s in app.settings["new_game"]]
        if len(self.seats) == 1:
            self.seats[0].human = True
        self.levels = app.content.solo_levels
        kept = app.settings["solo_level"]
        self.solo_level = kept if any(x.id == kept for x in self.levels) else STANDARD_LEVEL

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, "A New Game", L.p(960, 120), 80, GOLD, "title", anchor="center", shadow=True)
        ink.draw(screen, "How many cults gather?", L.p(960, 210), 26, PARCHMENT, "italic", anchor="center")
        for n in range(1, 5):
            label = "Solo" if n == 1 else f"{n} cults"
            button(self, screen, L, (560 + (n - 1) * 205, 240, 185, 60), label, ("players", n),
                   selected=len(self.seats) == n)
        for i, cfg in enumerate(self.seats):
            y = 340 + i * 110
            box = L.r(360, y, 1200, 92)
            pygame.draw.rect(screen, PANEL, box, border_radius=L.n(12))
            pygame.draw.rect(screen, CULT_COLOURS[cfg.colour][1], box, L.n(2), border_radius=L.n(12))
            g = art.glyph("cultist", L.n(64), CULT_COLOURS[cfg.colour][1], cult_mark(CULT_COLOURS[cfg.colour][1]))
            screen.blit(g, g.get_rect(center=L.p(410, y + 46)))
            ink.draw(screen, f"Seat {i + 1}", L.p(460, y + 46), 30, GOLD, "bold", anchor="midleft")
            if i == 0 and len(self.seats) == 1:
                ink.draw(screen, "You, against the Investigators", L.p(600, y + 46), 24, PARCHMENT, "italic",
                         anchor="midleft")
                self.draw_levels(screen, L, y + 110)
            else:
                button(self, screen, L, (600, y + 16, 150, 60), "Human", ("human", i, True), selected=cfg.human,
                       tip="A player at this screen takes this seat")
                button(self, screen, L, (760, y + 16, 150, 60), "AI", ("human", i, False), selected=not cfg.human,
                       tip="The computer plays this cult")
                if not cfg.human:
                    for j, level in enumerate(LEVELS):
                        button(self, screen, L, (930 + j * 120, y + 16, 110, 60), level.capitalize(),
                               ("level", i, level), selected=cfg.level == level, size=22, tip=LEVEL_TIPS[level])
            button(self, screen, L, (1400, y + 16, 140, 60), CULT_COLOURS[cfg.colour][0], ("colour", i), size=22,
                   tip="Click for another colour")
        if not any(c.human for c in self.seats):
            ink.draw(screen, "No human seat: you will watch the AI cults play.", L.p(960, 800), 20, INK_DIM,
                     "italic", anchor="center")
        ink.draw(screen, "Each cult is dealt two Elder Gods and keeps one, in secret.", L.p(960, 830), 20, INK_DIM,
                 "italic", anchor="center")
        button(self, screen, L, (620, 870, 300, 72), "Back", ("back",), size=30)
        button(self, screen, L, (1000, 870, 300, 72), "Begin", ("begin",), size=30)
        self.draw_tip(screen, L)

    def draw_levels(self, screen, L, y: int) -> None:
        """Solo: how hard the Investigators play, one button a level, its rules on hover."""
        self.ink.draw(screen, "The Investigators", L.p(460, y + 30), 26, GOLD, "bold", anchor="midleft")
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
        elif kind == "human":
            self.seats[key[1]].human = key[2]
        elif kind == "level":
            self.seats[key[1]].level = key[2]
        elif kind == "colour":
            cfg = self.seats[key[1]]
            used = {c.colour for c in self.seats if c is not cfg}
            nxt = cfg.colour
            for _ in range(len(CULT_COLOURS)):
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
        self.app.settings["new_game"] = [asdict(c) for c in self.seats]
        self.app.settings["solo_level"] = self.solo_level
        self.app.save_settings()
        session = Session(self.app.content, [SeatConfig(c.human, c.level, c.colour) for c in self.seats], seed,
                          saves=self.app.saves, speed=self.app.settings["speed"],
                          ai_seconds=self.app.settings["hard_seconds"],
                          solo_level=self.solo_level if len(self.seats) == 1 else None)
        self.app.goto("play", session)

    def key(self, event):
        if event.key == pygame.K_ESCAPE:
            self.click(("back",))
        elif event.key == pygame.K_RETURN:
            self.begin()


@scene("end")
class EndScene(Scene):
    """Who won and why, each cult's summary and a chart of the race."""

    def __init__(self, app, session: Session, colours: list[tuple]) -> None:
        super().__init__(app)
        self.session = session
        self.colours = colours
        self.view = session.view(None)
        app.sound.play(self.fanfare())

    def fanfare(self) -> str:
        """"win" when a human cult won (or, with none at the table, anyone did), else "lose"."""
        humans = self.session.humans()
        winners = self.view["winners"]
        won = any(s in winners for s in humans) if humans else bool(winners)
        return "win" if won else "lose"

    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        v = self.view
        names = [f"Cult of {s['god']['name']}" if s["god"] else f"Seat {i + 1}" for i, s in enumerate(v["seats"])]
        if v["winners"]:
            head = " and ".join(names[w] for w in v["winners"]) + (" win" if len(v["winners"]) > 1 else " wins")
        elif v["solo"]:
            head = "The Investigators win"
        else:
            head = "No one wins"
        ink.draw(screen, head, L.p(960, 90), 72, GOLD, "title", anchor="center", shadow=True)
        level = self.app.content.solo_level(v["solo_level"]) if v["solo"] else None
        ink.draw(screen, self.reason(v, names, level), L.p(960, 160), 24, PARCHMENT, "italic", anchor="center",
                 max_w=L.n(1700))
        # the summary table
        cols = (("Cult", 120), ("Summon", 640), ("Elder Signs", 790), ("Cultists out", 960), ("Curses", 1130),
                ("Artifacts", 1260), ("Hints", 1410))
        y = 220
        for title, x in cols:
            ink.draw(screen, title, L.p(x, y), 22, INK_DIM, "bold")
        for i, s in enumerate(v["seats"]):
            yy = y + 40 + i * 44
            col = self.colours[i]
            plaque = art.mark(cult_mark(col), L.n(22), col)
            screen.blit(plaque, plaque.get_rect(center=L.p(100, yy + 14)))
            mark = " (wins)" if i in v["winners"] else (" (sealed)" if i in v["losers"] else "")
            ink.draw(screen, names[i] + mark, L.p(120, yy), 24, GOLD if i in v["winners"] else PARCHMENT, "bold")
            out = sum(loc["cultists"][i] for loc in v["locations"])
            hints = self.session.hints[i] if self.session.is_human(i) else "–"
            for val, (_, x) in zip((s["summon"], s["elder_signs"], out, s["curses_carried"], len(s["artifacts"]),
                                    hints), cols[1:], strict=True):
                ink.draw(screen, str(val), L.p(x + 30, yy), 24, PARCHMENT)
        ink.draw(screen, f"{v['turn']} turns", L.p(1560, y + 40), 24, INK_DIM, "italic")
        if level is not None:  # a solo game: how hard the Investigators played
            ink.draw(screen, f"Investigators: {level.name}", L.p(1560, y + 80), 24, INK_DIM, "italic")
        self.chart(screen, L, L.r(100, 470, 820, 440), "Summon track", "summon", 9, None)
        self.chart(screen, L, L.r(1000, 470, 820, 440), "Elder Signs", "signs", 10, SIGN_GREEN)
        button(self, screen, L, (430, 960, 300, 72), "New Game", ("new",), size=30)
        path = self.session.save_path()
        button(self, screen, L, (810, 960, 300, 72), "Watch Replay", ("replay",), size=30,
               enabled=path is not None and path.exists(),
               tip="Step through every decision of this game, with every hand revealed")
        button(self, screen, L, (1190, 960, 300, 72), "Title", ("title",), size=30)

    @staticmethod
    def reason(v: dict, names: list[str], level=None) -> str:
        r = v["end_reason"]
        lost = [names[s] for s in v["losers"]]
        if r == "summoned":
            return "Their Elder God is summoned into the world: the Summon token reached 9."
        if r == "sealed" and v["solo"]:
            return "Ten Elder Signs: your cult is sealed away by the Investigators."
        if r == "sealed":
            return (f"{' and '.join(lost)} took a tenth Elder Sign and {'is' if len(lost) == 1 else 'are'} sealed away;"
                    " of the rest, the fewest Elder Signs and then the highest Summon win.")
        if r == "cursed":
            nth = ORDINALS.get(level.curses_to_lose if level is not None else 5, "last")
            return f"A {nth} Curse: your cult is broken by the Investigators."
        return "The game has ended."

    def chart(self, screen, L: Layout, box: pygame.Rect, title: str, field: str, top: int, tint) -> None:
        ink = self.ink
        pygame.draw.rect(screen, (20, 15, 28), box, border_radius=L.n(10))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(10))
        ink.draw(screen, title, (box.x + L.n(16), box.y + L.n(10)), 26, tint or GOLD, "title")
        plot = box.inflate(-L.n(90), -L.n(100)).move(L.n(20), L.n(20))
        hist = self.session.history
        turns = max(1, len(hist) - 1)
        for k in range(top + 1):
            y = plot.bottom - plot.h * k / top
            pygame.draw.line(screen, (44, 36, 54), (plot.x, y), (plot.right, y), 1)
            if k % 3 == 0:
                ink.draw(screen, str(k), (plot.x - L.n(10), y), 15, INK_FAINT, anchor="midright")
        ink.draw(screen, f"turns 1–{turns}", (plot.right, plot.bottom + L.n(6)), 15, INK_FAINT, anchor="topright")
        for s in range(len(self.colours)):
            pts = []
            for i, rec in enumerate(hist):
                val = getattr(rec, field)[s]
                pts.append((plot.x + plot.w * i / turns, plot.bottom - plot.h * min(val, top) / top))
            if len(pts) >= 2:
                pygame.draw.lines(screen, self.colours[s], False, pts, L.n(3))
            # the cult's shape along its line (every fifth turn and at the end): told apart without colour
            shape = art.mark(cult_mark(self.colours[s]), L.n(16), self.colours[s])
            for i, p in enumerate(pts):
                if i == len(pts) - 1 or (i % 5 == 0 and len(pts) - 1 - i >= 3):
                    screen.blit(shape, shape.get_rect(center=(int(p[0]), int(p[1]))))
        if field == "signs":
            y = plot.bottom - plot.h
            pygame.draw.line(screen, BLOOD, (plot.x, y), (plot.right, y), L.n(2))
            ink.draw(screen, "sealed", (plot.right - L.n(4), y - L.n(2)), 15, BLOOD, "italic", anchor="bottomright")

    def click(self, key):
        if key == ("new",):
            self.app.goto("setup")
        elif key == ("title",):
            self.app.goto("title")
        elif key == ("replay",) and self.session.save_path() is not None:
            watch_replay(self, self.session.save_path())

    def key(self, event):
        if event.key in (pygame.K_RETURN, pygame.K_ESCAPE):
            self.click(("title",))
        elif event.key == pygame.K_r:
            self.click(("replay",))
