"""``python -m fate.bench frames``: the CPU time of each frame of the busiest table at
1920x1080 (without and with autosave), and launch to first frame of ``python main.py``."""

from __future__ import annotations

import statistics
import sys
import time

from fate.engine import default_content


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
    from fate.ui.shots import busy_session
    from fate.ui.table.scene import PlayScene

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

    main_py = Path(__file__).resolve().parents[2] / "main.py"
    env = dict(os.environ, FATE_EXIT_AFTER_FIRST_FRAME="1", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    out = []
    for _ in range(launches):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, str(main_py)], env=env, check=True, capture_output=True, timeout=60)
        out.append(time.perf_counter() - t0)
    return statistics.median(out)




def report(args) -> int:
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
