"""A community server as docs/server.md sets it up, really started: Debian's nginx with the
document's own configuration block (only its three addresses moved to free ports) in front of
two server processes on one PostgreSQL. A game is played through nginx, one process is killed
in the middle of it, and the players reconnect through nginx to the other and play to the end.

A release test (.ci/run installs nginx and starts PostgreSQL): it needs Debian's nginx binary.
"""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from fate.net.client import Client, ServerError, play
from tests.server.conftest import ServerProcess

pytestmark = pytest.mark.release
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def documented_block() -> str:
    """The nginx block of docs/server.md's "nginx in front of two processes", as written."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    section = text.split("### nginx in front of two processes", 1)[1]
    return re.search(r"```nginx\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def nginx_front(tmp_path, pg_dsn):
    """(nginx's URL, [process A, process B]) with the document's configuration."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(nginx).exists(), "Debian's nginx is needed (.ci/run installs it)"
    a, b, front = free_port(), free_port(), free_port()
    block = documented_block()
    assert block.count("127.0.0.1:8765") == 1 and block.count("127.0.0.1:8766") == 1 and "listen 80;" in block
    block = (block.replace("127.0.0.1:8765", f"127.0.0.1:{a}").replace("127.0.0.1:8766", f"127.0.0.1:{b}")
             .replace("listen 80;", f"listen 127.0.0.1:{front};"))
    (tmp_path / "logs").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(f"""
daemon off;
worker_processes 1;
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/logs/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {tmp_path}/logs/access.log;
    client_body_temp_path {tmp_path}/body;
    proxy_temp_path {tmp_path}/proxy;
    fastcgi_temp_path {tmp_path}/fastcgi;
    uwsgi_temp_path {tmp_path}/uwsgi;
    scgi_temp_path {tmp_path}/scgi;
{block}
}}
""")
    check = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(conf)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    procs = [ServerProcess(pg_dsn, "--ai-workers", "0", "--host", "127.0.0.1", "--trusted-proxy", "127.0.0.1",
                           log=tmp_path / f"server-{port}.log") for port in (a, b)]
    for proc, port in zip(procs, (a, b), strict=True):
        proc.args = (*proc.args, "--port", str(port))  # the document's ports, moved (a later flag wins)
        proc.start()
    front_proc = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(conf)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True)
    url = f"ws://127.0.0.1:{front}/"
    for _ in range(100):  # listening
        try:
            with urllib.request.urlopen(url.replace("ws://", "http://") + "health", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        time.sleep(0.1)
    try:
        yield url, procs
    finally:
        front_proc.terminate()
        front_proc.wait(10)
        for proc in procs:
            proc.stop()


async def reconnecting_player(url: str, key: Ed25519PrivateKey, game: str, seats: list[int],
                              rng: random.Random) -> dict:
    """Play ``seats`` through nginx to the end, taking them up again by identity whenever the
    connection drops (its process killed)."""
    for _ in range(20):
        c = await Client(url).connect()
        try:
            await c.identify(key)
            await c.patient("join", game=game)
            end = await play(c, game, seats, rng)
        except (ConnectionError, OSError, ServerError):
            end = None
        finally:
            await c.close()
        if end is not None:
            return end
        await asyncio.sleep(0.3)
    raise AssertionError("the player could not reconnect through nginx")


def test_a_game_through_nginx_goes_on_when_one_of_two_processes_is_killed(nginx_front):
    url, procs = nginx_front
    ann, bob = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()

    async def main() -> None:
        host = await Client(url).connect()
        await host.identify(ann)
        made = await host.patient("create", seats=[{"kind": "host"}, {"kind": "remote"},
                                                   {"kind": "ai", "level": "random"}])
        friend = await Client(url).connect()
        await friend.identify(bob)
        await friend.patient("claim", code=made["invites"][0]["code"])
        gid = made["game"]
        # a few choices each, through nginx, then one process dies in the middle of the game
        both = [asyncio.ensure_future(play(host, gid, [0], random.Random(1), think=0.05)),
                asyncio.ensure_future(play(friend, gid, [1], random.Random(2), think=0.05))]
        await asyncio.sleep(1.0)
        for t in both:
            t.cancel()
        await asyncio.gather(*both, return_exceptions=True)
        assert host.states[(gid, 0)]["decision"] >= 4 and not host.states[(gid, 0)]["view"]["over"]
        procs[0].kill()  # nginx gave the two connections one to each process: one of them is cut now
        await asyncio.sleep(2.0)
        assert host.closed.is_set() != friend.closed.is_set()
        await host.close()
        await friend.close()
        ends = await asyncio.gather(reconnecting_player(url, ann, gid, [0], random.Random(3)),
                                    reconnecting_player(url, bob, gid, [1], random.Random(4)))
        assert all(e["view"]["over"] for e in ends)
        assert ends[0]["decision"] == ends[1]["decision"]
        assert procs[1].proc is not None and procs[1].proc.poll() is None  # the other served them to the end

    asyncio.run(main())
