"""Host on this computer: the game's own server as a child process.

``start_host()`` runs ``fate.server`` with the embedded SQLite store in the
user's data folder (``host.sqlite``), listening on every interface, on port
8765 when it is free (so the address friends remember stays good) or else on
a port the system picks. The child is detached (fate/ground/oscompat.py): closing the
window may leave it hosting in the background; ``Host.stop()`` pauses the game
for everyone (the games stay in the file: hosting again resumes them). A host
started by an earlier window is found again through ``host.json`` (its process
id, when that process started, and its port: a process id the system has given
to another program since is never taken for it, nor stopped). Never a second server
beside a running one: a server holds its SQLite file's lock (``host.sqlite.lock``)
while it lives, so of two windows starting to host at once one server starts; the
other exits at once saying ``database held``, and its window takes the first one
once that one names itself (in ``host.json``, and in the lock file while it holds
the lock: fate/server/dblock.py). What friends
type: ``lan_addresses()`` and the port. For friends in other houses the server asks the
home router to forward its port (``--upnp``, fate/ground/router.py) and writes what the router
said to ``router.json``, which ``Host.router()`` reads for the hosting page; when hosting
stops the mapping goes (``Host.stop()`` takes it back itself if the server could not).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fate.ground import oscompat
from fate.ground.files import write_save
from fate.ground.language import _, ngettext
from fate.ground.paths import bundle_root, user_dir
from fate.ground.router import RouterReport, close_recorded, read_report
from fate.ground.untrusted import InputError, one_line, read_json
from fate.net.mygames import OnlineGame, port_of

DEFAULT_PORT = 8765
START_SECONDS = 60.0


class HostError(RuntimeError):
    """The server could not be started here (one line for the screen)."""


def port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def lan_addresses() -> list[str]:
    """This computer's addresses on its networks (not loopback), the likeliest first."""
    found: list[str] = []
    try:  # the interface a packet to the outside would leave by (nothing is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out = []
    for a in found:
        if not a.startswith("127.") and a != "0.0.0.0" and a not in out:
            out.append(a)
    return out


def server_command(port: int, db: Path) -> list[str]:
    args = ["--host", "0.0.0.0", "--port", str(port), "--db", f"sqlite:{db}", "--ai-workers", "1",
            "--upnp", "--upnp-report", str(router_file()), "--home"]
    if getattr(sys, "frozen", False):  # the packaged game: main.py serves with --serve
        return [sys.executable, "--serve", *args]
    return [sys.executable, "-m", "fate.server", *args]


@dataclass
class Host:
    """A server this game started (now or in an earlier window)."""

    pid: int
    port: int
    proc: subprocess.Popen[str] | None = None  # None: started by an earlier window
    birth: str = ""  # when that process started (oscompat.process_birth): its number may be reused

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def alive(self) -> bool:
        if self.proc is not None:
            return self.proc.poll() is None
        now = oscompat.process_birth(self.pid)
        return now is not None and (now == self.birth or "" in (now, self.birth))

    def router(self) -> RouterReport | None:
        """What the home router said when asked to forward the port (None: not known)."""
        r = read_report(router_file())
        return r if r is not None and r.port == self.port else None

    def stop(self) -> None:
        """Pause every game it holds (they stay in host.sqlite); the router's port is closed."""
        if self.proc is not None:
            oscompat.end_process(self.proc)
        elif self.alive():  # the same process, not another given its number since
            oscompat.stop_process(self.pid)
            for _step in range(50):  # a few seconds for it to close the router's port itself
                if not self.alive():
                    break
                time.sleep(0.1)
        close_recorded(router_file())  # a server ended without a word (Windows) could not
        _forget()


def router_file() -> Path:
    return user_dir() / "router.json"


def _record() -> Path:
    return user_dir() / "host.json"


def _forget() -> None:
    try:
        _record().unlink()
    except OSError:
        pass


def _holder() -> dict[str, Any] | None:
    """What the server holding ``host.sqlite``'s lock says of itself in the lock file (after its
    first byte: fate/server/dblock.py), only while the lock is held; None if nobody holds it."""
    path = user_dir() / "host.sqlite.lock"
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        try:
            if oscompat.try_lock(fd):  # nobody holds it: whatever it says is of a server gone
                oscompat.unlock(fd)
                return None
        except OSError:  # a file system without locks: nothing to believe
            return None
        os.lseek(fd, 1, os.SEEK_SET)
        raw = os.read(fd, 4096)
    except OSError:
        return None
    finally:
        os.close(fd)
    try:
        data = json.loads(raw.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return None
    return data if isinstance(data, dict) else None


# The windows of this process that host the server now (one in the game; tests open several)
_WINDOWS: set[str] = set()


def _window_record() -> Path:
    return user_dir() / "host-window.json"


def claim_window(window: str) -> None:
    """Window ``window`` (an id of its own) hosts this computer's server from now on: it watches it
    and asks on closing. Said in ``host-window.json``, so that no other window offers to take
    the server from it (``hosted_elsewhere``)."""
    _WINDOWS.add(window)
    pid = os.getpid()
    try:
        write_save({"pid": pid, "birth": oscompat.process_birth(pid) or "", "window": window}, _window_record())
    except OSError:
        pass  # another window may then offer to host too: the server itself is never doubled


def release_window(window: str) -> None:
    """Window ``window`` hosts no longer (it kept the server in the background, paused it, closed)."""
    _WINDOWS.discard(window)
    try:
        data = read_json(_window_record(), 4096)
    except InputError:
        return
    if isinstance(data, dict) and data.get("window") == window:
        try:
            _window_record().unlink()
        except OSError:
            pass


def hosted_elsewhere(window: str) -> bool:
    """Whether a live window other than ``window`` hosts this computer's server now (its process
    runs, and in this process the window is still open): then the server is not in the
    background, and no other window offers to host it or pause it."""
    try:
        data = read_json(_window_record(), 4096)
    except InputError:
        return False
    if not (isinstance(data, dict) and type(data.get("pid")) is int and 0 < data["pid"] < 2**31
            and isinstance(data.get("window"), str) and isinstance(data.get("birth", ""), str)):
        return False
    if data["window"] == window:
        return False
    if data["pid"] == os.getpid():
        return data["window"] in _WINDOWS
    birth = data.get("birth", "")[:64]
    return bool(birth) and Host(data["pid"], 0, birth=birth).alive()  # a number alone may be reused


def running_host() -> Host | None:
    """The server an earlier window left hosting in the background, if it still runs (named
    by host.json, or else by the lock it holds on host.sqlite)."""
    try:
        recorded = read_json(_record(), 4096)
    except InputError:
        recorded = None
    for data in (recorded, _holder()):
        if not (isinstance(data, dict) and isinstance(data.get("pid"), int) and isinstance(data.get("port"), int)
                and 0 < data["pid"] < 2**31 and 0 < data["port"] < 65536
                and isinstance(data.get("birth", ""), str)):
            continue
        h = Host(data["pid"], data["port"], birth=data.get("birth", "")[:64])
        if h.alive() and not port_free(h.port):
            return h
    return None


def start_host(port: int | None = None, deadline: float | None = None) -> Host:
    """The game's server on this computer: the one already running, or a new one (on
    ``port``, else 8765 when free, else any free port). HostError, one line, if it fails."""
    old = running_host()
    if old is not None:
        return old
    folder = user_dir()
    folder.mkdir(parents=True, exist_ok=True)
    chosen = port is None  # the default port looked free: another program may take it first
    if port is None:
        port = DEFAULT_PORT if port_free(DEFAULT_PORT) else 0
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(bundle_root()), os.environ.get("PYTHONPATH", "")]))
    try:
        log = open(folder / "host.log", "a", encoding="utf-8")  # noqa: SIM115 - the child keeps writing it
        proc = subprocess.Popen(server_command(port, folder / "host.sqlite"), stdout=subprocess.PIPE,
                                stderr=log, stdin=subprocess.DEVNULL, text=True, env=env, cwd=str(bundle_root()),
                                **oscompat.detached())
        log.close()
    except OSError as e:
        raise HostError(one_line(_("The game's server could not be started: {why}").format(why=e))) from None
    if proc.stdout is None:  # never: its output is a pipe
        raise HostError(_("The game's server could not be started: its output cannot be read."))
    reader = oscompat.LineReader(proc.stdout)
    end = deadline if deadline is not None else time.monotonic() + START_SECONDS
    while time.monotonic() < end:
        line = reader.readline(max(0.1, end - time.monotonic()))
        if line == "":
            if chosen and port and not port_free(port):  # taken between the look and the bind
                return start_host(0, end)
            raise HostError(_("The game's server stopped as it started (see {log}).").format(log=folder / "host.log"))
        if line and line.startswith("database held"):  # another window's server serves host.sqlite
            proc.wait(10)
            found = _wait_for_running(end)
            if found is not None:
                return found
            if _lock_free() and time.monotonic() < end:  # the other server ended as this one began
                return start_host(port, end)
            raise HostError(_("Another server of the game already serves {file}, and it could not be found "
                              "(see host.log).").format(file=folder / "host.sqlite"))
        if line and line.startswith("listening on "):
            bound = int(line.split()[2].rsplit(":", 1)[1])
            host = Host(proc.pid, bound, proc, oscompat.process_birth(proc.pid) or "")
            try:
                write_save({"pid": proc.pid, "port": bound, "birth": host.birth}, _record())
            except OSError:
                pass  # only the next window's finding it again is lost
            return host
    proc.kill()
    raise HostError(_("The game's server did not start in a minute."))


def _wait_for_running(end: float) -> Host | None:
    """The server another window started (it names itself in host.json once it listens);
    None at once if nobody holds the database any more (it was ending, not starting)."""
    while True:
        found = running_host()
        if found is not None or time.monotonic() >= end or _lock_free():
            return found
        time.sleep(0.2)


def _lock_free() -> bool:
    """Whether no server holds ``host.sqlite``'s lock now (a file that cannot be opened or
    locked at all counts as held: the caller then waits, as before)."""
    try:
        fd = os.open(user_dir() / "host.sqlite.lock", os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        if oscompat.try_lock(fd):
            oscompat.unlock(fd)
            return True
        return False
    except OSError:
        return False
    finally:
        os.close(fd)


class HostStarter:
    """``start_host`` on a thread of its own: the window keeps drawing while the server
    starts (a second or two). ``done()``, then ``host`` or ``error`` (one line)."""

    def __init__(self, port: int | None = None) -> None:
        self.host: Host | None = None
        self.error = ""
        self._thread = threading.Thread(target=self._run, args=(port,), name="fate-host", daemon=True)
        self._thread.start()

    def _run(self, port: int | None) -> None:
        try:
            self.host = start_host(port)
        except HostError as e:
            self.error = str(e)

    def done(self) -> bool:
        return not self._thread.is_alive()

    def wait(self, seconds: float) -> Host | None:
        """The host once started (at most ``seconds`` from now), or None."""
        self._thread.join(seconds)
        return self.host


class HostWatch:
    """The hosting window's eye on its server: ``poll(host)`` each frame. A server that has
    died (killed, crashed) is started again on the same port and database (``HostStarter``,
    so the window keeps drawing); ``note`` says so in one line for the table, ``restarts``
    counts them. A server stopped on purpose (``Host.stop``) is no longer the window's host
    and is not watched."""

    CHECK_SECONDS = 0.5
    RETRY_SECONDS = 2.0

    def __init__(self) -> None:
        self.starter: HostStarter | None = None
        self.restarts = 0
        self.note = ""
        self.port = 0
        self._next = 0.0

    def poll(self, host: Host | None) -> Host | None:
        """The window's host now: ``host``, or the server started again in its place."""
        now = time.monotonic()
        if self.starter is not None:
            if not self.starter.done():
                return host
            starter, self.starter = self.starter, None
            if starter.host is not None:
                self.restarts += 1
                self.note = _("This computer's game server stopped and was started again (port {port}).").format(
                    port=starter.host.port)
                return starter.host
            self.note = one_line(_("This computer's game server stopped and could not be started again: {why} "
                                   "Trying again…").format(why=starter.error))
            self._next = now + self.RETRY_SECONDS
            return host
        if host is None or now < self._next:
            return host
        self._next = now + self.CHECK_SECONDS
        if not host.alive():
            self.port = host.port
            self.note = _("This computer's game server stopped; starting it again on port {port}…").format(port=host.port)
            self.starter = HostStarter(host.port)
        return host

    def restarting(self) -> bool:
        return self.starter is not None


def pause_games(host: Host, games: list[tuple[str, str]], seconds: float = 5.0) -> int:
    """Tell everyone at each of ``games`` ((game, the host's token)) that its host pauses it,
    through the server itself before it stops (docs/protocol.md, ``pause``): their tables then
    show a pause, not a fault. How many were told; a server that does not answer tells none."""
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    from fate.protocol import VERSION, ToClient, ToServer

    told, asked = 0, 0
    try:
        with connect(host.url, open_timeout=seconds, close_timeout=1, proxy=None, max_size=2**22) as ws:
            for game, token in games[:32]:
                ws.send(json.dumps({"v": VERSION, "type": ToServer.JOIN, "game": game, "token": token}))
                ws.send(json.dumps({"v": VERSION, "type": ToServer.PAUSE, "game": game, "rid": 1}))
                asked += 1
            end = time.monotonic() + seconds
            while told < asked and time.monotonic() < end:
                m = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
                if isinstance(m, dict) and m.get("rid") == 1 and m.get("type") in (ToClient.PAUSED, ToClient.ERROR):
                    told += m["type"] == ToClient.PAUSED
                    asked -= m["type"] == ToClient.ERROR
    except (OSError, TimeoutError, WebSocketException, ValueError):
        pass
    return told


def hosted_games(host: Host, games: Sequence[OnlineGame]) -> list[tuple[str, str]]:
    """(game, token) of the player's games (fate/net/mygames.py's) that ``host`` serves as theirs."""
    return [(g.game, g.token) for g in games
            if g.host and g.hosted_here and port_of(g.server) == host.port]


def pause_and_stop(host: Host | None, games: Sequence[OnlineGame]) -> tuple[str, int]:
    """Pause the player's games (fate/net/mygames.py's) that ``host`` serves (everyone at them is
    told who paused them: ``pause_games``), then stop it; what happened in one line, and how many
    games were paused."""
    if host is None or not host.alive():
        return _("This computer no longer hosts a game."), 0
    told = pause_games(host, hosted_games(host, games))
    host.stop()
    if not told:
        return _("This computer's server is stopped."), 0
    return ngettext("Paused: {n} game on this computer's server. Host or open it again to go on.",
                    "Paused: {n} games on this computer's server. Host or open one again to go on.",
                    told).format(n=told), told
