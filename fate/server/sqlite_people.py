"""The embedded store's players and standings (fate/server/sqlite_store.py): the statements of
several steps, each run on the store's one thread inside a job's transaction. The SQL is the
stores' shared text (fate/server/storage.py); PostgreSQL's are in fate/server/pg_people.py."""

from __future__ import annotations

import sqlite3

from fate.server import shared_sql as sql
from fate.server.storage import PlayerRow, Rater, Result, Standing, standing_row


def player_of_key(c: sqlite3.Connection, key: str) -> PlayerRow | None:
    r = c.execute(sql.PLAYER_OF_KEY, (key,)).fetchone()
    return None if r is None else PlayerRow(*r)


def add_player(c: sqlite3.Connection, player: str, key: str, now: float) -> PlayerRow:
    r = c.execute(sql.PLAYER_OF_KEY, (key,)).fetchone()
    if r is not None:
        return PlayerRow(*r)
    c.execute(sql.NEW_PLAYER, (player, now))
    c.execute(sql.NEW_KEY, (key, player, now))
    return PlayerRow(player, "", 1)


def rename_player(c: sqlite3.Connection, player: str, name: str, fold: str) -> bool:
    if c.execute(sql.FOLD_TAKEN, (fold, player)).fetchone() is not None:
        return False
    return c.execute(sql.RENAME, (name, fold, player)).rowcount == 1


def add_pair_code(c: sqlite3.Connection, code_hash: str, player: str, expires: float, now: float) -> None:
    c.execute(sql.DROP_CODES, (now, player))
    c.execute(sql.NEW_CODE, (code_hash, player, expires))


def pair(c: sqlite3.Connection, code_hash: str, key: str, now: float) -> PlayerRow | None:
    r = c.execute(sql.TAKE_CODE, (code_hash, now)).fetchone()
    if r is None:
        return None
    player = r[0]
    old = c.execute(sql.PLAYER_OF_KEY, (key,)).fetchone()
    if old is None:
        c.execute(sql.NEW_KEY, (key, player, now))
    elif old[0] != player:
        c.execute(sql.MOVE_KEY, (player, now, key))
    got = c.execute(sql.PLAYER_BY_ID, (player,)).fetchone()
    return None if got is None else PlayerRow(*got)


def settle(c: sqlite3.Connection, game: str, results: list[Result], fresh: tuple[float, float, float],
           rate: Rater | None) -> bool:
    if c.execute(sql.SETTLE, (game,)).rowcount != 1:
        return False
    rated = c.execute(sql.IS_RATED, (game,)).fetchone()
    now: dict[str, tuple[float, float]] = {}
    for player, won, god in results:
        if c.execute(sql.PLAYER_EXISTS, (player,)).fetchone() is None:
            continue  # (a player no longer known: never a reason for the game not to count)
        r = c.execute(sql.STATS_OF, (player,)).fetchone()
        if r is None:
            c.execute(sql.NEW_STATS, (player, *fresh))
            r = (player, fresh[0], fresh[1])
        now[player] = (r[1], r[2])
        c.execute(sql.COUNT_GAME, (int(won), player))
        if god and c.execute(sql.GOD_PLAYED, (player, god)).rowcount == 0:
            c.execute(sql.NEW_GOD, (player, god))
    if rated and rated[0] and rate is not None and now:
        for player, (mu, sigma, ordinal) in rate(now).items():
            c.execute(sql.RATE, (mu, sigma, ordinal, player))
    return True


def standing(c: sqlite3.Connection, player: str) -> Standing | None:
    r = c.execute(sql.CARD, (player,)).fetchone()
    if r is None:
        return None
    s = standing_row(r)
    fav = c.execute(sql.FAVOURITE, (player,)).fetchone()
    s.favourite = fav[0] if fav else ""
    if s.rated:
        s.place = 1 + c.execute(sql.PLACE, (s.mu - 3 * s.sigma,)).fetchone()[0]
    return s
