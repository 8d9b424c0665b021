"""The window fits the screen it opens on (issue 42): a size kept from a larger screen is
shrunk in proportion, and the size the player chose is still kept for a larger screen."""

from __future__ import annotations

import pygame

from fate.ui.app import MIN_SIZE, SCREEN_MARGIN, App, desktop_size, fit_screen


def test_a_window_kept_from_a_larger_screen_is_shrunk_to_fit_in_proportion():
    w, h = fit_screen((1920, 1080), (1280, 720))
    assert w <= 1280 and h <= 720 - SCREEN_MARGIN  # room for the title bar and the desktop's panel
    assert abs(w / h - 16 / 9) < 0.01 and h == 720 - SCREEN_MARGIN  # as large as fits, in proportion
    assert fit_screen((1920, 1080), (2560, 1440)) == (1920, 1080)  # a larger screen: as it was kept
    assert fit_screen((1600, 900), (1600, 1050)) == (1600, 900)
    assert fit_screen((1600, 900), None) == (1600, 900)  # no screen to measure: as kept


def test_a_fitted_window_does_not_forget_the_size_the_player_chose(content, tmp_path):
    app = App(content, size=None, seed=1, settings={"window": [1920, 1080]}, saves=tmp_path)
    try:
        assert desktop_size() is None  # the dummy video driver has no screen to measure
        assert app.size == (1920, 1080)
        app.fitted = (1137, 640)  # as if opened on a 1280x720 screen
        app.smallest = (1137, 640)
        app.size = app.fitted
        app.frame([pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=600, size=(1000, 600))], 1 / 30)
        assert app.screen.get_size() == (1137, 640)  # never smaller than the screen allowed
        assert app.smallest[0] < MIN_SIZE[0]
    finally:
        app.close()
    assert app.settings["window"] == [1920, 1080]  # opened small to fit: the choice is kept
