"""The one door for what a server sends (fate/net/messages.py): every message of real games
passes; anything else is one BadServerMessage line."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate.engine import new_game
from fate.net.messages import VERSION, BadServerMessage, parse
from fate.server import views

SEATS = [{"seat": 0, "kind": "host", "level": "", "name": "Ann", "claimed": True, "resigned": False, "here": True,
          "clock": None}]


def states(content, games: int = 12):
    for k in range(games):
        players = 1 + k % 4
        g = new_game(content, players, 500 + k)
        events = g.take_events()
        rnd = random.Random(k)
        while True:
            for seat in range(players):
                yield views.state("g1", g, seat, events, content, SEATS)
            p = g.pending()
            if p is None:
                break
            events = g.apply(rnd.choice(p.choices))


def test_every_state_of_seeded_games_passes_unchanged(content):
    n = 0
    for msg in states(content):
        text = json.dumps(msg)
        assert parse(text, content) == json.loads(text)
        n += 1
    assert n > 1000


def one_state(content) -> dict:
    return json.loads(json.dumps(next(m for m in states(content, 1) if m["events"] and m["prompt"])))


@pytest.mark.parametrize("spoil, words", [
    (lambda m: b"\x00binary", "binary"),
    (lambda m: "x" * (5 * 2**20), "characters"),
    (lambda m: "{not json", "not JSON"),
    (lambda m: "[" * 100000, "nested"),
    (lambda m: m | {"v": VERSION + 1}, f"protocol version {VERSION + 1}"),
    (lambda m: m | {"type": "hello"}, "type"),
    (lambda m: {k: x for k, x in m.items() if k != "decision"}, "missing"),
    (lambda m: m | {"extra": 1}, "unexpected field"),
    (lambda m: m | {"seat": 9}, "out of range"),
    (lambda m: m | {"view": m["view"] | {"players": "4"}}, "view.players"),
    (lambda m: m | {"view": m["view"] | {"seats": []}}, "seats"),
    (lambda m: m | {"events": [{"kind": "boom", "data": {}}]}, "unknown kind"),
    (lambda m: m | {"events": [{"kind": "turn_started", "data": {"seat": 7, "turn": 1}}]}, "seat"),
    (lambda m: m | {"prompt": {"seat": 0, "kind": "move", "text": "x", "choices": [{"id": 5, "label": "a"}]}},
     "prompt"),
])
def test_anything_else_is_one_line(content, spoil, words):
    bad = spoil(one_state(content))
    raw = bad if isinstance(bad, str | bytes) else json.dumps(bad)
    with pytest.raises(BadServerMessage) as e:
        parse(raw, content)
    line = str(e.value)
    assert words in line and "\n" not in line and len(line) <= 200


def test_a_view_holding_another_seats_hand_is_refused(content):
    m = next(json.loads(json.dumps(x)) for x in states(content, 3) if x["view"]["players"] >= 2)
    me = m["seat"]
    other = next(r for r in m["view"]["seats"] if r["seat"] != me)
    other["hand"] = []
    with pytest.raises(BadServerMessage, match="another seat's hand"):
        parse(json.dumps(m), content)


def test_a_card_the_game_does_not_have_is_refused(content):
    m = next(json.loads(json.dumps(x)) for x in states(content, 3) if x["view"]["seats"][x["seat"]]["god"])
    m["view"]["seats"][m["seat"]]["god"]["id"] = "no_such_god"
    with pytest.raises(BadServerMessage, match="does not have"):
        parse(json.dumps(m), content)


def _spoil_view(m: dict, **fields) -> dict:
    return m | {"view": m["view"] | fields}


def _spoil_row(m: dict, **fields) -> dict:
    seats = [dict(r) for r in m["view"]["seats"]]
    seats[0] |= fields
    return _spoil_view(m, seats=seats)


@pytest.mark.parametrize("spoil, words", [
    (lambda m: _spoil_view(m, winners=[7]), "out of range"),
    (lambda m: _spoil_view(m, losers=[-1]), "out of range"),
    (lambda m: _spoil_view(m, current=9), "out of range"),
    (lambda m: _spoil_view(m, curses_held=[{"id": "x", "name": "x", "text": "x", "on": 5}]), "out of range"),
    (lambda m: _spoil_view(m, fate_pieces=[{"location": "library", "owner": 6}]), "out of range"),
    (lambda m: _spoil_view(m, locations=[dict(loc, cultists=loc["cultists"][:-1]) for loc in m["view"]["locations"]]),
     "out of range"),
    (lambda m: _spoil_row(m, lodge=-5), "out of range"),
    (lambda m: _spoil_row(m, name="N" * 1_000_000), "at most 40"),
    (lambda m: m | {"seats": [dict(s, name="x" * 41) for s in m["seats"]]}, "at most 40"),
    (lambda m: m | {"prompt": dict(m["prompt"], text="x" * 100_000)}, "state.prompt"),
    # words with an event are version 3's: version 4 sends events alone, each client tells them in its language
    (lambda m: m | {"events": [{"kind": "turn_started", "data": {"seat": 0, "turn": 1}, "text": "Turn 1"}]},
     "unexpected field"),
    (lambda m: m | {"seats": [dict(s, kind="k" * 3000) for s in m["seats"]]}, "at most 2000"),
    (lambda m: m | {"seat": m["view"]["players"], "view": m["view"] | {"viewer": None}}, "seats do not add up"),
])
def test_a_seat_count_or_text_a_table_cannot_draw_is_one_line(content, spoil, words):
    m = json.loads(json.dumps(next(x for x in states(content, 4) if x["view"]["players"] == 3 and x["prompt"])))
    with pytest.raises(BadServerMessage) as e:
        parse(json.dumps(spoil(m)), content)
    assert words in str(e.value) and len(str(e.value)) <= 200


def test_an_undone_message_passes_and_says_how_many_events_to_drop(content):
    g = new_game(content, 3, 41)
    g.take_events()
    rnd = random.Random(2)
    before = g.clone()
    evs = g.apply(rnd.choice(g.pending().choices))
    for seat in range(3):
        msg = json.loads(json.dumps(views.undone("g1", before, seat, evs, content, SEATS, rid=4, undo="")))
        got = parse(json.dumps(msg), content)
        assert got == msg and got["type"] == "undone" and got["events"] == [] and got["rid"] == 4
        assert got["drop"] == sum(1 for e in evs if e.visible_to(seat)) and got["decision"] == 0


def _undone(content) -> dict:
    g = new_game(content, 2, 9)
    return json.loads(json.dumps(views.undone("g1", g, 0, [], content, SEATS, undo="a die was rolled")))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=200),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["drop", "undo", "decision", "seat", "events", "rid", "type"]), value=json_values)
def test_an_undone_message_spoiled_anyhow_is_checked_or_one_line(content, field, value):
    m = _undone(content) | {field: value}
    try:
        got = parse(json.dumps(m), content)
    except BadServerMessage as e:
        assert "\n" not in str(e) and len(str(e)) <= 200
        return
    # accepted: only what a table can use
    assert got["type"] in ("undone", "state")
    assert isinstance(got["undo"], str) and len(got["undo"]) <= 120
    assert got["events"] == [] or got["type"] == "state"
    if got["type"] == "undone":
        assert isinstance(got["drop"], int) and not isinstance(got["drop"], bool) and 0 <= got["drop"] <= 10**6


def test_a_state_without_its_undo_reason_is_refused(content):
    m = one_state(content)
    del m["undo"]
    with pytest.raises(BadServerMessage, match="undo"):
        parse(json.dumps(m), content)


def test_a_spectators_message_is_the_public_view_or_refused(content):
    """``spectate`` carries ``view(None)``: one with a seat's hand, Reserve, Curse or draft, or a
    seat's own view, is refused whole (one line), never drawn."""
    g = new_game(content, 3, 11)
    events = g.take_events()
    rng = random.Random(2)
    for _ in range(40):
        events = g.apply(rng.choice(g.pending().choices))
    good = json.loads(json.dumps(views.spectate("g", g, events, content, [])))
    assert parse(json.dumps(good), content)["view"]["viewer"] is None
    seat_view = json.loads(json.dumps(views.state("g", g, 0, events, content, [])))["view"]
    spoiled = [good | {"view": seat_view},
               good | {"view": good["view"] | {"seats": [dict(r, hand=[]) for r in good["view"]["seats"]]}},
               good | {"view": good["view"] | {"curses_held": [{"id": "x", "name": "x", "text": "", "on": 0}]}},
               good | {"drop": -1}]
    for bad in spoiled:
        with pytest.raises(BadServerMessage) as e:
            parse(json.dumps(bad), content)
        assert "\n" not in str(e.value) and len(str(e.value)) <= 200


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300), st.text(max_size=40))
def test_a_line_of_talk_from_a_server_is_checked_or_one_line(text, name):
    raw = json.dumps({"v": VERSION, "type": "talk", "game": "g",
                      "lines": [{"n": 1, "seat": 0, "name": name, "text": text, "at": 0.0, "decision": 0}]})
    try:
        m = parse(raw, content_for_talk())
    except BadServerMessage as e:
        assert "\n" not in str(e) and len(str(e)) <= 200
        return
    line = m["lines"][0]
    assert line["text"].isprintable() and line["name"].isprintable() and len(line["text"]) <= 200


def content_for_talk():
    from fate.engine import default_content

    return default_content()
