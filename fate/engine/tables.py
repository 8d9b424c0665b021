"""Lookup tables the engine derives once per content, so that the hot loop
neither matches strings nor formats labels: each Curse's trigger as a
function, each card's casting timing as a bit mask, a Spell's cost as counts,
and the choices that come up again and again (move, ready, cast) made once.

They live in ``Content.derived`` (content never changes after loading), so
every game of the same content shares them and a clone copies nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from fate.content.model import Content

# The casting windows; a window's bits are index * 4 + 2 * (own turn) + (aimed at the seat).
WINDOWS = ("prepare", "move", "activate", "conclude", "after_roll", "raid", "end", "investigators")
WINDOW_BASE = {w: 4 * i for i, w in enumerate(WINDOWS)}


class Tables:
    """``triggers[card]``: (condition, params) of a Curse, else None.
    ``timing[card]``: bit ``WINDOW_BASE[w] + 2*own + aimed`` is set when the
    card may be cast or used in that window (0 for cards never cast).
    ``cast_label[solo][card]``: the words of its choice in a window;
    ``cast_options[solo]``: those choices, made as windows need them.
    ``play[card]``, ``ready[card]``: a Spell's move and ready choices.
    ``face_id[face]``: a die face's id, for events.
    ``back[card]``: the Astral back a card shows face down: its symbol, or "gate".
    ``cost[card]``: a Spell's cost as ((symbol, how many), ...) and ``cost_wild[card]``
    how many of it only a wild pays."""

    __slots__ = ("triggers", "timing", "cast_label", "cast_options", "play", "ready", "cost", "cost_wild",
                 "back", "face_id")

    def __init__(self, content: Content) -> None:
        from fate.engine.casting import ready_option, timing_allows  # both import the game module
        from fate.engine.constants import WILD_SYMBOL
        from fate.engine.effects import CONDITIONS
        from fate.engine.flow import play_option

        cards = content.cards
        self.triggers: list[tuple[Callable, dict] | None] = [
            (CONDITIONS[c.trigger[0]].fn, dict(c.trigger[1])) if c.trigger else None for c in cards]
        self.timing: list[int] = []
        for c in cards:
            bits = 0
            usable = c.kind == "spell" or (c.kind == "artifact" and c.ability in ("exhaust", "destroy"))
            if usable:
                for w, base in WINDOW_BASE.items():
                    for own in (0, 1):
                        for aimed in (0, 1):
                            if timing_allows(c.timing, w, bool(own), bool(aimed)):
                                bits |= 1 << (base + 2 * own + aimed)
            self.timing.append(bits)
        self.play = [play_option(c) if c.kind == "spell" else None for c in cards]
        self.ready = [ready_option(c) if c.kind == "spell" else None for c in cards]
        self.cost = [tuple((sym, c.cost.count(sym)) for sym in sorted(set(c.cost)) if sym != WILD_SYMBOL)
                     for c in cards]
        self.cost_wild = [c.cost.count(WILD_SYMBOL) for c in cards]
        self.back = [c.symbol if c.kind == "spell" else "gate" for c in cards]
        self.face_id = [f.id for f in content.dice.faces]
        self.cast_options: tuple[dict, dict] = ({}, {})
        self.cast_label: tuple[list[str], list[str]] = tuple(
            [_label(c, c.solo_text if solo and c.solo_text else c.text) for c in cards]
            for solo in (False, True))


def _label(c, text: str) -> str:
    if c.kind == "artifact":
        verb = "Destroy" if c.ability == "destroy" else "Exhaust"
        return f"{verb} {c.name}: {text}"
    return f"Cast {c.name}: {text}"


def tables(content: Content) -> Tables:
    t = content.derived.get("engine")
    if t is None:
        t = content.derived["engine"] = Tables(content)
    return t
