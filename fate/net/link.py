"""The game window's connection to a server: a thread of its own, reconnecting by itself.

The window's loop never waits on the network: it calls ``send`` (returns at
once) and, each frame, ``poll`` for what came (every message already through
the one parser, fate/net/messages.py). The link's thread runs its own asyncio
loop with a WebSocket client. When the connection drops it tries again with
backoff (half a second, doubling to ten, with a little jitter) and, once back,
proves the player's identity for that server if it was given one (fate/net/identity.py:
``hello``, then ``identify`` with the challenge signed), sends the greeting (the ``join`` of
each game shown) and then every message
sent with ``resend=True`` that was never answered (a choice carries its
decision number: if it was taken already the server refuses it, so it is never
applied twice). ``status`` and ``problem`` say, in words, how the link stands.
"""

from __future__ import annotations

import asyncio
import json
import queue
import random
import socket
import threading
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from fate.content.model import Content
from fate.ground.language import N_, _
from fate.ground.untrusted import one_line
from fate.net.address import AddressError, check_url
from fate.net.identity import Identity
from fate.net.messages import MAX_TEXT, BadServerMessage, parse
from fate.protocol import VERSION, LinkNote, ToClient, ToServer

FIRST_DELAY = 0.5
MAX_DELAY = 10.0
CHALLENGE_SECONDS = 10.0  # how long a server may take to answer ``hello``

# What each refusal of the server means to a player (docs/protocol.md, "Errors").
ERROR_WORDS = {
    "bad_invite": N_("That invite code opens no free seat: mistyped, already used (the game may be full) or expired."),
    "bad_token": N_("That server no longer knows this game (it may have been reset)."),
    "no_such_game": N_("That game is gone from its server."),
    "bad_version": N_("That server runs another version of the game; both computers need the same version."),
    "stale_decision": N_("That choice had already been made; the table shows the game as it stands."),
    "not_your_turn": N_("It is not your decision any more; the table shows the game as it stands."),
    "game_over": N_("The game is over."),
    "not_host": N_("Only the player who hosts the game may do that."),
    "not_absent": N_("That player is here, or was less than a minute ago: an AI may take the seat only once they are gone."),
    "busy": N_("The server's database is not answering; try again in a moment."),
    "rate_limited": N_("Too much at once; the server asked to slow down."),
    "illegal_choice": N_("The server refused that choice."),
    "bad_pair": N_("That code joins no player: mistyped, already used, or more than 10 minutes old. Make a new "
                   "one on your other computer."),
    "not_identified": N_("The server did not take this computer's identity; try again."),
    "bad_proof": N_("The server did not take this computer's identity; try again."),
}


def error_words(m: dict[str, Any]) -> str:
    """One line for an ``error`` message, in a player's words."""
    if m.get("code") == "too_many":  # which limit, in the server's own words ("more than 20 games created in an hour")
        said = str(m.get("message", ""))
        what = said.split(" from your address", 1)[0] if said.startswith("more than ") else ""
        return (_("Your network has asked this server for all it allows one address ({limit}); try again "
                  "later.").format(limit=one_line(what, 80)) if what else
                _("Your network has asked this server for all it allows one address; try again later."))
    if m.get("code") == "bad_name":  # the server says why in a player's words ("someone at that table is...")
        said = one_line(str(m.get("message", "")), 160)
        return (_("That name cannot be used here: {why}.").format(why=said) if said else
                _("That name cannot be used here; choose another."))
    if m.get("code") in ("banned", "muted", "closed"):  # the operator's: until when and why, in their words
        said = one_line(str(m.get("message", "")), 160)
        return {"banned": _("This server's operator has barred you: {why}."),
                "muted": _("This server's operator has muted you: {why}."),
                "closed": _("This server's operator has closed the game: {why}.")}[m["code"]].format(why=said)
    words = ERROR_WORDS.get(m.get("code", ""))
    return _(words) if words else one_line(_("The server refused: {why}").format(why=m.get("message", "")))


def failure_words(e: BaseException, url: str) -> str:
    """One line for a connection that could not be made."""
    where = url.split("://", 1)[-1].rstrip("/")
    if isinstance(e, InvalidURI):
        return _("{address} is not an address a game server can have.").format(address=one_line(url, 60))
    if isinstance(e, socket.gaierror):
        return _("No computer called {name} was found: check the address.").format(
            name=one_line(where.rsplit(":", 1)[0], 60))
    if isinstance(e, InvalidHandshake):
        return _("Something answers at {address}, but it is not a Fate of the Elder Gods server.").format(
            address=one_line(where, 60))
    if isinstance(e, ConnectionRefusedError):
        return _("No game server answers at {address}: is it running, and are the address and port right?").format(
            address=one_line(where, 60))
    if isinstance(e, TimeoutError | asyncio.TimeoutError):
        return _("{address} does not answer (a firewall, or the wrong address?).").format(address=one_line(where, 60))
    if isinstance(e, ValueError) and not isinstance(e, OSError):
        return _("{address} is not an address a game server can have ({why}).").format(
            address=one_line(where, 60), why=one_line(str(e), 60))
    return one_line(_("Cannot reach {address}: {why}").format(address=where, why=e))


class Link:
    """One connection, kept up by a thread. ``retry=False``: give up after the first failed
    attempt (an address typed on the Join screen is checked once, not hammered)."""

    def __init__(self, url: str, content: Content, retry: bool = True, identity: Identity | None = None,
                 name: str = "") -> None:
        self.url = url
        self.content = content
        self.retry = retry
        self.identity = identity  # the player's key for this server: every connection proves it first
        self.name = name  # the player's name, theirs on the server once proven (unless another's looks like it)
        self.status = "connecting"  # connecting, online, reconnecting, failed, closed
        self.problem = ""  # one line: the last failure, for the screen
        self.attempts = 0  # failed attempts since the link was last online
        self.retry_at = 0.0  # time.monotonic() of the next attempt, while reconnecting
        self.online_since = 0.0
        self.connected_to = ""  # of several addresses (comma-separated in ``url``), the one answering now
        self.greeting: list[dict[str, Any]] = []  # sent first on every connection (joins)
        self._greeted = 0  # greetings set as a link's first words: a connection open then says the new one
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._lock = threading.Lock()
        self._rid = 0
        self._unanswered: dict[int, dict[str, Any]] = {}  # rid -> message to send again
        self._outbox: list[dict[str, Any]] = []  # sent by the window, not yet written
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="fate-link", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ the window's side
    def send(self, kind: str, resend: bool = False, **fields: Any) -> int:
        """Queue a message (returns its request number at once). ``resend``: send it again
        after a reconnection until it is answered."""
        with self._lock:
            self._rid += 1
            msg = {"v": VERSION, "type": kind, "rid": self._rid, **fields}
            if resend:
                self._unanswered[self._rid] = msg
            else:
                self._outbox.append(msg)
            rid = self._rid
        self._poke()
        return rid

    def poll(self) -> list[dict[str, Any]]:
        """Everything that came since the last call: messages of the server, checked, and
        ``{"type": "problem", "message": line}`` for what could not be read."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def set_greeting(self, messages: list[dict[str, Any]]) -> bool:
        """The messages that open every connection (the ``join`` of the game shown). On a link
        that has sent nothing yet they are its first words: said at once on the connection open
        now, if there is one (a busy computer may open it before they are set), and True. On a
        link already in use (a claim, a watch, a game before a rematch) they open only the
        connections to come, and the caller says what it needs now itself: False."""
        with self._lock:
            self.greeting = [{"v": VERSION, "type": m["type"], **{k: x for k, x in m.items() if k != "type"}}
                             for m in messages]
            first = self._rid == 0
            if first:
                self._greeted += 1
        self._poke()
        return first

    def retry_in(self) -> float:
        return max(0.0, self.retry_at - time.monotonic()) if self.status == "reconnecting" else 0.0

    def retry_now(self) -> None:
        """Try again at once (the server is known to be back: this computer started it again)."""
        self._poke()

    def close(self, wait: float = 0.5) -> None:
        """Stop (the connection closes; an attempt under way ends on its own, never holding
        up the window longer than ``wait`` seconds)."""
        self._stop = True
        self._poke()
        self._thread.join(wait)

    # ------------------------------------------------------------ the thread
    def _poke(self) -> None:
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None:
            try:
                loop.call_soon_threadsafe(wake.set)
            except RuntimeError:  # the loop has ended
                pass

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as e:  # noqa: BLE001 - the window must hear of it, not wait on "Joining…" for ever
            self._give_up(one_line(_("The connection to {address} failed: {why}").format(address=self.url, why=e)))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = wake = asyncio.Event()
        delay = FIRST_DELAY
        # several addresses (one server's processes, "ws://a:8765,ws://b:8765"): the one that
        # answered last first, then each in turn; a whole round unanswered waits before the next
        urls = [u for u in self.url.split(",") if u] or [self.url]
        try:
            check_url(self.url)  # an address that cannot be one is said, never tried (nor tried again)
        except AddressError as e:
            self._give_up(str(e))
            return
        k = 0
        while not self._stop:
            try:
                ws = await connect(urls[k], proxy=None, max_size=MAX_TEXT, compression=None, open_timeout=10,
                                   ping_interval=10, ping_timeout=15)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError) as e:
                # ValueError: whatever else the client's own parsing refuses ("Port out of range"): said, never
                # the end of this thread
                self.problem = failure_words(e, urls[k])
                self.attempts += 1
                k = (k + 1) % len(urls)
                if k != 0:
                    continue  # the next address at once
                if not self.retry:
                    self._give_up(self.problem)
                    return
                self.status = "reconnecting"
                wait = min(MAX_DELAY, delay) * random.uniform(0.8, 1.2)
                delay *= 2
                self.retry_at = time.monotonic() + wait
                await self._sleep(wake, wait)
                continue
            delay = FIRST_DELAY
            self._ws = ws
            self.connected_to = urls[k]
            self.status, self.attempts, self.problem = "online", 0, ""
            self.online_since = time.monotonic()
            self._inbox.put({"type": LinkNote.ONLINE})
            await self._session(ws, wake)
            self._ws = None
            if self._stop:
                break
            self.status = "reconnecting"
            self.problem = _("The connection to the server was lost; reconnecting…")
            self.retry_at = time.monotonic()
            self._inbox.put({"type": LinkNote.OFFLINE})
        self.status = "closed"

    def _give_up(self, line: str) -> None:
        self.problem, self.status = line, "failed"
        self._inbox.put({"type": LinkNote.PROBLEM, "message": line, "fatal": True})

    async def _sleep(self, wake: asyncio.Event, seconds: float) -> None:
        wake.clear()
        waiter = asyncio.ensure_future(wake.wait())  # asyncio.wait: a cancel is never swallowed
        try:
            await asyncio.wait({waiter}, timeout=seconds)
        finally:
            waiter.cancel()
        wake.clear()

    def _first_messages(self) -> tuple[int, list[dict[str, Any]]]:
        """The greeting (and which setting of it), then every message not yet answered."""
        with self._lock:
            again = [self._unanswered[r] for r in sorted(self._unanswered)]
            for m in again:
                m["_sent"] = True
            return self._greeted, list(self.greeting) + [{k: x for k, x in m.items() if k != "_sent"} for m in again]

    async def _session(self, ws: ClientConnection, wake: asyncio.Event) -> None:
        reader: asyncio.Task[None] | None = None
        try:
            if self.identity is not None:
                await self._identify(ws, self.identity)
            reader = asyncio.get_running_loop().create_task(self._read(ws))
            greeted, first = self._first_messages()
            for m in first:
                await ws.send(json.dumps(m))
            while not self._stop and not reader.done():
                with self._lock:
                    greet = list(self.greeting) if self._greeted != greeted else []  # set while open: said now
                    greeted, batch, self._outbox = self._greeted, self._outbox, []
                    fresh = [m for r, m in sorted(self._unanswered.items()) if not m.get("_sent")]
                    for m in fresh:
                        m["_sent"] = True
                for m in greet + fresh + batch:
                    await ws.send(json.dumps({k: x for k, x in m.items() if k != "_sent"}))
                if not greet and not batch and not fresh:
                    waiter = asyncio.ensure_future(wake.wait())
                    await asyncio.wait([reader, waiter], return_when=asyncio.FIRST_COMPLETED)
                    waiter.cancel()
                    wake.clear()
        except ConnectionClosed:
            pass
        finally:
            with self._lock:  # whatever was not answered goes again on the next connection
                for m in self._unanswered.values():
                    m.pop("_sent", None)
            await ws.close()
            if reader is not None:
                await asyncio.gather(reader, return_exceptions=True)

    async def _identify(self, ws: ClientConnection, identity: Identity) -> None:
        """Prove the player's identity on this connection, before anything else is said: ask a
        challenge and answer it signed, then (a name given, not the one the server knows) ask for
        the name. The server's ``identified`` (or its refusal) goes to the inbox like any answer,
        a name refused as a line; a server that sends no challenge is said, and the line goes on
        without an identity (its games still open by their tokens)."""
        await ws.send(json.dumps({"v": VERSION, "type": ToServer.HELLO}))
        m = await self._answer(ws)
        if m is None:
            return
        if m["type"] != ToClient.CHALLENGE:
            self._inbox.put(m)  # an error (another version): the window says it
            return
        try:
            proof = identity.prove(m["nonce"])
        except ValueError:
            self._inbox.put({"type": LinkNote.PROBLEM, "message": _("The server sent a challenge that is not one.")})
            return
        await ws.send(json.dumps({"v": VERSION, "type": ToServer.IDENTIFY, "key": identity.key, "proof": proof}))
        said = await self._answer(ws)
        if said is None:
            return
        self._inbox.put(said)  # identified, or the refusal
        if said["type"] == ToClient.IDENTIFIED and self.name and said["name"] != self.name:
            await ws.send(json.dumps({"v": VERSION, "type": ToServer.RENAME, "name": self.name}))
            renamed = await self._answer(ws)
            if renamed is not None and renamed["type"] == ToClient.ERROR:  # another player's, or the game's own
                self._inbox.put({"type": LinkNote.PROBLEM, "message": _(
                    "On this server the name {name} cannot be yours (another player's looks like it): you play "
                    "there as {kept}.").format(name=one_line(self.name, 24),
                                              kept=one_line(said["name"], 24) or _("a player with no name"))})

    async def _answer(self, ws: ClientConnection) -> dict[str, Any] | None:
        """The server's next message during the greeting, checked (None: it said nothing in time, or
        nothing this game reads; said in the inbox)."""
        recv = asyncio.ensure_future(ws.recv())
        done, _pending = await asyncio.wait({recv}, timeout=CHALLENGE_SECONDS)
        if not done:
            recv.cancel()
            self._inbox.put({"type": LinkNote.PROBLEM, "message": _("The server did not answer in time.")})
            return None
        try:
            return parse(recv.result(), self.content)
        except BadServerMessage as e:
            self._inbox.put({"type": LinkNote.PROBLEM, "message": str(e)})
            return None

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                try:
                    m = parse(raw, self.content)
                except BadServerMessage as e:
                    self._inbox.put({"type": LinkNote.PROBLEM, "message": str(e)})
                    continue
                rid = m.get("rid")
                if rid is not None:
                    with self._lock:
                        self._unanswered.pop(rid, None)
                self._inbox.put(m)
        except ConnectionClosed:
            pass
