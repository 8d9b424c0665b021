""""End your turn?" always right (issue 43, item 7): a choice is marked as ending the turn only
when it ends it in every deal the seat's knowledge allows, and as one that may end it when that
turns on the dice or on cards the seat cannot see (fate/engine/determinize.py's
``turn_ending``). Positions are scenarios (fate/scenario.py)."""

from __future__ import annotations

from fate.engine.determinize import ENDS, MAY_END, turn_end, turn_ending
from fate.scenario import build


def _temporary_control(content):
    """Activate at The Ceremony with two Cultists there (no Control) and an empty hand: nothing
    to Ready in Conclude, so the turn's end turns on the Temporary Control roll alone."""
    g = build(content, {"players": 3, "fate": ["ceremony"], "start": "activate",
                        "seats": [{"cultists": {"ceremony": 2}, "hand": []}, {}, {}]})
    g.take_events()
    return g


def test_r_ac_3_the_roll_for_temporary_control_may_end_the_turn_and_declining_it_surely_does(content):
    """R-AC-3: the roll's face decides whether a Control Action comes (the turn goes on) or not
    (R-CN-5's draw, then the next cult's turn); declining it ends the turn whatever the deal."""
    g = _temporary_control(content)
    assert g.pending().kind == "temporary_control" and {c.id for c in g.pending().choices} == {"roll", "no"}
    assert turn_ending(g) == {"roll": MAY_END, "no": ENDS}
    ends = set()
    for face in ("pentagram", "skull"):  # the truth, each way the die may fall
        t = build(content, {"players": 3, "fate": ["ceremony"], "start": "activate", "dice": [face],
                            "seats": [{"cultists": {"ceremony": 2}, "hand": []}, {}, {}]})
        turn = t.turn
        t.apply("roll")
        ends.add(t.turn != turn)
    assert ends == {True, False}  # it does turn on the die
    no = g.clone()
    no.apply("no")
    assert no.turn == g.turn + 1


def test_r_cu_7_a_curse_the_player_cannot_see_makes_a_winning_choice_one_that_may_end_the_turn(content):
    """R-CU-7: the Curse the game holds on the player stops the coming win in one position and
    is harmless in the other; the player cannot tell them apart, so both say "may", never
    "ends" (which would be wrong in one) nor nothing (wrong in the other)."""
    truth, said = [], []
    for curse in ("hungry-abyss", "stars-are-wrong"):
        g = build(content, {"players": 1, "seed": 5, "gods": ["cthulhu"], "start": "move",
                            "fate": ["other_worlds", "streets"],
                            "seats": [{"hand": ["flame-04", "key-01", "tome-01"], "summon": 8, "curses": [curse],
                                       "cultists": {"other_worlds": 1, "museum": 1, "ceremony": 3, "streets": 1,
                                                    "gathering": 1, "library": 1}}],
                            "locations": {"ceremony": {"investigators": 0, "column": ["key-02"]}}})
        g.apply("play:flame-04")
        real = g.clone()
        real.apply("take")
        truth.append(real.over or real.turn != g.turn)
        said.append(turn_end(g, 0, "take"))
    assert truth == [True, False]
    assert said == [MAY_END, MAY_END]


def test_a_choice_that_never_ends_the_turn_is_not_marked(content):
    g = build(content, {"players": 3, "fate": ["ceremony"], "start": "activate",
                        "seats": [{"cultists": {"ceremony": 2}}, {}, {}]})  # a hand: Conclude asks to Ready
    g.take_events()
    assert turn_ending(g) == {}
