"""Truth when a game is opened later (issue 51, item 5): a finished game opened after its
server restarted shows the other player's "Play again", and the table's session draws the end
screen's chart whole (every turn, not "turns 1–1"); with two PostgreSQL processes a player
connected through the other process is shown as connected, and as gone once they leave."""

from __future__ import annotations

import asyncio
import random
import time

from fate.engine import default_content
from fate.net.client import Client, play
from fate.net.link import Link
from fate.ui.online.session import NetSession


async def finished_game(url: str) -> tuple[dict, str]:
    """A game of two people played to its end: (what ``create`` answered, the claimer's token)."""
    host = await Client(url).connect()
    made = await host.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"}])
    guest = await Client(url).connect()
    claimed = await guest.request("claim", code=made["invites"][0]["code"], name="Cat")
    ends = await asyncio.gather(play(host, made["game"], [0], random.Random(1)),
                                play(guest, made["game"], claimed["seats"], random.Random(2)))
    assert all(e is not None and e["view"]["over"] for e in ends)
    await host.patient("rematch", game=made["game"])  # Ann says "Play again", and goes
    await host.close()
    await guest.close()
    return made, claimed["token"]


def opened(url: str, gid: str, token: str, seats: list[int], until) -> NetSession:
    """The table's session of a game opened from My online games, pumped until ``until(s)``."""
    content = default_content()
    s = NetSession(content, Link(url, content, retry=False), gid, token, seats)
    end = time.monotonic() + 20
    while not until(s) and time.monotonic() < end:
        s.pump()
        time.sleep(0.02)
    s.link.close(wait=0)
    return s


def test_a_finished_game_opened_after_a_restart_shows_the_others_play_again_and_the_whole_chart(servers, tmp_path):
    db = f"sqlite:{tmp_path / 's.sqlite'}"
    srv = servers(db, "--ai-workers", "0")
    made, token = asyncio.run(finished_game(srv.url))
    srv.stop()
    srv = servers(db, "--ai-workers", "0")  # the votes and the game come back from the store

    s = opened(srv.url, made["game"], token, [1], lambda s: s.states and s.votes[0] and len(s.history) > 2)
    final = s.latest()["view"]
    assert s.votes == ([0], [1])  # Ann said yes; Cat is waited for
    assert s.end_line() == ("Ann wants to play again: click Play again", "good")
    turns = [h.turn for h in s.history]  # the set-up, then each turn's start, then the end
    assert turns == [1] + list(range(1, final["turn"] + 2)), turns
    assert s.history[-1].summon == [row["summon"] for row in final["seats"]]
    assert s.history[-1].signs == [row["elder_signs"] for row in final["seats"]]


def seats_told(c: Client, gid: str) -> list[dict] | None:
    """The newest word on ``gid``'s seats that ``c`` was sent (a ``seats`` message or a state)."""
    for m in reversed(c.log):
        if m.get("game") == gid and m.get("type") in ("seats", "state"):
            return m["seats"]
    return None


async def until_here(c: Client, gid: str, seat: int, here: bool, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        told = seats_told(c, gid)
        if told is not None and told[seat]["here"] is here:
            return True
        await asyncio.sleep(0.05)
    return False


def test_a_player_connected_through_the_other_postgresql_process_is_shown_connected_until_they_go(servers, pg_dsn):
    a = servers(pg_dsn, "--ai-workers", "0")
    b = servers(pg_dsn, "--ai-workers", "0")

    async def main():
        host = await Client(a.url, record=True).connect()
        made = await host.request("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "remote"}])
        await host.request("join", game=made["game"], token=made["token"])
        guest = await Client(b.url).connect()
        claimed = await guest.request("claim", code=made["invites"][0]["code"], name="Cat")
        await guest.request("join", game=made["game"], token=claimed["token"])
        there = await until_here(host, made["game"], 1, True)
        await guest.close()
        gone = await until_here(host, made["game"], 1, False)
        # and the other way round: a later joiner on b sees Ann, held on a, as connected
        again = await Client(b.url, record=True).connect()
        await again.request("join", game=made["game"], token=claimed["token"])
        ann = await until_here(again, made["game"], 0, True)
        await host.close()
        await again.close()
        return there, gone, ann

    there, gone, ann = asyncio.run(main())
    assert there, "Cat, connected through the other process, was shown as not connected"
    assert gone, "Cat left and was still shown as connected"
    assert ann, "Ann, connected through the other process, was shown as not connected"
