"""The AI cults, one class a level, and the random player used as a yardstick.

Every bot answers the same ``Prompt`` a person does, and none reads the true
game: each decides from ``determinize(game, seat, seed)`` (a game dealt anew
from what its seat may know), so a bot sees exactly what a human in its chair
would see (tests/test_ai.py checks it with twin positions).

- ``random``: any legal choice. Not offered at the table; a yardstick.
- ``easy``: looks one decision ahead on one deal and judges only its own
  cult, with a wide margin of error: it grabs what helps it now, misses what
  helps the others, and sometimes misjudges.
- ``normal``: looks one decision ahead on two deals and weighs its strength
  against the strongest other cult.
- ``hard``: tree search over many deals (``fate.ai.ismcts``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from fate.ai.evaluate import after, asked, cult_strength, position_value
from fate.ai.ismcts import HardBot
from fate.engine import Choice, Game
from fate.engine.determinize import determinize

__all__ = ["BOTS", "LEVELS", "Bot", "EasyBot", "HardBot", "NormalBot", "RandomBot", "make_bot"]

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    """What every bot is: a name and an answer to the prompt a game waits for."""

    name: str

    def choose(self, g: Game) -> Choice: ...


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game) -> Choice:
        return self.rng.choice(asked(g).choices)


class NormalBot:
    """One decision ahead, averaged over a few deals of the unseen cards."""

    name = "normal"
    deals = 2
    noise = 0.0  # how far off its judgement of a position may be, in points
    selfish = False  # judge its own cult only

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, g: Game) -> Choice:
        p = asked(g)
        if p.kind == "draft":  # every god is worth the same to the evaluation
            return self.rng.choice(p.choices)
        seat = p.seat
        rng = self.rng
        worlds = [(determinize(g, seat, rng.getrandbits(62)), rng.getrandbits(62)) for _ in range(self.deals)]
        best, best_value = p.choices[0], -1e18
        for c in p.choices:
            value = 0.0
            for world, seed in worlds:
                value += self.judge(after(world, seed, c), seat)
            value = value / len(worlds) + rng.gauss(0.0, self.noise) + rng.random() * 0.01
            if value > best_value:
                best, best_value = c, value
        return best

    def judge(self, g: Game, seat: int) -> float:
        if self.selfish and not g.over:
            return cult_strength(g, seat)
        return position_value(g, seat)


class EasyBot(NormalBot):
    """Normal's look-ahead on one deal, blind to the other cults and often a little off."""

    name = "easy"
    deals = 1
    noise = 6.0
    selfish = True


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(name: str, seed: int = 0, budget: float | None = None) -> Bot:
    """A bot by name; ``budget`` (seconds a decision) applies to ``hard``."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (expected one of {', '.join(BOTS)})") from None
    if cls is HardBot and budget is not None:
        return HardBot(seed, budget)
    return cls(seed)
