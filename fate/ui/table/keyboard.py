"""Playing the table from the keyboard: a visible focus on what can be chosen now.

Tab and Shift+Tab walk through everything the prompt lets you choose (cards,
locations, Lodges, dice, Fate Pieces, the prompt bar's buttons) in reading
order; the arrow keys move to the nearest one in that direction; Enter (or
Space) chooses the focused thing exactly as a click would; Esc steps back.
The focused card opens its large preview; anything else shows its tooltip.
A part of ``PlayScene`` (fate/ui/table/scene.py), given its ``TableState`` (state.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from fate.ground.language import N_, _
from fate.ui.kit.theme import PARCHMENT
from fate.ui.kit.widgets import Hotspot, Scene, tooltip
from fate.ui.table.picker import Picker
from fate.ui.table.reasons import why_not
from fate.ui.table.state import TableState
from fate.ui.table.telling import Telling

REFUSAL_SECONDS = 3.0  # how long a refused click's reason stays beside it
REFUSED = (206, 96, 86)  # its edge: the table's red for "not now"
FOCUS = (120, 230, 255)  # the focus ring: apart from the gold glow of legal targets and the hint's ring
_EXTRA = (("ui", "cancel"), ("ui", "until"))  # table buttons that belong to the prompt
def not_now(why: str) -> str:
    """Why a thing cannot be chosen now, as the tooltip and a refused click say it."""
    return _("Not now: {why}.").format(why=why)


KEYS_LINE = N_("Tab, arrows: move · Enter: choose · Esc: back · V: preview")  # translated where drawn
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class KeyboardPlay:
    """The keyboard's focus (``kfocus``), the preview V keeps open (``pinned``) and the reason
    of a refused click (``refusal``): written here only. ``click`` chooses a thing as the
    pointer would (the scene's)."""

    def __init__(self, st: TableState, scene: Scene, telling: Telling, click: Callable[[tuple], None]) -> None:
        self.st = st
        self.scene = scene
        self.telling = telling
        self.click = click
        self.kfocus: tuple | None = None  # the key of the focused thing
        self.pinned: tuple | None = None  # the card whose large preview V keeps open
        self.refusal: tuple | None = None  # (where, words, until when) of the last click that chose nothing

    def unpin(self) -> bool:
        """Esc: the preview V keeps open is put away; False if none was."""
        pinned, self.pinned = self.pinned, None
        return pinned is not None

    def unfocus(self) -> bool:
        """Esc: the focus is dropped (not under the pause menu); False if there was none."""
        if self.kfocus is None or self.st.menu:
            return False
        self.kfocus = None
        return True

    def focusables(self) -> list[Hotspot]:
        """What can be chosen now, one hotspot a key (the largest), in reading order."""
        picker = None if self.st.anim.busy() else self.st.picker
        if picker is None or self.st.handoff is not None or self.st.menu or self.st.confirming is not None:
            return []
        live = picker.live()
        best: dict[tuple, Hotspot] = {}
        for h in self.scene.hot:
            if h.key in live or h.key in _EXTRA:
                old = best.get(h.key)
                if old is None or h.rect.w * h.rect.h > old.rect.w * old.rect.h:
                    best[h.key] = h
        row = max(1, self.st.table.layout.n(60))
        return sorted(best.values(), key=lambda h: (h.rect.centery // row, h.rect.centerx))

    def focused(self) -> Hotspot | None:
        if self.kfocus is None:
            return None
        return next((h for h in self.focusables() if h.key == self.kfocus), None)

    def focused_key(self) -> tuple | None:
        h = self.focused()
        return h.key if h is not None else None

    def step_focus(self, back: bool) -> bool:
        """Tab / Shift+Tab: the next (previous) thing to choose; False if there is none."""
        spots = self.focusables()
        if not spots:
            return False
        keys = [h.key for h in spots]
        if self.kfocus not in keys:
            self.kfocus = keys[-1 if back else 0]
        else:
            self.kfocus = keys[(keys.index(self.kfocus) + (-1 if back else 1)) % len(keys)]
        return True

    def arrow_focus(self, dx: int, dy: int) -> bool:
        """An arrow: the nearest thing to choose in that direction (from the focus, or the first)."""
        spots = self.focusables()
        now = self.focused()
        if now is None:
            return self.step_focus(back=False)
        cx, cy = now.rect.center
        best, best_cost = None, math.inf
        for h in spots:
            if h.key == now.key:
                continue
            ddx, ddy = h.rect.centerx - cx, h.rect.centery - cy
            along = ddx * dx + ddy * dy
            if along <= 0:
                continue
            cost = along + 2.5 * abs(ddx * dy + ddy * dx)  # straight ahead first
            if cost < best_cost:
                best, best_cost = h, cost
        if best is not None:
            self.kfocus = best.key
        return best is not None

    def press_focus(self) -> bool:
        """Enter or Space on the focus: chosen as a click would; False without a focus."""
        h = self.focused()
        if h is None:
            return False
        self.click(h.key)
        if self.focused() is None:
            self.kfocus = None
        return True

    def keyboard_focus_key(self, event: pygame.event.Event) -> bool:
        """Handle a focus key at the table; True if it was one."""
        k = event.key
        if k == pygame.K_TAB:
            if self.st.anim.busy():
                self.st.anim.skip()
                return True
            return self.step_focus(bool(event.mod & pygame.KMOD_SHIFT)) or True
        if k in ARROWS and not self.st.anim.busy():
            return self.arrow_focus(*ARROWS[k]) or True
        if k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) and not self.st.anim.busy():
            return self.press_focus()
        return False

    def draw_focus(self, screen: pygame.Surface) -> bool:
        """The focus ring, with the focused card's preview or the thing's tooltip.
        True if something is focused (then the pointer's tooltip gives way)."""
        h = self.focused()
        if h is None:
            return False
        L = self.st.table.layout
        pygame.draw.rect(screen, FOCUS, h.rect.inflate(L.n(14), L.n(14)), max(2, L.n(4)), border_radius=L.n(12))
        picker = self.st.picker
        if h.key[0] == "card" and self.st.table.card_preview(screen, h.key, self.action_words(h.key, picker)):
            return True
        reg = next((r for r in reversed(self.st.table.regions) if r.key == h.key), None)
        title = reg.title if reg is not None else h.label
        body = reg.body if reg is not None else h.tip
        if picker is not None and h.key in picker.live():
            said = _("Enter: {choice}").format(choice=picker.label(h.key))
            body = f"{said}\n\n{body}" if body else said
        tooltip(self.scene.ink, screen, L, h.rect.bottomright, title, body)
        return True

    def draw_pointing(self, screen: pygame.Surface, picker: Picker | None) -> None:
        """What the pointer or the focus is on says what it is: the pinned card's preview, the
        focus ring with its tooltip, else the thing under the pointer (a card lifted with its
        preview, the places a Chronicle line names, a tooltip with what a click does now)."""
        t = self.st.table
        mouse = self.scene.app.hover
        live = picker.live() if picker is not None else {}
        pinned = self.pinned
        if pinned is not None and t.card_preview(screen, pinned, self.action_words(pinned, picker)):
            return
        if self.draw_focus(screen):
            self.keys_line(screen)
            return
        if mouse is not None:
            reg = t.at(mouse)
            if reg is not None and reg.key is not None and reg.key[0] == "card":
                t.lift(screen, reg.key, live)
                if t.card_preview(screen, reg.key, self.action_words(reg.key, picker)):
                    return
            if reg is not None and reg.key == ("ui", "log"):
                row = t.log_entry_at(mouse)
                if row is not None and row < len(self.telling.log_at):
                    t.mark_named(screen, row, self.telling.log_at[row])
            if reg is not None and reg.key != ("ui", "log"):
                title, body = reg.title, reg.body
                if picker is not None and reg.key in picker.live():
                    body = f"→ {picker.label(reg.key)}\n\n{body}" if body else f"→ {picker.label(reg.key)}"
                elif reg.key is not None and not self.st.anim.busy():
                    why = self.why_not(reg.key, picker)
                    body = f"{body}\n\n{not_now(why)}" if why else body
                tooltip(self.scene.ink, screen, t.layout, mouse, title, body)

    # ---------------------------------------------------------------- the preview by key
    def action_words(self, key: tuple, picker) -> str:
        """What choosing a card does now, under its preview ("" if nothing)."""
        if picker is not None and key in picker.live():
            return _("Click or Enter: {choice}").format(choice=picker.label(key))
        why = "" if self.st.anim.busy() else self.why_not(key, picker)
        return not_now(why) if why else ""

    # ---------------------------------------------------------------- a click refused, said where it was

    def refuse_click(self, pos: tuple[int, int]) -> bool:
        """A click on a thing that cannot be chosen now says why, beside the pointer, for a
        few seconds (the tooltip says it too, but a player who clicks does not wait for it)."""
        reg = self.st.table.at(pos)
        why = "" if reg is None or reg.key is None or self.st.anim.busy() else self.why_not(reg.key, self.st.picker)
        if not why:
            return False
        self.refusal = (pos, not_now(why), self.st.clock + REFUSAL_SECONDS)
        return True

    def draw_refusal(self, screen: pygame.Surface) -> None:
        if self.refusal is None or self.st.clock >= self.refusal[2]:
            self.refusal = None
            return
        (x, y), words, _until = self.refusal
        L, ink = self.st.table.layout, self.scene.ink
        width = min(L.n(520), ink.font("italic", ink.read(18)).size(words)[0] + L.n(28))
        height = ink.height(words, ink.read(18), width - L.n(24), "italic") + L.n(14)
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (x, y - L.n(14))
        box.clamp_ip(screen.get_rect())
        pygame.draw.rect(screen, (40, 16, 18), box, border_radius=L.n(8))
        pygame.draw.rect(screen, REFUSED, box, L.n(2), border_radius=L.n(8))
        ink.para(screen, words, box.inflate(-L.n(24), -L.n(14)), ink.read(18), PARCHMENT, "italic")

    def why_not(self, key: tuple, picker) -> str:
        """Why the thing of ``key`` cannot be chosen now, from the looker's view ("" if it can)."""
        v = self.st.shown
        return why_not(key, v, picker.live() if picker is not None else None, self.telling.name_of(v["current"]))

    def toggle_preview(self) -> None:
        """V: the large preview of the focused card (or the first card of your hand);
        V again, or Esc, puts it away."""
        if self.pinned is not None:
            self.pinned = None
            return
        focus = self.focused_key()
        if focus is not None and focus[0] in ("card", "loc"):  # a place's preview: its symbols in words
            self.pinned = focus
            return
        me = self.st.shown["seats"][self.st.looker] if self.st.looker is not None and self.st.looker >= 0 else {}
        cards = me.get("hand", []) + me.get("reserve", [])
        self.pinned = ("card", cards[0]["id"]) if cards else None

    def keys_line(self, screen: pygame.Surface) -> None:
        """A quiet reminder under the hand while the keyboard has the focus."""
        if self.kfocus is None:
            return
        L = self.st.table.layout
        self.scene.ink.draw(screen, _(KEYS_LINE), L.p(580, 845), 15, PARCHMENT, "italic", anchor="midleft", shadow=True)
