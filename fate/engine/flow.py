"""Set-up, the turn and its phases, rolls and the win check.

The phases are a table (``PHASE_STEPS``): each phase opens a casting window
and then runs its steps in order (R-TURN-1). The steps themselves live with
their rules: movement.py, locations.py, casting.py, raids.py.
"""

from __future__ import annotations

from typing import Any

from fate.content.model import Content
from fate.engine.artifacts import refresh, reveal_artifacts
from fate.engine.casting import open_window
from fate.engine.constants import (
    ACTIVATE,
    CONCLUDE,
    MOVE,
    N_LOCATIONS,
    OTHER_WORLDS,
    PREPARE,
    START_ABYSS,
    START_LODGE,
    STREETS,
    SUMMON_WIN,
)
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import Choice, EndReason, Event
from fate.engine.prepared import SEAT_SLOTS
from fate.engine.registry import ROLL_RESULTS, Asked, Task, table, task
from fate.engine.said import N_, named, said

# ---------------------------------------------------------------- set-up


def start(g: Game) -> None:
    """Deal the Elder Gods (R-SU-1) and queue the draft, or use preset gods."""
    c = g.content
    preset = g.config.get("gods")
    if preset:
        for s, gid in enumerate(preset):
            g.gods[s] = c.index(gid)
        g.box.extend(x for x in c.gods if x not in g.gods)
        g.stack.append(("setup",))
    else:
        deck = list(c.gods)
        g.shuffle(deck)
        g.drafts = [tuple(deck[2 * s:2 * s + 2]) for s in range(g.n)]
        g.box.extend(deck[2 * g.n:])
        g.push(*[("draft", s) for s in range(g.n)], ("setup",))
    g.run()


def draft(g: Game, t: Task) -> Asked:
    seat = t[1]
    keep = g.tables.keep_god
    return (seat, "draft", DRAFT, tuple([keep[gid] for gid in g.drafts[seat]]), ())


DRAFT = said(N_("Choose the Elder God your cult will serve"))
# Translators: {card} is an Elder God's name, {title} its title ("Dreamer Beneath the Waves").
KEEP_GOD = N_("Keep {card}, {title}")


def _keep_god(content: Content) -> list[Choice | None]:
    """``keep_god[card]``: an Elder God's choice in the draft, made once (None for other cards)."""
    return [Choice(f"god:{c.id}", said(KEEP_GOD, card=named(c), title=("title", c.id, c.title)), c.index)
            if c.kind == "god" else None
            for c in content.cards]


def draft_take(g: Game, t: Task, god: int) -> None:
    seat = t[1]
    g.gods[seat] = god
    for other in g.drafts[seat]:
        if other != god:
            g.box.append(other)
    g.emit(EventKind.GOD_CHOSEN, {"seat": seat, "god": g.card(god).id})


def setup(g: Game, t: Task) -> None:
    c = g.content
    n = g.n
    for s in range(n):  # R-SU-2, R-SU-3
        g.summon[s] = 0
        g.lodge[s] = START_LODGE
        g.abyss[s] = START_ABYSS
        for loc in range(N_LOCATIONS):
            g.at[loc][s] = 1
    deck = list(c.spells)  # R-SU-4
    g.shuffle(deck)
    g.spell_deck = deck
    for s in range(n):
        for _ in range(3):
            g.hands[s].append(g.spell_deck.pop())
    for loc in range(N_LOCATIONS):
        g.columns[loc].append(g.spell_deck.pop())
    arts = list(c.artifacts)  # R-SU-5
    g.shuffle(arts)
    g.art_deck = arts
    reveal_artifacts(g)
    g.gate_supply = list(c.gates)  # R-SU-6
    curses = list(c.curses)
    g.shuffle(curses)
    g.curse_deck = curses
    for loc in range(N_LOCATIONS):  # R-SU-7
        g.inv_at[loc] = 1
    g.inv_supply -= N_LOCATIONS
    if g.level is not None:  # solo, at that level (R-SO-1)
        g.pieces = [OTHER_WORLDS, STREETS]
        g.first = 0
        waiting = g.level.start_investigators  # 0 in the rules; harder levels start with some
        g.inv_supply -= waiting
        g.inv_lodge[0] += waiting
    elif n == 2:  # R-2P-1
        g.pieces = [OTHER_WORLDS, OTHER_WORLDS]
        g.first = g.random_below(n)
    else:  # R-SU-8, R-SU-9
        g.pieces = [OTHER_WORLDS]
        g.first = g.random_below(n)
    for s in range(n):
        if g.card(g.gods[s]).passive_value("squall"):
            g.squall_owner = s
    g.cur = g.first
    g.emit(EventKind.SETUP_DONE, {"first": g.first, "players": n})
    g.stack.append(("turn",))


# ---------------------------------------------------------------- the turn

PHASE_STEPS: dict[str, tuple[Task, ...]] = {
    PREPARE: (("window", PREPARE, 0, -1),),  # after the Artifacts stand up (refresh)
    MOVE: (("window", MOVE, 0, -1), ("move",), ("investigators_move",), ("place",)),
    ACTIVATE: (("window", ACTIVATE, 0, -1), ("activate",)),
    CONCLUDE: (("window", CONCLUDE, 0, -1), ("ready", 0, False), ("draw",), ("lodge_raid",),
               ("window", "end", 0, -1)),
}


def turn(g: Game, t: Task) -> None:
    """A new turn for the current seat; ("turn", phase) starts at that phase (scenarios)."""
    start_turn(g, t[1] if len(t) > 1 else PREPARE)


def start_turn(g: Game, first: str) -> None:
    g.turn += 1
    g.turn_loc = g.pieces[g.cur if g.n == 2 else 0]  # piece_of(cur)
    g.ready_allow = 1
    g.ctl = 0
    g.ow_returns = 0
    g.cleanse_used = False
    if g.turn <= 100:
        g.events.append(TURN_STARTED[g.cur][g.turn])
    else:
        g.emit(EventKind.TURN_STARTED, {"seat": g.cur, "turn": g.turn})
    g.stack.extend(LATER_PHASES[first])
    enter_phase(g, first)


_ORDER = (PREPARE, MOVE, ACTIVATE, CONCLUDE)
# the phases after each one and the turn's end, as they lie on the stack (the next on top)
LATER_PHASES = {ph: (("end_turn",), *[("phase", p) for p in reversed(_ORDER[i + 1:])])
                for i, ph in enumerate(_ORDER)}
# each phase's steps after its opening window, as they lie on the stack; the window itself
# is scheduled by ``open_window`` (most are closed at once)
PHASE_STACK = {ph: steps[:0:-1] for ph, steps in PHASE_STEPS.items()}
OPENING = {ph: steps[0][1] for ph, steps in PHASE_STEPS.items()}
# events made once (fate/engine/game.py, SEAT_SLOTS)
PHASE_TOLD = {ph: [Event(EventKind.PHASE, {"seat": s, "phase": ph}) for s in SEAT_SLOTS] for ph in _ORDER}
# all that entering a phase needs, in one look-up: (its event by seat, its steps, its window)
ENTERING = {ph: (PHASE_TOLD[ph], PHASE_STACK[ph], OPENING[ph]) for ph in _ORDER}
TURN_ENDED = [Event(EventKind.TURN_ENDED, {"seat": s}) for s in SEAT_SLOTS]
TURN_STARTED = [[Event(EventKind.TURN_STARTED, {"seat": s, "turn": k}) for k in range(101)] for s in SEAT_SLOTS]


def phase(g: Game, t: Task) -> None:
    """Move, Activate or Conclude (a turn enters Prepare itself: ``start_turn``, and
    ``LATER_PHASES`` holds only the later three): ``enter_phase`` written out, three
    times a turn, less the Artifacts standing up, which is Prepare's."""
    ph = t[1]
    told, steps, opening = ENTERING[ph]
    g.phase = ph
    g.events.append(told[g.cur])
    g.stack.extend(steps)
    open_window(g, opening, 0, -1)


def enter_phase(g: Game, ph: str) -> None:
    told, steps, opening = ENTERING[ph]
    g.phase = ph
    g.events.append(told[g.cur])
    g.stack.extend(steps)
    if g.exhausted and ph == PREPARE:  # refresh(g) has nothing to stand up otherwise
        refresh(g)
    open_window(g, opening, 0, -1)


def end_turn(g: Game, t: Task) -> None:
    g.events.append(TURN_ENDED[g.cur])
    # Between turns: no cult is taking its turn anywhere (acts_at Curses must not
    # fire for the next cult where this one's turn ended).
    g.turn_loc = -1
    if g.solo:
        # R-SO-2; a window first, so "on another cult's turn" Spells have a moment in solo
        g.phase = "investigators"
        g.push(("investigators_turn",), ("turn",))
        open_window(g, "investigators", 0, -1)
    else:
        g.cur = (g.cur + 1) % g.n  # clockwise (R-TURN-1)
        start_turn(g, PREPARE)  # one step: no Curse can wake between a turn's end and the next's start


def check_win(g: Game, t: Task) -> None:
    """R-WIN-1: checked after any Curse the move triggered has resolved (R-CU-7)."""
    seat = t[1]
    if g.summon[seat] >= SUMMON_WIN:
        g.finish((seat,), (), EndReason.SUMMONED)


# ---------------------------------------------------------------- rolls

def roll(g: Game, t: Task) -> None:
    """Roll dice for a seat; a casting window opens before the results apply."""
    _, seat, count, purpose, arg = t
    faces = g.roll_faces(count)
    g.rolls.append(faces)
    if count <= 2:  # made once (fate/engine/game.py, SEAT_SLOTS): some hundreds of them
        told = g.tables.rolled_told
        key = (seat, purpose, *faces)
        event = told.get(key)
        if event is None:
            event = told[key] = Event(EventKind.ROLLED, {"seat": seat, "purpose": purpose,
                                                           "faces": list(map(g.tables.face_id.__getitem__, faces))})
        g.events.append(event)
    else:
        g.emit(EventKind.ROLLED, {"seat": seat, "purpose": purpose, "faces": list(map(g.tables.face_id.__getitem__, faces))})
    g.stack.append(("roll_end", seat, purpose, arg))
    open_window(g, "after_roll", 0, seat)  # first: a window before the results apply


def _rolled_told(content: Content) -> dict[tuple[Any, ...], Event]:
    """``rolled_told[(seat, purpose, *faces)]``: the event of a roll of one or two dice,
    made as games need it."""
    return {}


def roll_end(g: Game, t: Task) -> None:
    _, seat, purpose, arg = t
    faces = g.rolls.pop()
    ROLL_RESULTS[purpose](g, seat, faces, arg)


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

task("draft", draft, draft_take, quiet=True)
table("keep_god", _keep_god)
task("setup", setup)
task("turn", turn)
task("phase", phase)
task("end_turn", end_turn, quiet=True)
task("check_win", check_win, quiet=True)
task("roll", roll, quiet=True)
table("rolled_told", _rolled_told)
task("roll_end", roll_end)
