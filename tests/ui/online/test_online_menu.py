"""The menu over an online table never says "Paused": the game goes on on its server for everyone
else (only a game its host paused is called paused, in the top bar)."""

from __future__ import annotations

import pygame

from fate.ui.online.table import OnlinePlayScene
from tests.ui.online.test_online import press, type_into, until, window
from tests.ui.online.test_strangers import key


def test_the_menu_over_an_online_table_does_not_say_the_game_is_paused(content, tmp_path, standalone):  # noqa: F811
    where = standalone.url.split("://", 1)[1]
    ann = window(content, tmp_path, "ann")
    press(ann, ("online",))
    press(ann, ("page", "host"))
    type_into(ann, "server", where)
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made on the server")
    press(ann, ("table",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene), "Ann's table")
    key(ann, k=pygame.K_ESCAPE)
    ann.frame([], 0.02)
    said = [t for t, _ in ann.ink.placed]
    assert "Leave the table" in said  # the menu is open
    assert "Menu" in said and "Paused" not in said
