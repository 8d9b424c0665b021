"""Who a connection is: a player known by their public keys, on any of their computers.

A player's client makes a key pair for each server (fate/net/identity.py); the server keeps
only the public key (docs/protocol.md, "Identity"). A connection asks ``hello`` for a
challenge (32 random bytes, good for one ``identify``) and answers it with the key and its
signature (fate/protocol/proof.py): from then on it is that player. A key the server has
never seen makes a new player (counted per address: ``--max-identities`` in the window).
Every seat the connection then takes is tied to the player (handlers.py, lobby.py), so the
player's games are listed and joined from any computer that is theirs, without the seat's
token.

A second computer joins the player by a pairing code made on the first (``pair_code``:
eight characters, 40 random bits, good for ``PAIR_MINUTES`` and once, stored hashed; a
player has one at a time). The second computer proves its own key first, then sends the
code (``pair``): its key becomes the player's; if it was a player of its own with no other
key, that player's seats come along. A wrong code counts as a guess, like an invite
code's (``--max-guesses``), so a stranger cannot try codes for long.

A player's name on the server (``rename``) is checked as a name at a table is
(fate/ground/textrules.py): not one the game uses, and not one that looks like another
player's on this server.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fate.ground import textrules
from fate.protocol import ToClient
from fate.protocol.proof import NONCE_BYTES, encode, verify
from fate.server.limits import AddressLimits, more_than, span
from fate.server.parts import Conn
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import PlayerRow, Store, digest, new_id

PAIR_MINUTES = 10  # how long a pairing code works
PAIR_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 characters, none read as another (no 0/O, 1/I)
PAIR_LENGTH = 8  # 40 bits


def new_pair_code() -> str:
    """A pairing code: eight characters read aloud in two groups, ``7KQ2-MXHD``."""
    raw = "".join(secrets.choice(PAIR_ALPHABET) for _ in range(PAIR_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def pair_key(code: str) -> str:
    """What is stored of a pairing code (any case, dashes or spaces as typed)."""
    return digest("pair:" + code.upper().replace("-", "").replace(" ", ""))


@dataclass
class Who:
    """The player a connection proved it is: their id, the key it proved, their name here."""

    player: str
    key: str
    name: str


class Identities:
    """``hello``, ``identify``, ``rename``, ``pair_code`` and ``pair``; who each connection is."""

    def __init__(self, store: Store, limits: AddressLimits, fit_name: Callable[[str, list[str]], str]) -> None:
        self.store = store
        self.banned: Callable[[str], Any] = lambda player: None  # a ban in force on a player (moderation.py)
        self.seat_banned: Callable[[list[str | None]], Any] = lambda players: None  # on one of these
        self.limits = limits
        self.fit_name = fit_name  # a name fit for a table, or bad_name (fate/server/lobby.py)
        self._nonces: dict[Conn, bytes] = {}  # the challenge each connection was sent, until answered
        self._who: dict[Conn, Who] = {}

    def of(self, conn: Conn) -> Who | None:
        """The player ``conn`` proved it is, if it did."""
        return self._who.get(conn)

    def need(self, conn: Conn) -> Who:
        """The player ``conn`` is, or ``not_identified``."""
        who = self._who.get(conn)
        if who is None:
            raise ProtocolError("not_identified", "prove who you are first (hello, then identify)")
        return who

    def forget(self, conn: Conn) -> None:
        """A connection closed."""
        self._nonces.pop(conn, None)
        self._who.pop(conn, None)

    def _told(self, conn: Conn, msg: Message, row: PlayerRow, key: str) -> None:
        self._who[conn] = Who(row.id, key, row.name)
        conn.send(reply(ToClient.IDENTIFIED, msg.rid, player=row.id, name=row.name, devices=row.devices))

    async def on_hello(self, conn: Conn, msg: Message) -> None:
        nonce = secrets.token_bytes(NONCE_BYTES)
        self._nonces[conn] = nonce
        conn.send(reply(ToClient.CHALLENGE, msg.rid, nonce=encode(nonce)))

    async def on_identify(self, conn: Conn, msg: Message) -> None:
        nonce = self._nonces.pop(conn, None)  # one answer a challenge, right or wrong
        if nonce is None:
            raise ProtocolError("bad_proof", "ask for a challenge (hello) before identify; each is answered once")
        key = msg["key"]
        if not verify(key, msg["proof"], nonce):
            raise ProtocolError("bad_proof", "that proof is not the challenge signed by that key")
        row = await self.store.player_of_key(key)
        banned = self.banned(row.id) if row is not None else None
        if banned is not None:
            raise ProtocolError("banned", f"the server's operator barred you from this server {banned.words()}")
        if row is None:
            self.limits.take("identities", conn.address, "new players made")
            row = await self.store.add_player(new_id(9), key, time.time())
        self._told(conn, msg, row, key)

    async def on_rename(self, conn: Conn, msg: Message) -> None:
        who = self.need(conn)
        name = self.fit_name(msg["name"], [])  # not an Elder God's name (the door refused the game's own)
        if not await self.store.rename_player(who.player, name, textrules.fold(name)):
            raise ProtocolError("bad_name", f"another player on this server is already called {name!r} (or a name "
                                            "that looks the same): choose another")
        who.name = name
        for other in self._who.values():  # the player's other connections to this process
            if other.player == who.player:
                other.name = name
        conn.send(reply(ToClient.RENAMED, msg.rid, name=name))

    async def on_pair_code(self, conn: Conn, msg: Message) -> None:
        who = self.need(conn)
        code = new_pair_code()
        now = time.time()
        expires = now + PAIR_MINUTES * 60
        await self.store.add_pair_code(pair_key(code), who.player, expires, now)
        conn.send(reply(ToClient.PAIRING, msg.rid, code=code, expires=expires))

    async def on_pair(self, conn: Conn, msg: Message) -> None:
        who = self.need(conn)  # the key of this computer, proven
        limits, c = self.limits, self.limits.config
        if not limits.guesses.take(conn.address):  # counted first: past the limit even a right code is refused
            what = f"{more_than(c.guesses, 'codes that opened nothing')} in {span(c.window)}"
            limits.refused("guesses", conn.address, what)
            raise ProtocolError("too_many", f"{what} from your address; try again later")
        row = await self.store.pair(pair_key(msg["code"]), who.key, time.time())
        if row is None:
            raise ProtocolError("bad_pair", "that pairing code opens nothing: mistyped, used or expired")
        limits.guesses.give_back(conn.address)
        for conn_, other in list(self._who.items()):  # this key's other connections are the new player too
            if other.key == who.key:
                self._who[conn_] = Who(row.id, who.key, row.name)
        self._told(conn, msg, row, who.key)
