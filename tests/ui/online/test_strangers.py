"""Playing with strangers, end to end: real game windows (headless) and a real standalone server
process, driven by posted clicks and keys.

One window starts a public game on the standalone server from Play Online > New game (no
server of its own is started); a second window finds it in that server's lobby and takes
the open seat with a click; the two talk (a phrase, a typed line) and one mutes the other;
a third window watches by the watch code, typed in lower case without dashes, and its
table holds nothing but what every seat may see, to the end; at the end both players click
"Play again" and both tables open the new game, each player a seat on.
"""

from __future__ import annotations

import random
import time

import pygame

from fate.net import hosting
from fate.net.mygames import MyGames
from fate.ui.online.table import OnlinePlayScene
from fate.ui.online.watch import WatchSession
from fate.ui.screens.end import EndScene
from tests.ui.online.test_online import press, step, type_into, until, window


def key(app, ch: str = "", k: int = 0) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0)], 0.02)


def public_only(app) -> None:
    """A spectator's table draws the public view: no seat's hand, Reserve, Curse or draft."""
    s = app.scene
    if isinstance(s, OnlinePlayScene) and s.shown:
        assert s.shown["viewer"] is None and not s.shown["curses_held"] and "draft" not in s.shown
        assert all("hand" not in r and "reserve" not in r for r in s.shown["seats"])
        assert s.picker is None  # never asked anything


def test_a_public_game_on_a_server_found_in_the_lobby_talked_watched_and_played_again(content, tmp_path,
                                                                                       standalone):
    where = standalone.url.split("://", 1)[1]
    ann = window(content, tmp_path, "ann")
    press(ann, ("online",))
    press(ann, ("page", "host"))
    type_into(ann, "name", "Ann")
    type_into(ann, "server", where)
    while ann.scene.seats[1] != "none":  # seats: Ann and a friend's open seat
        press(ann, ("seat", 1))
    press(ann, ("public",))
    while ann.scene.strangers.delay != 0:  # spectators see it as it happens (the test waits for the end)
        press(ann, ("delay",))
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made on the server")
    made = ann.scene.made
    assert made.server == standalone.url and not made.hosted_here and made.watch
    assert ann.hosting is None and hosting.running_host() is None  # no server of this computer's
    assert MyGames(ann.online_file).used_servers == [where]  # remembered for next time
    press(ann, ("table",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene), "Ann's table")

    bob = window(content, tmp_path, "bob")
    press(bob, ("online",))
    press(bob, ("page", "lobby"))
    type_into(bob, "name", "Bob")
    type_into(bob, "server", where)
    key(bob, k=pygame.K_RETURN)  # Enter: look
    until([ann, bob], lambda: bob.scene.strangers.lobby and bob.scene.strangers.lobby[0]["game"] == made.game, "the lobby to list it")
    row = bob.scene.strangers.lobby[0]
    assert row["open"] == 1 and row["players"][0]["name"] == "Ann"
    press(bob, ("sit", made.game))
    until([ann, bob], lambda: isinstance(bob.scene, OnlinePlayScene), "Bob's table")
    assert bob.scene.session.mine == [1]
    until([ann, bob], lambda: ann.scene.session.name(1) == "Bob", "Ann's table to name Bob")

    # table talk: a phrase, a typed line; Ann mutes Bob, whose next line is not shown to her
    press(bob, ("ui", "talk", "toggle"))
    press(bob, ("ui", "talk", "phrase", "Good game"))
    until([ann, bob], lambda: [ln["text"] for ln in ann.scene.session.lines()] == ["Good game"], "Bob's phrase")
    assert ann.scene.session.unread() == 1 and "Talk (1)" in [h.label for h in ann.scene.hotspots()]
    press(ann, ("ui", "talk", "toggle"))
    for ch in "hello Bob":
        key(ann, ch)
    key(ann, k=pygame.K_RETURN)
    until([ann, bob], lambda: "hello Bob" in [ln["text"] for ln in bob.scene.session.lines()], "Ann's line")
    press(ann, ("ui", "talk", "mute", 1))
    press(bob, ("ui", "talk", "phrase", "Thinking..."))
    until([ann, bob], lambda: any(ln["text"] == "Thinking..." for ln in ann.scene.session.talk.values()),
          "Bob's second line to reach Ann")
    # Bob's muted at Ann's from then on: what he said before stays
    assert [ln["text"] for ln in ann.scene.session.lines()] == ["Good game", "hello Bob"]
    assert MyGames(ann.online_file).find(made.server, made.game).muted == [1]
    for a in (ann, bob):
        press(a, ("ui", "talk", "toggle"))  # closed: the board is clicked again

    # a spectator by the watch code, typed in lower case without its dashes
    carl = window(content, tmp_path, "carl")
    press(carl, ("online",))
    press(carl, ("page", "watch"))
    type_into(carl, "address", where)
    type_into(carl, "watch", made.watch.replace("-", "").lower())
    press(carl, ("watch",))
    until([ann, bob, carl], lambda: isinstance(carl.scene, OnlinePlayScene), "Carl's spectator table")
    assert isinstance(carl.scene.session, WatchSession) and carl.scene.session.mine == []
    assert "Talk" not in [h.label for h in carl.scene.hotspots()]  # the host kept the talk for the players

    rnd = random.Random(5)
    apps = [ann, bob, carl]
    end = time.monotonic() + 600
    while not all(isinstance(a.scene, EndScene) for a in apps):
        assert time.monotonic() < end, "the game did not end in 10 minutes"
        for a in apps:
            a.frame([], 0.02)
        public_only(carl)
        for a in (ann, bob):
            step(a, rnd)
    final = ann.scene.session.latest()["decision"]
    assert carl.scene.session.latest()["decision"] == final  # the spectator saw it to its very end
    assert "again" not in [h.key[0] for h in carl.scene.hotspots()]  # a spectator is never asked

    # "Play again": nothing happens on one click; both, and both tables open the new game
    old = made.game
    press(ann, ("again", True))
    until(apps, lambda: bob.scene.session.votes[0] == [0], "Bob's screen to hear Ann said yes")
    assert isinstance(ann.scene, EndScene) and ann.scene.session.rematched is None
    press(bob, ("again", True))
    until(apps, lambda: all(isinstance(a.scene, OnlinePlayScene) for a in (ann, bob)), "the new game's tables")
    new = ann.scene.session.game_id
    assert new != old and bob.scene.session.game_id == new
    assert ann.scene.session.mine == [1] and bob.scene.session.mine == [0]  # each a seat on: Bob goes first
    assert {g.game for g in MyGames(bob.online_file).games} == {old, new}
    press(carl, ("online",))


def test_the_servers_used_and_new_games_choices_survive_a_restart_and_a_damaged_file(tmp_path):
    """online.json keeps the servers used (latest first), the last New game's choices, each
    game's watch code and muted seats; a hand-edited file's odd values are dropped one by one."""
    import json

    path = tmp_path / "online.json"
    mine = MyGames(path)
    for a in ("a:1", "b:2", "a:1"):
        mine.used(a)
    mine.new_game = {"public": True, "delay": 60, "spectator_chat": True, "rated": True, "clock": 3}
    mine.save()
    again = MyGames(path)
    assert again.used_servers == ["a:1", "b:2"] and again.new_game == mine.new_game
    data = json.loads(path.read_text())
    data.update(servers=["ok:1", 5, "bad space", "x" * 300], new_game={"public": "yes", "delay": 10**9,
                                                                       "spectator_chat": True, "rated": 1,
                                                                       "clock": 10**6})
    data["games"] = [{"server": "ws://h:1", "game": "g1", "token": "t" * 20, "seats": [0], "watch": "ab\x00",
                      "muted": [1, True, 9, "2"]}]
    path.write_text(json.dumps(data))
    odd = MyGames(path)
    assert odd.used_servers == ["ok:1"] and odd.new_game == {"public": False, "delay": 15, "spectator_chat": True,
                                                             "rated": False, "clock": 0}
    g = odd.find("ws://h:1", "g1")
    assert g is not None and g.watch == "" and g.muted == [1]
