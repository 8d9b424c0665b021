"""What a choice brings its cult at once, in the game's words, for the Hint's line.

Judged only from what the seat knows: the choice is tried on several games made
from that seat's knowledge (fate/engine/determinize.py), each with dice of its
own, and only what comes out the same in every one of them is said. A roll's
luck, a card still unseen, anything that could go either way, is left unsaid.
The search itself (fate/ai/ismcts.py) weighs what comes later.
"""

from __future__ import annotations

from fate.engine import Game
from fate.engine.determinize import determinize
from fate.engine.errors import IllegalChoice
from fate.ground.language import ngettext, number

TRIES = 8  # games made from the seat's knowledge the choice is tried on (a few ms in all)


def _tally(g: Game, seat: int) -> dict[str, int]:
    return {
        "summon": g.summon[seat],
        "signs": g.signs[seat],
        "board": sum(row[seat] for row in g.at),
        "lodge": g.lodge[seat],
        "abyss": g.abyss[seat],
        "investigators": g.inv_lodge[seat],
        "curses": g.curses_on(seat),
    }


def gains(g: Game, seat: int, cid: str, tries: int = TRIES) -> list[str]:
    """Phrases for what choice ``cid`` of ``seat`` surely changes for that cult right away
    ("1 step up the Summon track", "2 more Cultists on the board"); [] when nothing is sure."""
    before = _tally(g, seat)
    outcomes = []
    for k in range(tries):
        trial = determinize(g, seat, g.decision * 131 + k)
        try:
            trial.apply(cid)
        except IllegalChoice:
            return []
        outcomes.append(_tally(trial, seat))
    sure = {key: outcomes[0][key] - before[key] for key in before
            if all(o[key] == outcomes[0][key] for o in outcomes) and outcomes[0][key] != before[key]}
    return _words(sure)


def _words(delta: dict[str, int]) -> list[str]:
    """The phrases in the language spoken now (the Hint's line is drawn in it)."""
    out = []
    if delta.get("summon", 0) > 0:
        n = delta["summon"]
        out.append(ngettext("{n} step up the Summon track", "{n} steps up the Summon track", n).format(n=number(n)))
    if delta.get("board", 0) > 0:
        n = delta["board"]
        out.append(ngettext("{n} more Cultist on the board", "{n} more Cultists on the board", n).format(n=number(n)))
    if delta.get("abyss", 0) < 0:
        n = -delta["abyss"]
        out.append(ngettext("{n} Cultist back from the Abyss", "{n} Cultists back from the Abyss", n).format(
            n=number(n)))
    if delta.get("investigators", 0) < 0:
        n = -delta["investigators"]
        out.append(ngettext("{n} Investigator fewer in your Lodge", "{n} Investigators fewer in your Lodge", n).format(
            n=number(n)))
    if delta.get("curses", 0) < 0:
        n = -delta["curses"]
        out.append(ngettext("{n} Curse fewer on you", "{n} Curses fewer on you", n).format(n=number(n)))
    if delta.get("signs", 0) > 0:
        n = delta["signs"]
        out.append(ngettext("{n} Elder Sign more (ten lose the game)", "{n} Elder Signs more (ten lose the game)",
                            n).format(n=number(n)))
    if delta.get("investigators", 0) > 0:
        n = delta["investigators"]
        out.append(ngettext("{n} more Investigator in your Lodge", "{n} more Investigators in your Lodge", n).format(
            n=number(n)))
    return out
