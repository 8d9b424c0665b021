"""``python -m fate.bench load``: the title and the Load list over many saved games (some
with fields of a million characters): how long each opens and its frame times."""

from __future__ import annotations

import random
import time

from fate.engine import default_content


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
        p = s.game.pending()
        if p is None:  # over before 120 decisions: a shorter game is as good a sample
            break
        s.apply(r.choice(p.choices).id)
    s.close()
    kept = s.save_file
    if kept is None:
        raise RuntimeError(f"the sample game was not saved in {folder}")
    data = json.loads(kept.read_text(encoding="utf-8"))
    kept.unlink()
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

    from fate.records.saves import forget_rows
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


def report(args) -> int:
    r = bench_load(args.saves, min(args.frames, 300))
    print(f"load: {args.saves} saved games (one in ten with a cult name and leader of a million characters), "
          f"1920x1080, wall clock")
    for name in ("title", "load"):
        print(f"{name}: opens in {r[name + '_open_first']:.2f} s (again {r[name + '_open_again']:.2f} s); "
              f"frame p50 {r[name + '_p50']:.2f} ms, p95 {r[name + '_p95']:.2f} ms, max {r[name + '_max']:.2f} ms")
    return 0
