"""The online screens say what is true, in real windows (headless) with real servers.

The lobby opens on the server used last, after a restart too, and lists its games without
"Look again"; a remembered server clicked lists its games; past four servers the buttons
scroll, clear of the address field. A paused game's table says Paused, never Offline or
"Reconnecting… choose as usual". What went well is said in one theme colour and what
went wrong in the other (the pixels are read back). When the router opened nothing, Copy
invite copies the house's line labelled as such, never as if friends elsewhere could use it.
"""

from __future__ import annotations

import asyncio

import pygame

from fate.net.client import Client
from fate.net.mygames import MyGames
from fate.ui.kit.theme import PARCHMENT, WENT_WELL, WENT_WRONG
from tests.ui.online.test_invites import host_a_game
from tests.ui.online.test_online import (
    host_and_join,
    keep_hosting_in_the_background,
    press,
    type_into,
    until,
    user,  # noqa: F401 - a fixture
    window,
)


def shown(app) -> list[str]:
    app.frame([], 0.02)
    return [t for t, _ in app.ink.placed]


def ink_of(app, text: str) -> tuple[int, int, int] | None:
    """Of the two theme colours, the one ``text`` was drawn in this frame (its brightest pixels are
    the ink's, blended with the night behind: the nearer in hue), or None if neither."""
    app.frame([], 0.02)
    rect = next(r for t, r in app.ink.placed if t == text)
    area = app.screen.subsurface(rect.clip(app.screen.get_rect()))
    pixels = [area.get_at((x, y))[:3] for x in range(area.get_width()) for y in range(area.get_height())]
    bright = sorted(pixels, key=sum)[-max(1, len(pixels) // 20):]

    def off(ink) -> float:  # how far the pixels' colour lies from the ink's, brightness aside
        return sum(abs(p[i] / max(1, sum(p)) - ink[i] / sum(ink)) for p in bright for i in range(3))
    best = min((WENT_WELL, WENT_WRONG, PARCHMENT), key=off)
    return best if best != PARCHMENT else None


def a_public_game(url: str) -> str:
    async def make() -> str:
        c = await Client(url).connect()
        made = await c.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"}], public=True)
        await c.close()
        return made["game"]
    return asyncio.run(make())


def test_the_lobby_opens_on_the_last_server_lists_a_remembered_one_when_clicked_and_scrolls(content, tmp_path,
                                                                                             standalone):  # noqa: F811
    where = standalone.url.split("://", 1)[1]
    game = a_public_game(standalone.url)
    bob = window(content, tmp_path, "bob")
    press(bob, ("online",))
    press(bob, ("page", "lobby"))  # nothing used yet, this computer serves nothing: said plainly, not as a fault
    assert bob.scene.notice == "" and any("not serving games" in t for t in shown(bob))
    type_into(bob, "server", where)
    bob.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.02)
    until([bob], lambda: bob.scene.strangers.lobby is not None, "the lobby's answer")
    assert [g["game"] for g in bob.scene.strangers.lobby] == [game]

    again = window(content, tmp_path, "bob")  # a restart: the same player's file, a new window
    press(again, ("online",))
    press(again, ("page", "lobby"))
    assert again.scene.fields["server"] == where
    until([again], lambda: again.scene.strangers.lobby is not None, "the lobby listed with no Look again")
    assert [g["game"] for g in again.scene.strangers.lobby] == [game]

    mine = MyGames(again.online_file)
    for i in range(5):  # six servers remembered: more than the row holds
        mine.used(f"192.0.2.{10 + i}:8765")
    mine.used(where)
    third = window(content, tmp_path, "bob")
    press(third, ("online",))
    press(third, ("page", "lobby"))
    until([third], lambda: third.scene.strangers.lobby is not None, "the last server's lobby")
    third.frame([], 0.02)
    spots = {h.key: h.rect for h in third.scene.hotspots()}
    field = spots[("field", "server")]
    servers = [r for k, r in spots.items() if k[0] in ("where", "where_scroll") or k[:3] == ("ui", "disabled", "where_scroll")]
    assert len(servers) >= 5 and not any(r.colliderect(field) for r in servers)
    assert not any(a.colliderect(b) for i, a in enumerate(servers) for b in servers[i + 1:])
    assert ("where", "192.0.2.10:8765") not in spots  # the oldest is further along the row
    while ("where", "192.0.2.10:8765") not in {h.key for h in third.scene.hotspots()}:
        press(third, ("where_scroll", 1))
    press(third, ("where", ""))  # this computer: nothing to list
    assert third.scene.strangers.lobby is None
    while ("where", where) not in {h.key for h in third.scene.hotspots()}:
        press(third, ("where_scroll", -1))
    press(third, ("where", where))  # clicked: its games are asked for at once
    until([third], lambda: third.scene.strangers.lobby is not None, "the clicked server's lobby")
    assert [g["game"] for g in third.scene.strangers.lobby] == [game]


def test_a_paused_game_shows_a_pause_not_offline_nor_reconnecting(content, tmp_path, user):  # noqa: F811
    host, friend, made = host_and_join(content, tmp_path, user)
    keep_hosting_in_the_background(host)
    later = window(content, tmp_path, "host")
    press(later, ("online",))
    press(later, ("pause_hosting",))
    until([friend], lambda: friend.scene.session.link.status == "reconnecting" and friend.scene.session.paused_by,
          "the friend's table to hear the pause", 15)
    for _ in range(3):
        seen = shown(friend)
    assert "Paused" in seen and "Offline" not in seen
    assert not any(t.startswith("Reconnecting") or "Choose as usual" in t for t in seen)
    assert friend.scene.status() in seen or any("paused by Ann" in t for t in seen)
    press(later, ("open",))  # hosted again: back to Online
    until([later, friend], lambda: friend.scene.session.link.status == "online", "the friend back", 30)
    user.append(later.hosting)
    assert "Online" in shown(friend)
    dot = friend.scene.table.layout.p(1660, 25)  # the connection's dot in the online screens' colour of success
    assert tuple(friend.screen.get_at(dot))[:3] == WENT_WELL


def test_success_and_failure_lines_have_their_own_colours_and_the_house_line_is_labelled(content, tmp_path,
                                                                                         user):  # noqa: F811
    host = host_a_game(content, tmp_path, user)  # no router answers here (tests/conftest.py)
    until([host], lambda: (r := host.hosting.router()) is not None and r.state != "asking", "the router's answer")
    code = host.scene.made.invites[0]["code"]
    assert "Copy for your house" in [h.label for h in host.scene.hotspots()] and "your house:" in shown(host)
    press(host, ("copy", code))
    copied = pygame.scrap.get_text()
    assert copied.endswith(code) and f":{host.hosting.port}/" in copied
    line = host.scene.notice
    assert "for a friend in your house" in line and "cannot reach friends in other houses" in line
    assert ink_of(host, line) == WENT_WELL  # a success is not red like an error

    press(host, ("back",))
    press(host, ("page", "join"))
    pygame.scrap.put_text("https://example.org/fate")
    press(host, ("paste",))
    assert "web page" in host.scene.notice and ink_of(host, host.scene.notice) == WENT_WRONG
