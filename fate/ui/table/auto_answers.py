"""The decisions the table takes for a player (auto-pass, Temporary Control, a Control
Action that can only help, the one-choice rule)
and its controls: the Auto-pass and Cast… buttons in the top bar, "Pass until my
next turn" in the prompt bar. A part of ``PlayScene`` (fate/ui/table/scene.py), given its
``TableState`` (state.py); the
rules themselves are fate/ui/table/autopass.py.
"""

from __future__ import annotations

from typing import Any

import pygame

from fate.content.model import Content
from fate.engine import Prompt
from fate.engine.choices import ChoiceKind, kind_of, parse_choice
from fate.engine.view import view
from fate.ground.language import _, ngettext
from fate.records.settings import AUTOPASS_MODES, CONTROL_MODES, TEMPORARY_MODES
from fate.ui.kit.widgets import Scene, button, tooltip
from fate.ui.table.autopass import (
    DEFAULT_MODE,
    DEFAULT_TEMPORARY,
    MODE_TIPS,
    MODE_WORDS,
    SHORT,
    AutoPass,
    Fold,
    Moment,
    fold,
    only_outcome,
    temporary_answer,
)
from fate.ui.table.free_control import DEFAULT_CONTROL, control_answer, control_mode, control_reason
from fate.ui.table.state import TableState
from fate.ui.table.telling import Telling
from fate.words import asking

TAKEN = (170, 160, 190)  # the Chronicle's colour for a decision the table took for you


def taken_label(p: Prompt, cid: str, content: Content, v: dict) -> str:
    """The words of a choice the table takes, in the language spoken now (its id, were it ever
    missing from the prompt)."""
    choice = p.choice(cid)
    return asking.in_language(choice.label, content, v) if choice is not None else cid


class AutoAnswers:
    """What the table answers for the player, and the chance to cast folded into a decision.
    ``answers_for_you``: False at the tutorial, whose steps are every decision."""

    def __init__(self, st: TableState, app: Any, telling: Telling, answers_for_you: bool = True) -> None:
        self.st = st
        self.app = app
        self.telling = telling
        self.answers_for_you = answers_for_you
        self.auto = AutoPass(self.autopass_modes())
        self.passed = 0  # windows passed for the looker since its last decision
        self._auto_for = -1  # the decision (by count) already weighed: each is weighed once
        self.fold: Fold | None = None  # the chance to cast the picker offers with the decision after it
        self.folded: str | None = None  # that decision's choice, made once the window is passed
        self.unfolded = -1  # the decision (by count) asked as it is (the Hint asks about the window)

    def autopass_modes(self) -> list[str]:
        modes = self.app.settings.get("autopass") or []
        return [m if m in AUTOPASS_MODES else DEFAULT_MODE for m in (list(modes) + [DEFAULT_MODE] * 4)[:4]]

    def temporary_modes(self) -> list[str]:
        modes = self.app.settings.get("temporary_control") or []
        return [m if m in TEMPORARY_MODES else DEFAULT_TEMPORARY
                for m in (list(modes) + [DEFAULT_TEMPORARY] * 4)[:4]]

    def control_modes(self) -> list[str]:
        modes = self.app.settings.get("control_action") or []
        return [m if m in CONTROL_MODES else DEFAULT_CONTROL for m in (list(modes) + [DEFAULT_CONTROL] * 4)[:4]]

    def auto_choice(self, seat: int) -> str | None:
        """The choice the table takes for human ``seat`` now, or None to ask them."""
        if not self.answers_for_you:
            return None
        s = self.st.session
        p = s.prompt()
        if p is None or self._auto_for == s.decision:
            return None  # weighed already: it is the player's to answer
        self._auto_for = s.decision
        self.auto.modes = self.autopass_modes()
        if self.auto.passes(Moment.at(s, self.app.content), p):
            if seat == self.st.looker:
                self.passed += 1
            return "pass"
        roll = temporary_answer(self.temporary_modes(), p)
        if roll is not None:
            if seat == self.st.looker:
                mode = self.temporary_modes()[seat]
                label = taken_label(p, roll, self.app.content, self.st.shown)
                said = (_("Taken for you (Temporary Control: always roll, in Settings): {choice}.") if mode == "always"
                        else _("Taken for you (Temporary Control: never roll, in Settings): {choice}."))
                self.telling.add_log(said.format(choice=label[:1].lower() + label[1:]), TAKEN)
            return roll
        take = control_answer(self.control_modes(), p)
        if take is not None:
            if seat == self.st.looker:
                self.telling.add_log(control_reason(p, control_mode(self.control_modes(), seat)), TAKEN)
            return take
        only = only_outcome(p)
        if only is not None and seat == self.st.looker:
            label = taken_label(p, only, self.app.content, self.st.shown)
            self.telling.add_log(_("Taken for you, the only way: {choice}.").format(choice=label[:1].lower() + label[1:]),
                                 TAKEN)
        return only

    # ---------------------------------------------------------------- a chance that rides with a decision
    def stage_wild(self, cid: str) -> None:
        """The Spells given to a Wild pair so far, outlined in the hand until the Fate Piece moves."""
        p = self.st.session.prompt()
        if kind_of(cid) == ChoiceKind.WILD:
            self.st.table.wild_pair = []
        elif p is not None and p.kind == "wild_card" and kind_of(cid) == ChoiceKind.CARD:
            self.st.table.wild_pair = [*(self.st.table.wild_pair or []), parse_choice(cid).value]
        else:
            self.st.table.wild_pair = None

    def fold_window(self, seat: int) -> Fold | None:
        """A chance to cast at the start of the player's own phase, offered with the decision
        after it (fate/ui/table/autopass.py), at a local table that answers for the player."""
        g = self.st.session.game  # a local game only: the window is played ahead on a copy
        p = g.pending() if g is not None else None
        if not self.answers_for_you or g is None or p is None or self.unfolded == self.st.decisions():
            return None
        return fold(g, p, self.auto, self.temporary_modes(), set(self.st.session.humans()),
                    self.control_modes())

    def folded_prompt(self, f: Fold) -> dict:
        """The decision's prompt with the window's casts beside its choices ("... first")."""
        v = view(f.game, self.st.looker)
        after = asking.worded(v["prompt"], self.app.content, v)
        window = {c["id"]: c["label"] for c in self.st.shown["prompt"]["choices"]}
        # Translators: a chance to cast offered beside the decision it comes before: "Cast Mist Walk: … first".
        casts = [{"id": cid, "label": _("{choice} first").format(choice=window[cid])} for cid in f.window if cid in window]
        return dict(after, choices=list(after["choices"]) + casts, folded=True)  # the Readied row says so

    def offer_fold(self, seat: int) -> Fold | None:
        """The chance to cast this decision of ``seat`` comes with (``fold_window``), kept
        until the player decides."""
        self.fold = self.fold_window(seat)
        return self.fold

    def take_folded(self) -> str | None:
        """The choice made with a passed chance to cast, to be made now (once)."""
        folded, self.folded = self.folded, None
        return folded

    def unfold(self) -> None:
        """The Hint weighs the chance to cast first: this decision is asked as it is."""
        self.unfolded, self.fold = self.st.decisions(), None

    def forget(self) -> None:
        """Decisions were taken back: nothing folded, and the decision gone back to is the
        player's to answer (never auto-passed or taken "the only way" again)."""
        self.fold, self.folded = None, None
        self._auto_for = self.st.decisions()

    def decide(self, cid: str) -> str:
        """The choice to apply for the player's ``cid``: a decision offered with a chance to
        cast passes that chance first (the table then takes its own answers up to the decision,
        as it always does, and makes the choice there)."""
        f, self.fold = self.fold, None
        if f is not None and cid not in f.window:
            self.folded = cid
            cid = "pass"
        return cid

    # ---------------------------------------------------------------- controls
    def cycle_autopass(self) -> None:
        """A (or the Auto-pass button): the looker's next mode, kept in the settings."""
        seat = self.st.looker
        if seat is None or not self.st.session.is_human(seat):
            return
        modes = self.autopass_modes()
        modes[seat] = AUTOPASS_MODES[(AUTOPASS_MODES.index(modes[seat]) + 1) % len(AUTOPASS_MODES)]
        self.app.settings["autopass"] = modes
        self.app.save_settings()
        self.st.say(_("Auto-pass: {mode}").format(mode=_(MODE_WORDS[modes[seat]])), 4)

    def arm_cast(self) -> None:
        """C (or Cast…): stop at the looker's next chance to cast, whatever the mode."""
        seat = self.st.looker
        if seat is None or not self.st.session.is_human(seat):
            return
        self.auto.arm(seat)
        self.st.say(_("The table stops at your next chance to cast."), 4)

    def pass_until_turn(self) -> bool:
        """The prompt bar's "Pass until my next turn": True if this window is passed too (the
        scene applies "pass")."""
        s = self.st.session
        p = s.prompt()
        if p is None or p.kind != "cast_window" or p.seat != self.st.looker:
            return False
        self.auto.pass_until_turn(Moment.at(s, self.app.content), p.seat)
        self.st.say(_("Passing until your next turn (C stops at the next chance to cast)."), 4)
        return True

    def draw_autopass(self, scene: Scene, screen: pygame.Surface) -> None:
        """The Auto-pass mode and Cast… in the top bar, for the human at the screen."""
        seat = self.st.looker
        if seat is None or not self.st.session.is_human(seat) or self.st.session.over() or not self.answers_for_you:
            return
        L = self.st.table.layout
        mode = self.autopass_modes()[seat]
        armed = seat in self.auto.armed
        # Translators: {n} chances to cast that the table passed for the player
        passed = (" " + ngettext("{n} passed for you since your last decision.",
                                 "{n} passed for you since your last decision.", self.passed).format(n=self.passed)
                  if self.passed else "")
        button(scene, screen, L, (1300, 6, 330, 38), _("Auto-pass: {mode}").format(mode=_(SHORT[mode])),
               ("ui", "autopass"), size=18,
               tip=_("{mode}. {what}").format(mode=_(MODE_WORDS[mode]), what=_(MODE_TIPS[mode])) + passed + " "
               + _("Click or press A for the next setting (kept for this seat)."))
        button(scene, screen, L, (1160, 6, 130, 38), _("Cast…"), ("ui", "arm"), size=18, selected=armed,
               tip=_("Stop at your next chance to cast, whatever Auto-pass says (C).") if not armed
               else _("The table will stop at your next chance to cast."))
        mouse = self.app.hover
        for spot in scene.hot[-2:]:
            if mouse is not None and spot.rect.collidepoint(mouse):
                tooltip(scene.ink, screen, L, mouse, spot.label, spot.tip)
