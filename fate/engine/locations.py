"""The Activate phase: each location's Basic and Control Actions (R-AC and the
location rules). The Museum's Control Action comes before its Basic Action
(R-MU-3), every other location's after (R-AC-1)."""

from __future__ import annotations

from collections.abc import Callable

from fate.content.model import Content
from fate.engine.artifacts import gain_artifact, reveal_artifacts
from fate.engine.constants import (
    CEREMONY,
    CONTROL_MINIMUM,
    GATHERING,
    LIBRARY,
    MUSEUM,
    N_LOCATIONS,
    OTHER_WORLDS,
    STREETS,
)
from fate.engine.ending import destroy_signs, gain_signs, move_summon
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import Choice, Event
from fate.engine.prepared import GATE_GAINED, SEAT_SLOTS
from fate.engine.registry import Asked, Task, roll_result, table, task
from fate.engine.said import N_, named, number, placed, said

SKIP = Choice("skip", said(N_("Do not take the Control Action")), None)
TAKE = [Choice("take", said(N_("Take the Control Action of {place}"), place=placed(loc)), "take")
        for loc in range(N_LOCATIONS)]
# Translators: solo play; {n} is 3 (R-SO-7).
CLEANSE = Choice("cleanse", said(N_("Instead gain {n} Elder Signs to destroy one of your Curses"), n=number(3)), "cleanse")
TEMPORARY_TEXT = [said(N_("You do not control {place}. Roll a Fate Die for Temporary Control?"), place=placed(loc))
                  for loc in range(N_LOCATIONS)]
CONTROL_TEXT = [said(N_("Control Action at {place}?"), place=placed(loc)) for loc in range(N_LOCATIONS)]
ROLL_OR_NOT = (Choice("roll", said(N_("Roll for Temporary Control")), True),
               Choice("no", said(N_("Do not roll")), False))

def activate(g: Game, t: Task) -> None:
    """Control is judged once, as the Activate phase's steps begin (after its casting
    window): that verdict stands for the Control Action of this turn, whatever the
    Basic Action then does to the Cultists there (R-AC-2; the Other Worlds example
    of the rulebook). Temporary Control is offered only to a cult that lacked it."""
    seat, loc = g.cur, g.turn_loc
    if g.has_control(seat, loc):
        g.ctl = 2
        g.events.append(CONTROL_TOLD[seat][loc])
    else:
        g.events.append(_refused(g, seat, loc))
    if loc == MUSEUM:  # R-MU-3: its Control Action comes first
        g.stack += MUSEUM_STEPS
    else:  # R-AC-1: the Basic Action, then the Control Action
        g.stack += CONTROL_STEPS
        basic(g, t)


def _refused(g: Game, seat: int, loc: int) -> Event:
    """Why the seat lacks Control here (R-AC-2, R-SO-6): its Cultists, the minimum, and the
    most Cultists of another cult there (playing solo, the Investigators there)."""
    mine = g.at[loc][seat]
    need = CONTROL_MINIMUM - (g.passive(seat, "control_discount") if g.arts[seat] else 0)
    if g.solo:
        rival, theirs = -1, g.inv_at[loc]
    else:
        theirs, rival = max((n, s) for s, n in enumerate(g.at[loc]) if s != seat)
    return Event(EventKind.NO_CONTROL, {"seat": seat, "location": loc, "mine": mine, "need": need, "rival": rival,
                                "theirs": theirs})


# what follows the verdict on Control, as it lies on the stack (the next on top)
CONTROL_STEPS = (("control_action",), ("temporary_control",))
MUSEUM_STEPS = (("basic",), ("control_action",), ("temporary_control",))


# ------------------------------------------------------------ control


def temporary_control(g: Game, t: Task) -> Asked | None:
    """R-AC-3: without Control at the start of Activate, the offer to roll for it."""
    if g.ctl:
        return None
    seat, loc = g.cur, g.turn_loc
    return (seat, "temporary_control", TEMPORARY_TEXT[loc], ROLL_OR_NOT,
               ("location", loc))


def control_roll(g: Game, t: Task, yes: bool) -> None:
    if yes:
        g.stack.append(("roll", g.cur, 1, "temporary", None))


def temporary_result(g: Game, seat: int, faces: list[int], arg: None) -> None:
    if any(f in g.content.dice.temporary_control for f in faces):
        g.ctl = 1
        g.events.append(TEMPORARY_TOLD[seat][g.turn_loc])
    else:
        g.events.append(TEMPORARY_FAILED[seat][g.turn_loc])


def control_action(g: Game, t: Task) -> Asked | None:
    if not g.ctl:
        return None
    seat, loc = g.cur, g.turn_loc
    opts = [TAKE[loc], SKIP]
    if g.solo and not g.cleanse_used and g.curses_on(seat) > 0:  # R-SO-7
        opts.insert(1, CLEANSE)
    if not CONTROL_POSSIBLE[loc](g, seat):
        opts = [o for o in opts if o[0] != "take"]
    return (seat, "control_action", CONTROL_TEXT[loc], tuple(opts),
               ("location", loc))


def control_take(g: Game, t: Task, what: str | None) -> None:
    seat, loc = g.cur, g.turn_loc
    if what == "take":
        g.events.append(CONTROL_ACTION_TOLD[seat][loc])
        g.stack.append(CONTROL_TASKS[loc])
    elif what == "cleanse":
        g.cleanse_used = True
        g.stack.append(("cleanse", seat))


def cleanse(g: Game, t: Task) -> None:
    """R-SO-7: three Elder Signs buy the destruction of one face-down Curse."""
    seat = t[1]
    for entry in g.held:
        if entry[1] == seat:
            g.held.remove(entry)
            g.curse_deck.insert(0, entry[0])
            g.emit(EventKind.CURSE_DESTROYED, {"seat": seat, "carried": g.curses_on(seat)})
            break
    gain_signs(g, seat, 3)


# events made once (fate/engine/game.py, SEAT_SLOTS)
BASIC_ACTION, CONTROL_TOLD, TEMPORARY_TOLD, TEMPORARY_FAILED, CONTROL_ACTION_TOLD = (
    [[Event(kind, {"seat": s, "location": loc}) for loc in range(N_LOCATIONS)] for s in SEAT_SLOTS]
    for kind in (EventKind.BASIC_ACTION, EventKind.CONTROL, EventKind.TEMPORARY_CONTROL,
                 EventKind.TEMPORARY_CONTROL_FAILED, EventKind.CONTROL_ACTION))


def basic(g: Game, t: Task) -> None:
    g.events.append(BASIC_ACTION[g.cur][g.turn_loc])
    g.stack.append(BASIC_TASKS[g.turn_loc])


# ------------------------------------------------------- The Other Worlds


def ow_basic(g: Game, t: Task) -> None:
    """R-OW-1: one die per Cultist of yours there."""
    seat = g.cur
    dice = g.at[OTHER_WORLDS][seat] + g.passive(seat, "summon_dice")
    g.stack.append(("roll", seat, dice, "other_worlds", None))


def ow_result(g: Game, seat: int, faces: list[int], arg: None) -> None:
    d = g.content.dice
    wins = returns = 0
    for f in faces:
        wins += f in d.summon
        returns += f in d.cultist_return
    g.ow_returns = returns
    g.stack.append(("ow_advance", seat, wins))


def ow_advance(g: Game, t: Task) -> None:
    """One success at a time, so a win ends the game at once (R-WIN-1)."""
    seat, left = t[1], t[2]
    if left <= 0:
        return
    g.stack.append(("ow_advance", seat, left - 1))
    g.sacrifice(seat, OTHER_WORLDS, 1)
    move_summon(g, seat, 1)


def ow_control(g: Game, t: Task) -> None:
    """R-OW-2: each Cultist-return face of the basic roll brings one back."""
    g.recall(g.cur, g.ow_returns)


# ------------------------------------------------------------ The Museum


def museum_basic(g: Game, t: Task) -> Asked | None:
    """R-MU-1: one of the two face-up Artifacts or the top of the deck."""
    seat = g.cur
    take = g.tables.take_artifact
    opts = [take[a] for a in g.art_up]
    if g.art_deck:
        opts.append(TAKE_FROM_DECK)
    if not opts:
        g.emit(EventKind.NO_ARTIFACTS, {"seat": seat})
        return None
    return (seat, "museum", TAKE_ONE, tuple(opts), ())


TAKE_ONE = said(N_("Take an Artifact"))
TAKE_FROM_DECK = Choice("artifact_deck", said(N_("Take the top Artifact of the deck")), -1)


def _take_artifact(content: Content) -> list[Choice | None]:
    """``take_artifact[card]``: a face-up Artifact's choice at The Museum, made once (None for
    other cards)."""
    return [Choice(f"artifact:{c.id}", said(N_("Take {card}"), card=named(c)), c.index) if c.kind == "artifact" else None
            for c in content.cards]


def museum_take(g: Game, t: Task, art: int) -> None:
    seat = g.cur
    if art == -1:
        art = g.art_deck.pop()
    else:
        g.art_up.remove(art)
    for rest in g.art_up:
        g.art_deck.insert(0, rest)
    g.art_up = []
    reveal_artifacts(g)
    gain_artifact(g, seat, art)


def museum_control(g: Game, t: Task) -> Asked | None:
    """R-MU-3, first part: replace the two face-up Artifacts."""
    if not g.art_deck:
        g.stack.append(("museum_sacrifice", 0))
        return None
    return (g.cur, "museum_replace", REPLACE_ASKED, REPLACE_OR_KEEP, ())


REPLACE_ASKED = said(N_("Replace the two face-up Artifacts with two new ones?"))
REPLACE_OR_KEEP = (Choice("replace", said(N_("Replace them")), True), Choice("keep", said(N_("Keep them")), False))


def museum_replace(g: Game, t: Task, yes: bool) -> None:
    if yes:
        old = g.art_up
        g.art_up = []
        reveal_artifacts(g)
        for a in old:
            g.art_deck.insert(0, a)
    g.stack.append(("museum_sacrifice", 0))


def museum_sacrifice(g: Game, t: Task) -> Asked | None:
    """R-MU-3, second part: up to 3 Cultists, each destroying an Elder Sign."""
    seat, done = g.cur, t[1]
    if done >= 3 or g.at[MUSEUM][seat] == 0:
        return None
    made = g.tables.destroy_options
    opts = []
    for s in range(g.n):
        if g.signs[s] > 0:
            key = (s, g.gods[s])
            opt = made.get(key)
            if opt is None:
                opt = made[key] = Choice(f"destroy:{s}", said(SACRIFICE_ONE, cult=("cult", s, g.seat_name(s))), s)
            opts.append(opt)
    if not opts:
        return None
    opts.append(SACRIFICE_NO_MORE)
    return (seat, "museum_sacrifice", SACRIFICE_ASKED, tuple(opts), ())


SACRIFICE_ONE = N_("Sacrifice a Cultist: destroy an Elder Sign of {cult}")
SACRIFICE_ASKED = said(N_("Sacrifice Cultists at {place} to destroy Elder Signs"), place=placed(MUSEUM))
SACRIFICE_NO_MORE = Choice("stop", said(N_("Sacrifice no more")), -1)


def _destroy_options(content: Content) -> dict[tuple[int, int], Choice]:
    """``destroy_options``: the choices of ``museum_sacrifice`` by (the seat whose Elder Sign,
    its god), made as games need them (the words name the cult)."""
    return {}


def museum_sacrifice_take(g: Game, t: Task, target: int) -> None:
    if target < 0:
        return
    g.sacrifice(g.cur, MUSEUM, 1)
    destroy_signs(g, target, 1)
    g.stack.append(("museum_sacrifice", t[1] + 1))


# ---------------------------------------------------------- The Ceremony


def ceremony_basic(g: Game, t: Task) -> None:
    """R-CE-1: a Gate (if none is held), then the Dark Gift."""
    seat = g.cur
    if g.gate[seat] < 0 and g.gate_supply:
        g.gate[seat] = g.gate_supply.pop()
        g.events.append(GATE_GAINED[seat])
    god = g.gods[seat]
    g.events.append(g.tables.dark_gift_told[g.solo][god][seat])
    g.stack.append(("fx", seat, god, g.effect_of(god), 0, ()))


def _dark_gift_told(content: Content) -> tuple[list[list[Event] | None], list[list[Event] | None]]:
    """``dark_gift_told[solo][god][seat]``: the event of a Dark Gift, with the text it resolves
    (made once: game.SEAT_SLOTS; None for cards other than gods)."""
    def told(solo: bool) -> list[list[Event] | None]:
        return [[Event(EventKind.DARK_GIFT, {"seat": s, "god": c.id,
                                             "text": c.solo_text if solo and c.solo_text else c.text})
                 for s in SEAT_SLOTS] if c.kind == "god" else None for c in content.cards]

    return told(False), told(True)


def ceremony_control(g: Game, t: Task) -> None:
    """R-CE-2: two Cultists at The Ceremony for one step of the Summon Track."""
    seat = g.cur
    g.sacrifice(seat, CEREMONY, 2)
    move_summon(g, seat, 1)


# ---------------------------------------------------- Streets of Arkham


def streets_basic(g: Game, t: Task) -> None:
    if g.solo:  # R-SO-5
        g.investigators_home(g.cur, 2)
        return
    g.stack.append(("streets_send", 2))


def streets_send(g: Game, t: Task) -> Asked | None:
    """R-SA-1: two Investigators in all, from your Lodge or the supply."""
    seat, left = g.cur, t[1]
    if left == 0:
        g.stack.append(("streets_raids",))
        return None
    sources: list[tuple[str, str, int | str]] = []  # (id, words, the seat sending or "supply")
    if g.inv_lodge[seat]:
        sources.append(("lodge", SEND_FROM_LODGE, seat))
    if g.inv_supply:
        sources.append(("supply", SEND_FROM_SUPPLY, "supply"))
    if not sources:
        g.stack.append(("streets_raids",))
        return None
    made = g.tables.send_options
    opts = []
    for sid, where, src in sources:
        for s in g.others(seat):
            key = (sid, src, s, g.gods[s])
            opt = made.get(key)
            if opt is None:
                opt = made[key] = Choice(f"send:{sid}:{s}", said(where, cult=("cult", s, g.seat_name(s))), (src, s))
            opts.append(opt)
    return (seat, "streets_send", said(SEND_ASKED, n=number(left)), tuple(opts), ())


SEND_FROM_LODGE = N_("Send an Investigator from your Lodge to {cult}")
SEND_FROM_SUPPLY = N_("Send an Investigator from the supply to {cult}")
# Translators: {n} is 2 or 1, the Investigators still to send.
SEND_ASKED = N_("Send Investigators into other Lodges ({n} left)")


def _send_options(content: Content) -> dict[tuple[str, int | str, int, int], Choice]:
    """``send_options``: the choices of ``streets_send`` by (source, its seat or "supply", the seat
    sent to, its god), made as games need them."""
    return {}


def streets_send_take(g: Game, t: Task, value: tuple[int | str, int]) -> None:
    src, target = value
    g.investigators_to_lodge(target, 1, src)
    g.stack.append(("streets_send", t[1] - 1))


def streets_raids(g: Game, t: Task) -> None:
    """R-SA-1: every other cult with an Investigator is raided; you are not."""
    g.push(*[("raid", s) for s in g.others(g.cur) if g.inv_lodge[s] > 0])


def streets_control(g: Game, t: Task) -> None:
    seat = g.cur
    g.sacrifice(seat, STREETS, 1)
    if g.solo:  # R-SO-5
        g.investigators_home(seat, 1)
        return
    for s in g.others(seat):  # R-SA-2: these do not raid now
        g.investigators_to_lodge(s, 1, "supply")


# ---------------------------------------------------------- The Gathering


def gathering_basic(g: Game, t: Task) -> None:
    """R-GA-1: three from the Abyss, then one may leave The Gathering."""
    g.recall(g.cur, 3)
    g.stack.append(("gathering_move", 1))


def gathering_move(g: Game, t: Task) -> Asked | None:
    seat, left = g.cur, t[1]
    if left == 0 or g.at[GATHERING][seat] == 0:
        return None
    return (seat, "gathering_move", MOVE_ANY if left > 1 else MOVE_ONE, GATHERING_MOVES, ())


MOVE_ANY = said(N_("Move any number of Cultists from {place}"), place=placed(GATHERING))
MOVE_ONE = said(N_("Move one Cultist from {place}"), place=placed(GATHERING))


# GATHERING_LEFT[seat][location]: a Cultist moved from The Gathering (made once: game.SEAT_SLOTS)
GATHERING_LEFT = [[Event(EventKind.CULTIST_MOVED, {"seat": s, "frm": GATHERING, "to": loc}) for loc in range(N_LOCATIONS)]
                  for s in SEAT_SLOTS]
GATHERING_MOVES = tuple([Choice(f"to:{loc}", said(N_("Move a Cultist to {place}"), place=placed(loc)), loc)
                         for loc in range(N_LOCATIONS) if loc != GATHERING]
                        + [Choice("stop", said(N_("Move no more Cultists")), -1)])


def gathering_move_take(g: Game, t: Task, loc: int) -> None:
    if loc < 0:
        return
    seat = g.cur
    g.at[GATHERING][seat] -= 1
    g.at[loc][seat] += 1
    g.events.append(GATHERING_LEFT[seat][loc])
    g.stack.append(("gathering_move", t[1] - 1))


def gathering_control(g: Game, t: Task) -> None:
    """R-GA-2: any number, split as you like."""
    g.stack.append(("gathering_move", 99))


# ---------------------------------------------------------- The Library


def library_basic(g: Game, t: Task) -> None:
    """R-LI-1 and R-LI-2: draw 3; Ready up to 2 this Conclude."""
    for _ in range(3):
        g.draw_spell(g.cur)
    g.ready_allow = 2


def library_control(g: Game, t: Task) -> None:
    """R-LI-3: Ready one Spell from hand for free."""
    g.stack.append(("ready_free",))


BASIC_TASKS = {
    OTHER_WORLDS: ("ow_basic",),
    MUSEUM: ("museum_basic",),
    CEREMONY: ("ceremony_basic",),
    STREETS: ("streets_basic",),
    GATHERING: ("gathering_basic",),
    LIBRARY: ("library_basic",),
}
CONTROL_TASKS = {
    OTHER_WORLDS: ("ow_control",),
    MUSEUM: ("museum_control",),
    CEREMONY: ("ceremony_control",),
    STREETS: ("streets_control",),
    GATHERING: ("gathering_control",),
    LIBRARY: ("library_control",),
}
# Whether a Control Action could do anything at all (so it is not offered in vain).
CONTROL_POSSIBLE: dict[int, Callable[[Game, int], bool]] = {
    OTHER_WORLDS: lambda g, s: g.ow_returns > 0 and g.abyss[s] > 0,
    MUSEUM: lambda g, s: bool(g.art_deck) or (g.at[MUSEUM][s] > 0 and any(g.signs)),
    CEREMONY: lambda g, s: g.at[CEREMONY][s] >= 2,
    STREETS: lambda g, s: g.at[STREETS][s] >= 1,
    GATHERING: lambda g, s: g.at[GATHERING][s] >= 1,
    LIBRARY: lambda g, s: bool(g.hands[s]),
}


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

task("activate", activate, quiet=True)
task("temporary_control", temporary_control, control_roll, quiet=True)
roll_result("temporary", temporary_result)
task("control_action", control_action, control_take, quiet=True)
task("cleanse", cleanse)
task("basic", basic, quiet=True)
task("ow_basic", ow_basic)
roll_result("other_worlds", ow_result)
task("ow_advance", ow_advance)
task("ow_control", ow_control)
task("museum_basic", museum_basic, museum_take, quiet=True)
task("museum_control", museum_control, museum_replace, quiet=True)
task("museum_sacrifice", museum_sacrifice, museum_sacrifice_take, quiet=True)
task("ceremony_basic", ceremony_basic)
task("ceremony_control", ceremony_control)
task("streets_basic", streets_basic)
task("streets_send", streets_send, streets_send_take, quiet=True)
table("send_options", _send_options)
table("take_artifact", _take_artifact)
table("destroy_options", _destroy_options)
table("dark_gift_told", _dark_gift_told)
task("streets_raids", streets_raids)
task("streets_control", streets_control)
task("gathering_basic", gathering_basic)
task("gathering_move", gathering_move, gathering_move_take, quiet=True)
task("gathering_control", gathering_control)
task("library_basic", library_basic)
task("library_control", library_control)
