"""The saved games in the user's folder: one file a game, written after every
decision by a background writer, and the list the Load Game screen shows.

Each game has its own file ``<saves>/<game id>.json`` (engine save format,
fate/engine/save.py) with the previous version kept as ``<game id>.json.bak``:
the writer renames a whole new file over the old one, so a process killed at
any moment leaves at least one readable file, at most one decision old. A
finished game stays in the folder for its replay. No pygame here.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fate.content.model import Content
from fate.engine import new_game
from fate.engine.errors import IllegalChoice, SaveFormatError
from fate.engine.save import backup_path, migrate, write_save

SUFFIX = ".json"


@dataclass
class SaveInfo:
    """One row of the Load Game list. ``problem`` is set (and nothing else may be)
    when the file cannot be read; such a row can still be deleted."""

    path: Path
    saved_at: float = 0.0
    turn: int = 0
    seats: list[dict] = field(default_factory=list)  # {"name", "who"} each
    leader: str = ""
    over: bool = False
    outcome: str = ""
    problem: str = ""

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
    problem = ""
    for candidate in (path, backup_path(path)):
        try:
            data = json.loads(candidate.read_text(encoding="utf-8"))
            if isinstance(data, dict) and "report" in data and "save" in data:
                data = data["save"]  # a bug report (write_report) carries the save inside
            return migrate(data, str(candidate))
        except FileNotFoundError:
            found = "no such file"
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            found = f"damaged ({e.msg if isinstance(e, json.JSONDecodeError) else type(e).__name__})"
        except SaveFormatError as e:
            found = str(e).removeprefix(f"{candidate}: ")
        problem = problem or found
    raise SaveFormatError(f"{path}: {problem}")


def info_of(path: Path) -> SaveInfo:
    try:
        data = read_save(path)
    except SaveFormatError as e:
        return SaveInfo(path, problem=str(e).removeprefix(f"{path}: "))
    meta = data.get("session", {}).get("meta") if isinstance(data.get("session"), dict) else None
    if not isinstance(meta, dict):
        return SaveInfo(path, problem="saved without the table's details (who played): cannot be listed")
    try:
        return SaveInfo(path, saved_at=float(meta["saved_at"]), turn=int(meta["turn"]),
                        seats=[{"name": str(s["name"]), "who": str(s["who"])} for s in meta["seats"]],
                        leader=str(meta.get("leader", "")), over=bool(meta.get("over")),
                        outcome=str(meta.get("outcome", "")))
    except (KeyError, TypeError, ValueError) as e:
        return SaveInfo(path, problem=f"its details are damaged ({type(e).__name__}: {e})")


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every saved game in the folder, newest first; damaged ones too (marked)."""
    if not folder.is_dir():
        return []
    names = {p.name.removesuffix(".bak") for p in folder.iterdir()
             if p.name.endswith(SUFFIX) or p.name.endswith(SUFFIX + ".bak")}
    rows = [info_of(folder / name) for name in names]
    return sorted(rows, key=lambda r: (r.ok, r.saved_at, r.path.name), reverse=True)


def latest_unfinished(folder: Path) -> SaveInfo | None:
    return next((r for r in list_saves(folder) if r.ok and not r.over), None)


def delete_save(path: Path) -> None:
    """The save and its backup go."""
    for p in (path, backup_path(path)):
        p.unlink(missing_ok=True)


class Autosaver:
    """Writes a game's save on a background thread, so that saving never costs a
    frame. ``submit`` hands over the newest data and returns at once; when
    several arrive while a write is under way only the newest is written.
    ``flush`` waits until everything handed over is on the disk."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.error = ""  # the last write's failure, for the table to show
        self._pending: dict | None = None
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="fate-autosave", daemon=True)
        self._thread.start()

    def submit(self, data: dict) -> None:
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

    def __init__(self, content: Content, data: dict[str, Any], where: str = "save") -> None:
        config, choices = data.get("config"), data.get("choices")
        if not isinstance(config, dict) or not isinstance(choices, list):
            raise SaveFormatError(f"{where}: fields 'config' and 'choices' are required")
        if config.get("scenario"):
            raise SaveFormatError(f"{where}: a game begun from a scenario cannot be replayed")
        try:
            g = new_game(content, config["players"], config["seed"], config.get("gods"))
            self.states = [g.clone()]
            self.events = [g.take_events()]
            for cid in choices:
                self.events.append(g.apply(cid))
                self.states.append(g.clone())
        except (KeyError, TypeError, ValueError, IllegalChoice) as e:
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

    def events_until(self, k: int) -> list:
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
    path = Path(folder) / time.strftime("report-%Y%m%d-%H%M%S.json")
    write_save(report, path)
    return path
