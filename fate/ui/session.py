"""A game at the table: the engine, who sits where, the AI seats and the history.

The table (fate/ui/table) never touches the engine's Game: it asks the
session for ``view(seat)`` and for the events a seat may see. What it may ask
is written down once, as ``TableSession`` below: ``Session`` answers it from a
game on this computer, ``NetSession`` (fate/ui/online/session.py) from what a
server sends, and the type checker holds both to it (tests/ui/test_session_contract.py). This module has
no pygame in it, so the rules of who sees what are testable on their own.
"""

from __future__ import annotations

import time
from dataclasses import InitVar, asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from fate.ai.bots import LEVELS, make_bot
from fate.content.model import Content
from fate.engine import Event, Game, new_game, new_game_from, view
from fate.engine.determinize import turn_end
from fate.engine.errors import IllegalChoice, SaveFormatError
from fate.engine.kinds import EventKind
from fate.engine.model import Prompt
from fate.engine.save import load_data, save_data, snapshot
from fate.engine.undo import UndoTrail, revealed
from fate.engine.view import hide_draft
from fate.ground.language import LANGUAGES, N_
from fate.ground.untrusted import cut, player_name
from fate.records.saves import Autosaver, GameLock, GameLocked, new_game_id, read_save
from fate.records.settings import COLOURS
from fate.ui import worker as aiworker

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}  # the AI's, translated where shown


@dataclass
class SeatConfig:
    human: bool = True
    level: str = "normal"  # for AI seats: one of fate.ai.LEVELS (the bot of that name plays)
    colour: int = 0  # index into theme.CULT_COLOURS
    name: str = ""  # a human seat's player, as typed at New Game ("": "Seat 2")
    language: str = ""  # the language this seat's player reads at a shared screen ("": the window's)


@dataclass
class TurnRecord:
    """The public tracks at the start of a turn, for the end screen's chart."""

    turn: int
    summon: list[int]
    signs: list[int]


@dataclass
class UndoPoint:
    """The game as it stood before one decision of ``seat``."""

    game: Game
    seat: int
    events: int
    history: int


class TableSession(Protocol):
    """What the table (fate/ui/table, fate/ui/online/table.py) may ask of the game it shows,
    wherever its rules run. Everything drawn comes from ``view``; a choice goes back by
    ``apply``; the table's own answers (auto-pass, the one-choice rule) read ``prompt``,
    ``decision``, ``turn`` and ``current``. ``game`` is the game itself when it is played on
    this computer (what only a local table offers: the chance to cast folded into the next
    decision, what a hinted choice brings, F12's report), None when a server holds it."""

    seats: list[SeatConfig]
    speed: int  # the table's animation speed, kept with the game
    events: list[Event]  # every event so far, each marked with the seats that may see it
    history: list[TurnRecord]  # the end screen's chart
    hints: list[int]  # hints each seat has taken

    @property
    def game(self) -> Game | None: ...
    @property
    def players(self) -> int: ...
    @property
    def decision(self) -> int:
        """The number of the decision asked now (how many were made before it)."""
    @property
    def turn(self) -> int: ...
    @property
    def current(self) -> int:
        """The seat whose turn it is."""
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def prompt(self) -> Prompt | None:
        """The decision asked now, its choices when a seat played here makes it (None: over)."""
    def prompt_seat(self) -> int | None: ...
    def over(self) -> bool: ...
    def apply(self, choice_id: str) -> list[Event]: ...
    def ends_turn(self, choice_id: str) -> str:
        """Does this choice end its seat's turn: "ends", "may" (on dice or hidden cards) or ""."""
    def seat_title(self, seat: int) -> str: ...
    def is_human(self, seat: int | None) -> bool: ...
    def humans(self) -> list[int]: ...
    def undo_reason(self, seat: int | None) -> str: ...
    def undo(self, seat: int | None) -> bool: ...
    def ai_think(self) -> bool: ...
    def ai_done(self) -> str | None: ...
    def thinking(self) -> bool: ...
    def warm_hints(self) -> None: ...
    def ask_hint(self) -> bool: ...
    def hint_coming(self) -> bool: ...
    def hint(self) -> aiworker.Reply | None: ...
    def autosave(self) -> None: ...
    def save_path(self) -> Path | None: ...
    def save_error(self) -> str: ...
    def session_data(self) -> dict[str, Any]: ...
    def close(self) -> None: ...


@dataclass
class Session:
    content: Content
    seats: list[SeatConfig]
    seed: int
    start: InitVar[Game | None] = None  # the game to go on with (None: a new game from ``seed``)
    events: list[Event] = field(default_factory=list)
    history: list[TurnRecord] = field(default_factory=list)
    saves: Path | None = None  # the folder to autosave into (None: no autosave)
    game_id: str = ""
    speed: int = 1  # the table's animation speed, kept with the game
    hints: list[int] = field(default_factory=list)  # hints each seat has taken, kept with the game
    ai_seconds: float | None = None  # Hard's budget a decision (None: its default)
    solo_level: str | None = None  # a new solo game's level (data/solo.yaml; None: standard)
    worker: aiworker.AIWorker | None = field(default=None, repr=False)  # None: the app's shared one
    hint_worker: aiworker.AIWorker | None = field(default=None, repr=False)  # None: the app's one for hints
    lock: GameLock | None = field(default=None, repr=False)  # the save's lock, when already taken
    # what may be taken back, as the game's decisions left it (a resumed game's, rebuilt by
    # replaying them); None: a new trail
    trail: UndoTrail[UndoPoint] | None = field(default=None, repr=False)

    def __post_init__(self, start: Game | None) -> None:
        if not 1 <= len(self.seats) <= 4:
            raise ValueError(f"a game needs 1 to 4 seats, not {len(self.seats)}")
        fresh = start is None
        self.game: Game = start if start is not None else new_game(self.content, len(self.seats), self.seed,
                                                                   solo_level=self.solo_level)
        self.game_id = self.game_id or new_game_id()
        self.hints = (list(self.hints) + [0] * len(self.seats))[:len(self.seats)]
        self._asked: str = ""  # what the AI worker is working on for us: "" or "choose"
        self._hint: tuple[int, aiworker.Reply] | None = None  # (decision it answers, reply)
        self._hint_asked = False  # a hint is on its way from the hint worker
        self.ai_error = ""
        self._undo: UndoTrail[UndoPoint] = self.trail or UndoTrail()  # the rule: fate/engine/undo.py
        self.trail = None  # the session's own from now on
        self._last_error = ""
        self.save_file = self.saves / f"{self.game_id}.json" if self.saves is not None else None
        self._saver = Autosaver(self.save_file, self.lock) if self.save_file is not None else None
        if fresh or not self.events:
            self._record(self.game.take_events())
        self.autosave()

    @classmethod
    def from_game(cls, content: Content, seats: list[SeatConfig], game: Game, **kw) -> Session:
        """A session around an existing game (scenarios, screenshots)."""
        return cls(content, seats, int(game.config.get("seed", 0)), game, **kw)

    @classmethod
    def resume(cls, content: Content, path: Path) -> Session:
        """The game saved at ``path`` (or its backup), exactly where it stood, with its
        seats, speed and chronicle; it goes on saving to the same file. SaveFormatError
        (one line) if it cannot be read."""
        path = Path(path)
        lock = GameLock(path)
        if not lock.acquire():
            raise GameLocked(f"{path}: this game is open in another window")
        try:
            data = read_save(path)
            seats, speed, hints = _table_details(data, str(path))
            g = load_data(content, data, str(path))
            if len(seats) != g.n:
                raise SaveFormatError(f"{path}: {len(seats)} seats saved for a {g.n}-seat game")
            events, history, trail = _chronicle(content, g, [s.human for s in seats])
            return cls(content, seats, int(g.config.get("seed", 0)), g, events=events, history=history,
                       saves=path.parent, game_id=path.name.removesuffix(".json"), speed=speed, hints=hints,
                       lock=lock, trail=trail)
        except BaseException:
            lock.release(remove=True)  # leave the folder as it was
            raise

    # ---------------------------------------------------------------- reading
    @property
    def players(self) -> int:
        return len(self.seats)

    def view(self, seat: int | None) -> dict:
        """``view(seat)``, and while the Elder Gods are being chosen, no other seat's
        choice: each cult keeps its god in secret until every cult has chosen."""
        return hide_draft(view(self.game, seat), seat)

    @property
    def decision(self) -> int:
        return self.game.decision

    @property
    def turn(self) -> int:
        return self.game.turn

    @property
    def current(self) -> int:
        return self.game.current_seat

    def prompt(self) -> Prompt | None:
        return self.game.pending()

    def prompt_seat(self) -> int | None:
        p = self.game.pending()
        return None if p is None else p.seat

    def over(self) -> bool:
        return self.game.over

    def seat_title(self, seat: int) -> str:
        """A seat named by who plays it: a human's name, else "Seat 2"."""
        cfg = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return cfg.name if cfg is not None and cfg.human and cfg.name else f"Seat {seat + 1}"

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].human

    def humans(self) -> list[int]:
        return [s for s, cfg in enumerate(self.seats) if cfg.human]

    # ---------------------------------------------------------------- acting
    def apply(self, choice_id: str) -> list[Event]:
        """Apply a choice of the pending prompt; IllegalChoice if it is not one.
        The game is saved afterwards (on the autosave thread)."""
        g = self.game
        p = g.pending()
        if p is None:
            raise IllegalChoice("the game is over: no choice is pending")
        before = UndoPoint(g.clone(), p.seat, len(self.events), len(self.history))
        evs = g.apply(choice_id)
        self._record(evs)
        self._note_undo(before, evs)
        self.autosave()
        return evs

    def ends_turn(self, choice_id: str) -> str:
        """Judged by the engine from what the asked seat knows only (fate/engine/determinize.py)."""
        seat = self.prompt_seat()
        return "" if seat is None else turn_end(self.game, seat, choice_id)

    def _record(self, evs: list[Event]) -> None:
        _chart(self.game, evs, self.history)
        self.events.extend(evs)

    # ---------------------------------------------------------------- undo
    def _note_undo(self, before: UndoPoint, evs: list[Event]) -> None:
        """Keep the point before this decision, as the one rule of what may be taken back
        says (fate/engine/undo.py)."""
        self._undo.note(before.seat, before, revealed(before.game, self.game, evs, before.seat), self.is_human(before.seat))

    def undo_reason(self, seat: int | None) -> str:
        """Why ``seat`` cannot take back its last decision now, or "" if it can."""
        return self._undo.reason(seat, self.prompt_seat(), self.is_human(seat))

    def undo(self, seat: int | None) -> bool:
        """Take back ``seat``'s last decision (see ``undo_reason``). The random stream
        is restored with the game, so the same choice again gives the same outcome."""
        if self.undo_reason(seat):
            return False
        point = self._undo.take()
        self._forget_thinking()
        self.game = point.game
        del self.events[point.events:]
        del self.history[point.history:]
        self.autosave()
        return True

    # ---------------------------------------------------------------- saving
    def session_data(self) -> dict:
        """What the table keeps with a save: the seats, the speed and the Load list's row."""
        g = self.game
        leader, best = "", -1
        if not g.over and g.gods[0] >= 0:
            best = max(range(g.n), key=lambda s: (g.summon[s], -g.signs[s]))
            leader = f"{g.seat_name(best)} (Summon {g.summon[best]})"
        outcome = ""
        if (end := g.outcome()) is not None:
            outcome = (" and ".join(g.seat_name(s) for s in end.winners) + " won" if end.winners
                       else "the Investigators won" if g.solo else "no one won")
        who = [(c.name or "Human") if c.human else f"AI ({c.level.capitalize()})" for c in self.seats]
        return {
            "seats": [asdict(c) for c in self.seats],
            "speed": self.speed,
            "hints": list(self.hints),
            # the words in English (as earlier versions read them) and what they are made of, by id,
            # for the Load list to say in the player's language
            "meta": {"saved_at": time.time(), "turn": g.turn, "leader": leader, "over": g.over,
                     "outcome": outcome, **({"level": g.level.name, "level_id": g.level.id} if g.level is not None else {}),
                     "seats": [{"name": g.seat_name(s), "who": who[s]} for s in range(g.n)],
                     "gods": [g.card(x).id if x >= 0 else "" for x in g.gods[:g.n]], "leader_seat": best,
                     "leader_summon": g.summon[best] if best >= 0 else 0,
                     "winners": list(end.winners) if end is not None else []},
        }

    def autosave(self) -> None:
        """Hand the current position to the autosave thread (returns at once)."""
        if self._saver is not None:
            self._saver.submit(save_data(self.game, self.session_data()))

    def save_error(self) -> str:
        return self._saver.error if self._saver is not None else self._last_error

    def save_path(self) -> Path | None:
        return self.save_file

    def _ai(self) -> aiworker.AIWorker:
        if self.worker is None:
            self.worker = aiworker.shared()
        return self.worker

    def ai_think(self) -> bool:
        """Ask the AI of the prompted seat for its choice; it thinks in the worker
        process (fate/ui/worker.py) while the table draws. True if it starts now,
        False if it was already thinking. ``ai_done`` gives its choice id."""
        if self._asked == "choose":
            return False
        seat = self.prompt_seat()
        if seat is None or self.is_human(seat):
            raise RuntimeError("no AI seat is to decide now")
        level = self.seats[seat].level if self.seats[seat].level in LEVELS else "normal"
        self._ai().ask("choose", self.game_id, seat, level, self.seed * 10 + seat, save_data(self.game),
                       self.ai_seconds)
        self._asked = "choose"
        return True

    def ai_done(self) -> str | None:
        """The AI's choice id once it has one, or None while it still thinks. Should
        the worker fail, a Normal bot decides here instead (``ai_error`` says why)."""
        if self._asked != "choose":
            return None
        reply = self._ai().poll()
        if reply is None:
            return None
        self._asked = ""
        p = self.game.pending()
        if reply.choice and p is not None and p.choice(reply.choice):
            self.ai_error = ""
            return reply.choice
        self.ai_error = reply.error or f"the AI answered {reply.choice!r}, not a legal choice"
        return make_bot("normal", self.decision).choose(self.game).id

    def thinking(self) -> bool:
        return self._asked != ""

    # ---------------------------------------------------------------- hints
    def _hinter(self) -> aiworker.AIWorker:
        """Hints think in a process of their own: never behind an AI seat's search."""
        if self.hint_worker is None:
            self.hint_worker = aiworker.shared_hints()
        return self.hint_worker

    def warm_hints(self) -> None:
        """Start the hint process while the player looks at the table (a human is seated)."""
        if self.humans():
            self._hinter().warm()

    def ask_hint(self) -> bool:
        """Ask Hard, from the prompted human seat's own view, what it would choose
        (counted for that seat). False if no human is to decide or one is on its way."""
        seat = self.prompt_seat()
        if seat is None or not self.is_human(seat) or self._hint_asked:
            return False
        if self._hint is not None and self._hint[0] == self.decision:
            return False  # this decision's hint is already there
        self._hinter().ask("hint", self.game_id, seat, "hard",
                           self.seed * 10 + seat + self.decision, save_data(self.game), self.ai_seconds)
        self._hint_asked = True
        self.hints[seat] += 1
        return True

    def hint_coming(self) -> bool:
        return self._hint_asked

    def hint(self) -> aiworker.Reply | None:
        """The hint for the decision now pending, once Hard has one (None before,
        and after the decision is made)."""
        if self._hint_asked:
            reply = self._hinter().poll()
            if reply is not None:
                self._hint_asked = False
                self.ai_error = reply.error
                if reply.choice:
                    self._hint = (self.decision, reply)
        if self._hint is not None and self._hint[0] == self.decision:
            return self._hint[1]
        return None

    def _forget_thinking(self) -> None:
        if self._asked:
            self._ai().cancel()
            self._asked = ""
        if self._hint_asked:
            self._hinter().cancel()
            self._hint_asked = False

    def close(self) -> None:
        """Stop thinking and finish writing the save (the game stays in the folder)."""
        self._forget_thinking()
        if self._saver is not None:  # every change was handed over as it happened: finish writing
            self._saver.close()
            self._last_error = self._saver.error
            self._saver = None


def _table_details(data: dict, where: str) -> tuple[list[SeatConfig], int, list[int]]:
    """The seats, speed and hints a save keeps for the table (``session``),
    checked: SaveFormatError, one line, for anything else."""
    info = data.get("session")
    if not isinstance(info, dict) or not isinstance(info.get("seats"), list):
        raise SaveFormatError(f"{where}: saved without the table's details (who played)")
    rows = info["seats"]
    if not (1 <= len(rows) <= 4 and all(
            isinstance(r, dict) and isinstance(r.get("human"), bool) and isinstance(r.get("level"), str) and r["level"] in LEVELS
            and isinstance(r.get("colour"), int) and not isinstance(r["colour"], bool) for r in rows)):
        raise SaveFormatError(f"{where}: the table's details are damaged (seats: {cut(rows)})")
    seats = [SeatConfig(r["human"], r["level"], r["colour"] % COLOURS, (player_name(r.get("name")) or "") if r["human"] else "",
                        r["language"] if r["human"] and isinstance(r.get("language"), str) and r["language"] in LANGUAGES
                        else "")
             for r in rows]  # an odd colour: one of ours; a name that is not one: no name; a language: ours or none
    speed = info.get("speed", 1)  # Slow, Normal, Fast, Instant; out of range: the nearest
    speed = min(3, max(0, speed)) if isinstance(speed, int) and not isinstance(speed, bool) else 1
    hints = info.get("hints", [])
    ok = isinstance(hints, list) and all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= 10**6
                                         for h in hints)
    return seats, speed, list(hints) if ok else []


def _chart(g: Game, evs: list[Event], history: list[TurnRecord]) -> None:
    """A turn's start (and the game's end) adds a point to the end screen's chart."""
    for e in evs:
        if e.kind == EventKind.TURN_STARTED or (e.kind == EventKind.SETUP_DONE and not history):
            history.append(TurnRecord(g.turn, list(g.summon), list(g.signs)))
    if g.over and evs:
        history.append(TurnRecord(g.turn + 1, list(g.summon), list(g.signs)))


def _chronicle(content: Content, g: Game,
               humans: list[bool]) -> tuple[list[Event], list[TurnRecord], UndoTrail[UndoPoint]]:
    """The events, chart and undo trail of a saved game, by replaying its choices (the
    snapshot has none of them): a resumed game offers the take-backs it offered when it
    was closed (the server rebuilds its trail the same way). A game begun from a scenario
    cannot be replayed: all three start empty."""
    events: list[Event] = []
    history: list[TurnRecord] = []
    trail: UndoTrail[UndoPoint] = UndoTrail()
    if g.config.get("scenario"):
        return [], [], trail
    try:
        again = new_game_from(content, g.config)
        first = again.take_events()
        _chart(again, first, history)
        events += first
        for cid in g.history():
            asked = again.pending()
            if asked is None:
                raise IllegalChoice("a choice saved after the game was over")
            seat = asked.seat
            before = UndoPoint(again.clone(), seat, len(events), len(history))
            evs = again.apply(cid)
            trail.note(seat, before, revealed(before.game, again, evs, seat), 0 <= seat < len(humans) and humans[seat])
            _chart(again, evs, history)
            events += evs
    except (IllegalChoice, KeyError, ValueError, AttributeError, IndexError):
        return [], [], UndoTrail()
    if snapshot(again) != snapshot(g):
        return [], [], UndoTrail()
    return events, history, trail
