"""The table scene as a state and its parts.

``TableState`` is what the parts of the table scene (fate/ui/table/scene.py) share: the
game's session, the board they draw on, the beats playing, who is at the screen, the view
shown, the picker asking the decision, the pause menu, "End your turn?", the notice and
the table's clock. The scene makes it and hands it to each part it holds: the Chronicle
(``Telling``, telling.py), the table's own answers (``AutoAnswers``, auto_answers.py), the
keyboard's focus (``KeyboardPlay``, keyboard.py) and the tools and overlays (``PlayPanels``,
overlays.py). Each field has one writer, named beside it; every other part only reads it.
A part's own memory (the Chronicle's lines, a folded chance to cast, the keyboard's focus,
where the Hint's strip stands) stays in that part.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, overload

from fate.ui.session import TableSession
from fate.ui.table.anim import Player
from fate.ui.table.board import Table
from fate.ui.table.picker import Picker

T = TypeVar("T")


@dataclass
class TableState:
    session: TableSession  # the game shown (read by all; changed only by the scene's ``_apply``)
    table: Table  # the board the parts draw on
    anim: Player  # the beats playing (the scene and the Chronicle queue them)
    looker: int | None  # who is at the screen (written by the scene)
    shown: dict[str, Any]  # the view the board shows (written by the Chronicle, telling.py: ``show``)
    handoff: int | None = None  # the seat the hand-off screen waits for (the scene)
    picker: Picker | None = None  # the decision asked, as the player picks its parts (the scene)
    picker_for: int = -1  # the decision number the picker was made for (the scene)
    menu: bool = False  # the pause menu is open (the scene)
    confirming: str | None = None  # a choice that ends the turn, waiting for "End your turn?" (the scene)
    confirming_may: bool = False  # ...or that may end it, on dice or cards the seat cannot see (the scene)
    error: str = ""  # a refused choice's words, in the prompt bar (the scene)
    clock: float = 0.0  # seconds since the table opened (the scene's ``update``)
    notice: tuple[str, float] = ("", 0.0)  # a passing line and until when on ``clock`` (``say`` only)

    def say(self, text: str, seconds: float) -> None:
        """A passing notice over the prompt bar for ``seconds`` of the table's clock (overlays.py
        draws it where it covers nothing)."""
        self.notice = (text, self.clock + seconds)

    def decisions(self) -> int:
        """The number of the decision asked now."""
        return self.session.decision


class HasState(Protocol):
    state: TableState


class StateField(Generic[T]):
    """A field of the scene's ``TableState`` read (and, for the scene that owns it, written) as
    an attribute of the scene: the online table, the tutorial and the tests see the scene's
    face they always saw (``scene.picker``, ``scene.looker``)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> StateField[T]: ...
    @overload
    def __get__(self, obj: HasState, objtype: type | None = None) -> T: ...
    def __get__(self, obj: HasState | None, objtype: type | None = None) -> T | StateField[T]:
        if obj is None:
            return self
        value: T = getattr(obj.state, self.name)
        return value

    def __set__(self, obj: HasState, value: T) -> None:
        setattr(obj.state, self.name, value)


class PartField(Generic[T]):
    """A field a part of the scene writes, read as the scene's own (``log = PartField("telling")``:
    ``scene.log`` is ``scene.telling.log``); read only."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, objtype: type | None = None) -> T:
        value: T = getattr(getattr(obj, self.part), self.name)
        return value
