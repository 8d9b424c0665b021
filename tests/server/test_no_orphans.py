"""No orphans (issue 43, item 5): every process the server starts (its AI workers, and
multiprocessing's resource tracker) ends with the server, however the server ends."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from pathlib import Path

from fate.ground.oscompat import process_birth
from fate.net.client import Client

HARD_GAME = [{"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "hard"}]


def parents() -> list[tuple[int, int]]:
    """(process, its parent) for every process: Linux's /proc, else ps (macOS), else Windows'
    process table."""
    if Path("/proc/self/stat").exists():
        pairs = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()
                except OSError:
                    continue  # ended while we looked
                pairs.append((int(entry.name), int(fields[1])))
        return pairs
    if os.name == "nt":
        cmd = ["powershell", "-NoProfile", "-Command",
               "Get-CimInstance Win32_Process | ForEach-Object { \"$($_.ProcessId) $($_.ParentProcessId)\" }"]
    else:
        cmd = ["ps", "-A", "-o", "pid=,ppid="]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=True).stdout
    return [(int(a), int(b)) for a, b in (line.split() for line in out.splitlines() if line.strip())]


def descendants(pid: int) -> dict[int, str]:
    """Every process whose parent chain leads to ``pid``, with its birth."""
    children: dict[int, list[int]] = {}
    for p, parent in parents():
        children.setdefault(parent, []).append(p)
    found: dict[int, str] = {}
    todo = list(children.get(pid, []))
    while todo:
        p = todo.pop()
        birth = process_birth(p)
        if birth is not None:
            found[p] = birth
        todo += children.get(p, [])
    return found


def still_running(procs: dict[int, str]) -> dict[int, str]:
    """Those of ``procs`` that still run (the same processes: a number given again since is not)."""
    return {p: b for p, b in procs.items() if process_birth(p) == b}


def server_with_thinking_workers(servers, tmp_path) -> tuple[object, dict[int, str]]:
    """A server whose two AI workers are deciding Hard moves, with its children."""
    srv = servers(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "2", "--hard-seconds", "5")

    async def main():
        c = await Client(srv.url).connect()
        for _ in range(2):  # two games of Hard AIs only: both workers search at once
            await c.request("create", seats=HARD_GAME)
        await c.close()

    asyncio.run(main())
    end = time.monotonic() + 60
    kids = descendants(srv.proc.pid)
    want = 2 if os.name == "nt" else 3  # two workers, and on POSIX the resource tracker
    while len(kids) < want and time.monotonic() < end:
        time.sleep(0.2)
        kids = descendants(srv.proc.pid)
    assert len(kids) >= want, kids
    time.sleep(1.0)  # well inside a Hard search
    return srv, kids


def gone_within(kids: dict[int, str], seconds: float) -> dict[int, str]:
    end = time.monotonic() + seconds
    left = still_running(kids)
    while left and time.monotonic() < end:
        time.sleep(0.1)
        left = still_running(kids)
    return left


def test_a_sigkilled_server_leaves_none_of_its_processes_after_5_s(servers, tmp_path):
    srv, kids = server_with_thinking_workers(servers, tmp_path)
    srv.kill()
    assert gone_within(kids, 5.0) == {}


def test_a_server_stopped_by_sigterm_leaves_none_of_its_processes_after_5_s(servers, tmp_path):
    srv, kids = server_with_thinking_workers(servers, tmp_path)
    os.kill(srv.proc.pid, signal.SIGTERM)
    assert gone_within(kids, 5.0) == {}
    srv.proc.wait(10)
