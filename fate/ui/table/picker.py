"""Turn an engine prompt into things to click.

Each choice id names what it acts on (``to:3`` a location, ``play:flame-02`` a
card, ``move:library:museum`` two locations, ``send:lodge:2`` a Lodge and then
a source). ``choice_path`` turns an id into the list of *targets* a player
clicks in order; the ``Picker`` follows the clicks, offers only the targets
that still lead to a legal choice, and answers the choice id once the path is
complete (or as soon as only one choice is left). A choice made of several
clicks on the table waits for a Confirm (or Back) before it is sent. No pygame
here.
"""

from __future__ import annotations

from fate.engine.choices import ChoiceKind, read_choice
from fate.engine.constants import LOCATIONS
from fate.ground.language import _, ngettext

Key = tuple  # ("loc", "museum"), ("card", "flame-02"), ("seat", 2), ("die", 0), ("button", id)...

# what Space / Enter answers
DECLINE = (ChoiceKind.PASS, ChoiceKind.SKIP, ChoiceKind.STOP, ChoiceKind.NO, ChoiceKind.KEEP)
CONFIRM: Key = ("confirm",)

_CARD_HEADS = {ChoiceKind.PLAY, ChoiceKind.READY, ChoiceKind.CAST, ChoiceKind.CARD, ChoiceKind.REPLACE,
               ChoiceKind.DISCARD, ChoiceKind.ARTIFACT, ChoiceKind.USE, ChoiceKind.GOD}


def choice_path(cid: str) -> list[Key]:
    """The things clicked, in order, that choose ``cid`` (its own button when no thing on the
    table names it: an answer alone, an id of another shape)."""
    read = read_choice(cid)
    if read is None:
        return [("button", cid)]
    k, words = read.kind, read.parts()
    if k == ChoiceKind.TO and read.number() < len(LOCATIONS):
        return [("loc", LOCATIONS[read.number()])]
    if k == ChoiceKind.LOC:
        return [("loc", read.value)]
    if k == ChoiceKind.MOVE:
        return [("loc", words[0]), ("loc", words[1])]
    if k in _CARD_HEADS and read.value:
        return [("card", read.value)]
    if k in (ChoiceKind.SEAT, ChoiceKind.DESTROY):
        return [("seat", read.number())]
    if k == ChoiceKind.SEND and words[1].isdigit():
        return [("seat", int(words[1])), ("button", cid)]
    if k == ChoiceKind.DIE:
        return [("die", read.number())]
    if k == ChoiceKind.PIECE:
        return [("piece", read.number())]
    if k == ChoiceKind.ARTIFACT_DECK:
        return [("deck", "artifact")]
    if k == ChoiceKind.GATE:
        return [("card", "gate")]
    return [("button", cid)]


class Picker:
    """Follows a player's clicks through one prompt (a dict from ``view``)."""

    def __init__(self, prompt: dict) -> None:
        self.prompt = prompt
        self.choices: list[dict] = list(prompt.get("choices", ()))
        self.paths = {c["id"]: choice_path(c["id"]) for c in self.choices}
        self.labels = {c["id"]: c["label"] for c in self.choices}
        self.stage: list[Key] = []
        self.ready: str | None = None  # a many-part choice, complete, waiting for Confirm

    def _open(self) -> list[str]:
        n = len(self.stage)
        return [cid for cid, p in self.paths.items() if p[:n] == self.stage and len(p) > n]

    def live(self) -> dict[Key, list[str]]:
        """Targets that may be clicked next, each with the choices it leads to."""
        if self.ready is not None:
            return {CONFIRM: [self.ready]}
        out: dict[Key, list[str]] = {}
        n = len(self.stage)
        for cid in self._open():
            out.setdefault(self.paths[cid][n], []).append(cid)
        return out

    def label(self, key: Key) -> str:
        """Words for a target: the choice's own label when it completes one."""
        ids = self.live().get(key, [])
        if key == CONFIRM and ids:
            return _("Confirm: {choice}").format(choice=self.labels[ids[0]])
        if len(ids) == 1:
            return self.labels[ids[0]]
        if key[0] == "loc":
            return _("From {place}…").format(place=key[1].replace("_", " ").title())
        return ngettext("{n} option…", "{n} options…", len(ids)).format(n=len(ids))

    def click(self, key: Key) -> str | None:
        """Click a target: the chosen id when the choice is complete, else None."""
        ids = self.live().get(key)
        if not ids:
            return None
        if key == CONFIRM:
            return self._done(ids[0])
        if len(ids) == 1:
            if self.stage and key[0] != "button":  # the last of several clicks on the table
                self.stage.append(key)
                self.ready = ids[0]
                return None
            return self._done(ids[0])
        self.stage.append(key)
        return None

    def next_target(self, cid: str) -> Key | None:
        """What to click next to make choice ``cid`` (for a hint), or None if the
        clicks made so far lead elsewhere."""
        if self.ready is not None:
            return CONFIRM if self.ready == cid else None
        path = self.paths.get(cid)
        n = len(self.stage)
        if path is None or path[:n] != self.stage or len(path) <= n:
            return None
        return path[n]

    def confirm(self) -> str | None:
        """Enter on a complete many-part choice: its id (None if there is none)."""
        return self._done(self.ready) if self.ready is not None else None

    def _done(self, cid: str) -> str:
        self.stage = []
        self.ready = None
        return cid

    def cancel(self) -> bool:
        """Step back one part of a many-part choice; False if nothing to undo."""
        self.ready = None
        if self.stage:
            self.stage.pop()
            return True
        return False

    def decline(self) -> str | None:
        """The 'no thanks' choice (Pass, Skip, Stop...) if the prompt has one."""
        if self.stage or self.ready is not None:
            return None
        for cid in self.paths:
            if cid in DECLINE:
                return cid
        return None
