"""Real server processes on loopback for the integration tests."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from fate.ground.oscompat import end_process

ROOT = Path(__file__).resolve().parents[2]
# The tests play many games from one address (loopback): no limit per address unless a test
# gives its own (a later flag wins; tests/server/test_limits.py lowers them).
NO_ADDRESS_LIMITS = ("--max-connections", "0", "--max-games", "0", "--max-claims", "0", "--max-guesses", "0",
                     "--max-hints", "0", "--max-seat-hints", "0", "--max-ai-games", "0", "--max-joins", "0",
                     "--max-lists", "0", "--max-identities", "0")


class ServerProcess:
    def __init__(self, db: str, *args: str, log: Path | None = None, address_limits: bool = False) -> None:
        """``address_limits``: the server's own limits per address (else none but the test's flags)."""
        self.db, self.args, self.log = db, args, log
        self.roomy = () if address_limits else NO_ADDRESS_LIMITS
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> ServerProcess:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "fate.server", "--port", "0", "--db", self.db,
                                      *self.roomy, *self.args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=open(self.log, "a") if self.log else subprocess.DEVNULL, text=True)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the server stopped before listening (exit {self.proc.wait()})")
            if line.startswith("listening on "):
                self.url = line.split()[2]
                return self
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None:
            end_process(self.proc)


@pytest.fixture
def servers():
    """start(db, *args, log=None, address_limits=False) -> a running ServerProcess; all are
    stopped after the test."""
    started: list[ServerProcess] = []

    def start(db: str, *args: str, log: Path | None = None, address_limits: bool = False) -> ServerProcess:
        s = ServerProcess(db, *args, log=log, address_limits=address_limits).start()
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


@contextlib.contextmanager
def worker_database(dsn: str, name: str):
    """A fresh database ``name`` on the server of ``dsn`` (a postgresql:// URL), dropped after."""
    import psycopg

    assert name.isidentifier(), name
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield urlunsplit(urlsplit(dsn)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def pg_dsn():
    """A PostgreSQL database for the tests: FATE_TEST_PG_DSN (set by .ci/run), else a throw-away
    cluster of this machine's binaries. In CI a missing database is a failure, never a skip."""
    dsn = os.environ.get("FATE_TEST_PG_DSN")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if dsn and worker:
        # Each test worker has a database of its own on that server: a game another
        # worker's test left waiting on an AI must never reach this worker's servers.
        with worker_database(dsn, f"fate_test_{worker}") as own:
            yield own
        return
    if dsn:
        yield dsn
        return
    if os.environ.get("CI") == "true":
        pytest.fail("FATE_TEST_PG_DSN is not set: CI must run the PostgreSQL tests (see .ci/run)")
    from fate.server.pgtemp import TempCluster, binaries

    if binaries() is None:
        pytest.skip("no PostgreSQL here and FATE_TEST_PG_DSN not set (CI sets it; see .ci/run)")
    with TempCluster() as pg:
        yield pg.dsn
