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
- during the draft, the other seats' pairs of Elder Gods are dealt again from
  the gods this seat has not seen;
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
from fate.engine.game import Game


def determinize(g: Game, seat: int, seed: int) -> Game:
    """A copy of ``g`` consistent with everything ``seat`` knows and nothing more."""
    d = g.clone()
    d.rng = rngmod.seed_state(seed)
    d.forced = []
    _deal_spells(d, seat)
    d.art_deck.sort()
    d.shuffle(d.art_deck)
    _deal_curses(d, seat)
    if g.phase == "setup":
        _deal_drafts(d, seat)
    for s in range(d.n):
        d.holdings_changed(s)
    return d


def _deal_spells(d: Game, seat: int) -> None:
    """Hands, Reserves and Columns keep their backs (and Reserve costs); the
    deck and the discard pile take what is left."""
    cards = d.content.cards
    # (list to fill, index in it, what must match): the places with a public back
    slots: list[tuple[list[int], int, tuple]] = []
    pool: list[int] = []
    for s in range(d.n):
        if s == seat:
            continue
        for place, with_cost in ((d.reserve[s], True), (d.hands[s], False)):  # Spells only (a Gate is apart)
            for i, card in enumerate(place):
                c = cards[card]
                slots.append((place, i, (c.symbol, c.cost) if with_cost else (c.symbol,)))
                pool.append(card)
    for col in d.columns:
        for i, card in enumerate(col):
            c = cards[card]
            if c.kind == "spell":
                slots.append((col, i, (c.symbol,)))
                pool.append(card)
    pool += d.spell_deck
    pool += d.discard
    pool.sort()  # the order the true game holds them in must not leak into the deal
    d.shuffle(pool)
    # The most demanding places first (symbol and cost, then symbol alone): as
    # the true deal fills every place, dealing in this order never runs short.
    # Each place takes the first card of the shuffled pool that fits and is not
    # yet taken: queues of pool positions by what a card shows find it at once.
    by_need: dict[tuple, list[int]] = {}
    for k, card in enumerate(pool):
        c = cards[card]
        by_need.setdefault((c.symbol, c.cost), []).append(k)
        by_need.setdefault((c.symbol,), []).append(k)
    heads = dict.fromkeys(by_need, 0)
    taken = [False] * len(pool)
    slots.sort(key=lambda slot: -len(slot[2]))
    for place, i, need in slots:
        queue, at = by_need.get(need, ()), heads.get(need, 0)
        while at < len(queue) and taken[queue[at]]:
            at += 1
        if at == len(queue):  # pragma: no cover - the true deal is one way to fill every place
            raise RuntimeError(f"no unseen Spell fits a place showing {need}")
        taken[queue[at]] = True
        place[i] = pool[queue[at]]
        heads[need] = at + 1
    rest = [card for k, card in enumerate(pool) if not taken[k]]
    n_deck = len(d.spell_deck)
    d.spell_deck = rest[:n_deck]
    d.discard = rest[n_deck:]


def _deal_curses(d: Game, seat: int) -> None:
    """Curses held by others get unseen faces whose trigger does not hold now."""
    unknown = [i for i, (_, _, holder) in enumerate(d.held) if holder != seat]
    pool = sorted(d.curse_deck + [d.held[i][0] for i in unknown])
    d.shuffle(pool)
    triggers = d.tables.triggers
    for i in unknown:
        _, cursed, holder = d.held[i]
        pick = next((k for k, card in enumerate(pool)
                     if not triggers[card][0](d, cursed, triggers[card][1])), 0)
        d.held[i] = (pool.pop(pick), cursed, holder)
    d.curse_deck = pool


def _deal_drafts(d: Game, seat: int) -> None:
    """Before the gods are chosen, the other seats' pairs are unseen."""
    hidden = [s for s in range(len(d.drafts)) if s != seat and d.gods[s] < 0]
    if not hidden:
        return
    seen = set(d.gods) | set(d.drafts[seat] if seat < len(d.drafts) else ())
    boxed = [x for x in d.box if d.content.cards[x].kind == "god" and x not in seen]
    pool = sorted([x for s in hidden for x in d.drafts[s]] + boxed)
    d.shuffle(pool)
    drafts = list(d.drafts)
    for s in hidden:
        drafts[s] = (pool.pop(), pool.pop())
    d.drafts = drafts
    d.box = sorted([x for x in d.box if x not in boxed] + pool)
