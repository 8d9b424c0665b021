"""The Move phase (R-MV): a Spell, a Wild pair or a Gate moves the Fate Piece,
Investigators follow a cult home, then a Cultist and an Investigator are placed.
Two Fate Pieces in two-player and solo games block each other (R-2P-2, R-SO-9)."""

from __future__ import annotations

from typing import Any

from fate.content.model import Card, Content
from fate.engine.constants import (
    INVESTIGATORS,
    MOVE_INVESTIGATOR_THRESHOLD,
    N_LOCATIONS,
)
from fate.engine.ending import gain_signs
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import Choice, Event
from fate.engine.prepared import SEAT_SLOTS
from fate.engine.registry import Asked, Task, table, task
from fate.engine.said import N_, named, number, placed, said


def play_option(c: Card) -> Choice:
    """The move choice of a Spell: play it to go where its back points (R-MV-1)."""
    dest = c.symbol
    return Choice(f"play:{c.id}", said(PLAY, card=named(c), place=placed(dest)), ("single", c.index, dest))


PLAY = N_("Play {card} to move to {place}")


def move_options(g: Game, seat: int) -> list[Choice]:
    piece = seat if g.n == 2 else 0  # piece_of(seat)
    here = g.pieces[piece]
    blocked = g.blocked_for(piece) if len(g.pieces) > 1 else ()  # one piece blocks nothing
    play = g.tables.play
    opts = []
    counts = [0] * N_LOCATIONS
    for card in g.hands[seat]:
        opt = play[card]
        dest = opt[2][2]
        counts[dest] += 1
        if dest != here and dest not in blocked:  # R-MV-1, R-MV-4, R-2P-2
            opts.append(opt)
    if len(blocked) + (here not in blocked) < N_LOCATIONS:  # somewhere to go
        for sym in range(1, N_LOCATIONS):
            if counts[sym] >= 2:  # R-MV-2
                opts.append(g.tables.wild[sym])
        if g.gate[seat] >= 0:  # R-MV-3
            opts.append(GATE_OPTION)
    return opts


GATE_OPTION = Choice("gate", said(N_("Play your Gate card as a Wild")), ("gate",))
MOVE_ASKED = said(N_("Move the Fate Piece: play a Spell, a Wild pair or your Gate"))


def move(g: Game, t: Task) -> Asked | None:
    seat = g.cur
    opts = move_options(g, seat)
    if opts:
        return (seat, "move", MOVE_ASKED,
                   tuple(opts), ("from", g.pieces[seat if g.n == 2 else 0]))
    # R-MV-9: show the hand and draw until a move exists; stay if nothing is left.
    g.emit(EventKind.NO_MOVE, {"seat": seat, "hand": [g.card(x).symbol for x in g.hands[seat]]})
    if g.draw_spell(seat) is None:
        g.emit(EventKind.FATE_PIECE_STAYS, {"seat": seat, "location": g.pieces[g.piece_of(seat)]})
        g.turn_loc = g.pieces[g.piece_of(seat)]
        g.stack.append(("skip_placement",))
        return None
    g.stack.append(("move",))
    return None


def move_take(g: Game, t: Task, value: tuple[Any, ...]) -> None:
    if value[0] == "single":
        g.stack.append(("move_to", (value[1],), value[2]))
    elif value[0] == "wild":
        g.stack.append(("wild_pick", value[1], ()))
    else:
        g.stack.append(("destination", (g.gate[g.cur],)))


def wild_pick(g: Game, t: Task) -> Asked | None:
    sym, picked = t[1], t[2]
    seat = g.cur
    back, give_up = g.tables.back, g.tables.give_up
    opts = tuple([give_up[x] for x in g.hands[seat] if back[x] == sym and x not in picked])
    return (seat, "wild_card", WILD_PICK_TEXT[len(picked)], opts, ())


WILD_PICK_TEXT = [said(N_("Choose Spell {n} of 2 for the Wild"), n=number(k + 1)) for k in range(2)]


def wild_pick_take(g: Game, t: Task, card: int) -> None:
    picked = t[2] + (card,)
    g.stack.append(("wild_pick", t[1], picked) if len(picked) < 2 else ("destination", picked))


def destination(g: Game, t: Task) -> Asked:
    seat = g.cur
    piece = g.piece_of(seat)
    here = g.pieces[piece]
    blocked = g.blocked_for(piece)
    opts = tuple([MOVE_TO[loc] for loc in range(N_LOCATIONS) if loc != here and loc not in blocked])
    return (seat, "destination", WHERE_TO, opts, ())


WHERE_TO = said(N_("Where does the Fate Piece go?"))
MOVE_TO = [Choice(f"to:{loc}", said(N_("Move to {place}"), place=placed(loc)), loc) for loc in range(N_LOCATIONS)]


def destination_take(g: Game, t: Task, loc: int) -> None:
    g.stack.append(("move_to", t[1], loc))


def move_to(g: Game, t: Task) -> None:
    """Cards go face down on the Column being left; the piece moves (R-MV-1..3)."""
    cards, dest = t[1], t[2]
    seat = g.cur
    piece = seat if g.n == 2 else 0  # piece_of(seat)
    here = g.pieces[piece]
    for card in cards:
        if g.gate[seat] == card:
            g.gate[seat] = -1
        else:
            g.hands[seat].remove(card)
        g.columns[here].append(card)
    g.pieces[piece] = dest
    g.turn_loc = dest
    # made once (fate/engine/game.py, SEAT_SLOTS): the backs of a move are those of one
    # Spell, of a Wild pair (two alike) or of a Gate, so a few thousand events at most
    back = g.tables.back
    key = (seat, piece, here, dest, back[cards[0]], len(cards))
    told = g.tables.moved_told
    event = told.get(key)
    if event is None:
        event = told[key] = Event(EventKind.FATE_MOVED, {"seat": seat, "piece": piece, "frm": here, "to": dest,
                                                 "backs": [back[x] for x in cards]})
    g.events.append(event)


def investigators_move(g: Game, t: Task) -> None:
    """R-MV-5: three or more Investigators at the new location go to the Lodge."""
    loc = g.turn_loc
    k = g.inv_at[loc]
    if k >= MOVE_INVESTIGATOR_THRESHOLD:
        g.inv_at[loc] = 0
        g.inv_lodge[g.cur] += k
        g.events.append(FOLLOWED[g.cur][loc][k])  # at most 25 (game.SEAT_SLOTS)


def skip_placement(g: Game, t: Task) -> None:
    """R-MV-9: the piece stayed; drop this turn's investigator and placement steps."""
    while g.stack and g.stack[-1][0] in ("investigators_move", "place"):
        g.stack.pop()


def place(g: Game, t: Task) -> None:
    """R-MV-6..8: one Cultist onto the new location, then one Investigator."""
    seat, loc = g.cur, g.turn_loc
    g.stack.append(("place_investigator", loc))  # after any Curse the Cultist reveals
    if g.lodge[seat] > 0:
        g.lodge[seat] -= 1
        arrive = 1
    else:  # R-MV-7
        take = min(2, g.abyss[seat])
        g.abyss[seat] -= take
        arrive = min(take, 1)
        g.lodge[seat] += take - arrive
        g.emit(EventKind.EMPTY_LODGE, {"seat": seat, "taken": take})
        gain_signs(g, seat, 1)
    if not arrive:
        return
    if g.squall[loc] and seat != g.squall_owner:
        # A Winter Squall blows the arriving Cultist into the Abyss; the token is spent.
        g.squall[loc] -= 1
        g.abyss[seat] += 1
        g.emit(EventKind.SQUALL_STRUCK, {"seat": seat, "location": loc})
        return
    g.at[loc][seat] += 1
    g.events.append(CULTIST_PLACED[seat][loc])


# events made once (fate/engine/game.py, SEAT_SLOTS)
CULTIST_PLACED = [[Event(EventKind.CULTIST_PLACED, {"seat": s, "location": loc}) for loc in range(N_LOCATIONS)]
                  for s in SEAT_SLOTS]
INVESTIGATOR_PLACED = [Event(EventKind.INVESTIGATOR_PLACED, {"location": loc}) for loc in range(N_LOCATIONS)]
FOLLOWED = [[[Event(EventKind.INVESTIGATORS_FOLLOWED, {"seat": s, "location": loc, "count": k}) for k in range(INVESTIGATORS + 1)]
             for loc in range(N_LOCATIONS)] for s in SEAT_SLOTS]


def place_investigator(g: Game, t: Task) -> None:
    loc = t[1]
    if g.inv_supply == 0:  # R-MV-8
        raided = [s for s in g.clockwise_from(g.cur) if g.inv_lodge[s] > 0]
        g.emit(EventKind.SUPPLY_EMPTY, {"raided": raided})
        g.push(*[("raid", s) for s in raided], ("place_investigator_after", loc))
        return
    g.inv_supply -= 1
    g.inv_at[loc] += 1
    g.events.append(INVESTIGATOR_PLACED[loc])


def place_investigator_after(g: Game, t: Task) -> None:
    loc = t[1]
    if g.inv_supply > 0:
        g.inv_supply -= 1
        g.inv_at[loc] += 1
        g.events.append(INVESTIGATOR_PLACED[loc])



def _moved_told(content: Content) -> dict[tuple[Any, ...], Event]:
    """``moved_told[(seat, piece, from, to, first back, cards)]``: the event of a move,
    made as games need it."""
    return {}


def _play_table(content: Content) -> list[Choice | None]:
    """``play[card]``: a Spell's move choice, made once."""
    return [play_option(c) if c.kind == "spell" else None for c in content.cards]


def _wild_table(content: Content) -> dict[int, Choice]:
    """``wild[symbol]``: the choice of a Wild pair of that symbol (R-MV-2), named by the
    symbol as every Spell is (data/glossary.yaml: a Hood Spell, never a Gathering one)."""
    return {sym: Choice(f"wild:{sym}", said(N_("Play two {symbol} Spells as a Wild"),
                                            symbol=("symbol", sym, content.symbols[sym].name)), ("wild", sym))
            for sym in range(1, N_LOCATIONS)}


def _give_up_table(content: Content) -> list[Choice]:
    """``give_up[card]``: a Spell's choice as one of the pair of a Wild, made once (for
    every card: only Spells are ever in a hand)."""
    return [Choice(f"card:{c.id}", said(N_("Give up {card}"), card=named(c)), c.index) for c in content.cards]


def _back_table(content: Content) -> list[int | str]:
    """``back[card]``: the Astral back a card shows face down: its symbol, or "gate"."""
    return [c.symbol if c.kind == "spell" else "gate" for c in content.cards]


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

task("move", move, move_take)
task("wild_pick", wild_pick, wild_pick_take, quiet=True)
task("destination", destination, destination_take, quiet=True)
task("move_to", move_to, quiet=True)
task("investigators_move", investigators_move)
task("skip_placement", skip_placement, quiet=True)
task("place", place)
task("place_investigator", place_investigator, quiet=True)
task("place_investigator_after", place_investigator_after)
table("play", _play_table)
table("moved_told", _moved_told)
table("back", _back_table)
table("give_up", _give_up_table)
table("wild", _wild_table)
