"""Why a thing cannot be chosen now, in a line for its tooltip.

Only what the looker's own view says is used: the decision asked (its kind and
words are public), whose it is, and the looker's own cards. No pygame here.
"""

from __future__ import annotations

from fate.ground.language import N_, _, current

# Translators: each finishes "it is cast …", when a Readied Spell cannot be cast now.
TIMING_ONLY = {
    "prepare": N_("only at the start of your own turn, before movement"),
    "own_turn": N_("only in your own turn"),
    "other_turn": N_("only in a rival's turn"),
    "after_roll": N_("only after your own roll, before its results apply"),
    "roll_any": N_("only after a roll, before its results apply"),
    "raided": N_("only when you are raided"),
    "end": N_("only at the end of a turn"),
}
CHOOSABLE = {"card", "loc", "seat", "die", "piece", "deck"}


def _mine(v: dict, card_id: str) -> tuple[str, dict | None]:
    """("hand" | "reserve" | "", the card) for a card of the looker's."""
    me = v.get("viewer")
    if me is None or not 0 <= me < len(v["seats"]):
        return "", None
    row = v["seats"][me]
    for where in ("hand", "reserve"):
        for c in row.get(where, []):
            if c["id"] == card_id:
                return where, c
    return "", None


def why_not(key: tuple, v: dict, live: dict | None, current_name: str) -> str:
    """Why ``key`` cannot be chosen now ("" if it can, or is not a thing one chooses)."""
    if not key or key[0] not in CHOOSABLE or (live is not None and key in live):
        return ""
    prompt = v.get("prompt")
    me = v.get("viewer")
    if v.get("over"):
        return _("the game is over")
    if prompt is None or me is None or prompt.get("seat") != me or live is None:
        if me is None or me < 0:
            return _("you are watching: the cults choose for themselves")
        if not prompt:
            return _("it is not your decision now")
        if prompt.get("seat") == -1:
            return _("it is not your decision now: the Investigators are deciding")
        return _("it is not your decision now: {who} is deciding").format(who=current_name)
    kind = prompt.get("kind", "")
    asked = prompt.get("text", "")  # in the language spoken now (the table's view is worded)
    if key[0] == "card":
        where, card = _mine(v, key[1])
        timing = card.get("timing", []) if card else []
        if where == "hand":
            if kind == "cast_window":
                return _("a Spell is cast from your Readied Spells, not from your hand: Ready it first")
            if kind == "move":
                return _("its symbol leads where the Fate Piece cannot go now (where it stands, or blocked)")
            if kind == "ready":
                return _("you cannot pay its cost with the symbols at this location")
        if where == "reserve":
            if kind == "cast_window" and timing:
                if "any" not in timing:
                    whens = [_(TIMING_ONLY[t]) for t in timing if t in TIMING_ONLY]
                    return _("it is cast {when}").format(when=current().listing_or(whens))
                return _("it cannot be cast in this window")
            if kind != "cast_window":
                return _("Readied Spells are cast when a chance to cast comes, not now")
        if card is None and kind == "cast_window":
            return _("only your own Readied Spells and Artifacts can be used now")
    if key[0] == "seat":
        return ""  # a cult's Lodge and its icons: something to read, not to choose, unless a cult is asked for
    if key[0] == "loc" and kind == "move":  # the move is chosen by a card; the place follows from it
        return _("play a Spell, a Wild pair or your Gate first: the Fate Piece goes where it leads")
    if key[0] == "loc" and kind == "destination":
        return _("a Fate Piece stands there (yours, or another that blocks it): the move must go elsewhere")
    return _("it is not one of the choices of “{asked}”").format(asked=asked)
