"""Play Online's text fields and the line it says (a part of ``OnlineScene``, fate/ui/online/screens.py).

Each field's text is a plain string in ``fields``; the one being typed in has a ``TextEdit``
(fate/ui/kit/textfield.py: Ctrl+A, Home/End, Shift-select, paste and typing replace the
selection). What a field holds is checked before anything is started: an address through
the one parser (fate/net/address.py), a code through fate/net/invite.py; what is wrong is
one plain line under that field (``wrong``), gone as soon as the field is typed in again.
The page's own line (``notice``) is said in one of two theme colours, what went well and
what went wrong (``say``), or plainly while something is under way.
"""

from __future__ import annotations

from typing import Any

import pygame

from fate.ground.language import N_, _
from fate.net.address import AddressError, server_url
from fate.net.invite import InviteError, code_key
from fate.ui.kit.layout import Layout
from fate.ui.kit.textfield import TextEdit, draw_field
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, PARCHMENT, WENT_WELL, WENT_WRONG
from fate.ui.kit.widgets import Hotspot, Scene, button

FIELDS = {"address": 200, "code": 24, "name": 24, "server": 200, "watch": 40, "pair": 12}
PLACEHOLDERS = {"address": "192.168.1.20:8765", "code": "ABCD-EFGH-IJKL-MNOP", "name": N_("Your name"),
                "server": N_("This computer"), "watch": "ABCD-EFGH-IJKL-MNOP", "pair": "7KQ2-MXHD"}  # translated where drawn
JOIN_TIPS = {  # what each field of Join asks for (the lobby's: fate/ui/online/lobby.py); translated where shown
    "address": N_("The address of the computer hosting the game, as its Play Online page shows it (for example "
                  "192.168.1.20:8765), or the whole invite line your friend sent (Ctrl+V pastes it). Remembered "
                  "for next time."),
    "code": N_("The invite code your friend gave you: four groups of four letters and digits, in any case, with "
               "or without the dashes."),
    "name": N_("What the table calls you on your Lodge's plaque (remembered)."),
}
PAGE_FIELDS = {"join": ("address", "code", "name"), "host": ("server", "name"), "lobby": ("server", "name"),
               "watch": ("address", "watch"), "devices": ("server", "address", "pair")}  # the fields of each page, in Tab's order


class Fields:
    """The fields of Play Online's pages, and its line of news: a part of ``OnlineScene``,
    given the scene it draws on (its ink and hot spots), each field's tip and first text."""

    def __init__(self, scene: Scene, tips: dict[str, str], values: dict[str, str]) -> None:
        self.scene = scene
        self.field_tips = tips
        self.fields = dict(values)
        self.editing: str | None = None
        self.wrong: dict[str, str] = {}  # field -> the line under it saying what is wrong with it
        self._edit: TextEdit | None = None
        self._edit_of = ""
        self._drawn_at: dict[str, tuple[Any, ...]] = {}  # field -> (box, scroll, padding, font) as last drawn
        self._notice = ""
        self.notice_kind = ""  # "well", "wrong" or "" (under way, or plain news)

    @property
    def notice(self) -> str:
        return self._notice

    @notice.setter
    def notice(self, line: str) -> None:
        self._notice, self.notice_kind = line, ""

    def say(self, line: str, kind: str) -> None:
        """The page's line: ``kind`` "well" (done) or "wrong" (failed, refused), in their colours."""
        self._notice, self.notice_kind = line, kind if line else ""

    # ---------------------------------------------------------------- typing
    def edit(self) -> TextEdit | None:
        """The field being typed in, following its text (a paste may have filled it)."""
        name = self.editing
        if name is None:
            return None
        if self._edit is None or self._edit_of != name:
            self._edit, self._edit_of = TextEdit(self.fields[name], FIELDS[name]), name
        self._edit.follow(self.fields[name])
        return self._edit

    def type_key(self, event: pygame.event.Event) -> bool:
        """An editing key in the field being typed in (whether it was one)."""
        e, name = self.edit(), self.editing
        if e is None or name is None or not e.key(event):
            return False
        self.changed(name, e.text)
        return True

    def put_text(self, name: str, text: str) -> None:
        """Text pasted into a field: in place of its selection when it is being typed in."""
        e = self.edit() if self.editing == name else None
        if e is None:
            e = TextEdit(self.fields[name], FIELDS[name])
        e.replace(text)
        self.changed(name, e.text)

    def pressed_in_field(self, pos: tuple[int, int], extend: bool = False) -> None:
        """A click in the field being typed in puts the caret at the character clicked (Shift:
        the selection runs to it)."""
        e, at = self.edit(), self._drawn_at.get(self.editing or "")
        if e is None or at is None or not at[0].collidepoint(pos):
            return
        box, shift, pad, font = at
        x = pos[0] - box.x - pad + shift
        widths = [font.size(self.scene.ink.safe(e.text[:i], "body"))[0] for i in range(len(e.text) + 1)]
        e.move(min(range(len(widths)), key=lambda i: abs(widths[i] - x)), extend)

    def changed(self, name: str, text: str) -> None:
        if text != self.fields[name]:
            self.fields[name] = text
            self.wrong.pop(name, None)

    # ---------------------------------------------------------------- checking
    def address_in(self, name: str) -> str | None:
        """The server URL a field's address gives, or None with the line under the field said."""
        try:
            url = server_url(self.fields[name])
        except AddressError as e:
            self.wrong[name] = str(e)
            self.say("", "")
            return None
        self.wrong.pop(name, None)
        return url

    def code_in(self, name: str, watch: bool = False) -> str | None:
        """A field's code (an invite code, or a watch code) in the server's form, or None with
        the line under the field said."""
        try:
            code = code_key(self.fields[name], watch)
        except InviteError as e:
            self.wrong[name] = str(e)
            self.say("", "")
            return None
        self.wrong.pop(name, None)
        return code

    # ---------------------------------------------------------------- drawing
    def field(self, screen: pygame.Surface, L: Layout, name: str, label: str, x: int, y: int, w: int) -> None:
        ink = self.scene.ink
        ink.draw(screen, label, L.p(x, y), 22, INK_DIM, "bold")
        box = L.r(x, y + 32, w, 56)
        on = self.editing == name
        bad = self.wrong.get(name, "")
        pygame.draw.rect(screen, (30, 24, 34), box, border_radius=L.n(8))
        pygame.draw.rect(screen, WENT_WRONG if bad and not on else (GOLD if on else BRONZE), box, L.n(2),
                         border_radius=L.n(8))
        ink.as_written.add(self.fields[name])  # what the player typed
        shift = draw_field(ink, screen, box, self.edit() if on else None, self.fields[name], _(PLACEHOLDERS[name]),
                           26, L.n(16))
        self._drawn_at[name] = (box, shift, L.n(16), ink.font("body", 26))
        if bad:  # the line under the field: under its left edge, or ending at its right one when longer
            font = ink.font("italic", 20)
            left = font.size(bad)[0] <= box.w
            ink.draw(screen, bad, (box.x if left else box.right, box.bottom + L.n(3)), 20, WENT_WRONG, "italic",
                     anchor="topleft" if left else "topright", max_w=L.n(1600) if not left else box.w)
        self.scene.hot.append(Hotspot(box, ("field", name), label, _(
            "{what} Click to type. Ctrl+A selects it all; what you type or paste replaces the selection.").format(
            what=_(self.field_tips[name]))))

    def draw_notice(self, screen: pygame.Surface, L: Layout) -> None:
        if self.notice:
            colour = {"well": WENT_WELL, "wrong": WENT_WRONG}.get(self.notice_kind, PARCHMENT)
            self.scene.ink.draw(screen, self.notice, L.p(960, 928), 22, colour, "italic", anchor="center",
                          max_w=L.n(1600))


def arrow(scene, screen: pygame.Surface, L: Layout, rect: tuple, way: str, key: tuple, enabled: bool = True,
          tip: str = "") -> None:
    """A button showing a triangle pointing ``way`` (up, down, left, right): drawn, not a glyph
    the book face may lack."""
    r = button(scene, screen, L, rect, "", key, enabled=enabled, tip=tip)
    c, h = pygame.Vector2(r.center), min(r.w, r.h) * 0.22
    d = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[way]
    tip_at = c + pygame.Vector2(d) * h
    side = pygame.Vector2(-d[1], d[0]) * h
    base = c - pygame.Vector2(d) * h
    pygame.draw.polygon(screen, PARCHMENT if enabled else INK_DIM, [tip_at, base + side, base - side])
