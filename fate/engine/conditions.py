"""Conditions on a cult: Curse triggers (R-CU-2) and the tests of ``if`` steps."""

from __future__ import annotations

from fate.engine.constants import ACTIVATE, CONCLUDE, LOCATIONS
from fate.engine.game import Game
from fate.engine.registry import Param, condition

N = Param("int", 1)


@condition("crowd_at_location", n=N)
def crowd_at_location(g: Game, s: int, p: dict) -> bool:
    """The cult has more than n Cultists at one location."""
    n = p["n"]
    for row in g.at:
        if row[s] > n:
            return True
    return False


@condition("summon_at_least", n=N)
def summon_at_least(g: Game, s: int, p: dict) -> bool:
    """The cult's Summon token stands on n or higher."""
    return g.summon[s] >= p["n"]


@condition("signs_at_least", n=N)
def signs_at_least(g: Game, s: int, p: dict) -> bool:
    """The cult has at least n Elder Signs."""
    return g.signs[s] >= p["n"]


@condition("investigators_at_least", n=N)
def investigators_at_least(g: Game, s: int, p: dict) -> bool:
    """At least n Investigators are in the cult's Lodge."""
    return g.inv_lodge[s] >= p["n"]


@condition("hand_at_least", n=N)
def hand_at_least(g: Game, s: int, p: dict) -> bool:
    """The cult holds at least n Spells."""
    return len(g.hands[s]) >= p["n"]


@condition("artifacts_at_least", n=N)
def artifacts_at_least(g: Game, s: int, p: dict) -> bool:
    """The cult keeps at least n Artifacts."""
    return len(g.arts[s]) >= p["n"]


@condition("reserve_at_least", n=N)
def reserve_at_least(g: Game, s: int, p: dict) -> bool:
    """The cult has at least n Readied Spells."""
    return len(g.reserve[s]) >= p["n"]


@condition("abyss_at_least", n=N)
def abyss_at_least(g: Game, s: int, p: dict) -> bool:
    """At least n of the cult's Cultists lie in the Abyss."""
    return g.abyss[s] >= p["n"]


@condition("lodge_at_most", n=Param("int", 0))
def lodge_at_most(g: Game, s: int, p: dict) -> bool:
    """At most n Cultists remain in the cult's Lodge."""
    return g.lodge[s] <= p["n"]


@condition("controls", loc=Param("loc", "other_worlds"))
def controls(g: Game, s: int, p: dict) -> bool:
    """The cult controls the location."""
    return g.has_control(s, LOCATIONS.index(p["loc"]))


@condition("acts_at", loc=Param("loc", "other_worlds"))
def acts_at(g: Game, s: int, p: dict) -> bool:
    """It is the cult's turn and its Fate Piece brought it to the location."""
    return g.cur == s and g.turn_loc == LOCATIONS.index(p["loc"]) and g.phase in (ACTIVATE, CONCLUDE)


@condition("holds_gate")
def holds_gate(g: Game, s: int, p: dict) -> bool:
    """The cult holds a Gate card."""
    return g.gate[s] >= 0


@condition("leads_summon")
def leads_summon(g: Game, s: int, p: dict) -> bool:
    """No other cult's Summon token is as far along (never true alone in solo play)."""
    if g.n == 1:
        return False
    mine = g.summon[s]
    for o, theirs in enumerate(g.summon):
        if theirs >= mine and o != s:
            return False
    return True
