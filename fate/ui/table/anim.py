"""Events shown, not just applied: each engine event becomes a short *beat*.

Beats play one after another over the table; the table shows the state from
before the choice until the beats of that choice are done. A beat knows where
things are only through the table's anchors (filled while drawing), so it
follows the window's size. The speed setting scales every duration; Tab
skips whatever is queued.
"""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache

import pygame

from fate.engine.model import Event
from fate.ground.language import NP_, _, pgettext
from fate.ui.kit import art
from fate.ui.kit.theme import (
    GOLD,
    PARCHMENT,
    mix,
)
from fate.ui.table.carried import draw_carry

# names: translated where shown, as speeds (pgettext "speed": "Normal" is a level of the AI too)
SPEEDS = ((NP_("speed", "Slow"), 1.6), (NP_("speed", "Normal"), 1.0), (NP_("speed", "Fast"), 0.45),
          (NP_("speed", "Instant"), 0.0))
FINALE_SECONDS = 5.0  # a summoning or a sealing at Normal speed (fate/ui/screens/finale.py)
FINALE_MAX = 6.0  # and never longer, whatever the speed
SUPPLY_ANCHOR = ("supply", "investigators")


def ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def finale_seconds(speed: int) -> float:
    """How long the finale lasts at an animation speed (0: Instant shows none)."""
    return min(FINALE_MAX, FINALE_SECONDS * SPEEDS[max(0, min(len(SPEEDS) - 1, speed))][1])


def finale_kind(v: dict) -> str | None:
    """Which finale a finished game's view ends with: "summoning" (a god came), "sealing" (ten
    Elder Signs), "cursing" (a solo cult broken by Curses), or None (no finale)."""
    if not v.get("over"):
        return None
    reason = v.get("end_reason")
    if reason == "summoned" and v.get("winners"):
        return "summoning"
    if reason == "sealed" and v.get("losers"):
        return "sealing"
    if reason == "cursed" and v.get("losers"):
        return "cursing"
    return None


class Beat:
    duration = 0.5
    hides: tuple = ()
    sound = ""  # the effect heard as the beat begins (fate.ui.kit.sound)
    heard = False
    settles = False  # once over, it stays drawn as it ended until the board catches up with it
    shows = False  # once over, its event's result is on the table (a piece landed, dice stopped, a card shown)
    moves = False  # carries a piece from where the board last had it: the board waits for it to end
    done = False
    event: Event | None = None  # the event it shows

    def __init__(self, duration: float | None = None) -> None:
        if duration is not None:
            self.duration = duration
        self.t = 0.0

    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def draw(self, screen: pygame.Surface, table, ink) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class Cue(Beat):
    """Nothing to see: a sound in its place in the queue."""

    duration = 0.0

    def draw(self, screen, table, ink):
        pass


class Carry(Beat):
    """Figures moving from one anchor to another (cultists, investigators): they walk, fall
    into the Abyss or rise out of it (fate/ui/table/carried.py)."""

    duration = 0.35
    moves = True

    def __init__(self, glyph: str, colour: tuple, frm, to, count: int = 1) -> None:
        super().__init__()
        self.glyph, self.colour, self.frm, self.to, self.count = glyph, colour, frm, to, count

    def draw(self, screen, table, ink):
        draw_carry(self, screen, table, ink)


class FateMove(Beat):
    duration = 0.6
    settles = True  # the piece stays where it went, not back where the board last had it
    shows = moves = True

    def __init__(self, piece: int, frm: str, to: str, colour: tuple) -> None:
        super().__init__()
        self.piece, self.frm, self.to, self.colour = piece, frm, to, colour
        self.hides = (("piece", piece),)

    def draw(self, screen, table, ink):
        a, b = table.anchors.get(("loc", self.frm)), table.anchors.get(("loc", self.to))
        if a is None or b is None:
            return
        t = ease(self.progress())
        L = table.layout
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - math.sin(t * math.pi) * L.n(60)
        halo = pygame.Surface((L.n(90), L.n(90)), pygame.SRCALPHA)
        pygame.draw.circle(halo, (*self.colour, 90), (L.n(45), L.n(45)), L.n(44))
        screen.blit(halo, halo.get_rect(center=(x, y)))
        g = art.glyph("fate", L.n(70), self.colour)
        screen.blit(g, g.get_rect(center=(x, y)))


@lru_cache(maxsize=64)
def veil(w: int, h: int, rgba: tuple) -> pygame.Surface:
    """A see-through sheet of one colour (cached: animations ask every frame)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill(rgba)
    return s


def _shade(screen, alpha: int) -> None:
    w, h = screen.get_size()
    screen.blit(veil(w, h, (0, 0, 0, alpha // 8 * 8)), (0, 0))


class Banner(Beat):
    """A line of news across the Altar; ``loud`` ones darken the table."""

    def __init__(self, text: str, colour: tuple = GOLD, sub: str = "", duration: float = 0.8,
                 loud: bool = False, shows: bool = False) -> None:
        super().__init__(duration)
        self.text, self.colour, self.sub, self.loud = text, colour, sub, loud
        self.shows = shows  # news that is its own result (a turn begins, a raid is declared)

    def draw(self, screen, table, ink):
        L = table.layout
        p = self.progress()
        fade = min(1.0, p * 6, (1 - p) * 6)
        if self.loud:
            _shade(screen, int(120 * fade))
        band = L.r(466, 330, 988, 150 if self.sub else 100)
        screen.blit(veil(band.w, band.h, (8, 4, 12, int(215 * fade) // 8 * 8)), band)
        if fade > 0.3:
            pygame.draw.line(screen, self.colour, band.topleft, band.topright, L.n(2))
            pygame.draw.line(screen, self.colour, band.bottomleft, band.bottomright, L.n(2))
            ink.draw(screen, self.text, (band.centerx, band.y + L.n(50)), 46 if self.loud else 36, self.colour,
                     "title", anchor="center", max_w=band.w - L.n(40))
            if self.sub:
                ink.para(screen, self.sub, pygame.Rect(band.x + L.n(40), band.y + L.n(84), band.w - L.n(80),
                                                       band.h - L.n(90)), 20, PARCHMENT, "italic", align="center",
                         max_lines=2)


class SummonStep(Banner):
    """The Summon token's new space lights up on its track while the news shows."""

    def __init__(self, seat: int, step: int, text: str, colour: tuple, sub: str, duration: float) -> None:
        super().__init__(text, colour, sub, duration)
        self.seat, self.step = seat, step

    def draw(self, screen, table, ink):
        super().draw(screen, table, ink)
        at = table.anchors.get(("track", self.seat, min(9, max(0, self.step))))
        if at is None:
            return
        L = table.layout
        p = self.progress()
        r = L.n(18 + 14 * math.sin(p * math.pi))
        pygame.draw.circle(screen, self.colour, at, r, L.n(3))


class CardShow(Beat):
    """A card turned face up in the middle of the table: a cast Spell, a Curse."""

    shows = True

    def __init__(self, kicker: str, name: str, text: str, colour: tuple, duration: float = 1.8,
                 glyph: str = "star") -> None:
        super().__init__(duration)
        self.kicker, self.name, self.text, self.colour, self.glyph = kicker, name, text, colour, glyph

    def draw(self, screen, table, ink):
        L = table.layout
        p = self.progress()
        fade = min(1.0, p * 5, (1 - p) * 5)
        _shade(screen, int(150 * fade))
        grow = 0.85 + 0.15 * ease(min(1.0, p * 4))
        text_h = ink.height(self.text, 22, L.n(360)) / L.s
        w, h = 420 * grow, (230 + text_h) * grow
        r = L.r(960 - w / 2, 408 - h / 2, w, h)
        pygame.draw.rect(screen, (236, 226, 204), r, border_radius=L.n(16))
        pygame.draw.rect(screen, self.colour, r, L.n(6), border_radius=L.n(16))
        top = pygame.Rect(r.x, r.y, r.w, L.n(110))
        pygame.draw.rect(screen, mix(self.colour, (0, 0, 0), 0.45), top, border_top_left_radius=L.n(16),
                         border_top_right_radius=L.n(16))
        g = art.glyph(self.glyph, L.n(64), mix(self.colour, (255, 255, 255), 0.3))
        screen.blit(g, g.get_rect(center=(top.centerx, top.centery - L.n(6))))
        ink.draw(screen, self.kicker, (r.centerx, top.bottom - L.n(12)), 18, PARCHMENT, "italic", anchor="center")
        ink.draw(screen, self.name, (r.centerx, top.bottom + L.n(40)), 34, (50, 20, 20), "title", anchor="center",
                 max_w=r.w - L.n(30))
        ink.para(screen, self.text, pygame.Rect(r.x + L.n(30), top.bottom + L.n(80), r.w - L.n(60), r.h),
                 22, (40, 30, 30))


class Dice(Beat):
    """Dice tumble in the middle of the table and land on their faces."""

    duration = 1.1
    shows = True  # and the Fate Dice panel keeps the faces once the line is told

    def __init__(self, faces: list[str], heading: str) -> None:
        """``heading``: who rolls and what for, a whole line ("You roll at The Other Worlds")."""
        super().__init__()
        self.faces, self.heading = faces, heading

    def draw(self, screen, table, ink):
        L = table.layout
        p = self.progress()
        n = len(self.faces)
        size = min(90, 900 / max(1, n) - 12)
        total = n * (size + 12) - 12
        band = L.r(466, 300, 988, 220)
        screen.blit(veil(band.w, band.h, (8, 4, 12, 200)), band)
        ink.draw(screen, self.heading, (band.centerx, band.y + L.n(30)), 26, GOLD, "title",
                 anchor="center")
        rolling = p < 0.55
        for i, f in enumerate(self.faces):
            face = f
            if rolling:
                names = ("tentacle", "dagger", "pentagram", "elder_sign", "broken_sign", "skull")
                face = names[(int(self.t * 20) + i * 2) % 6]
            x = 960 - total / 2 + i * (size + 12)
            bounce = abs(math.sin((p * 3 + i * 0.3) * math.pi)) * 30 * (1 - min(1.0, p / 0.55)) if rolling else 0
            img = art.die(L.n(size), face)
            if rolling:
                img = pygame.transform.rotate(img, (self.t * 540 + i * 47) % 360)
            screen.blit(img, img.get_rect(center=L.p(x + size / 2, 420 - bounce)))


CATCH_UP = 3.0  # seconds of beats waiting beyond which they play faster (up to four times)


class Player:
    """One queue for the story: the beats that show each event, the board swapped to the game
    as it stands once nothing still moves, and each event's line in the Chronicle, told when
    the table shows its result (fate/ui/table/scene.py; docs/design-decisions.md)."""

    def __init__(self, speed: int = 1, play=None) -> None:
        self.queue: deque[Beat] = deque()
        self.settled: list[Beat] = []  # beats over that stay drawn as they ended (Beat.settles)
        self.speed = speed
        self.play = play or (lambda name: None)  # plays an effect by name
        self.tells: deque[tuple] = deque()  # (line, its event's last beat or None, the swap it waits for)
        self.swaps = 0  # how often the board has caught up with the game
        self.swap: tuple | None = None  # (the beat after which the board catches up, or None: now; what does it)

    @property
    def factor(self) -> float:
        return SPEEDS[self.speed][1]

    def label(self) -> str:
        return _("Speed: {speed}").format(speed=pgettext("speed", SPEEDS[self.speed][0]))

    def cycle(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)

    def add(self, beats: list[Beat], sound: str = "", then=None, board: bool = True) -> None:
        """Queue an event's beats, its ``sound`` heard as the first begins. ``then`` (its line
        in the Chronicle) is done once the last of them is over, if that beat showed the
        result (``Beat.shows``), else once the board has caught up with the game as well
        (``board``: False for an event with nothing on the table to wait for); never before
        the lines of the events before it."""
        if not beats and self.queue and sound:
            beats = [Cue()]  # heard in its turn
        if self.factor <= 0 and not self.queue:
            beats = []  # Instant: nothing is shown, the line waits only for the board
        if beats:
            beats[0].sound = sound
            for b in beats:
                b.duration *= self.factor
                self.queue.append(b)
        else:
            self.play(sound)
        if then is not None:
            last = beats[-1] if beats and not isinstance(beats[-1], Cue) else None
            shown = last is not None and last.shows
            self.tells.append((then, last, self.swaps + 1 if board and not shown else 0))
        self._tell()

    def catch_up(self, swap) -> None:
        """The board catches up with the game (``swap()``) once the last beat queued that
        carries a piece is over: now if none is queued. Later beats (news, dice, cards) play
        over the board as it stands."""
        last = next((b for b in reversed(self.queue) if b.moves), None)
        self.swap = (last, swap)
        if last is None:
            self._swapped()

    def _swapped(self) -> None:
        swap, self.swap = self.swap, None
        if swap is not None:
            swap[1]()
        self.swaps += 1
        self.settled.clear()  # the board now shows where they went
        self._tell()

    def _tell(self) -> None:
        """Tell every line whose result the table shows now, in order."""
        while self.tells:
            then, last, swap = self.tells[0]
            if (last is not None and not last.done) or self.swaps < swap:
                return
            self.tells.popleft()
            then()

    def busy(self) -> bool:
        return bool(self.queue)

    def backlog(self) -> float:
        """Seconds of beats still to show."""
        return sum(b.duration - b.t for b in self.queue)

    def skip(self) -> None:
        """Show the outcome at once: the board catches up, every line waiting is told, no
        sound is played."""
        for b in self.queue:
            b.done = True
        self.queue.clear()
        self._swapped()

    def update(self, dt: float) -> None:
        """Play ``dt`` seconds of beats, faster while more than ``CATCH_UP`` seconds wait:
        a table behind the game (a friend's AI turn online) catches up, it never lags on."""
        backlog = self.backlog()
        if backlog > CATCH_UP:
            dt *= min(4.0, backlog / CATCH_UP)
        while self.queue:
            b = self.queue[0]
            if not b.heard:
                b.heard = True
                self.play(b.sound)
            if dt <= 0:
                break
            left = b.duration - b.t
            if dt < left:
                b.t += dt
                break
            dt -= left
            done = self.queue.popleft()
            done.done = True
            if done.settles:  # the newest of each thing moved stands in for the board's
                done.t = done.duration
                self.settled = [x for x in self.settled if set(x.hides).isdisjoint(done.hides)] + [done]
            if self.swap is not None and self.swap[0] is done:
                self._swapped()
            self._tell()
        if not self.queue and (self.settled or self.swap is not None or self.tells):
            self._swapped()  # the table now shows the game as it stands

    def hidden(self) -> set:
        out = set(self.queue[0].hides) if self.queue else set()
        for b in self.settled:
            out.update(b.hides)
        return out

    def draw(self, screen, table, ink) -> None:
        for b in self.settled:
            b.draw(screen, table, ink)
        if self.queue:
            self.queue[0].draw(screen, table, ink)
