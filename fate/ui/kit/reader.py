"""A long plain text to read on screen: wrapped to the page, scrolled by rows, with a scroll bar.

The text is laid out once per size (``layout``): every line of the file becomes one or more
rows, a long line wrapped at the page's width with the indentation it had, a word wider than
the page (a long address) cut over rows, never clipped. A heading is a line such as
``[1.2] pygame-ce 2.5.8`` right under a rule of dashes or equals signs (the notices file's own
convention); it is drawn larger, in gold, and the rules around it become drawn lines.

The scene owns the input and asks the view to move (``scroll``, ``page``, ``home``, ``end``,
``section``, ``drag_to``); ``draw`` puts the visible rows and the scroll bar on screen and
keeps their rectangles (``track``, ``thumb``, ``shown``) for the scene's hit tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from fate.ui.kit.face import Face
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, NIGHT, PANEL, PARCHMENT, Ink, mix

HEADING = re.compile(r"^\[(?:\d+|[A-Z])(?:\.\d+)?\] \S")
RULE = re.compile(r"^\s*(?:-{8,}|={8,})\s*$")
FIELD = re.compile(r"^([A-Z][A-Za-z ]{0,14}:) {2,}(\S.*)$")  # "Version:    2.5.8": a label, then its value
SIZES = {"h1": ("bold", 36), "h2": ("bold", 31), "text": ("body", 26)}
INDENT_EM = 0.42  # a leading space of the file, in ems of the text's font (keeps its columns roughly)


@dataclass(frozen=True)
class Row:
    """One row on the page: ``text`` drawn from ``indent`` pixels in; ``kind`` is h1, h2, text,
    rule (a drawn line the page's width) or underline (a drawn line as wide as its dashes);
    ``line`` is the file's line it comes from (0-based)."""

    text: str
    kind: str
    indent: int
    height: int
    line: int
    label: str = ""  # a field's label ("Version:"), drawn before the value on the field's first row
    width: int = 0  # an underline's length


def kinds(lines: list[str]) -> list[str]:
    """What each line of a text is: h1 ([1] Part), h2 ([1.2] Section), rule, underline, field (a
    label and its value), more (a field's value going on, indented to where the value began) or text."""
    out: list[str] = []
    for i, ln in enumerate(lines):
        if FIELD.match(ln):
            out.append("field")
        elif out and out[-1] in ("field", "more") and ln.startswith(" ") and ln.strip() and \
                len(ln) - len(ln.lstrip(" ")) == value_column(lines[i - 1]):
            out.append("more")
        elif HEADING.match(ln) and i > 0 and RULE.match(lines[i - 1]):
            out.append("h2" if "." in ln.split("]", 1)[0] else "h1")
        elif RULE.match(ln):
            near = any(0 <= j < len(lines) and HEADING.match(lines[j]) and j > 0 and RULE.match(lines[j - 1])
                       for j in (i - 1, i + 1))
            out.append("rule" if near else "underline")
        else:
            out.append("text")
    return out


def value_column(line: str) -> int:
    """Where a field's value starts in its line (the column its continuation lines keep)."""
    m = FIELD.match(line)
    if m:
        return m.start(2)
    return len(line) - len(line.lstrip(" "))


def headings(text: str) -> list[str]:
    """The heading lines of a text, in order."""
    lines = text.splitlines()
    return [ln for ln, k in zip(lines, kinds(lines), strict=True) if k in ("h1", "h2")]


def fit_chars(width_of: Callable[[str], int], word: str, width: int) -> int:
    """How many leading characters of ``word`` fit ``width`` pixels (at least one)."""
    lo, hi = 1, len(word)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width_of(word[:mid]) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def wrap(text: str, width: int, width_of: Callable[[str], int]) -> list[str]:
    """``text`` in rows no wider than ``width`` pixels as ``width_of`` measures them: broken at
    spaces, and a word wider than the row cut where it must (nothing is ever left out)."""
    rows: list[str] = []
    cur = ""
    for word in text.split(" "):
        trial = word if not cur else cur + " " + word
        if width_of(trial) <= width:
            cur = trial
            continue
        if cur:
            rows.append(cur)
        while word and width_of(word) > width:
            k = fit_chars(width_of, word, width)
            rows.append(word[:k])
            word = word[k:]
        cur = word
    rows.append(cur)
    return rows


class TextView:
    """A text and how far it is scrolled; rows are laid out for the size last drawn."""

    def __init__(self, text: str) -> None:
        self.lines = [ln.expandtabs(8).rstrip() for ln in text.replace("\r\n", "\n").split("\n")]
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        self.text = "\n".join(self.lines)
        self.kinds = kinds(self.lines)
        self.rows: list[Row] = []
        self.top = 0  # the first row shown
        self.shown = 0  # rows that fitted the page when last drawn
        self.page_rect = pygame.Rect(0, 0, 1, 1)  # where the rows were drawn
        self.track = pygame.Rect(0, 0, 0, 0)  # the scroll bar
        self.thumb = pygame.Rect(0, 0, 0, 0)
        self._key: tuple | None = None
        self._fits_from = 0  # the smallest ``top`` that shows the last row

    # ---------------------------------------------------------------- layout
    def layout(self, ink: Ink, width: int, height: int) -> None:
        """Lay the rows out for a page ``width`` by ``height`` pixels (kept until the size changes)."""
        key = (width, height, ink.px(ink.read(SIZES["text"][1])), ink.px(ink.read(SIZES["h2"][1])))
        if key == self._key:
            return
        at = self.rows[self.top].line if self.rows and self.top < len(self.rows) else 0
        self._key = key

        def measure(role: str, size: float) -> tuple[Face, Callable[[str], int]]:
            font = ink.font(role, ink.read(size))
            return font, lambda t: font.size(ink.safe(t, role))[0]

        body, body_width = measure("body", SIZES["text"][1])
        step = body.get_linesize()
        space = max(1, round(body.get_height() * INDENT_EM))
        _, label_width = measure("italic", SIZES["text"][1])
        labels = [m.group(1) for ln, k in zip(self.lines, self.kinds, strict=True)
                  if k == "field" and (m := FIELD.match(ln))]
        tab = min(width // 3, max(map(label_width, labels), default=0) + space * 2)
        rows: list[Row] = []
        for n, (ln, kind) in enumerate(zip(self.lines, self.kinds, strict=True)):
            lead = len(ln) - len(ln.lstrip(" "))
            if kind in ("field", "more"):  # the label in its column, the value beside it at one tab stop
                m = FIELD.match(ln)
                label, value = (m.group(1), m.group(2)) if m else ("", ln.strip())
                for k, piece in enumerate(wrap(value, width - tab, body_width)):
                    rows.append(Row(piece, "field", tab, step, n, label if k == 0 else ""))
            elif kind in ("rule", "underline"):  # an underline as wide as the title above it, if any
                above = self.lines[n - 1].strip() if n else ""
                w = min(width, body_width(above or ln.strip())) if kind == "underline" else width
                rows.append(Row(ln.strip(), kind, min(lead * space, width - w), max(4, step // 2), n, width=w))
            else:
                font, width_of = measure(*SIZES[kind]) if kind in ("h1", "h2") else (body, body_width)
                indent = min(lead * space, width * 2 // 5)
                for piece in wrap(ln.strip(), width - indent, width_of):
                    rows.append(Row(piece, kind, indent, font.get_linesize(), n))
        self.rows = rows
        total, k = 0, len(rows)
        while k > 0 and total + rows[k - 1].height <= height:
            total += rows[k - 1].height
            k -= 1
        self._fits_from = k
        self.top = next((i for i, r in enumerate(rows) if r.line >= at), 0)
        self.clamp()

    # ---------------------------------------------------------------- moving
    @property
    def last_top(self) -> int:
        return self._fits_from

    def clamp(self) -> None:
        self.top = max(0, min(self.top, self.last_top))

    def scroll(self, rows: int) -> None:
        self.top += rows
        self.clamp()

    def page(self, pages: int) -> None:
        """A page down (or up): the rows shown, less one kept for context."""
        self.scroll(pages * max(1, self.shown - 1))

    def home(self) -> None:
        self.top = 0

    def end(self) -> None:
        self.top = self.last_top

    def section(self, step: int) -> None:
        """To the next (step 1) or previous (-1) heading."""
        marks = [i for i, r in enumerate(self.rows) if r.kind in ("h1", "h2")
                 and (i == 0 or self.rows[i - 1].line != r.line)]
        if step > 0:
            after = [i for i in marks if i > self.top]
            self.top = after[0] if after else self.last_top
        else:
            before = [i for i in marks if i < self.top]
            self.top = before[-1] if before else 0
        self.clamp()

    def drag_to(self, thumb_y: int) -> None:
        """Put the thumb's top at ``thumb_y`` (screen pixels) and the text where that says."""
        room = self.track.h - self.thumb.h
        if room > 0:
            self.top = round((thumb_y - self.track.y) / room * self.last_top)
            self.clamp()

    def lines_shown(self) -> tuple[int, int, int]:
        """(first, last, of): the file's lines on the page, counted from 1."""
        if not self.rows:
            return 0, 0, len(self.lines)
        end = self.rows[min(len(self.rows), self.top + max(1, self.shown)) - 1]
        return self.rows[self.top].line + 1, end.line + 1, len(self.lines)

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface, ink: Ink, L: Layout, rect: pygame.Rect, lit: bool = False) -> None:
        """The rows that fit ``rect`` from ``top`` on, and the scroll bar at its right edge
        (``lit``: its thumb brighter, under the pointer or held)."""
        bar = L.n(14)
        text_rect = pygame.Rect(rect.x, rect.y, rect.w - bar - L.n(22), rect.h)
        self.layout(ink, text_rect.w, text_rect.h)
        self.page_rect = text_rect
        y, shown = text_rect.y, 0
        for row in self.rows[self.top:]:
            if y + row.height > text_rect.bottom:
                break
            x = text_rect.x + row.indent
            if row.kind == "rule":
                pygame.draw.line(screen, BRONZE, (text_rect.x, y + row.height // 2),
                                 (text_rect.right, y + row.height // 2), max(1, L.n(2)))
            elif row.kind == "underline":
                pygame.draw.line(screen, mix(BRONZE, NIGHT, 0.3), (x, y + row.height // 2),
                                 (x + row.width, y + row.height // 2), 1)
            elif row.kind == "field":
                if row.label:
                    ink.draw(screen, row.label, (text_rect.x, y), ink.read(SIZES["text"][1]), INK_DIM, "italic")
                ink.draw(screen, row.text, (x, y), ink.read(SIZES["text"][1]), PARCHMENT)
            elif row.text:
                role, size = SIZES.get(row.kind, SIZES["text"])
                ink.draw(screen, row.text, (x, y), ink.read(size), GOLD if row.kind != "text" else PARCHMENT, role)
            y += row.height
            shown += 1
        self.shown = shown
        self.track = pygame.Rect(rect.right - bar, rect.y, bar, rect.h)
        pygame.draw.rect(screen, PANEL, self.track, border_radius=bar // 2)
        pygame.draw.rect(screen, mix(BRONZE, NIGHT, 0.45), self.track, 1, border_radius=bar // 2)
        total = max(1, len(self.rows))
        h = max(L.n(48), round(self.track.h * min(1.0, max(1, shown) / total)))
        room = self.track.h - h
        y = self.track.y + (round(room * self.top / self.last_top) if self.last_top else 0)
        self.thumb = pygame.Rect(self.track.x, y, bar, h)
        pygame.draw.rect(screen, GOLD if lit else mix(GOLD, NIGHT, 0.3), self.thumb, border_radius=bar // 2)
