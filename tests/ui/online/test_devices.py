"""A player on two computers (docs/protocol.md, "Identity"), end to end: two game windows, each
with a user folder of its own (its own online games and its own key), and a real server process.

The first computer starts a game on the server and plays a little; on Play Online > Your other
computers it makes a code. The second computer, which has never seen the game, types the
server's address and that code: its My online games then lists the game, which it opens and
plays on from where the first left it, without the seat's token ever leaving the first
computer. The code works once.
"""

from __future__ import annotations

import json
import random

from fate.net.mygames import MyGames
from fate.ui.online.screens import OnlineScene
from fate.ui.online.table import OnlinePlayScene
from fate.ui.shots import friend_plays
from tests.ui.online.test_online import new_game_on, press, step, type_into, until, window


def decision(app) -> int:
    s = app.scene
    return s.session.states[s.session.mine[0]]["decision"] if isinstance(s, OnlinePlayScene) and s.session.states \
        else -1


def test_a_game_goes_on_from_a_second_computer_joined_by_a_code(content, tmp_path, standalone):
    where = standalone.url.split("://", 1)[1]
    desk = window(content, tmp_path, "desk")
    new_game_on(desk, where, ["remote", "easy", "none"])  # Ann, a friend (a headless player) and an AI
    press(desk, ("host",))
    until([desk], lambda: desk.scene.page == "hosting", "the game to be made on the server")
    game = desk.scene.made.game
    friend_plays(standalone.url, desk.scene.made.invites[0]["code"])
    press(desk, ("table",))
    until([desk], lambda: isinstance(desk.scene, OnlinePlayScene) and decision(desk) >= 0, "the desk's table")
    rnd = random.Random(5)
    until([desk], lambda: step(desk, rnd) and decision(desk) >= 3, "a few of the desk's decisions")
    left_at = decision(desk)

    desk.goto("online")
    press(desk, ("page", "devices"))
    assert desk.scene.fields["server"] == where  # the server New game used, chosen again
    press(desk, ("make_code",))
    until([desk], lambda: bool(desk.scene.devices.code), "the code")
    code = desk.scene.devices.code
    assert len(code) == 9 and where in desk.scene.devices.code_at

    laptop = window(content, tmp_path, "laptop")
    press(laptop, ("online",))
    assert isinstance(laptop.scene, OnlineScene) and not laptop.scene.mine.games  # it knows no game
    press(laptop, ("page", "devices"))
    type_into(laptop, "address", where)
    type_into(laptop, "pair", code.lower().replace("-", " "))  # as read aloud
    press(laptop, ("use_code",))
    until([laptop], lambda: laptop.scene.form.notice_kind == "well", "the code to be taken")
    paired = laptop.scene.devices.paired_as
    assert paired is not None and paired["devices"] == 2 and paired["name"] == "Ann"  # the desk's name there
    # the two computers keep keys of their own, and no token crossed
    keys = [json.loads((tmp_path / f"{who}-identity.json").read_text())["keys"] for who in ("desk", "laptop")]
    assert list(keys[0]) == list(keys[1]) == [standalone.url] and keys[0] != keys[1]
    press(laptop, ("back",))
    until([laptop], lambda: any(g.game == game for g in laptop.scene.mine.games), "the game in the laptop's list")
    g = next(g for g in laptop.scene.mine.games if g.game == game)
    assert g.token == "" and g.seats == [0]
    assert all(x.token == "" for x in MyGames(laptop.online_file).games)  # kept, and without a token
    press(laptop, ("open", g))
    until([laptop], lambda: isinstance(laptop.scene, OnlinePlayScene) and decision(laptop) >= left_at,
          "the laptop's table")
    assert decision(laptop) >= left_at  # the game as the desk left it (the AI may have moved since)
    at = decision(laptop)
    until([laptop], lambda: step(laptop, rnd) and decision(laptop) > at, "a decision made on the laptop")

    # a code works once: a third folder cannot use it again
    third = window(content, tmp_path, "third")
    press(third, ("online",))
    press(third, ("page", "devices"))
    type_into(third, "address", where)
    type_into(third, "pair", code)
    press(third, ("use_code",))
    until([third], lambda: third.scene.form.notice_kind == "wrong", "the used code's refusal")
    assert "code" in third.scene.notice.lower()
