"""The player's identity on each server: a key pair this computer keeps, one for each server.

The first time the game talks to a server it makes an Ed25519 key pair for it (no e-mail,
no password); the server knows the player by the public key alone, and every seat the
player takes there is theirs on any computer that proves the same player (docs/protocol.md,
"Identity"). A second computer is joined to the player by a short pairing code shown on the
first (fate/ui/online/devices.py): its own key becomes the same player's.

The private keys are kept in ``identity.json`` in the user's data folder, written whole and
atomically (readable by this user only, as every file the game writes there), with the
previous copy beside it (``identity.json.bak``). A key for one server is never shown to
another: a server that passed on another's challenge would get a signature by a key that
other server does not know. A damaged file is read from its copy, else set aside as
``identity.json.damaged`` with one line said: the games still open by their tokens
(fate/net/mygames.py), and a code from another computer of the player's joins this one again.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fate.ground.files import backup_path, write_save
from fate.ground.language import _
from fate.ground.paths import user_dir
from fate.ground.untrusted import InputError, one_line, read_json
from fate.protocol.proof import decode, encode, prove, public_key

if TYPE_CHECKING:  # (imported when a key is first used: fate/protocol/proof.py says why)
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

FILE_NAME = "identity.json"
MAX_BYTES = 256 * 1024
MAX_SERVERS = 200
_SERVER = re.compile(r"wss?://[\x21-\x7e]{1,400}")
_SEED = re.compile(r"[A-Za-z0-9_-]{43}")


def path() -> Path:
    return user_dir() / FILE_NAME


class Identity:
    """This computer's key for one server: its public half as it travels, and proofs."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.key = public_key(private)

    def prove(self, nonce: str) -> str:
        """The signature of a server's challenge; ValueError if ``nonce`` is not base64."""
        return prove(self._private, nonce)


def _seed(private: Ed25519PrivateKey) -> str:
    from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat

    return encode(private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()))


class KeyRing:
    """The keys of ``identity.json``: ``for_server(url)`` gives (and first makes, saved) the key
    for a server; ``problem`` is one line when the file could not be read or written."""

    def __init__(self, where: Path | None = None) -> None:
        self.where = where or path()
        self._keys: dict[str, dict[str, Any]] = {}  # server -> {"seed": ..., "made": ...}
        self.problem = ""
        self._load()

    def _read(self, file: Path) -> dict[str, dict[str, Any]]:
        data = read_json(file, MAX_BYTES)
        if not isinstance(data, dict) or data.get("format") != 1 or not isinstance(data.get("keys"), dict):
            raise InputError("not a file of keys")
        keys: dict[str, dict[str, Any]] = {}
        for server, entry in list(data["keys"].items())[:MAX_SERVERS]:
            if (isinstance(server, str) and _SERVER.fullmatch(server) and isinstance(entry, dict)
                    and isinstance(entry.get("seed"), str) and _SEED.fullmatch(entry["seed"])):
                made = entry.get("made")
                keys[server] = {"seed": entry["seed"],
                                "made": float(made) if isinstance(made, int | float) and not isinstance(made, bool)
                                else 0.0}
        return keys

    def _load(self) -> None:
        if not os.path.lexists(self.where):
            return
        try:
            self._keys = self._read(self.where)
            return
        except InputError as e:
            why = e
        try:  # the copy written before the last change
            self._keys = self._read(backup_path(self.where))
        except InputError:
            self._keys = {}
        self.problem = one_line(_("{file}: {why}; it was set aside as {name}.damaged").format(
            file=self.where, why=why, name=FILE_NAME))
        try:
            os.replace(self.where, self.where.with_name(FILE_NAME + ".damaged"))
        except OSError:
            pass

    def known(self, server: str) -> bool:
        return server in self._keys

    def servers(self) -> list[str]:
        """The servers this computer has a key for, oldest first."""
        return sorted(self._keys, key=lambda s: self._keys[s]["made"])

    def for_server(self, server: str) -> Identity:
        """The key for ``server`` (a ws:// or wss:// address as the game keeps it), made and kept
        the first time."""
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        entry = self._keys.get(server)
        if entry is not None:
            return Identity(Ed25519PrivateKey.from_private_bytes(decode(entry["seed"])))
        private = Ed25519PrivateKey.generate()
        self._keys[server] = {"seed": _seed(private), "made": time.time()}
        self.save()
        return Identity(private)

    def moved(self, old: str, new: str) -> None:
        """The server hosted on this computer now listens at ``new``: its key goes with it."""
        if old in self._keys and new not in self._keys:
            self._keys[new] = self._keys[old]
            self.save()

    def save(self) -> None:
        try:
            write_save({"format": 1, "keys": self._keys}, self.where, backup=True)
            self.problem = ""
        except OSError as e:
            self.problem = one_line(_("Your online identity could not be kept in {file}: {why}").format(
                file=self.where, why=e.strerror or e))
