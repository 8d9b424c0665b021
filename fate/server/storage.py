"""The storage interface: what the server keeps, and the one contract every adapter meets.

A game is one row: its save (fate/engine/save.py's versioned JSON, text),
rewritten whole every ``SAVE_EVERY`` choices, and every move (one small row
per choice id, kept: the save's ``choices`` go on with those after it), its decision
number (how many choices it has taken), what it waits on
(``"human"``, ``"ai"`` or ``"none"`` once over), the hash of the host's token,
and the claim on its pending AI move (which process decides it, until when).
A seat is one row: how it is played (``host``, ``remote`` or ``ai`` at a
level), the hash of the token that plays it, the hash of its invite code and
when that expires, whether it resigned, when its player was last seen.

Tokens and invite codes are never stored, only their SHA-256: a stolen
database holds no way in. ``commit`` is a compare-and-set on the decision
number: it writes only if the game still stands at ``expect`` and reports
whether it did (``take_back``, its inverse, likewise); an adapter makes that atomic (SQLite: one writer thread;
PostgreSQL: a row lock), so two choices are never applied to one position.
Adapters: ``fate.server.sqlite_store`` (the embedded default) and
``fate.server.pg_store`` (PostgreSQL, for several server processes).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

SCHEMA = 1
SAVE_EVERY = 25  # choices between two whole saves of a game; the moves between are rows of their own
HELD = -3  # a notice's decision number saying which seats of a game a process holds (``announce``)

# what a store calls for each notice from any process: (game or None, decision, choice or word)
Notice = Callable[[str | None, int, str], None]


def new_id(nbytes: int) -> str:
    """A game's or a player's id: ``nbytes`` random bytes of URL-safe base64, never beginning
    with a dash (an operator types them on a command line, fate/server/admin.py)."""
    while True:
        text = secrets.token_urlsafe(nbytes)
        if not text.startswith("-"):
            return text


def digest(secret: str) -> str:
    """What is stored of a token or an invite code."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass
class SeatRow:
    game: str
    seat: int
    kind: str  # "host", "remote" or "ai"
    level: str = ""  # for ai seats
    token_hash: str | None = None  # who plays it (None: no one yet, or an AI)
    invite_hash: str | None = None
    invite_expires: float = 0.0
    resigned: bool = False
    last_seen: float = 0.0
    name: str = ""  # what its player is called at the table (given when creating or claiming)
    player: str | None = None  # the identity of the player who took it (fate/server/identity.py), if known
    # its clock (fate/server/clocks.py): the seconds left in its bank (a live clock), whether an AI
    # stands in for it (0 no; 1 its player ran out of time; 2 they came back while the AI decided,
    # which it finishes) and which seats voted to hand it over
    bank: float = 0.0
    stand_in: int = 0
    handing: int = 0  # a bit per seat that voted

    def ai_plays(self) -> bool:
        """An AI decides for the seat now: its own, or one standing in for a player out of time."""
        return self.kind == "ai" or self.stand_in != 0


# the columns both stores read, in this order, and a seat row made from them
SEAT_COLS = ("game, seat, kind, level, token_hash, invite_hash, invite_expires, resigned, last_seen, name, player, "
             "bank, stand_in, handing")
GAME_COLS = "id, save, decision, waiting, host_hash, created, updated, deadline"
# The schema's tail, the same SQL in both stores (each writes its own games and seats tables)
MOVES_AND_INDEXES = """
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id), decision INTEGER NOT NULL, choice TEXT NOT NULL,
    PRIMARY KEY (game, decision));
CREATE INDEX IF NOT EXISTS seats_token ON seats(token_hash);
CREATE INDEX IF NOT EXISTS seats_invite ON seats(invite_hash);
CREATE INDEX IF NOT EXISTS games_waiting ON games(waiting);
CREATE TABLE IF NOT EXISTS tables (
    game TEXT PRIMARY KEY REFERENCES games(id), public INTEGER NOT NULL, watch_hash TEXT,
    delay INTEGER NOT NULL, spectator_chat INTEGER NOT NULL, rematch TEXT);
CREATE INDEX IF NOT EXISTS tables_public ON tables(public);
CREATE INDEX IF NOT EXISTS tables_watch ON tables(watch_hash);
CREATE TABLE IF NOT EXISTS votes (
    game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, fold TEXT NOT NULL, created DOUBLE PRECISION NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS players_fold ON players(fold) WHERE fold<>'';
CREATE TABLE IF NOT EXISTS player_keys (
    key TEXT PRIMARY KEY, player TEXT NOT NULL REFERENCES players(id), added DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS player_keys_player ON player_keys(player);
CREATE TABLE IF NOT EXISTS pair_codes (
    code_hash TEXT PRIMARY KEY, player TEXT NOT NULL REFERENCES players(id), expires DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS standings (
    game TEXT PRIMARY KEY REFERENCES games(id), rated INTEGER NOT NULL, done INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS player_stats (
    player TEXT PRIMARY KEY REFERENCES players(id), mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL, wins INTEGER NOT NULL, rated INTEGER NOT NULL, ordinal DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS player_stats_ordinal ON player_stats(ordinal);
CREATE TABLE IF NOT EXISTS player_gods (
    player TEXT NOT NULL REFERENCES players(id), god TEXT NOT NULL, games INTEGER NOT NULL,
    PRIMARY KEY (player, god));
CREATE TABLE IF NOT EXISTS reports (
    id TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL, game TEXT NOT NULL, seat INTEGER NOT NULL,
    line INTEGER NOT NULL, said TEXT NOT NULL, player TEXT, addresses TEXT NOT NULL, by_player TEXT,
    by_address TEXT NOT NULL, reason TEXT NOT NULL, done INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS sanctions (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, target TEXT NOT NULL, what TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL, reason TEXT NOT NULL, at DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS sanctions_until ON sanctions(until);
CREATE TABLE IF NOT EXISTS mod_log (
    at DOUBLE PRECISION NOT NULL, operator TEXT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL,
    detail TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS closures (
    game TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL, reason TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS limit_counts (
    owner TEXT NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS limit_counts_owner ON limit_counts(owner);
CREATE TABLE IF NOT EXISTS chat (
    game TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
    decision INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL,
    PRIMARY KEY (game, n));
"""
# a game's table (lobby, spectators, table talk, rematch, its clock); a game from before has none: private
TABLE_COLS = "game, public, watch_hash, delay, spectator_chat, rematch, clock"
# the columns the clocks added to tables made before them (each store adds them when it opens one)
CLOCK_COLUMNS = (("seats", "bank", "DOUBLE PRECISION NOT NULL DEFAULT 0"),
                 ("seats", "stand_in", "INTEGER NOT NULL DEFAULT 0"),
                 ("seats", "handing", "INTEGER NOT NULL DEFAULT 0"),
                 ("games", "deadline", "DOUBLE PRECISION"),
                 ("tables", "clock", "TEXT NOT NULL DEFAULT ''"))
CHAT_COLS = "n, seat, decision, at, name, text"
# the public games with a seat open to anyone now, newest first (the lobby); both stores' SQL
# but for the placeholder
LOBBY_SQL = (
    "SELECT g.id, g.created, g.updated FROM tables t JOIN games g ON g.id=t.game WHERE t.public=1 "
    "AND g.waiting<>'none' AND EXISTS (SELECT 1 FROM seats s WHERE s.game=g.id AND s.kind='remote' "
    "AND s.token_hash IS NULL AND s.invite_hash IS NOT NULL AND s.invite_expires>?) ORDER BY g.created DESC LIMIT ?")


def seat_row(r: tuple[Any, ...]) -> SeatRow:
    return SeatRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8], r[9], r[10], float(r[11]),
                   int(r[12]), int(r[13]))


def seat_values(s: SeatRow) -> tuple[Any, ...]:
    """A seat row's values in ``SEAT_COLS``' order, for an insert."""
    return (s.game, s.seat, s.kind, s.level, s.token_hash, s.invite_hash, s.invite_expires, s.resigned,
            s.last_seen, s.name, s.player, s.bank, int(s.stand_in), s.handing)


def game_row(r: tuple[Any, ...], moves: list[str]) -> GameRow:
    """A game row from ``GAME_COLS``' values and its moves since its save."""
    return GameRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], moves, r[7])


def game_values(g: GameRow) -> tuple[Any, ...]:
    return (g.game, g.save, g.decision, g.waiting, g.host_hash, g.created, g.updated, g.deadline)


def table_values(t: TableRow) -> tuple[Any, ...]:
    return (t.game, int(t.public), t.watch_hash, t.delay, int(t.spectator_chat), t.rematch, t.clock)


def marks(n: int) -> str:
    """``n`` placeholders for an insert."""
    return ",".join("?" * n)


# How a finished game counts for each player: (player, won, the Elder God they played ("" if none)).
Result = tuple[str, bool, str]
# A game's new ratings: given each player's (mu, sigma) before, their (mu, sigma, ordinal) after.
Rater = Callable[[dict[str, tuple[float, float]]], dict[str, tuple[float, float, float]]]


@dataclass
class Standing:
    """A player's standing on the server: their rating (``mu`` and its uncertainty ``sigma``; the
    rating shown is ``mu - 3 sigma``), the finished games they played and won, how many of those
    were rated, their place on the leaderboard (1 first; 0 unrated) and the Elder God they played
    most ("" if none)."""

    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    rated: int
    place: int = 0
    favourite: str = ""


def standing_row(r: tuple[Any, ...], place: int = 0) -> Standing:
    """A standing from ``LEADERBOARD``'s or ``CARD``'s columns."""
    return Standing(r[0], r[1], float(r[2]), float(r[3]), int(r[4]), int(r[5]), int(r[6]), place)


@dataclass
class PlayerRow:
    """A player known by their keys (fate/server/identity.py): ``id`` (public), their ``name`` on
    this server ("" until given) and how many keys (computers) are theirs."""

    id: str
    name: str
    devices: int


@dataclass
class GameRow:
    game: str
    save: str  # the save, JSON text
    decision: int
    waiting: str  # "human", "ai" or "none"
    host_hash: str
    created: float
    updated: float
    moves: list[str] = field(default_factory=list)  # choice ids made after the save, in order
    deadline: float | None = None  # when the seat to decide runs out of time (fate/server/clocks.py); None: no clock


@dataclass
class TableRow:
    """How a game is offered: listed in the lobby (``public``, its open seats taken with a click),
    watched (the hash of its watch code; spectators see it ``delay`` seconds late, and its table
    talk only if ``spectator_chat``), and the game its players went on to (``rematch``)."""

    game: str
    public: bool = False
    watch_hash: str | None = None
    delay: int = 0
    spectator_chat: bool = False
    rematch: str | None = None
    clock: str = ""  # its time control as fate/server/clocks.py writes it ("" for a game from before clocks)


def table_row(r: tuple[Any, ...]) -> TableRow:
    return TableRow(r[0], bool(r[1]), r[2], int(r[3]), bool(r[4]), r[5], r[6] or "")


@dataclass
class ChatRow:
    """One line of table talk: the ``n``th of its game, said by ``seat`` (its player's ``name``
    then) at ``decision``, Unix time ``at``."""

    n: int
    seat: int
    decision: int
    at: float
    name: str
    text: str


@dataclass(frozen=True)
class Tick:
    """What a choice does to its game's clock (fate/server/clocks.py): when the seat to decide
    next runs out of time (None: no clock runs), and the bank left to the seat that chose
    (``seat`` -1: none changes)."""

    deadline: float | None = None
    seat: int = -1
    bank: float = 0.0


NO_TICK = Tick()  # a choice in a game with no clock


class StoreError(RuntimeError):
    """The database failed (not the client's fault): the request is answered ``busy``."""


class Store(Protocol):
    """Every method is a coroutine; each call is its own transaction. ``shared``: several processes
    may use the store at once (PostgreSQL), and so share their counts (fate/server/shared_limits.py)."""

    shared: bool

    async def create_game(self, row: GameRow, seats: list[SeatRow], table: TableRow | None = None) -> None:
        """The game, its seats and (if given) its table, in one transaction."""
        ...

    async def load_game(self, game: str) -> GameRow | None: ...

    async def commit(self, game: str, expect: int, choice: str, save: str | None, waiting: str,
                     now: float, holder: tuple[int, str] | None = None, tick: Tick = NO_TICK) -> bool:
        """Record ``choice`` as the answer to decision ``expect`` if the game still stands
        there (it then stands at ``expect + 1``; with ``save``, the whole save is written
        too; ``tick``, the clock's new deadline and the chooser's bank); False if another
        choice came first. ``holder``: whose choice, (seat, token hash): False too unless that
        seat is still played by that token (it may have resigned on another process a moment
        ago), or for an AI's (hash ""), unless an AI still plays that seat (its player may be
        back from running out of time).
        Durable on return, and every server process sharing the store is told (``listen``)."""
        ...

    async def take_back(self, game: str, expect: int, save: str, waiting: str, now: float,
                        holder: tuple[int, str] | None = None, deadline: float | None = None) -> bool:
        """Take back the choice that answered decision ``expect - 1``, if the game still stands
        at ``expect`` and waits on a person (then it stands at ``expect - 1`` again, its clock
        running out at ``deadline``): its move
        row goes, and a whole save written at ``expect`` is replaced by ``save`` (the game as it
        stood before that choice). False if the game moved (a choice, another take-back, a
        seat handed to an AI) first, or if ``holder`` (seat, token hash) no longer plays that
        seat. Atomic and durable like ``commit``; every process is told (``listen``: the game,
        ``expect - 1`` and no choice)."""
        ...

    async def moves_since(self, game: str, decision: int) -> list[str]:
        """The choice ids that answered decisions ``decision``, ``decision + 1``, ... in order."""
        ...

    async def seats(self, game: str) -> list[SeatRow]: ...

    async def seats_of_token(self, token_hash: str) -> list[SeatRow]: ...

    async def seats_of_player(self, player: str) -> list[SeatRow]:
        """The seats taken by a player's identity (fate/server/identity.py), by game and seat."""
        ...

    async def tie_seats(self, token_hash: str, player: str) -> None:
        """The seats a token plays that no identity took yet are ``player``'s from now on."""
        ...

    async def claim_invite(self, code_hash: str, token_hash: str, now: float, name: str = "",
                           player: str | None = None) -> list[SeatRow]:
        """Bind the seats of an unexpired, unclaimed invite to a token (and its player's
        ``name`` and identity); [] if there is none."""
        ...

    async def player_of_key(self, key: str) -> PlayerRow | None:
        """The player a public key is, if the server knows it."""
        ...

    async def add_player(self, player: str, key: str, now: float) -> PlayerRow:
        """A new player of id ``player`` whose one key is ``key`` (if another connection made one
        for that key a moment before, that one)."""
        ...

    async def rename_player(self, player: str, name: str, fold: str) -> bool:
        """The player's name is ``name`` now, unless another player's folds the same (``fold``,
        fate/ground/textrules.py): then False, and nothing changes."""
        ...

    async def add_pair_code(self, code_hash: str, player: str, expires: float, now: float) -> None:
        """A pairing code for ``player`` until ``expires`` (their earlier one, and every expired
        one, go)."""
        ...

    async def pair(self, code_hash: str, key: str, now: float) -> PlayerRow | None:
        """Use a pairing code once: ``key`` becomes the code's player's (a key new to the server
        too). The player the key was keeps their seats and standing (their games still open by
        their tokens). None if no unexpired code has that hash."""
        ...

    async def set_seat(self, game: str, seat: int, kind: str, level: str, token_hash: str | None,
                       resigned: bool) -> None:
        """Change how a seat is played (resign, replace, hand over for good: no AI stands in for
        it any more, and its votes go); every process is told."""
        ...

    async def set_waiting(self, game: str, waiting: str) -> None: ...

    async def changed(self, game: str) -> None:
        """Tell every other process that the game's seats changed (``listen``'s decision -1: they
        read them again); a no-op where only one process can use the store."""
        ...

    async def touch(self, game: str, seats: list[int], now: float) -> None: ...

    async def claim_ai(self, game: str, decision: int, owner: str, now: float, lease: float) -> bool:
        """Take the right to decide the AI move at ``decision`` (unless another process
        holds an unexpired claim on it). Exactly one caller wins each claim."""
        ...

    async def renew_ai(self, game: str, decision: int, owner: str, now: float, lease: float) -> bool:
        """Keep ``owner``'s claim on the AI move at ``decision`` for ``lease`` seconds more
        (False: the claim is no longer its own, or the game moved on)."""
        ...

    async def waiting_on_ai(self, now: float, lease: float) -> list[str]:
        """Games whose AI move nobody holds a live claim on (after a restart, a dead process)."""
        ...

    async def listen(self, callback: Notice) -> None:
        """Call ``callback(game, decision, choice)`` whenever any process commits a choice
        (no choice: took one back, to ``decision``; decision -1: changed a seat; decision
        ``HELD``: a process's word on the seats it holds, ``announce``; game None: notices may
        have been missed). A no-op where only one process can use the store."""
        ...

    async def announce(self, game: str, word: str) -> None:
        """Tell every other process ``word`` (fate/server/away.py) on ``game`` (``listen``'s
        ``HELD``); a no-op where only one process can use the store."""
        ...

    async def table(self, game: str) -> TableRow | None:
        """How the game is offered (None: a game from before tables, private)."""
        ...

    async def watched(self, watch_hash: str) -> str | None:
        """The game a watch code shows, if any."""
        ...

    async def invited(self, code_hash: str) -> str | None:
        """The game an invite code is for, if any (its seat open or not): the names at its
        table are checked before the seat is claimed."""
        ...

    async def lobby(self, now: float, limit: int) -> list[tuple[str, float, float, list[SeatRow]]]:
        """The public games not over with a seat open to anyone (unexpired), newest first: (game,
        created, updated, its seats)."""
        ...

    async def set_rematch(self, game: str, rematch: str) -> bool:
        """Name the game the players went on to, once: False if one is named already."""
        ...

    async def vote(self, game: str, seats: list[int], accept: bool) -> list[int]:
        """The players of ``seats`` say "Play again" (``accept``) or take it back: the seats that
        say it now, in order (kept, so a player who opens the finished game later sees them)."""
        ...

    async def add_chat(self, game: str, seat: int, decision: int, at: float, name: str, text: str) -> int:
        """Keep a line of table talk; its number in the game (1, 2, ...)."""
        ...

    async def chat(self, game: str, limit: int) -> list[ChatRow]:
        """The game's last ``limit`` lines of table talk, in order."""
        ...

    async def ping(self) -> None:
        """Answer at once if the database answers (the operator's health check); StoreError if not."""
        ...

    async def add_standing(self, game: str, rated: bool) -> None:
        """A new game whose result is to count for its players (rated: their ratings too)."""
        ...

    async def settle(self, game: str, results: list[Result], fresh: tuple[float, float, float],
                     rate: Rater | None) -> bool:
        """Count a finished game once (False if it was counted already, or never to be): each
        player's games, wins and Elder God; a player with no standing yet starts at ``fresh``
        (mu, sigma, ordinal); a rated game's ``rate`` gives their new ratings. One transaction."""
        ...

    async def unsettled(self) -> list[str]:
        """Finished games not counted yet (their process stopped first)."""
        ...

    async def leaderboard(self, limit: int) -> list[Standing]:
        """The players with a rated game, best rating first."""
        ...

    async def standing(self, player: str) -> Standing | None:
        """A player's standing (None: no finished game yet)."""
        ...

    async def prune(self, before: float, limit: int) -> int:
        """Delete up to ``limit`` finished games last moved before ``before`` (Unix time), each
        whole (its moves, seats, talk, table), once its result has counted for its players; the
        players' standings stay. How many went."""
        ...

    async def run(self, steps: list[tuple[str, tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
        """Run ``steps`` (each SQL of the stores' shared text, "?" placeholders, and its values)
        in one transaction: each step's rows (none for a statement that returns none). For the
        parts whose SQL is one step or a few (fate/server/moderation.py)."""
        ...

    async def close(self) -> None: ...

