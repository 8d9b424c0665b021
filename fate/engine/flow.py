"""Set-up, the turn and its phases, movement, placement, rolls and raids.

The phases are a table (``PHASE_STEPS``): each phase opens a casting window
and then runs its steps in order (R-TURN-1).
"""

from __future__ import annotations

from fate.engine.constants import (
    ACTIVATE,
    CONCLUDE,
    GAME_SEAT,
    LOCATION_NAMES,
    MOVE,
    MOVE_INVESTIGATOR_THRESHOLD,
    N_LOCATIONS,
    OTHER_WORLDS,
    PREPARE,
    RAID_THRESHOLD,
    START_ABYSS,
    START_LODGE,
    STREETS,
    SUMMON_WIN,
)
from fate.engine.game import Ask, Game, resolver, task

# ---------------------------------------------------------------- set-up


def start(g: Game) -> None:
    """Deal the Elder Gods (R-SU-1) and queue the draft, or use preset gods."""
    c = g.content
    preset = g.config.get("gods")
    if preset:
        for s, gid in enumerate(preset):
            g.gods[s] = c.index(gid)
        g.box.extend(x for x in c.gods if x not in g.gods)
        g.stack.append(("setup",))
    else:
        deck = list(c.gods)
        g.shuffle(deck)
        g.drafts = [tuple(deck[2 * s:2 * s + 2]) for s in range(g.n)]
        g.box.extend(deck[2 * g.n:])
        g.push(*[("draft", s) for s in range(g.n)], ("setup",))
    g.run()


@task("draft")
def draft(g: Game, t: tuple) -> Ask:
    seat = t[1]
    opts = []
    for gid in g.drafts[seat]:
        card = g.card(gid)
        opts.append((f"god:{card.id}", f"Keep {card.name}, {card.title}", gid))
    return Ask(seat, "draft", "Choose the Elder God your cult will serve", opts)


@resolver("draft")
def draft_take(g: Game, t: tuple, god: int) -> None:
    seat = t[1]
    g.gods[seat] = god
    for other in g.drafts[seat]:
        if other != god:
            g.box.append(other)
    g.emit("god_chosen", {"seat": seat, "god": g.card(god).id})


@task("setup")
def setup(g: Game, t: tuple) -> None:
    c = g.content
    n = g.n
    for s in range(n):  # R-SU-2, R-SU-3
        g.summon[s] = 0
        g.lodge[s] = START_LODGE
        g.abyss[s] = START_ABYSS
        for loc in range(N_LOCATIONS):
            g.at[loc][s] = 1
    deck = list(c.spells)  # R-SU-4
    g.shuffle(deck)
    g.spell_deck = deck
    for s in range(n):
        for _ in range(3):
            g.hands[s].append(g.spell_deck.pop())
    for loc in range(N_LOCATIONS):
        g.columns[loc].append(g.spell_deck.pop())
    arts = list(c.artifacts)  # R-SU-5
    g.shuffle(arts)
    g.art_deck = arts
    reveal_artifacts(g)
    g.gate_supply = list(c.gates)  # R-SU-6
    curses = list(c.curses)
    g.shuffle(curses)
    g.curse_deck = curses
    for loc in range(N_LOCATIONS):  # R-SU-7
        g.inv_at[loc] = 1
    g.inv_supply -= N_LOCATIONS
    if g.solo:  # R-SO-1
        g.pieces = [OTHER_WORLDS, STREETS]
        g.first = 0
    elif n == 2:  # R-2P-1
        g.pieces = [OTHER_WORLDS, OTHER_WORLDS]
        g.first = g.random_below(n)
    else:  # R-SU-8, R-SU-9
        g.pieces = [OTHER_WORLDS]
        g.first = g.random_below(n)
    for s in range(n):
        if g.card(g.gods[s]).passive_value("squall"):
            g.squall_owner = s
    g.cur = g.first
    g.emit("setup_done", {"first": g.first, "players": n})
    g.stack.append(("turn",))


def reveal_artifacts(g: Game) -> None:
    """Turn face up Artifacts from the deck until two lie by The Museum."""
    while len(g.art_up) < 2 and g.art_deck:
        g.art_up.append(g.art_deck.pop())
    g.emit("artifacts_revealed", {"cards": [g.card(a).id for a in g.art_up]})


# ---------------------------------------------------------------- the turn

PHASE_STEPS: dict[str, tuple[tuple, ...]] = {
    PREPARE: (("window", PREPARE, 0, -1),),  # after the Artifacts stand up (refresh)
    MOVE: (("window", MOVE, 0, -1), ("move",), ("investigators_move",), ("place",)),
    ACTIVATE: (("window", ACTIVATE, 0, -1), ("activate",)),
    CONCLUDE: (("window", CONCLUDE, 0, -1), ("ready", 0, False), ("draw",), ("lodge_raid",),
               ("window", "end", 0, -1)),
}


@task("turn")
def turn(g: Game, t: tuple) -> None:
    """A new turn for the current seat; ("turn", phase) starts at that phase (scenarios)."""
    start_turn(g, t[1] if len(t) > 1 else PREPARE)


def start_turn(g: Game, first: str) -> None:
    g.turn += 1
    g.turn_loc = g.pieces[g.piece_of(g.cur)]
    g.ready_allow = 1
    g.ctl = 0
    g.ow_returns = 0
    g.cleanse_used = False
    g.emit("turn_started", {"seat": g.cur, "turn": g.turn})
    g.stack.extend(LATER_PHASES[first])
    enter_phase(g, first)


_ORDER = (PREPARE, MOVE, ACTIVATE, CONCLUDE)
# the phases after each one and the turn's end, as they lie on the stack (the next on top)
LATER_PHASES = {ph: (("end_turn",), *[("phase", p) for p in reversed(_ORDER[i + 1:])])
                for i, ph in enumerate(_ORDER)}
PHASE_STACK = {ph: steps[::-1] for ph, steps in PHASE_STEPS.items()}


@task("phase")
def phase(g: Game, t: tuple) -> None:
    enter_phase(g, t[1])


def enter_phase(g: Game, ph: str) -> None:
    g.phase = ph
    g.emit("phase", {"seat": g.cur, "phase": ph})
    g.stack.extend(PHASE_STACK[ph])
    if ph == PREPARE:
        refresh(g)


def refresh(g: Game) -> None:
    """R-PR-1: the active cult's exhausted Artifacts stand up again."""
    mine = [a for a in g.arts[g.cur] if a in g.exhausted]
    if mine:
        g.exhausted.difference_update(mine)
        g.holdings_changed(g.cur)
        g.emit("artifacts_refreshed", {"seat": g.cur, "cards": [g.card(a).id for a in mine]})


@task("end_turn")
def end_turn(g: Game, t: tuple) -> None:
    g.emit("turn_ended", {"seat": g.cur})
    # Between turns: no cult is taking its turn anywhere (acts_at Curses must not
    # fire for the next cult where this one's turn ended).
    g.turn_loc = -1
    if g.solo:
        # R-SO-2; a window first, so "on another cult's turn" Spells have a moment in solo
        g.phase = "investigators"
        g.push(("window", "investigators", 0, -1), ("investigators_turn",), ("turn",))
    else:
        g.cur = (g.cur + 1) % g.n  # clockwise (R-TURN-1)
        start_turn(g, PREPARE)  # one step: no Curse can wake between a turn's end and the next's start


@task("check_win")
def check_win(g: Game, t: tuple) -> None:
    """R-WIN-1: checked after any Curse the move triggered has resolved (R-CU-7)."""
    seat = t[1]
    if g.summon[seat] >= SUMMON_WIN:
        g.finish((seat,), (), "summoned")


# ---------------------------------------------------------------- movement


def play_option(c) -> tuple[str, str, tuple]:
    """The move choice of a Spell: play it to go where its back points (R-MV-1)."""
    dest = c.symbol
    return (f"play:{c.id}", f"Play {c.name} (back {LOCATION_NAMES[dest]}) to move to {LOCATION_NAMES[dest]}",
            ("single", c.index, dest))


def move_options(g: Game, seat: int) -> list[tuple[str, str, tuple]]:
    piece = g.piece_of(seat)
    here = g.pieces[piece]
    blocked = g.blocked_for(piece)
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
                opts.append(WILD_OPTIONS[sym])
        if g.gate[seat] >= 0:  # R-MV-3
            opts.append(("gate", "Play your Gate card as a Wild", ("gate",)))
    return opts


WILD_OPTIONS = {sym: (f"wild:{sym}", f"Play two {LOCATION_NAMES[sym]} backs as a Wild", ("wild", sym))
                for sym in range(1, N_LOCATIONS)}


@task("move")
def move(g: Game, t: tuple) -> Ask | None:
    seat = g.cur
    opts = move_options(g, seat)
    if opts:
        return Ask(seat, "move", "Move the Fate Piece: play a Spell, a Wild pair or your Gate",
                   opts, ("from", g.pieces[g.piece_of(seat)]))
    # R-MV-9: show the hand and draw until a move exists; stay if nothing is left.
    g.emit("no_move", {"seat": seat, "hand": [g.card(x).symbol for x in g.hands[seat]]})
    if g.draw_spell(seat) is None:
        g.emit("fate_piece_stays", {"seat": seat, "location": g.pieces[g.piece_of(seat)]})
        g.turn_loc = g.pieces[g.piece_of(seat)]
        g.stack.append(("skip_placement",))
        return None
    g.stack.append(("move",))
    return None


@resolver("move")
def move_take(g: Game, t: tuple, value: tuple) -> None:
    if value[0] == "single":
        g.stack.append(("move_to", (value[1],), value[2]))
    elif value[0] == "wild":
        g.stack.append(("wild_pick", value[1], ()))
    else:
        g.stack.append(("destination", (g.gate[g.cur],)))


@task("wild_pick")
def wild_pick(g: Game, t: tuple) -> Ask | None:
    sym, picked = t[1], t[2]
    seat = g.cur
    cards = [x for x in g.hands[seat] if g.card(x).symbol == sym and x not in picked]
    opts = [(f"card:{g.card(x).id}", f"Give up {g.card(x).name}", x) for x in cards]
    return Ask(seat, "wild_card", f"Choose Spell {len(picked) + 1} of 2 for the Wild", opts)


@resolver("wild_pick")
def wild_pick_take(g: Game, t: tuple, card: int) -> None:
    picked = t[2] + (card,)
    g.stack.append(("wild_pick", t[1], picked) if len(picked) < 2 else ("destination", picked))


@task("destination")
def destination(g: Game, t: tuple) -> Ask:
    seat = g.cur
    piece = g.piece_of(seat)
    here = g.pieces[piece]
    blocked = g.blocked_for(piece)
    opts = [(f"to:{loc}", f"Move to {LOCATION_NAMES[loc]}", loc)
            for loc in range(N_LOCATIONS) if loc != here and loc not in blocked]
    return Ask(seat, "destination", "Where does the Fate Piece go?", opts)


@resolver("destination")
def destination_take(g: Game, t: tuple, loc: int) -> None:
    g.stack.append(("move_to", t[1], loc))


@task("move_to")
def move_to(g: Game, t: tuple) -> None:
    """Cards go face down on the Column being left; the piece moves (R-MV-1..3)."""
    cards, dest = t[1], t[2]
    seat = g.cur
    piece = g.piece_of(seat)
    here = g.pieces[piece]
    for card in cards:
        if g.gate[seat] == card:
            g.gate[seat] = -1
        else:
            g.hands[seat].remove(card)
        g.columns[here].append(card)
    backs = [g.tables.back[x] for x in cards]
    g.pieces[piece] = dest
    g.turn_loc = dest
    g.emit("fate_moved", {"seat": seat, "piece": piece, "frm": here, "to": dest, "backs": backs})


@task("investigators_move")
def investigators_move(g: Game, t: tuple) -> None:
    """R-MV-5: three or more Investigators at the new location go to the Lodge."""
    loc = g.turn_loc
    k = g.inv_at[loc]
    if k >= MOVE_INVESTIGATOR_THRESHOLD:
        g.inv_at[loc] = 0
        g.inv_lodge[g.cur] += k
        g.emit("investigators_followed", {"seat": g.cur, "location": loc, "count": k})


@task("skip_placement", quiet=True)
def skip_placement(g: Game, t: tuple) -> None:
    """R-MV-9: the piece stayed; drop this turn's investigator and placement steps."""
    while g.stack and g.stack[-1][0] in ("investigators_move", "place"):
        g.stack.pop()


@task("place")
def place(g: Game, t: tuple) -> None:
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
        g.emit("empty_lodge", {"seat": seat, "taken": take})
        g.gain_signs(seat, 1)
    if not arrive:
        return
    if g.squall[loc] and seat != g.squall_owner:
        # A Winter Squall blows the arriving Cultist into the Abyss; the token is spent.
        g.squall[loc] -= 1
        g.abyss[seat] += 1
        g.emit("squall_struck", {"seat": seat, "location": loc})
        return
    g.at[loc][seat] += 1
    g.emit("cultist_placed", {"seat": seat, "location": loc})


@task("place_investigator")
def place_investigator(g: Game, t: tuple) -> None:
    loc = t[1]
    if g.inv_supply == 0:  # R-MV-8
        raided = [s for s in g.clockwise_from(g.cur) if g.inv_lodge[s] > 0]
        g.emit("supply_empty", {"raided": raided})
        g.push(*[("raid", s) for s in raided], ("place_investigator_after", loc))
        return
    g.inv_supply -= 1
    g.inv_at[loc] += 1
    g.emit("investigator_placed", {"location": loc})


@task("place_investigator_after")
def place_investigator_after(g: Game, t: tuple) -> None:
    loc = t[1]
    if g.inv_supply > 0:
        g.inv_supply -= 1
        g.inv_at[loc] += 1
        g.emit("investigator_placed", {"location": loc})


# ---------------------------------------------------------------- rolls

ROLL_RESULTS: dict = {}


def roll_result(purpose: str):
    def deco(fn):
        ROLL_RESULTS[purpose] = fn
        return fn

    return deco


@task("roll")
def roll(g: Game, t: tuple) -> None:
    """Roll dice for a seat; a casting window opens before the results apply."""
    _, seat, count, purpose, arg = t
    faces = g.roll_faces(count)
    g.rolls.append(faces)
    ids = list(map(g.tables.face_id.__getitem__, faces))
    g.emit("rolled", {"seat": seat, "purpose": purpose, "faces": ids})
    stack = g.stack
    stack.append(("roll_end", seat, purpose, arg))
    stack.append(("window", "after_roll", 0, seat))  # first: a window before the results apply


@task("roll_end")
def roll_end(g: Game, t: tuple) -> None:
    _, seat, purpose, arg = t
    faces = g.rolls.pop()
    ROLL_RESULTS[purpose](g, seat, faces, arg)


# ---------------------------------------------------------------- raids


@task("lodge_raid", quiet=True)
def lodge_raid(g: Game, t: tuple) -> None:
    """R-CN-6: five or more Investigators in your Lodge raid it."""
    if g.inv_lodge[g.cur] >= RAID_THRESHOLD:
        g.stack.append(("raid", g.cur))


@task("raid", quiet=True)
def raid(g: Game, t: tuple) -> None:
    """R-RD-1: declared (a window opens), then one die per Investigator."""
    seat = t[1]
    g.emit("raid_declared", {"seat": seat, "investigators": g.inv_lodge[seat]})
    g.push(("window", "raid", 0, seat), ("raid_roll", seat))


@task("raid_roll", quiet=True)
def raid_roll(g: Game, t: tuple) -> None:
    seat = t[1]
    dice = max(0, g.inv_lodge[seat] - g.passive(seat, "raid_shield"))
    if dice:
        g.stack.append(("roll", seat, dice, "raid", None))
    else:
        g.emit("raid_repelled", {"seat": seat})


@roll_result("raid")
def raid_result(g: Game, seat: int, faces: list[int], arg) -> None:
    """R-RD-2: Elder Signs first, then the destroyed Investigators go home."""
    d = g.content.dice
    signs = kills = 0
    for f in faces:
        if f in d.raid_sign or f in d.raid_sign_kill:
            signs += 1
        if f in d.raid_sign_kill or f in d.raid_kill:
            kills += 1
    g.emit("raided", {"seat": seat, "signs": signs, "destroyed": min(kills, g.inv_lodge[seat])})
    g.gain_signs(seat, signs)
    if not g.over:
        g.investigators_home(seat, kills)


# ---------------------------------------------------------------- solo


@task("investigators_turn")
def investigators_turn(g: Game, t: tuple) -> None:
    """R-SO-2..4: the Investigators' automaton moves after each of your turns."""
    player = 0
    here = g.pieces[1]
    card = g.top_spell()
    g.phase = "investigators"
    if card is None:
        g.emit("investigators_wait", {})
        return
    g.columns[here].append(card)
    sym = g.card(card).symbol
    dest = sym if sym != here else OTHER_WORLDS
    g.pieces[1] = dest
    g.emit("fate_moved", {"seat": GAME_SEAT, "piece": 1, "frm": here, "to": dest, "backs": [sym]})
    raids = dest == STREETS
    if dest == g.pieces[0]:  # R-SO-3
        g.gain_curse(player)
        final = STREETS if g.pieces[0] == OTHER_WORLDS else OTHER_WORLDS
        g.pieces[1] = final
        g.emit("fate_moved", {"seat": GAME_SEAT, "piece": 1, "frm": dest, "to": final, "backs": []})
        raids = raids or final == STREETS
        dest = final
    if raids and not g.over:  # R-SO-4
        g.push(("raid", player), ("place_investigator", dest))
    elif not g.over:
        g.stack.append(("place_investigator", dest))
