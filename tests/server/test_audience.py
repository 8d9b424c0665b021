"""The spectators' shared feed (fate/server/audience.py): steps merged when a game's queue is
full tell a spectator the same story as the steps one by one, and the queue stays bounded
however fast a game moves. A spectator's log takes each step as the client does: the last
``drop`` events it was told are taken off, then the step's events added."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from fate.server.audience import EVENTS_HELD, STEPS, TALKS, Audience, Due


def told(log: list[str], d: Due) -> list[str]:
    return log[:len(log) - d.drop] + d.events


@st.composite
def steps(draw) -> tuple[int, list[Due]]:
    """Events told before, then decisions and take-backs in a row, each take-back dropping
    no more than was told (some of it, maybe, before the row)."""
    start = draw(st.integers(0, 20))
    out, length, n = [], start, 0
    for _ in range(draw(st.integers(1, 12))):
        drop = draw(st.integers(0, length)) if draw(st.booleans()) else 0
        k = draw(st.integers(0, 4))
        events = [f'"e{n + i}"' for i in range(k)]
        n += k
        out.append(Due(float(len(out)), len(out), "{}", events, "[]", drop))
        length = length - drop + k
    return start, out


@given(steps())
@settings(max_examples=300, deadline=None)
def test_steps_merged_tell_what_the_steps_one_by_one_tell(row):
    start, items = row
    before = [f'"old{i}"' for i in range(start)]
    one_by_one = before
    for d in items:
        one_by_one = told(one_by_one, d)
    merged = items[0]
    for d in items[1:]:
        merged = merged.then(d)
    assert told(before, merged) == one_by_one
    assert merged.decision == items[-1].decision and merged.due == items[-1].due


def test_a_game_faster_than_its_delay_holds_a_bounded_queue_and_the_last_step_comes_last():
    async def main():
        shown: list[str] = []

        class Watcher:
            def send_text(self, text: str) -> None:
                shown.append(text)

        a = Audience("g", 0.3)
        a.spectators.add(Watcher())
        for i in range(1000):  # a thousand decisions and lines of talk within the delay
            a.add_view({"decision": i, "view": {"n": i}, "events": [{"k": i}], "seats": [], "drop": 0})
            a.add_talk(f'{{"type":"talk","n":{i}}}')
            assert a.steps <= STEPS and a.talks <= TALKS and len(a.queue) <= STEPS + TALKS
            assert all(len(d.events) <= EVENTS_HELD for d in a.queue)
        await asyncio.sleep(0.6)
        views = [t for t in shown if '"spectate"' in t]
        assert len(views) == STEPS and '"decision":999,' in views[-1]
        assert a.arrival() is not None and '"events":[]' in a.arrival() and '"decision":999,' in a.arrival()
        a.close()

    asyncio.run(main())
