"""The server load bench (``python -m fate.bench server``): bot clients over loopback.

``run(games, processes, db, ...)`` starts what it needs (a throw-away
PostgreSQL cluster for ``postgresql``, a temporary SQLite file otherwise), K
server processes and two client processes, keeps ``games`` games going at
once (a finished game is followed by a new one), and measures every choice's
round trip: from sending ``choose`` to receiving the seat's new state. Each
game has ``seats`` remote seats, each its own connection, spread over the
server processes (so with several processes most games have clients on more
than one). A bot thinks ``think`` seconds on average before each choice (at
random between half and one and a half of it), as a quick human would.

``python -m fate.bench.server ...`` is one client process (the bench starts
them); it prints its figures as one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from fate.net.client import Client, ServerError, play


class Window(list):
    """Round trips of the choices made inside the measuring window only."""

    def __init__(self, start: float, end: float) -> None:
        super().__init__()
        self.start, self.end = start, end

    def append(self, rtt: float) -> None:
        if self.start <= time.monotonic() <= self.end:
            super().append(rtt)


async def _slot(k: int, urls: list[str], seats: int, think: float, rng: random.Random, window: Window,
                stop: asyncio.Event, counts: dict) -> None:
    while not stop.is_set():
        clients = []
        try:
            host = await Client(urls[k % len(urls)]).connect()
            clients.append((host, [0]))
            made = await host.request("create", seats=[{"kind": "host"}] + [{"kind": "remote"}] * (seats - 1))
            for j, inv in enumerate(made["invites"]):
                c = await Client(urls[(k + 1 + j) % len(urls)]).connect()
                clients.append((c, (await c.request("claim", code=inv["code"]))["seats"]))
            plays = [asyncio.ensure_future(play(c, made["game"], s, random.Random(rng.random()), think, window))
                     for c, s in clients]
            stopper = asyncio.ensure_future(stop.wait())
            together = asyncio.gather(*plays, return_exceptions=True)
            racing: set[asyncio.Future[Any]] = {together, stopper}
            done, _ = await asyncio.wait(racing, return_when=asyncio.FIRST_COMPLETED)
            if together in done:
                ends = together.result()
                counts["games"] += isinstance(ends[0], dict)
                bad = [e for e in ends if isinstance(e, BaseException)]
                if bad:
                    raise bad[0]
            else:
                together.cancel()
                await asyncio.gather(together, return_exceptions=True)
            stopper.cancel()
        except Exception as e:  # noqa: BLE001 - counted and reported, the bench goes on
            counts["errors"] += 1
            counts["last_error"] = f"{type(e).__name__}: {e}"[:200]
            await asyncio.sleep(0.5)
        finally:
            for c, _ in clients:
                try:
                    await asyncio.wait_for(c.close(), 5)
                except Exception:  # noqa: BLE001 - closing after the end
                    pass


async def _client_main(urls: list[str], games: int, seats: int, think: float, seconds: float, warmup: float,
                       seed: int) -> dict:
    rng = random.Random(seed)
    t0 = time.monotonic()
    window = Window(t0 + warmup, t0 + warmup + seconds)
    stop = asyncio.Event()
    counts = {"games": 0, "errors": 0, "last_error": ""}

    async def delayed(k: int) -> None:
        await asyncio.sleep(warmup * 0.8 * k / max(1, games))  # ramp up over the warm-up
        await _slot(k, urls, seats, think, random.Random(rng.random()), window, stop, counts)

    tasks = [asyncio.ensure_future(delayed(k)) for k in range(games)]
    await asyncio.sleep(warmup + seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    return {"rtts": list(window), "seconds": seconds, **counts}


def _rss_mb(pid: int) -> float:
    """Peak resident memory of a process (Linux /proc), in MB; 0 where unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _cpu_s(pid: int) -> float:
    """CPU seconds a process has used (Linux /proc); 0 where unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def piped(out: IO[str] | None) -> IO[str]:
    """A child's standard output, started with ``stdout=subprocess.PIPE`` (never None then)."""
    if out is None:
        raise RuntimeError("the server was started without a pipe for its output")
    return out


def _start_server(db: str) -> tuple[subprocess.Popen, str]:
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    # every bot client comes from this one address: the per-address limits (docs/server.md) are off
    unlimited = ["--max-connections", "0", "--max-games", "0", "--max-claims", "0", "--max-guesses", "0",
                 "--max-joins", "0", "--max-lists", "0"]
    p = subprocess.Popen([sys.executable, "-m", "fate.server", "--port", "0", "--db", db, "--ai-workers", "0",
                          *unlimited], cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = piped(p.stdout).readline()
    if not line.startswith("listening on "):
        p.kill()
        raise RuntimeError(f"the server did not start ({line.strip()!r})")
    return p, line.split()[2]


def run(games: int, processes: int, db: str, seats: int = 2, think: float = 2.0, seconds: float = 30.0,
        warmup: float = 10.0, clients: int = 2) -> dict:
    """Start everything, measure, stop everything; the figures as a dict."""
    cluster = None
    folder = tempfile.mkdtemp(prefix="fate-bench-")
    if db == "postgresql":
        from fate.server.pgtemp import TempCluster

        cluster = TempCluster().start()
        url = cluster.dsn
    else:
        url = f"sqlite:{Path(folder) / 'bench.sqlite'}"
    servers = []
    try:
        servers = [_start_server(url) for _ in range(processes)]
        urls = [u for _, u in servers]
        root = Path(__file__).resolve().parents[2]
        env = dict(os.environ, PYTHONPATH=str(root))
        share = [games // clients + (1 if k < games % clients else 0) for k in range(clients)]
        procs = [subprocess.Popen([sys.executable, "-m", "fate.bench.server", "--urls", ",".join(urls),
                                   "--games", str(n), "--seats", str(seats), "--think", str(think),
                                   "--seconds", str(seconds), "--warmup", str(warmup), "--seed", str(k)],
                                  cwd=root, env=env, stdout=subprocess.PIPE, text=True)
                 for k, n in enumerate(share) if n]
        time.sleep(warmup)  # the servers' CPU is counted over the measuring window only
        cpu0 = sum(_cpu_s(p.pid) for p, _ in servers)
        load0 = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
        time.sleep(seconds)
        cpu = sum(_cpu_s(p.pid) for p, _ in servers) - cpu0
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
        results = [json.loads(p.communicate()[0].strip().splitlines()[-1]) for p in procs]
        memory = sum(_rss_mb(p.pid) for p, _ in servers)
    finally:
        for p, _ in servers:
            p.terminate()
        for p, _ in servers:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    rtts = sorted(r * 1000 for res in results for r in res["rtts"])

    def pct(q: float) -> float:
        return rtts[min(len(rtts) - 1, int(q * len(rtts)))] if rtts else float("nan")

    return {"games": games, "processes": processes, "db": db, "seats": seats, "think": think,
            "choices": len(rtts), "choices_per_s": len(rtts) / seconds, "p50": pct(0.50), "p95": pct(0.95),
            "p99": pct(0.99), "mean": statistics.fmean(rtts) if rtts else float("nan"), "memory_mb": memory,
            "server_cpu_ms_per_choice": cpu / max(1, len(rtts)) * 1000, "load_before": load0, "load_after": load,
            "finished_games": sum(r["games"] for r in results), "errors": sum(r["errors"] for r in results),
            "last_error": next((r["last_error"] for r in results if r["last_error"]), "")}


STRANGER = {"X-Forwarded-For": "198.51.100.7"}  # the fairness server trusts loopback as a proxy: addresses


def stranger(k: int) -> dict[str, str]:
    """The headers of the stranger's ``k``-th address (0: ``STRANGER``)."""
    return {"X-Forwarded-For": f"203.0.113.{k}"} if k else STRANGER

PLAYER = {"X-Forwarded-For": "198.51.100.8"}


async def asked(c: Client, gid: str, stop: asyncio.Event, seat: int = 0) -> dict | None:
    """The seat's state of ``gid`` once it is asked something; None once over, stopped or closed."""
    while not stop.is_set() and not c.closed.is_set():
        c.changed.clear()
        st = c.states.get((gid, seat))
        if st is not None and st["view"]["over"]:
            return None
        if st is not None and st["prompt"] is not None:
            return st
        try:
            await asyncio.wait_for(c.changed.wait(), 1.0)
        except TimeoutError:
            pass
    return None


async def hog(c: Client, gid: str, stop: asyncio.Event, said: dict[str, int], refusals: list[str]) -> None:
    """A stranger's game: a hint asked at every decision of seat 0, then the hinted choice played
    (``said`` counts the answers: "hint", each error code, and "hint timeout" when its own
    queued work kept a hint past the request's bound)."""
    while (st := await asked(c, gid, stop)) is not None:
        choice = st["prompt"]["choices"][0]["id"]
        try:
            choice = (await c.request("hint", game=gid, seat=0))["choice"]
            said["hint"] = said.get("hint", 0) + 1
        except ServerError as e:
            said[e.code] = said.get(e.code, 0) + 1
            if e.code == "too_many":
                refusals.append(e.message)
        except TimeoutError:  # the stranger's own work waits behind its own: its problem, not a fault
            said["hint timeout"] = said.get("hint timeout", 0) + 1
            if stop.is_set():
                return
        try:
            await c.request("choose", game=gid, seat=0, decision=st["decision"], choice=choice)
        except ServerError as e:
            said["choose " + e.code] = said.get("choose " + e.code, 0) + 1
        except ConnectionError:
            return


async def every_game_allowed(clients: list[Client], hard_ais: int = 3,
                             tries: int = 64) -> tuple[list[str], list[tuple[Client, str]], list[str]]:
    """A stranger creates games until refused: games of four Hard AIs alone, then games of its
    own seat and ``hard_ais`` Hard AIs. (games alone, [(client, game)] of its own, refusals)."""
    alone: list[str] = []
    hosted: list[tuple[Client, str]] = []
    refused: list[str] = []
    for k in range(tries):
        try:
            alone.append((await clients[k % len(clients)].request(
                "create", seats=[{"kind": "ai", "level": "hard"}] * 4))["game"])
        except ServerError as e:
            refused.append(f"{e.code}: {e.message}")
            break
    for k in range(tries):
        c = clients[k % len(clients)]
        try:
            made = await c.request("create", seats=[{"kind": "host"}] + [{"kind": "ai", "level": "hard"}] * hard_ais)
            hosted.append((c, made["game"]))
        except ServerError as e:
            refused.append(f"{e.code}: {e.message}")
            break
    return alone, hosted, refused


def ai_move_delays(c: Client, gid: str, since: float) -> list[float]:
    """From seat 0's states of ``gid`` as they arrived (``c`` records): each wait from a state in
    which an AI is to decide to the next state (its move told)."""
    states = [(t, m) for t, m in zip(c.arrived, c.log, strict=True) if m.get("type") == "state" and m["game"] == gid]
    return [t1 - t0 for (t0, m0), (t1, _) in zip(states, states[1:], strict=False)
            if t0 >= since and m0["prompt"] is None and not m0["view"]["over"]]


THINK = 0.3  # the other players' mean seconds before a choice: quick, within the rate limit
VICTIMS = {"hard": PLAYER, "random": {"X-Forwarded-For": "198.51.100.9"}}  # each from an address of its own


async def _victim(url: str, level: str, since: float, seconds: float) -> list[float]:
    """Another player's games against one AI of ``level``, one after another until ``seconds``
    after ``since``: each wait for the AI's move, from the states as they arrive."""
    player = await Client(url, record=True, headers=VICTIMS[level]).connect()
    delays: list[float] = []
    try:
        while time.monotonic() < since + seconds:
            made = await player.request("create", seats=[{"kind": "host"}, {"kind": "ai", "level": level}])
            try:
                await asyncio.wait_for(play(player, made["game"], [0], random.Random(len(delays)), THINK),
                                       since + seconds - time.monotonic())
            except TimeoutError:
                pass
            delays += ai_move_delays(player, made["game"], since)
    finally:
        await player.close()
    return sorted(delays)


async def _fairness(url: str, seconds: float, addresses: int) -> dict:
    strangers: list[Client] = []
    alone: list[str] = []
    hosted: list[tuple[Client, str]] = []
    refused: list[str] = []
    for k in range(addresses):  # two connections an address, each address up to its own limits
        mine = [await Client(url, headers=stranger(k)).connect() for _ in range(2)]
        a, h, r = await every_game_allowed(mine)
        strangers, alone, hosted, refused = strangers + mine, alone + a, hosted + h, refused + r
    stop, said, refusals = asyncio.Event(), dict[str, int](), list[str]()
    hogs = [asyncio.ensure_future(hog(c, gid, stop, said, refusals)) for c, gid in hosted]
    await asyncio.sleep(2.0)  # the stranger's queues fill
    since = time.monotonic()
    waits = await asyncio.gather(*(_victim(url, level, since, seconds) for level in VICTIMS))
    stop.set()
    await asyncio.gather(*hogs, return_exceptions=True)
    for c in strangers:
        await c.close()
    return {"delays": dict(zip(VICTIMS, waits, strict=True)), "alone": len(alone), "hosted": len(hosted),
            "refused": refused + refusals, "hints": said.get("hint", 0)}


def fairness(seconds: float = 20.0, hard: float = 1.0, workers: int | None = None, addresses: int = 1) -> dict:
    """One server with its own limits per address (its AI workers sized to the machine unless
    ``workers``), a stranger asking from ``addresses`` addresses every hint and game their limits
    allow, and two other players
    whose AI opponents' moves (one Hard, one Random) are timed from the states as they arrive."""
    folder = tempfile.mkdtemp(prefix="fate-bench-")
    root = Path(__file__).resolve().parents[2]
    sized = [] if workers is None else ["--ai-workers", str(workers)]
    p = subprocess.Popen([sys.executable, "-m", "fate.server", "--port", "0", "--db",
                          f"sqlite:{Path(folder) / 'fair.sqlite'}", "--hard-seconds", str(hard),
                          "--trusted-proxy", "127.0.0.1", *sized], cwd=root, env=dict(os.environ, PYTHONPATH=str(root)),
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = piped(p.stdout).readline()
        if not line.startswith("listening on "):
            raise RuntimeError(f"the server did not start ({line.strip()!r})")
        r = asyncio.run(_fairness(line.split()[2], seconds, addresses))
    finally:
        p.terminate()
        try:
            p.wait(15)
        except subprocess.TimeoutExpired:
            p.kill()
        shutil.rmtree(folder, ignore_errors=True)
    from fate.server.aipool import default_workers

    return {**r, "hard": hard, "addresses": addresses, "workers": default_workers() if workers is None else workers}


def _waits(d: list[float]) -> str:
    nan = float("nan")
    return (f"p50 {d[len(d) // 2] if d else nan:.2f} s, p95 {d[int(0.95 * len(d))] if d else nan:.2f} s, "
            f"max {max(d, default=nan):.2f} s over {len(d)} moves")


def _addresses(n: int) -> str:
    return "one address" if n == 1 else f"a stranger from {n} addresses"


def report_fairness(seconds: float, workers: int | None, addresses: int = 1) -> None:
    f = fairness(seconds, workers=workers, addresses=addresses)
    d = f["delays"]
    kinds = sorted({m.split(" in ")[0].split(" from ")[0].removeprefix("too_many: ") for m in f["refused"]})
    print(f"AI fairness: another game's Hard AI move (budget {f['hard']:.1f} s) waited {_waits(d['hard'])} "
          f"(bound {f['hard'] + 1:.1f} s); a Random AI move (no search) waited {_waits(d['random'])} (bound 1.0 s); "
          f"while {_addresses(f['addresses'])} asked everything its limits allow ({f['alone']} games of four Hard AIs, "
          f"{f['hosted']} of its own seat and three, {f['hints']} hints worked out; refused: "
          f"{'; '.join(kinds) or 'nothing'}); {f['workers']} AI worker(s)")


def report(args) -> int:
    if getattr(args, "ai_attack", False):  # the AI fairness line alone
        report_fairness(args.seconds or 20.0, args.ai_workers, args.ai_addresses)
        return 0
    r = run(args.games or 500, args.processes, args.db, args.seats, args.think, args.seconds or 30.0)
    print(f"server: {r['processes']} process(es) on {r['db']}, {r['seats']} remote seats a game, bots think "
          f"{r['think']:.1f} s on average, {r['choices']} choices measured, {r['finished_games']} games "
          f"finished, {r['errors']} client errors{' (' + r['last_error'] + ')' if r['errors'] else ''}")
    print(f"server CPU a choice: {r['server_cpu_ms_per_choice']:.2f} ms (the server processes' CPU time while "
          f"measuring, over the choices measured); machine load average {r['load_before']:.1f} as measuring "
          f"began, {r['load_after']:.1f} as it ended")
    print(f"{r['games']} concurrent games: {r['choices_per_s']:.0f} choices/s, round trip p50 {r['p50']:.1f} ms, "
          f"p95 {r['p95']:.1f} ms, p99 {r['p99']:.1f} ms, server memory {r['memory_mb']:.0f} MB")
    report_fairness(min(20.0, args.seconds or 20.0), getattr(args, "ai_workers", None),
                    getattr(args, "ai_addresses", 1))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m fate.bench.server", description="one client process of the bench")
    ap.add_argument("--urls", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--think", type=float, default=2.0)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    out = asyncio.run(_client_main(a.urls.split(","), a.games, a.seats, a.think, a.seconds, a.warmup, a.seed))
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
