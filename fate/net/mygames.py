"""The player's online games: which servers, which games, and the tokens that play them.

Kept in ``online.json`` in the user's data folder (beside the saves), so that a
game joined today is found again after a restart days later. A token is the
player's key to a seat (docs/protocol.md): it stays on this computer. The file
is written whole and atomically after every change; read back through the one
door for files (fate/ground/untrusted.py): a damaged file is one line on the Play
Online screen, set aside as ``online.json.damaged``, never a crash, and the
local games and settings are untouched.

A game may also be the player's by their identity on its server (fate/net/identity.py, kept
beside this file in ``identity.json``): one taken on another computer of theirs has no token
here (``token`` ""), and is joined by the identity. A game taken off the list is remembered as
such (``hidden``), so the server's list of the player's games does not bring it back.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fate.ground.files import write_save
from fate.ground.language import _
from fate.ground.paths import user_dir
from fate.ground.untrusted import InputError, one_line, read_json
from fate.net.address import AddressError, server_url
from fate.net.identity import FILE_NAME as KEYS_FILE
from fate.net.identity import Identity, KeyRing

FILE_NAME = "online.json"
MAX_BYTES = 2 * 2**20
MAX_GAMES = 200
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_GAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_ADDRESS = re.compile(r"wss?://[\x21-\x7e]{1,200}")
_NAME = re.compile(r"[^\x00-\x1f\x7f-\x9f]{1,24}")
_WATCH = re.compile(r"[A-Z0-9-]{4,40}")
_SERVER = re.compile(r"[\x21-\x7e]{1,200}")  # a server's address as the player typed it
_PORT = re.compile(r"wss?://[^/:@]+:(\d{1,5})/?")  # a server this computer hosts: ws://address:port
MAX_SERVERS = 6  # servers remembered for New game and the lobby


@dataclass
class OnlineGame:
    """One game this player has seats in."""

    server: str  # ws://host:port
    game: str
    token: str  # "": a seat taken on another computer of the player's, joined by their identity
    seats: list[int]
    host: bool = False  # this player created it (may hand an absent player's seat to an AI)
    hosted_here: bool = False  # the server runs on this computer (Host on this computer)
    invites: list[dict[str, Any]] = field(default_factory=list)  # [{code, seats}] to show the host
    added: float = 0.0
    watch: str = ""  # the game's watch code, for the host to give spectators
    muted: list[int] = field(default_factory=list)  # seats whose table talk is not shown here
    paused_by: str = ""  # the host who paused the game, as its table last heard ("" once it answers again)
    home_host: str = ""  # the game's server is this player's computer (``joined``'s ``home``): their name


def port_of(server: str) -> int | None:
    """The port of a server URL of the form ``ws://address:port`` (the servers this computer
    hosts are named so), or None."""
    m = _PORT.fullmatch(server)
    return int(m.group(1)) if m and 0 < int(m.group(1)) < 65536 else None


def path() -> Path:
    return user_dir() / FILE_NAME


def _game(x: Any) -> OnlineGame | None:
    """A row of the file, or None if it is not one (skipped)."""
    if not isinstance(x, dict):
        return None
    ok = (isinstance(x.get("server"), str) and _ADDRESS.fullmatch(x["server"])
          and isinstance(x.get("game"), str) and _GAME.fullmatch(x["game"])
          and isinstance(x.get("token"), str) and (x["token"] == "" or _TOKEN.fullmatch(x["token"]))
          and isinstance(x.get("seats"), list) and 1 <= len(x["seats"]) <= 4
          and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 4 for s in x["seats"]))
    if not ok:
        return None
    invites = x.get("invites", [])
    if not (isinstance(invites, list) and len(invites) <= 4 and all(
            isinstance(i, dict) and isinstance(i.get("code"), str) and len(i["code"]) <= 40
            and isinstance(i.get("seats"), list) for i in invites)):
        invites = []
    added = x.get("added", 0.0)
    g = OnlineGame(x["server"], x["game"], x["token"], list(x["seats"]), x.get("host") is True,
                   x.get("hosted_here") is True and port_of(x["server"]) is not None,
                   [{"code": i["code"], "seats": [s for s in i["seats"] if isinstance(s, int)][:4]} for i in invites],
                   float(added) if isinstance(added, int | float) and not isinstance(added, bool) else 0.0,
                   x["watch"] if isinstance(x.get("watch"), str) and _WATCH.fullmatch(x["watch"]) else "",
                   sorted({s for s in x.get("muted", []) if isinstance(s, int) and not isinstance(s, bool)
                           and 0 <= s < 4}) if isinstance(x.get("muted"), list) else [])
    by, home = x.get("paused_by"), x.get("home_host")
    g.paused_by = by if isinstance(by, str) and _NAME.fullmatch(by) else ""
    g.home_host = home if isinstance(home, str) and _NAME.fullmatch(home) else ""
    return g


class MyGames:
    """The file's contents: the games, the last address joined and the player's name."""

    def __init__(self, where: Path | None = None) -> None:
        self.where = where or path()
        self.games: list[OnlineGame] = []
        self.address = ""
        self.name = ""
        self.used_servers: list[str] = []  # the servers this player used, the latest first (this computer is not one)
        self.last_server = ""  # the server New game and the lobby last used ("": this computer), chosen on opening
        self.new_game: dict[str, Any] = {"public": False, "delay": 15, "spectator_chat": False,
                                         "rated": False, "clock": 0}  # last New game's (clock: its place
        # in New game's list, fate/ui/online/clock.py)
        self.problem = ""  # one line: why the file could not be read or written
        self.hidden: list[tuple[str, str]] = []  # (server, game) taken off the list: never listed again
        self._keys: KeyRing | None = None
        self._load()

    @property
    def keys(self) -> KeyRing:
        """The player's keys, one a server (``identity.json`` beside this file), read when first needed."""
        if self._keys is None:
            # beside this file, named after it: online.json's keys in identity.json (a test's ann-online.json's
            # in ann-identity.json)
            name = self.where.name.replace(FILE_NAME, KEYS_FILE) if self.where.name.endswith(FILE_NAME) else KEYS_FILE
            self._keys = KeyRing(self.where.with_name(name))
        return self._keys

    def identity(self, server: str) -> Identity:
        """The player's key for ``server`` (made the first time)."""
        return self.keys.for_server(server)

    def servers_known(self) -> list[str]:
        """Every server the player has games on or an identity at (My online games asks each)."""
        return list(dict.fromkeys(list(self.servers()) + self.keys.servers()))

    def found(self, server: str, row: dict[str, Any]) -> bool:
        """A game its server lists as the player's (taken on another computer of theirs): added
        without a token, unless it is listed already or was taken off the list (True if added)."""
        if self.find(server, row["game"]) is not None or (server, row["game"]) in self.hidden \
                or not _GAME.fullmatch(row["game"]):
            return False
        seats = [s for s in row["seats"] if 0 <= s < 4][:4]
        if not seats:
            return False
        self.add(OnlineGame(server, row["game"], "", seats))
        return True

    def _load(self) -> None:
        if not os.path.lexists(self.where):
            return
        try:
            data = read_json(self.where, MAX_BYTES)
            if not isinstance(data, dict) or not isinstance(data.get("games", []), list):
                raise InputError("not a list of online games")
        except InputError as e:
            self.problem = one_line(f"{self.where}: {e}; it was set aside as {FILE_NAME}.damaged")
            try:
                os.replace(self.where, self.where.with_name(FILE_NAME + ".damaged"))
            except OSError:
                pass
            return
        self.games = [g for g in map(_game, data.get("games", [])[:MAX_GAMES]) if g is not None]
        if isinstance(data.get("address"), str) and len(data["address"]) <= 200 and good_server(data["address"]):
            self.address = data["address"]
        if isinstance(data.get("name"), str) and _NAME.fullmatch(data["name"]):
            self.name = data["name"]
        kept = data.get("new_game")
        if isinstance(kept, dict):
            for k, default in list(self.new_game.items()):
                x = kept.get(k)
                if type(x) is type(default) and (k != "delay" or (isinstance(x, int) and 0 <= x <= 300)) \
                        and (k != "clock" or (isinstance(x, int) and 0 <= x < 16)):
                    self.new_game[k] = x
        if isinstance(data.get("servers"), list):
            self.used_servers = [a for a in data["servers"][:MAX_SERVERS]
                                 if isinstance(a, str) and _SERVER.fullmatch(a) and good_server(a)]
        if data.get("last_server") in self.used_servers:
            self.last_server = data["last_server"]
        if isinstance(data.get("hidden"), list):
            self.hidden = [(h[0], h[1]) for h in data["hidden"][:MAX_GAMES]
                           if isinstance(h, list) and len(h) == 2 and all(isinstance(x, str) for x in h)
                           and _ADDRESS.fullmatch(h[0]) and _GAME.fullmatch(h[1])]

    def save(self) -> None:
        try:
            write_save({"format": 1, "address": self.address, "name": self.name, "servers": self.used_servers,
                        "last_server": self.last_server,
                        "new_game": self.new_game, "hidden": [list(h) for h in self.hidden[-MAX_GAMES:]],
                        "games": [asdict(g) for g in self.games[-MAX_GAMES:]]}, self.where)
            self.problem = ""
        except OSError as e:
            self.problem = one_line(_("Your online games could not be kept in {file}: {why}").format(
                file=self.where, why=e.strerror or e))

    def add(self, g: OnlineGame) -> None:
        g.added = g.added or time.time()
        self.games = [x for x in self.games if (x.server, x.game) != (g.server, g.game)] + [g]
        self.save()

    def used(self, address: str) -> None:
        """Remember a server that answered the player's game or lobby request, as the one to open
        on next time (saved); "" is this computer's own server (not listed, but chosen next time)."""
        a = address.strip()
        if not a:
            self.last_server = ""
            self.save()
        elif _SERVER.fullmatch(a) and good_server(a):  # a typo is never kept as a server
            self.used_servers = ([a] + [x for x in self.used_servers if x != a])[:MAX_SERVERS]
            self.last_server = a
            self.save()

    def paused(self, server: str, game: str, by: str) -> None:
        """Remember who paused a game ("" once it goes on), for My online games (saved)."""
        g = self.find(server, game)
        if g is not None and g.paused_by != by:
            g.paused_by = by if not by or _NAME.fullmatch(by) else ""
            self.save()

    def home_of(self, server: str, game: str, host: str) -> None:
        """Remember that a game's server is its host's own computer, and the host's name (saved):
        when it stops answering, My online games waits for them rather than blaming it."""
        g = self.find(server, game)
        host = host if _NAME.fullmatch(host) else "the host"
        if g is not None and g.home_host != host:
            g.home_host = host
            self.save()

    def find(self, server: str, game: str) -> OnlineGame | None:
        return next((g for g in self.games if (g.server, g.game) == (server, game)), None)

    def forget(self, server: str, game: str) -> None:
        """Take a game off the list (for good: its server's list of the player's games does not
        bring it back)."""
        self.games = [g for g in self.games if (g.server, g.game) != (server, game)]
        self.hidden = [h for h in self.hidden if h != (server, game)] + [(server, game)]
        self.save()

    def moved(self, old: str, new: str) -> None:
        """The server hosted on this computer now listens at ``new``: its games go with it."""
        for g in self.games:
            if g.hosted_here and g.server == old:
                g.server = new
        self.games = list({(g.server, g.game): g for g in self.games}.values())
        self.keys.moved(old, new)
        self.save()

    def servers(self) -> dict[str, list[OnlineGame]]:
        """The games by server, each server once (asked in one ``games`` request each)."""
        out: dict[str, list[OnlineGame]] = {}
        for g in self.games:
            out.setdefault(g.server, []).append(g)
        return out


def address_url(text: str, default_port: int = 8765) -> str:
    """What a player typed as an address ("192.168.1.20", "host:8765", "wss://host/") as a
    WebSocket URL; AddressError (a ValueError, one line) if it cannot be one (fate/net/address.py)."""
    return server_url(text, default_port)


def good_server(text: str) -> bool:
    """A server's address as typed that the parser takes (only those are remembered)."""
    try:
        server_url(text)
    except AddressError:
        return False
    return True
