"""A Control Action that costs nothing and can only help is taken for the player
(fate/ui/table/free_control.py); one paid with Cultists is asked; the setting is kept;
the Chronicle says why. And the chances to cast after a rival's roll or before a
rival's move that no card could use well are passed (fate/ui/table/roll_worth.py)."""

from __future__ import annotations

import json

import pytest

from fate.records import settings as settings_file
from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.autopass import AutoPass, Moment, table_answer, window_of
from fate.ui.table.free_control import control_answer
from tests.ui.table.test_table_play import frame


def control_prompt(content, place: str, dice=(), solo: bool = False, **seat):
    """Seat 0 holds Control at ``place`` (four Cultists there), the game at its Control Action."""
    me = {"cultists": {place: 4}, "hand": ["key-01", "tome-02", "hood-02"]} | seat
    scenario = {"players": 1 if solo else 3, "start": "activate", "dice": list(dice),
                "fate": [place, "gathering" if place != "gathering" else "library"] if solo else [place],
                "seats": [me] if solo else [me, {"cultists": {place: 0}}, {"cultists": {place: 0}}]}
    g = build(content, scenario)
    for _ in range(20):  # the Basic Action's own questions, answered with their first choice
        p = g.pending()
        if p is None or p.kind == "control_action":
            break
        g.apply("pass" if p.choice("pass") else p.choices[0].id)
    p = g.pending()
    assert p is not None and p.kind == "control_action" and p.seat == 0, p
    return g, p


def test_r_ow_2_the_other_worlds_control_action_is_taken_for_the_player(content):
    g, p = control_prompt(content, "other_worlds", dice=["pentagram"] * 4, abyss=5, lodge=11)
    assert control_answer(["helps"] * 4, p) == "take"
    lodge = g.lodge[0]
    g.apply("take")
    assert g.lodge[0] > lodge  # the Cultists came back from the Abyss


def test_r_mu_3_the_museum_control_action_is_taken_and_each_part_is_still_asked(content):
    g, p = control_prompt(content, "museum")
    assert control_answer(["helps"] * 4, p) == "take"
    g.apply("take")
    assert g.pending().kind == "museum_replace" and g.pending().choice("keep") is not None


def test_r_ga_2_the_gathering_control_action_is_taken_and_moving_none_is_still_offered(content):
    g, p = control_prompt(content, "gathering")
    assert control_answer(["helps"] * 4, p) == "take"
    g.apply("take")
    assert g.pending().kind == "gathering_move" and g.pending().choice("stop") is not None


def test_r_li_3_the_library_control_action_is_taken_and_readying_nothing_is_still_offered(content):
    g, p = control_prompt(content, "library")
    assert control_answer(["helps"] * 4, p) == "take"
    g.apply("take")
    assert g.pending().kind == "ready_free" and any(c.id.startswith("ready:") for c in g.pending().choices)
    assert g.pending().choices[-1].label == "Ready nothing"


@pytest.mark.parametrize("place", ["ceremony", "streets"])
def test_r_ce_2_r_sa_2_a_control_action_paid_with_cultists_is_asked(content, place):
    """R-CE-2 and R-SA-2 sacrifice Cultists: the default asks."""
    g, p = control_prompt(content, place)
    assert control_answer(["helps"] * 4, p) is None
    assert control_answer(["always"] * 4, p) == "take"  # the player said so in Settings


def test_r_so_7_with_a_curse_to_destroy_instead_the_control_action_is_asked(content):
    g, p = control_prompt(content, "library", solo=True, curses=["hubris"])
    assert p.choice("cleanse") is not None
    assert control_answer(["helps"] * 4, p) is None and control_answer(["always"] * 4, p) is None


def test_r_li_3_the_setting_ask_keeps_asking(content):
    g, p = control_prompt(content, "library")
    assert control_answer(["ask"] * 4, p) is None
    assert table_answer(AutoPass(["mine"] * 3), ["always"] * 3, g, p, ["ask"] * 4) is None
    assert table_answer(AutoPass(["mine"] * 3), ["always"] * 3, g, p, ["helps"] * 4) == "take"


def library_table(content, tmp_path, setting=None):
    """Seat 0 (human) holds Control at The Library, the turn at its Activate."""
    app = App(content, size=(1280, 720), seed=5, saves=tmp_path,
              settings={"speed": 3} | ({"control_action": [setting] * 4} if setting else {}))
    g = build(content, {"players": 3, "fate": ["library"], "start": "activate",
                        "seats": [{"cultists": {"library": 4}, "hand": ["key-01", "tome-02", "hood-02"]},
                                  {"cultists": {"library": 0}}, {"cultists": {"library": 0}}]})
    session = Session.from_game(content, [SeatConfig(i == 0, "easy", i) for i in range(3)], g, saves=tmp_path)
    open_table(app, session)
    return app, app.scene


def first_shown(app, scene) -> dict:
    for _ in range(90):
        frame(app)
        if scene.picker is not None and scene.picker.prompt["kind"] not in ("cast_window",):
            return scene.picker.prompt
        if scene.picker is not None:
            scene.choose("pass")
    raise AssertionError("no decision was shown")


def test_r_li_3_the_chronicle_says_the_control_action_was_taken_and_why(content, tmp_path):
    app, scene = library_table(content, tmp_path)
    try:
        shown = first_shown(app, scene)
        assert shown["kind"] == "ready_free"  # the take-or-skip question was never shown
        assert "take" in scene.session.game.choices_made
        said = [text for text, _colour in scene.log]
        at = next((i for i, t in enumerate(said) if t.startswith("Taken for you") and "can only help" in t), -1)
        assert at >= 0 and "Spell to Ready" in said[at], said[-4:]
        assert "Control Action of The Library" in said[at + 1], said[-4:]  # the next line says which
    finally:
        app.close()


def test_r_li_3_asked_at_the_table_when_the_setting_is_ask(content, tmp_path):
    app, scene = library_table(content, tmp_path, "ask")
    try:
        assert first_shown(app, scene)["kind"] == "control_action"
    finally:
        app.close()


def test_the_control_action_setting_is_kept_across_a_restart(content, tmp_path, monkeypatch):
    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path))  # the player's own settings file, in a scratch folder
    app = App(content, size=(1280, 720), seed=5, saves=tmp_path)
    try:
        app.visit("settings")
        frame(app)
        spot = next(h for h in app.scene.hotspots() if h.key == ("control_action", "ask"))
        assert "asks" in spot.tip
        app.frame(click(spot.rect.center), 1 / 30)
        assert app.settings["control_action"] == ["ask", "helps", "helps", "helps"]
    finally:
        app.close()
    again = App(content, size=(1280, 720), seed=5, saves=tmp_path)  # the next session reads the file
    try:
        assert again.settings["control_action"] == ["ask", "helps", "helps", "helps"]
        assert again.settings_path is not None and again.settings_path.is_relative_to(tmp_path)
    finally:
        again.close()


@pytest.mark.parametrize("bad", [["take"] * 4, ["helps"] * 3, "helps", [True] * 4])
def test_a_damaged_control_action_setting_gives_the_default(tmp_path, bad):
    where = tmp_path / "settings.json"
    where.write_text(json.dumps({"control_action": bad}))
    kept, said = settings_file.load(where)
    assert kept["control_action"] == ["helps"] * 4 and "control_action" in said


# ---------------------------------------------------------------- chances no card could use well

def rival_roll(content, face: str, held: str):
    """Seat 1 rolls for Temporary Control at The Museum (the die shows ``face``) while seat 0
    holds the Readied ``held``: the chance to cast seat 0 is offered after that roll."""
    g = build(content, {"players": 2, "current": 1, "start": "activate", "fate": ["ceremony", "museum"],
                        "dice": [face], "seats": [{"reserve": [held], "hand": ["key-01", "tome-02", "hood-02"]},
                                                  {"cultists": {"museum": 1}}]})
    for _ in range(20):
        p = g.pending()
        if p.kind == "cast_window" and window_of(p) == ("after_roll", 1) and p.seat == 0:
            return g, p
        g.apply("roll" if p.choice("roll") else "pass" if p.choice("pass") else p.choices[0].id)
    raise AssertionError("no window after the rival's roll")


@pytest.mark.parametrize("face,stops", [
    ("pentagram", True),  # the rival won Temporary Control: Erratum's reroll could take it away
    ("skull", False),  # the rival failed: a reroll could only help them
])
def test_r_ac_3_after_a_rivals_roll_the_default_stops_only_where_a_card_could_spoil_it(content, face, stops):
    g, p = rival_roll(content, face, "tome-04")
    assert AutoPass(["mine", "mine"]).passes(Moment.of(g), p) is not stops
    assert AutoPass(["every", "every"]).passes(Moment.of(g), p) is False


def test_a_card_for_a_rivals_turn_is_offered_once_its_move_is_known(content):
    """Infiltrators (another cult's turn): passed at the rival's Prepare, offered at its Activate."""
    g = build(content, {"players": 2, "current": 1, "start": "prepare", "fate": ["ceremony", "museum"],
                        "seats": [{"reserve": ["hood-09"], "hand": ["key-01", "tome-02", "hood-02"]},
                                  {"hand": ["hood-03", "tome-05", "key-05"]}]})
    table = AutoPass(["mine", "every"])
    kinds = []
    for _ in range(30):
        p = g.pending()
        if p is None or g.cur != 1:
            break
        if p.kind == "cast_window" and p.seat == 0:
            kinds.append((window_of(p)[0], table.passes(Moment.of(g), p)))
        g.apply("pass" if p.choice("pass") else p.choices[0].id)
    assert ("prepare", True) in kinds and ("activate", False) in kinds, kinds


@pytest.mark.parametrize("held,stops", [
    ("flame-11", False),  # Candle in the Void adds two dice: 11 in 36 to find the Pentagram, under a third
    ("hood-11", True),  # The Faithful Return turns a die to the Pentagram: the roll succeeds
])
def test_r_ac_3_dice_added_to_your_roll_are_judged_as_a_reroll_is(content, held, stops):
    from tests.ui.table.test_autopass import temporary_roll

    g, p = temporary_roll(content, held, "skull")
    assert window_of(p) == ("after_roll", 0)
    assert AutoPass(["mine"]).passes(Moment.of(g), p) is not stops
