"""Time controls at the screens, end to end against a real server process (fate/server/clocks.py,
fate/ui/online/clock.py): New game's Clock is the game's; a window's player who lets a live
clock run out sees an AI stand in on their Lodge and in the talk, with I'm back; B takes the
seat again; the other player's window offers the vote to hand the seat over."""

from __future__ import annotations

import asyncio
import random
import threading

import pygame

from fate.net.client import Client, play
from fate.net.mygames import MyGames
from fate.ui.online.clock import CLOCKS
from fate.ui.online.table import OnlinePlayScene
from tests.ui.online.test_online import new_game_on, press, spot, type_into, until, window


def test_new_games_clock_is_the_games(content, tmp_path, standalone):
    where = standalone.url.split("://", 1)[1]
    ann = window(content, tmp_path, "ann")
    new_game_on(ann, where, ["remote", "none", "none"])
    first = ann.scene.strangers.clock
    press(ann, ("clock",))
    chosen = CLOCKS[(first + 1) % len(CLOCKS)]
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made")
    press(ann, ("table",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene) and ann.scene.session.clocks.spec is not None,
          "the table, told the game's clock")
    assert ann.scene.session.clocks.spec == chosen
    assert MyGames(ann.online_file).new_game["clock"] == (first + 1) % len(CLOCKS)  # remembered for next time


def bob_creates(url: str, out: dict, started: threading.Event) -> threading.Thread:
    """Bob makes a game with the shortest live clock and a seat for Ann, then plays his own seat."""
    async def run() -> None:
        c = await Client(url).connect()
        made = await c.patient("create", seats=[{"kind": "remote"}, {"kind": "host", "name": "Bob"}],
                               clock={"kind": "live", "decision": 5, "bank": 0})
        out.update(code=made["invites"][0]["code"], game=made["game"])
        started.set()
        await play(c, made["game"], [1], random.Random(1), think=0.2)
        await c.close()

    t = threading.Thread(target=lambda: asyncio.run(run()), daemon=True)
    t.start()
    return t


def test_out_of_time_an_ai_stands_in_and_b_takes_the_seat_back(content, tmp_path, standalone):
    bob: dict = {}
    started = threading.Event()
    bob_creates(standalone.url, bob, started)
    assert started.wait(30)
    ann = window(content, tmp_path, "ann")
    press(ann, ("online",))
    press(ann, ("page", "join"))
    type_into(ann, "address", standalone.url.split("://", 1)[1])
    type_into(ann, "code", bob["code"])
    type_into(ann, "name", "Ann")
    press(ann, ("join",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene), "Ann's table")
    scene = ann.scene
    # Ann does nothing: her 5 s run out, and her Lodge, the talk and the button say so
    until([ann], lambda: scene.table.clock_faces.get(0, ("", ""))[1] == "out", "an AI standing in on Ann's Lodge", 30)
    assert any("ran out of time" in n["text"] for n in scene.session.notes)
    assert spot(ann, ("ui", "back", 0)) is not None
    assert "B" in spot(ann, ("ui", "back", 0)).label and spot(ann, ("ui", "back", 0)).tip
    assert not scene.session.is_human(0)  # the table does not ask her while the AI plays for her
    ann.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0)], 0.02)
    until([ann], lambda: not scene.session.clocks.out(0), "the seat Ann's again")
    assert any("back" in n["text"] for n in scene.session.notes)
    until([ann], lambda: spot(ann, ("ui", "back")) is None, "I'm back gone")
