"""Readying Spells (R-CN-1..4), casting them (R-SP), Artifact abilities (R-AR)
and the casting windows in which both happen.

A window is a moment in the turn (the start of a phase, after a roll before
its results apply, when a raid is declared, the end of a turn). It asks only
the seats that hold something usable there, the active seat first and then
clockwise; a seat keeps the floor until it passes.

A card's ``timing`` lists the windows it may use:
  any        every window
  prepare    the start of its owner's own turn, before movement (R-PR-2)
  own_turn   any window of its owner's own turn
  other_turn any window of another cult's turn
  after_roll after a roll of the owner's, before the results apply
  roll_any   after anyone's roll, before the results apply
  raided     when a raid on its owner is declared
  end        at the end of any turn
"""

from __future__ import annotations

from fate.engine.constants import (
    HAND_MINIMUM,
    LOCATION_NAMES,
    N_LOCATIONS,
    OTHER_WORLDS,
    PREPARE,
    RESERVE_SLOTS,
    WILD_SYMBOL,
)
from fate.engine.game import Ask, Game, resolver, task


def timing_allows(g: Game, timing: frozenset[str], window: str, seat: int, target: int) -> bool:
    if "any" in timing:
        return True
    own = seat == g.cur and window != "investigators"  # solo: their turn is not yours
    if window == PREPARE and "prepare" in timing and own:
        return True
    if "own_turn" in timing and own:
        return True
    if "other_turn" in timing and not own:
        return True
    if window == "after_roll":
        if "roll_any" in timing or ("after_roll" in timing and target == seat):
            return True
    if window == "raid" and "raided" in timing and target == seat:
        return True
    return window == "end" and "end" in timing


_ALLOWED: dict[tuple, bool] = {}  # (timing, window, own turn, the window's target) -> usable


def usable(g: Game, seat: int, window: str, target: int, k: int = 0) -> list[tuple[str, str, tuple]]:
    """What ``seat`` may cast or use in this window; ``k`` (its place in the
    window's round) rides along in each value for the resolver."""
    opts = []
    own = seat == g.cur and window != "investigators"
    key_tail = (window, own, target == seat)
    cards = g.content.cards
    for card in g.reserve[seat]:
        c = cards[card]
        key = (c.timing, *key_tail)
        ok = _ALLOWED.get(key)
        if ok is None:
            ok = _ALLOWED[key] = timing_allows(g, c.timing, window, seat, target)
        if ok:
            opts.append((f"cast:{c.id}", f"Cast {c.name}: {g.text_of(card)}", ("cast", card, k)))
    for card in g.arts[seat]:
        c = cards[card]
        if c.ability in ("exhaust", "destroy") and card not in g.exhausted \
                and timing_allows(g, c.timing, window, seat, target):
            verb = "Exhaust" if c.ability == "exhaust" else "Destroy"
            opts.append((f"use:{c.id}", f"{verb} {c.name}: {g.text_of(card)}", ("use", card, k)))
    return opts


WINDOW_TEXT = {
    "prepare": "before movement", "move": "at the start of the Move phase",
    "activate": "at the start of the Activate phase", "conclude": "at the start of Conclude",
    "after_roll": "after the roll, before its results apply", "raid": "as the raid is declared",
    "end": "at the end of the turn", "investigators": "as the Investigators take their turn",
}


@task("window")
def window(g: Game, t: tuple) -> Ask | None:
    _, kind, offset, target = t
    if not any(g.reserve) and not any(g.arts):  # the common case: nobody holds anything
        return None
    for k in range(offset, g.n):
        seat = (g.cur + k) % g.n
        if not g.reserve[seat] and not g.arts[seat]:
            continue
        opts = usable(g, seat, kind, target, k)
        if opts:
            opts.append(("pass", "Pass", ("pass", None, k)))
            return Ask(seat, "cast_window", f"You may cast {WINDOW_TEXT[kind]}", opts,
                       ("window", kind, target))
    return None


@resolver("window")
def window_take(g: Game, t: tuple, value: tuple) -> None:
    _, kind, _, target = t
    what, card, k = value
    if what == "pass":  # the next seat round the table may still cast
        g.push(("window", kind, k + 1, target))
        return
    seat = (g.cur + k) % g.n
    g.push(("use_artifact" if what == "use" else "cast", seat, card), ("window", kind, k, target))


@task("cast")
def cast(g: Game, t: tuple) -> None:
    """R-SP-1: turned face up, resolved at once, then discarded."""
    seat, card = t[1], t[2]
    g.reserve[seat].remove(card)
    g.resolving.append(card)
    c = g.card(card)
    g.emit("spell_cast", seat=seat, card=c.id, name=c.name, text=g.text_of(card))
    g.push(("fx", seat, card, g.effect_of(card), 0, ()), ("cast_done", card))


@task("cast_done")
def cast_done(g: Game, t: tuple) -> None:
    card = t[1]
    if card in g.resolving:
        g.resolving.remove(card)
        g.discard.append(card)


@task("curse_done")
def curse_done(g: Game, t: tuple) -> None:
    """R-CU-4: a resolved Curse goes to the bottom of the Curse deck."""
    card = t[1]
    if card in g.resolving:
        g.resolving.remove(card)
        g.curse_deck.insert(0, card)


@task("use_artifact")
def use_artifact(g: Game, t: tuple) -> None:
    """R-AR-2: exhaust (turned until the next Prepare) or destroy (out of the game)."""
    seat, card = t[1], t[2]
    c = g.card(card)
    if c.ability == "exhaust":
        g.exhausted.add(card)
        g.emit("artifact_exhausted", seat=seat, card=c.id, name=c.name, text=g.text_of(card))
        g.push(("fx", seat, card, g.effect_of(card), 0, ()))
    else:
        g.arts[seat].remove(card)
        g.exhausted.discard(card)
        g.resolving.append(card)
        g.emit("artifact_destroyed", seat=seat, card=c.id, name=c.name, text=g.text_of(card))
        g.push(("fx", seat, card, g.effect_of(card), 0, ()), ("to_box", card))


@task("to_box")
def to_box(g: Game, t: tuple) -> None:
    card = t[1]
    if card in g.resolving:
        g.resolving.remove(card)
        g.box.append(card)


# ------------------------------------------------------------ readying


def ready_pool(g: Game, seat: int, loc: int) -> tuple[list[int], int]:
    """Symbol counts and wilds that may pay (R-CN-1, R-CN-4): the Column, the
    location's own symbol and the backs in the Reserve; never the hand."""
    counts = [0] * N_LOCATIONS
    wilds = g.passive(seat, "ready_wild")
    for card in g.columns[loc]:
        c = g.card(card)
        if c.kind == "gate":
            wilds += 1
        else:
            counts[c.symbol] += 1
    if loc == OTHER_WORLDS:
        wilds += 1
    else:
        counts[loc] += 1
    for card in g.reserve[seat]:
        counts[g.card(card).symbol] += 1
    return counts, wilds


def affordable(cost: tuple[int, ...], counts: list[int], wilds: int) -> bool:
    """Each symbol pays once; wilds cover any shortfall. Two alike are not a wild."""
    need = [0] * N_LOCATIONS
    for sym in cost:
        need[sym] += 1
    short = 0
    for sym in range(N_LOCATIONS):
        if sym == WILD_SYMBOL:
            short += need[sym]  # a cost in the wild symbol can be met by a wild only
        elif need[sym] > counts[sym]:
            short += need[sym] - counts[sym]
    return short <= wilds


@task("ready")
def ready(g: Game, t: tuple) -> Ask | None:
    """R-CN-1..3: ready up to ready_allow Spells; the Column goes afterwards."""
    _, done, any_readied = t
    seat, loc = g.cur, g.turn_loc
    if done >= g.ready_allow:
        if any_readied:
            g.discard_column(loc)  # R-CN-2, R-LI-2: after both
        return None
    counts, wilds = ready_pool(g, seat, loc)
    opts = []
    for card in g.hands[seat]:
        c = g.card(card)
        if affordable(c.cost, counts, wilds):
            opts.append((f"ready:{c.id}", f"Ready {c.name} (cost {cost_text(c.cost)})", card))
    if not opts:
        if any_readied:
            g.discard_column(loc)
        return None
    opts.append(("skip", "Ready nothing more" if done else "Ready nothing", -1))
    return Ask(seat, "ready", f"Ready a Spell at {LOCATION_NAMES[loc]}"
               + (f" ({done + 1} of {g.ready_allow})" if g.ready_allow > 1 else ""), opts,
               ("location", loc))


@resolver("ready")
def ready_take(g: Game, t: tuple, card: int) -> None:
    _, done, any_readied = t
    if card < 0:
        g.push(("ready", g.ready_allow, any_readied))
        return
    g.push(("readied", g.cur, card), ("ready", done + 1, True))


def cost_text(cost: tuple[int, ...]) -> str:
    return ", ".join(LOCATION_NAMES[s] if s else "any" for s in cost) or "free"


@task("ready_free")
def ready_free(g: Game, t: tuple) -> Ask | None:
    """R-LI-3: any Spell from hand, no symbols paid, nothing discarded."""
    seat = g.cur
    opts = [(f"ready:{g.card(c).id}", f"Ready {g.card(c).name} for free", c) for c in g.hands[seat]]
    if not opts:
        return None
    opts.append(("skip", "Ready nothing", -1))
    return Ask(seat, "ready_free", "Ready a Spell for free", opts)


@resolver("ready_free")
def ready_free_take(g: Game, t: tuple, card: int) -> None:
    if card >= 0:
        g.push(("readied", g.cur, card))


@task("readied")
def readied(g: Game, t: tuple) -> Ask | None:
    """Into the Reserve; a 4th is cast at once or displaces a readied one (R-CN-3)."""
    seat, card = t[1], t[2]
    if len(g.reserve[seat]) < RESERVE_SLOTS:
        g.hands[seat].remove(card)
        g.reserve[seat].append(card)
        g.emit("spell_readied", seat=seat, symbol=g.card(card).symbol,
               cost=list(g.card(card).cost))
        return None
    opts = [("cast_now", f"Cast {g.card(card).name} at once", -1)]
    opts += [(f"replace:{g.card(r).id}", f"Discard readied {g.card(r).name} to make room", r)
             for r in g.reserve[seat]]
    return Ask(seat, "reserve_full", "Your Reserve is full", opts)


@resolver("readied")
def readied_take(g: Game, t: tuple, old: int) -> None:
    seat, card = t[1], t[2]
    if old < 0:
        g.hands[seat].remove(card)
        g.reserve[seat].append(card)  # cast straight from where it was readied
        g.push(("cast", seat, card))
        return
    g.reserve[seat].remove(old)
    g.discard.append(old)
    g.emit("readied_discarded", seat=seat, card=g.card(old).id)
    g.push(("readied", seat, card))


@task("draw")
def draw(g: Game, t: tuple) -> None:
    """R-CN-5: draw 1, then up to 3 in hand (Gates do not count)."""
    seat = g.cur
    minimum = HAND_MINIMUM + g.passive(seat, "hand_bonus")
    if g.draw_spell(seat) is None:
        return
    while len(g.hands[seat]) < minimum:
        if g.draw_spell(seat) is None:
            return

