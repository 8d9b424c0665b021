"""The community store's players and standings (fate/server/pg_store.py): the statements of
several steps, each run in one transaction on a connection of the store's pool. The SQL is the
stores' shared text (fate/server/storage.py), with PostgreSQL's placeholders."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import psycopg

from fate.server import shared_sql as sql
from fate.server.storage import PlayerRow, Rater, Result, Standing, StoreError, standing_row

Opener = Callable[[], AbstractAsyncContextManager[psycopg.AsyncConnection[Any]]]


def pg_sql(statement: str) -> str:
    """The stores' shared SQL with PostgreSQL's placeholders."""
    return statement.replace("?", "%s")


async def run(conn: Opener, steps: list[tuple[str, tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
    out: list[list[tuple[Any, ...]]] = []
    async with conn() as c, c.transaction():
        for stmt, values in steps:
            cur = await c.execute(pg_sql(stmt), values)
            out.append(await cur.fetchall() if cur.description is not None else [])
    return out


async def add_player(conn: Opener, player: str, key: str, now: float) -> PlayerRow:
    async with conn() as c:
        try:
            async with c.transaction():
                await c.execute(pg_sql(sql.NEW_PLAYER), (player, now))
                await c.execute(pg_sql(sql.NEW_KEY), (key, player, now))
            return PlayerRow(player, "", 1)
        except psycopg.errors.UniqueViolation:  # another connection made this key's player first
            r = await (await c.execute(pg_sql(sql.PLAYER_OF_KEY), (key,))).fetchone()
    if r is None:
        raise StoreError("a new player's key was taken and then gone")
    return PlayerRow(*r)


async def rename_player(conn: Opener, player: str, name: str, fold: str) -> bool:
    async with conn() as c:
        try:
            async with c.transaction():
                if await (await c.execute(pg_sql(sql.FOLD_TAKEN), (fold, player))).fetchone() is not None:
                    return False
                return (await c.execute(pg_sql(sql.RENAME), (name, fold, player))).rowcount == 1
        except psycopg.errors.UniqueViolation:  # another process gave that name a moment before
            return False


async def pair(conn: Opener, code_hash: str, key: str, now: float) -> PlayerRow | None:
    async with conn() as c, c.transaction():
        r = await (await c.execute(pg_sql(sql.TAKE_CODE), (code_hash, now))).fetchone()
        if r is None:
            return None
        player = r[0]
        await c.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (key,))  # one pairing of a key at a time
        old = await (await c.execute(pg_sql(sql.PLAYER_OF_KEY), (key,))).fetchone()
        if old is None:
            await c.execute(pg_sql(sql.NEW_KEY), (key, player, now))
        elif old[0] != player:
            await c.execute(pg_sql(sql.MOVE_KEY), (player, now, key))
        got = await (await c.execute(pg_sql(sql.PLAYER_BY_ID), (player,))).fetchone()
    return None if got is None else PlayerRow(*got)


async def settle(conn: Opener, game: str, results: list[Result], fresh: tuple[float, float, float],
                 rate: Rater | None) -> bool:
    async with conn() as c, c.transaction():
        if (await c.execute(pg_sql(sql.SETTLE), (game,))).rowcount != 1:
            return False
        rated = await (await c.execute(pg_sql(sql.IS_RATED), (game,))).fetchone()
        now: dict[str, tuple[float, float]] = {}
        for player, won, god in sorted(results):  # rows locked in one order: two games ending never deadlock
            if await (await c.execute(pg_sql(sql.PLAYER_EXISTS), (player,))).fetchone() is None:
                continue  # (a player no longer known: never a reason for the game not to count)
            await c.execute(pg_sql(sql.NEW_STATS) + " ON CONFLICT (player) DO NOTHING", (player, *fresh))
            r = await (await c.execute(pg_sql(sql.STATS_OF) + " FOR UPDATE", (player,))).fetchone()
            now[player] = (fresh[0], fresh[1]) if r is None else (r[1], r[2])
            await c.execute(pg_sql(sql.COUNT_GAME), (int(won), player))
            if god:
                await c.execute(pg_sql(sql.NEW_GOD) + " ON CONFLICT (player, god) DO UPDATE SET "
                                "games=player_gods.games+1", (player, god))
        if rated and rated[0] and rate is not None and now:
            for player, (mu, sigma, ordinal) in rate(now).items():
                await c.execute(pg_sql(sql.RATE), (mu, sigma, ordinal, player))
    return True


async def standing(conn: Opener, player: str) -> Standing | None:
    async with conn() as c:
        r = await (await c.execute(pg_sql(sql.CARD), (player,))).fetchone()
        if r is None:
            return None
        s = standing_row(r)
        fav = await (await c.execute(pg_sql(sql.FAVOURITE), (player,))).fetchone()
        s.favourite = fav[0] if fav else ""
        if s.rated:
            got = await (await c.execute(pg_sql(sql.PLACE), (s.mu - 3 * s.sigma,))).fetchone()
            s.place = 1 + (got[0] if got else 0)
    return s


async def prune(conn: Opener, before: float, limit: int) -> int:
    async with conn() as c, c.transaction():
        gone = [r[0] for r in await (await c.execute(pg_sql(sql.PRUNABLE) + " FOR UPDATE SKIP LOCKED",
                                                     (before, limit))).fetchall()]
        for stmt in sql.PRUNE:
            await c.execute(pg_sql(stmt).replace("=%s", "=ANY(%s)"), (gone,))
    return len(gone)
