"""Cards at the table: a card face, the viewer's hand and Reserve, the prompt
bar and the Elder God draft. A part of ``Table``, given the ``Canvas`` it draws on (fate/ui/table/canvas.py): it draws from the view only."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from fate.engine.constants import RESERVE_SLOTS
from fate.ground.language import NP_, _, pgettext
from fate.ui.kit import art, gods, illustration
from fate.ui.kit.layout import CARD_H, CARD_W, HAND_RECT, PROMPT_RECT
from fate.ui.kit.theme import (
    BLOOD,
    BRONZE,
    GATE,
    GOLD,
    INK_DIM,
    INK_FAINT,
    NIGHT,
    PANEL_EDGE,
    PANEL_LINE,
    PARCHMENT,
    mix,
)
from fate.ui.table.autopass import choice_tip, full_label
from fate.ui.table.canvas import Canvas
from fate.ui.table.picker import Key


def ink_on(fill: tuple) -> tuple[int, int, int]:
    """Words on a pill of ``fill``: the night's ink on a light colour (a Lantern's or a Key's
    gold), parchment on a dark one, whichever stands further from it (WCAG 2 contrast)."""
    def lum(rgb) -> float:
        c = [x / 255 for x in rgb[:3]]
        c = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    def ratio(a, b) -> float:
        hi, lo = sorted((lum(a), lum(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    return max((PARCHMENT, NIGHT), key=lambda ink: ratio(ink, fill))

TIMING_WORDS = {
    "any": NP_("card timing", "Any time"), "prepare": NP_("card timing", "Prepare"),
    "own_turn": NP_("card timing", "Your turn"), "other_turn": NP_("card timing", "Rival's turn"),
    "after_roll": NP_("card timing", "After a roll"), "roll_any": NP_("card timing", "After any roll"),
    "raided": NP_("card timing", "When raided"), "end": NP_("card timing", "End of turn"),
}  # translated where shown: pgettext("card timing", ...) ("Your turn" says more than a card's moment elsewhere)
# The same, short, for a card's band where the whole words do not fit (the tooltip says them whole).
TIMING_SHORT = {"after_roll": NP_("card timing", "Your roll"), "roll_any": NP_("card timing", "Any roll"),
                "raided": NP_("card timing", "Raided"), "other_turn": NP_("card timing", "Rivals'"),
                "own_turn": NP_("card timing", "Yours"), "end": NP_("card timing", "Turn's end")}


HAND_AREA = 660  # design units of the hand's width; the Readied slots follow
RESERVE_W = 100


def hand_slots(n: int) -> list[tuple[tuple[float, float, float, float], bool]]:
    """((x, y, w, h) from the hand's corner, compact) of each of ``n`` cards: one row of
    full cards while five fit, else two rows of shorter cards; no card covers another,
    so every title is whole."""
    if n <= 5:
        return [((i * (CARD_W + 8), 4, CARD_W, CARD_H), False) for i in range(n)]
    cols = (n + 1) // 2
    w = (HAND_AREA - 8 * (cols - 1)) / cols
    h = (CARD_H + 40 - 8) / 2
    return [(((i % cols) * (w + 8), 4 + (i // cols) * (h + 8), w, h), True) for i in range(n)]


class CardsAndPrompt:
    """Card faces, the viewer's hand and Readied row, the prompt bar and the Elder God draft.
    ``preview_size``: the size of a card's picture in the large preview (fate/ui/table/preview.py),
    composed beside the card's own."""

    def __init__(self, c: Canvas, preview_size: Callable[[], tuple[int, int]]) -> None:
        self.c = c
        self.preview_size = preview_size
        self._art_slots: set[tuple] = set()  # (card kind, w, h) of the pictures drawn so far
        self._card_bands: dict[tuple, pygame.Surface] = {}
        self._prompt_room = 0

    def card_colour(self, back: str) -> tuple[int, int, int]:
        """The colour of a card's back: its symbol's, or its kind's."""
        if back in self.c.sym_index:
            return self.c.sym_colour[self.c.sym_index[back]]
        return {"artifact": (200, 160, 90), "god": (170, 120, 230), "curse": BLOOD, "gate": GATE}.get(back, BRONZE)

    def card_face(self, screen, r: pygame.Rect, name: str, text: str, back: str, key: Key | None, live,
                  cost: list | None = None, timing: list | None = None, title: str | None = None,
                  record: bool = True, compact: bool = False, cid: str | None = None) -> None:
        """A card face that is a picture (``cid``, or the id in a ("card", id) key): the
        illustration fills the card and what the card is sits on it as bands, the back's
        glyph and the timing across the top, the name (and an Elder God's title) across the
        foot, the cost's symbols on small dark chips just above it. ``compact``: the shorter
        cards of a full hand, the same bands thinner. The part of the picture no band covers
        is kept in ``card_pictures`` (the tests measure its share of the face)."""
        L, ink = self.c.layout, self.c.ink
        cid = cid or (key[1] if key is not None and key[0] == "card" else None)
        if record and key is not None:
            self.c._faces[key] = (r, name, text, back, cost, timing, title)
        col = self.card_colour(back)
        radius = L.n(8)
        pygame.draw.rect(screen, mix(col, NIGHT, 0.72), r, border_radius=radius)
        inner = r.inflate(-L.n(4), -L.n(4))
        self.card_picture(screen, inner, cid, least=20)
        # the foot: the whole name, in the Text size setting while it fits three lines, never cut
        width = inner.w - L.n(8)
        base = 13 if compact else 14
        for size in dict.fromkeys((ink.read(base + 1), ink.read(base), base + 1, base, 13)):
            lines = ink.wrap(name, size, width, "bold")
            if len(lines) <= (2 if compact else 3) and all(ink.font("bold", size).size(ln)[0] <= width
                                                           for ln in lines):
                break
        step = ink.font("bold", size).get_linesize()
        sub: list[str] = []
        if title:  # an Elder God's title under its name, in the same band
            sub = ink.wrap(title, 13, width, "italic")  # whole, however many lines
        sub_step = ink.font("italic", 13).get_linesize()
        foot_h = len(lines) * step + len(sub) * sub_step + L.n(6)
        foot = pygame.Rect(inner.x, inner.bottom - foot_h, inner.w, foot_h)
        screen.blit(self.band(foot.size, (14, 10, 20), 205), foot)
        ink.drawn.add(name)  # the whole name is on screen, even when it wraps
        ty = foot.y + L.n(3)
        for ln in lines:
            ink.draw(screen, ln, (foot.centerx, ty), size, PARCHMENT, "bold", anchor="midtop")
            ty += step
        if sub and title:
            ink.drawn.add(title)
            for ln in sub:
                ink.draw(screen, ln, (foot.centerx, ty), 13, INK_DIM, "italic", anchor="midtop")
                ty += sub_step
        # the top: the back's glyph and when it may be cast
        top = pygame.Rect(inner.x, inner.y, inner.w, L.n(18 if compact else 22))
        screen.blit(self.band(top.size, mix(col, NIGHT, 0.35), 225), top)
        g = art.glyph(self.glyph_of(back), top.h - L.n(4), mix(col, (255, 255, 255), 0.3))
        word, room = "", top.w - g.get_width() - L.n(10)
        if timing and timing[0] != "any":  # "Any time" is every card's unless it says otherwise (the preview says it)
            word = pgettext("card timing", TIMING_WORDS.get(timing[0], timing[0]))
            if ink.font("italic", 13).size(word)[0] > room:
                word = pgettext("card timing", TIMING_SHORT.get(timing[0], word))  # "Any roll", not "After any r…"
            if ink.font("italic", 13).size(word)[0] > room:  # a narrow card in a long language: the word, whole,
                room = top.w - L.n(8)  # over the back's glyph (the card's colour says its back)
        if room < top.w - L.n(8) or not word:
            screen.blit(g, g.get_rect(midleft=(top.x + L.n(3), top.centery)))
        if word:
            ink.draw(screen, word, (top.right - L.n(4), top.centery), 13, PARCHMENT, "italic", anchor="midright",
                     max_w=room)
        # the cost: its symbols on dark chips, on the picture's foot, right to left
        chip = L.n(16 if compact else 20)
        chips = 0
        for i, sid in enumerate(reversed(cost or [])):
            c = pygame.Rect(0, 0, chip, chip)
            c.bottomright = (inner.right - L.n(2) - i * (chip + L.n(2)), foot.y - L.n(2))
            pygame.draw.circle(screen, (14, 10, 20), c.center, chip // 2 + L.n(1))
            gi = art.glyph(self.c.sym_id[sid], chip - L.n(4), self.c.sym_colour[sid])
            screen.blit(gi, gi.get_rect(center=c.center))
            chips += (chip + L.n(2)) ** 2
        pygame.draw.rect(screen, mix(col, NIGHT, 0.2), r, L.n(2), border_radius=radius)
        clear = pygame.Rect(inner.x, top.bottom, inner.w, max(0, foot.y - top.bottom))
        self.c.card_pictures[key] = (r, inner, clear, chips)
        if key is not None and record:
            self.c.region(r, key, name, self.card_body(text, cost, timing))
            if key in live:
                self.c.glow(r, True)

    def band(self, size: tuple[int, int], colour: tuple, alpha: int) -> pygame.Surface:
        """A translucent band laid over a card's picture (kept by size and colour)."""
        bands = self._card_bands
        k = (size, colour, alpha)
        surf = bands.get(k)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            surf.fill((*colour, alpha))
            if len(bands) > 300:
                bands.clear()
            bands[k] = surf
        return surf

    def picture_share(self, key: Key) -> tuple[float, float]:
        """The share of a card's face (drawn this frame) that is its picture, and the share
        that is picture no band or chip covers."""
        r, pic, clear, chips = self.c.card_pictures[key]
        return pic.w * pic.h / (r.w * r.h), (clear.w * clear.h - chips) / (r.w * r.h)

    def glyph_of(self, back: str) -> str:
        """The glyph on a card's band: its back's symbol, or its kind's."""
        return back if back in self.c.sym_index else {"artifact": "key", "god": "eye", "curse": "curse",
                                                    "gate": "gate"}.get(back, "star")

    def has_picture(self, cid: str) -> bool:
        try:
            return self.c.content.card(cid).art is not None
        except ValueError:
            return False

    def card_picture(self, screen, rect: pygame.Rect, cid: str | None, least: int = 34) -> None:
        """The card's illustration in ``rect`` (the whole face), if it has one and it is at
        least ``least`` design units high (no strip too thin to read)."""
        if cid is None or rect.w < self.c.layout.n(40) or rect.h < self.c.layout.n(least):
            return
        try:
            card = self.c.content.card(cid)
        except ValueError:
            return
        pic = illustration.card_art(card, self.c.content, rect.w, rect.h)
        if pic is not None:
            screen.blit(pic, rect)
            illustration.want_card(card, self.c.content, *self.preview_size())  # ready before it is hovered
            slot = (card.kind, rect.w, rect.h)
            if slot not in self._art_slots:  # a new size for this kind of card: the others of its kind at
                self._art_slots.add(slot)  # it are composed between frames, before they are dealt here
                for other in self.c.content.cards:
                    if other.kind == card.kind:
                        illustration.want_card(other, self.c.content, rect.w, rect.h)

    def card_body(self, text: str, cost: list | None, timing: list | None) -> str:
        body = text
        if cost:
            body += "\n\n" + _("Cost to Ready: {symbols}").format(
                symbols=", ".join(self.c.content.symbols[c].name for c in cost))
        if timing:
            body += "\n" + _("When: {timings}").format(
                timings=", ".join(pgettext("card timing", TIMING_WORDS.get(t, t)) for t in timing))
        return body

    def hand(self, screen, v, live, picker=None):
        L, ink = self.c.layout, self.c.ink
        x, y, w, h = HAND_RECT
        me = v["viewer"]
        if me is None or me < 0:
            ink.draw(screen, _("Watching: the cults' hands are their own."), L.p(x + w / 2, y + 80), 20, INK_DIM,
                     "italic", anchor="center")
            return
        seat = v["seats"][me]
        hand = seat.get("hand", [])
        reserve = seat.get("reserve", [])
        for i, (r, compact) in enumerate(hand_slots(len(hand))):
            c = hand[i]
            self.card_face(screen, L.r(x + r[0], y + r[1], r[2], r[3]), c["name"], c["text"], c["back"],
                           ("card", c["id"]), live, cost=c["cost"], timing=c["timing"], compact=compact)
            if self.c.wild_pair and c["id"] in self.c.wild_pair:  # given to the Wild pair being played
                box = L.r(x + r[0] - 4, y + r[1] - 4, r[2] + 8, r[3] + 8)
                pygame.draw.rect(screen, self.card_colour(c["back"]), box, L.n(4), border_radius=L.n(10))
                # the tag on the card's middle, on a pill of its symbol's colour: the band (title,
                # timing) above and the cost's symbols at the foot stay in sight
                font = ink.font("bold", 15)
                pill = pygame.Rect(0, 0, font.size(_("Wild pair"))[0] + L.n(14), font.get_linesize() + L.n(4))
                pill.center = box.center
                pygame.draw.rect(screen, self.card_colour(c["back"]), pill, border_radius=pill.h // 2)
                ink.draw(screen, _("Wild pair"), pill.center, 15, ink_on(self.card_colour(c["back"])), "bold",
                         anchor="center")
                self.c.region(box, None, _("Wild pair"), _("Given to the Wild pair you are playing: with its partner "
                                                           "it moves the Fate Piece to any other location."))
        if not hand:
            ink.draw(screen, _("No Spells in hand."), L.p(x + 10, y + 80), 18, INK_FAINT, "italic", anchor="midleft")
        rx = x + HAND_AREA + 20
        folded = picker is not None and picker.prompt.get("folded")  # a chance to cast rides with this decision
        if folded:  # a word only when the row asks something: a chance to cast rides with this decision
            label = ink.draw(screen, _("Readied: you may cast first"), L.p(rx, y - 2), 16, GOLD, "italic",
                             anchor="bottomleft")
            self.c.region(label, None, _("Readied Spells"), _("Spells you may cast when their timing comes. You may "
                                                              "cast one first, before this decision."))
        self.c.region(L.r(rx, y + 4, RESERVE_SLOTS * (RESERVE_W + 6) - 6, CARD_H), None, _("Readied Spells"),
                      _("Spells you may cast when their timing comes (three at the most)."))
        for i in range(RESERVE_SLOTS):
            slot = L.r(rx + i * (RESERVE_W + 6), y + 4, RESERVE_W, CARD_H)
            if i < len(reserve):
                c = reserve[i]
                self.card_face(screen, slot, c["name"], c["text"], c["back"], ("card", c["id"]), live,
                               timing=c["timing"])
            else:
                pygame.draw.rect(screen, PANEL_EDGE, slot, max(1, L.n(PANEL_LINE)), border_radius=L.n(8))
                self.c.region(slot, None, _("An empty Readied slot"), _("A Spell readied in Conclude waits here."))
        held = v.get("curses_held") or []
        if held:
            names = "; ".join(_("{curse} on {cult}").format(curse=c["name"], cult=self.c.cult_name(v, c["on"]))
                              for c in held)
            said = ink.draw(screen, _("You hold in secret: {curses}").format(curses=names), L.p(x, y + h + 2), 15, (230, 120, 110),
                            "italic", anchor="bottomleft", max_w=L.n(w))
            self.c.region(said, None, _("Curses you hold"), "\n\n".join(
                _("{curse} (on {cult}): {text}").format(curse=c["name"], cult=self.c.cult_name(v, c["on"]),
                                                        text=c["text"]) for c in held)
                + "\n\n" + _("The game reveals each the moment its condition holds."))

    # ---------------------------------------------------------------- the prompt bar
    def prompt(self, screen, v, picker, buttons):
        """The prompt bar's frame and buttons (its words are drawn every frame:
        ``prompt_text``). Buttons sit in the bar while they fit beside the words;
        otherwise they rise above it as a list."""
        L, ink = self.c.layout, self.c.ink
        rect = L.r(*PROMPT_RECT)
        self.c.edge(screen, rect, GOLD if picker else PANEL_EDGE)
        font = ink.font("bold", 18)
        labels = [(f"{i + 1}. " if i < 9 else "") + label for i, (label, _k) in enumerate(buttons)]
        widths = [font.size(t)[0] + L.n(24) for t in labels]
        # in the bar while the prompt's words still fit beside them in two lines of the smallest size
        text = picker.prompt["text"] if picker is not None else ""
        words = ink.font("body", 18).size(text)[0]
        needs = max(min(words, words / 2 + L.n(60)), rect.w * 0.25)
        inline = sum(widths) + L.n(8) * len(widths) <= rect.w - L.n(24) - needs
        self._prompt_room = rect.w - L.n(24) - (sum(widths) + L.n(8) * len(widths) if inline else 0)
        if inline:
            bx = rect.right - L.n(10)
            boxes = []
            for w in reversed(widths):
                boxes.append(pygame.Rect(bx - w, rect.y + L.n(12), w, rect.h - L.n(24)))
                bx -= w + L.n(8)
            boxes.reverse()
        else:  # above the bar: in two columns when the labels allow, so the list rises half as far
            h = L.n(44)
            half = (rect.w - L.n(8)) // 2
            cols = 2 if len(buttons) > 2 and max(widths) <= half else 1
            w = half if cols == 2 else min(max(widths), L.n(760))
            rows = (len(buttons) + cols - 1) // cols
            boxes = [pygame.Rect(rect.right - (cols - i % cols) * (w + L.n(8)) + L.n(8),
                                 rect.y - (rows - i // cols) * (h + L.n(6)), w, h) for i in range(len(buttons))]
        self.c.prompt_rise = None if inline or not boxes else boxes[0].y  # the top of a risen list, in pixels
        for (label, key), text, br in zip(buttons, labels, boxes, strict=True):
            pygame.draw.rect(screen, (70, 52, 36), br, border_radius=L.n(8))
            pygame.draw.rect(screen, GOLD, br, L.n(2), border_radius=L.n(8))
            ink.draw(screen, text, br.center, 18, PARCHMENT, "bold", anchor="center", max_w=br.w - L.n(12))
            declines = key[0] == "button" and key[1] in ("pass", "skip", "stop", "no", "keep")
            said = choice_tip(picker.prompt, key[1], self.c.content) if picker is not None and key[0] == "button" else ""
            if picker is not None and key[0] == "button":  # the whole meaning of a short button
                me = v.get("viewer")
                hand = v["seats"][me].get("hand", []) if me is not None and 0 <= me < len(v["seats"]) else []
                whole = full_label(picker.prompt, key[1], hand, self.c.content, v)
                said = f"{whole}\n\n{said}" if whole and said else (whole or said)
            self.c.region(br, key, label, (f"{said}\n\n" if said else "") + (
                _("Click, or press its number. Space or Enter also answers this.") if declines else
                _("Click, or press its number.")))

    def prompt_text(self, screen, picker, status) -> None:
        L, ink = self.c.layout, self.c.ink
        rect = L.r(*PROMPT_RECT)
        text = status
        if picker is not None:
            text = picker.prompt["text"]
            if picker.ready is not None:
                # Translators: {asked} is the decision's question; a choice waits to be confirmed.
                text = _("{asked} — Confirm it, or Back to change it").format(asked=text)
            elif picker.stage:
                # Translators: {asked} is the decision's question; its first half is chosen (a card).
                text = _("{asked} — now choose where to").format(asked=text)
        room = self._prompt_room
        colour = PARCHMENT if picker else INK_DIM
        one = ink.fitting(text, 22, room)  # as large as the Text size setting asks while it fits
        if ink.font("body", one).size(text)[0] <= room:
            ink.draw(screen, text, (rect.x + L.n(16), rect.centery), one, colour, anchor="midleft")
            return
        size = next((s for s in ink.sizes(18) if len(ink.wrap(text, s, room)) <= 2
                     and 2 * ink.font("body", s).get_linesize() <= rect.h), 18)
        lines = ink.wrap(text, size, room)  # a long prompt takes two smaller lines
        step = ink.font("body", size).get_linesize()
        top = rect.centery - step * min(2, len(lines)) // 2
        for i, ln in enumerate(lines[:2]):
            if i == 1 and len(lines) > 2:
                ln = ink.fit(ln + " " + " ".join(lines[2:]), size, room)
            ink.draw(screen, ln, (rect.x + L.n(16), top + i * step), size, colour)

    def draft(self, screen, v, live):
        """The two Elder Gods dealt to the viewer, side by side and large: each one's portrait,
        name, title and Dark Gift (above the prompt bar, which says what to do)."""
        L, ink = self.c.layout, self.c.ink
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 190))
        screen.blit(shade, (0, 0))
        self.c.region(screen.get_rect(), None, "")  # the table beneath is out of reach while choosing
        gods_dealt = v["draft"]
        ink.draw(screen, _("Choose the Elder God your cult will serve"), L.p(960, 92), 40, GOLD, "title",
                 anchor="center")
        ink.draw(screen, _("Only you see these two. The other returns to the box."), L.p(960, 134), 20, INK_DIM,
                 "italic", anchor="center")
        w, gap, top, bottom = 580, 56, 158, 704  # (above the Hint and Undo row)
        face_size, size = self._draft_fit(gods_dealt, w - 56, bottom - top)
        total = len(gods_dealt) * (w + gap) - gap
        for i, god in enumerate(gods_dealt):
            x = 960 - total / 2 + i * (w + gap)
            r = L.r(x, top, w, bottom - top)
            colour = gods.colour(god["id"])
            self.c.panel(screen, r, edge=mix(colour, BRONZE, 0.5), fill=(22, 16, 32), alpha=250)
            face = gods.portrait(god["id"], L.n(face_size))
            fr = screen.blit(face, face.get_rect(midtop=(r.centerx, r.y + L.n(18))))
            self.c.anchors[("portrait", god["id"])] = fr.center
            pygame.draw.rect(screen, mix(colour, NIGHT, 0.3), fr.inflate(L.n(8), L.n(8)), L.n(2))
            for side in (-1, 1):  # its sigil either side of the portrait
                sig = gods.sigil(god["id"], L.n(92))
                screen.blit(sig, sig.get_rect(center=(r.centerx + side * L.n(face_size / 2 + 72), fr.centery)))
            y = 18 + face_size
            ink.draw(screen, god["name"], (r.centerx, r.y + L.n(y + 34)), 44, GOLD, "title", anchor="center",
                     max_w=r.w - L.n(30))
            ink.draw(screen, god["title"], (r.centerx, r.y + L.n(y + 76)),
                     ink.fitting(god["title"], 20, r.w - L.n(40), "italic"), mix(colour, PARCHMENT, 0.5), "italic",
                     anchor="center", max_w=r.w - L.n(30))
            ink.draw(screen, _("Dark Gift, at The Ceremony"), (r.centerx, r.y + L.n(y + 108)), 16, INK_DIM, "bold",
                     anchor="center")
            box = pygame.Rect(r.x + L.n(28), r.y + L.n(y + 124), r.w - L.n(56), r.bottom - L.n(12) - r.y - L.n(y + 124))
            ink.para(screen, god["text"], box, size, PARCHMENT, align="center")
            key = ("card", god["id"])
            self.c.region(r, key, god["name"], _("{title}. Dark Gift: {text}").format(title=god["title"], text=god["text"]))
            if key in live:
                self.c.glow(r, True)

    def _draft_fit(self, dealt: list[dict], width: float, height: float) -> tuple[int, float]:
        """The portraits' size and the Dark Gifts' text size (design units), the same for both
        gods: the largest portrait (300 down to 200) that leaves room for both Gifts whole at the
        Text size setting; past that, the Gifts' text grows smaller instead."""
        L, ink = self.c.layout, self.c.ink
        w = L.n(width)

        def fits(face: int, size: float) -> bool:
            room = L.n(height - 12 - (18 + face + 124))
            return all(ink.height(g["text"], size, w) <= room for g in dealt)

        full = ink.read(22)
        for face in range(300, 199, -20):
            if fits(face, full):
                return face, full
        return 200, next((z for z in (*ink.sizes(22), 20, 18, 16) if fits(200, z)), 15)
