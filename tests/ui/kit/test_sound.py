"""Sound: every effect and the music are our own files and load; the table's
events make their effects in the order they are shown; M mutes anywhere but a
search box and the choice is kept; with no audio device the game is silent and
nothing fails; and in a real session the sound reaches the audio device."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from fate.engine import Event
from fate.engine.kinds import EventKind
from fate.ground.paths import assets_dir
from fate.records import settings
from fate.ui.app import App
from fate.ui.kit import sound as sound_module
from fate.ui.kit.sound import EFFECTS, MUSIC, Sound, effect_of
from fate.ui.screens.rules import RulesScene
from fate.ui.table.anim import Banner, Player
from tests.ui.table.test_table_play import frame, press

ROOT = Path(__file__).resolve().parents[3]


def key(k: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)


def test_every_sound_is_a_file_of_ours_that_loads():
    folder = assets_dir() / "sounds"
    assert (folder / "synth.py").is_file()  # made here, by a script kept beside them
    pygame.mixer.init()
    try:
        for name in (*EFFECTS, MUSIC):
            snd = pygame.mixer.Sound(str(folder / f"{name}.ogg"))
            assert 0.05 < snd.get_length() < 40, name
    finally:
        pygame.mixer.quit()


def test_effects_follow_what_happens_and_a_summon_step_back_is_silent():
    assert effect_of(Event("rolled", {"seat": 0, "purpose": "raid", "faces": [1, 2]})) == "dice"
    assert effect_of(Event("raid_declared", {"seat": 0, "investigators": 2})) == "raid"
    assert effect_of(Event("summon_moved", {"seat": 0, "frm": 3, "to": 4})) == "summon"
    assert effect_of(Event("summon_moved", {"seat": 0, "frm": 4, "to": 3})) == ""
    assert effect_of(Event("turn_ended", {"seat": 0})) == ""
    assert set(sound_module.OF_EVENT.values()) | {"win", "lose", "your_turn"} == set(EFFECTS)


def test_every_kind_of_event_is_heard_or_listed_silent_with_its_reason():
    """The engine's catalogue shared out: a kind added to the engine and to neither table
    (or to both) fails here."""
    silent = [k for kinds in sound_module.SILENT.values() for k in kinds]
    assert len(silent) == len(set(silent)), "a kind silent for two reasons"
    assert set(sound_module.OF_EVENT) | set(silent) == set(EventKind)
    assert not set(sound_module.OF_EVENT) & set(silent)
    assert set(sound_module.HEARD_WHEN) <= set(sound_module.OF_EVENT)
    assert all(len(why) > 30 for why in sound_module.SILENT)


@pytest.fixture
def app(content):
    a = App(content, size=(1280, 720), seed=5, settings={"speed": 1})
    yield a
    a.close()


def test_the_table_sounds_its_events_as_they_are_shown(app):
    press(app, ("new",))
    press(app, ("players", 2))
    press(app, ("human", 0, False))
    press(app, ("begin",))
    heard = app.sound.played
    end = time.monotonic() + 60  # the AI seats think in their worker process, in real time
    while time.monotonic() < end and not {"dice", "cultist", "card_draw"} <= set(heard):
        frame(app, dt=0.05)
        time.sleep(0.005)
    assert {"dice", "cultist", "card_draw"} <= set(heard), heard


def test_an_effect_is_heard_as_its_beat_begins_in_the_order_shown():
    heard = []
    player = Player(speed=1, play=heard.append)
    player.add([Banner("Raid!", duration=1.0)], "raid")
    player.add([], "card_play")  # no beat of its own: heard in its turn, after the raid
    player.add([Banner("Cursed", duration=0.5)], "curse")
    assert heard == []
    player.update(0.0)
    assert heard == ["raid"]
    player.update(0.9)
    assert heard == ["raid"]
    player.update(0.2)
    assert heard == ["raid", "card_play", "curse"]
    instant = Player(speed=3, play=heard.append)  # nothing is shown at Instant: heard at once
    instant.add([Banner("An Elder Sign")], "elder_sign")
    assert heard[-1] == "elder_sign" and not instant.busy()


def test_m_mutes_everywhere_but_a_search_box_and_the_choice_is_kept(content):
    app = App(content, size=(1280, 720), seed=5)
    try:
        assert app.settings["muted"] is False
        frame(app, [key(pygame.K_m, "m")])
        assert app.settings["muted"] is True and app.sound.volume("effects") == 0
        frame(app)
        assert "Sound off (M turns it back on)" in app.ink.drawn
        assert settings.load()[0]["muted"] is True
        press(app, ("rules",))
        assert isinstance(app.scene, RulesScene)
        frame(app, [key(pygame.K_m, "m")])
        assert app.scene.query == "m" and app.settings["muted"] is True  # a letter of the search
    finally:
        app.close()
    again = App(content, size=(1280, 720), seed=5)
    try:
        assert again.settings["muted"] is True
        frame(again, [key(pygame.K_m, "m")])
        assert again.settings["muted"] is False and again.sound.volume("music") == 0.4
    finally:
        again.close()
        settings.path().unlink()


def test_with_no_audio_device_the_game_is_silent_and_nothing_fails(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sound({"effects_volume": 70, "music_volume": 40, "muted": False})
    s.start_music()
    s.open()
    assert s.wait_open(10) is False and s.failed == "No available audio device"
    s.play("raid")
    s.apply_volume()
    s.close()
    assert s.played == ["raid"] and s.music_on is False


def test_a_music_file_missing_from_a_damaged_install_leaves_the_game_silent_not_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(sound_module, "assets_dir", lambda: tmp_path)  # a folder with no sounds in it
    s = Sound({"effects_volume": 70, "music_volume": 40, "muted": False})
    s.open()
    assert s.wait_open(10) is True  # the (dummy) device opens
    s.start_music()  # the file is not there: pygame raises FileNotFoundError
    s.play("raid")
    s.close()
    assert s.music_on is False and s.played == ["raid"]


SLOW_DEVICE = """
import sys, time
import pygame
real = pygame.mixer.init
def slow(*a, **k):  # an audio device that takes its time to answer, as under Wine without a sound card
    time.sleep(float(sys.argv[1]))
    real(*a, **k)
pygame.mixer.init = slow
from fate.engine import default_content
from fate.ui.app import App
t0 = time.monotonic()
app = App(default_content(), settings={"muted": False})
app.frame([], 0.0)
pygame.display.flip()
print(f"title {time.monotonic() - t0:.3f}", flush=True)
app.frame([], 0.03)  # the second frame asks for the device
opening = app.sound.opening()
for _ in range(3):
    app.frame([], 0.03)  # the table goes on drawing while the device is probed for
print(f"frames {time.monotonic() - t0:.3f} opening {opening}", flush=True)
ok = app.sound.wait_open(30)
print(f"sound {ok} music {app.sound.music_on}", flush=True)
app.close()
"""


def test_the_title_never_waits_for_the_audio_device(tmp_path):
    """A device that takes 4 s to open: the title's first frame and the frames after it come
    at once, and the music starts once the device is open (SDL's disk driver is a real one)."""
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(tmp_path / "audio.raw"),
               SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", SLOW_DEVICE, "4"], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout.split()
    title, frames = float(out[1]), float(out[3])
    assert title < 4 and out[4:6] == ["opening", "True"] and frames - title < 1.0, out
    assert out[6:] == ["sound", "True", "music", "True"], out


PROBE = """
import sys, time
import pygame
from fate.engine import default_content
from fate.ui.table.anim import Banner, Player
from fate.ui.app import App
app = App(default_content(), settings={"muted": sys.argv[1] == "muted"})
app.frame([], 0.03)
app.frame([], 0.03)  # the device is opened once the first frame is shown
app.sound.wait_open(30)
app.sound.play("raid")
end = time.monotonic() + 1.2
while time.monotonic() < end:
    app.frame([], 0.03)
    time.sleep(0.03)
app.close()
"""


@pytest.mark.parametrize("muted", [False, True])
def test_in_a_real_session_the_sound_reaches_the_audio_device(tmp_path, muted):
    """SDL's disk driver is a real audio device that writes what it is given to a
    file: the music and the raid reach it, and nothing does when muted."""
    out = tmp_path / "audio.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), SDL_VIDEODRIVER="dummy")
    subprocess.run([sys.executable, "-c", PROBE, "muted" if muted else "loud"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=120)
    import array

    samples = array.array("h", out.read_bytes()[: out.stat().st_size // 2 * 2])
    loudest = max((abs(x) for x in samples), default=0)
    assert len(samples) > 10_000
    assert (loudest == 0) if muted else (loudest > 2_000), loudest
