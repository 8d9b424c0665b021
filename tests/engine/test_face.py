"""The game's face for the rest of the program (fate/engine/game.py): the decision number,
the choices taken, the seat whose turn it is, and how the game ended (``Outcome``)."""

from __future__ import annotations

import json
import random

import pytest

from fate.engine import new_game, new_game_from, view
from fate.engine.model import EndReason, Outcome
from fate.engine.save import load_data, save_data
from fate.engine.undo import UndoTrail, revealed


def test_decision_counts_the_decisions_and_goes_back_on_undo(content):
    g = new_game(content, 2, 5)
    assert g.decision == 0 and g.history() == ()
    r = random.Random(5)
    trail = UndoTrail()
    taken: list[str] = []
    while len(taken) < 12:
        p = g.pending()
        assert p is not None
        cid = r.choice(p.choices).id
        before = g.clone()
        events = g.apply(cid)
        taken.append(cid)
        trail.note(p.seat, before, revealed(before, g, events, p.seat), True)
        assert g.decision == len(taken)
    assert g.history() == tuple(taken)
    assert trail.points, "some decision of these could be taken back"
    back = trail.take()
    assert back.decision < g.decision
    assert back.history() == g.history()[:back.decision]
    with pytest.raises(AttributeError):
        g.decision = 3  # read-only: the count follows the choices


def test_the_history_is_a_copy_that_replays_the_game(content):
    g = new_game(content, 3, 11)
    r = random.Random(11)
    for _ in range(30):
        g.apply(r.choice(g.pending().choices))
    made = g.history()
    g.apply(g.pending().choices[0])
    assert len(made) == 30 and g.decision == 31  # what was handed out did not grow
    again = new_game_from(content, g.config)
    for cid in g.history():
        again.apply(cid)
    assert view(again, None) == view(g, None)


def test_the_current_seat_is_whose_turn_the_view_shows(content):
    g = new_game(content, 4, 2)
    r = random.Random(2)
    seen = set()
    while (p := g.pending()) is not None and g.decision < 400:
        assert g.current_seat == view(g, None)["current"]
        seen.add(g.current_seat)
        g.apply(r.choice(p.choices))
    assert seen == {0, 1, 2, 3}


def ow(table, seat0, others=({}, {}), **kw):
    return table(players=3, fate=["other_worlds"], start="activate", seats=[seat0, *others], **kw)


def test_r_win_1_the_outcome_of_a_won_game(table):
    t = ow(table, {"summon": 8, "cultists": {"other_worlds": 1}})
    assert t.g.outcome() is None  # the game goes on
    t = ow(table, {"summon": 8, "cultists": {"other_worlds": 1}}, dice=["tentacle"])
    end = t.g.outcome()
    assert end == Outcome(EndReason.SUMMONED, (0,), ())
    assert end.shares(3) == [1.0, 0.0, 0.0]
    with pytest.raises(AttributeError):
        end.winners = (1,)  # frozen: the end cannot be rewritten


def test_r_win_3_the_outcome_of_a_sealed_game_lost_and_shared(table):
    def sealed(a, b):
        return table(players=3, fate=["museum"], start="conclude",
                     seats=[{"elder_signs": 9, "investigators": 5, "hand": ["hood-01", "hood-02", "hood-03"]},
                            a, b], dice=["elder_sign"] + ["tentacle"] * 4)
    t = sealed({"elder_signs": 1, "summon": 3}, {"elder_signs": 2, "summon": 5})
    assert t.g.outcome() == Outcome(EndReason.SEALED, (1,), (0,))
    t = sealed({"elder_signs": 1, "summon": 5}, {"elder_signs": 1, "summon": 5})
    end = t.g.outcome()
    assert end == Outcome(EndReason.SEALED, (1, 2), (0,))
    assert end.shares(3) == [0.0, 0.5, 0.5]


def test_r_so_8_the_outcome_of_a_solo_game_lost_to_curses(table):
    t = table(players=1, fate=["museum", "streets"], start="prepare",
              seats=[{"reserve": ["key-08"], "curses": ["hubris", "ill-omen", "empty-halls", "overreach"]}],
              decks={"curses": ["paper-trail"]})
    assert t.g.outcome() is None
    t.choose("cast:key-08")
    assert t.g.outcome() == Outcome(EndReason.CURSED, (), (0,))
    assert t.g.outcome().shares(1) == [0.0]


def test_r_win_1_an_outcome_survives_a_save_whose_words_are_unchanged(table, content):
    t = ow(table, {"summon": 8, "cultists": {"other_worlds": 1}}, dice=["tentacle"])
    data = json.loads(json.dumps(save_data(t.g)))
    snap = data["snapshot"]
    assert (snap["winners"], snap["losers"], snap["end_reason"]) == ([0], [], "summoned")
    loaded = load_data(content, data)
    assert loaded.outcome() == t.g.outcome()
    assert type(loaded.outcome().reason) is EndReason
