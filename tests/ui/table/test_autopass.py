"""Auto-pass and the one-choice rule at the table, through the real scenes: the
table answers for the player with the engine's own choice ids."""

from __future__ import annotations

import pygame
import pytest

from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.autopass import AutoPass, Moment, fold, window_of
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
        assert 0 in scene.answers.auto.armed
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
        from fate.records import settings as st
        kept, _ = st.load(app.settings_path)
        assert kept["autopass"][looker] == "never"
    finally:
        app.close()


@pytest.mark.parametrize("bad", [["mine"], ["sometimes"] * 4, "mine", [1, 2, 3, 4]])
def test_a_damaged_autopass_setting_gives_the_default(tmp_path, bad):
    import json

    from fate.records import settings as st
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
        assert scene.picker.labels[wild["id"]] == "Hood Wild pair"
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
        assert scene.picker.label(("button", "cleanse")) == "Destroy a Curse: gain 3 Elder Signs (9 of 10)"
        frame(app)
        assert scene.table.prompt_rise is None  # its buttons sit in the prompt bar, off the board
        tip = next(r.body for r in scene.table.regions if r.key == ("button", "cleanse"))
        assert tip.startswith("Instead gain 3 Elder Signs to destroy one of your Curses. 10 Elder Signs lose the game.")
        lodge = [r for r in scene.table.regions if r.title.startswith("Elder Signs: ten")]
        assert lodge and lodge[0].body.endswith(": 6. 4 more and it is sealed away.")
    finally:
        app.close()


# ---------------------------------------------------------------- chances that matter

def window_after(content, scenario: dict, *choices: str, kind: str = ""):
    """The game of ``scenario`` after ``choices``, and the chance to cast it asks seat 0 then
    (the first of ``kind``: the windows before it passed)."""
    g = build(content, scenario)
    for cid in choices:
        while kind and g.pending().kind == "cast_window" and g.pending().choice(cid) is None:
            g.apply("pass")
        g.apply(cid)
    while kind and window_of(g.pending())[0] not in ("", kind):
        g.apply("pass")
    p = g.pending()
    assert p is not None and p.kind == "cast_window" and p.seat == 0, p
    return g, p


def temporary_roll(content, held: str, face: str):
    """Solo, seat 0 moves to The Museum with too few Cultists, rolls for Temporary Control
    (the die shows ``face``) holding the Readied ``held``: the chance to cast after that roll."""
    return window_after(content, {"players": 1, "start": "move", "fate": ["other_worlds", "streets"], "dice": [face],
                                  "seats": [{"hand": ["key-01", "tome-02", "hood-02"], "reserve": [held]}]},
                        "play:key-01", "roll")


@pytest.mark.parametrize("held,face,stops", [
    ("hood-11", "skull", True),  # The Faithful Return turns a die to the Pentagram: the failed roll succeeds
    ("key-12", "skull", False),  # Loaded Bones rerolls: one face in six would do, not worth a stop
    ("hood-11", "pentagram", False),  # the roll already won Temporary Control
    ("tome-07", "skull", False),  # Cipher of Fate turns a die to the Dagger: no help for Control
])
def test_r_ac_3_after_your_roll_the_default_stops_only_for_a_card_that_could_better_it(content, held, face, stops):
    g, p = temporary_roll(content, held, face)
    assert window_of(p) == ("after_roll", 0)
    assert AutoPass(["mine"]).passes(Moment.of(g), p) is not stops
    assert AutoPass(["every"]).passes(Moment.of(g), p) is False  # stop at every chance still stops


@pytest.mark.parametrize("held,stops", [("key-06", True), ("lantern-07", False)])
def test_r_rd_1_raided_the_default_stops_only_for_a_card_made_for_a_raid(content, held, stops):
    """Warded Threshold sends Investigators home from the Lodge; Fog off the River clears a location."""
    g, p = window_after(content, {"players": 1, "start": "conclude", "fate": ["library", "streets"],
                                  "seats": [{"hand": ["key-01", "tome-01", "hood-01"], "investigators": 5,
                                             "reserve": [held]}]}, "skip", kind="raid")
    assert window_of(p) == ("raid", 0)
    assert AutoPass(["mine"]).passes(Moment.of(g), p) is not stops


def prepare_with(content, tmp_path, held: str = "tome-01"):
    """Seat 0 (human, solo) begins its turn holding the Readied ``held`` (Marginalia: any time)."""
    return table_with(content, tmp_path, [True], ["mine"] * 4, players=1, start="prepare",
                      fate=["other_worlds", "streets"],
                      seats=[{"hand": ["key-01", "tome-02", "hood-02"], "reserve": [held]}])


def test_a_chance_to_cast_before_you_move_comes_with_the_move(content, tmp_path):
    app, scene = prepare_with(content, tmp_path)
    try:
        prompt = first_shown(app, scene)
        g = scene.session.game
        assert g.pending().kind == "cast_window"  # the engine asks the window...
        assert prompt["kind"] == "move"  # ...and the table shows it with the move, one decision
        ids = [c["id"] for c in prompt["choices"]]
        assert "play:key-01" in ids and "cast:tome-01" in ids and "pass" not in ids
        assert scene.picker.labels["cast:tome-01"].endswith(" first")
        frame(app)
        assert "Readied: you may cast first" in app.ink.drawn
        before = len(g.choices_made)
        scene.choose("play:key-01")
        for _ in range(30):
            frame(app)
            if "play:key-01" in scene.session.game.choices_made[before:]:
                break
        made = scene.session.game.choices_made[before:]
        # the window passed, the table's own passes up to the move, then the move: as clicks would
        assert made[-1] == "play:key-01" and set(made[:-1]) == {"pass"}
        assert scene.session.game.pieces[0] == 1  # at The Museum
    finally:
        app.close()


def test_the_hint_on_a_move_that_carries_a_chance_to_cast_says_why_the_prompt_changed(content, tmp_path):
    """Issue 50: after H, "You may cast before movement" replaced the move with no word why."""
    from fate.ui.table.overlays import UNFOLDED
    app, scene = prepare_with(content, tmp_path)
    try:
        assert first_shown(app, scene)["kind"] == "move"
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
        frame(app)
        assert scene.picker.prompt["kind"] == "cast_window"  # the chance to cast, asked on its own...
        said = scene.panels._notice_place[1][1]  # ...and the table says why, wrapped where it covers no place
        assert " ".join(said) == UNFOLDED and all(ln in app.ink.drawn for ln in said)
    finally:
        app.close()


def test_casting_from_the_move_decision_casts_before_the_move(content, tmp_path):
    app, scene = prepare_with(content, tmp_path)
    try:
        first_shown(app, scene)
        g = scene.session.game
        hand = len(g.hands[0])
        scene.choose("cast:tome-01")
        frame(app)
        assert scene.session.game.choices_made[-1] == "cast:tome-01"
        assert len(scene.session.game.hands[0]) == hand + 2  # Marginalia drew two, before any move
        assert scene.session.game.pieces[0] == 0  # still at The Other Worlds
    finally:
        app.close()


def test_the_hint_asks_about_the_chance_to_cast_as_it_is(content, tmp_path):
    app, scene = prepare_with(content, tmp_path)
    try:
        first_shown(app, scene)
        assert scene.picker.prompt["kind"] == "move"
        scene.ask_hint()
        assert scene.picker.prompt["kind"] == "cast_window"  # what the Hint weighs is what is shown
        assert "pass" in [c["id"] for c in scene.picker.prompt["choices"]]
    finally:
        scene.session.close()
        app.close()


def test_a_window_is_asked_as_it_is_when_a_roll_or_anyone_else_comes_between(content):
    # at the start of Activate, the verdict on Control comes before the next decision: no fold
    g, p = window_after(content, {"players": 1, "start": "activate", "fate": ["other_worlds", "streets"],
                                  "seats": [{"hand": ["key-01", "tome-02", "hood-02"], "reserve": ["tome-01"]}]})
    assert window_of(p)[0] == "activate"
    assert fold(g, p, AutoPass(["mine"]), ["always"], {0}) is None
    # a rival's turn: never
    g, p = window_after(content, {"players": 2, "current": 1, "start": "prepare", "fate": ["ceremony", "museum"],
                                  "seats": [{"reserve": ["hood-09"], "hand": ["hood-01", "tome-05", "key-04"]},
                                            {"hand": ["hood-02", "tome-02", "key-05"]}]})
    assert fold(g, p, AutoPass(["mine"]), ["always"], {0, 1}) is None
    # Cast… asked for this chance: as it is
    g, p = window_after(content, {"players": 1, "start": "prepare", "fate": ["other_worlds", "streets"],
                                  "seats": [{"hand": ["key-01", "tome-02", "hood-02"], "reserve": ["tome-01"]}]})
    armed = AutoPass(["mine"])
    armed.arm(0)
    assert armed.passes(Moment.of(g), p) is False
    assert fold(g, p, armed, ["always"], {0}) is None
    table = AutoPass(["mine"])
    assert table.passes(Moment.of(g), p) is False  # as the table weighs it first: offered, once this turn
    assert fold(g, p, table, ["always"], {0}).prompt.kind == "move"
    assert g.pending() is p  # the fold looked ahead on a copy
    every = AutoPass(["every"])
    assert every.passes(Moment.of(g), p) is False and fold(g, p, every, ["always"], {0}) is None  # each as it is


def test_three_wild_pairs_sit_in_the_prompt_bar_and_the_chosen_spells_are_outlined(content, tmp_path):
    """R-MV-2: the Wild pairs' buttons never rise over the board; the Spells given to the pair
    being played are outlined in the hand until the Fate Piece moves."""
    app, scene = table_with(content, tmp_path, [True], ["mine"] * 4, players=1, start="move",
                            fate=["other_worlds", "streets"],
                            seats=[{"hand": ["hood-01", "hood-03", "hood-05", "key-01", "key-02", "tome-01"]}])
    try:
        prompt = first_shown(app, scene)
        assert [c["id"] for c in prompt["choices"] if c["id"].startswith("wild:")] == ["wild:1", "wild:4"]
        frame(app)
        assert scene.table.prompt_rise is None
        assert scene.picker.labels["wild:4"] == "Hood Wild pair"
        tip = next(r.body for r in scene.table.regions if r.key == ("button", "wild:4"))
        assert tip.startswith("Play two Hood Spells together as a Wild pair")
        scene.choose("wild:4")
        assert first_shown(app, scene)["kind"] == "wild_card"  # three Hoods: which two?
        scene.choose("card:hood-03")
        frame(app)
        assert scene.picker.prompt["kind"] == "wild_card" and scene.table.wild_pair == ["hood-03"]
        outlined = [r for r in scene.table.regions if r.title == "Wild pair"]
        assert len(outlined) == 1
        # its tag covers neither the card's band nor the cost's symbols at its foot (issue 50)
        card = max((r.rect for r in scene.table.regions if r.key == ("card", "hood-03")), key=lambda r: r.w * r.h)
        tags = [rect for text, rect in app.ink.placed if text == "Wild pair"]
        n = scene.table.layout.n
        assert tags and all(card.top + n(30) < t.top and t.bottom < card.bottom - n(30) for t in tags), (card, tags)
        scene.choose("card:hood-05")
        frame(app)
        assert scene.picker.prompt["kind"] == "destination"
        assert len([r for r in scene.table.regions if r.title == "Wild pair"]) == 2
        scene.choose("to:2")
        for _ in range(10):
            frame(app)
        assert scene.table.wild_pair is None
        assert not [r for r in scene.table.regions if r.title == "Wild pair"]
    finally:
        app.close()


def test_r_ac_2_the_chronicle_at_the_table_says_why_control_was_refused_and_what_brought_a_curse(content, tmp_path):
    """Through the real table: the move that arrives without Control, and a Curse a Spell brings,
    each has its reason in the Chronicle as its beat is shown."""
    app, scene = table_with(content, tmp_path, [True], ["mine"] * 4, players=1, start="prepare",
                            fate=["other_worlds", "streets"], artifacts_face_up=["censer", "astrolabe"],
                            seats=[{"hand": ["flame-04", "key-01", "tome-01"], "reserve": ["key-08"],
                                    "cultists": {"ceremony": 2}}],
                            locations={"ceremony": {"investigators": 2}})
    try:
        assert first_shown(app, scene)["kind"] == "move"  # the chance to cast rides with the move
        scene.choose("cast:key-08")  # Greedy Hands: two Artifacts and a Curse
        first_shown(app, scene)
        scene.choose("play:flame-04")  # to The Ceremony: 3 Cultists against 3 Investigators
        for _ in range(60):
            frame(app)
            if not scene.anim.busy() and scene.picker is not None:
                break
        lines = [text for text, _ in scene.log]
        spell = content.card("key-08").name
        assert f"You are cursed by {spell} (1 carried)." in lines
        assert ("You do not control The Ceremony: 3 Cultists of yours there, but 3 Investigators; "
                "Control needs more Cultists than Investigators.") in lines
    finally:
        app.close()


def test_a_question_naming_the_asked_cult_itself_says_you(content):
    """Issue 50: "where does the Cult of Tsathoggua lose Cultists?" was asked of that very cult.
    The engine words its prompts for any looker; the asked seat's picker reads "you"."""
    from fate.engine import view
    from fate.ui.table.autopass import readable_text

    g = build(content, {"players": 2, "gods": ["tsathoggua", "cthulhu"], "start": "move",
                        "fate": ["museum", "library"],
                        "seats": [{"hand": ["flame-04", "key-01", "tome-01"], "artifacts": ["ritual-dagger"],
                                   "cultists": {"ceremony": 2, "library": 2}}, {}]}, "test")
    g.apply("use:ritual-dagger")
    mine, theirs = view(g, 0), view(g, 1)
    assert mine["prompt"]["text"].endswith("where does the Cult of Tsathoggua lose Cultists?")
    assert readable_text(mine["prompt"], content, mine) == "Sacrificial Blade: where do you lose Cultists?"
    # another looker, or no view given, keeps the engine's words
    assert readable_text(theirs["prompt"], content, theirs) == theirs["prompt"]["text"]
    assert readable_text(mine["prompt"], content) == mine["prompt"]["text"]


def test_the_table_asks_the_cult_at_the_screen_as_you(content, tmp_path):
    """Through the real table: the picker's words for the seat at the screen say "you"."""
    app, scene = table_with(content, tmp_path, [True, False], ["mine"] * 4, players=2, gods=["tsathoggua", "cthulhu"],
                            start="move", fate=["museum", "library"],
                            seats=[{"hand": ["flame-04", "key-01", "tome-01"], "artifacts": ["ritual-dagger"],
                                    "cultists": {"ceremony": 2, "library": 2}}, {}])
    try:
        first_shown(app, scene)
        scene.choose("use:ritual-dagger")
        assert first_shown(app, scene)["text"] == "Sacrificial Blade: where do you lose Cultists?"
    finally:
        app.close()
