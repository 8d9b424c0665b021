"""The operator's two plain HTTP paths on a real server process (fate/server/operator.py):
``/health`` for anyone, ``/metrics`` in Prometheus's text format for the operator's own address
only, never for a request a proxy passed on."""

from __future__ import annotations

import asyncio
import random
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from fate.net.client import Client, play


def get(url: str, path: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    req = urllib.request.Request(url.replace("ws://", "http://").rstrip("/") + path, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read().decode()


def figures(text: str) -> dict[tuple[str, tuple], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def test_health_and_metrics_answer_and_metrics_only_the_operator(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0")
    assert get(srv.url, "/health")[:1] == (200,) and get(srv.url, "/health")[2] == "ok\n"

    async def some_play() -> None:
        c = await Client(srv.url).connect()
        made = await c.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}], seed=5)
        await play(c, made["game"], [0], random.Random(1), stop_after=5)
        await c.send_raw("{not json")
        await c.send_raw("{not json either")
        await asyncio.sleep(0.3)
        status, kind, text = get(srv.url, "/metrics")  # while the connection is open
        await c.close()
        assert status == 200 and kind.startswith("text/plain") and "version=" in kind
        seen = figures(text)
        assert seen[("fate_connections", ())] == 1 and seen[("fate_games_held", ())] == 1
        assert seen[("fate_choices_applied_total", ())] >= 5
        assert seen[("fate_seats_timed_out_total", ())] == 0  # (nobody ran out of time)
        assert seen[("fate_refused_total", (("code", "bad_json"),))] == 2
        assert seen[("process_resident_memory_bytes", ())] > 10**6

    asyncio.run(some_play())
    # a request a proxy passed on is a stranger's, even from loopback
    status, _, text = get(srv.url, "/metrics", {"X-Forwarded-For": "203.0.113.9"})
    assert status == 403 and "fate_" not in text


def test_metrics_are_refused_to_an_address_not_given(servers, tmp_path):
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--metrics-from", "192.0.2.1")
    assert get(srv.url, "/metrics")[0] == 403
    assert get(srv.url, "/health")[0] == 200


def test_a_finished_game_is_pruned_after_its_keep_and_its_players_standing_stays(servers, tmp_path):
    """``--keep-days``: a finished game goes whole once kept that long (0.00005 days: about 4 s);
    a game still played, however old, stays; the player's card keeps the game counted."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0", "--keep-days", "0.00005")

    async def main() -> None:
        c = await Client(srv.url).connect()
        await c.identify(Ed25519PrivateKey.generate())
        done = await c.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}], seed=7)
        await play(c, done["game"], [0], random.Random(2))
        going = await c.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}], seed=8)
        await play(c, going["game"], [0], random.Random(3), stop_after=2)
        for _ in range(200):
            if [g["game"] for g in (await c.patient("games"))["games"]] == [going["game"]]:
                break
            await asyncio.sleep(0.1)
        assert [g["game"] for g in (await c.patient("games"))["games"]] == [going["game"]]
        card = await c.patient("card")
        assert card["games"] == 1  # counted before it went, and kept
        status, _, text = get(srv.url, "/metrics")
        assert figures(text)[("fate_games_pruned_total", ())] == 1
        await c.close()

    asyncio.run(main())
    import sqlite3

    with sqlite3.connect(db) as con:
        for table in ("games", "seats", "moves", "tables", "standings"):
            games = {r[0] for r in con.execute(f"SELECT {'id' if table == 'games' else 'game'} FROM {table}")}
            assert len(games) <= 1, table  # only the game still played
