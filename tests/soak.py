"""How long the soak tests go on: the random games, kills, floods and property examples that
hunt rare failures by number. The quick loop (``python -m pytest``) runs each with a quarter
of its count, so every behaviour is still checked on every run; CI (``CI=true``, as .ci/run
sets it) and ``FATE_SOAK=full`` run the full counts (docs/testing.md, "Soak counts")."""

from __future__ import annotations

import os

FULL = os.environ.get("CI", "").lower() == "true" or os.environ.get("FATE_SOAK", "") == "full"


def soak(quick: int, full: int) -> int:
    """``full`` in CI and under FATE_SOAK=full, else ``quick``."""
    return full if FULL else quick


def soak_seconds(quick: float, full: float) -> float:
    """The same choice for a flood's length in seconds."""
    return full if FULL else quick
