"""The panels down the right of the table under the Chronicle (fate/ui/table/chronicle.py):
the Fate Dice (kept as the dice now show), At The Museum and the Supply. A part of ``Table``,
given the ``Canvas`` it draws on: it draws from the view only."""

from __future__ import annotations

from fate.engine.kinds import EventKind
from fate.ground.language import _, ngettext
from fate.ui.kit import art
from fate.ui.kit.layout import DICE_RECT, MUSEUM_RECT, SUPPLY_RECT
from fate.ui.kit.theme import BLOOD, BRONZE, GATE, GOLD, INK_FAINT, INVESTIGATOR, PARCHMENT
from fate.ui.table.canvas import Canvas
from fate.ui.table.cards import CardsAndPrompt

DIE_MAX = 96  # design units: the largest a Fate Die is drawn (two fill the panel's width half way)
ART_H = 196  # an Artifact's height at the Museum


class SidePanels:
    """The Fate Dice, At The Museum and the Supply (the Chronicle: fate/ui/table/chronicle.py)."""

    def __init__(self, c: Canvas, cards: CardsAndPrompt) -> None:
        self.c = c
        self.cards = cards

    def dice(self, screen, v, live):
        L, ink = self.c.layout, self.c.ink
        x, y, w, h = DICE_RECT
        # no title: the dice say what they are (their tooltips, the panel's own below)
        self.c.region(L.r(x, y, w, h), None, _("Fate Dice"), _("The last roll, as the dice now show it."))
        self.c.anchors[("panel", "dice")] = L.p(x + w / 2, y + h / 2)
        faces = self.c.last_roll or v.get("dice") or []  # as the Chronicle has told them (follow_dice)
        if not faces:
            ink.draw(screen, _("No roll on the table."), L.p(x + 16, y + h / 2), ink.read(17), INK_FAINT, "italic",
                     anchor="midleft")
        size = min(DIE_MAX, (w - 32) / max(1, len(faces)) - 8)
        for i, f in enumerate(faces):
            r = L.r(x + 16 + i * (size + 8), y + (h - size) / 2, size, size)
            self.c.anchors[("die", i)] = r.center
            if ("die", i) in self.c.hidden:
                continue
            screen.blit(art.die(r.w, f), r)
            face = self.c.content.dice.faces[self.c.content.dice.face(f)]
            self.c.region(r, ("die", i), _("Die {n}: {face}").format(n=i + 1, face=face.name), face.text)
            if ("die", i) in live:
                self.c.glow(r)

    def museum(self, screen, v, live):
        L, ink = self.c.layout, self.c.ink
        x, y, w, h = MUSEUM_RECT
        ink.draw(screen, _("At The Museum"), L.p(x + 16, y + 20), 22, GOLD, "title", anchor="midleft")
        self.c.anchors[("panel", "museum")] = L.p(x + w / 2, y + 40 + ART_H / 2)
        for i, a in enumerate(v["artifacts_face_up"]):
            r = L.r(x + 16 + i * 136, y + 40, 128, ART_H)
            self.cards.card_face(screen, r, a["name"], a["text"], "artifact", ("card", a["id"]), live)
        deck = L.r(x + 300, y + 40, 120, ART_H)
        if v["supply"]["artifact_deck"]:
            screen.blit(art.card_back(deck.w, deck.h, BRONZE, "key"), deck)
            ink.draw(screen, str(v["supply"]["artifact_deck"]), deck.midbottom, 18, PARCHMENT, "bold",
                     anchor="midbottom", shadow=True)
        n = v["supply"]["artifact_deck"]
        self.c.region(deck, ("deck", "artifact"), _("Artifact deck"),
                      ngettext("{n} Artifact, face down. The Museum's Basic Action may take it.",
                               "{n} Artifacts, face down. The Museum's Basic Action may take the top one.",
                               n).format(n=n))
        if ("deck", "artifact") in live:
            self.c.glow(deck)

    def supply(self, screen, v):
        L, ink = self.c.layout, self.c.ink
        x, y, w, h = SUPPLY_RECT
        sup = v["supply"]
        self.c.region(L.r(x, y, w, h), None, _("Supply"), _("What waits off the board. Hover each for its words."))
        rows = [("investigator", INVESTIGATOR, sup["investigators"], _("Waiting"),
                 _("Investigators waiting in the supply: {n}.")),
                ("tome", (150, 140, 170), sup["spell_deck"], _("Deck"), _("Spells in the deck: {n}.")),
                ("flame", (120, 100, 110), sup["discard"], _("Discard"), _("Spells in the discard pile: {n}.")),
                ("gate", GATE, sup["gates"], _("Gates"), _("Gates in the supply: {n}.")),
                ("curse", BLOOD, sup["curse_deck"], _("Curses"), _("Curses in the deck: {n}."))]
        for i, (g, col, n, word, tip) in enumerate(rows):
            px = x + 16 + i * 84
            img = art.glyph(g, L.n(34), col)
            r = screen.blit(img, L.p(px, y + h / 2 - 40))
            self.c.anchors[("supply", ("investigators", "deck", "discard", "gates", "curses")[i])] = r.center
            ink.draw(screen, str(n), L.p(px + 40, y + h / 2 - 22), ink.read(22), PARCHMENT, "bold", anchor="midleft")
            self.c.region(r.union(L.r(px, y + h / 2 - 44, 80, 80)), None, _("{what}: {n}").format(what=word, n=n),
                          tip.format(n=n))
        if sup["investigators"] == 0:  # under the words, as large as the panel holds it on one line
            warn = _("Empty: the next Investigator brings raids!")
            room, low = L.n(w - 32), L.n(19)
            size = next((s for s in ink.sizes(15) if ink.font("italic", s).size(warn)[0] <= room
                         and ink.font("italic", s).get_linesize() <= low), 15)
            ink.draw(screen, warn, L.p(x + 16, y + h / 2 + 33), size, BLOOD, "italic", max_w=room)

    def follow_dice(self, e) -> None:
        """Keep the Fate Dice panel's last roll as the dice now show: rolled, then
        turned, rerolled, added or set aside."""
        d, roll = e.data, self.c.last_roll
        if e.kind == EventKind.ROLLED:
            self.c.last_roll = list(d["faces"])
        elif e.kind in (EventKind.DIE_TURNED, EventKind.DIE_REROLLED) and 0 <= d.get("die", -1) < len(roll):
            roll[d["die"]] = d["to"]
        elif e.kind == EventKind.DICE_ADDED:
            roll.extend(d["faces"])
        elif e.kind == EventKind.DIE_REMOVED and 0 <= d.get("die", -1) < len(roll):
            del roll[d["die"]]
