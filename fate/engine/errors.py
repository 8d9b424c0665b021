"""Typed errors. Each subclasses ValueError and says what was wrong and where."""


class IllegalChoice(ValueError):
    """A choice that the pending prompt does not offer. The game is unchanged."""


class SaveFormatError(ValueError):
    """A save file that cannot be loaded: damaged, of another version, or inconsistent."""


class ScenarioError(ValueError):
    """A scenario that describes an impossible or unknown position."""


class ContentError(ValueError):
    """Card or rules data in data/ that does not validate."""
