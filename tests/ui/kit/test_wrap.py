"""Text wrapping (fate.ui.kit.theme.Ink.wrap): no word is lost or changed, a line is wider than
its place only when it holds one piece that cannot be cut, and a hyphenated word too wide
for the line is cut after a hyphen (an Elder God's name on a small card)."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from fate.ui.kit.theme import Ink


def ink() -> Ink:
    """Fonts made afresh: another test's window may have shut pygame down since."""
    pygame.init()
    return Ink()


word = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC", min_size=1, max_size=12)
words = st.lists(st.builds("-".join, st.lists(word, min_size=1, max_size=3)), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(words, st.integers(20, 400))
def test_wrapped_lines_keep_every_word_and_fit_where_they_can(ws, width):
    text = " ".join(ws)
    ink_ = ink()
    lines = ink_.wrap(text, 15, width, "bold")
    font = ink_.font("bold", 15)
    # nothing lost: the lines, joined, give the text back (a cut after a hyphen joins with nothing)
    rejoined = ""
    for ln in lines:
        rejoined += ln if not rejoined or rejoined.endswith("-") else " " + ln  # no word ends in "-"
    assert rejoined == text
    for ln in lines:
        if font.size(ln)[0] > width:  # only a piece that no space or hyphen can cut
            assert " " not in ln and "-" not in ln.rstrip("-")


def test_a_long_hyphenated_name_is_cut_after_its_hyphen():
    ink_ = ink()
    font = ink_.font("bold", 15)
    width = font.size("Niggurath")[0] + 2
    assert ink_.wrap("Shub-Niggurath", 15, width, "bold") == ["Shub-", "Niggurath"]
    # where it fits whole it stays whole, and a plain long word is never cut
    assert ink_.wrap("Shub-Niggurath", 15, 10_000, "bold") == ["Shub-Niggurath"]
    assert ink_.wrap("Tsathoggua", 15, 20, "bold") == ["Tsathoggua"]
