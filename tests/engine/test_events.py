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
    # each kind of field, just past its edge (a 3-seat game)
    (Event("turn_ended", {"seat": 3}), "'seat' holds 3"),
    (Event("turn_ended", {"seat": -1}), "'seat' holds -1"),
    (Event("fate_moved", {"seat": -2, "piece": 0, "frm": 1, "to": 2, "backs": []}), "'seat' holds -2"),
    (Event("cursed", {"seat": 0, "holder": 3, "carried": 1, "source": "meeting"}), "'holder' holds 3"),
    (Event("recalled", {"seat": 0, "count": 100}), "'count' holds 100"),
    (Event("raided", {"seat": 0, "signs": 100, "destroyed": 0}), "'signs' holds 100"),
    (Event("raided", {"seat": 0, "signs": True, "destroyed": 0}), "'signs' holds True"),
    (Event("artifacts_refreshed", {"seat": 0, "cards": "censer"}), "'cards' holds"),
    (Event("artifacts_refreshed", {"seat": 0, "cards": ["censer", "no-card"]}), "'cards' holds"),
    (Event("spell_drawn", {"seat": 0, "symbol": 6}), "'symbol' holds 6"),
    (Event("spell_drawn", {"seat": 0, "symbol": 0}), "'symbol' holds 0"),
    (Event("no_move", {"seat": 0, "hand": [1, 6]}), "'hand' holds"),
    (Event("no_move", {"seat": 0, "hand": 1}), "'hand' holds"),
    (Event("spell_readied", {"seat": 0, "symbol": 1, "cost": [6]}), "'cost' holds"),
    (Event("spell_readied", {"seat": 0, "symbol": 1, "cost": 2}), "'cost' holds"),
    (Event("fate_moved", {"seat": 0, "piece": 0, "frm": 1, "to": 2, "backs": ["moon"]}), "'backs' holds"),
    (Event("spell_cast", {"seat": 0, "card": "key-01", "name": "", "text": "y"}), "'name' holds ''"),
    (Event("spell_cast", {"seat": 0, "card": "key-01", "name": 3, "text": "y"}), "'name' holds 3"),
    (Event("summon_moved", {"seat": 0, "frm": -1, "to": 0}), "'frm' holds -1"),
    (Event("elder_sign_gained", {"seat": 0, "total": 11}), "'total' holds 11"),
    (Event("die_removed", {"seat": 0, "die": 41, "face": "skull"}), "'die' holds 41"),
    (Event("die_removed", {"seat": 0, "die": 0, "face": "seven"}), "'face' holds"),
    (Event("supply_empty", {"raided": [0, 3]}), "'raided' holds"),
    (Event("supply_empty", {"raided": 0}), "'raided' holds"),
    (Event("investigators_sent", {"seat": 1, "count": 1, "source": "lodge"}), "'source' holds"),
    (Event("investigators_sent", {"seat": 1, "count": 1, "source": 0}), None),
    (Event("god_chosen", {"seat": 0, "god": "key-01"}), "'god' holds"),
    (Event("god_chosen", {"seat": 0, "god": "no-god"}), "'god' holds"),
    (Event("setup_done", {"first": 0, "players": 4}), "'players' holds 4"),
    (Event("turn_started", {"seat": 0, "turn": 0}), "'turn' holds 0"),
    (Event("turn_started", {"seat": 0, "turn": 99}), "'turn' holds 99"),
    (Event("phase", {"seat": 0, "phase": "lunch"}), "'phase' holds"),
    (Event("game_over", {"winners": [], "losers": [0], "reason": "summoned"}), None),
    (Event("game_over", {"winners": [], "losers": [0], "reason": "cursed"}), None),
    (Event("rolled", {"seat": 0, "purpose": "raids", "faces": []}), "'purpose' holds"),
    (Event("rolled", {"seat": 0, "purpose": "effect", "faces": "skull"}), "'faces' holds"),
    (Event("spell_stolen_face", {"seat": 0, "card": "key-01"}, (0, 1)), None),
    (Event("spell_stolen_face", {"seat": 0, "card": "key-01"}, (1,)), "a private event shown to (1,)"),
    (Event("curse_drawn", {"seat": 0, "holder": 2, "card": "hubris"}, (0,)), "a private event shown to (0,)"),
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
