"""The title always appears: a saves folder full of damaged and odd entries, and
damaged settings, never stop the game from starting; the Load list shows every
entry, Continue opens the latest good game, and a game open in one window is
locked against a second."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fate.records import settings as settings_file
from fate.records.saves import GameLock, delete_save, info_of
from fate.ui.app import App
from fate.ui.screens.load import LoadScene
from fate.ui.screens.saved import open_saved, watch_replay
from fate.ui.screens.title import TitleScene
from fate.ui.table.scene import PlayScene
from tests.hostile import Raw, damage, json_text
from tests.test_untrusted import GOOD, a_session_save
from tests.ui.table.test_table_play import frame, press

ROOT = Path(__file__).resolve().parents[3]


def zoo(folder: Path) -> dict[str, Path]:
    """Two good games (the newer unfinished one is what Continue must open), a
    finished one, and every kind of damaged or odd entry named like a save."""
    folder.mkdir(parents=True, exist_ok=True)
    older, newer = a_session_save(folder, seed=3, decisions=12), a_session_save(folder, seed=4, decisions=20)
    for path, stamp in ((older, 1.70e9), (newer, 1.75e9)):
        data = json.loads(path.read_text())
        data["session"]["meta"]["saved_at"] = stamp
        path.write_text(json.dumps(data))
        Path(str(path) + ".bak").unlink(missing_ok=True)
    base = damage(GOOD, ("session", "meta", "saved_at"), 1.6e9)  # older than both good games
    done = damage(base, ("session", "meta", "over"), True)
    done["session"]["meta"]["saved_at"] = 1.80e9  # the newest of all, but finished: not for Continue
    entries = {"older": older, "newer": newer}

    def put(name: str, text: str) -> None:
        entries[name] = folder / f"game-zoo-{name}.json"
        entries[name].write_text(text, encoding="utf-8")

    put("finished", json.dumps(done))
    put("turn-infinity", json_text(damage(base, ("snapshot", "turn"), Raw("Infinity"))))
    put("meta-turn-infinity", json_text(damage(base, ("session", "meta", "turn"), Raw("Infinity"))))
    put("deep", "[" * 100_000 + "]" * 100_000)
    put("digits", json_text(damage(base, ("config", "seed"), Raw("9" * 5_000))))
    put("gods-number", json.dumps(damage(base, ("config", "gods"), 7)))
    put("choices-map", json.dumps(damage(base, ("choices", 2), {"a": 1})))
    put("long-name", json.dumps(damage(base, ("session", "meta", "seats", 0, "name"), "N" * 1_000_000)))
    put("saved-far-future", json.dumps(damage(GOOD, ("session", "meta", "saved_at"), 1e300)))
    put("empty", "")
    put("binary", "\x00\x01\x02garbage")
    put("not-ours", json.dumps({"game": "chess", "format_version": 1}))
    entries["folder"] = folder / "game-zoo-folder.json"
    entries["folder"].mkdir()
    entries["fifo"] = folder / "game-zoo-fifo.json"
    os.mkfifo(entries["fifo"])
    entries["dangling"] = folder / "game-zoo-dangling.json"
    entries["dangling"].symlink_to(folder / "nowhere.json")
    entries["bak-only"] = folder / "game-zoo-bak-only.json"
    Path(str(entries["bak-only"]) + ".bak").write_text("{ broken")
    return entries


def test_the_real_app_reaches_its_title_over_a_zoo_of_damaged_entries(tmp_path):
    user = tmp_path / "user"
    zoo(user / "saves")
    (user / "config").mkdir(parents=True)
    (user / "config" / settings_file.FILE_NAME).write_text("[" * 100_000 + "]" * 100_000)
    env = dict(os.environ, FATE_USER_DIR=str(user), FATE_EXIT_AFTER_FIRST_FRAME="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Traceback" not in out.stderr


@pytest.fixture
def app(content, tmp_path):
    entries = zoo(tmp_path / "saves")
    a = App(content, size=(1280, 720), seed=5, settings={"speed": 3}, saves=tmp_path / "saves")
    a.entries = entries
    yield a
    a.close()


def test_the_load_list_shows_every_entry_and_continue_opens_the_latest_good_game(app):
    entries = app.entries
    assert isinstance(app.scene, TitleScene) and app.scene.latest.path == entries["newer"]
    frame(app)
    press(app, ("load",))
    scene = app.scene
    assert isinstance(scene, LoadScene)
    assert {r.path for r in scene.rows} == set(entries.values())
    good = {r.path for r in scene.rows if r.ok}
    assert good == {entries["older"], entries["newer"], entries["finished"], entries["long-name"]}
    odd = {r.path.name: r.problem for r in scene.rows if not r.ok}
    assert "a folder" in odd["game-zoo-folder.json"] and "not a regular file" in odd["game-zoo-fifo.json"]
    assert "link to nothing" in odd["game-zoo-dangling.json"] and "nested" in odd["game-zoo-deep.json"]
    assert "digits" in odd["game-zoo-digits.json"] and "Infinity" in odd["game-zoo-meta-turn-infinity.json"]
    assert "saved_at" in odd["game-zoo-saved-far-future.json"] and "gods" in odd["game-zoo-gods-number.json"]
    assert "choices" in odd["game-zoo-choices-map.json"]
    assert all("\n" not in p and len(p) <= 200 for p in odd.values())
    for first in range(0, len(scene.rows), scene.ROWS):  # every page draws
        scene.first = first
        frame(app)
    assert all(len(t) <= 400 for t in app.ink.drawn)  # the million-character name is cut
    press(app, ("back",))
    press(app, ("continue",))
    assert isinstance(app.scene, PlayScene) and app.scene.session.save_file == entries["newer"]


@pytest.mark.parametrize("name", ["gods-number", "choices-map", "turn-infinity", "deep", "folder", "fifo",
                                  "dangling", "bak-only", "digits", "empty"])
def test_open_replay_and_delete_on_an_odd_entry_give_one_line_and_change_nothing_else(app, name):

    path = app.entries[name]
    before = sorted(p.name for p in path.parent.iterdir())
    press(app, ("load",))
    row = info_of(path)
    assert not row.ok and "\n" not in row.problem
    open_saved(app.scene, row)  # as Continue or Open would, had the row been offered
    assert isinstance(app.scene, LoadScene) and app.scene.notice.startswith("That game cannot be opened")
    watch_replay(app.scene, path)
    if isinstance(app.scene, LoadScene):
        frame(app)
        assert "\n" not in app.scene.notice and len(app.scene.notice) <= 300
    app.goto("load")
    assert sorted(p.name for p in path.parent.iterdir()) == before  # opening and watching changed nothing
    scene = app.scene
    scene.click(("delete", path))
    scene.click(("delete", path))
    after = sorted(p.name for p in path.parent.iterdir())
    if name in ("folder", "fifo", "dangling"):
        assert after == before and scene.notice.startswith("Not deleted:") and "\n" not in scene.notice
    else:
        assert set(before) - set(after) <= {path.name, path.name + ".bak", path.name + ".lock"}
        assert not os.path.lexists(path)


def hold(path: Path) -> subprocess.Popen:
    """Another process (another window) holding the game at ``path``."""
    code = ("import sys, time; from pathlib import Path; from fate.records.saves import GameLock; "
            "lock = GameLock(Path(sys.argv[1])); print('held' if lock.acquire() else 'busy', flush=True); "
            "time.sleep(120)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_game_open_in_another_window_is_offered_read_only_and_freed_when_that_window_dies(app):
    path = app.entries["newer"]
    other = hold(path)
    try:
        press(app, ("continue",))
        scene = app.scene
        assert isinstance(scene, LoadScene) and scene.offer == path
        assert "open in another window" in scene.notice
        frame(app)
        assert next(r for r in scene.rows if r.path == path).locked
        with pytest.raises(Exception, match="open in another window"):
            delete_save(path)
        press(app, ("replay", path))  # the offer: watch it read-only
        assert type(app.scene).__name__ == "ReplayScene"
    finally:
        other.send_signal(signal.SIGKILL)
        other.wait(timeout=10)
    time.sleep(0.05)
    probe = GameLock(path)
    assert probe.acquire()  # the killed window's lock is gone with it
    probe.release()
    app.goto("title")
    press(app, ("continue",))
    assert isinstance(app.scene, PlayScene) and app.scene.session.save_file == path


@pytest.mark.parametrize("entry", ["empty folder", "dangling link"])
def test_a_damaged_lock_entry_is_cleared_and_the_game_locks_as_usual(tmp_path, entry):
    save = tmp_path / "game-1.json"
    lock = tmp_path / "game-1.json.lock"
    if entry == "empty folder":
        lock.mkdir()
    else:
        lock.symlink_to(tmp_path / "nowhere")
    first, second = GameLock(save), GameLock(save)
    assert first.acquire() and lock.is_file() and not lock.is_symlink()
    assert not second.acquire()  # still one window a game
    first.release()
    assert second.acquire()
    second.release()
