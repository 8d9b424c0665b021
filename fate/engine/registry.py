"""The engine's registries: the core that the rule modules build on.

Nothing here names a rule module. The phase, location, casting, Artifact and
card-effect modules register what they add in a registration block at their
end, one explicit call a line (no folder scanning: it breaks in a packaged
app; and plain functions, not decorators, so that mutation testing reaches
every handler):

- ``task(name, run, resolve)``: a handler of the task stack, and the function
  that takes the decision it asks for;
- ``roll_result(purpose, fn)``: what a roll of that purpose does once its
  casting window has passed;
- ``step(name, fn, **params)`` / ``condition(name, fn, **params)``: card effect
  steps and Curse or card conditions, with their declared parameters (the
  content loader validates card data against them);
- ``table(name, build)``: a lookup table derived once per content from the
  cards, so that the hot loop neither matches strings nor formats labels. The
  table lives in the module of what it indexes; ``tables(content)`` builds
  them all.

This module imports nothing of the engine but its small value types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from fate.content.model import Content, Step, Vocabulary
from fate.engine.constants import LOCATIONS, SOLO_CURSES_TO_LOSE
from fate.engine.model import Choice, Event

if TYPE_CHECKING:
    from fate.engine.game import Game

Task = tuple[Any, ...]  # a task of the stack: its handler's name, then the handler's own fields
Option = tuple[str, str, Any]  # a choice to be made: (id, label, value); a ``Choice`` is one
# What a task handler asks: ``Ask``'s five fields, as the plain tuple the loop reads by position
Asked = tuple[int, str, str, Sequence[Option], tuple[Any, ...]]
Run = Callable[["Game", Task], "Asked | None"]  # a task handler
Resolve = Callable[["Game", Task, Any], None]  # takes the decision a handler asked for: the choice's value
RollResult = Callable[["Game", int, list[int], Any], None]  # (game, seat, faces, its argument)
Check = Callable[["Game", int, Any], bool]  # a condition: (game, seat, its parameters)
Trigger = tuple[Check, Any]  # a Curse's condition and its parameters


class Ask(NamedTuple):
    """A decision a handler needs: who, what kind, in words, the options and
    public context. The options are (id, label, value) triples in a list, or a
    tuple of ready-made ``Choice`` values (the hot handlers keep theirs made
    once), which then become the prompt's choices as they are.

    A task handler returns these five fields as a plain tuple in this order: the
    loop reads them by position, and making the named tuple costs more than a
    small handler's own work. An effect step's ``Need`` carries an ``Ask``."""

    seat: int
    kind: str
    text: str
    options: Sequence[Option]
    context: tuple[Any, ...] = ()


# ------------------------------------------------------------------ tasks

# kind -> (run, resolve, quiet). run(game, task) -> Ask | None; resolve(game, task, value).
TASKS: dict[str, tuple[Run, Resolve | None, bool]] = {}


def task(name: str, run: Run, resolve: Resolve | None = None, quiet: bool = False) -> None:
    """Register a task handler and, when it asks, the function that takes the decision.
    A ``quiet`` task makes no Curse's trigger hold that did not hold before it: it asks,
    schedules other tasks, records events, rolls, moves cards no trigger counts (a Column
    to the discard pile), or only takes away (a Spell cast from a Reserve, the end of a
    turn), so no Curse check follows it. The check before it found every trigger false, or
    revealed a Curse whose effect runs next and is checked after; a quiet task cannot change
    that (tests/engine/test_quiet_tasks.py watches every quiet task)."""
    if name in TASKS:
        raise ValueError(f"task {name!r} is registered twice")
    TASKS[name] = (run, resolve, quiet)


# ------------------------------------------------------------------ rolls

# purpose -> fn(game, seat, faces, arg): applies a roll's results
ROLL_RESULTS: dict[str, RollResult] = {}


def roll_result(purpose: str, fn: RollResult) -> None:
    ROLL_RESULTS[purpose] = fn


# ---------------------------------------------------- effect steps, conditions

# The vocabularies of a step's parameters (the loader checks card data against them).
WHO = ("self", "opponent", "each_opponent", "each", "leader", "any")
LOCATION_SPECS = LOCATIONS + ("choose", "here", "crowded")


class Param(NamedTuple):
    kind: str  # int | who | loc | steps | face | bool | faces | cond | options | source
    default: Any


class StepDef(NamedTuple):
    fn: Callable[..., Any]  # a step: fn(game, fx, params) -> Need | Again | None; a condition: a Check
    params: dict[str, Param]
    doc: str


STEPS: dict[str, StepDef] = {}
CONDITIONS: dict[str, StepDef] = {}


def step(name: str, fn: Callable[..., Any], **params: Param) -> None:
    """Register an effect step fn(game, fx, params) with its declared parameters."""
    STEPS[name] = StepDef(fn, params, (fn.__doc__ or "").strip())


def condition(name: str, fn: Check, **params: Param) -> None:
    """Register a condition fn(game, seat, params) -> bool (Curse triggers, ``if`` steps)."""
    CONDITIONS[name] = StepDef(fn, params, (fn.__doc__ or "").strip())


def vocabulary() -> Vocabulary:
    """The words card data may use, as registered so far, for the content loader (which
    never imports the engine): complete once every rule module has registered
    (``fate.engine`` imports them all before it loads content)."""
    solo = {"arrive": 1, "meeting_curses": 1, "meeting_signs": 0, "raid_dice": 0,
            "curses_to_lose": SOLO_CURSES_TO_LOSE, "start_investigators": 0}  # R-SO-2..8
    return Vocabulary(LOCATIONS, STEPS, CONDITIONS, WHO, LOCATION_SPECS, solo)


# ------------------------------------------------------------------ tables

TABLE_BUILDERS: dict[str, Callable[[Content], Any]] = {}


def table(name: str, build: Callable[[Content], Any]) -> None:
    """Register a builder fn(content) -> table, kept as ``tables(content).<name>``."""
    TABLE_BUILDERS[name] = build


class Tables:
    """The derived tables of one content; each attribute is one registered table.
    They live in ``Content.derived`` (content never changes after loading), so
    every game of the same content shares them and a clone copies nothing.

    Each table's type is written here, by the name it is registered under (the builder
    is in the module of what it indexes; tests/engine/test_registry.py checks that the
    names agree). A table "by card" made for one kind of card holds None at the others,
    which are never read: its type names what is read."""

    # registry
    triggers: list[Trigger]  # by Curse: its condition
    face_id: list[str]  # by die face
    # artifacts
    artifact_gained_told: list[list[Event]]  # by Artifact, seat
    exhausted_told: tuple[list[list[Event]], list[list[Event]]]  # by solo, Artifact, seat
    # casting
    timing: list[int]  # by card: the windows it may be cast in, as bits
    readied_told: list[list[Event]]  # by Spell, seat
    cast_told: tuple[list[list[Event]], list[list[Event]]]  # by solo, Spell, seat
    cast_label: tuple[list[str], list[str]]  # by solo, card
    cast_options: tuple[dict[int, Choice], dict[int, Choice]]  # by solo, card * 4 + place in the round
    ready: list[Choice]  # by Spell
    ready_free: list[Choice]  # by Spell
    cost: list[tuple[tuple[int, int], ...]]  # by Spell: (symbol, how many), wilds apart
    cost_wild: list[int]  # by Spell
    # effects
    fx_steps: list[tuple[tuple[Callable[..., Any], Step], ...]]  # by step list: (function, parameters)
    # flow
    keep_god: list[Choice]  # by Elder God
    rolled_told: dict[tuple[Any, ...], Event]  # by (seat, purpose, *faces)
    # locations
    send_options: dict[tuple[str, int | str, int, int], Choice]  # by (source, its seat, seat sent to, god)
    take_artifact: list[Choice]  # by Artifact
    destroy_options: dict[tuple[int, int], Choice]  # by (seat, its god)
    dark_gift_told: tuple[list[list[Event]], list[list[Event]]]  # by solo, Elder God, seat
    # movement
    play: list[Choice]  # by Spell
    moved_told: dict[tuple[Any, ...], Event]  # by (seat, piece, from, to, first back, cards)
    back: list[int | str]  # by card: its symbol, or "gate"
    give_up: list[Choice]  # by card
    wild: dict[int, Choice]  # by symbol
    # prepared
    column_told: list[list[Event]]  # by location, count
    drawn: list[list[tuple[Event, Event]]]  # by Spell, seat
    passive: dict[str, list[int]]  # by modifier, card

    def __init__(self, content: Content) -> None:
        for name, build in TABLE_BUILDERS.items():
            setattr(self, name, build(content))


def tables(content: Content) -> Tables:
    t: Tables | None = content.derived.get("engine")
    if t is None:
        t = content.derived["engine"] = Tables(content)
    return t


def _triggers(content: Content) -> list[Trigger | None]:
    """``triggers[card]``: (condition, params) of a Curse, else None."""
    return [(CONDITIONS[c.trigger[0]].fn, dict(c.trigger[1])) if c.trigger else None
            for c in content.cards]


def _face_ids(content: Content) -> list[str]:
    """``face_id[face]``: a die face's id, for events."""
    return [f.id for f in content.dice.faces]


table("triggers", _triggers)
table("face_id", _face_ids)
