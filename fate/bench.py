"""python -m fate.bench engine|search|frames|package|load|prompts|hint|server|online|fingerprint [--seconds S] [--frames N]
    [--games G]
    [--processes K --db sqlite|postgresql]

Benchmarks that print figures (never pass/fail).

engine: choices applied per second, full random 4-player games per second,
and the time of one clone(). Times are the process's own CPU time (one core),
the median of five rounds, so that other work on the machine does not blur them.
The engine is the one the game runs: compiled by Cython once
``python packaging/compile_engine.py`` has built it from these sources, else
the sources (fate/compiled.py; ``FATE_PURE=1`` for the sources anyway). The
first line says which; ``search`` too.

search: Hard's search iterations a second, on the process's CPU time: a
fixed 400 iterations from each of up to 12 seeded positions (two and four cults,
early and late in a game), the median of three rounds. The figure does not
depend on a clock running out, so it compares two versions of the engine or
the search more steadily than ``fate.ai.arena``'s, which counts iterations
against the wall clock of whole games.

frames: the CPU time of each frame of the busiest table (four cults far into
a game, AI seats at Hard playing at Normal speed with every animation, the
pointer sweeping over things so tooltips show) at 1920x1080, headless; p50 and
p95 of the main thread's CPU time and the longest frame on the clock while
Hard thinks in the AI's worker process, first without and then with every
decision autosaved. Then the wall time from launching
``python main.py`` to its first frame on screen, median of three launches.

package: the size of the packaged app folder (dist/FateOfTheElderGods, built
by ``python packaging/build.py``; built first if it is missing) and the wall
time from launching the packaged binary to its first frame: the first launch
and the median of three.

prompts: Pass prompts a human answers per turn without auto-pass and with the
default, over the same seeded games (fate/prompts_bench.py).

hint: the wall time from pressing H to the hint on screen while an AI seat's
Hard search runs at the same time (p50, p95, max against Hard's budget plus
half a second; ``--seconds`` sets the budget, else the Settings' default;
``--games`` the positions, 12), and whether every hint line is drawn whole
(fate/hint_bench.py).

server: N concurrent games of bot clients over loopback against K server
processes on SQLite or PostgreSQL (fate/net/loadbench.py; it starts and stops
the servers, and a throw-away PostgreSQL cluster): choices a second, each
choice's round trip (p50, p95, p99) and the servers' peak memory, measured
for ``--seconds`` (30 unless given) after a warm-up of 10.

online: how soon the online table sees its own choice: the game window's
connection against a real server process on loopback, a human seat against
an AI played to the end ``--games`` times (3): each choice's wall time from
sending to the answering state, in ms and in frames at 60 fps
(fate/net/roundtrip.py).

fingerprint: not a speed but what a speed change must keep: hashes of every
prompt, event, view and snapshot of ``--games`` (80) seeded random games at each
seat count and solo level, and of Hard's decisions at a fixed number of
iterations (fate/fingerprint.py). Two checkouts that print the same lines play
the same games.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from fate.cli import Parser, seconds, whole
from fate.content import default_content
from fate.engine import engine_kind, new_game

cpu = time.process_time


def engine_round(content, seconds: float, first_seed: int) -> tuple[float, float, int, int]:
    """Random 4-player games for ``seconds`` of CPU: (choices/s, games/s, games, choices).
    The rate counts the whole loop (set-up, asking, choosing, applying): a lower bound."""
    games = choices = 0
    t0 = cpu()
    seed = first_seed
    while cpu() - t0 < seconds:
        seed += 1
        g = new_game(content, 4, seed)
        pick = random.Random(seed).random
        while (p := g.pending()) is not None:
            options = p.choices
            g.apply(options[int(pick() * len(options))])  # a uniform random legal choice
            choices += 1
        games += 1
    spent = cpu() - t0
    return choices / spent, games / spent, games, choices


def clone_us(content) -> float:
    g = new_game(content, 4, 99)
    r = random.Random(99)
    states = []
    while (p := g.pending()) is not None and len(states) < 200:
        g.apply(r.choice(p.choices))
        states.append(g.clone())
    reps = 0
    a = cpu()
    while cpu() - a < 0.5:
        for s in states:
            s.clone()
        reps += len(states)
    return (cpu() - a) / reps * 1e6


def bench_engine(seconds: float = 5.0) -> dict[str, float]:
    content = default_content()
    rounds = [engine_round(content, seconds / 5, k * 100_000) for k in range(5)]
    return {
        "choices_per_s": statistics.median(r[0] for r in rounds),
        "games_per_s": statistics.median(r[1] for r in rounds),
        "clone_us": statistics.median(clone_us(content) for _ in range(5)),
        "games": sum(r[2] for r in rounds),
        "choices": sum(r[3] for r in rounds),
    }


def search_positions(content) -> list:
    """Positions to search from: two and four cults, some way into seeded random games (twelve
    tried; one that is over or still at the draft is left out: 11 today)."""
    out = []
    for players in (2, 4):
        for k in range(6):
            g = new_game(content, players, 100 + k)
            pick = random.Random(k).choice
            for _ in range(30 + 12 * k):
                if g.pending() is None:
                    break
                g.apply(pick(g.pending().choices))
            if g.pending() is not None and g.pending().kind != "draft":
                out.append(g)
    return out


def bench_search(iterations: int = 400, rounds: int = 3) -> dict[str, float]:
    from fate.ai.ismcts import HardBot

    positions = search_positions(default_content())
    rates = []
    for r in range(rounds):
        t0 = cpu()
        done = sum(HardBot(seed=r * 100 + i, iterations=iterations).decide(g).iterations
                   for i, g in enumerate(positions))
        rates.append(done / (cpu() - t0))
    return {"iterations_per_s": statistics.median(rates), "positions": len(positions), "iterations": iterations,
            "rounds": rounds, "all": rates}


def bench_frames(frames: int = 900, size: tuple[int, int] = (1920, 1080), autosave: bool = False) -> dict[str, float]:
    """With ``autosave`` every decision is saved as in a player's game (into a scratch
    folder): the main thread builds the snapshot, the autosave thread writes it."""
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from fate.ui.app import App
    from fate.ui.play import PlayScene
    from fate.ui.shots import busy_session

    content = default_content()
    app = App(content, size=size, seed=1, settings={"speed": 1})
    scratch = tempfile.TemporaryDirectory(prefix="fate-bench-")
    try:
        times: list[float] = []
        walls: list[float] = []
        thinking: list[float] = []  # wall time of the frames drawn while an AI seat thinks
        w, h = size
        seed = 12
        while len(times) < frames:
            # four AI cults far into a game, seen by seat 1 (its hand faces too)
            session = busy_session(content, seed=seed, players=4, decisions=150, human=None,
                                   saves=Path(scratch.name) if autosave else None)
            for cfg in session.seats:
                cfg.level = "hard"  # the tree search, thinking in the AI's worker process
            seed += 1
            scene = PlayScene(app, session, looker=0)
            app.show(scene)
            while len(times) < frames and not session.over():
                i = len(times)
                ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=((i * 37) % w, (i * 53) % h), rel=(0, 0),
                                         buttons=(0, 0, 0))]
                t0, w0 = time.thread_time(), time.perf_counter()
                app.frame(ev, 1 / 60)
                pygame.display.flip()
                times.append((time.thread_time() - t0) * 1000)
                walls.append((time.perf_counter() - w0) * 1000)
                if session.thinking():
                    thinking.append(walls[-1])
                time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - w0)))  # a real frame rate
        first = walls[0]
        times.sort()
        thinking.sort()
        return {"frames": len(times), "p50": times[len(times) // 2], "p95": times[int(len(times) * 0.95)],
                "max": times[-1], "wall_max": max(walls[1:]), "opening": first, "thinking": len(thinking),
                "think_p95": thinking[int(len(thinking) * 0.95)] if thinking else 0.0}
    finally:
        app.close()
        scratch.cleanup()


def first_frame_s(launches: int = 3) -> float:
    """Wall time from starting ``python main.py`` until its first frame is shown."""
    import os
    import subprocess
    from pathlib import Path

    main_py = Path(__file__).resolve().parent.parent / "main.py"
    env = dict(os.environ, FATE_EXIT_AFTER_FIRST_FRAME="1", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    out = []
    for _ in range(launches):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, str(main_py)], env=env, check=True, capture_output=True, timeout=60)
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def measure_package(folder, runs: int = 3) -> dict[str, float]:
    """Size of a packaged app folder and its launch-to-first-frame times."""
    import os
    import subprocess
    from pathlib import Path

    from fate.oscompat import executable_name

    folder = Path(folder)
    exe = folder / executable_name("FateOfTheElderGods")
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    env = dict(os.environ, FATE_EXIT_AFTER_FIRST_FRAME="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    times = []
    for _ in range(runs + 1):
        t0 = time.perf_counter()
        subprocess.run([str(exe)], env=env, check=True, capture_output=True, timeout=120)
        times.append(time.perf_counter() - t0)
    return {"size_mb": size / 1e6, "first_s": times[0], "median_s": statistics.median(times[1:]), "runs": runs}


def bench_package() -> dict[str, float]:
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    folder = root / "dist" / "FateOfTheElderGods"
    if not folder.is_dir():
        subprocess.run([sys.executable, str(root / "packaging" / "build.py")], check=True)
    return measure_package(folder) | {"folder": str(folder)}


def sample_folder(folder, saves: int, long_text: int = 1_000_000) -> None:
    """``saves`` saved games in ``folder``: copies of one real game, their details
    varied, one in ten with a cult name and leader of ``long_text`` characters."""
    import json
    from pathlib import Path

    from fate.ui.session import SeatConfig, Session

    folder = Path(folder)
    s = Session(default_content(), [SeatConfig(True, "normal", 0), SeatConfig(False, "easy", 1)], 3,
                saves=folder, game_id="game-base")
    r = random.Random(3)
    for _ in range(120):
        s.apply(r.choice(s.game.pending().choices).id)
    s.close()
    data = json.loads(s.save_file.read_text(encoding="utf-8"))
    s.save_file.unlink()
    for k in range(saves):
        meta = data["session"]["meta"]
        meta["saved_at"], meta["turn"] = 1.7e9 + k * 60, k % 40
        long = k % 10 == 0
        meta["seats"][0]["name"] = "the Cult of " + ("N" * long_text if long else "Nyarlathotep")
        meta["leader"] = ("L" * long_text) if long else "the Cult of Nyarlathotep (Summon 4)"
        (folder / f"game-{k:06d}.json").write_text(json.dumps(data), encoding="utf-8")


def bench_load(saves: int, frames: int) -> dict[str, float]:
    """The title and the Load list over a folder of ``saves`` games: how long each
    screen takes to open (reading the folder), and its frame times."""
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from fate.saves import forget_rows
    from fate.ui.app import App

    with tempfile.TemporaryDirectory(prefix="fate-bench-saves-") as tmp:
        sample_folder(Path(tmp), saves)
        out: dict[str, float] = {}
        app = App(default_content(), size=(1920, 1080), seed=1, settings={"speed": 1}, saves=Path(tmp))
        try:
            for name in ("title", "load"):
                forget_rows()  # as at the game's start: every file read afresh
                t0 = time.perf_counter()
                app.goto(name)
                out[f"{name}_open_first"] = time.perf_counter() - t0
                t0 = time.perf_counter()
                app.goto(name)
                out[f"{name}_open_again"] = time.perf_counter() - t0
                times = []
                for i in range(frames):
                    ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + (i * 97) % 1300, 200 + (i * 61) % 700),
                                             rel=(0, 0), buttons=(0, 0, 0))]
                    t0 = time.perf_counter()
                    app.frame(ev, 1 / 60)
                    pygame.display.flip()
                    times.append((time.perf_counter() - t0) * 1000)
                times.sort()
                out[f"{name}_p50"], out[f"{name}_p95"], out[f"{name}_max"] = (
                    times[len(times) // 2], times[int(len(times) * 0.95)], times[-1])
        finally:
            app.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m fate.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["engine", "search", "frames", "package", "load", "prompts", "hint", "server",
                                     "online", "fingerprint"],
                    help="what to measure")
    ap.add_argument("--seconds", type=seconds(0.1, 3600), default=None,
                    help="engine: CPU seconds of games to play (5); server: seconds measured (30); "
                         "hint: Hard's budget (the Settings' default)")
    ap.add_argument("--frames", type=whole(10, 10**6), default=900, help="frames: how many frames to time")
    ap.add_argument("--saves", type=whole(1, 100_000), default=2000, help="load: saved games in the folder")
    ap.add_argument("--games", type=whole(1, 100_000), default=None,
                    help="server: concurrent games (500); prompts: seeded games to play (24); "
                         "hint: positions (12); fingerprint: games at each seat count and solo level (80)")
    ap.add_argument("--processes", type=whole(1, 64), default=1, help="server: server processes")
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite", help="server: the store")
    ap.add_argument("--seats", type=whole(1, 4), default=2, help="server: remote seats (connections) a game")
    ap.add_argument("--think", type=seconds(0.0, 600), default=2.0,
                    help="server: a bot's mean seconds before a choice")
    args = ap.parse_args(argv)
    if args.what == "fingerprint":
        from fate.fingerprint import fingerprint

        games = args.games or 80
        content = default_content()
        r = fingerprint(content, games, search_positions(content))
        print(f"fingerprint: {games} seeded random games at each of 1-4 seats and each solo level; "
              f"Hard's decisions at a fixed number of iterations")
        print(f"games: {r['games']}")
        print(f"search: {r['search']}")
        return 0
    if args.what == "prompts":
        from fate.prompts_bench import report

        return report(args.games or 24, 1)
    if args.what == "hint":
        from fate.hint_bench import report as hint_report

        return hint_report(args.games or 12, args.seconds)
    if args.what == "server":
        from fate.net.loadbench import run

        r = run(args.games or 500, args.processes, args.db, args.seats, args.think, args.seconds or 30.0)
        print(f"server: {r['processes']} process(es) on {r['db']}, {r['seats']} remote seats a game, bots think "
              f"{r['think']:.1f} s on average, {r['choices']} choices measured, {r['finished_games']} games "
              f"finished, {r['errors']} client errors{' (' + r['last_error'] + ')' if r['errors'] else ''}")
        print(f"server CPU a choice: {r['server_cpu_ms_per_choice']:.2f} ms (the server processes' CPU time while "
              f"measuring, over the choices measured); machine load average {r['load_before']:.1f} as measuring "
              f"began, {r['load_after']:.1f} as it ended")
        print(f"{r['games']} concurrent games: {r['choices_per_s']:.0f} choices/s, round trip p50 {r['p50']:.1f} ms, "
              f"p95 {r['p95']:.1f} ms, p99 {r['p99']:.1f} ms, server memory {r['memory_mb']:.0f} MB")
        return 0
    if args.what == "online":
        from fate.net.roundtrip import run as roundtrip

        r = roundtrip(args.games or 3)
        print(f"online: the window's connection (fate/net/link.py) to a server process on loopback, a human seat "
              f"against an AI (Random), {r['games']} games to the end, {r['choices']} choices of the human seat")
        print(f"choice to its answering state: p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, max {r['max']:.1f} ms; "
              f"at 60 fps: p50 {r['p50'] / 16.7:.2f} frames, p95 {r['p95'] / 16.7:.2f} frames")
        print(f"undo to its undone: {r['undos']} take-backs, p50 {r['undo_p50']:.1f} ms, p95 {r['undo_p95']:.1f} ms")
        print(f"undo trail rebuilt on loading a finished 4-cult game ({r['trail_choices']} choices replayed): "
              f"{r['trail_ms']:.1f} ms CPU")
        return 0
    if args.what == "package":
        r = bench_package()
        print(f"package: {r['folder']}")
        print(f"bundle size: {r['size_mb']:.1f} MB")
        print(f"packaged start to first frame: first launch {r['first_s']:.2f} s, "
              f"median of {r['runs']} more {r['median_s']:.2f} s")
        return 0
    if args.what == "search":
        r = bench_search()
        print(f"search: Hard, {r['iterations']} iterations from each of {r['positions']} positions, CPU time, "
              f"median of {r['rounds']} rounds ({', '.join(f'{x:,.0f}' for x in r['all'])}); the engine {engine_kind()}")
        print(f"Hard search iterations per second: {r['iterations_per_s']:,.0f}")
        return 0
    if args.what == "load":
        r = bench_load(args.saves, min(args.frames, 300))
        print(f"load: {args.saves} saved games (one in ten with a cult name and leader of a million characters), "
              f"1920x1080, wall clock")
        for name in ("title", "load"):
            print(f"{name}: opens in {r[name + '_open_first']:.2f} s (again {r[name + '_open_again']:.2f} s); "
                  f"frame p50 {r[name + '_p50']:.2f} ms, p95 {r[name + '_p95']:.2f} ms, max {r[name + '_max']:.2f} ms")
        return 0
    if args.what == "frames":
        for autosave in (False, True):
            r = bench_frames(args.frames, autosave=autosave)
            print(f"frames: busiest table (4 cults, 1920x1080, animations and tooltips), {r['frames']} frames, "
                  f"main-thread CPU time, autosave {'on' if autosave else 'off'}")
            print(f"frame time p50: {r['p50']:.2f} ms  p95: {r['p95']:.2f} ms  max: {r['max']:.2f} ms")
            print(f"frames while Hard thinks: {r['thinking']}, their p95 on the clock {r['think_p95']:.2f} ms; "
                  f"longest frame on the clock: {r['wall_max']:.1f} ms "
                  f"(opening frame that draws the table's art: {r['opening']:.0f} ms)")
        print(f"launch to first frame: {first_frame_s():.2f} s (median of 3)")
        return 0
    r = bench_engine(args.seconds or 5.0)
    print(f"engine: {r['games']} random 4-player games, {r['choices']} choices, CPU time, median of 5 rounds; "
          f"the engine {engine_kind()} (fate/compiled.py)")
    print(f"choices applied per second: {r['choices_per_s']:,.0f}")
    print(f"full random 4-player games per second: {r['games_per_s']:.1f}")
    print(f"clone: {r['clone_us']:.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
