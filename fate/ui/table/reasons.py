"""Why a thing cannot be chosen now, in a line for its tooltip.

Only what the looker's own view says is used: the decision asked (its kind and
words are public), whose it is, and the looker's own cards. No pygame here.
"""

from __future__ import annotations

TIMING_ONLY = {
    "prepare": "only at the start of your own turn, before movement",
    "own_turn": "only in your own turn",
    "other_turn": "only in a rival's turn",
    "after_roll": "only after your own roll, before its results apply",
    "roll_any": "only after a roll, before its results apply",
    "raided": "only when you are raided",
    "end": "only at the end of a turn",
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
        return "the game is over"
    if prompt is None or me is None or prompt.get("seat") != me or live is None:
        if me is None or me < 0:
            return "you are watching: the cults choose for themselves"
        who = "the Investigators" if prompt and prompt.get("seat") == -1 else current_name
        return f"it is not your decision now: {who} is deciding" if prompt else "it is not your decision now"
    kind = prompt.get("kind", "")
    asked = prompt.get("text", "")
    if key[0] == "card":
        where, card = _mine(v, key[1])
        timing = card.get("timing", []) if card else []
        if where == "hand":
            if kind == "cast_window":
                return "a Spell is cast from your Readied Spells, not from your hand: Ready it first"
            if kind == "move":
                return "its symbol leads where the Fate Piece cannot go now (where it stands, or blocked)"
            if kind == "ready":
                return "you cannot pay its cost with the symbols at this location"
        if where == "reserve":
            if kind == "cast_window" and timing:
                if "any" not in timing:
                    return "it is cast " + " or ".join(TIMING_ONLY.get(t, t) for t in timing)
                return "it cannot be cast in this window"
            if kind != "cast_window":
                return "Readied Spells are cast when a chance to cast comes, not now"
        if card is None and kind == "cast_window":
            return "only your own Readied Spells and Artifacts can be used now"
    if key[0] == "seat":
        return ""  # a cult's Lodge and its icons: something to read, not to choose, unless a cult is asked for
    if key[0] == "loc" and kind == "move":  # the move is chosen by a card; the place follows from it
        return "play a Spell, a Wild pair or your Gate first: the Fate Piece goes where it leads"
    if key[0] == "loc" and kind == "destination":
        return "a Fate Piece stands there (yours, or another that blocks it): the move must go elsewhere"
    return f"it is not one of the choices of “{asked}”"
