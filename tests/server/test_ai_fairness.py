"""AI work that cannot be hogged (issue 43, item 3): two workers (one kept for the moves a person
waits on), a stranger asking every hint and game of AIs alone its limits allow and playing its
own games against Hard AIs, and another player's game whose Hard AI opponent's moves are timed
from the states as they arrive. The bound is one of fairness, not of speed: each move comes
within its own budget and one second, however much the stranger has queued."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter

from fate.bench.server import PLAYER, STRANGER, ai_move_delays, hog
from fate.net.client import Client, ServerError, play

HARD = 0.5  # --hard-seconds: every AI here is Hard, and so is every hint


def test_a_stranger_asking_every_hint_and_ai_game_allowed_delays_anothers_ai_move_by_no_more_than_its_budget_and_a_second(
        servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "2", "--hard-seconds", str(HARD),
                  "--trusted-proxy", "127.0.0.1", "--max-games", "6", "--max-ai-games", "3",
                  "--max-hints", "20", "--max-seat-hints", "8", address_limits=True)

    async def main():
        a, b = (await Client(srv.url, headers=STRANGER).connect(), await Client(srv.url, headers=STRANGER).connect())
        refused: list[str] = []
        alone, hosted = [], []
        for k in range(4):  # four Hard AIs a game, as many games as the limit allows
            try:
                alone.append((await (a, b)[k % 2].request("create", seats=[{"kind": "ai", "level": "hard"}] * 4))
                             ["game"])
            except ServerError as e:
                refused.append(e.code + ": " + e.message)
        for k in range(4):
            c = (a, b)[k % 2]
            try:
                made = await c.request("create", seats=[{"kind": "host"}] + [{"kind": "ai", "level": "hard"}] * 3)
                hosted.append((c, made["game"]))
            except ServerError as e:
                refused.append(e.code + ": " + e.message)
        stop, said, hint_refusals = asyncio.Event(), Counter(), []
        hogs = [asyncio.ensure_future(hog(c, gid, stop, said, hint_refusals)) for c, gid in hosted]
        give_up = time.monotonic() + 120
        while said["hint"] < 2:  # the stranger's work is under way
            assert time.monotonic() < give_up and not any(h.done() and h.exception() for h in hogs), (said, hogs)
            await asyncio.sleep(0.1)
        player = await Client(srv.url, record=True, headers=PLAYER).connect()
        since = time.monotonic()
        made = await player.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "hard"}])
        rng, delays = random.Random(3), []
        for _ in range(10):  # until five AI moves were timed: how many come in a few choices varies
            end = await play(player, made["game"], [0], rng, stop_after=6)
            delays = ai_move_delays(player, made["game"], since)
            if len(delays) >= 5 or (end is not None and end["view"]["over"]):
                break
        busy = said["hint"]
        stop.set()
        await asyncio.gather(*hogs)
        for c in (a, b, player):
            await c.close()
        return refused, alone, hosted, said, hint_refusals, delays, busy

    refused, alone, hosted, said, hint_refusals, delays, busy = asyncio.run(main())
    assert len(alone) == 3 and len(hosted) == 3
    assert refused == ["too_many: more than 3 games of AIs alone created in an hour from your address; try again later",
                       "too_many: more than 6 games created in an hour from your address; try again later"]
    assert busy >= 2 and said["hint"] <= 20  # hints were worked out while the player played, within the limit
    assert all(m.startswith(("more than 20 hints in an hour", "more than 8 hints for one seat",
                             "more than 2 hints at once")) for m in hint_refusals)
    assert len(delays) >= 5, delays
    assert max(delays) <= HARD + 1.0, sorted(delays)
