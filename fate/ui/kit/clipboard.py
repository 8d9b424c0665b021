"""The system clipboard, for invite lines: copy on the hosting page, paste on Join.

Through pygame's scrap module, which in pygame-ce is SDL's clipboard
(``SDL_SetClipboardText`` / ``SDL_GetClipboardText``): the desktop's own on
Windows, macOS, X11 and Wayland, and a clipboard of the process's own under
the headless driver (the tests copy and paste through it). It needs the
window to exist. Text from the clipboard comes from outside: it is cut to
``MAX_TEXT`` characters and its control characters become spaces before
anything reads it; a clipboard that cannot be read is empty, never an error.
"""

from __future__ import annotations

import pygame

MAX_TEXT = 1000  # far more than an invite line; a whole page pasted is cut, not kept


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; whether it could be."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError, TypeError):
        return False
    return True


def paste() -> str:
    """The clipboard's text, cut and cleaned ("" when there is none or it cannot be read)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, UnicodeDecodeError):
        return ""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if not isinstance(text, str):
        return ""
    text = text[:MAX_TEXT].encode("utf-8", "replace").decode("utf-8")
    return "".join(c if c.isprintable() else " " for c in text).strip()


def paste_keys(event: pygame.event.Event) -> bool:
    """Ctrl+V (Cmd+V on a Mac), or Shift+Insert."""
    mods = getattr(event, "mod", 0)
    return bool((event.key == pygame.K_v and mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
                or (event.key == pygame.K_INSERT and mods & pygame.KMOD_SHIFT))
