"""The words bench (fate/bench/words.py) counts what a frame draws, word by word: a tiny
scene with known words, drawn through the real App; and the words of every line drawn,
each time it is drawn, cut lines as cut."""

from __future__ import annotations

import pygame
import pytest

from fate.bench.words import frame_words, words_in
from fate.ui.app import App
from fate.ui.kit.widgets import Scene


class Known(Scene):
    """A scene drawing ten words: two lines, a wrapped paragraph, an empty string, a
    number in two places, and one line drawn again over itself (seen, and counted, once)."""

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill((0, 0, 0))
        self.ink.draw(screen, "The Library", (10, 10))
        self.ink.draw(screen, "", (10, 40))
        self.ink.para(screen, "draw three Spells   then ready two", pygame.Rect(10, 60, 120, 200))
        self.ink.draw(screen, "3", (10, 300))
        self.ink.draw(screen, "3", (40, 300))
        self.ink.draw(screen, "The Library", (10, 10))  # over itself, as a swirl redrawn over the board

@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=1, settings={}, saves=tmp_path / "saves")
    yield a
    a.close()


def test_a_frame_of_a_scene_with_known_words_counts_each_word_each_time_drawn(app):
    app.show(Known(app))
    n, lines = frame_words(app)
    assert n == 10
    assert lines.count("3") == 2 and "The Library" in lines
    assert len(lines) > 4  # the paragraph came as several lines, each heard


def test_a_line_cut_to_its_width_counts_the_words_shown():
    assert words_in(["The Cult of Ithaqua", "", "  two  words "]) == 6


def test_the_listener_leaves_the_door_as_it_found_it(app):
    from fate.ui.kit.theme import Ink

    door = Ink.draw
    app.show(Known(app))
    frame_words(app)
    assert Ink.draw is door
