"""The game window until the table lands (issue: the table): a title card
that shows the content loaded. Esc or closing the window quits."""

from __future__ import annotations

import os

from fate.content import default_content

TITLE = "Fate of the Elder Gods"


def run_window(frames: int | None = None) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    try:
        screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        content = default_content()
        big = pygame.font.Font(None, 96)
        small = pygame.font.Font(None, 32)
        gods = ", ".join(content.cards[g].name for g in content.gods)
        clock = pygame.time.Clock()
        shown = 0
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    running = False
            w, h = screen.get_size()
            screen.fill((14, 10, 24))
            pygame.draw.circle(screen, (60, 30, 90), (w // 2, h // 2), min(w, h) // 3, 3)
            title = big.render(TITLE, True, (222, 184, 92))
            screen.blit(title, title.get_rect(center=(w // 2, h // 2 - 40)))
            line = small.render(f"The Elder Gods stir: {gods}", True, (180, 170, 200))
            screen.blit(line, line.get_rect(center=(w // 2, h // 2 + 30)))
            hint = small.render("The table opens in the next release. Press Esc to leave.", True, (120, 110, 140))
            screen.blit(hint, hint.get_rect(center=(w // 2, h // 2 + 70)))
            pygame.display.flip()
            clock.tick(30)
            shown += 1
            if frames is not None and shown >= frames:
                running = False
    finally:
        pygame.quit()
