"""No doubled or stray punctuation in any text the game shows (issue 50: "Elder Sign.;" and
"Elder Sign.." reached the screen, each where a card's sentence was set inside another).

What the game shows is read where a player reads it: every string the table draws and every
tooltip it offers, frame by frame, through whole games played by clicks (solo, and two people
with an AI cult), the end screen included; and every text of the game's data files (cards,
How to Play, Learn to Play, the glossary)."""

from __future__ import annotations

import random
import re
import time

import pytest
import yaml

from fate.tools import tutorial
from fate.ui.app import App, click
from fate.ui.screens.end import EndScene
from fate.ui.table.scene import PlayScene
from fate.words import guide

from .table.test_table_play import press, start

# Two stops in a row (not an ellipsis), a stop against a comma or semicolon, a mark with a
# space before it, or an empty pair of brackets' insides.
STRAY = re.compile(r"(?<![.])\.\.(?![.])|[.;:,][;,]|[;,:]\.(?![.])|[!?]\.(?![.])|\s[,.;:!?](?![.\w])|\(\s|\s\)|\(\)")


def stray(text: str) -> list[str]:
    return [m.group() for m in STRAY.finditer(text)]


@pytest.mark.parametrize("text,bad", [
    ("Destroy your most recent Elder Sign.;", True), ("It gains an Elder Sign..", True),
    ("Thinking...", False), ("Wait… then go.", False), ("a, b; c.", False), ("Roll (two dice) .", True),
    ("Rivals gain one , each", True), ("1.5 Elder Signs", False), ("Really?.", True), ("Go: .", True),
])
def test_the_check_finds_what_a_reader_would(text, bad):
    assert bool(stray(text)) is bad


def everything_shown(app: App, humans: list[bool], seed: int) -> set[str]:
    """Every string drawn and every tooltip offered while a game is played by random clicks."""
    shown: set[str] = set()
    scene = start(app, humans)
    rnd = random.Random(seed)
    for _ in range(40000):
        app.frame([], 1 / 30)
        shown |= app.ink.drawn
        if isinstance(app.scene, EndScene):
            app.frame([], 1 / 30)
            return shown | app.ink.drawn
        if not isinstance(app.scene, PlayScene) or scene.anim.busy():
            continue
        shown |= {f"{r.title} {r.body}" for r in scene.table.regions}
        if scene.handoff is not None:
            press(app, ("ui", "handoff"))
        elif scene.picker is None:
            time.sleep(0.005)  # an AI seat thinks in its worker
        else:
            targets = [h for h in scene.hotspots() if h.key[0] != "ui" or h.key[1] == "cancel"]
            app.frame(click(rnd.choice(targets).rect.center), 1 / 30)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("humans,seed", [([True], 3), ([True, True, False], 8)])
def test_no_text_the_table_shows_has_stray_punctuation(content, tmp_path, humans, seed):
    app = App(content, size=(1280, 720), seed=seed, settings={"speed": 3}, saves=tmp_path)
    try:
        shown = everything_shown(app, humans, seed)
    finally:
        app.close()
    assert len(shown) > 200  # the game was seen, tooltips and all
    found = sorted({f"{bad!r} in {text[:120]!r}" for text in shown for bad in stray(text)})
    assert not found, found


def strings(node) -> list[str]:
    """The English texts of a data file (the glossary's other languages, ``words`` and ``names``,
    keep their own typography: French sets a narrow space before ; : ! ?)."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() if k not in ("words", "names") for s in strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in strings(v)]
    return []


def test_no_text_of_the_games_data_has_stray_punctuation():
    from pathlib import Path
    data = Path(__file__).resolve().parents[2] / "data"
    texts = [(f"data/{p.name}", s) for p in sorted(data.glob("*.yaml"))
             for s in strings(yaml.safe_load(p.read_text(encoding="utf-8")))]
    texts += [(f"How to Play: {s.title}", line) for s in guide.sections() for line in s.text]
    texts += [(f"lesson {lesson.id}", step.say) for lesson in tutorial.load() for step in lesson.steps]
    found = [f"{where}: {bad!r} in {text[:120]!r}" for where, text in texts for bad in stray(text)]
    assert len(texts) > 300 and not found, found


def test_a_hint_naming_a_choice_whose_words_end_a_sentence_ends_one_sentence():
    from fate.ui.table.overlays import hint_why
    labels = {"a": "Cast Rite of Open Veins: gain an Elder Sign.", "b": "Cast Erratum: the Investigators notice; gain an Elder Sign."}
    for second in (0.5, 0.3):  # as good as each other, and some points worse
        why = hint_why([("a", 0.51, 0), ("b", second, 0)], labels, ["1 Elder Sign more (ten lose the game)"])
        assert "cast Erratum" in why and "notice" not in why and not stray(why), why  # a card by its name only


def test_every_fate_piece_is_named_as_a_player_reads_it(content, tmp_path):
    """Issue 50: in solo the player's Fate Piece was called "Fate Piece (the)"."""
    from fate.tools.scenario import build
    from fate.ui.session import SeatConfig, Session
    from fate.ui.shots import open_table
    for players in (1, 2):
        app = App(content, size=(1280, 720), seed=2, settings={"speed": 3}, saves=tmp_path)
        g = build(content, {"players": players, "start": "move", "fate": ["museum", "library"]})
        open_table(app, Session.from_game(content, [SeatConfig(True, "easy", i) for i in range(players)], g))
        try:
            app.frame([], 1 / 30)
            titles = [r.title for r in app.scene.table.regions if r.key and r.key[0] == "piece"]
        finally:
            app.close()
        assert titles and all(t.endswith("Fate Piece") and "(" not in t for t in titles), titles
