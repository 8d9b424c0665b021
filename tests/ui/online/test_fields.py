"""Play Online's text fields, in a real window (headless), driven by posted keys.

A field takes Ctrl+A, Home/End, Shift with the arrows and Home/End, and what is typed or
pasted replaces the selection (two addresses no longer run together because the old text
could not be selected). Every address is checked before anything starts: a port out of
range or two addresses run together is one plain line under the field, nothing is started
(no link, no server of this computer's), nothing is remembered.
"""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from fate.net import hosting
from fate.net.mygames import MyGames
from fate.ui.app import click
from fate.ui.kit.textfield import TextEdit
from tests.ui.online.test_online import (
    press,
    type_into,
    user,  # noqa: F401 - a fixture
    window,
)

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT
ALTGR = pygame.KMOD_LCTRL | pygame.KMOD_RALT


def key(app, k: int, mod: int = 0, ch: str = "") -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=ch, scancode=0)], 0.02)


def typed(app, text: str) -> None:
    for ch in text:
        key(app, 0, 0, ch)


def placed(app) -> list[str]:
    app.frame([], 0.02)
    return [t for t, _ in app.ink.placed]


def test_ctrl_a_home_end_and_shift_select_and_typing_or_pasting_replaces_the_selection(content, tmp_path, user):  # noqa: F811
    app = window(content, tmp_path, "typist")
    press(app, ("online",))
    press(app, ("page", "join"))
    type_into(app, "address", "192.168.1.20:8765")
    key(app, pygame.K_a, CTRL, "\x01")  # Ctrl+A, then the new address typed over it
    typed(app, "10.0.0.2:9000")
    assert app.scene.fields["address"] == "10.0.0.2:9000"
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT, SHIFT)
    key(app, pygame.K_RIGHT, SHIFT)
    typed(app, "11")  # the first two characters, selected with Shift+Right, replaced
    assert app.scene.fields["address"] == "11.0.0.2:9000"
    key(app, pygame.K_END)
    for _ in range(5):
        key(app, pygame.K_LEFT, SHIFT)
    key(app, pygame.K_BACKSPACE)  # the selection goes, not one character
    assert app.scene.fields["address"] == "11.0.0.2"
    key(app, pygame.K_HOME, SHIFT)  # Shift+Home from the end: all of it
    pygame.scrap.put_text("10.0.0.7:8765")
    key(app, pygame.K_v, CTRL, "\x16")  # pasted in place of the selection
    assert app.scene.fields["address"] == "10.0.0.7:8765"
    key(app, pygame.K_HOME)
    key(app, pygame.K_END, SHIFT)
    typed(app, "x")
    assert app.scene.fields["address"] == "x"
    tip = next(h.tip for h in app.scene.hotspots() if h.key == ("field", "address"))
    assert "Ctrl+A" in tip  # the field says so when hovered
    typed(app, "10.0.0.2")
    box = next(h.rect for h in app.scene.hotspots() if h.key == ("field", "address"))
    app.frame(click((box.x + 3, box.centery)), 0.02)  # a click before the first character: the caret goes there
    typed(app, "1")
    assert app.scene.fields["address"] == "1x10.0.0.2"


def test_a_port_out_of_range_is_said_under_the_field_and_nothing_starts_or_is_remembered(content, tmp_path, user):  # noqa: F811
    app = window(content, tmp_path, "typo")
    press(app, ("online",))
    press(app, ("page", "join"))
    type_into(app, "address", "192.0.2.2:99999")
    type_into(app, "code", "abcd-efgh-ijkl-mnop")
    press(app, ("join",))
    scene = app.scene
    assert scene.link is None and scene.session is None and not scene.notice.startswith("Joining")
    line = scene.wrong["address"]
    assert "65535" in line and line in placed(app)  # drawn, under the address field
    box = next(h.rect for h in scene.hotspots() if h.key == ("field", "address"))
    said = next(r for t, r in app.ink.placed if t == line)
    assert box.bottom <= said.top <= box.bottom + 30
    assert MyGames(app.online_file).address == ""  # the typo is not kept for next time
    assert spot_label(app, ("back",)) == "Back"  # nothing to stop: nothing was started
    type_into(app, "address", "0")  # typing in the field again: the line goes
    assert "address" not in scene.wrong


def test_two_addresses_run_together_on_new_game_start_nothing_and_are_not_remembered(content, tmp_path, user):  # noqa: F811
    app = window(content, tmp_path, "twice")
    press(app, ("online",))
    press(app, ("page", "host"))
    type_into(app, "server", "192.168.1.30:8765192.168.1.30:8765")
    press(app, ("host",))
    scene = app.scene
    assert scene.link is None and scene.starter is None and hosting.running_host() is None
    assert "two addresses run together" in scene.wrong["server"] and scene.wrong["server"] in placed(app)
    press(app, ("back",))
    press(app, ("page", "lobby"))
    assert app.scene.fields["server"] == "192.168.1.30:8765192.168.1.30:8765"  # as typed: mended, not lost
    press(app, ("field", "server"))
    key(app, pygame.K_a, CTRL, "\x01")
    typed(app, "192.0.2.2:99999")
    key(app, pygame.K_RETURN)  # Enter: look
    assert app.scene.strangers.lobby_link is None and "65535" in app.scene.wrong["server"]
    again = MyGames(app.online_file)
    assert again.used_servers == [] and again.last_server == ""


def spot_label(app, key: tuple) -> str:
    app.frame([], 0.02)
    return next(h.label for h in app.scene.hotspots() if h.key == key)


KEYS = st.sampled_from([
    (pygame.K_a, CTRL, ""), (pygame.K_HOME, 0, ""), (pygame.K_END, 0, ""), (pygame.K_HOME, SHIFT, ""),
    (pygame.K_END, SHIFT, ""), (pygame.K_LEFT, 0, ""), (pygame.K_RIGHT, 0, ""), (pygame.K_LEFT, SHIFT, ""),
    (pygame.K_RIGHT, SHIFT, ""), (pygame.K_LEFT, CTRL, ""), (pygame.K_BACKSPACE, 0, ""), (pygame.K_DELETE, CTRL, ""),
    (0, 0, "a"), (0, 0, "é"), (0, 0, ":"), (0, 0, "\x07"), (pygame.K_RETURN, 0, "\r"),
    (pygame.K_q, ALTGR, "@"),  # AltGr, as Windows reports it (Ctrl+Alt): a character, not a command
])


@settings(max_examples=200)
@given(st.text(max_size=30), st.lists(KEYS, max_size=40), st.integers(1, 30))
def test_any_keys_keep_the_caret_in_the_text_and_the_text_printable_and_within_its_limit(start, keys, limit):
    e = TextEdit(start, limit)
    for k, mod, ch in keys:
        before = e.text
        e.key(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=ch, scancode=0))
        assert 0 <= e.caret <= len(e.text) and 0 <= e.anchor <= len(e.text)
        assert len(e.text) <= limit and e.text.isprintable()
        if ch and ch.isprintable() and mod in (0, ALTGR) and len(before) < limit:
            assert ch in e.text  # typed: it went in, in place of the selection
    e.select_all()
    e.replace("z")
    assert e.text == "z"


def test_a_kept_game_whose_address_cannot_be_one_opens_to_one_line_not_a_hang(content, tmp_path, user):  # noqa: F811
    """online.json edited by hand (or by an older version): its game's server has a port out of
    range. Opening it says so at once; the link's thread does not die leaving "Opening the game…"."""
    import json
    import time

    app = window(content, tmp_path, "kept")
    app.online_file.write_text(json.dumps({"games": [{"server": "ws://192.0.2.2:99999", "game": "g1",
                                                      "token": "t" * 32, "seats": [0]}]}))
    press(app, ("online",))
    g = app.scene.mine.games[0]
    press(app, ("open", g))
    end = time.monotonic() + 5
    while app.scene.link is not None and time.monotonic() < end:
        app.frame([], 0.02)
    assert app.scene.link is None and "65535" in app.scene.notice and app.scene.form.notice_kind == "wrong"
    assert spot_label(app, ("back",)) == "Back"
