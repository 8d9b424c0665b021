"""The table scene: a game in progress.

Who is at the screen (the *looker*) decides what is drawn: the table draws
``session.view(looker)`` and the log narrates only the events the looker may
see. Between two human seats a hand-off screen hides everything until the
next player says they are at the screen. AI seats think on a worker thread
while the table keeps drawing.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from fate.engine import IllegalChoice
from fate.engine.determinize import MAY_END, turn_end
from fate.engine.view import view
from fate.ground.language import _, current
from fate.ui.kit.theme import CULT_COLOURS
from fate.ui.kit.widgets import Scene, scene
from fate.ui.session import TableSession
from fate.ui.table.anim import Player, finale_kind, finale_seconds
from fate.ui.table.auto_answers import AutoAnswers
from fate.ui.table.autopass import readable_labels, readable_text
from fate.ui.table.board import Table
from fate.ui.table.keyboard import KeyboardPlay
from fate.ui.table.overlays import UNFOLDED, PlayPanels
from fate.ui.table.picker import Picker
from fate.ui.table.state import PartField, StateField, TableState
from fate.ui.table.telling import Telling

AI_MIN_THINK = 0.45  # seconds an AI seat visibly thinks at Normal speed


@scene("play")
class PlayScene(Scene):
    """The table scene: the ``TableState`` (state.py) and the parts given it: the Chronicle
    (``telling``), the table's own answers (``answers``), the keyboard (``keys``), the tools and
    overlays (``panels``). The fields below are the state's and the parts', read as the scene's."""

    fps = 60
    answers_for_you = True  # the tutorial turns this off: its steps are every decision
    looker: StateField[int | None] = StateField()
    handoff: StateField[int | None] = StateField()
    picker: StateField[Picker | None] = StateField()
    picker_for: StateField[int] = StateField()
    menu: StateField[bool] = StateField()
    confirming: StateField[str | None] = StateField()
    confirming_may: StateField[bool] = StateField()
    error: StateField[str] = StateField()
    clock: StateField[float] = StateField()
    log: PartField[list[tuple[str, tuple]]] = PartField("telling")  # the Chronicle's lines
    logged: PartField[int] = PartField("telling")  # the events told

    @property
    def tab_focus(self) -> bool:
        """The pause menu and "End your turn?" walk their buttons as every menu does;
        the table has its own focus (fate/ui/table/keyboard.py)."""
        return self.menu or self.confirming is not None

    def __init__(self, app, session: TableSession, looker: int | None = None) -> None:
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
        seen = humans[0] if len(humans) == 1 else looker
        self.state = TableState(session, self.table, self.anim, seen, session.view(seen))
        self.telling = Telling(self.state, app)
        self.answers = AutoAnswers(self.state, app, self.telling, self.answers_for_you)
        self.keys = KeyboardPlay(self.state, self, self.telling, self.click)
        self.panels = PlayPanels(self.state, self, app, self.telling)
        self.handed_turn = session.turn  # the turn whose "your turn" screen was shown (one human)
        self.ai_started = 0.0
        self.ai_choice: str | None = None
        self.ending = 0.0
        session.warm_hints()  # the hint process loads while the player looks at the table
        self._relog()

    # ---------------------------------------------------------------- the parts' fields, read here
    @property
    def shown(self) -> dict:
        return self.state.shown

    @shown.setter
    def shown(self, v: dict) -> None:
        self.telling.show(v)

    @property
    def notice(self) -> tuple[str, float]:
        return self.state.notice

    @notice.setter
    def notice(self, line: tuple[str, float]) -> None:
        self.state.say(line[0], line[1] - self.state.clock)

    def add_log(self, text: str, colour: tuple, anchors: tuple = (), event=None) -> None:
        self.telling.add_log(text, colour, anchors, event)

    def _name_of(self, seat: int, god: bool = False) -> str:
        return self.telling.name_of(seat, god)

    def _relog(self) -> None:
        """Narrate the whole history again for the looker (after a hand-off)."""
        self.telling.clear()
        self._narrate_new(self.session.view(self.looker), animate=False)

    def _narrate_new(self, v: dict, animate: bool, upto: int | None = None) -> None:
        """Tell the events not told yet (the online table names its players first)."""
        self.telling.narrate_new(v, animate, upto)

    # ---------------------------------------------------------------- state
    def decisions(self) -> int:
        return self.session.decision

    def _apply(self, cid: str) -> None:
        """Apply a choice. ``shown`` is the position before it (always current here:
        it is refreshed whenever the beats of the last choice end) until its beats end."""
        s = self.session
        self.answers.stage_wild(cid)
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
            self.looker = None
            self.telling.show(public_before)
            self.telling.forget_lines()
            self._narrate_new(public_before, animate=False, upto=told)
        after = s.view(self.looker)
        self._narrate_new(after, animate=True)
        if not self.anim.busy():
            self.telling.show(after)

    # ---------------------------------------------------------------- loop
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.menu or not self.ready_to_ask(dt):
            return
        s = self.session
        seat = s.prompt_seat()
        if seat is not None and s.is_human(seat):
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
            self.telling.show(self.session.view(self.looker))
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
        auto = self.answers.auto_choice(seat)  # before any hand-off: nothing to ask, no one to call
        if auto is not None:
            self._apply(auto)
            return
        if seat != self.looker or self.your_turn_screen(seat):
            self.handoff = seat
            self.picker = None
            return
        folded = self.answers.take_folded()
        asked = self.session.prompt()
        if folded is not None and asked is not None and asked.choice(folded) is not None:
            self._apply(folded)  # the decision a passed chance to cast came with
            return
        if self.picker is None or self.picker_for != self.decisions():
            self.telling.show(self.session.view(self.looker))
            fold = self.answers.offer_fold(seat)
            prompt = self.shown["prompt"] if fold is None else self.answers.folded_prompt(fold)
            self.picker = Picker(dict(prompt, text=readable_text(prompt, self.app.content, self.shown)))
            self.picker.labels.update(readable_labels(self.shown if fold is None else
                                                      view(fold.game, self.looker), self.app.content))
            self.picker_for = self.decisions()

    def keeps_screen(self) -> bool:
        """In the looker's own turn, an AI's decision (a chance to cast, an answer to a Spell)
        keeps the screen theirs: they are sitting at it for the turn, and a second "Pass the
        screen to Bob" in the middle of Bob's turn only asked Bob to say again who he is."""
        s = self.session
        seat = s.prompt_seat()
        return (self.looker is not None and not s.over() and s.current == self.looker
                and seat is not None and not s.is_human(seat))

    def go_public(self) -> None:
        """Nobody in particular at the screen: the public view, no hand, the public Chronicle."""
        self.looker = None
        self.picker = None
        self.telling.show(self.session.view(None))
        self._relog()

    def your_turn_screen(self, seat: int) -> bool:
        """With one human and the "Your turn" screen setting on: that screen
        once as each of that human's turns begins."""
        s = self.session
        if not self.app.settings["handoff_solo"] or len(s.humans()) != 1:
            return False
        if s.current != seat or s.turn == self.handed_turn or s.turn == 0:
            return False
        self.handed_turn = s.turn
        return True

    def take_over(self) -> None:
        """The hand-off screen is answered: the named seat is now at the screen."""
        self.looker = self.handoff
        self.handoff = None
        self.telling.show(self.session.view(self.looker))
        self.picker = None
        self._relog()
        self.table.log_scroll = 0

    # ---------------------------------------------------------------- input
    def status(self) -> str:
        s = self.session
        if s.over():
            return _("The game is over.")
        if self.anim.busy():
            return "…"
        seat = s.prompt_seat()
        if seat is None:
            return ""
        if not s.is_human(seat):
            name = self._name_of(seat)  # "the Cult of ..." once its Elder God is drafted, else "Seat 3"
            return _("{name} is thinking…").format(name=name[:1].upper() + name[1:])  # its Lodge's ring pulses meanwhile
        return ""

    def buttons(self) -> list[tuple[str, tuple]]:
        """The prompt's buttons as the table last drew them (for number keys)."""
        return self.table.buttons if self.picker is not None else []

    def click(self, key: tuple) -> None:
        if key[0] == "ui":
            self.table_tool(key)
            return
        if self.anim.busy():
            self.anim.skip()
            return
        if self.picker is not None:
            cid = self.picker.click(key)
            if cid is not None:
                self.choose(cid)

    def table_tool(self, key: tuple) -> None:
        """A click on one of the table's own controls (``("ui", what, ...)``)."""
        what = key[1]
        actions = {"speed": self.panels.cycle_speed, "handoff": self.take_over, "leave": self.leave, "undo": self.undo,
                   "hint": self.ask_hint, "rules": self.open_rules, "autopass": self.answers.cycle_autopass,
                   "arm": self.answers.arm_cast, "whole_log": self.telling.open_whole_log,
                   "log_fold": self.table.toggle_fold}
        if what == "confirm":
            self.answer_confirm(key[2])
        elif what == "cancel" and self.picker:
            self.picker.cancel()
        elif what == "resume":
            self.menu = False
        elif what == "until" and self.answers.pass_until_turn():
            self._apply("pass")
        elif what == "settings":
            self.menu = False
            self.app.visit("settings")
        elif what in actions:
            actions[what]()

    def choose(self, cid: str) -> None:
        """A human's choice: applied, unless it ends the turn and the settings ask first."""
        self.answers.passed = 0
        how = self.ends_turn(cid) if self.app.settings["confirm_end_turn"] else ""
        if how:
            self.confirming, self.confirming_may = cid, how == MAY_END
            return
        self._apply(self.answers.decide(cid))

    def ends_turn(self, cid: str) -> str:
        """Does this choice end the turn of the cult making it? ``ENDS`` (in every deal of what
        the seat cannot see), ``MAY_END`` (on dice or hidden cards) or "" (fate/engine/determinize.py:
        judged from what that seat knows only)."""
        fold = self.answers.fold
        if fold is not None and cid not in fold.window:
            return turn_end(fold.game, fold.prompt.seat, cid)
        return self.session.ends_turn(cid)  # online: the server's marks on the prompt

    def answer_confirm(self, yes: bool) -> None:
        cid, self.confirming = self.confirming, None
        if yes and cid is not None:
            self._apply(self.answers.decide(cid))

    def shown_again(self) -> None:
        """Back from Settings: the speed may have changed there, and the language (the Chronicle
        is told again in the new one)."""
        self.anim.speed = self.session.speed = self.app.settings["speed"]
        if current().code != self.telling.language:
            self._relog()

    def leave(self) -> None:
        self.panels.leave()

    def undo_seat(self) -> int | None:
        """Who would take back a decision now: the human at the screen."""
        return self.looker if self.handoff is None else None

    def undo(self) -> None:
        if self.anim.busy() or not self.session.undo(self.undo_seat()):
            return
        self.went_back()
        self.telling.show(self.session.view(self.looker))
        self._relog()

    def went_back(self) -> None:
        """Decisions were taken back: the table starts the decision it went back to afresh, and
        asks the player it (never auto-passing or taking "the only way" again: the player
        went back to choose)."""
        self.anim.skip()
        self.telling.show(self.session.view(self.looker))  # not the board the undone decision brought
        self.picker = None
        self.picker_for = -1
        self.confirming = None
        self.error = ""
        self.answers.forget()

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
                self.keys.refuse_click(event.pos)  # a thing that cannot be chosen now says why, there
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
            if not (self.keys.unpin() or self.picker is not None and self.picker.cancel() or self.keys.unfocus()):
                self.menu = not self.menu
            return
        if not self.menu and self.keys.keyboard_focus_key(event):
            return
        shortcuts: dict[int, Callable[[], object]] = {
            pygame.K_TAB: self.anim.skip, pygame.K_F12: self.export_report, pygame.K_F1: self.open_rules,
            pygame.K_s: self.panels.cycle_speed}
        if not self.menu:  # Shift+L: this turn's earlier lines, in the panel; L: the whole log
            shortcuts.update({pygame.K_h: self.ask_hint, pygame.K_v: self.keys.toggle_preview,
                              pygame.K_a: self.answers.cycle_autopass, pygame.K_c: self.answers.arm_cast,
                              pygame.K_l: self.table.toggle_fold if event.mod & pygame.KMOD_SHIFT
                              else self.telling.open_whole_log})
            if event.mod & pygame.KMOD_CTRL:
                shortcuts[pygame.K_z] = self.undo
        if k in shortcuts:
            shortcuts[k]()
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
            self.panels.draw_handoff(screen)
            if self.menu:
                self.draw_menu(screen)
            return
        t = self.table
        t.hidden = self.anim.hidden()
        t.log_of = self.telling.log_of
        t.thinking = self.session.prompt_seat() if self.session.thinking() and not self.session.is_human(
            self.session.prompt_seat()) else None
        picker = None if self.anim.busy() else self.picker
        status = self.error or self.status()
        t.draw(screen, self.shown, picker, status=status, speed_label=self.anim.label(), log=self.log, t=self.clock)
        self.anim.draw(screen, t, self.ink)
        self.hot += t.hotspots(picker)
        if self.menu:
            self.draw_menu(screen)
            return
        if self.confirming is not None:
            self.panels.draw_confirm(screen)
            return
        self.draw_undo(screen)
        self.draw_hint(screen, picker)
        self.answers.draw_autopass(self, screen)
        self.panels.draw_notice(screen)  # where it covers no place (fate/ui/table/overlays.py)
        self.draw_layer(screen)
        self.keys.draw_refusal(screen)
        self.keys.draw_pointing(screen, picker)  # a preview or a tooltip

    def draw_layer(self, screen: pygame.Surface) -> None:
        """Anything a kind of table adds over the board, under the tooltips (the tutorial's coach)."""

    def draw_undo(self, screen: pygame.Surface) -> None:
        self.panels.draw_undo(screen, self.undo_seat())

    def draw_hint(self, screen: pygame.Surface, picker: Picker | None) -> None:
        self.panels.draw_hint(screen, picker, self.undo_seat())

    def draw_menu(self, screen: pygame.Surface) -> None:
        self.panels.draw_menu(screen)

    def export_report(self) -> None:
        self.panels.export_report()

    def ask_hint(self) -> bool:
        """H or the Hint button: Hard searches from your own view and points at its choice."""
        seat = self.session.prompt_seat()
        if self.panels.hint_reason() or self.picker is None or seat is None:
            return False
        if self.answers.fold is not None:  # the Hint weighs the chance to cast first, asked as it is
            self.answers.unfold()
            self.picker = None
            self.ask_human(seat)
            self.state.say(_(UNFOLDED), 6)  # the prompt changed under the player: say why
        return self.session.ask_hint()

    def open_rules(self) -> None:
        """F1, the "?" or the pause menu: How to Play at this decision's section; the game waits."""
        self.menu = False
        prompt = self.shown.get("prompt")
        asked = prompt["kind"] if prompt and prompt["seat"] == self.looker and self.handoff is None else ""
        self.app.visit("rules", self.panels.rules_section(), asked)

    def close(self) -> None:
        self.session.close()

