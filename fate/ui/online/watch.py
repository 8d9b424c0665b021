"""A spectator's session: the game as everyone may see it, from a server (docs/protocol.md,
"Games among strangers"). The table (fate/ui/online/table.py) draws it as it draws a
player's, from ``view(None)`` only; nothing here can play. A spectator who came from the
lobby may take the game's open seat (``sit``): the server's ``claimed`` gives the token, and
the table opens the player's own session on it. No pygame here."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fate.content.model import Content
from fate.engine import Event
from fate.ground.language import N_, _
from fate.net.link import Link, error_words
from fate.protocol import ErrorCode, ToClient, ToServer
from fate.ui.online.heard import SEAT_WORDS, back_to, chart, public, without_last
from fate.ui.online.session import NetSession
from fate.ui.session import SeatConfig, Session, TableSession

WATCH_REFUSED = frozenset({ErrorCode.BAD_WATCH, ErrorCode.NOT_PUBLIC, ErrorCode.NO_SUCH_GAME, ErrorCode.TOO_MANY})


class WatchSession(NetSession):
    """A spectator's table: the game as the server shows it to everyone (``view(None)``, the
    events every seat may see), the host's delay behind it, played out like a replay that
    keeps up. Nothing here plays: no seat, no prompt, no hint, no undo."""

    seated: dict[str, Any] | None = None  # the server's ``claimed``: the open seat taken from here
    _sit_rid = -1  # a ``sit`` asked, not yet answered

    def __init__(self, content: Content, link: Link, game_id: str = "", code: str = "", server: str = "") -> None:
        super().__init__(content, link, game_id, "", [], False, server)
        self.code = code
        self.delay = 0
        self.talk_shown = False  # whether the host lets spectators read the table's talk
        self.watching = False
        link.set_greeting([{"type": ToServer.WATCH, **({"code": code} if code else {"game": game_id})}])

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], None]]:
        """A player's table's, and what only a spectator is sent (its errors and the line's
        drop are its own)."""
        return super().handlers() | {ToClient.WATCHING: self._on_watching, ToClient.SPECTATE: self._spectate,
                                     ToClient.CLAIMED: self._on_claimed}

    def _ours(self, m: dict[str, Any]) -> bool:
        return m["type"] == ToClient.WATCHING or super()._ours(m)  # watched by code: the game is named here

    def _on_watching(self, m: dict[str, Any]) -> None:
        self.game_id, self.delay, self.talk_shown, self.watching = m["game"], m["delay"], m["chat"], True

    def _on_claimed(self, m: dict[str, Any]) -> None:
        if self._sit_rid >= 0 and m.get("rid") == self._sit_rid:
            self._sit_rid = -1
            self.seated = m

    def _on_error(self, m: dict[str, Any]) -> None:
        if self._sit_rid >= 0 and m.get("rid") == self._sit_rid:
            self._sit_rid = -1
            self.notice = sit_words(m)
        elif m["code"] in WATCH_REFUSED:
            self.fatal = watch_words(m)
        else:
            super()._on_error(m)

    def _on_offline(self, m: dict[str, Any]) -> None:
        self.watching = False

    def _spectate(self, m: dict[str, Any]) -> None:
        old = self.states.get(-1)
        if old is not None and m["decision"] < old["decision"] and not m["drop"]:
            # further back than we were (taken back while we were away): told afresh from here
            self.events, self.history, self._charted = [], [], []
        if m["drop"]:
            self.events = without_last(self.events, m["drop"])
            back_to(m["decision"], self.history, self._charted)
            self.rewound = self.relog = True
        self.states[-1] = dict(m, prompt=None, undo="")
        self._seats(m["seats"])
        n = m["view"]["players"]
        self.seats = [SeatConfig(False, self._level(s), s) for s in range(n)]
        self.hints = (self.hints + [0] * 4)[:n]
        if m["decision"] != self._decision:
            self._decision = m["decision"]
            self.waiting_since = time.monotonic()
        evs = [Event(e["kind"], e["data"], None) for e in m["events"]]
        chart(m["view"], evs, m["decision"], self.history, self._charted)
        self.events.extend(evs)

    def ready(self) -> bool:
        return -1 in self.states

    def open_seat(self) -> int | None:
        """The seat a spectator may take with a click: a public game's (watched by its id, from
        the lobby; a watch code's game may be private) friend's seat nobody has taken."""
        if self.code or self.seated is not None:
            return None
        return next((i.seat for i in self.info if i.kind == "remote" and not i.claimed and not i.resigned), None)

    def sit(self, name: str) -> None:
        """Ask for the open seat (once at a time); ``seated`` or a ``notice`` says how it went."""
        if self._sit_rid < 0:
            named: dict[str, Any] = {"name": name} if name else {}
            self._sit_rid = self.link.send(ToServer.SIT, game=self.game_id, **named)

    def sitting(self) -> bool:
        return self._sit_rid >= 0

    def _asking(self) -> dict[str, Any] | None:
        return None  # a spectator is never asked

    def view(self, seat: int | None) -> dict:
        st = self.states.get(-1)
        return {} if st is None else public(st["view"])

    def name(self, seat: int) -> str:
        if seat >= len(self.info):
            return _("Seat {n}").format(n=seat + 1)
        i = self.info[seat]
        if i.kind == "ai":
            return _(SEAT_WORDS.get(i.level or "normal", SEAT_WORDS["normal"]))
        return i.name or (_("Open seat") if not i.claimed else _("Player {n}").format(n=seat + 1))

    def session_data(self) -> dict:
        return {"server": self.server, "game": self.game_id, "seats": []}


def sit_words(m: dict[str, Any]) -> str:
    """One line for the open seat refused."""
    if m["code"] == "bad_name":
        return _("The server refused your name: {why}").format(why=m.get("message", ""))[:200]
    words = {"no_seat": N_("Someone was quicker: the game has no open seat any more."),
             "not_public": N_("That game's seats are taken by invite code only.")}.get(m["code"])
    return _(words) if words else error_words(m)


def watch_words(m: dict[str, Any]) -> str:
    """One line for a watch refused."""
    words = {"bad_watch": N_("No game has that watch code: check it with the host (letters and digits, any case)."),
             "not_public": N_("That game is private: its host can give you its watch code."),
             "too_many": N_("That game has as many spectators as it can take; try again later.")}.get(m["code"])
    return _(words) if words else error_words(m)


def _sessions_keep_the_table_contract(local: Session, player: NetSession, spectator: WatchSession) -> list[TableSession]:
    """Never called: the type checker (``python -m mypy``) reads it, and fails when a session the
    table may be given lacks a member of ``TableSession`` (fate/ui/session.py) or gives it
    another shape."""
    return [local, player, spectator]
