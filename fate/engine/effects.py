"""What cards do: a registry of small effect steps, and Curse triggers.

Every card's behaviour is a list of steps such as ``{do: advance_summon,
amount: 1}``. A step is a function registered with ``@step`` together with its
parameters and their defaults; the content loader validates card data against
these declarations, so an unknown step or parameter fails at start-up.

A step may need a decision (a target, a location). It then returns ``Need``;
the engine asks, stores the answer in the effect's variables and runs the same
step again, so a step must not change anything before it has all its answers.
A step that works in several rounds returns ``Again`` with updated variables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from fate.engine.constants import (
    ACTIVATE,
    CONCLUDE,
    LOCATION_NAMES,
    LOCATIONS,
    N_LOCATIONS,
    RESERVE_SLOTS,
)
from fate.engine.flow import roll_result
from fate.engine.game import Ask, Game, resolver, task

WHO = ("self", "opponent", "each_opponent", "each", "leader", "any")
LOC = LOCATIONS + ("choose", "here", "crowded")


class Param(NamedTuple):
    kind: str  # int | who | loc | steps | face | bool | faces
    default: Any


class Need(NamedTuple):
    key: str
    ask: Ask


class Again(NamedTuple):
    updates: tuple


class StepDef(NamedTuple):
    fn: Callable
    params: dict[str, Param]
    doc: str


STEPS: dict[str, StepDef] = {}
CONDITIONS: dict[str, StepDef] = {}


def step(name: str, **params: Param):
    def deco(fn):
        STEPS[name] = StepDef(fn, params, (fn.__doc__ or "").strip())
        return fn

    return deco


def each_target(name: str, **params: Param):
    """Register a step that acts once on each cult its ``who`` names (after asking
    the acting seat to pick, where the step says "opponent")."""

    def deco(fn):
        def run(g: Game, fx: Fx, p: dict):
            seats = targets(g, fx, p["who"])
            if isinstance(seats, Need):
                return seats
            for s in seats:
                fn(g, fx, p, s)
            return None

        STEPS[name] = StepDef(run, params, (fn.__doc__ or "").strip())
        return fn

    return deco


def condition(name: str, **params: Param):
    def deco(fn):
        CONDITIONS[name] = StepDef(fn, params, (fn.__doc__ or "").strip())
        return fn

    return deco


class Fx:
    """The running effect: who acts, with which card, and the answers so far."""

    __slots__ = ("seat", "card", "vars")

    def __init__(self, seat: int, card: int, vars: tuple) -> None:
        self.seat = seat
        self.card = card
        self.vars = vars

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in reversed(self.vars):  # the latest answer wins
            if k == key:
                return v
        return default


# ---------------------------------------------------------------- the runner


@task("fx")
def fx_run(g: Game, t: tuple) -> Ask | None:
    _, seat, card, lst, i, vars = t
    steps = g.content.step_lists[lst]
    if i >= len(steps) or g.over:
        return None
    p = steps[i]
    mark = len(g.stack)
    out = STEPS[p["do"]].fn(g, Fx(seat, card, vars), p)
    if out is None:  # each step's answers are its own: the next starts afresh
        g.stack.insert(mark, ("fx", seat, card, lst, i + 1, ()))
        return None
    if isinstance(out, Again):
        g.stack.insert(mark, ("fx", seat, card, lst, i, vars + out.updates))
        return None
    a = out.ask
    return Ask(a.seat, a.kind, a.text, [(cid, label, (out.key, v)) for cid, label, v in a.options],
               a.context)


@resolver("fx")
def fx_answer(g: Game, t: tuple, value: tuple) -> None:
    _, seat, card, lst, i, vars = t
    g.stack.append(("fx", seat, card, lst, i, vars + (value,)))


# ---------------------------------------------------------------- helpers


def name_of(g: Game, fx: Fx) -> str:
    return g.card(fx.card).name if fx.card >= 0 else "the effect"


def targets(g: Game, fx: Fx, who: str, key: str = "target") -> Sequence[int] | Need:
    """Seats an effect applies to; asks the acting seat to pick where needed."""
    seat = fx.seat
    if who == "self":
        return [seat]
    if who == "each":
        return g.clockwise_from(seat)
    if who == "each_opponent":
        return g.others(seat)
    if who == "leader":
        rest = g.others(seat)
        if not rest:
            return []
        best = max(g.summon[s] for s in rest)
        pool = [s for s in rest if g.summon[s] == best]
    elif who == "opponent":
        pool = g.others(seat)
    else:  # any
        pool = g.clockwise_from(seat)
    if len(pool) <= 1:
        return pool
    picked = fx.get(key)
    if picked is not None:
        return [picked]
    opts = [(f"seat:{s}", g.seat_name(s) + (" (you)" if s == seat else ""), s) for s in pool]
    return Need(key, Ask(seat, "target", f"{name_of(g, fx)}: choose a cult", opts))


def location(g: Game, fx: Fx, spec: str, allowed: list[int] | None = None,
             key: str = "loc", text: str = "choose a location") -> int | Need | None:
    if spec == "here":
        return g.turn_loc if g.turn_loc >= 0 else g.pieces[g.piece_of(fx.seat)]
    if spec == "crowded":
        most = max(g.inv_at)
        return g.inv_at.index(most)
    if spec != "choose":
        return LOCATIONS.index(spec)
    pool = list(range(N_LOCATIONS)) if allowed is None else allowed
    if not pool:
        return None
    if len(pool) == 1:
        return pool[0]
    picked = fx.get(key)
    if picked is not None:
        return picked
    opts = [(f"loc:{LOCATIONS[loc]}", LOCATION_NAMES[loc], loc) for loc in pool]
    return Need(key, Ask(fx.seat, "location", f"{name_of(g, fx)}: {text}", opts))


INT, WHO_SELF = Param("int", 1), Param("who", "self")


# ---------------------------------------------------------------- the track


@each_target("advance_summon", who=WHO_SELF, amount=INT)
def advance_summon(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Move the Summon token forward."""
    g.move_summon(s, p["amount"])


@each_target("retreat_summon", who=WHO_SELF, amount=INT)
def retreat_summon(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Move the Summon token back."""
    g.move_summon(s, -p["amount"])


@each_target("gain_signs", who=WHO_SELF, amount=INT)
def gain_signs(g: Game, fx: Fx, p: dict, s: int) -> None:
    """The cult gains Elder Signs."""
    g.gain_signs(s, p["amount"])


@each_target("destroy_signs", who=WHO_SELF, amount=INT)
def destroy_signs(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Destroy the cult's most recent Elder Signs."""
    g.destroy_signs(s, p["amount"])


# ---------------------------------------------------------------- cultists


@each_target("recall", who=WHO_SELF, amount=INT)
def recall(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Cultists from the Abyss to the Lodge."""
    g.recall(s, p["amount"])


def ask_per_target(g: Game, fx: Fx, seats: list[int], ask) -> dict[int, object] | Need:
    """Gather one answer per target before anything happens, so that asking
    about the second target never repeats what was done to the first."""
    answers = {}
    for s in seats:
        got = ask(s)
        if isinstance(got, Need):
            return got
        answers[s] = got
    return answers


@step("sacrifice", who=WHO_SELF, amount=INT, loc=Param("loc", "choose"))
def sacrifice(g: Game, fx: Fx, p: dict):
    """Cultists at a location to the Abyss (the acting seat picks the location)."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    locs = ask_per_target(g, fx, seats, lambda s: location(
        g, fx, p["loc"], [loc for loc in range(N_LOCATIONS) if g.at[loc][s] > 0], key=f"loc{s}",
        text=f"where does {g.seat_name(s)} lose Cultists?"))
    if isinstance(locs, Need):
        return locs
    for s, loc in locs.items():
        if loc is not None:
            g.sacrifice(s, loc, p["amount"])
    return None


@each_target("lodge_to_abyss", who=WHO_SELF, amount=INT)
def lodge_to_abyss(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Cultists from the Lodge to the Abyss."""
    k = min(p["amount"], g.lodge[s])
    if k:
        g.lodge[s] -= k
        g.abyss[s] += k
        g.emit("cultists_lost", {"seat": s, "count": k})


@step("place_cultists", amount=INT, loc=Param("loc", "choose"), source=Param("source", "lodge"))
def place_cultists(g: Game, fx: Fx, p: dict):
    """Your Cultists from the Lodge (or the Abyss) onto a location."""
    s = fx.seat
    loc = location(g, fx, p["loc"], text="where do your Cultists go?")
    if isinstance(loc, Need):
        return loc
    pool = g.lodge if p["source"] == "lodge" else g.abyss
    k = min(p["amount"], pool[s])
    if k:
        pool[s] -= k
        g.at[loc][s] += k
        g.emit("cultists_placed", {"seat": s, "location": loc, "count": k})


@step("move_cultists", amount=INT)
def move_cultists(g: Game, fx: Fx, p: dict):
    """Move your Cultists between locations, one at a time; you may stop early."""
    s = fx.seat
    done = fx.get("moved", 0)
    if done >= p["amount"]:
        return None
    pick = fx.get(f"m{done}")
    if pick is None:
        opts = [(f"move:{LOCATIONS[a]}:{LOCATIONS[b]}",
                 f"Move a Cultist from {LOCATION_NAMES[a]} to {LOCATION_NAMES[b]}", (a, b))
                for a in range(N_LOCATIONS) if g.at[a][s] for b in range(N_LOCATIONS) if b != a]
        if not opts:
            return None
        opts.append(("stop", "Move no more", "stop"))  # never None: None means "not asked yet"
        return Need(f"m{done}", Ask(s, "move_cultists", f"{name_of(g, fx)}: move a Cultist", opts))
    if pick != "stop":
        a, b = pick
        g.at[a][s] -= 1
        g.at[b][s] += 1
        g.emit("cultist_moved", {"seat": s, "frm": a, "to": b})
        return Again((("moved", done + 1),))
    return None


@step("send_home", who=Param("who", "opponent"), amount=INT, loc=Param("loc", "choose"))
def send_home(g: Game, fx: Fx, p: dict):
    """Another cult's Cultists at a location return to their Lodge."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    locs = ask_per_target(g, fx, seats, lambda s: location(
        g, fx, p["loc"], [loc for loc in range(N_LOCATIONS) if g.at[loc][s] > 0], key=f"loc{s}",
        text=f"where are {g.seat_name(s)}'s Cultists sent home from?"))
    if isinstance(locs, Need):
        return locs
    for s, loc in locs.items():
        if loc is None:
            continue
        k = min(p["amount"], g.at[loc][s])
        g.at[loc][s] -= k
        g.lodge[s] += k
        g.emit("cultists_sent_home", {"seat": s, "location": loc, "count": k})
    return None


# ---------------------------------------------------------- investigators


@each_target("send_investigators", who=Param("who", "opponent"), amount=INT,
      source=Param("source", "supply"))
def send_investigators(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Investigators from the supply (or your Lodge) into a Lodge."""
    g.investigators_to_lodge(s, p["amount"], "supply" if p["source"] == "supply" else fx.seat)


@each_target("investigators_home", who=WHO_SELF, amount=INT)
def investigators_home(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Investigators leave a Lodge for the supply."""
    g.investigators_home(s, p["amount"])


@step("take_investigators", who=WHO_SELF, loc=Param("loc", "crowded"))
def take_investigators(g: Game, fx: Fx, p: dict):
    """All Investigators at a location move into a Lodge."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    loc = location(g, fx, p["loc"], text="take the Investigators from where?")
    if isinstance(loc, Need):
        return loc
    for s in seats[:1]:
        k = g.inv_at[loc]
        g.inv_at[loc] = 0
        g.inv_lodge[s] += k
        g.emit("investigators_followed", {"seat": s, "location": loc, "count": k})


@step("place_investigators", amount=INT, loc=Param("loc", "choose"))
def place_investigators(g: Game, fx: Fx, p: dict):
    """Investigators from the supply onto a location."""
    loc = location(g, fx, p["loc"], text="where do the Investigators go?")
    if isinstance(loc, Need):
        return loc
    k = min(p["amount"], g.inv_supply)
    if k:
        g.inv_supply -= k
        g.inv_at[loc] += k
        g.emit("investigators_placed", {"location": loc, "count": k})


@step("clear_investigators", amount=INT, loc=Param("loc", "choose"))
def clear_investigators(g: Game, fx: Fx, p: dict):
    """Investigators at a location go back to the supply."""
    where = [loc for loc in range(N_LOCATIONS) if g.inv_at[loc]]
    loc = location(g, fx, p["loc"], where, text="drive the Investigators from where?")
    if isinstance(loc, Need):
        return loc
    if loc is None:
        return None
    k = min(p["amount"], g.inv_at[loc])
    g.inv_at[loc] -= k
    g.inv_supply += k
    g.emit("investigators_cleared", {"location": loc, "count": k})


@step("raid", who=WHO_SELF)
def raid(g: Game, fx: Fx, p: dict):
    """The Investigators in the Lodge raid it now (R-RD)."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    g.push(*[("raid", s) for s in seats if g.inv_lodge[s] > 0])


# ---------------------------------------------------------------- cards


@each_target("draw_spells", who=WHO_SELF, amount=INT)
def draw_spells(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Draw Spells."""
    for _ in range(p["amount"]):
        if g.draw_spell(s) is None:
            break


def _take_random(g: Game, pile: list[int]) -> int | None:
    """Remove and return a card chosen by the game's generator; None if the pile is empty."""
    return pile.pop(g.random_below(len(pile))) if pile else None


@each_target("discard_spells", who=Param("who", "opponent"), amount=INT)
def discard_spells(g: Game, fx: Fx, p: dict, s: int) -> None:
    """The cult discards Spells from its hand, chosen at random."""
    for _ in range(p["amount"]):
        card = _take_random(g, g.hands[s])
        if card is None:
            break
        g.discard.append(card)
        g.emit("spell_discarded", {"seat": s, "symbol": g.card(card).symbol, "card": g.card(card).id})


@each_target("steal_spell", who=Param("who", "opponent"), amount=INT)
def steal_spell(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Take Spells at random from another cult's hand."""
    for _ in range(p["amount"]):
        card = _take_random(g, g.hands[s])
        if card is None:
            break
        g.hands[fx.seat].append(card)
        g.emit("spell_stolen", {"seat": fx.seat, "frm": s, "symbol": g.card(card).symbol})
        g.emit("spell_stolen_face", {"seat": fx.seat, "card": g.card(card).id}, (fx.seat, s))


@each_target("ready_top", who=WHO_SELF)
def ready_top(g: Game, fx: Fx, p: dict, s: int) -> None:
    """The top Spell of the deck goes straight into the Reserve, if there is room."""
    if len(g.reserve[s]) < RESERVE_SLOTS:
        card = g.top_spell()
        if card is not None:
            g.reserve[s].append(card)
            g.holdings_changed(s)
            c = g.card(card)
            g.emit("spell_readied", {"seat": s, "symbol": c.symbol, "cost": list(c.cost)})


@step("ready_free")
def ready_free(g: Game, fx: Fx, p: dict):
    """Ready one Spell from your hand at no cost."""
    s = fx.seat
    pick = fx.get("ready")
    if pick is None:
        opts = [(f"ready:{g.card(c).id}", f"Ready {g.card(c).name}", c) for c in g.hands[s]]
        if not opts:
            return None
        opts.append(("skip", "Ready nothing", -1))
        return Need("ready", Ask(s, "ready_free", f"{name_of(g, fx)}: ready a Spell for free", opts))
    if pick >= 0:
        g.stack.append(("readied", s, pick))
    return None


@each_target("burn_readied", who=Param("who", "opponent"), amount=INT)
def burn_readied(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Readied Spells of the cult are discarded unused, chosen at random."""
    for _ in range(p["amount"]):
        card = _take_random(g, g.reserve[s])
        if card is None:
            break
        g.holdings_changed(s)
        g.discard.append(card)
        g.emit("readied_discarded", {"seat": s, "card": g.card(card).id})


@each_target("gain_gate", who=WHO_SELF)
def gain_gate(g: Game, fx: Fx, p: dict, s: int) -> None:
    """Take a Gate card, if you hold none (R-SP-3)."""
    if g.gate[s] < 0 and g.gate_supply:
        g.gate[s] = g.gate_supply.pop()
        g.emit("gate_gained", {"seat": s})


@each_target("lose_gate", who=Param("who", "opponent"))
def lose_gate(g: Game, fx: Fx, p: dict, s: int) -> None:
    """The cult's Gate card goes back to the supply."""
    if g.gate[s] >= 0:
        g.gate_supply.append(g.gate[s])
        g.gate[s] = -1
        g.emit("gate_lost", {"seat": s})


@each_target("gain_curse", who=WHO_SELF)
def gain_curse(g: Game, fx: Fx, p: dict, s: int) -> None:
    """The cult gains a Curse (R-CU-1)."""
    g.gain_curse(s)


@step("gain_artifact", who=WHO_SELF)
def gain_artifact(g: Game, fx: Fx, p: dict):
    """Take the top Artifact of the deck (the limit of 3 applies)."""
    from fate.engine.locations import gain_artifact as take

    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    for s in seats:
        if g.art_deck:
            take(g, s, g.art_deck.pop())


@each_target("refresh_artifacts", who=WHO_SELF)
def refresh_artifacts(g: Game, fx: Fx, p: dict, s: int) -> None:
    """The cult's exhausted Artifacts stand up again."""
    for a in g.arts[s]:
        if a in g.exhausted:
            g.exhausted.discard(a)
            g.holdings_changed(s)
            g.emit("artifacts_refreshed", {"seat": s, "cards": [g.card(a).id]})


@step("wreck_artifact", who=Param("who", "opponent"))
def wreck_artifact(g: Game, fx: Fx, p: dict):
    """One of the cult's Artifacts, chosen by the acting seat, is removed from the game."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats

    def pick(s: int):
        if not g.arts[s]:
            return None
        got = fx.get(f"art{s}")
        if got is not None:
            return got
        opts = [(f"artifact:{g.card(a).id}", f"Destroy {g.card(a).name}", a) for a in g.arts[s]]
        if len(opts) == 1:
            return opts[0][2]
        return Need(f"art{s}", Ask(fx.seat, "artifact",
                                   f"{name_of(g, fx)}: destroy which Artifact of {g.seat_name(s)}?", opts))

    picks = ask_per_target(g, fx, seats, pick)
    if isinstance(picks, Need):
        return picks
    for s, art in picks.items():
        if art is None:
            continue
        g.arts[s].remove(art)
        g.exhausted.discard(art)
        g.holdings_changed(s)
        g.box.append(art)
        g.emit("artifact_wrecked", {"seat": s, "card": g.card(art).id})
    return None


# ---------------------------------------------------------------- the Altar


@step("move_fate", loc=Param("loc", "choose"))
def move_fate(g: Game, fx: Fx, p: dict):
    """Move a Fate Piece (in 2-player, either: R-2P-3) to another free location.
    Nothing happens there: no Investigators move, nobody places."""
    pieces = [0] if g.n != 2 else [0, 1]
    piece = pieces[0] if len(pieces) == 1 else fx.get("piece")
    if piece is None:
        opts = [(f"piece:{i}", f"The Fate Piece of {g.seat_name(i)} "
                 f"(at {LOCATION_NAMES[g.pieces[i]]})", i) for i in pieces]
        return Need("piece", Ask(fx.seat, "piece", f"{name_of(g, fx)}: which Fate Piece?", opts))
    blocked = g.blocked_for(piece) | {g.pieces[piece]}
    free = [loc for loc in range(N_LOCATIONS) if loc not in blocked]
    loc = location(g, fx, p["loc"], free, text="move the Fate Piece where?")
    if isinstance(loc, Need):
        return loc
    if loc is None or loc in blocked:
        return None
    old = g.pieces[piece]
    g.pieces[piece] = loc
    g.emit("fate_moved", {"seat": fx.seat, "piece": piece, "frm": old, "to": loc, "backs": []})


@step("discard_column", loc=Param("loc", "choose"))
def discard_column(g: Game, fx: Fx, p: dict):
    """An Astral Column is discarded."""
    where = [loc for loc in range(N_LOCATIONS) if g.columns[loc]]
    loc = location(g, fx, p["loc"], where, text="discard which Astral Column?")
    if isinstance(loc, Need):
        return loc
    if loc is not None:
        g.discard_column(loc)


@step("place_squall", loc=Param("loc", "choose"))
def place_squall(g: Game, fx: Fx, p: dict):
    """A Winter Squall token settles on a location other than The Other Worlds; the
    next rival Cultist placed there by a move is blown into the Abyss instead."""
    if sum(g.squall) >= 8:
        return None
    loc = location(g, fx, p["loc"], list(range(1, N_LOCATIONS)), text="where does the Squall blow?")
    if isinstance(loc, Need):
        return loc
    g.squall[loc] += 1
    g.squall_owner = fx.seat
    g.emit("squall_placed", {"seat": fx.seat, "location": loc})


# ---------------------------------------------------------------- dice


def current_roll(g: Game) -> list[int] | None:
    return g.rolls[-1] if g.rolls else None


def pick_die(g: Game, fx: Fx, key: str, kind: str, question: str, candidates: list[int],
             label) -> int | Need:
    """The acting seat picks a die of the roll being resolved, or -1 to stop."""
    pick = fx.get(key)
    if pick is not None:
        return pick
    faces = current_roll(g)
    names = g.content.dice.faces
    opts = [(f"die:{i}", label(i + 1, names[faces[i]].name), i) for i in candidates]
    opts.append(("stop", "No more", -1))
    return Need(key, Ask(fx.seat, kind, f"{name_of(g, fx)}: {question}", opts, ("roll", tuple(faces))))


@step("reroll", amount=INT)
def reroll(g: Game, fx: Fx, p: dict):
    """Reroll dice of the roll being resolved, one at a time, your pick."""
    faces = current_roll(g)
    done = fx.get("rerolled", 0)
    if faces is None or done >= p["amount"]:
        return None
    pick = pick_die(g, fx, f"r{done}", "reroll", "reroll which die?", list(range(len(faces))),
                    lambda n, face: f"Reroll die {n} ({face})")
    if isinstance(pick, Need) or pick < 0:
        return pick if isinstance(pick, Need) else None
    names = g.content.dice.faces
    old = faces[pick]
    faces[pick] = g.roll_faces(1)[0]
    g.emit("die_rerolled", {"seat": fx.seat, "die": pick, "frm": names[old].id, "to": names[faces[pick]].id})
    return Again((("rerolled", done + 1),))


@step("set_face", face=Param("face", None), amount=INT)
def set_face(g: Game, fx: Fx, p: dict):
    """Turn dice of the roll being resolved to a given face, your pick."""
    faces = current_roll(g)
    done = fx.get("set", 0)
    if faces is None or done >= p["amount"]:
        return None
    target = p["face"]
    names = g.content.dice.faces
    candidates = [i for i, f in enumerate(faces) if f != target]
    if not candidates:
        return None
    pick = pick_die(g, fx, f"s{done}", "set_face", "turn which die?", candidates,
                    lambda n, face: f"Turn die {n} ({face}) to {names[target].name}")
    if isinstance(pick, Need) or pick < 0:
        return pick if isinstance(pick, Need) else None
    old = faces[pick]
    faces[pick] = target
    g.emit("die_turned", {"seat": fx.seat, "die": pick, "frm": names[old].id, "to": names[target].id})
    return Again((("set", done + 1),))


@step("add_dice", amount=INT)
def add_dice(g: Game, fx: Fx, p: dict):
    """Roll extra dice into the roll being resolved."""
    faces = current_roll(g)
    if faces is None:
        return None
    new = g.roll_faces(p["amount"])
    faces.extend(new)
    g.emit("dice_added", {"seat": fx.seat, "faces": [g.content.dice.faces[f].id for f in new]})


@step("remove_dice", amount=INT)
def remove_dice(g: Game, fx: Fx, p: dict):
    """Set aside dice of the roll being resolved (they count for nothing); your pick."""
    faces = current_roll(g)
    done = fx.get("removed", 0)
    if not faces or done >= p["amount"]:
        return None
    pick = pick_die(g, fx, f"x{done}", "remove_die", "set aside which die?", list(range(len(faces))),
                    lambda n, face: f"Set aside die {n} ({face})")
    if isinstance(pick, Need) or pick < 0:
        return pick if isinstance(pick, Need) else None
    gone = faces.pop(pick)
    g.emit("die_removed", {"seat": fx.seat, "die": pick, "face": g.content.dice.faces[gone].id})
    return Again((("removed", done + 1),))


@step("roll", amount=INT, results=Param("faces", {}))
def roll(g: Game, fx: Fx, p: dict):
    """Roll dice; each face listed under ``results`` runs its steps once per die showing it."""
    g.stack.append(("roll", fx.seat, p["amount"], "effect", (fx.card, p["results"])))


@roll_result("effect")
def _effect_roll(g: Game, seat: int, faces: list[int], arg) -> None:
    card, on = arg
    lists = dict(on)
    g.push(*[("fx", seat, card, lists[f], 0, ()) for f in faces if f in lists])


# ---------------------------------------------------------------- logic


@step("if", cond=Param("cond", None), then=Param("steps", ()), otherwise=Param("steps", ()))
def if_step(g: Game, fx: Fx, p: dict):
    """Run ``then`` if a condition holds for the acting cult, else ``otherwise``."""
    name, params = p["cond"]
    lst = p["then"] if CONDITIONS[name].fn(g, fx.seat, dict(params)) else p["otherwise"]
    if lst is not None and lst >= 0:
        g.stack.append(("fx", fx.seat, fx.card, lst, 0, ()))


@step("each_opponent", steps=Param("steps", ()))
def each_opponent(g: Game, fx: Fx, p: dict):
    """Run steps as if each other cult were acting, clockwise."""
    g.push(*[("fx", s, fx.card, p["steps"], 0, ()) for s in g.others(fx.seat)])


@step("choose", options=Param("options", ()))
def choose(g: Game, fx: Fx, p: dict):
    """Pick one of several step lists, each with its label."""
    pick = fx.get("option")
    if pick is None:
        opts = [(f"option:{i}", label, i) for i, (label, _) in enumerate(p["options"])]
        return Need("option", Ask(fx.seat, "option", f"{name_of(g, fx)}: choose one", opts))
    g.stack.append(("fx", fx.seat, fx.card, p["options"][pick][1], 0, ()))


# ---------------------------------------------------------------- conditions


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
