"""The faces the game's text is drawn in, and which one draws each language.

A role (body, italic, bold, title) has one or more *faces* to choose from, the first that
holds every letter of the current language (``LETTERS`` in fate/ground/language.py): the
blackletter Blankenburg has no Polish letters, so Polish titles are drawn in Grenze Gotisch,
every title of that language, never a word half in one face and half in another.

A face may be made of several font files (a font shipped as a Latin and a Latin Extended file),
each character drawn by the first file that holds it. A face may also keep another file's line
metrics (``model``), so that a face put in place of an older one moves nothing on the screen.

``Face`` answers as pygame.font.Font does where the game asks (``size``, ``render``,
``get_linesize``, ``get_height``, ``get_ascent``), and its rendered lines have their baseline
where the model's would be: a capital's accent that rises above the face's ascent (Ó, Ż, É)
makes the surface taller *above* that line (``lift``), and ``Ink.draw`` places the line so that
its baseline does not move. Text of one line stays level whatever letters it holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame
import pygame.freetype


@dataclass(frozen=True)
class FaceSpec:
    files: tuple[str, ...]  # in assets/fonts, the first holding the most
    scale: float = 1.0  # its size beside the role's (its letters as tall as the model's)
    model: str = ""  # the file whose ascent, height and line size it keeps ("" : its own first file's)
    narrow: str = ""  # a file whose widths it keeps to (``WIDTH_SAMPLE``, within ``NARROW_BY``), at any size


BODY = "EBGaramond12-Regular.otf"
BLACKLETTER = "Blankenburg.ttf"
# Each role's faces, in the order they are chosen (the first holding the language's letters).
FACES: dict[str, tuple[FaceSpec, ...]] = {
    "body": (FaceSpec((BODY,)),),
    "italic": (FaceSpec(("EBGaramond12-Italic.otf",)),),
    # Duffner's own bold holds only ASCII; the later EB Garamond's SemiBold, as wide as his text
    "bold": (FaceSpec(("EBGaramond-SemiBold-latin.ttf", "EBGaramond-SemiBold-latin-ext.ttf"),
                      model=BODY, narrow=BODY),),
    "title": (FaceSpec((BLACKLETTER,)),
              FaceSpec(("GrenzeGotisch-Medium-latin.ttf", "GrenzeGotisch-Medium-latin-ext.ttf"),
                       scale=0.96, model=BLACKLETTER)),
}
# A face kept to another's widths is drawn at the largest whole pixel size at which this sample is
# no wider than the other's by NARROW_BY: its hinting makes it wider at some sizes than at others,
# and a card's name that fitted must still fit.
WIDTH_SAMPLE = "Conflagration of Souls: Shub-Niggurath, the Hamburg quiz"
NARROW_BY = 1.03
# Punctuation a face may lack, drawn as plain ASCII (or a plain space) instead.
FALLBACKS = {"−": "-", "…": "...", "—": "-", "–": "-", "→": "->", "’": "'", "‘": "'", "“": '"', "”": '"',
             "\u202f": "\u00a0", "\u00a0": " "}


_readers: dict[Path, pygame.freetype.Font] = {}


@cache
def holds(path: Path, ch: str) -> bool:
    """Whether the font file draws ``ch`` with a glyph of its own (not its missing-glyph box)."""
    if ch in " \n":
        return True
    for _attempt in range(2):
        reader = _readers.get(path)
        if reader is None:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            reader = _readers[path] = pygame.freetype.Font(str(path), 16)
        try:
            return reader.get_metrics(ch)[0] is not None
        except pygame.error:  # pygame.quit() since it was opened: open it again
            _readers.clear()
            pygame.freetype.quit()
    raise pygame.error(f"{path.name}: its glyphs cannot be read")


def spec_holds(folder: Path, spec: FaceSpec, ch: str) -> bool:
    """Whether a face holds ``ch``, itself or through its fallback."""
    if any(holds(folder / f, ch) for f in spec.files):
        return True
    plain = FALLBACKS.get(ch)
    return plain is not None and all(spec_holds(folder, spec, c) for c in plain)


def choose(folder: Path, role: str, letters: str) -> FaceSpec:
    """The role's first face that holds every one of ``letters`` (its last if none does)."""
    specs = FACES[role]
    return next((s for s in specs if all(spec_holds(folder, s, ch) for ch in letters)), specs[-1])


class Face:
    """One face at one pixel size: its files' fonts, each run of text drawn by the first that
    holds it, on the model's baseline."""

    def __init__(self, folder: Path, spec: FaceSpec, px: int) -> None:
        self.paths = [folder / f for f in spec.files]
        size = max(1, round(px * spec.scale))
        if spec.narrow:
            room = pygame.font.Font(str(folder / spec.narrow), px).size(WIDTH_SAMPLE)[0] * NARROW_BY
            while size > 1 and pygame.font.Font(str(self.paths[0]), size).size(WIDTH_SAMPLE)[0] > room:
                size -= 1
        self.fonts = [pygame.font.Font(str(p), size) for p in self.paths]
        model = pygame.font.Font(str(folder / spec.model), px) if spec.model else self.fonts[0]
        self.ascent, self.height, self.linesize = model.get_ascent(), model.get_height(), model.get_linesize()
        self.own = not spec.model or (len(self.fonts) == 1 and spec.files[0] == spec.model and spec.scale == 1.0)
        self.missing = {ch for ch in FALLBACKS if not any(holds(p, ch) for p in self.paths)}
        self._file: dict[str, int] = {}  # character -> the file that draws it
        self._widths: dict[str, int] = {}  # text -> its width (measured every frame, for fitting and wrapping)

    # pygame.font.Font's answers where the game asks them
    def get_linesize(self) -> int:
        return self.linesize

    def get_height(self) -> int:
        return self.height

    def get_ascent(self) -> int:
        return self.ascent

    def plain(self, text: str) -> str:
        """The text with any punctuation this face lacks in plain ASCII."""
        for ch in self.missing:
            if ch in text:
                text = text.replace(ch, FALLBACKS[ch])
        return text

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """The text cut where the file that draws it changes (a character no file holds goes to the first)."""
        out: list[tuple[pygame.font.Font, str]] = []
        which = self._file
        for ch in text:
            i = which.get(ch)
            if i is None:
                i = which[ch] = next((k for k, p in enumerate(self.paths) if holds(p, ch)), 0)
            font = self.fonts[i]
            if out and out[-1][0] is font:
                out[-1] = (font, out[-1][1] + ch)
            else:
                out.append((font, ch))
        return out

    def size(self, text: str) -> tuple[int, int]:
        if len(self.fonts) == 1:
            return self.fonts[0].size(text)[0], self.height
        w = self._widths.get(text)
        if w is None:
            if len(self._widths) > 4000:
                self._widths.clear()
            w = self._widths[text] = sum(f.size(t)[0] for f, t in self.runs(text))
        return w, self.height

    def lift(self, text: str) -> int:
        """How far the line's ink rises above the face's ascent (an accent over a capital): the
        rendered surface is that much taller above the line's own box."""
        runs = self.runs(text) if len(self.fonts) > 1 else [(self.fonts[0], text)]
        return max(0, max((_top(f, part) for f, part in runs), default=0) - self.ascent)

    def render(self, text: str, antialias: bool, colour: tuple) -> pygame.Surface:
        """The line, its baseline ``lift(text) + get_ascent()`` from its top."""
        runs = self.runs(text) if len(self.fonts) > 1 else [(self.fonts[0], text)]
        if self.own and len(runs) == 1:
            return self.fonts[0].render(text, antialias, colour)
        lift = self.lift(text)
        below = max(self.height - self.ascent, max((_bottom(f, part) for f, part in runs), default=0))
        out = pygame.Surface((sum(f.size(t)[0] for f, t in runs), lift + self.ascent + below), pygame.SRCALPHA)
        x = 0
        for font, part in runs:
            surf = font.render(part, antialias, colour)
            base = font.get_ascent() + max(0, _top(font, part) - font.get_ascent())  # SDL grows a line above
            out.blit(surf, (x, lift + self.ascent - base))
            x += surf.get_width()
        return out


def _top(font: pygame.font.Font, text: str) -> int:
    """The highest point of ``text``'s glyphs above the baseline, in pixels."""
    return max((g[3] for g in font.metrics(text) if g), default=0)


def _bottom(font: pygame.font.Font, text: str) -> int:
    """How far ``text``'s glyphs reach below the baseline (an ogonek, a descender), in pixels."""
    return max((-g[2] for g in font.metrics(text) if g), default=0)
