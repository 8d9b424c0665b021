"""``python -m fate.bench online``: how soon the online table sees its own choice.

A real server process on loopback (the embedded SQLite store in a scratch
folder, AI in a worker process, as Host on this computer runs it) and the
game window's own connection (fate/net/link.py, polled as the table polls it
each frame): a game of one human seat against an AI (Random, so that the AI's
thinking is not what is timed) played to its end, several times. For each of
the human seat's choices, the wall time from ``send`` to the ``state`` that
answers it in the window's inbox; in milliseconds and in frames at 60 fps.
Where the seat may take its decision back (once at each decision), the same
for ``undo`` and the ``undone`` that answers it. And what the server pays
when it loads a game: rebuilding the undo trail of a finished 4-cult game by
replaying its choices (CPU time, median of 5).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from fate.engine import default_content
from fate.ground import oscompat
from fate.ground.paths import bundle_root
from fate.net.link import Link

PACE = 0.04  # seconds between two choices: the server takes 40 messages a second (docs/protocol.md)


def _server(folder: str) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=str(bundle_root()))
    proc = subprocess.Popen([sys.executable, "-m", "fate.server", "--port", "0", "--db", f"sqlite:{folder}/s.sqlite",
                             "--ai-workers", "1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=env, cwd=str(bundle_root()))
    out = proc.stdout
    assert out is not None  # stdout=PIPE
    reader = oscompat.LineReader(out)
    while True:
        line = reader.readline(60)
        if not line:
            proc.kill()
            raise RuntimeError("the server did not start")
        if line.startswith("listening on "):
            return proc, line.split()[2]


def trail_ms(content, seed: int = 5, rounds: int = 5) -> tuple[float, int]:
    """CPU milliseconds to rebuild the undo trail of a finished random 4-cult game, and its length."""
    from fate.engine import new_game
    from fate.server.live import replayed
    from fate.server.storage import SeatRow

    g = new_game(content, 4, seed)
    rnd = random.Random(seed)
    while (p := g.pending()) is not None:
        g.apply(rnd.choice(p.choices))
    seats = [SeatRow("g", s, "host") for s in range(4)]
    times = []
    for _ in range(rounds):
        t0 = time.process_time()
        replayed(content, g, g.decision, seats)
        times.append((time.process_time() - t0) * 1000)
    return statistics.median(times), g.decision


def _undo(link: Link, asked: dict, undos: list[float]) -> dict:
    """Take back the seat's last decision and wait for the ``undone`` (the new latest state)."""
    t0 = time.perf_counter()
    link.send("undo", game=asked["game"], seat=0, decision=asked["decision"])
    while True:
        for m in link.poll():
            if m["type"] == "undone":
                undos.append((time.perf_counter() - t0) * 1000)
                return m
            if m["type"] in ("error", "problem"):
                raise RuntimeError(f"the server refused an undo: {m.get('message', '')}")
        time.sleep(0.0005)


def run(games: int = 3, seed: int = 1) -> dict[str, float]:
    content = default_content()
    rtts: list[float] = []
    undos: list[float] = []
    with tempfile.TemporaryDirectory(prefix="fate-rtt-") as tmp:
        proc, url = _server(tmp)
        try:
            for k in range(games):
                link = Link(url, content)
                link.send("create", seed=seed + k, seats=[{"kind": "host"}, {"kind": "ai", "level": "random"}])
                rnd = random.Random(seed + k)
                latest = None
                last = 0.0
                taken_back: set[int] = set()  # decisions taken back once already
                while latest is None or not latest["view"]["over"]:
                    for m in link.poll():
                        if m["type"] == "state" and (latest is None or m["decision"] >= latest["decision"]):
                            latest = m
                    if latest is None or latest["prompt"] is None or latest["view"]["over"]:
                        time.sleep(0.001)
                        continue
                    asked = latest
                    time.sleep(max(0.0, last + PACE - time.perf_counter()))  # within the server's rate limit
                    if asked["undo"] == "" and asked["decision"] not in taken_back:
                        taken_back.add(asked["decision"])
                        last = time.perf_counter()
                        latest = _undo(link, asked, undos)
                        continue
                    t0 = last = time.perf_counter()
                    link.send("choose", game=asked["game"], seat=0, decision=asked["decision"],
                              choice=rnd.choice(asked["prompt"]["choices"])["id"])
                    while latest["decision"] == asked["decision"]:
                        for m in link.poll():
                            if m["type"] == "state" and m["decision"] > latest["decision"]:
                                latest = m
                            elif m["type"] in ("error", "problem"):  # never waits for an answer that will not come
                                raise RuntimeError(f"the server refused a choice: {m.get('message', '')}")
                        time.sleep(0.0005)
                    rtts.append((time.perf_counter() - t0) * 1000)
                link.close()
        finally:
            proc.terminate()
            proc.wait(10)
    q = statistics.quantiles(rtts, n=100)
    u = statistics.quantiles(undos, n=20) if len(undos) > 1 else undos * 19
    trail, length = trail_ms(content)
    return {"games": games, "choices": len(rtts), "p50": statistics.median(rtts), "p95": q[94], "max": max(rtts),
            "undos": len(undos), "undo_p50": statistics.median(undos) if undos else 0.0,
            "undo_p95": u[18] if undos else 0.0, "trail_ms": trail, "trail_choices": length}


def report(args) -> int:
    r = run(args.games or 3)
    print(f"online: the window's connection (fate/net/link.py) to a server process on loopback, a human seat "
          f"against an AI (Random), {r['games']} games to the end, {r['choices']} choices of the human seat")
    print(f"choice to its answering state: p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, max {r['max']:.1f} ms; "
          f"at 60 fps: p50 {r['p50'] / 16.7:.2f} frames, p95 {r['p95'] / 16.7:.2f} frames")
    print(f"undo to its undone: {r['undos']} take-backs, p50 {r['undo_p50']:.1f} ms, p95 {r['undo_p95']:.1f} ms")
    print(f"undo trail rebuilt on loading a finished 4-cult game ({r['trail_choices']} choices replayed): "
          f"{r['trail_ms']:.1f} ms CPU")
    return 0
