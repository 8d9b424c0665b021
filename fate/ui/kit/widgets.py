"""Small pieces shared by every screen: buttons, tooltips, the scene base."""

from __future__ import annotations

import pygame

from fate.ui.kit import art
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BRONZE, GOLD, HINT, INK_DIM, NIGHT, PARCHMENT, Ink, mix


class Hotspot:
    """A clickable rectangle with what clicking it means."""

    def __init__(self, rect: pygame.Rect, key: tuple, label: str = "", tip: str = "") -> None:
        self.rect, self.key, self.label, self.tip = rect, key, label, tip


# name -> Scene class. Scenes never import each other: a scene asks the app for
# the next one by name (``app.goto("end", session)``).
SCENES: dict[str, type] = {}


def scene(name: str):
    """Register a scene class under a name (explicitly: no module scanning)."""

    def deco(cls):
        SCENES[name] = cls
        return cls

    return deco


class Scene:
    """A screen of the app. ``hotspots`` lists what can be clicked right now
    (the tests click them, exactly as a player would)."""

    fps = 30  # menus are still: half the frames of the table
    back_to: Scene | None = None  # the scene kept while this one visits (App.visit)

    @property
    def types_text(self) -> bool:
        """Letters go to a text box here (M does not mute): a scene may say so by a class
        attribute or work it out while a field is being typed in."""
        return False

    @property
    def tab_focus(self) -> bool:
        """Tab walks through what can be clicked, Enter or Space clicks it."""
        return True

    def __init__(self, app) -> None:
        self.app = app
        self.ink: Ink = app.ink
        self.hot: list[Hotspot] = []
        self.focus: int | None = None  # which hotspot Tab has reached
        self.toast: tuple[str, float] = ("", 0.0)  # a short line and how long it stays

    def hotspots(self) -> list[Hotspot]:
        return list(self.hot)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for h in reversed(self.hot):
                if h.rect.collidepoint(event.pos):
                    self.click(h.key)
                    return
        elif event.type == pygame.KEYDOWN:
            if self.tab_focus and event.key == pygame.K_TAB and self.hot:
                back = bool(event.mod & pygame.KMOD_SHIFT)
                if self.focus is None or self.focus >= len(self.hot):
                    self.focus = len(self.hot) - 1 if back else 0
                else:
                    self.focus = (self.focus + (-1 if back else 1)) % len(self.hot)
                return
            keys = (pygame.K_RETURN, pygame.K_KP_ENTER) if self.types_text else (
                pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
            if (self.tab_focus and event.key in keys
                    and self.focus is not None and self.focus < len(self.hot)):
                self.click(self.hot[self.focus].key)
                return
            self.key(event)

    def said(self, text: str, seconds: float = 2.5) -> None:
        """A short line at the bottom of the screen (``Sound off``)."""
        self.toast = (text, seconds)

    def draw_extras(self, screen: pygame.Surface, dt: float) -> None:
        """Drawn over every scene: the Tab focus ring with its tip, and the short line."""
        L = Layout(*screen.get_size())
        if self.tab_focus and self.focus is not None and self.focus < len(self.hot):
            h = self.hot[self.focus]
            pygame.draw.rect(screen, HINT, h.rect.inflate(L.n(10), L.n(10)), max(2, L.n(3)),
                             border_radius=L.n(12))
            if h.tip and (self.app.mouse is None or not h.rect.collidepoint(self.app.mouse)):
                tooltip(self.ink, screen, L, h.rect.bottomright, h.label, h.tip)
        text, left = self.toast
        if text and left > 0:
            self.toast = (text, left - dt)
            r = self.ink.draw(screen, text, L.p(960, 1000), 24, PARCHMENT, "italic", anchor="center", shadow=True)
            pygame.draw.rect(screen, BRONZE, r.inflate(L.n(30), L.n(14)), max(1, L.n(2)), border_radius=L.n(8))

    def click(self, key: tuple) -> None:
        pass

    def key(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, screen: pygame.Surface) -> None:
        pass

    def close(self) -> None:
        pass

    def shown_again(self) -> None:
        """Back on screen after a visiting scene (How to Play, Settings) closed."""

    def go_back(self) -> None:
        """Leave a scene opened as a visit (``App.visit``): back to the one kept, else the title."""
        if self.back_to is not None:
            self.app.show_again(self.back_to)
        else:
            self.app.goto("title")

    def draw_tip(self, screen: pygame.Surface, L: Layout) -> None:
        """The tooltip of the hotspot under the pointer, if it has one."""
        mouse = self.app.hover
        if mouse is None:
            return
        for h in reversed(self.hot):
            if h.tip and h.rect.collidepoint(mouse):
                tooltip(self.ink, screen, L, mouse, h.label, h.tip)
                return


def button(scene: Scene, screen: pygame.Surface, L: Layout, rect: tuple, label: str, key: tuple,
           selected: bool = False, enabled: bool = True, size: float = 26, tip: str = "") -> pygame.Rect:
    ink = scene.ink
    r = L.r(*rect)
    hover = scene.app.mouse is not None and r.collidepoint(scene.app.mouse)
    fill = (86, 62, 40) if selected else ((64, 48, 34) if hover and enabled else (40, 30, 30))
    pygame.draw.rect(screen, fill, r, border_radius=L.n(10))
    pygame.draw.rect(screen, GOLD if (selected or hover) and enabled else mix(BRONZE, NIGHT, 0.3), r, L.n(2),
                     border_radius=L.n(10))
    ink.draw(screen, label, r.center, size, PARCHMENT if enabled else INK_DIM, "bold", anchor="center",
             max_w=r.w - L.n(16))
    if enabled:
        scene.hot.append(Hotspot(r, key, label, tip))
    elif tip:  # a greyed button still says, when hovered, why it cannot be used
        scene.hot.append(Hotspot(r, ("ui", "disabled") + key, label, tip))
    return r


def tooltip(ink: Ink, screen: pygame.Surface, L: Layout, pos: tuple[int, int], title: str, body: str) -> None:
    """A parchment box beside the pointer with a thing's full text."""
    if not title and not body:
        return
    w = L.n(440 * ink.reading)
    pad = L.n(14)
    big, small = ink.read(23), ink.read(19)
    body_h = ink.height(body, small, w - 2 * pad) if body else 0
    title_h = ink.font("bold", big).get_linesize()
    h = pad * 2 + title_h + (L.n(6) + body_h if body else 0)
    x, y = pos[0] + L.n(22), pos[1] + L.n(18)
    sw, sh = screen.get_size()
    if x + w > sw:
        x = pos[0] - w - L.n(12)
    if y + h > sh:
        y = max(0, sh - h - L.n(4))
    r = pygame.Rect(x, y, w, h)
    shadow = pygame.Surface(r.size, pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 110))
    screen.blit(shadow, r.move(L.n(5), L.n(6)))
    pygame.draw.rect(screen, (238, 228, 206), r, border_radius=L.n(8))
    pygame.draw.rect(screen, BRONZE, r, L.n(2), border_radius=L.n(8))
    ink.draw(screen, title, (r.x + pad, r.y + pad), big, (60, 30, 24), "bold", max_w=w - 2 * pad)
    if body:
        ink.para(screen, body, pygame.Rect(r.x + pad, r.y + pad + title_h + L.n(6), w - 2 * pad, body_h), small,
                 (40, 32, 30))


def backdrop(scene: Scene, screen: pygame.Surface) -> Layout:
    """The shared night background with the great sigil."""
    w, h = screen.get_size()
    app = scene.app
    key = ("backdrop", w, h)
    surf = app.cache.get(key)
    if surf is None:
        surf = art.background(w, h, seed=3)
        L = Layout(w, h)
        sig = art.glyph("elder_sign", L.n(760), mix(BRONZE, NIGHT, 0.72))
        surf.blit(sig, sig.get_rect(center=L.p(960, 560)))
        app.cache[key] = surf
    screen.blit(surf, (0, 0))
    L = Layout(w, h)
    scene.ink.set_scale(L.s)
    return L
