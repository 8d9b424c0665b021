"""Play Online end to end: real game windows (headless) and a real server process.

Two windows in this process, each with its own online games file and its own
connection over loopback, are driven by posted clicks: one hosts on this
computer (the game's own server starts as a child process), the other joins
with the address and the invite code; the game of two humans and an AI is
played to its end by clicking what each table offers. On the way the joining
window is dropped without a word and a new one finds the game in My online
games; the server is killed outright and started again, the windows
reconnect by themselves, and a click made while the server was down is
applied once. Each window draws only its own seat's view.
"""

from __future__ import annotations

import json
import random
import socket
import sqlite3
import time

import pygame
import pytest

from fate.engine import default_content
from fate.engine.save import load_data
from fate.engine.view import hide_draft, view
from fate.net import hosting
from fate.net.mygames import MyGames
from fate.ui.app import App, click
from fate.ui.online.host_close import HostCloseScene
from fate.ui.online.screens import OnlineScene
from fate.ui.online.table import OnlinePlayScene
from fate.ui.screens.end import EndScene
from fate.ui.screens.title import TitleScene

SETTINGS = {"speed": 3, "handoff_solo": False, "confirm_end_turn": False}
TOOK_BACK = " took back their last decision."
WAIT = 90.0


@pytest.fixture
def user(tmp_path, monkeypatch):
    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path / "host-user"))
    started = []
    yield started
    for h in started + [hosting.running_host()]:
        if h is not None:
            h.stop()


def window(content, tmp_path, who: str, language: str = "") -> App:
    app = App(content, settings=dict(SETTINGS, language=language), saves=tmp_path / f"{who}-saves")
    app.online_file = tmp_path / f"{who}-online.json"
    return app


def spot(app: App, key: tuple):
    for h in app.scene.hotspots():
        if h.key[:len(key)] == key:
            return h
    return None


def press(app: App, key: tuple) -> None:
    app.frame([], 0.02)
    h = spot(app, key)
    assert h is not None, (key, [h.key for h in app.scene.hotspots()])
    app.frame(click(h.rect.center), 0.02)


def type_into(app: App, name: str, text: str) -> None:
    press(app, ("field", name))
    for ch in text:
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch, scancode=0)], 0.02)


def new_game_on(app: App, where: str, seats: list[str], name: str = "Ann") -> None:
    """Play Online > New game on the server at ``where`` (host:port), seats 2-4 set to ``seats``
    (as the seat buttons name their kinds), the player called ``name``: the page, not yet started."""
    press(app, ("online",))
    press(app, ("page", "host"))
    type_into(app, "name", name)
    type_into(app, "server", where)
    for i, want in enumerate(seats):
        while app.scene.seats[i] != want:
            press(app, ("seat", i))


def until(apps: list[App], done, what: str, limit: float = WAIT) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for a in apps:
            a.frame([], 0.02)
        if done():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def stored(db, game_id):
    """The game as the host's server keeps it (its save, then the moves since)."""
    with sqlite3.connect(db) as c:
        save, decision = c.execute("SELECT save, decision FROM games WHERE id=?", (game_id,)).fetchone()
        moves = [m[0] for m in c.execute("SELECT choice FROM moves WHERE game=? AND decision>=(SELECT saved_at "
                                         "FROM games WHERE id=?) ORDER BY decision", (game_id, game_id))]
    g = load_data(default_content(), json.loads(save), "stored")
    for cid in moves:
        g.apply(cid)
    assert len(g.choices_made) == decision
    return g


def own_view_only(app: App) -> None:
    """The table draws its own seat's view, holding no other seat's hand or Reserve."""
    s = app.scene
    if not isinstance(s, OnlinePlayScene) or not s.shown:
        return
    assert s.shown["viewer"] in s.session.mine
    for row in s.shown["seats"]:
        if row["seat"] != s.shown["viewer"]:
            assert "hand" not in row and "reserve" not in row


def step(app: App, rnd: random.Random) -> bool:
    """One click of what the table offers, if it asks this window anything now."""
    s = app.scene
    if not isinstance(s, OnlinePlayScene) or s.anim.busy() or s.picker is None or s.handoff is not None:
        return False
    spots = [h for h in s.hotspots() if h.key[0] != "ui" or h.key[1] == "cancel"]
    if not spots:
        return False
    app.frame(click(rnd.choice(spots).rect.center), 0.02)
    return True


def host_and_join(content, tmp_path, user, languages: tuple[str, str] = ("", "")):
    host = window(content, tmp_path, "host", languages[0])
    press(host, ("online",))
    assert isinstance(host.scene, OnlineScene)
    press(host, ("page", "host"))
    type_into(host, "name", "Ann")
    while host.scene.seats[1] != "easy":  # seat 3: click through the kinds to AI (Easy)
        press(host, ("seat", 1))
    assert host.scene.seats == ["remote", "easy", "none"]
    press(host, ("host",))
    until([host], lambda: host.scene.page == "hosting", "the game to be hosted")
    user.append(host.hosting)
    made = host.scene.made
    assert made.host and made.seats == [0] and len(made.invites) == 1
    code, port = made.invites[0]["code"], made.server.rsplit(":", 1)[1]
    press(host, ("table",))
    until([host], lambda: isinstance(host.scene, OnlinePlayScene), "the host's table")

    friend = window(content, tmp_path, "friend", languages[1])
    press(friend, ("online",))
    press(friend, ("page", "join"))
    type_into(friend, "address", f"127.0.0.1:{port}")
    type_into(friend, "code", code.lower())
    type_into(friend, "name", "Bob")
    press(friend, ("join",))
    until([host, friend], lambda: isinstance(friend.scene, OnlinePlayScene), "the friend's table")
    until([host, friend], lambda: host.scene.session.name(1) == "Bob" and friend.scene.session.name(0) == "Ann",
          "each table to name the other player")
    return host, friend, made


def keep_hosting_in_the_background(host: App):
    """Close the hosting window, keeping its server running without it; the server."""
    server = host.hosting
    host.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    press(host, ("keep",))
    assert not host.running and server.alive()
    return server


def test_host_join_by_code_and_play_two_humans_and_an_ai_to_the_end(content, tmp_path, user):
    host, friend, made = host_and_join(content, tmp_path, user)
    db = hosting.user_dir() / "host.sqlite"
    assert host.scene.session.mine == [0] and friend.scene.session.mine == [1]
    assert host.scene.table.players[1] == "Bob" and friend.scene.table.players[0] == "Ann"
    assert host.scene.table.players[2] == "AI (Easy)"
    # a hint, from the host's own seat's view, searched by Hard on the server
    until([host, friend], lambda: host.scene.picker is not None and not host.scene.anim.busy(), "the host's prompt")
    press(host, ("ui", "hint"))
    until([host, friend], lambda: host.scene.session.hint() is not None, "the hint")
    hinted, words, _ = host.scene.panels.hint_line()
    assert hinted in {c["id"] for c in host.scene.shown["prompt"]["choices"]} and words.startswith("Hint: ")
    assert host.scene.session.hints[0] == 1
    rnd = random.Random(3)
    apps = [host, friend]
    restarted = killed = False
    clicked_away: tuple | None = None
    end = time.monotonic() + 600
    while not all(isinstance(a.scene, EndScene) for a in apps):
        assert time.monotonic() < end, "the game did not end in 10 minutes"
        for a in apps:
            a.frame([], 0.02)
            own_view_only(a)
        decision = host.scene.decisions() if isinstance(host.scene, OnlinePlayScene) else 0
        if not restarted and decision >= 15 and isinstance(friend.scene, OnlinePlayScene):
            # the friend's window goes without a word; a new one finds the game in My online games
            friend.scene.session.link.close()
            friend.scene.close()
            friend = window(content, tmp_path, "friend")
            assert isinstance(friend.scene, TitleScene)
            press(friend, ("online",))
            until([friend], lambda f=friend: f.scene.query is not None and f.scene.query.rows, "the game listed")
            row = friend.scene.query.rows[(made.server, made.game)]
            assert row["players"][1]["name"] == "Bob" and not row["over"]
            press(friend, ("open",))
            until([host, friend], lambda f=friend: isinstance(f.scene, OnlinePlayScene), "the game to open again")
            apps = [host, friend]
            restarted = True
            continue
        if (restarted and not killed and decision >= 30 and isinstance(friend.scene, OnlinePlayScene)
                and friend.scene.picker is not None and friend.scene.handoff is None
                and not friend.scene.anim.busy()):  # early: a game of random clicks may end soon after
            # the server is killed outright while the friend has a prompt; the host's window is not
            # drawn meanwhile, so its watch cannot start the server again before the friend's click
            host.hosting.proc.kill()
            host.hosting.proc.wait(10)
            until([friend], lambda f=friend: f.scene.session.link.status == "reconnecting", "the link to notice")
            assert friend.scene.status().endswith("the table reconnects by itself.")
            at = friend.scene.decisions()
            while not friend.scene.session.choosing():
                assert step(friend, rnd)
            (seat, asked, choice), = friend.scene.session.sent.values()
            assert asked == at and seat == 1 and friend.scene.session.link.status == "reconnecting"
            # the host's window, drawn again, notices and starts its server again on the same port
            until(apps, lambda both=apps: host.host_watch.restarts == 1
                  and all(a.scene.session.link.status == "online" for a in both), "the server back, both online")
            assert host.hosting.port == int(made.server.rsplit(":", 1)[1])
            user.append(host.hosting)
            until(apps, lambda f=friend, d=at: f.scene.decisions() > d, "the click made while away to be applied")
            clicked_away = (at, choice)
            killed = True
            continue
        for a in apps:
            step(a, rnd)
    assert restarted and killed
    g = stored(db, made.game)
    assert g.over
    at, choice = clicked_away
    assert g.choices_made[at] == choice  # applied, and once: the game moved on from it
    for a, seat in ((host, 0), (friend, 1)):  # each ends with its own seat's view, exactly
        assert a.scene.session.view(seat) == json.loads(json.dumps(hide_draft(view(g, seat), seat)))
        assert a.scene.view["viewer"] is None and all("hand" not in r for r in a.scene.view["seats"])


def test_bad_network_is_one_line_and_touches_nothing_local(content, tmp_path, user):
    app = window(content, tmp_path, "lonely")
    press(app, ("online",))
    press(app, ("page", "join"))
    type_into(app, "address", "127.0.0.1:1")
    type_into(app, "code", "ABCD-EFGH-IJKL-MNOP")
    press(app, ("join",))
    until([app], lambda: app.scene.link is None, "the failure")
    assert app.scene.notice.startswith("No game server answers at 127.0.0.1:1")
    assert app.online_file.exists() and json.loads(app.online_file.read_text())["games"] == []
    assert not (tmp_path / "lonely-saves").exists() or not list((tmp_path / "lonely-saves").iterdir())


def test_the_title_says_your_turn_in_n_games_after_a_restart(content, tmp_path, user):
    from fate.net.client import Client
    from fate.net.mygames import MyGames, OnlineGame
    from tests.server.conftest import ServerProcess

    srv = ServerProcess(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0").start()
    try:
        async def make():
            c = await Client(srv.url).connect()
            out = [await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}]) for _ in range(2)]
            friend = await Client(srv.url).connect()  # a friend who gave no name
            await friend.request("claim", code=out[0]["invites"][0]["code"])
            await friend.close()
            await c.close()
            return out

        import asyncio

        made = asyncio.run(make())
        app = window(content, tmp_path, "back")
        mine = MyGames(app.online_file)  # as a game joined days ago left it
        for m in made:
            mine.add(OnlineGame(srv.url, m["game"], m["token"], m["seats"]))
        app.goto("title")
        until([app], lambda: app.scene.query.poll(), "the servers to answer")
        assert app.scene.my_turn() == 2  # each game asks its first seat, ours, for an Elder God
        press(app, ("online",))
        until([app], lambda: len(app.scene.query.rows) == 2, "My online games")
        assert all(r["to_decide"] == 0 and not r["over"] for r in app.scene.query.rows.values())
        app.frame([], 0.02)
        rows = [t for t in app.ink.drawn if t.startswith("You, ")]  # the players as the table names them
        assert any(t.startswith("You, Player 2 · ") for t in rows) and any(t.startswith("You, Open seat · ") for t in rows)
        # Leave (clicked twice): an AI takes the seat on the server, and the game goes off the list
        press(app, ("leave",))
        assert len(app.scene.mine.games) == 2 and app.scene.link is None  # once: only "Sure?"
        press(app, ("leave",))
        until([app], lambda: len(app.scene.mine.games) == 1, "the game to be left")
        assert "an AI plays your seat" in app.scene.notice
        left = ({m["game"] for m in made} - {g.game for g in MyGames(app.online_file).games}).pop()
        with sqlite3.connect(tmp_path / "s.sqlite") as c:
            assert c.execute("SELECT kind, resigned FROM seats WHERE game=? AND seat=0", (left,)).fetchone() == \
                ("ai", 1)
    finally:
        srv.stop()


def test_closing_a_hosting_window_asks_keep_or_pause(content, tmp_path, user):
    app = window(content, tmp_path, "closing")
    app.hosting = hosting.start_host(0)
    user.append(app.hosting)
    app.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    assert isinstance(app.scene, HostCloseScene) and app.running
    press(app, ("cancel",))
    assert isinstance(app.scene, TitleScene) and app.running
    press(app, ("quit",))  # the title's Quit asks the same
    assert isinstance(app.scene, HostCloseScene) and app.running
    press(app, ("cancel",))
    app.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    server = app.hosting
    press(app, ("keep",))
    assert not app.running and server.alive()  # hosting in the background
    assert hosting.running_host().pid == server.pid  # the next window finds it
    app2 = window(content, tmp_path, "closing2")
    app2.hosting = hosting.running_host()
    app2.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    press(app2, ("pause",))
    assert not app2.running
    assert server.proc.wait(10) is not None and not server.alive()  # paused for everyone
    assert hosting.running_host() is None


def test_stepping_back_while_the_server_starts_still_asks_at_close(content, tmp_path, user):
    app = window(content, tmp_path, "backing")
    press(app, ("online",))
    press(app, ("page", "host"))
    type_into(app, "name", "Cleo")
    press(app, ("host",))
    assert app.scene.starter is not None
    press(app, ("back",))  # before the server has answered
    assert app.scene.starter is None and app.hosting is None
    app.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    assert app.hosting is not None and app.hosting.alive()  # it started after all
    user.append(app.hosting)
    assert isinstance(app.scene, HostCloseScene) and app.running
    server = app.hosting
    press(app, ("pause",))
    assert not app.running and server.proc.wait(10) is not None and not server.alive()


def test_undo_online_takes_back_the_players_decision_on_both_tables(content, tmp_path, user):
    """A player's decision that brought nothing to light is taken back by the Undo button, then
    another by Ctrl+Z: both windows go back to the game as it stood (views, logs, chronicle),
    the player is asked again, and neither window ever drew another seat's secret."""
    host, friend, made = host_and_join(content, tmp_path, user)
    apps = [host, friend]
    seen: dict[tuple[int, int], tuple[dict, list, list]] = {}  # (window, decision) -> view, events, log

    def frame() -> None:
        for i, a in enumerate(apps):
            a.frame([], 0.02)
            own_view_only(a)
            s = a.scene
            if isinstance(s, OnlinePlayScene) and s.session.ready() and not s.anim.busy():
                st = s.session.latest()
                seat = s.session.mine[0]
                seen[(i, st["decision"])] = (s.session.view(seat), list(s.session.events), list(s.log))

    def can_undo(i: int) -> bool:
        """Window ``i`` may take back now, and both windows were seen as the game stood before."""
        s, other = apps[i].scene, apps[1 - i].scene
        return (isinstance(s, OnlinePlayScene) and not s.anim.busy() and s.picker is not None
                and not s.session.choosing() and s.session.undo_reason(s.undo_seat()) == ""
                and other.decisions() == s.decisions() and (i, s.decisions() - 1) in seen
                and (1 - i, s.decisions() - 1) in seen)

    rnd = random.Random(11)
    for how in ("button", "ctrl+z"):
        end = time.monotonic() + WAIT
        while True:
            assert time.monotonic() < end, "no decision to take back came"
            for _ in range(3):  # the other table hears of the decision
                frame()
            if any(can_undo(i) for i in range(2)):
                break
            for a in apps:
                step(a, rnd)
        i = next(i for i in range(2) if can_undo(i))
        a, other = apps[i], apps[1 - i]
        d = a.scene.decisions()
        if how == "button":
            press(a, ("ui", "undo"))
        else:
            a.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="",
                                        scancode=0)], 0.02)
        # asked (or already answered: on loopback the answer may come within the same frame)
        assert a.scene.session.undoing() or a.scene.decisions() == d - 1
        until(apps, lambda a=a, o=other, d=d: a.scene.decisions() == o.scene.decisions() == d - 1
              and not a.scene.session.undoing() and a.scene.picker is not None and not a.scene.anim.busy(),
              "both tables to go back")
        for k, w in ((i, a), (1 - i, other)):
            view_then, events_then, log_then = seen[(k, d - 1)]
            s = w.scene
            assert s.session.view(s.session.mine[0]) == view_then  # the game as it stood
            assert s.session.events == events_then  # the chronicle without what was taken back
            # the table's log too, told again from the start: it ends where it ended then (names as
            # the cults are known now, without the table's own notes such as "Taken for you")
            # and the other player's take-back said in words: fate/ui/online/table.py)
            told_now, told_then = ([x for x in log if not x[0].startswith("Taken for you")
                                    and not x[0].endswith(TOOK_BACK)] for log in (s.log, log_then))
            assert told_now[-3:] == told_then[-3:] and len(told_now) <= len(told_then)
            own_view_only(w)
        assert a.scene.shown["prompt"]["seat"] == a.scene.undo_seat()  # asked again
        # the other table says who took back, by name; one's own Undo is not announced to oneself
        said = [x[0] for x in other.scene.log if x[0].endswith(TOOK_BACK)]
        assert said and said[-1] == f"{other.scene.session.name(a.scene.undo_seat())}{TOOK_BACK}"
        assert said[-1].split()[0] in ("Ann", "Bob")
        assert not any(x[0].endswith(TOOK_BACK) for x in a.scene.log)
        for key in [key for key in seen if key[1] >= d]:
            del seen[key]  # those decisions may come again otherwise
        frame()
        why = a.scene.session.undo_reason(a.scene.undo_seat())
        greyed = spot(a, ("ui", "disabled", "ui", "undo"))
        assert (greyed is None) == (why == "")
        if why:
            assert why in greyed.tip and greyed.tip.startswith("Not now:")  # the hover line says why
        else:
            assert spot(a, ("ui", "undo")) is not None
    g = stored(hosting.user_dir() / "host.sqlite", made.game)
    assert len(g.choices_made) == host.scene.decisions()


def test_end_your_turn_is_asked_online_of_the_choices_the_server_marks(content, tmp_path, user):
    """With "Confirm end of turn" on, a click on a choice the server marked as ending the turn, or
    as maybe ending it (judged by the engine from that seat's knowledge), asks before anything is
    sent; "Not yet" sends nothing, "End the turn" sends it and the turn ends."""
    host, friend, made = host_and_join(content, tmp_path, user)
    apps = [host, friend]
    for a in apps:
        a.settings["confirm_end_turn"] = True
        if isinstance(a.scene, OnlinePlayScene):
            a.scene.shown_again()  # as when back from Settings: the table asks the server for the marks
    rnd = random.Random(5)
    asked_twice = False
    end = time.monotonic() + WAIT
    while True:
        assert time.monotonic() < end, "no choice that ends a turn was clicked"
        for a in apps:
            a.frame([], 0.02)
            own_view_only(a)
        chooser = next((a for a in apps if isinstance(a.scene, OnlinePlayScene)
                        and a.scene.confirming is not None), None)
        if chooser is not None:
            s = chooser.scene
            st = s.session.latest()
            marked = st["prompt"]["ends_turn"] + st["prompt"].get("may_end_turn", [])  # surely, or on dice or cards
            assert s.confirming in marked and not s.session.choosing()  # nothing sent yet
            assert spot(chooser, ("ui", "confirm", True)) is not None
            if not asked_twice:  # "Not yet": the prompt stays, nothing was sent
                press(chooser, ("ui", "confirm", False))
                assert s.confirming is None and not s.session.choosing() and s.decisions() == st["decision"]
                asked_twice = True
                continue
            confirmed = s.confirming
            press(chooser, ("ui", "confirm", True))
            # sent: still on its way, or already answered within the frame that pressed it
            assert s.session.choosing() or s.session.latest()["decision"] > st["decision"]
            until(apps, lambda s=s, d=st["decision"]: s.session.latest()["decision"] > d, "the choice to be applied")
            break
        for a in apps:
            step(a, rnd)
    assert asked_twice
    g = stored(hosting.user_dir() / "host.sqlite", made.game)
    assert g.choices_made[st["decision"]] == confirmed  # applied once confirmed (whether the turn truly
    # ends may hang on a roll or a hidden card: the mark is judged from what the seat knows, as at home)


def test_leave_with_several_seats_at_this_screen_says_it_leaves_them_all(content, tmp_path, user):
    import asyncio

    from fate.net.client import Client
    from fate.net.mygames import MyGames, OnlineGame
    from tests.server.conftest import ServerProcess

    srv = ServerProcess(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0").start()
    try:
        async def make():
            c = await Client(srv.url).connect()
            out = await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}, {"kind": "host"}])
            await c.close()
            return out

        made = asyncio.run(make())
        app = window(content, tmp_path, "sofa")
        MyGames(app.online_file).add(OnlineGame(srv.url, made["game"], made["token"], made["seats"]))
        press(app, ("online",))
        until([app], lambda: len(app.scene.query.rows) == 1, "My online games")
        leave = spot(app, ("leave",))
        assert "each of your 2 seats (Seats 1 and 3)" in leave.tip  # the hover line says it
        press(app, ("leave",))
        assert app.scene.notice.startswith("Leave Seats 1 and 3 for good?") and app.scene.link is None
        press(app, ("refresh",))  # anything else: the question goes, nothing is left
        assert app.scene.notice == "" and len(app.scene.mine.games) == 1
        press(app, ("leave",))
        press(app, ("leave",))
        until([app], lambda: len(app.scene.mine.games) == 0, "the game to be left")
        assert app.scene.notice == "Left the game: an AI plays each of your 2 seats there from now on."
        with sqlite3.connect(tmp_path / "s.sqlite") as c:
            rows = c.execute("SELECT seat, kind, resigned FROM seats WHERE game=? ORDER BY seat",
                             (made["game"],)).fetchall()
        assert rows == [(0, "ai", 1), (1, "remote", 0), (2, "ai", 1)]
    finally:
        srv.stop()


def test_a_hosted_game_opens_on_the_port_this_computers_server_runs_on_now(content, tmp_path, user):
    """A game was hosted on one port; its server was paused; this computer's server runs
    again on another port (the first was taken that day): opening the game from My online
    games finds it there (one file holds every game hosted here), keeps the new address
    and says so at the table."""
    app = window(content, tmp_path, "mover")
    press(app, ("online",))
    press(app, ("page", "host"))
    type_into(app, "name", "Dee")
    press(app, ("host",))
    until([app], lambda: app.scene.page == "hosting", "the game to be hosted")
    made = app.scene.made
    app.hosting.stop()
    app.hosting = None
    with socket.socket() as taken:  # the old port is someone else's today
        taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the old server's closing connections
        taken.bind(("0.0.0.0", int(made.server.rsplit(":", 1)[1])))
        taken.listen()
        now = hosting.start_host(0)
        user.append(now)
        assert now.url != made.server
        press(app, ("back",))
        press(app, ("open",))
        until([app], lambda: isinstance(app.scene, OnlinePlayScene), "the game to open on the new port")
    assert app.scene.session.server == now.url
    assert [g.server for g in MyGames(app.online_file).games] == [now.url]
    assert f"port {now.port}" in app.scene.notice[0]
    assert app.hosting.pid == now.pid


def test_the_hosted_server_killed_comes_back_by_itself_on_its_port_in_both_windows_within_10_s(content, tmp_path,
                                                                                                user):
    """The window that hosts watches its server: killed outright, it is started again on the
    same port and database, and both tables are back (and say so) within 10 s, nobody doing
    anything; the game is the one it was."""
    host, friend, made = host_and_join(content, tmp_path, user)
    apps = [host, friend]
    first = host.hosting
    at = host.scene.decisions()
    first.proc.kill()
    first.proc.wait(10)
    killed = time.monotonic()
    until(apps, lambda: friend.scene.session.link.status == "reconnecting", "the friend's link to notice", 10)
    assert friend.scene.status().endswith("the table reconnects by itself.")
    until(apps, lambda: all(a.scene.session.link.status == "online" for a in apps) and host.hosting is not first,
          "both tables back", 10.0 - (time.monotonic() - killed))
    back = time.monotonic() - killed
    until(apps, lambda: all(a.scene.notice and "goes on" in a.scene.notice[0] for a in apps), "both to say so", 5)
    user.append(host.hosting)
    assert back <= 10.0
    assert host.hosting.alive() and host.hosting.port == first.port
    assert host.host_watch.restarts == 1 and host.hosting.port == int(made.server.rsplit(":", 1)[1])
    assert "started again" in host.scene.notice[0] and "answers again" in friend.scene.notice[0]
    assert host.scene.decisions() >= at and friend.scene.decisions() >= at  # the same game, nothing lost


def test_a_game_hosted_in_the_background_is_paused_from_my_online_games_and_the_friend_sees_a_pause(
        content, tmp_path, user):
    """The host keeps hosting in the background and closes; a later window pauses it from My
    online games; the friend's table says who paused the game, not that the server is at fault,
    and it goes on once the host opens it again."""
    host, friend, made = host_and_join(content, tmp_path, user)
    server = keep_hosting_in_the_background(host)
    later = window(content, tmp_path, "host")  # the same player's files, a new window
    press(later, ("online",))
    assert later.scene.background is not None and later.scene.background.pid == server.pid
    press(later, ("pause_hosting",))
    assert not server.alive() and hosting.running_host() is None
    assert later.scene.notice.startswith("Paused: 1 game")
    until([friend], lambda: friend.scene.session.link.status == "reconnecting", "the friend's link to notice", 15)
    assert friend.scene.status() == "The game is paused by Ann; it goes on when they host it again."
    looking = window(content, tmp_path, "friend")  # the friend's My online games, in another window
    press(looking, ("online",))
    until([looking], lambda: looking.scene.query is not None and looking.scene.query.problems, "the server to fail", 30)
    looking.frame([], 0.02)
    assert "Paused by Ann" in looking.ink.drawn  # a pause, not the server's fault
    press(later, ("open",))  # the host opens it again: its server starts, the friend's table goes on
    until([later, friend], lambda: friend.scene.session.link.status == "online", "the friend back", 30)
    user.append(later.hosting)
    assert "paused" not in friend.scene.status()
    friend.frame([], 0.02)
    assert all(not g.paused_by for g in MyGames(friend.online_file).games)  # going on: forgotten


def test_a_friend_whose_table_was_closed_waits_for_the_host_and_a_later_window_hosts_again(content, tmp_path, user):
    """Issue 43: the friend's table is closed when the host pauses, so nobody tells it: My online
    games still waits for the host (whose own computer serves the game, as ``joined`` said)
    rather than showing the server's failure. The host's own list says how to go on. A later
    window of the host takes the background server back ("Host in this window"): it is watched
    again and closing asks again, where it used to close without a word."""
    host, friend, made = host_and_join(content, tmp_path, user)
    until([host, friend], lambda: any(g.home_host == "Ann" for g in MyGames(friend.online_file).games),
          "the friend's table to record the host's computer")
    friend.scene.session.link.close()  # the friend closes the game: nobody to hear the pause
    server = keep_hosting_in_the_background(host)

    later = window(content, tmp_path, "host")  # the same player's files, a new window
    press(later, ("online",))
    press(later, ("host_here",))
    assert later.hosting is not None and later.hosting.pid == server.pid and later.scene.background is None
    assert later.scene.notice.startswith("This window hosts your games now")
    later.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    assert isinstance(later.scene, HostCloseScene) and later.running  # asked again
    press(later, ("pause",))
    assert not later.running and server.proc.wait(10) is not None and hosting.running_host() is None

    looking = window(content, tmp_path, "friend")  # the friend's My online games, the next day
    press(looking, ("online",))
    until([looking], lambda: looking.scene.query is not None and looking.scene.query.problems, "the server to fail", 30)
    looking.frame([], 0.02)
    assert "Waiting for Ann to host it again" in looking.ink.drawn
    assert all(not g.paused_by for g in MyGames(looking.online_file).games)  # it never heard the pause
    mine = window(content, tmp_path, "host")
    press(mine, ("online",))
    until([mine], lambda: mine.scene.query is not None and mine.scene.query.problems, "the server to fail", 30)
    mine.frame([], 0.02)
    assert "Not hosted now: Open hosts it again" in mine.ink.drawn


def test_opening_a_game_a_background_server_hosts_makes_the_window_its_host(content, tmp_path, user):
    """A later window that opens a game its computer hosts in the background hosts it from then
    on: its closing asks again whether to keep hosting or pause (it used to close silently with
    the server left running for ever)."""
    host, friend, made = host_and_join(content, tmp_path, user)
    server = keep_hosting_in_the_background(host)
    later = window(content, tmp_path, "host")
    press(later, ("online",))
    assert later.scene.background is not None and later.hosting is None
    press(later, ("open",))
    until([later, friend], lambda: isinstance(later.scene, OnlinePlayScene), "the host's table again")
    assert later.hosting is not None and later.hosting.pid == server.pid
    later.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    assert isinstance(later.scene, HostCloseScene)
    press(later, ("keep",))
    assert not later.running and server.alive()


def test_a_second_window_never_takes_or_pauses_a_server_another_open_window_hosts(content, tmp_path, user):
    """Two windows of the same player: while the first hosts the game, the second's My online games
    offers neither "Host in this window" nor "Pause hosting", and opening the game there leaves
    the first window its only host. Once the first keeps hosting in the background and closes,
    the second offers both."""
    host, friend, made = host_and_join(content, tmp_path, user)
    server = host.hosting
    second = window(content, tmp_path, "host")
    press(second, ("online",))
    assert second.scene.background is None
    assert spot(second, ("host_here",)) is None and spot(second, ("pause_hosting",)) is None
    press(second, ("open",))
    until([second, host, friend], lambda: isinstance(second.scene, OnlinePlayScene), "the second window's table")
    assert second.hosting is None and host.hosting is server and server.alive()
    keep_hosting_in_the_background(host)
    third = window(content, tmp_path, "host")
    press(third, ("online",))
    assert third.scene.background is not None and third.scene.background.pid == server.pid
    assert spot(third, ("host_here",)) is not None and spot(third, ("pause_hosting",)) is not None
    third.frame([], 0.02)
    assert any(line.startswith("This computer hosts your games in the") for line in third.ink.drawn)


def test_a_second_window_hosting_a_new_game_shares_the_server_but_not_its_hosting(content, tmp_path, user):
    """While one window hosts, a second window of the same player hosts a new game: it is made on
    the same server, which stays the first window's. The second closes without asking (it hosts
    nothing), so its closing can never pause the first window's friends, and a third window sees
    the server hosted, not in the background."""
    host, friend, made = host_and_join(content, tmp_path, user)
    server = host.hosting
    second = window(content, tmp_path, "host")
    press(second, ("online",))
    press(second, ("page", "host"))
    type_into(second, "name", "Ann")
    press(second, ("host",))
    until([second, host, friend], lambda: second.scene.page == "hosting", "the second game to be hosted")
    assert second.scene.made.server.endswith(f":{server.port}") and second.hosting is None
    assert host.hosting is server
    second.frame([pygame.event.Event(pygame.QUIT)], 0.02)
    assert not second.running and server.alive()  # closed without a question: not its server
    third = window(content, tmp_path, "host")
    press(third, ("online",))
    assert third.scene.background is None and spot(third, ("pause_hosting",)) is None


def test_a_page_drawn_before_another_window_took_the_server_does_not_pause_or_take_it(content, tmp_path, user):
    """Two later windows show My online games while the server runs in the background; one takes it
    ("Host in this window"). The other's buttons, drawn before, now refuse in words: its Pause
    would have stopped a server another window hosts, its Open made a second host."""
    host, friend, made = host_and_join(content, tmp_path, user)
    server = keep_hosting_in_the_background(host)
    first, second = window(content, tmp_path, "host"), window(content, tmp_path, "host")
    press(first, ("online",))
    press(second, ("online",))
    press(second, ("host_here",))
    assert second.hosting is not None and second.hosting.pid == server.pid
    first.scene.click(("pause_hosting",))
    assert server.alive() and first.scene.notice.startswith("Another window of the game hosts your games")
    assert first.scene.background is None
    first.scene.background = hosting.running_host()  # as the page stood before the refresh
    first.scene.click(("host_here",))
    assert first.hosting is None and first.scene.notice == "Another window of the game hosts your games now."
    press(first, ("open",))
    until([first, second, friend], lambda: isinstance(first.scene, OnlinePlayScene), "the first window's table")
    assert first.hosting is None and second.hosting.pid == server.pid


def test_one_window_in_polish_and_the_other_in_german_each_tell_the_game_in_their_own_language(
        content, tmp_path, user):
    """Issue 53: the server sends events, not words; two windows of one game, one set to Polish and
    one to German, each tell every line of the Chronicle in its own language."""
    from fate.engine.model import Event
    from fate.ground import language
    from fate.words.narration import narrate

    host, friend, _made = host_and_join(content, tmp_path, user, languages=("pl", "de"))
    rnd = random.Random(11)
    end = time.monotonic() + WAIT
    while time.monotonic() < end and min(len(a.scene.telling.log) for a in (host, friend)) < 25:
        for a in (host, friend):
            a.frame([], 0.02)
            step(a, rnd)
        time.sleep(0.005)
    for app, code in ((host, "pl"), (friend, "de")):
        telling, seen = app.scene.telling, app.scene.shown
        told = [(line[0], e) for line, e in zip(telling.log, telling.log_of, strict=True) if isinstance(e, Event)]
        assert len(told) >= 20, (code, len(told))
        turn = language.tongue(code).gettext("— Turn {turn}: your turn —").split("{turn}")[0]
        assert turn != "— Turn " and any(text.startswith(turn) for text, _e in told), (code, turn)
        language.use("en")
        english = [narrate(e, seen, seen["viewer"], content) for _text, e in told]
        language.use(code)
        same = [text for (text, _e), en in zip(told, english, strict=True) if text == en]
        assert same == [], (code, same)  # not one line left in English
        # the cards in hand, sent by the server in English, are named in the window's words
        from fate.content.spoken import spoken

        words = spoken(content, code)
        hand = seen["seats"][seen["viewer"]].get("hand") or []
        assert hand and all(c["name"] == words.card(c["id"]).name for c in hand), hand
        assert [c["name"] for c in hand] != [content.card(c["id"]).name for c in hand], hand
