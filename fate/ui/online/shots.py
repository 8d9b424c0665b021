"""Screenshots of playing with strangers (fate/ui/shots.py registers them): a new game on a
server, the lobby, a spectator's table, the table talk and "Play again". Each uses this
computer's own server started in the shot's scratch data folder (stopped afterwards) and
headless players (fate/net/client.py) on threads of their own; the window is driven as a
player would drive it."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

from fate.net import hosting
from fate.net.client import Client, play
from fate.net.mygames import MyGames, OnlineGame

SCREENS = ("online_new", "online_lobby", "online_spectate", "online_chat", "online_rematch", "online_devices",
           "online_leaderboard", "online_card", "online_clock", "online_out")
# What the shots' players type (their names, their talk, a server's address): drawn as written in
# every language (the languages' bench does not count them as words the catalogues left out)
TYPED = ("Ann", "Bob", "Cleo", "Dev", "Good evening!", "Evening all! First time with Cthulhu, go easy on me",
         "Good luck :)", "Thinking...", "Take your time", "Ready when you are", "fate.home.arpa:8765",
         "192.168.1.30:8765")


def _settle(app, done, limit: float = 90.0) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end and not done():
        app.frame([], 1 / 30)
        time.sleep(0.01)


class Others(threading.Thread):
    """Headless players: ``script(url, out, go)`` runs on a loop of this thread; ``out`` takes
    what the window needs (a game, a token), ``go`` says when the window is ready."""

    def __init__(self, url: str, script) -> None:
        super().__init__(name="fate-shot-others", daemon=True)
        self.url, self.script = url, script
        self.out: dict[str, Any] = {}
        self.ready = threading.Event()
        self.go = threading.Event()
        self.start()

    def run(self) -> None:
        try:
            asyncio.run(self.script(self.url, self.out, self))
        except (OSError, ConnectionError, RuntimeError, TimeoutError):
            pass  # the shot's server stopped: they leave
        finally:
            self.ready.set()

    async def wait_go(self) -> None:
        while not self.go.is_set():
            await asyncio.sleep(0.05)


def strangers_shot(app, screen: str) -> None:
    app.settings["speed"] = 3  # instant: the shot shows the state, not a beat
    if screen == "online_new":
        mine = MyGames(app.online_file)
        mine.used_servers = ["192.168.1.30:8765", "fate.home.arpa:8765"]
        mine.save()
        scene = app.goto("online")
        scene.fields["name"] = "Ann"
        scene.click(("page", "host"))
        scene.click(("where", "192.168.1.30:8765"))
        scene.seats = ["remote", "hard", "remote"]
        scene.strangers.public, scene.strangers.delay, scene.strangers.spectator_talk = True, 60, True
        return
    app.hosting = hosting.start_host()
    url = app.hosting.url
    {"online_lobby": lobby_shot, "online_spectate": spectate_shot, "online_chat": chat_shot,
     "online_rematch": rematch_shot, "online_devices": devices_shot, "online_leaderboard": standings_shot,
     "online_card": standings_shot, "online_clock": clock_shot, "online_out": out_shot}[screen](app, url)
    if screen == "online_card":
        scene = app.scene
        scene.click(("card_of", scene.standings.board[0]["player"]))
        _settle(app, lambda: scene.standings.card is not None or not scene.standings.busy())


def standings_shot(app, url: str) -> None:
    """The leaderboard of this computer's server after four players' rated games (headless
    players, each an identity of its own, choosing at random)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    async def script(url, out, me) -> None:
        clients = []
        for name in ("Ann", "Bob", "Cleo", "Dev"):
            c = await Client(url).connect()
            await c.identify(Ed25519PrivateKey.generate())
            await c.patient("rename", name=name)
            clients.append(c)
        for k in range(4):
            made = await clients[0].patient("create", seats=[{"kind": "host"}] + [{"kind": "remote"}] * 3,
                                            public=True, rated=True)
            for c, invite in zip(clients[1:], made["invites"], strict=True):
                await c.patient("claim", code=invite["code"])
            await asyncio.gather(*(play(c, made["game"], [s], random.Random(10 * k + s))
                                   for s, c in enumerate(clients)))
        for c in clients:
            await c.close()

    others = Others(url, script)
    _settle(app, others.ready.is_set, 120)
    scene = app.goto("online")
    scene.click(("page", "leaderboard"))
    _settle(app, lambda: bool(scene.standings.board) or not scene.standings.busy())
    if not scene.standings.board:
        raise RuntimeError(f"the shot's leaderboard is empty: {scene.notice}")


def devices_shot(app, url: str) -> None:
    """Your other computers: a code made on this computer's server, shown for the other one."""
    scene = app.goto("online")
    scene.click(("page", "devices"))
    scene.click(("make_code",))
    _settle(app, lambda: bool(scene.devices.code) or not scene.devices.busy())
    if not scene.devices.code:
        raise RuntimeError(f"the shot's code was not made: {scene.notice}")


def lobby_shot(app, url: str) -> None:
    async def script(url, out, me) -> None:
        c = await Client(url).connect()
        for seats in ([{"kind": "host", "name": "Ann"}, {"kind": "remote"}, {"kind": "ai", "level": "hard"}],
                      [{"kind": "host", "name": "Cleo"}, {"kind": "remote"}, {"kind": "remote"},
                       {"kind": "ai", "level": "easy"}],
                      [{"kind": "host", "name": "Dev"}, {"kind": "remote"}]):
            await c.request("create", seats=seats, public=True)
        await c.request("create", seats=[{"kind": "host", "name": "Hid"}, {"kind": "remote"}])  # private: unlisted
        me.ready.set()
        await me.wait_go()

    others = Others(url, script)
    others.ready.wait(60)
    scene = app.goto("online")
    scene.fields["name"] = "Bob"
    scene.click(("page", "lobby"))
    _settle(app, lambda: app.scene.strangers.lobby is not None)
    app.mouse = None


def spectate_shot(app, url: str) -> None:
    async def script(url, out, me) -> None:
        c = await Client(url).connect()
        made = await c.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "ai", "level": "normal"},
                                                 {"kind": "ai", "level": "easy"}], public=True, watch_delay=0)
        out["watch"] = made["watch"]
        me.ready.set()
        await play(c, made["game"], [0], random.Random(4), think=0.02)

    others = Others(url, script)
    others.ready.wait(60)
    scene = app.goto("online")
    scene.click(("page", "watch"))
    scene.fields.update(address=url.split("://", 1)[1], watch=others.out["watch"])
    scene.click(("watch",))
    _settle(app, lambda: app.scene.__class__.__name__ == "OnlinePlayScene")
    _settle(app, lambda: app.scene.decisions() >= 70 or app.scene.session.over(), 120)
    for _ in range(10):
        app.frame([], 1 / 30)


def _seat_window(app, url: str, game: str, token: str, seats: list[int]) -> None:
    """Open a game of the window's player (Ann) as My online games would."""
    mine = MyGames(app.online_file)
    mine.add(OnlineGame(url, game, token, seats, host=True, hosted_here=True))
    scene = app.goto("online")
    scene.click(("open", mine.find(url, game)))


def _friends(url: str, clock: dict[str, Any]) -> Others:
    """Bob and Cleo at a game of the window's player (Ann) with ``clock``, each choosing at random."""
    async def script(url, out, me) -> None:
        ann = await Client(url).connect()
        made = await ann.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"},
                                                  {"kind": "remote"}], clock=clock)
        out.update(game=made["game"], token=made["token"])
        await ann.close()
        friends = [await Client(url).connect() for _ in range(2)]
        for c, invite, name in zip(friends, made["invites"], ("Bob", "Cleo"), strict=True):
            await c.request("claim", code=invite["code"], name=name)
        me.ready.set()
        await asyncio.gather(*(play(c, made["game"], [s + 1], random.Random(s), think=0.3)
                               for s, c in enumerate(friends)))

    others = Others(url, script)
    others.ready.wait(60)
    return others


def clock_shot(app, url: str) -> None:
    """A live clock (a minute a decision, ten in the bank): the window's player plays at random
    into the second turn, then thinks a few seconds over a decision of theirs."""
    others = _friends(url, {"kind": "live", "decision": 60, "bank": 600})
    _seat_window(app, url, others.out["game"], others.out["token"], [0])
    _settle(app, lambda: app.scene.__class__.__name__ == "OnlinePlayScene")
    scene, rnd = app.scene, random.Random(5)
    end = time.monotonic() + 120
    while time.monotonic() < end:
        app.frame([], 1 / 30)
        time.sleep(0.01)
        asked = scene.picker is not None and not scene.anim.busy() and not scene.session.choosing() \
            and scene.shown.get("prompt")
        if asked and scene.session.turn >= 2:
            break
        if asked:
            scene.choose(rnd.choice(scene.shown["prompt"]["choices"])["id"])
    end = time.monotonic() + 4
    while time.monotonic() < end:  # the clock runs down a few seconds
        app.frame([], 1 / 30)
        time.sleep(0.02)
    app.mouse = None


def out_shot(app, url: str) -> None:
    """The window's player lets the shortest live clock run out: an AI stands in for them."""
    others = _friends(url, {"kind": "live", "decision": 5, "bank": 0})
    _seat_window(app, url, others.out["game"], others.out["token"], [0])
    _settle(app, lambda: app.scene.__class__.__name__ == "OnlinePlayScene")
    scene = app.scene
    _settle(app, lambda: scene.session.clocks.out(0) and scene.session.decision >= 8, 60)
    for _ in range(10):
        app.frame([], 1 / 30)
    app.mouse = None


def chat_shot(app, url: str) -> None:
    async def script(url, out, me) -> None:
        ann = await Client(url).connect()
        made = await ann.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"},
                                                  {"kind": "remote"}])
        out.update(game=made["game"], token=made["token"])
        bob, cleo = await Client(url).connect(), await Client(url).connect()
        await bob.request("claim", code=made["invites"][0]["code"], name="Bob")
        await cleo.request("claim", code=made["invites"][1]["code"], name="Cleo")
        await ann.close()
        me.ready.set()
        await me.wait_go()
        for who, text in ((bob, "Evening all! First time with Cthulhu, go easy on me"), (cleo, "Good luck :)"),
                          (bob, "Thinking..."), (cleo, "Take your time")):
            await who.request("chat", game=made["game"], text=text)
            await asyncio.sleep(0.05)
        me.out["said"] = True
        await asyncio.sleep(600)

    others = Others(url, script)
    others.ready.wait(60)
    _seat_window(app, url, others.out["game"], others.out["token"], [0])
    _settle(app, lambda: app.scene.__class__.__name__ == "OnlinePlayScene")
    scene = app.scene
    scene.session.say("Good evening!")
    others.go.set()
    _settle(app, lambda: len(scene.session.talk) >= 5)
    scene.talk_panel.toggle_talk()
    scene.talk_panel.talk_text = "Ready when you are"
    app.frame([], 1 / 30)
    scene.talk_panel.mute(2)  # Cleo muted here: her lines are gone from this table
    for _ in range(3):
        app.frame([], 1 / 30)
    app.mouse = None


def rematch_shot(app, url: str) -> None:
    """A game played to its end (the window's player choosing the first choice each time, a
    friend at random), then the friend's "Play again"."""
    async def script(url, out, me) -> None:
        ann = await Client(url).connect()
        made = await ann.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"},
                                                  {"kind": "ai", "level": "easy"}], watch_delay=0)
        out.update(game=made["game"], token=made["token"])
        await ann.close()
        bob = await Client(url).connect()
        claimed = await bob.request("claim", code=made["invites"][0]["code"], name="Bob")
        me.ready.set()
        await play(bob, made["game"], claimed["seats"], random.Random(2))
        await me.wait_go()
        await bob.request("rematch", game=made["game"])  # Bob said yes; the window's player has not yet
        await asyncio.sleep(600)

    others = Others(url, script)
    others.ready.wait(60)
    _seat_window(app, url, others.out["game"], others.out["token"], [0])
    _settle(app, lambda: app.scene.__class__.__name__ == "OnlinePlayScene")
    rnd = random.Random(3)
    end = time.monotonic() + 300
    while app.scene.__class__.__name__ != "EndScene" and time.monotonic() < end:
        app.frame([], 1 / 30)
        scene = app.scene
        if (scene.__class__.__name__ == "OnlinePlayScene" and scene.picker is not None and not scene.anim.busy()
                and not scene.session.choosing() and scene.shown.get("prompt")):
            scene.choose(rnd.choice(scene.shown["prompt"]["choices"])["id"])
    others.go.set()
    _settle(app, lambda: getattr(app.scene, "session", None) is not None and app.scene.session.votes[0] == [1])
    app.mouse = None
