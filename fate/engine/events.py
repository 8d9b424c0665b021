"""The catalogue of events and prompts: every event kind the engine emits, with
its fields, and every kind of decision it asks for.

The table narrates and animates from events alone, so their shape is part of
the engine's contract: ``event_problems(game, event)`` says what is wrong with
one (an unknown kind, a missing or extra field, a value out of range). The
fuzz and property tests check every event of thousands of games against it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fate.engine.constants import N_LOCATIONS, SUMMON_WIN
from fate.engine.game import Game
from fate.engine.model import Event

Check = Callable[[Game, Any], bool]


def _whole(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def seat(g: Game, x: Any) -> bool:
    return _whole(x, 0, g.n - 1)


def actor(g: Game, x: Any) -> bool:
    """A seat, or -1: the game itself (the Investigators of solo play)."""
    return _whole(x, -1, g.n - 1)


def loc(g: Game, x: Any) -> bool:
    return _whole(x, 0, N_LOCATIONS - 1)


def count(g: Game, x: Any) -> bool:
    return _whole(x, 0, 99)


def some(g: Game, x: Any) -> bool:
    """A count of at least one: the event is only told when something moved."""
    return _whole(x, 1, 99)


def card(g: Game, x: Any) -> bool:
    return isinstance(x, str) and x in g.content.by_id


def cards(g: Game, x: Any) -> bool:
    return isinstance(x, list) and all(card(g, c) for c in x)


def face(g: Game, x: Any) -> bool:
    return isinstance(x, str) and any(f.id == x for f in g.content.dice.faces)


def faces(g: Game, x: Any) -> bool:
    return isinstance(x, list) and all(face(g, f) for f in x)


def symbol(g: Game, x: Any) -> bool:
    """An Astral back: 1..5 (The Other Worlds' star is on no back)."""
    return _whole(x, 1, N_LOCATIONS - 1)


def symbols(g: Game, x: Any) -> bool:
    return isinstance(x, list) and all(symbol(g, s) for s in x)


def cost(g: Game, x: Any) -> bool:
    return isinstance(x, list) and all(_whole(s, 0, N_LOCATIONS - 1) for s in x)


def backs(g: Game, x: Any) -> bool:
    return isinstance(x, list) and all(b == "gate" or symbol(g, b) for b in x)


def words(g: Game, x: Any) -> bool:
    return isinstance(x, str) and x != ""


def space(g: Game, x: Any) -> bool:
    return _whole(x, 0, SUMMON_WIN)


def signs(g: Game, x: Any) -> bool:
    return _whole(x, 0, 10)


def piece(g: Game, x: Any) -> bool:
    return _whole(x, 0, len(g.pieces) - 1)


def die(g: Game, x: Any) -> bool:
    return _whole(x, 0, 40)


def seats(g: Game, x: Any) -> bool:
    return isinstance(x, list) and all(seat(g, s) for s in x)


def source(g: Game, x: Any) -> bool:
    return x == "supply" or seat(g, x)


def god(g: Game, x: Any) -> bool:
    return card(g, x) and g.content.card(x).kind == "god"


def players(g: Game, x: Any) -> bool:
    return x == g.n


def turn(g: Game, x: Any) -> bool:
    return _whole(x, 1, g.turn)


def phase(g: Game, x: Any) -> bool:
    return x in ("prepare", "move", "activate", "conclude")


def reason(g: Game, x: Any) -> bool:
    return x in ("summoned", "sealed", "cursed")


def curse_source(g: Game, x: Any) -> bool:
    """What brought a Curse: a meeting, an Elder Sign, or a card."""
    return x in ("meeting", "elder_sign") or card(g, x)


def purpose(g: Game, x: Any) -> bool:
    return x in ("raid", "other_worlds", "temporary", "effect")


EVENTS: dict[str, dict[str, Check]] = {
    # set-up and the turn
    "god_chosen": {"seat": seat, "god": god},
    "setup_done": {"first": seat, "players": players},
    "artifacts_revealed": {"cards": cards},
    "turn_started": {"seat": seat, "turn": turn},
    "phase": {"seat": seat, "phase": phase},
    "turn_ended": {"seat": seat},
    "game_over": {"winners": seats, "losers": seats, "reason": reason},
    # movement and placement
    "fate_moved": {"seat": actor, "piece": piece, "frm": loc, "to": loc, "backs": backs},
    "no_move": {"seat": seat, "hand": symbols},
    "fate_piece_stays": {"seat": seat, "location": loc},
    "investigators_followed": {"seat": seat, "location": loc, "count": count},
    "cultist_placed": {"seat": seat, "location": loc},
    "empty_lodge": {"seat": seat, "taken": count},
    "squall_struck": {"seat": seat, "location": loc},
    "investigator_placed": {"location": loc},
    "supply_empty": {"raided": seats},
    # rolls and raids
    "rolled": {"seat": seat, "purpose": purpose, "faces": faces},
    "raid_declared": {"seat": seat, "investigators": count},
    "raid_repelled": {"seat": seat},
    "raided": {"seat": seat, "signs": count, "destroyed": count},
    # Activate
    "control": {"seat": seat, "location": loc},
    # no Control, and the counts that refused it: the cult's Cultists there and the minimum,
    # and ``rival`` the other cult with the most Cultists there (-1: the Investigators, solo)
    "no_control": {"seat": seat, "location": loc, "mine": count, "need": count, "rival": actor, "theirs": count},
    "temporary_control": {"seat": seat, "location": loc},
    "temporary_control_failed": {"seat": seat, "location": loc},
    "control_action": {"seat": seat, "location": loc},
    "basic_action": {"seat": seat, "location": loc},
    "curse_destroyed": {"seat": seat, "carried": count},
    "no_artifacts": {"seat": seat},
    "dark_gift": {"seat": seat, "god": god, "text": words},
    "gate_gained": {"seat": seat},
    "gate_lost": {"seat": seat},
    "cultist_moved": {"seat": seat, "frm": loc, "to": loc},
    # Cultists, Investigators and the track
    "sacrificed": {"seat": seat, "location": loc, "count": some},
    "recalled": {"seat": seat, "count": some},
    "cultists_lost": {"seat": seat, "count": some},
    "cultists_placed": {"seat": seat, "location": loc, "count": some},
    "cultists_sent_home": {"seat": seat, "location": loc, "count": count},
    "investigators_sent": {"seat": seat, "count": some, "source": source},
    "investigators_left": {"seat": seat, "count": some},
    "investigators_placed": {"location": loc, "count": some},
    "investigators_cleared": {"location": loc, "count": count},
    "summon_moved": {"seat": seat, "frm": space, "to": space},
    "elder_sign_curse": {"seat": seat},
    "elder_sign_gained": {"seat": seat, "total": signs},
    "elder_sign_destroyed": {"seat": seat, "count": some, "total": signs},
    "squall_placed": {"seat": seat, "location": loc},
    # cards
    "spell_drawn": {"seat": seat, "symbol": symbol},
    "spell_drawn_face": {"seat": seat, "card": card},
    "spell_deck_reshuffled": {"size": some},
    "column_discarded": {"location": loc, "count": some},
    "spell_readied": {"seat": seat, "symbol": symbol, "cost": cost},
    # the Conclude's ready step passed by itself: no Spell in hand could be paid for
    "nothing_to_ready": {"seat": seat},
    "readied_discarded": {"seat": seat, "card": card},
    "spell_discarded": {"seat": seat, "symbol": symbol, "card": card},
    "spell_cast": {"seat": seat, "card": card, "name": words, "text": words},
    "spell_stolen": {"seat": seat, "frm": seat, "symbol": symbol},
    "spell_stolen_face": {"seat": seat, "card": card},
    "artifact_gained": {"seat": seat, "card": card},
    "artifact_discarded": {"seat": seat, "card": card},
    "artifact_exhausted": {"seat": seat, "card": card, "name": words, "text": words},
    "artifact_destroyed": {"seat": seat, "card": card, "name": words, "text": words},
    "artifact_wrecked": {"seat": seat, "card": card},
    "artifacts_refreshed": {"seat": seat, "cards": cards},
    # Curses
    "cursed": {"seat": seat, "holder": actor, "carried": some, "source": curse_source},
    "curse_drawn": {"seat": seat, "holder": seat, "card": card},
    "curse_revealed": {"seat": seat, "holder": actor, "card": card, "name": words, "text": words},
    "curse_deck_empty": {"seat": seat},
    # dice changed after a roll
    "die_rerolled": {"seat": seat, "die": die, "frm": face, "to": face},
    "die_turned": {"seat": seat, "die": die, "frm": face, "to": face},
    "die_removed": {"seat": seat, "die": die, "face": face},
    "dice_added": {"seat": seat, "faces": faces},
    "investigators_wait": {},
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
PRIVATE = {"spell_drawn_face": "seat", "curse_drawn": "holder", "spell_stolen_face": "seat",
           "nothing_to_ready": "seat"}


def event_problems(g: Game, e: Event) -> list[str]:
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
