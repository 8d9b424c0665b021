"""fate/ground/oscompat.py: one test per platform path, and the pipe reader on a real child."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fate.ground.oscompat import LineReader, _ps_birth, executable_name, process_birth, system
from fate.net import hosting


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
    from fate.ground.oscompat import try_lock, unlock

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


# A parent that starts one child by multiprocessing (spawn, as the server's AI pool does),
# prints the child's number, and waits to be killed. The child asks to die with its parent,
# then either waits (the GIL free: the watchdog's case) or holds the interpreter in one C call
# that never returns (only the kernel can end it: Linux's PR_SET_PDEATHSIG).
PARENT = '''
import multiprocessing, sys, time
from fate.ground.oscompat import die_with_parent

def child(kernel, busy):
    die_with_parent(kernel)
    if busy:
        sum(range(10 ** 15))  # one C call holding the GIL: no thread of this process runs again
    time.sleep(600)

if __name__ == "__main__":
    p = multiprocessing.get_context("spawn").Process(target=child, args=(sys.argv[1] == "kernel", sys.argv[2] == "busy"))
    p.start()
    print(p.pid, flush=True)
    time.sleep(600)
'''

# where the child is watched from: the watchdog thread everywhere, and the kernel on Linux
DEATH_PATHS = [("watchdog", "idle")] + ([("kernel", "busy")] if system() == "linux" else [])


@pytest.mark.parametrize("path, busy", DEATH_PATHS)
def test_a_child_that_asks_to_die_with_its_parent_ends_within_5_s_of_its_parent_being_killed(tmp_path, path, busy):
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    root = str(Path(__file__).resolve().parents[1])
    parent = subprocess.Popen([sys.executable, str(script), path, busy], stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=root))
    try:
        child = int(LineReader(parent.stdout).readline(timeout=60))
        born = process_birth(child)
        assert born  # it runs
        time.sleep(1.0)  # well into its wait (or its C call)
    finally:
        parent.kill()
        parent.wait(10)
    end = time.monotonic() + 5.0
    while process_birth(child) == born and time.monotonic() < end:
        time.sleep(0.1)
    left = process_birth(child) == born
    if left:  # the test failed: it must not go on spinning
        os.kill(child, 9)
    assert not left


# ---------------------------------------------------------------- desktop notifications
RECORDER = "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$0.args\"\nenv > \"$0.env\"\n"


@pytest.mark.parametrize("platform, tool", [("linux", "notify-send"), ("darwin", "osascript"),
                                            ("win32", "powershell")])
def test_each_system_notifies_through_its_own_tool_with_the_text_never_in_a_shell(platform, tool, tmp_path,
                                                                                  monkeypatch):
    """Each platform's path of ``notify``: the command is found on PATH and run for real (a
    recorder of the test's own stands in for the system's tool); the title and the text reach
    it as arguments or in the environment, quotes and all, never through a shell."""
    from fate.ground.oscompat import notify_command

    stub = tmp_path / tool
    stub.write_text(RECORDER)
    stub.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    title, body = "Your turn", 'Bob\'s game "waits"; $(rm -rf ~) `x`'
    command, extra = notify_command(title, body, platform)
    assert command[0] == str(stub)
    subprocess.run(command, env=dict(os.environ, **extra), check=True, timeout=30)
    args = (tmp_path / f"{tool}.args").read_text().splitlines()
    env = (tmp_path / f"{tool}.env").read_text()
    if platform == "win32":
        assert f"FATE_NOTE_TITLE={title}" in env and f"FATE_NOTE_BODY={body}" in env
        assert body not in " ".join(args)
    else:
        assert args[-2:] == [title, body]


def test_no_tool_no_notification(tmp_path, monkeypatch):
    from fate.ground.oscompat import notify, notify_command

    monkeypatch.setenv("PATH", str(tmp_path))  # nothing there
    assert notify_command("Your turn", "x", "linux") is None and not notify("Your turn", "x")
    assert notify_command("Your turn", "x", "darwin") is None and notify_command("Your turn", "x", "win32") is None
