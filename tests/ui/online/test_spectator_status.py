"""A spectator's status line names the player to decide as the player wrote it: "ann to decide",
never "Ann" (only the game's own "the Cult of ..." takes a capital at the start of the line)."""

from __future__ import annotations

import pygame

from fate.ui.online.table import OnlinePlayScene
from tests.ui.online.test_online import press, type_into, until, window
from tests.ui.online.test_strangers import key


def test_a_spectators_status_keeps_a_lower_case_players_name_as_written(content, tmp_path, standalone):  # noqa: F811
    where = standalone.url.split("://", 1)[1]
    ann = window(content, tmp_path, "ann")
    press(ann, ("online",))
    press(ann, ("page", "host"))
    type_into(ann, "name", "ann")
    type_into(ann, "server", where)
    while ann.scene.strangers.delay != 0:  # the spectator sees the game as it stands
        press(ann, ("delay",))
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made on the server")
    watch = ann.scene.made.watch
    press(ann, ("table",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene), "Ann's table")

    carl = window(content, tmp_path, "carl")
    press(carl, ("online",))
    press(carl, ("page", "watch"))
    type_into(carl, "address", where)
    type_into(carl, "watch", watch)
    press(carl, ("watch",))
    until([ann, carl], lambda: isinstance(carl.scene, OnlinePlayScene) and carl.scene.session.prompt_seat() == 0,
          "Carl's spectator table, ann to choose her Elder God")
    assert carl.scene.status().startswith("ann to decide · you watch")


def test_a_spectator_by_code_is_told_the_code_finds_the_game_again_not_the_lobby(content, tmp_path, standalone):  # noqa: F811
    """A private game watched by its code is never listed among the open games: the spectator's
    menu says the code finds it again."""
    where = standalone.url.split("://", 1)[1]
    ann = window(content, tmp_path, "ann")
    press(ann, ("online",))
    press(ann, ("page", "host"))
    type_into(ann, "server", where)
    for _ in range(3):  # "See it 15 seconds late" -> 1 minute -> 3 minutes -> as it happens
        press(ann, ("delay",))
    assert ann.scene.strangers.delay == 0
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made on the server")
    assert not ann.scene.strangers.public  # private: never listed among the open games
    watch = ann.scene.made.watch
    carl = window(content, tmp_path, "carl")
    press(carl, ("online",))
    press(carl, ("page", "watch"))
    type_into(carl, "address", where)
    type_into(carl, "watch", watch)
    press(carl, ("watch",))
    until([ann, carl], lambda: isinstance(carl.scene, OnlinePlayScene), "Carl's spectator table")
    key(carl, k=pygame.K_ESCAPE)
    carl.frame([], 0.02)
    said = [t for t, _ in carl.ink.placed]
    assert "Watching" in said
    assert "Watch a game in Play Online, with its code, finds it again." in said
    assert not any("Open games" in t for t in said)
