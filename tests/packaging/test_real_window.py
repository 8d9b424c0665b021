"""The real-window check (packaging/realwindow.py): a release proven by reaching its title in
a real X server (Xvfb with Mesa), never only with the dummy video driver, which once hid a
Linux release that never opened on Debian 12. The check itself first: it sees the game's
title and refuses a blank window and a game that ends; then the Linux release on Debian
11, 12 and 13, and the bug it was made for. (The Windows build's own check is in
test_windows_release.py.) Always run in CI, which installs Xvfb, x11-utils, ImageMagick,
Mesa and debootstrap."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import realwindow  # noqa: E402
from build import cache_dir  # noqa: E402

from tests.packaging.conftest import cannot_build_in_chroot  # noqa: E402

MISSING = realwindow.missing_tools(debian=True)
pytestmark = [pytest.mark.release,
              pytest.mark.skipif(os.environ.get("CI") != "true" and bool(MISSING or cannot_build_in_chroot()),
                                 reason=f"needs {', '.join(MISSING) or cannot_build_in_chroot()} "
                                        "(it always runs in CI)")]


@pytest.fixture(scope="module")
def x_server():
    assert not MISSING, f"missing: {MISSING}"
    with realwindow.Xvfb() as x:
        yield x.display


def start(display: str, *args: str, env: dict[str, str] | None = None):
    def launch() -> subprocess.Popen:
        return subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, start_new_session=True,
                                env=dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", **(env or {})))
    return launch


BLANK_WINDOW = f"""
import time, pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720))
pygame.display.set_caption({realwindow.TITLE!r})
screen.fill((20, 10, 30))
pygame.display.flip()
time.sleep(60)
"""


def test_the_check_sees_the_title_and_a_table_of_the_game_from_source(x_server, tmp_path):
    judge = realwindow.Judge()
    env = {"FATE_USER_DIR": str(tmp_path)}
    seconds, like = judge.title(start(x_server, "main.py", "--size", "1280x720", env=env), x_server, tmp_path, "src")
    assert 0 < seconds < 120 and realwindow.LIKE_TITLE <= like <= 1
    picture = (tmp_path / "src.ppm").read_bytes()
    assert picture.startswith(b"P6\n1280 720\n") and realwindow.colours(picture) >= realwindow.MIN_COLOURS
    assert judge.table(start(x_server, "main.py", "--size", "1280x720", "--autoplay", env=env), x_server, tmp_path,
                       "table") > 0
    assert judge.title_likeness((tmp_path / "table.ppm").read_bytes()) < realwindow.LIKE_TITLE


def test_likeness_tells_the_title_from_another_screen_and_a_blank(tmp_path):
    title = realwindow.source_title(1280, 720)
    as_ppm = b"P6\n1280 720\n255\n" + title
    assert realwindow.likeness(as_ppm, title) == pytest.approx(1.0)
    subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(tmp_path / "c.png"), "--screen",
                    "credits", "--size", "1280x720"], check=True, capture_output=True, timeout=300)
    import pygame

    credits = pygame.image.tobytes(pygame.image.load(str(tmp_path / "c.png")), "RGB")
    assert realwindow.likeness(b"P6\n1280 720\n255\n" + credits, title) < realwindow.LIKE_TITLE
    blank = b"P6\n1280 720\n255\n" + bytes([20, 10, 30]) * (1280 * 720)
    assert realwindow.likeness(blank, title) < realwindow.LIKE_TITLE


def test_the_check_refuses_a_window_that_stays_blank_and_a_game_that_ends(x_server):
    with pytest.raises(realwindow.RealWindowError, match="no title within 4 s"):
        realwindow.wait_for_window(start(x_server, "-c", BLANK_WINDOW), x_server, timeout=4)
    with pytest.raises(realwindow.RealWindowError, match=r"ended \(exit 3\) before its title: .*no GLX here"):
        realwindow.wait_for_window(start(x_server, "-c", "print('no GLX here'); raise SystemExit(3)"), x_server)


def test_colours_reads_a_picture_and_refuses_what_is_not_one():
    flat = b"P6\n# a comment\n4 2\n255\n" + bytes([9, 9, 9]) * 8
    assert realwindow.colours(flat) == 1
    many = b"P6 70 1 255\n" + b"".join(bytes([i, 255 - i, i // 2]) for i in range(70))
    assert realwindow.colours(many) == 10  # one pixel in seven read
    # two bytes a sample, the high one first: pixels 0 and 7 read, told apart by their high bytes
    deep = b"P6\n14 1\n65535\n" + b"".join(bytes([0, 0, 0, 0, i, 255 - i]) for i in range(14))
    assert realwindow.colours(deep) == 2 and realwindow.pixels(deep)[2][:6] == bytes([0, 0, 0, 0, 0, 1])
    assert realwindow.colours(b"") == 0 and realwindow.colours(b"P3\n1 1\n255\n0 0 0\n") == 0


def test_the_linux_release_reaches_its_title_on_debian_11_12_and_13(linux_release, tmp_path):
    dist, _printed = linux_release
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "realwindow.py"), str(dist),
                           "--debian", "11", "12", "13", "--shots", str(tmp_path)],
                          capture_output=True, text=True, timeout=2400)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("Debian ")]
    print("\n".join(lines))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert [ln.split(" (")[0] for ln in lines] == ["Debian 11", "Debian 12", "Debian 13"]
    assert all(".deb title after" in ln and "a table after" in ln and "tar.gz title after" in ln
               for ln in lines), lines
    shots = sorted(p.name for p in tmp_path.glob("*.ppm"))
    assert shots == [f"debian{v}-{k}.ppm" for v in (11, 12, 13) for k in ("deb", "table", "tar")]
    assert all(realwindow.colours(p.read_bytes()) >= realwindow.MIN_COLOURS for p in tmp_path.glob("*.ppm"))


def test_a_bundle_carrying_debian_11s_libstdcxx_never_shows_its_title_here(linux_release, x_server, tmp_path):
    """The bug the check was made for: with the old C++ library in the bundle, found before the
    system's, Mesa's driver would not load, GLX failed and the game ended before its title."""
    dist, _printed = linux_release
    old = next((cache_dir() / "linux" / "bullseye-root" / "usr" / "lib" / "x86_64-linux-gnu").glob("libstdc++.so.6.*"))
    bundle = tmp_path / "FateOfTheElderGods"
    shutil.copytree(dist / "FateOfTheElderGods", bundle, symlinks=True)
    assert not (bundle / "_internal" / "libstdc++.so.6").exists()  # the release leaves it to the system
    shutil.copy2(old, bundle / "_internal" / "libstdc++.so.6")

    def launch() -> subprocess.Popen:
        return subprocess.Popen([str(bundle / "FateOfTheElderGods")], cwd=tmp_path, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True,
                                env=dict(os.environ, DISPLAY=x_server, SDL_VIDEODRIVER="x11",
                                         FATE_USER_DIR=str(tmp_path / "user")))
    with pytest.raises(realwindow.RealWindowError, match="before its title"):
        realwindow.wait_for_window(launch, x_server)
    (bundle / "_internal" / "libstdc++.so.6").unlink()
    seconds, _picture = realwindow.wait_for_window(launch, x_server)  # and without it, the title
    assert seconds > 0
