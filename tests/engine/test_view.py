"""The view is the table's contract (R-CMP-6, R-CU-8): every key the UI, the saves
and the bots read is there, with nothing else, for each kind of looker."""

from __future__ import annotations

import random

from fate.engine import new_game, view
from fate.tools.scenario import build

TOP = {"viewer", "players", "solo", "solo_level", "turn", "current", "phase", "turn_location", "fate_pieces", "locations",
       "seats", "curses_held", "supply", "artifacts_face_up", "resolving", "dice", "over", "winners", "losers",
       "end_reason", "prompt"}
SEAT_PUBLIC = {"seat", "name", "god", "lodge", "abyss", "investigators", "summon", "elder_signs",
               "elder_sign_curse_taken", "hand_backs", "has_gate", "reserve_backs", "reserve_costs", "artifacts",
               "curses_carried"}
CARD = {"id", "name", "text"}
LOCATION = {"id", "name", "cultists", "investigators", "column", "squalls"}


def test_every_looker_gets_exactly_the_keys_it_may(content):
    g = build(content, {"players": 3, "start": "move", "seats": [
        {"reserve": ["flame-13"], "artifacts": ["astrolabe"], "curses": ["hubris"]}, {}, {}]})
    me = g.pending().seat
    for looker in (None, 0, 1, 2):
        v = view(g, looker)
        assert set(v) == TOP and v["viewer"] == looker and v["players"] == 3 and v["solo"] is False
        for row in v["seats"]:
            own = row["seat"] == looker
            assert set(row) == SEAT_PUBLIC | ({"hand", "reserve"} if own else set())
            assert set(row["god"]) == CARD | {"title"} and row["name"] == g.seat_name(row["seat"])
            for a in row["artifacts"]:
                assert set(a) == CARD | {"exhausted", "ability"}
            if own:
                assert all(set(c) == CARD | {"back", "cost", "timing"} for c in row["hand"])
                assert all(set(c) == CARD | {"back", "timing"} for c in row["reserve"])
        for loc in v["locations"]:
            assert set(loc) == LOCATION
        assert [loc["name"] for loc in v["locations"]] == [g.location_name(i) for i in range(6)]
        prompt = v["prompt"]
        if looker == me:
            assert set(prompt) == {"seat", "kind", "text", "say", "choices"}
            assert all(set(c) == {"id", "label", "say"} for c in prompt["choices"])
            assert [c["id"] for c in prompt["choices"]] == [c.id for c in g.pending().choices]
        else:
            assert set(prompt) == {"seat", "kind", "text", "say"}
        assert prompt["seat"] == me and prompt["kind"] == g.pending().kind and prompt["text"] == g.pending().text
    held = view(g, 2)["curses_held"]  # seat 2 holds seat 0's Curse (the seat to its right)
    assert [set(c) for c in held] == [CARD | {"on"}] and held[0]["on"] == 0 and held[0]["id"] == "hubris"


def test_the_turns_place_and_the_last_roll_are_shown(content):
    """The Other Worlds is location 0: a turn there still has a place."""
    g = build(content, {"players": 3, "start": "activate", "fate": ["other_worlds"],
                        "seats": [{"cultists": {"other_worlds": 4}}, {}, {}], "dice": ["tentacle", "skull"]})
    assert view(g, 0)["turn_location"] == "other_worlds"
    r = random.Random(3)
    while not g.rolls:
        g.apply(r.choice(g.pending().choices))
    assert view(g, None)["dice"] == [g.content.dice.faces[f].id for f in g.rolls[-1]] and view(g, None)["dice"]
    assert view(new_game(content, 3, 1), None)["turn_location"] is None  # the draft: no turn yet


def test_a_resolving_card_is_shown_to_everyone(content):
    g = build(content, {"players": 3, "start": "move", "seats": [{"reserve": ["flame-13"]}, {}, {}]})
    g.resolving.append(g.content.index("flame-13"))
    shown = view(g, 1)["resolving"]
    assert shown == [{"id": "flame-13", "name": g.card(g.content.index("flame-13")).name,
                      "text": g.text_of(g.content.index("flame-13"))}]


def test_the_draft_is_shown_to_its_seat_until_it_has_chosen(content):
    """Even when the god it keeps is Cthulhu, card 0."""
    g = next(x for x in (new_game(content, 3, s) for s in range(60)) if 0 in x.drafts[0])
    v = view(g, 0)
    assert [d["id"] for d in v["draft"]] == [g.card(x).id for x in g.drafts[0]]
    assert all(set(d) == CARD | {"title"} for d in v["draft"])
    assert [d["id"] for d in view(g, 1)["draft"]] == [g.card(x).id for x in g.drafts[1]]  # its own pair only
    assert "draft" not in view(g, None)
    g.apply(f"god:{g.card(0).id}")
    assert "draft" not in view(g, 0) and "draft" in view(g, 1)
