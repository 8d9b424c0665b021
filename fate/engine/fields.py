"""The fields of a game's state (``Game.__slots__``), grouped by how they are copied and
saved: lists of numbers, lists of lists, values never changed in place, and what is
derived from the rest and never saved. fate/engine/save.py writes and reads the first
two groups; ``Game.clone`` copies each by its kind (a field added needs a line there,
and its name in fate/engine/game.pxd)."""

from __future__ import annotations

LIST_FIELDS = (
    "lodge", "abyss", "inv_lodge", "summon", "signs", "es_cursed", "gate",
    "spell_deck", "discard", "gate_supply", "art_deck", "art_up", "curse_deck",
    "held", "box", "resolving", "pieces", "squall", "forced", "stack", "choices_made",
    "inv_at",
)
NESTED_FIELDS = ("at", "hands", "reserve", "arts", "columns", "rolls")
# cast_bits[seat]: what the seat's Reserve and ready Artifacts allow in each casting window
# (bits of the ``timing`` table, see casting.castable), or -1 when not yet known; derived, so never saved.
# cast_any: the OR of every seat's cast_bits, or -1 while any is unknown: whether a window can
# ask anyone is one test instead of a loop over the seats (about one window a decision).
# readied: the seats holding Readied Spells, worked out with cast_any (read only while cast_any
# is known: a window closed at once counts them in passed_over without a look at every seat).
# passed_over[seat]: how many casting windows closed without asking the seat while it had Readied
# Spells (what it could not cast there came to light: fate/engine/undo.py); never saved either.
DERIVED_FIELDS = ("cast_bits", "cast_any", "readied", "passed_over")
SCALAR_FIELDS = (
    "content", "config", "n", "solo", "first", "cur", "turn", "phase", "inv_supply",
    "turn_loc", "ready_allow", "ctl", "ow_returns", "cleanse_used", "squall_owner",
    "rng", "over", "end_reason", "ask", "tables", "level",
)
# replaced whole when they change, or sets: saved and copied each in its own way
OTHER_FIELDS = ("gods", "drafts", "exhausted", "winners", "losers", "events")
ALL_FIELDS = LIST_FIELDS + NESTED_FIELDS + SCALAR_FIELDS + DERIVED_FIELDS + OTHER_FIELDS
