"""Which decisions the table answers for a player: auto-pass and the one-choice rule.

The engine asks a seat at every casting window where it holds something it
could cast (R-SP). Most of those moments change nothing, so each player
chooses (Settings, kept) when the table stops to ask:

- ``every``: at every window where something could be cast;
- ``mine`` (the default): a chance at the start of one of my own phases comes
  with my next decision (cast a Readied card first, or just decide: ``fold``),
  once for each new thing to cast; after my own roll only for a card that could
  make it better, after a rival's only for one that could make it worse
  (fate/ui/table/roll_worth.py), when I am raided only for a card made for
  raids, and in a rival's turn for a card made for it, once a turn, from the
  moment its move is known (not at its Prepare or before it moves); elsewhere
  the table passes for me (the **Cast…** button stops at the next window);
- ``never``: only when I press **Cast…**.

"Pass until my next turn" passes every window until that seat's next turn.

The roll for Temporary Control (R-AC-3) is a setting too, seat by seat: ``always``
(the default: a failed roll costs nothing, and a success still leaves the Control
Action to take or skip), ``never``, or ``ask`` as the rules put it.

A Control Action that costs nothing and can only help is taken too, as its own
setting says (fate/ui/table/free_control.py).

A decision with one legal outcome (a single choice; the second Spell of a Wild
pair when only two match) is taken for the player. Either way the table
applies the engine's own choice id, so the choices a save records, and so
every replay, are the same as if the player had clicked. No pygame here: the
bench (``python -m fate.bench prompts``) plays the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fate.content.model import Content
from fate.engine import Game, Prompt
from fate.ground.language import N_, _, current, ngettext, number
from fate.records.settings import AUTOPASS_MODES as MODES
from fate.records.settings import TEMPORARY_MODES
from fate.ui.session import TableSession
from fate.ui.table.free_control import control_answer
from fate.ui.table.roll_worth import answers_raid, betters_roll, spoils_roll, timing_of
from fate.words import asking

DEFAULT_MODE = "mine"
# the words of each mode (translated where shown: fate/ground/language.py)
MODE_WORDS = {
    "every": N_("Stop at every chance to cast"),
    "mine": N_("Stop when a card could matter"),
    "never": N_("Never stop: cast with the Cast… button"),
}
SHORT = {"every": N_("every chance"), "mine": N_("when it matters"), "never": N_("never")}
MODE_TIPS = {
    "every": N_("The table stops at every chance to cast where you hold something you could cast."),
    "mine": N_("On your own turn a chance to cast comes with your next decision (cast a Readied card first, "
               "or just decide); after your own roll the table stops only for a card that could make it better, "
               "after a rival's only for one that could make it worse, when you are raided only for a card made "
               "for raids, and in a rival's turn for a card made for it once its Fate Piece has moved. "
               "At other times it passes for you: Cast… (C) stops at your next chance."),
    "never": N_("The table always passes for you; press Cast… (or C) to stop at your next chance to cast."),
}
DEFAULT_TEMPORARY = "always"
TEMPORARY_WORDS = {"ask": N_("Ask"), "always": N_("Always roll"), "never": N_("Never roll")}
TEMPORARY_ANSWERS = {"always": "roll", "never": "no"}


def temporary_tips(content) -> dict[str, str]:
    """What each Temporary Control setting does, with the roll's odds and its only risk, in the
    current language."""
    good, faces = asking.temporary_odds(content)
    odds = ngettext("{n} chance in {faces}", "{n} chances in {faces}", good).format(n=good, faces=faces)
    return {
        "ask": _("The table asks each time you lack Control: roll a Fate Die ({odds}) for this turn's Control "
                 "Action? A failed roll costs nothing; but a rival holding a Readied card for any roll may use it "
                 "on yours, as on every roll.").format(odds=odds),
        "always": _("The table rolls for you whenever you lack Control ({odds} to win this turn's Control Action, "
                    "which you may still take or skip). A failed roll costs nothing; but a rival holding a Readied "
                    "card for any roll may use it on yours, as on every roll.").format(odds=odds),
        "never": _("The table never rolls for Temporary Control for you: you take the Control Action only where "
                   "you truly have Control."),
    }


def temporary_answer(modes: list[str], p: Prompt) -> str | None:
    """The table's answer to a Temporary Control prompt under the seat's setting, or None to ask."""
    if p.kind != "temporary_control":
        return None
    mode = modes[p.seat] if 0 <= p.seat < len(modes) and modes[p.seat] in TEMPORARY_MODES else DEFAULT_TEMPORARY
    answer = TEMPORARY_ANSWERS.get(mode)
    return answer if answer is not None and p.choice(answer) is not None else None


def choice_tip(prompt: dict, cid: str, content) -> str:
    """A choice's tooltip where its label alone does not say what it risks or gains ("" if it does)."""
    if prompt.get("kind") == "temporary_control":
        good, faces = asking.temporary_odds(content)
        if cid == "roll":
            winning = current().listing([content.dice.faces[f].name for f in sorted(content.dice.temporary_control)])
            return ngettext("Roll one Fate Die: {n} face in {faces} ({winning}) gives you this turn's Control Action. "
                            "A failed roll costs nothing, but a rival holding a Readied card for any roll may use it "
                            "on yours. Settings can roll always or never without asking.",
                            "Roll one Fate Die: {n} faces in {faces} ({winning}) give you this turn's Control Action. "
                            "A failed roll costs nothing, but a rival holding a Readied card for any roll may use it "
                            "on yours. Settings can roll always or never without asking.",
                            good).format(n=number(good), faces=number(faces), winning=winning)
        if cid == "no":
            return _("No roll, and no Control Action here this turn.")
    if prompt.get("kind") == "control_action" and cid in ("take", "skip"):
        return _("Settings (Control Action) can take it for you where it costs nothing and can only help, or always.")
    return ""


# Cards made for other cults' turns: the default stops for them there (once a turn for each new one).
_RIVAL_TIMINGS = {"other_turn", "roll_any", "end"}
# A rival's windows before its Fate Piece moves: nothing of its turn is known yet, and a card for a
# rival's turn is as good at its Activate window (after the move, before Control is judged: R-AC-2),
# so the default offers it there and passes these.
RIVAL_EARLY = frozenset({"prepare", "move"})
# The windows at the start of the player's own phases: the default offers them with the
# decision that follows (``fold``), so choosing that decision passes the window.
FOLD_WINDOWS = frozenset({"prepare", "move", "activate", "conclude"})
FOLD_QUIET = frozenset({"phase"})  # what may happen between the window and that decision
FOLD_STEPS = 12  # the table's own answers a fold looks through at most


def window_of(p: Prompt) -> tuple[str, int]:
    """(the window's kind, the seat its roll or raid is aimed at, -1 if none) of a cast_window prompt."""
    ctx = p.context
    if len(ctx) == 3 and ctx[0] == "window":
        return str(ctx[1]), int(ctx[2])
    return "", -1


@dataclass(frozen=True)
class Moment:
    """Where the game stands as auto-pass weighs a chance to cast: the turn, whose turn it is,
    the decision's number, the Investigators in each Lodge (public), and the game itself at a
    local table (a pending roll is judged card by card); online None: such a card is asked."""

    content: Content
    turn: int
    current: int
    decision: int
    lodges: tuple[int, ...]
    game: Game | None = None

    @classmethod
    def of(cls, g: Game) -> Moment:
        return cls(g.content, g.turn, g.current_seat, g.decision, tuple(g.inv_lodge), g)

    @classmethod
    def at(cls, s: TableSession, content: Content) -> Moment:
        """The moment of the game a table shows (``TableSession``), wherever its rules run."""
        if s.game is not None:
            return cls.of(s.game)
        rows = s.view(None).get("seats") or []
        return cls(content, s.turn, s.current, s.decision, tuple(r.get("investigators", 0) for r in rows))


@dataclass
class AutoPass:
    """The table's memory for auto-pass, per seat. Nothing here is saved with the game."""

    modes: list[str]
    armed: set[int] = field(default_factory=set)  # seats that pressed Cast…: stop at the next window
    until: dict[int, int] = field(default_factory=dict)  # seat -> the turn its "pass until my turn" began
    offered: dict[int, tuple] = field(default_factory=dict)  # seat -> (turn, what it could cast) last asked
    plain: dict[int, int] = field(default_factory=dict)  # seat -> the decision Cast… stopped at: asked as it is

    def mode(self, seat: int) -> str:
        return self.modes[seat] if 0 <= seat < len(self.modes) and self.modes[seat] in MODES else DEFAULT_MODE

    def passes(self, m: Moment, p: Prompt) -> bool:
        """Should the table answer "pass" to this prompt for its (human) seat?"""
        if p.kind != "cast_window" or p.choice("pass") is None:
            return False
        seat = p.seat
        kind, aimed = window_of(p)
        own = m.current == seat and kind != "investigators"
        content = m.content
        if seat in self.until:
            if own and m.turn != self.until[seat]:
                del self.until[seat]  # the seat's next turn has come
            else:
                return True
        if seat in self.armed:
            self.armed.discard(seat)
            self.plain[seat] = m.decision
            return False
        mode = self.mode(seat)
        if mode == "every":
            return False
        if mode == "never":
            return True
        if kind == "raid" and aimed == seat and 0 <= seat < len(m.lodges) and not m.lodges[seat]:
            return True  # a raid on an empty Lodge: no card has an Investigator there to send away
        if kind == "after_roll" and aimed == seat:
            return not any(betters_roll(content, m.game, c.id) for c in p.choices)  # the player's own roll
        if kind == "raid" and aimed == seat:
            return not any(answers_raid(content, c.id) for c in p.choices)
        if kind == "after_roll" and 0 <= aimed != seat and not any(
                spoils_roll(content, m.game, c.id) or {"other_turn", "end"} & timing_of(content, c.id) for c in p.choices):
            return True  # a rival's roll that no card held could make worse for them
        if own and kind == "end" and not any("end" in timing_of(content, c.id) for c in p.choices):
            return True  # cast on this turn's earlier chances, or press Cast… before it ends
        if not own and kind in RIVAL_EARLY:
            return True  # a card for a rival's turn waits for the moment its move is known
        if not own and not any(_RIVAL_TIMINGS & timing_of(content, c.id) for c in p.choices):
            return True  # a rival's turn, and nothing held is made for it
        turn, seen = self.offered.get(seat, (-1, frozenset()))
        now = frozenset(c.id for c in p.choices if c.id != "pass")
        if turn == m.turn and now <= seen:
            return True  # asked already this turn, with nothing new to cast
        self.offered[seat] = (m.turn, now | (seen if turn == m.turn else frozenset()))
        return False

    def pass_until_turn(self, m: Moment, seat: int) -> None:
        """The seat's "Pass until my next turn"."""
        self.until[seat] = m.turn if m.current == seat else -1

    def arm(self, seat: int) -> None:
        """Cast…: the table stops at this seat's next casting window, whatever the mode."""
        self.armed.add(seat)
        self.until.pop(seat, None)


def full_label(prompt: dict, cid: str, hand: list[dict], content, v: dict | None = None) -> str:
    """A choice's whole meaning for its tooltip, where its button's words are short."""
    return asking.full_label(prompt, cid, hand, content, v or {})


def readable_labels(v: dict, content) -> dict[str, str]:
    """Each choice of the looker's prompt in words, from its own view: the engine's label in the
    language spoken now, shorter where the prompt already says what it is about, so a prompt's
    buttons sit in its bar and never rise over the board ("Hood Wild pair": a Spell is named by
    its symbol, never by a location, the glossary's one name; "Take it" where the prompt names
    the Control Action), and how many Elder Signs a choice that gains some would leave the cult
    with (fate/words/asking.py). The whole label stays the button's tooltip (``full_label``);
    its ids stay."""
    me = v.get("viewer")
    if me is None or not 0 <= me < len(v["seats"]):
        return {}
    return asking.labels(v.get("prompt") or {}, content, v)


def readable_text(prompt: dict, content=None, shown: dict | None = None) -> str:
    """The prompt's question in the language spoken now: naming the asked cult itself as "you"
    in its own view (``shown``), "which die?" asked as a yes-or-no when only one die can be
    chosen (the engine's question stays the same decision, with the same choice ids), and the
    odds of the roll for Temporary Control (fate/words/asking.py)."""
    if content is None:
        return str(prompt.get("text", ""))
    return asking.question(prompt, content, shown or {})


def table_answer(auto: AutoPass, temporary: list[str], g: Game, p: Prompt,
                 control: list[str] | None = None) -> str | None:
    """The choice the table takes for a human seat's prompt (auto-pass, the Temporary Control
    setting, the Control Action setting (``None``: the default), the one legal outcome), or None
    when the player is asked."""
    if auto.passes(Moment.of(g), p):
        return "pass"
    roll = temporary_answer(temporary, p)
    if roll is not None:
        return roll
    take = control_answer(control if control is not None else [], p)
    return take if take is not None else only_outcome(p)


@dataclass
class Fold:
    """A chance to cast at the start of one of the player's own phases, offered with the
    decision that follows it: ``game``, a copy at that decision (``prompt``), reached by
    passing the window and the table's own answers after it; ``window``: the window's
    choice ids other than Pass. Choosing the decision passes the window first."""

    game: Game
    prompt: Prompt
    window: tuple[str, ...]


def fold(g: Game, p: Prompt, auto: AutoPass, temporary: list[str], humans: set[int],
         control: list[str] | None = None) -> Fold | None:
    """The player's decision this window can be offered with, or None when the window is asked
    as it is: a window other than those of the player's own phase starts, a mode other than the
    default, a stop asked for with Cast…, or anything between them but the phase changing
    (a roll, a draw: nothing is learned early) or anyone else's decision."""
    seat = p.seat
    if p.kind != "cast_window" or window_of(p)[0] not in FOLD_WINDOWS or g.current_seat != seat \
            or auto.mode(seat) != DEFAULT_MODE or auto.plain.get(seat) == g.decision:
        return None
    copy = g.clone()
    table = AutoPass(list(auto.modes), set(auto.armed), dict(auto.until), dict(auto.offered))
    events = copy.apply("pass")
    for _step in range(FOLD_STEPS):
        if any(e.kind not in FOLD_QUIET for e in events):
            return None
        q = copy.pending()
        if q is None or q.seat not in humans:
            return None
        answer = table_answer(table, temporary, copy, q, control)
        if answer is None:
            if q.seat != seat or q.kind == "cast_window":
                return None
            return Fold(copy, q, tuple(c.id for c in p.choices if c.id != "pass"))
        events = copy.apply(answer)
    return None


def only_outcome(p: Prompt) -> str | None:
    """The choice id to take for the player when the decision has one legal outcome, else None.

    One choice is one outcome. A Wild pair's first Spell, when exactly two Spells
    match, is one outcome too: both are given up whichever is picked first."""
    if p.kind in ("draft",):
        return None
    if len(p.choices) == 1:
        return p.choices[0].id
    if p.kind == "wild_card" and len(p.choices) == 2 and first_of_two(p):
        return p.choices[0].id
    return None


def first_of_two(p: Prompt) -> bool:
    """A Wild pair's prompt asks for its first Spell (what the engine said: "Spell 1 of 2")."""
    return getattr(p.text, "args", {}).get("n") == ("n", 1)
