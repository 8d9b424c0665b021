"""One queue for the story (fate/ui/table/anim.py, ``Player``): a line is told when the beat
that shows its result has ended, or once the board has caught up with the game, in order."""

from __future__ import annotations

from fate.ui.table.anim import Banner, Carry, Dice, FateMove, Player
from fate.ui.table.news import Marker

DT = 1 / 60


def play(player: Player, seconds: float, told: list, log: list) -> None:
    """Run the queue for ``seconds``, noting at each frame how many lines were told."""
    for _ in range(round(seconds / DT)):
        player.update(DT)
        log.append(len(told))


def test_a_line_is_told_when_the_beat_that_shows_it_ends_not_when_it_begins():
    player, told = Player(speed=1), []
    move = FateMove(0, "museum", "library", (200, 200, 200))
    player.add([Banner("The Investigators' turn", duration=1.0), move], then=lambda: told.append("moved"))
    player.catch_up(lambda: None)
    play(player, 1.3, told, [])  # the banner and half the move
    assert told == [] and 0 < move.progress() < 1
    play(player, 0.4, told, [])
    assert told == ["moved"]


def test_a_line_waits_for_the_board_after_the_last_move_and_holds_the_lines_after_it():
    player, told, board = Player(speed=1), [], []
    player.add([Marker(("lodge", 0), "You draw a Spell", duration=0.5)], then=lambda: told.append("draw"))
    player.add([FateMove(1, "museum", "library", (200, 200, 200))], then=lambda: told.append("moved"))
    player.add([Carry("investigator", (200, 200, 200), ("supply", "investigators"), ("investigators", "library"))],
               then=lambda: told.append("arrived"))
    player.add([Dice(["skull"], "You roll")], then=lambda: told.append("rolled"))
    player.catch_up(lambda: board.append(len(told)))
    play(player, 0.5 + 0.6 + 0.1, told, [])  # the marker and the move are over, the Carry under way
    assert told == [] and board == []  # the draw waits for the board, and the move's line waits behind it
    play(player, 0.3, told, [])  # the Carry has ended: the board catches up, the three lines are told
    assert board == [0] and told == ["draw", "moved", "arrived"]
    assert player.busy()  # the dice still roll, over the board as it stands
    play(player, 1.2, told, [])
    assert told == ["draw", "moved", "arrived", "rolled"] and not player.busy()


def test_news_that_needs_no_board_is_told_as_its_beat_ends():
    player, told = Player(speed=1), []
    player.add([Marker(("loc", "museum"), "Basic Action", duration=0.5)], then=lambda: told.append("news"),
               board=False)
    player.add([Carry("cultist", (200, 0, 0), ("lodge", 0), ("cultists", "museum", 0))],
               then=lambda: told.append("placed"))
    player.catch_up(lambda: None)
    play(player, 0.55, told, [])
    assert told == ["news"]
    play(player, 0.4, told, [])
    assert told == ["news", "placed"]


def test_skipping_tells_every_line_waiting_and_catches_the_board_up():
    player, told, board = Player(speed=1), [], []
    player.add([FateMove(0, "museum", "library", (200, 200, 200))], then=lambda: told.append("moved"))
    player.add([Marker(("lodge", 0), "You draw a Spell")], then=lambda: told.append("draw"))
    player.catch_up(lambda: board.append(True))
    player.update(DT)
    player.skip()
    assert told == ["moved", "draw"] and board == [True] and not player.busy() and player.hidden() == set()


def test_at_instant_a_line_is_told_when_the_board_catches_up_at_once():
    player, told = Player(speed=3), []
    player.add([FateMove(0, "museum", "library", (200, 200, 200))], then=lambda: told.append("moved"))
    player.add([Marker(("lodge", 0), "You draw a Spell")], then=lambda: told.append("draw"))
    assert not player.busy() and told == []  # nothing is shown: every line waits for the board
    player.catch_up(lambda: None)  # which catches up at once
    assert told == ["moved", "draw"]
