"""A saved game in words, and the ways to open it: used by the title, the Load list and
the end screen (scenes do not import each other)."""

from __future__ import annotations

from pathlib import Path

from fate.content.model import Content
from fate.engine.errors import SaveFormatError
from fate.ground import language
from fate.ground.language import N_, _, ngettext
from fate.records.saves import GameLocked, SaveInfo
from fate.ui.kit.widgets import Scene
from fate.ui.session import LEVEL_NAMES, Session


def describe(row: SaveInfo, content: Content | None = None) -> str:
    """One line for a saved game: where it stands first, then who plays which cult."""
    state, cults = describe_parts(row, content)
    return _("{state} · {cults}").format(state=state, cults=cults)


def describe_parts(row: SaveInfo, content: Content | None = None) -> tuple[str, str]:
    """(where the game stands, who plays which cult) of a saved game: in the player's language
    from what the save names by id (``content``: the window's, for the gods' and levels' names),
    else (a save of an earlier version) in the save's own English words."""
    if content is not None and row.gods and all(not g or g in content.by_id for g in row.gods):
        return _in_words(row, content)
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


def _in_words(row: SaveInfo, content: Content) -> tuple[str, str]:
    def god(seat: int) -> str:
        return content.card(row.gods[seat]).name if row.gods[seat] else _("seat {n}").format(n=seat + 1)

    def who(seat: int) -> str:
        p = row.players[seat]
        if p["human"]:
            return p["name"] or _("Human")
        return _("AI, {level}").format(level=_(LEVEL_NAMES[p["level"]]))

    cults = ", ".join(_("{cult} ({who})").format(cult=god(s), who=who(s)) for s in range(len(row.seats)))
    if row.level_id:
        level = next((lv.name for lv in content.solo_levels if lv.id == row.level_id), row.level)
        cults = _("{cults} · Investigators: {level}").format(cults=cults, level=level)
    if row.over:
        if row.winners:
            names = [_("the Cult of {god}").format(god=god(s)) for s in row.winners]
            won = ngettext("{cults} won", "{cults} won", len(names)).format(cults=language.listing(names))
            state = won[:1].upper() + won[1:]
        else:
            state = _("The Investigators won") if len(row.seats) == 1 else _("No one won")
    elif row.leader_seat >= 0 and row.gods[row.leader_seat]:
        # Translators: the cult furthest along its Summon Track in a saved game, and how far.
        leader = _("{cult} (Summon {n})").format(cult=god(row.leader_seat), n=row.leader_summon)
        state = _("Turn {n} · {leader} leads").format(n=row.turn, leader=leader)
    else:
        state = _("Turn {n}").format(n=row.turn)
    return state, cults


def _who(who: str) -> str:
    """"AI (Easy)" as "AI, Easy" inside the brackets of a cult's name."""
    return _("AI, {level}").format(level=who[4:-1]) if who.startswith("AI (") and who.endswith(")") else who


# Why a saved game cannot be opened, by the sort of fault (SaveFormatError.kind): the English
# detail, with field names and positions, is for the command line and the logs.
PROBLEMS = {
    SaveFormatError.DAMAGED: N_("The file is damaged."),
    SaveFormatError.NOT_A_SAVE: N_("It is not a saved game of Fate of the Elder Gods."),
    SaveFormatError.NEWER: N_("It was saved by a newer version of the game: update the game to open it."),
    SaveFormatError.CARDS: N_("It was played with cards this version of the game does not have."),
    SaveFormatError.SCENARIO: N_("A game begun from a scenario cannot be replayed or reviewed."),
}


def problem_words(kind: str) -> str:
    """Why a saved game cannot be opened, in the player's language."""
    return _(PROBLEMS.get(kind, PROBLEMS[SaveFormatError.DAMAGED]))


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
        app.notice = _("That game cannot be opened: {why}").format(why=problem_words(e.kind))
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
        app.notice = _("That game cannot be replayed: {why}").format(why=problem_words(e.kind))
        app.goto("load")


def open_review(scene: Scene, path: Path, seat: int | None = None, back: str = "load") -> None:
    """Hard's review of a saved game (fate/ui/screens/review.py), or one line why it cannot be."""
    app = scene.app
    try:
        app.goto("review", path, seat, back)
    except SaveFormatError as e:
        app.notice = _("That game cannot be reviewed: {why}").format(why=problem_words(e.kind))
        app.goto("load")
