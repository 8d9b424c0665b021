"""fate/oscompat.py: one test per platform path, and the pipe reader on a real child."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from fate.oscompat import LineReader, executable_name, system


@pytest.mark.parametrize("platform, name", [
    ("win32", "windows"), ("cygwin", "windows"), ("darwin", "macos"), ("linux", "linux"),
    ("freebsd14", "freebsd14"),  # another POSIX system keeps its name
])
def test_each_platform_has_the_name_its_release_files_carry(platform, name):
    assert system(platform) == name


def test_this_machine_is_one_of_them():
    assert system() in {"windows", "macos", "linux"} or system() == sys.platform


@pytest.mark.parametrize("platform, exe", [
    ("win32", "FateOfTheElderGods.exe"), ("darwin", "FateOfTheElderGods"), ("linux", "FateOfTheElderGods"),
])
def test_an_executable_is_named_as_its_system_expects(platform, exe):
    assert executable_name("FateOfTheElderGods", platform) == exe


def _child(code: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)


def test_the_reader_gives_each_line_then_the_end():
    proc = _child("print('one', flush=True); print('two', flush=True)")
    lines = LineReader(proc.stdout)
    got = [lines.readline(timeout=10) for _ in range(3)]
    proc.wait(timeout=10)
    assert got == ["one\n", "two\n", ""]
    assert lines.readline(timeout=0.01) == ""  # and stays ended
    lines.join(timeout=5)
    proc.stdout.close()


def test_the_reader_waits_no_longer_than_asked_for_a_silent_child():
    proc = _child("import time; print('hello', flush=True); time.sleep(30)")
    lines = LineReader(proc.stdout)
    try:
        assert lines.readline(timeout=10) == "hello\n"
        began = time.monotonic()
        assert lines.readline(timeout=0.2) is None
        assert time.monotonic() - began < 2.0
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert lines.readline(timeout=10) == ""  # killed: the pipe ends
    lines.join(timeout=5)
    proc.stdout.close()


def test_a_file_lock_is_held_against_a_second_holder_until_let_go(tmp_path):
    """On this system's path (flock here; the Windows path, msvcrt, runs in the packaged
    --self-test under Wine, whose crash check resumes a game and so takes its lock)."""
    from fate.oscompat import try_lock, unlock

    path = tmp_path / "game.json.lock"
    first = os.open(path, os.O_RDWR | os.O_CREAT)
    second = os.open(path, os.O_RDWR)
    try:
        assert try_lock(first) and not try_lock(second)
        unlock(first)
        assert try_lock(second) and not try_lock(first)
    finally:
        os.close(first)
        os.close(second)
