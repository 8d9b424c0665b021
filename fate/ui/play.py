"""The table scene: a game in progress.

Who is at the screen (the *looker*) decides what is drawn: the table draws
``session.view(looker)`` and the log narrates only the events the looker may
see. Between two human seats a hand-off screen hides everything until the
next player says they are at the screen. AI seats think on a worker thread
while the table keeps drawing.
"""

from __future__ import annotations

import time

import pygame

from fate import guide
from fate.engine import IllegalChoice
from fate.engine.determinize import determinize
from fate.engine.save import save_data
from fate.paths import logs_dir
from fate.saves import write_report
from fate.ui.anim import Player, beats_for, veil
from fate.ui.layout import Layout
from fate.ui.picker import Picker
from fate.ui.session import Session, narrate
from fate.ui.sound import effect_of
from fate.ui.table import Table
from fate.ui.theme import CULT_COLOURS, GOLD, HINT, INK_DIM, PARCHMENT, SIGN_GREEN, mix
from fate.ui.widgets import Hotspot, Scene, backdrop, button, scene, tooltip

AI_MIN_THINK = 0.45  # seconds an AI seat visibly thinks at Normal speed


@scene("play")
class PlayScene(Scene):
    fps = 60
    tab_focus = False  # Tab skips the animation here; number keys pick the prompt's buttons

    def __init__(self, app, session: Session, looker: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.colours = [CULT_COLOURS[c.colour % len(CULT_COLOURS)][1] for c in session.seats]
        self.table = Table(app.ink, app.content, self.colours)
        self.anim = Player(session.speed, app.sound.play)
        humans = session.humans()
        # who is at the screen: the only human; with several, the hand-off decides;
        # ``looker`` lets a spectator of AI seats follow one cult's own view
        self.looker: int | None = humans[0] if len(humans) == 1 else looker
        self.handoff: int | None = None
        self.handed_turn = session.game.turn  # the turn whose "your turn" screen was shown (one human)
        self.confirming: str | None = None  # a choice that ends the turn, waiting for "End your turn?"
        self.shown = session.view(self.looker)
        self.picker: Picker | None = None
        self.picker_for = -1
        self.log: list[tuple[str, tuple]] = []
        self.logged = 0
        self.ai_started = 0.0
        self.ai_choice: str | None = None
        self.hint_target = None  # what the hint ring is drawn round now (a picker key)
        self.menu = False
        self.error = ""
        self.clock = 0.0
        self.ending = 0.0
        self.notice: tuple[str, float] = ("", 0.0)  # a line shown until a moment of ``clock``
        self._relog()

    # ---------------------------------------------------------------- state
    def decisions(self) -> int:
        return len(self.session.game.choices_made)

    def _relog(self) -> None:
        """Narrate the whole history again for the looker (after a hand-off)."""
        self.log = []
        self.logged = 0
        self._narrate_new(self.session.view(self.looker), animate=False)

    def _narrate_new(self, v: dict, animate: bool) -> None:
        """Log (and, when ``animate``, queue the beats of) the events not told yet;
        ``v`` is the looker's view after them, for the names in the sentences."""
        evs = self.session.events
        for e in evs[self.logged:]:
            if not e.visible_to(self.looker):
                continue
            text = narrate(e, v, self.looker, self.app.content)
            if text:
                colour = PARCHMENT
                if e.kind in ("raid_declared", "raided", "curse_revealed", "cursed"):
                    colour = (236, 120, 110)
                elif e.kind == "turn_started":
                    colour = GOLD
                elif e.kind in ("summon_moved", "elder_sign_gained"):
                    colour = SIGN_GREEN if e.kind == "elder_sign_gained" else mix(GOLD, PARCHMENT, 0.5)
                elif e.to is not None:
                    colour = (190, 170, 230)
                self.log.append((text, colour))
            if e.kind == "rolled":
                self.table.last_roll = list(e.data["faces"])
            if animate:
                self.anim.add(beats_for(e, self.shown, self.looker, self.table.colour, self._name_of), effect_of(e))
        self.logged = len(evs)

    def _name_of(self, seat: int, god: bool = False) -> str:
        if seat == -1:
            return "The Investigators"
        seats = self.shown["seats"]
        if 0 <= seat < len(seats) and seats[seat]["god"]:
            return seats[seat]["god"]["name"] if god else f"the Cult of {seats[seat]['god']['name']}"
        return f"Seat {seat + 1}"

    def _apply(self, cid: str) -> None:
        """Apply a choice. ``shown`` is the position before it (always current here:
        it is refreshed whenever the beats of the last choice end) until its beats end."""
        try:
            self.session.apply(cid)
        except IllegalChoice as e:  # never expected from the table's own targets; shown, not fatal
            self.error = str(e)
            return
        self.error = ""
        self.picker = None
        after = self.session.view(self.looker)
        self._narrate_new(after, animate=True)
        if not self.anim.busy():
            self.shown = after

    # ---------------------------------------------------------------- loop
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.menu:
            return
        was_busy = self.anim.busy()
        self.anim.update(dt)
        if self.anim.busy():
            return
        if was_busy:
            self.shown = self.session.view(self.looker)
        s = self.session
        if s.over():
            self.ending += dt
            if self.ending > 0.6 * self.anim.factor:
                s.close()
                self.app.goto("end", s, self.colours)
            return
        if self.handoff is not None:
            return
        seat = s.prompt_seat()
        if s.is_human(seat):
            if seat != self.looker or self.your_turn_screen(seat):
                self.handoff = seat
                self.picker = None
                return
            if self.picker is None or self.picker_for != self.decisions():
                self.shown = s.view(self.looker)
                self.picker = Picker(self.shown["prompt"])
                self.picker_for = self.decisions()
            return
        # an AI seat: it thinks on a worker thread; the table keeps drawing
        if self.ai_choice is None:
            if s.ai_think():
                self.ai_started = time.monotonic()
            self.ai_choice = s.ai_done()
            if self.ai_choice is None:
                return
        if time.monotonic() - self.ai_started < AI_MIN_THINK * self.anim.factor:
            return
        cid, self.ai_choice = self.ai_choice, None
        self._apply(cid)

    def your_turn_screen(self, seat: int) -> bool:
        """With one human and the "Your turn" screen setting on: that screen
        once as each of that human's turns begins."""
        g = self.session.game
        if not self.app.settings["handoff_solo"] or len(self.session.humans()) != 1:
            return False
        if g.cur != seat or g.turn == self.handed_turn or g.turn == 0:
            return False
        self.handed_turn = g.turn
        return True

    def take_over(self) -> None:
        """The hand-off screen is answered: the named seat is now at the screen."""
        self.looker = self.handoff
        self.handoff = None
        self.shown = self.session.view(self.looker)
        self.picker = None
        self._relog()
        self.table.log_scroll = 0

    # ---------------------------------------------------------------- input
    def status(self) -> str:
        s = self.session
        if s.over():
            return "The game is over."
        if self.anim.busy():
            return "…"
        seat = s.prompt_seat()
        if seat is None:
            return ""
        if not s.is_human(seat):
            dots = "." * (1 + int(self.clock * 3) % 3)
            return f"The {self._name_of(seat)[4:]} is thinking{dots}"
        return ""

    def buttons(self) -> list[tuple[str, tuple]]:
        """The prompt's buttons as the table last drew them (for number keys)."""
        return self.table.buttons if self.picker is not None else []

    def click(self, key: tuple) -> None:
        if key[0] == "ui":
            if key[1] == "confirm":
                self.answer_confirm(key[2])
            elif key[1] == "speed":
                self.cycle_speed()
            elif key[1] == "cancel" and self.picker:
                self.picker.cancel()
            elif key[1] == "handoff":
                self.take_over()
            elif key[1] == "resume":
                self.menu = False
            elif key[1] == "leave":
                self.leave()
            elif key[1] == "undo":
                self.undo()
            elif key[1] == "hint":
                self.ask_hint()
            elif key[1] == "rules":
                self.open_rules()
            elif key[1] == "settings":
                self.menu = False
                self.app.visit("settings")
            return
        if self.anim.busy():
            self.anim.skip()
            return
        if self.picker is not None:
            cid = self.picker.click(key)
            if cid is not None:
                self.choose(cid)

    def choose(self, cid: str) -> None:
        """A human's choice: applied, unless it ends the turn and the settings ask first."""
        if self.app.settings["confirm_end_turn"] and self.ends_turn(cid):
            self.confirming = cid
            return
        self._apply(cid)

    def ends_turn(self, cid: str) -> bool:
        """Would this choice end the turn of the cult making it? Tried on a game made
        from what that seat knows (a determinization), so that the question itself
        never tells a player anything hidden (a rival's Curse that would stop a win)."""
        g = self.session.game
        trial = determinize(g, self.session.prompt_seat(), len(g.choices_made))
        try:
            trial.apply(cid)
        except IllegalChoice:
            return False
        return trial.turn != g.turn or trial.over

    def answer_confirm(self, yes: bool) -> None:
        cid, self.confirming = self.confirming, None
        if yes and cid is not None:
            self._apply(cid)

    def shown_again(self) -> None:
        """Back from Settings: the speed may have changed there."""
        self.anim.speed = self.session.speed = self.app.settings["speed"]

    def cycle_speed(self) -> None:
        self.anim.cycle()
        self.app.settings["speed"] = self.session.speed = self.anim.speed
        self.app.save_settings()
        self.session.autosave()

    def leave(self) -> None:
        """Back to the title; the game is kept (it was saved after every decision)."""
        s = self.session
        s.close()
        path = s.save_path()
        if path is not None and not s.over():
            self.app.notice = (f"Saved: turn {s.game.turn}. Continue picks it up where you left it."
                               if not s.save_error() else s.save_error())
        self.app.goto("title")

    def export_report(self) -> None:
        """F12: the save, the chronicle on screen, the version and the platform in one
        file in the reports folder; its path is shown."""
        try:
            path = write_report(save_data(self.session.game, self.session.session_data()),
                                [text for text, _ in self.log], logs_dir())
        except OSError as e:
            self.notice = (f"The bug report could not be written: {e.strerror or e}", self.clock + 8)
            return
        self.notice = (f"Bug report written to {path}", self.clock + 8)

    def rules_section(self) -> str:
        """The How to Play section of the decision being asked (its kind is public)."""
        prompt = self.shown.get("prompt")
        found = guide.section_for(prompt["kind"]) if prompt else None
        return found.id if found is not None else "turn"

    def open_rules(self) -> None:
        """F1, the "?" or the pause menu: How to Play at this decision's section; the game waits."""
        self.menu = False
        prompt = self.shown.get("prompt")
        asked = prompt["kind"] if prompt and prompt["seat"] == self.looker and self.handoff is None else ""
        self.app.visit("rules", self.rules_section(), asked)

    def hint_reason(self) -> str:
        """Why no hint can be asked now, or "" if one can."""
        s = self.session
        if s.over() or self.handoff is not None:
            return "the game is not waiting for you"
        if s.prompt_seat() != self.looker or not s.is_human(self.looker):
            return "it is not your decision"
        if s.hint() is not None:  # (this also collects a hint that has just come)
            return "the hint for this decision is shown"
        if s.thinking():
            return "Hard is already thinking"
        return ""

    def ask_hint(self) -> bool:
        """H or the Hint button: Hard searches from your own view and points at its choice."""
        if self.hint_reason() or self.picker is None:
            return False
        return self.session.ask_hint()

    def hint_line(self) -> tuple[str | None, str, str]:
        """The hinted choice id (None while Hard thinks or without a hint), what it
        does, and why: the estimated chance to win of it and of the next best."""
        s = self.session
        if s.prompt_seat() != self.looker or not s.is_human(self.looker):
            return None, "", ""
        h = s.hint()
        if h is None:
            return None, ("Hard is weighing your choices…" if s.thinking() else ""), ""
        labels = {c["id"]: c["label"] for c in self.shown.get("prompt", {}).get("choices", ())}
        best = h.estimates[0]
        odds = f"about {best[1]:.0%} to win"
        if len(h.estimates) > 1:
            odds += f", the next best {h.estimates[1][1]:.0%}"
        return h.choice, f"Hint: {labels.get(best[0], best[0])}", f" ({odds})"

    def undo_seat(self) -> int | None:
        """Who would take back a decision now: the human at the screen."""
        return self.looker if self.handoff is None else None

    def undo(self) -> None:
        if self.anim.busy() or not self.session.undo(self.undo_seat()):
            return
        self.anim.skip()
        self.picker = None
        self.picker_for = -1
        self.error = ""
        self.shown = self.session.view(self.looker)
        self._relog()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.table.log_scroll += event.y * 3
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.picker is not None:
            self.picker.cancel()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for h in reversed(self.hot):
                if h.rect.collidepoint(event.pos):
                    self.click(h.key)
                    return
            if self.anim.busy():
                self.anim.skip()
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if self.handoff is not None:
            if k == pygame.K_ESCAPE:
                self.menu = not self.menu
            elif k in (pygame.K_RETURN, pygame.K_SPACE) and not self.menu:
                self.take_over()
            return
        if self.confirming is not None:
            if k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_y):
                self.answer_confirm(True)
            elif k in (pygame.K_ESCAPE, pygame.K_n):
                self.answer_confirm(False)
            return
        if k == pygame.K_ESCAPE:
            if self.picker is not None and self.picker.cancel():
                return
            self.menu = not self.menu
        elif k == pygame.K_TAB:
            self.anim.skip()
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL and not self.menu:
            self.undo()
        elif k == pygame.K_F12:
            self.export_report()
        elif k == pygame.K_F1:
            self.open_rules()
        elif k == pygame.K_h and not self.menu:
            self.ask_hint()
        elif k == pygame.K_s:
            self.cycle_speed()
        elif self.menu:
            return
        elif k in (pygame.K_SPACE, pygame.K_RETURN) and self.picker is not None:
            cid = self.picker.confirm() or self.picker.decline()
            if cid is not None and not self.anim.busy():
                self.choose(cid)
        elif pygame.K_1 <= k <= pygame.K_9 and self.picker is not None and not self.anim.busy():
            i = k - pygame.K_1
            btns = self.buttons()
            if i < len(btns):
                self.click(btns[i][1])

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        self.hot = []
        if self.handoff is not None:
            self.draw_handoff(screen)
            if self.menu:
                self.draw_menu(screen)
            return
        t = self.table
        t.hidden = self.anim.hidden()
        t.thinking = self.session.prompt_seat() if self.session.thinking() and not self.session.is_human(
            self.session.prompt_seat()) else None
        picker = None if self.anim.busy() else self.picker
        status = self.error or self.status()
        t.draw(screen, self.shown, picker, status=status, speed_label=self.anim.label(), log=self.log, t=self.clock)
        btns = t.buttons if picker is not None else []
        self.anim.draw(screen, t, self.ink)
        for reg in t.live_regions(picker):
            self.hot.append(Hotspot(reg.rect, reg.key, reg.title))
        for reg in t.regions:
            if reg.key is not None and reg.key[0] == "ui":
                self.hot.append(Hotspot(reg.rect, reg.key, reg.title))
        for label, key in btns:
            for reg in reversed(t.regions):
                if reg.key == key and reg.title == label:
                    self.hot.append(Hotspot(reg.rect, key, label))
                    break
        if self.menu:
            self.draw_menu(screen)
            return
        if self.confirming is not None:
            self.draw_confirm(screen)
            return
        self.draw_undo(screen)
        self.draw_hint(screen, picker)
        if self.notice[0] and self.clock < self.notice[1]:
            L = self.table.layout
            self.ink.draw(screen, self.notice[0], L.p(960, 62), 20, SIGN_GREEN, "italic", anchor="midtop",
                          max_w=L.n(1100), shadow=True)
        self.draw_layer(screen)
        mouse = self.app.mouse
        if mouse is not None:
            reg = t.at(mouse)
            if reg is not None and reg.key is not None and reg.key[0] == "card":
                t.lift(screen, reg.key, picker.live() if picker is not None else {})
            if reg is not None and reg.key != ("ui", "log"):
                title, body = reg.title, reg.body
                if picker is not None and reg.key in picker.live():
                    body = f"→ {picker.label(reg.key)}\n\n{body}" if body else f"→ {picker.label(reg.key)}"
                tooltip(self.ink, screen, t.layout, mouse, title, body)

    def draw_layer(self, screen: pygame.Surface) -> None:
        """Anything a kind of table adds over the board, under the tooltips (the tutorial's coach)."""

    def draw_undo(self, screen: pygame.Surface) -> None:
        """The Undo button above the prompt bar, greyed with its reason when it cannot."""
        s = self.session
        seat = self.undo_seat()
        if not s.is_human(seat) or s.over():
            return
        why = s.undo_reason(seat)
        tip = ("Take back your last decision (Ctrl+Z)." if not why
               else f"Nothing to take back now: {why}. Decisions can be taken back until something unknown "
                    "comes to light or another cult is asked.")
        button(self, screen, self.table.layout, (1300, self.table.tools_y(), 154, 46), "Undo", ("ui", "undo"),
               enabled=not why and not self.anim.busy(), size=22, tip=tip)
        mouse = self.app.mouse
        if mouse is not None and self.hot and self.hot[-1].rect.collidepoint(mouse):
            tooltip(self.ink, screen, self.table.layout, mouse, "Undo", tip)

    def draw_hint(self, screen: pygame.Surface, picker) -> None:
        """The Hint button beside Undo; a hint's ring round what to click and its line of why."""
        s = self.session
        seat = self.undo_seat()
        if not s.is_human(seat) or s.over():
            return
        why = self.hint_reason()
        tip = ("Ask Hard, the strongest AI, what it would choose here, judging only from what you can see (H). "
               "Hints are counted on the end screen." if not why else f"No hint now: {why}.")
        L = self.table.layout
        button(self, screen, L, (1078, self.table.tools_y(), 48, 46), "?", ("ui", "rules"), size=24,
               tip="How to Play, at the rules of this decision (F1)")
        button(self, screen, L, (1136, self.table.tools_y(), 154, 46), "Hint", ("ui", "hint"),
               enabled=not why and picker is not None, size=22, tip=tip)
        mouse = self.app.mouse
        for spot in self.hot[-2:]:
            if mouse is not None and spot.rect.collidepoint(mouse):
                tooltip(self.ink, screen, L, mouse, spot.label, spot.tip)
        cid, line, odds = self.hint_line()
        self.hint_target = None
        if cid is not None and picker is not None:
            target = picker.next_target(cid)
            if target is not None and self.table.hint_ring(screen, target):
                self.hint_target = target
        if line:  # on a dark strip just above the prompt bar, left of the buttons
            font = self.ink.font("italic", 18)
            text = self.ink.fit(line, 18, L.n(560) - font.size(odds)[0], "italic") + odds
            w = self.ink.font("italic", 18).size(text)[0] + L.n(28)
            strip = pygame.Rect(0, 0, w, L.n(40))
            strip.bottomleft = L.p(470, self.table.tools_y() + 48)
            shade = pygame.Surface(strip.size, pygame.SRCALPHA)
            shade.fill((12, 10, 20, 225))
            screen.blit(shade, strip)
            pygame.draw.rect(screen, HINT, strip, L.n(2), border_radius=L.n(8))
            self.ink.draw(screen, text, (strip.x + L.n(14), strip.centery), 18, HINT, "italic", anchor="midleft")

    def draw_confirm(self, screen: pygame.Surface) -> None:
        """ "End your turn?" over the table (the Confirm end of turn setting)."""
        L = self.table.layout
        w, h = screen.get_size()
        screen.blit(veil(w, h, (0, 0, 0, 150)), (0, 0))
        self.hot = []
        box = L.r(610, 380, 700, 260)
        pygame.draw.rect(screen, (28, 22, 40), box, border_radius=L.n(14))
        pygame.draw.rect(screen, GOLD, box, L.n(2), border_radius=L.n(14))
        self.ink.draw(screen, "End your turn?", L.p(960, 440), 44, GOLD, "title", anchor="center")
        label = self.picker.labels.get(self.confirming, "") if self.picker is not None else ""
        self.ink.draw(screen, f"This choice ends it{': ' + label if label else ''}.", L.p(960, 500), 22,
                      PARCHMENT, "italic", anchor="center", max_w=L.n(640))
        button(self, screen, L, (660, 550, 280, 64), "End the turn", ("ui", "confirm", True), size=24,
               tip="Take the choice; the turn passes on (Enter)")
        button(self, screen, L, (980, 550, 280, 64), "Not yet", ("ui", "confirm", False), size=24,
               tip="Back to the table to do something else first (Esc)")
        self.draw_tip(screen, L)

    def draw_handoff(self, screen: pygame.Surface) -> None:
        """Nothing private here: only whose turn it is to sit at the screen."""
        L = backdrop(self, screen)
        ink = self.ink
        seat = self.handoff
        colour = self.colours[seat]
        god = self.shown["seats"][seat]["god"] if self.shown["seats"][seat]["god"] else None
        name = f"the Cult of {god['name']}" if god else f"Seat {seat + 1}"
        if len(self.session.humans()) == 1:  # the Hand-off screen setting: no one else to look away
            ink.draw(screen, "Your turn", L.p(960, 300), 48, INK_DIM, "italic", anchor="center")
            ink.draw(screen, name[:1].upper() + name[1:], L.p(960, 400), 96, colour, "title", anchor="center",
                     shadow=True)
            ink.draw(screen, "The Chronicle tells what the other cults did.", L.p(960, 490), 26, PARCHMENT,
                     "italic", anchor="center")
            button(self, screen, L, (760, 580, 400, 80), "To the table", ("ui", "handoff"), size=28,
                   tip="Back to the table for your turn (Enter)")
            return
        ink.draw(screen, "Pass the screen", L.p(960, 300), 48, INK_DIM, "italic", anchor="center")
        ink.draw(screen, f"to {name}", L.p(960, 400), 96, colour, "title", anchor="center", shadow=True)
        ink.draw(screen, "Everyone else, look away: their hand and secrets come next.", L.p(960, 490), 26,
                 PARCHMENT, "italic", anchor="center")
        button(self, screen, L, (760, 580, 400, 80), f"I am {name.replace('the ', '', 1)}", ("ui", "handoff"),
               size=28)

    def draw_menu(self, screen: pygame.Surface) -> None:
        L = Layout(*screen.get_size())
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 180))
        screen.blit(shade, (0, 0))
        self.hot = []
        self.ink.draw(screen, "Paused", L.p(960, 300), 72, GOLD, "title", anchor="center")
        for i, (label, key, tip) in enumerate((
                ("Resume", ("ui", "resume"), "Back to the table (Esc)"),
                (self.anim.label(), ("ui", "speed"), "Slow, Normal, Fast or Instant (S)"),
                ("How to Play", ("ui", "rules"), "The rules, at this decision's section (F1)"),
                ("Settings", ("ui", "settings"), "Sound, text size, shapes, speed, the window"),
                ("Leave to the title", ("ui", "leave"), "The game is kept: Continue picks it up"))):
            button(self, screen, L, (760, 380 + i * 80, 400, 64), label, key, tip=tip)
        self.ink.draw(screen, "Your game is saved after every decision: Continue on the title screen picks it up.",
                      L.p(960, 800), 20, INK_DIM, "italic", anchor="center")
        self.draw_tip(screen, L)

    def close(self) -> None:
        self.session.close()

