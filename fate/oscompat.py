"""What differs between Windows, macOS and Linux, in one place.

File locks: ``try_lock(fd)`` takes an exclusive lock on an open file without
waiting and says whether it got it; the system drops the lock when the process
ends, however it ends (killed included), so a lock never outlives its window.
POSIX uses ``flock``; Windows ``msvcrt.locking`` on the file's first byte.
"""

from __future__ import annotations

import os
import sys

WINDOWS = sys.platform == "win32"

if WINDOWS:
    import msvcrt

    def try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass

else:
    import fcntl

    def try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except (BlockingIOError, PermissionError):
            return False
        return True

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
