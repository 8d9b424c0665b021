"""Credits: who made the game, its fonts, pictures and sounds, and the licences in full.

The page on the right reads one of two files, chosen by the tabs above it: the third-party
notices (assets/legal/THIRD-PARTY-NOTICES.txt: every library and font the game carries, its
version, licence and copyright) or the game's own licence (LICENSE, at the top of the source
and in the bundle's folder). It scrolls by the wheel, the scroll bar (drag it, or click above
or below it), Up/Down, PgUp/PgDn, Home/End, and Left/Right from section to section.

Opened from the title screen as a visit: Esc or Back returns to the scene it came from.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from fate.ground.language import N_, _, number
from fate.ground.paths import assets_dir, bundle_root
from fate.ui.kit.layout import Layout
from fate.ui.kit.reader import TextView
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, INK_FAINT, PARCHMENT
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene

PAGE = (560, 216, 1280, 744)  # the reading page, design units
COLUMN_X, COLUMN_W = 80, 420
WHEEL_ROWS = 3

# What the left column says: (heading, text), our own words.
ABOUT = (  # translated where drawn
    (N_("Made by"), N_("The developers of Fate of the Elder Gods, the digital edition.")),
    (N_("Fonts"), N_("EB Garamond, by Georg Duffner, for the text, and its later SemiBold, by the EB Garamond "
                     "Project, for the bold; Blankenburg, by Peter Wiegel, for the titles, and Grenze Gotisch, "
                     "by Omnibus-Type, for the titles in Polish. All under the SIL Open Font License 1.1.")),
    (N_("Icons"), N_("The figures in the card pictures, portraits and scenes are Game Icons, by Lorc, "
                     "Delapouite and the other Game Icons authors, under Creative Commons Attribution 3.0 "
                     "(CC BY 3.0); the game recolours, lights and frames them.")),
    (N_("Pictures, sounds and music"), N_("Composed for this game by its own code: every picture is drawn "
                                          "as you play, and the sounds and the music loop were synthesised "
                                          "by a script of ours. They are under the game's licence.")),
    (N_("The board game"), N_("Its name and rules belong to its publisher. The card texts, symbols and dice "
                              "were written for this edition.")),
    (N_("Built with"), N_("Python, pygame-ce and SDL, PyYAML, platformdirs, websockets and the other "
                          "libraries in the notices, each under its own licence.")),
)

# The two documents: key, tab label, file, tooltip (the labels and tips translated where drawn;
# the documents themselves are legal texts, in English)
DOCUMENTS = (
    ("notices", N_("Third-party notices"), ("assets", "legal/THIRD-PARTY-NOTICES.txt"),
     N_("Every library, font and icon set the game carries: what it does here, its version, its "
        "licence and its copyright, with the licence texts")),
    ("licence", N_("The game's licence"), ("root", "LICENSE"),
     N_("The MIT licence the game itself is under: its program, card texts, symbols, dice, pictures "
        "and sounds")),
)


def document_path(where: tuple[str, str]) -> Path:
    """A legal file from source or from the bundle: LICENSE sits at the bundle's root (beside
    data/ and assets/), the notices among the assets."""
    base, name = where
    return (assets_dir() if base == "assets" else bundle_root()) / name


def read_document(path: Path) -> str:
    """The file's text; if it cannot be read, a few lines that say so (never a traceback)."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        return _("{file} could not be read ({why}).\n\nThe game is under the MIT licence; the libraries and "
                 "fonts it carries keep their own licences, listed in assets/legal/THIRD-PARTY-NOTICES.txt in "
                 "the game's folder.").format(file=path.name, why=e.strerror or e.__class__.__name__)


@scene("credits")
class CreditsScene(Scene):
    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to
        self.views = {key: TextView(read_document(document_path(where))) for key, _label, where, _tip in DOCUMENTS}
        self.current = "notices"
        self.drag: tuple[int, int] | None = None  # (pointer y, thumb top) when the thumb was caught
        self.bar = pygame.Rect(0, 0, 0, 0)  # where the scroll bar answers the pointer (a little wider than drawn)

    @property
    def view(self) -> TextView:
        return self.views[self.current]

    # ---------------------------------------------------------------- input
    def click(self, key):
        if key == ("back",):
            self.go_back()
        elif key[0] == "show":
            self.current = key[1]
            self.drag = None
        elif key == ("scrollbar",):  # reached by Tab and pressed with Enter: a page down
            self.view.page(1)

    def key(self, event):
        k, view = event.key, self.view
        if k == pygame.K_ESCAPE:
            self.go_back()
        elif k == pygame.K_UP:
            view.scroll(-1)
        elif k == pygame.K_DOWN:
            view.scroll(1)
        elif k == pygame.K_PAGEUP:
            view.page(-1)
        elif k == pygame.K_PAGEDOWN:
            view.page(1)
        elif k == pygame.K_HOME:
            view.home()
        elif k == pygame.K_END:
            view.end()
        elif k == pygame.K_LEFT:
            view.section(-1)
        elif k == pygame.K_RIGHT:
            view.section(1)

    def handle(self, event):
        view = self.view
        if event.type == pygame.MOUSEWHEEL:
            view.scroll(-event.y * WHEEL_ROWS)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.bar.collidepoint(event.pos):
            if view.thumb.collidepoint(event.pos):
                self.drag = (event.pos[1], view.thumb.y)
            else:  # above or below the thumb: a page that way
                view.page(-1 if event.pos[1] < view.thumb.y else 1)
            return
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            y0, top0 = self.drag
            view.drag_to(top0 + event.pos[1] - y0)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
        super().handle(event)

    # ---------------------------------------------------------------- drawing
    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, _("Credits"), L.p(960, 70), 64, GOLD, "title", anchor="center", shadow=True)
        self.draw_about(screen, L)
        # the tabs 290 wide, or as wide as a language's words need (the page is 1280 wide)
        wide = int(min(max(290, *(ink.font("bold", 22).size(_(label))[0] / L.s + 24 for _k, label, _w, _t in DOCUMENTS)),
                       PAGE[2] / len(DOCUMENTS) - 20))
        for i, (key, label, _where, tip) in enumerate(DOCUMENTS):
            button(self, screen, L, (PAGE[0] + i * (wide + 20), 150, wide, 52), _(label), ("show", key),
                   selected=key == self.current, size=22, tip=_(tip))
        self.draw_page(screen, L)
        button(self, screen, L, (COLUMN_X, 980, 200, 60), _("Back"), ("back",), size=26,
               tip=_("Back to where you were (Esc)"))
        ink.draw(screen, _("Up/Down, PgUp/PgDn, Home/End or the wheel: scroll  ·  Left/Right: sections  ·  "
                           "Tab: buttons  ·  Esc: back"), L.p(1200, 1010), 17, INK_FAINT, anchor="center")
        if self.drag is None:  # no tooltip over the text while the bar is being dragged
            self.draw_tip(screen, L)

    def draw_about(self, screen: pygame.Surface, L: Layout) -> None:
        ink = self.ink
        y = 150.0  # design pixels (a paragraph's height in them need not be whole)
        for heading, words in ABOUT:
            title, text = _(heading), _(words)
            ink.draw(screen, title, L.p(COLUMN_X, y), 25, GOLD, "bold")
            y += 38
            h = ink.height(text, 22, L.n(COLUMN_W)) / L.s
            ink.para(screen, text, L.r(COLUMN_X, y, COLUMN_W, h + 4), 22, PARCHMENT)
            y += h + 26

    def draw_page(self, screen: pygame.Surface, L: Layout) -> None:
        view = self.view
        self.ink.as_written.add(view.text)  # a legal text: in English, as its licences are
        page = L.r(*PAGE)
        pygame.draw.rect(screen, (20, 15, 28), page, border_radius=L.n(12))
        pygame.draw.rect(screen, BRONZE, page, L.n(2), border_radius=L.n(12))
        inner = page.inflate(-L.n(60), -L.n(48))
        mouse = self.app.mouse
        lit = self.drag is not None or (mouse is not None and self.bar.collidepoint(mouse))
        view.draw(screen, self.ink, L, inner, lit=lit)
        first, last, of = view.lines_shown()
        self.ink.draw(screen, _("lines {first}-{last} of {total}").format(first=number(first), last=number(last),
                                                                          total=number(of)),
                      L.p(PAGE[0] + PAGE[2], 190), 17, INK_DIM,
                      "italic", anchor="midright")
        self.bar = view.track.inflate(L.n(12), 0)
        self.hot.append(Hotspot(self.bar, ("scrollbar",), _("Scroll bar"),
                                _("Drag the bar to move through the text; click above or below it for a page "
                                  "(PgUp/PgDn), or use the wheel")))
