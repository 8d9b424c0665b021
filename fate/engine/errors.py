"""Typed errors. Each subclasses ValueError and says what was wrong and where.

A loader's error is a ``OneLine`` (fate/ground/untrusted.py); the cards' own, ``ContentError``,
lives with the content (fate/content/model.py) and is handed on here for the engine's callers.
"""

from fate.content.model import ContentError
from fate.ground.untrusted import OneLine

__all__ = ["ContentError", "IllegalChoice", "OneLine", "SaveFormatError", "ScenarioError"]


class IllegalChoice(ValueError):
    """A choice that the pending prompt does not offer. The game is unchanged."""


class SaveFormatError(OneLine):
    """A save file that cannot be loaded: damaged, of another version, or inconsistent. Its
    message names the fault in English (logs, the command line); ``kind`` says which sort of
    fault it is, for a screen to say in the player's language."""

    DAMAGED, NOT_A_SAVE, NEWER, CARDS, SCENARIO = "damaged", "not_a_save", "newer", "cards", "scenario"
    KINDS = (DAMAGED, NOT_A_SAVE, NEWER, CARDS, SCENARIO)

    def __init__(self, message: object = "", kind: str = DAMAGED) -> None:
        super().__init__(message)
        self.kind = kind


class ScenarioError(OneLine):
    """A scenario that describes an impossible or unknown position."""
