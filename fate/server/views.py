"""What one seat is sent: its own view, its prompt, the events it may see.

Everything a client ever learns of a game goes through this module, and
every function takes the seat it builds for: the view is the engine's
``view(game, seat)`` unchanged, the events are those ``visible_to(seat)``, as the
engine's kind and data: never words. Each client tells them in its own player's
language (fate/words/narration.py) with the view it was sent. tests/server/test_secrecy.py
checks every message of hundreds of games against the engine.
"""

from __future__ import annotations

from typing import Any

from fate.content.model import Content
from fate.engine import Event, Game, new_game, view
from fate.engine.determinize import ENDS, MAY_END, turn_ending
from fate.engine.kinds import EventKind
from fate.engine.undo import NOTHING_YET
from fate.engine.view import hide_draft
from fate.protocol import ToClient
from fate.protocol.messages import TalkLine
from fate.server.protocol import reply
from fate.server.storage import ChatRow

CHAT_KEPT = 100  # lines of a game's talk sent to whoever arrives at its table (a player or a spectator)


def talk_line(r: ChatRow) -> TalkLine:
    """One line of table talk as ``talk`` carries it."""
    return {"n": r.n, "seat": r.seat, "name": r.name, "text": r.text, "at": r.at, "decision": r.decision}


def told(events: list[Event], v: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The events ``seat`` may see, as kind and data (no words: a client tells them in its
    player's language). While the Elder Gods are being chosen, another cult's choice is told
    without its god."""
    return [{"kind": e.kind, "data": _draft_secret(e, v, seat)} for e in events if e.visible_to(seat)]


def _draft_secret(e: Event, v: dict[str, Any], seat: int | None) -> dict[str, Any]:
    if e.kind == EventKind.GOD_CHOSEN and v["phase"] == "setup" and e.data.get("seat") != seat:
        return {k: x for k, x in e.data.items() if k != "god"}
    return e.data


def state(game_id: str, g: Game, seat: int, events: list[Event], content: Content,
          seats: list[dict[str, Any]], rid: int | None = None, undo: str = NOTHING_YET,
          marks: bool = False) -> dict[str, Any]:
    """The ``state`` message for one seat after a decision (or on joining). ``undo``: why the
    seat cannot take back its last decision now ("" if it can; fate/engine/undo.py). The prompt
    of the seat asked names the choices that end its turn in every deal its knowledge allows
    (``ends_turn``) and those that may, on dice or cards it cannot see (``may_end_turn``), judged
    from that seat's knowledge only (fate/engine/determinize.py), for the table's "End your turn?":
    worked out only for a connection that joined asking for them (``marks``), since trying each
    choice on several deals costs the server more than the rest of a decision."""
    v = hide_draft(view(g, seat), seat)
    p: dict[str, Any] | None = v.get("prompt")
    pending = g.pending()
    prompt = None
    if p is not None and "choices" in p and pending is not None:  # this seat is asked
        ending = turn_ending(g) if marks else {}
        prompt = dict(p, context=_public(pending.context),
                      ends_turn=[cid for cid, how in ending.items() if how == ENDS],
                      may_end_turn=[cid for cid, how in ending.items() if how == MAY_END])
    return reply(ToClient.STATE, rid, game=game_id, seat=seat, decision=g.decision, view=v,
                 prompt=prompt, events=told(events, v, seat), seats=seats, undo=undo)


def undone(game_id: str, g: Game, seat: int, dropped: list[Event], content: Content,
           seats: list[dict[str, Any]], rid: int | None = None, undo: str = NOTHING_YET,
           marks: bool = False) -> dict[str, Any]:
    """The ``undone`` message for one seat after decisions were taken back: the state as it
    stands again, and ``drop``, how many of the events this seat was told no longer happened
    (the last ones; ``dropped`` are all the events of the decisions taken back)."""
    return dict(state(game_id, g, seat, [], content, seats, rid, undo, marks), type=ToClient.UNDONE,
                drop=sum(1 for e in dropped if e.visible_to(seat)))


def spectate(game_id: str, g: Game, events: list[Event], content: Content, seats: list[dict[str, Any]],
             drop: int = 0) -> dict[str, Any]:
    """What a spectator is sent after a decision (or on arriving): the engine's ``view(None)``
    (no hand, no Reserve's faces, no Curse held, no draft, no Elder God chosen while the others
    still choose), the events every seat may see; ``drop``: how many of the events it
    was told no longer happened (decisions taken back). Never a prompt's choices."""
    v = hide_draft(view(g, None), None)
    return reply(ToClient.SPECTATE, None, game=game_id, decision=g.decision, view=v,
                 events=told(events, v, None), seats=seats, drop=drop)


def _public(context: tuple[Any, ...]) -> list[str | int]:
    """A prompt's context (public facts the table marks: a casting window's kind and the seat
    it is aimed at), as plain values."""
    return [x for x in context if isinstance(x, str | int) and not isinstance(x, bool)]


def chronicle(game_id: str, g: Game, seat: int, content: Content, rid: int | None = None,
              chart: bool = False) -> dict[str, Any]:
    """The whole game so far as ``seat`` saw it: its choices replayed from the config, and the
    end screen's chart of the race if asked (``chart``: [decision, turn, summons, elder signs] at
    each turn's start and at the end; public tracks only), so that a table opened late draws it whole."""
    again = new_game(content, g.n, int(g.config["seed"]), g.config.get("gods"))
    events = again.take_events()
    points: list[list[Any]] = []
    _chart(again, events, points, 0)
    for d, cid in enumerate(g.history(), 1):
        evs = again.apply(cid)
        _chart(again, evs, points, d)
        events += evs
    v = hide_draft(view(g, seat), seat)
    out = reply(ToClient.CHRONICLE, rid, game=game_id, seat=seat, decision=g.decision,
                events=told(events, v, seat))
    return out | {"chart": points} if chart else out


def _chart(g: Game, evs: list[Event], chart: list[list[Any]], decision: int) -> None:
    """A turn's start (and the game's end) adds a point to the chart, as the table's own does."""
    for e in evs:
        if e.kind == EventKind.TURN_STARTED or (e.kind == EventKind.SETUP_DONE and not chart):
            chart.append([decision, g.turn, list(g.summon), list(g.signs)])
    if g.over and evs:
        chart.append([decision, g.turn + 1, list(g.summon), list(g.signs)])
