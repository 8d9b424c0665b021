"""Where the AI thinks: a process of its own, so the table never waits for it.

The table's process sends the position as save data (plain JSON-ready dicts,
``fate.engine.save.save_data``) with who is to decide, at which level, and
gets back a choice id. Hard searches for a second a decision; in a thread of
the table's own process it would hold the interpreter's lock and the table
would stutter. One worker serves every game the app opens (it starts when the
first AI seat is to decide and stays until the app closes); each game's bots
live in it, keyed by the game and the seat, so their own random generators
run on from one decision to the next as they would in one process.

A request asks either for a bot's choice (``"choose"``) or for a hint: Hard's
search from a human seat's own view, with its estimates of the best choices.
A hint's budget counts from the moment it was asked: time lost before the
search (a process still starting) is taken off the search. A newer request supersedes an older one (after an undo, or leaving the
table): replies carry the request's number and stale ones are dropped. If the
process dies, the next poll starts a new one and asks again. Where no process
can be started the worker thinks on a thread instead (slower frames, never a
stall of the game).
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import time
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple, Protocol

from fate.ai.bots import make_bot
from fate.ai.ismcts import HardBot
from fate.engine import default_content
from fate.engine.choices import ChoiceKind, kind_of
from fate.engine.save import load_data
from fate.ground.oscompat import die_with_parent

HINT_BUDGET = 1.0  # seconds Hard searches for a hint
MIN_HINT_SEARCH = 0.1  # seconds a hint searches however late it starts


class Request(NamedTuple):
    number: int
    what: str  # "choose" or "hint"
    game_key: str  # which game (a game id), so bots of different games never mix
    seat: int
    level: str
    seed: int
    budget: float | None
    data: dict  # the position, as save_data gives it
    sent: float = 0.0  # when it was asked (time.time(), the same clock in every process)


class Reply(NamedTuple):
    number: int
    choice: str  # a choice id; "" when the worker failed (``error`` says why)
    estimates: tuple[tuple[str, float, int], ...]  # hints: (choice id, win estimate, visits), best first
    error: str = ""
    progress: tuple = ()  # a review under way: (decisions done, of how many, seconds so far); not the answer yet
    review: dict | None = None  # a review's result (fate/ai/critic.py), kept beside the save by the worker
    follow: tuple[str, ...] = ()  # hints: the seat's own next choices Hard would make after it (a Wild pair's destination)


def hint_follow(g, d, seed: int) -> tuple[str, ...]:
    """Hard's line after a hinted Wild pair or Gate, as far as where the Fate Piece goes: the
    search's own line when it reaches the destination, else the rest decided on a copy (the
    Spells given as the line has them or the first ones, the destination by a short search)."""
    if kind_of(d.choice.id) not in (ChoiceKind.WILD, ChoiceKind.GATE) \
            or any(kind_of(x) == ChoiceKind.TO for x in d.follow):
        return d.follow
    copy = g.clone()
    seat = copy.pending().seat
    copy.apply(d.choice.id)
    line: list[str] = []
    for _ in range(4):
        p = copy.pending()
        if p is None or p.seat != seat or p.kind not in ("wild_card", "destination"):
            break
        given = d.follow[len(line)] if len(line) < len(d.follow) else ""
        cid = given if p.choice(given) is not None else (
            p.choices[0].id if p.kind == "wild_card" else HardBot(seed, MIN_HINT_SEARCH).decide(copy).choice.id)
        line.append(cid)
        copy.apply(cid)
        if p.kind == "destination":
            break
    return tuple(line)


class Thinker:
    """Answers requests; lives in the worker process (or thread)."""

    def __init__(self) -> None:
        self.content = default_content()
        self.bots: dict[tuple, Any] = {}

    def answer(self, r: Request) -> Reply:
        try:
            g = load_data(self.content, r.data, "the AI's copy of the game")
            if r.what == "hint":
                # a hint answers within its budget from the moment H was pressed: the time spent
                # before the search (the process starting, the position on its way) comes off it
                late = max(0.0, time.time() - r.sent) if r.sent else 0.0
                d = HardBot(r.seed, max(MIN_HINT_SEARCH, (r.budget or HINT_BUDGET) - late)).decide(g)
                return Reply(r.number, d.choice.id,
                             tuple((e.choice.id, round(e.win, 4), e.visits) for e in d.estimates),
                             follow=hint_follow(g, d, r.seed))
            key = (r.game_key, r.seat, r.level)
            bot = self.bots.get(key)
            if bot is None:
                bot = self.bots[key] = make_bot(r.level, r.seed, r.budget)
            elif r.budget is not None and isinstance(bot, HardBot):
                bot.budget = r.budget
            return Reply(r.number, bot.choose(g).id, ())
        except Exception as e:  # reported to the table as one line; the game goes on
            return Reply(r.number, "", (), f"{type(e).__name__}: {e}")


class Mailbox(Protocol):
    """A queue between the table and its AI: a process's (multiprocessing) or a thread's."""

    def put(self, item: Any, /) -> None: ...
    def get(self, block: bool = True, timeout: float | None = None) -> Any: ...
    def get_nowait(self) -> Any: ...


def review(r: Request, replies: Mailbox, requests: Mailbox) -> tuple[Reply | None, Any]:
    """A review (``what == "review"``, ``data == {"path": save}``, ``level``: the budget): its
    progress sent after each decision, then the result, kept beside the save (written whole,
    once, at the end). Any request that comes meanwhile stops it, and nothing is written;
    returns (the reply or None, that request or ``_NOTHING``)."""
    from pathlib import Path

    from fate.ai.critic import ReviewCancelled, review_game
    from fate.engine.errors import SaveFormatError
    from fate.records.reviews import keep_review
    from fate.records.saves import read_save

    newer: list = []
    start = time.monotonic()

    def cancelled() -> bool:
        if not newer:
            try:
                newer.append(requests.get_nowait())
            except queue.Empty:
                return False
        return True

    def progress(done: int, total: int) -> None:
        replies.put(tuple(Reply(r.number, "", (), "", (done, total, round(time.monotonic() - start, 2)))))

    try:
        path = Path(r.data["path"])
        data = read_save(path)
        fixed = r.data.get("iterations")  # (iterations, floor) instead of the budget's: the tests
        fixed = (int(fixed[0]), int(fixed[1])) if isinstance(fixed, list | tuple) and len(fixed) == 2 else None
        result = review_game(default_content(), data, r.seat, r.level, path.name, progress, cancelled, fixed)
        try:
            keep_review(path, data, result)
        except OSError as e:  # shown, not kept: the review is still there to read
            return Reply(r.number, "review", (), f"not kept beside the save ({e.strerror or e})", (), result), _NOTHING
        return Reply(r.number, "review", (), "", (), result), _NOTHING
    except ReviewCancelled:
        return None, newer[0]
    except (SaveFormatError, ValueError, KeyError, TypeError) as e:
        return Reply(r.number, "", (), f"{type(e).__name__}: {e}"), _NOTHING


_NOTHING = object()


def _serve(requests: Mailbox, replies: Mailbox) -> None:
    parent = multiprocessing.parent_process()  # None on a thread of the table's own process
    die_with_parent()  # a process: it ends with the table's, even mid-search (nothing on a thread)
    thinker = Thinker()
    after_review: Any = _NOTHING  # the request that stopped a review, to answer next
    while True:
        if after_review is not _NOTHING:
            r, after_review = after_review, _NOTHING
            if r is None:
                return
        else:
            try:
                r = requests.get(timeout=0.5)
            except queue.Empty:
                if parent is not None and not parent.is_alive():
                    return  # the game was closed or killed: never outlive it
                continue
        while True:  # a newer request supersedes those before it (the table drops their answers): skip them
            try:
                newer = requests.get_nowait()
            except queue.Empty:
                break
            if newer is None:
                return
            r = newer
        if r is None:
            return
        req = Request(*r)
        if req.what == "review":
            reply, after_review = review(req, replies, requests)
            if reply is not None:
                replies.put(tuple(reply))
        elif req.what != "stop":  # "stop": only to stop a review; nothing to answer
            replies.put(thinker.answer(req))


class AIWorker:
    """The table's handle on the AI process: ``ask``, then ``poll`` each frame."""

    _requests: Mailbox  # both made as the worker starts (``_start``)
    _replies: Mailbox

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        self._number = 0
        self._pending: Request | None = None
        self._proc: BaseProcess | None = None
        self._thread: threading.Thread | None = None
        self.error = ""  # why the last request failed, for the table to show
        self.progress: tuple = ()  # a review under way: (done, of how many, seconds so far)

    # -------------------------------------------------------------- starting
    def _start(self) -> None:
        if self.use_process:
            try:
                ctx = multiprocessing.get_context("spawn")
                self._requests = ctx.Queue()
                self._replies = ctx.Queue()
                proc = ctx.Process(target=_serve, args=(self._requests, self._replies), name="fate-ai", daemon=True)
                proc.start()
                self._proc = proc
                return
            except (OSError, RuntimeError) as e:  # no processes here: think on a thread instead
                self.error = f"the AI runs on a thread ({e})"
                self.use_process = False
        self._requests = queue.Queue()
        self._replies = queue.Queue()
        self._thread = threading.Thread(target=_serve, args=(self._requests, self._replies),
                                        name="fate-ai", daemon=True)
        self._thread.start()

    def _alive(self) -> bool:
        if self._proc is not None:
            return self._proc.is_alive()
        return self._thread is not None and self._thread.is_alive()

    # ---------------------------------------------------------------- asking
    def ask(self, what: str, game_key: str, seat: int, level: str, seed: int, data: dict,
            budget: float | None = None) -> int:
        """Send a request (superseding any unanswered one); returns its number."""
        if not self._alive():
            self._start()
        self._number += 1
        self._pending = Request(self._number, what, game_key, seat, level, seed, budget, data, time.time())
        self._requests.put(tuple(self._pending))
        return self._number

    def asking(self) -> Request | None:
        """The request still unanswered, if any (a review left running is taken up again)."""
        return self._pending

    def poll(self) -> Reply | None:
        """The reply to the latest request, once it is there (never blocks)."""
        if self._pending is None:
            return None
        while True:
            try:
                reply = Reply(*self._replies.get_nowait())
            except queue.Empty:
                break
            except (EOFError, OSError, ValueError):  # the pipe broke with the process
                break
            if reply.number == self._pending.number:
                if reply.progress:  # a review's progress: the answer is still to come
                    self.progress = tuple(reply.progress)
                    continue
                self._pending = None
                self.progress = ()
                self.error = reply.error
                return reply
        if not self._alive():  # it died (killed, out of memory): start again and ask again
            pending = self._pending
            self._start()
            self._requests.put(tuple(pending))
        return None

    def cancel(self) -> None:
        """Forget the unanswered request: its reply, when it comes, is dropped."""
        self._pending = None

    def stop(self) -> None:
        """Stop the work under way (a review: nothing of it is kept) and forget it."""
        if self._pending is not None and self._alive():
            self._number += 1
            self._requests.put(tuple(Request(self._number, "stop", "", 0, "", 0, None, {})))
        self._pending = None
        self.progress = ()

    def wait(self, timeout: float = 60.0) -> Reply | None:
        """Block until the latest request is answered (tests, the command line)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            reply = self.poll()
            if reply is not None or self._pending is None:
                return reply
            time.sleep(0.005)
        return None

    def warm(self) -> None:
        """Start the process now (it loads the cards while the player looks at the table),
        so that the first request is answered within its budget."""
        if not self._alive():
            self._start()

    def close(self) -> None:
        self._pending = None
        if self._proc is not None:
            try:
                if self._number:  # (never asked: no queue thread to leave behind, see ``warm``)
                    self._requests.put(None)
                    self._proc.join(timeout=1.0)
            except (OSError, ValueError):
                pass
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=1.0)
            self._proc = None
        elif self._thread is not None:
            self._requests.put(None)
            self._thread = None


_shared: AIWorker | None = None
_hints: AIWorker | None = None
_reviews: AIWorker | None = None


def shared_reviews() -> AIWorker:
    """The process's worker for reviews (fate/ai/critic.py): a minute's work that must never
    hold up an AI seat or a hint. Started by the first review asked."""
    global _reviews
    if _reviews is None:
        import atexit

        _reviews = AIWorker()
        atexit.register(_reviews.close)
    return _reviews


def shared_hints() -> AIWorker:
    """The process's worker for hints alone: a hint never waits behind an AI seat's search
    (or a stale one the table no longer wants). Started when a table with a human opens."""
    global _hints
    if _hints is None:
        import atexit

        _hints = AIWorker()
        atexit.register(_hints.close)
    return _hints


def shared() -> AIWorker:
    """The one worker of this process (started on first use, closed at exit)."""
    global _shared
    if _shared is None:
        import atexit

        _shared = AIWorker()
        atexit.register(_shared.close)
    return _shared
