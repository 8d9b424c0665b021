"""The review screen and the Statistics screen, clicked and keyed as a player would: reached from
the Load list, the end screen and the replay; a kept review opens at once; a point of the graph goes
to its decision; a review worked out in the worker shows its progress and can be cancelled."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from fate.ai.critic import review_game
from fate.records.reviews import keep_review, review_path
from fate.records.saves import read_save
from fate.ui.app import App
from fate.ui.kit.layout import Layout
from fate.ui.screens.review import BOARD
from fate.ui.session import SeatConfig, Session
from tests.ui.table.test_table_play import frame, press

FAST = (40, 3)


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path / "saves")
    yield a
    a.close()


def finished(content, folder, seed=3, review=True):
    s = Session(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], seed, saves=folder,
                game_id=f"game-2026010{seed}-100000-000")
    rnd = random.Random(seed)
    while not s.over():
        s.apply(rnd.choice(s.game.pending().choices).id)
    s.close()
    path = s.save_file
    if review:
        data = read_save(path)
        keep_review(path, data, review_game(s.content, data, 0, "quick", iterations=FAST))
    return s, path


def key(app, k):
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def test_a_kept_review_opens_from_the_load_list_at_once_and_a_graph_point_goes_there(content, app):
    _, path = finished(content, app.saves)
    app.goto("load")
    press(app, ("review", path))
    scene = app.scene
    assert type(scene).__name__ == "ReviewScene" and scene.review is not None and not scene.running
    rows = scene.decisions()
    assert rows and scene.at == 0
    press(app, ("go", len(rows) - 1))
    assert scene.at == len(rows) - 1
    key(app, pygame.K_HOME)
    assert scene.at == 0
    key(app, pygame.K_RIGHT)
    assert scene.at == 1
    for board in ("taken", "best", "stood"):
        press(app, ("board", board))
        assert scene.board == board and scene.shown_view() is not None
    drawn = app.ink.drawn
    assert any(t.startswith("Chosen: ") for t in drawn)
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "LoadScene"


def test_up_and_down_step_through_the_marked_decisions(content, app):
    _, path = finished(content, app.saves)
    scene = app.goto("review", path)
    marked = [i for i, d in enumerate(scene.decisions()) if d["mark"] not in ("best", "good")]
    assert marked, "a random player's game has some marked decisions"
    key(app, pygame.K_DOWN)
    assert scene.at == next((i for i in marked if i > 0), 0)


def test_replay_here_opens_the_replay_at_the_decision_shown(content, app):
    _, path = finished(content, app.saves)
    scene = app.goto("review", path)
    frame(app)
    key(app, pygame.K_END)
    decision = scene.current()["decision"]
    assert decision > 0
    press(app, ("replay",))
    assert type(app.scene).__name__ == "ReplayScene" and app.scene.k == decision


def test_the_end_screen_and_the_replay_lead_to_the_review(content, app):
    s, path = finished(content, app.saves)
    app.goto("end", s, [(200, 40, 40), (40, 200, 40)])
    press(app, ("review",))
    assert type(app.scene).__name__ == "ReviewScene" and app.scene.seat == 0
    app.goto("replay_of", path)
    key(app, pygame.K_v)
    assert type(app.scene).__name__ == "ReviewScene"


def test_a_review_is_worked_out_beside_the_screen_with_progress_and_can_be_cancelled(content, app):
    _, path = finished(content, app.saves, seed=4, review=False)
    app.settings["review_budget"] = "thorough"
    scene = app.goto("review", path)
    assert scene.running and scene.review is None
    end = time.monotonic() + 120
    while not scene.worker.progress and time.monotonic() < end:
        frame(app)
        time.sleep(0.02)
    frame(app)
    assert any("decisions · about" in t for t in app.ink.drawn)
    press(app, ("cancel",))
    assert not scene.running and "nothing of it was kept" in scene.notice
    assert not review_path(path).exists()


def test_the_statistics_screen_counts_the_games_from_the_title(content, app):
    finished(content, app.saves, seed=3)
    finished(content, app.saves, seed=5, review=False)
    (app.saves / "game-20250101-000000-000.json").write_text("{")
    app.goto("title")
    press(app, ("statistics",))
    scene = app.scene
    scene.wait()
    frame(app)
    r = scene.record
    assert r.total.played == 2 and r.damaged == 1 and r.reviewed == 1
    assert "Games finished" in app.ink.drawn and any("could not be read" in t for t in app.ink.drawn)
    press(app, ("load",))
    assert type(app.scene).__name__ == "LoadScene"
    press(app, ("statistics",))
    assert type(app.scene).__name__ == "StatisticsScene"


def test_the_small_board_at_1280x720_cuts_no_name_and_changes_with_the_decision(content, app):
    """Issue 50: the review's small board clipped its card names at 1280x720 (a table drawn into
    770 pixels set every text at the smallest size and overflowed its places)."""
    _, path = finished(content, app.saves)
    scene = app.goto("review", path)
    frame(app)
    while not scene.shown_view()[0]["seats"][scene.shown_view()[0]["viewer"]].get("hand"):  # past the draft
        key(app, pygame.K_RIGHT)
    v, _status, _log = scene.shown_view()  # (as the frame of the last step drew it: the small board is kept)
    names = [c["name"] for c in v["seats"][v["viewer"]]["hand"]] + [a["name"] for a in v["artifacts_face_up"]]
    drawn = app.ink.drawn
    assert all(name in drawn for name in names), (names, drawn)  # each drawn whole
    assert not [t for t in drawn if t.endswith("…") and any(n.startswith(t[:-1]) for n in names)]  # never cut
    for c in v["seats"][v["viewer"]]["hand"]:  # and every line of a card's name stays on the card
        card = max((r.rect for r in scene.table.regions if r.key == ("card", c["id"])), key=lambda r: r.w * r.h)
        lines = [r for text, r in app.ink.placed if text and text in c["name"] and card.colliderect(r)]
        assert lines and all(card.left <= r.left and r.right <= card.right for r in lines), (c["name"], card, lines)
    board = Layout(*app.screen.get_size()).r(*BOARD)
    first = pygame.image.tobytes(app.screen.subsurface(board), "RGB")
    key(app, pygame.K_RIGHT)  # another decision: the small board is drawn again
    frame(app)
    assert pygame.image.tobytes(app.screen.subsurface(board), "RGB") != first
