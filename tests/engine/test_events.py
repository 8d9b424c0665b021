"""The event catalogue (fate/engine/events.py) catches a malformed event."""

from __future__ import annotations

import pytest

from fate.engine import Event, new_game
from fate.engine.events import EVENTS, event_problems


@pytest.fixture
def game(content):
    g = new_game(content, 3, 1, gods=["cthulhu", "hastur", "azathoth"])
    assert g.pending().kind in ("move", "cast_window")
    return g


def test_every_event_of_a_new_game_is_in_the_catalogue(game, content):
    fresh = new_game(content, 3, 1, gods=["cthulhu", "hastur", "azathoth"])
    evs = fresh.take_events()
    assert {e.kind for e in evs} >= {"setup_done", "turn_started", "phase", "artifacts_revealed"}
    assert all(event_problems(fresh, e) == [] for e in evs)


@pytest.mark.parametrize("event,problem", [
    (Event("fate_moved", {"seat": 0, "piece": 0, "frm": 1, "to": 2, "backs": [2]}), None),
    (Event("fate_movd", {}), "unknown event kind"),
    (Event("fate_moved", None), "data is not a map"),
    (Event("fate_moved", {"seat": 0, "piece": 0, "frm": 1, "to": 2}), "fields"),
    (Event("fate_moved", {"SEAT": 0, "piece": 0, "frm": 1, "to": 2, "backs": []}), "fields"),
    (Event("fate_moved", {"seat": 3, "piece": 0, "frm": 1, "to": 2, "backs": []}), "'seat' holds 3"),
    (Event("fate_moved", {"seat": -1, "piece": 1, "frm": 1, "to": 2, "backs": []}), "'piece' holds 1"),
    (Event("fate_moved", {"seat": 0, "piece": 0, "frm": 6, "to": 2, "backs": []}), "'frm' holds 6"),
    (Event("fate_moved", {"seat": 0, "piece": 0, "frm": 1, "to": 2, "backs": [0]}), "'backs' holds [0]"),
    (Event("sacrificed", {"seat": 0, "location": 0, "count": 0}), "'count' holds 0"),
    (Event("spell_cast", {"seat": 0, "card": "no-card", "name": "x", "text": "y"}), "'card' holds"),
    (Event("rolled", {"seat": 0, "purpose": "raid", "faces": ["seven"]}), "'faces' holds"),
    (Event("summon_moved", {"seat": 0, "frm": 9, "to": 10}), "'to' holds 10"),
    (Event("game_over", {"winners": [0], "losers": [], "reason": "bored"}), "'reason' holds"),
    (Event("spell_drawn_face", {"seat": 0, "card": "key-01"}), "a private event shown to None"),
    (Event("spell_drawn_face", {"seat": 0, "card": "key-01"}, (1,)), "a private event shown to (1,)"),
    (Event("spell_drawn", {"seat": 0, "symbol": 1}, (0,)), "a public event shown only to (0,)"),
    (Event("curse_drawn", {"seat": 0, "holder": 2, "card": "hubris"}, (2,)), None),
])
def test_a_malformed_event_is_named(game, event, problem):
    found = event_problems(game, event)
    if problem is None:
        assert found == []
    else:
        assert found and problem in found[0], found


def test_the_catalogue_names_each_field_of_each_kind_once(game):
    assert len(EVENTS) >= 70
    for kind, fields in EVENTS.items():
        assert kind == kind.lower() and all(callable(check) for check in fields.values())
