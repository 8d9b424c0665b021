"""``python -m fate.bench idle``: the CPU the game spends while nobody does anything:
at the title, then at a table whose prompt waits for a human, each for ``--seconds``
(30) in the game's own loop (``App.run``) at 1920x1080.

The window is a real one when ``DISPLAY`` names an X server (Xvfb is enough), else
SDL's dummy driver. The figure is the process's CPU time (every thread: the loop,
the audio probe, the autosave writer) over the wall time, in % of one core."""

from __future__ import annotations

import os
import threading
import time

from fate.engine import default_content


def idle_share(scene: str, seconds: float, size: tuple[int, int] = (1920, 1080)) -> tuple[float, int]:
    """The % of one core spent over ``seconds`` of the real loop at ``scene`` ("title" or
    "table"), after two seconds to settle; and the frames drawn in that time."""
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from fate.ui.app import App

    content = default_content()
    app = App(content, size=size, seed=1, settings={})  # the default settings, music included
    try:
        if scene == "table":
            from fate.ui.shots import busy_session
            from fate.ui.table.scene import PlayScene

            session = busy_session(content, seed=7, players=3, decisions=60, human=0)
            app.show(PlayScene(app, session))
        marks: dict[str, tuple[float, float, int]] = {}

        def mark(name: str) -> None:
            marks[name] = (time.perf_counter(), time.process_time(), app.frames_drawn)

        def stop() -> None:
            app.running = False

        timers = [threading.Timer(2.0, mark, ("start",)), threading.Timer(2.0 + seconds, mark, ("end",)),
                  threading.Timer(2.0 + seconds, stop)]
        for t in timers:
            t.start()
        app.run()
        for t in timers:
            t.join()
    finally:
        app.close()
    (w0, c0, f0), (w1, c1, f1) = marks["start"], marks["end"]
    return 100 * (c1 - c0) / (w1 - w0), f1 - f0


def report(args) -> int:
    seconds = args.seconds or 30.0
    video = "a real window" if os.environ.get("DISPLAY") else "the dummy video driver"
    print(f"idle: {seconds:.0f} s at the title, then {seconds:.0f} s at a table waiting for a human, 1920x1080, "
          f"{video}")
    title, title_frames = idle_share("title", seconds)
    print(f"title: {title:.1f}% of one core, {title_frames / seconds:.1f} frames a second drawn")
    table, table_frames = idle_share("table", seconds)
    print(f"table: {table:.1f}% of one core, {table_frames / seconds:.1f} frames a second drawn")
    print(f"idle CPU: title {title:.1f}%, table {table:.1f}% of one core")
    return 0
