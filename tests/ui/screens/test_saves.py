"""Never lose a game: autosave after every decision, Continue, Load Game (with
delete), the window closed or the game left, driven through the real scenes."""

from __future__ import annotations

import json
import random
import time

import pygame
import pytest

from fate.engine.errors import SaveFormatError
from fate.ground import language
from fate.ground.files import backup_path
from fate.ground.language import ENGLISH
from fate.records.saves import list_saves
from fate.ui.app import App, click
from fate.ui.screens.load import LoadScene
from fate.ui.screens.saved import problem_words
from fate.ui.screens.title import TitleScene
from fate.ui.session import SeatConfig, Session
from fate.ui.table.scene import PlayScene
from tests.ui.table.test_table_play import frame, press, start


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path / "saves")
    yield a
    a.close()


def play_some(app: App, scene: PlayScene, decisions: int, seed: int = 1) -> None:
    """Click what glows (taking over at hand-offs) until ``decisions`` more are made."""
    rnd = random.Random(seed)
    goal = scene.decisions() + decisions
    for _ in range(4000):
        if scene.decisions() >= goal or scene.session.over():
            return
        frame(app)
        if scene.anim.busy():
            continue
        if scene.handoff is not None:
            press(app, ("ui", "handoff"))
            continue
        if scene.picker is None:  # an AI seat thinks in its worker: give it the CPU
            time.sleep(0.005)
            continue
        targets = [h for h in scene.hotspots() if h.key[0] != "ui" or h.key[1] == "cancel"]
        frame(app, click(rnd.choice(targets).rect.center))
    raise AssertionError("the decisions were not made")


def leave(app: App) -> None:
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    press(app, ("ui", "leave"))


def saved(app: App) -> dict:
    files = sorted(app.saves.glob("*.json"))
    assert len(files) == 1, files
    return json.loads(files[0].read_text())


def test_every_decision_is_saved_and_continue_resumes_exactly(app):
    # the table answers nothing for the player, so that the first frame after Continue cannot
    # take a decision (a roll for Temporary Control, a pass) before the position is compared
    app.settings["temporary_control"], app.settings["autopass"] = ["ask"] * 4, ["every"] * 4
    scene = start(app, [True, False])
    play_some(app, scene, 12)
    scene.session._saver.flush()
    data = saved(app)
    s = scene.session
    assert data["choices"] == s.game.choices_made and len(data["choices"]) >= 12
    assert data["session"]["seats"] == [{"human": True, "level": "normal", "colour": 0, "name": "", "language": ""},
                                        {"human": False, "level": "normal", "colour": 1, "name": "", "language": ""}]
    leave(app)  # (an AI may still decide in the frame the pause opens: compare with the game as left)
    pending, choices, speed = s.game.pending(), list(s.game.choices_made), s.speed
    assert isinstance(app.scene, TitleScene)
    frame(app)
    assert any(t.startswith("Saved: turn") for t in app.ink.drawn)  # said, not asked
    press(app, ("continue",))
    again = app.scene
    assert isinstance(again, PlayScene) and again is not scene
    assert again.session.game.pending() == pending and again.session.game.choices_made == choices
    assert again.session.speed == speed and [c.human for c in again.session.seats] == [True, False]
    assert again.session.events, "the chronicle is told again"
    play_some(app, again, 3)  # and it plays on


def test_a_hotseat_game_resumes_at_a_hand_off_with_nothing_private_shown(app, content):
    scene = start(app, [True, True])
    play_some(app, scene, 8)
    g = scene.session.game
    private = {content.cards[c].name for s in range(2) for c in g.hands[s] + g.reserve[s]}
    leave(app)
    press(app, ("continue",))
    again = app.scene
    frame(app)
    frame(app)
    assert again.handoff is not None and again.looker is None
    assert not (private & app.ink.drawn), sorted(private & app.ink.drawn)
    assert any(t.startswith("to the Cult of") for t in app.ink.drawn)


def test_closing_the_window_keeps_the_game(app):
    scene = start(app, [True, False])
    play_some(app, scene, 5)
    frame(app, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    app.scene.close()  # what App.close does as the window goes
    made = scene.session.game.choices_made
    assert len(made) >= 5 and saved(app)["choices"] == made


def make_saves(content, folder, n: int) -> list[Session]:
    out = []
    for k in range(n):
        s = Session(content, [SeatConfig(True, "normal", 0), SeatConfig(False, "easy", 1)], 100 + k,
                    saves=folder, game_id=f"game-2026010{k}-120000-000")
        r = random.Random(k)
        for _ in range(10 + k):
            s.apply(r.choice(s.game.pending().choices).id)
            s._saver.flush()  # as at a person's pace: each decision written before the next
        s.close()
        out.append(s)
    return out


def test_load_lists_the_games_marks_a_damaged_one_and_deletes_on_the_second_click(app, content):
    make_saves(content, app.saves, 2)
    (app.saves / "game-20250101-000000-000.json").write_text("{ this is not a save")
    press(app, ("load",))
    scene = app.scene
    assert isinstance(scene, LoadScene)
    frame(app)
    assert len(scene.rows) == 3
    assert [r.ok for r in scene.rows] == [True, True, False]  # the damaged one last, still listed
    assert "game-20250101-000000-000.json: cannot be opened" in app.ink.drawn
    assert "The file is damaged." in app.ink.drawn  # its kind of fault, in the player's words
    assert scene.rows[2].problem.startswith("not JSON (")  # the English detail, for the logs
    assert any("Cthulhu" in t or "Cult" in t or "(Human)" in t for t in app.ink.drawn)
    row = scene.rows[0]
    assert {("open", row.path), ("delete", row.path)} <= {h.key for h in scene.hotspots()}
    press(app, ("delete", row.path))
    assert row.path.exists()  # asked first
    frame(app)
    assert "Sure?" in app.ink.drawn
    press(app, ("delete", row.path))
    assert not row.path.exists() and not backup_path(row.path).exists()
    assert len(scene.rows) == 2 and len(list_saves(app.saves)) == 2


def test_a_damaged_save_falls_back_to_its_backup_one_decision_older(app, content):
    (s,) = make_saves(content, app.saves, 1)
    path = s.save_file
    newest = s.game.choices_made
    older = json.loads(backup_path(path).read_text())["choices"]
    assert older == newest[:-1]
    path.write_text(path.read_text()[:100])  # cut short, as by a crash mid-copy elsewhere
    app.goto("title")  # the title as it is shown at the next start
    press(app, ("continue",))
    assert isinstance(app.scene, PlayScene)
    assert app.scene.session.game.choices_made == older


def test_a_save_that_cannot_be_opened_says_why_in_one_line(app, content):
    (s,) = make_saves(content, app.saves, 1)
    data = json.loads(s.save_file.read_text())
    data["format_version"] = 7
    s.save_file.write_text(json.dumps(data))
    backup_path(s.save_file).unlink()
    press(app, ("load",))
    frame(app)
    assert "It was saved by a newer version of the game: update the game to open it." in app.ink.drawn
    (row,) = list_saves(app.saves)
    assert row.problem_kind == SaveFormatError.NEWER and "save format 7" in row.problem
    language.use("de")  # the same line in German, from the kind
    try:
        assert problem_words(row.problem_kind).startswith("Es wurde")
    finally:
        language.use(ENGLISH)


def test_f12_writes_a_bug_report_and_shows_where(app, content, tmp_path, monkeypatch):
    monkeypatch.setenv("FATE_USER_DIR", str(tmp_path / "user"))
    scene = start(app, [True, False])
    play_some(app, scene, 4)
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="")])
    reports = list((tmp_path / "user" / "logs").glob("report-*.json"))
    assert len(reports) == 1
    report = json.loads(reports[0].read_text())
    assert report["save"]["choices"] == scene.session.game.choices_made
    assert report["chronicle"] and report["game_version"] and report["platform"]
    frame(app)
    # the notice wraps a long folder over lines: every line of it is on screen, and together
    # they say the whole path
    words = f"Bug report written to {reports[0]}"
    assert scene.notice[0] == words and scene.panels.notice_box is not None
    lines = scene.panels.notice_place(app.screen, words)[1]
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")
    assert all(line in app.ink.drawn for line in lines)


def test_odd_table_details_in_a_save_still_open(app, content):
    """A speed or colour out of range (an edited or damaged file) opens with the
    nearest speed and a colour of the palette, never a crash."""
    (s,) = make_saves(content, app.saves, 1)
    data = json.loads(s.save_file.read_text())
    data["session"]["speed"] = 9
    data["session"]["seats"][1]["colour"] = 40
    s.save_file.write_text(json.dumps(data))
    app.goto("title")
    press(app, ("continue",))
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.session.speed == 3
    frame(app)
    frame(app)


def test_a_save_that_cannot_be_written_is_reported_and_play_goes_on(content, tmp_path):
    from fate.records.saves import Autosaver

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    saver = Autosaver(blocker / "game.json")
    saver.submit({"format_version": 2})
    assert saver.flush(5)
    assert saver.error.startswith(f"could not save to {blocker / 'game.json'}")
    saver.close()


def test_the_load_list_tells_each_game_whole_at_the_smallest_window(app, content):
    """At 1280x720 the line of who plays which cult ended in "..."."""
    from fate.ui.screens.saved import describe_parts
    from fate.ui.shots import sample_saves

    sample_saves(content, app.saves)
    press(app, ("load",))
    assert isinstance(app.scene, LoadScene)
    app.ink.placed = []
    frame(app)
    placed = [text for text, _r in app.ink.placed]
    rows = [r for r in app.scene.rows if r.ok]
    assert len(rows) == 3
    for row in rows:
        state, cults = describe_parts(row)
        assert cults in placed or " ".join(t for t in placed if t in cults) == cults, (cults, placed)
        assert any(t.startswith(state) for t in placed), state
    assert not [t for t in placed if t.endswith(("...", "…"))]


def test_continue_opens_the_players_own_game_not_a_later_game_of_ais(app, content):
    """Issue 50: Continue opened an autoplayed game of AIs (saved later) rather than the player's own."""
    scene = start(app, [True, False])
    play_some(app, scene, 4)
    mine = scene.session.save_path()
    leave(app)
    watched = Session(content, [SeatConfig(False, "easy", 0), SeatConfig(False, "easy", 1)], 9, saves=app.saves)
    for _ in range(6):  # the AIs' game goes on, and is saved after the player's
        watched.apply(watched.game.pending().choices[0].id)
    watched.close()
    assert max(app.saves.glob("*.json"), key=lambda p: p.stat().st_mtime) == watched.save_path()
    app.scene = TitleScene(app)  # the title as it opens next
    frame(app)
    press(app, ("continue",))
    assert isinstance(app.scene, PlayScene) and app.scene.session.save_path() == mine
    assert [c.human for c in app.scene.session.seats] == [True, False]
