"""Colours, fonts and text drawing for the table.

Everything on screen is laid out in *design units* of a 1920x1080 table and
scaled to the window (``Ink.scale``). Text goes through ``Ink`` only: it
caches rendered lines and records every string drawn in the current frame
(``Ink.drawn``), which the secrecy tests read to prove what was on screen.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from fate.ground.language import LETTERS, N_, current
from fate.ground.paths import assets_dir
from fate.ui.kit.face import FACES, Face, FaceSpec, choose

DESIGN_W, DESIGN_H = 1920, 1080

# The table's palette: night, old bronze, candle light.
NIGHT = (12, 9, 20)
NIGHT_2 = (22, 16, 34)
PANEL = (28, 22, 40)
# One panel style for the table (side panels, Lodges, plaques, the prompt bar): a dark fill
# and one quiet line round it, not a gold frame; gold is kept for what is happening or may be
# clicked (the place and the Lodge whose turn it is, the legal targets' glow).
PANEL_EDGE = (60, 52, 72)
PANEL_LINE = 1  # design units: the width of that line
PANEL_ALPHA = 205  # how much of the cloth a panel hides
BRONZE = (196, 156, 84)
GOLD = (236, 200, 120)
PARCHMENT = (232, 220, 196)
INK_DIM = (160, 148, 170)
INK_FAINT = (110, 100, 124)
BLOOD = (196, 48, 48)
SIGN_GREEN = (120, 200, 150)
GLOW = (250, 214, 110)
HINT = (110, 235, 225)  # what a hint points at: apart from the gold of what may be clicked
INVESTIGATOR = (196, 176, 140)
ASTRAL = (176, 140, 255)
GATE = (150, 110, 220)
# What went well and what went wrong, said in a line (the online screens): apart for every
# colour vision too (at least 50 CIE76 delta E under each simulation, fate/ui/kit/colour_vision.py)
WENT_WELL = (120, 205, 215)
WENT_WRONG = (245, 125, 80)

# Colours a cult may take, chosen on the New Game screen.
# Chosen so that every pair stays at least 25 CIE76 delta E apart under simulated
# protanopia, deuteranopia and tritanopia (fate/ui/kit/colour_vision.py; the test computes it).
CULT_COLOURS = (  # (name, translated where shown; the colour)
    (N_("Crimson"), (202, 61, 61)),
    (N_("Verdigris"), (53, 171, 134)),
    (N_("Azure"), (62, 93, 167)),
    (N_("Amber"), (228, 171, 54)),
    (N_("Lavender"), (174, 119, 251)),
    (N_("Bone"), (233, 228, 211)),
)
# Each colour's shape: on every Cultist, Summon token, Lodge plaque and chart line of that cult,
# so that no one needs to tell the colours apart to tell the cults apart.
CULT_MARKS = ("circle", "triangle", "square", "diamond", "star", "cross")
_shapes = {"on": True}  # the "Cult shapes" setting (App sets it)


def show_cult_shapes(on: bool) -> None:
    _shapes["on"] = bool(on)


def cult_mark(colour: tuple) -> str:
    """The shape that goes with a cult colour (one of CULT_COLOURS); "" with the shapes setting off."""
    if not _shapes["on"]:
        return ""
    for (_, rgb), shape in zip(CULT_COLOURS, CULT_MARKS, strict=True):
        if tuple(colour[:3]) == rgb:
            return shape
    return ""

MIN_PX = 13  # no text smaller than this on any window
SHRINK = 0.8  # a line too wide for its place is drawn down to this much smaller before it is cut
# Characters a face draws in its own way that players misread: the blackletter hyphen is the
# old double stroke, read as "=" ("Yog=Sothoth"); its en dash is the single stroke they expect.
SUBSTITUTES = {"title": {"-": "\u2013"}}


def drawable(text: str) -> str:
    """Text SDL can draw: a lone surrogate (from a file name or save that is not
    proper UTF-8) becomes "?" instead of an error."""
    return text if text.isascii() else text.encode("utf-8", "replace").decode("utf-8")


class Ink:
    """Fonts at the window's scale, cached text surfaces, and the frame's text log."""

    def __init__(self) -> None:
        self.folder = assets_dir() / "fonts"
        for specs in FACES.values():
            for spec in specs:
                for name in spec.files + ((spec.model,) if spec.model else ()):
                    if not (self.folder / name).is_file():
                        raise FileNotFoundError(f"assets/fonts/{name}: font file is missing")
        self.scale = 1.0
        self.reading = 1.0  # the Text size setting: text that is read at length grows by it (``read``)
        self._faces: dict[tuple[FaceSpec, int], Face] = {}
        self._chosen: dict[tuple[str, str], FaceSpec] = {}
        self._lines: OrderedDict[tuple, tuple[pygame.Surface, int]] = OrderedDict()
        self._wraps: OrderedDict[tuple, list[str]] = OrderedDict()
        self._cuts: dict[tuple, str] = {}  # (text, role, face, px, width) -> the text cut to fit
        self._shrunk: dict[tuple, float] = {}  # (text, role, face, px, width) -> the size it fits at
        self.drawn: set[str] = set()
        self.placed: list[tuple[str, pygame.Rect]] = []  # (line, where) drawn this frame, for layout tests
        self.cut: list[str] = []  # the texts cut with an ellipsis this frame (the languages' bench counts them)
        # texts drawn as they are written, never translated (what a player typed, a legal document):
        # the languages' bench does not count them as words the catalogues left out
        self.as_written: set[str] = set()

    def set_scale(self, scale: float) -> None:
        self.scale = scale

    def read(self, size: float) -> float:
        """A size for reading text (tooltips, How to Play, the gallery, the log, the coach)."""
        return size * self.reading

    def sizes(self, size: float) -> list[float]:
        """Sizes to try, largest first, for text that should follow the Text size setting
        as far as its place holds it: from ``read(size)`` down to ``size``, a design unit apart."""
        out = []
        top = self.read(size)
        while top > size:
            out.append(top)
            top -= 1
        return out + [size]

    def fitting(self, text: str, size: float, width: int, role: str = "body") -> float:
        """The largest of ``sizes(size)`` at which ``text`` fits ``width`` pixels on one line
        (``size`` if none does: the caller cuts or wraps it as before)."""
        text = drawable(text)
        return next((s for s in self.sizes(size) if self.font(role, s).size(text)[0] <= width), size)

    def fitting_para(self, text: str, size: float, width: int, height: int, role: str = "body") -> float:
        """The largest of ``sizes(size)`` at which ``text`` wrapped to ``width`` pixels fits ``height``."""
        return next((s for s in self.sizes(size) if self.height(text, s, width, role) <= height), size)

    def px(self, size: float) -> int:
        return max(MIN_PX, round(size * self.scale))

    def spec(self, role: str) -> FaceSpec:
        """The role's face for the current language: the first that holds all its letters."""
        code = current().code
        spec = self._chosen.get((role, code))
        if spec is None:
            spec = self._chosen[(role, code)] = choose(self.folder, role, LETTERS.get(code, ""))
        return spec

    def font(self, role: str, size: float) -> Face:
        spec, px = self.spec(role), self.px(size)
        face = self._faces.get((spec, px))
        if face is None:
            face = self._faces[(spec, px)] = Face(self.folder, spec, px)
        return face

    def safe(self, text: str, role: str) -> str:
        """The text with any punctuation this face lacks replaced by plain ASCII, and the
        characters it draws in a misleading way by ones it draws plainly (``SUBSTITUTES``)."""
        text = self.font(role, 20).plain(text)
        for ch, better in SUBSTITUTES.get(role, {}).items():
            text = text.replace(ch, better)
        return text

    def line(self, text: str, size: float, colour: tuple, role: str = "body") -> pygame.Surface:
        return self._line(text, size, colour, role)[0]

    def _line(self, text: str, size: float, colour: tuple, role: str) -> tuple[pygame.Surface, int]:
        """The rendered line and how far it rises above its box (``Face.lift``)."""
        face = self.font(role, size)
        key = (text, role, self.spec(role), self.px(size), colour)
        made = self._lines.get(key)
        if made is None:
            shown = self.safe(text, role)
            made = (face.render(shown, True, colour), face.lift(shown))
            self._lines[key] = made
            if len(self._lines) > 4000:
                self._lines.popitem(last=False)
        else:
            self._lines.move_to_end(key)
        return made

    def draw(self, target: pygame.Surface, text: str, pos: tuple[int, int], size: float = 22,
             colour: tuple = PARCHMENT, role: str = "body", anchor: str = "topleft",
             max_w: int | None = None, shadow: bool = False, shrink: float = SHRINK) -> pygame.Rect:
        """Draw one line; ``anchor`` is a pygame.Rect attribute (topleft, center, midright...);
        too wide for ``max_w``, it is drawn smaller, down to ``shrink`` of its size, before it is cut."""
        if not text:
            return pygame.Rect(pos, (0, 0))
        text = drawable(text)
        if max_w is not None:
            size = self.shrunk(text, size, max_w, role, shrink)
            text = self.fit(text, size, max_w, role)
        self.drawn.add(text)
        surf, lift = self._line(text, size, colour, role)
        # the line's own box, anchored; an accent over a capital rises above it, and the baseline stays
        rect = pygame.Rect(0, 0, surf.get_width(), surf.get_height() - lift)
        setattr(rect, anchor, pos)
        if shadow:
            target.blit(self._line(text, size, (0, 0, 0), role)[0], rect.move(1, 2 - lift))
        target.blit(surf, rect.move(0, -lift))
        self.placed.append((text, rect))
        return rect

    def shrunk(self, text: str, size: float, width: int, role: str = "body", shrink: float = SHRINK) -> float:
        """The size to draw a line at in ``width`` pixels: ``size`` where it fits, else a little
        smaller (down to ``SHRINK`` of it, where a longer language needs the room), else ``size``
        again (and the line is cut, as before)."""
        if self.font(role, size).size(text)[0] <= width:
            return size
        key = (text, role, self.spec(role), self.px(size), width, shrink)
        got = self._shrunk.get(key)
        if got is None:
            steps = (size * (1 - k * (1 - shrink) / 5) for k in range(1, 6))
            got = self._shrunk[key] = next((s for s in steps if self.font(role, s).size(text)[0] <= width), size)
            if len(self._shrunk) > 2000:
                self._shrunk.clear()
        return got

    def fit(self, text: str, size: float, width: int, role: str = "body") -> str:
        """The text, cut with an ellipsis if it is wider than ``width`` pixels."""
        font = self.font(role, size)
        if font.size(text)[0] <= width:
            return text
        self.cut.append(text)
        key = (text, role, self.spec(role), self.px(size), width)
        cut = self._cuts.get(key)
        if cut is None:
            dots = self.safe("…", role)
            short = text
            while short and font.size(short + dots)[0] > width:
                short = short[:-1]
            cut = self._cuts[key] = short.rstrip() + dots
            if len(self._cuts) > 2000:
                self._cuts.clear()
        return cut

    def wrap(self, text: str, size: float, width: int, role: str = "body") -> list[str]:
        key = (text, self.spec(role), self.px(size), width)
        lines = self._wraps.get(key)
        if lines is not None:
            return lines
        font = self.font(role, size)
        lines = []
        for para in drawable(text).split("\n"):
            cur = ""
            for w, sep in pieces(para, font, width):
                trial = w if not cur else cur + sep + w
                if font.size(trial)[0] <= width or not cur:
                    cur = trial
                else:
                    lines.append(cur)
                    cur = w
            lines.append(cur)
        self._wraps[key] = lines
        if len(self._wraps) > 2000:
            self._wraps.popitem(last=False)
        return lines

    def para(self, target: pygame.Surface, text: str, rect: pygame.Rect, size: float = 22,
             colour: tuple = PARCHMENT, role: str = "body", align: str = "left",
             max_lines: int | None = None) -> int:
        """Draw wrapped text inside ``rect``; returns the height used."""
        lines = self.wrap(text, size, rect.w, role)
        if max_lines is not None and len(lines) > max_lines:
            self.cut.append(text)
            lines = lines[:max_lines]
            lines[-1] = self.fit(lines[-1] + " …", size, rect.w, role)
            if self.cut[-1] != text:  # the last line cut too: the paragraph counts once
                self.cut.pop()
        step = self.font(role, size).get_linesize()
        y = rect.y
        for ln in lines:
            if align == "center":
                self.draw(target, ln, (rect.centerx, y), size, colour, role, anchor="midtop")
            elif align == "right":
                self.draw(target, ln, (rect.right, y), size, colour, role, anchor="topright")
            else:
                self.draw(target, ln, (rect.x, y), size, colour, role)
            y += step
        return y - rect.y

    def height(self, text: str, size: float, width: int, role: str = "body") -> int:
        return len(self.wrap(text, size, width, role)) * self.font(role, size).get_linesize()


def pieces(para: str, font: Face, width: int) -> list[tuple[str, str]]:
    """The words of a paragraph, each with what joins it to the word before: a space, or
    nothing where a hyphenated word too wide for the line is cut after its hyphens
    (Shub-Niggurath on a small card)."""
    out = []
    for w in para.split(" "):
        parts = w.split("-")
        if len(parts) > 1 and all(parts) and font.size(w)[0] > width:
            out += [(p + "-", "" if i else " ") for i, p in enumerate(parts[:-1])] + [(parts[-1], "")]
        else:
            out.append((w, " "))
    return out


def mix(a: tuple, b: tuple, t: float) -> tuple[int, int, int]:
    """Blend two colours: t=0 gives a, t=1 gives b."""
    r, g, bl = (int(a[i] + (b[i] - a[i]) * t) for i in range(3))
    return r, g, bl
