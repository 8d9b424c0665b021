"""What cards do: the runner of effect steps and the helpers steps share.

Every card's behaviour is a list of steps such as ``{do: advance_summon,
amount: 1}``. A step is a function registered with ``registry.step`` together
with its parameters and their defaults; the content loader validates card data against
these declarations, so an unknown step or parameter fails at start-up.

A step may need a decision (a target, a location). It then returns ``Need``;
the engine asks, stores the answer in the effect's variables and runs the same
step again, so a step must not change anything before it has all its answers.
A step that works in several rounds returns ``Again`` with updated variables.

The steps themselves are in steps_board.py (track, Cultists, Investigators,
the Altar), steps_cards.py (cards, dice, logic) and conditions.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple, TypeVar

from fate.content.model import Content, Step
from fate.engine.constants import LOCATIONS, N_LOCATIONS
from fate.engine.game import Game
from fate.engine.registry import STEPS, Ask, Asked, Param, Task, table, task
from fate.engine.said import N_, placed, said


class Need(NamedTuple):
    key: str
    ask: Ask


Vars = tuple[tuple[str, Any], ...]  # an effect's answers so far: (key, value), the latest last
Answer = TypeVar("Answer")


class Again(NamedTuple):
    updates: Vars


def each_target(fn: Callable[[Game, Fx, Step, int], None]) -> Callable[[Game, Fx, Step], Need | None]:
    """A step that runs ``fn(g, fx, params, seat)`` once on each cult its ``who``
    names (after asking the acting seat to pick, where the step says "opponent")."""
    run = partial(_on_each_target, fn)
    run.__doc__ = fn.__doc__
    return run


def _on_each_target(fn: Callable[[Game, Fx, Step, int], None], g: Game, fx: Fx, p: Step) -> Need | None:
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    for s in seats:
        fn(g, fx, p, s)
    return None


class Fx:
    """The running effect: who acts, with which card, and the answers so far."""

    __slots__ = ("seat", "card", "vars")

    def __init__(self, seat: int, card: int, vars: Vars) -> None:
        self.seat = seat
        self.card = card
        self.vars = vars

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in reversed(self.vars):  # the latest answer wins
            if k == key:
                return v
        return default


# ---------------------------------------------------------------- the runner


def fx_run(g: Game, t: Task) -> Asked | None:
    _, seat, card, lst, i, vars = t
    steps = g.tables.fx_steps[lst]
    if i >= len(steps) or g.over:
        return None
    fn, p = steps[i]
    stack = g.stack
    mark = len(stack)
    fx = _new_object(Fx)  # Fx(seat, card, vars) without a call of __init__
    fx.seat, fx.card, fx.vars = seat, card, vars
    out = fn(g, fx, p)
    if out is None:  # each step's answers are its own: the next starts afresh
        if i + 1 < len(steps) or len(stack) != mark or g.held or g.over:
            stack.insert(mark, ("fx", seat, card, lst, i + 1, ()))
        # else the effect's closing step, which does nothing, would run next with nothing
        # able to come between (no task pushed, no Curse to check): it is left out
        return None
    if isinstance(out, Again):
        g.stack.insert(mark, ("fx", seat, card, lst, i, vars + out.updates))
        return None
    a = out.ask
    return (a.seat, a.kind, a.text, [(cid, label, (out.key, v)) for cid, label, v in a.options],
               a.context)


def fx_answer(g: Game, t: Task, value: tuple[str, Any]) -> None:
    _, seat, card, lst, i, vars = t
    g.stack.append(("fx", seat, card, lst, i, vars + (value,)))


_new_object = object.__new__


def _fx_steps(content: Content) -> list[tuple[tuple[Callable[..., Any], Step], ...]]:
    """``fx_steps[list]``: each step of a step list as (its function, its parameters)."""
    return [tuple((STEPS[p["do"]].fn, p) for p in steps) for steps in content.step_lists]


# ---------------------------------------------------------------- helpers


def sayer(g: Game, fx: Fx) -> tuple[str, Any, Any]:
    """The card an effect's question is asked for, as an argument of what the engine says."""
    return ("card", g.card(fx.card).id, g.card(fx.card).name) if fx.card >= 0 else ("effect", "", "the effect")


def cult(g: Game, seat: int) -> tuple[str, Any, Any]:
    """A cult, as an argument of what the engine says."""
    return ("cult", seat, g.seat_name(seat))


# Translators: a cult to choose, in a list of them; {cult} is "the Cult of Cthulhu".
CULT = N_("{cult}")
# Translators: the asking player's own cult, in a list of cults to choose from.
CULT_YOU = N_("{cult} (you)")
PLACE = N_("{place}")  # a location to choose, in a list of them


def targets(g: Game, fx: Fx, who: str, key: str = "target") -> Sequence[int] | Need:
    """Seats an effect applies to; asks the acting seat to pick where needed."""
    seat = fx.seat
    if who == "self":
        return [seat]
    if who == "each":
        return g.clockwise_from(seat)
    if who == "each_opponent":
        return g.others(seat)
    if who == "leader":
        rest = g.others(seat)
        if not rest:
            return []
        best = max(g.summon[s] for s in rest)
        pool: Sequence[int] = [s for s in rest if g.summon[s] == best]
    elif who == "opponent":
        pool = g.others(seat)
    else:  # any
        pool = g.clockwise_from(seat)
    if len(pool) <= 1:
        return pool
    picked = fx.get(key)
    if picked is not None:
        return [picked]
    opts = [(f"seat:{s}", said(CULT_YOU if s == seat else CULT, cult=cult(g, s)), s) for s in pool]
    # Translators: {card} is the Spell or Artifact whose effect asks.
    return Need(key, Ask(seat, "target", said(N_("{card}: choose a cult"), card=sayer(g, fx)), opts))


def location(g: Game, fx: Fx, spec: str, allowed: list[int] | None = None,
             key: str = "loc", text: str = "", **args: tuple[str, Any, Any]) -> int | Need | None:
    """The location an effect acts on: where its ``spec`` says, or the one the acting seat picks
    among ``allowed`` (``text``: the question, a message with ``{card}`` and ``args``)."""
    if spec == "here":
        return g.turn_loc if g.turn_loc >= 0 else g.pieces[g.piece_of(fx.seat)]
    if spec == "crowded":
        most = max(g.inv_at)
        return g.inv_at.index(most)
    if spec != "choose":
        return LOCATIONS.index(spec)
    pool = list(range(N_LOCATIONS)) if allowed is None else allowed
    if not pool:
        return None
    if len(pool) == 1:
        return pool[0]
    picked: int | None = fx.get(key)
    if picked is not None:
        return picked
    opts = [(f"loc:{LOCATIONS[loc]}", said(PLACE, place=placed(loc)), loc) for loc in pool]
    return Need(key, Ask(fx.seat, "location", said(text or CHOOSE_PLACE, card=sayer(g, fx), **args), opts))


CHOOSE_PLACE = N_("{card}: choose a location")


def ask_per_target(g: Game, fx: Fx, seats: Sequence[int],
                   ask: Callable[[int], Answer | Need]) -> dict[int, Answer] | Need:
    """Gather one answer per target before anything happens, so that asking
    about the second target never repeats what was done to the first."""
    answers: dict[int, Answer] = {}
    for s in seats:
        got = ask(s)
        if isinstance(got, Need):
            return got
        answers[s] = got
    return answers


INT, WHO_SELF = Param("int", 1), Param("who", "self")


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

task("fx", fx_run, fx_answer)
table("fx_steps", _fx_steps)
