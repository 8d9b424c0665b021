"""The saved games in the user's folder: one file a game, written after every
decision by a background writer, and the list the Load Game screen shows.

Each game has its own file ``<saves>/<game id>.json`` (engine save format,
fate/engine/save.py) with the previous version kept as ``<game id>.json.bak``:
the writer renames a whole new file over the old one, so a process killed at
any moment leaves at least one readable file, at most one decision old. A
finished game stays in the folder for its replay. No pygame here.
"""

from __future__ import annotations

import os
import re
import stat
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fate.content.model import Content
from fate.engine import new_game_from
from fate.engine.errors import IllegalChoice, SaveFormatError
from fate.engine.model import Event
from fate.engine.save import check_choices, check_config, migrate, read_data
from fate.ground import oscompat
from fate.ground.files import backup_path, write_save
from fate.ground.untrusted import clean, cut

SUFFIX = ".json"


@dataclass
class SaveInfo:
    """One row of the Load Game list. ``problem`` is set (and nothing else may be)
    when the file cannot be read; such a row can still be deleted."""

    path: Path
    saved_at: float = 0.0
    turn: int = 0
    seats: list[dict[str, str]] = field(default_factory=list)  # {"name", "who"} each
    leader: str = ""
    over: bool = False
    outcome: str = ""
    problem: str = ""
    locked: bool = False  # open in another window just now
    level: str = ""  # a solo game's level, by name
    humans: int = 0  # the seats a person plays (a game of AIs alone, --autoplay's, has none)
    # the same by id, for the line in the player's language (empty in a save of an earlier version)
    gods: list[str] = field(default_factory=list)  # each seat's Elder God ("" before the draft)
    players: list[dict[str, Any]] = field(default_factory=list)  # {"human", "name", "level"} each seat
    leader_seat: int = -1
    leader_summon: int = 0
    winners: list[int] = field(default_factory=list)
    level_id: str = ""
    problem_kind: str = SaveFormatError.DAMAGED  # which sort of fault ``problem`` is (SaveFormatError.KINDS)

    @property
    def ok(self) -> bool:
        return not self.problem


def new_game_id(now: float | None = None) -> str:
    """A file name that sorts by when the game began."""
    now = time.time() if now is None else now
    return time.strftime("game-%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1000) % 1000:03d}"


def read_save(path: Path) -> dict[str, Any]:
    """The save's data, migrated to the current format; falls back to the backup
    when the file itself is missing or damaged. SaveFormatError (naming what is
    wrong with the file itself) if neither can be read."""
    problem, kind = "", SaveFormatError.DAMAGED
    for candidate in (Path(path), backup_path(path)):
        try:
            data = read_data(candidate)
            if isinstance(data, dict) and "report" in data and "save" in data:
                data = data["save"]  # a bug report (write_report) carries the save inside
            return migrate(data, str(candidate))
        except SaveFormatError as e:
            if not problem:
                problem, kind = str(e).removeprefix(f"{candidate}: "), e.kind
    raise SaveFormatError(f"{path}: {problem}", kind)


# What a Load row may show of a save's text: a cult's name, who plays it, the leader, the outcome.
NAME_CHARS, WHO_CHARS, LINE_CHARS = 48, 24, 96
LATEST_TIME = 2**33  # seconds since 1970: the year 2242; a later "saved at" is damage


def info_of(path: Path) -> SaveInfo:
    """The Load list's row for one file, its text cut to what a row can show."""
    try:
        data = read_save(path)
        check_config(None, data.get("config"), str(path))
        check_choices(data.get("choices"), str(path))
    except SaveFormatError as e:
        return SaveInfo(path, problem=clean(str(e).removeprefix(f"{path}: "), 200), problem_kind=e.kind)
    meta = data.get("session", {}).get("meta") if isinstance(data.get("session"), dict) else None
    if not isinstance(meta, dict):
        return SaveInfo(path, problem="saved without the table's details (who played): cannot be listed")
    stamp, turn, seats = meta.get("saved_at"), meta.get("turn"), meta.get("seats")
    if not (isinstance(stamp, int | float) and not isinstance(stamp, bool) and 0 <= stamp < LATEST_TIME):
        return SaveInfo(path, problem=f"its details are damaged (saved_at: {cut(stamp)})")
    if not (isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn <= 10**9):  # as the snapshot
        return SaveInfo(path, problem=f"its details are damaged (turn: {cut(turn)})")
    if not (isinstance(seats, list) and 1 <= len(seats) <= 4
            and all(isinstance(x, dict) and isinstance(x.get("name"), str) and isinstance(x.get("who"), str)
                    for x in seats)):
        return SaveInfo(path, problem=f"its details are damaged (seats: {cut(seats)})")
    configs = data["session"].get("seats")
    humans = sum(1 for c in configs if isinstance(c, dict) and c.get("human") is True) if isinstance(configs, list) else 0
    row = SaveInfo(path, saved_at=float(stamp), turn=turn, humans=min(humans, len(seats)),
                   seats=[{"name": clean(x["name"], NAME_CHARS), "who": clean(x["who"], WHO_CHARS)} for x in seats],
                   leader=clean(meta.get("leader", ""), LINE_CHARS), over=meta.get("over") is True,
                   outcome=clean(meta.get("outcome", ""), LINE_CHARS), level=clean(meta.get("level", ""), WHO_CHARS))
    _by_id(row, meta, configs)
    return row


_ID = re.compile(r"[a-z0-9_-]{1,40}")


def _by_id(row: SaveInfo, meta: dict[str, Any], configs: Any) -> None:
    """What the save's words are made of, when it says so and it all holds together (else nothing:
    the row keeps the save's English words)."""
    n = len(row.seats)
    gods: Any = meta.get("gods")
    leader: Any = meta.get("leader_seat")
    summon: Any = meta.get("leader_summon")
    winners: Any = meta.get("winners")
    level = meta.get("level_id", "")

    def whole(x: Any, low: int, high: int) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and low <= x <= high

    if not (isinstance(gods, list) and len(gods) == n and all(isinstance(g, str) and (not g or _ID.fullmatch(g))
                                                              for g in gods)
            and whole(leader, -1, n - 1) and whole(summon, 0, 1000) and isinstance(winners, list)
            and len(winners) <= n and all(whole(w, 0, n - 1) for w in winners)
            and isinstance(level, str) and (not level or _ID.fullmatch(level))
            and isinstance(configs, list) and len(configs) == n
            and all(isinstance(c, dict) and isinstance(c.get("human"), bool) for c in configs)):
        return
    row.gods, row.winners, row.level_id = list(gods), list(winners), level
    row.leader_seat, row.leader_summon = leader, summon
    row.players = [{"human": c["human"], "name": clean(c.get("name"), WHO_CHARS) if isinstance(c.get("name"), str)
                    else "", "level": c.get("level") if c.get("level") in ("easy", "normal", "hard") else "normal"}
                   for c in configs]


_ROWS: dict[Path, tuple[tuple[int, int, int, int], SaveInfo]] = {}  # a row, kept while its files stay the same


def _stamp(path: Path) -> tuple[int, int, int, int]:
    def one(p: Path) -> tuple[int, int]:
        try:
            st = os.lstat(p)
        except OSError:
            return (-1, -1)
        return (st.st_mtime_ns, st.st_size if stat.S_ISREG(st.st_mode) else -2)

    return one(path) + one(backup_path(path))


def cached_info(path: Path) -> SaveInfo:
    """``info_of``, read again only when the file or its backup changed since."""
    key = _stamp(path)
    kept = _ROWS.get(path)
    if kept is not None and kept[0] == key:
        return kept[1]
    row = info_of(path)
    if len(_ROWS) > 10_000:
        _ROWS.clear()
    _ROWS[path] = (key, row)
    return row


def forget_rows() -> None:
    """Read every file afresh next time (benchmarks: the cost at the game's start)."""
    _ROWS.clear()


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every saved game in the folder, newest first; damaged and odd entries too
    (marked, below the good ones)."""
    try:
        names = {p.name.removesuffix(".bak") for p in Path(folder).iterdir()
                 if p.name.endswith(SUFFIX) or p.name.endswith(SUFFIX + ".bak")}
    except OSError:  # no folder yet, or one that cannot be listed: no saves to show
        return []
    rows = [cached_info(Path(folder) / name) for name in names]
    for row in rows:
        row.locked = is_locked(row.path)
    return sorted(rows, key=lambda r: (r.ok, r.saved_at, r.path.name), reverse=True)


def latest_unfinished(folder: Path) -> SaveInfo | None:
    """What Continue opens: the latest unfinished game someone plays in (never a game of AIs
    alone, which is watched, not continued)."""
    return next((r for r in list_saves(folder) if r.ok and not r.over and r.humans), None)


def delete_save(path: Path) -> None:
    """The save, its backup, its reviews and its lock file go. SaveFormatError (and nothing
    removed) for an entry that is not a saved game's file (a folder, a link, a
    pipe) or a game open in another window."""
    path = Path(path)
    files = []
    for p in (path, backup_path(path)):
        try:
            mode = os.lstat(p).st_mode
        except OSError:  # not there (or gone meanwhile): nothing to delete
            continue
        files.append(p)
        if not stat.S_ISREG(mode):
            kind = "a folder" if p.is_dir() and not p.is_symlink() else "a link" if p.is_symlink() else "not a file"
            raise SaveFormatError(f"{p}: {kind}, not a saved game: left as it is")
    lock = GameLock(path)
    if not lock.acquire():
        raise SaveFormatError(f"{path}: this game is open in another window")
    review = path.with_name(path.name.removesuffix(SUFFIX) + ".review")  # its reviews (fate/records/reviews.py)
    try:
        if review.is_file() and not review.is_symlink():
            files.append(review)
        for p in files:
            p.unlink(missing_ok=True)
    except OSError as e:
        raise SaveFormatError(f"{path}: could not be deleted ({e.strerror or e})") from None
    finally:
        lock.release(remove=True)
    _ROWS.pop(path, None)


# ---------------------------------------------------------------- one window a game
class GameLocked(SaveFormatError):
    """The saved game is open in another window (it may be watched read-only)."""


def lock_path(path: Path) -> Path:
    return Path(path).with_name(Path(path).name + ".lock")


class GameLock:
    """An exclusive lock on a saved game (``NAME.json.lock`` beside it), held by
    the window that plays it; the system lets go when that process ends, even
    when it is killed, so a lock never outlives its window."""

    def __init__(self, path: Path) -> None:
        self.path = lock_path(path)
        self._fd: int | None = None

    def acquire(self) -> bool:
        """True if this process now holds the lock (or already did), or if no lock
        can be had in this folder at all (read-only, or a file system without
        locks): then the game is played unlocked rather than not at all."""
        if self._fd is not None:
            return True
        fd = self._open()
        if fd is None:
            return True
        try:
            got = oscompat.try_lock(fd)
        except OSError:  # this file system keeps no locks
            got = True
        if not got:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def _open(self) -> int | None:
        """The lock file, opened (made if need be); a damaged entry in its place
        (a link, an empty folder) is cleared once. None if none can be had."""
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        for _ in range(2):
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                return os.open(self.path, flags, 0o644)
            except OSError:
                try:
                    if self.path.is_symlink():
                        self.path.unlink()
                    elif self.path.is_dir():
                        self.path.rmdir()
                    else:
                        return None
                except OSError:
                    return None
        return None

    def __del__(self) -> None:  # a lock dropped unreleased must not stay held by a lost file handle
        self.release()

    def release(self, remove: bool = False) -> None:
        if self._fd is None:
            return
        try:
            oscompat.unlock(self._fd)
        except OSError:  # a file system without locks: nothing was held
            pass
        os.close(self._fd)  # closed before removing: Windows removes no open file
        self._fd = None
        if remove:
            try:
                self.path.unlink(missing_ok=True)
            except OSError:
                pass  # another window opened it meanwhile: the file stays, harmless


def is_locked(path: Path) -> bool:
    """Whether another window holds this game (a quick try, let go at once)."""
    if not lock_path(path).exists():
        return False
    probe = GameLock(path)
    if probe.acquire():
        probe.release()
        return False
    return True


class Autosaver:
    """Writes a game's save on a background thread, so that saving never costs a
    frame. ``submit`` hands over the newest data and returns at once; when
    several arrive while a write is under way only the newest is written.
    ``flush`` waits until everything handed over is on the disk."""

    def __init__(self, path: Path, lock: GameLock | None = None) -> None:
        """GameLocked if another window holds the game at ``path``."""
        self.path = Path(path)
        self.lock = lock or GameLock(self.path)
        if not self.lock.acquire():
            raise GameLocked(f"{self.path}: this game is open in another window")
        self.error = ""  # the last write's failure, for the table to show
        self._pending: dict[str, Any] | None = None
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="fate-autosave", daemon=True)
        self._thread.start()

    def submit(self, data: dict[str, Any]) -> None:
        with self._cond:
            self._pending = data
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """True once every submitted save is written (False on timeout)."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)
        self.lock.release()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                data, self._pending, self._busy = self._pending, None, True
            try:
                write_save(data, self.path, backup=True)
                self.error = ""
            except OSError as e:
                self.error = f"could not save to {self.path}: {e.strerror or e}"
            with self._cond:
                self._busy = False
                self._cond.notify_all()


class Replay:
    """A saved game's decisions, to step through: the position before the first
    decision and after each one, with the events each decision caused. Built by
    replaying the save's choices (a game begun from a scenario cannot be)."""

    def __init__(self, content: Content, data: object, where: str = "save") -> None:
        if not isinstance(data, dict) or "config" not in data or "choices" not in data:
            raise SaveFormatError(f"{where}: fields 'config' and 'choices' are required")
        config, choices = check_config(content, data["config"], where), check_choices(data["choices"], where)
        if config.get("scenario"):
            raise SaveFormatError(f"{where}: a game begun from a scenario cannot be replayed", SaveFormatError.SCENARIO)
        try:
            g = new_game_from(content, config)
            self.states = [g.clone()]
            self.events = [g.take_events()]
            for cid in choices:
                self.events.append(g.apply(cid))
                self.states.append(g.clone())
        except (ValueError, IllegalChoice) as e:
            raise SaveFormatError(f"{where}: cannot be replayed ({e})") from None
        self.choices = list(choices)
        self.over = g.over

    @classmethod
    def of_file(cls, content: Content, path: Path) -> Replay:
        return cls(content, read_save(Path(path)), str(path))

    def __len__(self) -> int:
        return len(self.states)

    def turn(self, k: int) -> int:
        return self.states[k].turn

    def next_turn(self, k: int) -> int:
        """The first position of the next turn after position ``k`` (or the last)."""
        t = self.turn(k)
        return next((i for i in range(k + 1, len(self)) if self.turn(i) > t), len(self) - 1)

    def previous_turn(self, k: int) -> int:
        """The first position of this turn, or of the turn before when ``k`` is already it."""
        t = self.turn(k)
        start = next(i for i in range(len(self)) if self.turn(i) == t)
        if start < k:
            return start
        prev = t - 1
        return next((i for i in range(len(self)) if self.turn(i) == prev), 0)

    def events_until(self, k: int) -> list[Event]:
        return [e for evs in self.events[: k + 1] for e in evs]


def write_report(data: dict[str, Any], chronicle: list[str], folder: Path) -> Path:
    """One file for a bug report: the save, the chronicle as it was on screen, the
    game's version and the platform. Returns where it was written."""
    import platform

    import fate

    report = {
        "report": "fate-of-the-elder-gods bug report",
        "game_version": fate.__version__,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "written_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "chronicle": chronicle,
        "save": data,
    }
    path = unique_path(Path(folder), "report", ".json")
    write_save(report, path)
    return path


def unique_path(folder: Path, prefix: str, suffix: str) -> Path:
    """A new file's name that no other file has, nor will: the time to the
    millisecond and a counter, the name taken by creating the file exclusively
    (so two reports in the same moment, even from two windows, never collide)."""
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time()
    stem = time.strftime(f"{prefix}-%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1000) % 1000:03d}"
    for k in range(1000):
        path = folder / (stem + (f"-{k}" if k else "") + suffix)
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        return path
    raise OSError(f"no free name for a {prefix} in {folder}")
