"""The rules engine: a Python library with no pygame in it (compiled by Cython where built:
fate/compiled.py).

    game = new_game(content, players=3, seed=7)
    while (prompt := game.pending()) is not None:
        events = game.apply(prompt.choices[0])

``pending()`` says who must decide what; ``apply`` is the only way the state
changes; ``view(seat)`` is everything that seat may know.
"""

from __future__ import annotations

import sys
from importlib import import_module

from fate.compiled import engine_path, kind_of, modules

# The engine compiled by packaging/compile_engine.py, when it was built from these very
# sources, is found before them (fate/compiled.py); else the sources run. First, before
# any import that could bring in one of the engine's modules. A compiled build is loaded
# whole at once, so that the engine never mixes it with the sources; a module that will
# not load (built for another machine) means the sources after all.
_SOURCES = list(__path__)  # noqa: F821 (a package's own __path__)
__path__[:] = engine_path(_SOURCES)  # noqa: F821
if __path__ != _SOURCES:  # noqa: F821
    try:
        for _name in modules():
            import_module(f"{__name__}.{_name}")
    except ImportError:
        for _name in [n for n in sys.modules if n.startswith(f"{__name__}.")]:
            del sys.modules[_name]
        __path__[:] = _SOURCES  # noqa: F821

from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from fate.content import loader  # noqa: E402
from fate.content.model import STANDARD_LEVEL, Content  # noqa: E402

# The rule modules register their tasks, steps, conditions and tables with the core
# (fate.engine.registry) as they are imported; the core never names them.
from fate.engine import (  # noqa: F401, E402
    artifacts,
    casting,
    conditions,
    effects,
    flow,
    locations,
    movement,
    raids,
    steps_board,
    steps_cards,
)
from fate.engine.errors import ContentError, IllegalChoice, SaveFormatError, ScenarioError  # noqa: E402
from fate.engine.game import Game  # noqa: E402
from fate.engine.model import Choice, Event, Prompt  # noqa: E402
from fate.engine.registry import vocabulary  # noqa: E402
from fate.engine.view import view  # noqa: E402

__all__ = [
    "Choice", "Content", "ContentError", "Event", "Game", "IllegalChoice", "Prompt",
    "SaveFormatError", "ScenarioError", "default_content", "engine_kind", "load_content", "new_game",
    "new_game_from", "view",
]


def load_content(root: Path | str | None = None) -> Content:
    """The cards of ``root`` (the bundled data/ when None), validated against the words the
    rule modules registered: every effect step, condition and location a card names.
    Raises ContentError on the first problem."""
    return loader.load_content(vocabulary(), root)


_bundled: list[Content] = []


def default_content() -> Content:
    """The bundled content, loaded once per process."""
    if not _bundled:
        _bundled.append(load_content())
    return _bundled[0]


def engine_kind() -> str:
    """'compiled' when the engine runs as Cython built it (fate/compiled.py), else 'pure Python'."""
    from fate.engine import game

    return kind_of(game)


def new_game(content: Content, players: int, seed: int, gods: list[str] | None = None,
             solo_level: str | None = None) -> Game:
    """A new game for 1-4 seats. With ``gods`` (one id per seat) the draft is skipped;
    ``solo_level`` (data/solo.yaml, solo only) sets how hard the Investigators play."""
    if not 1 <= int(players) <= 4:
        raise ValueError(f"players must be 1 to 4, not {players!r}")
    config: dict[str, Any] = {"players": int(players), "seed": int(seed)}
    if gods:
        if len(gods) != players:
            raise ValueError(f"gods: {len(gods)} given for {players} seats")
        for gid in gods:
            if gid not in content.by_id or content.card(gid).kind != "god":
                raise ValueError(f"gods: {gid!r} is not an Elder God")
        if len(set(gods)) != len(gods):
            raise ValueError("gods: each seat needs a different Elder God")
        config["gods"] = list(gods)
    if solo_level is not None and solo_level != STANDARD_LEVEL:
        if players != 1:
            raise ValueError("solo_level: a level is for a solo game")
        content.solo_level(solo_level)  # ValueError if there is no such level
        config["solo_level"] = solo_level  # absent: the standard game, as every game before levels
    g = Game(content, config)
    flow.start(g)
    return g


def new_game_from(content: Content, config: dict[str, Any]) -> Game:
    """A new game from a saved game's ``config`` (checked: fate.engine.save.check_config)."""
    return new_game(content, config["players"], config["seed"], config.get("gods"), config.get("solo_level"))
