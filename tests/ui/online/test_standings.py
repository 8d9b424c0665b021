"""Ratings at the screens, end to end: a game window makes a public, Rated game on a real server
process (Play Online > New game), plays it to the end against a friend (a headless player) and an
AI, and then finds itself on Play Online > Leaderboard and on its own card, with the rating the
server worked out; a row opens another player's card."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from fate.net.client import Client, play
from fate.ui.online.screens import OnlineScene
from fate.ui.online.table import OnlinePlayScene
from tests.server.conftest import ServerProcess
from tests.ui.online.test_online import new_game_on, press, step, until, window


@pytest.fixture
def proxied(tmp_path, monkeypatch):
    """A server process behind a proxy on loopback (``--trusted-proxy``): Bob comes from an address
    of his own, as a friend in another house would (a rated game's seats are from two networks)."""
    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path / "user"))
    srv = ServerProcess(f"sqlite:{tmp_path / 'server.sqlite'}", "--ai-workers", "0", "--trusted-proxy",
                        "127.0.0.1").start()
    yield srv
    srv.stop()


def bob_plays(url: str, code: str) -> threading.Thread:
    """A friend with an identity of his own, called Bob on the server, playing at random."""
    async def run() -> None:
        c = await Client(url, headers={"X-Forwarded-For": "198.51.100.7"}).connect()
        await c.identify(Ed25519PrivateKey.generate())
        await c.patient("rename", name="Bob")
        claimed = await c.patient("claim", code=code)
        await play(c, claimed["game"], claimed["seats"], random.Random(7))
        await c.close()

    t = threading.Thread(target=lambda: asyncio.run(run()), daemon=True)
    t.start()
    return t


def over(app) -> bool:
    s = app.scene
    return not isinstance(s, OnlinePlayScene) or bool(s.session.states and s.shown and s.shown["over"])


def test_a_rated_game_played_at_the_table_puts_the_player_on_the_leaderboard(content, tmp_path, proxied):
    where = proxied.url.split("://", 1)[1]
    ann = window(content, tmp_path, "ann")
    new_game_on(ann, where, ["remote", "easy", "none"])
    ann.frame([], 0.02)  # Rated is greyed while the game is private: a rated game is a public one
    assert not any(h.key == ("rated",) for h in ann.scene.hotspots()) and not ann.scene.strangers.rated
    press(ann, ("public",))
    press(ann, ("rated",))
    assert ann.scene.strangers.rated
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made")
    bob = bob_plays(proxied.url, ann.scene.made.invites[0]["code"])
    press(ann, ("table",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene), "Ann's table")
    rnd = random.Random(3)
    until([ann], lambda: step(ann, rnd) and False or over(ann), "the game's end", limit=600)

    ann.goto("online")
    assert isinstance(ann.scene, OnlineScene)
    press(ann, ("page", "leaderboard"))  # on the server New game used
    until([ann], lambda: bool(ann.scene.standings.board), "the leaderboard")
    bob.join(30)
    press(ann, ("look_board",))  # asked again: Bob's result is counted by now
    until([ann], lambda: bool(ann.scene.standings.board) and len(ann.scene.standings.board) == 2, "both players")
    board = ann.scene.standings.board
    assert sorted(r["name"] for r in board) == ["Ann", "Bob"] and [r["place"] for r in board] == [1, 2]
    assert all(r["rated"] == 1 and r["games"] == 1 for r in board)
    press(ann, ("my_card",))
    until([ann], lambda: ann.scene.standings.card is not None, "Ann's card")
    card = ann.scene.standings.card
    assert card["name"] == "Ann" and card["rated"] == 1 and card["place"] in (1, 2) and card["favourite"]
    assert ann.scene.page == "card"
    press(ann, ("page", "leaderboard"))
    row = next(r for r in board if r["name"] == "Bob")
    press(ann, ("card_of", row["player"]))
    until([ann], lambda: ann.scene.standings.card is not None and ann.scene.standings.card["player"] == row["player"],
          "a row's card")
