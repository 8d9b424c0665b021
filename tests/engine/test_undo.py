"""fate/engine/undo.py: what a step brings to light, judged once for the table at home and
the server (their trails are tested in tests/ui and tests/server)."""

from __future__ import annotations

import random

from fate.engine import new_game
from fate.engine.determinize import determinize
from fate.engine.undo import PASSED, revealed


def played(content, players: int, seed: int, decisions: int):
    g = new_game(content, players, seed)
    r = random.Random(seed)
    while len(g.choices_made) < decisions:
        g.apply(r.choice(g.pending().choices).id)
    return g


def test_a_window_that_goes_by_another_cults_readied_spells_brings_something_to_light(content):
    """Seat 0 plays a Spell; the window after it goes by seat 1, whose Readied Spells hold
    nothing for it, and the turn comes back to seat 0. In games seat 0 cannot tell from this
    one, seat 1 is asked instead: the step showed seat 0 something, so it cannot be taken
    back (taking it back and playing on would be a way to look into seat 1's Reserve)."""
    g = played(content, 2, 0, 42)
    p = g.pending()
    assert p.seat == 0 and g.reserve[1]
    after = g.clone()
    events = after.apply("play:flame-08")
    assert after.pending().seat == 0  # seat 1 was not asked
    assert revealed(g, after, events, 0) == PASSED
    worlds = []
    for k in range(8):
        d = determinize(g, 0, k)
        d.apply("play:flame-08")
        worlds.append(d.pending().seat)
    assert 1 in worlds  # where seat 1 holds another Reserve, it is asked


def test_the_deciding_seats_own_spells_passed_over_show_it_nothing(content):
    """A window that goes by the deciding seat's own Readied Spells tells it nothing it did not
    know; steps that went by no other cult's stay open to Undo, unless something else came
    to light."""
    own = 0
    for seed in range(6):
        g = new_game(content, 3, seed)
        r = random.Random(seed)
        while (p := g.pending()) is not None and len(g.choices_made) < 400:
            after = g.clone()
            events = after.apply(r.choice(p.choices).id)
            others_passed = any(after.passed_over[s] != g.passed_over[s] for s in range(3) if s != p.seat)
            said = revealed(g, after, events, p.seat)
            assert (said == PASSED) == (others_passed and revealed(g, after, events) == PASSED), said
            if after.passed_over[p.seat] != g.passed_over[p.seat] and not others_passed:
                own += 1
                assert said != PASSED
            g = after
    assert own > 5


def test_each_window_closed_without_asking_counts_once_for_each_seat_with_readied_spells(table):
    """Seat 1's only Readied Spell may be cast when it is raided, nowhere else: the windows
    at the start of seat 0's Prepare and Move phases close without asking anyone, and each
    counts once for seat 1 (and for nobody without Readied Spells)."""
    t = table(players=3, start="prepare", seats=[{}, {"reserve": ["key-06"]}, {}])
    assert t.prompt.kind == "move" and t.prompt.seat == 0
    assert t.g.passed_over == [0, 2, 0]
    # the same while a Curse is held (not triggered): the windows then run as tasks and
    # close at their own start
    t = table(players=3, start="prepare", seats=[{}, {"reserve": ["key-06"]}, {"curses": ["museum-guard"]}])
    assert t.g.held and t.prompt.kind == "move" and t.prompt.seat == 0
    assert t.g.passed_over == [0, 2, 0]
