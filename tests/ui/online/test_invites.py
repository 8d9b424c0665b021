"""Invites that travel and hosting across houses, in real windows (headless) with a real server.

The host's window hosts (the game's own server starts as a child process and asks the
router for its port); no router answers here (tests/conftest.py points the server at an
address that answers nothing), so the hosting page says so and shows the steps to forward
the port by hand. The host copies a friend's invite line to the clipboard (SDL's, through
pygame's scrap module: the headless driver keeps one for the process); the friend's window
pastes it whole on Join and takes the seat. Codes typed in any case, without their dashes,
with spaces, join too. tests/net/test_router.py opens and closes the port on a real router.
"""

from __future__ import annotations

import pygame

from fate.net import hosting
from fate.net.invite import read_line
from fate.ui.online.table import OnlinePlayScene
from tests.ui.online.test_online import press, type_into, until, user, window  # noqa: F401 - user: a fixture


def texts(app) -> str:
    app.frame([], 0.02)
    return " ".join(t for t, _ in app.ink.placed)


def host_a_game(content, tmp_path, user, friends: int = 1):  # noqa: F811 - the fixture, passed on
    host = window(content, tmp_path, "host")
    press(host, ("online",))
    press(host, ("page", "host"))
    type_into(host, "name", "Ann")
    if friends == 2:
        while host.scene.seats[1] != "remote":
            press(host, ("seat", 1))
    press(host, ("host",))
    until([host], lambda: host.scene.page == "hosting", "the game to be hosted")
    user.append(host.hosting)
    return host


def test_no_router_answers_so_the_hosting_page_shows_the_steps_by_hand(content, tmp_path, user):  # noqa: F811
    host = host_a_game(content, tmp_path, user)
    until([host], lambda: (r := host.hosting.router()) is not None and r.state != "asking", "the router's answer")
    report = host.hosting.router()
    assert report.state == "failed" and "router" in report.why
    port = host.hosting.port
    shown = texts(host)
    assert "Your router did not open the port" in shown and report.why in shown
    assert f"forward TCP port {port} to this computer" in shown  # the steps, in the game itself
    assert "what is my IP" in shown and "docs/" not in shown
    line = read_line(next(t for t, _ in host.ink.placed if t.startswith("fate://")))
    assert line is not None and line.code == host.scene.made.invites[0]["code"]
    assert line.url.endswith(f":{port}")  # the house's address: the router opened nothing


def test_a_pasted_invite_line_joins(content, tmp_path, user):  # noqa: F811
    host = host_a_game(content, tmp_path, user, friends=2)
    first, second = host.scene.made.invites
    press(host, ("copy", first["code"]))
    copied = pygame.scrap.get_text()
    assert copied.startswith("fate://") and copied.endswith(first["code"]) and "Copied" in host.scene.notice
    port = host.hosting.port

    friend = window(content, tmp_path, "friend")
    press(friend, ("online",))
    press(friend, ("page", "join"))
    pygame.scrap.put_text(f"  <{copied.upper()}>.  ")  # as a chat might carry it
    press(friend, ("field", "code"))
    friend.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="\x16",
                                     scancode=0)], 0.02)
    assert friend.scene.fields["code"] == first["code"]
    assert friend.scene.fields["address"].endswith(f":{port}")
    type_into(friend, "name", "Bob")
    press(friend, ("join",))
    until([host, friend], lambda: isinstance(friend.scene, OnlinePlayScene), "the friend's table")
    assert friend.scene.session.mine == [1]

    # the other code typed as it was read aloud: small letters, no dashes, spaces
    third = window(content, tmp_path, "third")
    press(third, ("online",))
    press(third, ("page", "join"))
    type_into(third, "address", f"127.0.0.1:{port}")
    type_into(third, "code", " ".join(second["code"].lower().replace("-", "")[i:i + 8] for i in (0, 8)))
    press(third, ("join",))
    until([host, third], lambda: isinstance(third.scene, OnlinePlayScene), "the third player's table")
    assert third.scene.session.mine == [2]


def test_a_web_address_pasted_on_join_is_plain_words(content, tmp_path, user):  # noqa: F811
    app = window(content, tmp_path, "lonely")
    press(app, ("online",))
    press(app, ("page", "join"))
    pygame.scrap.put_text("https://example.org/fate")
    press(app, ("paste",))
    assert "web page" in app.scene.notice and "ws://" not in app.scene.notice
    type_into(app, "address", "http://192.168.1.20:8765")
    type_into(app, "code", "abcd efgh ijkl mnop")
    press(app, ("join",))
    assert app.scene.link is None and "web page" in app.scene.notice and "ws://" not in app.scene.notice
    assert hosting.running_host() is None


def test_a_game_on_a_server_elsewhere_invites_to_that_server_and_asks_no_router(content, tmp_path):
    from fate.net.mygames import OnlineGame

    app = window(content, tmp_path, "guest")
    press(app, ("online",))
    scene = app.scene
    scene.made = OnlineGame("wss://games.example:8765/", "g1", "t" * 24, [0], host=True, hosted_here=False,
                            invites=[{"code": "ABCD-EFGH-IJKL-MNOP", "seats": [1]}])
    scene.page = "hosting"
    shown = texts(app)
    assert "Friends anywhere join this server at:" in shown and "router" not in shown
    press(app, ("copy", "ABCD-EFGH-IJKL-MNOP"))
    assert pygame.scrap.get_text() == "fates://games.example:8765/ABCD-EFGH-IJKL-MNOP"
    assert read_line(pygame.scrap.get_text()).url == "wss://games.example:8765"
