"""A player's name in the Chronicle stays as the player wrote it, at the start of a line too
("ann chooses an Elder God, in secret.", not "Ann"): the game's own words alone take a capital."""

from __future__ import annotations

from fate.engine import new_game, view
from fate.words.narration import narrate


def secret_choice_line(content, name: str) -> str:
    g = new_game(content, 2, 3)
    g.take_events()
    first = g.pending()
    events = g.apply(first.choices[0])  # the first cult chooses its Elder God in the draft
    other = 1 - first.seat
    v = view(g, other)
    # as the server tells another cult (fate/server/views.py): the god kept secret, the player named
    v["seats"][first.seat].update(god=None, player=name)
    told = [narrate(e._replace(data={"seat": e.data["seat"]}), v, other, content)
            for e in events if e.kind == "god_chosen"]
    assert len(told) == 1
    return told[0]


def first_seat(content) -> int:
    return new_game(content, 2, 3).pending().seat


def test_a_lower_case_players_name_starts_a_chronicle_line_as_written(content):
    assert secret_choice_line(content, "ann") == "ann chooses an Elder God, in secret."
    assert secret_choice_line(content, "Bob") == "Bob chooses an Elder God, in secret."


def test_the_games_own_words_still_take_a_capital(content):
    assert secret_choice_line(content, "") == f"Seat {first_seat(content) + 1} chooses an Elder God, in secret."
