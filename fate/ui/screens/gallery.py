"""The card gallery: every Elder God, Spell, Gate, Artifact and Curse of the
game, drawn as at the table, filtered by kind, Astral Symbol and timing, with
the chosen card's full text and its solo version.

The Curses are shown as what the Curse deck holds, as in the box: the gallery
has no game open and never says which Curse anyone carries. Identical cards
(the fifteen Gates) are one entry with their count.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from fate.content.model import Card
from fate.ground.language import N_, _, ngettext, pgettext
from fate.ui.kit import art, gods, illustration
from fate.ui.kit.layout import CARD_H, CARD_W
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, INK_FAINT, NIGHT, PARCHMENT, mix
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene
from fate.ui.table.board import Table
from fate.ui.table.cards import TIMING_WORDS

# (kind, its button, its tooltip): the words translated where shown
KINDS = (("all", N_("All"), N_("Every kind of card")), ("god", N_("Elder Gods"), N_("Show the Elder Gods")),
         ("spell", N_("Spells"), N_("Show the Spells")), ("gate", N_("Gates"), N_("Show the Gates")),
         ("artifact", N_("Artifacts"), N_("Show the Artifacts")), ("curse", N_("Curses"), N_("Show the Curses")))
KIND_NAMES = {"god": N_("Elder God"), "spell": N_("Spell"), "gate": N_("Gate"), "artifact": N_("Artifact"),
              "curse": N_("Curse")}
ABILITY_WORDS = {"exhaust": N_("Exhaust: used once, then ready again at the start of your next turn"),
                 "destroy": N_("Destroy: used once, then gone"), "passive": N_("Always in force while you hold it")}
COLS, ROWS = 8, 3
GRID_X, GRID_Y, STEP_X, STEP_Y = 80, 330, 136, 184
FILTERS_RIGHT = 1840  # the filters' rows end where the chosen card's panel does
DETAIL_PICTURE = (1236, 316, 588, 220)  # the chosen card's picture, at the top of its panel


@dataclass(frozen=True)
class Entry:
    """One card of the gallery, with how many of it the game has."""

    card: Card
    count: int

    @property
    def back(self) -> str:
        return self.card.kind if self.card.kind in ("god", "gate", "artifact", "curse") else ""


def entries(content) -> list[Entry]:
    """Every distinct card, in the order of the content files (gods, Spells, Gates...)."""
    seen: dict[tuple, int] = {}
    cards: list[Card] = []
    for c in content.cards:
        key = (c.kind, c.name, c.text, c.symbol)
        if key in seen:
            seen[key] += 1
        else:
            seen[key] = 1
            cards.append(c)
    return [Entry(c, seen[(c.kind, c.name, c.text, c.symbol)]) for c in cards]


@scene("gallery")
class GalleryScene(Scene):
    def __init__(self, app, back_to: Scene | None = None) -> None:
        super().__init__(app)
        self.back_to = back_to
        self.all = entries(app.content)
        self.kind = "all"
        self.symbol = -1  # an Astral Symbol's index, or -1 for any
        self.timing = ""  # a casting window, or "" for any
        self.page = 0
        self.selected = 0  # index into the filtered list
        self.table = Table(app.ink, app.content, [])
        symbols = sorted({c.symbol for c in app.content.cards if c.symbol >= 0})
        self.symbols = [app.content.symbols[i] for i in symbols]
        self.timings = [t for t in TIMING_WORDS if any(t in c.timing for c in app.content.cards)]

    # ---------------------------------------------------------------- state
    def shown(self) -> list[Entry]:
        return [e for e in self.all
                if (self.kind == "all" or e.card.kind == self.kind)
                and (self.symbol < 0 or e.card.symbol == self.symbol)
                and (not self.timing or self.timing in e.card.timing)]

    def pages(self) -> int:
        return max(1, -(-len(self.shown()) // (COLS * ROWS)))

    def select(self, i: int) -> None:
        n = len(self.shown())
        if n:
            self.selected = max(0, min(n - 1, i))
            self.page = self.selected // (COLS * ROWS)

    def filtered(self) -> None:
        """After a filter changes: the first card, the first page."""
        self.selected = 0
        self.page = 0

    # ---------------------------------------------------------------- input
    def click(self, key):
        if key[0] == "kind":
            self.kind = key[1]
            self.filtered()
        elif key[0] == "symbol":
            self.symbol = key[1]
            self.filtered()
        elif key[0] == "timing":
            self.timing = key[1]
            self.filtered()
        elif key[0] == "card":
            self.select(key[1])
        elif key[0] == "page":
            self.page = max(0, min(self.pages() - 1, self.page + key[1]))
            self.selected = min(len(self.shown()) - 1, self.page * COLS * ROWS) if self.shown() else 0
        elif key == ("back",):
            self.go_back()

    def key(self, event):
        k = event.key
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -COLS, pygame.K_DOWN: COLS}
        if k == pygame.K_ESCAPE:
            self.go_back()
        elif k in moves:
            self.select(self.selected + moves[k])
        elif k == pygame.K_PAGEDOWN:
            self.click(("page", 1))
        elif k == pygame.K_PAGEUP:
            self.click(("page", -1))

    def handle(self, event):
        if event.type == pygame.MOUSEWHEEL:
            self.click(("page", -1 if event.y > 0 else 1))
            return
        super().handle(event)

    # ---------------------------------------------------------------- drawing
    def draw(self, screen):
        self.hot = []
        L = backdrop(self, screen)
        self.table.layout = L
        self.table.regions = []
        ink = self.ink
        ink.draw(screen, _("Card Gallery"), L.p(80, 62), 56, GOLD, "title", anchor="midleft", shadow=True)
        self.filters(screen, L)
        shown = self.shown()
        per = COLS * ROWS
        self.page = min(self.page, self.pages() - 1)
        first = self.page * per
        for i, e in enumerate(shown[first:first + per]):
            n = first + i
            x, y = GRID_X + (i % COLS) * STEP_X, GRID_Y + (i // COLS) * STEP_Y
            r = L.r(x, y, CARD_W, CARD_H)
            self.face(screen, r, e)
            if e.count > 1:
                ink.draw(screen, f"×{e.count}", (r.right - L.n(6), r.bottom - L.n(6)), 20, (60, 40, 30), "bold",
                         anchor="bottomright")
            if n == self.selected:
                pygame.draw.rect(screen, GOLD, r.inflate(L.n(10), L.n(10)), L.n(3), border_radius=L.n(12))
            self.hot.append(Hotspot(r, ("card", n), e.card.name, e.card.text))
        count = (ngettext("{n} card", "{n} cards", len(shown)) if len(shown) == len(self.all) else
                 ngettext("{n} card of {total}", "{n} cards of {total}", len(shown))).format(
                     n=len(shown), total=len(self.all))
        ink.draw(screen, count, L.p(GRID_X, 305), 20, INK_DIM, "italic", anchor="midleft")
        if not shown:
            ink.draw(screen, _("No card is of this kind, symbol and timing together."), L.p(GRID_X, 400), 24,
                     INK_DIM, "italic", anchor="midleft")
        if self.pages() > 1:
            button(self, screen, L, (GRID_X, 890, 170, 54), _("Previous"), ("page", -1), size=22,
                   enabled=self.page > 0, tip=_("The previous page (PgUp or the wheel)"))
            ink.draw(screen, _("Page {n} of {total}").format(n=self.page + 1, total=self.pages()), L.p(GRID_X + 300, 917), 22, PARCHMENT,
                     anchor="center")
            button(self, screen, L, (GRID_X + 430, 890, 170, 54), _("Next"), ("page", 1), size=22,
                   enabled=self.page < self.pages() - 1, tip=_("The next page (PgDn or the wheel)"))
        if shown:
            chosen = min(self.selected, len(shown) - 1)
            self.details(screen, L, shown[chosen])
            big = L.r(*DETAIL_PICTURE)
            for n in (chosen - 1, chosen + 1, chosen - COLS, chosen + COLS):  # where the arrow keys go next
                if 0 <= n < len(shown):
                    illustration.want_card(shown[n].card, self.app.content, big.w, big.h)
        button(self, screen, L, (GRID_X, 980, 200, 60), _("Back"), ("back",), size=26, tip=_("Back (Esc)"))
        ink.draw(screen, _("Arrows: cards  ·  PgUp/PgDn: pages  ·  Tab: filters  ·  Esc: back"), L.p(700, 1010), 17,
                 INK_FAINT, anchor="midleft")
        self.draw_tip(screen, L)

    def face(self, screen, r: pygame.Rect, e: Entry) -> None:
        """The card as the table draws it (Spells with their back's symbol, cost and timing)."""
        c = e.card
        back = e.back or self.app.content.symbols[c.symbol].id
        self.table.card_face(screen, r, c.name, c.text, back, None, {}, list(c.cost) or None,
                             sorted(c.timing) or None, c.title or None, record=False, cid=c.id)

    def filters(self, screen, L) -> None:
        ink = self.ink
        rows = (
            (_("Kind"), [(_(name), ("kind", k), self.kind == k, _(tip)) for k, name, tip in KINDS]),
            (_("Symbol"), [(_("Any"), ("symbol", -1), self.symbol < 0, _("Cards of every back"))]
             + [(s.name, ("symbol", s.index), self.symbol == s.index,
                 _("Spells with the {symbol} on their back").format(symbol=s.name)) for s in self.symbols]),
            (_("When"), [(_("Any"), ("timing", ""), not self.timing, _("Cards of every timing"))]
             + [(pgettext("card timing", TIMING_WORDS[t]), ("timing", t), self.timing == t,
                 _("Cards used at this moment: {timing}").format(timing=pgettext("card timing", TIMING_WORDS[t])))
                for t in self.timings]),
        )
        for r, (title, options) in enumerate(rows):
            y = 110 + r * 60
            ink.draw(screen, title, L.p(GRID_X, y + 24), 22, INK_DIM, "bold", anchor="midleft")
            x = GRID_X + 90
            width = min(240, (FILTERS_RIGHT - x) // len(options))  # the row's width shared (a longer language's words)
            for label, key, selected, tip in options:
                rect = button(self, screen, L, (x, y, width - 8, 48), label, key, selected=selected, size=18,
                              tip=tip)
                if key[0] == "symbol" and key[1] >= 0:
                    sym = self.app.content.symbols[key[1]]
                    g = art.glyph(sym.id, L.n(26), sym.colour)
                    screen.blit(g, g.get_rect(midleft=(rect.x + L.n(6), rect.centery)))
                x += width

    def details(self, screen, L, e: Entry) -> None:
        """The chosen card: its picture large, then everything it says."""
        ink = self.ink
        c = e.card
        panel = L.r(1220, 300, 620, 740)
        pygame.draw.rect(screen, (20, 15, 28), panel, border_radius=L.n(12))
        pygame.draw.rect(screen, BRONZE, panel, L.n(2), border_radius=L.n(12))
        self.picture(screen, L.r(*DETAIL_PICTURE), e)
        x = 1250
        ink.draw(screen, c.name, L.p(x, 548), 34, GOLD, "title", max_w=L.n(560))
        parts = [_(KIND_NAMES[c.kind])]
        if e.count > 1:
            parts.append(ngettext("{n} in the game", "{n} in the game", e.count).format(n=e.count))
        if c.kind == "spell":
            parts.append(_("{symbol} back").format(symbol=self.app.content.symbols[c.symbol].name))
        kind = " · ".join(parts)
        ink.draw(screen, kind, L.p(x, 598), 20, INK_DIM, "italic", max_w=L.n(560))
        y = 630
        if c.title:
            ink.draw(screen, c.title, L.p(x, y), 20, PARCHMENT, "italic", max_w=L.n(560))
            y += 32
        if c.cost:
            label = ink.draw(screen, _("Cost to Ready:"), L.p(x, y + 14), 19, PARCHMENT, anchor="midleft")
            gx = label.right + L.n(8)
            for sid in c.cost:
                sym = self.app.content.symbols[sid]
                g = art.glyph(sym.id, L.n(26), sym.colour)
                screen.blit(g, g.get_rect(midleft=(gx, label.centery)))
                gx += L.n(30)
            y += 34
        if c.timing:
            ink.draw(screen, _("When: {timings}").format(timings=", ".join(pgettext("card timing", TIMING_WORDS.get(t, t))
                                                                         for t in sorted(c.timing))), L.p(x, y),
                     19, PARCHMENT, max_w=L.n(560))
            y += 30
        if c.ability:
            y += ink.para(screen, _(ABILITY_WORDS[c.ability]), L.r(x, y, 560, 60), 17, INK_DIM, "italic") / L.s + 4
        y += 8
        size = ink.read(22)
        text = _("Dark Gift: {text}").format(text=c.text) if c.kind == "god" else c.text
        y += ink.para(screen, text, L.r(x, y, 560, 300), size, PARCHMENT) / L.s + 14
        if c.solo_text:
            ink.draw(screen, _("Playing solo"), L.p(x, y), 20, GOLD, "bold")
            y += 30
            # the text without its "Solo:" (in the language's words: "En solitario:"), under the heading that says it
            head, colon, rest = c.solo_text.partition(":")
            solo = rest.strip() if colon and len(head) <= 20 else c.solo_text
            solo = solo[:1].upper() + solo[1:]
            y += ink.para(screen, solo, L.r(x, y, 560, 200), size, PARCHMENT) / L.s + 14
        if c.kind == "curse":
            y += ink.para(screen, _("One of the Curse deck. Which Curses a cult carries stays hidden; "
                            "the game watches for this one and reveals it when it strikes."), L.r(x, y, 560, 90),
                          17, INK_DIM, "italic") / L.s + 10
        if c.flavor:
            ink.para(screen, c.flavor, L.r(x, max(y, 980), 560, 50), 17, mix(INK_DIM, NIGHT, 0.2), "italic")

    def picture(self, screen, rect: pygame.Rect, e: Entry) -> None:
        """The chosen card's picture, large (a Gate's: the first of its fifteen; an Elder God's portrait)."""
        pic = gods.portrait(e.card.id, rect.w, rect.h) if e.card.kind == "god" else \
            illustration.card_art(e.card, self.app.content, rect.w, rect.h)
        if pic is not None:
            screen.blit(pic, rect)
            pygame.draw.rect(screen, mix(BRONZE, NIGHT, 0.3), rect, max(1, rect.h // 110))
