"""Bots answer prompts like any seat: always a legal choice, and games end."""

from __future__ import annotations

import pytest

from fate.ai import make_bot
from fate.engine import new_game
from fate.engine.invariants import violations


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_bots_play_legal_choices_to_the_end(content, bot, players):
    g = new_game(content, players, 21)
    bots = [make_bot(bot, s) for s in range(players)]
    for _ in range(20_000):
        p = g.pending()
        if p is None:
            break
        c = bots[p.seat].choose(g)
        assert c in p.choices
        g.apply(c)
    assert g.over and not violations(g)


def test_greedy_lookahead_leaves_the_game_untouched(content):
    from fate.engine.save import snapshot

    g = new_game(content, 3, 4)
    for _ in range(30):
        g.apply(g.pending().choices[0])
    before = snapshot(g)
    make_bot("greedy", 1).choose(g)
    assert snapshot(g) == before


def test_greedy_takes_a_winning_summon(table):
    # Two Flames from the Reserve would pay; casting Blood on the Altar from 8 wins at once.
    t = table(players=3, start="move", seats=[{"summon": 8, "reserve": ["flame-13"]}, {}, {}])
    bot = make_bot("greedy", 3)
    t.choose(bot.choose(t.g).id)
    assert t.g.over and t.g.winners == (0,)


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        make_bot("oracle")
