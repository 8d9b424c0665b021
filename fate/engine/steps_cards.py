"""Effect steps on cards and dice: drawing, discarding, stealing and readying
Spells, Gates, Curses and Artifacts; rerolling, turning, adding and setting
aside dice; and the logic steps (if, each_opponent, choose)."""

from __future__ import annotations

from typing import Any

from fate.content.model import Step
from fate.engine.artifacts import gain_artifact as take_artifact
from fate.engine.casting import READY_NOTHING
from fate.engine.constants import RESERVE_SLOTS
from fate.engine.effects import (
    INT,
    WHO_SELF,
    Again,
    Fx,
    Need,
    ask_per_target,
    cult,
    each_target,
    sayer,
    targets,
)
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.prepared import GATE_GAINED
from fate.engine.registry import CONDITIONS, Ask, Option, Param, roll_result, step
from fate.engine.said import N_, named, number, said

# ---------------------------------------------------------------- cards


def draw_spells(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Draw Spells."""
    for _ in range(p["amount"]):
        if g.draw_spell(s) is None:
            break


def _take_random(g: Game, pile: list[int]) -> int | None:
    """Remove and return a card chosen by the game's generator; None if the pile is empty."""
    return pile.pop(g.random_below(len(pile))) if pile else None


def discard_spells(g: Game, fx: Fx, p: Step, s: int) -> None:
    """The cult discards Spells from its hand, chosen at random."""
    for _ in range(p["amount"]):
        card = _take_random(g, g.hands[s])
        if card is None:
            break
        g.discard.append(card)
        g.emit(EventKind.SPELL_DISCARDED, {"seat": s, "symbol": g.card(card).symbol, "card": g.card(card).id})


def steal_spell(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Take Spells at random from another cult's hand."""
    for _ in range(p["amount"]):
        card = _take_random(g, g.hands[s])
        if card is None:
            break
        g.hands[fx.seat].append(card)
        g.emit(EventKind.SPELL_STOLEN, {"seat": fx.seat, "frm": s, "symbol": g.card(card).symbol})
        g.emit(EventKind.SPELL_STOLEN_FACE, {"seat": fx.seat, "card": g.card(card).id}, (fx.seat, s))


def ready_top(g: Game, fx: Fx, p: Step, s: int) -> None:
    """The top Spell of the deck goes straight into the Reserve, if there is room."""
    if len(g.reserve[s]) < RESERVE_SLOTS:
        card = g.top_spell()
        if card is not None:
            g.reserve[s].append(card)
            g.holdings_changed(s)
            g.events.append(g.tables.readied_told[card][s])


def ready_free(g: Game, fx: Fx, p: Step) -> Need | None:
    """Ready one Spell from your hand at no cost."""
    s = fx.seat
    pick = fx.get("ready")
    if pick is None:
        opts: list[Option] = [(f"ready:{g.card(c).id}", said(N_("Ready {card}"), card=named(g.card(c))), c)
                              for c in g.hands[s]]
        if not opts:
            return None
        opts.append(("skip", READY_NOTHING.label, -1))
        return Need("ready", Ask(s, "ready_free", said(N_("{card}: ready a Spell for free"), card=sayer(g, fx)), opts))
    if pick >= 0:
        g.stack.append(("readied", s, pick))
    return None


def burn_readied(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Readied Spells of the cult are discarded unused, chosen at random."""
    for _ in range(p["amount"]):
        card = _take_random(g, g.reserve[s])
        if card is None:
            break
        g.holdings_changed(s)
        g.discard.append(card)
        g.emit(EventKind.READIED_DISCARDED, {"seat": s, "card": g.card(card).id})


def gain_gate(g: Game, fx: Fx, p: Step, s: int) -> None:
    """Take a Gate card, if you hold none (R-SP-3)."""
    if g.gate[s] < 0 and g.gate_supply:
        g.gate[s] = g.gate_supply.pop()
        g.events.append(GATE_GAINED[s])


def lose_gate(g: Game, fx: Fx, p: Step, s: int) -> None:
    """The cult's Gate card goes back to the supply."""
    if g.gate[s] >= 0:
        g.gate_supply.append(g.gate[s])
        g.gate[s] = -1
        g.emit(EventKind.GATE_LOST, {"seat": s})


def gain_curse(g: Game, fx: Fx, p: Step, s: int) -> None:
    """The cult gains a Curse (R-CU-1), brought by the card."""
    g.gain_curse(s, g.content.cards[fx.card].id)


def gain_artifact(g: Game, fx: Fx, p: Step) -> Need | None:
    """Take the top Artifact of the deck (the limit of 3 applies)."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats
    for s in seats:
        if g.art_deck:
            take_artifact(g, s, g.art_deck.pop())
    return None


def refresh_artifacts(g: Game, fx: Fx, p: Step, s: int) -> None:
    """The cult's exhausted Artifacts stand up again."""
    for a in g.arts[s]:
        if a in g.exhausted:
            g.exhausted.discard(a)
            g.holdings_changed(s)
            g.emit(EventKind.ARTIFACTS_REFRESHED, {"seat": s, "cards": [g.card(a).id]})


def wreck_artifact(g: Game, fx: Fx, p: Step) -> Need | None:
    """One of the cult's Artifacts, chosen by the acting seat, is removed from the game."""
    seats = targets(g, fx, p["who"])
    if isinstance(seats, Need):
        return seats

    def pick(s: int) -> int | Need | None:
        if not g.arts[s]:
            return None
        got: int | None = fx.get(f"art{s}")
        if got is not None:
            return got
        opts = [(f"artifact:{g.card(a).id}", said(N_("Destroy {card}"), card=named(g.card(a))), a) for a in g.arts[s]]
        if len(opts) == 1:
            return opts[0][2]
        return Need(f"art{s}", Ask(fx.seat, "artifact", said(N_("{card}: destroy which Artifact of {cult}?"),
                                                             card=sayer(g, fx), cult=cult(g, s)), opts))

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
        g.emit(EventKind.ARTIFACT_WRECKED, {"seat": s, "card": g.card(art).id})
    return None


# ---------------------------------------------------------------- dice


def current_roll(g: Game) -> list[int] | None:
    return g.rolls[-1] if g.rolls else None


def pick_die(g: Game, fx: Fx, faces: list[int], key: str, kind: str, question: str, candidates: list[int],
             label: str, **args: tuple[str, Any, Any]) -> int | Need:
    """The acting seat picks a die of the roll being resolved (``faces``), or -1 to stop:
    ``question`` and each die's ``label`` are messages (with ``{n}`` and ``{face}``, and ``args``)."""
    pick: int | None = fx.get(key)
    if pick is not None:
        return pick
    names = g.content.dice.faces
    opts = [(f"die:{i}", said(label, n=number(i + 1), face=("face", faces[i], names[faces[i]].name), **args), i)
            for i in candidates]
    opts.append(("stop", NO_MORE, -1))
    return Need(key, Ask(fx.seat, kind, said(question, card=sayer(g, fx)), opts, ("roll", tuple(faces))))


NO_MORE = said(N_("No more"))


def reroll(g: Game, fx: Fx, p: Step) -> Need | Again | None:
    """Reroll dice of the roll being resolved, one at a time, your pick."""
    faces = current_roll(g)
    done = fx.get("rerolled", 0)
    if faces is None or done >= p["amount"]:
        return None
    pick = pick_die(g, fx, faces, f"r{done}", "reroll", N_("{card}: reroll which die?"), list(range(len(faces))),
                    N_("Reroll die {n} ({face})"))
    if isinstance(pick, Need) or pick < 0:
        return pick if isinstance(pick, Need) else None
    names = g.content.dice.faces
    old = faces[pick]
    faces[pick] = g.roll_faces(1)[0]
    g.emit(EventKind.DIE_REROLLED, {"seat": fx.seat, "die": pick, "frm": names[old].id, "to": names[faces[pick]].id})
    return Again((("rerolled", done + 1),))


def set_face(g: Game, fx: Fx, p: Step) -> Need | Again | None:
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
    pick = pick_die(g, fx, faces, f"s{done}", "set_face", N_("{card}: turn which die?"), candidates,
                    N_("Turn die {n} ({face}) to {to}"), to=("face", target, names[target].name))
    if isinstance(pick, Need) or pick < 0:
        return pick if isinstance(pick, Need) else None
    old = faces[pick]
    faces[pick] = target
    g.emit(EventKind.DIE_TURNED, {"seat": fx.seat, "die": pick, "frm": names[old].id, "to": names[target].id})
    return Again((("set", done + 1),))


def add_dice(g: Game, fx: Fx, p: Step) -> None:
    """Roll extra dice into the roll being resolved."""
    faces = current_roll(g)
    if faces is None:
        return None
    new = g.roll_faces(p["amount"])
    faces.extend(new)
    g.emit(EventKind.DICE_ADDED, {"seat": fx.seat, "faces": [g.content.dice.faces[f].id for f in new]})


def remove_dice(g: Game, fx: Fx, p: Step) -> Need | Again | None:
    """Set aside dice of the roll being resolved (they count for nothing); your pick."""
    faces = current_roll(g)
    done = fx.get("removed", 0)
    if not faces or done >= p["amount"]:
        return None
    pick = pick_die(g, fx, faces, f"x{done}", "remove_die", N_("{card}: set aside which die?"), list(range(len(faces))),
                    N_("Set aside die {n} ({face})"))
    if isinstance(pick, Need) or pick < 0:
        return pick if isinstance(pick, Need) else None
    gone = faces.pop(pick)
    g.emit(EventKind.DIE_REMOVED, {"seat": fx.seat, "die": pick, "face": g.content.dice.faces[gone].id})
    return Again((("removed", done + 1),))


def roll(g: Game, fx: Fx, p: Step) -> None:
    """Roll dice; each face listed under ``results`` runs its steps once per die showing it."""
    g.stack.append(("roll", fx.seat, p["amount"], "effect", (fx.card, p["results"])))


def _effect_roll(g: Game, seat: int, faces: list[int], arg: tuple[int, tuple[tuple[int, int], ...]]) -> None:
    card, on = arg
    lists = dict(on)
    g.push(*[("fx", seat, card, lists[f], 0, ()) for f in faces if f in lists])


# ---------------------------------------------------------------- logic


def if_step(g: Game, fx: Fx, p: Step) -> None:
    """Run ``then`` if a condition holds for the acting cult, else ``otherwise``."""
    name, params = p["cond"]
    lst = p["then"] if CONDITIONS[name].fn(g, fx.seat, dict(params)) else p["otherwise"]
    if lst is not None and lst >= 0:
        g.stack.append(("fx", fx.seat, fx.card, lst, 0, ()))


def each_opponent(g: Game, fx: Fx, p: Step) -> None:
    """Run steps as if each other cult were acting, clockwise."""
    g.push(*[("fx", s, fx.card, p["steps"], 0, ()) for s in g.others(fx.seat)])


def choose(g: Game, fx: Fx, p: Step) -> Need | None:
    """Pick one of several step lists, each with its label."""
    pick = fx.get("option")
    if pick is None:
        card_id = g.card(fx.card).id if fx.card >= 0 else ""
        opts = [(f"option:{i}", said(N_("{option}"), option=("option", [card_id, i], label)), i)
                for i, (label, _) in enumerate(p["options"])]
        return Need("option", Ask(fx.seat, "option", said(N_("{card}: choose one"), card=sayer(g, fx)), opts))
    g.stack.append(("fx", fx.seat, fx.card, p["options"][pick][1], 0, ()))
    return None


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

step("draw_spells", each_target(draw_spells), who=WHO_SELF, amount=INT)
step("discard_spells", each_target(discard_spells), who=Param("who", "opponent"), amount=INT)
step("steal_spell", each_target(steal_spell), who=Param("who", "opponent"), amount=INT)
step("ready_top", each_target(ready_top), who=WHO_SELF)
step("ready_free", ready_free)
step("burn_readied", each_target(burn_readied), who=Param("who", "opponent"), amount=INT)
step("gain_gate", each_target(gain_gate), who=WHO_SELF)
step("lose_gate", each_target(lose_gate), who=Param("who", "opponent"))
step("gain_curse", each_target(gain_curse), who=WHO_SELF)
step("gain_artifact", gain_artifact, who=WHO_SELF)
step("refresh_artifacts", each_target(refresh_artifacts), who=WHO_SELF)
step("wreck_artifact", wreck_artifact, who=Param("who", "opponent"))
step("reroll", reroll, amount=INT)
step("set_face", set_face, face=Param("face", None), amount=INT)
step("add_dice", add_dice, amount=INT)
step("remove_dice", remove_dice, amount=INT)
step("roll", roll, amount=INT, results=Param("faces", {}))
roll_result("effect", _effect_roll)
step("if", if_step, cond=Param("cond", None), then=Param("steps", ()), otherwise=Param("steps", ()))
step("each_opponent", each_opponent, steps=Param("steps", ()))
step("choose", choose, options=Param("options", ()))
