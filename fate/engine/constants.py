"""Fixed numbers and names of the game (R-CMP).

Locations are indexed 0..5 in clockwise Altar order (R-CMP-1). The Astral
Symbol of a location has the same index, so a Spell whose back shows symbol
``s`` moves the Fate Piece to location ``s``. Symbol 0 is The Other Worlds'
own symbol: wild when Readying and on no card back (R-CMP-2).
"""

from __future__ import annotations

OTHER_WORLDS, MUSEUM, CEREMONY, STREETS, GATHERING, LIBRARY = range(6)
LOCATIONS = ("other_worlds", "museum", "ceremony", "streets", "gathering", "library")
LOCATION_NAMES = (
    "The Other Worlds",
    "The Museum",
    "The Ceremony",
    "Streets of Arkham",
    "The Gathering",
    "The Library",
)
N_LOCATIONS = 6
WILD_SYMBOL = 0  # The Other Worlds' symbol

CULTISTS_PER_CULT = 20
INVESTIGATORS = 25
ELDER_SIGNS_TO_LOSE = 10
SUMMON_WIN = 9
RESERVE_SLOTS = 3
ARTIFACT_LIMIT = 3
HAND_MINIMUM = 3
SOLO_CURSES_TO_LOSE = 5
RAID_THRESHOLD = 5
MOVE_INVESTIGATOR_THRESHOLD = 3
CONTROL_MINIMUM = 3
SQUALL_TOKENS = 8

START_LODGE = 7
START_ABYSS = 7

PREPARE, MOVE, ACTIVATE, CONCLUDE = "prepare", "move", "activate", "conclude"
PHASES = (PREPARE, MOVE, ACTIVATE, CONCLUDE)

# Seat number used for "the game itself" where a seat is expected:
# the holder of curses in solo play, and the Investigators' automaton.
GAME_SEAT = -1

SEAT_NAMES = ("Red", "Green", "Blue", "Yellow")


def location_index(name: str) -> int:
    """Index of a location from its id (``"museum"``); ValueError if unknown."""
    try:
        return LOCATIONS.index(name)
    except ValueError:
        raise ValueError(f"unknown location {name!r} (expected one of {', '.join(LOCATIONS)})") from None
