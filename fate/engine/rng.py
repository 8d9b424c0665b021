"""The game's one seeded random generator.

A splitmix64 generator whose whole state is one integer: cloning a game copies
it for free and a save stores it as a number. Every die, shuffle and draw in a
game comes from here, so a game replays exactly from its seed and choices.
"""

from __future__ import annotations

import sys
from array import array
from hashlib import shake_128
from typing import Any

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


GOLDEN = 0x9E3779B97F4A7C15


def draws(state: int, n: int, count: int) -> tuple[int, list[int]]:
    """Return (new_state, ``count`` uniform integers in 0..n-1)."""
    # splitmix64; 64 bits against n <= a few hundred: the modulo bias is below 1e-16.
    out = []
    for _ in range(count):
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append((z ^ (z >> 31)) % n)
    return state, out


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, a uniform integer in 0..n-1)."""
    state, out = draws(state, n, 1)
    return state, out[0]


def shuffle(state: int, items: list[Any]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; return the new state. The same
    numbers as ``below(state, i + 1)`` for i from the top down, written out
    because set-up shuffles a lot; a long list takes all its numbers at once
    (``outputs``)."""
    top = len(items) - 1
    if top >= PACKED_FROM:
        state, words = outputs(state, top)
        for i, z in zip(range(top, 0, -1), words, strict=True):
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
        return state
    for i in range(top, 0, -1):
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state


# From this many numbers on, ``outputs`` is quicker than a loop of single steps.
PACKED_FROM = 12
_LANES: dict[int, tuple[int, int, int]] = {}


def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` 128-bit lanes in one integer: a 1 in each lane, lane i holding
    (i + 1) * GOLDEN, and the low 64 bits of each lane set."""
    t = _LANES.get(count)
    if t is None:
        t = _LANES[count] = (sum(1 << (128 * i) for i in range(count)),
                             sum(((i + 1) * GOLDEN) << (128 * i) for i in range(count)),
                             sum(MASK << (128 * i) for i in range(count)))
    return t


def outputs(state: int, count: int) -> tuple[int, array[int]]:
    """Return (new_state, the next ``count`` 64-bit outputs), the same as ``count``
    single steps. The states are ``state + k * GOLDEN``, so all of them go into
    one integer, a 128-bit lane each, and every operation of the mix works on
    all the lanes at once: a lane's product stays below 2**128, and masking each
    lane to 64 bits before a multiplication keeps one lane out of the next."""
    ones, steps, low = _lanes(count)
    x = (state * ones + steps) & low
    x = (((x ^ (x >> 30)) & low) * 0xBF58476D1CE4E5B9) & low
    x = (((x ^ (x >> 27)) & low) * 0x94D049BB133111EB) & low
    x = (x ^ (x >> 31)) & low
    words = array("Q", x.to_bytes(16 * count, "little"))
    if sys.byteorder == "big":  # the bytes are little-endian on every machine
        words.byteswap()
    return (state + count * GOLDEN) & MASK, words[::2]


def keyed_shuffle(seed: int, items: list[Any], salt: bytes = b"") -> None:
    """Fisher-Yates shuffle of ``items`` in place, its numbers 64-bit words of
    SHAKE-128 of the seed and ``salt``. Not the game's generator (a game's own
    shuffles and dice come from ``shuffle`` and ``draws``): the bots' imagined
    deals (fate.engine.determinize) shuffle pools of a hundred cards thousands of
    times a second, and this is about three times as fast. The same on every
    machine; the modulo bias is below 1e-17."""
    n = len(items)
    words = array("Q", shake_128((seed & MASK).to_bytes(8, "little") + salt).digest(8 * n))
    if sys.byteorder == "big":  # the words are little-endian on every machine
        words.byteswap()
    for i in range(n - 1, 0, -1):
        j = words[i] % (i + 1)
        items[i], items[j] = items[j], items[i]
