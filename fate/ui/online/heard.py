"""What a server's messages mean for an online table, read as plain data: who plays each
seat (``SeatInfo``), what every seat may see of a seat's view (``public``), the end screen's
chart points, the events left once some were taken back, a hint checked against the prompt
it answers, a refused Undo in words. ``NetSession`` and ``WatchSession``
(fate/ui/online/session.py, watch.py) keep the record; these say what each message changes
in it. The messages were checked at the client's one door (fate/net/messages.py). No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fate.engine import Event
from fate.engine.kinds import EventKind
from fate.engine.view import hide_draft
from fate.ground.language import N_, _
from fate.ground.untrusted import one_line
from fate.net.link import error_words
from fate.protocol import ErrorCode
from fate.ui.session import TurnRecord
from fate.ui.worker import Reply

# who may play a seat, in words (New Game's seat buttons; an AI's level wherever a seat is named)
SEAT_WORDS = {"remote": N_("A friend"), "easy": N_("AI (Easy)"), "normal": N_("AI (Normal)"), "hard": N_("AI (Hard)"),
              "random": N_("AI (Random)"), "here": N_("A player at this screen"), "none": N_("No one")}


@dataclass
class SeatInfo:
    """How the server says a seat is played."""

    seat: int
    kind: str = "remote"  # host, remote or ai
    level: str = ""
    name: str = ""
    claimed: bool = False
    resigned: bool = False
    here: bool = False


def seat_infos(rows: list[dict[str, Any]]) -> list[SeatInfo]:
    return [SeatInfo(r["seat"], r["kind"], r["level"], r["name"], r["claimed"], r["resigned"], r["here"])
            for r in rows]


def public(v: dict[str, Any]) -> dict[str, Any]:
    """A seat's view without what only that seat may know: no hand or Reserve faces, no
    Curses held, no draft, no choices."""
    out = dict(v, viewer=None, curses_held=[], seats=[{k: x for k, x in row.items() if k not in ("hand", "reserve")}
                                                       for row in v["seats"]])
    out.pop("draft", None)
    if out.get("prompt"):
        out["prompt"] = {k: x for k, x in out["prompt"].items() if k != "choices"}
    return hide_draft(out, None)  # the looking seat's own god too, while others still choose


def undo_words(m: dict[str, Any]) -> str:
    """One polite line for a refused Undo."""
    if m["code"] == ErrorCode.CANNOT_UNDO:
        why = one_line(m["message"], 120)
        return f"{why[:1].upper()}{why[1:]}."
    if m["code"] == ErrorCode.STALE_DECISION:
        return _("The game had moved on: nothing was taken back.")
    return error_words(m)


def chart(v: dict[str, Any], evs: list[Event], decision: int, history: list[TurnRecord],
          charted: list[int]) -> None:
    """A turn's start (and the game's end) among ``evs`` adds a point to the end screen's chart,
    from the view they came with; ``charted`` keeps the decision of each point."""
    def point(turn: int) -> TurnRecord:
        return TurnRecord(turn, [s["summon"] for s in v["seats"]], [s["elder_signs"] for s in v["seats"]])

    for e in evs:
        if e.kind == EventKind.TURN_STARTED or (e.kind == EventKind.SETUP_DONE and not history):
            history.append(point(v["turn"]))
            charted.append(decision)
    if v["over"] and evs:
        history.append(point(v["turn"] + 1))
        charted.append(decision)


def back_to(decision: int, history: list[TurnRecord], charted: list[int]) -> None:
    """The chart as it stood at ``decision``: the points after it go."""
    keep = sum(1 for d in charted if d <= decision)
    del history[keep:]
    del charted[keep:]


def without_last(events: list[Event], drop: int, seat: int | None = None) -> list[Event]:
    """``events`` without the last ``drop`` told to ``seat`` (None: the last ``drop`` of all)."""
    kept: list[Event] = []
    for e in reversed(events):
        if drop and (seat is None or e.to == (seat,)):
            drop -= 1
        else:
            kept.append(e)
    return kept[::-1]


def hint_reply(m: dict[str, Any], state: dict[str, Any] | None) -> Reply | None:
    """The server's hint as the table shows one, if it names a choice of the prompt it answers
    (``state``: the seat's latest); None otherwise."""
    ids = {c["id"] for c in (state["prompt"] or {}).get("choices", ())} if state else set()
    est = tuple((e[0], float(e[1]), e[2]) for e in m["estimates"] if len(e) == 3 and e[0] in ids
                and isinstance(e[1], int | float) and isinstance(e[2], int) and not isinstance(e[2], bool))
    if m["choice"] not in ids or not est:
        return None
    return Reply(0, m["choice"], est)
