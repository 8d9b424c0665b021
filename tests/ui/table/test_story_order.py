"""Show, then tell (issue 42): an automatic result is written in the Chronicle as the board
shows it, never before; a table behind the game catches up by playing faster."""

from __future__ import annotations

from fate.tools.scenario import build
from fate.ui.app import App, click
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.anim import CATCH_UP, Banner, Player


def moving(content, tmp_path):
    """Solo at Normal speed: the player's decision, and much follows on the board."""
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 1}, saves=tmp_path)
    g = build(content, {"players": 1, "fate": ["museum", "library"], "start": "move",
                        "seats": [{"hand": ["hood-01", "tome-05", "key-04"]}]})
    open_table(app, Session.from_game(content, [SeatConfig(True, "easy", 0)], g, saves=tmp_path))
    app.settings["speed"] = app.scene.session.speed = app.scene.anim.speed = 1  # open_table makes it instant
    return app, app.scene


def decide(app, scene) -> int:
    """Wait for the player's decision and click its first target on the board; the number of
    lines the Chronicle held just before the click."""
    for _ in range(30):
        app.frame([], 1 / 60)
        if scene.picker is not None:
            break
    before = len(scene.log)
    spot = next(h for h in scene.hotspots() if h.key[0] in ("card", "loc"))
    app.frame(click(spot.rect.center), 1 / 60)
    return before


def test_each_line_of_the_chronicle_comes_as_its_step_is_shown(content, tmp_path):
    app, scene = moving(content, tmp_path)
    try:
        before = decide(app, scene)
        assert scene.anim.busy() and len(scene.log) <= before + 1  # the move is shown first, then told
        counts = []
        while scene.anim.busy():
            app.frame([], 1 / 60)
            counts.append(len(scene.log))
        told = len(scene.log) - before
        assert told >= 3  # the move, the Cultist and the Investigator placed...
        assert counts == sorted(counts)  # lines only come
        assert len({c for c in counts if before < c < before + told}) >= 2  # one by one as they are shown
    finally:
        app.close()


def test_skipping_the_show_tells_every_line_at_once_in_order(content, tmp_path):
    app, scene = moving(content, tmp_path)
    try:
        decide(app, scene)
        shown_lines = list(scene.log)
        assert scene.anim.busy()
        scene.anim.skip()  # what a click or Tab does while the board shows something
        full = list(scene.log)
        scene._relog()  # the Chronicle as written from the whole history
        assert full == scene.log and full[:len(shown_lines)] == shown_lines
    finally:
        app.close()


def test_a_table_behind_the_game_catches_up_by_playing_faster():
    player = Player(speed=1)
    told = []
    for i in range(12):  # twelve seconds of news waiting
        player.add([Banner(f"news {i}", duration=1.0)], then=lambda i=i: told.append(i))
    seconds = 0.0
    while player.busy():
        player.update(1 / 60)
        seconds += 1 / 60
    assert told == list(range(12))  # all told, in order
    assert seconds < 12 * 0.6  # faster than their own length while more than CATCH_UP waited
    calm = Player(speed=1)
    calm.add([Banner("one", duration=CATCH_UP / 2)])
    seconds = 0.0
    while calm.busy():
        calm.update(1 / 60)
        seconds += 1 / 60
    assert abs(seconds - CATCH_UP / 2) < 0.05  # a table not behind plays at its own pace


def test_a_moved_fate_piece_stays_where_it_went_while_the_news_after_it_plays():
    """The Investigators' piece slid to a place and snapped back to the old one while the
    Curse its meeting brought was shown; it now stays until the board shows the game as it is."""
    from fate.ui.table.anim import FateMove

    player = Player(speed=1)
    move = FateMove(1, "streets", "museum", (200, 200, 200))
    player.add([move])
    player.add([Banner("Cursed", duration=1.0)])
    for _ in range(50):  # 0.8 s: the move is over, the banner plays
        player.update(1 / 60)
    assert player.queue[0].text == "Cursed"
    assert ("piece", 1) in player.hidden() and player.settled == [move] and move.progress() == 1.0
    while player.busy():
        player.update(1 / 60)
    assert player.hidden() == set() and player.settled == []  # the board has caught up
