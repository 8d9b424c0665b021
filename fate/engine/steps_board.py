"""Effect steps on the board: the Summon track, Cultists, Investigators and
the Altar (Fate Pieces, Astral Columns, Winter Squalls)."""

from __future__ import annotations

from fate.content.model import Step
from fate.engine import ending
from fate.engine.constants import LOCATIONS, N_LOCATIONS
from fate.engine.effects import (
    INT,
    WHO_SELF,
    Again,
    Fx,
    Need,
    ask_per_target,
    cult,
    each_target,
    location,
    sayer,
    targets,
)
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.registry import Ask, Option, Param, step
from fate.engine.said import N_, placed, said

# ---------------------------------------------------------------- the track


def advance_summon(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Move the Summon token forward."""
    ending.move_summon(g, s, p["amount"])


def retreat_summon(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Move the Summon token back."""
    ending.move_summon(g, s, -p["amount"])


def gain_signs(g: Game, fx: Fx, p: Step, s: int) -> None:
    """The cult gains Elder Signs."""
    ending.gain_signs(g, s, p["amount"])


def destroy_signs(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Destroy the cult's most recent Elder Signs."""
    ending.destroy_signs(g, s, p["amount"])


# ---------------------------------------------------------------- cultists


def recall(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Cultists from the Abyss to the Lodge."""
    g.recall(s, p["amount"])


def where_cultists(g: Game, fx: Fx, p: Step, question: str) -> dict[int, int | None] | Need:
    """For each cult the step names, the location (among those where it has a
    Cultist) the acting seat picks; ``question`` is asked with the cult's name."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    return ask_per_target(g, fx, seats, lambda s: location(
        g, fx, p["loc"], [loc for loc in range(N_LOCATIONS) if g.at[loc][s] > 0], key=f"loc{s}",
        text=question, cult=cult(g, s)))


def sacrifice(g: Game, fx: Fx, p: Step) -> Need | None:
    """Cultists at a location to the Abyss (the acting seat picks the location)."""
    locs = where_cultists(g, fx, p, N_("{card}: where does {cult} lose Cultists?"))
    if isinstance(locs, Need):
        return locs
    for s, loc in locs.items():
        if loc is not None:
            g.sacrifice(s, loc, p["amount"])
    return None


def lodge_to_abyss(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Cultists from the Lodge to the Abyss."""
    k = min(p["amount"], g.lodge[s])
    if k:
        g.lodge[s] -= k
        g.abyss[s] += k
        g.emit(EventKind.CULTISTS_LOST, {"seat": s, "count": k})


def place_cultists(g: Game, fx: Fx, p: Step) -> Need | None:
    """Your Cultists from the Lodge (or the Abyss) onto a location."""
    s = fx.seat
    loc = location(g, fx, p["loc"], text=N_("{card}: where do your Cultists go?"))
    if not isinstance(loc, int):  # asked; or nowhere at all (never: some place is always allowed)
        return loc
    pool = g.lodge if p["source"] == "lodge" else g.abyss
    k = min(p["amount"], pool[s])
    if k:
        pool[s] -= k
        g.at[loc][s] += k
        g.emit(EventKind.CULTISTS_PLACED, {"seat": s, "location": loc, "count": k})
    return None


MOVE_FROM_TO = N_("Move a Cultist from {frm} to {to}")
MOVE_NO_MORE = said(N_("Move no more"))
MOVE_ONE = N_("{card}: move a Cultist")


def move_cultists(g: Game, fx: Fx, p: Step) -> Need | Again | None:
    """Move your Cultists between locations, one at a time; you may stop early."""
    s = fx.seat
    done = fx.get("moved", 0)
    if done >= p["amount"]:
        return None
    pick = fx.get(f"m{done}")
    if pick is None:
        opts: list[Option] = [(f"move:{LOCATIONS[a]}:{LOCATIONS[b]}",
                               said(MOVE_FROM_TO, frm=placed(a), to=placed(b)), (a, b))
                              for a in range(N_LOCATIONS) if g.at[a][s] for b in range(N_LOCATIONS) if b != a]
        if not opts:
            return None
        opts.append(("stop", MOVE_NO_MORE, "stop"))  # never None: None means "not asked yet"
        return Need(f"m{done}", Ask(s, "move_cultists", said(MOVE_ONE, card=sayer(g, fx)), opts))
    if pick != "stop":
        a, b = pick
        g.at[a][s] -= 1
        g.at[b][s] += 1
        g.emit(EventKind.CULTIST_MOVED, {"seat": s, "frm": a, "to": b})
        return Again((("moved", done + 1),))
    return None


def send_home(g: Game, fx: Fx, p: Step) -> Need | None:
    """Another cult's Cultists at a location return to their Lodge."""
    locs = where_cultists(g, fx, p, N_("{card}: where are {cult}'s Cultists sent home from?"))
    if isinstance(locs, Need):
        return locs
    for s, loc in locs.items():
        if loc is None:
            continue
        k = min(p["amount"], g.at[loc][s])
        g.at[loc][s] -= k
        g.lodge[s] += k
        g.emit(EventKind.CULTISTS_SENT_HOME, {"seat": s, "location": loc, "count": k})
    return None


# ---------------------------------------------------------- investigators


def send_investigators(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Investigators from the supply (or your Lodge) into a Lodge."""
    g.investigators_to_lodge(s, p["amount"], "supply" if p["source"] == "supply" else fx.seat)


def investigators_home(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Investigators leave a Lodge for the supply."""
    g.investigators_home(s, p["amount"])


def take_investigators(g: Game, fx: Fx, p: Step) -> Need | None:
    """All Investigators at a location move into a Lodge."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    loc = location(g, fx, p["loc"], text=N_("{card}: take the Investigators from where?"))
    if not isinstance(loc, int):  # asked; or nowhere at all (never: some place is always allowed)
        return loc
    for s in seats[:1]:
        k = g.inv_at[loc]
        g.inv_at[loc] = 0
        g.inv_lodge[s] += k
        g.emit(EventKind.INVESTIGATORS_FOLLOWED, {"seat": s, "location": loc, "count": k})
    return None


def place_investigators(g: Game, fx: Fx, p: Step) -> Need | None:
    """Investigators from the supply onto a location."""
    loc = location(g, fx, p["loc"], text=N_("{card}: where do the Investigators go?"))
    if not isinstance(loc, int):  # asked; or nowhere at all (never: some place is always allowed)
        return loc
    k = min(p["amount"], g.inv_supply)
    if k:
        g.inv_supply -= k
        g.inv_at[loc] += k
        g.emit(EventKind.INVESTIGATORS_PLACED, {"location": loc, "count": k})
    return None


def clear_investigators(g: Game, fx: Fx, p: Step) -> Need | None:
    """Investigators at a location go back to the supply."""
    where = [loc for loc in range(N_LOCATIONS) if g.inv_at[loc]]
    loc = location(g, fx, p["loc"], where, text=N_("{card}: drive the Investigators from where?"))
    if isinstance(loc, Need):
        return loc
    if loc is None:
        return None
    k = min(p["amount"], g.inv_at[loc])
    g.inv_at[loc] -= k
    g.inv_supply += k
    g.emit(EventKind.INVESTIGATORS_CLEARED, {"location": loc, "count": k})
    return None


def raid(g: Game, fx: Fx, p: Step) -> Need | None:
    """The Investigators in the Lodge raid it now (R-RD)."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    g.push(*[("raid", s) for s in seats if g.inv_lodge[s] > 0])
    return None


# ---------------------------------------------------------------- the Altar


def move_fate(g: Game, fx: Fx, p: Step) -> Need | None:
    """Move a Fate Piece (in 2-player, either: R-2P-3) to another free location.
    Nothing happens there: no Investigators move, nobody places."""
    pieces = [0] if g.n != 2 else [0, 1]
    piece = pieces[0] if len(pieces) == 1 else fx.get("piece")
    if piece is None:
        opts = [(f"piece:{i}", said(N_("The Fate Piece of {cult} (at {place})"), cult=cult(g, i),
                                    place=placed(g.pieces[i])), i) for i in pieces]
        return Need("piece", Ask(fx.seat, "piece", said(N_("{card}: which Fate Piece?"), card=sayer(g, fx)), opts))
    blocked = g.blocked_for(piece) | {g.pieces[piece]}
    free = [loc for loc in range(N_LOCATIONS) if loc not in blocked]
    loc = location(g, fx, p["loc"], free, text=N_("{card}: move the Fate Piece where?"))
    if isinstance(loc, Need):
        return loc
    if loc is None or loc in blocked:
        return None
    old = g.pieces[piece]
    g.pieces[piece] = loc
    g.emit(EventKind.FATE_MOVED, {"seat": fx.seat, "piece": piece, "frm": old, "to": loc, "backs": []})
    return None


def discard_column(g: Game, fx: Fx, p: Step) -> Need | None:
    """An Astral Column is discarded."""
    where = [loc for loc in range(N_LOCATIONS) if g.columns[loc]]
    loc = location(g, fx, p["loc"], where, text=N_("{card}: discard which Astral Column?"))
    if isinstance(loc, Need):
        return loc
    if loc is not None:
        g.discard_column(loc)
    return None


def place_squall(g: Game, fx: Fx, p: Step) -> Need | None:
    """A Winter Squall token settles on a location other than The Other Worlds; the
    next rival Cultist placed there by a move is blown into the Abyss instead."""
    if sum(g.squall) >= 8:
        return None
    loc = location(g, fx, p["loc"], list(range(1, N_LOCATIONS)), text=N_("{card}: where does the Squall blow?"))
    if not isinstance(loc, int):  # asked; or nowhere at all (never: some place is always allowed)
        return loc
    g.squall[loc] += 1
    g.squall_owner = fx.seat
    g.emit(EventKind.SQUALL_PLACED, {"seat": fx.seat, "location": loc})
    return None


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

step("advance_summon", each_target(advance_summon), who=WHO_SELF, amount=INT)
step("retreat_summon", each_target(retreat_summon), who=WHO_SELF, amount=INT)
step("gain_signs", each_target(gain_signs), who=WHO_SELF, amount=INT)
step("destroy_signs", each_target(destroy_signs), who=WHO_SELF, amount=INT)
step("recall", each_target(recall), who=WHO_SELF, amount=INT)
step("sacrifice", sacrifice, who=WHO_SELF, amount=INT, loc=Param("loc", "choose"))
step("lodge_to_abyss", each_target(lodge_to_abyss), who=WHO_SELF, amount=INT)
step("place_cultists", place_cultists, amount=INT, loc=Param("loc", "choose"), source=Param("source", "lodge"))
step("move_cultists", move_cultists, amount=INT)
step("send_home", send_home, who=Param("who", "opponent"), amount=INT, loc=Param("loc", "choose"))
step("send_investigators", each_target(send_investigators), who=Param("who", "opponent"), amount=INT, source=Param("source", "supply"))
step("investigators_home", each_target(investigators_home), who=WHO_SELF, amount=INT)
step("take_investigators", take_investigators, who=WHO_SELF, loc=Param("loc", "crowded"))
step("place_investigators", place_investigators, amount=INT, loc=Param("loc", "choose"))
step("clear_investigators", clear_investigators, amount=INT, loc=Param("loc", "choose"))
step("raid", raid, who=WHO_SELF)
step("move_fate", move_fate, loc=Param("loc", "choose"))
step("discard_column", discard_column, loc=Param("loc", "choose"))
step("place_squall", place_squall, loc=Param("loc", "choose"))
