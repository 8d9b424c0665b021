"""The Chronicle's panel: the last few lines of the story, each with a small picture of its
kind of event (a move, a draw, a cast, a roll, a summoning, a raid, a Curse...); the older
lines of this turn folded into one line that opens on a click; the whole log one click (or
L) away in a reader (fate/ui/table/whole_log.py). Hovering a line lights what it names.
A part of ``Table``, given the ``Canvas`` it draws on: it draws from the lines the
scene has told, which come as the board shows them (fate/ui/table/anim.py, ``Player``).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from fate.engine.kinds import EventKind as K
from fate.ground.language import _, ngettext, number
from fate.ui.kit.illustration import tinted
from fate.ui.kit.layout import LOG_RECT
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, INVESTIGATOR, PARCHMENT, mix
from fate.ui.table.canvas import Canvas

SHOWN = 6  # lines the panel shows at most (fewer when they do not fit: long lines, large text)
WHOLE_LOG = ("ui", "whole_log")
FOLD = ("ui", "log_fold")

# The kinds of event, each a Game Icons picture (every one is in the data's set, so the
# icons' subset keeps it: tests/ui/table/test_chronicle_panel.py) and a word for its tooltip.
KINDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "move": ("walk", "A move", (K.FATE_MOVED, K.CULTIST_MOVED, K.FATE_PIECE_STAYS, K.NO_MOVE)),
    "draw": ("open-book", "A draw", (K.SPELL_DRAWN, K.SPELL_DRAWN_FACE, K.SPELL_STOLEN,
                                     K.SPELL_STOLEN_FACE, K.SPELL_DECK_RESHUFFLED,
                                     K.SPELL_DISCARDED, K.READIED_DISCARDED)),
    "cast": ("fire-spell-cast", "A Spell", (K.SPELL_CAST, K.SPELL_READIED, K.NOTHING_TO_READY,
                                            K.SQUALL_PLACED, K.SQUALL_STRUCK)),
    "roll": ("perspective-dice-six-faces-random", "A roll", (K.ROLLED, K.DIE_REROLLED, K.DIE_TURNED,
                                                             K.DIE_REMOVED, K.DICE_ADDED)),
    "summon": ("magic-portal", "The Summon track", (K.SUMMON_MOVED, K.DARK_GIFT, K.GOD_CHOSEN)),
    "cultists": ("hooded-figure", "Cultists", (K.CULTIST_PLACED, K.CULTISTS_PLACED, K.RECALLED,
                                               K.CULTISTS_SENT_HOME, K.CULTISTS_LOST)),
    "sacrifice": ("sacrificial-dagger", "A sacrifice", (K.SACRIFICED,)),
    "investigators": ("magnifying-glass", "Investigators", (K.INVESTIGATOR_PLACED,
                                                            K.INVESTIGATORS_PLACED,
                                                            K.INVESTIGATORS_FOLLOWED,
                                                            K.INVESTIGATORS_SENT,
                                                            K.INVESTIGATORS_LEFT,
                                                            K.INVESTIGATORS_CLEARED,
                                                            K.INVESTIGATORS_WAIT, K.SUPPLY_EMPTY)),
    "raid": ("police-badge", "A raid", (K.RAID_DECLARED, K.RAIDED, K.RAID_REPELLED)),
    "curse": ("cursed-star", "A Curse", (K.CURSED, K.CURSE_REVEALED, K.CURSE_DRAWN,
                                         K.CURSE_DESTROYED, K.CURSE_DECK_EMPTY,
                                         K.ELDER_SIGN_CURSE)),
    "sign": ("seven-pointed-star", "Elder Signs", (K.ELDER_SIGN_GAINED, K.ELDER_SIGN_DESTROYED,
                                                   K.EMPTY_LODGE)),
    "control": ("knight-banner", "Control", (K.CONTROL, K.TEMPORARY_CONTROL, K.CONTROL_ACTION,
                                             K.NO_CONTROL, K.TEMPORARY_CONTROL_FAILED)),
    "action": ("stone-tablet", "A Basic Action", (K.BASIC_ACTION, K.COLUMN_DISCARDED)),
    "artifact": ("open-treasure-chest", "An Artifact", (K.ARTIFACT_GAINED, K.ARTIFACT_EXHAUSTED,
                                                        K.ARTIFACT_DESTROYED, K.ARTIFACT_DISCARDED,
                                                        K.ARTIFACT_WRECKED, K.ARTIFACTS_REFRESHED,
                                                        K.ARTIFACTS_REVEALED, K.NO_ARTIFACTS)),
    "gate": ("magic-gate", "A Gate", (K.GATE_GAINED, K.GATE_LOST)),
    "turn": ("hourglass", "A new turn", (K.TURN_STARTED, K.TURN_ENDED, K.GAME_OVER)),
}
OTHER = ("quill", "A note")
KIND_OF = {kind: name for name, (_i, _w, kinds) in KINDS.items() for kind in kinds}


def kind_of(e) -> str:
    """The kind of event a Chronicle entry tells ("" for a note of the table's own)."""
    return KIND_OF.get(e.kind, "") if e is not None else ""


@lru_cache(maxsize=64)
def _icon(name: str, size: int, colour: tuple) -> pygame.Surface:
    return tinted(name, size, colour)


def _turn_start(events: list) -> int:
    """The index of this turn's first entry (its "Turn N" line), 0 if none was told."""
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e is not None and e.kind == "turn_started":
            return i
    return 0


class ChronicleRows:
    """The Chronicle's panel; the lines and their events are the scene's (``Canvas.log_of``),
    the scroll the wheel's (``Canvas.log_scroll``)."""

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self.log_open = False  # the earlier lines of this turn unfolded
        self._log_turn = -1
        self.log_rows: list[tuple[pygame.Rect, int]] = []  # (where a line is drawn, its entry), for hovering

    def title(self, screen) -> None:
        L = self.c.layout
        self.c.ink.draw(screen, _("Chronicle"), L.p(LOG_RECT[0] + 16, LOG_RECT[1] + 22), 24, GOLD, "title",
                      anchor="midleft")

    def _log_button(self, screen) -> None:
        """"Whole log", at the panel's top right (registered after the panel: it is on top)."""
        L, ink = self.c.layout, self.c.ink
        x, y, w, _h = LOG_RECT
        size = ink.read(16)
        word = _("Whole log")
        tw = ink.font("bold", size).size(word)[0]
        box = pygame.Rect(0, 0, tw + L.n(46), max(L.n(30), ink.font("bold", size).get_linesize() + L.n(8)))
        box.midright = L.p(x + w - 12, y + 22)
        pygame.draw.rect(screen, (30, 22, 40), box, border_radius=L.n(8))
        pygame.draw.rect(screen, mix(BRONZE, GOLD, 0.3), box, L.n(1), border_radius=L.n(8))
        pic = _icon("scroll-unfurled", L.n(22), GOLD)
        screen.blit(pic, pic.get_rect(midleft=(box.x + L.n(8), box.centery)))
        ink.draw(screen, word, (box.x + L.n(36), box.centery), size, PARCHMENT, "bold", anchor="midleft")
        self.c.region(box, WHOLE_LOG, _("The whole Chronicle (L)"),
                      _("Every line of the game so far, turn by turn, in a page you can scroll."))

    def draw_log(self, screen, lines: list[tuple[str, tuple]]) -> None:
        """The newest lines at the bottom, each with its kind's picture; above them, the
        earlier lines of this turn in one line that unfolds on a click."""
        L, ink = self.c.layout, self.c.ink
        x, y, w, h = LOG_RECT
        self.c.region(L.r(*LOG_RECT), ("ui", "log"), _("Chronicle"),
                      _("The last few lines of the story, told as the board shows them; the wheel goes back. The "
                        "whole log: L."))
        inner = L.r(x + 14, y + 46, w - 24, h - 54)
        events = list(self.c.log_of)[:len(lines)]
        events += [None] * (len(lines) - len(events))
        start = _turn_start(events)
        if start != self._log_turn:  # a new turn folds the last one's lines away again
            self._log_turn, self.log_open = start, False
        self.c.log_scroll = max(0, min(self.c.log_scroll, len(lines) - 1))
        end = len(lines) - self.c.log_scroll
        size = ink.read(20)
        step = ink.font("body", size).get_linesize()
        pic = max(L.n(18), min(L.n(30), step))
        text_x = inner.x + pic + L.n(10)
        room = inner.right - text_x
        fold_h = step + L.n(8)
        limit = end if self.log_open else SHOWN
        rows: list[tuple[int, list[str]]] = []
        used = 0
        for k in range(end - 1, -1, -1):
            if len(rows) >= limit or (self.log_open and k < start):
                break
            wrapped = ink.wrap(lines[k][0], size, room)
            need = len(wrapped) * step + L.n(6)
            if rows and used + need > inner.h - fold_h - L.n(4):
                break
            rows.insert(0, (k, wrapped))
            used += need
        first = rows[0][0] if rows else end
        earlier = max(0, first - start)  # this turn's lines above the shown ones
        self.log_rows = []  # (where a line is drawn, the index of its entry), for hovering a line
        top = inner.y  # under the title, the newest line last
        if earlier or self.log_open:
            self._fold_row(screen, pygame.Rect(inner.x, top, inner.w, fold_h), earlier)
            top += fold_h + L.n(4)
        for k, wrapped in rows:
            text, col = lines[k]
            e = events[k]
            tint = self._line_tint(e, col)
            icon = KINDS.get(kind_of(e), (OTHER[0],))[0]
            img = _icon(icon, pic, tint)
            screen.blit(img, img.get_rect(midtop=(inner.x + pic // 2, top + max(0, (step - pic) // 2))))
            for i, ln in enumerate(wrapped):
                ink.draw(screen, ln, (text_x, top + i * step), size, col)
            rect = pygame.Rect(inner.x, top, inner.w, len(wrapped) * step)
            self.log_rows.append((rect, k))
            top += len(wrapped) * step + L.n(6)
        if not lines:
            ink.draw(screen, _("Nothing has happened yet."), (inner.x, inner.y), size, INK_DIM, "italic")
        self._log_button(screen)

    def _fold_row(self, screen, rect: pygame.Rect, earlier: int) -> None:
        L, ink = self.c.layout, self.c.ink
        if self.log_open:
            word, tip = "▾ " + _("Fold the earlier lines of this turn"), _("Back to the last few lines (Shift+L).")
        else:
            word = "▸ " + ngettext("Earlier this turn: {n} more line", "Earlier this turn: {n} more lines",
                                   earlier).format(n=number(earlier))
            tip = _("Unfold them here (Shift+L; the whole game's log: L).")
        pygame.draw.line(screen, mix(BRONZE, INK_DIM, 0.5), rect.bottomleft, rect.bottomright, L.n(1))
        size = ink.fitting(word, 16, rect.w, "italic")
        ink.draw(screen, word, (rect.x, rect.centery), size, INK_DIM, "italic", anchor="midleft")
        self.c.region(rect, FOLD, word.lstrip("▸▾ "), tip)

    def _line_tint(self, e, col: tuple) -> tuple:
        """A line's picture in its cult's colour (the Investigators' blue), else its text's."""
        seat = e.data.get("seat") if e is not None else None
        if seat == -1:
            return INVESTIGATOR
        if isinstance(seat, int) and 0 <= seat < len(self.c.colours):
            return self.c.colour(seat)
        return mix(col, GOLD, 0.4)

    def toggle_fold(self) -> None:
        self.log_open = not self.log_open
        self.c.log_scroll = 0

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        """The Chronicle entry whose line is under ``pos`` (None if none)."""
        for rect, k in self.log_rows:
            if rect.collidepoint(pos):
                return k
        return None

    def mark_named(self, screen, row: int, anchors: tuple) -> None:
        """A hovered Chronicle line: its line lit, and rings on the pieces and places it names."""
        L = self.c.layout
        for rect, k in self.log_rows:
            if k == row:
                pygame.draw.rect(screen, (120, 230, 255), rect.inflate(L.n(6), 0), L.n(1), border_radius=L.n(4))
        for key in anchors:
            at = self.c.anchors.get(key)
            if at is not None:
                pygame.draw.circle(screen, (120, 230, 255), at, L.n(34), L.n(4))


def entry_kinds() -> set[str]:
    """Every event kind the panel has a picture for."""
    return set(KIND_OF)


def icons() -> set[str]:
    return {icon for icon, _w, _k in KINDS.values()} | {OTHER[0], "scroll-unfurled"}
