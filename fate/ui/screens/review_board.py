"""The board of a reviewed decision (the review screen: fate/ui/screens/review.py), and the
marks' words and colours as the review draws them.

The board shows one decision of the reviewed seat three ways: as the seat saw it before
deciding (Hard's choice ringed in the Hint's colour, the choice taken in its mark's), after
the choice it took, or after Hard's choice played on one made-up deal of what the seat knew
(the dice and the unseen cards are not the real ones). Each comes with its status line and
the Chronicle as the seat had read it by then. The game is replayed once, when a board is
first asked for; the view last shown and the small board's picture are kept until the
decision or the way of showing it changes.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from fate.ai.critic import SEED_STEP
from fate.ai.evaluate import after
from fate.content.model import Content
from fate.engine import view
from fate.engine.determinize import determinize
from fate.engine.errors import IllegalChoice
from fate.ground.language import N_, _, ngettext
from fate.records.saves import Replay
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BLOOD, GOLD, HINT, INK_DIM, PARCHMENT, SIGN_GREEN, Ink
from fate.ui.table.board import Table
from fate.ui.table.picker import Picker
from fate.words import asking
from fate.words.narration import narrate

MARK_COLOURS = {"best": HINT, "good": SIGN_GREEN, "inaccuracy": (226, 196, 90), "mistake": (232, 140, 60),
                "blunder": BLOOD, "unclear": INK_DIM}
# a judged decision's mark, its words and what it means (translated where drawn)
MARK_WORDS = {"best": N_("Best"), "good": N_("Good"), "inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"),
              "blunder": N_("Blunder"), "unclear": N_("Unclear")}
MARK_TIPS = {
    "best": N_("The choice Hard rates highest from what the seat knew then."),
    "good": N_("Not Hard's choice, but as good as it, or near enough (less than an inaccuracy's drop)."),
    "inaccuracy": N_("The chance to win dropped a little (5 points with two cults, less with more)."),
    "mistake": N_("The chance to win dropped clearly (10 points with two cults, less with more)."),
    "blunder": N_("The chance to win dropped a lot (20 points with two cults, less with more), or the choice lost "
                  "the game on the spot."),
    "unclear": N_("The drop would be a mark, but Hard is not sure of it: the gap is within its search's noise."),
}


def mark_count(mark: str, n: int) -> str:
    """How many decisions took a mark, as the review's head counts them ("3 mistakes")."""
    if mark == "best":
        return ngettext("{n} best", "{n} best", n).format(n=n)
    if mark == "good":
        return ngettext("{n} good", "{n} good", n).format(n=n)
    if mark == "inaccuracy":
        return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)
    if mark == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    if mark == "blunder":
        return ngettext("{n} blunder", "{n} blunders", n).format(n=n)
    return ngettext("{n} unclear", "{n} unclear", n).format(n=n)


# the ways of showing a decision: (name, button label, tooltip), translated where drawn
BOARDS = (("stood", N_("As it stood"), N_("The board as the seat saw it before deciding")),
          ("taken", N_("After the choice"), N_("The board as the seat saw it after the choice it took")),
          ("best", N_("After Hard's"), N_("The board after Hard's choice, on one made-up deal of what the seat knew "
                                          "(the dice and the unseen cards are not the real ones)")))
FULL = (1920, 1080)  # the size the small board is drawn at before it is made smaller


class Shown(NamedTuple):
    """A decision's board as shown: the view drawn, its status line, the Chronicle's lines."""

    view: dict[str, Any]
    status: str
    log: list[tuple[str, tuple[int, int, int]]]


class ReviewBoard:
    """The table drawn for the decisions of one reviewed game (``data``, a save read whole)."""

    def __init__(self, ink: Ink, content: Content, data: dict[str, Any], name: str,
                 colours: list[tuple[int, int, int]]) -> None:
        self.ink = ink
        self.content = content
        self.data = data
        self.name = name  # the save's file name, for the one line of a save that will not replay
        self.table = Table(ink, content, colours)
        self.replay: Replay | None = None  # built when a board is first shown
        self._picker = Picker({})
        self._asked: dict[str, Any] | None = None  # the prompt the picker was made for
        self.forget()

    def forget(self) -> None:
        """Draw afresh next time (another seat's review was opened)."""
        self._key: tuple[int, int, str] | None = None
        self._shown: Shown | None = None
        self._mini_key: tuple[Any, ...] | None = None  # the small board as last drawn
        self._mini: pygame.Surface | None = None

    def shown(self, seat: int, at: int, d: dict[str, Any], mode: str) -> Shown:
        """The board of judged decision ``d`` (number ``at`` of the review) as ``seat`` saw it,
        shown the ``mode`` way (a name of BOARDS)."""
        key = (seat, at, mode)
        if self._key == key and self._shown is not None:
            return self._shown
        if self.replay is None:
            self.replay = Replay(self.content, self.data, self.name)
        k = d["decision"]
        g = self.replay.states[k]
        if mode == "taken":
            v, status = view(self.replay.states[k + 1], seat), _("After the choice taken")
        elif mode == "best":
            seed = k * SEED_STEP + seat
            p = g.pending()
            choice = next((c for c in p.choices if c.id == d["best"]), None) if p is not None else None
            try:
                imagined = after(determinize(g, seat, seed), seed, choice) if choice else g
            except IllegalChoice:
                imagined = g
            v, status = view(imagined, seat), _("After Hard's choice, on one made-up deal")
        else:
            v, status = view(g, seat), _("As it stood")
        log: list[tuple[str, tuple[int, int, int]]] = []
        before = None
        for e in self.replay.events_until(k + (mode == "taken")):
            if e.visible_to(seat):
                text = narrate(e, v, seat, self.content, before)
                before = e
                if text:
                    log.append((text, GOLD if e.kind == "turn_started" else PARCHMENT))
        self._shown = Shown(v, _("{how} · decision {n} · turn {turn}").format(how=status, n=k, turn=d["turn"]), log)
        self._key = key
        return self._shown

    def draw(self, screen: pygame.Surface, L: Layout, rect: pygame.Rect, shown: Shown, d: dict[str, Any],
             mode: str, clock: float) -> None:
        """The board into ``rect``: smaller than the whole table, it is the whole table drawn at
        its own size and made smaller, so that no name is cut or crowded (a table drawn into
        770 pixels set its text at the smallest size any text has and overflowed its places)."""
        if rect.w < FULL[0]:
            key = (self._key, rect.size, self.ink.reading)
            if self._mini is None or self._mini_key != key:
                full = pygame.Surface(FULL)
                self.paint(full, Layout(*FULL), full.get_rect(), shown, d, mode, clock)
                self._mini, self._mini_key = pygame.transform.smoothscale(full, rect.size), key
            screen.blit(self._mini, rect)
        else:
            self.paint(screen, L, rect, shown, d, mode, clock)
        self.ink.set_scale(L.s)

    def paint(self, screen: pygame.Surface, L: Layout, rect: pygame.Rect, shown: Shown, d: dict[str, Any],
              mode: str, clock: float) -> None:
        """The table as the review shows it, into ``rect``: Hard's choice ringed, the choice taken
        in its mark's colour."""
        v, status, log = shown
        sub = screen.subsurface(rect)
        prompt = v.get("prompt") or {}
        picker = self._picker if mode == "stood" and prompt.get("choices") else None
        if picker is not None and self._asked is not prompt:  # its words in the language spoken now
            picker = self._picker = Picker(asking.worded(prompt, self.table.content, v))
            self._asked = prompt
        self.table.draw(sub, v, picker, status=status, speed_label=_("Review"), log=log, t=clock)
        if picker is None:
            return
        best = picker.next_target(d["best"])  # what Hard would click, ringed
        if best is not None:
            self.table.hint_ring(sub, best)
        taken = picker.next_target(d["taken"])  # the choice taken, in its mark's colour
        if taken is not None and d["taken"] != d["best"]:
            spots = [r.rect for r in self.table.regions if r.key == taken]
            if spots:
                ring = max(spots, key=lambda r: r.w * r.h).inflate(L.n(8), L.n(8))
                pygame.draw.rect(sub, MARK_COLOURS[d["mark"]], ring, max(2, L.n(4)), border_radius=L.n(12))
