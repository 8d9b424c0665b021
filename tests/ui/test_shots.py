"""Every screen ``--screenshot --screen NAME`` offers can be shot, at the smallest
and the design size, and the picture is the screen drawn (not a blank)."""

from __future__ import annotations

import pygame
import pytest

from fate.ui.shots import SCREENS, screenshot


@pytest.mark.parametrize("name", SCREENS)
def test_every_screen_can_be_shot(content, tmp_path, name):
    sizes = [(1280, 720), (1920, 1080)] if name in ("gallery", "tutorial", "settings", "credits") else [(1280, 720)]
    for size in sizes:
        path = tmp_path / f"{name}-{size[0]}.png"
        screenshot(content, str(path), 4, size, None, name)
        image = pygame.image.load(str(path))
        assert image.get_size() == size
        colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 29)}
        assert len(colours) > 40, f"{name} at {size}: {len(colours)} colours, a blank screen?"


def test_an_unknown_screen_is_refused_naming_the_choices(content, tmp_path):
    with pytest.raises(ValueError, match=r"--screen 'tabel': expected one of title, setup"):
        screenshot(content, str(tmp_path / "x.png"), 4, (1280, 720), None, "tabel")
