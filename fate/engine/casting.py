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

from itertools import compress
from typing import Any

from fate.content.model import Card, Content
from fate.engine.constants import (
    HAND_MINIMUM,
    N_LOCATIONS,
    OTHER_WORLDS,
    PREPARE,
    RESERVE_SLOTS,
    WILD_SYMBOL,
)
from fate.engine.game import CLOCKWISE, Game
from fate.engine.kinds import EventKind
from fate.engine.model import Choice, Event
from fate.engine.prepared import SEAT_SLOTS
from fate.engine.registry import Asked, Option, Task, table, task
from fate.engine.said import N_, named, number, placed, said

# The casting windows; a window's bits are index * 4 + 2 * (own turn) + (aimed at the seat).
WINDOWS = ("prepare", "move", "activate", "conclude", "after_roll", "raid", "end", "investigators")
WINDOW_BASE = {w: 4 * i for i, w in enumerate(WINDOWS)}
WINDOW_MASK = {w: 15 << base for w, base in WINDOW_BASE.items()}  # the window's four bits


def timing_allows(timing: frozenset[str], window: str, own: bool, aimed: bool) -> bool:
    """May a card of this timing be used in ``window``? ``own``: the window is in
    the user's own turn; ``aimed``: the roll or raid of the window is the user's."""
    if "any" in timing:
        return True
    if window == PREPARE and "prepare" in timing and own:
        return True
    if "own_turn" in timing and own:
        return True
    if "other_turn" in timing and not own:
        return True
    if window == "after_roll":
        if "roll_any" in timing or ("after_roll" in timing and aimed):
            return True
    if window == "raid" and "raided" in timing and aimed:
        return True
    return window == "end" and "end" in timing


def _timing_table(content: Content) -> list[int]:
    """``timing[card]``: bit ``WINDOW_BASE[w] + 2*own + aimed`` is set when the card
    may be cast or used in that window (0 for cards never cast)."""
    out = []
    for c in content.cards:
        bits = 0
        if c.kind == "spell" or (c.kind == "artifact" and c.ability in ("exhaust", "destroy")):
            for w, base in WINDOW_BASE.items():
                for own in (0, 1):
                    for aimed in (0, 1):
                        if timing_allows(c.timing, w, bool(own), bool(aimed)):
                            bits |= 1 << (base + 2 * own + aimed)
        out.append(bits)
    return out


def castable(g: Game, seat: int) -> int:
    """The bits of the ``timing`` table for which the seat holds something usable:
    the OR over its Readied Spells and unexhausted Artifacts (cached in
    ``g.cast_bits`` until ``g.holdings_changed(seat)``; ``g.cast_any`` is their OR once
    every seat's is known, and ``g.readied`` then the seats with Readied Spells)."""
    cast_bits = g.cast_bits
    bits = cast_bits[seat]
    if bits < 0:
        timing = g.tables.timing
        bits = 0
        for c in g.reserve[seat]:
            bits |= timing[c]
        for c in g.arts[seat]:
            if c not in g.exhausted:
                bits |= timing[c]
        cast_bits[seat] = bits
        if -1 not in cast_bits:
            any_bits = 0
            for b in cast_bits:
                any_bits |= b
            g.cast_any = any_bits
            g.readied = tuple(compress(range(g.n), g.reserve))  # the seats whose Reserve is not empty
    return bits


WINDOW_PROMPT = {
    "prepare": said(N_("You may cast before movement")),
    "move": said(N_("You may cast at the start of the Move phase")),
    "activate": said(N_("You may cast at the start of the Activate phase")),
    "conclude": said(N_("You may cast at the start of Conclude")),
    "after_roll": said(N_("You may cast after the roll, before its results apply")),
    "raid": said(N_("You may cast as the raid is declared")),
    "end": said(N_("You may cast at the end of the turn")),
    "investigators": said(N_("You may cast as the Investigators take their turn")),
}
PASS = [Choice("pass", said(N_("Pass")), ("pass", None, k)) for k in range(4)]
# WINDOW_INFO[kind]: (WINDOW_MASK, the bits, WINDOW_PROMPT) of a window, in one look-up; the
# bits are those a seat needs there, by 2 * (the active seat) + (the roll or raid is its own)
WINDOW_INFO = {w: (WINDOW_MASK[w],
                   tuple(1 << (WINDOW_BASE[w] + 2 * (active and w != "investigators") + aimed)
                         for active in (0, 1) for aimed in (0, 1)),  # solo: their turn is not yours
                   WINDOW_PROMPT[w]) for w in WINDOWS}


# Translators: {card} is a Readied Spell's name, {text} what it does.
CAST = N_("Cast {card}: {text}")
# Translators: {card} is an Artifact's name, {text} what it does (it is destroyed as it is used).
DESTROY = N_("Destroy {card}: {text}")
# Translators: {card} is an Artifact's name, {text} what it does (it is turned sideways until the next Prepare).
EXHAUST = N_("Exhaust {card}: {text}")


def _cast_label(c: Card, solo: bool) -> str:
    text = ("solo", c.id, c.solo_text) if solo and c.solo_text else ("text", c.id, c.text)
    if c.kind == "artifact":
        return said(DESTROY if c.ability == "destroy" else EXHAUST, card=named(c), text=text)
    return said(CAST, card=named(c), text=text)


def _cast_labels(content: Content) -> tuple[list[str], list[str]]:
    """``cast_label[solo][card]``: the words of its choice in a window."""
    def labels(solo: bool) -> list[str]:
        return [_cast_label(c, solo) for c in content.cards]

    return labels(False), labels(True)


def _cast_options(content: Content) -> tuple[dict[int, Choice], dict[int, Choice]]:
    """``cast_options[solo]``: the choices of ``cast_option``, made as windows need them."""
    return ({}, {})


def cast_option(g: Game, card: int, k: int) -> Choice:
    """The choice to cast a Readied Spell or use an Artifact; ``k`` (the seat's
    place in the window's round) rides along for the resolver. Cached per content."""
    key = card * 4 + k
    cache = g.tables.cast_options[g.solo]
    opt = cache.get(key)
    if opt is None:
        c = g.content.cards[card]
        what = "use" if c.kind == "artifact" else "cast"
        opt = cache[key] = Choice(f"{what}:{c.id}", g.tables.cast_label[g.solo][card], (what, card, k))
    return opt


def _passed_over(g: Game, offset: int) -> None:
    """The window closes without asking the seats ``offset`` and more away from the active
    one: each of them with Readied Spells has shown that none of them could be cast here.
    A window closed before its first seat (offset 0, most of them) counts ``g.readied``
    instead, where it closes (``open_window``, ``window``): a call costs more than the count."""
    passed, n, cur, reserve = g.passed_over, g.n, g.cur, g.reserve
    for k in range(offset, n):
        seat = (cur + k) % n
        if reserve[seat]:
            passed[seat] += 1


def open_window(g: Game, kind: str, offset: int, target: int) -> bool:
    """Schedule a casting window to run next, from the seat ``offset`` away from the active
    one, and say whether it was. When no seat holds anything for it, it is closed at once
    instead, as running it would (half of all windows): the caller is a task whose window
    runs next, and with no Curse held no check between them can change what the seats hold."""
    if not g.held and not g.over and not g.cast_any & WINDOW_INFO[kind][0]:  # -1: not all known
        if offset:
            _passed_over(g, offset)
        else:  # every seat: g.readied is known while g.cast_any is
            passed = g.passed_over
            for seat in g.readied:
                passed[seat] += 1
        return False
    g.stack.append(("window", kind, offset, target))
    return True


def window(g: Game, t: Task) -> Asked | None:
    """Ask the first seat, from the active one clockwise, that holds something
    usable here; it keeps the floor until it passes."""
    _, kind, offset, target = t
    mask, needs, prompt = WINDOW_INFO[kind]
    if not g.cast_any & mask:  # -1 (some seat's not yet known) has every bit
        if offset:
            _passed_over(g, offset)
        else:  # every seat, as in open_window
            passed = g.passed_over
            for seat in g.readied:
                passed[seat] += 1
        return None  # nobody holds anything for this window: the common case
    cast_bits = g.cast_bits
    reserve, passed = g.reserve, g.passed_over
    seats = CLOCKWISE[g.n][g.cur]
    for k in range(offset, g.n):
        seat = seats[k]
        bits = cast_bits[seat]
        if bits & mask:
            if bits < 0:
                bits = castable(g, seat)
            bit = needs[2 * (not k) + (target == seat)]
            if bits & bit:
                timing = g.tables.timing
                cache = g.tables.cast_options[g.solo]
                opts = []
                for c in reserve[seat]:
                    if timing[c] & bit:
                        opts.append(cache.get(c * 4 + k) or cast_option(g, c, k))
                for c in g.arts[seat]:
                    if timing[c] & bit and c not in g.exhausted:
                        opts.append(cache.get(c * 4 + k) or cast_option(g, c, k))
                opts.append(PASS[k])
                return (seat, "cast_window", prompt, tuple(opts), ("window", kind, target))
        if reserve[seat]:
            passed[seat] += 1
    return None


def window_take(g: Game, t: Task, value: tuple[Any, ...]) -> None:
    _, kind, _, target = t
    what, card, k = value
    if what == "pass":  # the next seat round the table may still cast
        open_window(g, kind, k + 1, target)
        return
    seat = (g.cur + k) % g.n
    g.stack += (("window", kind, k, target), ("use_artifact" if what == "use" else "cast", seat, card))


def cast(g: Game, t: Task) -> None:
    """R-SP-1: turned face up, resolved at once, then discarded."""
    seat, card = t[1], t[2]
    if card not in g.reserve[seat]:
        # R-CU-2 first: a held Curse whose trigger already held is revealed as the choice is made
        # (only one is revealed at a time), and its penalty took the Spell (Overreach): not cast
        return
    g.reserve[seat].remove(card)
    g.holdings_changed(seat)
    g.resolving.append(card)
    g.events.append(g.tables.cast_told[g.solo][card][seat])
    g.stack += (("cast_done", card), ("fx", seat, card, g.effect_of(card), 0, ()))


def _readied_told(content: Content) -> list[list[Event]]:
    """``readied_told[card][seat]``: the event of a Spell readied (made once: game.SEAT_SLOTS)."""
    return [[Event(EventKind.SPELL_READIED, {"seat": s, "symbol": c.symbol, "cost": list(c.cost)}) for s in SEAT_SLOTS]
            for c in content.cards]


def _cast_told(content: Content) -> tuple[list[list[Event]], list[list[Event]]]:
    """``cast_told[solo][card][seat]``: the event of a Spell cast, with the text it resolves."""
    def told(solo: bool) -> list[list[Event]]:
        return [[Event(EventKind.SPELL_CAST, {"seat": s, "card": c.id, "name": c.name,
                                              "text": c.solo_text if solo and c.solo_text else c.text})
                 for s in SEAT_SLOTS] for c in content.cards]

    return told(False), told(True)


def cast_done(g: Game, t: Task) -> None:
    card = t[1]
    if card in g.resolving:
        g.resolving.remove(card)
        g.discard.append(card)


def curse_done(g: Game, t: Task) -> None:
    """R-CU-4: a resolved Curse goes to the bottom of the Curse deck."""
    card = t[1]
    if card in g.resolving:
        g.resolving.remove(card)
        g.curse_deck.insert(0, card)


# ------------------------------------------------------------ readying


def ready_pool(g: Game, seat: int, loc: int) -> tuple[list[int], int]:
    """Symbol counts and wilds that may pay (R-CN-1, R-CN-4): the Column, the
    location's own symbol and the backs in the Reserve; never the hand."""
    counts = [0] * N_LOCATIONS
    wilds = g.passive(seat, "ready_wild") if g.arts[seat] else 0
    cards = g.content.cards
    for card in g.columns[loc]:
        c = cards[card]
        if c.kind == "gate":
            wilds += 1
        else:
            counts[c.symbol] += 1
    if loc == OTHER_WORLDS:
        wilds += 1
    else:
        counts[loc] += 1
    for card in g.reserve[seat]:
        counts[cards[card].symbol] += 1
    return counts, wilds


def ready_option(c: Card, content: Content) -> Choice:
    cost = ("cost", c.id, cost_text(c.cost, content))
    return Choice(f"ready:{c.id}", said(READY_COST, card=named(c), cost=cost), c.index)


# Translators: {cost} lists the symbols paid, as "Hood, Tome".
READY_COST = N_("Ready {card} (cost {cost})")


def _ready_table(content: Content) -> list[Choice | None]:
    """``ready[card]``: a Spell's ready choice, made once."""
    return [ready_option(c, content) if c.kind == "spell" else None for c in content.cards]


def _cost_table(content: Content) -> list[tuple[tuple[int, int], ...]]:
    """``cost[card]``: a Spell's cost as ((symbol, how many), ...), wilds apart."""
    return [tuple((sym, c.cost.count(sym)) for sym in sorted(set(c.cost)) if sym != WILD_SYMBOL)
            for c in content.cards]


def _cost_wild_table(content: Content) -> list[int]:
    """``cost_wild[card]``: how many of a Spell's cost only a wild pays."""
    return [c.cost.count(WILD_SYMBOL) for c in content.cards]


def ready(g: Game, t: Task) -> Asked | None:
    """R-CN-1..3: ready up to ready_allow Spells; the Column goes afterwards."""
    _, done, any_readied = t
    seat, loc = g.cur, g.turn_loc
    if done >= g.ready_allow:
        if any_readied:
            g.discard_column(loc)  # R-CN-2, R-LI-2: after both
        return None
    counts, wilds = ready_pool(g, seat, loc)
    tables = g.tables
    opts = []
    for card in g.hands[seat]:
        # Each symbol pays once; wilds cover any shortfall. Two alike are not a wild,
        # and a cost in the wild symbol itself is met by a wild only.
        short = tables.cost_wild[card]
        for sym, k in tables.cost[card]:
            if k > counts[sym]:
                short += k - counts[sym]
        if short <= wilds:
            opts.append(tables.ready[card])
    if not opts:
        if any_readied:
            g.discard_column(loc)
        elif not done:  # the step passes by itself: the player alone is told why (R-CN-1)
            g.emit(EventKind.NOTHING_TO_READY, {"seat": seat}, (seat,))
        return None
    opts.append(READY_MORE if done else READY_NOTHING)
    text = said(READY_SOME, place=placed(loc), n=number(done + 1),
                of=number(g.ready_allow)) if g.ready_allow > 1 else READY_TEXT[loc]
    return (seat, "ready", text, tuple(opts), ("location", loc))


READY_TEXT = [said(N_("Ready a Spell at {place}"), place=placed(loc)) for loc in range(N_LOCATIONS)]
# Translators: the Library lets a cult ready two Spells; {n} is the one asked for now.
READY_SOME = N_("Ready a Spell at {place} ({n} of {of})")
READY_NOTHING = Choice("skip", said(N_("Ready nothing")), -1)
READY_MORE = Choice("skip", said(N_("Ready nothing more")), -1)


def ready_take(g: Game, t: Task, card: int) -> None:
    _, done, any_readied = t
    if card < 0:
        g.stack.append(("ready", g.ready_allow, any_readied))
        return
    g.stack += (("ready", done + 1, True), ("readied", g.cur, card))


def cost_text(cost: tuple[int, ...], content: Content) -> str:
    """A Spell's cost in words: its symbols' names ("any" for a wild one)."""
    return ", ".join(content.symbols[s].name if s else "any" for s in cost) or "free"


def ready_free(g: Game, t: Task) -> Asked | None:
    """R-LI-3: any Spell from hand, no symbols paid, nothing discarded."""
    seat = g.cur
    if not g.hands[seat]:
        return None
    free = g.tables.ready_free
    return (seat, "ready_free", READY_FREE, tuple([free[c] for c in g.hands[seat]] + [READY_NOTHING]), ())


READY_FREE = said(N_("Ready a Spell for free"))


def _ready_free_table(content: Content) -> list[Choice | None]:
    """``ready_free[card]``: a Spell's choice when readied for free, made once."""
    return [Choice(f"ready:{c.id}", said(N_("Ready {card} for free"), card=named(c)), c.index) if c.kind == "spell" else None
            for c in content.cards]


def ready_free_take(g: Game, t: Task, card: int) -> None:
    if card >= 0:
        g.stack.append(("readied", g.cur, card))


def readied(g: Game, t: Task) -> Asked | None:
    """Into the Reserve; a 4th is cast at once or displaces a readied one (R-CN-3)."""
    seat, card = t[1], t[2]
    if len(g.reserve[seat]) < RESERVE_SLOTS:
        g.hands[seat].remove(card)
        g.reserve[seat].append(card)
        g.holdings_changed(seat)
        g.events.append(g.tables.readied_told[card][seat])
        return None
    opts: list[Option] = [("cast_now", said(CAST_NOW, card=named(g.card(card))), "cast")]
    opts += [(f"replace:{g.card(r).id}", said(MAKE_ROOM, card=named(g.card(r))), r) for r in g.reserve[seat]]
    return (seat, "reserve_full", RESERVE_FULL, opts, ())


CAST_NOW = N_("Cast {card} at once")
MAKE_ROOM = N_("Discard readied {card} to make room")
RESERVE_FULL = said(N_("You hold three Readied Spells already"))


def readied_take(g: Game, t: Task, old: int | str) -> None:
    seat, card = t[1], t[2]
    if isinstance(old, str):  # "cast", the one word among the values
        g.hands[seat].remove(card)
        g.reserve[seat].append(card)  # cast straight from where it was readied
        g.holdings_changed(seat)
        g.stack.append(("cast", seat, card))
        return
    g.reserve[seat].remove(old)
    g.holdings_changed(seat)
    g.discard.append(old)
    g.emit(EventKind.READIED_DISCARDED, {"seat": seat, "card": g.card(old).id})
    g.stack.append(("readied", seat, card))


def draw(g: Game, t: Task) -> None:
    """R-CN-5: draw 1, then up to 3 in hand (Gates do not count)."""
    seat = g.cur
    minimum = HAND_MINIMUM + (g.passive(seat, "hand_bonus") if g.arts[seat] else 0)
    if g.draw_spell(seat) is None:
        return
    while len(g.hands[seat]) < minimum:
        if g.draw_spell(seat) is None:
            return


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

table("timing", _timing_table)
table("readied_told", _readied_told)
table("cast_told", _cast_told)
table("cast_label", _cast_labels)
table("cast_options", _cast_options)
task("window", window, window_take, quiet=True)
task("cast", cast, quiet=True)
task("cast_done", cast_done, quiet=True)
task("curse_done", curse_done, quiet=True)
table("ready", _ready_table)
table("ready_free", _ready_free_table)
table("cost", _cost_table)
table("cost_wild", _cost_wild_table)
task("ready", ready, ready_take, quiet=True)
task("ready_free", ready_free, ready_free_take, quiet=True)
task("readied", readied, readied_take)
task("draw", draw)
