"""The embedded store: one SQLite file (standard library), in WAL mode, for one server process.

Every operation runs on one thread that owns the connection, so the event
loop never waits on the disk and operations never race. The thread takes
whatever operations are waiting and runs them in one transaction (each in a
savepoint of its own, so one failing leaves the others whole), commits with
``synchronous=FULL`` and only then answers them: a choice is on the disk
before anyone is told of it, and at load many choices share one fsync
(group commit).
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from fate.server import shared_sql as sql
from fate.server import sqlite_people as people
from fate.server.storage import (
    CHAT_COLS,
    CLOCK_COLUMNS,
    GAME_COLS,
    LOBBY_SQL,
    MOVES_AND_INDEXES,
    NO_TICK,
    SCHEMA,
    SEAT_COLS,
    TABLE_COLS,
    ChatRow,
    GameRow,
    Notice,
    PlayerRow,
    Rater,
    Result,
    SeatRow,
    Standing,
    StoreError,
    TableRow,
    Tick,
    game_row,
    game_values,
    marks,
    seat_row,
    seat_values,
    standing_row,
    table_row,
    table_values,
)

T = TypeVar("T")
# one job of the database's thread: what to do with the connection, and where its answer goes
_Job = tuple[Callable[[sqlite3.Connection], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, save TEXT NOT NULL, decision INTEGER NOT NULL, waiting TEXT NOT NULL,
    host_hash TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL, saved_at INTEGER NOT NULL DEFAULT 0,
    ai_owner TEXT, ai_decision INTEGER, ai_until REAL);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    level TEXT NOT NULL, token_hash TEXT, invite_hash TEXT, invite_expires REAL NOT NULL,
    resigned INTEGER NOT NULL, last_seen REAL NOT NULL, name TEXT NOT NULL DEFAULT '', PRIMARY KEY (game, seat));
""" + MOVES_AND_INDEXES


class SqliteStore:
    shared = False  # one process owns the file
    def __init__(self, path: str | Path, serving: bool = True) -> None:
        """``serving``: the server's own (else the operator's commands beside a running server,
        fate/server/admin.py, which leave its claims alone and wait longer for its writes)."""
        self.path = Path(path)
        self.serving = serving
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        ready = threading.Event()
        self._failed: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(ready,), name="fate-sqlite", daemon=True)
        self._thread.start()
        ready.wait()
        if self._failed:
            raise StoreError(f"{self.path}: cannot be opened ({self._failed[0]})")

    # ------------------------------------------------------------ the thread
    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                               timeout=5.0 if self.serving else 30.0)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.executescript(_TABLES)
        # a file from before names, identities, clocks: their columns added
        for table, column, kind in (("seats", "name", "TEXT NOT NULL DEFAULT ''"), ("seats", "player", "TEXT"),
                                    *CLOCK_COLUMNS):
            if column not in {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        conn.execute("CREATE INDEX IF NOT EXISTS seats_player ON seats(player)")
        conn.execute("CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline)")
        row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None:
            conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
        elif row[0] != str(SCHEMA):
            raise StoreError(f"database schema {row[0]}, this server reads {SCHEMA}")
        # One process owns the file: a claim on an AI move left by a killed server is void.
        if self.serving:
            conn.execute("UPDATE games SET ai_owner=NULL, ai_decision=NULL, ai_until=NULL")
        return conn

    def _run(self, ready: threading.Event) -> None:
        try:
            conn = self._open()
        except Exception as e:  # reported by the constructor
            self._failed.append(e)
            ready.set()
            return
        ready.set()
        while True:
            first = self._jobs.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < 256:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self._jobs.put(None)
                    break
                batch.append(job)
            results: list[tuple[Any, Any, bool, Any]] = []
            try:
                conn.execute("BEGIN IMMEDIATE")
                for fn, loop, fut in batch:
                    conn.execute("SAVEPOINT job")
                    try:
                        out, ok = fn(conn), True
                        conn.execute("RELEASE job")
                    except Exception as e:
                        conn.execute("ROLLBACK TO job")
                        conn.execute("RELEASE job")
                        out, ok = e, False
                    results.append((loop, fut, ok, out))
                conn.execute("COMMIT")
            except sqlite3.Error as e:  # the disk failed: no job of the batch happened
                if conn.in_transaction:
                    conn.rollback()
                results = [(loop, fut, False, StoreError(f"the database failed ({e})")) for _, loop, fut in batch]
            for loop, fut, ok, out in results:
                loop.call_soon_threadsafe(_settle, fut, ok, out)
        conn.close()

    async def _do(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._jobs.put((fn, loop, fut))
        return await fut

    # ------------------------------------------------------------ the interface
    async def create_game(self, row: GameRow, seats: list[SeatRow], table: TableRow | None = None) -> None:
        def fn(c: sqlite3.Connection) -> None:
            c.execute(f"INSERT INTO games ({GAME_COLS}) VALUES ({marks(8)})", game_values(row))
            c.executemany(f"INSERT INTO seats ({SEAT_COLS}) VALUES ({marks(14)})", [seat_values(s) for s in seats])
            if table is not None:
                c.execute(f"INSERT INTO tables ({TABLE_COLS}) VALUES ({marks(7)})", table_values(table))
        await self._do(fn)

    async def table(self, game: str) -> TableRow | None:
        def fn(c: sqlite3.Connection) -> TableRow | None:
            r = c.execute(f"SELECT {TABLE_COLS} FROM tables WHERE game=?", (game,)).fetchone()
            return None if r is None else table_row(r)
        return await self._do(fn)

    async def watched(self, watch_hash: str) -> str | None:
        def fn(c: sqlite3.Connection) -> str | None:
            r = c.execute("SELECT game FROM tables WHERE watch_hash=?", (watch_hash,)).fetchone()
            return None if r is None else r[0]
        return await self._do(fn)

    async def invited(self, code_hash: str) -> str | None:
        def fn(c: sqlite3.Connection) -> str | None:
            r = c.execute("SELECT game FROM seats WHERE invite_hash=? LIMIT 1", (code_hash,)).fetchone()
            return None if r is None else r[0]
        return await self._do(fn)

    async def lobby(self, now: float, limit: int) -> list[tuple[str, float, float, list[SeatRow]]]:
        def fn(c: sqlite3.Connection) -> list[tuple[str, float, float, list[SeatRow]]]:
            games = c.execute(LOBBY_SQL, (now, limit)).fetchall()
            out = []
            for gid, created, updated in games:
                seats = [seat_row(r) for r in c.execute(f"SELECT {SEAT_COLS} FROM seats WHERE game=? ORDER BY seat",
                                                        (gid,))]
                out.append((gid, created, updated, seats))
            return out
        return await self._do(fn)

    async def set_rematch(self, game: str, rematch: str) -> bool:
        def fn(c: sqlite3.Connection) -> bool:
            if c.execute("SELECT 1 FROM tables WHERE game=?", (game,)).fetchone() is None:
                c.execute(f"INSERT INTO tables ({TABLE_COLS}) VALUES (?,0,NULL,0,0,NULL,'')", (game,))
            return c.execute("UPDATE tables SET rematch=? WHERE game=? AND rematch IS NULL",
                             (rematch, game)).rowcount == 1
        return await self._do(fn)

    async def vote(self, game: str, seats: list[int], accept: bool) -> list[int]:
        def fn(c: sqlite3.Connection) -> list[int]:
            if accept:
                c.executemany("INSERT OR IGNORE INTO votes (game, seat) VALUES (?,?)", [(game, s) for s in seats])
            else:
                c.executemany("DELETE FROM votes WHERE game=? AND seat=?", [(game, s) for s in seats])
            return [r[0] for r in c.execute("SELECT seat FROM votes WHERE game=? ORDER BY seat", (game,))]
        return await self._do(fn)

    async def add_chat(self, game: str, seat: int, decision: int, at: float, name: str, text: str) -> int:
        def fn(c: sqlite3.Connection) -> int:
            n: int = c.execute("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game=?", (game,)).fetchone()[0]
            c.execute(f"INSERT INTO chat (game, {CHAT_COLS}) VALUES (?,?,?,?,?,?,?)",
                      (game, n, seat, decision, at, name, text))
            return n
        return await self._do(fn)

    async def chat(self, game: str, limit: int) -> list[ChatRow]:
        def fn(c: sqlite3.Connection) -> list[ChatRow]:
            rows = c.execute(f"SELECT {CHAT_COLS} FROM chat WHERE game=? ORDER BY n DESC LIMIT ?",
                             (game, limit)).fetchall()
            return [ChatRow(*r) for r in reversed(rows)]
        return await self._do(fn)

    async def load_game(self, game: str) -> GameRow | None:
        def fn(c: sqlite3.Connection) -> GameRow | None:
            r = c.execute(f"SELECT {GAME_COLS} FROM games WHERE id=?", (game,)).fetchone()
            if r is None:
                return None
            moves = [m[0] for m in c.execute(
                "SELECT choice FROM moves WHERE game=? AND decision>=(SELECT saved_at FROM games WHERE id=?) "
                "ORDER BY decision", (game, game))]
            return game_row(r, moves)
        return await self._do(fn)

    async def moves_since(self, game: str, decision: int) -> list[str]:
        def fn(c: sqlite3.Connection) -> list[str]:
            return [m[0] for m in c.execute("SELECT choice FROM moves WHERE game=? AND decision>=? ORDER BY decision",
                                            (game, decision))]
        return await self._do(fn)

    async def commit(self, game: str, expect: int, choice: str, save: str | None, waiting: str,
                     now: float, holder: tuple[int, str] | None = None, tick: Tick = NO_TICK) -> bool:
        def fn(c: sqlite3.Connection) -> bool:
            if not _holds(c, game, holder):
                return False
            cur = c.execute("UPDATE games SET decision=?, waiting=?, updated=?, deadline=? WHERE id=? AND decision=?",
                            (expect + 1, waiting, now, tick.deadline, game, expect))
            if cur.rowcount != 1:
                return False
            c.execute("INSERT INTO moves VALUES (?,?,?)", (game, expect, choice))
            if holder is not None and holder[1] == "":
                c.execute(sql.RETURNED, (game, holder[0]))
            if tick.seat >= 0:
                c.execute("UPDATE seats SET bank=? WHERE game=? AND seat=?", (tick.bank, game, tick.seat))
            if save is not None:
                c.execute("UPDATE games SET save=?, saved_at=? WHERE id=?", (save, expect + 1, game))
            return True
        return await self._do(fn)

    async def take_back(self, game: str, expect: int, save: str, waiting: str, now: float,
                        holder: tuple[int, str] | None = None, deadline: float | None = None) -> bool:
        def fn(c: sqlite3.Connection) -> bool:
            if not _holds(c, game, holder):
                return False
            cur = c.execute("UPDATE games SET decision=?, waiting=?, updated=?, deadline=?, ai_owner=NULL, "
                            "ai_decision=NULL, ai_until=NULL WHERE id=? AND decision=? AND decision>0 "
                            "AND waiting='human'", (expect - 1, waiting, now, deadline, game, expect))
            if cur.rowcount != 1:
                return False
            c.execute("DELETE FROM moves WHERE game=? AND decision=?", (game, expect - 1))
            c.execute("UPDATE games SET save=?, saved_at=? WHERE id=? AND saved_at>=?", (save, expect - 1, game, expect))
            return True
        return await self._do(fn)

    async def seats(self, game: str) -> list[SeatRow]:
        def fn(c: sqlite3.Connection) -> list[SeatRow]:
            return [seat_row(r) for r in c.execute(f"SELECT {SEAT_COLS} FROM seats WHERE game=? ORDER BY seat",
                                                (game,))]
        return await self._do(fn)

    async def seats_of_token(self, token_hash: str) -> list[SeatRow]:
        def fn(c: sqlite3.Connection) -> list[SeatRow]:
            return [seat_row(r) for r in c.execute(
                f"SELECT {SEAT_COLS} FROM seats WHERE token_hash=? ORDER BY game, seat", (token_hash,))]
        return await self._do(fn)

    async def seats_of_player(self, player: str) -> list[SeatRow]:
        def fn(c: sqlite3.Connection) -> list[SeatRow]:
            return [seat_row(r) for r in c.execute(sql.SEATS_OF_PLAYER, (player,))]
        return await self._do(fn)

    async def tie_seats(self, token_hash: str, player: str) -> None:
        def fn(c: sqlite3.Connection) -> None:
            c.execute(sql.TIE_SEATS, (player, token_hash))
        await self._do(fn)

    async def claim_invite(self, code_hash: str, token_hash: str, now: float, name: str = "",
                           player: str | None = None) -> list[SeatRow]:
        def fn(c: sqlite3.Connection) -> list[SeatRow]:
            rows = [seat_row(r) for r in c.execute(
                f"SELECT {SEAT_COLS} FROM seats WHERE invite_hash=? AND invite_expires>? AND token_hash IS NULL",
                (code_hash, now))]
            if rows:
                c.execute("UPDATE seats SET token_hash=?, invite_hash=NULL, last_seen=?, name=?, player=? "
                          "WHERE invite_hash=?", (token_hash, now, name, player, code_hash))
            return [SeatRow(**{**r.__dict__, "name": name, "player": player}) for r in rows]
        return await self._do(fn)

    # ------------------------------------------------------------ players (fate/server/identity.py)
    async def player_of_key(self, key: str) -> PlayerRow | None:
        return await self._do(lambda c: people.player_of_key(c, key))

    async def add_player(self, player: str, key: str, now: float) -> PlayerRow:
        return await self._do(lambda c: people.add_player(c, player, key, now))

    async def rename_player(self, player: str, name: str, fold: str) -> bool:
        return await self._do(lambda c: people.rename_player(c, player, name, fold))

    async def add_pair_code(self, code_hash: str, player: str, expires: float, now: float) -> None:
        await self._do(lambda c: people.add_pair_code(c, code_hash, player, expires, now))

    async def pair(self, code_hash: str, key: str, now: float) -> PlayerRow | None:
        return await self._do(lambda c: people.pair(c, code_hash, key, now))

    async def set_seat(self, game: str, seat: int, kind: str, level: str, token_hash: str | None,
                       resigned: bool) -> None:
        def fn(c: sqlite3.Connection) -> None:
            c.execute("UPDATE seats SET kind=?, level=?, token_hash=?, invite_hash=NULL, resigned=?, stand_in=0, "
                      "handing=0 WHERE game=? AND seat=?", (kind, level, token_hash, int(resigned), game, seat))
        await self._do(fn)

    async def changed(self, game: str) -> None:
        """One process owns a SQLite store: there is no one else to tell."""

    async def set_waiting(self, game: str, waiting: str) -> None:
        def fn(c: sqlite3.Connection) -> None:
            c.execute("UPDATE games SET waiting=? WHERE id=?", (waiting, game))
        await self._do(fn)

    async def touch(self, game: str, seats: list[int], now: float) -> None:
        def fn(c: sqlite3.Connection) -> None:
            c.executemany("UPDATE seats SET last_seen=? WHERE game=? AND seat=?", [(now, game, s) for s in seats])
        await self._do(fn)

    async def claim_ai(self, game: str, decision: int, owner: str, now: float, lease: float) -> bool:
        def fn(c: sqlite3.Connection) -> bool:
            cur = c.execute("UPDATE games SET ai_owner=?, ai_decision=?, ai_until=? WHERE id=? AND decision=? "
                            "AND waiting='ai' AND (ai_decision IS NULL OR ai_decision<>? OR ai_until<?)",
                            (owner, decision, now + lease, game, decision, decision, now))
            return cur.rowcount == 1
        return await self._do(fn)

    async def renew_ai(self, game: str, decision: int, owner: str, now: float, lease: float) -> bool:
        def fn(c: sqlite3.Connection) -> bool:
            cur = c.execute("UPDATE games SET ai_until=? WHERE id=? AND decision=? AND ai_decision=? AND ai_owner=?",
                            (now + lease, game, decision, decision, owner))
            return cur.rowcount == 1
        return await self._do(fn)

    async def waiting_on_ai(self, now: float, lease: float) -> list[str]:
        def fn(c: sqlite3.Connection) -> list[str]:
            return [r[0] for r in c.execute(
                "SELECT id FROM games WHERE waiting='ai' AND (ai_decision IS NULL OR ai_decision<>decision "
                "OR ai_until<?)", (now,))]
        return await self._do(fn)

    async def prune(self, before: float, limit: int) -> int:
        def fn(c: sqlite3.Connection) -> int:
            gone = [r[0] for r in c.execute(sql.PRUNABLE, (before, limit))]
            for stmt in sql.PRUNE:
                c.executemany(stmt, [(g,) for g in gone])
            return len(gone)
        return await self._do(fn)

    async def run(self, steps: list[tuple[str, tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
        def fn(c: sqlite3.Connection) -> list[list[tuple[Any, ...]]]:
            return [c.execute(stmt, values).fetchall() for stmt, values in steps]
        return await self._do(fn)

    async def ping(self) -> None:
        def fn(c: sqlite3.Connection) -> None:
            c.execute("SELECT 1").fetchone()
        await self._do(fn)

    # ------------------------------------------------------------ standings (fate/server/ratings.py)
    async def add_standing(self, game: str, rated: bool) -> None:
        def fn(c: sqlite3.Connection) -> None:
            c.execute(sql.NEW_STANDING, (game, int(rated)))
        await self._do(fn)

    async def settle(self, game: str, results: list[Result], fresh: tuple[float, float, float],
                     rate: Rater | None) -> bool:
        return await self._do(lambda c: people.settle(c, game, results, fresh, rate))

    async def unsettled(self) -> list[str]:
        def fn(c: sqlite3.Connection) -> list[str]:
            return [r[0] for r in c.execute(sql.UNSETTLED)]
        return await self._do(fn)

    async def leaderboard(self, limit: int) -> list[Standing]:
        def fn(c: sqlite3.Connection) -> list[Standing]:
            return [standing_row(r, i + 1) for i, r in enumerate(c.execute(sql.LEADERBOARD, (limit,)))]
        return await self._do(fn)

    async def standing(self, player: str) -> Standing | None:
        return await self._do(lambda c: people.standing(c, player))

    async def listen(self, callback: Notice) -> None:
        """One process owns a SQLite store: there is no one else to hear from."""

    async def announce(self, game: str, word: str) -> None:
        """One process owns a SQLite store: there is no one else to tell."""

    async def close(self) -> None:
        if self._thread.is_alive():
            self._jobs.put(None)
            await asyncio.get_running_loop().run_in_executor(None, self._thread.join, 5.0)


def _holds(c: sqlite3.Connection, game: str, holder: tuple[int, str] | None) -> bool:
    """True if no holder is asked for, or that seat is still played by that token (in the
    transaction of the write it guards: the one thread makes the two atomic)."""
    return holder is None or c.execute(sql.HOLDS, (game, holder[0], holder[1], holder[1])).fetchone() is not None


def _settle(fut: asyncio.Future[Any], ok: bool, out: Any) -> None:
    if fut.done():
        return
    if ok:
        fut.set_result(out)
    elif isinstance(out, StoreError):
        fut.set_exception(out)
    else:
        fut.set_exception(StoreError(f"the database refused ({type(out).__name__}: {out})"))
