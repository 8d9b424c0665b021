"""Undo within the rules of secrecy (fate/ui/session.py): a seat takes back its
own decisions, one at a time, until something unknown comes to light or
another seat is asked; the random stream is never changed by it."""

from __future__ import annotations

import json
import random

import pytest

from fate.tools.scenario import build
from fate.ui.session import SeatConfig, Session

GATHERING_MOVE = {"hand": ["hood-01", "key-03", "tome-05"], "cultists": {"gathering": 1}}


def session(content, humans=(True, False, False), **scenario) -> Session:
    scenario.setdefault("players", len(humans))
    g = build(content, scenario)
    return Session.from_game(content, [SeatConfig(h, "normal", i) for i, h in enumerate(humans)], g)


def kinds(s: Session) -> str:
    return s.game.pending().kind


def test_a_move_is_taken_back_and_the_same_prompt_returns(content):
    s = session(content, fate=["ceremony"], start="move", seats=[GATHERING_MOVE, {}, {}])
    before = s.view(0)
    assert kinds(s) == "move" and s.undo_reason(0) == "nothing to take back yet"
    s.apply("play:hood-01")
    assert kinds(s) == "gathering_move" and s.undo_reason(0) == ""
    assert s.undo(0)
    assert kinds(s) == "move" and s.view(0) == before
    assert [c["id"] for c in s.view(0)["seats"][0]["hand"]] == ["hood-01", "key-03", "tome-05"]
    assert s.undo_reason(0) == "nothing more to take back"


def test_decisions_are_taken_back_one_at_a_time_latest_first(content):
    s = session(content, fate=["ceremony"], start="move",
                seats=[dict(GATHERING_MOVE, cultists={"gathering": 3}), {}, {}])
    s.apply("play:hood-01")
    moved = [loc["cultists"][0] for loc in s.view(0)["locations"]]
    s.apply("to:5")  # The Gathering's Basic Action: one Cultist to The Library
    assert s.view(0)["locations"][5]["cultists"][0] == moved[5] + 1
    s.undo(0)
    assert kinds(s) == "gathering_move"
    assert [loc["cultists"][0] for loc in s.view(0)["locations"]] == moved
    s.undo(0)
    assert kinds(s) == "move"


@pytest.mark.parametrize("case,reason", [
    ("die", "a die was rolled"),
    ("draw", "a Spell was drawn"),
    ("artifact", "an Artifact was turned face up"),
    ("curse", "a Curse was drawn"),
])
def test_whatever_brings_the_unknown_to_light_blocks_undo(content, case, reason):
    if case == "die":  # no Control at The Gathering: roll for Temporary Control
        s = session(content, fate=["gathering"], start="activate", seats=[{"cultists": {"gathering": 1}}, {}, {}],
                    dice=["pentagram"])
        s.apply("stop")
        s.apply("roll")
    elif case == "draw":  # The Library's Basic Action draws three Spells
        s = session(content, fate=["ceremony"], start="move",
                    seats=[{"hand": ["tome-01", "key-03", "hood-05"]}, {}, {}])
        s.apply("play:tome-01")
    elif case == "artifact":  # taking a face-up Artifact turns the next one up
        s = session(content, fate=["museum"], start="activate", artifacts_face_up=["star-stone", "censer"],
                    seats=[{"cultists": {"museum": 1}}, {}, {}])
        s.apply("no")  # no roll for Temporary Control (The Museum asks first)
        assert s.undo_reason(0) == ""
        s.apply("artifact:star-stone")
    else:  # Kindled Hex curses a rival; seat 0, on its right, draws the Curse
        s = session(content, fate=["gathering"], start="activate", seats=[{"reserve": ["flame-05"]}, {}, {}])
        s.apply("cast:flame-05")
        assert s.undo_reason(0) == ""
        s.apply("seat:1")
    assert s.game.pending().seat == 0
    assert s.undo_reason(0) == reason
    assert not s.undo(0)


def test_another_cult_asked_blocks_undo_and_no_cult_undoes_another(content):
    """Hotseat: seat 1 holds a Spell it may cast at any time, so the Activate window
    asks it after seat 0's move. Seat 0 may no longer undo; seat 1 has nothing of
    its own to take back."""
    s = session(content, humans=(True, True, False), fate=["ceremony"], start="move",
                seats=[GATHERING_MOVE, {"reserve": ["key-04"]}, {}])
    assert s.game.pending().seat == 1  # the Move phase's window: seat 1 may cast
    s.apply("pass")
    s.apply("play:hood-01")
    p = s.game.pending()
    assert p.kind == "cast_window" and p.seat == 1
    assert s.undo_reason(0) == "another cult has been asked since" and not s.undo(0)
    assert s.undo_reason(1) == "the last decisions were another cult's" and not s.undo(1)
    s.apply("pass")
    assert not s.undo(0) and not s.undo(1)


def test_ai_seats_never_undo(content):
    s = session(content, humans=(False, False, False), fate=["ceremony"], start="move",
                seats=[GATHERING_MOVE, {}, {}])
    s.apply("play:hood-01")
    assert s.undo_reason(0) == "only a player can take back a decision" and not s.undo(0)


def test_undo_and_the_same_choice_again_give_the_same_dice(content):
    """The random stream comes back with the game: after undo, choosing the same
    again rolls the very same die (no dice are forced here)."""
    def play(undo: bool) -> list:
        s = session(content, fate=["ceremony"], start="move", seed=77, seats=[GATHERING_MOVE, {}, {}])
        s.apply("play:hood-01")
        if undo:
            assert s.undo(0)
            s.apply("play:hood-01")
        s.apply("stop")
        s.apply("roll")
        return [e.data["faces"] for e in s.events if e.kind == "rolled"]

    assert play(undo=True) == play(undo=False) != []


def test_undo_in_solo_against_the_investigators(content):
    s = session(content, humans=(True,), fate=["ceremony", "library"], start="move", seats=[GATHERING_MOVE])
    s.apply("play:hood-01")
    assert s.undo(0) and kinds(s) == "move"


def test_undo_takes_the_chronicle_back_too(content):
    s = session(content, fate=["ceremony"], start="move", seats=[GATHERING_MOVE, {}, {}])
    told = len(s.events)
    s.apply("play:hood-01")
    assert len(s.events) > told
    s.undo(0)
    assert len(s.events) == told


def play_until_undo_is_offered(s: Session, seed: int) -> int:
    """Random choices of a two-human game until the seat asked may take back its last
    decision; returns that seat."""
    r = random.Random(seed)
    for _ in range(2000):
        p = s.game.pending()
        if len(s.game.choices_made) > 6 and s.undo_reason(p.seat) == "":
            return p.seat
        s.apply(r.choice(p.choices).id)
    raise AssertionError("undo was never offered")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_survives_closing_and_continuing(content, tmp_path, seed):
    """Closed at a moment Undo is offered, the game continues with Undo offered, and it
    takes back the same decision to the same position (the trail rebuilt from the save)."""
    seats = [SeatConfig(True, "normal", 0), SeatConfig(True, "normal", 1)]
    s = Session(content, seats, seed, saves=tmp_path)
    seat = play_until_undo_is_offered(s, seed)
    path, made = s.save_file, list(s.game.choices_made)
    s.close()
    again = Session.resume(content, path)
    try:
        assert again.game.choices_made == made and again.undo_reason(seat) == ""
        assert s.undo(seat) and again.undo(seat)  # the session as it was, and the one continued
        assert again.game.choices_made == s.game.choices_made and again.game.pending() == s.game.pending()
        assert again.view(seat) == s.view(seat) and again.events == s.events
        assert again.undo_reason(seat) == s.undo_reason(seat)  # the same number of steps back, or why not
    finally:
        again.close()


def test_a_save_that_does_not_replay_to_itself_continues_with_nothing_to_take_back(content, tmp_path):
    seats = [SeatConfig(True, "normal", 0), SeatConfig(True, "normal", 1)]
    s = Session(content, seats, 4, saves=tmp_path)
    seat = play_until_undo_is_offered(s, 4)
    s.close()
    data = json.loads(s.save_file.read_text())
    data["config"]["seed"] += 1  # the choices no longer lead to the saved position
    s.save_file.write_text(json.dumps(data))
    again = Session.resume(content, s.save_file)
    try:
        assert again.game.choices_made == s.game.choices_made
        assert again.undo_reason(seat) == "nothing to take back yet" and not again.undo(seat)
    finally:
        again.close()
