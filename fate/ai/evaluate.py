"""How good a position looks to one cult: the hand-written evaluation every bot uses.

Scores are in "points", roughly 12 to a step of the Summon track. ``rewards``
turns them into a number between 0 and 1 per seat for the tree search: 1 for a
win, 0 for a loss, and in between a logistic of how far the seat leads the
strongest of the others.
"""

from __future__ import annotations

import math

from fate.engine import Choice, Game, Prompt
from fate.engine import rng as rngmod
from fate.engine.constants import OTHER_WORLDS

WIN = 1000.0
# The lead, in points, at which a seat is judged to win three times in four
# (about one Summon step): the slope of ``rewards``.
LEAD_SCALE = 11.0
# A solo cult's strength with the token halfway: the even chance of ``rewards`` in solo
SOLO_PAR = 70.0


def asked(g: Game) -> Prompt:
    """The decision ``g`` waits for: a bot is asked to choose only while the game asks one."""
    p = g.pending()
    if p is None:
        raise ValueError("the game is over: there is nothing to choose")
    return p


def after(world: Game, seed: int, choice: Choice) -> Game:
    """A copy of ``world`` with ``choice`` made and dice drawn from ``seed``: the
    one-ply look of every bot (the same seed for each choice compares them fairly)."""
    trial = world.clone()
    trial.rng = rngmod.seed_state(seed)
    trial.apply(choice)
    return trial


def cult_strength(g: Game, s: int) -> float:
    """What the cult has going for it, whatever the others hold."""
    signs = g.signs[s]
    value = 12.0 * g.summon[s] - 9.0 * signs - (6.0 if signs >= 7 else 0.0) * (signs - 6)
    value += 2.0 * g.at[OTHER_WORLDS][s]
    inv = g.inv_lodge[s]
    value -= 2.5 * max(0, inv - 1) + (3.0 if inv >= 4 else 0.0) + (4.0 if inv >= 5 else 0.0)
    # an empty Lodge costs an Elder Sign at the next placement (R-MV-7): keep a reserve
    value += 0.5 * min(g.lodge[s], 6) + 1.5 * min(g.lodge[s], 3) - (7.0 if g.lodge[s] == 0 else 0.0)
    value += 1.5 * len(g.reserve[s]) + 0.4 * min(len(g.hands[s]), 6) + 1.5 * len(g.arts[s])
    value += 1.0 if g.gate[s] >= 0 else 0.0
    value -= 4.0 * g.curses_on(s)
    if g.solo:
        value -= 1.5 * sum(1 for loc in range(6) if g.inv_at[loc] >= 3)
    return value


def position_value(g: Game, seat: int) -> float:
    """How good the position is for one cult: its strength against the strongest other."""
    end = g.outcome()
    if end is not None:
        if seat in end.winners:
            return WIN / len(end.winners)
        return -WIN
    return cult_strength(g, seat) - 0.6 * max(
        (cult_strength(g, s) for s in range(g.n) if s != seat), default=0.0)


def rewards(g: Game) -> list[float]:
    """Each seat's outlook between 0 (lost) and 1 (won), for the tree search."""
    n = g.n
    end = g.outcome()
    if end is not None:
        return end.shares(n)
    strength = [cult_strength(g, s) for s in range(n)]
    if n == 1:
        # Alone against the Investigators: measured against a cult halfway up the track
        return [_logistic((strength[0] - SOLO_PAR) / 2.0)]
    out = []
    for s in range(n):
        best_other = max(strength[o] for o in range(n) if o != s)
        out.append(_logistic(strength[s] - best_other))
    return out


def _logistic(lead: float) -> float:
    x = lead / LEAD_SCALE
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
