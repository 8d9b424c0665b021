"""The Hint says the chance to win, names where a Wild pair (or a Gate) goes, and its
strip stands where it covers nothing it points at (fate/ui/table/overlays.py)."""

from __future__ import annotations

import re
import time

import pygame

from fate.ai import HardBot
from fate.engine.constants import LOCATION_NAMES
from fate.tools.scenario import build
from fate.ui.app import App
from fate.ui.session import SeatConfig, Session
from fate.ui.shots import open_table
from fate.ui.table.overlays import hint_name, hint_why
from fate.ui.worker import hint_follow
from tests.ui.table.test_table_play import frame

# Seat 0 stands at The Gathering holding three Hood Spells (the Gathering's symbol) and a Gate:
# no Spell may be played alone (R-MV-4), so each choice is a Wild (R-MV-2, R-MV-3) to be sent somewhere.
WILD_ONLY = {"players": 3, "fate": ["gathering"], "start": "move",
             "seats": [{"hand": ["hood-01", "hood-03", "hood-05"], "gate": True}, {}, {}]}


def test_r_mv_2_hard_says_where_a_hinted_wild_pair_goes(content):
    g = build(content, WILD_ONLY)
    assert {c.id for c in g.pending().choices} == {"wild:4", "gate"}
    d = HardBot(3, iterations=40).decide(g)  # too few to reach the destination in the tree: the rest is worked out
    line = hint_follow(g, d, 3)
    dest = [x for x in line if x.startswith("to:")]
    assert len(dest) == 1 and int(dest[0][3:]) != 4  # somewhere, never where the piece stands
    named = hint_name(d.choice.id, "Hood Wild pair", line)
    assert named == f"Hood Wild pair, to {LOCATION_NAMES[int(dest[0][3:])]}"


def test_a_hint_of_a_plain_choice_keeps_its_words():
    assert hint_name("play:key-03", "Play Crack in the Seal: to The Museum", ("to:2",)) == (
        "Play Crack in the Seal: to The Museum")


def test_a_hinted_choice_whose_words_end_in_a_stop_reads_without_stray_punctuation():
    """Play-test: 'Hint: Cast Blood on the Altar: ... forward one space.: your chance to win 14%'."""
    label = ("Cast Blood on the Altar: Sacrifice one of your Cultists from any location to move your "
             "Summon token forward one space.")
    said = hint_name("cast:flame-07", label, ()) + hint_why([("cast:flame-07", 0.14), ("pass", 0.139)],
                                                           {"pass": "Pass"}, [])
    assert ".:" not in said and said.startswith("Cast Blood on the Altar: your chance to win 14%")
    assert hint_name("wild:4", "Hood Wild pair", ()) == "Hood Wild pair"  # no line: nothing made up


def wild_table(content, tmp_path, size=(1280, 720)):
    app = App(content, size=size, seed=5, settings={"speed": 3}, saves=tmp_path)
    g = build(content, WILD_ONLY)
    session = Session.from_game(content, [SeatConfig(i == 0, "normal", i) for i in range(3)], g, saves=tmp_path,
                                ai_seconds=0.3)
    open_table(app, session)
    return app, app.scene


def hinted(app, scene, seconds: float = 40.0):
    frame(app)
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
    end = time.monotonic() + seconds
    while (scene.panels.hint_target is None or scene.panels.hint_box is None) and time.monotonic() < end:
        frame(app)
        time.sleep(0.01)
    assert scene.panels.hint_target is not None and scene.panels.hint_box is not None, "no hint came"
    frame(app)
    return scene.panels.hint_line()


def test_r_mv_2_the_hint_of_a_wild_pair_says_the_chance_to_win_and_where_it_goes(content, tmp_path):
    app, scene = wild_table(content, tmp_path)
    try:
        cid, line, odds = hinted(app, scene)
        assert cid in ("wild:4", "gate")
        assert re.search(r", to (" + "|".join(LOCATION_NAMES) + r")$", line), line
        assert re.match(r": your chance to win \d{1,3}%", odds), odds
    finally:
        app.close()


def test_the_hint_strip_covers_neither_its_ring_nor_the_place_it_names(content, tmp_path):
    for size in ((1280, 720), (1920, 1080)):
        app, scene = wild_table(content, tmp_path, size)
        try:
            _cid, line, _odds = hinted(app, scene)
            ring = [r.rect for r in scene.table.regions if r.key == scene.panels.hint_target]
            ring += [h.rect for h in scene.hotspots() if h.key == scene.panels.hint_target]
            assert ring, scene.panels.hint_target
            assert all(not scene.panels.hint_box.colliderect(r) for r in ring), (scene.panels.hint_box, ring)
            place = next(name for name in LOCATION_NAMES if line.endswith(name))
            plaques = [r.rect for r in scene.table.regions if r.key and r.key[0] == "loc"
                       and scene.table.loc_name(None, r.key[1]) == place]
            assert plaques and all(not scene.panels.hint_box.colliderect(r) for r in plaques), (scene.panels.hint_box, plaques)
            assert app.screen.get_rect().contains(scene.panels.hint_box)
        finally:
            app.close()


def test_a_cast_hint_names_the_card_only_and_its_bubble_stays_within_three_lines(content, tmp_path):
    """Play-test at 1280x720: "Hint: Cast X: <the card's whole text>" made an 8-line bubble.
    Every card's choice, hinted against every other's at a near tie with two things it
    brings, names the cards only and wraps to at most three lines where the strip stands."""
    from fate.ui.table.overlays import clause

    app, scene = wild_table(content, tmp_path)
    try:
        g = scene.session.game
        labels = list(g.tables.cast_label[0]) + list(g.tables.cast_label[1])
        longest = max(labels, key=len)
        assert len(longest) > 120  # the whole texts are long: the case that broke the bubble
        most = 0
        for i, label in enumerate(labels):
            other = labels[(i + 1) % len(labels)]
            name = hint_name("cast:x", label, ())
            assert name == label.split(": ", 1)[0] == clause(label)
            text = "Hint: " + name + hint_why([("cast:x", 0.341, 40), ("cast:y", 0.336, 39)], {"cast:y": other},
                                              ["1 more Cultist on the board", "2 Elder Signs"])
            _strip, lines = scene.panels.hint_place(app.screen, text, name)
            most = max(most, len(lines))
        assert most <= 3, most
    finally:
        app.close()


def test_a_long_choice_is_cut_to_one_short_clause():
    from fate.ui.table.overlays import CLAUSE, clause

    assert clause("Play Crack in the Seal: to The Museum") == "Play Crack in the Seal: to The Museum"
    assert clause("Destroy Elder Key: Remove one Curse from any player. Then draw a Spell.") == "Destroy Elder Key"
    assert clause("Take the Control Action; then roll for it.") == "Take the Control Action"
    cut = clause("Sacrifice " + "one very long Cultist " * 10)
    assert len(cut) <= CLAUSE + 1 and cut.endswith("…") and " …" not in cut
