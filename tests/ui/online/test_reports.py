"""Moderation at the screens, end to end: at a real server process, a game window's player opens
the table talk and reports another player (a headless one, who said something rude); the
operator reads the report with ``python -m fate.server admin``, bans the reported player and
then the window's own player, and the window's table says in one line that the operator has
barred them, and why."""

from __future__ import annotations

import asyncio
import random
import threading

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from fate.net.client import Client, play
from fate.ui.online.table import OnlinePlayScene
from tests.server.test_moderation import admin
from tests.ui.online.test_online import new_game_on, press, until, window


def rude_bob(url: str, code: str, out: dict) -> threading.Thread:
    async def run() -> None:
        c = await Client(url).connect()
        out["player"] = (await c.identify(Ed25519PrivateKey.generate()))["player"]
        claimed = await c.patient("claim", code=code, name="Bob")
        await c.patient("chat", game=claimed["game"], text="you play like a drowned rat")
        await play(c, claimed["game"], claimed["seats"], random.Random(7), think=0.3)
        await c.close()

    t = threading.Thread(target=lambda: asyncio.run(run()), daemon=True)
    t.start()
    return t


def test_a_report_from_the_table_and_a_ban_said_at_the_table(content, tmp_path, standalone):
    where = standalone.url.split("://", 1)[1]
    db = standalone.db
    ann = window(content, tmp_path, "ann")
    new_game_on(ann, where, ["remote", "none", "none"])
    press(ann, ("host",))
    until([ann], lambda: ann.scene.page == "hosting", "the game to be made")
    bob: dict = {}
    rude_bob(standalone.url, ann.scene.made.invites[0]["code"], bob)
    press(ann, ("table",))
    until([ann], lambda: isinstance(ann.scene, OnlinePlayScene) and any(
        line.get("seat") == 1 for line in ann.scene.session.talk.values()), "Bob's line at Ann's table")
    press(ann, ("ui", "talk", "toggle"))
    press(ann, ("ui", "talk", "report", 1))
    until([ann], lambda: any("operator" in n["text"] for n in ann.scene.session.notes), "the report's answer")
    assert 1 in ann.scene.session.reported
    ann.frame([], 0.02)
    assert not any(h.key == ("ui", "talk", "report", 1) for h in ann.scene.hotspots())  # once

    code, out, err = admin(db, "reports")
    assert code == 0 and "drowned rat" in out and bob["player"] in out, err
    ann_player = out.split(" by ", 1)[1].split()[0]  # the reporter, as the report names them
    assert admin(db, "ban", "identity", ann_player, "--for", "1d", "--reason", "testing the ban")[0] == 0
    s = ann.scene.session
    for _ in range(30):  # every process reads the bans in force every few seconds: ask again each second
        s.link.send("games")
        try:
            until([ann], lambda: "barred" in ann.scene.notice[0], "the ban said at the table", limit=1.0)
            break
        except AssertionError:
            pass
    assert "testing the ban" in ann.scene.notice[0]  # the line the table shows
