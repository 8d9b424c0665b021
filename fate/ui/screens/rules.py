"""How to Play: the rules in our own words (data/guide.yaml), organised as a turn
is played, with a search box that filters the sections as you type.

Opened from the title screen, from the pause menu, with F1 at the table (at the
section of the decision being asked) and with the "?" on the prompt bar. It is
a visit: the scene it was opened from is kept as it stood, and Esc or Back
returns to it (a game at the table simply waits).
"""

from __future__ import annotations

import pygame

from fate.ground.language import N_, _
from fate.ui.kit import art, places
from fate.ui.kit.theme import (
    ASTRAL,
    BLOOD,
    BRONZE,
    CULT_COLOURS,
    GATE,
    GOLD,
    HINT,
    INK_DIM,
    INK_FAINT,
    INVESTIGATOR,
    NIGHT,
    PANEL,
    PARCHMENT,
    SIGN_GREEN,
    mix,
)
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene
from fate.words import guide
from fate.words import symbols as altar_symbols

LIST_X, LIST_Y, LIST_W, ROW_H = 80, 226, 420, 30


# What the table was asking when "?" opened a section, said over it: one sentence a kind of prompt
# (the engine's PROMPT_KINDS; a test holds the two together).
ASKING: dict[str, str] = {
    "draft": N_("The table is asking you to keep one of two Elder Gods."),
    "move": N_("The table is asking you to move the Fate Piece."),
    "wild_card": N_("The table is asking you to pick the Spells of a Wild pair."),
    "destination": N_("The table is asking you where a Wild or Gate move goes."),
    "cast_window": N_("The table is asking you to cast a Readied Spell or use an Artifact, or pass."),
    "temporary_control": N_("The table is asking you to roll for Temporary Control."),
    "control_action": N_("The table is asking you to take the Control Action."),
    "museum": N_("The table is asking you to take an Artifact."),
    "museum_replace": N_("The table is asking you to replace the face-up Artifacts."),
    "museum_sacrifice": N_("The table is asking you to sacrifice Cultists to destroy Elder Signs."),
    "artifact_limit": N_("The table is asking you to discard a 4th Artifact."),
    "streets_send": N_("The table is asking you to send Investigators into rival Lodges."),
    "gathering_move": N_("The table is asking you to move Cultists from The Gathering."),
    "ready": N_("The table is asking you to ready a Spell."),
    "ready_free": N_("The table is asking you to ready a Spell for free."),
    "reserve_full": N_("The table is asking you to make room among the Readied Spells."),
    "target": N_("The table is asking you to choose a cult."),
    "location": N_("The table is asking you to choose a location."),
    "piece": N_("The table is asking you to choose a Fate Piece."),
    "artifact": N_("The table is asking you to choose an Artifact."),
    "option": N_("The table is asking you to choose one of a card's options."),
    "move_cultists": N_("The table is asking you to move Cultists between locations."),
    "reroll": N_("The table is asking you to reroll a die."),
    "set_face": N_("The table is asking you to turn a die to a face."),
    "remove_die": N_("The table is asking you to set a die aside."),
}


@scene("rules")
class RulesScene(Scene):
    types_text = True  # letters go to the search box
    def __init__(self, app, section: str | None = None, asked: str = "", back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.asked = asked  # the decision the table was asking when "?" or F1 opened this
        self.sections = guide.spoken()  # in the language spoken
        self.query = ""
        self.back_to = back_to
        ids = [s.id for s in self.sections]
        self.current = ids.index(section) if section in ids else 0
        self.scroll = 0  # paragraphs scrolled past in a long section
        # the drawings' colours as at the table: each Astral Symbol its own, the pieces theirs
        self.colours = {sym.id: sym.colour for sym in app.content.symbols} | {
            "cultist": CULT_COLOURS[0][1], "investigator": INVESTIGATOR, "fate": ASTRAL, "eye": GOLD,
            "elder_sign": SIGN_GREEN, "broken_sign": SIGN_GREEN, "gate": GATE, "curse": BLOOD}

    # ---------------------------------------------------------------- state
    def shown(self) -> list[guide.Section]:
        return guide.search(self.query, self.sections)

    def section(self) -> guide.Section:
        return self.sections[self.current]

    def open(self, section_id: str) -> None:
        self.current = next(i for i, s in enumerate(self.sections) if s.id == section_id)
        self.scroll = 0

    def step(self, delta: int) -> None:
        """Up/Down: the previous or next section among those the search shows."""
        shown = self.shown()
        if not shown:
            return
        ids = [s.id for s in shown]
        here = ids.index(self.section().id) if self.section().id in ids else -1
        self.open(ids[max(0, min(len(ids) - 1, here + delta))])

    # ---------------------------------------------------------------- input
    def click(self, key):
        if key[0] == "section":
            self.open(key[1])
        elif key == ("back",):
            self.go_back()
        elif key == ("clear",):
            self.query = ""

    def key(self, event):
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.query:
                self.query = ""
            else:
                self.go_back()
        elif k == pygame.K_UP:
            self.step(-1)
        elif k == pygame.K_DOWN:
            self.step(1)
        elif k in (pygame.K_PAGEDOWN,):
            self.scroll += 1
        elif k in (pygame.K_PAGEUP,):
            self.scroll = max(0, self.scroll - 1)
        elif k == pygame.K_BACKSPACE:
            self.query = self.query[:-1]
        elif k == pygame.K_RETURN:
            shown = self.shown()
            if shown:
                self.open(shown[0].id)
        elif event.unicode and event.unicode.isprintable() and len(self.query) < 40:
            self.query += event.unicode
            shown = self.shown()
            if shown and self.section() not in shown:
                self.open(shown[0].id)

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return
        super().handle(event)

    # ---------------------------------------------------------------- drawing
    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        ink = self.ink
        ink.draw(screen, _("How to Play"), L.p(960, 70), 64, GOLD, "title", anchor="center", shadow=True)
        # the search box
        box = L.r(LIST_X, 150, LIST_W, 56)
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))
        pygame.draw.rect(screen, GOLD if self.query else mix(BRONZE, NIGHT, 0.3), box, L.n(2), border_radius=L.n(10))
        text = self.query + "|" if self.query else _("Type to search the rules…")
        ink.draw(screen, text, (box.x + L.n(16), box.centery), 22, PARCHMENT if self.query else INK_FAINT,
                 "italic" if not self.query else "body", anchor="midleft", max_w=box.w - L.n(60))
        self.hot.append(Hotspot(box, ("search",), _("Search"),
                                _("Type words to keep only the sections that hold them all; Esc clears.")))
        if self.query:
            button(self, screen, L, (LIST_X + LIST_W - 48, 158, 40, 40), "x", ("clear",), size=22,
                   tip=_("Clear the search"))
        # the sections the search keeps
        shown = self.shown()
        y = LIST_Y
        for s in shown:
            r = L.r(LIST_X, y, LIST_W, ROW_H - 4)
            here = s.id == self.section().id
            if here:
                pygame.draw.rect(screen, (70, 52, 36), r, border_radius=L.n(6))
            ink.draw(screen, s.title, (r.x + L.n(12), r.centery), 20, GOLD if here else PARCHMENT,
                     "bold" if here else "body", anchor="midleft", max_w=r.w - L.n(20))
            self.hot.append(Hotspot(r, ("section", s.id), s.title, _("Read this section")))
            y += ROW_H
        if not shown:
            ink.draw(screen, _("No section holds all those words."), L.p(LIST_X + 12, LIST_Y + 16), 20, INK_DIM,
                     "italic", anchor="midleft")
        self.draw_section(screen, L)
        button(self, screen, L, (LIST_X, 980, 200, 60), _("Back"), ("back",), size=26,
               tip=_("Back to where you were (Esc)"))
        ink.draw(screen, _("Up/Down: sections  ·  PgUp/PgDn or the wheel: scroll  ·  Esc: back"), L.p(1200, 1010), 17,
                 INK_FAINT, anchor="center")
        self.draw_tip(screen, L)

    def draw_section(self, screen, L) -> None:
        ink = self.ink
        s = self.section()
        page = L.r(560, 150, 1280, 820)
        pygame.draw.rect(screen, (20, 15, 28), page, border_radius=L.n(12))
        pygame.draw.rect(screen, BRONZE, page, L.n(2), border_radius=L.n(12))
        ink.draw(screen, s.title, L.p(600, 175), 40, GOLD, "title")
        if s.rules:
            ink.draw(screen, _("Rules {ids}").format(ids=", ".join(s.rules)), L.p(600, 232), 16, INK_DIM, "italic",
                     max_w=L.n(1200))
        if self.asked and self.asked in s.prompts:
            ink.para(screen, _(ASKING[self.asked]), L.r(1100, 166, 700, 56), 18, HINT, "italic", align="right",
                     max_lines=2)
        x = 600
        for name in s.art:  # small drawings in the table's own art, in the table's colours
            g = art.glyph(name, L.n(48), self.colours.get(name, PARCHMENT))
            screen.blit(g, L.p(x, 262))
            x += 62
        y = 330
        bottom = 950
        paragraphs = list(s.text)
        self.scroll = min(self.scroll, max(0, len(paragraphs) - 1))
        size = ink.read(24)
        # the legend's lines follow its first paragraph, a symbol each in VERBS' order (known by their
        # place, never by reading the words: French writes "Piocher\u202f: …")
        legend = dict(enumerate(altar_symbols.VERBS, 1)) if s.id == "symbols" else {}
        for k, para in enumerate(paragraphs[self.scroll:], self.scroll):
            verb = legend.get(k)
            x, w = (660, 1140) if verb else (600, 1200)  # a symbol's line of the legend: the symbol first
            h = ink.height(para, size, L.n(w)) / L.s
            if y + h > bottom:
                ink.draw(screen, _("… more below (PgDn)"), L.p(1800, bottom), 17, INK_DIM, "italic",
                         anchor="bottomright")
                break
            if verb:
                g = places.symbol(verb, L.n(34), GOLD if verb in ("basic", "control") else places.INK)
                screen.blit(g, g.get_rect(midleft=L.p(604, y + max(h, 40) / 2)))
                y += max(0, 40 - h) / 2
            ink.para(screen, para, L.r(x, y, w, h + 4), size, PARCHMENT)
            y += h + (max(0, 40 - h) / 2 + 6 if verb else 18)
