"""One line of text being typed, as players expect a text box to behave.

``TextEdit`` keeps the text, the caret and the selection (from ``anchor`` to ``caret``):
Ctrl+A (Cmd+A on a Mac) selects everything, Home/End and the arrows move the caret,
Shift with any of them selects, Ctrl+arrows jump a word, Backspace/Delete take the
selection (or one character, or a word with Ctrl), and whatever is typed or pasted
replaces the selection. Ctrl+C and Ctrl+X copy and cut it. The text never grows past
``limit`` characters and holds only printable characters. ``draw_field`` draws the text in
its box with the selection shaded and the caret, scrolled so that the caret shows.
The screens keep the text itself (a field's value is a plain string); a ``TextEdit`` is
made for the field being typed in and follows its text (``follow``).
"""

from __future__ import annotations

import time

import pygame

from fate.ui.kit import clipboard
from fate.ui.kit.theme import GOLD, INK_FAINT, PARCHMENT, Ink, mix

SELECT = (96, 74, 46)  # the selection's shade behind the text


def _mods(event: pygame.event.Event) -> tuple[bool, bool]:
    """(shift held, a command held: Ctrl or Cmd, but not AltGr, which Windows reports as Ctrl+Alt
    and which types characters such as @ [ ] on many keyboards)."""
    m = getattr(event, "mod", 0)
    altgr = bool(m & pygame.KMOD_CTRL and m & pygame.KMOD_ALT) or bool(m & pygame.KMOD_MODE)
    return bool(m & pygame.KMOD_SHIFT), bool(m & (pygame.KMOD_CTRL | pygame.KMOD_META)) and not altgr


class TextEdit:
    """The text of a field being typed in, its caret and its selection."""

    def __init__(self, text: str = "", limit: int = 200) -> None:
        self.limit = limit
        self.text = self._clean(text)[:limit]
        self.caret = len(self.text)
        self.anchor = self.caret  # the selection runs from anchor to caret (none when equal)

    @staticmethod
    def _clean(text: str) -> str:
        return "".join(c for c in text if c.isprintable())

    def follow(self, text: str) -> None:
        """The field's text changed elsewhere (an invite line filled it): the caret goes to its end."""
        if text != self.text:
            self.text = self._clean(text)[:self.limit]
            self.caret = self.anchor = len(self.text)

    # ---------------------------------------------------------------- the selection
    def selection(self) -> tuple[int, int]:
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def selected(self) -> str:
        a, b = self.selection()
        return self.text[a:b]

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def move(self, to: int, extend: bool) -> None:
        self.caret = max(0, min(len(self.text), to))
        if not extend:
            self.anchor = self.caret

    def replace(self, new: str) -> None:
        """Put ``new`` in place of the selection (typing, pasting); what would pass the limit is cut."""
        a, b = self.selection()
        new = self._clean(new)[:max(0, self.limit - (len(self.text) - (b - a)))]
        self.text = self.text[:a] + new + self.text[b:]
        self.caret = self.anchor = a + len(new)

    def _word(self, step: int) -> int:
        i = self.caret
        if step < 0:
            while i > 0 and not self.text[i - 1].isalnum():
                i -= 1
            while i > 0 and self.text[i - 1].isalnum():
                i -= 1
        else:
            while i < len(self.text) and not self.text[i].isalnum():
                i += 1
            while i < len(self.text) and self.text[i].isalnum():
                i += 1
        return i

    # ---------------------------------------------------------------- keys
    def key(self, event: pygame.event.Event) -> bool:
        """A key pressed while typing here: whether it was an editing key (taken). Enter, Tab,
        Esc and anything else the screen means are left to it."""
        shift, ctrl = _mods(event)
        k = event.key
        if ctrl and k == pygame.K_a:
            self.select_all()
        elif ctrl and k in (pygame.K_c, pygame.K_x, pygame.K_INSERT):
            if self.selected():
                clipboard.copy(self.selected())
                if k == pygame.K_x:
                    self.replace("")
        elif clipboard.paste_keys(event):
            self.replace(clipboard.paste())
        elif k == pygame.K_HOME:
            self.move(0, shift)
        elif k == pygame.K_END:
            self.move(len(self.text), shift)
        elif k == pygame.K_LEFT:
            a, b = self.selection()
            self.move(self._word(-1) if ctrl else (a if a != b and not shift else self.caret - 1), shift)
        elif k == pygame.K_RIGHT:
            a, b = self.selection()
            self.move(self._word(1) if ctrl else (b if a != b and not shift else self.caret + 1), shift)
        elif k == pygame.K_BACKSPACE:
            if self.anchor == self.caret:
                self.anchor = self._word(-1) if ctrl else max(0, self.caret - 1)
            self.replace("")
        elif k == pygame.K_DELETE:
            if self.anchor == self.caret:
                self.anchor = self._word(1) if ctrl else min(len(self.text), self.caret + 1)
            self.replace("")
        elif event.unicode and event.unicode.isprintable() and not ctrl:
            self.replace(event.unicode)
        else:
            return False
        return True


def draw_field(ink: Ink, screen: pygame.Surface, box: pygame.Rect, edit: TextEdit | None, text: str,
               placeholder: str, size: float, pad: int) -> int:
    """The field's text in ``box`` (``edit`` when it is being typed in: the selection shaded and the
    caret shown, the text scrolled so that the caret is in view); the placeholder, faint, when empty.
    Returns how far the text is scrolled left (pixels), for a click to find its character."""
    if edit is None:
        if text:
            ink.draw(screen, text, (box.x + pad, box.centery), size, PARCHMENT, anchor="midleft",
                     max_w=box.w - 2 * pad)
        else:
            ink.draw(screen, placeholder, (box.x + pad, box.centery), size, INK_FAINT, anchor="midleft",
                     max_w=box.w - 2 * pad)
        return 0
    font = ink.font("body", size)
    width = box.w - 2 * pad

    def x_of(i: int) -> int:
        return font.size(ink.safe(edit.text[:i], "body"))[0]

    caret_x = x_of(edit.caret)
    shift = max(0, caret_x - width + 2)  # scrolled left so that the caret shows
    clip = screen.get_clip()
    screen.set_clip(box.inflate(-pad, 0).clip(clip))  # an empty clip stays empty: nothing shows
    a, b = edit.selection()
    if a != b:
        sel = pygame.Rect(box.x + pad + x_of(a) - shift, box.y + box.h // 6, x_of(b) - x_of(a), box.h * 2 // 3)
        pygame.draw.rect(screen, SELECT, sel)
    if edit.text:
        ink.draw(screen, edit.text, (box.x + pad - shift, box.centery), size, PARCHMENT, anchor="midleft")
    elif placeholder:
        ink.draw(screen, placeholder, (box.x + pad, box.centery), size, mix(INK_FAINT, (0, 0, 0), 0.3),
                 anchor="midleft", max_w=width)
    if int(time.monotonic() * 2) % 2 == 0 or a != b:
        x = box.x + pad + caret_x - shift
        pygame.draw.line(screen, GOLD, (x, box.y + box.h // 5), (x, box.bottom - box.h // 5), max(1, box.h // 28))
    screen.set_clip(clip)
    return shift
