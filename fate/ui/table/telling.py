"""The story the table tells: each event the looker may see becomes a line of the Chronicle,
queued with the beats that show it and told once the board shows its result (fate/ui/table/
anim.py, ``Player``); the whole log opens in a page of its own (fate/ui/table/whole_log.py).
A part of ``PlayScene`` (fate/ui/table/scene.py), given its ``TableState`` (state.py)."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from fate.content.spoken import in_words
from fate.engine.constants import LOCATIONS
from fate.engine.model import Event
from fate.ground.language import _, current
from fate.ui.kit.sound import effect_of
from fate.ui.kit.theme import GOLD, PARCHMENT, SIGN_GREEN, mix
from fate.ui.table.beats import beats_for
from fate.ui.table.news import anchors_of
from fate.ui.table.state import TableState
from fate.ui.table.whole_log import WholeLogScene  # noqa: F401 (registers the scene it visits)
from fate.words import asking
from fate.words.narration import narrate

NO_RESULT = ("setup_done", "phase", "turn_ended")  # lines with nothing on the board to wait for
# News that is all its own beats show (a marker, a banner): nothing on the board changes with it,
# so its line comes as they end, not when the board catches up (which would hold back the lines after it)
NEWS = ("basic_action", "control_action", "no_control", "temporary_control_failed", "fate_piece_stays",
        "investigators_wait", "raid_repelled", "no_move", "control", "temporary_control", "god_chosen",
        "curse_deck_empty", "no_artifacts")


class Telling:
    """The Chronicle's lines (``log``, the anchors each names, the event each tells) and the view
    the board shows (``TableState.shown``: written here only, as the lines are told)."""

    def __init__(self, st: TableState, app: Any) -> None:
        self.st = st
        self.app = app
        self.log: list[tuple[str, tuple]] = []
        self.log_at: list[tuple] = []  # for each Chronicle entry, the anchors of what it names
        self.log_of: list[Event | None] = []  # ...and the event it tells (None for a note of the table's own)
        self.logged = 0  # the events told so far
        self.language = current().code  # the language they were told in (told again when it changes)

    def show(self, v: dict[str, Any]) -> None:
        """The board shows this view now, in the language spoken now: its prompt worded, and the
        cards' and places' words of a game begun in another language (its content's) put into
        this one's by id."""
        self.reader()
        game = getattr(self.st.session, "game", None)
        if game is not None and game.content is not self.app.content:
            v = in_words(v, game.content, self.app.content)
        p = v.get("prompt")
        self.st.shown = dict(v, prompt=asking.worded(p, self.app.content, v)) if p else v

    def reader(self) -> None:
        """At a shared screen, the table speaks the language of the seat now at it, if its player
        chose one at New Game (fate/ui/session.py ``SeatConfig.language``)."""
        seats, looker = getattr(self.st.session, "seats", None), self.st.looker
        own = seats[looker].language if seats and isinstance(looker, int) and 0 <= looker < len(seats) else ""
        if own != self.app.reader:
            self.app.reader = own
            self.app.speak()

    def clear(self) -> None:
        """Start the Chronicle again, before the whole history is told anew for the looker (after
        a hand-off): no line still waiting for its beat, the looker's view on the board."""
        self.st.anim.skip()
        self.show(self.st.session.view(self.st.looker))
        self.forget_lines()
        self.language = current().code

    def forget_lines(self) -> None:
        """No line told yet: the events are told again from the first."""
        self.log, self.log_at, self.log_of = [], [], []
        self.logged = 0

    def narrate_new(self, v: dict, animate: bool, upto: int | None = None) -> None:
        """Log (and, when ``animate``, queue the beats of) the events not told yet;
        ``v`` is the looker's view after them, for the names in the sentences."""
        after = v  # what the board shows once it catches up
        if v.get("seats"):  # a hotseat player by the name typed at New Game until their god is known
            names = self.st.table.players
            v = dict(v, seats=[row if "player" in row or not (i < len(names) and names[i]) else dict(row, player=names[i])
                               for i, row in enumerate(v["seats"])])
        evs = self.st.session.events if upto is None else self.st.session.events[:upto]
        told: Event | None = evs[self.logged - 1] if self.logged else None
        for e in evs[self.logged:]:
            if not e.visible_to(self.st.looker):
                continue
            empty_raid = (told is not None and told.kind == "raid_declared" and not told.data["investigators"]
                          and e.kind == "raid_repelled" and told.data["seat"] == e.data["seat"])
            text = None if empty_raid else narrate(e, v, self.st.looker, self.app.content, told)  # said in one line
            told = e
            hand = animate and (self._hand_shows(e, after) or e.kind == "fate_moved")
            tell = partial(self._tell, e, text, after if hand else None, animate)
            if animate:  # told once the board shows its result: the Chronicle never runs ahead of it
                beats = beats_for(e, self.st.shown, self.st.looker, self.st.table.colour, self.name_of)
                for b in beats:
                    b.event = e
                self.st.anim.add(beats, effect_of(e), then=tell,
                              board=e.kind not in NO_RESULT and e.kind not in NEWS and not hand)
            else:
                tell()
        self.logged = len(evs)
        if animate:  # the board shows the game as it stands once nothing is still moving on it
            self.st.anim.catch_up(partial(self.show, after))

    def _hand_shows(self, e, after: dict) -> bool:
        """A Spell drawn: the hands can show it before the rest of the board catches up (they
        show the hands as they stand after the decision, which hold the card drawn)."""
        seat = e.data.get("seat")
        if e.kind not in ("spell_drawn", "spell_drawn_face") or not isinstance(seat, int) or seat < 0:
            return False
        rows, now = after.get("seats") or [], self.st.shown.get("seats") or []
        if seat >= min(len(rows), len(now)) or len(rows[seat]["hand_backs"]) < len(now[seat]["hand_backs"]):
            return False
        return e.kind == "spell_drawn" or e.data.get("card") in [c["id"] for c in rows[seat].get("hand", [])]

    def _tell(self, e, text: str | None, hands: dict | None = None, animated: bool = False) -> None:
        """An event's line in the Chronicle (if it has one), and the dice panel following it;
        ``hands``: the view whose hands the table now shows (a Spell drawn)."""
        behind = animated and self.st.anim.swap is not None  # the board has not caught up with the game yet
        if behind and e.kind in ("sacrificed", "summon_moved"):
            self._moved_on(e)
        if behind and e.kind == "phase" and e.data.get("seat") == self.st.shown.get("current"):
            self.st.shown = dict(self.st.shown, phase=e.data["phase"])  # the top bar names the step now shown
        if hands is not None and self.st.shown is not hands and e.kind == "fate_moved":
            self._played(e.data.get("seat"), hands)
            if behind and e.data.get("seat") == self.st.shown.get("current"):
                to = e.data["to"]
                self.st.shown = dict(self.st.shown, turn_location=LOCATIONS[to] if isinstance(to, int) else to)
        elif hands is not None and self.st.shown is not hands:
            self.st.shown = dict(self.st.shown, seats=[dict(row, **{k: new[k] for k in ("hand", "hand_backs") if k in new})
                                                 for row, new in zip(self.st.shown["seats"], hands["seats"], strict=True)])
        if text:
            colour = PARCHMENT
            if e.kind in ("raid_declared", "raided", "curse_revealed", "cursed"):
                colour = (236, 120, 110)
            elif e.kind == "turn_started":
                colour = GOLD
            elif e.kind in ("summon_moved", "elder_sign_gained"):
                colour = SIGN_GREEN if e.kind == "elder_sign_gained" else mix(GOLD, PARCHMENT, 0.5)
            elif e.to is not None:
                colour = (190, 170, 230)
            self.add_log(text, colour, anchors_of(e), e)
        self.st.table.follow_dice(e)

    def _played(self, seat, after: dict) -> None:
        """A Fate Piece landed: the Spells played to move it leave the mover's hand (those it
        holds no more once the decision is over; a Spell drawn later waits for its own line)."""
        rows, now = after.get("seats") or [], self.st.shown.get("seats") or []
        if not isinstance(seat, int) or not 0 <= seat < min(len(rows), len(now)):
            return
        row, new = now[seat], rows[seat]
        kept = dict(row)
        if "hand" in row and "hand" in new:
            held = {c["id"] for c in new["hand"]}
            kept["hand"] = [c for c in row["hand"] if c["id"] in held]
        if "hand_backs" in row and "hand_backs" in new:
            left, backs = Counter(new["hand_backs"]), []
            for b in row["hand_backs"]:  # as many of each back as are still held
                if left[b] > 0:
                    left[b] -= 1
                    backs.append(b)
            kept["hand_backs"] = backs
        self.st.shown = dict(self.st.shown, seats=[kept if i == seat else r for i, r in enumerate(now)])

    def _moved_on(self, e) -> None:
        """Cultists sacrificed have sunk into the Abyss, the Summon token stands on its new
        space: the board shows it as the line is told, not only once a later move has ended."""
        d, seats = e.data, [dict(r) for r in self.st.shown["seats"]]
        s = d.get("seat")
        if not isinstance(s, int) or not 0 <= s < len(seats):
            return
        if e.kind == "summon_moved":
            seats[s]["summon"] = d["to"]
            self.st.shown = dict(self.st.shown, seats=seats)
            return
        loc, n = d["location"], d.get("count", 1)
        places = [dict(p) for p in self.st.shown["locations"]]
        at = next((p for i, p in enumerate(places) if loc in (i, p["id"])), None)
        if at is None:
            return
        gone = min(n, at["cultists"][s])
        at["cultists"] = [c - gone if i == s else c for i, c in enumerate(at["cultists"])]
        seats[s]["abyss"] += gone
        self.st.shown = dict(self.st.shown, seats=seats, locations=places)

    def add_log(self, text: str, colour: tuple, anchors: tuple = (), event=None) -> None:
        """A Chronicle entry, with the places and pieces it names (lit when it is hovered)."""
        self.log.append((text, colour))
        self.log_at.append(anchors)
        self.log_of.append(event)

    def name_of(self, seat: int, god: bool = False) -> str:
        """A seat inside a sentence: "the Cult of Cthulhu" (its god's name alone with ``god``), the
        Investigators, or before its god is known the seat's title ("Seat 3", a player's name)."""
        if seat == -1:
            return _("the Investigators")
        seats = self.st.shown["seats"]
        if 0 <= seat < len(seats) and seats[seat]["god"]:
            return seats[seat]["god"]["name"] if god else _("the Cult of {god}").format(god=seats[seat]["god"]["name"])
        return self.st.session.seat_title(seat)

    def open_whole_log(self) -> None:
        """Every line of the Chronicle so far, in a page to scroll (fate/ui/table/whole_log.py)."""
        self.app.visit("whole_log", list(self.log), list(self.log_of))
