"""The AI's worker process: answers, supersedes, survives its own death, never outlives the game."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
import time

import pytest

from fate.ai import make_bot
from fate.engine import new_game
from fate.engine.save import load_data, save_data
from fate.ui.session import SeatConfig, Session
from fate.ui.worker import AIWorker


@pytest.fixture(scope="module")
def worker():
    w = AIWorker()
    yield w
    w.close()


def _midgame(content, players=3, seed=5, decisions=40):
    g = new_game(content, players, seed)
    r = random.Random(seed)
    for _ in range(decisions):
        g.apply(r.choice(g.pending().choices))
    while len(g.pending().choices) < 2:
        g.apply(g.pending().choices[0])
    return g


def test_the_worker_answers_as_the_bot_would_in_process(content, worker):
    g = _midgame(content)
    seat = g.pending().seat
    worker.ask("choose", "game-a", seat, "normal", 77, save_data(g))
    reply = worker.wait()
    assert reply is not None and reply.error == ""
    expected = make_bot("normal", 77).choose(load_data(content, save_data(g))).id
    assert reply.choice == expected
    assert worker._proc is not None and worker._proc.pid != os.getpid()  # a process of its own


def test_a_newer_request_supersedes_an_older_one(content, worker):
    g = _midgame(content, seed=6)
    seat = g.pending().seat
    first = worker.ask("choose", "game-b", seat, "hard", 1, save_data(g), budget=0.3)
    second = worker.ask("choose", "game-b", seat, "easy", 2, save_data(g))
    reply = worker.wait()
    assert second == first + 1 and reply.number == second
    assert g.pending().choice(reply.choice) is not None


def test_a_hint_carries_hards_estimates(content, worker):
    g = _midgame(content, seed=7)
    seat = g.pending().seat
    worker.ask("hint", "game-c", seat, "hard", 3, save_data(g), budget=0.2)
    reply = worker.wait()
    ids = [e[0] for e in reply.estimates]
    assert reply.choice == ids[0] and sorted(ids) == sorted(c.id for c in g.pending().choices)
    assert all(0.0 <= win <= 1.0 and visits >= 0 for _, win, visits in reply.estimates)


def test_a_killed_worker_is_started_again_and_asked_again(content):
    w = AIWorker()
    try:
        g = _midgame(content, seed=8)
        seat = g.pending().seat
        w.ask("choose", "game-d", seat, "hard", 4, save_data(g), budget=5.0)
        first = w._proc
        time.sleep(0.5)
        first.kill()
        first.join(5)
        reply = w.wait(timeout=60)
        assert reply is not None and g.pending().choice(reply.choice) is not None
        assert w._proc is not first and w._proc.is_alive()
    finally:
        w.close()


def test_a_damaged_position_is_one_line_and_the_game_goes_on(content, worker):
    worker.ask("choose", "game-e", 0, "normal", 5, {"format_version": 2, "config": "not a config"})
    reply = worker.wait()
    assert reply.choice == "" and reply.error and "\n" not in reply.error


class FailingWorker(AIWorker):
    """A worker whose every answer is an error, as a broken process would give."""

    def ask(self, *args, **kw) -> int:
        self._number += 1
        self._pending = True
        return self._number

    def poll(self):
        from fate.ui.worker import Reply

        self._pending = None
        return Reply(self._number, "", (), "RuntimeError: the search broke")


def test_when_the_worker_fails_a_normal_bot_decides_and_says_why(content):
    s = Session(content, [SeatConfig(False, "hard", 0), SeatConfig(False, "hard", 1)], 3, worker=FailingWorker())
    before = len(s.game.choices_made)
    for _ in range(5):
        assert s.ai_think()
        cid = s.ai_done()
        assert s.game.pending().choice(cid) is not None
        s.apply(cid)
    assert len(s.game.choices_made) == before + 5
    assert s.ai_error == "RuntimeError: the search broke"


def test_the_worker_never_outlives_the_game(tmp_path):
    """A game process killed mid-thought (the crash-safety test does it 20 times) leaves no AI behind."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(os.getcwd())!r})
        from fate.ui.worker import AIWorker
        if __name__ == "__main__":
            w = AIWorker()
            w._start()
            print(w._proc.pid, flush=True)
            time.sleep(60)
    """))
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.1)
    assert not _alive(child)


def test_a_game_process_killed_while_its_worker_searches_takes_the_worker_with_it_within_5_s(tmp_path):
    """Mid-search the worker never looks at its queue: it ends with its parent all the same
    (fate.ground.oscompat.die_with_parent), not when a 60 s search is over."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent(f"""
        import random, sys, time
        sys.path.insert(0, {str(os.getcwd())!r})
        from fate.ui.worker import AIWorker
        from fate.engine import default_content, new_game
        from fate.engine.save import save_data
        if __name__ == "__main__":
            g = new_game(default_content(), 3, 5)
            while len(g.pending().choices) < 2:
                g.apply(g.pending().choices[0])
            w = AIWorker()
            w.ask("choose", "game-k", g.pending().seat, "hard", 4, save_data(g), budget=60.0)
            print(w._proc.pid, flush=True)
            time.sleep(120)
    """))
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline())
    time.sleep(3.0)  # the worker has loaded the cards and is deep in its search
    assert _alive(child)
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _alive(child):
        time.sleep(0.1)
    left = _alive(child)
    if left:
        os.kill(child, 9)
    assert not left


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_hints_are_counted_per_seat_and_kept_with_the_save(content, worker, tmp_path):
    s = Session(content, [SeatConfig(True, "normal", 0), SeatConfig(False, "easy", 1)], 11,
                saves=tmp_path, worker=worker, ai_seconds=0.2)
    while s.prompt_seat() != 0 or len(s.game.pending().choices) < 2:
        if s.prompt_seat() == 0:
            s.apply(s.game.pending().choices[0].id)
        else:
            s.ai_think()
            give_up = time.monotonic() + 60
            while (cid := s.ai_done()) is None:
                assert time.monotonic() < give_up, "the AI seat's move never came"
                time.sleep(0.01)
            s.apply(cid)
    assert s.ask_hint()
    assert not s.ask_hint()  # one on its way already
    deadline = time.monotonic() + 30
    while (h := s.hint()) is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert h is not None and s.game.pending().choice(h.choice) is not None
    assert not s.ask_hint()  # this decision's hint is there: not counted twice
    assert s.hints == [1, 0]
    s.apply(h.choice)
    assert s.hint() is None  # it answered the decision before
    s.close()
    again = Session.resume(content, s.save_file)
    assert again.hints == [1, 0]


def test_the_worker_answers_only_the_newest_of_the_requests_waiting(content):
    """A hint asked again (after an undo) must not wait for the one it replaces to search."""
    import queue
    import threading

    from fate.ui.worker import Request, _serve

    g = _midgame(content, seed=8)
    seat = g.pending().seat
    requests, replies = queue.Queue(), queue.Queue()
    for number in (1, 2, 3):
        requests.put(tuple(Request(number, "hint", "game-q", seat, "hard", number, 5.0 if number < 3 else 0.1,
                                   save_data(g), time.time())))
    serving = threading.Thread(target=_serve, args=(requests, replies), daemon=True)
    serving.start()
    first = replies.get(timeout=30)
    requests.put(None)
    serving.join(timeout=30)
    assert first[0] == 3 and replies.empty() and not serving.is_alive()  # 1 and 2 were never answered
