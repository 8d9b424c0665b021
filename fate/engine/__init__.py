"""The rules engine: a pure-Python library with no pygame in it.

    game = new_game(content, players=3, seed=7)
    while (prompt := game.pending()) is not None:
        events = game.apply(prompt.choices[0])

``pending()`` says who must decide what; ``apply`` is the only way the state
changes; ``view(seat)`` is everything that seat may know.
"""

from __future__ import annotations

from fate.content.model import Content

# The rule modules register their tasks, steps, conditions and tables with the core
# (fate.engine.registry) as they are imported; the core never names them.
from fate.engine import (  # noqa: F401
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
from fate.engine.errors import ContentError, IllegalChoice, SaveFormatError, ScenarioError
from fate.engine.game import Game
from fate.engine.model import Choice, Event, Prompt
from fate.engine.view import view

__all__ = [
    "Choice", "Content", "ContentError", "Event", "Game", "IllegalChoice", "Prompt",
    "SaveFormatError", "ScenarioError", "new_game", "view",
]


def new_game(content: Content, players: int, seed: int, gods: list[str] | None = None) -> Game:
    """A new game for 1-4 seats. With ``gods`` (one id per seat) the draft is skipped."""
    if not 1 <= int(players) <= 4:
        raise ValueError(f"players must be 1 to 4, not {players!r}")
    config: dict = {"players": int(players), "seed": int(seed)}
    if gods:
        if len(gods) != players:
            raise ValueError(f"gods: {len(gods)} given for {players} seats")
        for gid in gods:
            if gid not in content.by_id or content.card(gid).kind != "god":
                raise ValueError(f"gods: {gid!r} is not an Elder God")
        if len(set(gods)) != len(gods):
            raise ValueError("gods: each seat needs a different Elder God")
        config["gods"] = list(gods)
    g = Game(content, config)
    flow.start(g)
    return g
