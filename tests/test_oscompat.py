"""fate/oscompat.py: one test per platform path, and the pipe reader on a real child."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from fate.net import hosting
from fate.oscompat import LineReader, _ps_birth, executable_name, process_birth, system


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


def _sleeper(code: str = "import time; time.sleep(60)") -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)


@pytest.mark.parametrize("birth", [process_birth, _ps_birth], ids=["this-system", "ps"])
def test_a_process_birth_names_one_process_until_it_ends(birth):
    """The same process reads the same; another, started later, reads otherwise; one
    that has ended (killed and not yet waited for, or gone) reads as not running."""
    assert birth(os.getpid()) and birth(os.getpid()) == birth(os.getpid())
    first = _sleeper()
    time.sleep(1.1)  # ps counts whole seconds
    second = _sleeper()
    try:
        assert birth(first.pid) and birth(second.pid) and birth(first.pid) != birth(second.pid)
    finally:
        first.kill()
        second.kill()
    time.sleep(0.3)
    assert birth(first.pid) is None  # ended, not yet reaped
    first.wait(timeout=10)
    second.wait(timeout=10)
    assert birth(first.pid) is None and birth(second.pid) is None
    assert birth(0) is None and process_birth(10**40) is None  # a number no process has (OpenProcess takes 32 bits)


def test_a_host_record_naming_another_process_is_neither_found_nor_stopped(tmp_path, monkeypatch):
    """host.json names a process id the system has since given to another program, which
    even listens on the recorded port: the game does not take it for its server, and
    stopping that record leaves the program running."""
    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path))
    other = _sleeper("import socket, time\ns = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen()\n"
                     "print(s.getsockname()[1], flush=True); time.sleep(60)")
    try:
        port = int(LineReader(other.stdout).readline(timeout=30))
        record = {"pid": other.pid, "port": port, "birth": "a process that ended long ago"}
        (tmp_path / "host.json").write_text(json.dumps(record), encoding="utf-8")
        assert hosting.running_host() is None
        hosting.Host(other.pid, port, birth=record["birth"]).stop()
        time.sleep(0.3)
        assert other.poll() is None  # still running
        record["birth"] = process_birth(other.pid)  # the record of that very process finds it
        (tmp_path / "host.json").write_text(json.dumps(record), encoding="utf-8")
        found = hosting.running_host()
        assert found is not None and found.pid == other.pid
        found.stop()
        assert other.wait(timeout=10) != 0 and hosting.running_host() is None
    finally:
        other.kill()
        other.wait(timeout=10)
