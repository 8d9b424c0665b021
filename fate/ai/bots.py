"""Two bots that answer the engine's prompts.

RandomBot picks any legal choice. GreedyBot looks one decision ahead: it
applies each legal choice to a clone of the game and scores the position it
reaches for its own cult. The clone's random generator is reseeded from the
bot's own, so the look-ahead never sees the real dice or deck order: it
judges a choice by a plausible outcome, not the true one.
"""

from __future__ import annotations

import random

from fate.engine import Choice, Game
from fate.engine import rng as rngmod
from fate.engine.constants import OTHER_WORLDS

WIN = 1000.0


def position_value(g: Game, seat: int) -> float:
    """How good the position is for one cult, from its own point of view."""
    if g.over:
        if seat in g.winners:
            return WIN / len(g.winners)
        return -WIN
    return cult_strength(g, seat) - 0.6 * max(
        (cult_strength(g, s) for s in range(g.n) if s != seat), default=0.0)


def cult_strength(g: Game, s: int) -> float:
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


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game) -> Choice:
        return self.rng.choice(g.pending().choices)


class GreedyBot:
    """One-ply look-ahead with a hand-written evaluation."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game) -> Choice:
        p = g.pending()
        if p.kind == "draft":
            return self.rng.choice(p.choices)
        best, best_value = p.choices[0], -1e18
        for c in p.choices:
            trial = g.clone()
            trial.rng = rngmod.seed_state(self.rng.getrandbits(62))
            trial.forced = []
            trial.apply(c)
            value = position_value(trial, p.seat) + self.rng.random() * 0.01
            if value > best_value:
                best, best_value = c, value
        return best


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0):
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (expected one of {', '.join(BOTS)})") from None
