"""Every message type of the protocol, in both directions, as one catalogue.

A message on the wire is a JSON object ``{"v": VERSION, "type": ..., "rid"?: ..., fields...}``
(docs/protocol.md, "Every message"). ``ToServer`` names what a client may send,
``ToClient`` what a server sends, ``ErrorCode`` the ``code`` of an ``error``. Each is a
``StrEnum``: a member is its own wire string (``ToServer.CHOOSE == "choose"``), so a
message built from one is the same JSON as before, and a dispatch table keyed by members
finds a plain string read off the wire. ``TO_SERVER`` and ``TO_CLIENT`` are the same sets
as frozensets, for asking "is this a type at all" of a string that came from outside
(``"x" in ToServer`` is not allowed on Python 3.11 for a string that is no member).

``LinkNote`` is no message of the wire: the client's link (fate/net/link.py) puts these
into its inbox beside the server's messages, to say what happened to the line itself.

The ``TypedDict`` shapes below are the fields every message carries and a few that
several messages share; each message's own fields are listed in docs/protocol.md and
checked at each end's door (fate/server/protocol.py, fate/net/messages.py).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NotRequired, TypedDict

VERSION = 3  # 2: undo, undone and the turn-end marks (24 November 2026); 3: lobby, spectators, table talk, rematch


class ToServer(StrEnum):
    """What a client may send (docs/protocol.md, "Client to server")."""

    CREATE = "create"  # a new game: its seats, who plays them
    CLAIM = "claim"  # take the seats an invite code opens
    JOIN = "join"  # take up again the seats a token plays (the reconnect)
    CHOOSE = "choose"  # one choice of a seat at a decision
    RESIGN = "resign"  # give a seat up to an AI
    REPLACE = "replace"  # the host has an AI play an absent player's seat
    GAMES = "games"  # the games some tokens play seats of
    CHRONICLE = "chronicle"  # every event of a game one seat may see, narrated
    HINT = "hint"  # what Hard would choose for the asking seat now
    UNDO = "undo"  # take back the seat's last decision
    LOBBY = "lobby"  # the server's public games with an open seat
    SIT = "sit"  # a public game's first open seat
    WATCH = "watch"  # watch a game as a spectator
    CHAT = "chat"  # one line of table talk
    REMATCH = "rematch"  # say (or unsay) "play again" once the game is over
    LEAVE = "leave"  # this connection gives a game up until it joins again
    PAUSE = "pause"  # the host's server is about to stop: tell the table


class ToClient(StrEnum):
    """What a server sends (docs/protocol.md, "Server to client")."""

    CREATED = "created"  # the answer to create: the host's token, invite and watch codes
    CLAIMED = "claimed"  # the answer to claim or sit: this player's token and seats
    JOINED = "joined"  # the answer to join
    STATE = "state"  # one seat's view of the game, its prompt when it decides, the last events
    UNDONE = "undone"  # as state, after decisions were taken back, with how many events to drop
    SEATS = "seats"  # who is at the table changed
    RESIGNED = "resigned"  # the answer to resign
    REPLACED = "replaced"  # the answer to replace
    LEFT = "left"  # the answer to leave
    GAMES = "games"  # the answer to games
    CHRONICLE = "chronicle"  # the answer to chronicle
    HINT = "hint"  # the answer to hint
    LOBBY = "lobby"  # the answer to lobby
    WATCHING = "watching"  # the answer to watch
    SPECTATE = "spectate"  # what a spectator sees of a decision, late by the game's delay
    TALK = "talk"  # lines of table talk
    REMATCH = "rematch"  # who said "play again" and who is still to say it
    REMATCHED = "rematched"  # everyone said it: the new game
    PAUSED = "paused"  # the host pauses the game; its server is about to stop
    ERROR = "error"  # a message refused: its code and a line for people


class ErrorCode(StrEnum):
    """The ``code`` of every ``error`` a server sends (docs/protocol.md, "Errors")."""

    BAD_JSON = "bad_json"
    TOO_BIG = "too_big"
    BAD_MESSAGE = "bad_message"
    BAD_VERSION = "bad_version"
    UNKNOWN_TYPE = "unknown_type"
    RATE_LIMITED = "rate_limited"
    BAD_TOKEN = "bad_token"
    BAD_INVITE = "bad_invite"
    NO_SUCH_GAME = "no_such_game"
    NOT_JOINED = "not_joined"
    NOT_YOUR_SEAT = "not_your_seat"
    STALE_DECISION = "stale_decision"
    ILLEGAL_CHOICE = "illegal_choice"
    GAME_OVER = "game_over"
    NOT_HOST = "not_host"
    NOT_ABSENT = "not_absent"
    BUSY = "busy"
    INTERNAL = "internal"
    CANNOT_UNDO = "cannot_undo"
    TOO_MANY = "too_many"
    NOT_YOUR_TURN = "not_your_turn"
    BAD_WATCH = "bad_watch"
    NOT_PUBLIC = "not_public"
    NO_SEAT = "no_seat"
    NOT_OVER = "not_over"
    BAD_NAME = "bad_name"


class LinkNote(StrEnum):
    """What the client's link says of the line itself, in its inbox beside the server's
    messages; never sent on the wire."""

    ONLINE = "online"  # the line is up (again)
    OFFLINE = "offline"  # the line dropped; the link tries again
    PROBLEM = "problem"  # something could not be read or reached: ``message``, ``fatal``


TO_SERVER: frozenset[str] = frozenset(ToServer)
TO_CLIENT: frozenset[str] = frozenset(ToClient)
ERROR_CODES: frozenset[str] = frozenset(ErrorCode)


class Envelope(TypedDict):
    """What every message carries besides its own fields."""

    v: int
    type: str
    rid: NotRequired[int]  # the client's request number, echoed in the answer it causes


class SeatInfo(TypedDict):
    """One seat as ``state``, ``seats`` and ``spectate`` list it."""

    seat: int
    kind: str  # "host", "remote" or "ai"
    level: str | None
    name: str
    claimed: bool
    resigned: bool
    here: bool


class TalkLine(TypedDict):
    """One line of table talk as ``talk`` carries it."""

    n: int  # the line's number in the game
    seat: int
    name: str
    text: str
    at: float  # Unix time
    decision: int


class ErrorFields(TypedDict):
    """An ``error``'s own fields."""

    code: str  # an ErrorCode
    message: str  # at most 200 characters, for people
