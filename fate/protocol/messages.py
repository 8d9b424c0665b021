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

The ``TypedDict`` shapes below are each message's own fields (``TO_SERVER_FIELDS``,
``TO_CLIENT_FIELDS``; ``Envelope`` what every message carries besides), for the type
checker and for people: docs/protocol.md says what each field means, and each end's door
checks them (fate/server/protocol.py, fate/net/messages.py); tests/server/test_catalogue.py
holds both doors to these lists, field by field.
"""

# (no postponed annotations here: TypedDict reads NotRequired when the class is made)
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from fate.protocol.clock import ClockSpec, HandedOver, SeatClock
from fate.protocol.players import (
    Card,
    CardOf,
    Challenge,
    Identified,
    Identify,
    Leaderboard,
    Pair,
    Pairing,
    Rename,
    Renamed,
    Report,
    Reported,
)

VERSION = 6  # 2: undo, undone and the turn-end marks (24 November 2026); 3: lobby, spectators, table talk, rematch;
# 4: events carry no words (each client tells them in its own language, 6 December 2026); 5: a player's identity
# (a key pair), kept across computers by a pairing code, and the games listed and joined by it (7 December 2026);
# 6: time controls (a game's clock, each seat's, back and hand_over) (7 December 2026)


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
    HELLO = "hello"  # ask for a challenge to prove an identity with
    IDENTIFY = "identify"  # this connection is the player of a public key: the challenge signed
    RENAME = "rename"  # the player's name on this server
    PAIR_CODE = "pair_code"  # a short code that joins another computer to this identity
    PAIR = "pair"  # this computer's key joins the identity a pairing code was made by
    LEADERBOARD = "leaderboard"  # the players with the best ratings
    CARD = "card"  # a player's standing: games, wins, rating, favourite Elder God
    REPORT = "report"  # a line of talk or a player, for the server's operator
    BACK = "back"  # the player of a seat out of time takes it again from the AI standing in
    HAND_OVER = "hand_over"  # vote to hand a seat out of time to the AI for good


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
    CHALLENGE = "challenge"  # the answer to hello: what to sign
    IDENTIFIED = "identified"  # the answer to identify and pair: the player this connection is
    RENAMED = "renamed"  # the answer to rename
    PAIRING = "pairing"  # the answer to pair_code: the code and when it expires
    LEADERBOARD = "leaderboard"  # the answer to leaderboard
    CARD = "card"  # the answer to card
    REPORTED = "reported"  # the answer to report
    BACK = "back"  # the answer to back
    HAND_OVER = "hand_over"  # the answer to hand_over: the votes, and whether they carried it
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
    NOT_IDENTIFIED = "not_identified"
    BAD_PROOF = "bad_proof"
    BAD_PAIR = "bad_pair"
    NO_SUCH_PLAYER = "no_such_player"
    BANNED = "banned"
    MUTED = "muted"
    CLOSED = "closed"
    NOT_OUT_OF_TIME = "not_out_of_time"


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


# ------------------------------------------------------------------ shapes both sides use
class SeatSpec(TypedDict):
    """One seat of a ``create``: ``host`` (``name``), ``remote`` (``group``) or ``ai`` (``level``)."""

    kind: str
    name: NotRequired[str]
    group: NotRequired[str]
    level: NotRequired[str]


class SeatInfo(TypedDict):
    """One seat as ``state``, ``seats``, ``games`` and ``spectate`` list it."""

    seat: int
    kind: str  # "host", "remote" or "ai"
    level: str  # an AI's level ("" for a person)
    name: str  # the player's ("" if none was given or the seat is an AI's)
    claimed: bool
    resigned: bool
    here: bool
    clock: SeatClock | None  # None: the game has no clock


class LobbyPlayer(TypedDict):
    seat: int
    kind: str
    level: str
    name: str
    claimed: bool


class LobbyRow(TypedDict):
    """One public game with an open seat, as ``lobby`` lists it."""

    game: str
    created: float
    updated: float
    players: list[LobbyPlayer]
    open: int  # seats anyone may take
    turn: int
    to_decide: int | None


class ListedGame(TypedDict):
    """One game a token plays seats of, as ``games`` lists it."""

    game: str
    seats: list[int]
    decision: int
    waiting: str  # "human", "ai" or "none"
    over: bool
    updated: float
    to_decide: int | None
    turn: int
    players: list[SeatInfo]


class TalkLine(TypedDict):
    """One line of table talk as ``talk`` carries it."""

    n: int  # the line's number in the game
    seat: int
    name: str
    text: str
    at: float  # Unix time
    decision: int


class Invite(TypedDict):
    code: str
    seats: list[int]
    expires: float  # Unix time


# ------------------------------------------------------------------ a client's messages' fields
class Create(TypedDict):
    seats: list[SeatSpec]
    seed: NotRequired[int]
    invite_hours: NotRequired[int]
    public: NotRequired[bool]
    watch_delay: NotRequired[int]
    spectator_chat: NotRequired[bool]
    rated: NotRequired[bool]  # the result moves the players' ratings (a public game of 2-4 cults)
    clock: NotRequired[ClockSpec]  # left out: three days a turn


class Claim(TypedDict):
    code: str
    name: NotRequired[str]


class Join(TypedDict):
    game: str
    token: NotRequired[str]  # left out: the seats of the connection's identity
    marks: NotRequired[bool]


class Choose(TypedDict):
    game: str
    seat: int
    decision: int
    choice: str


class SeatOf(TypedDict):
    """``resign`` and ``hint``: a game and one of its seats."""

    game: str
    seat: int


class Replace(TypedDict):
    game: str
    seat: int
    level: str


class Games(TypedDict):
    tokens: NotRequired[list[str]]  # and, on an identified connection, the games of its player


class Chronicle(TypedDict):
    game: str
    seat: int
    chart: NotRequired[bool]


class Undo(TypedDict):
    game: str
    seat: int
    decision: int


class GameOnly(TypedDict):
    """``leave``, ``pause``, and a server's ``left``: the game alone."""

    game: str


class Nothing(TypedDict):
    """``lobby``: no fields."""


class Sit(TypedDict):
    game: str
    name: NotRequired[str]


class Watch(TypedDict):
    """Either ``code`` (a watch code) or ``game`` (a public game's id)."""

    game: NotRequired[str]
    code: NotRequired[str]


class Chat(TypedDict):
    game: str
    text: str


class Rematch(TypedDict):
    game: str
    accept: NotRequired[bool]


# ------------------------------------------------------------------ a server's messages' fields
class Created(TypedDict):
    game: str
    token: str  # the host's secret
    seats: list[int]
    invites: list[Invite]
    watch: str
    public: bool


class Claimed(TypedDict):
    game: str
    token: str
    seats: list[int]
    home: NotRequired[bool]


class Joined(TypedDict):
    game: str
    seats: list[int]
    host: bool
    home: NotRequired[bool]
    clock: ClockSpec | None  # None: a game from before clocks


class State(TypedDict):
    game: str
    seat: int
    decision: int
    view: dict[str, Any]  # the engine's view(seat) (fate/engine/view.py)
    prompt: dict[str, Any] | None
    events: list[dict[str, Any]]  # {kind, data, text}
    seats: list[SeatInfo]
    undo: str  # why this seat cannot take back now ("" if it can)


class Undone(State):
    drop: int  # how many of the last events told no longer happened


class Seats(TypedDict):
    game: str
    seats: list[SeatInfo]


class SeatDone(TypedDict):
    """``resigned``: the game and the seat."""

    game: str
    seat: int


class Replaced(TypedDict):
    game: str
    seat: int
    level: str


class GamesListed(TypedDict):
    games: list[ListedGame]


class ChronicleTold(TypedDict):
    game: str
    seat: int
    decision: int
    events: list[dict[str, Any]]
    chart: NotRequired[list[list[Any]]]  # [decision, turn, summons, elder signs]


class Hint(TypedDict):
    game: str
    seat: int
    decision: int
    choice: str
    estimates: list[list[Any]]  # [choice id, chance to win, visits], best first


class LobbyList(TypedDict):
    games: list[LobbyRow]


class Watching(TypedDict):
    game: str
    delay: int
    chat: bool


class Spectate(TypedDict):
    game: str
    decision: int
    view: dict[str, Any]  # the engine's view(None)
    events: list[dict[str, Any]]
    seats: list[SeatInfo]
    drop: int


class TalkLines(TypedDict):
    game: str
    lines: list[TalkLine]


class RematchVotes(TypedDict):
    game: str
    accepted: list[int]
    waiting: list[int]


class Rematched(TypedDict):
    game: str
    next: str
    seats: list[int]
    watch: str


class Paused(TypedDict):
    game: str
    by: str


class ErrorFields(TypedDict):
    """An ``error``'s own fields."""

    code: str  # an ErrorCode
    message: str  # at most 200 characters, for people


# Each message type's own fields (besides ``Envelope``'s), in each direction.
TO_SERVER_FIELDS: dict[ToServer, type] = {
    ToServer.CREATE: Create, ToServer.CLAIM: Claim, ToServer.JOIN: Join, ToServer.CHOOSE: Choose,
    ToServer.RESIGN: SeatOf, ToServer.REPLACE: Replace, ToServer.GAMES: Games, ToServer.CHRONICLE: Chronicle,
    ToServer.HINT: SeatOf, ToServer.UNDO: Undo, ToServer.LOBBY: Nothing, ToServer.SIT: Sit, ToServer.WATCH: Watch,
    ToServer.CHAT: Chat, ToServer.REMATCH: Rematch, ToServer.LEAVE: GameOnly, ToServer.PAUSE: GameOnly,
    ToServer.HELLO: Nothing, ToServer.IDENTIFY: Identify, ToServer.RENAME: Rename, ToServer.PAIR_CODE: Nothing,
    ToServer.PAIR: Pair, ToServer.LEADERBOARD: Nothing, ToServer.CARD: CardOf, ToServer.REPORT: Report,
    ToServer.BACK: SeatOf, ToServer.HAND_OVER: SeatOf,
}
TO_CLIENT_FIELDS: dict[ToClient, type] = {
    ToClient.CREATED: Created, ToClient.CLAIMED: Claimed, ToClient.JOINED: Joined, ToClient.STATE: State,
    ToClient.UNDONE: Undone, ToClient.SEATS: Seats, ToClient.RESIGNED: SeatDone, ToClient.REPLACED: Replaced,
    ToClient.LEFT: GameOnly, ToClient.GAMES: GamesListed, ToClient.CHRONICLE: ChronicleTold, ToClient.HINT: Hint,
    ToClient.LOBBY: LobbyList, ToClient.WATCHING: Watching, ToClient.SPECTATE: Spectate, ToClient.TALK: TalkLines,
    ToClient.REMATCH: RematchVotes, ToClient.REMATCHED: Rematched, ToClient.PAUSED: Paused,
    ToClient.CHALLENGE: Challenge, ToClient.IDENTIFIED: Identified, ToClient.RENAMED: Renamed,
    ToClient.PAIRING: Pairing, ToClient.LEADERBOARD: Leaderboard, ToClient.CARD: Card, ToClient.REPORTED: Reported,
    ToClient.BACK: SeatDone, ToClient.HAND_OVER: HandedOver, ToClient.ERROR: ErrorFields,
}
