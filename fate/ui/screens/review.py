"""Review: Hard's judgement of one seat's decisions in a saved game (issue 45).

A graph of the seat's chance to win over the game (click a point to go to that
decision), the list of the marked decisions, and at each one the board as the
seat saw it (Hard's choice ringed in the Hint's colour, the choice taken in its
mark's), after the choice it took, or after Hard's choice (played on one deal
of what the seat knew: the dice and the unseen cards are made up), with both
choices in words. The review is worked out in the AI worker beside the
game (fate/ui/worker.py: progress, time left, Cancel) and kept beside the save,
so it opens at once the second time (fate/records/reviews.py). Keyboard: Left/Right the
decision before or after, Up/Down the marked one before or after, B the board,
1-4 another seat once the game is over, Esc back. The board and the marks' words and
colours are fate/ui/screens/review_board.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from fate.ai.critic import MARKS, replay_seats, start_of
from fate.engine import view
from fate.engine.errors import SaveFormatError
from fate.ground.language import _, duration, ngettext, number, percent
from fate.records.reviews import check_review, default_seat, kept_review, may_review
from fate.records.saves import read_save
from fate.ui import worker as aiworker
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import (
    BLOOD,
    BRONZE,
    CULT_COLOURS,
    GOLD,
    HINT,
    INK_DIM,
    INK_FAINT,
    PANEL,
    PARCHMENT,
)
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene
from fate.ui.screens.review_board import (
    BOARDS,
    MARK_COLOURS,
    MARK_TIPS,
    MARK_WORDS,
    ReviewBoard,
    Shown,
    mark_count,
)
from fate.words.judged import Judged, Words
from fate.words.naming import seat_label

BOARD = (30, 112, 1150, 647)
GRAPH = (1210, 112, 680, 290)
LIST_Y, ROW_H, ROWS = 470, 46, 10


def seat_colours(data: dict[str, Any], n: int) -> list[tuple[int, int, int]]:
    """Each seat's colour as the game was played (kept with the save), else the first ``n``."""
    session = data.get("session")
    rows = session.get("seats") if isinstance(session, dict) else None
    try:
        colours = [CULT_COLOURS[int(r["colour"]) % len(CULT_COLOURS)][1] for r in rows or ()]
    except (KeyError, TypeError, ValueError):
        colours = []
    return colours if len(colours) == n else [CULT_COLOURS[i][1] for i in range(n)]


@scene("review")
class ReviewScene(Scene):
    fps = 30

    def __init__(self, app, path: Path, seat: int | None = None, back: str = "load") -> None:
        """SaveFormatError (one line) if the save cannot be replayed."""
        super().__init__(app)
        self.path = Path(path)
        self.back = back
        self.data = read_save(self.path)
        self.start, self.choices = start_of(app.content, self.data, self.path.name)
        end, self.seats = replay_seats(self.start, self.choices, self.path.name)
        self.over = end.over
        self.n = end.n
        last = view(end, None)
        self.names = [seat_label(last, s, None) for s in range(end.n)]  # in the window's language
        self.colours = seat_colours(self.data, self.n)
        self.boards = ReviewBoard(app.ink, app.content, self.data, self.path.name, self.colours)
        self.table = self.boards.table
        self.worker = aiworker.shared_reviews()
        self.seat = default_seat(self.data) if seat is None else seat
        self.budget = app.settings.get("review_budget", "quick")
        self.notice = ""
        self.clock = 0.0  # for the rings' pulse
        self.open_seat(self.seat)

    # ---------------------------------------------------------------- the review
    def open_seat(self, seat: int) -> None:
        """Show ``seat``'s kept review, or start working it out (or say why it may not be)."""
        self.seat = seat
        self.judged = Judged(self.start, self.choices, self.app.content, seat)
        self.review: dict | None = None
        self.at = 0  # the judged decision shown (index into review["decisions"])
        self.first = 0  # the first row of the list shown
        self.all_rows = False  # the list: marked decisions only, or every judged one
        self.board = "stood"  # the way the decision is shown (a name of BOARDS)
        self.large = False
        self.boards.forget()
        self.running = False
        self.why_not = may_review(self.data, seat, self.over)
        if self.why_not:
            return
        kept, problem = kept_review(self.path, self.data, seat, self.budget)
        self.notice = problem
        if kept is not None:
            self.review = kept
            return
        self.run()

    def run(self) -> None:
        asked = self.worker.asking()
        same = (asked is not None and asked.what == "review" and asked.seat == self.seat
                and asked.level == self.budget and asked.data.get("path") == str(self.path))
        if not same:  # (one already under way for this seat and budget goes on: it was left running)
            self.worker.ask("review", self.path.name, self.seat, self.budget, 0, {"path": str(self.path)})
        self.running = True

    def cancel(self) -> None:
        self.worker.stop()
        self.running = False
        self.notice = _("Review cancelled: nothing of it was kept.")

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.running:
            return
        reply = self.worker.poll()
        if reply is None:
            if self.worker.asking() is None:  # superseded elsewhere
                self.running = False
            return
        self.running = False
        if reply.review is not None:
            try:
                self.review = check_review(reply.review, "the review")
            except SaveFormatError as e:
                self.notice = str(e)
                return
            if reply.error:
                self.notice = _("The review is shown but was {why}.").format(why=reply.error)
        else:
            self.notice = (_("The review could not be made: {why}").format(why=reply.error) if reply.error else
                           _("The review could not be made: the worker stopped"))

    def close(self) -> None:
        pass  # a review under way goes on in the worker and is kept beside the save when done

    # ---------------------------------------------------------------- what is shown
    def decisions(self) -> list[dict]:
        return self.review["decisions"] if self.review else []

    def marked(self) -> list[int]:
        """The indices of the decisions the list shows."""
        rows = self.decisions()
        if self.all_rows:
            return list(range(len(rows)))
        return [i for i, d in enumerate(rows) if d["mark"] not in ("best", "good")]

    def current(self) -> dict | None:
        rows = self.decisions()
        return rows[self.at] if 0 <= self.at < len(rows) else None

    def shown_view(self) -> Shown | None:
        """The view drawn on the board for the current decision and way of showing it, its status
        line, and the Chronicle as the seat read it then."""
        d = self.current()
        return None if d is None else self.boards.shown(self.seat, self.at, d, self.board)

    def go(self, i: int) -> None:
        rows = self.decisions()
        if rows:
            self.at = max(0, min(len(rows) - 1, i))
            order = self.marked()
            if self.at in order:
                pos = order.index(self.at)
                if not self.first <= pos < self.first + ROWS:
                    self.first = max(0, min(pos - ROWS // 2, len(order) - ROWS))

    def step_marked(self, step: int) -> None:
        order = [i for i, d in enumerate(self.decisions()) if d["mark"] not in ("best", "good")]
        later = [i for i in order if (i > self.at if step > 0 else i < self.at)]
        if later:
            self.go(later[0] if step > 0 else later[-1])

    # ---------------------------------------------------------------- input
    def click(self, key: tuple) -> None:
        what = key[0]
        if what == "ui" and len(key) > 1 and key[1] == "disabled":
            return
        if what == "go":
            self.go(key[1])
        elif what == "board":
            self.board = key[1]
        elif what == "large":
            self.large = not self.large
        elif what == "seat" and (self.over or not may_review(self.data, key[1], self.over)):
            self.open_seat(key[1])
        elif what == "rows":
            self.all_rows = not self.all_rows
            self.first = 0
        elif what == "scroll":
            self.first = max(0, min(self.first + key[1] * ROWS, max(0, len(self.marked()) - ROWS)))
        elif what == "cancel":
            self.cancel()
        elif what == "again":
            self.run()
        elif what == "thorough":
            self.budget = "thorough"
            self.open_seat(self.seat)
        elif what == "replay":
            d = self.current()
            self.app.goto("replay_of", self.path, d["decision"] if d is not None else 0)
        elif what == "leave":
            self.app.goto(self.back if self.back in ("load", "title") else "load")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.review:
            self.click(("scroll", -1 if event.y > 0 else 1))
            return
        if (self.large and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and not any(h.rect.collidepoint(event.pos) for h in self.hot if h.key[0] != "large")):
            self.large = False
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.large:
                self.large = False
            else:
                self.click(("leave",))
        elif k == pygame.K_LEFT:
            self.go(self.at - 1)
        elif k == pygame.K_RIGHT:
            self.go(self.at + 1)
        elif k == pygame.K_UP:
            self.step_marked(-1)
        elif k == pygame.K_DOWN:
            self.step_marked(1)
        elif k == pygame.K_HOME:
            self.go(0)
        elif k == pygame.K_END:
            self.go(len(self.decisions()) - 1)
        elif k == pygame.K_b:
            names = [b[0] for b in BOARDS]
            self.board = names[(names.index(self.board) + 1) % len(names)]
        elif k == pygame.K_f:
            self.large = not self.large
        elif k == pygame.K_c and self.running:
            self.cancel()
        elif pygame.K_1 <= k <= pygame.K_4 and k - pygame.K_1 < self.n:
            self.click(("seat", k - pygame.K_1))

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        self.hot = []
        L = backdrop(self, screen)
        if self.large and self.review:
            self.draw_board(screen, L, pygame.Rect((0, 0), screen.get_size()))
            button(self, screen, L, (1700, 14, 200, 50), _("Close (Esc)"), ("large",), size=20,
                   tip=_("Back to the review (F, Esc or a click)"))
            self.draw_tip(screen, L)
            return
        ink = self.ink
        name = self.seat_name()
        head = _("Review · {name}").format(name=name)
        if self.review and self.review["accuracy"] is not None:
            head = _("Review · {name} · accuracy {percent}").format(name=name,
                                                                   percent=percent(round(self.review["accuracy"])))
        ink.draw(screen, head, L.p(40, 24), 44, GOLD, "title", shadow=True, max_w=L.n(1280))
        self.draw_seats(screen, L)
        if self.review is None:
            self.draw_waiting(screen, L)
        else:
            self.draw_counts(screen, L, self.review)
            self.draw_board(screen, L, L.r(*BOARD))
            self.draw_detail(screen, L)
            self.draw_graph(screen, L)
            self.draw_list(screen, L)
        if self.notice:
            ink.draw(screen, self.notice, L.p(1210, 1046), 17, BLOOD, "italic", max_w=L.n(690))
        button(self, screen, L, (1740, 992, 150, 50), _("Back"), ("leave",), size=22, tip=_("Back (Esc)"))
        self.draw_tip(screen, L)

    def seat_name(self) -> str:
        n = self.names[self.seat]
        return n[:1].upper() + n[1:]

    def words_of(self, d: dict[str, Any]) -> Words:
        """Decision ``d``'s question, choices and line in the language spoken now."""
        return self.judged.words(d, {r["decision"] for r in self.decisions()})

    def draw_seats(self, screen, L) -> None:
        self.ink.draw(screen, _("Seat"), L.p(1490, 54), 20, INK_DIM, "italic", anchor="midright")
        for s in range(self.n):
            why = may_review(self.data, s, self.over)
            button(self, screen, L, (1500 + s * 60, 30, 52, 48), str(s + 1), ("seat", s), selected=s == self.seat,
                   enabled=not why, size=20,
                   tip=_("Review the decisions of {name} ({n})").format(name=self.names[s], n=s + 1) if not why
                   else _("Not seat {n}: {why}").format(n=s + 1, why=why))

    def draw_waiting(self, screen, L) -> None:
        ink = self.ink
        box = L.r(460, 330, 1000, 330)
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(12))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(12))
        if self.why_not:
            ink.para(screen, _("No review: {why}.").format(why=self.why_not), L.r(500, 380, 920, 200), 26, PARCHMENT)
            return
        if not self.running:
            ink.para(screen, _("Hard can judge each decision of this seat from what it knew then: about a fifth of "
                               "a second a decision (quick) or a second (thorough)."), L.r(500, 370, 920, 120), 24,
                     PARCHMENT)
            button(self, screen, L, (760, 560, 400, 64),
                   _("Review (thorough)") if self.budget == "thorough" else _("Review (quick)"), ("again",), size=26,
                   tip=_("Start the review; it goes on in the background if you leave, and is kept with the game"))
            return
        done, total, secs = (self.worker.progress + (0, 0, 0.0))[:3] if self.worker.progress else (0, 0, 0.0)
        ink.draw(screen, _("Hard is weighing each decision of {name} from what it knew then…").format(
                     name=self.seat_name()),
                 L.p(960, 380), 26, PARCHMENT, "italic", anchor="center", max_w=L.n(940))
        bar = L.r(520, 440, 880, 36)
        pygame.draw.rect(screen, (20, 15, 28), bar, border_radius=L.n(8))
        if total:
            fill = bar.copy()
            fill.w = max(1, round(bar.w * done / total))
            pygame.draw.rect(screen, GOLD, fill, border_radius=L.n(8))
        pygame.draw.rect(screen, BRONZE, bar, L.n(2), border_radius=L.n(8))
        if total and done:
            left = secs / done * (total - done)
            words = _("{done} of {total} decisions · about {time} left").format(
                done=number(done), total=number(total), time=duration(round(left / 60) * 60 if left >= 90 else left))
        else:
            words = _("starting…")
        ink.draw(screen, words, L.p(960, 500), 22, INK_DIM, anchor="center")
        button(self, screen, L, (810, 570, 300, 64), _("Cancel"), ("cancel",), size=26,
               tip=_("Stop the review (C): nothing of it is kept"))

    def draw_counts(self, screen: pygame.Surface, L: Layout, r: dict[str, Any]) -> None:
        x = 40.0  # design pixels: each count follows the last one drawn
        for m in MARKS:
            k = r["marks"].get(m, 0)
            rect = self.ink.draw(screen, mark_count(m, k), L.p(x, 80), 20, MARK_COLOURS[m], "bold")
            self.hot.append(Hotspot(rect, ("ui", "info", m), _(MARK_WORDS[m]), _(MARK_TIPS[m])))
            x += rect.w / L.s + 26
        skipped = sum(r["skipped"].values())
        more = (ngettext("thorough review · {n} decision with nothing to choose skipped",
                         "thorough review · {n} decisions with nothing to choose skipped", skipped)
                if r["budget"] == "thorough" else
                ngettext("quick review · {n} decision with nothing to choose skipped",
                         "quick review · {n} decisions with nothing to choose skipped", skipped)).format(n=skipped)
        self.ink.draw(screen, more, L.p(x + 10, 82), 17, INK_FAINT, "italic")

    def draw_board(self, screen: pygame.Surface, L: Layout, rect: pygame.Rect) -> None:
        d = self.current()
        if d is None:
            return
        self.boards.draw(screen, L, rect, self.boards.shown(self.seat, self.at, d, self.board), d, self.board,
                         self.clock)
        pygame.draw.rect(screen, BRONZE, rect, L.n(2))
        if self.large:
            return
        self.hot.append(Hotspot(rect, ("large",), _("The board"), _("Show it large (F); Esc or a click puts it back")))
        for i, (way, label, tip) in enumerate(BOARDS):
            button(self, screen, L, (30 + i * 238, 770, 228, 48), _(label), ("board", way), selected=self.board == way,
                   size=19, tip=_("{what} (B)").format(what=_(tip)))
        button(self, screen, L, (754, 770, 200, 48), _("Show large"), ("large",), size=19,
               tip=_("The board over the whole screen (F)"))
        button(self, screen, L, (964, 770, 216, 48), _("Replay here"), ("replay",), size=19,
               tip=_("Open the replay at this decision"))

    def draw_detail(self, screen, L) -> None:
        d = self.current()
        if d is None:
            self.ink.para(screen, _("No decision of this seat had more than one choice worth telling apart."),
                          L.r(40, 840, 1130, 80), 22, PARCHMENT)
            return
        ink = self.ink
        box = L.r(30, 830, 1150, 228)
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))
        pygame.draw.rect(screen, MARK_COLOURS[d["mark"]], box, L.n(2), border_radius=L.n(10))
        rect = ink.draw(screen, _(MARK_WORDS[d["mark"]]), L.p(50, 842), 28, MARK_COLOURS[d["mark"]], "bold")
        self.hot.append(Hotspot(rect, ("ui", "info", d["mark"]), _(MARK_WORDS[d["mark"]]), _(MARK_TIPS[d["mark"]])))
        w = self.words_of(d)
        ink.draw(screen, _("Turn {turn} · decision {n} · {prompt}").format(turn=d["turn"], n=d["decision"],
                                                                           prompt=w.question), (rect.right + L.n(18),
                 L.p(0, 848)[1]), 20, INK_DIM, "italic", max_w=L.n(1150 - 40) - (rect.right - box.x) - L.n(18))
        ink.draw(screen, _("Chosen: {choice}  ·  about {percent}").format(
                     choice=w.taken, percent=percent(round(100 * d["taken_win"]))), L.p(50, 888), 22,
                 PARCHMENT if d["mark"] in ("best", "good") else MARK_COLOURS[d["mark"]], "bold", max_w=L.n(1110))
        if d["best"] != d["taken"]:
            ink.draw(screen, _("Hard's choice: {choice}  ·  about {percent}").format(
                         choice=w.best, percent=percent(round(100 * d["best_win"]))),
                     L.p(50, 922), 22, HINT, "bold", max_w=L.n(1110))
        used = ink.para(screen, w.note, L.r(50, 960, 1110, 60), 20, PARCHMENT, max_lines=2)
        why = _(MARK_TIPS[d["mark"]])
        if d["iterations"]:
            why = _("{meaning} Hard's search: {n} iterations from what the seat knew; the choice taken was tried "
                    "{taken} times, Hard's {best}.").format(meaning=why, n=number(d["iterations"]),
                                                            taken=number(d["taken_visits"]),
                                                            best=number(d["best_visits"]))
        ink.para(screen, why, pygame.Rect(L.p(50, 0)[0], L.p(0, 966)[1] + used, L.n(1110), L.n(60)), 17, INK_DIM,
                 "italic", max_lines=2)

    def draw_graph(self, screen, L) -> None:
        ink = self.ink
        rows = self.decisions()
        box = L.r(*GRAPH)
        pygame.draw.rect(screen, (20, 15, 28), box, border_radius=L.n(10))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(10))
        ink.draw(screen, _("Chance to win after each decision"), (box.x + L.n(14), box.y + L.n(8)), 20, GOLD, "title")
        plot = box.inflate(-L.n(70), -L.n(70)).move(L.n(16), L.n(16))
        for pct in (0, 25, 50, 75, 100):
            y = plot.bottom - plot.h * pct / 100
            pygame.draw.line(screen, (44, 36, 54), (plot.x, y), (plot.right, y), 1)
            ink.draw(screen, percent(pct), (plot.x - L.n(6), y), 14, INK_FAINT, anchor="midright")
        if not rows:
            return
        step = plot.w / max(1, len(rows) - 1)
        pts = [(plot.x + step * i, plot.bottom - plot.h * d["taken_win"]) for i, d in enumerate(rows)]
        best = [(plot.x + step * i, plot.bottom - plot.h * d["best_win"]) for i, d in enumerate(rows)]
        if len(pts) >= 2:
            pygame.draw.lines(screen, INK_FAINT, False, best, 1)
            pygame.draw.lines(screen, self.colours[self.seat], False, pts, L.n(3))
        for i, (d, p) in enumerate(zip(rows, pts, strict=True)):
            if d["mark"] in ("inaccuracy", "mistake", "blunder") or i == self.at:
                pygame.draw.circle(screen, MARK_COLOURS[d["mark"]], (int(p[0]), int(p[1])),
                                   L.n(9 if i == self.at else 6))
            if i == self.at:
                pygame.draw.line(screen, GOLD, (p[0], plot.y), (p[0], plot.bottom), 1)
            hit = pygame.Rect(0, 0, max(L.n(6), int(step) + 1), plot.h + L.n(20))
            hit.center = (int(p[0]), plot.centery)
            self.hot.append(Hotspot(hit, ("go", i), _("Turn {turn}: {mark}").format(turn=d["turn"],
                                                                                   mark=_(MARK_WORDS[d["mark"]])),
                                    self.words_of(d).note))
        ink.draw(screen, _("faint: with Hard's choice"), (plot.right, box.bottom - L.n(8)), 14, INK_FAINT, "italic",
                 anchor="bottomright")

    def draw_list(self, screen, L) -> None:
        ink = self.ink
        order = self.marked()
        title = (_("Every judged decision ({n})") if self.all_rows else _("Marked decisions ({n})")).format(
            n=number(len(order)))
        ink.draw(screen, title, L.p(1210, 420), 24, GOLD, "title")
        button(self, screen, L, (1700, 414, 190, 42), _("Marked only") if self.all_rows else _("Show all"), ("rows",),
               size=18, tip=_("List every judged decision, or only the inaccuracies, mistakes, blunders and unclear "
                              "ones"))
        if not order:
            ink.para(screen, _("Nothing marked: every judged choice was Hard's or as good as it."),
                     L.r(1210, LIST_Y + 10, 680, 80), 20, PARCHMENT)
        rows = self.decisions()
        for j, i in enumerate(order[self.first:self.first + ROWS]):
            d = rows[i]
            r = L.r(1210, LIST_Y + j * ROW_H, 620, ROW_H - 6)
            hover = self.app.mouse is not None and r.collidepoint(self.app.mouse)
            pygame.draw.rect(screen, (64, 48, 34) if i == self.at else (44, 34, 48) if hover else PANEL, r,
                             border_radius=L.n(6))
            pygame.draw.rect(screen, MARK_COLOURS[d["mark"]], r, L.n(2) if i == self.at else 1, border_radius=L.n(6))
            ink.draw(screen, _("T{turn}").format(turn=d["turn"]), (r.x + L.n(10), r.centery), 17, INK_DIM,
                     anchor="midleft")
            ink.draw(screen, _(MARK_WORDS[d["mark"]]), (r.x + L.n(62), r.centery), 17, MARK_COLOURS[d["mark"]], "bold",
                     anchor="midleft")
            ink.draw(screen, self.words_of(d).taken, (r.x + L.n(180), r.centery), 17, PARCHMENT, anchor="midleft",
                     max_w=r.w - L.n(190))
            self.hot.append(Hotspot(r, ("go", i), _("Turn {turn}, decision {n}").format(turn=d["turn"], n=d["decision"]),
                                    self.words_of(d).note))
        if self.first > 0:
            button(self, screen, L, (1840, LIST_Y, 50, 50), "▲", ("scroll", -1), size=20, tip=_("Earlier (wheel)"))
        if self.first + ROWS < len(order):
            button(self, screen, L, (1840, LIST_Y + ROW_H * (ROWS - 1) - 6, 50, 50), "▼", ("scroll", 1), size=20,
                   tip=_("Later (wheel)"))
        if self.review and self.review["budget"] == "quick":
            button(self, screen, L, (1210, 992, 300, 50), _("Review thoroughly"), ("thorough",), size=20,
                   tip=_("Work it out again with five times the search: fewer unclear marks (about a second a "
                         "decision)"))
        # the keys themselves, the same in every language (their meaning in the tooltip)
        rect = ink.draw(screen, "←/→  ↑/↓  B  F  1-4", L.p(1524, 1017), 16, INK_FAINT, "italic", anchor="midleft",
                        max_w=L.n(205))
        self.hot.append(Hotspot(rect, ("ui", "keys"), _("Keys"),
                                _("Left/Right: the decision before or after. Up/Down: the marked one before or after. "
                                  "B: the board as it stood, after the choice, after Hard's. F: the board large. "
                                  "1-4: another seat's review once the game is over. Esc: back.")))

