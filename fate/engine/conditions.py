"""Conditions on a cult: Curse triggers (R-CU-2) and the tests of ``if`` steps."""

from __future__ import annotations

from fate.engine.constants import ACTIVATE, CONCLUDE, LOCATIONS
from fate.engine.game import Game
from fate.engine.registry import Param, condition

N = Param("int", 1)


def crowd_at_location(g: Game, s: int, p: dict[str, int]) -> bool:
    """The cult has more than n Cultists at one location."""
    n = p["n"]
    for row in g.at:
        if row[s] > n:
            return True
    return False


def summon_at_least(g: Game, s: int, p: dict[str, int]) -> bool:
    """The cult's Summon token stands on n or higher."""
    return g.summon[s] >= p["n"]


def signs_at_least(g: Game, s: int, p: dict[str, int]) -> bool:
    """The cult has at least n Elder Signs."""
    return g.signs[s] >= p["n"]


def investigators_at_least(g: Game, s: int, p: dict[str, int]) -> bool:
    """At least n Investigators are in the cult's Lodge."""
    return g.inv_lodge[s] >= p["n"]


def hand_at_least(g: Game, s: int, p: dict[str, int]) -> bool:
    """The cult holds at least n Spells."""
    return len(g.hands[s]) >= p["n"]


def artifacts_at_least(g: Game, s: int, p: dict[str, int]) -> bool:
    """The cult keeps at least n Artifacts."""
    return len(g.arts[s]) >= p["n"]


def reserve_at_least(g: Game, s: int, p: dict[str, int]) -> bool:
    """The cult has at least n Readied Spells."""
    return len(g.reserve[s]) >= p["n"]


def abyss_at_least(g: Game, s: int, p: dict[str, int]) -> bool:
    """At least n of the cult's Cultists lie in the Abyss."""
    return g.abyss[s] >= p["n"]


def lodge_at_most(g: Game, s: int, p: dict[str, int]) -> bool:
    """At most n Cultists remain in the cult's Lodge."""
    return g.lodge[s] <= p["n"]


def controls(g: Game, s: int, p: dict[str, str]) -> bool:
    """The cult controls the location."""
    return g.has_control(s, LOCATIONS.index(p["loc"]))


def acts_at(g: Game, s: int, p: dict[str, str]) -> bool:
    """It is the cult's turn and its Fate Piece brought it to the location."""
    return g.cur == s and g.turn_loc == LOCATIONS.index(p["loc"]) and g.phase in (ACTIVATE, CONCLUDE)


def holds_gate(g: Game, s: int, p: dict[str, object]) -> bool:
    """The cult holds a Gate card."""
    return g.gate[s] != -1


def leads_summon(g: Game, s: int, p: dict[str, object]) -> bool:
    """No other cult's Summon token is as far along (never true alone in solo play)."""
    if g.n == 1:
        return False
    mine = g.summon[s]
    for o, theirs in enumerate(g.summon):
        if theirs >= mine and o != s:
            return False
    return True


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

condition("crowd_at_location", crowd_at_location, n=N)
condition("summon_at_least", summon_at_least, n=N)
condition("signs_at_least", signs_at_least, n=N)
condition("investigators_at_least", investigators_at_least, n=N)
condition("hand_at_least", hand_at_least, n=N)
condition("artifacts_at_least", artifacts_at_least, n=N)
condition("reserve_at_least", reserve_at_least, n=N)
condition("abyss_at_least", abyss_at_least, n=N)
condition("lodge_at_most", lodge_at_most, n=Param("int", 0))
condition("controls", controls, loc=Param("loc", "other_worlds"))
condition("acts_at", acts_at, loc=Param("loc", "other_worlds"))
condition("holds_gate", holds_gate)
condition("leads_summon", leads_summon)
