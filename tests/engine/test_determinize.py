"""What a seat knows, as a game (fate/engine/determinize.py).

A determinization must look exactly like the true game to the seat that made
it, hide nothing the seat may see, and vary everything it may not.
"""

from __future__ import annotations

import random

import pytest

from fate.engine import new_game, view
from fate.engine.determinize import determinize
from fate.engine.invariants import violations
from fate.engine.view import hide_draft


def positions(content, players: int, seed: int, every: int = 7):
    """Mid-game positions of a random game: (game, deciding seat), every few decisions."""
    g = new_game(content, players, seed)
    r = random.Random(seed)
    k = 0
    while (p := g.pending()) is not None:
        k += 1
        if k % every == 0:
            yield g, p.seat
        g.apply(r.choice(p.choices))


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 5), (3, 8), (4, 13)])
def test_the_deciding_seat_sees_the_same_game(content, players, seed):
    looked = 0
    for g, seat in positions(content, players, seed, every=3):
        d = determinize(g, seat, looked)
        # what the seat is shown: the view with the others' kept gods hidden during the draft
        assert hide_draft(view(d, seat), seat) == hide_draft(view(g, seat), seat), f"decision {looked}"
        looked += 1
    assert looked > 12


def test_a_determinization_plays_on_to_a_sound_end(content):
    r = random.Random(1)
    played = 0
    for players, seed in ((2, 21), (3, 22), (4, 23), (1, 24)):
        for g, seat in positions(content, players, seed, every=31):
            d = determinize(g, seat, r.getrandbits(32))
            while (p := d.pending()) is not None:
                d.apply(r.choice(p.choices))
                assert not violations(d)
            assert d.over
            played += 1
    assert played >= 8


def test_the_true_game_is_left_untouched(content):
    from fate.engine.save import snapshot

    for g, seat in positions(content, 4, 2, every=40):
        before = snapshot(g)
        determinize(g, seat, 9)
        assert snapshot(g) == before


def _hidden(d, seat):
    others = tuple(tuple(d.hands[s]) for s in range(d.n) if s != seat)
    return others, tuple(d.spell_deck), tuple(map(tuple, d.columns)), tuple(d.art_deck)


def test_what_the_seat_cannot_see_varies(content):
    g, seat = next(x for i, x in enumerate(positions(content, 3, 4)) if i == 8)
    deals = [_hidden(determinize(g, seat, k), seat) for k in range(40)]
    for part in range(4):  # other hands, the Spell deck, the Columns, the Artifact deck
        assert len({deal[part] for deal in deals}) > 20, part
    # and no deal is the true one in every hidden place at once
    assert _hidden(g, seat) not in deals


def test_each_hidden_card_keeps_its_public_back_and_cost(content):
    """Hands and Columns keep each Spell's symbol, Reserves its symbol and cost (R-CMP-6, R-CN-1)."""
    checked = 0
    for g, seat in positions(content, 4, 17, every=5):
        d = determinize(g, seat, checked)
        for s in range(g.n):
            for true, dealt in zip(g.reserve[s], d.reserve[s], strict=True):
                assert (g.card(true).symbol, g.card(true).cost) == (d.card(dealt).symbol, d.card(dealt).cost)
            for true, dealt in zip(g.hands[s], d.hands[s], strict=True):
                assert g.card(true).symbol == d.card(dealt).symbol
        for loc in range(6):
            assert [g.card(c).symbol for c in g.columns[loc]] == [d.card(c).symbol for c in d.columns[loc]]
        assert d.hands[seat] == g.hands[seat] and d.reserve[seat] == g.reserve[seat]
        checked += 1
    assert checked > 20


def test_every_card_is_dealt_exactly_once(content):
    for g, seat in positions(content, 3, 6, every=11):
        d = determinize(g, seat, 5)
        assert not violations(d)
        spells = sorted(d.spell_deck + d.discard + [c for h in d.hands for c in h]
                        + [c for r in d.reserve for c in r] + [c for col in d.columns for c in col]
                        + [c for c in d.resolving])
        truth = sorted(g.spell_deck + g.discard + [c for h in g.hands for c in h]
                       + [c for r in g.reserve for c in r] + [c for col in g.columns for c in col]
                       + [c for c in g.resolving])
        assert spells == truth
        assert len(d.spell_deck) == len(g.spell_deck) and len(d.discard) == len(g.discard)


def test_dice_to_come_are_not_the_true_ones(content):
    g = new_game(content, 2, 3)
    g.force_dice(["skull"] * 4)
    seat = g.pending().seat
    d1, d2 = determinize(g, seat, 1), determinize(g, seat, 2)
    assert d1.forced == [] and d1.rng != g.rng and d1.rng != d2.rng
    assert determinize(g, seat, 1).rng == d1.rng  # the seed decides it


def test_curses_held_by_others_get_unseen_faces_that_do_not_trigger(content):
    g = new_game(content, 3, 40)
    r = random.Random(2)
    while not any(holder != cursed for _, cursed, holder in g.held) or g.pending().seat != 0:
        g.apply(r.choice(g.pending().choices))
    faces = set()
    for k in range(60):
        d = determinize(g, 0, k)
        for (card, cursed, holder), (true, _, _) in zip(d.held, g.held, strict=True):
            if holder == 0:
                assert card == true  # its own Curses it holds, it has read
            else:
                faces.add(card)
                fn, params = d.tables.triggers[card]
                assert not fn(d, cursed, params)
        assert sorted(d.curse_deck + [c for c, _, _ in d.held]) == sorted(g.curse_deck + [c for c, _, _ in g.held])
    assert len(faces) > 3


def test_the_other_seats_drafts_are_dealt_again(content):
    g = new_game(content, 3, 12)
    assert g.pending().kind == "draft" and g.pending().seat == 0
    mine = g.drafts[0]
    seen = set()
    for k in range(30):
        d = determinize(g, 0, k)
        assert d.drafts[0] == mine
        assert view(d, 0) == view(g, 0)
        others = set(d.drafts[1]) | set(d.drafts[2])
        assert not others & set(mine)
        assert sorted(d.drafts[1] + d.drafts[2] + tuple(x for x in d.box if d.card(x).kind == "god")) == \
            sorted(g.drafts[1] + g.drafts[2] + tuple(x for x in g.box if g.card(x).kind == "god"))
        seen.add(d.drafts[1])
    assert len(seen) > 10


def test_r_cn_1_a_readied_spells_cost_is_in_every_seats_view(content):
    """The cost shown when readying stays known to all; the name and ability stay hidden."""
    g = new_game(content, 3, 8)
    r = random.Random(8)
    while not any(g.reserve):
        g.apply(r.choice(g.pending().choices))
    owner = next(s for s in range(3) if g.reserve[s])
    card = g.card(g.reserve[owner][0])
    for looker in (None, *range(3)):
        row = view(g, looker)["seats"][owner]
        assert row["reserve_costs"][0] == list(card.cost)
        assert ("reserve" in row) == (looker == owner)
    assert card.name not in str(view(g, (owner + 1) % 3)["seats"][owner])


def test_games_that_look_alike_give_the_same_deal(content):
    """Where the hidden cards truly lie never shows through: the deal depends on the
    seed and the seat's view alone (the bots' no-peeking guarantee rests on it)."""
    from fate.engine.save import snapshot

    compared = 0
    for players, seed in ((2, 31), (3, 32), (4, 33), (1, 34)):
        for g, seat in positions(content, players, seed, every=9):
            twin = determinize(g, seat, 1000 + compared)  # another truth behind the same view
            assert snapshot(twin) != snapshot(g) or players == 1
            assert snapshot(determinize(twin, seat, compared)) == snapshot(determinize(g, seat, compared))
            compared += 1
    assert compared > 30


def test_a_curse_is_never_dealt_a_face_that_would_have_been_revealed(content):
    """Seat 0 leads at Summon 5 and holds a Gate: An Ill Omen, First Among the Damned and
    The Gate Slams Shut would all have struck already, so no deal may give it one of them."""
    from fate.tools.scenario import build

    g = build(content, {"players": 3, "start": "move", "seats": [
        {"summon": 5, "gate": True, "curses": ["hungry-abyss", "hubris"]}, {"summon": 1}, {"summon": 2}]})
    assert g.pending().seat == 0 and g.curses_on(0) == 2
    triggered = {"ill-omen", "first-of-damned", "slammed-gate"}
    for c in triggered:
        fn, params = g.tables.triggers[g.content.index(c)]
        assert fn(g, 0, params), c
    dealt = set()
    for k in range(80):
        d = determinize(g, 0, k)
        dealt |= {d.card(card).id for card, cursed, _ in d.held if cursed == 0}
    assert not dealt & triggered and len(dealt) > 8


def test_a_seat_that_has_chosen_keeps_its_pair_and_its_discard_stays_out_of_the_others(content):
    """Seat 0 keeps one god and boxes the other: seat 0 knows that one is out and keeps its
    own pair and choice (even Cthulhu, card 0) when it determinizes."""
    for seed in range(60):
        g = new_game(content, 3, seed)
        if 0 in g.drafts[0]:  # Cthulhu (card 0) is in seat 0's pair
            break
    g.apply(f"god:{g.card(0).id}")
    other = next(x for x in g.drafts[0] if x != 0)
    assert g.pending().kind == "draft" and g.pending().seat == 1
    for k in range(40):
        mine = determinize(g, 0, k)
        assert mine.drafts[0] == g.drafts[0] and mine.gods == g.gods
        assert other not in mine.drafts[1] + mine.drafts[2] and other in mine.box


def test_the_god_another_seat_kept_is_dealt_again_while_the_draft_hides_it(content):
    """Seat 1 is shown that seat 0 has chosen, not what: its determinizations give seat 0
    some god it has not seen, kept from a pair dealt again, never seat 1's own; the true
    game is untouched."""
    g = new_game(content, 3, 4)
    g.apply(g.pending().choices[0])
    kept, theirs = g.gods[0], set(g.drafts[0])
    assert g.pending().kind == "draft" and g.pending().seat == 1
    mine = set(g.drafts[1])
    given = set()
    for k in range(40):
        d = determinize(g, 1, k)
        assert d.drafts[1] == g.drafts[1] and d.gods[1] == -1 and d.gods[2] == -1
        assert d.gods[0] in d.drafts[0] and d.gods[0] not in mine
        assert not set(d.drafts[0] + d.drafts[2]) & mine
        in_play = d.drafts[0] + d.drafts[2]
        boxed = [x for x in d.box if d.card(x).kind == "god"]
        assert sorted(set(in_play) | set(boxed) | mine) == sorted(content.gods)
        assert d.gods[0] not in boxed
        given.add(d.gods[0])
        while (p := d.pending()) is not None and p.kind == "draft":
            d.apply(p.choices[0])
        assert not violations(d)
    assert len(given) > 3 and given - theirs  # not only what seat 0 was truly dealt
    assert g.gods[0] == kept and g.gods[1] == -1


def first_fit_deal(g, seat: int, seed: int) -> tuple:
    """The deal of hidden Spells as first written (docs/ai.md): the pool sorted, shuffled
    with the determinization's generator, and each place, the most demanding first,
    taking the first card of the pool that fits and is not taken. An oracle for the
    faster dealing by queues."""
    from fate.engine import rng as rngmod

    d = g.clone()
    cards = d.content.cards
    slots, pool = [], []
    for s in range(d.n):
        if s != seat:
            for place, with_cost in ((d.reserve[s], True), (d.hands[s], False)):
                for i, card in enumerate(place):
                    c = cards[card]
                    slots.append((place, i, (c.symbol, c.cost) if with_cost else (c.symbol,)))
                    pool.append(card)
    for col in d.columns:
        for i, card in enumerate(col):
            if cards[card].kind == "spell":
                slots.append((col, i, (cards[card].symbol,)))
                pool.append(card)
    pool = sorted(pool + d.spell_deck + d.discard)
    rngmod.keyed_shuffle(seed, pool, b"spells")
    slots.sort(key=lambda slot: -len(slot[2]))
    taken = [False] * len(pool)
    for place, i, need in slots:
        k = next(k for k, card in enumerate(pool) if not taken[k] and cards[card].symbol == need[0]
                 and (len(need) == 1 or cards[card].cost == need[1]))
        taken[k], place[i] = True, pool[k]
    rest = [card for k, card in enumerate(pool) if not taken[k]]
    return d.hands, d.reserve, d.columns, rest


def test_hidden_spells_are_dealt_as_the_first_fit_would_deal_them(content):
    reserves = 0
    for players in (2, 4):
        for g, _ in positions(content, players, seed=31, every=5):
            for seat in range(g.n):
                d = determinize(g, seat, 77)
                hands, reserve, columns, rest = first_fit_deal(g, seat, 77)
                assert (d.hands, d.reserve, d.columns) == (hands, reserve, columns)
                assert d.spell_deck + d.discard == rest
                reserves += sum(len(g.reserve[s]) for s in range(g.n) if s != seat)
    assert reserves > 20  # Reserves (symbol and cost) were dealt, not only hands and Columns


def test_the_others_pairs_are_dealt_from_every_god_the_seat_has_not_seen(content):
    """At a two-seat draft, four gods lie in the box unseen: seat 0 cannot tell them
    from seat 1's pair, so its deals give seat 1 boxed gods as well, and every god
    not in seat 0's own pair turns up; the box keeps the rest, each god once."""
    g = new_game(content, 2, 5)
    assert g.pending().kind == "draft" and g.pending().seat == 0
    mine, theirs = set(g.drafts[0]), set(g.drafts[1])
    boxed = {x for x in g.box if g.card(x).kind == "god"}
    assert len(boxed) == 4
    dealt = set()
    for k in range(60):
        d = determinize(g, 0, k)
        assert d.drafts[0] == g.drafts[0]
        dealt |= set(d.drafts[1])
        gods_in_box = [x for x in d.box if d.card(x).kind == "god"]
        assert sorted(gods_in_box + list(d.drafts[1])) == sorted(boxed | theirs)
    assert dealt == boxed | theirs and not dealt & mine
