"""The game's sounds: effects for what happens on the table and a quiet music
loop, at the volumes of the settings, with M to mute.

The sounds are ours, made by ``assets/sounds/synth.py`` and kept as .ogg.
Without an audio device (CI, a server, ``SDL_AUDIODRIVER=dummy`` with no mixer)
everything here is silently a no-op: the game never fails for want of sound,
and a missing or damaged file only silences that one sound.

The device is opened on a thread of its own once the first frame is drawn (``open``):
probing for one can take many seconds (16 under Wine on a machine without a sound
card), and the title never waits for it. Effects asked for before it is open are
not heard; the music starts as soon as it is.
"""

from __future__ import annotations

import threading
import time

import pygame

from fate.engine import Event
from fate.ground.paths import assets_dir

EFFECTS = ("dice", "card_play", "card_draw", "cultist", "raid", "curse", "summon", "elder_sign", "win", "lose",
           "your_turn")  # your_turn: two soft knocks when an online game asks you (fate/ui/online/knock.py)
MUSIC = "music"
PLAYED_KEPT = 200  # how many of the effects asked for ``played`` remembers
REPEAT_GAP = 0.08  # seconds: the same effect asked again sooner is not played twice

# Which effect an event makes, heard by the seat at the screen when the event is shown.
OF_EVENT = {
    "rolled": "dice", "die_rerolled": "dice", "dice_added": "dice",
    "spell_cast": "card_play", "spell_readied": "card_play", "artifact_exhausted": "card_play",
    "artifact_destroyed": "card_play",
    "spell_drawn": "card_draw", "artifact_gained": "card_draw", "cursed": "card_draw",
    "cultist_placed": "cultist", "cultist_moved": "cultist", "cultists_placed": "cultist", "recalled": "cultist",
    "sacrificed": "cultist", "fate_moved": "cultist",
    "raid_declared": "raid",
    "curse_revealed": "curse",
    "summon_moved": "summon",
    "elder_sign_gained": "elder_sign",
}


def effect_of(event: Event) -> str:
    """The effect an event makes ("" for none); a Summon step back is not the god drawing near,
    and a raid on an empty Lodge is no alarm."""
    if event.kind == "summon_moved" and event.data["to"] < event.data["frm"]:
        return ""
    if event.kind == "raid_declared" and not event.data["investigators"]:
        return ""  # an empty Lodge: nothing breaks in
    return OF_EVENT.get(event.kind, "")


class Sound:
    """The mixer, if there is one. ``settings`` is the app's settings dict (read live)."""

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.played: list[str] = []  # the latest effects asked for, heard or not (for tests)
        self.last: dict[str, float] = {}  # when each effect last sounded
        self.music_on = False
        self.ok = False  # the device is open
        self.failed = ""  # why there is no sound, once the device could not be opened
        self._opener: threading.Thread | None = None
        self._lock = threading.Lock()  # ``ok``, ``music_on`` and closing, between the opener and the game
        self._music_wanted = False
        self._closed = False

    def open(self) -> None:
        """Open the audio device on a thread of its own (once); the game goes on meanwhile."""
        if self._opener is None and not self._closed:
            self._opener = threading.Thread(target=self._open, name="audio", daemon=True)
            self._opener.start()

    def opening(self) -> bool:
        """The device is still being probed for."""
        return self._opener is not None and self._opener.is_alive()

    def wait_open(self, seconds: float) -> bool:
        """Wait at most ``seconds`` for the device (tests, tools); whether sound plays."""
        if self._opener is not None:
            self._opener.join(seconds)
        return self.ok

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=1024)
            ok, why = bool(pygame.mixer.get_init()), ""
        except pygame.error as e:
            ok, why = False, " ".join(str(e).split())[:120] or "no audio device"
        with self._lock:
            if self._closed:
                if ok:
                    pygame.mixer.quit()
                return
            self.ok, self.failed = ok, "" if ok else why
            if ok:
                pygame.mixer.music.set_volume(self.volume("music"))
                if self._music_wanted:
                    self._start_music()

    # ---------------------------------------------------------------- volumes
    def volume(self, which: str) -> float:
        """0..1: the setting's percent, or 0 when muted."""
        if self.settings.get("muted"):
            return 0.0
        return self.settings.get(f"{which}_volume", 0) / 100

    def toggle_mute(self) -> bool:
        self.settings["muted"] = not self.settings.get("muted", False)
        self.apply_volume()
        return self.settings["muted"]

    def apply_volume(self) -> None:
        if self.ok:
            pygame.mixer.music.set_volume(self.volume("music"))

    # ---------------------------------------------------------------- playing
    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self.sounds:
            try:
                self.sounds[name] = pygame.mixer.Sound(str(assets_dir() / "sounds" / f"{name}.ogg"))
            except (pygame.error, OSError):
                self.sounds[name] = None
        return self.sounds[name]

    def play(self, name: str) -> None:
        if not name:
            return
        self.played.append(name)
        if len(self.played) > PLAYED_KEPT:
            del self.played[:-PLAYED_KEPT]
        if not self.ok or self.volume("effects") <= 0:
            return
        now = time.monotonic()
        if now - self.last.get(name, -1.0) < REPEAT_GAP:  # many at once (Instant speed) sound as one
            return
        self.last[name] = now
        sound = self._load(name)
        if sound is not None:
            sound.set_volume(self.volume("effects"))
            sound.play()

    def start_music(self) -> None:
        """The loop, from the start if it is not already playing (as soon as the device is open)."""
        with self._lock:
            self._music_wanted = True
            if self.ok:
                self._start_music()

    def _start_music(self) -> None:
        if self.music_on:
            return
        try:
            pygame.mixer.music.load(str(assets_dir() / "sounds" / f"{MUSIC}.ogg"))
            pygame.mixer.music.set_volume(self.volume("music"))
            pygame.mixer.music.play(-1, fade_ms=1500)
            self.music_on = True
        except (pygame.error, OSError):  # a damaged install's missing or unreadable music: play on in silence
            pass

    def close(self) -> None:
        """Silence and close the device; a device still being probed for is closed by its
        opener when it comes (nobody waits for it)."""
        with self._lock:
            self._closed = True
            if self.ok and pygame.mixer.get_init():  # the device may be gone already (SDL closed it)
                try:
                    pygame.mixer.music.stop()
                    pygame.mixer.quit()
                except pygame.error:
                    pass
            self.ok = False
