"""Moderation: players report, the server's operator acts (docs/server.md, "Moderation").

A player at a table may ``report`` a line of its talk or a player there (with a reason of their
own words). The report keeps what it is about as it stood: the line's words, the reported
seat's player (their identity) and the addresses that played the seat then, the reporter's, and
when; so pruning the game or a line's being scrolled away loses nothing the operator needs.
An address may report ``REPORTS_AN_HOUR`` times an hour.

The operator acts with ``python -m fate.server admin`` (fate/server/admin.py): lists the reports,
mutes or bans an identity or an address for a time, lifts one, closes a game (it is deleted for
everyone, never counted), and reads the log of what operators did. Every process reads the
sanctions and closures in force from the store every ``REFRESH_SECONDS``, so an action takes hold
on every process within that time:

- a **banned** address's connections are refused with one ``banned`` error and closed (at the
  connection, and at every message of one open before), and a banned identity's ``identify`` is
  refused, as is every message of a connection that proved it before the ban; the error says
  until when and why, in one line;
- a **muted** identity or address may not talk (``muted``, at each ``chat``), and plays on;
- a **closed** game is dropped from every process's memory, and every connection playing it is
  told (``closed``, with the operator's reason).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fate.ground.untrusted import one_line
from fate.protocol import ToClient
from fate.server.limits import AddressLimits, Window
from fate.server.parts import Conn
from fate.server.protocol import Message, ProtocolError, error, reply
from fate.server.storage import Store

if TYPE_CHECKING:
    from fate.server.fanout import Fanout
    from fate.server.identity import Identities
    from fate.server.live import HeldGames

log = logging.getLogger("fate.server")

REFRESH_SECONDS = 5.0
REPORTS_AN_HOUR = 10
KINDS = ("identity", "address")
WHATS = ("mute", "ban")

# the statements, in the stores' shared text ("?" placeholders)
NEW_REPORT = ("INSERT INTO reports (id, at, game, seat, line, said, player, addresses, by_player, by_address, "
              "reason, done) VALUES (?,?,?,?,?,?,?,?,?,?,?,0)")
REPORTS = ("SELECT id, at, game, seat, line, said, player, addresses, by_player, by_address, reason, done "
           "FROM reports WHERE done<=? ORDER BY at DESC LIMIT ?")
REPORT_DONE = "UPDATE reports SET done=1 WHERE id=?"
NEW_SANCTION = "INSERT INTO sanctions (id, kind, target, what, until, reason, at) VALUES (?,?,?,?,?,?,?)"
IN_FORCE = "SELECT id, kind, target, what, until, reason FROM sanctions WHERE until>? ORDER BY until"
LIFT = "UPDATE sanctions SET until=? WHERE id=? AND until>?"
CLOSE = "INSERT INTO closures (game, at, reason) VALUES (?,?,?)"
CLOSED_SINCE = "SELECT game, reason FROM closures WHERE at>=?"
LOG = "INSERT INTO mod_log (at, operator, action, target, detail) VALUES (?,?,?,?,?)"
READ_LOG = "SELECT at, operator, action, target, detail FROM mod_log ORDER BY at DESC LIMIT ?"


@dataclass(frozen=True)
class Sanction:
    id: str
    kind: str  # "identity" or "address"
    target: str  # a player's id, or an address as the limits count it (fate/server/limits.py)
    what: str  # "mute" or "ban"
    until: float  # Unix time
    reason: str

    def words(self) -> str:
        """"until 2026-12-07 21:40 UTC: spamming the table" (the error's detail)."""
        until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(self.until))
        return f"until {until}" + (f": {one_line(self.reason, 120)}" if self.reason else "")


def new_id() -> str:
    """A report's or a sanction's id: short enough for an operator to type (48 bits)."""
    return secrets.token_hex(6)


class Moderation:
    """``report``; the sanctions and closures in force, read from the store now and then."""

    def __init__(self, store: Store, limits: AddressLimits, identities: Identities, held: HeldGames,
                 fanout: Fanout) -> None:
        self.store = store
        self.limits = limits
        self.identities = identities
        self.held_games = held
        self.fanout = fanout
        self.sanctions: dict[tuple[str, str, str], Sanction] = {}  # (kind, target, what) -> the longest in force
        self._closed_since = time.time() - 86400  # closures are read from a day before the start on
        self._reports = Window(REPORTS_AN_HOUR, 3600.0)

    # ---------------------------------------------------------------- what is in force
    async def refresh(self) -> None:
        now = time.time()
        force, closed = await self.store.run([(IN_FORCE, (now,)), (CLOSED_SINCE, (self._closed_since,))])
        latest: dict[tuple[str, str, str], Sanction] = {}
        for row in force:
            s = Sanction(*row)
            key = (s.kind, s.target, s.what)
            if key not in latest or latest[key].until < s.until:
                latest[key] = s
        self.sanctions = latest
        for gid, reason in closed:
            self._drop(gid, reason)
        self._closed_since = now - 2 * REFRESH_SECONDS  # (a closure written as this read: read again)

    def _drop(self, gid: str, reason: str) -> None:
        live = self.held_games.games.pop(gid, None)
        if live is None:
            return
        said = error("closed", "the server's operator closed this game" + (f": {one_line(reason, 120)}" if reason else ""))
        for conns in live.watchers.values():
            for conn in conns:
                conn.send(said)
        log.info("game %s closed by the operator", gid)

    async def keeper(self) -> None:
        while True:
            try:
                await self.refresh()
            except Exception:  # noqa: BLE001 - the store may not answer a while: tried again
                log.warning("moderation: could not read the sanctions in force", exc_info=True)
            await asyncio.sleep(REFRESH_SECONDS)

    def _in_force(self, kind: str, target: str, what: str) -> Sanction | None:
        s = self.sanctions.get((kind, target, what))
        return s if s is not None and s.until > time.time() else None

    def banned_address(self, address: str) -> Sanction | None:
        return self._in_force("address", address, "ban")

    def banned_player(self, player: str) -> Sanction | None:
        return self._in_force("identity", player, "ban")

    def _players(self, conn: Conn, gid: str | None) -> set[str]:
        """The players ``conn`` is: the one it proved, and those whose seats of ``gid`` it holds by
        their tokens (a banned player cannot walk round the ban with the tokens they kept)."""
        who = self.identities.of(conn)
        players = {who.player} if who else set()
        live = self.held_games.games.get(gid) if gid else None
        if live is not None:
            players |= {p for s in self.fanout.seats_of(conn, live.game_id) if s < len(live.seats)
                        and (p := live.seats[s].player)}
        return players

    def barred(self, conn: Conn, gid: str | None = None) -> Sanction | None:
        """A ban on the connection's address, or on a player it is (``_players``)."""
        return self.banned_address(conn.address) or next(
            (s for p in self._players(conn, gid) if (s := self.banned_player(p)) is not None), None)

    def muted(self, conn: Conn, gid: str | None = None) -> Sanction | None:
        return self._in_force("address", conn.address, "mute") or next(
            (s for p in self._players(conn, gid) if (s := self._in_force("identity", p, "mute")) is not None), None)

    def seat_banned(self, players: list[str | None]) -> Sanction | None:
        """A ban on one of the players of the seats a token plays (``join``)."""
        return next((s for p in players if p and (s := self.banned_player(p)) is not None), None)

    # ---------------------------------------------------------------- reports
    async def on_report(self, conn: Conn, msg: Message) -> None:
        gid, seat = msg["game"], msg["seat"]
        mine = self.fanout.seats_of(conn, gid)
        if not mine:
            raise ProtocolError("not_your_seat", "only the players at that table may report there")
        live = await self.held_games.live(gid)
        if live is None or seat >= len(live.seats):
            raise ProtocolError("bad_message", f"that game has no seat {seat}")
        if not self._reports.take(conn.address):
            raise self.limits.over("reports", conn.address, f"more than {REPORTS_AN_HOUR} reports in an hour")
        said = ""
        line = msg.get("line", 0)
        if line:
            found = [c for c in await self.store.chat(gid, 100) if c.n == line and c.seat == seat]
            if not found:
                raise ProtocolError("bad_message", "that seat said no such line (among the last 100)")
            said = found[0].text
        addresses = sorted({c.address for c in live.watchers.get(seat, set())})
        who = self.identities.of(conn)
        rid = new_id()
        await self.store.run([(NEW_REPORT, (rid, time.time(), gid, seat, line, said, live.seats[seat].player,
                                            json.dumps(addresses), who.player if who else None, conn.address,
                                            one_line(msg.get("reason", ""), 160)))])
        conn.send(reply(ToClient.REPORTED, msg.rid, id=rid))


# ---------------------------------------------------------------- the operator's actions (admin.py)
async def act(store: Store, operator: str, action: str, target: str, detail: str,
              steps: list[tuple[str, tuple[Any, ...]]]) -> list[list[tuple[Any, ...]]]:
    """Do ``steps`` and log it, in one transaction."""
    return await store.run([*steps, (LOG, (time.time(), operator, action, target, detail))])
