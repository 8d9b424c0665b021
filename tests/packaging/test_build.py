"""The desktop app: icons, the Linux menu entry and installer, and a real build
whose packaged binary passes its own self-test headless."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Without the tests' FATE_PURE (conftest.py): the app is built as it ships, its engine compiled.
ENV = {**{k: v for k, v in os.environ.items() if k != "FATE_PURE"}, "SDL_VIDEODRIVER": "dummy",
       "SDL_AUDIODRIVER": "dummy"}
sys.path.insert(0, str(ROOT / "packaging"))

import icons  # noqa: E402


def test_icons_come_in_every_size_each_platform_needs(tmp_path):
    import pygame

    out = icons.write_all(tmp_path)
    for size in icons.LINUX_SIZES:
        assert pygame.image.load(str(out[f"png{size}"])).get_size() == (size, size)
    ico = out["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    for i in range(count):
        w, h, _c, _r, _planes, _bits, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
    icns = out["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"ic07" in icns  # 1024 and 128 pixel images for the Dock and Finder
    side = out["side"].read_bytes()  # the Windows installer's welcome and finish picture
    width, height, _planes, bits = struct.unpack("<iiHH", side[18:30])
    assert side[:2] == b"BM" and (width, abs(height), bits) == (164, 314, 24)  # as NSIS's pages want it
    picture = pygame.image.load(str(out["side"]))
    assert len({picture.get_at((x, y))[:3] for x in range(0, 164, 8) for y in range(0, 314, 8)}) > 40  # drawn


def test_desktop_entry_has_what_a_menu_needs():
    text = (ROOT / "packaging" / "linux" / "fate-of-the-elder-gods.desktop").read_text(encoding="utf-8")
    lines = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    assert text.startswith("[Desktop Entry]")
    assert lines["Type"] == "Application" and lines["Terminal"] == "false"
    assert lines["Icon"] == "fate-of-the-elder-gods" and "Game;" in lines["Categories"]
    tool = shutil.which("desktop-file-validate")
    if tool:  # Debian's desktop-file-utils, when the machine has it
        real = text.replace("@EXEC@", "/opt/fate-of-the-elder-gods/FateOfTheElderGods")
        path = Path(os.environ.get("TMPDIR", "/tmp")) / "fate-check.desktop"
        path.write_text(real)
        done = subprocess.run([tool, str(path)], capture_output=True, text=True)
        path.unlink()
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_the_desktop_entry_speaks_every_language_of_the_game_in_its_glossarys_words():
    """Issue 53: a menu in German shows Name[de], GenericName[de], Comment[de] and searches Keywords[de];
    each Comment names the Investigators as that language's glossary does."""
    from fate.ground.language import ENGLISH, LANGUAGES
    from fate.words.glossary import terms

    text = (ROOT / "packaging" / "linux" / "fate-of-the-elder-gods.desktop").read_text(encoding="utf-8")
    lines = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    investigators = next(t for t in terms() if t.term == "Investigators")
    for code in LANGUAGES:
        if code == ENGLISH:
            continue
        assert all(f"{key}[{code}]" in lines for key in ("Name", "GenericName", "Comment", "Keywords")), code
        assert lines[f"Name[{code}]"] == lines["Name"]  # the game's title is its title in every language
        assert lines[f"GenericName[{code}]"] != lines["GenericName"]
        assert investigators.words[code].term in lines[f"Comment[{code}]"], code


def test_install_script_puts_the_app_in_the_menu_and_uninstall_removes_it(tmp_path):
    staged = tmp_path / "FateOfTheElderGods-x"
    app = staged / "FateOfTheElderGods"
    app.mkdir(parents=True)
    exe = app / "FateOfTheElderGods"
    exe.write_text("#!/bin/sh\necho fate\n")
    exe.chmod(0o755)
    icons.write_all(staged / "icons")
    for extra in ("install.sh", "fate-of-the-elder-gods.desktop"):
        shutil.copy2(ROOT / "packaging" / "linux" / extra, staged / extra)
    home = tmp_path / "home"
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"))
    done = subprocess.run(["sh", str(staged / "install.sh")], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    entry = home / ".local/share/applications/fate-of-the-elder-gods.desktop"
    installed = home / ".local/lib/fate-of-the-elder-gods/FateOfTheElderGods"
    assert f'Exec="{installed}"' in entry.read_text()
    assert subprocess.run([str(installed)], capture_output=True, text=True).stdout.strip() == "fate"
    assert (home / ".local/share/icons/hicolor/256x256/apps/fate-of-the-elder-gods.png").is_file()
    saves = home / ".local/share/FateOfTheElderGods"
    saves.mkdir()
    (saves / "keep.json").write_text("{}")
    done = subprocess.run(["sh", str(staged / "install.sh"), "--uninstall"], env=env, capture_output=True, text=True)
    assert done.returncode == 0 and not entry.exists() and not installed.exists()
    assert (saves / "keep.json").exists()  # the player's saves stay
    left = sorted(str(p.relative_to(home)) for p in home.rglob("*"))
    assert left == [".local", ".local/share", ".local/share/FateOfTheElderGods",
                    ".local/share/FateOfTheElderGods/keep.json"]  # no empty folder of the install's
    bad = subprocess.run(["sh", str(staged / "install.sh"), "--frobnicate"], env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown option" in bad.stderr


@pytest.mark.release
def test_the_packaged_app_builds_and_passes_its_self_test(tmp_path):
    dist = tmp_path / "dist"
    build = subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--dist", str(dist)],
                           capture_output=True, text=True, env=ENV, timeout=1200)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-3000:]
    assert "bundle:" in build.stdout and "packaged start to first frame" in build.stdout
    exe = dist / "FateOfTheElderGods" / ("FateOfTheElderGods.exe" if sys.platform.startswith("win") else "FateOfTheElderGods")
    run = subprocess.run([str(exe), "--self-test"], capture_output=True, text=True, env=ENV, timeout=600,
                         cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("SELFTEST OK"), run.stdout + run.stderr
    # the engine the build made (compiled by Cython where a C compiler is: .ci/run installs one)
    # is the one the app runs
    compiled = "engine: compiled by Cython" in build.stdout
    assert compiled or "engine: the Python sources; not compiled:" in build.stdout, build.stdout[-2000:]
    assert ("engine: compiled" if compiled else "engine: pure Python") in run.stdout.splitlines()
    if shutil.which("cc"):
        assert compiled, build.stdout[-2000:]
    # the archive for this platform is there, and nothing of numpy went in
    assert list(dist.glob("FateOfTheElderGods-*.tar.gz")) or list(dist.glob("FateOfTheElderGods-*.zip"))
    assert not list((dist / "FateOfTheElderGods").rglob("numpy*"))


def test_archive_names_carry_the_whole_version_and_the_platform():
    import build

    from fate import __version__

    name = build.archive_name(".zip")
    assert name == f"FateOfTheElderGods-{__version__}-{build.platform_tag()}.zip"
    assert __version__.count(".") == 2 and f"-{__version__}-" in name  # not cut at the version's dot


@pytest.mark.parametrize("args, names", [
    (["--target", "bogus"], "--target"),
    (["--target"], "--target"),
    (["--frobnicate"], "--frobnicate"),
    (["--target", "windows", "--deb"], "--deb"),
])
def test_the_build_command_refuses_a_bad_argument_in_one_line(args, names):
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), *args],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and names in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


@pytest.mark.skipif(sys.platform == "darwin", reason="on a Mac --target macos is the real build")
def test_a_mac_build_is_refused_elsewhere_with_the_reason():
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--target", "macos"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Mac only" in done.stderr


def test_a_program_wine_never_started_is_told_from_one_that_failed():
    import windows

    assert windows.not_started(1, "")  # ended at once with no word: Wine never ran it
    assert windows.not_started(1, "Application could not be started, or no application associated with the "
                                  "specified file.\nShellExecuteEx failed: Internal error.\n")
    assert not windows.not_started(1, "SELFTEST FAILED: a sound does not load\n")  # the program's own failure
    assert not windows.not_started(0, "")  # a quiet success
