"""A game at the table whose rules run on a server: the network as one more decider.

``NetSession`` answers the table as ``Session`` does (``TableSession``), from nothing but
what the server sends this client (docs/protocol.md): the latest ``state`` of each seat it
plays (that seat's ``view(seat)`` and prompt) and the events that seat may see. A choice
goes to the server with the number of the decision it answers; the table moves when the
server's next ``state`` comes (on a LAN within a frame or two). Undo asks the server to
take back the seat's last decision; the server judges it by the one rule
(fate/engine/undo.py), says with every state why the seat may not, and sends ``undone``
to every seat when it did: the view as it stands again and how many of the seat's last
events no longer happened. The client never holds the game: it has no rules to run and
no secret of another seat to leak. No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fate.content.model import Content
from fate.content.spoken import heard
from fate.engine import Event
from fate.engine.model import Choice, Prompt
from fate.engine.undo import NOT_A_PLAYER, NOTHING_YET, OVER
from fate.ground.language import _
from fate.ground.untrusted import one_line
from fate.net.link import Link, error_words
from fate.protocol import ErrorCode, LinkNote, ToClient, ToServer
from fate.ui.online.clock import TableClock
from fate.ui.online.heard import (
    SEAT_WORDS,
    SeatInfo,
    back_to,
    chart,
    hint_reply,
    public,
    seat_infos,
    undo_words,
    without_last,
)
from fate.ui.online.together import Together
from fate.ui.session import SeatConfig, TurnRecord
from fate.ui.worker import Reply
from fate.words.asking import said_again


class NetSession(Together):
    """The table's session for an online game. ``pump()`` (every frame) takes in what came;
    its table talk and "Play again" are fate/ui/online/together.py's."""

    def __init__(self, content: Content, link: Link, game_id: str, token: str, seats: list[int],
                 host: bool = False, server: str = "") -> None:
        self.content = content
        self.link = link
        self.game_id = game_id
        self.token = token
        self.mine = sorted(seats)
        self.host = host
        self.server = server or link.url
        self.states: dict[int, dict[str, Any]] = {}
        self.info: list[SeatInfo] = []
        self.events: list[Event] = []
        self.history: list[TurnRecord] = []
        self.hints = [0, 0, 0, 0]
        self.speed = 1
        self.seats: list[SeatConfig] = [SeatConfig(True, "normal", s) for s in range(4)]
        self.sent: dict[int, tuple[int, int, str]] = {}  # rid -> (seat, decision, choice) not yet answered
        self.notice = ""  # one line for the table: a refusal, a problem with a message
        self.fatal = ""  # the game cannot be shown (bad token, game gone)
        self.relog = False  # the events were replaced (the chronicle came): narrate them again
        self.waiting_since = time.monotonic()  # when the decision now asked was first asked
        self._decision = -1
        self._chronicle_rid = -1
        self.ai_error = ""
        self._hint_rid = -1  # a hint asked of the server, not yet answered
        self._hint: tuple[int, Reply] | None = None  # (decision it answers, Hard's answer)
        self.invites: list[dict[str, Any]] = []  # the host's open codes, to say whom the table waits for
        self._charted: list[int] = []  # the decision each record of ``history`` came with
        self._undo_rid = -1  # a take-back asked of the server, not yet answered
        self._rejoined: set[int] = set()  # seats whose next state is the server's word after a reconnection
        self._went_back = False  # decisions were taken back while we were away: the chronicle replaces the log
        self.told: list[tuple[int, dict[str, Any]]] = []  # (events so far, the state they came with), for the table
        self.rewound = False  # decisions were taken back: the table drops what it was doing
        self.took_back: list[str] = []  # "Bob took back their last decision.": for the table to say
        self._told_back: tuple[int, int] | None = None  # (seat, decision) of the take-back last said
        self.talk: dict[int, dict[str, Any]] = {}  # the table's talk by line number (fate/server/tables.py)
        self.talk_seen = 0  # the last line number the player has had in front of them
        self.muted: set[int] = set()  # seats whose talk is not shown here
        self.votes: tuple[list[int], list[int]] = ([], [])  # "Play again": seats that said it, seats waited for
        self.asked_again = False  # this screen said "Play again"
        self.rematched: dict[str, Any] | None = None  # where the players play again
        self.paused_by = ""  # the host who paused the game (its server stopped), until it answers again
        self.home = False  # the server is a player's own (the host's computer), as ``joined`` said
        self.following: NetSession | None = None  # the new game's session, on this same line
        self.done = False  # closed for good (an ended game keeps its line open for a rematch until then)
        self.marks = False  # the states name the choices that end the turn (the table asks first)
        self.clocks = TableClock(link, game_id)  # each seat's clock as the server last said it
        self._takes = self.handlers()
        link.set_greeting([{"type": ToServer.JOIN, **self.join_fields(game_id)}])

    def ask_marks(self, on: bool) -> None:
        """Ask the server to name, in each state, the choices that end the turn (only while the
        player's "Confirm end of turn" setting is on: the server tries each choice on several
        deals to tell, which costs it more than the rest of a decision)."""
        if on == self.marks:
            return
        self.marks = on
        fields: dict[str, Any] = {**self.join_fields(self.game_id), **({"marks": True} if on else {})}
        if not self.link.set_greeting([{"type": ToServer.JOIN, **fields}]):  # each connection after opens so
            self.link.send(ToServer.JOIN, **fields)  # and this one is asked now

    # ---------------------------------------------------------------- the wire
    def pump(self) -> list[dict[str, Any]]:
        """Take in every message that came; returns them (the scene reacts to some)."""
        return self.take(self.link.poll())

    def take(self, got: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """What came, each message to its handler by its type (``handlers``); a message about
        another game is not ours."""
        for m in got:
            handler = self._takes.get(m["type"])
            if handler is not None and self._ours(m):
                handler(heard(m, self.content))  # in the words of the language spoken now
        return got

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], None]]:
        """What the table does with each message it is sent, keyed by the protocol's catalogue
        (fate/protocol) and the link's own notes; the rest (a lobby's rows) are other screens'."""
        return {ToClient.STATE: self._on_state, ToClient.UNDONE: self._on_state, ToClient.SEATS: self._on_seats,
                ToClient.JOINED: self._on_joined, ToClient.CHRONICLE: self._on_chronicle, ToClient.HINT: self._on_hint,
                ToClient.TALK: self._on_talk, ToClient.REMATCH: self._on_rematch,
                ToClient.REMATCHED: self._on_rematched, ToClient.PAUSED: self._on_paused, ToClient.REPORTED: self._on_reported,
                ToClient.BACK: self._on_clock, ToClient.HAND_OVER: self._on_clock,
                ToClient.ERROR: self._on_error, LinkNote.ONLINE: self._on_online, LinkNote.OFFLINE: self._on_offline,
                LinkNote.PROBLEM: self._on_problem}

    def again(self, game_id: str, seats: list[int]) -> NetSession:
        return NetSession(self.content, self.link, game_id, self.token, seats, self.host, self.server)

    def _ours(self, m: dict[str, Any]) -> bool:
        return m.get("game", self.game_id) == self.game_id  # an error or a note of the link names none

    def _on_state(self, m: dict[str, Any]) -> None:
        """A seat's state, or ``undone``: its state after decisions were taken back."""
        if m["seat"] not in self.mine:
            return
        if m.get("rid") is not None and m.get("rid") == self._undo_rid:
            self._undo_rid = -1
        if m["type"] == ToClient.UNDONE:
            self._taken_back(m)
        elif m["decision"] > (self._told_back or (0, -1))[1]:
            self._told_back = None  # the game moved on: a later take-back is said again
        self._state(m)

    def _on_seats(self, m: dict[str, Any]) -> None:
        self._seats(m["seats"])

    def _on_clock(self, m: dict[str, Any]) -> None:  # the answer to back or hand_over, in one line
        self.notice = self.clocks.answered(m, self.name(m["seat"]))

    def _on_joined(self, m: dict[str, Any]) -> None:
        self.clocks.joined(m["clock"])
        self.host = m["host"]
        self.home = m.get("home") is True
        if self._chronicle_rid < 0 and self.mine:
            self._chronicle_rid = self.link.send(ToServer.CHRONICLE, game=self.game_id, seat=self.mine[0], chart=True)

    def _on_chronicle(self, m: dict[str, Any]) -> None:
        if m["seat"] in self.mine:
            self._chronicle(m)

    def _on_hint(self, m: dict[str, Any]) -> None:
        self._hint_rid = -1
        self._take_hint(m)

    def _on_paused(self, m: dict[str, Any]) -> None:
        self.paused_by = m["by"]  # the host's server stops: a pause until they host again, not a fault

    def _on_online(self, m: dict[str, Any]) -> None:
        self.paused_by = ""

    def _on_error(self, m: dict[str, Any]) -> None:
        rid = m.get("rid")
        if rid is not None:
            self.sent.pop(rid, None)
        if rid == self._hint_rid:
            self._hint_rid = -1
        if m["code"] in (ErrorCode.BAD_TOKEN, ErrorCode.NO_SUCH_GAME):
            self.fatal = error_words(m)
        elif rid is not None and rid == self._undo_rid:
            self._undo_rid = -1
            self.notice = undo_words(m)
        elif rid != self._chronicle_rid:
            self.notice = error_words(m)

    def _on_offline(self, m: dict[str, Any]) -> None:
        self._chronicle_rid = -1  # back online, the chronicle is asked again: what was missed
        self._hint_rid = -1  # a hint asked before the drop never comes: Hint may be asked again
        self._undo_rid = -1  # nor the answer to an Undo: it may be pressed again
        self._rejoined = set(self.mine)

    def _on_problem(self, m: dict[str, Any]) -> None:
        self.notice = m["message"]

    def _state(self, m: dict[str, Any]) -> None:
        seat = m["seat"]
        old = self.states.get(seat)
        fresh = m["type"] == ToClient.UNDONE or seat in self._rejoined  # the server's word, even going back
        self._rejoined.discard(seat)
        if old is not None and old["decision"] > m["decision"] and not fresh:
            return  # a late message: the newer state stands
        if m["type"] == ToClient.UNDONE or (old is not None and old["decision"] > m["decision"]):
            self._go_back(seat, m)
        self.states[seat] = m
        self._seats(m["seats"])
        n = m["view"]["players"]
        self.seats = [SeatConfig(s in self.mine, self._level(s), s) for s in range(n)]
        self.hints = (self.hints + [0] * 4)[:n]
        for r in [r for r, (s, d, _choice) in self.sent.items() if d < m["decision"]]:
            del self.sent[r]  # answered by the game moving on
        if m["decision"] != self._decision:
            self._decision = m["decision"]
            self.waiting_since = time.monotonic()
        evs = [Event(e["kind"], e["data"], (seat,)) for e in m["events"]]
        if seat == self.mine[0]:
            chart(m["view"], evs, m["decision"], self.history, self._charted)
        self.events.extend(evs)
        self.told = [*self.told[-63:], (len(self.events), m)]  # each decision told as it stood (its names)

    def _go_back(self, seat: int, m: dict[str, Any]) -> None:
        """Decisions were taken back (``undone``), or were while we were away (a lower decision
        on rejoining): the seat's last events and the chart's points after it go; the table
        starts the decision afresh."""
        drop = m.get("drop")
        if drop is None:
            self._went_back = True  # how many events is not known: the chronicle asked on joining replaces them
        else:
            self.events = without_last(self.events, drop, seat)
        back_to(m["decision"], self.history, self._charted)
        self._hint = None
        self._decision = -1  # asked afresh
        self.rewound, self.relog, self.told = True, True, []

    def _taken_back(self, m: dict[str, Any]) -> None:
        """Another player's Undo: said in words (``took_back``, for the table), once however many
        of the seats played here are told. The seat asked again is the one that took back."""
        p = m["view"].get("prompt") or m.get("prompt")
        seat = p.get("seat") if isinstance(p, dict) else None
        if not isinstance(seat, int) or seat in self.mine or (seat, m["decision"]) == self._told_back:
            return
        self._told_back = (seat, m["decision"])
        self.took_back.append(_("{name} took back their last decision.").format(name=self.name(seat)))

    def _chronicle(self, m: dict[str, Any]) -> None:
        """The game so far as our seat saw it (asked once on joining): the log's history."""
        seat = m["seat"]
        mine = [e for e in self.events if e.to == (seat,)]
        if m["decision"] != self._decision or (len(mine) > len(m["events"]) and not self._went_back):
            return
        self._went_back = False
        others = [e for e in self.events if e.to != (seat,)]
        self.events = others + [Event(e["kind"], e["data"], (seat,)) for e in m.get("events", [])]
        self.relog, self.told = True, []
        if "chart" in m and seat == self.mine[0]:  # the race from the start, for a table opened late
            self.history = [TurnRecord(t, list(su), list(si)) for _at, t, su, si in m["chart"]]
            self._charted = [p[0] for p in m["chart"]]

    def _take_hint(self, m: dict[str, Any]) -> None:
        st = self.states.get(m["seat"])
        reply = hint_reply(m, st)
        if reply is not None:
            self._hint = (m["decision"], reply)
        elif st is not None and m["decision"] == st["decision"]:
            self.notice = _("The server's hint named no choice of this decision; it is not shown.")

    def _seats(self, rows: list[dict[str, Any]]) -> None:
        self.info = seat_infos(rows)
        self.clocks.heard(rows)

    def _level(self, seat: int) -> str:
        return self.info[seat].level if seat < len(self.info) and self.info[seat].level else "normal"

    # ---------------------------------------------------------------- reading
    def latest(self) -> dict[str, Any] | None:
        """The newest state of the seats played here."""
        return max(self.states.values(), key=lambda st: st["decision"], default=None)

    @property
    def game(self) -> None:
        """No game here: the server holds it (``TableSession``)."""
        return None

    def _now(self) -> dict[str, Any] | None:
        """The state the table's own answers weigh: the seat asked here, else the newest."""
        return self._asking() or self.latest()

    @property
    def decision(self) -> int:
        st = self._now()
        return st["decision"] if st else 0

    @property
    def turn(self) -> int:
        st = self._now()
        return st["view"]["turn"] if st else 0

    @property
    def current(self) -> int:
        st = self._now()
        return st["view"]["current"] if st else 0

    def prompt(self) -> Prompt | None:
        """The decision asked now, as the server worded it: with its choices when a seat played
        here makes it, else without (another seat's, seen in its public view)."""
        st = self._now()
        p = (st.get("prompt") or st["view"].get("prompt")) if st is not None and not st["view"]["over"] else None
        if not p:
            return None
        return Prompt(p["seat"], p["kind"], said_again(p), tuple(Choice(c["id"], said_again(c)) for c in
                                                                 p.get("choices", ())), tuple(p.get("context", ())))

    def _asking(self) -> dict[str, Any] | None:
        """The state of the seat played here that is asked now, if any."""
        for st in self.states.values():
            if st["prompt"] is not None and st["decision"] == self._decision:
                return st
        return None

    def ready(self) -> bool:
        return bool(self.states)

    @property
    def players(self) -> int:
        return len(self.seats)

    def view(self, seat: int | None) -> dict:
        """What the server last sent for ``seat`` if it is played here; for anyone else (nobody
        in particular at a screen shared by several seats) only what every seat may see of it.
        Nothing is drawn but what this client was sent."""
        st = self.states.get(seat) if seat is not None else None
        if st is not None:
            return st["view"]
        st = self.latest()
        if st is None:
            return {}
        return public(st["view"]) if len(self.mine) > 1 or seat is None else st["view"]

    def prompt_seat(self) -> int | None:
        st = self.latest()
        if st is None or st["view"]["over"]:
            return None
        p = st["view"].get("prompt")
        return p["seat"] if p else None

    def over(self) -> bool:
        st = self.latest()
        return bool(st and st["view"]["over"])

    def is_human(self, seat: int | None) -> bool:
        """A seat played at this screen (the others are friends' or AIs', on the server)."""
        return seat is not None and seat in self.mine and not self.clocks.out(seat)  # (else an AI stands in)

    def humans(self) -> list[int]:
        return list(self.mine)

    def name(self, seat: int) -> str:
        """Who plays a seat, in a few words: a friend's name, "AI (Hard)", "You"."""
        if seat in self.mine:
            i = self.info[seat] if seat < len(self.info) else None
            return i.name if i and i.name else _("You")
        if seat >= len(self.info):
            return _("Seat {n}").format(n=seat + 1)
        i = self.info[seat]
        if i.kind == "ai":
            return _(SEAT_WORDS.get(i.level or "normal", SEAT_WORDS["normal"]))
        if not i.claimed:
            return _("Open seat")
        return i.name or _("Player {n}").format(n=seat + 1)

    def seat_title(self, seat: int) -> str:
        """A seat before its Elder God is drafted: who plays it."""
        return self.name(seat)

    def absent(self, seat: int) -> bool:
        return seat < len(self.info) and self.info[seat].kind != "ai" and not self.info[seat].here

    def waiting_for(self) -> int | None:
        """The seat not played here whose decision the game waits for, if it is a person's."""
        seat = self.prompt_seat()
        if seat is None or seat in self.mine or seat >= len(self.info) or self.info[seat].kind == "ai" or self.clocks.out(seat):
            return None
        return seat

    def waited(self) -> float:
        return time.monotonic() - self.waiting_since

    # ---------------------------------------------------------------- acting
    def apply(self, choice_id: str) -> list[Event]:
        """Send a choice of the seat asked here, with its decision number (again after a
        reconnection until answered); the table moves when the server's state comes."""
        st = self._asking()
        if st is None or self._undo_rid >= 0 or any(d == st["decision"] for _seat, d, _choice in self.sent.values()):
            return []
        rid = self.link.send(ToServer.CHOOSE, resend=True, game=self.game_id, seat=st["seat"], decision=st["decision"],
                             choice=choice_id)
        self.sent[rid] = (st["seat"], st["decision"], choice_id)
        return []

    def ends_turn(self, choice_id: str) -> str:
        """Does this choice of the seat asked here end its turn: "ends" (in every deal of what
        the seat cannot see), "may" (on dice or hidden cards) or ""? The server says so with
        the prompt (judged by the engine from that seat's knowledge only)."""
        st = self._asking()
        if st is None:
            return ""
        if choice_id in st["prompt"].get("ends_turn", ()):
            return "ends"
        return "may" if choice_id in st["prompt"].get("may_end_turn", ()) else ""

    def choosing(self) -> bool:
        """A choice or an Undo of ours is on its way (the prompt is not asked again meanwhile)."""
        return bool(self.sent) or self._undo_rid >= 0

    def undoing(self) -> bool:
        return self._undo_rid >= 0

    def replace(self, seat: int, level: str = "normal") -> None:
        """The host hands an absent player's seat to an AI."""
        self.link.send(ToServer.REPLACE, game=self.game_id, seat=seat, level=level)

    def undo_reason(self, seat: int | None) -> str:
        """Why ``seat`` cannot take back its last decision now, or "" if it can: the server's
        words, sent with the seat's latest state, by the one rule (fate/engine/undo.py)."""
        st = self.states.get(seat) if seat is not None else None
        if seat is None or seat not in self.mine:
            return NOT_A_PLAYER
        if st is None:
            return NOTHING_YET
        if self.over():
            return OVER
        if self.link.status != "online":
            return "the connection to the server is lost"
        if self._undo_rid >= 0:
            return "the last one is being taken back"
        if self.sent:
            return "your choice is on its way to the server"
        return one_line(st["undo"], 120)

    def undo(self, seat: int | None) -> bool:
        """Ask the server to take back ``seat``'s last decision (see ``undo_reason``); the
        table goes back when every seat's ``undone`` comes."""
        if seat is None or self.undo_reason(seat):
            return False
        self._undo_rid = self.link.send(ToServer.UNDO, game=self.game_id, seat=seat, decision=self.states[seat]["decision"])
        return True

    # the server plays the AI seats; a hint is Hard's search on the server, from our seat's view
    def thinking(self) -> bool: return False
    def ai_think(self) -> bool: return False
    def ai_done(self) -> str | None: return None
    def warm_hints(self) -> None: pass

    def ask_hint(self) -> bool:
        """Ask the server what Hard would choose for the seat asked here (counted for it)."""
        st = self._asking()
        if st is None or self._hint_rid >= 0 or (self._hint is not None and self._hint[0] == st["decision"]):
            return False
        self._hint_rid = self.link.send(ToServer.HINT, game=self.game_id, seat=st["seat"])
        self.hints[st["seat"]] += 1
        return True

    def hint_coming(self) -> bool:
        return self._hint_rid >= 0

    def hint(self) -> Reply | None:
        """The hint for the decision now asked, once the server sent it."""
        if self._hint is not None and self._hint[0] == self._decision:
            return self._hint[1]
        return None

    def autosave(self) -> None:
        pass  # the server keeps the game

    def save_path(self) -> Path | None:
        return None

    def save_error(self) -> str:
        return ""

    def session_data(self) -> dict:
        return {"server": self.server, "game": self.game_id, "seats": self.mine}

    def close(self) -> None:
        if self.can_play_again():
            return  # the end screen may still say "Play again" on this line; finish() closes it
        self.finish()

