"""The knock's taskbar flash in a real X server (fate/ui/online/knock.py): SDL's window flash,
which the headless driver cannot do, seen from outside as X sees it.

In Xvfb, the game's window (an App, SDL's X11 driver) goes behind another window that takes
the keyboard; the App hears it (``focused`` false, from SDL's focus event) and the knock's
flash sets the urgency hint on the game's window, which ``xprop`` (x11-utils) reads as every
taskbar does. Needs Xvfb and xprop: .ci/run installs them; a release test, like the other
real-window checks.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MISSING = [t for t in ("Xvfb", "xprop") if shutil.which(t) is None]
pytestmark = [pytest.mark.release,
              pytest.mark.skipif(os.environ.get("CI") != "true" and bool(MISSING),
                                 reason=f"needs {', '.join(MISSING)} (it always runs in CI)")]

OTHER = """
import pygame, sys, time
pygame.display.init()
pygame.display.set_mode((200, 200))
for _ in range(10):
    pygame.event.pump(); time.sleep(0.05)
pygame.Window.from_display_module().focus()  # this window takes the keyboard
print("focused", flush=True)
for _ in range(200):
    pygame.event.pump(); time.sleep(0.05)
"""
GAME = """
import subprocess, sys, time
import pygame
from fate.engine import default_content
from fate.ui.app import App
from fate.ui.online.knock import flash

app = App(default_content(), settings={"speed": 3})
def frames(n):
    for _ in range(n):
        app.frame(pygame.event.get(), 0.02); time.sleep(0.05)
frames(10)
wid = str(pygame.display.get_wm_info()["window"])
other = subprocess.Popen([sys.executable, "-c", OTHER], stdout=subprocess.PIPE, text=True)
other.stdout.readline()
end = time.monotonic() + 20
while app.focused and time.monotonic() < end:
    frames(1)
print("FOCUSED", app.focused, flush=True)
before = subprocess.run(["xprop", "-id", wid, "WM_HINTS"], capture_output=True, text=True).stdout
print("FLASH", flash(), flush=True)
frames(5)
after = subprocess.run(["xprop", "-id", wid, "WM_HINTS"], capture_output=True, text=True).stdout
print("BEFORE", "urgency" in before, flush=True)
print("AFTER", "urgency" in after, flush=True)
other.kill()
app.close()
"""


@pytest.fixture
def display():
    for n in range(94, 140):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            break
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + 20
    while not Path(f"/tmp/.X11-unix/X{n}").exists() and time.monotonic() < end:
        time.sleep(0.1)
    yield f":{n}"
    proc.terminate()
    proc.wait(10)


def test_a_knock_behind_other_windows_flashes_the_game_window_in_a_real_x_server(display, tmp_path):
    script = textwrap.dedent(GAME).replace("OTHER", repr(textwrap.dedent(OTHER)), 1)
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               FATE_USER_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    env = {k: v for k, v in env.items() if k != "WAYLAND_DISPLAY"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=str(ROOT),
                          timeout=120)
    said = dict(line.split(" ", 1) for line in done.stdout.splitlines() if line.split(" ", 1)[0].isupper())
    assert said.get("FOCUSED") == "False", (done.stdout[-1500:], done.stderr[-1500:])  # the App heard it
    assert said["FLASH"] == "True" and said["BEFORE"] == "False" and said["AFTER"] == "True"
