"""What each face draws: the blackletter headings draw a hyphen as one stroke (issue 42:
"Yog-Sothoth" read "Yog=Sothoth"), the body keeps its own hyphen."""

from __future__ import annotations

import pygame

from fate.ui.kit.theme import Ink


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
