"""Moderation against a real server process (fate/server/moderation.py, fate/server/admin.py): a
player reports a line and a player; the operator, with ``python -m fate.server admin``, reads the
report, mutes, bans and lifts an identity, bans an address, closes a game and reads the log; and
each takes hold on the server within seconds, said to the player in one line."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from fate.net.client import Client, ServerError, within
from tests.server.test_identity import error_of

ROOT = Path(__file__).resolve().parents[2]


def admin(db: str, *args: str) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "fate.server", "admin", "--db", db, "--as", "mod1", *args],
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          timeout=60)
    return done.returncode, done.stdout, done.stderr


async def until_refused(aw_factory, code: str, seconds: float = 15.0) -> ServerError:
    """The first refusal ``code`` of a request made again and again (each process reads what is
    in force every few seconds)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            await aw_factory()
        except ServerError as e:
            if e.code == code:
                return e
        await asyncio.sleep(0.5)
    raise AssertionError(f"never refused {code}")


def test_a_report_a_mute_a_ban_a_lift_and_a_closed_game(servers, tmp_path):
    db = f"sqlite:{tmp_path / 's.sqlite'}"
    srv = servers(db, "--ai-workers", "0")
    ann_key, bob_key = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()

    async def main() -> None:
        ann = await Client(srv.url, record=True).connect()
        await ann.identify(ann_key)
        made = await ann.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
        gid = made["game"]
        bob = await Client(srv.url, record=True).connect()
        bob_id = (await bob.identify(bob_key))["player"]
        bob_token = (await bob.request("claim", code=made["invites"][0]["code"], name="Bob"))["token"]
        said = await bob.request("chat", game=gid, text="you play like a drowned rat")
        line = said["lines"][0]["n"]
        # reports: of a line, of a player; never by someone not at the table, never of a line not said
        rep = await ann.request("report", game=gid, seat=1, line=line, reason="insults")
        await ann.request("report", game=gid, seat=1)
        stranger = await Client(srv.url).connect()
        assert (await error_of(stranger.request("report", game=gid, seat=1))).code == "not_your_seat"
        assert (await error_of(ann.request("report", game=gid, seat=1, line=line + 5))).code == "bad_message"

        code, out, err = await asyncio.to_thread(admin, db, "reports")
        assert code == 0, err
        assert rep["id"] in out and "drowned rat" in out and bob_id in out and "insults" in out

        code, out, _ = await asyncio.to_thread(admin, db, "mute", "identity", bob_id, "--for", "1h",
                                               "--reason", "rude talk")
        assert code == 0 and out.startswith("mute ")
        mute_id = out.split()[1].rstrip(":")
        e = await until_refused(lambda: bob.request("chat", game=gid, text="sorry"), "muted")
        assert "rude talk" in e.message and "until" in e.message
        assert (await bob.request("games"))["games"]  # a muted player plays on
        code, out, _ = await asyncio.to_thread(admin, db, "lift", mute_id)
        assert code == 0
        end = time.monotonic() + 15
        while True:  # talks again once every process has read the lift
            try:
                await bob.request("chat", game=gid, text="sorry, really")
                break
            except ServerError as e:  # (lines said before the mute took hold may still count for the rate)
                assert e.code in ("muted", "rate_limited") and time.monotonic() < end
                await asyncio.sleep(0.5)

        code, out, _ = await asyncio.to_thread(admin, db, "ban", "identity", bob_id, "--for", "7d",
                                               "--reason", "repeated insults")
        assert code == 0
        e = await until_refused(lambda: bob.request("games"), "banned")
        assert "repeated insults" in e.message
        again = await Client(srv.url).connect()
        e = await error_of(again.identify(bob_key))  # a new connection as Bob: refused at once
        assert e.code == "banned" and "repeated insults" in e.message
        # nor do the tokens Bob kept open his seat, on a connection that proves nobody
        tokened = await Client(srv.url).connect()
        e = await error_of(tokened.request("join", game=gid, token=bob_token))
        assert e.code == "banned" and "repeated insults" in e.message
        await tokened.close()
        assert (await ann.request("games"))["games"]  # Ann is not touched

        code, out, _ = await asyncio.to_thread(admin, db, "close", gid, "--reason", "abandoned after a fight")
        assert code == 0
        await ann.until(lambda: any(m.get("code") == "closed" for m in ann.got("error")), 15)
        closed = next(m for m in ann.got("error") if m.get("code") == "closed")
        assert "abandoned after a fight" in closed["message"]
        assert (await error_of(ann.request("join", game=gid))).code == "bad_token"  # gone for everyone

        code, out, _ = await asyncio.to_thread(admin, db, "log")
        assert code == 0 and [ln.split()[4] for ln in out.splitlines()] == ["close", "ban", "lift", "mute"]
        assert all(" mod1 " in ln for ln in out.splitlines())
        for c in (ann, bob, stranger, again):
            await c.close()

    asyncio.run(main())


def test_a_banned_address_is_refused_at_the_door_in_one_line(servers, tmp_path):
    db = f"sqlite:{tmp_path / 's.sqlite'}"
    srv = servers(db, "--ai-workers", "0", "--trusted-proxy", "127.0.0.1")
    code, out, err = admin(db, "ban", "address", "203.0.113.5", "--for", "2h", "--reason", "flooding")
    assert code == 0, err
    assert admin(db, "ban", "address", "not-an-address", "--for", "2h")[0] != 0
    assert admin(db, "ban", "identity", "x", "--for", "forever")[0] == 2  # a time it cannot read
    code, _, err = admin(db, "close", "--", "-an-old-id")  # an id beginning with a dash, after --
    assert code == 1 and "no game -an-old-id" in err

    async def main() -> None:
        end = time.monotonic() + 15
        while True:
            c = await Client(srv.url, record=True, headers={"X-Forwarded-For": "203.0.113.5"}).connect()
            try:
                await within(c.closed.wait(), 1.0)
            except TimeoutError:
                await c.close()  # served still: the ban is not read yet
            if c.got("error"):
                break
            assert time.monotonic() < end
            await asyncio.sleep(0.5)
        (said,) = c.got("error")
        assert said["code"] == "banned" and "flooding" in said["message"]
        other = await Client(srv.url, headers={"X-Forwarded-For": "203.0.113.6"}).connect()
        assert (await other.request("lobby"))["games"] == []  # another address is served
        await other.close()

    asyncio.run(main())
    code, out, _ = admin(db, "sanctions")
    assert code == 0 and "ban address 203.0.113.5" in out
