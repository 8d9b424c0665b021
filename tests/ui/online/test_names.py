"""The online Chronicle names the players from its first line on (their names until their Elder
Gods are known, never "seat 2"), in real windows with a real server."""

from __future__ import annotations

import random
import re

from tests.ui.online.test_online import host_and_join, step, until, user  # noqa: F401 - user: a fixture

SEAT_NUMBER = re.compile(r"\b[Ss]eat \d")


def test_the_first_chronicle_lines_name_the_players(content, tmp_path, user):  # noqa: F811
    host, friend, _ = host_and_join(content, tmp_path, user)
    rnd = random.Random(5)

    def chose() -> bool:  # the host's table has told of the friend's first decision
        for a in (host, friend):
            step(a, rnd)
        return any("Bob" in text for text, _ in host.scene.log)

    until([host, friend], chose, "the friend's first decision in the host's Chronicle")
    host_lines = [text for text, _ in host.scene.log]
    assert not any(SEAT_NUMBER.search(t) for t in host_lines), host_lines
    assert "Bob chooses an Elder God, in secret." in host_lines  # once "Seat 2 chooses…"
    friend_lines = [text for text, _ in friend.scene.log]
    assert not any(SEAT_NUMBER.search(t) for t in friend_lines), friend_lines
