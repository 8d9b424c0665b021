"""Prompts turned into targets: one click, two-part choices, Back and Pass."""

from __future__ import annotations

from fate.ui.table.picker import Picker, choice_path


def prompt(*ids: str) -> dict:
    return {"seat": 0, "kind": "k", "text": "t", "choices": [{"id": i, "label": f"label {i}"} for i in ids]}


def test_choice_ids_name_what_they_act_on():
    assert choice_path("to:1") == [("loc", "museum")]
    assert choice_path("play:flame-02") == [("card", "flame-02")]
    assert choice_path("move:library:museum") == [("loc", "library"), ("loc", "museum")]
    assert choice_path("seat:2") == [("seat", 2)]
    assert choice_path("send:supply:1") == [("seat", 1), ("button", "send:supply:1")]
    assert choice_path("die:3") == [("die", 3)]
    assert choice_path("pass") == [("button", "pass")]
    assert choice_path("to:x") == [("button", "to:x")]  # malformed ids fall back to a button


def test_a_two_part_choice_takes_two_clicks_and_back_steps_out():
    p = Picker(prompt("move:library:museum", "move:library:streets", "move:gathering:museum", "stop"))
    assert set(p.live()) == {("loc", "library"), ("loc", "gathering"), ("button", "stop")}
    assert p.click(("loc", "library")) is None
    assert set(p.live()) == {("loc", "museum"), ("loc", "streets")}
    assert p.decline() is None  # Space does not answer half a choice
    assert p.cancel() and set(p.live()) == {("loc", "library"), ("loc", "gathering"), ("button", "stop")}
    p.click(("loc", "library"))
    assert p.click(("loc", "streets")) is None  # complete, but it waits for Confirm
    assert set(p.live()) == {("confirm",)} and p.label(("confirm",)) == "Confirm: label move:library:streets"
    assert p.cancel() and set(p.live()) == {("loc", "museum"), ("loc", "streets")}
    p.click(("loc", "streets"))
    assert p.click(("confirm",)) == "move:library:streets" and p.stage == []


def test_a_single_remaining_choice_completes_at_once():
    p = Picker(prompt("move:gathering:museum", "stop"))
    assert p.click(("loc", "gathering")) == "move:gathering:museum"
    assert p.label(("button", "stop")) == "label stop"


def test_a_button_that_ends_a_choice_needs_no_confirm_and_enter_confirms_a_move():
    p = Picker(prompt("send:lodge:1", "send:supply:1", "send:supply:2"))
    assert p.click(("seat", 1)) is None
    assert p.click(("button", "send:supply:1")) == "send:supply:1"
    q = Picker(prompt("move:library:museum", "move:library:streets"))
    q.click(("loc", "library"))
    q.click(("loc", "museum"))
    assert q.confirm() == "move:library:museum" and q.confirm() is None


def test_clicking_something_that_is_not_offered_does_nothing():
    p = Picker(prompt("to:1", "to:2"))
    assert p.click(("loc", "library")) is None
    assert p.stage == [] and p.decline() is None
    assert Picker(prompt("to:1", "skip")).decline() == "skip"
