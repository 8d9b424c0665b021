"""Host on this computer (fate/net/hosting.py) never starts a second server beside a running
one (issue 43, item 5): one SQLite file, one server process."""

from __future__ import annotations

import asyncio
import threading

import pytest

from fate.net import hosting
from fate.net.client import Client
from tests.server.conftest import ServerProcess


@pytest.fixture
def user(tmp_path, monkeypatch):
    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path / "host-user"))
    started: list[hosting.Host] = []
    yield started
    for h in started + [hosting.running_host()]:
        if h is not None:
            h.stop()


async def games_answered(url: str) -> bool:
    c = await Client(url).connect()
    answer = await c.request("games", tokens=["x" * 16])
    await c.close()
    return answer["type"] == "games"


def test_a_second_server_on_one_sqlite_file_refuses_to_start_and_the_first_serves_on(tmp_path):
    db = f"sqlite:{tmp_path / 's.sqlite'}"
    first = ServerProcess(db, "--ai-workers", "0").start()
    try:
        with pytest.raises(RuntimeError, match=r"stopped before listening \(exit 3\)"):
            ServerProcess(db, "--ai-workers", "0").start()
        assert asyncio.run(games_answered(first.url))
    finally:
        first.stop()
    again = ServerProcess(db, "--ai-workers", "0").start()  # the lock went with the first
    again.stop()


def test_two_windows_hosting_at_once_share_one_server(user):
    hosts: list[hosting.Host | BaseException] = []

    def start() -> None:
        try:
            hosts.append(hosting.start_host(0))
        except BaseException as e:  # noqa: BLE001 - asserted below
            hosts.append(e)

    threads = [threading.Thread(target=start) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    user.extend(h for h in hosts if isinstance(h, hosting.Host))
    a, b = hosts
    assert isinstance(a, hosting.Host) and isinstance(b, hosting.Host), hosts
    assert (a.pid, a.port) == (b.pid, b.port) and a.alive()
    assert hosting.running_host().pid == a.pid
    assert asyncio.run(games_answered(a.url))
    # both windows started a server: the second saw the first hold host.sqlite and stepped aside
    assert (hosting.user_dir() / "host.log").read_text().count("one SQLite file serves one process") == 1


def test_hosting_again_while_a_server_runs_finds_it_by_its_lock_when_host_json_is_lost(user):
    first = hosting.start_host(0)
    user.append(first)
    hosting._record().unlink()  # host.json lost (or never written): the lock on host.sqlite names the server
    again = hosting.start_host(0)
    assert (again.pid, again.port) == (first.pid, first.port) and again.proc is None
    assert first.alive() and asyncio.run(games_answered(first.url))


def test_a_lock_file_left_by_a_server_gone_names_no_server(user):
    first = hosting.start_host(0)
    first.proc.kill()  # SIGKILL: the lock goes with it, the file and its words stay
    first.proc.wait(10)
    hosting._record().unlink()
    assert (hosting.user_dir() / "host.sqlite.lock").read_text().strip()
    assert hosting.running_host() is None
    second = hosting.start_host(0)
    user.append(second)
    assert second.pid != first.pid and asyncio.run(games_answered(second.url))


def test_the_hosting_window_record_names_a_live_window_only_with_its_process_start(user):
    """host-window.json is read as untrusted: a window of another process hosts only if that
    process runs and started when the record says (a bare number may have been reused since);
    in this process, only while the window has not let go. Anything else in the file means
    nobody, never an error."""
    import json
    import os

    from fate.ground import oscompat

    record = hosting.user_dir() / "host-window.json"
    record.parent.mkdir(parents=True, exist_ok=True)
    parent = os.getppid()
    cases = {json.dumps({"pid": parent, "window": "w"}): False,  # no start time
             json.dumps({"pid": parent, "window": "w", "birth": "then"}): False,  # another process since
             json.dumps({"pid": parent, "window": "w", "birth": oscompat.process_birth(parent)}): True,
             json.dumps({"pid": "1", "window": "w"}): False, json.dumps({"pid": True, "window": "w", "birth": "x"}): False, "[1, 2]": False, "{": False, "": False}
    for text, hosted in cases.items():
        record.write_text(text)
        assert hosting.hosted_elsewhere("me") is hosted, text
    hosting.claim_window("a")
    assert hosting.hosted_elsewhere("b") and not hosting.hosted_elsewhere("a")
    hosting.release_window("a")
    assert not hosting.hosted_elsewhere("b") and not record.exists()
