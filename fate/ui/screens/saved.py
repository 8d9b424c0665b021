"""A saved game in words, and the ways to open it: used by the title, the Load list and
the end screen (scenes do not import each other)."""

from __future__ import annotations

from pathlib import Path

from fate.engine.errors import SaveFormatError
from fate.ground import language
from fate.ground.language import _
from fate.records.saves import GameLocked, SaveInfo
from fate.ui.kit.widgets import Scene
from fate.ui.session import Session


def describe(row: SaveInfo) -> str:
    """One line for a saved game: where it stands first, then who plays which cult."""
    state, cults = describe_parts(row)
    return _("{state} · {cults}").format(state=state, cults=cults)


def describe_parts(row: SaveInfo) -> tuple[str, str]:
    """(where the game stands, who plays which cult) of a saved game."""
    # the names, who plays and the outcome are the save's own words (written as the game was played)
    cults = ", ".join(_("{cult} ({who})").format(cult=s["name"].removeprefix("the Cult of "), who=_who(s["who"]))
                      for s in row.seats)
    if row.level:
        cults = _("{cults} · Investigators: {level}").format(cults=cults, level=row.level)
    if row.over:
        state = row.outcome[0].upper() + row.outcome[1:] if row.outcome else _("Finished")
    else:
        leader = row.leader.removeprefix("the Cult of ")
        state = (_("Turn {n} · {leader} leads").format(n=row.turn, leader=leader) if leader else
                 _("Turn {n}").format(n=row.turn))
    return state, cults


def _who(who: str) -> str:
    """"AI (Easy)" as "AI, Easy" inside the brackets of a cult's name."""
    return _("AI, {level}").format(level=who[4:-1]) if who.startswith("AI (") and who.endswith(")") else who


def when(stamp: float) -> str:
    """The day and time a game was saved, as the player's language writes them."""
    return language.when(stamp)


def open_saved(scene: Scene, row: SaveInfo) -> None:
    """Resume a saved game at the table, or say in one line why it cannot be (a game
    open in another window: the Load list offers to watch it read-only instead)."""
    app = scene.app
    try:
        session = Session.resume(app.content, row.path)
    except GameLocked:
        app.notice = _("That game is open in another window: you can watch it read-only (Replay) here.")
        app.goto("load", row.path)
        return
    except SaveFormatError as e:
        app.notice = _("That game cannot be opened: {why}").format(why=str(e).removeprefix(str(row.path) + ": "))
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
        app.notice = _("That game cannot be replayed: {why}").format(why=str(e).removeprefix(str(path) + ": "))
        app.goto("load")


def open_review(scene: Scene, path: Path, seat: int | None = None, back: str = "load") -> None:
    """Hard's review of a saved game (fate/ui/screens/review.py), or one line why it cannot be."""
    app = scene.app
    try:
        app.goto("review", path, seat, back)
    except SaveFormatError as e:
        app.notice = _("That game cannot be reviewed: {why}").format(why=str(e).removeprefix(str(path) + ": "))
        app.goto("load")
