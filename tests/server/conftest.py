"""Real server processes on loopback for the integration tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    def __init__(self, db: str, *args: str) -> None:
        self.db, self.args = db, args
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> ServerProcess:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "fate.server", "--port", "0", "--db", self.db,
                                      *self.args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
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
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def servers():
    """start(db, *args) -> a running ServerProcess; all are stopped after the test."""
    started: list[ServerProcess] = []

    def start(db: str, *args: str) -> ServerProcess:
        s = ServerProcess(db, *args).start()
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()
