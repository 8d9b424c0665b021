"""The one door for what a server sends (fate/net/messages.py): every message of real games
passes; anything else is one BadServerMessage line."""

from __future__ import annotations

import json
import random

import pytest

from fate.engine import new_game
from fate.net.messages import BadServerMessage, parse
from fate.server import views

SEATS = [{"seat": 0, "kind": "host", "level": "", "name": "Ann", "claimed": True, "resigned": False, "here": True}]


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
    (lambda m: m | {"v": 2}, "protocol version 2"),
    (lambda m: m | {"type": "hello"}, "type"),
    (lambda m: {k: x for k, x in m.items() if k != "decision"}, "missing"),
    (lambda m: m | {"extra": 1}, "unexpected field"),
    (lambda m: m | {"seat": 9}, "out of range"),
    (lambda m: m | {"view": m["view"] | {"players": "4"}}, "view.players"),
    (lambda m: m | {"view": m["view"] | {"seats": []}}, "seats"),
    (lambda m: m | {"events": [{"kind": "boom", "data": {}, "text": None}]}, "unknown kind"),
    (lambda m: m | {"events": [{"kind": "turn_started", "data": {"seat": 7, "turn": 1}, "text": None}]}, "seat"),
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
