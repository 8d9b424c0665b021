"""The online table's session keeps to what its server sent: a seat's own view, and for a screen
shared by several seats, nothing but what every seat may see."""

from __future__ import annotations

import json
import random

from fate.engine import new_game, view
from fate.ui.net_session import ViewGame, public


def views_of(content, players=3, decisions=60, seed=8):
    g = new_game(content, players, seed)
    rnd = random.Random(seed)
    for _ in range(decisions):
        g.apply(rnd.choice(g.pending().choices))
    return g


def test_the_public_view_of_a_seats_view_is_the_engines_spectator_view(content):
    g = views_of(content)
    for seat in range(g.n):
        mine = json.loads(json.dumps(view(g, seat)))
        spectator = json.loads(json.dumps(view(g, None)))
        assert public(mine) == spectator


def test_the_table_helpers_read_turn_and_prompt_from_a_state(content):
    g = views_of(content, decisions=30)
    p = g.pending()
    st = {"decision": len(g.choices_made), "view": view(g, p.seat),
          "prompt": dict(view(g, p.seat)["prompt"], context=list(p.context))}
    vg = ViewGame(content, st)
    assert (vg.turn, vg.cur, len(vg.choices_made)) == (g.turn, g.cur, len(g.choices_made))
    got = vg.pending()  # the ids, labels and public facts a choice is known by (not the engine's values)
    assert (got.seat, got.kind, got.text, got.context) == (p.seat, p.kind, p.text, p.context)
    assert [(c.id, c.label) for c in got.choices] == [(c.id, c.label) for c in p.choices]


def test_during_the_draft_a_shared_screen_shows_no_god_already_kept(content):
    """Seat 0 has kept its god, seat 1 is still choosing at the same screen: the public view of
    seat 0's own view hides seat 0's god too, as the local table's spectator view does."""
    from fate.engine.view import hide_draft

    g = new_game(content, 2, 4)
    g.apply(g.pending().choices[0])
    assert g.pending().kind == "draft" and g.gods[0] >= 0
    for seat in range(g.n):
        mine = hide_draft(json.loads(json.dumps(view(g, seat))), seat)
        shown = public(mine)
        assert [row["god"] for row in shown["seats"]] == [None, None]
        assert shown == hide_draft(json.loads(json.dumps(view(g, None))), None)
