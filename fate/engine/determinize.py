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

from fate.engine import rng as rngmod
from fate.engine.casting import castable
from fate.engine.errors import IllegalChoice
from fate.engine.game import Game


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
    """Does choice ``cid`` of ``seat`` (the seat asked) surely end its cult's turn? Judged on
    games made from what that seat knows (``turn_ending``), so that the answer, which the table
    turns into "End your turn?", never tells anything hidden (a rival's Curse that would stop
    a win). The table at home and the server both ask this."""
    return turn_end(g, seat, cid) == ENDS


def _ends(g: Game, trial: Game, cid: str) -> bool:
    try:
        trial.apply(cid)
    except IllegalChoice:
        return False
    return trial.turn != g.turn or trial.over


def turn_enders(g: Game) -> list[str]:
    """The ids of the pending prompt's choices that surely end the turn of the seat asked
    (``turn_ending``'s "ends")."""
    return [cid for cid, how in turn_ending(g).items() if how == ENDS]


ENDS, MAY_END = "ends", "may"
DEALS = 4  # deals each choice is tried on
MORE_DEALS = 9  # more, for a choice whose outcome turned on chance and that ended the turn in none of the first
# what, met before the turn is over, makes its end turn on chance: dice (and a Curse revealed, a
# card the seat did not know). Cards drawn are not here: the turn's own draw comes before its
# end whatever is drawn; where a hidden card decides, the deals tell it (they disagree).
CHANCE = frozenset({"rolled", "die_rerolled", "dice_added", "curse_revealed"})


def turn_ending(g: Game) -> dict[str, str]:
    """The pending prompt's choices that may end the turn of the seat asked, judged from that
    seat's knowledge only: each is tried on several deals of what the seat cannot see (each
    with its own dice to come). ``ENDS``: it ends the turn in every deal tried, and nothing
    on the way to the end turned on dice (or a Curse revealed), so it ends it in every deal
    the seat's knowledge allows. ``MAY_END``: it ends it in some deals and
    not in others, or only after chance had its say. A choice that ended it in no deal tried
    is left out."""
    p = g.pending()
    if p is None:
        return {}
    base = len(g.choices_made)
    deals = [determinize(g, p.seat, base + k * 1_000_003) for k in range(DEALS)]
    more: list[Game] = []  # the further deals, made once for every choice that needs them
    out: dict[str, str] = {}
    for c in p.choices:
        tried = [_outcome(g, d.clone(), c.id) for d in deals]
        if any(chance for _, chance in tried) and not any(ended for ended, _ in tried):
            more = more or [determinize(g, p.seat, base + k * 1_000_003) for k in range(DEALS, DEALS + MORE_DEALS)]
            tried += [_outcome(g, d.clone(), c.id) for d in more]
        ended = [e for e, _ in tried]
        if all(ended) and not any(chance for _, chance in tried):
            out[c.id] = ENDS
        elif any(ended):
            out[c.id] = MAY_END
    return out


def turn_end(g: Game, seat: int, cid: str) -> str:
    """``turn_ending``'s word on one choice of ``seat`` (the seat asked): ``ENDS``, ``MAY_END``
    or "" (it does not end the turn)."""
    p = g.pending()
    if p is None or p.seat != seat:
        return ""
    return turn_ending(g).get(cid, "")


def _outcome(g: Game, trial: Game, cid: str) -> tuple[bool, bool]:
    """(does ``cid`` end the turn in ``trial``, did chance come into it before the turn ended)."""
    try:
        events = trial.apply(cid)
    except IllegalChoice:
        return False, False
    ended = trial.turn != g.turn or trial.over
    chance = False
    for e in events:
        if e.kind in ("turn_ended", "game_over"):
            break
        if e.kind in CHANCE:
            chance = True
            break
    return ended, chance


def _needs(content) -> tuple[list[int], list[int]]:
    """``(by_cost, by_symbol)``: for each card, a number naming what a place showing
    its symbol and cost needs, and one naming its symbol alone (-1: not a Spell).
    Worked out once per content."""
    needs = content.derived.get("determinize")
    if needs is None:
        costs: dict[tuple, int] = {}
        by_cost, by_symbol = [], []
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
    cost_places: dict[int, list] = {}
    symbol_places: dict[int, list] = {}
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


def _fill(pool: list[int], places: dict[int, list], need_of: list[int]) -> list[int]:
    """Each waiting place takes the first card of ``pool`` that meets its need (the
    lists of ``places`` hold their last place first); returns the cards left, in order.
    Once every place has its card the rest of the pool is left as it lies, without a
    look at each card (about half the pool on the search's positions; the deal is a
    quarter of a search iteration)."""
    waiting_total = sum(map(len, places.values()))
    if not waiting_total:
        return pool
    left = []
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
    """Curses held by others get unseen faces whose trigger does not hold now."""
    unknown = [i for i, (_, _, holder) in enumerate(d.held) if holder != seat]
    pool = sorted(d.curse_deck + [d.held[i][0] for i in unknown])
    rngmod.keyed_shuffle(seed, pool, b"curses")
    triggers = d.tables.triggers
    for i in unknown:
        _, cursed, holder = d.held[i]
        pick = next((k for k, card in enumerate(pool)
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
