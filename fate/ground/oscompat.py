"""What differs between Windows, macOS and Linux, in one place.

- which system this is, by the name the release files carry
  (``windows``, ``macos``, ``linux``);
- what an executable is called there (``.exe`` on Windows);
- reading a child process's output with a time limit. ``selectors`` on a
  pipe works on POSIX only (Windows' ``select`` takes sockets alone and
  fails with WinError 10038), so a thread reads the pipe into a queue and the
  caller waits on the queue: the same code on every system.

- a child that outlives the window (the game's own server, hosting in the
  background): ``detached()`` gives the ``Popen`` arguments that keep it out
  of the window's process group (no Ctrl+C, no hang-up when the window goes).

- file locks: ``try_lock(fd)`` takes an exclusive lock on an open file
  without waiting and says whether it got it; the system drops it when the
  process ends, however it ends (killed included). POSIX has ``flock``;
  Windows ``msvcrt.locking`` on the file's first byte.

- a child that must not outlive its parent (the server's AI workers, the table's AI worker):
  ``die_with_parent()``, called in the child, ends it when its parent ends,
  however the parent ends (SIGKILL included). Everywhere a watchdog thread
  waits on ``multiprocessing.parent_process()``'s sentinel (a process handle
  on Windows, a pipe whose other end only the parent held on POSIX) and exits
  the moment it fires; on Linux the kernel also sends SIGKILL at the parent's
  death (``prctl(PR_SET_PDEATHSIG)``), which needs no thread of the child to
  run. multiprocessing's resource tracker (POSIX) ends by itself once every
  process that held its pipe has: the parent and these children.

- a desktop notification ("Your turn", fate/ui/online/knock.py): ``notify(title, body)`` runs
  the system's own way of showing one, without waiting for it: ``notify-send`` on Linux and
  the BSDs (libnotify, over D-Bus to the desktop's notification daemon), ``osascript``'s
  ``display notification`` on macOS, and a balloon from the taskbar's notification area on
  Windows (PowerShell with System.Windows.Forms, the text passed in the environment, never
  in the command). Where none is found it says so (False) and the game carries on.

The rest is already the same everywhere and needs nothing here: killing a
child (``Popen.kill`` is SIGKILL on POSIX, TerminateProcess on Windows), the user's folders
(platformdirs, ``fate/ground/paths.py``) and replacing a file (``os.replace``).
"""

from __future__ import annotations

import os
import queue
import sys
import threading
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    import subprocess
    from multiprocessing.process import BaseProcess

SYSTEMS = {"win32": "windows", "cygwin": "windows", "darwin": "macos", "linux": "linux"}


def system(platform: str | None = None) -> str:
    """``windows``, ``macos`` or ``linux`` (another POSIX system keeps its own name)."""
    platform = sys.platform if platform is None else platform
    for prefix, name in SYSTEMS.items():
        if platform.startswith(prefix):
            return name
    return platform


def executable_name(name: str, platform: str | None = None) -> str:
    """The file name of a program called ``name`` on that system."""
    return name + (".exe" if system(platform) == "windows" else "")


class LineReader:
    """The lines a child writes to a pipe, each waited for at most a given time.

    A daemon thread reads the pipe to its end and puts every line, then ``""``
    for the end, on a queue; ``readline(timeout)`` returns a line, ``""`` once
    the pipe has ended, or ``None`` when nothing came in time.
    """

    def __init__(self, pipe: IO[str]) -> None:
        self._lines: queue.Queue[str] = queue.Queue()
        self._ended = False
        self._thread = threading.Thread(target=self._pump, args=(pipe,), name="pipe-reader", daemon=True)
        self._thread.start()

    def _pump(self, pipe: IO[str]) -> None:
        try:
            for line in pipe:
                self._lines.put(line)
        except (OSError, ValueError):  # the pipe was closed under us: that is its end
            pass
        finally:
            self._lines.put("")

    def readline(self, timeout: float) -> str | None:
        if self._ended:
            return ""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line == "":
            self._ended = True
        return line

    def join(self, timeout: float) -> None:
        """Wait for the reading thread (after the child has gone and its pipe closed)."""
        self._thread.join(timeout)


def end_process(proc: subprocess.Popen[Any], grace: float = 10.0) -> None:
    """Ask a child to stop (SIGTERM; TerminateProcess on Windows), and kill it if it has not
    within ``grace`` seconds."""
    import subprocess

    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(grace)


def detached() -> dict[str, Any]:
    """``subprocess.Popen`` keywords for a child that keeps running when its parent ends."""
    if sys.platform == "win32":  # os.name == "nt", said so that the type checker knows
        import subprocess

        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP | subprocess.DETACHED_PROCESS}
    return {"start_new_session": True}


def process_birth(pid: int) -> str | None:
    """When process ``pid`` started, as a string to compare with one recorded earlier (the
    same process gives the same string; a later process given the same number, another),
    "" when it runs but its start cannot be read here, None when no such process runs."""
    if not 0 < pid < 2**31:  # no system gives a process such a number
        return None
    if os.name == "nt":
        return _windows_birth(pid)
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:  # Linux: field 22, counted after the name
            fields = f.read().rsplit(b")", 1)[1].split()
        return None if fields[0] in (b"Z", b"X") else fields[19].decode("ascii")
    except FileNotFoundError:
        return None
    except (OSError, IndexError, UnicodeDecodeError):
        return _ps_birth(pid)  # no /proc here (macOS, the BSDs)


def _ps_birth(pid: int) -> str | None:
    """``process_birth`` where there is no /proc: ps prints the start time and the state."""
    import subprocess

    try:
        out = subprocess.run(["ps", "-o", "lstart=,stat=", "-p", str(pid)], capture_output=True, text=True,
                             timeout=10, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        out = None
    if out is not None and out.returncode in (0, 1):
        text = out.stdout.strip()
        return text.rsplit(None, 1)[0] if text and not text.rsplit(None, 1)[-1].startswith("Z") else None
    try:  # no ps either: whether it runs, not since when
        os.kill(pid, 0)
    except PermissionError:
        return ""
    except OSError:
        return None
    return ""


def _windows_birth(pid: int) -> str | None:
    if sys.platform != "win32":  # called on Windows only (os.name == "nt"); tells the type checker
        return None
    import ctypes
    from ctypes import wintypes

    k32 = ctypes.WinDLL("kernel32", use_last_error=True)
    k32.OpenProcess.argtypes = (wintypes.DWORD, wintypes.BOOL, wintypes.DWORD)
    k32.OpenProcess.restype = wintypes.HANDLE
    k32.GetExitCodeProcess.argtypes = (wintypes.HANDLE, ctypes.POINTER(wintypes.DWORD))
    k32.GetProcessTimes.argtypes = (wintypes.HANDLE, *[ctypes.POINTER(wintypes.FILETIME)] * 4)
    k32.CloseHandle.argtypes = (wintypes.HANDLE,)
    handle = k32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return "" if ctypes.get_last_error() == 5 else None  # 5: access denied (it runs, as another user)
    try:
        code = wintypes.DWORD()
        if not k32.GetExitCodeProcess(handle, ctypes.byref(code)) or code.value != 259:  # STILL_ACTIVE
            return None
        times = [wintypes.FILETIME() for _ in range(4)]
        if not k32.GetProcessTimes(handle, *[ctypes.byref(t) for t in times]):
            return ""
        return str(times[0].dwHighDateTime << 32 | times[0].dwLowDateTime)
    finally:
        k32.CloseHandle(handle)


def stop_process(pid: int) -> None:
    """Ask process ``pid`` (not a child of this one) to stop: SIGTERM, TerminateProcess on
    Windows. Check ``process_birth`` first: a number may have been given to another process."""
    import signal

    try:
        os.kill(pid, signal.SIGTERM)
    except OSError:
        pass  # gone already


# ---------------------------------------------------------------- children that end with their parent
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def die_with_parent(kernel: bool = True) -> None:
    """In a child started by ``multiprocessing``: end this process as soon as its parent ends.
    ``kernel=False`` leaves out Linux's PR_SET_PDEATHSIG (the tests try the watchdog alone,
    as macOS and Windows have it)."""
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is None:  # not a multiprocessing child: nothing to watch
        return
    if kernel and system() == "linux" and parent.pid is not None:  # a started parent has its pid
        _linux_death_signal(parent.pid)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _linux_death_signal(parent_pid: int) -> None:
    """SIGKILL from the kernel when the thread that started this process ends (the server's
    event loop thread: the process's life)."""
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):  # no prctl here (a libc without it): the watchdog still holds
        return
    if os.getppid() != parent_pid:  # the parent died before prctl took: nobody would signal
        os._exit(1)


def _watch_parent(parent: BaseProcess) -> None:
    parent.join()  # returns when the sentinel fires: the parent is gone
    os._exit(1)


# ---------------------------------------------------------------- file locks
WINDOWS = os.name == "nt"  # msvcrt exists there only (not under Cygwin, whose system() says windows)

if sys.platform == "win32":  # WINDOWS, said so that the type checker knows
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
        """False if another process holds the lock; OSError if this file system has no locks."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except (BlockingIOError, PermissionError):
            return False
        return True

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


# ---------------------------------------------------------------- desktop notifications
APP_NAME = "Fate of the Elder Gods"
WINDOWS_BALLOON = (
    "Add-Type -AssemblyName System.Windows.Forms; Add-Type -AssemblyName System.Drawing; "
    "$n = New-Object System.Windows.Forms.NotifyIcon; $n.Icon = [System.Drawing.SystemIcons]::Information; "
    "$n.Visible = $true; $n.ShowBalloonTip(8000, $env:FATE_NOTE_TITLE, $env:FATE_NOTE_BODY, 'Info'); "
    "Start-Sleep -Seconds 9; $n.Dispose()"
)


def notify_command(title: str, body: str, platform: str | None = None) -> tuple[list[str], dict[str, str]] | None:
    """The command that shows a desktop notification on this system, and what it needs added
    to the environment; None when the system has none we know of."""
    import shutil

    name = system(platform)
    if name == "windows":
        shell = shutil.which("powershell") or shutil.which("pwsh")
        if shell is None:
            return None
        return ([shell, "-NoProfile", "-NonInteractive", "-WindowStyle", "Hidden", "-Command", WINDOWS_BALLOON],
                {"FATE_NOTE_TITLE": title, "FATE_NOTE_BODY": body})
    if name == "macos":
        tool = shutil.which("osascript")
        if tool is None:
            return None
        script = ("on run argv\n display notification (item 2 of argv) with title (item 1 of argv)\nend run")
        return [tool, "-e", script, title, body], {}
    tool = shutil.which("notify-send")
    if tool is None:
        return None
    return [tool, f"--app-name={APP_NAME}", "--", title, body], {}


def notify(title: str, body: str) -> bool:
    """Show a desktop notification without waiting for it; whether one was asked of the system."""
    import subprocess

    found = notify_command(title, body)
    if found is None:
        return False
    command, extra = found
    try:
        subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         env=dict(os.environ, **extra) if extra else None, **detached())
    except OSError:
        return False
    return True
