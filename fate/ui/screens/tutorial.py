"""Learn to Play: the table with a coach (lessons in data/tutorial.yaml, fate/tools/tutorial.py).

The coach's panel sits where the Chronicle is. It says what the step is about
in at most three short lines, rings each thing its words name (the step's
``points``) with an arrow from the panel, and marks the one thing to click with
the ring a hint uses; a click on anything else is refused with a word. A note is closed with Next (or Enter).
Each lesson is a fixed position with its deck order and dice, so it plays the
same way every time. The lesson reached is kept in the settings: leaving and
coming back starts that lesson again from its beginning.
"""

from __future__ import annotations

import math

import pygame

from fate.ground.language import _
from fate.tools import tutorial
from fate.ui.kit.layout import LOG_RECT, PROMPT_RECT
from fate.ui.kit.theme import BRONZE, GOLD, HINT, INK_DIM, PARCHMENT, mix
from fate.ui.kit.widgets import Hotspot, button, scene
from fate.ui.session import SeatConfig, Session
from fate.ui.table.anim import finale_kind, finale_seconds
from fate.ui.table.scene import PlayScene

NEXT = ("ui", "coach_next")  # close a note
ONWARD = ("ui", "coach_lesson")  # the lesson is done: the next one (or the end)
COACH_SIZE = 24  # the coach's words (design units, before the Text size setting): three short lines at most


@scene("tutorial")
class TutorialScene(PlayScene):
    answers_for_you = False  # every decision of a lesson is a step the coach explains
    def __init__(self, app, lesson: int | None = None) -> None:
        self.lessons = [tutorial.spoken(lesson) for lesson in tutorial.load()]  # in the language spoken
        index = app.settings["tutorial"] if lesson is None else lesson
        self.index = index if 0 <= index < len(self.lessons) else 0
        self.lesson = self.lessons[self.index]
        game = self.lesson.game(app.content)
        session = Session.from_game(app.content, [SeatConfig(True, "normal", 0)], game,
                                    speed=app.settings["speed"])
        super().__init__(app, session)
        self.step = 0
        self.spoken = 0  # the step whose words the coach says: it catches up when the board has shown the last choice
        self.coach_target: tuple | None = None  # what the coach points at now (a hotspot key)
        self.refused = 0.0  # until when "not that one" shows
        self.pointed: list[tuple[str, pygame.Rect]] = []  # what the coach rings now, as drawn
        self.unpointed: list[str] = []  # what its words name that the table does not show now
        self.finale_seen = False  # a lesson won shows its finale once
        app.settings["tutorial"] = self.index  # leaving now comes back to this lesson
        app.save_settings()

    # ---------------------------------------------------------------- steps
    def current(self) -> tutorial.Step | None:
        return self.lesson.steps[self.step] if self.step < len(self.lesson.steps) else None

    def coach_text(self) -> str:
        """What the coach's panel says now: the step's words, or the lesson's end. A step's
        words speak of what the choice before it brought, so they wait until the board shows it."""
        if not self.anim.busy():
            self.spoken = self.step
        steps = self.lesson.steps
        return steps[self.spoken].say if self.spoken < len(steps) else self.lesson.end

    def coach_points(self) -> tuple[str, ...]:
        """What the words on the coach's panel name, to be ringed (the step said, or the end)."""
        steps = self.lesson.steps
        return steps[self.spoken].points if self.spoken < len(steps) else self.lesson.end_points

    def target_rect(self, name: str) -> pygame.Rect | None:
        """Where a target (fate/tools/tutorial.py TARGETS) stands on the table as drawn now; None if not shown."""
        regions, v = self.table.regions, self.shown or {}
        kind, _sep, thing = name.partition(":")

        def biggest(match) -> pygame.Rect | None:
            rects = [r.rect for r in regions if match(r)]
            return max(rects, key=lambda r: r.w * r.h) if rects else None

        def union(match) -> pygame.Rect | None:
            rects = [r.rect for r in regions if match(r)]
            return rects[0].unionall(rects[1:]) if rects else None

        me = ("seat", self.looker)
        # each thing by the title its region is drawn with, in the language spoken
        track = _("{cult}: Summon track").format(cult=self.table.cult_name(v, self.looker)) \
            if self.looker is not None else None
        titled = {"summon-track": lambda t: t == track, "summon-token": lambda t: t == _("Summon token"),
                  "lodge-cultists": lambda t: t == _("Cultists in the Lodge"),
                  "lodge-abyss": lambda t: t == _("Cultists in the Abyss"),
                  "lodge-investigators": lambda t: t == _("Investigators in the Lodge (5 or more raid)"),
                  "curses": lambda t: t == _("Curses carried, held face down by a rival"),
                  "elder-signs": lambda t: t == _("Elder Signs: ten seal the cult away, and it loses")}
        if name in titled:
            return biggest(lambda r: r.key == me and titled[name](r.title))
        if name == "lodge":
            return biggest(lambda r: r.key == me)
        if name == "gate":
            return biggest(lambda r: r.title == _("A Gate") and r.key == ("card", "gate"))
        seats = v.get("seats") or []
        mine = seats[self.looker] if self.looker is not None and 0 <= self.looker < len(seats) else {}

        def cards(field: str) -> set:
            return {("card", c["id"]) for c in mine.get(field) or []}
        if name == "readied":  # the row under the hand: its label, its slots and the Spells in them
            ids = cards("reserve")
            low = self.table.layout.h // 2  # (not the Lodge's own row of Readied backs)
            return union(lambda r: r.rect.centery > low and (r.key in ids or r.key is None and r.title in (
                _("Readied Spells"), _("An empty Readied slot"))))
        if name in ("hand", "my-artifacts"):
            ids = cards("hand" if name == "hand" else "artifacts")
            return union(lambda r: r.key in ids)
        if name == "curse-deck":
            deck = _("{what}: {n}").format(what=_("Curses"), n=(v.get("supply") or {}).get("curse_deck", 0))
            return biggest(lambda r: r.key is None and r.title == deck)
        if name in ("abyss", "investigators", "dice"):
            title = {"abyss": _("The Abyss"), "investigators": _("The Investigators"), "dice": _("Fate Dice")}[name]
            return biggest(lambda r: r.key is None and r.title == title)
        if name == "artifacts":
            ids = {("card", a["id"]) for a in v.get("artifacts_face_up") or []}
            return union(lambda r: r.key in ids or r.key == ("deck", "artifact"))
        if name in ("fate-piece", "investigators-piece"):
            owners = [p.get("owner") for p in v.get("fate_pieces") or []]
            want = [i for i, o in enumerate(owners) if (o == -1) == (name == "investigators-piece")]
            return biggest(lambda r: r.key in {("piece", i) for i in want[:1]})
        if kind == "place":
            return biggest(lambda r: r.key == ("loc", thing))
        if kind == "column":
            tile = biggest(lambda r: r.key == ("loc", thing))
            return None if tile is None else union(lambda r: r.title == _("Astral Column") and tile.contains(r.rect))
        if kind == "card":
            return biggest(lambda r: r.key == ("card", thing))
        if kind == "button":
            return biggest(lambda r: r.key == ("button", thing))
        return None

    def coach_room(self) -> pygame.Rect:
        """Where the coach's words stand in its panel."""
        x, y, w, h = LOG_RECT
        return self.table.layout.r(x + 20, y + 84, w - 40, h - 250)

    def coach_size(self, text: str) -> float:
        """The size the coach's words are drawn at: the reading size, smaller only where the
        panel could not hold them (large text)."""
        room, size = self.coach_room(), self.ink.read(COACH_SIZE)
        while size > 16 and self.ink.height(text, size, room.w) > room.h:
            size -= 1
        return size

    def coach_lines(self, text: str) -> list[str]:
        """The coach's words as its panel wraps them."""
        return self.ink.wrap(text, self.coach_size(text), self.coach_room().w)

    def expected(self) -> str:
        step = self.current()
        return step.do if step is not None else ""

    def next_step(self) -> None:
        if self.anim.busy():
            self.anim.skip()
            return
        if self.current() is not None and not self.expected():
            self.step += 1

    def onward(self) -> None:
        """The lesson is done: keep that, and open the next one (after the last, the title)."""
        last = self.index + 1 >= len(self.lessons)
        self.app.settings["tutorial"] = len(self.lessons) if last else self.index + 1
        self.app.save_settings()
        self.session.close()
        if last:
            self.app.notice = "Learn to Play is done. New Game, when you are ready."
            self.app.goto("title")
        else:
            self.app.goto("tutorial", self.index + 1)

    def refuse(self) -> None:
        self.refused = self.clock + 2.5

    # ---------------------------------------------------------------- the table's hooks
    def update(self, dt: float) -> None:
        if self.session.over():  # a lesson may end in a win: it stays at the table, no end screen
            self.clock += dt
            was_busy = self.anim.busy()
            self.anim.update(dt)
            if was_busy and not self.anim.busy():
                self.shown = self.session.view(self.looker)
            if not self.anim.busy() and not self.finale_seen:  # a win is won as in a game: its finale,
                self.ending += dt  # once the board has shown the last move a moment, as at the table,
                if self.ending > 0.6 * self.anim.factor:  # then back to the coach for the lesson's last words
                    self.finale_seen = True
                    if finale_kind(self.shown) and finale_seconds(self.anim.speed) > 0:
                        self.app.visit("finale", self.shown, self.table)
            return
        super().update(dt)

    def your_turn_screen(self, seat: int) -> bool:
        return False  # the coach is the one talking here

    def choose(self, cid: str) -> None:
        """The step's choice only (no "End your turn?" either: the coach said what it does)."""
        if cid != self.expected():
            self.refuse()
            if self.picker is not None:
                self.picker.stage, self.picker.ready = [], None
            return
        self.step += 1
        self._apply(cid)

    def click(self, key: tuple) -> None:
        if key == NEXT:
            self.next_step()
            return
        if key == ONWARD:  # (a lesson won goes on once its finale has been shown)
            if self.current() is None and not self.anim.busy() and (self.finale_seen or not self.session.over()):
                self.onward()
            return
        if key[0] == "ui":
            if key[1] in ("hint", "undo"):
                return
            super().click(key)
            return
        if self.anim.busy():
            self.anim.skip()
            return
        if self.picker is None or not self.expected() or key != self.picker.next_target(self.expected()):
            self.refuse()
            return
        super().click(key)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) and not self.menu:
            if self.current() is None:
                self.click(ONWARD)
                return
            if not self.expected():
                self.next_step()
                return
        if k in (pygame.K_h, pygame.K_z):
            return
        super().key(event)

    def leave(self) -> None:
        self.session.close()
        self.app.notice = (f"Learn to Play will go on from lesson {self.index + 1}: {self.lesson.title}.")
        self.app.goto("title")

    # ---------------------------------------------------------------- drawing
    def draw_undo(self, screen: pygame.Surface) -> None:
        pass  # every step of a lesson is set; nothing to take back

    def draw_hint(self, screen: pygame.Surface, picker) -> None:
        button(self, screen, self.table.layout, (1406, self.table.tools_y(), 48, 46), "?", ("ui", "rules"), size=24,
               tip="How to Play, at the rules of this decision (F1)")

    def draw_recent(self, screen: pygame.Surface, room: pygame.Rect) -> None:
        """A short log beside the coach: the last few lines of the Chronicle it replaces."""
        L, ink = self.table.layout, self.ink
        pygame.draw.line(screen, mix(BRONZE, INK_DIM, 0.5), room.topleft, room.topright, L.n(1))
        size = 15
        step = ink.font("italic", size).get_linesize()
        fits = max(1, (room.h - L.n(6)) // step)
        lines: list[str] = []
        for text, _colour in reversed(self.log[-6:]):  # whole lines of the Chronicle, the latest last
            more = ink.wrap(text, size, room.w, "italic")
            if lines and len(more) + len(lines) > fits:
                break
            lines = more + lines
        lines = lines[:fits]  # one line longer than the room: its start
        for i, ln in enumerate(lines):
            ink.draw(screen, ln, (room.x, room.y + L.n(6) + i * step), size, (90, 70, 60), "italic")
        self.hot.append(Hotspot(room, ("ui", "recent"), _("Just now"), "\n".join(t for t, _ in self.log[-8:])
                                or _("Nothing has happened yet.")))

    def draw_layer(self, screen: pygame.Surface) -> None:
        """The coach, where the Chronicle is."""
        L, ink = self.table.layout, self.ink
        step = self.current()
        x, y, w, h = LOG_RECT
        box = L.r(x, y, w, h)
        pygame.draw.rect(screen, (238, 228, 206), box, border_radius=L.n(10))
        pygame.draw.rect(screen, HINT, box, L.n(3), border_radius=L.n(10))
        self.hot.append(Hotspot(box, ("ui", "coach"), _("The coach"), _("What this lesson is showing you")))
        ink.draw(screen, _("Lesson {n} of {lessons}").format(n=self.index + 1, lessons=len(self.lessons)),
                 L.p(x + 20, y + 16), 17,
                 (110, 80, 60), "italic")
        ink.draw(screen, self.lesson.title, L.p(x + 20, y + 40), 26, (70, 36, 28), "title", max_w=L.n(w - 40),
                 shrink=0.65)  # a longer language's title, whole on its line
        text = self.coach_text()
        room = self.coach_room()
        ink.para(screen, text, room, self.coach_size(text), (40, 32, 30))
        self.draw_recent(screen, L.r(x + 20, y + h - 160, w - 40, 84))
        self.coach_target = None
        busy = self.anim.busy()
        if step is None:
            last = self.index + 1 >= len(self.lessons)
            label = _("Finish") if last else _("Next lesson")
            button(self, screen, L, (x + w - 220, y + h - 70, 200, 54), label, ONWARD, size=22,
                   enabled=not busy, tip=_("Back to the title screen (Enter)") if last else
                   _("On to lesson {n}: {title} (Enter)").format(n=self.index + 2,
                                                                 title=self.lessons[self.index + 1].title))
            self.coach_target = None if busy else ONWARD
        elif not step.do:
            button(self, screen, L, (x + w - 170, y + h - 70, 150, 54), _("Next"), NEXT, size=22,
                   enabled=not busy, tip=_("I have read it (Enter)"))  # its words wait for the board
            self.coach_target = None if busy else NEXT
        elif self.picker is not None and not busy:
            target = self.picker.next_target(step.do)
            if target is not None and self.table.hint_ring(screen, target):
                self.coach_target = target
            ink.draw(screen, _("Click what the ring marks."), (box.x + L.n(20), box.bottom - L.n(36)), 18,
                     mix(HINT, (40, 32, 30), 0.55), "italic")
        if self.coach_target is not None and self.coach_target[0] == "ui":
            pygame.draw.rect(screen, mix(HINT, PARCHMENT, 0.3), self.hot[-1].rect.inflate(L.n(10), L.n(10)),
                             L.n(3), border_radius=L.n(12))
        self.point(screen, box, room)
        if self.clock < self.refused:
            ink.draw(screen, _("Not that one: the coach is pointing at the ring."), L.p(960, 62), 22, GOLD, "italic",
                     anchor="midtop", shadow=True)
        pygame.draw.line(screen, mix(BRONZE, INK_DIM, 0.5), (box.x + L.n(20), box.y + L.n(76)),
                         (box.right - L.n(20), box.y + L.n(76)), L.n(1))

    def point(self, screen: pygame.Surface, box: pygame.Rect, room: pygame.Rect) -> None:
        """Ring each thing the coach's words name, with an arrow to it from the panel."""
        L = self.table.layout
        self.pointed, self.unpointed = [], []
        if self.anim.busy():
            return  # the board is still showing the last choice: the words wait, so do the rings
        colour = mix(HINT, PARCHMENT, 0.3)
        for name in self.coach_points():
            rect = self.target_rect(name)
            if rect is None:
                self.unpointed.append(name)
                continue
            self.pointed.append((name, rect))
            ring = rect.inflate(L.n(10), L.n(10))
            kind, _, thing = name.partition(":")
            key = {"card": ("card", thing), "button": ("button", thing), "place": ("loc", thing)}.get(kind)
            if key is not None and key == self.coach_target:
                continue  # the thing to click has its own ring, the hint's
            pygame.draw.rect(screen, (20, 16, 14), ring.inflate(L.n(4), L.n(4)), L.n(3), border_radius=L.n(12))
            pygame.draw.rect(screen, colour, ring, L.n(4), border_radius=L.n(10))
            if box.colliderect(ring):
                continue  # a thing inside the panel itself needs no arrow
            # a short arrow at the ring, from the coach's side where that crosses nothing else
            # (else from below, above, the right or the left); where all would, the ring alone
            arrow = self.arrow_path(box, room, ring)
            if arrow is not None:
                self.arrow(screen, *arrow, colour)

    def arrow_path(self, box: pygame.Rect, room: pygame.Rect,
                   ring: pygame.Rect) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """Where the arrow at ``ring`` starts and ends: the first way in that covers no other
        thing on the table (a region neither holding the ring nor inside it); None if none does."""
        L = self.table.layout
        bar = L.r(*PROMPT_RECT)
        dx, dy = ring.centerx - box.x, ring.centery - (room.y + L.n(30))
        length = math.hypot(dx, dy) or 1.0
        for ux, uy in ((dx / length, dy / length), (0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)):
            t = min(ring.w / 2 / abs(ux) if ux else math.inf, ring.h / 2 / abs(uy) if uy else math.inf)
            end = (ring.centerx - ux * (t + L.n(4)), ring.centery - uy * (t + L.n(4)))
            start = (end[0] - ux * L.n(56), end[1] - uy * L.n(56))
            path = pygame.Rect(min(start[0], end[0]), min(start[1], end[1]), abs(start[0] - end[0]) + 1,
                               abs(start[1] - end[1]) + 1).inflate(L.n(8), L.n(8))
            if not pygame.Rect(0, 0, L.w, L.h).contains(path):
                continue
            if not any(r.rect.colliderect(path) and not r.rect.contains(ring) and not ring.contains(r.rect)
                       for r in self.table.regions) and not box.colliderect(path) and not (
                    bar.colliderect(path) and not bar.contains(ring)):  # nor over the prompt's words
                return start, end
        return None

    def arrow(self, screen: pygame.Surface, start: tuple, end: tuple, colour: tuple) -> None:
        L = self.table.layout
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = math.hypot(dx, dy)
        if length < L.n(12):
            return
        ux, uy = dx / length, dy / length
        pygame.draw.line(screen, (30, 24, 22), start, end, L.n(5))
        pygame.draw.line(screen, colour, start, end, L.n(3))
        head, wing = L.n(16), L.n(8)
        base = (end[0] - ux * head, end[1] - uy * head)
        tip = [end, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
        pygame.draw.polygon(screen, colour, tip)
