"""Table talk as players expect it, through the real screens (headless windows, a real standalone
server process): a new line shows on the table for a few seconds while the talk is closed;
muting hides a player from then on and keeps what they said before; the first Esc closes the
talk, the next opens Pause; the panel is opaque and its Close says the true key; the table's
own lines have no name; a spectator's Pause speaks to a spectator, and a spectator from the
lobby takes the open seat of the game they watch with a click."""

from __future__ import annotations

import pygame

from fate.net.mygames import MyGames
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import PANEL
from fate.ui.online.session import NetSession
from fate.ui.online.table import OnlinePlayScene
from fate.ui.online.talk import TOAST_SECONDS
from fate.ui.online.watch import WatchSession
from tests.ui.online.test_online import press, spot, type_into, until, window
from tests.ui.online.test_strangers import key


def labels(app) -> list[str]:
    app.frame([], 0.02)
    return [h.label for h in app.scene.hotspots()]


def host_public(content, tmp_path, where: str):
    """Ann's public game on the standalone server: Ann and two friends' open seats."""
    ann = window(content, tmp_path, "ann")
    press(ann, ("online",))
    press(ann, ("page", "host"))
    type_into(ann, "name", "Ann")
    type_into(ann, "server", where)
    for seat in (0, 1):
        while ann.scene.seats[seat] != "remote":
            press(ann, ("seat", seat))
    while ann.scene.seats[2] != "none":
        press(ann, ("seat", 2))
    if not ann.scene.strangers.public:
        press(ann, ("public",))
    while ann.scene.strangers.delay != 0:
        press(ann, ("delay",))
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made on the server")
    made = ann.scene.made
    press(ann, ("table",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene), "Ann's table")
    return ann, made


def from_lobby(content, tmp_path, who: str, where: str, gid: str, what: tuple, others: list):
    """A window that finds the game in the server's lobby and clicks ``what`` on its row."""
    app = window(content, tmp_path, who.lower())
    press(app, ("online",))
    press(app, ("page", "lobby"))
    type_into(app, "name", who)
    type_into(app, "server", where)
    key(app, k=pygame.K_RETURN)
    until(others + [app], lambda: any(g["game"] == gid for g in app.scene.strangers.lobby or []), f"{who}'s lobby to list it")
    press(app, (what[0], gid))
    until(others + [app], lambda: isinstance(app.scene, OnlinePlayScene), f"{who}'s table")
    return app


def test_talk_shows_on_the_table_mutes_from_now_on_and_esc_closes_it_first(content, tmp_path, standalone):  # noqa: F811
    where = standalone.url.split("://", 1)[1]
    ann, made = host_public(content, tmp_path, where)
    bob = from_lobby(content, tmp_path, "Bob", where, made.game, ("sit",), [ann])
    apps = [ann, bob]
    until(apps, lambda: ann.scene.session.name(1) == "Bob", "Ann's table to name Bob")

    # a line said while Ann's talk is closed shows on her table, a click away, for a few seconds
    press(bob, ("ui", "talk", "toggle"))
    press(bob, ("ui", "talk", "phrase", "Good game"))
    until(apps, lambda: ann.scene.talk_panel.toasts, "Bob's line to show on Ann's table")
    note = spot(ann, ("ui", "talk", "toggle"))
    assert [line["text"] for line, _ in ann.scene.talk_panel.toasts] == ["Good game"]
    assert "Bob" in labels(ann) and "Talk (1)" in labels(ann)
    ann.frame([], TOAST_SECONDS + 0.5)  # the table's clock goes on: the note goes
    assert "Bob" not in labels(ann) and note is not None

    # Ann opens the talk: an opaque panel (the Chronicle under it does not show through)
    press(ann, ("ui", "talk", "toggle"))
    ann.frame([], 0.02)
    L = Layout(*ann.screen.get_size())
    # (a point of the panel with no words on it, far from the pointer's tooltip)
    assert tuple(ann.screen.get_at(L.p(1898, 300))[:3]) == PANEL
    close = spot(ann, ("ui", "talk", "close"))
    assert close.label == "Close" and "Esc" in close.tip

    # muting hides what Bob says from now on; what he said before stays
    press(ann, ("ui", "talk", "mute", 1))
    press(bob, ("ui", "talk", "phrase", "Thinking..."))
    until(apps, lambda: any(ln["text"] == "Thinking..." for ln in ann.scene.session.talk.values()),
          "Bob's second line to reach Ann")
    s = ann.scene.session
    assert [ln["text"] for ln in s.lines()] == ["Good game"] and s.hidden() == 1
    told = [ln for ln in s.panel_lines() if ln.get("system")]
    assert len(told) == 1 and "muted" in told[0]["text"] and told[0]["seat"] is None  # the table's own line
    assert MyGames(ann.online_file).find(made.server, made.game).muted == [1]
    press(ann, ("ui", "talk", "mute", 1))  # heard again: all of it
    assert [ln["text"] for ln in s.lines()] == ["Good game", "Thinking..."]

    # typing: T is the text's; the first Esc closes the talk, the second opens Pause
    press(ann, ("ui", "talk", "box"))
    for ch in "at":
        key(ann, ch)
    assert ann.scene.talk_panel.talk_open and ann.scene.talk_panel.talk_text == "at"
    key(ann, k=pygame.K_ESCAPE)
    assert not ann.scene.talk_panel.talk_open and not ann.scene.menu
    key(ann, k=pygame.K_ESCAPE)
    assert ann.scene.menu
    key(ann, k=pygame.K_ESCAPE)
    assert not ann.scene.menu


def test_an_empty_panel_never_says_nothing_was_said_when_muted_players_spoke(content, tmp_path,
                                                                            standalone):  # noqa: F811
    where = standalone.url.split("://", 1)[1]
    ann, made = host_public(content, tmp_path, where)
    bob = from_lobby(content, tmp_path, "Bob", where, made.game, ("sit",), [ann])
    apps = [ann, bob]
    until(apps, lambda: ann.scene.session.name(1) == "Bob", "Ann's table to name Bob")
    assert ann.scene.talk_panel.talk_empty_words().startswith("Nothing said yet")
    ann.scene.session.muted = {1}  # as a game reopened from My online games with Bob muted
    press(bob, ("ui", "talk", "toggle"))
    press(bob, ("ui", "talk", "phrase", "Your turn"))
    until(apps, lambda: ann.scene.session.talk, "Bob's line to reach Ann")
    assert ann.scene.session.panel_lines() == [] and not ann.scene.talk_panel.toasts
    assert ann.scene.talk_panel.talk_empty_words() == "Only muted players have spoken here (1 line hidden)."
    # Bob's window goes: the table says so in the talk, in its own voice (no name), muted or not
    bob.scene.session.close()
    until([ann], lambda: ann.scene.session.panel_lines(), "the table's line that Bob left")
    told = ann.scene.session.panel_lines()
    assert [ln["text"] for ln in told] == ["Bob left the table."] and told[0]["system"] and "name" not in told[0]


def test_a_spectator_from_the_lobby_pauses_as_a_spectator_and_takes_the_open_seat(content, tmp_path,
                                                                                 standalone):  # noqa: F811
    where = standalone.url.split("://", 1)[1]
    ann, made = host_public(content, tmp_path, where)
    bob = from_lobby(content, tmp_path, "Bob", where, made.game, ("sit",), [ann])
    carl = from_lobby(content, tmp_path, "Carl", where, made.game, ("watch_game",), [ann, bob])
    apps = [ann, bob, carl]
    assert isinstance(carl.scene.session, WatchSession) and carl.scene.session.mine == []
    assert MyGames(carl.online_file).name == "Carl"  # the name typed in the lobby is kept as he watches
    until(apps, lambda: "Take the open seat" in labels(carl), "Carl's table to offer the open seat")

    key(carl, k=pygame.K_ESCAPE)  # a spectator's Pause speaks to a spectator
    assert carl.scene.menu
    seen = labels(carl)
    assert "Stop watching" in seen and "Leave to the title" not in seen
    key(carl, k=pygame.K_ESCAPE)

    def named(who: str) -> None:  # the name Play Online keeps (the one last joined with)
        mine = MyGames(carl.online_file)
        mine.name = who
        mine.save()

    named("ANN")  # Ann's, however written: refused, and Carl still watches with the seat still open
    press(carl, ("ui", "sit"))
    until(apps, lambda: carl.scene.notice and "refused your name" in carl.scene.notice[0], "the refusal")
    assert isinstance(carl.scene.session, WatchSession) and "Take the open seat" in labels(carl)
    named("Carl")
    press(carl, ("ui", "sit"))
    until(apps, lambda: isinstance(carl.scene, OnlinePlayScene) and not isinstance(carl.scene.session, WatchSession),
          "Carl's own table on the seat he took")
    s = carl.scene.session
    assert isinstance(s, NetSession) and s.mine == [2] and s.game_id == made.game
    assert MyGames(carl.online_file).find(made.server, made.game).seats == [2]  # kept in My online games
    until(apps, lambda: ann.scene.session.name(2) == "Carl", "Ann's table to name Carl")
    assert "Take the open seat" not in labels(carl)
    key(carl, k=pygame.K_ESCAPE)  # a player's Pause, online: the game goes on on its server
    assert "Leave the table" in labels(carl)
