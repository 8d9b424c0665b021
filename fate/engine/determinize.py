"""A whole game as one seat might imagine it: the determinization of its view.

``determinize(game, seat, seed)`` returns a complete, playable game that
``view(seat)`` cannot tell from the true one, and that holds nothing else the
seat could not know. Every card whose face the seat may not see is dealt
again at random from the cards it has not seen, keeping what is public about
each place:

- the other seats' hands and Reserves keep their backs (the Astral Symbol),
  and a Reserve card keeps the cost its owner showed when readying it (R-CN-1);
- the Astral Columns keep their backs (a Gate stays a Gate);
- the Spell deck and the discard pile take the rest, in a new order;
- the Artifact deck is shuffled; the Curses held by other seats get faces
  from the Curses this seat has not seen, never one whose trigger holds now
  (it would have been revealed already, R-CU-2), the rest make the Curse deck;
- during the draft, the other seats' pairs of Elder Gods, and the gods those
  that have chosen kept, are dealt again from the gods this seat has not seen;
- the dice to come are unknown: the game gets a new random generator, and no
  forced faces.

What the seat knows is exactly its view: it does not remember the faces of
cards it once saw and that went face down again (its own Spells in a Column,
cast Spells in the discard pile, Curses gone back under the deck). Those are
dealt at random too: the bots know a little less than a player with a perfect
memory, never more (docs/ai.md).

The deal depends on the seed and on what the seat sees, never on where the
hidden cards truly are: two games that look alike to the seat give the same
determinization for the same seed (each pool is sorted before it is shuffled).
The bots decide from this, never from the true game (fate/ai).
"""

from __future__ import annotations

import copy

from fate.content.model import Content
from fate.engine import rng as rngmod
from fate.engine.casting import castable
from fate.engine.choices import ChoiceKind, choice_id
from fate.engine.errors import IllegalChoice
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import Event, Prompt
from fate.engine.registry import Trigger


def determinize(g: Game, seat: int, seed: int) -> Game:
    """A copy of ``g`` consistent with everything ``seat`` knows and nothing more."""
    d = g.clone()
    d.rng = rngmod.seed_state(seed)
    d.forced = []
    _deal_spells(d, seat, seed)
    d.art_deck.sort()
    rngmod.keyed_shuffle(seed, d.art_deck, b"artifacts")
    _deal_curses(d, seat, seed)
    if g.phase == "setup":
        _deal_drafts(d, seat, seed)
    # What each seat may cast, worked out now from the dealt Reserves (``holdings_changed``
    # would leave it unknown, and an unknown seat keeps every window of the search's playout
    # open as a task until one asks it: the same windows, closed later and dearer)
    d.cast_bits = [-1] * d.n
    for s in range(d.n):
        castable(d, s)  # the last sets cast_any
    return d


def ends_turn(g: Game, seat: int, cid: str) -> bool:
    """Does choice ``cid`` of ``seat`` (the seat asked) surely end its cult's turn? Judged from
    what that seat knows (``turn_ending``), so that the answer, which the table turns into "End
    your turn?", never tells anything hidden (a rival's Curse that would stop a win). The table
    at home and the server both ask this."""
    return turn_end(g, seat, cid) == ENDS


def turn_enders(g: Game) -> list[str]:
    """The ids of the pending prompt's choices that surely end the turn of the seat asked
    (``turn_ending``'s "ends")."""
    return [cid for cid, how in turn_ending(g).items() if how == ENDS]


ENDS, MAY_END = "ends", "may"
DEALS = 13  # true deals a choice is tried on, at most, when the wary game cannot tell whether some end it
# Events that, met before the turn is over, make its end turn on something the seat cannot know:
# dice, a Curse revealed, a card taken or discarded at random (a Readied Spell discarded by
# choice, ``replace:``, is the seat's own doing).
CHANCE = frozenset({EventKind.ROLLED, EventKind.DIE_REROLLED, EventKind.DICE_ADDED, EventKind.CURSE_REVEALED,
                    EventKind.READIED_DISCARDED, EventKind.SPELL_DISCARDED, EventKind.SPELL_STOLEN})
# after the seat drew cards it had not seen, a move made or refused turned on them
MOVED = frozenset({EventKind.FATE_MOVED, EventKind.NO_MOVE})
# decisions the wary game asks more often than a true deal (``_wary``): true deals must tell
WARY_ASKS = frozenset({"cast_window", "ready"})


def turn_ending(g: Game) -> dict[str, str]:
    """The pending prompt's choices that may end the turn of the seat asked, judged from that
    seat's knowledge only, in its own turn (none in the draft, a rival's turn or the
    Investigators'). ``ENDS``: it ends the turn in every deal that seat's knowledge allows, with
    no other seat deciding on the way; ``MAY_END``: in some, or once dice, cards it cannot see
    or another seat's chance to cast (passed) had their say. A choice that ends it in none is
    left out.

    "Every deal" is not sampled: each choice is tried once on a *wary* game (``_wary``), a deal
    in which every card the seat cannot see counts as any card it might be. A rival's Readied
    Spell may be cast wherever any unseen Spell of its symbol and cost could be, a Spell from
    the deck wherever any unseen Spell could (and may be Readied), and a Curse the seat cannot
    see is revealed as soon as any Curse it might be would be (while a Curse is being resolved,
    any at all: another may hold already). If the wary game ends the turn with nothing on the
    way that turned on chance or on a card unseen (``CHANCE``, an Artifact from the deck, a
    move decided by a hand that changed) and no other seat given a chance to cast, every deal
    ends it the same way: each follows the same steps, since what a true deal holds can only
    open fewer windows and reveal fewer Curses. If it stops, with none of those, at a decision
    other than those the wary game asks more often than a true deal (``WARY_ASKS``: a chance
    to cast, Ready), every deal stops there too. Otherwise up to ``DEALS`` true deals tell
    whether some end it."""
    p = g.pending()
    if p is None or p.seat != g.cur or g.phase in ("setup", "investigators"):
        return {}  # not a turn of the seat's own: the draft, a window in a rival's turn or the Investigators'
    base = len(g.choices_made)
    wary = _wary(determinize(g, p.seat, base), p.seat)
    face_up = {g.content.cards[a].id for a in g.art_up}
    deals: list[Game] = []  # true deals, made as the first choice that needs them asks
    out: dict[str, str] = {}
    for c in p.choices:
        ended, unsure, stop = _outcome(wary.clone(), c.id, p.seat, face_up)
        if ended:
            out[c.id] = MAY_END if unsure else ENDS
        elif unsure or stop is None or stop.kind in WARY_ASKS:
            for k in range(DEALS):  # does a true deal end it? (the first that does tells)
                if k == len(deals):
                    deals.append(determinize(g, p.seat, base + (k + 1) * 1_000_003))
                if _outcome(deals[k].clone(), c.id, p.seat, face_up)[0]:
                    out[c.id] = MAY_END
                    break
        # else every deal comes to the decision the wary game stopped at: the turn goes on
    return out


def turn_end(g: Game, seat: int, cid: str) -> str:
    """``turn_ending``'s word on one choice of ``seat`` (the seat asked): ``ENDS``, ``MAY_END``
    or "" (it does not end the turn)."""
    p = g.pending()
    if p is None or p.seat != seat:
        return ""
    return turn_ending(g).get(cid, "")


PASSES = 32  # other seats' chances to cast passed on the way, at most (each passes once a window)


def _outcome(trial: Game, cid: str, seat: int, face_up: set[str]) -> tuple[bool, bool, Prompt | None]:
    """(does ``cid`` end ``seat``'s turn in ``trial`` (or the game), did anything the seat could
    not foresee come into it before, the prompt it stopped at otherwise). Another seat's chance
    to cast on the way is passed (the turn then ends only if they pass: not foreseen either).
    ``face_up``: the Artifacts face up when the choice was made (one gained from the deck was
    unseen)."""
    others = False  # another seat passed a chance to cast before the end
    try:
        events = trial.apply(cid)
        for _ in range(PASSES):
            p = trial.pending()
            if p is None or p.seat == seat or p.kind != "cast_window" or _ends(events, seat):
                break
            events += trial.apply("pass")
            others = True
    except IllegalChoice:
        return False, False, None
    drew = False
    for e in events:
        kind, data = e.kind, e.data
        if kind == EventKind.GAME_OVER or (kind == EventKind.TURN_ENDED and data["seat"] == seat):
            return True, others, None
        if (kind in CHANCE and not (kind == EventKind.READIED_DISCARDED and cid == choice_id(ChoiceKind.REPLACE, data["card"]))) \
                or (kind == EventKind.ARTIFACT_GAINED and data["card"] not in face_up) or (drew and kind in MOVED):
            return _ends(events, seat) or trial.over, True, None
        if kind == EventKind.SPELL_DRAWN and data["seat"] == seat:
            drew = True
    return False, others, trial.pending()


def _ends(events: list[Event], seat: int) -> bool:
    """Do ``events`` end ``seat``'s turn, or the game?"""
    for e in events:
        if e.kind == EventKind.GAME_OVER or (e.kind == EventKind.TURN_ENDED and e.data["seat"] == seat):
            return True
    return False


def _wary(d: Game, seat: int) -> Game:
    """``d`` (a determinization for ``seat``) with its own tables, in which each card ``seat``
    cannot see stands for every card it might be (``turn_ending``): a Spell's timing is the
    union of theirs, a Curse's trigger holds when any of theirs would."""
    tables = copy.copy(d.tables)
    cards = d.content.cards
    by_cost, _ = _needs(d.content)
    timing = tables.timing = list(tables.timing)
    unseen = [c for s in range(d.n) if s != seat for c in d.reserve[s] + d.hands[s]]
    unseen += [c for col in d.columns for c in col if cards[c].kind == "spell"]
    unseen += d.spell_deck + d.discard
    any_spell = 0
    by_class: dict[int, int] = {}
    for c in unseen:
        any_spell |= timing[c]
        by_class[by_cost[c]] = by_class.get(by_cost[c], 0) | timing[c]
    rival_reserves = {c for s in range(d.n) if s != seat for c in d.reserve[s]}
    cost = tables.cost = list(tables.cost)
    cost_wild = tables.cost_wild = list(tables.cost_wild)
    for c in unseen:
        timing[c] = by_class[by_cost[c]] if c in rival_reserves else any_spell
        cost[c], cost_wild[c] = (), 0  # drawn on the way, it might be any Spell: one that can be readied
    triggers = tables.triggers = list(tables.triggers)
    hidden = [entry for entry in d.held if entry[2] != seat]
    unseen_curses = sorted(set(d.curse_deck) | {entry[0] for entry in hidden})
    every = [triggers[c] for c in unseen_curses]
    for c in d.curse_deck:  # drawn later: any of them
        triggers[c] = (_any_of, every)
    pending = _revealing(d)
    for card, cursed, _ in hidden:  # held now: any whose trigger does not hold yet (R-CU-2), or any at all
        triggers[card] = (_any_of, every if pending else [t for t in every if not t[0](d, cursed, t[1])])
    d.tables = tables
    d.cast_bits = [-1] * d.n
    for s in range(d.n):
        castable(d, s)
    return d


def _revealing(g: Game) -> bool:
    """Is a Curse being resolved (its penalty asks the decision)? Then another held Curse may hold
    already, unrevealed: only the first whose trigger holds is revealed at a time (R-CU-2)."""
    cards = g.content.cards
    return any(cards[c].kind == "curse" for c in g.resolving)


def _any_of(g: Game, seat: int, conditions: list[Trigger]) -> bool:
    """A wary Curse's trigger: any of the Curses it might be (``_wary``)."""
    for fn, params in conditions:
        if fn(g, seat, params):
            return True
    return False


def _needs(content: Content) -> tuple[list[int], list[int]]:
    """``(by_cost, by_symbol)``: for each card, a number naming what a place showing
    its symbol and cost needs, and one naming its symbol alone (-1: not a Spell).
    Worked out once per content."""
    needs: tuple[list[int], list[int]] | None = content.derived.get("determinize")
    if needs is None:
        costs: dict[tuple[int, tuple[int, ...]], int] = {}
        by_cost: list[int] = []
        by_symbol: list[int] = []
        for c in content.cards:
            spell = c.kind == "spell"
            by_cost.append(costs.setdefault((c.symbol, c.cost), len(costs)) if spell else -1)
            by_symbol.append(c.symbol if spell else -1)
        needs = content.derived["determinize"] = (by_cost, by_symbol)
    return needs


def _deal_spells(d: Game, seat: int, seed: int) -> None:
    """Hands, Reserves and Columns keep their backs (and Reserve costs); the
    deck and the discard pile take what is left."""
    by_cost, by_symbol = _needs(d.content)
    # The places with a public back, by what they need, each list last place first:
    # the Reserves show symbol and cost, hands and Columns the symbol alone.
    cost_places: dict[int, list[tuple[list[int], int]]] = {}  # (the list a place is in, its index)
    symbol_places: dict[int, list[tuple[list[int], int]]] = {}
    pool: list[int] = []
    for s in range(d.n):
        if s == seat:
            continue
        reserve, hand = d.reserve[s], d.hands[s]
        for i, card in enumerate(reserve):
            cost_places.setdefault(by_cost[card], []).append((reserve, i))
        for i, card in enumerate(hand):
            symbol_places.setdefault(by_symbol[card], []).append((hand, i))
        pool += reserve
        pool += hand
    for col in d.columns:
        for i, card in enumerate(col):
            need = by_symbol[card]
            if need >= 0:  # a Gate in a Column is a Gate to everyone
                symbol_places.setdefault(need, []).append((col, i))
                pool.append(card)
    pool += d.spell_deck
    pool += d.discard
    pool.sort()  # the order the true game holds them in must not leak into the deal
    rngmod.keyed_shuffle(seed, pool, b"spells")
    # The most demanding places first: each place showing symbol and cost takes the
    # first card of the shuffled pool that fits, then each showing a symbol takes the
    # first that fits of those left (as the true deal fills every place, this never
    # runs short). Places needing the same thing fill in their order.
    for places in cost_places.values():
        places.reverse()
    for places in symbol_places.values():
        places.reverse()
    if cost_places:
        pool = _fill(pool, cost_places, by_cost)
    rest = _fill(pool, symbol_places, by_symbol)
    if any(cost_places.values()) or any(symbol_places.values()):  # pragma: no cover - see above
        raise RuntimeError("an unseen Spell was missing for a place with a public back")
    n_deck = len(d.spell_deck)
    d.spell_deck = rest[:n_deck]
    d.discard = rest[n_deck:]


def _fill(pool: list[int], places: dict[int, list[tuple[list[int], int]]], need_of: list[int]) -> list[int]:
    """Each waiting place takes the first card of ``pool`` that meets its need (the
    lists of ``places`` hold their last place first); returns the cards left, in order.
    Once every place has its card the rest of the pool is left as it lies, without a
    look at each card (about half the pool on the search's positions; the deal is a
    quarter of a search iteration)."""
    waiting_total = sum(map(len, places.values()))
    if not waiting_total:
        return pool
    left: list[int] = []
    cards = iter(pool)
    for card in cards:
        waiting = places.get(need_of[card])
        if waiting:
            place, k = waiting.pop()
            place[k] = card
            waiting_total -= 1
            if not waiting_total:
                left += cards  # the rest of the pool, as it lies
                break
        else:
            left.append(card)
    return left


def _deal_curses(d: Game, seat: int, seed: int) -> None:
    """Curses held by others get unseen faces whose trigger does not hold now (while a Curse is
    being resolved, any: another may hold already and be revealed next)."""
    unknown = [i for i, (_, _, holder) in enumerate(d.held) if holder != seat]
    pool = sorted(d.curse_deck + [d.held[i][0] for i in unknown])
    rngmod.keyed_shuffle(seed, pool, b"curses")
    triggers = d.tables.triggers
    pending = _revealing(d)  # then one that holds now may be held still, next to be revealed
    for i in unknown:
        _, cursed, holder = d.held[i]
        pick = 0 if pending else next((k for k, card in enumerate(pool)
                                       if not triggers[card][0](d, cursed, triggers[card][1])), 0)
        d.held[i] = (pool.pop(pick), cursed, holder)
    d.curse_deck = pool


def _deal_drafts(d: Game, seat: int, seed: int) -> None:
    """During the draft the other seats' pairs are unseen, and so is the god any of
    them kept (each cult's choice stays secret until every cult has chosen, as
    ``view.hide_draft`` shows it): every other seat gets a pair dealt again from the
    gods this seat has not seen, and one that has chosen keeps the first of its pair."""
    others = [s for s in range(len(d.drafts)) if s != seat]
    if not others:
        return
    mine = set(d.drafts[seat]) if seat < len(d.drafts) else set()
    gods = set(d.content.gods)
    pool = sorted(gods - mine)
    rngmod.keyed_shuffle(seed, pool, b"gods")
    drafts = list(d.drafts)
    kept = d.gods[:]
    for s in others:
        drafts[s] = (pool.pop(), pool.pop())
        if kept[s] >= 0:
            kept[s] = drafts[s][0]
            pool.append(drafts[s][1])
    d.drafts = drafts
    d.gods = kept
    boxed_mine = [x for x in mine if x != kept[seat]] if kept[seat] >= 0 else []
    d.box = sorted([x for x in d.box if x not in gods] + pool + boxed_mine)
