"""Small pieces shared by every screen: buttons, tooltips, the scene base."""

from __future__ import annotations

import pygame

from fate.ui import art
from fate.ui.layout import Layout
from fate.ui.theme import BRONZE, GOLD, INK_DIM, NIGHT, PARCHMENT, Ink, mix


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

    def __init__(self, app) -> None:
        self.app = app
        self.ink: Ink = app.ink
        self.hot: list[Hotspot] = []

    def hotspots(self) -> list[Hotspot]:
        return list(self.hot)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for h in reversed(self.hot):
                if h.rect.collidepoint(event.pos):
                    self.click(h.key)
                    return
        elif event.type == pygame.KEYDOWN:
            self.key(event)

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

    def go_back(self) -> None:
        """Leave a scene opened as a visit (``App.visit``): back to the one kept, else the title."""
        if self.back_to is not None:
            self.app.show_again(self.back_to)
        else:
            self.app.goto("title")

    def draw_tip(self, screen: pygame.Surface, L: Layout) -> None:
        """The tooltip of the hotspot under the pointer, if it has one."""
        mouse = self.app.mouse
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
    w = L.n(440)
    pad = L.n(14)
    body_h = ink.height(body, 19, w - 2 * pad) if body else 0
    title_h = ink.font("bold", 23).get_linesize()
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
    ink.draw(screen, title, (r.x + pad, r.y + pad), 23, (60, 30, 24), "bold", max_w=w - 2 * pad)
    if body:
        ink.para(screen, body, pygame.Rect(r.x + pad, r.y + pad + title_h + L.n(6), w - 2 * pad, body_h), 19,
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
