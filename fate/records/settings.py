"""The player's settings, kept between sessions: ``settings.json`` in the
platform's config folder (``fate.ground.paths.config_dir``, through platformdirs).

Every key has a default and a check. A file that cannot be read, is not JSON,
or holds something else gives the defaults and one line saying so; a single
bad value gives that key's default and one line naming it; keys this version
does not know are dropped. Nothing here raises on a bad file, and writing is
atomic (a temporary file renamed into place), like the saves.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fate.ai.bots import LEVELS
from fate.ground.files import write_save
from fate.ground.language import LANGUAGES
from fate.ground.paths import config_dir
from fate.ground.untrusted import InputError, one_line, player_name, read_json

FILE_NAME = "settings.json"
MAX_BYTES = 64 << 10  # a settings file is about 600 bytes
COLOURS = 6  # how many cult colours fate.ui.kit.theme.CULT_COLOURS has (a test keeps the two equal)


def _seat(x: Any) -> bool:
    return (isinstance(x, dict) and {"human", "level", "colour"} <= set(x) <= {"human", "level", "colour", "name",
                                                                             "language"}
            and isinstance(x["human"], bool) and x["level"] in LEVELS and _int(x["colour"], 0, COLOURS - 1)
            and player_name(x.get("name", "")) is not None
            and (x.get("language", "") == "" or isinstance(x.get("language"), str) and x["language"] in LANGUAGES))


def _int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def _seats(x: Any) -> bool:
    return (isinstance(x, list) and 1 <= len(x) <= 4 and all(_seat(s) for s in x)
            and len({s["colour"] for s in x}) == len(x))


def _seconds(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and 0.1 <= x <= 30.0


DEFAULTS: dict[str, Any] = {
    "speed": 1,  # animation speed: 0 Slow, 1 Normal, 2 Fast, 3 Instant
    # the New Game screen as it was last left: seat by seat, human or AI, level, colour
    "new_game": [{"human": True, "level": "normal", "colour": 0},
                 {"human": False, "level": "normal", "colour": 1},
                 {"human": False, "level": "normal", "colour": 2}],
    "hard_seconds": 1.0,  # how long Hard thinks a decision (and a hint)
    "review_budget": "quick",  # how long Hard thinks a decision in a review (fate/ai/critic.py BUDGETS)
    "window": [1280, 720],  # the window's size when the game starts (--size overrides it)
    "fullscreen": False,
    "music_volume": 40,  # percent
    "effects_volume": 70,  # percent
    "muted": False,  # M anywhere
    "text_size": 100,  # percent, for text that is read: tooltips, How to Play, the log, the hand, the board
    "cult_shapes": True,  # each cult's shape on its pieces as well as its colour
    "handoff_solo": False,  # with one human at the table: a "your turn" screen before each of their turns
    "confirm_end_turn": False,  # ask before a decision that ends the human's turn
    "tutorial": 0,  # how many lessons of Learn to Play are done (to resume where it stopped)
    "solo_level": "standard",  # how hard the Investigators play in a solo game (data/solo.yaml)
    # when the table stops to offer a cast, seat by seat (fate/ui/table/autopass.py): every, mine or never
    "autopass": ["mine", "mine", "mine", "mine"],
    # whether the table rolls for Temporary Control for the seat (fate/ui/table/autopass.py):
    # ask, always (a failed roll costs nothing) or never
    "temporary_control": ["always", "always", "always", "always"],
    # whether the table takes a Control Action for the seat (fate/ui/table/free_control.py): ask,
    # helps (where it costs nothing and can only help) or always
    "control_action": ["helps", "helps", "helps", "helps"],
    # when an online game asks you and the window is not in front (fate/ui/online/knock.py): a
    # notification of the desktop, the window's flash in the taskbar, two soft knocks
    "knock_notify": True,
    "knock_flash": True,
    "knock_sound": True,
    # the language the game speaks: a code of fate.ground.language.LANGUAGES, or "" for the system's
    # (the first launch speaks the system's language; Settings chooses another)
    "language": "",
}
AUTOPASS_MODES = ("every", "mine", "never")
TEMPORARY_MODES = ("ask", "always", "never")
CONTROL_MODES = ("ask", "helps", "always")
TEXT_SIZES = (100, 125, 150)
CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "speed": (lambda x: _int(x, 0, 3), "a whole number 0 to 3"),
    "new_game": (_seats, "1 to 4 seats, each with human, level, a colour of its own and maybe a name"),
    "hard_seconds": (_seconds, "seconds, 0.1 to 30"),
    "review_budget": (lambda x: x in ("quick", "thorough"), "quick or thorough"),
    "window": (lambda x: isinstance(x, list) and len(x) == 2 and _int(x[0], 1280, 3840) and _int(x[1], 720, 2160),
               "[width, height], 1280x720 to 3840x2160"),
    "fullscreen": (lambda x: isinstance(x, bool), "true or false"),
    "music_volume": (lambda x: _int(x, 0, 100), "a whole number 0 to 100"),
    "effects_volume": (lambda x: _int(x, 0, 100), "a whole number 0 to 100"),
    "muted": (lambda x: isinstance(x, bool), "true or false"),
    "text_size": (lambda x: x in TEXT_SIZES and not isinstance(x, bool), "100, 125 or 150"),
    "cult_shapes": (lambda x: isinstance(x, bool), "true or false"),
    "handoff_solo": (lambda x: isinstance(x, bool), "true or false"),
    "confirm_end_turn": (lambda x: isinstance(x, bool), "true or false"),
    "tutorial": (lambda x: _int(x, 0, 99), "a whole number 0 to 99"),
    # a word; the New Game screen takes the standard level for a word data/solo.yaml does not have
    "solo_level": (lambda x: isinstance(x, str) and x.isidentifier() and len(x) <= 40, "a solo level's id"),
    "autopass": (lambda x: isinstance(x, list) and len(x) == 4 and all(m in AUTOPASS_MODES for m in x),
                 "four of every, mine or never"),
    "temporary_control": (lambda x: isinstance(x, list) and len(x) == 4 and all(m in TEMPORARY_MODES for m in x),
                          "four of ask, always or never"),
    "control_action": (lambda x: isinstance(x, list) and len(x) == 4 and all(m in CONTROL_MODES for m in x),
                       "four of ask, helps or always"),
    "knock_notify": (lambda x: isinstance(x, bool), "true or false"),
    "knock_flash": (lambda x: isinstance(x, bool), "true or false"),
    "knock_sound": (lambda x: isinstance(x, bool), "true or false"),
    "language": (lambda x: x == "" or (isinstance(x, str) and x in LANGUAGES),
                 f"one of {', '.join(LANGUAGES)}, or \"\" for the system's"),
}


def defaults() -> dict[str, Any]:
    return copy.deepcopy(DEFAULTS)


def path() -> Path:
    return config_dir() / FILE_NAME


def load(where: Path | None = None) -> tuple[dict[str, Any], str]:
    """The settings and a line to show the player ("" when all was well)."""
    where = where or path()
    out = defaults()
    if not os.path.lexists(where):
        return out, ""
    try:
        data = read_json(where, MAX_BYTES)
    except InputError as e:
        return out, one_line(f"{where}: {e}; using the default settings", 300)
    if not isinstance(data, dict):
        return out, one_line(f"{where}: not a settings file (a JSON object was expected); using the default settings",
                             300)
    wrong = []
    for key, (check, expected) in CHECKS.items():
        if key not in data:
            continue
        if check(data[key]):
            out[key] = data[key]
        else:
            wrong.append(f"{key} should be {expected}")
    if wrong:
        return out, one_line(f"{where}: {'; '.join(wrong)}: the default is used for "
                             f"{'it' if len(wrong) == 1 else 'them'}", 300)
    return out, ""


def save(settings: dict[str, Any], where: Path | None = None) -> str:
    """Write the settings; returns "" or one line saying why they could not be kept."""
    where = where or path()
    data = {key: settings[key] for key in DEFAULTS if key in settings and CHECKS[key][0](settings[key])}
    try:
        write_save(data, where)
    except OSError as e:
        return f"Settings could not be saved to {where}: {e.strerror or e}"
    return ""
