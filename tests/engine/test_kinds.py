"""The one catalogue of event kinds (fate/engine/kinds.py): every kind the engine emits is a
member, the fields' catalogue describes exactly these, and a member is the string it names
(saves, JSON and tables keyed by kind see no difference)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.engine import new_game
from fate.engine.events import EVENTS, PRIVATE
from fate.engine.kinds import EventKind, UnknownEventKind, event_kind


def test_the_fields_catalogue_describes_exactly_the_kinds():
    assert list(EVENTS) == list(EventKind)
    assert set(PRIVATE) <= set(EventKind)


def test_a_kind_is_the_string_it_names():
    k = EventKind.RAID_DECLARED
    assert k == "raid_declared" and hash(k) == hash("raid_declared")
    assert {"raid_declared": 1}[k] == 1 and {k: 1}["raid_declared"] == 1
    assert json.dumps({"kind": k, k: 0}) == '{"kind": "raid_declared", "raid_declared": 0}'
    assert f"{k}" == "raid_declared"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_event_of_random_games_is_emitted_by_its_member(content, players):
    """An emitter that spells its kind as a bare string (or a kind missing from the
    catalogue) gives a plain str here, not the catalogue's member."""
    seen: set[str] = set()
    for seed in range(6):
        g = new_game(content, players, seed)
        pick = random.Random(seed).random
        bare = [e.kind for e in g.take_events() if type(e.kind) is not EventKind]
        while (p := g.pending()) is not None:
            for e in g.apply(p.choices[int(pick() * len(p.choices))]):
                seen.add(e.kind)
                if type(e.kind) is not EventKind:
                    bare.append(e.kind)
        assert bare == []
    assert len(seen) > 20


@given(st.sampled_from(list(EventKind)))
def test_event_kind_reads_back_every_member(k):
    assert event_kind(str(k)) is k


@given(st.one_of(st.text(max_size=60), st.integers(), st.none(), st.lists(st.text(max_size=3))))
def test_event_kind_refuses_anything_else_with_one_typed_error(x):
    if isinstance(x, str) and x in set(EventKind):
        assert event_kind(x) == x
        return
    with pytest.raises(UnknownEventKind) as err:
        event_kind(x)
    assert isinstance(err.value, ValueError)
    assert "\n" not in str(err.value) and len(str(err.value)) < 80
