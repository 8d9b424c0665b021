"""AI work that cannot be hogged with one AI worker (issue 51): a stranger from two addresses
creates every game its limits allow (games of four Hard AIs alone, games of its own seat and
three Hard AIs) and asks a hint at every decision of its own games; meanwhile other players'
AI moves are timed from the states as they arrive. A Random AI needs no search: its move comes
within a second whatever is queued; a Hard AI's within its budget and a second."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter

from fate.bench.server import PLAYER, ai_move_delays, every_game_allowed, hog, stranger
from fate.net.client import Client, play

HARD = 1.5  # --hard-seconds: the stranger's AIs and hints, and the second player's opponent
LIMITS = ("--max-games", "5", "--max-ai-games", "2", "--max-hints", "30", "--max-seat-hints", "10")


def test_with_one_ai_worker_a_strangers_every_hint_and_ai_game_delays_no_other_games_ai_move_past_its_bound(
        servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "1", "--hard-seconds", str(HARD),
                  "--trusted-proxy", "127.0.0.1", *LIMITS, address_limits=True)

    async def victim(level: str, headers: dict, choices: int) -> list[float]:
        player = await Client(srv.url, record=True, headers=headers).connect()
        since = time.monotonic()
        made = await player.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": level}])
        await play(player, made["game"], [0], random.Random(5), 0.05, stop_after=choices)
        await player.close()
        return ai_move_delays(player, made["game"], since)

    async def main():
        strangers, alone, hosted = [], [], []
        for k in range(2):  # each address to its own limits
            mine = [await Client(srv.url, headers=stranger(k)).connect() for _ in range(2)]
            a, h, _ = await every_game_allowed(mine)
            strangers, alone, hosted = strangers + mine, alone + a, hosted + h
        stop, said = asyncio.Event(), Counter()
        hogs = [asyncio.ensure_future(hog(c, gid, stop, said, [])) for c, gid in hosted]
        give_up = time.monotonic() + 120
        while said["hint"] < 2:  # the stranger's searches are under way
            assert time.monotonic() < give_up and not any(h.done() and h.exception() for h in hogs), (said, hogs)
            await asyncio.sleep(0.1)
        randoms, hards = await asyncio.gather(victim("random", {"X-Forwarded-For": "198.51.100.9"}, 40),
                                              victim("hard", PLAYER, 10))
        busy = said["hint"]
        stop.set()
        await asyncio.gather(*hogs)
        for c in strangers:
            await c.close()
        return alone, hosted, busy, randoms, hards

    alone, hosted, busy, randoms, hards = asyncio.run(main())
    assert len(alone) == 4 and len(hosted) == 6  # two addresses, each to its limits
    assert busy >= 4  # the stranger's hints were worked out while the others played
    assert len(randoms) >= 10 and len(hards) >= 2, (randoms, hards)
    assert max(randoms) <= 1.0, sorted(randoms)
    assert max(hards) <= HARD + 1.0, sorted(hards)
