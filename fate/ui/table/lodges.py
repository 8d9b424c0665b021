"""The Lodge panels down the left of the table: each cult's Summon track with
its Elder Signs, Reserve backs, hand backs, Cultist counts, Gate and Artifacts.
A part of ``Table``, given the ``Canvas`` it draws on (fate/ui/table/canvas.py): it draws from the view only, like the rest of the table."""

from __future__ import annotations

from functools import lru_cache

import pygame

from fate.content.model import STANDARD_LEVEL
from fate.engine.constants import RESERVE_SLOTS
from fate.ground.language import N_, _, listing, ngettext
from fate.ui.kit import art, gods
from fate.ui.kit.illustration import tinted
from fate.ui.kit.theme import (
    BLOOD,
    BRONZE,
    GATE,
    GOLD,
    INK_DIM,
    INK_FAINT,
    INVESTIGATOR,
    NIGHT,
    PANEL_EDGE,
    PARCHMENT,
    SIGN_GREEN,
    WENT_WRONG,
    mix,
)
from fate.ui.table.canvas import LODGE_W, LODGE_X, Canvas
from fate.ui.table.crowds import Crowds

SIGNS_WARN = 7  # Elder Signs from which a Lodge's count turns red (ten lose the game)
PORTRAIT = 58  # design units: the god's portrait on its Lodge (its title is in the portrait's tooltip)


@lru_cache(maxsize=16)
def portrait_medallion(god: str, size: int) -> pygame.Surface:
    """The god's portrait in its round frame, kept by size (drawn when the board's layer is)."""
    return gods.medallion(god, size)
LODGE_CROWD_W = 92  # the most room the Cultists waiting in a Lodge take (design units)
# A solo level's numbers in words: Investigators a turn (0-3) and the Curse that ends the game (3-8)
# a count of Curses in words, and its place, as the Investigators' panel says them (translated where said)
_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight")}
ORDINAL = {2: N_("second"), 3: N_("third"), 4: N_("fourth"), 5: N_("fifth"), 6: N_("sixth"), 7: N_("seventh"),
           8: N_("eighth")}


HAND_STEP, HAND_STEP_MIN = 24, 16  # design units between two backs of a hand; closer, they stack by symbol


def fan_of_backs(backs: list[str], room: float) -> list[tuple[float, str, int]]:
    """Where a hand's backs stand, ``room`` design units from the first back's left edge to the
    last's: (offset, back, how many) each. Each back apart while they stay at least
    ``HAND_STEP_MIN`` apart; past that (a hand of twelve, a Text size of 150%) one stack a
    symbol, its count on it, so that a large hand never squeezes into a strip."""
    if not backs:
        return []
    if len(backs) == 1 or room / (len(backs) - 1) >= HAND_STEP_MIN:
        step = min(HAND_STEP, room / max(1, len(backs) - 1))
        return [(i * step, b, 1) for i, b in enumerate(backs)]
    counts: dict[str, int] = {}
    for b in backs:
        counts[b] = counts.get(b, 0) + 1
    step = min(HAND_STEP + 8, room / max(1, len(counts) - 1))
    return [(i * step, b, n) for i, (b, n) in enumerate(counts.items())]


def investigators_text(level, where: str, carried: int) -> str:
    """What the Investigators' panel says in a solo game: the level (when not the rules' own),
    where their piece stands, what their turn does and the Curse that ends the game."""
    if not level.arrive:
        after = _("After your turn they draw a Spell and move to its symbol.")
    elif level.arrive == 1:
        after = _("After your turn they draw a Spell and move to its symbol and leave an Investigator there.")
    else:
        after = _("After your turn they draw a Spell and move to its symbol and leave {count} Investigators "
                  "there.").format(count=_(_WORDS[level.arrive]))
    lose = _(_WORDS[level.curses_to_lose])
    lines = [_("Playing at {level}.").format(level=level.name) if level.id != STANDARD_LEVEL else "",
             _("Their Fate Piece stands at {place}.").format(place=where) if where else "",
             after,
             ngettext("They hold {n} Curse on you, face down. {count} and you lose.",
                      "They hold {n} Curses on you, face down. {count} and you lose.", carried).format(
                          n=carried, count=lose[:1].upper() + lose[1:])]
    return " ".join(x for x in lines if x)


class LodgePanels:
    """The Lodge panels down the left, one a seat (and the Investigators' in a solo game)."""

    def __init__(self, c: Canvas, crowds: Crowds) -> None:
        self.c = c
        self.crowds = crowds

    def draw(self, screen, v, live):
        for s, rect, y, h in self.c.lodge_rects():
            if s == -1:
                self._investigators_panel(screen, v, rect, y, h)
            else:
                self._lodge(screen, v, s, rect, y, h, live)

    def _lodge(self, screen, v, s, rect, y, h, live):
        L, ink = self.c.layout, self.c.ink
        seat = v["seats"][s]
        mine = v["viewer"] == s
        turn = v["current"] == s and v["phase"] != "setup"
        colour = self.c.colour(s)
        self.c.edge(screen, rect, colour if turn else PANEL_EDGE, 3 if turn else 2)
        key = ("seat", s)
        # the panel's summary first: each icon drawn on it then answers for itself on hover
        self.c.region(rect, key, self.c.cult_name(v, s), self._lodge_summary(v, s))
        x = 14
        god = seat["god"]
        plaque = art.mark(self.c.mark(s), L.n(24), colour)  # the cult's shape in its colour
        screen.blit(plaque, plaque.get_rect(center=L.p(x + 22, y + 24)))
        self.c.anchors[("lodge_dot", s)] = L.p(x + 22, y + 24)
        title = god["name"] if god else self.c.cult_name(v, s)
        ink.draw(screen, title, L.p(x + 40, y + 24), 26, GOLD, "bold", anchor="midleft", max_w=L.n(220))
        tag = _("You") if mine else (_("Their turn") if turn else "")
        if turn and mine:
            tag = _("Your turn")
        if s < len(self.c.players) and self.c.players[s]:  # online: the player's name on the plaque
            tag = _("{name} · to play").format(name=self.c.players[s]) if turn else self.c.players[s]
        right = x + 428
        if god:  # its god's portrait marks the Lodge, top right, large enough to know it at a glance
            face = portrait_medallion(god["id"], L.n(PORTRAIT))
            at = face.get_rect(center=L.p(x + 426 - PORTRAIT / 2, y + 2 + PORTRAIT / 2))
            screen.blit(face, at)
            self.c.region(at, key, _("{god}, {title}").format(god=god["name"], title=god["title"]),
                          _("The Elder God of the {cult}. Its sigil marks the cult's Summon track and the base of "
                            "its Cultists.").format(cult=self.c.cult_name(v, s)))
            right = x + 420 - PORTRAIT
        title_end = x + 40 + min(220, ink.font("bold", 26).size(title)[0] / L.s) + 10
        if s in self.c.clock_faces:  # online: the seat's clock, then its player's name before it
            right = self._clock(screen, s, right, y + 24, key) - 10
        ink.draw(screen, tag, L.p(right, y + 24), 18, colour, "italic", anchor="midright",
                 max_w=L.n(max(40, right - title_end)))
        # summon track 0..9 with Elder Signs filling from 9 downwards
        ty = y + 60
        cell = 40
        signs = seat["elder_signs"]
        for step in range(10):
            r = L.r(x + 14 + step * cell, ty, cell - 4, 32)
            self.c.anchors[("track", s, step)] = r.center
            sign_here = step >= 10 - signs and step > 0
            pygame.draw.rect(screen, (40, 60, 48) if sign_here else (34, 28, 44), r, border_radius=L.n(5))
            pygame.draw.rect(screen, PANEL_EDGE, r, max(1, L.n(1)), border_radius=L.n(5))  # the quiet line
            if step == 9 and god:  # where the god comes: its sigil, under whatever stands there
                sig = gods.sigil(god["id"], L.n(30), mix(gods.colour(god["id"]), NIGHT, 0.45 if sign_here else 0.1))
                screen.blit(sig, sig.get_rect(center=r.center))
            if sign_here:
                g = art.glyph("elder_sign", L.n(26), SIGN_GREEN)
                screen.blit(g, g.get_rect(center=r.center))
            elif not (step == 9 and god):
                ink.draw(screen, str(step), r.center, ink.read(15), INK_FAINT, anchor="center")
            if step == seat["summon"]:
                self.c.anchors[("summon", s)] = r.center
                if ("summon", s) not in self.c.hidden:
                    g = art.glyph("eye", L.n(34), colour, self.c.mark(s))
                    screen.blit(g, g.get_rect(center=r.center))
        self.c.region(L.r(x + 10, ty - 2, 10 * cell + 2, 36), key,
                      _("{cult}: Summon track").format(cult=self.c.cult_name(v, s)),
                      _("Summon {n} of 9. Elder Signs: {signs} (ten and the cult is sealed away; they fill the track "
                        "from 9 down, and the Summon token meeting one brings a Curse).").format(
                          n=seat["summon"], signs=signs))
        # each icon of the track says what it is
        for step in range(10):
            r = L.r(x + 14 + step * cell, ty, cell - 4, 32)
            if step == seat["summon"]:
                self.c.region(r, key, _("Summon token"),
                              _("The {cult} stands at {n} of 9 on its Summon track: reaching 9 summons its Elder "
                                "God and wins.").format(cult=self.c.cult_name(v, s), n=step))
            elif step >= 10 - signs and step > 0:
                self.c.region(r, key, _("Elder Sign"), ngettext(
                    "One of the {n} Elder Sign of the {cult}: they fill the track from 9 down; ten seal the cult "
                    "away, and the Summon token meeting one brings a Curse.",
                    "One of the {n} Elder Signs of the {cult}: they fill the track from 9 down; ten seal the cult "
                    "away, and the Summon token meeting one brings a Curse.", signs).format(
                        n=signs, cult=self.c.cult_name(v, s)))
        # counts
        cy = y + 100
        items = [("cultist", colour, seat["lodge"], _("Cultists in the Lodge")),
                 ("cultist", mix(colour, NIGHT, 0.5), seat["abyss"], _("Cultists in the Abyss")),
                 ("investigator", INVESTIGATOR, seat["investigators"], _("Investigators in the Lodge (5 or more raid)")),
                 ("curse", BLOOD, seat["curses_carried"], _("Curses carried, held face down by a rival")),
                 ("elder_sign", SIGN_GREEN, signs, _("Elder Signs: ten seal the cult away, and it loses"))]
        cx: float = x + 12
        for name, col, many, tip in items:
            if name == "cultist" and col == colour:  # the Cultists waiting in the Lodge: a crowd of figures
                wide = self.crowds.lodge_crowd(screen, s, many, god["id"] if god else "", cx, cy + 38, LODGE_CROWD_W, 44)
                if not many and god:  # none waiting: their god's base stands empty
                    b = gods.base(god["id"], L.n(32), colour)
                    screen.blit(b, b.get_rect(center=L.p(cx + 16, cy + 31)))
                r = L.r(cx, cy - 6, max(wide, 36), 44)
                self.c.anchors[("lodge", s)] = r.center
                self.c.region(r, key, _("Cultists in the Lodge"),
                              ngettext("{cult}: {n} Cultist waiting to be placed.",
                                       "{cult}: {n} Cultists waiting to be placed.", many).format(
                                  cult=self.c.cult_name(v, s), n=many))
                cx += max(wide, 36) + 10
                continue
            if name == "investigator":
                self.c.anchors[("lodge_inv", s)] = L.p(cx + 18, cy + 18)
            g = art.glyph(name, L.n(30), col, self.c.mark(s) if name == "cultist" else "")
            r = screen.blit(g, L.p(cx, cy + 2))
            warn = (name == "investigator" and many >= 5) or (name == "elder_sign" and many >= SIGNS_WARN)
            ink.draw(screen, str(many), L.p(cx + 34, cy + 18), ink.read(22), BLOOD if warn else PARCHMENT, "bold",
                     anchor="midleft")
            said = (_("{cult}: {n}. {left} more and it is sealed away.") if name == "elder_sign" else
                    _("{cult}: {n}.")).format(cult=self.c.cult_name(v, s), n=many, left=10 - many)
            self.c.region(r.union(L.r(cx, cy, 64, 36)), key, tip, said)
            cx += 70
        if seat["has_gate"]:
            g = art.glyph("gate", L.n(32), GATE)
            r = screen.blit(g, L.p(cx + 6, cy + 2))
            gk = ("card", "gate") if mine else None
            self.c.region(r, gk, _("A Gate"), _("Play it to move the Fate Piece anywhere open. Not counted in the "
                                                 "hand."))
            if gk in live:
                self.c.glow(r)
        # reserve and hand backs
        ry = y + 142
        sx = x + 14  # no words at rest: three card-shaped slots, then the backs; each says what it is on hover
        readied = len(seat["reserve_backs"])
        self.c.region(L.r(sx - 4, ry - 4, 3 * 32 + 4, 46), None, _("Readied Spells"),
                      ngettext("{n} Readied Spell of {slots}: readied in Conclude, each is cast at its moment.",
                               "{n} Readied Spells of {slots}: readied in Conclude, each is cast at its moment.",
                               readied).format(n=readied, slots=RESERVE_SLOTS))
        for i in range(RESERVE_SLOTS):
            r = L.r(sx + i * 32, ry, 28, 38)
            if i < len(seat["reserve_backs"]):
                b = seat["reserve_backs"][i]
                screen.blit(art.card_back(r.w, r.h, self.c.sym_colour[self.c.sym_index[b]], b), r)
                cost = listing([self.c.content.symbols[c].name for c in seat["reserve_costs"][i]]) or _("nothing")
                self.c.region(r, None, _("A Readied Spell"),
                              _("{symbol} back; its cost, shown as it was readied: {cost}. It may be cast at its "
                                "moment.").format(symbol=self.c.content.symbols[self.c.sym_index[b]].name, cost=cost))
            else:
                pygame.draw.rect(screen, PANEL_EDGE, r, max(1, L.n(1)), border_radius=L.n(4))
        hx = sx + 3 * 32 + 14
        bx = hx
        backs = seat["hand_backs"]
        right = min(hx + 300, LODGE_X + LODGE_W - 8 - 28)  # the last back's left edge, inside the panel
        if not backs:
            self.c.region(L.r(bx, ry, 28, 38), None, _("Hand: no Spells"), _("The backs are open to all; the faces "
                                                                             "only to their owner."))
        fanned = fan_of_backs(backs, right - bx)
        for offset, sym, n in fanned:
            r = L.r(bx + offset, ry, 28, 38)
            back = art.card_back(r.w, r.h, self.c.sym_colour[self.c.sym_index[sym]], sym)
            if n > 1:  # a stack of one symbol's backs: one more edge behind it, its count at its foot
                screen.blit(back, r.move(L.n(3), -L.n(3)))
            screen.blit(back, r)
            if n > 1:
                pygame.draw.circle(screen, NIGHT, (r.centerx, r.bottom), L.n(9))
                pygame.draw.circle(screen, BRONZE, (r.centerx, r.bottom), L.n(9), max(1, L.n(1)))
                ink.draw(screen, str(n), (r.centerx, r.bottom), 15, PARCHMENT, "bold", anchor="center")
        if backs:
            self.c.region(L.r(bx, ry, 28 + fanned[-1][0], 38), None,
                        ngettext("Hand: {n} Spell", "Hand: {n} Spells", len(backs)).format(n=len(backs)),
                        _("Backs: {symbols}. The backs are open to all; the faces only to their owner.").format(
                            symbols=", ".join(self.c.content.symbols[self.c.sym_index[sym]].name for sym in backs)))
        # artifacts
        ay = y + 188
        if h > 220:
            for i, a in enumerate(seat["artifacts"]):
                size, lines = self._chip_words(a["name"], L.n(132 - 8), L.n(h - 194))
                tall = max(40, (len(lines) * ink.font("italic", size).get_linesize()) / L.s + 6)
                r = L.r(x + 14 + i * 140, ay, 132, min(tall, h - 194))
                ak = ("card", a["id"])
                spent = a["exhausted"]
                chip = pygame.Surface(r.size, pygame.SRCALPHA)
                box = chip.get_rect()
                pygame.draw.rect(chip, (50, 40, 30) if not spent else (30, 26, 30), box, border_radius=L.n(5))
                pygame.draw.rect(chip, BRONZE if not spent else INK_FAINT, box, L.n(1), border_radius=L.n(5))
                step = ink.font("italic", size).get_linesize()
                for k, ln in enumerate(lines):  # the whole name, on two lines if it must
                    ink.draw(chip, ln, (box.centerx, box.centery + round((k - (len(lines) - 1) / 2) * step)), size,
                             PARCHMENT if not spent else INK_FAINT, "italic", anchor="center", max_w=r.w - L.n(4))
                ink.drawn.add(a["name"])
                if spent:  # turned aside until the owner's next Prepare
                    chip = pygame.transform.rotate(chip, -9 if len(lines) == 1 else -5)  # (a tall chip tilts less)
                screen.blit(chip, chip.get_rect(center=r.center))
                # Translators: an Artifact's tooltip; {text} is what it does.
                body = _("{text} (Exhausted until your next Prepare.)").format(text=a["text"]) if spent else a["text"]
                self.c.region(r, ak, a["name"], body)
                if ak in live:
                    self.c.glow(r)
        self.c.anchors[key] = rect.center
        if key in live:
            self.c.glow(rect, True)

    def _clock(self, screen, s: int, right: int, cy: float, key) -> int:
        """A seat's clock on its plaque, ending at design x ``right``: an hourglass and the time
        (red when little is left), or an emptied one when an AI stands in. Where it starts."""
        L, ink = self.c.layout, self.c.ink
        face, tone, tip = self.c.clock_faces[s]
        colour = {"run": GOLD, "bank": WENT_WRONG, "soon": BLOOD, "rest": INK_DIM, "out": BLOOD}[tone]
        size = 20 if tone == "out" else 22
        width = ink.font("bold", size).size(face)[0] / L.s
        left = right - width - 28
        chip = L.r(left - 6, cy - 15, width + 40, 30)
        pygame.draw.rect(screen, NIGHT, chip, border_radius=L.n(15))
        pygame.draw.rect(screen, colour if tone != "rest" else PANEL_EDGE, chip, max(1, L.n(1)), border_radius=L.n(15))
        glass = tinted("empty-hourglass" if tone == "out" else "hourglass", L.n(20), colour)
        screen.blit(glass, glass.get_rect(center=L.p(left + 9, cy)))
        ink.draw(screen, face, L.p(right, cy), size, colour, "italic" if tone == "out" else "bold", anchor="midright")
        self.c.region(chip, key, _("Clock"), tip)
        return round(left - 6)

    def _chip_words(self, name: str, width: int, height: int) -> tuple[float, list[str]]:
        """An Artifact's name on its chip in a Lodge: the largest size the Text size
        setting allows at which it fits whole on the chip, on one line or two."""
        ink = self.c.ink
        for size in ink.sizes(14):
            lines = ink.wrap(name, size, width, "italic")
            if len(lines) <= 2 and len(lines) * ink.font("italic", size).get_linesize() <= height \
                    and all(ink.font("italic", size).size(ln)[0] <= width for ln in lines):
                return size, lines
        return 14, [name]

    def _after(self, label: pygame.Rect, x: float) -> float:
        """The design x where things beside a label may start: ``x``, or further right
        when a small window draws the label larger than its design size (fonts keep a
        readable minimum)."""
        L = self.c.layout
        return max(x, (label.right + L.n(4) - L.ox) / L.s)

    def _lodge_summary(self, v, s):
        seat = v["seats"][s]
        god = seat["god"]
        gift = _("Dark Gift: {text}").format(text=god["text"]) + "\n\n" if god else ""
        return gift + _("Summon {summon}, Elder Signs {signs}, Lodge {lodge}, Abyss {abyss}, Investigators "
                        "{investigators}, Spells in hand {hand}, Readied {readied}, Curses carried {curses}.").format(
            summon=seat["summon"], signs=seat["elder_signs"], lodge=seat["lodge"], abyss=seat["abyss"],
            investigators=seat["investigators"], hand=len(seat["hand_backs"]), readied=len(seat["reserve_backs"]),
            curses=seat["curses_carried"])

    def _investigators_panel(self, screen, v, rect, y, h):
        """The solo opponent in pictures: where their Fate Piece stands, and the Curses they hold on
        you as a track that ends the game when full; what their turn does is in the tooltip."""
        L, ink = self.c.layout, self.c.ink
        self.c.edge(screen, rect, INVESTIGATOR if v["current"] == -1 else PANEL_EDGE)
        x = 14
        ink.draw(screen, _("The Investigators"), L.p(x + 20, y + 24), 26, INVESTIGATOR, "bold", anchor="midleft")
        self.c.anchors[("lodge", -1)] = L.p(x + 120, y + 40)
        where = next((fp["location"] for fp in v["fate_pieces"] if fp["owner"] == -1), None)
        level = self.c.content.solo_level(v["solo_level"])  # the numbers of the level chosen (data/solo.yaml)
        carried = v["seats"][0]["curses_carried"]
        if level.id != STANDARD_LEVEL:  # the level played, as a tag beside the name
            ink.draw(screen, level.name, L.p(x + LODGE_W - 20, y + 24), 17, INK_FAINT, "italic", anchor="midright")
        row = y + 66
        fate = L.r(x + 20, row - 20, 40, 40)
        screen.blit(art.glyph("fate", fate.w, INVESTIGATOR), fate)
        place = self.c.loc_name(v, where) if where else _("not on the Altar yet")
        at = ink.draw(screen, place, L.p(x + 68, row), 20, PARCHMENT, anchor="midleft", max_w=L.n(LODGE_W - 96))
        self.c.region(fate.union(at), None, _("Their Fate Piece"),
                      _("It stands at {place}. After your turn they draw a Spell and move to the place of its "
                        "symbol.").format(place=place) if where else
                      _("It is not on the Altar yet. After your turn they draw a Spell and move to the place of its "
                        "symbol."))
        row += 52
        size, step = 34, 42
        for i in range(level.curses_to_lose):  # their Curses on you: the last slot filled ends the game
            r = L.r(x + 20 + i * step, row - size / 2, size, size)
            if i < carried:
                screen.blit(art.glyph("curse", r.w, BLOOD), r)
            else:  # a slot still empty: the Curse to come, faint
                pygame.draw.rect(screen, PANEL_EDGE, r, max(1, L.n(1)), border_radius=L.n(6))
                screen.blit(art.glyph("curse", int(r.w * 0.7), mix(BLOOD, NIGHT, 0.7)), r.inflate(-r.w * 0.3, -r.h * 0.3))
        track = L.r(x + 20, row - size / 2, step * (level.curses_to_lose - 1) + size, size)
        self.c.region(track, None, _("Curses on you: {n} of {most}").format(n=carried, most=level.curses_to_lose),
                      ngettext("They hold {n} Curse on you, face down; the {which} and you lose.",
                               "They hold {n} Curses on you, face down; the {which} and you lose.", carried).format(
                          n=carried, which=_(ORDINAL[level.curses_to_lose]) if level.curses_to_lose in ORDINAL
                          else _("last")))
        self.c.region(rect, None, _("The Investigators"),
                      _("{level}\n\nMeeting your Fate Piece curses you; entering Streets of Arkham raids you. Control "
                        "needs more Cultists than Investigators at a place.").format(
                          level=investigators_text(level, place if where else "", carried)))

    # ---------------------------------------------------------------- right column
