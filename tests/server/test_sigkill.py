"""A server killed with SIGKILL at random moments and started again: no game lost, nothing a
client was told of lost (at most the choice in flight), every game resumes and finishes."""

from __future__ import annotations

import asyncio
import random
import sqlite3

from fate.net.client import Client, play

from ..soak import soak
from .conftest import ServerProcess
from .test_server import stored_game

KILLS = soak(6, 20)  # each 0.2-0.8 s into a cycle: twenty come (about 10 s of play) before the games can end
GAMES = 6


def test_sigkill_at_random_moments_loses_no_game_and_nothing_told(tmp_path):
    db = tmp_path / "s.sqlite"
    rng = random.Random(2222)
    games: list[tuple[str, str, list[int]]] = []  # (game, token, seats)
    told: dict[str, int] = {}
    ends: dict[str, dict] = {}

    async def cycle(url: str, kill_after: float | None, srv: ServerProcess) -> None:
        clients = []
        if not games:
            for k in range(GAMES):
                c = await Client(url).connect()
                seats = [{"kind": "host"}, {"kind": "ai", "level": "random"}, {"kind": "host"}, {"kind": "host"}]
                made = await c.request("create", seed=500 + k, seats=seats[: 3 + k % 2])
                games.append((made["game"], made["token"], made["seats"]))
                clients.append((c, made["game"], made["seats"]))
        else:
            for gid, token, seats in games:
                c = await Client(url).connect()
                await c.request("join", game=gid, token=token)
                clients.append((c, gid, seats))
        # a tenth of a second's thought before each choice, so that the kills come mid-game; the
        # last start plays the games to their end as fast as the server answers
        think = 0.1 if kill_after is not None else 0.0
        tasks = [asyncio.get_running_loop().create_task(
            play(c, gid, seats, random.Random(rng.random()), think=think)) for c, gid, seats in clients]
        if kill_after is None:
            results = await asyncio.gather(*tasks)
            for (_, gid, _), r in zip(clients, results, strict=True):
                ends[gid] = r
        else:
            await asyncio.sleep(kill_after)
            srv.kill()
            await asyncio.gather(*tasks)
        for c, gid, seats in clients:
            heard = [c.states[(gid, s)]["decision"] for s in seats if (gid, s) in c.states]
            told[gid] = max([told.get(gid, 0)] + heard)
            await c.close()

    mid_game = 0  # kills that found a game still being played
    for k in range(KILLS + 1):
        srv = ServerProcess(f"sqlite:{db}", "--ai-workers", "0").start()
        try:
            asyncio.run(cycle(srv.url, None if k == KILLS else rng.uniform(0.2, 0.8), srv))
        finally:
            srv.stop()
        with sqlite3.connect(db) as c:
            stored = dict(c.execute("SELECT id, decision FROM games"))
            playing = c.execute("SELECT count(*) FROM games WHERE waiting<>'none'").fetchone()[0]
        mid_game += k < KILLS and playing > 0
        assert sorted(stored) == sorted(g for g, _, _ in games)  # 0 games lost
        for gid in stored:
            assert stored[gid] >= told[gid], (k, gid)  # nothing a client was told of is lost
    assert mid_game == KILLS
    for gid, _, _ in games:
        g = stored_game(db, gid)  # loads and replays: the stored game is whole
        assert g.over and ends[gid] is not None and ends[gid]["decision"] == len(g.choices_made)
