"""Headless uses of the table: screenshots and the self-test.

Both drive the real App and its scenes; nothing here draws on its own.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame

from fate.content.model import Content
from fate.engine import Prompt
from fate.records.saves import list_saves
from fate.ui.app import App, click
from fate.ui.kit.theme import CULT_COLOURS
from fate.ui.kit.widgets import Scene
from fate.ui.session import SeatConfig, Session

if TYPE_CHECKING:
    from fate.ui.online.session import NetSession
    from fate.ui.online.table import OnlinePlayScene
    from fate.ui.table.scene import PlayScene

S = TypeVar("S", bound=Scene)


class Settle(Protocol):
    """Frames drawn until ``done()`` or ``limit`` seconds of the clock."""

    def __call__(self, done: Callable[[], object], limit: float = ...) -> None: ...


def showing(app: App, kind: type[S]) -> S:
    """The scene on screen, which the shot has brought there and knows to be a ``kind``."""
    scene = app.scene
    if not isinstance(scene, kind):
        raise RuntimeError(f"the shot expected {kind.__name__} on screen, not {type(scene).__name__}")
    return scene


def asked(s: Session) -> Prompt:
    """The decision a game in progress waits for (the callers play only games not over)."""
    p = s.game.pending()
    if p is None:
        raise RuntimeError("the shot's game is over: no decision is asked")
    return p


def busy_session(content: Content, seed: int, players: int = 4, decisions: int = 160,
                 human: int | None = 0, saves: Path | None = None) -> Session:
    """A game some way in, played by seeded random choices: a table with
    something everywhere. Seat ``human`` (if any) is human and the game stops
    at its prompt; the other seats are AI."""
    seats = [SeatConfig(i == human, "easy", i) for i in range(players)]
    s = Session(content, seats, seed, saves=saves)
    rnd = random.Random(seed)
    made = 0
    while not (made >= decisions and (human is None or s.prompt_seat() == human)):
        before, n_events, n_turns = s.game.clone(), len(s.events), len(s.history)
        options = list(asked(s).choices)
        rnd.shuffle(options)
        for c in options:  # never play into the end: the shot shows a game in progress
            s.apply(c.id)
            if not s.over():
                break
            s.game = before.clone()
            del s.events[n_events:], s.history[n_turns:]
        else:
            break
        made += 1
    return s


def scenario_session(content: Content, path: str | Path) -> Session:
    from fate.tools.scenario import load

    g = load(content, path)
    seats = [SeatConfig(i == 0, "normal", i) for i in range(g.n)]
    return Session.from_game(content, seats, g)


def open_table(app: App, session: Session, settle_frames: int = 3) -> PlayScene:
    """The table of ``session`` shown in ``app``, a few frames in (the hand-off screen passed)."""
    from fate.ui.table.scene import PlayScene

    app.settings["speed"] = session.speed = 3  # instant: the shot shows the position, not a beat
    scene = PlayScene(app, session)
    app.show(scene)
    for _ in range(settle_frames):
        app.frame([], 1 / 60)
        if scene.handoff is not None:
            scene.take_over()
    return scene


SCREENS = ("title", "setup", "draft", "load", "table", "end", "finale", "replay", "rules", "gallery", "tutorial", "settings", "credits",
           "gallery_spell", "preview", "online", "online_host", "online_hosting", "online_join", "online_waiting", "online_reconnecting",
           "online_undo", "online_undo_greyed", "review", "statistics",
           "online_new", "online_lobby", "online_spectate", "online_chat", "online_rematch", "online_devices",
           "online_leaderboard", "online_card", "online_clock", "online_out")


def friend_plays(url: str, code: str) -> threading.Thread:
    """A friend (a headless client, fate/net/client.py) who claims the invite and answers every
    prompt of their seat at random until the game or the connection ends."""
    from fate.net.client import Client, play

    async def run() -> None:
        c = await Client(url).connect()
        claimed = await c.request("claim", code=code, name="Bob")
        await play(c, claimed["game"], claimed["seats"], random.Random(7))
        await c.close()

    def main() -> None:
        try:
            asyncio.run(run())
        except (OSError, ConnectionError, RuntimeError, TimeoutError):
            pass  # the shot's server stopped: the friend leaves

    t = threading.Thread(target=main, name="fate-shot-friend", daemon=True)
    t.start()
    return t


def online_shot(app: App, screen: str) -> None:
    """Play Online's pages and the online table, with a real server of the game's own started
    in the shot's scratch folder (stopped afterwards): hosting a game of the shot's player, a
    friend's open seat and an AI; the table waiting for that friend; then the server gone and
    the table reconnecting."""
    from fate.ui.online.screens import OnlineScene
    from fate.ui.online.table import OnlinePlayScene

    def settle(done: Callable[[], object], limit: float = 60.0) -> None:
        end = time.monotonic() + limit
        while time.monotonic() < end and not done():
            app.frame([], 1 / 30)
            time.sleep(0.01)

    from fate.ui.online.shots import SCREENS as STRANGERS
    from fate.ui.online.shots import strangers_shot

    if screen in STRANGERS:  # a new game on a server, the lobby, a spectator, the talk, "Play again"
        strangers_shot(app, screen)
        return
    app.goto("online")
    scene = showing(app, OnlineScene)
    if screen == "online_join":
        scene.click(("page", "join"))
        scene.fields.update(address="192.168.1.20:8765", code="K7QF-2MZA-WXR4-9TBE", name="Bob")
        scene.editing = "name"
        return
    scene.fields["name"] = "Ann"
    scene.click(("page", "host"))
    if screen == "online_host":
        scene.seats = ["remote", "normal", "remote"]
        return
    undo = screen.startswith("online_undo")
    if undo:
        scene.seats = ["remote", "easy", "none"]
    try:
        scene.click(("host",))
        # the game made, or the request over (its line said): never read from the words, which are the language's
        settle(lambda: scene.page == "hosting" or (scene.link is None and scene.starter is None))
        if screen == "online_hosting":  # and the router's answer (none, for a shot: see FATE_ROUTER_URL below)
            settle(lambda: app.hosting is None or ((r := app.hosting.router()) is not None and r.state != "asking"))
            time.sleep(0.6)  # the page reads the router's report twice a second (fate/ui/online/invites.py)
            return
        if screen == "online":
            app.goto("online")
            listed = showing(app, OnlineScene)
            settle(lambda: bool(listed.query and listed.query.rows))
            return
        if undo:
            if scene.made is None:
                raise RuntimeError(f"the shot's game was not hosted: {scene.notice}")
            friend_plays(scene.made.server, scene.made.invites[0]["code"])
        scene.click(("table",))
        settle(lambda: isinstance(app.scene, OnlinePlayScene))
        table = showing(app, OnlinePlayScene)
        app.mouse = None
        if undo:
            undo_shot(app, table, screen, settle)
            return
        for _ in range(20):  # the Elder God chosen for the player: the table waits for the friend
            app.frame([], 1 / 30)
            if table.picker is not None:
                table.choose(table.shown["prompt"]["choices"][0]["id"])
        settle(lambda: "Waiting for" in table.status())
        if screen == "online_reconnecting":  # the server stopped, not to be started again by the window
            host, app.hosting = app.hosting, None
            host.stop()
            link = net_session(table).link
            settle(lambda: link.status == "reconnecting" and link.retry_in() > 1)
    finally:
        if app.hosting is not None and screen not in ("online_hosting", "online_waiting", "online_reconnecting",
                                                      "online_undo", "online_undo_greyed"):
            app.hosting.stop()


def net_session(table: OnlinePlayScene) -> NetSession:
    """The online table's game, as its server sends it."""
    from fate.ui.online.session import NetSession

    if not isinstance(table.session, NetSession):
        raise RuntimeError(f"the online table shows a {type(table.session).__name__}")
    return table.session


def undo_shot(app: App, scene: OnlinePlayScene, screen: str, settle: Settle) -> None:
    """The online table where the player may take back their last decision (the first
    choice each time, the friend playing at random), the pointer on Undo; ``online_undo_greyed``:
    taken back, and Undo greyed saying why."""
    s = net_session(scene)

    def may_undo() -> bool:
        return scene.picker is not None and not s.choosing() and s.undo_reason(scene.undo_seat()) == ""

    for _ in range(400):
        settle(lambda: (scene.picker is not None and not s.choosing()) or s.over(), 20.0)
        if may_undo() or s.over():
            break
        if scene.picker is None or s.choosing():  # not asked yet (a busy machine): wait again
            continue
        scene.choose(scene.shown["prompt"]["choices"][0]["id"])
        app.frame([], 1 / 30)
    if screen == "online_undo_greyed":
        scene.undo()
        settle(lambda: not s.undoing() and scene.picker is not None)
    for _ in range(3):
        app.frame([], 1 / 30)
    undo = next((h for h in scene.hotspots() if h.key[-2:] == ("ui", "undo")), None)
    if undo is not None:
        app.mouse = undo.rect.center


def sample_saves(content: Content, folder: Path) -> None:
    """A few saved games for the title and Load Game screens of a screenshot:
    two in progress, one finished, and one damaged file."""
    setups = [([True, False, False], 120), ([True, True], 60), ([True], 400)]
    for k, (humans, decisions) in enumerate(setups):
        s = Session(content, [SeatConfig(h, "normal" if k else "easy", i) for i, h in enumerate(humans)],
                    40 + k, saves=folder, game_id=f"game-2026112{k}-2{k}0000-000")
        rnd = random.Random(k)
        for _ in range(decisions):
            if s.over():
                break
            s.apply(rnd.choice(asked(s).choices).id)
        s.close()
    (folder / "game-20261101-090000-000.json").write_text('{"format_version": 2, "game": "fate-of-the-e')


def finished_session(content: Content, seed: int) -> Session:
    """A three-cult game of AI seats played to its end by seeded random choices."""
    session = busy_session(content, seed, players=3, decisions=10, human=None)
    rnd = random.Random(seed)
    while not session.over():
        session.apply(rnd.choice(asked(session).choices).id)
    return session


def endgame_session(content: Content, seed: int) -> Session:
    """A close three-cult endgame (the first cult a step from its god and three Elder Signs
    from its seal; three gods dealt by the seed) played out by seeded random choices: seed 2
    ends in a summoning (Cthulhu's), seed 1 in a sealing (Nyarlathotep's cult)."""
    from fate.tools.scenario import build

    rnd = random.Random(seed)
    gods = rnd.sample([content.cards[i].id for i in content.gods], 3)
    game = build(content, {"players": 3, "seed": seed, "gods": gods, "turn": 24,
                           "seats": [{"summon": 8, "elder_signs": 7}, {"summon": 6, "elder_signs": 5},
                                     {"summon": 5, "elder_signs": 6}]}, "the finale's endgame")
    session = Session.from_game(content, [SeatConfig(False, "easy", i) for i in range(3)], game)
    while not session.over():
        session.apply(rnd.choice(asked(session).choices).id)
    return session


TITLE_STIRRED = 12  # frames of the title after the pointer moved: its candles alight, the ring part way round
FINALE_SHOT_AT = 0.8  # the moment of the finale a screenshot shows: the god up and its sigil alight, or the seal closed


def finale_shot(app: App, session: Session) -> None:
    """The finale of a finished game, some way in, over the table as the game ended."""
    from fate.ui.screens.finale import FinaleScene
    from fate.ui.table.anim import finale_kind
    from fate.ui.table.scene import PlayScene

    table = PlayScene(app, session)
    app.show(table)
    table.draw(app.screen)  # the last position, as the finale begins over it
    if finale_kind(table.shown) is None:
        raise ValueError(f"--screen finale: this game ends with no finale ({table.shown['end_reason']})")
    app.settings["speed"] = 1
    app.goto("finale", table.shown, table.table, lambda: None)
    shot = showing(app, FinaleScene)
    shot.t = shot.length * FINALE_SHOT_AT


def reviewed_sample(content: Content, folder: Path, seed: int) -> Path:
    """A finished two-cult game (you against a Normal cult, your choices at random) with a
    review of your decisions kept beside it, worked out with a short search (the shot's time)."""
    from fate.ai.bots import make_bot
    from fate.ai.critic import review_game
    from fate.records.reviews import keep_review
    from fate.records.saves import read_save

    s = Session(content, [SeatConfig(True, "normal", 0), SeatConfig(False, "normal", 1)], seed, saves=folder,
                game_id="game-20261127-200000-000")
    rnd, bot = random.Random(seed), make_bot("normal", seed, None)
    while not s.over():
        p = asked(s)
        s.apply(rnd.choice(p.choices).id if p.seat == 0 else bot.choose(s.game).id)
    s.close()
    path = folder / "game-20261127-200000-000.json"
    data = read_save(path)
    keep_review(path, data, review_game(content, data, 0, "quick", iterations=(150, 15)))
    return path


def screenshot(content: Content, path: str, seed: int, size: tuple[int, int], scenario: str | None,
               screen: str = "table", lines: list[str] | None = None, cut: list[str] | None = None,
               kept: list[str] | None = None) -> str:
    """A PNG of one screen: the table (a four-cult game some way in, or the
    scenario's position), or the title, setup, load or end screen (the title and
    Load Game show sample saved games made in a scratch folder). ``lines``: given, it gets
    every line of text the shot's frame drew (the languages' bench reads them); ``cut``, every text
    it cut with an ellipsis to fit; ``kept``, the texts it drew as they are written (what a player
    typed, a legal document)."""
    if screen not in SCREENS:
        raise ValueError(f"--screen {screen!r}: expected one of {', '.join(SCREENS)}")
    from fate.ui.screens.gallery import GalleryScene
    from fate.ui.screens.replay import ReplayScene
    from fate.ui.screens.review import ReviewScene
    from fate.ui.screens.statistics import StatisticsScene
    with tempfile.TemporaryDirectory(prefix="fate-shot-") as tmp:
        saves = Path(tmp) / "saves"
        if screen in ("title", "load", "replay", "statistics"):
            sample_saves(content, saves)
        if screen in ("review", "statistics"):
            reviewed = reviewed_sample(content, saves, seed)
        online = screen.startswith("online")
        if online:  # the shot's own data folder: its online games file and its server's database
            before = os.environ.get("FATE_USER_DIR")
            os.environ["FATE_USER_DIR"] = tmp
            # a shot's server asks no real router for a port (fate/ground/router.py): this address answers nothing
            os.environ.setdefault("FATE_ROUTER_URL", "http://127.0.0.1:9/rootDesc.xml")
        app = App(content, size=size, seed=seed, saves=saves)
        content = app.content  # the games shown are played on the content in the window's language
        app.online_file = Path(tmp) / "online.json"  # never the player's own online games
        try:
            if online:
                online_shot(app, screen)
                app.frame([], 1 / 60)
                if screen == "online_waiting":
                    app.frame([], 1 / 60)
            elif screen == "table":
                session = scenario_session(content, scenario) if scenario else busy_session(content, seed)
                open_table(app, session)
            elif screen == "end":
                session = finished_session(content, seed)
                app.goto("end", session, [CULT_COLOURS[c.colour][1] for c in session.seats])
            elif screen == "finale":
                finale_shot(app, endgame_session(content, seed))
            elif screen == "draft":  # a new game's first decision: the two Elder Gods dealt to the player
                session = Session(content, [SeatConfig(i == 0, "easy", i) for i in range(3)], seed)
                open_table(app, session)
            elif screen == "review":  # the sample's review at its worst marked decision
                app.goto("review", reviewed)
                review = showing(app, ReviewScene)
                marked = review.decisions()
                review.go(max(range(len(marked)), key=lambda i: marked[i]["drop"], default=0))
            elif screen == "statistics":
                app.goto("statistics")
                showing(app, StatisticsScene).wait()
            elif screen == "replay":  # the finished sample game, revealed, some way in
                finished = next(r for r in list_saves(saves) if r.ok and r.over)
                app.goto("replay_of", finished.path)
                replay = showing(app, ReplayScene)
                replay.go(len(replay.replay) * 2 // 3)
                replay.click(("ui", "reveal"))
            elif screen == "preview":  # the large preview of a card in the viewer's hand (V at the table)
                session = scenario_session(content, scenario) if scenario else busy_session(content, seed)
                open_table(app, session).keys.toggle_preview()
            elif screen == "rules":  # opened with F1 at the table: the section of its decision
                open_table(app, busy_session(content, seed)).open_rules()
            elif screen in ("gallery", "gallery_spell"):  # a card with a solo version: an Elder God, a Spell
                app.goto("gallery")
                gallery = showing(app, GalleryScene)
                gallery.select(next(i for i, e in enumerate(gallery.shown())
                                    if e.card.solo_text and (screen == "gallery" or e.card.kind == "spell")))
            elif screen == "tutorial":  # lesson 3, the coach pointing at the Gate
                app.goto("tutorial", 2)
                for _ in range(3):
                    app.frame([], 1 / 60)
            elif screen == "title":  # as it stands after the pointer moved a while (the light part way round)
                app.goto(screen)
                app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0), rel=(1, 1), buttons=(0, 0, 0))], 0.0)
                app.mouse = None
                for _ in range(TITLE_STIRRED):
                    app.frame([], 1 / 30)
            else:
                app.goto(screen)
            app.frame([], 1 / 60)
            pygame.image.save(app.screen, path)
            if lines is not None:
                lines.extend(line for line, _ in app.ink.placed)
            if kept is not None:
                kept.extend(app.ink.as_written)
            if cut is not None:
                cut.extend(app.ink.cut)
            return path
        finally:
            if online:
                if app.hosting is not None:
                    app.hosting.stop()
                if before is None:
                    os.environ.pop("FATE_USER_DIR", None)
                else:
                    os.environ["FATE_USER_DIR"] = before
            app.close()


def play_through(app: App, rnd: random.Random, max_frames: int = 60000, dt: float = 1 / 30,
                 max_seconds: float = 900.0) -> int:
    """Click through whatever the current scene offers until the end screen:
    on the table, a random highlighted target; elsewhere, the obvious button.
    Frames drawn while an AI seat thinks in its worker process do not count
    against ``max_frames`` (a busy machine only makes the wait longer); the
    wait itself is bounded by ``max_seconds``. Returns the frames counted."""
    from fate.ui.screens.end import EndScene
    from fate.ui.table.scene import PlayScene

    frames = 0
    deadline = time.monotonic() + max_seconds
    while frames < max_frames and time.monotonic() < deadline:
        app.frame([], dt)
        scene = app.scene
        if isinstance(scene, EndScene):
            return frames + 1
        if isinstance(scene, PlayScene) and scene.session.thinking() and not scene.anim.busy():
            time.sleep(0.002)  # leave the core to the worker
            continue
        frames += 1
        if isinstance(scene, PlayScene):
            if scene.anim.busy():
                continue
            spots = [h for h in scene.hotspots() if h.key[0] != "ui" or h.key[1] in ("handoff", "cancel")]
            if scene.picker is None and scene.handoff is None:
                continue
            if spots:
                h = rnd.choice(spots)
                app.frame(click(h.rect.center), dt)
                frames += 1
    raise RuntimeError(f"the game did not reach the end screen within {max_frames} frames"
                       f" or {max_seconds:.0f} s")
