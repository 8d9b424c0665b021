"""The record of the player's games (fate/records/stats.py) agrees with a folder of games built for it."""

from __future__ import annotations

import random
from pathlib import Path

from fate.ai.critic import review_game
from fate.records import stats
from fate.records.reviews import keep_review
from fate.records.saves import read_save
from fate.ui.session import SeatConfig, Session


def play(content, folder: Path, name: str, humans: list[bool], seed: int, finish: bool = True,
         level: str | None = None, hints: int = 0) -> Session:
    s = Session(content, [SeatConfig(h, "easy", i) for i, h in enumerate(humans)], seed, saves=folder,
                game_id=name, solo_level=level)
    rnd = random.Random(seed)
    s.hints = [hints if h else 0 for h in humans]
    steps = 0
    while not s.over() and (finish or steps < 20):
        s.apply(rnd.choice(s.game.pending().choices).id)
        steps += 1
    s.close()
    return s


def test_the_record_agrees_with_a_folder_of_games_built_for_it(content, tmp_path):
    built = [  # (name, humans, seed, finish, level, hints)
        ("game-20260101-100000-000", [True], 1, True, "standard", 2),
        ("game-20260102-100000-000", [True], 2, True, "vigilant", 0),
        ("game-20260103-100000-000", [True, False], 3, True, None, 1),
        ("game-20260104-100000-000", [True, False, False], 4, True, None, 0),
        ("game-20260105-100000-000", [True, True], 5, True, None, 3),
        ("game-20260106-100000-000", [True, False], 6, False, None, 4),  # unfinished
        ("game-20260107-100000-000", [False, False], 7, True, None, 0),  # no human: watched
    ]
    sessions = {}
    for name, humans, seed, finish, level, hints in built:
        sessions[name] = play(content, tmp_path, name, humans, seed, finish, level, hints)
    (tmp_path / "game-20260108-100000-000.json").write_text('{"format_version": 2, "gam')  # damaged
    (tmp_path / "notes.txt").write_text("not a save")
    # a review of the two-cult game, kept beside it
    path = tmp_path / "game-20260103-100000-000.json"
    data = read_save(path)
    review = review_game(content, data, 0, "quick", iterations=(40, 3))
    keep_review(path, data, review)

    r = stats.record(content, tmp_path, online_games=2)

    finished = [(n, s) for n, s in sessions.items() if s.over() and s.humans()]
    won = [n for n, s in finished if any(h in s.game.winners for h in s.humans())]
    assert r.total.played == len(finished) == 5 and r.total.won == len(won)
    assert r.unfinished == 1 and r.damaged == 1 and r.watched == 1 and r.online == 2
    levels = {content.solo_level(lv).name for lv in ("standard", "vigilant")}
    assert {k for k in r.by_mode} == {f"solo:{lv}" for lv in levels} | {"against_ai", "hotseat"}
    assert r.by_mode["against_ai"].played == 2 and r.by_mode["hotseat"].played == 1
    assert r.by_mode["hotseat"].won == int("game-20260105-100000-000" in won)
    assert {n: t.played for n, t in r.by_players.items()} == {1: 2, 2: 2, 3: 1}
    gods = [content.card(content.cards[s.game.gods[h]].id).name for n, s in finished for h in set(s.humans())]
    assert sum(t.played for t in r.by_god.values()) == len(set(
        (n, content.cards[s.game.gods[h]].name) for n, s in finished for h in s.humans()))
    assert set(r.by_god) == set(gods)
    assert r.hints == 2 + 0 + 1 + 0 + 3 * 2 + 4  # every human seat's hints, the unfinished game's too
    assert r.reviewed == 1 and r.accuracy == review["accuracy"]
    # the streaks, in the order the games were saved
    results = [n in won for n, _ in sorted(finished)]
    run = best = 0
    for w in results:
        run = (run + 1 if run > 0 else 1) if w else (run - 1 if run < 0 else -1)
        best = max(best, run)
    assert (r.streak, r.best_streak) == (run, best)


def test_a_game_that_ends_is_counted_the_next_time_the_record_is_asked_for(content, tmp_path):
    s = Session(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1)], 8, saves=tmp_path,
                game_id="game-20260201-100000-000")
    rnd = random.Random(8)
    for _ in range(10):
        s.apply(rnd.choice(s.game.pending().choices).id)
    s.close()
    before = stats.record(content, tmp_path)
    assert before.unfinished == 1 and before.total.played == 0
    s = Session.resume(content, tmp_path / "game-20260201-100000-000.json")
    while not s.over():
        s.apply(rnd.choice(s.game.pending().choices).id)
    s.close()
    after = stats.record(content, tmp_path)
    assert after.unfinished == 0 and after.total.played == 1


def test_an_empty_or_missing_folder_is_an_empty_record(content, tmp_path):
    for folder in (tmp_path, tmp_path / "nowhere"):
        r = stats.record(content, folder)
        assert r.total.played == 0 and r.damaged == 0 and r.accuracy is None and r.streak == 0


def test_a_solo_save_without_its_level_in_the_table_details_is_counted_at_the_level_of_its_config(
        content, tmp_path):
    """A save whose session does not name the level (an older one) is counted at the level its
    config played, not at a level without a name."""
    import json

    play(content, tmp_path, "game-20260301-100000-000", [True], 9, True, "vigilant")
    path = tmp_path / "game-20260301-100000-000.json"
    data = json.loads(path.read_text())
    assert data["config"]["solo_level"] == "vigilant"
    del data["session"]["meta"]["level"]
    path.write_text(json.dumps(data))
    r = stats.record(content, tmp_path)
    assert set(r.by_mode) == {f"solo:{content.solo_level('vigilant').name}"}
