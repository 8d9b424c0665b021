"""One process a SQLite file: a server on SQLite holds an exclusive lock on ``PATH.lock``
beside its file while it lives (the system lets go however the process ends, SIGKILL
included), so a second server on the same file refuses to start rather than share it.

Once listening, the holder writes who it is into the lock file, after its first byte
(the byte Windows locks, which no other process may read there): one space, then
``{"pid": ..., "port": ..., "birth": ...}`` (``birth``: fate.ground.oscompat.process_birth of
the holder). The game's Host on this computer (fate/net/hosting.py) finds a running
server by it when its own record is gone; it believes the file only while the lock
is held.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from fate.ground.oscompat import process_birth, try_lock

FREE = -1  # a store that needs no lock (PostgreSQL), or a folder where none can be had


def lock_file(db_path: str | Path) -> Path:
    path = Path(db_path)
    return path.with_name(path.name + ".lock")


def hold(db: str) -> int | None:
    """For ``sqlite:PATH``: the open lock file, locked for as long as this process lives; None
    when another process holds it. ``FREE`` for PostgreSQL, or where no lock can be had (a
    folder not to be written, a file system without locks): the server runs unlocked then."""
    if db.startswith(("postgresql:", "postgres:")):
        return FREE
    path = Path(db.removeprefix("sqlite:"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_file(path), os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError:
        return FREE
    try:
        got = try_lock(fd)
    except OSError:  # no locks on this file system
        os.close(fd)
        return FREE
    if got:
        return fd  # never closed: the lock goes with the process
    os.close(fd)
    return None


def announce(fd: int | None, port: int) -> None:
    """Write into the held lock file which process holds it and on which port it listens."""
    if fd is None or fd == FREE:
        return
    me = {"pid": os.getpid(), "port": port, "birth": process_birth(os.getpid()) or ""}
    data = b" " + json.dumps(me).encode("ascii")
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, data)
        os.ftruncate(fd, len(data))
    except OSError:
        pass  # only finding it through the file is lost
