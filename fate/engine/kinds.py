"""Every kind of event the engine emits, named once: ``EventKind``.

An event's ``kind`` is a member of this catalogue. It is a ``StrEnum``, so a member
is the very string it names: ``EventKind.RAID_DECLARED == "raid_declared"``, it hashes
as that string (a table keyed by kind answers an event read back from a save or the
network, whose kind is a plain ``str``), and JSON writes it as that string (saves and
messages are unchanged). What each kind carries is described beside it in
fate/engine/events.py (``EVENTS``); the readers of events (the Chronicle's words, the
table's news, beats and sounds) are tables keyed by these members, each with a test
that no kind is missing.

This module imports nothing of the engine, so every part of it (``Game`` too) can
name a kind. An emitter that runs in the search's hot loop reads the member once,
when its module is loaded (the recurring events are made then: fate/engine/flow.py),
because reading an attribute of an Enum class costs some 0.15 us on Python 3.11.
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """What happened: the ``kind`` of an ``Event`` (fate/engine/model.py)."""

    # set-up and the turn
    GOD_CHOSEN = "god_chosen"
    SETUP_DONE = "setup_done"
    ARTIFACTS_REVEALED = "artifacts_revealed"
    TURN_STARTED = "turn_started"
    PHASE = "phase"
    TURN_ENDED = "turn_ended"
    GAME_OVER = "game_over"
    # movement and placement
    FATE_MOVED = "fate_moved"
    NO_MOVE = "no_move"
    FATE_PIECE_STAYS = "fate_piece_stays"
    INVESTIGATORS_FOLLOWED = "investigators_followed"
    CULTIST_PLACED = "cultist_placed"
    EMPTY_LODGE = "empty_lodge"
    SQUALL_STRUCK = "squall_struck"
    INVESTIGATOR_PLACED = "investigator_placed"
    SUPPLY_EMPTY = "supply_empty"
    # rolls and raids
    ROLLED = "rolled"
    RAID_DECLARED = "raid_declared"
    RAID_REPELLED = "raid_repelled"
    RAIDED = "raided"
    # Activate
    CONTROL = "control"
    # no Control, and the counts that refused it: the cult's Cultists there and the minimum,
    # and ``rival`` the other cult with the most Cultists there (-1: the Investigators, solo)
    NO_CONTROL = "no_control"
    TEMPORARY_CONTROL = "temporary_control"
    TEMPORARY_CONTROL_FAILED = "temporary_control_failed"
    CONTROL_ACTION = "control_action"
    BASIC_ACTION = "basic_action"
    CURSE_DESTROYED = "curse_destroyed"
    NO_ARTIFACTS = "no_artifacts"
    DARK_GIFT = "dark_gift"
    GATE_GAINED = "gate_gained"
    GATE_LOST = "gate_lost"
    CULTIST_MOVED = "cultist_moved"
    # Cultists, Investigators and the track
    SACRIFICED = "sacrificed"
    RECALLED = "recalled"
    CULTISTS_LOST = "cultists_lost"
    CULTISTS_PLACED = "cultists_placed"
    CULTISTS_SENT_HOME = "cultists_sent_home"
    INVESTIGATORS_SENT = "investigators_sent"
    INVESTIGATORS_LEFT = "investigators_left"
    INVESTIGATORS_PLACED = "investigators_placed"
    INVESTIGATORS_CLEARED = "investigators_cleared"
    SUMMON_MOVED = "summon_moved"
    ELDER_SIGN_CURSE = "elder_sign_curse"
    ELDER_SIGN_GAINED = "elder_sign_gained"
    ELDER_SIGN_DESTROYED = "elder_sign_destroyed"
    SQUALL_PLACED = "squall_placed"
    # cards
    SPELL_DRAWN = "spell_drawn"
    SPELL_DRAWN_FACE = "spell_drawn_face"
    SPELL_DECK_RESHUFFLED = "spell_deck_reshuffled"
    COLUMN_DISCARDED = "column_discarded"
    SPELL_READIED = "spell_readied"
    # the Conclude's ready step passed by itself: no Spell in hand could be paid for
    NOTHING_TO_READY = "nothing_to_ready"
    READIED_DISCARDED = "readied_discarded"
    SPELL_DISCARDED = "spell_discarded"
    SPELL_CAST = "spell_cast"
    SPELL_STOLEN = "spell_stolen"
    SPELL_STOLEN_FACE = "spell_stolen_face"
    ARTIFACT_GAINED = "artifact_gained"
    ARTIFACT_DISCARDED = "artifact_discarded"
    ARTIFACT_EXHAUSTED = "artifact_exhausted"
    ARTIFACT_DESTROYED = "artifact_destroyed"
    ARTIFACT_WRECKED = "artifact_wrecked"
    ARTIFACTS_REFRESHED = "artifacts_refreshed"
    # Curses
    CURSED = "cursed"
    CURSE_DRAWN = "curse_drawn"
    CURSE_REVEALED = "curse_revealed"
    CURSE_DECK_EMPTY = "curse_deck_empty"
    # dice changed after a roll
    DIE_REROLLED = "die_rerolled"
    DIE_TURNED = "die_turned"
    DIE_REMOVED = "die_removed"
    DICE_ADDED = "dice_added"
    INVESTIGATORS_WAIT = "investigators_wait"


class UnknownEventKind(ValueError):
    """A kind that is not in the catalogue (read from outside the process)."""


def event_kind(text: object) -> EventKind:
    """The member named by ``text``; UnknownEventKind (one short line) for anything else."""
    if isinstance(text, str):
        try:
            return EventKind(text)
        except ValueError:
            pass
    shown = repr(text)
    raise UnknownEventKind(f"unknown event kind {shown[:40] + '...' if len(shown) > 40 else shown}")
