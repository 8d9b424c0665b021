"""The invariant checks themselves (fate/engine/invariants.py) can fail: each
kind of broken state or prompt is named. (The fuzz and property tests rely on
them finding nothing; these tests show they would find something.)"""

from __future__ import annotations

import pytest

from fate.engine import Choice, Prompt, new_game
from fate.engine.invariants import prompt_problems, violations


@pytest.fixture
def game(content):
    g = new_game(content, 3, 2, gods=["cthulhu", "hastur", "azathoth"])
    assert violations(g) == [] and g.pending() is not None
    return g


@pytest.mark.parametrize("breakage,named", [
    (lambda g: g.lodge.__setitem__(0, g.lodge[0] + 1), "seat 0: 21 cultists"),
    (lambda g: g.abyss.__setitem__(1, -1), "seat 1: "),
    (lambda g: g.summon.__setitem__(2, 10), "seat 2: summon token on 10"),
    (lambda g: g.signs.__setitem__(0, 11), "seat 0: 11 Elder Signs"),
    (lambda g: g.reserve[0].extend(g.spell_deck[-5:]) or g.spell_deck.__delitem__(slice(-5, None)),
     "seat 0: 5 readied Spells"),
    (lambda g: g.inv_at.__setitem__(0, g.inv_at[0] + 1), "26 investigators"),
    (lambda g: g.hands[1].append(g.hands[0][0]), "is in hand 0 and in hand 1"),
    (lambda g: g.spell_deck.pop(), "cards missing"),
    (lambda g: g.squall.__setitem__(2, 9), "9 Winter Squall tokens"),
    (lambda g: g.exhausted.add(g.art_deck[0]), "exhausted cards nobody holds"),
])
def test_each_broken_state_is_named(game, breakage, named):
    breakage(game)
    found = violations(game)
    assert found and any(named in f for f in found), found


def test_a_stale_cast_cache_is_named(game):
    usable = next(a for a in game.art_deck if game.tables.timing[a])  # an Artifact that can be used
    game.art_deck.remove(usable)
    game.arts[0].append(usable)  # gained without telling the cache
    game.cast_bits[0] = 0
    found = violations(game)
    assert any("seat 0: what it may cast was not updated" in f for f in found), found



def test_a_stale_count_of_the_seats_with_readied_spells_is_named(game):
    from fate.engine.casting import castable

    for s in range(game.n):
        castable(game, s)
    assert game.cast_any == 0 and game.readied == ()  # nothing readied, nothing to cast, all known
    spell = game.spell_deck.pop()
    game.reserve[1].append(spell)  # readied without telling the cache
    found = violations(game)
    assert any("the seats with Readied Spells were not updated" in f for f in found), found


def test_a_stale_or_of_what_the_seats_may_cast_is_named(game):
    from fate.engine.casting import castable

    for s in range(game.n):
        castable(game, s)
    assert game.cast_any == 0
    usable = next(a for a in game.art_deck if game.tables.timing[a])
    game.art_deck.remove(usable)
    game.arts[2].append(usable)  # gained without telling the cache
    game.cast_bits[2] = game.tables.timing[usable]  # the seat's own bits right, their OR stale
    found = violations(game)
    assert any("what the seats together may cast was not updated" in f for f in found), found

def ask(game, prompt: Prompt) -> None:
    game.ask = (game.ask[0], prompt)


OK = (Choice("a", "Do a"), Choice("b", "Do b"))


@pytest.mark.parametrize("prompt,named", [
    (Prompt(0, "move", "Move", OK), None),
    (Prompt(3, "move", "Move", OK), "a move prompt for seat 3"),
    (Prompt(-1, "move", "Move", OK), "a move prompt for seat -1"),
    (Prompt("0", "move", "Move", OK), "prompt for seat '0'"),
    (Prompt(0, "dance", "Move", OK), "unknown kind 'dance'"),
    (Prompt(0, "move", "  ", OK), "without words"),
    (Prompt(0, "move", None, OK), "without words"),
    (Prompt(0, "move", "Move", OK[:1]), "two or more"),
    (Prompt(0, "move", "Move", (OK[0], OK[0])), "each once"),
    (Prompt(0, "move", "Move", (OK[0], Choice("b", " "))), "a choice without words"),
])
def test_each_broken_prompt_is_named(game, prompt, named):
    ask(game, prompt)
    found = prompt_problems(game)
    if named is None:
        assert found == []
    else:
        assert found and named in found[0], found


def test_a_game_that_waits_for_nothing_must_be_over(game):
    game.ask = None
    assert prompt_problems(game) == ["the game waits for nothing but is not over"]
    game.over = True
    assert prompt_problems(game) == []


@pytest.mark.parametrize("edge", [
    lambda g: g.summon.__setitem__(0, 9),  # the winning space is on the track
    lambda g: g.reserve[0].extend(g.spell_deck[-4:]) or g.spell_deck.__delitem__(slice(-4, None)),  # a 4th being cast
    lambda g: g.squall.__setitem__(2, 8),  # every Winter Squall token on the Altar
    lambda g: g.signs.__setitem__(1, 10),  # the tenth Elder Sign, as the game ends
])
def test_the_last_legal_value_is_no_violation(game, edge):
    edge(game)
    for s in range(game.n):
        game.holdings_changed(s)
    assert violations(game, prompt=False) == []


def test_missing_cards_are_named_first_five_in_card_order(game):
    gone = sorted(game.spell_deck[:7])
    for c in gone:
        game.spell_deck.remove(c)
    assert violations(game, prompt=False) == [f"cards missing: {[game.card(c).id for c in gone[:5]]}"]


def test_every_place_a_card_can_be_is_a_named_zone(content):
    from fate.engine.invariants import card_zones

    g = new_game(content, 2, 3, gods=["cthulhu", "hastur"])  # Cthulhu is card 0: a god of index 0 counts
    g.gate[1] = g.gate_supply.pop()
    zones = card_zones(g)
    assert set(zones) == {"spell deck", "discard", "gate supply", "artifact deck", "face-up artifacts",
                          "curse deck", "box", "resolving", "held curses", "gods", "gates held",
                          "hand 0", "hand 1", "reserve 0", "reserve 1", "artifacts 0", "artifacts 1",
                          *(f"column {loc}" for loc in range(6))}
    assert zones["gods"] == [g.content.index("cthulhu"), g.content.index("hastur")] and zones["gods"][0] == 0
    assert zones["gates held"] == [g.gate[1]]
    assert violations(g, prompt=False) == []
