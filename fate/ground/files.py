"""Files written whole: a temporary file in the same folder, flushed to the disk and renamed
over the old one, so that a crash or a full disk never leaves half a save, settings file or
report. Below everything (the engine's saves, the records, the router's memory use it)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["backup_path", "write_bytes", "write_save"]


def write_save(data: dict[str, Any], path: str | Path, backup: bool = False) -> None:
    """``data`` as JSON, written whole (``write_bytes``)."""
    write_bytes(path, json.dumps(data, separators=(",", ":")).encode("utf-8"), backup)


def write_bytes(path: str | Path, data: bytes, backup: bool = False) -> None:
    """Write atomically: a temporary file in the same folder, flushed to the disk,
    then renamed over the old one, so that a file is always whole. With ``backup``
    the previous file is kept beside it as ``NAME.bak``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if backup and path.exists():
            os.replace(path, backup_path(path))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def backup_path(path: str | Path) -> Path:
    path = Path(path)
    return path.with_name(path.name + ".bak")


def _sync_folder(folder: Path) -> None:
    """Make the renames themselves durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
