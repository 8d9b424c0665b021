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

from fate.engine import IllegalChoice
from fate.engine.determinize import MAY_END, turn_end
from fate.engine.view import view
from fate.ui.kit.theme import CULT_COLOURS
from fate.ui.kit.widgets import Hotspot, Scene, scene, tooltip
from fate.ui.session import Session
from fate.ui.table.anim import Player, finale_kind, finale_seconds
from fate.ui.table.auto_answers import AutoAnswers
from fate.ui.table.autopass import readable_labels, readable_text
from fate.ui.table.board import Table
from fate.ui.table.keyboard import KeyboardPlay
from fate.ui.table.overlays import PlayPanels
from fate.ui.table.picker import Picker
from fate.ui.table.telling import Telling

AI_MIN_THINK = 0.45  # seconds an AI seat visibly thinks at Normal speed


@scene("play")
class PlayScene(AutoAnswers, KeyboardPlay, PlayPanels, Telling, Scene):
    fps = 60

    @property
    def tab_focus(self) -> bool:  # type: ignore[override]
        """The pause menu and "End your turn?" walk their buttons as every menu does;
        the table has its own focus (fate/ui/table/keyboard.py)."""
        return self.menu or self.confirming is not None

    def __init__(self, app, session: Session, looker: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.colours = [CULT_COLOURS[c.colour % len(CULT_COLOURS)][1] for c in session.seats]
        self.table = Table(app.ink, app.content, self.colours)
        # the names typed at New Game on the humans' Lodges (the online table puts everyone's)
        self.table.players = [c.name if c.human else "" for c in session.seats]
        session.speed = app.settings["speed"]  # the Setting as it is now wins over the speed saved with a game
        self.anim = Player(session.speed, app.sound.play)
        humans = session.humans()
        # who is at the screen: the only human; with several, the hand-off decides;
        # ``looker`` lets a spectator of AI seats follow one cult's own view
        self.looker: int | None = humans[0] if len(humans) == 1 else looker
        self.handoff: int | None = None
        self.handed_turn = session.game.turn  # the turn whose "your turn" screen was shown (one human)
        self.confirming: str | None = None  # a choice that ends the turn, waiting for "End your turn?"
        self.confirming_may = False  # ...or that may end it, on dice or cards the seat cannot see
        self.shown = session.view(self.looker)
        self.picker: Picker | None = None
        self.picker_for = -1
        self.log: list[tuple[str, tuple]] = []
        self.log_at: list[tuple] = []  # for each Chronicle entry, the anchors of what it names
        self.log_of: list = []  # ...and the event it tells (None for a note of the table's own)
        self.logged = 0
        self.ai_started = 0.0
        self.ai_choice: str | None = None
        self.hint_target = None  # what the hint ring is drawn round now (a picker key)
        self._hint_gains: tuple = ((-1, ""), [])  # (decision, choice) and what the hinted choice brings at once
        self.menu = False
        self.error = ""
        self.clock = 0.0
        self.ending = 0.0
        self.notice: tuple[str, float] = ("", 0.0)  # a line shown until a moment of ``clock``
        self.pinned: tuple | None = None  # the card whose large preview V keeps open
        self.kfocus: tuple | None = None  # what the keyboard focus is on (fate/ui/table/keyboard.py)
        self.init_auto()
        session.warm_hints()  # the hint process loads while the player looks at the table
        self._relog()

    # ---------------------------------------------------------------- state
    def decisions(self) -> int:
        return len(self.session.game.choices_made)

    def _apply(self, cid: str) -> None:
        """Apply a choice. ``shown`` is the position before it (always current here:
        it is refreshed whenever the beats of the last choice end) until its beats end."""
        s = self.session
        self.stage_wild(cid)
        # several humans at one screen: the moment a human's part ends, anyone may be looking
        shared = self.looker is not None and len(s.humans()) >= 2
        public_before = s.view(None) if shared else None
        told = len(s.events)
        try:
            s.apply(cid)
        except IllegalChoice as e:  # never expected from the table's own targets; shown, not fatal
            self.error = str(e)
            return
        self.error = ""
        self.picker = None
        if public_before is not None and not s.over() and s.prompt_seat() != self.looker and not self.keeps_screen():
            # nothing of theirs from now until their next hand-off: not their hand, not the
            # private lines of what this decision brought them ("You draw ..."); they read
            # those in the Chronicle when the table is theirs again
            self.looker, self.shown = None, public_before
            self.log, self.log_at, self.log_of, self.logged = [], [], [], 0
            self._narrate_new(public_before, animate=False, upto=told)
        after = s.view(self.looker)
        self._narrate_new(after, animate=True)
        if not self.anim.busy():
            self.shown = after

    # ---------------------------------------------------------------- loop
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.menu or not self.ready_to_ask(dt):
            return
        s = self.session
        seat = s.prompt_seat()
        if s.is_human(seat):
            self.ask_human(seat)
            return
        # an AI seat: it thinks on a worker thread; the table keeps drawing. With several
        # humans at one screen, anyone may be looking: only what every seat may see.
        if self.looker is not None and len(s.humans()) >= 2 and not self.keeps_screen():
            self.go_public()
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

    def ready_to_ask(self, dt: float) -> bool:
        """Play the beats under way; at the end go to the end screen. True when the table may
        ask the next decision now (no beat playing, no hand-off screen up)."""
        was_busy = self.anim.busy()
        self.anim.update(dt)
        if self.anim.busy():
            return False
        if was_busy:
            self.shown = self.session.view(self.looker)
        s = self.session
        if s.over():
            self.ending += dt
            if self.ending > 0.6 * self.anim.factor:
                s.close()
                app, colours = self.app, self.colours
                if finale_kind(self.shown) and finale_seconds(self.anim.speed) > 0:  # the god comes, or the seal
                    app.goto("finale", self.shown, self.table, lambda: app.goto("end", s, colours))
                else:
                    app.goto("end", s, colours)
            return False
        return self.handoff is None

    def ask_human(self, seat: int) -> None:
        """A human seat at this screen decides: the table answers for it when it may, else the
        hand-off (another player, or "Your turn"), else the prompt's picker."""
        auto = self.auto_choice(seat)  # before any hand-off: nothing to ask, no one to call
        if auto is not None:
            self._apply(auto)
            return
        if seat != self.looker or self.your_turn_screen(seat):
            self.handoff = seat
            self.picker = None
            return
        folded, self.folded = self.folded, None
        if folded is not None and self.session.game.pending().choice(folded) is not None:
            self._apply(folded)  # the decision a passed chance to cast came with
            return
        if self.picker is None or self.picker_for != self.decisions():
            self.shown = self.session.view(self.looker)
            self.fold = self.fold_window(seat)
            prompt = self.shown["prompt"] if self.fold is None else self.folded_prompt(self.fold)
            self.picker = Picker(dict(prompt, text=readable_text(prompt, self.app.content, self.shown)))
            self.picker.labels.update(readable_labels(self.shown if self.fold is None else
                                                      view(self.fold.game, self.looker), self.app.content))
            self.picker_for = self.decisions()

    def keeps_screen(self) -> bool:
        """In the looker's own turn, an AI's decision (a chance to cast, an answer to a Spell)
        keeps the screen theirs: they are sitting at it for the turn, and a second "Pass the
        screen to Bob" in the middle of Bob's turn only asked Bob to say again who he is."""
        s = self.session
        seat = s.prompt_seat()
        return (self.looker is not None and not s.over() and s.game.cur == self.looker
                and seat is not None and not s.is_human(seat))

    def go_public(self) -> None:
        """Nobody in particular at the screen: the public view, no hand, the public Chronicle."""
        self.looker = None
        self.picker = None
        self.shown = self.session.view(None)
        self._relog()

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
            name = self._name_of(seat)  # "the Cult of ..." once its Elder God is drafted, else "Seat 3"
            return f"{name[:1].upper()}{name[1:]} is thinking…"  # its Lodge's ring pulses meanwhile
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
            elif key[1] == "autopass":
                self.cycle_autopass()
            elif key[1] == "arm":
                self.arm_cast()
            elif key[1] == "until":
                self.pass_until_turn()
            elif key[1] == "settings":
                self.menu = False
                self.app.visit("settings")
            elif key[1] == "whole_log":
                self.open_whole_log()
            elif key[1] == "log_fold":
                self.table.toggle_fold()
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
        self.passed = 0
        how = self.ends_turn(cid) if self.app.settings["confirm_end_turn"] else ""
        if how:
            self.confirming, self.confirming_may = cid, how == MAY_END
            return
        self._decide(cid)

    def ends_turn(self, cid: str) -> str:
        """Does this choice end the turn of the cult making it? ``ENDS`` (in every deal of what
        the seat cannot see), ``MAY_END`` (on dice or hidden cards) or "" (fate/engine/determinize.py:
        judged from what that seat knows only)."""
        if self.fold is not None and cid not in self.fold.window:
            return turn_end(self.fold.game, self.fold.prompt.seat, cid)
        return turn_end(self.session.game, self.session.prompt_seat(), cid)

    def answer_confirm(self, yes: bool) -> None:
        cid, self.confirming = self.confirming, None
        if yes and cid is not None:
            self._decide(cid)

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

    def undo_seat(self) -> int | None:
        """Who would take back a decision now: the human at the screen."""
        return self.looker if self.handoff is None else None

    def undo(self) -> None:
        if self.anim.busy() or not self.session.undo(self.undo_seat()):
            return
        self.went_back()
        self.shown = self.session.view(self.looker)
        self._relog()

    def went_back(self) -> None:
        """Decisions were taken back: the table starts the decision it went back to afresh, and
        asks the player it (never auto-passing or taking "the only way" again: the player
        went back to choose)."""
        self.anim.skip()
        self.shown = self.session.view(self.looker)  # not the board the undone decision brought
        self.picker = None
        self.picker_for = -1
        self.confirming = None
        self.fold, self.folded = None, None
        self.error = ""
        self._auto_for = self.decisions()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.table.log_scroll += event.y  # a line of the Chronicle a notch
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
            else:
                self.refuse_click(event.pos)  # a thing that cannot be chosen now says why, there
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
            if self.pinned is not None:
                self.pinned = None
                return
            if self.picker is not None and self.picker.cancel():
                return
            if self.kfocus is not None and not self.menu:
                self.kfocus = None
                return
            self.menu = not self.menu
        elif not self.menu and self.keyboard_focus_key(event):
            return
        elif k == pygame.K_TAB:
            self.anim.skip()
        elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL and not self.menu:
            self.undo()
        elif k == pygame.K_F12:
            self.export_report()
        elif k == pygame.K_F1:
            self.open_rules()
        elif k == pygame.K_l and event.mod & pygame.KMOD_SHIFT and not self.menu:
            self.table.toggle_fold()  # this turn's earlier lines, in the panel
        elif k == pygame.K_l and not self.menu:
            self.open_whole_log()
        elif k == pygame.K_h and not self.menu:
            self.ask_hint()
        elif k == pygame.K_s:
            self.cycle_speed()
        elif k == pygame.K_v and not self.menu:
            self.toggle_preview()
        elif k == pygame.K_a and not self.menu:
            self.cycle_autopass()
        elif k == pygame.K_c and not self.menu:
            self.arm_cast()
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
        t.log_of = self.log_of
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
        self.draw_autopass(screen)
        self.draw_notice(screen)  # where it covers no place (fate/ui/table/overlays.py)
        self.draw_layer(screen)
        self.draw_refusal(screen)
        mouse = self.app.hover
        live = picker.live() if picker is not None else {}
        if self.pinned is not None and t.card_preview(screen, self.pinned, self.action_words(self.pinned, picker)):
            return
        if self.draw_focus(screen):
            self.keys_line(screen)
            return
        if mouse is not None:
            reg = t.at(mouse)
            if reg is not None and reg.key is not None and reg.key[0] == "card":
                t.lift(screen, reg.key, live)
                if t.card_preview(screen, reg.key, self.action_words(reg.key, picker)):
                    return
            if reg is not None and reg.key == ("ui", "log"):
                row = t.log_entry_at(mouse)
                if row is not None and row < len(self.log_at):
                    t.mark_named(screen, row, self.log_at[row])
            if reg is not None and reg.key != ("ui", "log"):
                title, body = reg.title, reg.body
                if picker is not None and reg.key in picker.live():
                    body = f"→ {picker.label(reg.key)}\n\n{body}" if body else f"→ {picker.label(reg.key)}"
                elif reg.key is not None and not self.anim.busy():
                    why = self.why_not(reg.key, picker)
                    body = f"{body}\n\nNot now: {why}." if why else body
                tooltip(self.ink, screen, t.layout, mouse, title, body)

    def draw_layer(self, screen: pygame.Surface) -> None:
        """Anything a kind of table adds over the board, under the tooltips (the tutorial's coach)."""

    def close(self) -> None:
        self.session.close()

