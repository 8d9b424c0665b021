"""Hot-seat secrecy: what the screen draws never includes another seat's secrets.

``Ink.drawn`` records every string drawn in a frame (card faces record their
whole name even when it wraps). The tests compare it with the engine's own
knowledge of each seat's hand, Reserve and the Curses each seat holds.
"""

from __future__ import annotations

import random

import pytest

from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.table.scene import PlayScene

SCENARIO = {
    "players": 3,
    "seed": 5,
    "gods": ["cthulhu", "hastur", "azathoth"],
    "current": 0,
    "start": "prepare",
    "seats": [
        {"hand": ["key-01", "tome-04", "flame-03"], "reserve": ["flame-02"], "curses": ["stars-are-wrong"]},
        {"hand": ["hood-05", "lantern-06", "key-07"], "reserve": ["tome-08"], "curses": ["hungry-abyss"]},
        {"hand": ["lantern-09", "hood-10", "tome-11"], "reserve": ["key-12"], "curses": ["paper-trail"]},
    ],
}


def names(game, cards) -> set[str]:
    return {game.card(c).name for c in cards}


def secrets_of(game, seat: int) -> set[str]:
    """What only ``seat`` may see: its hand and Reserve faces, the Curses it holds."""
    out = names(game, game.hands[seat]) | names(game, game.reserve[seat])
    return out | {game.card(c).name for c, _on, holder in game.held if holder == seat}


def leaked(drawn: set[str], secret: set[str]) -> set[str]:
    return {name for name in secret if any(name in text for text in drawn)}


@pytest.fixture
def table(content):
    game = build(content, SCENARIO)
    assert len(game.held) == 3  # every seat holds a curse on another
    session = Session.from_game(content, [SeatConfig(True, "normal", i) for i in range(3)], game)
    app = App(content, size=(1280, 720), seed=1, settings={"speed": 3})
    scene = PlayScene(app, session)
    app.show(scene)
    yield app, scene, game
    app.close()


def test_hand_off_screen_draws_no_private_information(table):
    app, scene, game = table
    app.frame([], 1 / 30)
    assert scene.handoff == 0
    everything = set().union(*(secrets_of(game, s) for s in range(3)))
    assert everything and not leaked(app.ink.drawn, everything)
    assert "Pass the screen" in app.ink.drawn


def test_each_seat_sees_its_own_secrets_and_no_one_elses(table):
    app, scene, game = table
    rnd = random.Random(8)
    checked: set[int] = set()
    handoffs = 0
    for _ in range(3000):
        app.frame([], 1 / 30)
        if scene.handoff is not None:
            everything = set().union(*(secrets_of(game, s) for s in range(game.n)))
            assert not leaked(app.ink.drawn, everything), "secrets on the hand-off screen"
            spot = next(h for h in scene.hotspots() if h.key == ("ui", "handoff"))
            app.frame(click(spot.rect.center), 1 / 30)
            handoffs += 1
            continue
        if scene.picker is None or scene.anim.busy():
            continue
        me = scene.looker
        others = set().union(*(secrets_of(game, s) for s in range(game.n) if s != me)) - secrets_of(game, me)
        assert not leaked(app.ink.drawn, others), f"seat {me} sees another seat's secrets"
        if me not in checked:
            # the check is real: the looker's own faces and held curses are on screen
            own = secrets_of(game, me)
            assert leaked(app.ink.drawn, own) == own
            checked.add(me)
        if len(checked) == 3 and handoffs >= 3:
            break
        spots = [h for h in scene.hotspots() if h.key[0] != "ui" or h.key[1] == "cancel"]
        app.frame(click(rnd.choice(spots).rect.center), 1 / 30)
    assert checked == {0, 1, 2}



def test_no_second_hand_off_within_a_players_own_turn_when_only_an_ai_decides_between(content):
    """Issue 50: "Pass the screen to Bob" came again in the middle of Bob's own turn, after an
    AI cult's chance to cast; and the AI's turn after it still goes to the public view."""
    game = build(content, dict(SCENARIO, current=1, seats=[
        {"hand": ["key-01", "tome-04", "flame-03"]},
        {"hand": ["hood-05", "lantern-06", "key-07", "tome-08"]},
        {"hand": ["hood-10", "tome-11"], "reserve": ["lantern-10", "hood-09", "flame-07"]},  # cast in a rival's turn
    ]))
    session = Session.from_game(content, [SeatConfig(True, "normal", 0), SeatConfig(True, "normal", 1),
                                          SeatConfig(False, "easy", 2)], game)
    app = App(content, size=(1280, 720), seed=1, settings={"speed": 3, "autopass": ["every"] * 4})
    scene = PlayScene(app, session)
    app.show(scene)
    handoffs, public_in_ais_turn = [], False
    asked = []  # (whose turn, who decided, who was at the screen) at each decision
    apply = session.apply
    session.apply = lambda cid: (asked.append((game.cur, session.prompt_seat(), scene.looker)), apply(cid))[1]
    try:
        for _ in range(6000):
            app.frame([], 1 / 30)
            if game.cur == 2 and scene.looker is None:
                public_in_ais_turn = True
                break
            if scene.handoff is not None:
                handoffs.append((game.turn, game.cur, scene.handoff))
                scene.take_over()
                continue
            if scene.picker is None or scene.anim.busy():
                continue
            ids = [c["id"] for c in scene.picker.prompt["choices"]]  # to The Library, then decline
            scene.choose(next((c for c in ("play:tome-08", "no", "pass", "skip", "stop") if c in ids), ids[0]))
    finally:
        app.close()
    sat = next(i for i, (_cur, seat, _looker) in enumerate(asked) if seat == 1)  # Bob's first decision
    between = [looker for cur, seat, looker in asked[sat:] if cur == 1 and seat == 2]
    assert between, asked  # the AI was asked in Bob's turn after he sat down: the case under test
    assert set(between) == {1}  # and the screen stayed Bob's meanwhile
    assert [h for h in handoffs if h[1] == 1 and h[2] == 1] == [handoffs[0]]  # once, at the turn's start
    assert public_in_ais_turn  # the AI's own turn: nobody in particular at the screen
