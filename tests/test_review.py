"""Hard's review of a seat's decisions (fate/ai/critic.py) and the review kept beside the save
(fate/records/reviews.py): marks, skipped decisions, no peeking, cancelling, damaged files, the command line."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.ai.critic import ReviewCancelled, judge, review_game, review_moves, skip_reason
from fate.engine import new_game
from fate.engine.determinize import determinize
from fate.records.reviews import (
    KIND,
    ReviewFormatError,
    check_review,
    keep_review,
    kept_review,
    read_reviews,
    review_path,
    save_hash,
)
from fate.records.saves import read_save
from fate.tools.scenario import build
from fate.ui.session import SeatConfig, Session
from fate.ui.worker import AIWorker

ROOT = Path(__file__).resolve().parents[1]
FAST = (240, 16)  # iterations and the floor of visits a choice: quick enough for a test


def finished_save(content, folder: Path, seed: int = 3, players: int = 2, humans=(0,)) -> Path:
    """A finished game saved as the table saves it, its choices made at random."""
    s = Session(content, [SeatConfig(i in humans, "easy", i) for i in range(players)], seed, saves=folder,
                game_id=f"game-{players}-{seed}")
    rnd = random.Random(seed)
    while not s.over():
        s.apply(rnd.choice(s.game.pending().choices).id)
    s.close()
    return folder / f"game-{players}-{seed}.json"


def test_a_choice_that_loses_on_the_spot_is_a_blunder_and_the_better_one_is_named(content):
    """Alone with seven Elder Signs, trading three more for a Curse ends the game (the solo rules'
    Control Action and its tenth Elder Sign)."""
    g = build(content, {"players": 1, "fate": ["ceremony", "library"], "start": "activate", "seed": 3,
                        "seats": [{"cultists": {"ceremony": 4}, "curses": ["hubris"], "elder_signs": 7,
                                   "summon": 6}]})
    assert [c.id for c in g.pending().choices] == ["take", "cleanse", "skip"]
    r = review_moves(g, ["cleanse"], 0, "quick")
    (d,) = r["decisions"]
    assert d["mark"] == "blunder" and d["taken"] == "cleanse" and d["best"] in ("take", "skip")
    assert d["best_win"] > d["taken_win"] == 0.0
    assert d["best_label"].split(" ", 1)[1] in d["note"] and "lost the game on the spot" in d["note"]
    assert r["marks"]["blunder"] == 1 and r["accuracy"] == 0.0


def test_the_choice_hard_would_make_is_marked_best(content):
    g = build(content, {"players": 1, "fate": ["ceremony", "library"], "start": "activate", "seed": 3,
                        "seats": [{"cultists": {"ceremony": 4}, "curses": ["hubris"], "elder_signs": 7,
                                   "summon": 6}]})
    best = judge(g, 0, "take", "quick", 1)["best"]
    d = judge(g, 0, best, "quick", 1)
    assert d["mark"] == "best" and d["drop"] == 0 and "Hard's choice too" in d["note"]


def _wild_pair(content, players: int = 3):
    """A game's start, its choices up to a seat's Wild pair of exactly two Spells (one outcome,
    whichever is named first: the table takes it for the player) and one more, and that seat."""
    for seed in range(60):
        g = new_game(content, players, seed)
        start, choices = g.clone(), []
        rnd = random.Random(seed)
        while not g.over and len(choices) < 400:
            p = g.pending()
            if p.kind == "wild_card" and len(p.choices) == 2 and p.text.endswith("1 of 2 for the Wild"):
                return start, choices + [p.choices[0].id], p.seat
            cid = rnd.choice(p.choices).id
            choices.append(cid)
            g.apply(cid)
    pytest.fail("no two-Spell Wild pair in 60 games")


def test_a_forced_decision_is_skipped(content):
    start, choices, seat = _wild_pair(content)
    assert skip_reason(_after(start, choices[:-1]), seat, 1) == "forced"
    r = review_moves(start, choices, seat, "quick", iterations=(60, 4))
    assert r["skipped"]["forced"] >= 1
    assert len(choices) - 1 not in [d["decision"] for d in r["decisions"]]
    mine = sum(1 for k in range(len(choices)) if _after(start, choices[:k]).pending().seat == seat)
    assert len(r["decisions"]) + sum(r["skipped"].values()) == mine


def _after(start, choices):
    g = start.clone()
    for cid in choices:
        g.apply(cid)
    return g


def test_the_review_is_the_same_whatever_the_hidden_cards_are(content):
    """Several other truths behind the same view of the seat (its rivals' hands, the decks, the
    Curses, the dice to come dealt again): the same marks, chances and words."""
    compared = 0
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        g = new_game(content, players, seed)
        rnd = random.Random(seed)
        for _ in range(60):
            g.apply(rnd.choice(g.pending().choices))
        while len(g.pending().choices) < 2:
            g.apply(g.pending().choices[0])
        seat = g.pending().seat
        taken = g.pending().choices[-1].id
        first = review_moves(g, [taken], seat, "quick", iterations=FAST)
        assert first["decisions"] or first["skipped"]["trivial"]
        for k in range(3):
            twin = determinize(g, seat, 500 + k)
            hidden = [[x.hands[s] for s in range(x.n) if s != seat] + [x.spell_deck] for x in (g, twin)]
            compared += hidden[0] != hidden[1]
            assert review_moves(twin, [taken], seat, "quick", iterations=FAST) == first
    assert compared >= 6  # the truths behind the view did differ


def test_a_review_of_a_saved_game_judges_only_that_seat_and_counts_every_decision(content, tmp_path):
    path = finished_save(content, tmp_path)
    data = read_save(path)
    r = review_game(content, data, 1, "quick", iterations=FAST)
    seats = []
    g = new_game(content, 2, 3)
    for cid in data["choices"]:
        seats.append(g.pending().seat)
        g.apply(cid)
    assert len(r["decisions"]) + sum(r["skipped"].values()) == seats.count(1)
    assert all(seats[d["decision"]] == 1 for d in r["decisions"])
    assert r["over"] and 0 <= r["accuracy"] <= 100
    assert sum(r["marks"].values()) == len(r["decisions"])


def test_a_cancelled_review_raises_and_keeps_nothing(content, tmp_path):
    path = finished_save(content, tmp_path)
    data = read_save(path)
    asked = []
    with pytest.raises(ReviewCancelled):
        review_game(content, data, 0, "quick", progress=lambda d, t: asked.append(d),
                    cancelled=lambda: len(asked) >= 2, iterations=FAST)
    assert len(asked) == 2
    assert not review_path(path).exists()


def test_the_worker_reviews_beside_play_with_progress_and_keeps_it(content, tmp_path):
    path = finished_save(content, tmp_path)
    w = AIWorker()
    try:
        w.ask("review", path.name, 0, "quick", 0, {"path": str(path), "iterations": list(FAST)})
        seen = set()
        end = time.monotonic() + 300
        reply = None
        while reply is None and time.monotonic() < end:
            reply = w.poll()
            if w.progress:
                seen.add(w.progress[:2])
            time.sleep(0.01)
        assert reply is not None and reply.review is not None and not reply.error
        done, total = max(seen)
        assert total == done or total > 0 and len(seen) >= 1
        kept, problem = kept_review(path, read_save(path), 0, "quick")
        assert problem == "" and kept["decisions"] == reply.review["decisions"]
    finally:
        w.close()


def test_a_review_stopped_in_the_worker_leaves_nothing_half_written(content, tmp_path):
    path = finished_save(content, tmp_path, seed=4)
    before = sorted(p.name for p in tmp_path.iterdir())
    w = AIWorker()
    try:
        w.ask("review", path.name, 0, "thorough", 0, {"path": str(path)})
        end = time.monotonic() + 120
        while not w.progress and time.monotonic() < end:
            assert w.poll() is None
            time.sleep(0.01)
        assert w.progress and w.progress[0] < w.progress[1]
        w.stop()
        # the worker answers the next request: it has let the review go
        w.ask("choose", "g", 0, "random", 1, {"nothing": 1})
        assert w.wait(60) is not None
    finally:
        w.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert not review_path(path).exists()


def test_a_kept_review_is_read_back_and_a_foreign_or_damaged_one_is_ignored_with_one_line(content, tmp_path):
    path = finished_save(content, tmp_path)
    data = read_save(path)
    r = review_game(content, data, 0, "quick", iterations=FAST)
    keep_review(path, data, r)
    kept, problem = kept_review(path, data, 0, "quick")
    assert problem == "" and kept == check_review(r, "test")
    # another game's review under this name
    other = finished_save(content, tmp_path, seed=5)
    review_path(other).write_bytes(review_path(path).read_bytes())
    kept, problem = kept_review(other, read_save(other), 0, "quick")
    assert kept is None and "another game" in problem and "\n" not in problem
    # damaged: cut short, not JSON, a mark that is not one
    raw = review_path(path).read_text()
    for bad in (raw[: len(raw) // 2], "\x00\xff", raw.replace('"blunder"', '"splendid"').replace(
            '"good"', '"splendid"').replace('"best"', '"splendid"')):
        review_path(path).write_text(bad, encoding="utf-8", errors="surrogateescape")
        kept, problem = kept_review(path, data, 0, "quick")
        assert kept is None and problem.startswith(review_path(path).name) and "\n" not in problem
    # a folder where the file should be
    review_path(path).unlink()
    review_path(path).mkdir()
    kept, problem = kept_review(path, data, 0, "quick")
    assert kept is None and "\n" not in problem and problem


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda xs: st.lists(xs, max_size=4) | st.dictionaries(st.text(max_size=12), xs, max_size=6),
                    max_leaves=30))
def test_any_review_data_is_checked_or_refused_in_one_line(data):
    try:
        r = check_review(data, "f.review")
    except ReviewFormatError as e:
        assert "\n" not in str(e) and str(e).startswith("f.review")
    else:
        assert r["budget"] in ("quick", "thorough")


def test_the_hash_is_of_the_game_not_of_when_it_was_saved(content, tmp_path):
    data = read_save(finished_save(content, tmp_path))
    later = json.loads(json.dumps(data))
    later["session"]["meta"]["saved_at"] += 100
    assert save_hash(later) == save_hash(data)
    later["choices"] = later["choices"][:-1]
    assert save_hash(later) != save_hash(data)


def test_a_review_file_is_never_listed_as_a_saved_game(content, tmp_path):
    from fate.records.saves import list_saves

    path = finished_save(content, tmp_path)
    data = read_save(path)
    keep_review(path, data, review_game(content, data, 0, "quick", iterations=FAST))
    assert [r.path.name for r in list_saves(tmp_path)] == [path.name]
    assert json.loads(review_path(path).read_text())["kind"] == KIND
    assert read_reviews(path, data)[1] == ""


def _cli(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "fate.records.reviews", *args], capture_output=True, text=True,
                          env=env, timeout=600, cwd=ROOT)


def test_the_command_line_prints_the_kept_review_and_refuses_a_bad_save_in_one_line(content, tmp_path):
    path = finished_save(content, tmp_path)
    data = read_save(path)
    keep_review(path, data, review_game(content, data, 1, "quick", iterations=FAST))
    out = _cli(str(path), "--seat", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "(seat 2), quick review" in lines[0] and len(lines) == 1 + len(kept_review(path, data, 1, "quick")[0]
                                                                         ["decisions"])
    bad = tmp_path / "bad.json"
    bad.write_text('{"format_version": 2, "game": "fate-of-the-e')
    for args in ([str(bad)], [str(tmp_path)], [str(path), "--seat", "9"], [str(path), "--budget", "forever"]):
        out = _cli(*args)
        assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, args


def test_before_the_end_only_a_human_seats_own_decisions_may_be_reviewed(content, tmp_path):
    s = Session(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], 9, saves=tmp_path,
                game_id="game-open")
    rnd = random.Random(9)
    for _ in range(30):
        s.apply(rnd.choice(s.game.pending().choices).id)
    s.close()
    out = _cli(str(tmp_path / "game-open.json"), "--seat", "2")
    assert out.returncode == 2 and "not over" in out.stderr


def test_the_reviews_words_use_the_games_names(content, tmp_path):
    """The notes name choices as the prompts do, with the glossary's terms (no name it says to avoid)."""
    from tests.test_glossary import offences

    data = read_save(finished_save(content, tmp_path, seed=6, players=3))
    found = []
    for seat in range(3):
        r = review_game(content, data, seat, "quick", iterations=(30, 2))
        for d in r["decisions"]:
            found += offences(d["note"]) + offences(d["prompt"])
            assert d["note"].split(" gave about ")[0].split(" ", 1)[-1] in d["taken_label"] or d["mark"] == "best" \
                or d["note"].startswith(("Passing", "Not ", "Stopping", "Choosing"))
    assert not found, found


def test_deleting_a_saved_game_deletes_its_reviews(content, tmp_path):
    from fate.records.saves import delete_save

    path = finished_save(content, tmp_path)
    data = read_save(path)
    keep_review(path, data, review_game(content, data, 0, "quick", iterations=(20, 2)))
    delete_save(path)
    assert not path.exists() and not review_path(path).exists()
