"""My online games follows the games while it shows (issue 51, item 5): the list asks its
servers again by itself, so a game that moved on, then ended, after the list was opened is shown
as it stands, without Refresh; a server that stops answering says so instead of old news."""

from __future__ import annotations

import asyncio
import random
import time

from fate.engine import default_content
from fate.net.client import Client, play
from fate.net.mygames import MyGames, OnlineGame
from fate.net.query import GamesQuery


def polled(q: GamesQuery, until, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        q.poll()
        if until():
            return True
        time.sleep(0.02)
    return False


def test_the_list_left_open_shows_a_game_that_moved_on_and_ended_without_refresh(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")

    async def created():
        c = await Client(srv.url).connect()
        made = await c.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "ai", "level": "random"}])
        await c.close()
        return made

    async def finish(made):
        c = await Client(srv.url).connect()
        await c.request("join", game=made["game"], token=made["token"])
        end = await play(c, made["game"], [0], random.Random(3))
        await c.close()
        return end

    made = asyncio.run(created())
    mine = MyGames(tmp_path / "online.json")
    mine.add(OnlineGame(srv.url, made["game"], made["token"], [0], host=True))
    q = GamesQuery(mine, default_content(), again=0.5)
    key = (srv.url, made["game"])
    try:
        assert polled(q, lambda: key in q.rows)
        assert q.rows[key]["decision"] == 0 and not q.rows[key]["over"]  # at its start when opened
        end = asyncio.run(finish(made))  # played to its end while the list shows
        assert polled(q, lambda: q.rows.get(key, {}).get("over") is True)
        assert q.rows[key]["decision"] == end["decision"] and q.rows[key]["turn"] == end["view"]["turn"]
        srv.stop()  # the server goes: the list says why rather than what it said before
        assert polled(q, lambda: key not in q.rows and srv.url in q.problems)
    finally:
        q.close()
