"""A knock when it is your turn online (fate/ui/online/knock.py), in real windows with a real server.

Two windows play a hosted game; the friend's window is behind others (it lost the
keyboard: SDL's WINDOWFOCUSLOST). When the game comes to ask the friend, the table
plays its two soft knocks and asks the desktop for a notification through the platform
layer (fate/ground/oscompat.py): the real command is run, a ``notify-send`` of the test's own
on PATH that writes down what it was given. The host's window, in front, only knocks.
Turned off in Settings, the notification is not asked for.
"""

from __future__ import annotations

import os
import random
import stat

import pygame

from fate.ui.online.table import OnlinePlayScene
from tests.ui.online.test_online import host_and_join, step, until, user  # noqa: F401 - user: a fixture


def stub_notify_send(folder, log):
    folder.mkdir()
    tool = folder / "notify-send"
    tool.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" >> '{log}'\nprintf -- '--end--\\n' >> '{log}'\n")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def play_until(apps, rnd, done, what):
    def one_round():
        for a in apps:
            if isinstance(a.scene, OnlinePlayScene):
                step(a, rnd)
        return done()

    until(apps, one_round, what, limit=180)


def test_the_friend_behind_other_windows_is_knocked_and_notified(content, tmp_path, user, monkeypatch):  # noqa: F811
    log = tmp_path / "notified.txt"
    stub_notify_send(tmp_path / "bin", log)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    host, friend, _ = host_and_join(content, tmp_path, user)
    friend.frame([pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)], 0.02)
    assert not friend.focused and host.focused
    rnd = random.Random(7)
    play_until([host, friend], rnd, lambda: friend.scene.knock.knocks > 0 and host.scene.knock.knocks > 0,
               "each window to be asked after the other's decision")
    assert "notify" in friend.scene.knock.done and "sound" in friend.scene.knock.done
    assert "your_turn" in friend.sound.played
    assert host.scene.knock.done == ["sound"]  # in front: no notification, no flash
    until([host, friend], lambda: log.exists() and "--end--" in log.read_text(), "the notification's command")
    args = log.read_text().split("--end--")[0].splitlines()
    assert args[0] == "--app-name=Fate of the Elder Gods" and args[2] == "Your turn"
    assert "Ann" in args[3] and "waits for you" in args[3]  # the game with the host, by name

    # turned off in Settings: the next time the game asks, no notification is asked for
    friend.settings["knock_notify"] = False
    calls = log.read_text().count("--end--")
    knocks = friend.scene.knock.knocks
    play_until([host, friend], rnd, lambda: friend.scene.knock.knocks > knocks, "the friend to be asked again")
    assert friend.scene.knock.done == ["sound"]
    assert log.read_text().count("--end--") == calls
