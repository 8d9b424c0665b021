"""Makes every sound of the game from nothing but arithmetic, and writes them
here as Ogg Vorbis files (the game reads only the .ogg files).

    pip install numpy soundfile   # tools for this script only, not for the game
    python assets/sounds/synth.py

The sounds are our own work, released with the game's code (see LICENSE); no
recording or sample of anyone else's is used. Each sound is a function below:
change one, run the script, listen, commit the .ogg. A fixed seed makes the
output the same every run.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import soundfile

RATE = 22050
HERE = Path(__file__).resolve().parent
rng = np.random.default_rng(1926)


def t_(seconds: float) -> np.ndarray:
    return np.arange(int(seconds * RATE)) / RATE


def env(n: int, attack: float, decay: float) -> np.ndarray:
    """A quick rise and an exponential fall (time constants in seconds)."""
    t = np.arange(n) / RATE
    return np.minimum(1.0, t / max(attack, 1e-4)) * np.exp(-t / decay)


def lowpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    a = np.exp(-2 * np.pi * cutoff / RATE)
    y = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc = (1 - a) * v + a * acc
        y[i] = acc
    return y


def band(x: np.ndarray, lo: float, hi: float) -> np.ndarray:
    return lowpass(x, hi) - lowpass(x, lo)


def place(out: np.ndarray, sound: np.ndarray, at: float) -> None:
    i = int(at * RATE)
    j = min(len(out), i + len(sound))
    out[i:j] += sound[: j - i]


def tone(freq: float, seconds: float, partials=((1, 1.0),), attack=0.005, decay=0.3) -> np.ndarray:
    t = t_(seconds)
    wave = sum(w * np.sin(2 * np.pi * freq * k * t) for k, w in partials)
    return wave * env(len(t), attack, decay)


def finish(x: np.ndarray, peak: float = 0.8, fade: float = 0.02) -> np.ndarray:
    n = int(fade * RATE)
    if n and len(x) > n:
        x[-n:] *= np.linspace(1, 0, n)
    top = np.max(np.abs(x)) or 1.0
    return x / top * peak


def knock(freq: float = 180.0, seconds: float = 0.12) -> np.ndarray:
    """Wood on wood: a low thud with a little click."""
    body = tone(freq, seconds, ((1, 1.0), (2.7, 0.3)), 0.001, 0.035)
    click = band(rng.standard_normal(len(body)), 800, 3000) * env(len(body), 0.0005, 0.006)
    return body + 0.6 * click


def dice() -> np.ndarray:
    out = np.zeros(int(0.7 * RATE))
    at = 0.0
    for _ in range(9):  # bones tumbling on the table, landing closer together
        place(out, knock(rng.uniform(500, 900), 0.08) * rng.uniform(0.4, 1.0), at)
        at += rng.uniform(0.03, 0.09)
    return finish(out, 0.7)


def swish(seconds: float, lo: float, hi: float) -> np.ndarray:
    n = int(seconds * RATE)
    noise = rng.standard_normal(n)
    shape = np.sin(np.linspace(0, np.pi, n)) ** 2
    return band(noise, lo, hi) * shape


def card_play() -> np.ndarray:
    out = np.zeros(int(0.35 * RATE))
    place(out, swish(0.18, 600, 4000), 0.0)
    place(out, knock(140, 0.15) * 0.8, 0.15)
    return finish(out, 0.6)


def card_draw() -> np.ndarray:
    return finish(swish(0.22, 1200, 6000), 0.5)


def cultist() -> np.ndarray:
    return finish(knock(210, 0.14), 0.55)


def raid() -> np.ndarray:
    """A low brass stab over a drum: something is at the door."""
    t = t_(1.3)
    stab = sum(np.sign(np.sin(2 * np.pi * f * t)) * 0.25 for f in (55.0, 58.3, 82.4))
    stab = lowpass(stab * env(len(t), 0.01, 0.45), 900)
    drum = tone(48, 1.3, ((1, 1.0),), 0.002, 0.25)
    out = stab + drum
    place(out, tone(46, 0.6, ((1, 1.0),), 0.002, 0.2) * 0.8, 0.32)
    return finish(out, 0.85)


def curse() -> np.ndarray:
    """A falling, wavering whistle."""
    t = t_(1.6)
    freq = 740 * np.exp(-t * 0.9)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    wave = np.sin(phase) * (0.6 + 0.4 * np.sin(2 * np.pi * 7 * t)) + 0.3 * np.sin(phase * 1.5)
    return finish(wave * env(len(t), 0.08, 0.6), 0.6, 0.2)


def summon() -> np.ndarray:
    """A deep swell rising a fifth: the god draws nearer."""
    t = t_(1.8)
    freq = 65.4 * (1 + 0.5 * np.clip(t / 1.2, 0, 1) ** 2)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    wave = np.sin(phase) + 0.5 * np.sin(2 * phase) + 0.25 * np.sin(3.01 * phase)
    shape = np.sin(np.pi * np.clip(t / 1.8, 0, 1)) ** 1.5
    return finish(lowpass(wave * shape, 1200), 0.8, 0.1)


def bell(freq: float, seconds: float = 2.0) -> np.ndarray:
    return tone(freq, seconds, ((1, 1.0), (2.0, 0.5), (2.76, 0.35), (5.4, 0.15)), 0.002, seconds / 3)


def elder_sign() -> np.ndarray:
    out = np.zeros(int(1.6 * RATE))
    place(out, bell(880, 1.5), 0.0)
    place(out, bell(1318.5, 1.4) * 0.6, 0.09)
    return finish(out, 0.6, 0.1)


def chord(freqs, at_step: float, seconds: float) -> np.ndarray:
    out = np.zeros(int((seconds + at_step * len(freqs)) * RATE))
    for i, f in enumerate(freqs):
        place(out, tone(f, seconds, ((1, 1.0), (2, 0.3), (3, 0.12)), 0.01, seconds / 2.5), i * at_step)
    return out


def win() -> np.ndarray:
    return finish(chord((220.0, 277.2, 329.6, 440.0, 554.4), 0.14, 2.2), 0.75, 0.3)


def lose() -> np.ndarray:
    return finish(lowpass(chord((220.0, 207.7, 174.6, 110.0), 0.28, 2.4), 1500), 0.75, 0.3)


def music() -> np.ndarray:
    """A quiet loop of 32 seconds: a low drone breathing on an A minor chord,
    with a few far-off bells. Every slow wave fits a whole number of times into
    the loop, so the end joins the start without a seam."""
    seconds = 32.0
    t = t_(seconds)

    def whole(f: float) -> float:  # the nearest frequency with a whole number of cycles in the loop
        return round(f * seconds) / seconds

    out = np.zeros(len(t))
    for f, w, cycles in ((55.0, 1.0, 2), (82.5, 0.5, 3), (110.0, 0.45, 4), (130.8, 0.3, 5), (164.8, 0.25, 7)):
        breathe = 0.6 + 0.4 * np.sin(2 * np.pi * cycles * t / seconds + f)
        out += w * breathe * (np.sin(2 * np.pi * whole(f) * t) + 0.3 * np.sin(2 * np.pi * whole(f * 1.003) * t))
    out = lowpass(np.concatenate([out, out]), 700)[len(out):]  # the filter already settled at the join
    for at, f in ((3.0, 440.0), (9.5, 523.3), (17.0, 392.0), (24.5, 329.6), (29.0, 440.0)):
        ring = bell(f, 3.5) * 0.5
        place(out, ring, at)
        spill = int(at * RATE) + len(ring) - len(out)
        if spill > 0:  # a bell still sounding at the end goes on at the start
            out[:spill] += ring[-spill:]
    return finish(out, 0.45, 0.0)


def your_turn() -> np.ndarray:
    """Two soft knocks at the door: an online game asks you (quieter than the table's sounds)."""
    out = np.zeros(int(0.5 * RATE))
    place(out, knock(150.0, 0.16), 0.0)
    place(out, knock(150.0, 0.16) * 0.8, 0.2)
    return finish(lowpass(out, 1800), 0.45, 0.05)


SOUNDS = {"dice": dice, "card_play": card_play, "card_draw": card_draw, "cultist": cultist, "raid": raid,
          "curse": curse, "summon": summon, "elder_sign": elder_sign, "win": win, "lose": lose,
          "music": music, "your_turn": your_turn}


def main() -> None:
    for name, make in SOUNDS.items():
        path = HERE / f"{name}.ogg"
        soundfile.write(path, make().astype(np.float32), RATE, format="OGG", subtype="VORBIS")
        print(f"{path.name}: {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
