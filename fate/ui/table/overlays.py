"""The table's tools and overlays: Undo, Hint and "?" above the prompt bar, the
"End your turn?" question, the hand-off screen and the pause menu. A part of
``PlayScene`` (fate/ui/table/scene.py), given its ``TableState`` (state.py)."""

from __future__ import annotations

import re
from typing import Any

import pygame

from fate.ai.gains import gains
from fate.engine.choices import ChoiceKind, kind_of, number_of
from fate.engine.constants import LOCATION_NAMES
from fate.engine.save import save_data
from fate.ground.language import ENGLISH, N_, _, current, listing, ngettext, number, percent
from fate.ground.paths import logs_dir
from fate.records.saves import write_report
from fate.ui.kit.layout import PROMPT_RECT, Layout
from fate.ui.kit.theme import GOLD, HINT, INK_DIM, PANEL, PANEL_EDGE, PARCHMENT, SIGN_GREEN
from fate.ui.kit.widgets import Scene, backdrop, button, tooltip
from fate.ui.table.anim import veil
from fate.ui.table.autopass import window_of
from fate.ui.table.picker import Key, Picker
from fate.ui.table.state import TableState
from fate.ui.table.telling import Telling
from fate.words import guide

CLAUSE = 48  # the most characters of a choice's words in the Hint's line (three lines at 1280x720)
HINT_LINES = 3  # the most lines of the Hint's strip (it grows wider rather than taller)
TIE_POINTS = 0.01  # closer than this in points of the chance to win (the worker sends four decimals): level
# The first words of choices that are verbs, lower-cased inside a sentence ("... than the next
# best, move to The Library"); a choice that begins with a name keeps it ("Hood Wild pair").
UNFOLDED = N_("For the Hint, your chance to cast comes first, on its own: cast, or pass to go on.")
VERBS = frozenset("Move Play Cast Take Ready Roll Do Skip Pass Send Sacrifice Destroy Keep Replace Use Discard "
                  "Draw Gain Return Instead Choose No Stop Give Put Place Turn Reroll Leave Ask Exhaust".split())


def in_sentence(label: str) -> str:
    """A choice's words set inside a sentence: a leading verb lower-cased, a name kept."""
    first = label.split(" ", 1)[0]
    return label[:1].lower() + label[1:] if first in VERBS else label


def clause(label: str) -> str:
    """A choice's words cut to one short clause for the Hint's line: a card's choice by its
    name only ("Cast New Initiates", never its whole text after the colon), a label's words up
    to its first full stop or semicolon, at most CLAUSE characters (cut at a word), no last stop."""
    label = label.strip()
    head, colon, rest = label.partition(": ")
    if colon and (head.split(" ", 1)[0] in ("Cast", "Destroy", "Exhaust") or len(rest.split()) > 6):
        label = head
    label = re.split(r"(?<=[.;])\s", label, maxsplit=1)[0].rstrip(" .;:,")
    if len(label) > CLAUSE:
        label = label[:CLAUSE].rsplit(" ", 1)[0].rstrip(" .;:,") + "…"
    return label


def hint_why(estimates, labels: dict[str, str], brings: list[str]) -> str:
    """The reason after a hint's choice: the chance to win Hard gives it, how many points of
    that chance better it is than the next best (or that the two are as good as each other:
    only when their chances are level, ``TIE_POINTS``, the chance still given), and what it
    surely brings at once (fate/ai/gains.py). ``estimates``: (choice id, chance to win, ...),
    best first. It follows "Hint: {choice}" on its line, so it opens with a colon."""
    best = percent(round(100 * estimates[0][1]) if estimates else 0)
    if len(estimates) > 1:
        other = clause(labels.get(estimates[1][0], estimates[1][0]))
        # set inside a sentence of its own: English lower-cases a leading verb; others quote it
        other = in_sentence(other) if current().code == ENGLISH else _("“{choice}”").format(choice=other)
        lead = 100 * (estimates[0][1] - estimates[1][1])
        points = round(lead)
        if lead < TIE_POINTS:
            why = _(": your chance to win {percent}; {other} is as good ({other_percent}): either will do").format(
                percent=best, other=other, other_percent=percent(round(100 * estimates[1][1])))
        elif points < 1:  # a near tie, not advice: either will do
            why = _(": your chance to win {percent}, as good as {other}, within a point").format(percent=best,
                                                                                                  other=other)
        else:
            why = ngettext(": your chance to win {percent}, {n} point better than the next best, {other}",
                           ": your chance to win {percent}, {n} points better than the next best, {other}",
                           points).format(percent=best, n=number(points), other=other)
    else:
        why = _(": your chance to win {percent}, the one choice Hard sees worth making").format(percent=best)
    if brings:
        # Translators: {why} is the hint's reason so far; {gains} lists what the choice surely brings.
        return _("{why}. At once: {gains}.").format(why=why, gains=listing(brings))
    return _("{why}.").format(why=why)


def hint_name(cid: str, name: str, follow: tuple[str, ...], places: tuple[str, ...] = LOCATION_NAMES) -> str:
    """The hinted choice's words, with where a Wild pair (or a Gate) goes when Hard's line
    after it names the destination ("to:4"; ``places``: the places' names in the window's
    language). A label's own last stop goes: the reason follows after a colon ("... one
    space: your chance to win", never "space.: your chance")."""
    name = clause(name)
    if kind_of(cid) not in (ChoiceKind.WILD, ChoiceKind.GATE):
        return name
    dest = next((n for n in (number_of(x, ChoiceKind.TO) for x in follow) if n is not None), -1)
    # Translators: a hinted Wild pair (or Gate) and the place Hard would send the Fate Piece.
    return _("{choice}, to {place}").format(choice=name, place=places[dest]) if 0 <= dest < len(places) else name


class PlayPanels:
    """Undo, Hint and "?" over the prompt bar, the Hint's ring and strip, the passing notice,
    "End your turn?", the hand-off screen and the pause menu; where the Hint's strip and the
    notice stand (``hint_target``, ``hint_box``, ``notice_box``) is written here only."""

    def __init__(self, st: TableState, scene: Scene, app: Any, telling: Telling) -> None:
        self.st = st
        self.scene = scene
        self.app = app
        self.telling = telling
        self.hint_target: Key | None = None  # what the hint ring is drawn round now (a picker key)
        self.hint_box: pygame.Rect | None = None  # where the Hint's strip stands, None when none is shown
        self.notice_box: pygame.Rect | None = None  # where the notice stands, None when none is shown
        self._hint_gains: tuple = ((-1, ""), [])  # (decision, choice) and what the hinted choice brings at once
        self._hint_place: tuple = (None,)  # (what it was worked out for, where the Hint's strip stands)
        self._notice_place: tuple = (None,)  # (what it was worked out for, where the notice stands)

    def hint_reason(self) -> str:
        """Why no hint can be asked now, or "" if one can."""
        s = self.st.session
        if s.over() or self.st.handoff is not None:
            return _("the game is not waiting for you")
        if s.prompt_seat() != self.st.looker or not s.is_human(self.st.looker):
            return _("it is not your decision")
        if s.hint() is not None:  # (this also collects a hint that has just come)
            return _("the hint for this decision is shown")
        if s.hint_coming():
            return _("Hard is already thinking")
        return ""

    def hint_line(self) -> tuple[str | None, str, str]:
        """The hinted choice id (None while Hard thinks or without a hint), what it does
        (where a Wild pair or a Gate goes, as Hard would send it), and why: the chance to win
        Hard gives it, how many points better than the next best ("as good as" only when the
        two are level to the point), and what it surely brings at once."""
        s, looker = self.st.session, self.st.looker
        if looker is None or s.prompt_seat() != looker or not s.is_human(looker):
            return None, "", ""
        h = s.hint()
        if h is None:
            return None, (_("Hard is weighing your choices…") if s.hint_coming() else ""), ""
        labels = {c["id"]: c["label"] for c in self.st.shown.get("prompt", {}).get("choices", ())}
        labels.update(self.st.picker.labels if self.st.picker is not None else {})
        best = h.estimates[0]
        name = labels.get(best[0], best[0])
        if self._hint_gains[0] != (s.decision, best[0]):  # worked out once a hint
            g = s.game
            brings = gains(g, looker, best[0]) if g is not None else []  # online: the server's
            self._hint_gains = ((s.decision, best[0]), brings)
        name = hint_name(best[0], name, getattr(h, "follow", ()), tuple(p.name for p in self.app.content.locations))
        return h.choice, _("Hint: {choice}").format(choice=name), hint_why(h.estimates, labels, self._hint_gains[1])

    def draw_undo(self, screen: pygame.Surface, seat: int | None) -> None:
        """The Undo button above the prompt bar, greyed with its reason when it cannot."""
        s = self.st.session
        if not s.is_human(seat) or s.over():
            return
        why = s.undo_reason(seat)
        tip = (_("Take back your last decision (Ctrl+Z).") if not why
               else _("Not now: {why}. Decisions can be taken back until something unknown comes to light or "
                      "another cult is asked.").format(why=_(why)))  # a reason of fate/engine/undo.py's
        button(self.scene, screen, self.st.table.layout, (1324, self.st.table.tools_y(), 130, 46), _("Undo"),
               ("ui", "undo"), enabled=not why and not self.st.anim.busy(), size=22, tip=tip)
        mouse = self.app.hover
        if mouse is not None and self.scene.hot and self.scene.hot[-1].rect.collidepoint(mouse):
            tooltip(self.scene.ink, screen, self.st.table.layout, mouse, _("Undo"), tip)

    def draw_hint(self, screen: pygame.Surface, picker: Picker | None, seat: int | None) -> None:
        """The Hint button beside Undo; a hint's ring round what to click and its line of why."""
        s = self.st.session
        if not s.is_human(seat) or s.over():
            return
        # the hint is collected before the button is drawn, so that one frame never shows a
        # hint's ring beside a button that still says Hard is thinking
        cid, line, odds = self.hint_line()
        why = self.hint_reason()
        tip = (_("Ask Hard, the strongest AI, what it would choose here, judging only from what you can see (H). "
                 "Hints are counted on the end screen.") if not why else _("No hint now: {why}.").format(why=why))
        L = self.st.table.layout
        button(self.scene, screen, L, (1126, self.st.table.tools_y(), 48, 46), "?", ("ui", "rules"), size=24,
               tip=_("How to Play, at the rules of this decision (F1)"))
        button(self.scene, screen, L, (1184, self.st.table.tools_y(), 130, 46), _("Hint"), ("ui", "hint"),
               enabled=not why and picker is not None, size=22, tip=tip)
        mouse = self.app.hover
        for spot in self.scene.hot[-2:]:
            if mouse is not None and spot.rect.collidepoint(mouse):
                tooltip(self.scene.ink, screen, L, mouse, spot.label, spot.tip)
        self.hint_target = None
        if cid is not None and picker is not None:
            target = picker.next_target(cid)
            if target is not None and self.st.table.hint_ring(screen, target):
                self.hint_target = target
        self.hint_box = None
        if line:
            self.hint_box = self.draw_hint_strip(screen, line + odds, line)

    def hint_avoid(self, named: str) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """(what a hint's strip must not cover: the ringed target and every place its choice
        names; what it had better not cover: everything else on the table a player reads or
        clicks), in pixels."""
        L = self.st.table.layout
        regions = self.st.table.regions
        rings = [r.rect for r in regions if self.hint_target is not None and r.key == self.hint_target]
        rings += [h.rect for h in self.scene.hot if self.hint_target is not None and h.key == self.hint_target]
        must = [max(rings, key=lambda r: r.w * r.h).inflate(L.n(20), L.n(20))] if rings else []
        must += [r.rect for r in regions if r.key and r.key[0] == "loc" and self.st.table.loc_name(None, r.key[1]) in named]
        better = [r.rect for r in regions] + [h.rect for h in self.scene.hot] + [L.r(*PROMPT_RECT)]
        return must, better

    def draw_hint_strip(self, screen: pygame.Surface, text: str, named: str) -> pygame.Rect:
        """The hint's words on a dark strip, wrapped, never cut, standing where it covers
        nothing it points at (``hint_place``)."""
        L = self.st.table.layout
        size = self.scene.ink.read(18)  # read text: it follows the Text size setting
        step = self.scene.ink.font("italic", size).get_linesize()
        key = (text, self.hint_target, screen.get_size(), self.st.table.tools_y(), self.app.settings.get("text_size"))
        if self._hint_place[0] != key:
            self._hint_place = (key, self.hint_place(screen, text, named))
        strip, lines = self._hint_place[1]
        shade = pygame.Surface(strip.size, pygame.SRCALPHA)
        shade.fill((12, 10, 20, 225))
        screen.blit(shade, strip)
        pygame.draw.rect(screen, HINT, strip, L.n(2), border_radius=L.n(8))
        for i, ln in enumerate(lines):
            self.scene.ink.draw(screen, ln, (strip.x + L.n(14), strip.y + L.n(8) + i * step), size, HINT, "italic")
        return strip

    def hint_place(self, screen: pygame.Surface, text: str, named: str) -> tuple[pygame.Rect, list[str]]:
        """Where the hint's strip stands, and its lines: never over the ringed target or a place
        the hint names; of the spots on a grid over the screen (the strip as wide as it likes,
        or narrower), the one covering the fewest other things, nearest its usual place just
        above the prompt bar at the left. Worked out once a hint."""
        L = self.st.table.layout
        size = self.scene.ink.read(18)
        font = self.scene.ink.font("italic", size)
        step = font.get_linesize()
        home = L.p(470, self.st.table.tools_y() + 48)  # the strip's usual bottom-left corner
        must, better = self.hint_avoid(named)
        area = screen.get_rect()
        grid = max(8, L.n(24))
        shapes: list[tuple[pygame.Rect, list[str]]] = []  # (the strip at the origin, its lines), as wide
        # as it likes, then narrower
        for width in (580, 330):
            lines = self.scene.ink.wrap(text, size, L.n(width), "italic")
            while len(lines) > HINT_LINES and width < 1000:  # wider rather than taller: at most three lines
                width += 60
                lines = self.scene.ink.wrap(text, size, L.n(width), "italic")
            if shapes and len(lines) > HINT_LINES:
                break
            shapes.append((pygame.Rect(0, 0, max(font.size(ln)[0] for ln in lines) + L.n(28),
                                       step * len(lines) + L.n(16)), lines))
        spots = sorted(((x - home[0]) ** 2 + (y + strip.h - home[1]) ** 2, x, y, i)
                       for i, (strip, _lines) in enumerate(shapes)
                       for y in range(L.n(40), area.h - strip.h, grid) for x in range(0, area.w - strip.w, grid))
        fewest = (len(better) + 1, shapes[0][0].move(home[0], home[1] - shapes[0][0].h), shapes[0][1])
        for _far, x, y, i in spots:  # nearest first: the first that covers nothing is the one
            spot = shapes[i][0].move(x, y)
            if spot.collidelist(must) >= 0:
                continue
            if spot.collidelist(better) < 0:
                return spot, shapes[i][1]
            if fewest[0] > 1:
                covered = len(spot.collidelistall(better))
                if covered < fewest[0]:
                    fewest = (covered, spot, shapes[i][1])
        return fewest[1], fewest[2]

    def draw_notice(self, screen: pygame.Surface) -> None:
        """A passing notice (``self.st.notice``: its words, until a moment of ``clock``), wrapped,
        standing just above the prompt bar where it covers no place, button or the Hint's strip
        (``notice_place``); ``notice_box`` is where it stands, None when none is shown."""
        self.notice_box = None
        text, until = self.st.notice
        if not text or self.st.clock >= until:
            return
        key = (text, screen.get_size(), self.st.table.tools_y(), tuple(self.hint_box or ()),
               self.scene.ink.scale)
        if self._notice_place[0] != key:
            self._notice_place = (key, self.notice_place(screen, text))
        box, lines = self._notice_place[1]
        step = self.scene.ink.font("italic", 20).get_linesize()
        L = self.st.table.layout
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((12, 10, 20, 190))  # readable over the board's ring
        screen.blit(shade, box)
        for i, ln in enumerate(lines):
            self.scene.ink.draw(screen, ln, (box.centerx, box.y + L.n(4) + i * step), 20, SIGN_GREEN, "italic", anchor="midtop",
                          shadow=True)
        self.notice_box = box

    def notice_place(self, screen: pygame.Surface, text: str) -> tuple[pygame.Rect, list[str]]:
        """Where a notice stands and its lines: never over a place, a button, the prompt bar or
        the Hint's strip; of the spots on a grid (as wide as it likes, or narrower), the one
        covering the fewest other things, nearest the middle just above the prompt bar."""
        L = self.st.table.layout
        font = self.scene.ink.font("italic", 20)
        step = font.get_linesize()
        home = L.p(960, self.st.table.tools_y() + 46)  # the notice's usual bottom middle
        regions = self.st.table.regions
        must = [r.rect for r in regions if r.key and r.key[0] == "loc"] + [h.rect for h in self.scene.hot]
        strip = self.hint_box
        must += [L.r(*PROMPT_RECT)] + ([strip] if strip is not None else [])
        better = [r.rect for r in regions]
        area = screen.get_rect()
        grid = max(6, L.n(16))
        shapes = []
        for width in (1100, 700, 460, 340):
            lines = self.scene.ink.wrap(text, 20, L.n(width), "italic")
            shapes.append((pygame.Rect(0, 0, max(font.size(ln)[0] for ln in lines) + L.n(20),
                                       step * len(lines) + L.n(8)),
                           lines))
        spots = sorted(((x + box.w // 2 - home[0]) ** 2 + (y + box.h - home[1]) ** 2, x, y, i)
                       for i, (box, _lines) in enumerate(shapes)
                       for y in range(L.n(52), area.h - box.h, grid) for x in range(0, area.w - box.w, grid))
        fewest = (len(better) + 1, shapes[0][0].move(home[0] - shapes[0][0].w // 2, L.n(62)), shapes[0][1])
        for _far, x, y, i in spots:  # nearest first: the first that covers nothing is the one
            spot = shapes[i][0].move(x, y)
            if spot.collidelist(must) >= 0:
                continue
            covered = len(spot.collidelistall(better))
            if covered == 0:
                return spot, shapes[i][1]
            if covered < fewest[0]:
                fewest = (covered, spot, shapes[i][1])
        return fewest[1], fewest[2]

    def draw_confirm(self, screen: pygame.Surface) -> None:
        """ "End your turn?" over the table (the Confirm end of turn setting)."""
        L = self.st.table.layout
        w, h = screen.get_size()
        screen.blit(veil(w, h, (0, 0, 0, 150)), (0, 0))
        self.scene.hot.clear()  # only the overlay's buttons now
        box = L.r(610, 370, 700, 290)
        pygame.draw.rect(screen, (28, 22, 40), box, border_radius=L.n(14))
        pygame.draw.rect(screen, GOLD, box, L.n(2), border_radius=L.n(14))
        may = self.st.confirming_may
        self.scene.ink.draw(screen, _("This may end your turn") if may else _("End your turn?"), L.p(960, 425), 44, GOLD,
                      "title", anchor="center")
        label = self.st.picker.labels.get(self.st.confirming, "") if self.st.picker is not None else ""
        why = (_("This choice ends it.") if not may else _("It turns on the dice or on cards you cannot see.")
               if self.st.shown.get("solo") else _("It turns on the dice, on cards you cannot see or on a rival's pass."))
        self.scene.ink.draw(screen, why, L.p(960, 482), 21, PARCHMENT, "italic", anchor="center", max_w=L.n(660))
        if label:
            # Translators: the choice about to be taken, quoted (in the language's own quotation marks).
            self.scene.ink.draw(screen, _("“{choice}”").format(choice=label), L.p(960, 516), 21, GOLD, "bold", anchor="center", max_w=L.n(660))
        button(self.scene, screen, L, (660, 565, 280, 64), _("Go on") if may else _("End the turn"),
               ("ui", "confirm", True), size=24, tip=_("Take the choice; the turn may pass on (Enter)") if may else
               _("Take the choice; the turn passes on (Enter)"))
        button(self.scene, screen, L, (980, 565, 280, 64), _("Not yet"), ("ui", "confirm", False), size=24,
               tip=_("Back to the table to do something else first (Esc)"))
        self.scene.draw_tip(screen, L)

    def draw_handoff(self, screen: pygame.Surface) -> None:
        """Nothing private here: only whose turn it is to sit at the screen."""
        L = backdrop(self.scene, screen)
        ink = self.scene.ink
        seat = self.st.handoff
        if seat is None:
            return
        colour = self.st.table.colours[seat]
        god = self.st.shown["seats"][seat]["god"] if self.st.shown["seats"][seat]["god"] else None
        cult = _("the Cult of {god}").format(god=god["name"]) if god else ""
        name = cult or _("Seat {n}").format(n=seat + 1)
        player = self.st.session.seats[seat].name if seat < len(self.st.session.seats) else ""
        if player:  # a name typed at New Game: the player, and under it the cult they lead
            name = player
        if len(self.st.session.humans()) == 1:  # the Hand-off screen setting: no one else to look away
            ink.draw(screen, _("Your turn"), L.p(960, 300), 48, INK_DIM, "italic", anchor="center")
            ink.draw(screen, name[:1].upper() + name[1:], L.p(960, 400), 96, colour, "title", anchor="center",
                     shadow=True)
            ink.draw(screen, _("The Chronicle tells what the other cults did."), L.p(960, 490), 26, PARCHMENT,
                     "italic", anchor="center")
            button(self.scene, screen, L, (760, 580, 400, 80), _("To the table"), ("ui", "handoff"), size=28,
                   tip=_("Back to the table for your turn (Enter)"))
            return
        ink.draw(screen, _("Pass the screen"), L.p(960, 260), 48, INK_DIM, "italic", anchor="center")
        ink.draw(screen, _("to {name}").format(name=name), L.p(960, 360), 96, colour, "title", anchor="center",
                 shadow=True)
        if player and god:
            ink.draw(screen, cult, L.p(960, 440), 30, colour, "bold", anchor="center")
        ink.draw(screen, self.handoff_reason(seat), L.p(960, 490), 28, GOLD, "italic", anchor="center",
                 max_w=L.n(1400))
        ink.draw(screen, _("Everyone else, look away: their hand and secrets come next."), L.p(960, 535), 24,
                 PARCHMENT, "italic", anchor="center")
        me = player or (_("Cult of {god}").format(god=god["name"]) if god else name)
        button(self.scene, screen, L, (760, 600, 400, 80), _("I am {name}").format(name=me), ("ui", "handoff"),
               size=28, tip=_("The table turns to this seat's own view (Enter)"))

    def handoff_reason(self, seat: int) -> str:
        """Why the screen goes to this seat now, in words every seat may read: the moment,
        never what the seat holds."""
        s = self.st.session
        p = s.prompt()
        if p is None:
            return ""
        if p.kind == "draft":
            return _("Why: to choose, in secret, the Elder God the cult will serve.")
        if s.current == seat:
            return _("Why: it is their turn.")
        kind, aimed = window_of(p) if p.kind == "cast_window" else ("", -1)
        whose = self.telling.name_of(s.current)
        if kind == "raid" and aimed == seat:
            return _("Why: a raid on their Lodge, and they may answer it before the dice roll.")
        if kind == "after_roll":
            return _("Why: a roll in {cult}'s turn, and they may answer it before it counts.").format(cult=whose)
        if p.kind == "cast_window":
            return _("Why: a chance to cast in {cult}'s turn, which the table does not pass for them.").format(
                cult=whose)
        return _("Why: {cult}'s turn asks a decision of theirs.").format(cult=whose)

    def draw_menu(self, screen: pygame.Surface) -> None:
        L = Layout(*screen.get_size())
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 180))
        screen.blit(shade, (0, 0))
        # a panel of its own: nothing of the table (the prompt bar, a hand-off's words) shows through
        panel = L.r(620, 220, 680, 630)
        pygame.draw.rect(screen, PANEL, panel, border_radius=L.n(16))
        pygame.draw.rect(screen, PANEL_EDGE, panel, L.n(2), border_radius=L.n(16))
        self.scene.hot.clear()  # only the overlay's buttons now
        self.scene.ink.draw(screen, _("Paused"), L.p(960, 300), 72, GOLD, "title", anchor="center")
        for i, (label, key, tip) in enumerate((
                (_("Resume"), ("ui", "resume"), _("Back to the table (Esc)")),
                (self.st.anim.label(), ("ui", "speed"), _("Slow, Normal, Fast or Instant (S)")),
                (_("How to Play"), ("ui", "rules"), _("The rules, at this decision's section (F1)")),
                (_("Settings"), ("ui", "settings"), _("Sound, text size, shapes, speed, the window")),
                (_("Leave to the title"), ("ui", "leave"), _("The game is kept: Continue picks it up")))):
            button(self.scene, screen, L, (760, 380 + i * 80, 400, 64), label, key, tip=tip)
        self.scene.ink.draw(screen, _("Your game is saved after every decision:"), L.p(960, 790), 20, INK_DIM,
                            "italic", anchor="center")
        self.scene.ink.draw(screen, _("Continue on the title screen picks it up."), L.p(960, 818), 20, INK_DIM,
                            "italic", anchor="center")
        self.scene.draw_tip(screen, L)

    def cycle_speed(self) -> None:
        """S, or the speed in the top bar or the pause menu: the next speed, kept in the settings."""
        anim, s = self.st.anim, self.st.session
        anim.cycle()
        self.app.settings["speed"] = s.speed = anim.speed
        self.app.save_settings()
        s.autosave()

    def leave(self) -> None:
        """Back to the title; the game is kept (it was saved after every decision)."""
        s = self.st.session
        s.close()
        path = s.save_path()
        if path is not None and not s.over():
            self.app.notice = (_("Saved: turn {turn}. Continue picks it up where you left it.").format(turn=s.turn)
                               if not s.save_error() else s.save_error())
        self.app.goto("title")

    def export_report(self) -> None:
        """F12: the save, the chronicle on screen, the version and the platform in one
        file in the reports folder; its path is shown."""
        g = self.st.session.game
        if g is None:  # a server keeps an online game's record
            return
        try:
            path = write_report(save_data(g, self.st.session.session_data()),
                                [text for text, _colour in self.telling.log], logs_dir())
        except OSError as e:
            self.st.say(_("The bug report could not be written: {why}").format(why=e.strerror or e), 8)
            return
        self.st.say(_("Bug report written to {path}").format(path=path), 8)

    def rules_section(self) -> str:
        """The How to Play section of the decision being asked (its kind is public)."""
        prompt = self.st.shown.get("prompt")
        found = guide.section_for(prompt["kind"]) if prompt else None
        return found.id if found is not None else "turn"
