"""Raids (R-RD, R-CN-6, R-MV-8) and the Investigators' own turn in solo play
(R-SO-2..4)."""

from __future__ import annotations

from fate.engine.casting import open_window
from fate.engine.constants import GAME_SEAT, INVESTIGATORS, OTHER_WORLDS, RAID_THRESHOLD, STREETS
from fate.engine.ending import gain_signs
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import Event
from fate.engine.prepared import SEAT_SLOTS
from fate.engine.registry import Task, roll_result, task


def lodge_raid(g: Game, t: Task) -> None:
    """R-CN-6: five or more Investigators in your Lodge raid it."""
    if g.inv_lodge[g.cur] >= RAID_THRESHOLD:
        raid(g, ("raid", g.cur))  # the task it would push, run at once: both are quiet


# events made once (fate/engine/game.py, SEAT_SLOTS)
RAID_DECLARED = [[Event(EventKind.RAID_DECLARED, {"seat": s, "investigators": k}) for k in range(INVESTIGATORS + 1)]
                 for s in SEAT_SLOTS]
RAIDED = [[[Event(EventKind.RAIDED, {"seat": s, "signs": k, "destroyed": d}) for d in range(9)] for k in range(9)]
          for s in SEAT_SLOTS]


def raid(g: Game, t: Task) -> None:
    """R-RD-1: declared (a window opens), then one die per Investigator."""
    seat = t[1]
    g.events.append(RAID_DECLARED[seat][g.inv_lodge[seat]])  # at most 25 (game.SEAT_SLOTS)
    g.stack.append(("raid_roll", seat))
    if not open_window(g, "raid", 0, seat):
        raid_roll(g, g.stack.pop())  # next anyway, and both are quiet: run at once


def raid_roll(g: Game, t: Task) -> None:
    seat = t[1]
    dice = g.inv_lodge[seat] - (g.passive(seat, "raid_shield") if g.arts[seat] else 0)
    if g.level is not None and g.inv_lodge[seat]:  # solo
        dice += g.level.raid_dice  # the solo level's harder or gentler raids (an empty Lodge rolls none)
    dice = max(0, dice)
    if dice:
        g.stack.append(("roll", seat, dice, "raid", None))
    else:
        g.emit(EventKind.RAID_REPELLED, {"seat": seat})


def raid_result(g: Game, seat: int, faces: list[int], arg: None) -> None:
    """R-RD-2: Elder Signs first, then the destroyed Investigators go home."""
    d = g.content.dice
    signs = kills = 0
    for f in faces:
        if f in d.raid_sign or f in d.raid_sign_kill:
            signs += 1
        if f in d.raid_sign_kill or f in d.raid_kill:
            kills += 1
    destroyed = min(kills, g.inv_lodge[seat])
    if signs <= 8 and destroyed <= 8:
        g.events.append(RAIDED[seat][signs][destroyed])
    else:
        g.emit(EventKind.RAIDED, {"seat": seat, "signs": signs, "destroyed": destroyed})
    gain_signs(g, seat, signs)
    if not g.over:
        g.investigators_home(seat, kills)


# ---------------------------------------------------------------- solo


def investigators_turn(g: Game, t: Task) -> None:
    """R-SO-2..4: the Investigators' automaton moves after each of your turns."""
    player = 0
    here = g.pieces[1]
    card = g.top_spell()
    g.phase = "investigators"
    if card is None:
        g.emit(EventKind.INVESTIGATORS_WAIT, {})
        return
    g.columns[here].append(card)
    sym = g.card(card).symbol
    dest = sym if sym != here else OTHER_WORLDS
    g.pieces[1] = dest
    g.emit(EventKind.FATE_MOVED, {"seat": GAME_SEAT, "piece": 1, "frm": here, "to": dest, "backs": [sym]})
    raids = dest == STREETS
    level = g.level
    assert level is not None  # the Investigators take turns in solo games only, which have a level
    if dest == g.pieces[0]:  # R-SO-3 (how many Curses and Elder Signs: the solo level)
        for _ in range(level.meeting_curses):
            g.gain_curse(player, "meeting")
        gain_signs(g, player, level.meeting_signs)
        final = STREETS if g.pieces[0] == OTHER_WORLDS else OTHER_WORLDS
        g.pieces[1] = final
        g.emit(EventKind.FATE_MOVED, {"seat": GAME_SEAT, "piece": 1, "frm": dest, "to": final, "backs": []})
        raids = raids or final == STREETS
        dest = final
    places = (("place_investigator", dest),) * level.arrive  # one in the rules; the level may say more
    if raids and not g.over:  # R-SO-4
        g.push(("raid", player), *places)
    elif not g.over:
        g.push(*places)


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

task("lodge_raid", lodge_raid, quiet=True)
task("raid", raid, quiet=True)
task("raid_roll", raid_roll, quiet=True)
roll_result("raid", raid_result)
task("investigators_turn", investigators_turn)
