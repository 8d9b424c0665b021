"""The one door for what a server sends the game: every message is checked here.

``parse(raw, content)`` returns the message as plain data, or raises
``BadServerMessage`` (a ValueError, one short line). A server is a stranger:
the text may be anything, so it is sized, parsed as plain JSON
(fate/ground/untrusted.py), and every field the game reads is checked for its type
and range; a ``state``'s view is checked key by key against the shape of the
engine's ``view(seat)`` (fate/engine/view.py) and every event against the
engine's own catalogue (fate/engine/events.py), so the table never meets a
value it cannot draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fate.content.model import Content
from fate.engine.events import EVENTS
from fate.engine.kinds import EventKind
from fate.ground.untrusted import InputError, cut, parse_json
from fate.protocol import TO_CLIENT, VERSION, ToClient

MAX_TEXT = 4 * 2**20  # the client's WebSocket takes frames of at most this (a view is ~10 KiB)
MAX_STR = 2000  # any text a server sends: a card's text is some hundreds of characters


class BadServerMessage(ValueError):
    """Something the server sent is not a message of this game's protocol."""

    def __init__(self, message: str) -> None:
        super().__init__(f"the server sent something this game does not understand ({message})"[:200])


# ------------------------------------------------------------------ shapes
# A shape: a type, a tuple of types (any of them), a list [shape] (every item), or a dict
# {key: shape} (exactly these keys; a key ending in "?" may be missing).
INT, STR, BOOL, NONE = int, str, bool, type(None)


@dataclass(frozen=True)
class Text:
    """A text of at most ``limit`` characters (a name drawn on a plaque every frame)."""

    limit: int


NAME = Text(40)  # the server's own limit for a player's name is 24
REASON = Text(120)  # why Undo is greyed, drawn in its tooltip (fate/engine/undo.py's are under 50)
CARD = {"id": STR, "name": STR, "text": STR}
# what the engine said, for a window to say again in its language (fate/engine/said.py); each
# argument a (type, value) pair, read again by fate/words/asking.py
SAY = {"key": STR, "args": {STR: [(STR, INT, [(STR, INT)])]}}
PROMPT = {"seat": INT, "kind": STR, "text": STR, "say?": SAY, "choices?": [{"id": STR, "label": STR, "say?": SAY}],
          "context?": [(STR, INT)], "ends_turn?": [STR],
          "may_end_turn?": [STR]}
SEAT_ROW = {
    "seat": INT, "name": NAME, "god": (NONE, CARD | {"title": STR}), "lodge": INT, "abyss": INT,
    "investigators": INT, "summon": INT, "elder_signs": INT, "elder_sign_curse_taken": BOOL,
    "hand_backs": [STR], "has_gate": BOOL, "reserve_backs": [STR], "reserve_costs": [[INT]],
    "artifacts": [CARD | {"exhausted": BOOL, "ability": (NONE, STR, dict, list)}], "curses_carried": INT,
    "hand?": [CARD | {"back": STR, "cost": [INT], "timing": [STR]}],
    "reserve?": [CARD | {"back": STR, "timing": [STR]}],
}
VIEW = {
    "viewer": (NONE, INT), "players": INT, "solo": BOOL, "solo_level": (NONE, STR), "turn": INT,
    "current": INT, "phase": STR, "turn_location": (NONE, STR),
    "fate_pieces": [{"location": STR, "owner": (NONE, INT)}],
    "locations": [{"id": STR, "name": STR, "cultists": [INT], "investigators": INT, "column": [STR],
                   "squalls": INT}],
    "seats": [SEAT_ROW], "curses_held": [CARD | {"on": INT}], "supply": {STR: INT}, "artifacts_face_up": [CARD],
    "resolving": [CARD], "dice": [STR], "over": BOOL, "winners": [INT], "losers": [INT],
    "end_reason": (NONE, STR), "prompt?": (NONE, PROMPT), "draft?": [CARD | {"title": STR}],
}
# a seat's clock (fate/server/clocks.py): seconds, never past a week (checked again where drawn)
SEAT_CLOCK = {"out": BOOL, "back": BOOL, "bank": (NONE, INT, float), "left": (NONE, INT, float), "votes": INT, "needed": INT}
SEAT_INFO = {"seat": INT, "kind": STR, "level": STR, "name": NAME, "claimed": BOOL, "resigned": BOOL, "here": BOOL,
             "clock": (NONE, SEAT_CLOCK)}
CLOCK = {"kind": STR, "decision?": INT, "bank?": INT, "hours?": INT}


def _check(x: Any, shape: Any, where: str) -> None:
    if isinstance(shape, dict):
        if not isinstance(x, dict):
            raise BadServerMessage(f"{where}: expected an object")
        if set(shape) == {STR}:  # a map of names to values of one shape
            for k, v in x.items():
                _check(v, shape[STR], f"{where}.{cut(k, 20)}")
            return
        keys = {k.rstrip("?") for k in shape}
        extra = set(x) - keys
        if extra:
            raise BadServerMessage(f"{where}: unexpected field {cut(sorted(extra)[0], 24)}")
        for k, sub in shape.items():
            name = k.rstrip("?")
            if name in x:
                _check(x[name], sub, f"{where}.{name}")
            elif not k.endswith("?"):
                raise BadServerMessage(f"{where}: field {name!r} is missing")
    elif isinstance(shape, list):
        if not isinstance(x, list):
            raise BadServerMessage(f"{where}: expected a list")
        for i, item in enumerate(x):
            _check(item, shape[0], f"{where}[{i}]")
    elif isinstance(shape, tuple):
        for option in shape:
            try:
                _check(x, option, where)
                return
            except BadServerMessage:
                continue
        raise BadServerMessage(f"{where}: unexpected value {cut(x, 24)}")
    elif isinstance(shape, Text):
        if not isinstance(x, str) or len(x) > shape.limit:
            raise BadServerMessage(f"{where}: expected a text of at most {shape.limit} characters")
    elif shape is STR:
        if not isinstance(x, str) or len(x) > MAX_STR:
            raise BadServerMessage(f"{where}: expected a text of at most {MAX_STR} characters")
    elif shape is INT:
        if not isinstance(x, int) or isinstance(x, bool) or not -10**9 <= x <= 10**9:
            raise BadServerMessage(f"{where}: expected a whole number, not {cut(x, 24)}")
    elif not isinstance(x, shape) or (shape is INT and isinstance(x, bool)):
        raise BadServerMessage(f"{where}: expected {shape.__name__}, not {cut(x, 24)}")


COUNTS = ("lodge", "abyss", "investigators", "summon", "elder_signs", "curses_carried")


@dataclass
class _Table:
    """What the engine's event checks read of a game, taken from the view (fate/engine/events.py)."""

    content: Content
    n: int
    turn: int
    pieces: list[Any]


def _check_view(v: dict[str, Any], seat: int, content: Content) -> None:
    _check(v, VIEW, "view")
    n = v["players"]
    if not 1 <= n <= 4 or len(v["seats"]) != n or v["viewer"] not in (None, seat) or seat >= n:
        raise BadServerMessage("view: the seats do not add up")
    if any(row["seat"] != i for i, row in enumerate(v["seats"])):
        raise BadServerMessage("view: the seats are out of order")
    seats, anyone = range(n), range(-1, n)  # -1: the Investigators (solo) or the game itself
    prompt = v.get("prompt")
    if (v["current"] not in anyone or not set(v["winners"]) | set(v["losers"]) <= set(seats)
            or any(p["owner"] is not None and p["owner"] not in anyone for p in v["fate_pieces"])
            or any(c["on"] not in seats for c in v["curses_held"]) or (prompt and prompt["seat"] not in anyone)
            or any(len(loc["cultists"]) != n or min(loc["cultists"], default=0) < 0 or loc["investigators"] < 0
                   or loc["squalls"] < 0 for loc in v["locations"])
            or any(min(row[k] for k in COUNTS) < 0 for row in v["seats"])):
        raise BadServerMessage("view: a seat or a count out of range")
    for row in v["seats"]:
        for c in ([row["god"]] if row["god"] else []) + row["artifacts"] + row.get("hand", []) + row.get("reserve", []):
            if c["id"] not in content.by_id:
                raise BadServerMessage(f"view: a card this game does not have ({cut(c['id'], 24)})")
        if row["seat"] != seat and ("hand" in row or "reserve" in row):
            raise BadServerMessage("view: another seat's hand")  # never drawn: a server that leaks is refused


def _check_chart(chart: list[Any], decision: int) -> None:
    """A chronicle's chart: [decision, turn, summons, elder signs] a point, decisions in order."""
    last = 0
    for p in chart:
        if len(p) != 4 or not all(isinstance(x, int) for x in p[:2]) or not all(isinstance(x, list) for x in p[2:]) \
                or not last <= p[0] <= decision or not 0 <= p[1] <= 10**4 or not 1 <= len(p[2]) == len(p[3]) <= 4 \
                or not all(0 <= x <= 10**4 for x in p[2] + p[3]):
            raise BadServerMessage("chronicle: a point of the chart out of range")
        last = p[0]


def _check_events(events: Any, v: dict[str, Any] | None, content: Content) -> None:
    """The events of a state (``v``: its view) or of a chronicle (None: the game's size is
    taken from its set-up event)."""
    _check(events, [{"kind": STR, "data": dict}], "events")
    if v is None:
        n = next((e["data"].get("players") for e in events if e["kind"] == EventKind.SETUP_DONE), 4)
        table = _Table(content, n if isinstance(n, int) and 1 <= n <= 4 else 4, 10**6, [0, 0, 0])
    else:
        table = _Table(content, v["players"], max(1, v["turn"]), v["fate_pieces"])
    for i, e in enumerate(events):
        fields = EVENTS.get(e["kind"])
        if fields is None:
            raise BadServerMessage(f"events[{i}]: unknown kind {cut(e['kind'], 24)}")
        wanted = set(fields) - ({"god"} if e["kind"] == EventKind.GOD_CHOSEN else set())  # kept secret in the draft
        if not wanted <= set(e["data"]) <= set(fields):
            raise BadServerMessage(f"events[{i}]: the fields of {e['kind']} are not right")
        for name, ok in fields.items():
            if name in e["data"] and not ok(table, e["data"][name]):
                raise BadServerMessage(f"events[{i}]: {e['kind']}.{name} holds {cut(e['data'][name], 24)}")


GAME_ROW = {"game": STR, "seats": [INT], "decision": INT, "waiting": STR, "over": BOOL, "updated": (INT, float),
            "to_decide": (NONE, INT), "turn": INT, "players": [SEAT_INFO]}
LOBBY_ROW = {"game": STR, "created": (INT, float), "updated": (INT, float), "open": INT, "turn": INT,
             "to_decide": (NONE, INT),
             "players": [{"seat": INT, "kind": STR, "level": STR, "name": NAME, "claimed": BOOL}]}
RANKED = {"player": Text(64), "name": NAME, "rating": (INT, float), "mu": (INT, float), "sigma": (INT, float),
          "games": INT, "wins": INT, "rated": INT, "place": INT}
CHAT_LINE = {"n": INT, "seat": INT, "name": NAME, "text": Text(200), "at": (INT, float), "decision": INT}
# what each message a server sends carries, keyed by the protocol's catalogue (fate/protocol)
SHAPES: dict[ToClient, dict[str, Any]] = {
    ToClient.CREATED: {"game": STR, "token": STR, "seats": [INT], "invites": [{"code": STR, "seats": [INT],
                                                                         "expires": (INT, float)}],
                "watch": Text(40), "public": BOOL},
    ToClient.LOBBY: {"games": [LOBBY_ROW]},
    ToClient.WATCHING: {"game": STR, "delay": INT, "chat": BOOL},
    ToClient.SPECTATE: {"game": STR, "decision": INT, "view": dict, "events": list, "seats": [SEAT_INFO], "drop": INT},
    ToClient.TALK: {"game": STR, "lines": [CHAT_LINE]},
    ToClient.REMATCH: {"game": STR, "accepted": [INT], "waiting": [INT]},
    ToClient.REMATCHED: {"game": STR, "next": STR, "seats": [INT], "watch": Text(40)},
    ToClient.CLAIMED: {"game": STR, "token": STR, "seats": [INT], "home?": BOOL},
    ToClient.JOINED: {"game": STR, "seats": [INT], "host": BOOL, "home?": BOOL, "clock": (NONE, CLOCK)},
    ToClient.SEATS: {"game": STR, "seats": [SEAT_INFO]},
    ToClient.RESIGNED: {"game": STR, "seat": INT},
    ToClient.REPLACED: {"game": STR, "seat": INT, "level": STR},
    ToClient.LEFT: {"game": STR},
    ToClient.PAUSED: {"game": STR, "by": NAME},
    ToClient.GAMES: {"games": [GAME_ROW]},
    ToClient.ERROR: {"code": STR, "message": STR},
    ToClient.CHALLENGE: {"nonce": Text(64)},
    ToClient.IDENTIFIED: {"player": Text(64), "name": NAME, "devices": INT},
    ToClient.RENAMED: {"name": NAME},
    ToClient.PAIRING: {"code": Text(40), "expires": (INT, float)},
    ToClient.LEADERBOARD: {"players": [RANKED]},
    ToClient.CARD: RANKED | {"favourite": Text(64)},
    ToClient.REPORTED: {"id": Text(64)},
    ToClient.BACK: {"game": STR, "seat": INT},
    ToClient.HAND_OVER: {"game": STR, "seat": INT, "votes": INT, "needed": INT, "handed": BOOL},
    ToClient.CHRONICLE: {"game": STR, "seat": INT, "decision": INT, "events": list, "chart?": [[(INT, [INT])]]},
    ToClient.HINT: {"game": STR, "seat": INT, "decision": INT, "choice": STR, "estimates": [[(STR, INT, float)]]},
    ToClient.STATE: {"game": STR, "seat": INT, "decision": INT, "view": dict, "prompt": (NONE, PROMPT),
              "events": list, "seats": [SEAT_INFO], "undo": REASON},
}
# decisions taken back: the seat's state as it stands again, and how many of the last events
# told to that seat no longer happened
SHAPES[ToClient.UNDONE] = SHAPES[ToClient.STATE] | {"drop": INT}
assert set(SHAPES) == TO_CLIENT, "every message a server sends has its shape here"
STATES = (ToClient.STATE, ToClient.UNDONE)


def parse(raw: Any, content: Content) -> dict[str, Any]:
    """One message from a server, checked; BadServerMessage (one line) for anything else."""
    if not isinstance(raw, str):
        raise BadServerMessage("a binary frame")
    if len(raw) > MAX_TEXT:
        raise BadServerMessage(f"a message of {len(raw)} characters")
    try:
        m = parse_json(raw)
    except InputError as e:
        raise BadServerMessage(str(e)) from None
    if not isinstance(m, dict) or m.get("v") != VERSION:
        if isinstance(m, dict) and isinstance(m.get("v"), int):
            raise BadServerMessage(f"protocol version {m['v']}; this game speaks version {VERSION}")
        raise BadServerMessage("not a message of this game")
    kind = m.get("type")
    if not isinstance(kind, str) or kind not in TO_CLIENT:
        raise BadServerMessage(f"a message of type {cut(kind, 24)}")
    kind = ToClient(kind)
    shape = SHAPES[kind]
    body = {k: x for k, x in m.items() if k not in ("v", "type", "rid")}
    _check(body, shape, kind)
    rid = m.get("rid")
    if rid is not None and (not isinstance(rid, int) or isinstance(rid, bool)):
        raise BadServerMessage("a request number that is not a number")
    if kind in STATES:
        if not 0 <= m["seat"] < 4 or m["decision"] < 0:
            raise BadServerMessage(f"{kind}: a seat or decision out of range")
        if kind == ToClient.UNDONE and (m["events"] or not 0 <= m["drop"] <= 10**6):
            raise BadServerMessage("undone: events to drop out of range")
        _check_view(m["view"], m["seat"], content)
        _check_events(m["events"], m["view"], content)
    if kind == ToClient.SPECTATE:
        if m["decision"] < 0 or not 0 <= m["drop"] <= 10**6:
            raise BadServerMessage("spectate: a decision or drop out of range")
        if m["view"].get("viewer", 0) is not None or "draft" in m["view"]:
            raise BadServerMessage("spectate: a seat's own view")  # a spectator is sent only what all may see
        _check_view(m["view"], 0, content)
        if any("hand" in row or "reserve" in row for row in m["view"]["seats"]) or m["view"]["curses_held"]:
            raise BadServerMessage("spectate: a seat's secrets")
        _check_events(m["events"], m["view"], content)
    if kind == ToClient.TALK and any(not 0 <= ln["seat"] < 4 or any(not ch.isprintable() for ch in ln["text"] + ln["name"])
                              for ln in m["lines"]):
        raise BadServerMessage("talk: a line out of range or with control characters")
    if kind == ToClient.CHRONICLE:
        _check_events(m["events"], None, content)
        _check_chart(m.get("chart", []), m["decision"])
    return m
