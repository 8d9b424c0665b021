"""Nothing lost when the process dies: a real game process (the app's own loop,
headless, three AI cults, autosaving as a player's game does) is killed with
SIGKILL at random moments, and each time its save must load and play on,
missing at most the decision that was being written."""

from __future__ import annotations

import random
import signal

import pytest

from fate.records.saves import read_save
from fate.ui.crash import run_and_kill
from fate.ui.session import Session
from tests.soak import soak

KILLS = soak(6, 20)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_killed_at_random_moments_the_game_resumes_losing_at_most_one_decision(content, tmp_path):
    rnd = random.Random(2026)
    unreadable, lost = 0, []
    for k in range(KILLS):
        path, made = run_and_kill(tmp_path / f"run{k}", seed=k, after=rnd.uniform(0.3, 2.5))
        try:
            data = read_save(path)
        except Exception:  # counted, not raised: the figure is the point
            unreadable += 1
            continue
        kept = len(data["choices"])
        lost.append(made - kept)
        session = Session.resume(content, path)
        assert session.game.choices_made == data["choices"]
        pending = session.game.pending()
        assert pending is not None
        session.apply(pending.choices[0].id)  # and it plays on
        session.close()
    print(f"{KILLS} kills: {unreadable} unreadable saves, decisions lost: {lost}")
    assert unreadable == 0
    assert max(lost) <= 1, lost
