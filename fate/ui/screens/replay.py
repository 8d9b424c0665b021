"""Watch Replay: step forward and back through every decision of a saved game,
jump by turn, with the chronicle alongside.

While the game is unfinished the replay shows only what was public (the view
of no seat); once it is over, Reveal All shows each seat's own view in turn
(its hand, Reserve and the Curses it held) and every die."""

from __future__ import annotations

from pathlib import Path

import pygame

from fate.engine import view
from fate.ground.language import _
from fate.records.saves import Replay, read_save
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import CULT_COLOURS, GOLD, PARCHMENT
from fate.ui.kit.widgets import Scene, button, scene
from fate.ui.screens.saved import open_review
from fate.ui.table.anim import finale_kind, finale_seconds
from fate.ui.table.board import Table
from fate.words.narration import narrate


@scene("replay")
class ReplayScene(Scene):
    fps = 30

    def __init__(self, app, replay: Replay, colours: list[int] | None = None, title: str = "") -> None:
        super().__init__(app)
        self.replay = replay
        n = replay.states[0].n
        idx = colours if colours is not None else list(range(n))
        self.colours = [CULT_COLOURS[c][1] for c in idx]
        self.table = Table(app.ink, app.content, self.colours)
        self.title = title
        self.k = 0  # the position shown: before the first decision, then after each
        self.looker: int | None = None  # with Reveal All: whose view is shown
        self._cache: tuple | None = None
        self.path: Path | None = None  # the saved game's file, for its review (of_file)
        self.finale_due = False  # the finale plays over the next picture of the last position

    @classmethod
    def of_file(cls, app, path: Path, at: int = 0) -> ReplayScene:
        """The replay of a saved game, in its cults' colours, at decision ``at``. SaveFormatError
        if it cannot be."""
        data = read_save(Path(path))
        seats = (data.get("session") or {}).get("seats") if isinstance(data.get("session"), dict) else None
        try:
            colours = [int(row["colour"]) % len(CULT_COLOURS) for row in seats] if seats else None
        except (KeyError, TypeError, ValueError):
            colours = None
        replay = Replay(app.content, data, str(path))
        if colours is not None and len(colours) != replay.states[0].n:
            colours = None
        shot = cls(app, replay, colours, Path(path).name)
        shot.path = Path(path)
        if at:
            shot.go(at)
        return shot

    # ---------------------------------------------------------------- what is shown
    def revealed(self) -> bool:
        return self.looker is not None

    def shown(self) -> tuple[dict, list[tuple[str, tuple]]]:
        """The view and the chronicle at position ``k`` for whoever looks."""
        key = (self.k, self.looker)
        if self._cache is None or self._cache[0] != key:
            g = self.replay.states[self.k]
            v = view(g, self.looker)
            log = []
            before = None
            for e in self.replay.events_until(self.k):
                if self.looker is None and e.to is not None:
                    continue
                if self.looker is not None and not e.visible_to(self.looker):
                    continue
                text = narrate(e, v, self.looker, self.app.content, before)
                before = e
                if text:
                    log.append((text, GOLD if e.kind == "turn_started" else PARCHMENT))
            self._cache = (key, v, log)
        return self._cache[1], self._cache[2]

    def go(self, k: int) -> None:
        was, self.k = self.k, max(0, min(len(self.replay) - 1, k))
        self.table.log_scroll = 0
        # stepping onto the end of a finished game: its finale, as it was played
        self.finale_due = self.k != was and self.k == len(self.replay) - 1 and self.replay.over

    # ---------------------------------------------------------------- input
    def click(self, key: tuple) -> None:
        what = key[1] if key[0] == "ui" else None
        r = self.replay
        if what == "first":
            self.go(0)
        elif what == "back":
            self.go(self.k - 1)
        elif what == "forward":
            self.go(self.k + 1)
        elif what == "last":
            self.go(len(r) - 1)
        elif what == "prev_turn":
            self.go(r.previous_turn(self.k))
        elif what == "next_turn":
            self.go(r.next_turn(self.k))
        elif what == "reveal" and r.over:
            self.looker = None if self.revealed() else 0
        elif what == "look" and self.revealed():
            self.looker = key[2]
        elif what == "review" and self.path is not None:
            open_review(self, self.path, self.looker)
        elif what == "leave":
            self.app.goto("load")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.table.log_scroll += event.y * 3
            return
        super().handle(event)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        keys = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "first", pygame.K_END: "last",
                pygame.K_PAGEUP: "prev_turn", pygame.K_UP: "prev_turn", pygame.K_PAGEDOWN: "next_turn",
                pygame.K_DOWN: "next_turn", pygame.K_r: "reveal", pygame.K_ESCAPE: "leave",
                pygame.K_v: "review"}
        if k in keys:
            self.click(("ui", keys[k]))
        elif pygame.K_1 <= k <= pygame.K_4 and self.revealed() and k - pygame.K_1 < len(self.colours):
            self.click(("ui", "look", k - pygame.K_1))

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        self.hot = []
        v, log = self.shown()
        r = self.replay
        speed = (_("Replay: public view") if self.looker is None else
                 _("Replay: as {cult} saw it").format(cult=self.table.cult_name(v, self.looker)))
        status = _("Decision {n} of {total} · turn {turn}").format(n=self.k, total=len(r) - 1, turn=r.turn(self.k))
        self.table.draw(screen, v, None, status=status, speed_label=speed, log=log)
        L = Layout(*screen.get_size())
        controls = [("first", "|<", _("The first decision (Home)")), ("prev_turn", "«", _("The turn before (PgUp, Up)")),
                    ("back", "<", _("One decision back (Left)")), ("forward", ">", _("One decision on (Right)")),
                    ("next_turn", "»", _("The next turn (PgDn, Down)")), ("last", ">|", _("The last decision (End)"))]
        for i, (what, label, tip) in enumerate(controls):
            button(self, screen, L, (876 + i * 46, 778, 42, 50), label, ("ui", what), size=20, tip=tip)
        reveal_tip = (_("Show each cult's own view: its hand, Readied Spells and the Curses it held (R; 1-4 picks "
                        "the cult)") if r.over else
                      _("Reveal All opens once the game is over: until then only what was public"))
        button(self, screen, L, (1154, 778, 104, 50), _("Hide") if self.revealed() else _("Reveal"),
               ("ui", "reveal"), enabled=r.over, selected=self.revealed(), size=18, tip=reveal_tip)
        button(self, screen, L, (1264, 778, 96, 50), _("Review"), ("ui", "review"), size=18,
               enabled=self.path is not None, tip=_("Hard's review of a cult's decisions, judged from what it knew then (V)"))
        button(self, screen, L, (1366, 778, 88, 50), _("Back"), ("ui", "leave"), size=18,
               tip=_("Back to the saved games (Esc)"))
        if self.revealed():
            for s in range(len(self.colours)):
                button(self, screen, L, (470 + s * 66, 712, 58, 46), str(s + 1), ("ui", "look", s), size=20,
                       selected=s == self.looker,
                       tip=_("Show what {cult} could see").format(cult=self.table.cult_name(v, s)))
        self.draw_tip(screen, L)
        if self.finale_due:
            self.finale_due = False
            if finale_kind(v) and finale_seconds(self.app.settings["speed"]) > 0:
                self.app.visit("finale", v, self.table)


scene("replay_of")(ReplayScene.of_file)  # app.goto("replay_of", path[, at]): the replay of a saved game
