"""The wire protocol (docs/protocol.md): one door for every message from a client.

``parse(raw)`` takes the raw text of one WebSocket message and returns a
``Message`` (its type and checked fields) or raises ``ProtocolError``, a
``ValueError`` with a short code and a message of at most 200 characters. It
checks, in this order: the frame kind and size, the nesting depth (before
any JSON is decoded, so a deep document costs nothing), the JSON itself, the
version, the type, then every field's presence, type, length and range, and
refuses unknown fields. Nothing else in the server reads a client's bytes.

Outgoing messages are built by ``reply`` and ``error``: plain dicts that the
transport encodes. Every type in either direction, and every error code, is named once in
the protocol's catalogue (fate/protocol/messages.py), which the client shares.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fate.ground import textrules
from fate.protocol import VERSION, ErrorCode, ToClient, ToServer
from fate.protocol.proof import KEY, PROOF

__all__ = ["ERRORS", "MAX_DELAY", "TYPES", "VERSION", "Message", "ProtocolError", "error", "parse", "reply", "rid_of"]
MAX_CHAT = 160  # characters of one line of table talk
MAX_DELAY = 300  # seconds a spectator may be kept behind the game
MAX_MESSAGE = 8 * 1024  # bytes of one client message; the transport drops frames above 64 KiB outright
MAX_DEPTH = 6  # nesting of objects and lists in one message
MAX_SEATS = 4
MAX_TOKENS = 32  # tokens in one "games" request
LEVELS = ("random", "easy", "normal", "hard")
SEAT_KINDS = ("host", "remote", "ai")

_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # game ids
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # seat tokens (urlsafe base64)
_CODE = re.compile(r"[A-Za-z0-9-]{4,40}")  # invite codes, dashes allowed for reading aloud
_CHOICE = re.compile(r"[\x21-\x7e]{1,120}")  # choice ids: printable ASCII, no spaces
_GROUP = re.compile(r"[A-Za-z0-9_-]{1,16}")
# a line of table talk: 1-160 characters, no control ones, no lone surrogate ("\ud800" in JSON
# decodes to one; it is not text, and no database would store it); then fate/ground/textrules.py keeps
# what draws as itself (no bidi control, no invisible character) and refuses a line with nothing left
_CHAT = re.compile(rf"[^\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]{{1,{MAX_CHAT}}}", re.S)
# a player's name: the same characters, 1-24 of them (then kept to what draws, as a line is)
_NAME = re.compile(rf"[^\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]{{1,{textrules.MAX_NAME}}}")
_GAME_NAMES = textrules.Names()  # the game's own names; the server adds its Elder Gods' (lobby.py)


class ProtocolError(ValueError):
    """A message refused before it reaches a game: ``code`` names the reason for
    programs, the text says it for people (never more than 200 characters)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message if len(message) <= 200 else message[:197] + "..."
        super().__init__(self.message)


@dataclass(frozen=True)
class Message:
    type: ToServer
    fields: dict[str, Any]
    rid: int | None = None  # the client's request number, echoed in the answer

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)


# ------------------------------------------------------------------ field checks
Check = Callable[[str, Any], Any]  # (the field's name, its value) -> the value kept, or ProtocolError


def _show(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(lo: int, hi: int) -> Callable[[str, Any], int]:
    def check(name: str, x: Any) -> int:
        if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
            raise ProtocolError("bad_message", f"field {name!r}: expected a whole number {lo} to {hi}, not {_show(x)}")
        return x
    return check


def _text(pattern: re.Pattern[str], what: str) -> Callable[[str, Any], str]:
    def check(name: str, x: Any) -> str:
        if not isinstance(x, str) or not pattern.fullmatch(x):
            raise ProtocolError("bad_message", f"field {name!r}: expected {what}, not {_show(x)}")
        return x
    return check


def _one_of(options: tuple[str, ...]) -> Callable[[str, Any], str]:
    def check(name: str, x: Any) -> str:
        if not isinstance(x, str) or x not in options:
            raise ProtocolError("bad_message", f"field {name!r}: expected one of {', '.join(options)}, not {_show(x)}")
        return x
    return check


def _bool(name: str, x: Any) -> bool:
    if not isinstance(x, bool):
        raise ProtocolError("bad_message", f"field {name!r}: expected true or false, not {_show(x)}")
    return x


_game = _text(_ID, "a game id")
_token = _text(_TOKEN, "a seat token")
_seat = _int(0, MAX_SEATS - 1)
def _name(name: str, x: Any) -> str:
    """A player's name: 1 to 24 characters, kept to what draws as itself (fate/ground/textrules.py),
    never only invisible ones, never a name the game itself uses ("Seat 1", "Host", "AI")."""
    if not isinstance(x, str) or not _NAME.fullmatch(x):
        raise ProtocolError("bad_message", f"field {name!r}: expected a name of 1 to {textrules.MAX_NAME} "
                                           f"characters, no control characters, not {_show(x)}")
    try:
        return _GAME_NAMES.check(x)
    except textrules.TextRefused as e:
        raise ProtocolError("bad_name", str(e)) from None  # said to the person who typed it: no field's name


def _chat(name: str, x: Any) -> str:
    """A line of table talk: bidi controls and invisible characters dropped, control characters
    refused, and a line with nothing left to read refused."""
    if not isinstance(x, str) or not _CHAT.fullmatch(x):
        raise ProtocolError("bad_message", f"field {name!r}: expected a line of 1 to {MAX_CHAT} characters, "
                                           f"no control characters, not {_show(x)}")
    try:
        return textrules.line(x, MAX_CHAT)
    except textrules.TextRefused as e:
        raise ProtocolError("bad_message", f"field {name!r}: {e}") from None


def _seat_spec(name: str, x: Any) -> dict[str, Any]:
    if not isinstance(x, dict):
        raise ProtocolError("bad_message", f"field {name!r}: expected an object")
    kind = _one_of(SEAT_KINDS)(f"{name}.kind", x.get("kind"))
    allowed = {"kind"} | ({"level"} if kind == "ai" else {"group"} if kind == "remote" else {"name"})
    extra = set(x) - allowed
    if extra:
        raise ProtocolError("bad_message", f"field {name!r}: unknown field {_show(sorted(extra)[0])} for a {kind} seat")
    out: dict[str, Any] = {"kind": kind}
    if kind == "ai":
        out["level"] = _one_of(LEVELS)(f"{name}.level", x.get("level", "normal"))
    if kind == "host":
        out["name"] = _name(f"{name}.name", x["name"]) if "name" in x else ""
    if kind == "remote":
        out["group"] = _text(_GROUP, "a short group name")(f"{name}.group", x["group"]) if "group" in x else None
    return out


def _seats(name: str, x: Any) -> list[dict[str, Any]]:
    if not isinstance(x, list) or not 1 <= len(x) <= MAX_SEATS:
        raise ProtocolError("bad_message", f"field {name!r}: expected a list of 1 to {MAX_SEATS} seats")
    return [_seat_spec(f"{name}[{i}]", s) for i, s in enumerate(x)]


# a game's clock (fate/server/clocks.py): its kind, and for each kind its numbers and their ranges
CLOCK_FIELDS = {"live": {"decision": (5, 600), "bank": (0, 3600)}, "turn": {"hours": (1, 168)}}


def _clock(name: str, x: Any) -> dict[str, Any]:
    if not isinstance(x, dict) or not isinstance(x.get("kind"), str) or x["kind"] not in CLOCK_FIELDS:
        raise ProtocolError("bad_message", f"field {name!r}: expected a clock, live or turn, not {_show(x)}")
    fields = CLOCK_FIELDS[x["kind"]]
    if set(x) != {"kind", *fields}:
        raise ProtocolError("bad_message", f"field {name!r}: a {x['kind']} clock names kind and "
                                           f"{' and '.join(fields)}, nothing else")
    return {"kind": x["kind"], **{k: _int(lo, hi)(f"{name}.{k}", x[k]) for k, (lo, hi) in fields.items()}}


def _tokens(name: str, x: Any) -> list[str]:
    if not isinstance(x, list) or not len(x) <= MAX_TOKENS:
        raise ProtocolError("bad_message", f"field {name!r}: expected a list of 0 to {MAX_TOKENS} tokens")
    return [_token(f"{name}[{i}]", t) for i, t in enumerate(x)]


# Every type a client may send: {field: (check, required)}. "v", "type" and "rid" are common.
TYPES: dict[ToServer, dict[str, tuple[Check, bool]]] = {
    ToServer.CREATE: {"seats": (_seats, True), "seed": (_int(0, 2**62), False),
               "invite_hours": (_int(1, 24 * 7), False), "public": (_bool, False),
               "watch_delay": (_int(0, MAX_DELAY), False), "spectator_chat": (_bool, False),
               "rated": (_bool, False), "clock": (_clock, False)},
    ToServer.CLAIM: {"code": (_text(_CODE, "an invite code"), True), "name": (_name, False)},
    ToServer.JOIN: {"game": (_game, True), "token": (_token, False), "marks": (_bool, False)},
    ToServer.CHOOSE: {"game": (_game, True), "seat": (_seat, True), "decision": (_int(0, 10**7), True),
               "choice": (_text(_CHOICE, "a choice id"), True)},
    ToServer.RESIGN: {"game": (_game, True), "seat": (_seat, True)},
    ToServer.REPLACE: {"game": (_game, True), "seat": (_seat, True), "level": (_one_of(LEVELS), True)},
    ToServer.GAMES: {"tokens": (_tokens, False)},
    ToServer.CHRONICLE: {"game": (_game, True), "seat": (_seat, True), "chart": (_bool, False)},
    ToServer.HINT: {"game": (_game, True), "seat": (_seat, True)},
    ToServer.UNDO: {"game": (_game, True), "seat": (_seat, True), "decision": (_int(1, 10**7), True)},
    ToServer.LEAVE: {"game": (_game, True)},
    ToServer.PAUSE: {"game": (_game, True)},
    ToServer.LOBBY: {},
    ToServer.SIT: {"game": (_game, True), "name": (_name, False)},
    ToServer.WATCH: {"game": (_game, False), "code": (_text(_CODE, "a watch code"), False)},
    ToServer.CHAT: {"game": (_game, True), "text": (_chat, True)},
    ToServer.REMATCH: {"game": (_game, True), "accept": (_bool, False)},
    ToServer.HELLO: {},
    ToServer.IDENTIFY: {"key": (_text(KEY, "a public key (43 characters of URL-safe base64)"), True),
                        "proof": (_text(PROOF, "a signature (86 characters of URL-safe base64)"), True)},
    ToServer.RENAME: {"name": (_name, True)},
    ToServer.PAIR_CODE: {},
    ToServer.PAIR: {"code": (_text(_CODE, "a pairing code"), True)},
    ToServer.LEADERBOARD: {},
    ToServer.CARD: {"player": (_text(_ID, "a player's id"), False)},
    ToServer.REPORT: {"game": (_game, True), "seat": (_seat, True), "line": (_int(1, 10**6), False),
                      "reason": (_chat, False)},
    ToServer.BACK: {"game": (_game, True), "seat": (_seat, True)},
    ToServer.HAND_OVER: {"game": (_game, True), "seat": (_seat, True)},
}


def _fair_deal(fields: dict[str, Any]) -> None:
    """A client's seed deals the cards: kept only in a game whose every human seat is the
    creator's (a solo game, a hotseat, a test, a replay). A friend's seat beside it would be
    dealt by the host, who could then work out the friend's hand from the seed."""
    if "seed" in fields and any(s["kind"] == "remote" for s in fields["seats"]):
        raise ProtocolError("bad_message", "create: a seed is kept only when every human seat is the creator's; "
                                           "leave it out for a game with friends (the server deals)")


def _names_apart(fields: dict[str, Any]) -> None:
    """The creator's own seats (a hotseat) named apart: no two names that look the same."""
    _fair_deal(fields)
    if fields.get("rated") and not (fields.get("public") and len(fields["seats"]) >= 2 and "seed" not in fields):
        raise ProtocolError("bad_message", "create: a rated game is a public one of 2 to 4 cults, dealt by the server")
    named = [s["name"] for s in fields["seats"] if s.get("name")]
    if len({textrules.fold(n) for n in named}) < len(named):
        raise ProtocolError("bad_name", "create: two seats have names that look the same; name them apart")


def _one_way_to_watch(fields: dict[str, Any]) -> None:
    if ("game" in fields) == ("code" in fields):
        raise ProtocolError("bad_message", "watch: give either a watch code or a public game's id")


# Checks of a whole message, after its fields (a rule between two fields).
WHOLE: dict[ToServer, Callable[[dict[str, Any]], None]] = {ToServer.CREATE: _names_apart,
                                                          ToServer.WATCH: _one_way_to_watch}


def _depth_ok(raw: str) -> bool:
    """True if brackets never nest deeper than MAX_DEPTH (brackets inside strings are
    counted too: an over-count only refuses a message no client of ours sends)."""
    depth = 0
    for ch in raw:
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse(raw: Any) -> Message:
    """The one loader of client messages: a checked ``Message`` or ProtocolError."""
    if isinstance(raw, bytes | bytearray | memoryview):
        raise ProtocolError("bad_message", "binary frames are not spoken here: send JSON text")
    if not isinstance(raw, str):
        raise ProtocolError("bad_message", "expected a text message")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message may hold at most {MAX_MESSAGE} bytes")
    if not _depth_ok(raw):
        raise ProtocolError("bad_message", f"a message may nest at most {MAX_DEPTH} deep")
    try:
        data = json.loads(raw, parse_constant=_no_constants)
    except (ValueError, RecursionError) as e:
        raise ProtocolError("bad_json", f"not valid JSON ({str(e)[:80]})") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    version = data.get("v")
    if version != VERSION or isinstance(version, bool):
        raise ProtocolError("bad_version", f"protocol version {_show(version)} is not spoken here; "
                                           f"this server speaks version {VERSION}")
    name = data.get("type")
    if not isinstance(name, str) or name not in TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {_show(name)}; expected one of {', '.join(TYPES)}")
    kind = ToServer(name)
    rid = data.get("rid")
    if rid is not None:
        rid = _int(0, 2**31)("rid", rid)
    spec = TYPES[kind]
    extra = set(data) - set(spec) - {"v", "type", "rid"}
    if extra:
        raise ProtocolError("bad_message", f"{kind}: unknown field {_show(sorted(extra)[0])}")
    fields: dict[str, Any] = {}
    for name, (check, required) in spec.items():
        if name in data:
            fields[name] = check(name, data[name])
        elif required:
            raise ProtocolError("bad_message", f"{kind}: field {name!r} is missing")
    if kind in WHOLE:
        WHOLE[kind](fields)
    return Message(kind, fields, rid)


def rid_of(raw: Any) -> int | None:
    """The request number of a message that failed to parse, if one can be read safely."""
    if isinstance(raw, str) and len(raw) <= MAX_MESSAGE and _depth_ok(raw):
        try:
            data = json.loads(raw, parse_constant=_no_constants)
        except (ValueError, RecursionError):
            return None
        if isinstance(data, dict):
            rid = data.get("rid")
            if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid <= 2**31:
                return rid
    return None


# ------------------------------------------------------------------ outgoing
def reply(kind: ToClient, rid: int | None = None, **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"v": VERSION, "type": kind}
    if rid is not None:
        out["rid"] = rid
    out.update(fields)
    return out


def error(code: str, message: str, rid: int | None = None) -> dict[str, Any]:
    return reply(ToClient.ERROR, rid, code=code, message=message if len(message) <= 200 else message[:197] + "...")


# Every error code the server sends (docs/protocol.md explains each; fate/protocol/messages.py names them).
ERRORS = tuple(ErrorCode)
