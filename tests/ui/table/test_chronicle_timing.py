"""The story is told when the board shows it (issue 50): at Normal speed, frame by frame
through the real table scene, no Chronicle line and no sentence of the coach appears
before the frame whose drawing shows its result: the Fate Piece landed where the line
says, the drawn card in the hand, the dice on their faces, the card or the news shown,
and for everything else the board caught up with the game."""

from __future__ import annotations

import time

from fate.engine.constants import LOCATIONS
from fate.tools.scenario import build
from fate.ui.app import App
from fate.ui.screens.tutorial import TutorialScene
from fate.ui.session import SeatConfig, Session
from fate.ui.table.anim import Banner, CardShow, FateMove
from fate.ui.table.scene import PlayScene
from fate.ui.table.telling import NEWS, NO_RESULT

DT = 1 / 60  # one frame at 60 frames a second
ARRIVED = ("investigators_sent", "investigators_left", "recalled", "cultists_lost")  # off the Altar, into a count
LANDED = ("cultist_placed", "cultists_placed", "investigator_placed", "investigators_placed")
CARDS = ("spell_cast", "curse_revealed", "dark_gift", "artifact_exhausted", "artifact_destroyed")


class Board:
    """What the table draws in one frame: the view it was drawn from and the beats still running."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.seen: list = []  # every beat that was playing in a frame drawn
        self.lines: dict[int, int] = {}  # lines told so far of each event object

    def frame(self) -> None:
        anim = self.scene.anim
        if anim.queue and (not self.seen or self.seen[-1] is not anim.queue[0]):
            self.seen.append(anim.queue[0])

    def piece_at(self, piece: int) -> str:
        """Where the table draws a Fate Piece: its place in the view, unless a beat carries it."""
        s = self.scene
        if ("piece", piece) not in s.table.hidden:
            return s.shown["fate_pieces"][piece]["location"]
        landed = [b for b in s.anim.settled if isinstance(b, FateMove) and b.piece == piece]
        return landed[-1].to if landed else "on its way"

    def hand(self) -> list[str]:
        s = self.scene
        return [c["id"] for c in s.shown["seats"][s.looker].get("hand", [])] if s.looker is not None else []

    def dice(self) -> list[str]:
        """The faces the Fate Dice panel drew (its tooltips name them: "Die 2: Tentacle")."""
        names = {f.name: f.id for f in self.scene.app.content.dice.faces}
        drawn = sorted((r.key[1], r.title.split(": ", 1)[1]) for r in self.scene.table.regions
                       if r.key and r.key[0] == "die")
        return [names[name] for _i, name in drawn]

    def shown_whole(self, kind: type, **match) -> bool:
        """A beat of this kind (with these fields) was drawn and has played to its end."""
        return any(isinstance(b, kind) and b not in self.scene.anim.queue
                   and all(getattr(b, k) == v for k, v in match.items()) for b in self.seen)

    def caught_up(self, e) -> bool:
        """The board is drawn from the game as it stood after the decision that brought ``e``
        (or after a later one)."""
        s = self.scene
        at = next(i for i, x in enumerate(s.session.events) if x is e)
        return any(s.shown == v for told, v in self.views if told > at)

    def after(self, e) -> dict:
        """The looker's view after the decision that brought ``e``."""
        at = next(i for i, x in enumerate(self.scene.session.events) if x is e)
        return next(v for told, v in self.views if told > at)

    def note_views(self) -> None:
        """Keep the looker's view after each decision applied (what a board caught up shows)."""
        session, apply = self.scene.session, self.scene.session.apply
        self.views: list[tuple[int, dict]] = []

        def noted(cid: str):
            out = apply(cid)
            self.views.append((len(session.events), session.view(self.scene.looker)))
            return out
        session.apply = noted

    def result_shown(self, e) -> str:
        """"" if the table shows this event's result in this frame, else what it shows instead."""
        d, k = e.data, e.kind
        if k in NO_RESULT:
            return ""
        if k == "fate_moved":
            at, to = self.piece_at(d["piece"]), LOCATIONS[d["to"]] if isinstance(d["to"], int) else d["to"]
            return "" if at == to else f"the Fate Piece {d['piece']} is drawn at {at}, not {to}"
        if k == "spell_drawn":  # the drawer's hand as it stands once the decision is shown
            mine, then = self.scene.shown["seats"][d["seat"]], self.after(e)["seats"][d["seat"]]
            return "" if mine["hand_backs"] == then["hand_backs"] or self.caught_up(e) else \
                f"the hand shows {len(mine['hand_backs'])} Spells, not {len(then['hand_backs'])}"
        if k == "spell_drawn_face":
            return "" if d["card"] in self.hand() else f"the hand shows {self.hand()}, without {d['card']}"
        if k == "rolled":
            return "" if self.dice() == list(d["faces"]) else f"the dice panel shows {self.dice()}, not {d['faces']}"
        if k in CARDS and self.shown_whole(CardShow, text=d["text"]):
            return ""
        if k in ("turn_started", "raid_declared") and self.shown_whole(Banner):
            return ""
        # the engine may tell one event object twice (two Investigators sent one by one): the n-th
        # line of it needs n of its beats over
        self.lines[id(e)] = n = self.lines.get(id(e), 0) + 1
        over = [b for b in self.seen if b.event is e and b not in self.scene.anim.queue]
        if k in LANDED and len([b for b in over if b in self.scene.anim.settled]) >= n:
            return ""  # figures brought onto the Altar stand where they arrived
        if k == "sacrificed" and len(over) >= n and self.scene.shown["seats"][d["seat"]]["abyss"] >= d["count"]:
            return ""  # sunk into the Abyss, and the board counts them there
        if k == "summon_moved" and len(over) >= n and self.scene.shown["seats"][d["seat"]]["summon"] == d["to"]:
            return ""  # the token stands on its new space
        if k in NEWS or k in ARRIVED:  # news its marker shows whole; figures that walked into a count
            return "" if len(over) >= n or self.caught_up(e) else "its news is still to be shown"
        return "" if self.caught_up(e) else "the board still shows the game before it"


def watch(app: App, scene: PlayScene, decide, frames: int, done) -> tuple[list[str], int]:
    """Play frame by frame; every line the Chronicle shows for the first time is checked
    against what the table drew in that frame. The faults found, and the lines checked."""
    board = Board(scene)
    board.note_views()
    faults: list[str] = []
    told = start = len(scene.log)
    for _ in range(frames):
        app.frame([], DT)
        board.frame()
        for line, e in zip(scene.log[told:], scene.telling.log_of[told:], strict=True):
            why = "" if e is None else board.result_shown(e)
            if why:
                faults.append(f"{line[0]!r} ({e.kind}) while {why}")
        told = len(scene.log)
        if done():
            break
        if scene.handoff is not None:
            scene.take_over()
        elif scene.picker is not None and not scene.anim.busy():
            decide(scene)
        elif scene.session.thinking():
            time.sleep(0.002)  # the AI's worker thread thinks
    return faults, told - start


def first_move(scene: PlayScene) -> None:
    """The human's decision: the first choice that does something (not a pass)."""
    ids = [c["id"] for c in scene.picker.prompt["choices"]]
    scene.choose(next((i for i in ids if i not in ("pass", "skip", "no", "stop")), ids[0]))


def table(content, tmp_path, scenario: dict, seats: list[SeatConfig]) -> tuple[App, PlayScene]:
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 1, "confirm_end_turn": False,
                                                          "handoff_solo": False}, saves=tmp_path)
    scene = PlayScene(app, Session.from_game(content, seats, build(content, scenario), saves=tmp_path))
    app.show(scene)
    assert scene.anim.speed == 1  # Normal
    return app, scene


def test_an_ai_turn_and_a_human_turn_tell_each_line_once_the_board_shows_it(content, tmp_path):
    app, scene = table(content, tmp_path, {"players": 2, "current": 0, "start": "move", "seed": 3,
                                           "seats": [{}, {"hand": ["hood-01", "tome-05", "key-04"]}]},
                       [SeatConfig(False, "easy", 0), SeatConfig(True, "easy", 1)])
    g = scene.session.game
    try:
        faults, lines = watch(app, scene, first_move, 4000, lambda: g.turn >= 2 and g.cur == 0
                              and not scene.anim.busy())
    finally:
        app.close()
    assert g.turn >= 2, "the AI's turn and the human's were not both played"
    assert lines >= 8
    assert not faults, "\n".join(faults)


def test_a_solo_turn_and_the_investigators_tell_each_line_once_the_board_shows_it(content, tmp_path):
    """The case a player met: "The Investigators ... go there" while their piece stood still,
    "You draw ..." while the hand held the old card."""
    app, scene = table(content, tmp_path, {"players": 1, "fate": ["museum", "library"], "start": "move", "seed": 4,
                                           "seats": [{"hand": ["hood-01", "tome-05", "key-04"]}]},
                       [SeatConfig(True, "easy", 0)])
    g = scene.session.game
    turn = g.turn
    try:
        faults, lines = watch(app, scene, first_move, 4000, lambda: g.turn >= turn + 2 and not scene.anim.busy())
        kinds = {e.kind for e in scene.telling.log_of if e is not None}
    finally:
        app.close()
    assert {"fate_moved", "spell_drawn_face"} <= kinds  # the cases of the issue were played
    assert lines >= 8
    assert not faults, "\n".join(faults)


def test_the_coach_speaks_of_a_choice_once_the_board_shows_what_it_brought(content, tmp_path):
    """Lesson 4 ends its turn and the Investigators take theirs: the coach's next words (which
    tell of that) wait for the board, and so does every line of the Chronicle."""
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 1}, saves=tmp_path)
    scene = TutorialScene(app, 3)
    app.show(scene)
    board = Board(scene)
    board.note_views()
    faults: list[str] = []
    said, told, spoke = scene.coach_text(), len(scene.log), 0
    try:
        assert scene.anim.speed == 1
        for _ in range(3000):
            app.frame([], DT)
            board.frame()
            now = scene.coach_text()
            if now != said:
                spoke += 1
                if board.views and scene.shown != board.views[-1][1]:
                    faults.append(f"the coach says {now[:60]!r}... while the board shows the game before the choice")
                said = now
            for line, e in zip(scene.log[told:], scene.telling.log_of[told:], strict=True):
                why = "" if e is None else board.result_shown(e)
                if why:
                    faults.append(f"{line[0]!r} ({e.kind}) while {why}")
            told = len(scene.log)
            if scene.current() is None and not scene.anim.busy():
                break
            if scene.anim.busy():
                continue
            if not scene.expected():
                scene.next_step()
            elif scene.picker is not None:
                scene.choose(scene.expected())
        kinds = {e.kind for e in scene.telling.log_of if e is not None}
    finally:
        app.close()
    assert scene.current() is None, "the lesson was not played to its end"
    assert spoke >= 3 and "fate_moved" in kinds and len(board.views) >= 2
    assert not faults, "\n".join(faults)


def test_a_move_to_the_ceremony_and_its_control_action_are_told_as_the_board_shows_them(content, tmp_path):
    """Lesson 4 as a play-tester met it: the move to The Ceremony brings a Dark Gift, so the
    board caught up only after the Gift's Cultists walked, and "You control The Ceremony" was
    told while the Spell played still stood in the hand and the top bar said "Move"; after
    "Take it" the sacrifice and the Summon step were told only once the Investigators' Fate
    Piece had moved on."""
    app = App(content, size=(1280, 720), seed=5, settings={"speed": 1}, saves=tmp_path)
    scene = TutorialScene(app, 3)
    app.show(scene)
    board = Board(scene)
    board.note_views()
    faults: list[str] = []
    told, played, kinds = len(scene.log), None, set()
    try:
        for _ in range(3000):
            app.frame([], DT)
            board.frame()
            for line, e in zip(scene.log[told:], scene.telling.log_of[told:], strict=True):
                if e is None:
                    continue
                kinds.add(e.kind)
                why = board.result_shown(e)
                if why:
                    faults.append(f"{line[0]!r} ({e.kind}) while {why}")
                if e.kind in ("control", "basic_action") and (played in board.hand() or scene.shown["phase"] == "move"):
                    faults.append(f"{line[0]!r} while the hand shows {board.hand()} and the top bar "
                                  f"{scene.shown['phase']!r}")
                if e.kind in ("sacrificed", "summon_moved") and any(
                        isinstance(b, FateMove) and b.piece != 0 for b in board.seen):
                    faults.append(f"{line[0]!r} only after the Investigators' Fate Piece moved")
            told = len(scene.log)
            if scene.current() is None and not scene.anim.busy():
                break
            if scene.anim.busy():
                continue
            if not scene.expected():
                scene.next_step()
            elif scene.picker is not None:
                if scene.expected().startswith("play:"):
                    played = scene.expected().split(":", 1)[1]
                scene.choose(scene.expected())
    finally:
        app.close()
    assert played is not None and {"fate_moved", "control", "basic_action", "dark_gift", "sacrificed",
                                   "summon_moved"} <= kinds, kinds
    assert not faults, "\n".join(faults)
