"""A throw-away PostgreSQL cluster in a temporary folder, for the bench and the tests.

    with TempCluster() as pg:
        pg.dsn  # postgresql://fate@127.0.0.1:PORT/postgres

Uses the server binaries on the PATH or in /usr/lib/postgresql/*/bin
(Debian's ``postgresql`` package). PostgreSQL refuses to run as root: as
root the cluster belongs to the ``postgres`` user and its commands run
through ``runuser``. It listens on 127.0.0.1 only, trusts local connections
(it holds nothing but test games) and is deleted when stopped.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class TempCluster:
    def __init__(self, port: int | None = None) -> None:
        found = binaries()
        if found is None:
            raise RuntimeError("no PostgreSQL server binaries (install Debian's postgresql package)")
        self.bin: Path = found
        self.port = port or free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="fate-pg-"))
        self.data = self.folder / "data"
        self.as_root = os.geteuid() == 0 if hasattr(os, "geteuid") else False
        self.dsn = f"postgresql://fate@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str) -> None:
        full = [str(self.bin / cmd[0]), *cmd[1:]]
        if self.as_root:
            full = ["runuser", "-u", "postgres", "--", *full]
        subprocess.run(full, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def start(self) -> TempCluster:
        if self.as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "fate", "--auth=trust", "-E", "UTF8", "--no-sync")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w", "-t", "60", "-o",
                  f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200", "start")
        return self

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> TempCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


if __name__ == "__main__":  # python -m fate.server.pgtemp: a cluster until Enter is pressed
    with TempCluster() as pg:
        print(pg.dsn, flush=True)
        input()
