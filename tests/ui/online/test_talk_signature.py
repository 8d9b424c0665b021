"""A line of table talk is signed as the table names its speaker: an unnamed player is "Player 1"
on their seat's row, in "Player 1 is back at the table" and on the Mute button, so their lines
are signed "Player 1" too, not "Seat 1"."""

from __future__ import annotations

from fate.ui.online.talk import who


def test_an_unnamed_players_line_is_signed_as_the_table_names_them():
    assert who({"seat": 0, "name": ""}) == "Player 1"
    assert who({"seat": 2, "name": "\u200b"}) == "Player 3"  # nothing visible: as unnamed


def test_a_named_players_line_carries_their_name_as_written():
    assert who({"seat": 1, "name": "ann"}) == "ann"


def test_ones_own_unnamed_line_is_signed_you_as_ones_seat_row_says():
    assert who({"seat": 0, "name": ""}, mine=[0]) == "You"
    assert who({"seat": 0, "name": "Ann"}, mine=[0]) == "Ann"
    assert who({"seat": 1, "name": ""}, mine=[0]) == "Player 2"
