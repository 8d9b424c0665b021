"""A rival's hand of backs on its Lodge: each back apart while there is room, one stack a symbol
with its count on it when there is not (issue 50: at 150% text an AI hand of twelve was squashed
into a strip)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.tools.scenario import build
from fate.ui.app import App
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.lodges import HAND_STEP_MIN, fan_of_backs
from tests.ui.table.test_table_play import frame

TWELVE = ["hood-05", "lantern-06", "key-07", "tome-08", "hood-01", "hood-03", "lantern-01", "lantern-02", "key-02",
          "key-03", "tome-01", "tome-02"]


@given(st.lists(st.sampled_from(["hood", "key", "tome", "lantern", "flame"]), max_size=30),
       st.floats(min_value=40, max_value=400))
def test_every_back_is_counted_once_and_none_stands_closer_than_the_least_step(backs, room):
    fanned = fan_of_backs(backs, room)
    assert sum(n for _x, _b, n in fanned) == len(backs)
    assert sorted(b for _x, b, n in fanned for _ in range(n)) == sorted(backs)
    offsets = [x for x, _b, _n in fanned]
    assert offsets == sorted(offsets) and (not offsets or offsets[-1] <= room + 1e-6)
    if len({b for b in backs}) > 1 and room / (len({b for b in backs}) - 1) >= HAND_STEP_MIN:
        assert all(b - a >= HAND_STEP_MIN - 1e-6 for a, b in zip(offsets, offsets[1:], strict=False))


@pytest.mark.parametrize("text_size", [100, 150])
def test_a_hand_of_twelve_at_any_text_size_is_counted_on_its_lodge(content, tmp_path, text_size):
    app = App(content, size=(1280, 720), seed=1, settings={"speed": 3, "text_size": 250 - text_size}, saves=tmp_path)
    app.apply_settings()
    g = build(content, {"players": 3, "seed": 4, "gods": ["cthulhu", "hastur", "azathoth"], "current": 0,
                        "start": "move", "seats": [{"hand": ["key-01", "tome-04", "flame-03"]}, {"hand": TWELVE},
                                                   {"hand": ["hood-10", "tome-11"]}]})
    open_table(app, Session.from_game(content, [SeatConfig(True, "easy", 0), SeatConfig(False, "easy", 1),
                                                SeatConfig(False, "easy", 2)], g))
    try:
        frame(app)
        app.settings["text_size"] = text_size  # the Text size changed in Settings: the table is drawn again
        app.apply_settings()
        frame(app)
        hand = next(r.rect for r in app.scene.table.regions if r.title == "Hand: 12 Spells")
        numerals = [int(t) for t, r in app.ink.placed if t.isdigit() and hand.inflate(4, 24).contains(r)]
        assert sum(numerals) == len(TWELVE) or not numerals  # the stacks' counts add up to the hand...
        if not numerals:  # ...or the backs stand apart: the region is wide enough that each back shows at least the least step
            assert hand.w >= app.scene.table.layout.n(28 + HAND_STEP_MIN * 11) - 2
    finally:
        app.close()
