"""Typed errors. Each subclasses ValueError and says what was wrong and where."""


class IllegalChoice(ValueError):
    """A choice that the pending prompt does not offer. The game is unchanged."""


class OneLine(ValueError):
    """An error about something read from outside: its message is one line of at
    most 300 characters, however long what it quotes (the cut ends in "…")."""

    LIMIT = 300

    def __init__(self, message: object = "") -> None:
        text = " ".join(str(message).split())
        super().__init__(text if len(text) <= self.LIMIT else text[: self.LIMIT - 1] + "…")


class SaveFormatError(OneLine):
    """A save file that cannot be loaded: damaged, of another version, or inconsistent."""


class ScenarioError(OneLine):
    """A scenario that describes an impossible or unknown position."""


class ContentError(OneLine):
    """Card or rules data in data/ that does not validate."""
