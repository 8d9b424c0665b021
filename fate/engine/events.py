"""What the events carry and the prompts ask: the fields of every event kind the engine
emits (the kinds themselves are named once, in fate/engine/kinds.py), and every kind of
decision it asks for.

The table narrates and animates from events alone, so their shape is part of
the engine's contract: ``event_problems(game, event)`` says what is wrong with
one (an unknown kind, a missing or extra field, a value out of range). The
fuzz and property tests check every event of thousands of games against it.
"""

from __future__ import annotations

from collections.abc import Callable, Sized
from typing import Any, Protocol

from fate.content.model import Content
from fate.engine.constants import N_LOCATIONS, SUMMON_WIN
from fate.engine.kinds import EventKind
from fate.engine.model import Event


class Table(Protocol):
    """What the checks read of a game: a ``Game``, or the client's reading of a server's view
    (fate/net/messages.py), which has no game."""

    @property
    def content(self) -> Content: ...
    @property
    def n(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def pieces(self) -> Sized: ...


Check = Callable[[Table, Any], bool]


def _whole(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def seat(g: Table, x: Any) -> bool:
    return _whole(x, 0, g.n - 1)


def actor(g: Table, x: Any) -> bool:
    """A seat, or -1: the game itself (the Investigators of solo play)."""
    return _whole(x, -1, g.n - 1)


def loc(g: Table, x: Any) -> bool:
    return _whole(x, 0, N_LOCATIONS - 1)


def count(g: Table, x: Any) -> bool:
    return _whole(x, 0, 99)


def some(g: Table, x: Any) -> bool:
    """A count of at least one: the event is only told when something moved."""
    return _whole(x, 1, 99)


def card(g: Table, x: Any) -> bool:
    return isinstance(x, str) and x in g.content.by_id


def cards(g: Table, x: Any) -> bool:
    return isinstance(x, list) and all(card(g, c) for c in x)


def face(g: Table, x: Any) -> bool:
    return isinstance(x, str) and any(f.id == x for f in g.content.dice.faces)


def faces(g: Table, x: Any) -> bool:
    return isinstance(x, list) and all(face(g, f) for f in x)


def symbol(g: Table, x: Any) -> bool:
    """An Astral back: 1..5 (The Other Worlds' star is on no back)."""
    return _whole(x, 1, N_LOCATIONS - 1)


def symbols(g: Table, x: Any) -> bool:
    return isinstance(x, list) and all(symbol(g, s) for s in x)


def cost(g: Table, x: Any) -> bool:
    return isinstance(x, list) and all(_whole(s, 0, N_LOCATIONS - 1) for s in x)


def backs(g: Table, x: Any) -> bool:
    return isinstance(x, list) and all(b == "gate" or symbol(g, b) for b in x)


def words(g: Table, x: Any) -> bool:
    return isinstance(x, str) and x != ""


def space(g: Table, x: Any) -> bool:
    return _whole(x, 0, SUMMON_WIN)


def signs(g: Table, x: Any) -> bool:
    return _whole(x, 0, 10)


def piece(g: Table, x: Any) -> bool:
    return _whole(x, 0, len(g.pieces) - 1)


def die(g: Table, x: Any) -> bool:
    return _whole(x, 0, 40)


def seats(g: Table, x: Any) -> bool:
    return isinstance(x, list) and all(seat(g, s) for s in x)


def source(g: Table, x: Any) -> bool:
    return x == "supply" or seat(g, x)


def god(g: Table, x: Any) -> bool:
    return card(g, x) and str(g.content.card(x).kind) == "god"


def players(g: Table, x: Any) -> bool:
    return bool(x == g.n)


def turn(g: Table, x: Any) -> bool:
    return _whole(x, 1, g.turn)


def phase(g: Table, x: Any) -> bool:
    return x in ("prepare", "move", "activate", "conclude")


def reason(g: Table, x: Any) -> bool:
    return x in ("summoned", "sealed", "cursed")


def curse_source(g: Table, x: Any) -> bool:
    """What brought a Curse: a meeting, an Elder Sign, or a card."""
    return x in ("meeting", "elder_sign") or card(g, x)


def purpose(g: Table, x: Any) -> bool:
    return x in ("raid", "other_worlds", "temporary", "effect")


EVENTS: dict[str, dict[str, Check]] = {  # keyed by EventKind
    # set-up and the turn
    EventKind.GOD_CHOSEN: {"seat": seat, "god": god},
    EventKind.SETUP_DONE: {"first": seat, "players": players},
    EventKind.ARTIFACTS_REVEALED: {"cards": cards},
    EventKind.TURN_STARTED: {"seat": seat, "turn": turn},
    EventKind.PHASE: {"seat": seat, "phase": phase},
    EventKind.TURN_ENDED: {"seat": seat},
    EventKind.GAME_OVER: {"winners": seats, "losers": seats, "reason": reason},
    # movement and placement
    EventKind.FATE_MOVED: {"seat": actor, "piece": piece, "frm": loc, "to": loc, "backs": backs},
    EventKind.NO_MOVE: {"seat": seat, "hand": symbols},
    EventKind.FATE_PIECE_STAYS: {"seat": seat, "location": loc},
    EventKind.INVESTIGATORS_FOLLOWED: {"seat": seat, "location": loc, "count": count},
    EventKind.CULTIST_PLACED: {"seat": seat, "location": loc},
    EventKind.EMPTY_LODGE: {"seat": seat, "taken": count},
    EventKind.SQUALL_STRUCK: {"seat": seat, "location": loc},
    EventKind.INVESTIGATOR_PLACED: {"location": loc},
    EventKind.SUPPLY_EMPTY: {"raided": seats},
    # rolls and raids
    EventKind.ROLLED: {"seat": seat, "purpose": purpose, "faces": faces},
    EventKind.RAID_DECLARED: {"seat": seat, "investigators": count},
    EventKind.RAID_REPELLED: {"seat": seat},
    EventKind.RAIDED: {"seat": seat, "signs": count, "destroyed": count},
    # Activate
    EventKind.CONTROL: {"seat": seat, "location": loc},
    # no Control, and the counts that refused it: the cult's Cultists there and the minimum,
    # and ``rival`` the other cult with the most Cultists there (-1: the Investigators, solo)
    EventKind.NO_CONTROL: {"seat": seat, "location": loc, "mine": count, "need": count, "rival": actor, "theirs": count},
    EventKind.TEMPORARY_CONTROL: {"seat": seat, "location": loc},
    EventKind.TEMPORARY_CONTROL_FAILED: {"seat": seat, "location": loc},
    EventKind.CONTROL_ACTION: {"seat": seat, "location": loc},
    EventKind.BASIC_ACTION: {"seat": seat, "location": loc},
    EventKind.CURSE_DESTROYED: {"seat": seat, "carried": count},
    EventKind.NO_ARTIFACTS: {"seat": seat},
    EventKind.DARK_GIFT: {"seat": seat, "god": god, "text": words},
    EventKind.GATE_GAINED: {"seat": seat},
    EventKind.GATE_LOST: {"seat": seat},
    EventKind.CULTIST_MOVED: {"seat": seat, "frm": loc, "to": loc},
    # Cultists, Investigators and the track
    EventKind.SACRIFICED: {"seat": seat, "location": loc, "count": some},
    EventKind.RECALLED: {"seat": seat, "count": some},
    EventKind.CULTISTS_LOST: {"seat": seat, "count": some},
    EventKind.CULTISTS_PLACED: {"seat": seat, "location": loc, "count": some},
    EventKind.CULTISTS_SENT_HOME: {"seat": seat, "location": loc, "count": count},
    EventKind.INVESTIGATORS_SENT: {"seat": seat, "count": some, "source": source},
    EventKind.INVESTIGATORS_LEFT: {"seat": seat, "count": some},
    EventKind.INVESTIGATORS_PLACED: {"location": loc, "count": some},
    EventKind.INVESTIGATORS_CLEARED: {"location": loc, "count": count},
    EventKind.SUMMON_MOVED: {"seat": seat, "frm": space, "to": space},
    EventKind.ELDER_SIGN_CURSE: {"seat": seat},
    EventKind.ELDER_SIGN_GAINED: {"seat": seat, "total": signs},
    EventKind.ELDER_SIGN_DESTROYED: {"seat": seat, "count": some, "total": signs},
    EventKind.SQUALL_PLACED: {"seat": seat, "location": loc},
    # cards
    EventKind.SPELL_DRAWN: {"seat": seat, "symbol": symbol},
    EventKind.SPELL_DRAWN_FACE: {"seat": seat, "card": card},
    EventKind.SPELL_DECK_RESHUFFLED: {"size": some},
    EventKind.COLUMN_DISCARDED: {"location": loc, "count": some},
    EventKind.SPELL_READIED: {"seat": seat, "symbol": symbol, "cost": cost},
    # the Conclude's ready step passed by itself: no Spell in hand could be paid for
    EventKind.NOTHING_TO_READY: {"seat": seat},
    EventKind.READIED_DISCARDED: {"seat": seat, "card": card},
    EventKind.SPELL_DISCARDED: {"seat": seat, "symbol": symbol, "card": card},
    EventKind.SPELL_CAST: {"seat": seat, "card": card, "name": words, "text": words},
    EventKind.SPELL_STOLEN: {"seat": seat, "frm": seat, "symbol": symbol},
    EventKind.SPELL_STOLEN_FACE: {"seat": seat, "card": card},
    EventKind.ARTIFACT_GAINED: {"seat": seat, "card": card},
    EventKind.ARTIFACT_DISCARDED: {"seat": seat, "card": card},
    EventKind.ARTIFACT_EXHAUSTED: {"seat": seat, "card": card, "name": words, "text": words},
    EventKind.ARTIFACT_DESTROYED: {"seat": seat, "card": card, "name": words, "text": words},
    EventKind.ARTIFACT_WRECKED: {"seat": seat, "card": card},
    EventKind.ARTIFACTS_REFRESHED: {"seat": seat, "cards": cards},
    # Curses
    EventKind.CURSED: {"seat": seat, "holder": actor, "carried": some, "source": curse_source},
    EventKind.CURSE_DRAWN: {"seat": seat, "holder": seat, "card": card},
    EventKind.CURSE_REVEALED: {"seat": seat, "holder": actor, "card": card, "name": words, "text": words},
    EventKind.CURSE_DECK_EMPTY: {"seat": seat},
    # dice changed after a roll
    EventKind.DIE_REROLLED: {"seat": seat, "die": die, "frm": face, "to": face},
    EventKind.DIE_TURNED: {"seat": seat, "die": die, "frm": face, "to": face},
    EventKind.DIE_REMOVED: {"seat": seat, "die": die, "face": face},
    EventKind.DICE_ADDED: {"seat": seat, "faces": faces},
    EventKind.INVESTIGATORS_WAIT: {},
}

# Every kind of decision a prompt asks for, in words (the table and the rules
# reference key on these).
PROMPT_KINDS = {
    "draft": "keep one of two Elder Gods", "move": "move the Fate Piece",
    "wild_card": "pick the Spells of a Wild pair", "destination": "where a Wild or Gate move goes",
    "cast_window": "cast a Readied Spell or use an Artifact, or pass",
    "temporary_control": "roll for Temporary Control", "control_action": "take the Control Action",
    "museum": "take an Artifact", "museum_replace": "replace the face-up Artifacts",
    "museum_sacrifice": "sacrifice Cultists to destroy Elder Signs", "artifact_limit": "discard a 4th Artifact",
    "streets_send": "send Investigators into rival Lodges", "gathering_move": "move Cultists from The Gathering",
    "ready": "ready a Spell", "ready_free": "ready a Spell for free", "reserve_full": "make room among the Readied Spells",
    "target": "choose a cult", "location": "choose a location", "piece": "choose a Fate Piece",
    "artifact": "choose an Artifact", "option": "choose one of a card's options",
    "move_cultists": "move Cultists between locations", "reroll": "reroll a die",
    "set_face": "turn a die to a face", "remove_die": "set a die aside",
}

# Events only some seats may see, and who: the seat named by this field (and, for a
# stolen Spell, the seat it was taken from).
PRIVATE: dict[str, str] = {EventKind.SPELL_DRAWN_FACE: "seat", EventKind.CURSE_DRAWN: "holder",
                           EventKind.SPELL_STOLEN_FACE: "seat", EventKind.NOTHING_TO_READY: "seat"}


def event_problems(g: Table, e: Event) -> list[str]:
    """What is wrong with an event the game has just emitted (empty if nothing)."""
    fields = EVENTS.get(e.kind)
    if fields is None:
        return [f"unknown event kind {e.kind!r}"]
    if not isinstance(e.data, dict):
        return [f"{e.kind}: data is not a map"]
    out = []
    if set(e.data) != set(fields):
        out.append(f"{e.kind}: fields {sorted(e.data)}, expected {sorted(fields)}")
    for name, ok in fields.items():
        if name in e.data and not ok(g, e.data[name]):
            out.append(f"{e.kind}: field {name!r} holds {e.data[name]!r}")
    private = PRIVATE.get(e.kind)
    if private is None and e.to is not None:
        out.append(f"{e.kind}: a public event shown only to {e.to}")
    if private is not None and (e.to is None or e.data.get(private) not in e.to):
        out.append(f"{e.kind}: a private event shown to {e.to}")
    return out
