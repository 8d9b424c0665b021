"""The Summon Track and how a game ends (R-WIN, R-SO-8).

A cult's Summon token climbs the track towards 9 (R-WIN-1) while the Elder Signs it gains
fill the same track from 9 down (R-WIN-2); the first meeting of the two curses the cult
(R-WIN-4) and the 10th Elder Sign ends the game (R-WIN-3). The game's end itself
(``Game.finish``) is the core's: a solo cult's last Curse ends it too. What the world
reads of an ended game is its ``Outcome`` (``Game.outcome``, fate/engine/model.py).
"""

from __future__ import annotations

from fate.engine.constants import ELDER_SIGNS_TO_LOSE, SUMMON_WIN
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import EndReason
from fate.engine.prepared import SIGN_GAINED, SUMMON_MOVED


def sign_spaces(g: Game, seat: int) -> int:
    """Lowest track space holding an Elder Sign (R-WIN-2); 10 if none."""
    return ELDER_SIGNS_TO_LOSE - g.signs[seat]


def move_summon(g: Game, seat: int, delta: int) -> None:
    """Move the Summon token (R-WIN-1, R-WIN-4). Pushes the win check."""
    old = g.summon[seat]
    new = max(0, min(SUMMON_WIN, old + delta))
    if new == old:
        return
    g.summon[seat] = new
    g.events.append(SUMMON_MOVED[seat][old][new])
    if g.signs[seat] and new >= sign_spaces(g, seat) and not g.es_cursed[seat]:
        # The first meeting of token and Elder Sign curses the cult (R-WIN-4).
        g.es_cursed[seat] = True
        g.emit(EventKind.ELDER_SIGN_CURSE, {"seat": seat})
        g.stack.append(("check_win", seat))
        g.gain_curse(seat, "elder_sign")
        return
    if new >= SUMMON_WIN:
        g.stack.append(("check_win", seat))


def gain_signs(g: Game, seat: int, count: int = 1) -> None:
    """Elder Signs fill the track from 9 down (R-WIN-2); the 10th ends the game (R-WIN-3)."""
    for _ in range(count):
        if g.over:
            return
        total = g.signs[seat] = g.signs[seat] + 1
        g.events.append(SIGN_GAINED[seat][total])
        if total >= ELDER_SIGNS_TO_LOSE:
            sealed(g, seat)
            return


def destroy_signs(g: Game, seat: int, count: int = 1) -> int:
    """Remove the Elder Signs placed last (R-WIN-5)."""
    k = min(count, g.signs[seat])
    if k:
        g.signs[seat] -= k
        g.emit(EventKind.ELDER_SIGN_DESTROYED, {"seat": seat, "count": k, "total": g.signs[seat]})
    return k


def sealed(g: Game, seat: int) -> None:
    """A 10th Elder Sign: that cult loses; the others are ranked (R-WIN-3, R-SO-8)."""
    if g.solo:
        g.finish((), (seat,), EndReason.SEALED)
        return
    rest = [s for s in range(g.n) if s != seat]
    fewest = min(g.signs[s] for s in rest)
    rest = [s for s in rest if g.signs[s] == fewest]
    most = max(g.summon[s] for s in rest)
    rest = [s for s in rest if g.summon[s] == most]
    g.finish(tuple(rest), (seat,), EndReason.SEALED)
