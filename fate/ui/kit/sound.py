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
from collections.abc import Callable

import pygame

from fate.engine import Event
from fate.engine.kinds import EventKind
from fate.ground.paths import assets_dir

EFFECTS = ("dice", "card_play", "card_draw", "cultist", "raid", "curse", "summon", "elder_sign", "win", "lose",
           "your_turn")  # your_turn: two soft knocks when an online game asks you (fate/ui/online/knock.py)
MUSIC = "music"
PLAYED_KEPT = 200  # how many of the effects asked for ``played`` remembers
REPEAT_GAP = 0.08  # seconds: the same effect asked again sooner is not played twice

K = EventKind
# Which effect an event makes, heard by the seat at the screen when the event is shown ...
OF_EVENT: dict[str, str] = {
    K.ROLLED: "dice", K.DIE_REROLLED: "dice", K.DICE_ADDED: "dice",
    K.SPELL_CAST: "card_play", K.SPELL_READIED: "card_play", K.ARTIFACT_EXHAUSTED: "card_play",
    K.ARTIFACT_DESTROYED: "card_play",
    K.SPELL_DRAWN: "card_draw", K.ARTIFACT_GAINED: "card_draw", K.CURSED: "card_draw",
    K.CULTIST_PLACED: "cultist", K.CULTIST_MOVED: "cultist", K.CULTISTS_PLACED: "cultist", K.RECALLED: "cultist",
    K.SACRIFICED: "cultist", K.FATE_MOVED: "cultist",
    K.RAID_DECLARED: "raid",
    K.CURSE_REVEALED: "curse",
    K.SUMMON_MOVED: "summon",
    K.ELDER_SIGN_GAINED: "elder_sign",
}
# ... when its data says it is worth hearing: a Summon step back is not the god drawing
# near, and a raid on an empty Lodge is no alarm (nothing breaks in)
HEARD_WHEN: dict[str, Callable[[dict], bool]] = {
    K.SUMMON_MOVED: lambda d: d["to"] >= d["frm"],
    K.RAID_DECLARED: lambda d: bool(d["investigators"]),
}
# Every other kind makes no sound, for one of these reasons (tests/ui/kit/test_sound.py holds
# the two tables against the engine's catalogue: a new kind is heard or is listed here).
SILENT: dict[str, frozenset[str]] = {
    "the turn's own steps: their banners show them, and the end screen has its own win or lose":
        frozenset({K.GOD_CHOSEN, K.SETUP_DONE, K.TURN_STARTED, K.PHASE, K.TURN_ENDED, K.GAME_OVER}),
    "a seat's private copy of an event heard already, or news that nothing changed":
        frozenset({K.SPELL_DRAWN_FACE, K.SPELL_STOLEN_FACE, K.CURSE_DRAWN, K.NOTHING_TO_READY}),
    "the Investigators' quiet march: only a raid breaking in is an alarm":
        frozenset({K.INVESTIGATORS_FOLLOWED, K.INVESTIGATORS_SENT, K.INVESTIGATORS_LEFT, K.INVESTIGATORS_PLACED,
                   K.INVESTIGATOR_PLACED, K.INVESTIGATORS_CLEARED, K.INVESTIGATORS_WAIT, K.SUPPLY_EMPTY,
                   K.RAIDED, K.RAID_REPELLED}),
    "the result at a location of a move or a roll already heard: its marker says which":
        frozenset({K.CONTROL, K.NO_CONTROL, K.TEMPORARY_CONTROL, K.TEMPORARY_CONTROL_FAILED, K.CONTROL_ACTION,
                   K.BASIC_ACTION, K.FATE_PIECE_STAYS, K.NO_MOVE}),
    "what follows from a card, a roll or a step already heard: one deed, one sound":
        frozenset({K.CULTISTS_LOST, K.CULTISTS_SENT_HOME, K.ELDER_SIGN_DESTROYED, K.ELDER_SIGN_CURSE,
                   K.GATE_GAINED, K.GATE_LOST, K.EMPTY_LODGE, K.SQUALL_STRUCK, K.SQUALL_PLACED,
                   K.CURSE_DESTROYED, K.DIE_TURNED, K.DIE_REMOVED, K.DARK_GIFT, K.SPELL_DISCARDED,
                   K.READIED_DISCARDED, K.SPELL_STOLEN, K.ARTIFACT_DISCARDED, K.ARTIFACT_WRECKED,
                   K.ARTIFACTS_REFRESHED, K.ARTIFACTS_REVEALED, K.NO_ARTIFACTS, K.SPELL_DECK_RESHUFFLED,
                   K.COLUMN_DISCARDED, K.CURSE_DECK_EMPTY}),
}


def effect_of(event: Event) -> str:
    """The effect an event makes ("" for none)."""
    heard = HEARD_WHEN.get(event.kind)
    if heard is not None and not heard(event.data):
        return ""
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
