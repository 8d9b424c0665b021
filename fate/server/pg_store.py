"""The community store: PostgreSQL (psycopg 3), shared by any number of server processes.

A choice is committed under the game's row lock, in one statement (one round
trip): ``SELECT ... FOR UPDATE`` of the game where its decision number still
stands where the choice was made (a concurrent commit makes it wait, then look
again at the row as that one left it), the row moved on, the move recorded
(and every ``SAVE_EVERY`` choices the whole save), and a ``pg_notify`` that
names the game and its new decision number; PostgreSQL delivers it when (and only if) the
transaction commits, to every process that ``LISTEN``s, so each learns of the
choice at once and pushes it to its own clients (fate/server/app.py catches up
from the stored choices). We use LISTEN/NOTIFY rather than Redis pub/sub: the
notice travels with the commit itself (no window where the data is committed
and the message lost, or the message sent and the commit rolled back), and a
community server needs one service, not two.

Claims on AI moves are an ``UPDATE ... WHERE`` on the same row, so exactly one
process wins each; a claim expires after its lease if its process dies.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import psycopg

from fate.server import pg_people as people
from fate.server import shared_sql as sql
from fate.server.pg_people import pg_sql
from fate.server.storage import (
    CHAT_COLS,
    CLOCK_COLUMNS,
    GAME_COLS,
    HELD,
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

log = logging.getLogger("fate.server")

Conn = psycopg.AsyncConnection[Any]  # (rows as tuples)

CHANNEL = "fate_games"
POOL = 8  # connections a process keeps for its requests (plus one that listens)

_TABLES = """
CREATE TABLE IF NOT EXISTS fate_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, save TEXT NOT NULL, decision INTEGER NOT NULL, waiting TEXT NOT NULL,
    host_hash TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, updated DOUBLE PRECISION NOT NULL,
    saved_at INTEGER NOT NULL DEFAULT 0, ai_owner TEXT, ai_decision INTEGER, ai_until DOUBLE PRECISION);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    level TEXT NOT NULL, token_hash TEXT, invite_hash TEXT, invite_expires DOUBLE PRECISION NOT NULL,
    resigned BOOLEAN NOT NULL, last_seen DOUBLE PRECISION NOT NULL, name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, seat));
ALTER TABLE seats ADD COLUMN IF NOT EXISTS name TEXT NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN IF NOT EXISTS player TEXT;
CREATE INDEX IF NOT EXISTS seats_player ON seats(player);
""" + MOVES_AND_INDEXES + "".join(f"ALTER TABLE {t} ADD COLUMN IF NOT EXISTS {c} {k};\n" for t, c, k in CLOCK_COLUMNS) \
    + "CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline);\n"


# a guard on a move: its seat still played by its token, or (token "") by an AI (no holder: none asked)
_HOLDS = (" AND (%(hs)s::int IS NULL OR EXISTS (SELECT 1 FROM seats WHERE game=%(g)s AND seat=%(hs)s"
          " AND ((token_hash=%(hh)s AND stand_in=0) OR (%(hh)s='' AND (kind='ai' OR stand_in<>0)))))")


# a live clock's bank, written with the move that spent it (fate/server/clocks.py)
_BANKED = "banked AS (UPDATE seats SET bank=%(b)s WHERE game IN (SELECT id FROM moved) AND seat=%(bs)s), "


# an AI's move for a seat whose player came back while it decided: the seat theirs again
_RETURNED = "returned AS (UPDATE seats SET stand_in=0 WHERE game IN (SELECT id FROM moved) AND seat=%(hs)s AND stand_in=2), "


def _holder(holder: tuple[int, str] | None) -> dict[str, int | str | None]:
    return {"hs": None, "hh": None} if holder is None else {"hs": holder[0], "hh": holder[1]}


class PgStore:
    shared = True  # any number of processes
    def __init__(self, dsn: str, pool: int = POOL) -> None:
        self.dsn = dsn
        self.size = pool
        self._idle: asyncio.Queue[Conn] | None = None
        self._open_lock: asyncio.Lock | None = None
        self._listener: asyncio.Task[None] | None = None
        self._all: list[Conn] = []

    # ------------------------------------------------------------ connections
    async def _ready(self) -> asyncio.Queue[Conn]:
        """The idle connections, opened (and the tables made) the first time."""
        if self._idle is not None:
            return self._idle
        if self._open_lock is None:
            self._open_lock = asyncio.Lock()
        async with self._open_lock:
            if self._idle is not None:
                return self._idle
            try:
                first = await psycopg.AsyncConnection.connect(self.dsn)
                async with first.transaction():
                    await first.execute("SELECT pg_advisory_xact_lock(2222022)")  # one process makes the tables
                    for stmt in filter(str.strip, _TABLES.split(";")):
                        await first.execute(stmt)
                    cur = await first.execute("SELECT value FROM fate_meta WHERE key='schema'")
                    row = await cur.fetchone()
                    if row is None:
                        await first.execute("INSERT INTO fate_meta VALUES ('schema', %s)", (str(SCHEMA),))
                    elif row[0] != str(SCHEMA):
                        raise StoreError(f"database schema {row[0]}, this server reads {SCHEMA}")
                await first.set_autocommit(True)
                conns = [first] + [await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                                   for _ in range(self.size - 1)]
            except psycopg.Error as e:
                raise StoreError(f"PostgreSQL: {str(e).strip()[:150]}") from None
            idle: asyncio.Queue[Conn] = asyncio.Queue()
            for c in conns:
                idle.put_nowait(c)
            self._all = conns
            self._idle = idle
            return idle

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[Conn]:
        idle = await self._ready()
        conn = await idle.get()
        try:
            if conn.closed:
                conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
            yield conn
        except psycopg.Error as e:
            if not conn.closed and conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                await conn.rollback()
            raise StoreError(f"PostgreSQL: {str(e).strip()[:150]}") from None
        finally:
            idle.put_nowait(conn)

    # ------------------------------------------------------------ the interface
    async def create_game(self, row: GameRow, seats: list[SeatRow], table: TableRow | None = None) -> None:
        async with self._conn() as c, c.transaction():
            await c.execute(f"INSERT INTO games ({GAME_COLS}) VALUES ({pg_sql(marks(8))})", game_values(row))
            async with c.cursor() as cur:
                await cur.executemany(f"INSERT INTO seats ({SEAT_COLS}) VALUES ({pg_sql(marks(14))})",
                                      [seat_values(s) for s in seats])
            if table is not None:
                await c.execute(f"INSERT INTO tables ({TABLE_COLS}) VALUES ({pg_sql(marks(7))})", table_values(table))

    async def table(self, game: str) -> TableRow | None:
        async with self._conn() as c:
            r = await (await c.execute(f"SELECT {TABLE_COLS} FROM tables WHERE game=%s", (game,))).fetchone()
        return None if r is None else table_row(r)

    async def watched(self, watch_hash: str) -> str | None:
        async with self._conn() as c:
            r = await (await c.execute("SELECT game FROM tables WHERE watch_hash=%s", (watch_hash,))).fetchone()
        return None if r is None else r[0]

    async def invited(self, code_hash: str) -> str | None:
        async with self._conn() as c:
            r = await (await c.execute("SELECT game FROM seats WHERE invite_hash=%s LIMIT 1", (code_hash,))).fetchone()
        return None if r is None else r[0]

    async def lobby(self, now: float, limit: int) -> list[tuple[str, float, float, list[SeatRow]]]:
        async with self._conn() as c, c.transaction():
            games = await (await c.execute(LOBBY_SQL.replace("?", "%s"), (now, limit))).fetchall()
            seats = await (await c.execute(f"SELECT {SEAT_COLS} FROM seats WHERE game = ANY(%s) ORDER BY game, seat",
                                           ([g[0] for g in games],))).fetchall()
        by_game: dict[str, list[SeatRow]] = {}
        for r in seats:
            by_game.setdefault(r[0], []).append(seat_row(r))
        return [(g, created, updated, by_game.get(g, [])) for g, created, updated in games]

    async def set_rematch(self, game: str, rematch: str) -> bool:
        async with self._conn() as c, c.transaction():
            await c.execute(f"INSERT INTO tables ({TABLE_COLS}) VALUES (%s,0,NULL,0,0,NULL,'') ON CONFLICT DO NOTHING",
                            (game,))
            cur = await c.execute("UPDATE tables SET rematch=%s WHERE game=%s AND rematch IS NULL", (rematch, game))
            return cur.rowcount == 1

    async def vote(self, game: str, seats: list[int], accept: bool) -> list[int]:
        async with self._conn() as c, c.transaction():
            await c.execute("SELECT 1 FROM games WHERE id=%s FOR UPDATE", (game,))  # one vote counted at a time
            for s in seats:
                await c.execute("INSERT INTO votes (game, seat) VALUES (%s,%s) ON CONFLICT DO NOTHING" if accept
                                else "DELETE FROM votes WHERE game=%s AND seat=%s", (game, s))
            rows = await (await c.execute("SELECT seat FROM votes WHERE game=%s ORDER BY seat", (game,))).fetchall()
        return [r[0] for r in rows]

    async def add_chat(self, game: str, seat: int, decision: int, at: float, name: str, text: str) -> int:
        async with self._conn() as c, c.transaction():
            await c.execute("SELECT 1 FROM games WHERE id=%s FOR UPDATE", (game,))  # one line numbered at a time
            row = await (await c.execute("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game=%s",
                                         (game,))).fetchone()
            n: int = row[0] if row is not None else 1  # (an aggregate always gives its one row)
            await c.execute(f"INSERT INTO chat (game, {CHAT_COLS}) VALUES (%s,%s,%s,%s,%s,%s,%s)",
                            (game, n, seat, decision, at, name, text))
        return n

    async def chat(self, game: str, limit: int) -> list[ChatRow]:
        async with self._conn() as c:
            rows = await (await c.execute(f"SELECT {CHAT_COLS} FROM chat WHERE game=%s ORDER BY n DESC LIMIT %s",
                                          (game, limit))).fetchall()
        return [ChatRow(*r) for r in reversed(rows)]

    async def load_game(self, game: str) -> GameRow | None:
        async with self._conn() as c, c.transaction():  # the game and its moves as of one moment
            r = await (await c.execute(f"SELECT {GAME_COLS} FROM games WHERE id=%s", (game,))).fetchone()
            moves = await (await c.execute(
                "SELECT choice FROM moves WHERE game=%s AND decision>=(SELECT saved_at FROM games WHERE id=%s) "
                "ORDER BY decision", (game, game))).fetchall()
        return None if r is None else game_row(r, [m[0] for m in moves])

    async def moves_since(self, game: str, decision: int) -> list[str]:
        async with self._conn() as c:
            rows = await (await c.execute("SELECT choice FROM moves WHERE game=%s AND decision>=%s ORDER BY decision",
                                          (game, decision))).fetchall()
        return [r[0] for r in rows]

    async def commit(self, game: str, expect: int, choice: str, save: str | None, waiting: str,
                     now: float, holder: tuple[int, str] | None = None, tick: Tick = NO_TICK) -> bool:
        # One statement, so one round trip and one transaction: lock the row if it still
        # stands at ``expect`` (a concurrent commit makes FOR UPDATE wait, then look again
        # at the row as that one left it), move it on, record the move, notify on commit. A
        # person's choice counts only while its seat is still played by its token.
        async with self._conn() as c:
            cur = await c.execute(
                "WITH locked AS (SELECT id FROM games WHERE id=%(g)s AND decision=%(d)s" + _HOLDS + " FOR UPDATE), "
                "moved AS (UPDATE games SET decision=%(d)s + 1, waiting=%(w)s, updated=%(t)s, deadline=%(dl)s, "
                "  save=COALESCE(%(s)s, save), "
                "  saved_at=CASE WHEN %(s)s::text IS NULL THEN saved_at ELSE %(d)s + 1 END "
                "  WHERE id IN (SELECT id FROM locked) RETURNING id), "
                + (_BANKED if tick.seat >= 0 else "") + (_RETURNED if holder is not None and holder[1] == "" else "") +
                "noted AS (INSERT INTO moves SELECT id, %(d)s, %(c)s FROM moved RETURNING game) "
                "SELECT pg_notify(%(ch)s, %(n)s) FROM noted",
                {"g": game, "d": expect, "w": waiting, "t": now, "s": save, "c": choice, "ch": CHANNEL,
                 "n": f"{game} {expect + 1} {choice}", "dl": tick.deadline, "b": tick.bank, "bs": tick.seat,
                 **_holder(holder)})
            return len(await cur.fetchall()) == 1

    async def take_back(self, game: str, expect: int, save: str, waiting: str, now: float,
                        holder: tuple[int, str] | None = None, deadline: float | None = None) -> bool:
        # ``commit`` backwards, in one statement too: the row locked only if it still stands at
        # ``expect`` waiting on a person, moved back, its last move deleted, notified on commit.
        async with self._conn() as c:
            cur = await c.execute(
                "WITH locked AS (SELECT id FROM games WHERE id=%(g)s AND decision=%(d)s AND decision>0 "
                "  AND waiting='human'" + _HOLDS + " FOR UPDATE), "
                "moved AS (UPDATE games SET decision=%(d)s - 1, waiting=%(w)s, updated=%(t)s, deadline=%(dl)s, "
                "  save=CASE WHEN saved_at>=%(d)s THEN %(s)s ELSE save END, "
                "  saved_at=CASE WHEN saved_at>=%(d)s THEN %(d)s - 1 ELSE saved_at END, "
                "  ai_owner=NULL, ai_decision=NULL, ai_until=NULL "
                "  WHERE id IN (SELECT id FROM locked) RETURNING id), "
                "gone AS (DELETE FROM moves WHERE game IN (SELECT id FROM moved) AND decision=%(d)s - 1 "
                "  RETURNING game) "
                "SELECT pg_notify(%(ch)s, %(n)s) FROM moved",
                {"g": game, "d": expect, "w": waiting, "t": now, "s": save, "ch": CHANNEL, "n": f"{game} {expect - 1} ",
                 "dl": deadline, **_holder(holder)})
            return len(await cur.fetchall()) == 1

    async def seats(self, game: str) -> list[SeatRow]:
        async with self._conn() as c:
            rows = await (await c.execute(f"SELECT {SEAT_COLS} FROM seats WHERE game=%s ORDER BY seat",
                                          (game,))).fetchall()
        return [seat_row(r) for r in rows]

    async def seats_of_token(self, token_hash: str) -> list[SeatRow]:
        async with self._conn() as c:
            rows = await (await c.execute(f"SELECT {SEAT_COLS} FROM seats WHERE token_hash=%s ORDER BY game, seat",
                                          (token_hash,))).fetchall()
        return [seat_row(r) for r in rows]

    async def seats_of_player(self, player: str) -> list[SeatRow]:
        async with self._conn() as c:
            rows = await (await c.execute(pg_sql(sql.SEATS_OF_PLAYER), (player,))).fetchall()
        return [seat_row(r) for r in rows]

    async def tie_seats(self, token_hash: str, player: str) -> None:
        async with self._conn() as c:
            await c.execute(pg_sql(sql.TIE_SEATS), (player, token_hash))

    async def claim_invite(self, code_hash: str, token_hash: str, now: float, name: str = "",
                           player: str | None = None) -> list[SeatRow]:
        async with self._conn() as c, c.transaction():
            rows = await (await c.execute(
                f"SELECT {SEAT_COLS} FROM seats WHERE invite_hash=%s AND invite_expires>%s AND token_hash IS NULL "
                "FOR UPDATE", (code_hash, now))).fetchall()
            if rows:
                await c.execute("UPDATE seats SET token_hash=%s, invite_hash=NULL, last_seen=%s, name=%s, player=%s "
                                "WHERE invite_hash=%s", (token_hash, now, name, player, code_hash))
                await c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{rows[0][0]} -1 "))
        return [SeatRow(**{**seat_row(r).__dict__, "name": name, "player": player}) for r in rows]

    # ------------------------------------------------------------ players (fate/server/identity.py)
    async def player_of_key(self, key: str) -> PlayerRow | None:
        async with self._conn() as c:
            r = await (await c.execute(pg_sql(sql.PLAYER_OF_KEY), (key,))).fetchone()
        return None if r is None else PlayerRow(*r)

    async def add_player(self, player: str, key: str, now: float) -> PlayerRow:
        return await people.add_player(self._conn, player, key, now)
    async def rename_player(self, player: str, name: str, fold: str) -> bool:
        return await people.rename_player(self._conn, player, name, fold)
    async def add_pair_code(self, code_hash: str, player: str, expires: float, now: float) -> None:
        async with self._conn() as c, c.transaction():
            await c.execute(pg_sql(sql.DROP_CODES), (now, player))
            await c.execute(pg_sql(sql.NEW_CODE), (code_hash, player, expires))

    async def pair(self, code_hash: str, key: str, now: float) -> PlayerRow | None:
        return await people.pair(self._conn, code_hash, key, now)
    async def set_seat(self, game: str, seat: int, kind: str, level: str, token_hash: str | None,
                       resigned: bool) -> None:
        async with self._conn() as c, c.transaction():
            await c.execute("UPDATE seats SET kind=%s, level=%s, token_hash=%s, invite_hash=NULL, resigned=%s, "
                            "stand_in=0, handing=0 WHERE game=%s AND seat=%s",
                            (kind, level, token_hash, resigned, game, seat))
            await c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game} -1 "))

    async def changed(self, game: str) -> None:
        async with self._conn() as c:
            await c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game} -1 "))

    async def set_waiting(self, game: str, waiting: str) -> None:
        async with self._conn() as c:
            await c.execute("UPDATE games SET waiting=%s WHERE id=%s", (waiting, game))

    async def touch(self, game: str, seats: list[int], now: float) -> None:
        if not seats:
            return
        async with self._conn() as c:
            await c.execute("UPDATE seats SET last_seen=%s WHERE game=%s AND seat = ANY(%s)", (now, game, seats))

    async def claim_ai(self, game: str, decision: int, owner: str, now: float, lease: float) -> bool:
        async with self._conn() as c:
            cur = await c.execute(
                "UPDATE games SET ai_owner=%s, ai_decision=%s, ai_until=%s WHERE id=%s AND decision=%s "
                "AND waiting='ai' AND (ai_decision IS NULL OR ai_decision<>%s OR ai_until<%s)",
                (owner, decision, now + lease, game, decision, decision, now))
            return cur.rowcount == 1

    async def renew_ai(self, game: str, decision: int, owner: str, now: float, lease: float) -> bool:
        async with self._conn() as c:
            cur = await c.execute(
                "UPDATE games SET ai_until=%s WHERE id=%s AND decision=%s AND ai_decision=%s AND ai_owner=%s",
                (now + lease, game, decision, decision, owner))
            return cur.rowcount == 1

    async def waiting_on_ai(self, now: float, lease: float) -> list[str]:
        async with self._conn() as c:
            rows = await (await c.execute(
                "SELECT id FROM games WHERE waiting='ai' AND (ai_decision IS NULL OR ai_decision<>decision "
                "OR ai_until<%s)", (now,))).fetchall()
        return [r[0] for r in rows]

    async def prune(self, before: float, limit: int) -> int:
        return await people.prune(self._conn, before, limit)
    async def run(self, steps: list[tuple[str, tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
        return await people.run(self._conn, steps)

    async def ping(self) -> None:
        async with self._conn() as c:
            await c.execute("SELECT 1")

    # ------------------------------------------------------------ standings (fate/server/ratings.py)
    async def add_standing(self, game: str, rated: bool) -> None:
        async with self._conn() as c:
            await c.execute(pg_sql(sql.NEW_STANDING), (game, int(rated)))

    async def settle(self, game: str, results: list[Result], fresh: tuple[float, float, float],
                     rate: Rater | None) -> bool:
        return await people.settle(self._conn, game, results, fresh, rate)
    async def unsettled(self) -> list[str]:
        async with self._conn() as c:
            return [r[0] for r in await (await c.execute(pg_sql(sql.UNSETTLED))).fetchall()]

    async def leaderboard(self, limit: int) -> list[Standing]:
        async with self._conn() as c:
            rows = await (await c.execute(pg_sql(sql.LEADERBOARD), (limit,))).fetchall()
        return [standing_row(r, i + 1) for i, r in enumerate(rows)]

    async def standing(self, player: str) -> Standing | None:
        return await people.standing(self._conn, player)
    async def announce(self, game: str, word: str) -> None:
        async with self._conn() as c:
            await c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game} {HELD} {word}"))

    async def listen(self, callback: Notice) -> None:
        """Hear every process's commits: ``callback(game, decision, choice)`` (the choice that
        brought the game to ``decision``; no choice: a choice was taken back, to ``decision``;
        decision -1: a seat changed); after the listening
        connection was lost and made again, ``callback(None, -1, "")`` (anything may have been missed)."""
        await self._ready()
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._listener = asyncio.get_running_loop().create_task(self._listen(callback, ready))
        await ready

    async def _listen(self, callback: Notice, ready: asyncio.Future[None]) -> None:
        delay = 0.5
        first = True
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                try:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not ready.done():
                        ready.set_result(None)
                    if not first:
                        callback(None, -1, "")
                    first, delay = False, 0.5
                    async for n in conn.notifies():
                        game, _, rest = n.payload.partition(" ")
                        decision, _, choice = rest.partition(" ")
                        try:
                            callback(game, int(decision), choice)
                        except ValueError:
                            log.warning("a notice not of ours on %s: %r", CHANNEL, n.payload[:80])
                finally:
                    await conn.close()
            except psycopg.Error as e:
                log.warning("listening for other processes: %s; again in %.1f s", str(e).strip()[:120], delay)
                if not ready.done():
                    ready.set_exception(StoreError(f"PostgreSQL: {str(e).strip()[:150]}"))
                    return
                await asyncio.sleep(delay)
                delay = min(10.0, delay * 2)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        for c in self._all:
            with contextlib.suppress(Exception):
                await c.close()
