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
from fate.words.english import count

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
    out = []
    if delta.get("summon", 0) > 0:
        out.append(f"{count(delta['summon'], 'step')} up the Summon track")
    if delta.get("board", 0) > 0:
        out.append(f"{count(delta['board'], 'more Cultist')} on the board")
    if delta.get("abyss", 0) < 0:
        out.append(f"{count(-delta['abyss'], 'Cultist')} back from the Abyss")
    if delta.get("investigators", 0) < 0:
        out.append(f"{count(-delta['investigators'], 'Investigator')} fewer in your Lodge")
    if delta.get("curses", 0) < 0:
        out.append(f"{count(-delta['curses'], 'Curse')} fewer on you")
    if delta.get("signs", 0) > 0:
        out.append(f"{count(delta['signs'], 'Elder Sign')} more (ten lose the game)")
    if delta.get("investigators", 0) > 0:
        out.append(f"{count(delta['investigators'], 'more Investigator')} in your Lodge")
    return out
