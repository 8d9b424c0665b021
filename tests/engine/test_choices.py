"""Choice ids built and read by one pair of functions (fate/engine/choices.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.engine import new_game
from fate.engine.choices import (
    ALONE,
    MAX_LENGTH,
    NAMING,
    NUMBERED,
    PARTS,
    BadChoiceId,
    ChoiceId,
    ChoiceKind,
    choice_id,
    kind_of,
    number_of,
    parse_choice,
    read_choice,
    value_of,
)

WORD = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", min_size=1, max_size=12)


@st.composite
def well_formed(draw) -> tuple[ChoiceKind, str]:
    kind = draw(st.sampled_from(sorted(ALONE | NAMING)))
    if kind in ALONE and (kind not in NAMING or draw(st.booleans())):
        return kind, ""
    if kind in NUMBERED:
        return kind, str(draw(st.integers(0, 10**6)))
    return kind, ":".join(draw(st.lists(WORD, min_size=PARTS.get(kind, 1), max_size=PARTS.get(kind, 1))))


@given(well_formed())
def test_an_id_built_reads_back_as_its_kind_and_value(kv):
    kind, value = kv
    cid = choice_id(kind, value)
    assert cid == (f"{kind}:{value}" if value else str(kind))
    assert parse_choice(cid) == ChoiceId(kind, value)
    assert choice_id(*parse_choice(cid)) == cid


@given(st.one_of(st.text(max_size=120), st.integers(), st.none(), st.binary(max_size=8)))
def test_anything_that_is_not_an_id_is_refused_with_one_typed_error(x):
    try:
        read = parse_choice(x)
    except BadChoiceId as e:
        assert isinstance(e, ValueError)
        assert "\n" not in str(e) and len(str(e)) < 120
        assert kind_of(x) is None if isinstance(x, str) else True
        return
    # what reads is exactly what the builder writes
    assert isinstance(x, str) and choice_id(read.kind, read.value) == x


@pytest.mark.parametrize("bad", [
    "", ":", "to:", "to", "pass:1", "walk:4", "to:4:5", "move:gate", "move:a:b:c", "card:black stone",
    "card:ä", "TO:4", "to:x", "to:04", "die:-1", "seat:1.5", " to:4", "to:4\n", "send:1:", "x" * (MAX_LENGTH + 1), "card:" + "a" * MAX_LENGTH,
])
def test_malformed_ids_are_refused(bad):
    with pytest.raises(BadChoiceId):
        parse_choice(bad)


def test_the_builder_refuses_what_the_reader_would():
    with pytest.raises(BadChoiceId):
        choice_id(ChoiceKind.TO)
    with pytest.raises(BadChoiceId):
        choice_id(ChoiceKind.PASS, 1)
    with pytest.raises(BadChoiceId):
        choice_id("walk", 1)
    assert choice_id(ChoiceKind.TO, 4) == "to:4" and choice_id("replace") == "replace"


def test_readers_that_only_sort_get_none_for_what_is_not_theirs():
    assert read_choice("to:x") is None and kind_of(None) is None
    assert value_of("card:black-stone", ChoiceKind.CARD) == "black-stone"
    assert value_of("card:black-stone", ChoiceKind.PLAY) is None and value_of("pass", ChoiceKind.PASS) is None
    assert number_of("to:4", ChoiceKind.TO) == 4 and number_of("to:4", ChoiceKind.DIE) is None
    assert number_of("card:x", ChoiceKind.CARD) is None


def test_a_value_as_a_number_and_as_words():
    assert parse_choice("to:4").number() == 4
    assert parse_choice("move:gate:library").parts() == ("gate", "library")
    assert parse_choice("pass").parts() == ()
    with pytest.raises(BadChoiceId):
        parse_choice("card:black-stone").number()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_choice_id_of_random_games_reads_back(content, players):
    """The engine writes its ids as f-strings (most are made once, at import): each one
    offered in real games is one that the pair reads and writes back the same."""
    kinds: set[ChoiceKind] = set()
    for seed in range(8):
        g = new_game(content, players, seed)
        pick = random.Random(seed).random
        while (p := g.pending()) is not None:
            for c in p.choices:
                read = parse_choice(c.id)
                assert choice_id(read.kind, read.value) == c.id
                kinds.add(read.kind)
            g.apply(p.choices[int(pick() * len(p.choices))])
    assert len(kinds) >= 8
