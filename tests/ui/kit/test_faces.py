"""What each face draws: the blackletter headings draw a hyphen as one stroke (issue 42:
"Yog-Sothoth" read "Yog=Sothoth"), the body keeps its own hyphen; every letter of every
language is held by the face each role draws that language in (issue 53), and a line keeps its
baseline whatever accents it carries."""

from __future__ import annotations

import gettext

import pygame
import pytest

from fate.ground import language
from fate.ground.language import LETTERS, Tongue
from fate.ui.kit.face import FACES, choose, holds, spec_holds
from fate.ui.kit.theme import Ink


@pytest.fixture
def speaking(monkeypatch):
    """``speaking(code)``: the window speaks ``code`` (its letters and faces; the English words)."""
    pygame.font.init()

    def speak(code: str) -> None:
        monkeypatch.setitem(language._tongues, code, Tongue(code, gettext.NullTranslations()))
        language.use(code)
    yield speak
    language.use("en")


@pytest.mark.parametrize("code", sorted(LETTERS))
@pytest.mark.parametrize("role", sorted(FACES))
def test_every_role_draws_every_letter_of_every_language_with_a_glyph_of_its_own(code, role):
    ink = Ink()
    spec = choose(ink.folder, role, LETTERS[code])
    assert [ch for ch in LETTERS[code] + "AZaz09" if not spec_holds(ink.folder, spec, ch)] == []


def test_polish_titles_are_drawn_whole_in_the_blackletter_that_has_its_letters(speaking):
    ink = Ink()
    assert not holds(ink.folder / "Blankenburg.ttf", "ę")  # the reason for the second face
    english = ink.font("title", 40)
    speaking("pl")
    polish = ink.font("title", 40)
    assert polish is not english and polish.paths[0].name.startswith("GrenzeGotisch")
    assert len(polish.runs("Wczytaj grę")) == 2  # Latin and Latin Extended files of one face
    assert polish.get_linesize() == english.get_linesize()  # the layout does not move
    speaking("de")
    assert ink.font("title", 40) is english  # Blankenburg has every German letter


def ink_rows(surface: pygame.Surface) -> tuple[int, int]:
    r = surface.get_bounding_rect()
    return r.top, r.bottom


@pytest.mark.parametrize("role", ["body", "bold", "title"])
def test_an_accent_over_a_capital_rises_above_the_line_and_the_baseline_stays(role, speaking):
    speaking("pl")
    ink = Ink()
    plain, accented = (pygame.Surface((400, 200), pygame.SRCALPHA) for _ in range(2))
    a = ink.draw(plain, "ZHn", (10, 60), 40, (255, 255, 255), role)
    b = ink.draw(accented, "ŹĤn", (10, 60), 40, (255, 255, 255), role)
    assert a.top == b.top == 60 and a.height == b.height  # the same box for both lines
    assert ink_rows(accented)[0] < ink_rows(plain)[0]  # the accents rise above the capitals
    # the baseline: the foot of the n that ends both lines (no descender, no overshoot) is one row
    n = ink.font(role, 40).size("n")[0]
    feet = [ink_rows(s.subsurface(pygame.Rect(r.right - n, 0, n, 200)))[1] for s, r in ((plain, a), (accented, b))]
    assert feet[0] == feet[1] and 60 < feet[0] < 60 + a.height


def test_a_heading_draws_a_hyphen_as_a_single_stroke_and_the_body_keeps_its_own():
    pygame.font.init()
    ink = Ink()
    heading = ink.line("Yog-Sothoth", 40, (255, 255, 255), "title")
    dash = ink.line("Yog\u2013Sothoth", 40, (255, 255, 255), "title")
    double = ink.font("title", 40).render("Yog-Sothoth", True, (255, 255, 255))
    assert pygame.image.tobytes(heading, "RGBA") == pygame.image.tobytes(dash, "RGBA")
    assert pygame.image.tobytes(heading, "RGBA") != pygame.image.tobytes(double, "RGBA")
    body = ink.line("Yog-Sothoth", 20, (255, 255, 255), "body")
    assert pygame.image.tobytes(body, "RGBA") == pygame.image.tobytes(
        ink.font("body", 20).render("Yog-Sothoth", True, (255, 255, 255)), "RGBA")


@pytest.mark.parametrize("px", [13, 22, 40])
def test_a_tail_below_the_line_is_drawn_whole_and_an_empty_line_is_nothing(px):
    """An ogonek reaches below the face's descent in the bold's Latin Extended file: the joined
    line keeps all of it (it lost a pixel row), and an empty line draws nothing, without error."""
    pygame.font.init()
    ink = Ink()
    face = ink.font("bold", px)
    white = (255, 255, 255)
    alone = face.fonts[1].render("ą", True, white).get_bounding_rect()  # the Extended file's own drawing
    joined = ink.line("ą", px, white, "bold").get_bounding_rect()
    assert joined.h == alone.h
    assert ink.line("", px, white, "bold").get_width() == 0 and face.lift("") == 0


def test_a_text_cut_to_fit_is_counted_for_the_languages_bench_and_a_text_that_fits_is_not():
    """The bench's "texts that did not fit" (issue 53): what Ink cuts with an ellipsis, this frame."""
    pygame.font.init()
    ink = Ink()
    surface = pygame.Surface((400, 100))
    ink.draw(surface, "Einstellungen", (0, 0), 22, max_w=400)
    assert ink.cut == []
    ink.draw(surface, "Wie im System: Português (Brasil)", (0, 30), 22, max_w=60)
    assert ink.cut == ["Wie im System: Português (Brasil)"]
    ink.para(surface, "eins zwei drei vier fünf sechs sieben acht neun zehn " * 4, pygame.Rect(0, 0, 120, 60), 18,
             max_lines=2)
    assert len(ink.cut) == 2
