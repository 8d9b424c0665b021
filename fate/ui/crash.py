"""Crash safety, checked for real: start the game's own process (three AI cults,
autosaving as any game does), kill it without warning, read what it left.
Used by ``python main.py --self-test`` and tests/test_crash_safety.py."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from fate.ground.oscompat import LineReader


def autoplay_command(seed: int) -> list[str]:
    """How to start ``--autoplay`` from source or from the packaged app."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--autoplay", "--seed", str(seed)]
    main = Path(__file__).resolve().parent.parent.parent / "main.py"
    return [sys.executable, str(main), "--autoplay", "--seed", str(seed)]


def run_and_kill(folder: Path, seed: int, after: float, timeout: float = 60.0) -> tuple[Path, int]:
    """Run ``--autoplay`` with its user folder in ``folder`` and kill it (SIGKILL,
    or TerminateProcess on Windows) ``after`` seconds into play. Returns the
    save's path and the last decision count the process announced before it died."""
    env = dict(os.environ, FATE_USER_DIR=str(folder))
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    proc = subprocess.Popen(autoplay_command(seed), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout
    assert out is not None  # stdout=PIPE
    lines = LineReader(out)  # a thread reads the pipe: selectors take no pipes on Windows
    path, made, start, began = None, -1, None, time.monotonic()
    try:
        while time.monotonic() - began < timeout:
            if start is not None and time.monotonic() - start >= after:
                break
            line = lines.readline(timeout=0.05)
            if line is None:
                if proc.poll() is not None:
                    break
                continue
            if not line:
                break
            if line.startswith("saving to "):
                path = Path(line.removeprefix("saving to ").strip())
                start = time.monotonic()
            elif line.startswith("decision "):
                made = int(line.split()[1])
    finally:
        proc.kill()
        proc.wait(timeout=10)
        lines.join(timeout=10)  # the pipe ends with the process; then it may be closed
        out.close()
    if path is None:
        raise RuntimeError("the game process never started its game")
    return path, made
