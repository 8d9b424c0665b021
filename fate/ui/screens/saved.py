"""A saved game in words, and the ways to open it: used by the title, the Load list and
the end screen (scenes do not import each other)."""

from __future__ import annotations

import time
from pathlib import Path

from fate.engine.errors import SaveFormatError
from fate.records.saves import GameLocked, SaveInfo
from fate.ui.kit.widgets import Scene
from fate.ui.session import Session


def describe(row: SaveInfo) -> str:
    """One line for a saved game: where it stands first, then who plays which cult."""
    state, cults = describe_parts(row)
    return f"{state} · {cults}"


def describe_parts(row: SaveInfo) -> tuple[str, str]:
    """(where the game stands, who plays which cult) of a saved game."""
    cults = ", ".join(f"{s['name'].removeprefix('the Cult of ')} ({_who(s['who'])})" for s in row.seats)
    if row.level:
        cults += f" · Investigators: {row.level}"
    if row.over:
        state = row.outcome[0].upper() + row.outcome[1:] if row.outcome else "Finished"
    else:
        leader = row.leader.removeprefix("the Cult of ")
        state = f"Turn {row.turn}" + (f" · {leader} leads" if leader else "")
    return state, cults


def _who(who: str) -> str:
    """"AI (Easy)" as "AI, Easy" inside the brackets of a cult's name."""
    return f"AI, {who[4:-1]}" if who.startswith("AI (") and who.endswith(")") else who


def when(stamp: float) -> str:
    return time.strftime("%d %b %Y, %H:%M", time.localtime(stamp))


def open_saved(scene: Scene, row: SaveInfo) -> None:
    """Resume a saved game at the table, or say in one line why it cannot be (a game
    open in another window: the Load list offers to watch it read-only instead)."""
    app = scene.app
    try:
        session = Session.resume(app.content, row.path)
    except GameLocked:
        app.notice = "That game is open in another window: you can watch it read-only (Replay) here."
        app.goto("load", row.path)
        return
    except SaveFormatError as e:
        app.notice = f"That game cannot be opened: {str(e).removeprefix(str(row.path) + ': ')}"
        app.goto("load")
        return
    app.settings["speed"] = session.speed
    session.ai_seconds = app.settings["hard_seconds"]
    app.goto("play", session)


def watch_replay(scene: Scene, path: Path) -> None:
    app = scene.app
    try:
        app.goto("replay_of", path)
    except SaveFormatError as e:
        app.notice = f"That game cannot be replayed: {str(e).removeprefix(str(path) + ': ')}"
        app.goto("load")


def open_review(scene: Scene, path: Path, seat: int | None = None, back: str = "load") -> None:
    """Hard's review of a saved game (fate/ui/screens/review.py), or one line why it cannot be."""
    app = scene.app
    try:
        app.goto("review", path, seat, back)
    except SaveFormatError as e:
        app.notice = f"That game cannot be reviewed: {str(e).removeprefix(str(path) + ': ')}"
        app.goto("load")
