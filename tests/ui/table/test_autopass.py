"""Auto-pass and the one-choice rule at the table, through the real scenes: the
table answers for the player with the engine's own choice ids."""

from __future__ import annotations

import pygame
import pytest

from fate.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from tests.ui.table.test_table_play import frame

ANY_SPELL = "key-03"  # Crack in the Seal: any time


def table_with(content, tmp_path, humans, autopass, **scenario):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3, "autopass": autopass}, saves=tmp_path)
    g = build(content, scenario)
    seats = [SeatConfig(h, "easy", i) for i, h in enumerate(humans)]
    session = Session.from_game(content, seats, g, saves=tmp_path)
    open_table(app, session)
    return app, app.scene


def rival_turn(content, tmp_path, mode):
    """Seat 0 (human) holds an any-time Spell; seat 1 (human too) is about to play its turn."""
    return table_with(content, tmp_path, [True, True], [mode] * 4, players=2, current=1, start="prepare",
                      fate=["ceremony", "museum"],
                      seats=[{"reserve": [ANY_SPELL], "hand": ["hood-01", "tome-05", "key-04"]},
                             {"hand": ["hood-02", "tome-02", "key-05"]}])


def shown_prompts(app, scene, frames=60):
    """(seat, kind) of each decision the table shows, answering each with Pass or the first choice."""
    seen = []
    for _ in range(frames):
        frame(app)
        if scene.handoff is not None:
            scene.take_over()
            continue
        if scene.picker is not None:
            p = scene.picker.prompt
            seen.append((p["seat"], p["kind"], scene.session.game.cur))
            ids = [c["id"] for c in p["choices"]]
            scene.choose("pass" if "pass" in ids else ids[0])
            if len(seen) >= 6:
                break
    return seen


def test_default_auto_pass_skips_a_rival_turns_windows_and_records_pass(content, tmp_path):
    app, scene = rival_turn(content, tmp_path, "mine")
    try:
        seen = shown_prompts(app, scene)
        # seat 0 is never asked during seat 1's turn: the table passed for it
        assert not [s for s in seen if s[0] == 0 and s[2] == 1]
        made = scene.session.game.choices_made
        assert "pass" in made  # the engine's own choice id, as a click would have sent
    finally:
        app.close()


def test_stop_at_every_window_asks_in_the_rival_turn(content, tmp_path):
    app, scene = rival_turn(content, tmp_path, "every")
    try:
        seen = shown_prompts(app, scene)
        assert (0, "cast_window", 1) in seen
    finally:
        app.close()


def test_cast_button_stops_at_the_next_chance_even_with_never(content, tmp_path):
    app, scene = table_with(content, tmp_path, [True, False], ["never"] * 4, players=2, current=0,
                            start="prepare", fate=["ceremony", "museum"],
                            seats=[{"reserve": [ANY_SPELL], "hand": ["hood-01", "tome-05", "key-04"]}, {}])
    try:
        frame(app)
        assert scene.picker is None or scene.picker.prompt["kind"] != "cast_window"
        undo = len(scene.session.game.choices_made)
        assert undo >= 1 and scene.session.game.choices_made[0] == "pass"
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")])
        assert 0 in scene.auto.armed
        # the next window of seat 0 is shown
        for _ in range(40):
            frame(app)
            p = scene.picker.prompt if scene.picker is not None else None
            if p is not None and p["kind"] == "cast_window":
                break
            if p is not None:
                ids = [c["id"] for c in p["choices"]]
                scene.choose("skip" if "skip" in ids else ids[0])
        assert scene.picker is not None and scene.picker.prompt["kind"] == "cast_window"
    finally:
        app.close()


def test_pass_until_my_next_turn_is_a_button_of_the_window(content, tmp_path):
    app, scene = rival_turn(content, tmp_path, "every")
    try:
        for _ in range(30):
            frame(app)
            if scene.handoff is not None:
                scene.take_over()
            if scene.picker is not None and scene.picker.prompt["kind"] == "cast_window" \
                    and scene.picker.prompt["seat"] == 0:
                break
        spot = next(h for h in scene.hotspots() if h.key == ("ui", "until"))
        frame(app, click(spot.rect.center))
        assert scene.session.game.choices_made[-1] == "pass" or "pass" in scene.session.game.choices_made
        seen = shown_prompts(app, scene)
        assert not [s for s in seen if s[0] == 0 and s[2] == 1]  # no more windows in this turn
    finally:
        app.close()


def test_autopass_mode_cycles_by_key_and_is_kept(content, tmp_path):
    app, scene = rival_turn(content, tmp_path, "mine")
    try:
        frame(app)
        if scene.handoff is not None:
            scene.take_over()
        looker = scene.looker
        app.settings_path = tmp_path / "settings.json"
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")])
        assert app.settings["autopass"][looker] == "never"
        from fate import settings as st
        kept, _ = st.load(app.settings_path)
        assert kept["autopass"][looker] == "never"
    finally:
        app.close()


@pytest.mark.parametrize("bad", [["mine"], ["sometimes"] * 4, "mine", [1, 2, 3, 4]])
def test_a_damaged_autopass_setting_gives_the_default(tmp_path, bad):
    import json

    from fate import settings as st
    f = tmp_path / "settings.json"
    f.write_text(json.dumps({"autopass": bad}))
    out, line = st.load(f)
    assert out["autopass"] == ["mine"] * 4 and "autopass" in line


def test_wild_pair_with_exactly_two_matching_spells_needs_no_pick(content, tmp_path):
    app, scene = table_with(content, tmp_path, [True, False], ["mine"] * 4, players=2, current=0, start="move",
                            fate=["ceremony", "museum"],
                            seats=[{"hand": ["hood-01", "hood-02", "tome-05"]}, {}])
    try:
        frame(app)
        assert scene.picker.prompt["kind"] == "move"
        wild = next(c for c in scene.picker.prompt["choices"] if c["id"].startswith("wild:"))
        assert scene.picker.labels[wild["id"]] == "Play both Hood Spells as a Wild pair"
        scene.choose(wild["id"])
        frame(app)
        frame(app)
        made = scene.session.game.choices_made
        # the engine's own ids, as if both Spells had been clicked (the second had no choice left)
        assert made == [wild["id"], "card:hood-01"]
        assert scene.picker.prompt["kind"] == "destination"
        assert any(text.startswith("Taken for you") for text, _ in scene.log)
    finally:
        app.close()


def test_the_default_stops_in_a_rival_turn_for_a_card_made_for_it(content, tmp_path):
    app, scene = table_with(content, tmp_path, [True, True], ["mine"] * 4, players=2, current=1, start="prepare",
                            fate=["ceremony", "museum"],
                            seats=[{"reserve": ["lantern-10"], "hand": ["hood-01", "tome-05", "key-04"]},
                                   {"hand": ["hood-02", "tome-02", "key-05"]}])  # Blackmail: a rival's turn only
    try:
        seen = shown_prompts(app, scene)
        assert (0, "cast_window", 1) in seen
    finally:
        app.close()


def lacking_control(content, tmp_path, setting):
    """Seat 0 (human) at The Ceremony with 2 Cultists, no Control, the die set to the Pentagram;
    ``setting``: its Temporary Control setting (None: the default)."""
    app = App(content, size=(1280, 720), seed=5, saves=tmp_path,
              settings={"speed": 3} | ({"temporary_control": [setting] * 4} if setting else {}))
    g = build(content, {"players": 3, "fate": ["ceremony"], "start": "activate", "dice": ["pentagram"],
                        "seats": [{"cultists": {"ceremony": 2}}, {}, {}]})
    session = Session.from_game(content, [SeatConfig(i == 0, "easy", i) for i in range(3)], g, saves=tmp_path)
    open_table(app, session)
    return app, app.scene


def first_shown(app, scene) -> dict:
    for _ in range(60):
        frame(app)
        if scene.picker is not None:
            return scene.picker.prompt
    raise AssertionError("no decision was shown")


@pytest.mark.parametrize("setting,answer", [(None, "roll"), ("always", "roll"), ("never", "no")])
def test_r_ac_3_the_temporary_control_setting_answers_for_the_seat_and_says_so(content, tmp_path, setting, answer):
    app, scene = lacking_control(content, tmp_path, setting)
    try:
        shown = first_shown(app, scene)
        made = scene.session.game.choices_made
        assert shown["kind"] != "temporary_control" and made[-1] == answer
        # a success leaves the Control Action to take or skip; a roll never taken, nothing
        assert shown["kind"] == ("control_action" if answer == "roll" else shown["kind"])
        said = [text for text, _colour in scene.log]
        assert any(t.startswith("Taken for you (Temporary Control") for t in said), said[-4:]
    finally:
        app.close()


def test_r_ac_3_asked_the_roll_shows_its_odds_and_what_it_risks(content, tmp_path):
    app, scene = lacking_control(content, tmp_path, "ask")
    try:
        shown = first_shown(app, scene)
        assert shown["kind"] == "temporary_control"
        assert shown["text"].endswith("(1 chance in 6; a failed roll costs nothing)"), shown["text"]
        frame(app)
        where = next(h.rect.center for h in scene.hotspots() if h.key[-1] == "roll")
        roll = scene.table.at(where).body  # what its tooltip says under the pointer
        assert "1 face in 6 (Pentagram)" in roll and "rival" in roll and "Roll for Temporary" not in roll, roll
        app.frame(click(where), 1 / 30)
        assert scene.session.game.choices_made[-1] == "roll"
    finally:
        app.close()


def test_the_temporary_control_setting_is_kept_seat_by_seat(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={}, saves=tmp_path)
    try:
        app.visit("settings")
        frame(app)
        spot = next(h for h in app.scene.hotspots() if h.key == ("temporary_control", "ask"))
        assert "chance" in spot.tip
        app.frame(click(spot.rect.center), 1 / 30)
        assert app.settings["temporary_control"] == ["ask", "always", "always", "always"]
    finally:
        app.close()


@pytest.mark.parametrize("investigators,window", [(0, False), (2, True)])
def test_r_so_4_a_raid_on_an_empty_lodge_is_one_line_and_no_window(content, tmp_path, investigators, window):
    """Solo: the Investigators enter Streets of Arkham and raid the player, who holds Warded Threshold
    (cast as a raid on you is declared). With no Investigator in the Lodge, nothing can be sent away:
    the table does not stop, the Chronicle says it in one line and the banner is no alarm."""
    from fate.ui.kit.sound import effect_of

    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path)
    g = build(content, {"players": 1, "fate": ["museum", "library"], "start": "conclude",
                        "seats": [{"hand": ["hood-01", "tome-05", "key-04"], "reserve": ["key-06"],
                                   "investigators": investigators}],
                        "decks": {"spells": ["key-13", "lantern-01"], "curses": ["hubris"]}})
    session = Session.from_game(content, [SeatConfig(True, "easy", 0)], g, saves=tmp_path)
    open_table(app, session)
    try:
        shown = []
        for _ in range(80):
            frame(app)
            if scene_prompt := app.scene.picker and app.scene.picker.prompt:
                shown.append((scene_prompt["kind"], scene_prompt["text"]))
                if scene_prompt["kind"] == "cast_window" or len(shown) > 3:
                    break
                app.scene.choose(scene_prompt["choices"][0]["id"])
        declared = [e for e in session.events if e.kind == "raid_declared"]
        assert [e.data["investigators"] for e in declared] == [investigators]
        said = [text for text, _colour in app.scene.log]
        raid_lines = [t for t in said if "raid" in t.lower() or "RAID" in t]
        if window:
            assert shown[-1][0] == "cast_window" and "raid" in shown[-1][1]
            assert effect_of(declared[0]) == "raid"
        else:
            assert all(kind != "cast_window" for kind, _text in shown), shown
            assert raid_lines == ["A raid on your Lodge (the Investigators entered Streets of Arkham) finds no "
                                  "Investigators there: nothing happens."], raid_lines
            assert effect_of(declared[0]) == ""
    finally:
        app.close()


def test_r_so_7_a_choice_that_gains_elder_signs_says_how_many_the_cult_would_have(content, tmp_path):
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path)
    g = build(content, {"players": 1, "fate": ["ceremony", "library"], "start": "activate",
                        "seats": [{"cultists": {"ceremony": 4}, "curses": ["hubris", "ill-omen"], "elder_signs": 6}]})
    open_table(app, Session.from_game(content, [SeatConfig(True, "easy", 0)], g, saves=tmp_path))
    scene = app.scene
    try:
        for _ in range(30):
            frame(app)
            if scene.picker is not None:
                break
        assert scene.picker.label(("button", "cleanse")) == (
            "Instead gain 3 Elder Signs to destroy one of your Curses (then 9 of 10: 10 lose the game)")
        lodge = [r for r in scene.table.regions if r.title.startswith("Elder Signs: ten")]
        assert lodge and lodge[0].body.endswith(": 6. 4 more and it is sealed away.")
    finally:
        app.close()
