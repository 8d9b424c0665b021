"""Learn to Play: the lessons of the guided first game (data/tutorial.yaml).

Each lesson is a scenario (docs/scenario-format.md: a set position, deck order
and dice) and a list of steps. A step either asks the player to make one
choice (``do``: its id; the coach points at what to click for it) or is a note
the player reads and closes (no ``do``). The steps of a lesson are every
decision of it, in order, so the lesson plays the same way every time. A step
is a few short words about what the board shows now, and lists what they name
(``points``, from TARGETS): the coach rings each of those on the table.

    python -m fate.tools.tutorial          # walk every lesson on the engine and print it

prints each lesson's steps with the decision asked at each, and fails with one
line naming the lesson and step whose choice is not offered, or a line for each
prompt or event the coach does not explain where it appears (``gaps``).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from fate.content.model import Content
from fate.engine.choices import kind_of
from fate.engine.errors import ScenarioError
from fate.engine.events import EVENTS
from fate.engine.game import Game
from fate.engine.model import Event, Prompt
from fate.ground.paths import data_dir
from fate.ground.untrusted import InputError, OneLine, cut, read_yaml
from fate.tools.scenario import build

FILE = "tutorial.yaml"
STEP_KEYS = {"say", "do", "shows", "points"}
LESSON_KEYS = {"id", "title", "rules", "scenario", "steps", "end", "end_points"}
LOCATIONS = ("other_worlds", "museum", "ceremony", "streets", "gathering", "library")

# What a step may point at (``points``): the coach rings each on the table while the step shows.
# A name alone is one thing of the player's side of the table; ``place:``, ``column:`` take a
# location id, ``card:`` a card the lesson's scenario deals, ``button:`` a choice of a prompt.
TARGETS = {
    "lodge": "your Lodge", "summon-track": "the Summon track", "summon-token": "your Summon token",
    "lodge-cultists": "the Cultists in your Lodge", "lodge-abyss": "your Cultists in the Abyss (the Lodge's icon)",
    "lodge-investigators": "the Investigators in your Lodge", "curses": "the Curses you carry",
    "elder-signs": "your Elder Signs", "gate": "your Gate card", "readied": "your Readied Spells",
    "hand": "the Spells in your hand", "abyss": "the Abyss", "fate-piece": "your Fate Piece",
    "investigators-piece": "the Investigators' Fate Piece", "investigators": "the Investigators' panel",
    "dice": "the Fate Dice", "artifacts": "the face-up Artifacts", "my-artifacts": "your Artifacts",
    "curse-deck": "the Curse deck",
}
TARGET_KINDS = ("place", "column", "card", "button")


# What the coach says when each kind of prompt or event appears: a lesson leaves none of
# them unexplained (``gaps``). A prompt is addressed by the step that asks it (the notes
# before it lead up to it; the lesson's end speaks of the prompt left on screen); an event by the words of the step whose
# choice caused it, the notes after it and the next step that asks (or the lesson's end).
PROMPT_WORDS = {
    "move": r"\bplay|\bmove|\bgo\b|\bclick",
    "wild_card": r"\bpair\b|\bwhich\b",
    "destination": r"\bwhere\b|\bto the\b|\btake it to\b|\bgo to\b",
    "temporary_control": r"Temporary Control",
    "gathering_move": r"The Gathering",
    "control_action": r"Control Action",
    "ready": r"\bReady",
    "cast_window": r"\bcast",
}
EVENT_WORDS = {
    "fate_moved": r"Fate Piece",
    "cultist_placed": r"Cultist",
    "cultists_placed": r"Cultist",
    "investigator_placed": r"Investigator",
    "investigators_followed": r"\bfollow",
    "investigators_left": r"Investigators?\b.{0,40}\b(gone|leave|left)",
    "basic_action": r"Basic Action",
    "gate_gained": r"\bGate\b",
    "dark_gift": r"Dark Gift",
    "recalled": r"\breturn|\bcome back|\bback from the Abyss",
    "control": r"\bControl\b",
    "no_control": r"\bControl\b",
    "control_action": r"Control Action",
    "temporary_control": r"Temporary Control",
    "sacrificed": r"\bAbyss\b|\bsacrific",
    "summon_moved": r"Summon token",
    "spell_drawn": r"\bdr[ae]w",
    "turn_ended": r"\bturn\b",
    "rolled": r"\broll",
    "spell_readied": r"\bRead(y|ied)",
    "column_discarded": r"Astral Column",
    "raid_declared": r"\braid",
    "raided": r"\braid",
    "elder_sign_gained": r"Elder Sign",
    "spell_cast": r"\bcast",
    "artifact_gained": r"Artifact",
    "cursed": r"\bCurse",
    "curse_revealed": r"\breveal",
    "elder_sign_curse": r"own Elder Sign",
    "game_over": r"\bwin\b|\bwon\b",
}
# Kinds the table shows without words from the coach: the phase strip and the turn's start
# (lesson 1 names the four phases), the private copy of a draw the player already hears of, and
# a ready step that passed by itself, whose reason the Chronicle's own line gives.
QUIET_EVENTS = frozenset({"phase", "turn_started", "spell_drawn_face", "nothing_to_ready"})
# The panels of the table each first lesson names before any play: the Lodge and what its icons count
# (the Gate card's icon shows once one is won: the lesson that wins one names it, ``points: [gate]``).
PANEL_TERMS = ("Lodge", "Abyss", "Summon track", "Summon token", "Elder Sign", "Investigators in your Lodge",
               "Curse", "Readied Spells")


class TutorialError(OneLine):
    """data/tutorial.yaml is not a set of lessons that can be played."""


@dataclass(frozen=True)
class Step:
    say: str
    do: str = ""  # the choice to make; "" for a note
    shows: tuple[str, ...] = ()  # event kinds the lesson must have shown by the end of this step
    points: tuple[str, ...] = ()  # what the coach rings on the table while the step shows (TARGETS)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    rules: tuple[str, ...]
    scenario: dict[str, Any]
    steps: tuple[Step, ...]
    end: str  # what the coach says when the lesson is done
    end_points: tuple[str, ...] = ()  # what it rings then

    def game(self, content: Content) -> Game:
        """The lesson's position; TutorialError (one line) if its scenario cannot be built."""
        try:
            return build(content, self.scenario, f"lesson {self.id}")
        except ScenarioError as e:
            raise TutorialError(str(e)) from None


def _dealt(scenario: dict[str, Any]) -> set[str]:
    """The card ids a scenario names anywhere (hands, Reserves, decks, face-up rows)."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(scenario)
    return out


def _points(raw: Any, at: str, dealt: set[str]) -> tuple[str, ...]:
    """A step's ``points``: each a known target (TARGETS, or kind:thing), else one line naming it."""
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise TutorialError(f"{at}: field 'points': expected a list of things on the table")
    for t in raw:
        kind, _, thing = t.partition(":")
        ok = (t in TARGETS if not thing else
              kind in ("place", "column") and thing in LOCATIONS or
              kind == "card" and thing in dealt or
              kind == "button" and kind_of(thing) is not None)
        if not ok:
            raise TutorialError(f"{at}: field 'points': unknown target {cut(t)}")
    return tuple(raw)


def _lesson(row: Any, where: str) -> Lesson:
    if not isinstance(row, dict):
        raise TutorialError(f"{where}: expected a map")
    extra = sorted(map(str, set(row) - LESSON_KEYS))
    if extra:
        raise TutorialError(f"{where}: unknown field {cut(extra[0])}")
    for key in ("id", "title", "end"):
        if not isinstance(row.get(key), str) or not row[key].strip():
            raise TutorialError(f"{where}: field {cut(key)}: expected some text")
    if not isinstance(row.get("scenario"), dict):
        raise TutorialError(f"{where}: field 'scenario': expected a map (docs/scenario-format.md)")
    rules = row.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise TutorialError(f"{where}: field 'rules': expected a list of rule ids")
    steps = []
    dealt = _dealt(row["scenario"])
    for i, s in enumerate(row.get("steps") or []):
        at = f"{where}, step {i + 1}"
        if not isinstance(s, dict) or set(s) - STEP_KEYS or not isinstance(s.get("say"), str):
            raise TutorialError(f"{at}: expected a map with 'say' (text) and an optional 'do' (a choice id)")
        if not isinstance(s.get("do", ""), str):
            raise TutorialError(f"{at}: field 'do': expected a choice id")
        shows = s.get("shows", [])
        if not isinstance(shows, list) or not all(k in EVENTS for k in shows):
            raise TutorialError(f"{at}: field 'shows': expected a list of event kinds (fate/engine/events.py)")
        steps.append(Step(" ".join(s["say"].split()), s.get("do", ""), tuple(shows),
                          _points(s.get("points", []), at, dealt)))
    if not steps:
        raise TutorialError(f"{where}: a lesson needs at least one step")
    return Lesson(row["id"], row["title"], tuple(rules), row["scenario"], tuple(steps), " ".join(row["end"].split()),
                  _points(row.get("end_points", []), f"{where}, end", dealt))


def spoken(lesson: Lesson) -> Lesson:
    """The lesson in the language spoken: its title, the coach's every line and its last, from
    the catalogue ("lesson:ID:title", "lesson:ID:N", "lesson:ID:end"); the same steps to do."""
    from dataclasses import replace

    from fate.ground.language import pgettext as said  # (a key made here: not a message to extract)

    return replace(lesson, title=said(f"lesson:{lesson.id}:title", lesson.title),
                   steps=tuple(replace(st, say=said(f"lesson:{lesson.id}:{i}", st.say))
                               for i, st in enumerate(lesson.steps)),
                   end=said(f"lesson:{lesson.id}:end", lesson.end))


def messages(lessons: list[Lesson]) -> list[tuple[str, str]]:
    """Learn to Play's words for the catalogue template: (key, English)."""
    out: list[tuple[str, str]] = []
    for lesson in lessons:
        out.append((f"lesson:{lesson.id}:title", lesson.title))
        out += [(f"lesson:{lesson.id}:{i}", st.say) for i, st in enumerate(lesson.steps)]
        out.append((f"lesson:{lesson.id}:end", lesson.end))
    return out


def load(path: Path | None = None) -> list[Lesson]:
    path = path or data_dir() / FILE
    try:
        data = read_yaml(path, 1 << 20)
    except InputError as e:
        raise TutorialError(f"{path}: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("lessons"), list):
        raise TutorialError(f"{path}: expected a map with a list of 'lessons'")
    lessons = [_lesson(row, f"{path}: lesson {i + 1}") for i, row in enumerate(data["lessons"])]
    ids = [x.id for x in lessons]
    if len(set(ids)) != len(ids):
        raise TutorialError(f"{path}: two lessons share an id")
    return lessons


def walk(content: Content, lesson: Lesson, out: TextIO | None = None) -> Game:
    """Play a lesson's steps on the engine; TutorialError names the first step that cannot be."""
    try:
        g = lesson.game(content)
    except ScenarioError as e:
        raise TutorialError(f"lesson {cut(lesson.id)}: {e}") from None
    seen = {e.kind for e in g.take_events()}
    for i, step in enumerate(lesson.steps):
        p = g.pending()
        if out is not None:
            asked = f"{p.seat}:{p.kind} [{', '.join(c.id for c in p.choices)}]" if p else "(nothing asked)"
            print(f"  {i + 1:2}. {'do ' + step.do if step.do else 'note'} -- asked {asked}", file=out)
        if step.do:
            seen |= {e.kind for e in _choose(g, lesson, i, step, p)}
        missing = [k for k in step.shows if k not in seen]
        if missing:
            raise TutorialError(f"lesson {cut(lesson.id)}, step {i + 1}: nothing {cut(missing[0])} has happened by then")
    return g


def told(text: str, kind: str, words: dict[str, str]) -> bool:
    """Does the coach's ``text`` address a prompt or event of this ``kind``?"""
    pattern = words.get(kind)
    return pattern is not None and re.search(pattern, text, re.IGNORECASE) is not None


def told_after(lesson: Lesson, i: int) -> list[str]:
    """What the coach says after step ``i``'s choice until it asks the next one: the notes
    that follow and the next step that asks (or the lesson's end)."""
    out = []
    for step in lesson.steps[i + 1:]:
        out.append(step.say)
        if step.do:
            return out
    return [*out, lesson.end]


def gaps(content: Content, lesson: Lesson) -> list[str]:
    """Each prompt or event of the lesson the coach does not address where it appears, one line each
    (an empty list: the lesson has no gap). TutorialError if the lesson cannot be played."""
    g = lesson.game(content)
    g.take_events()
    out = []
    steps = lesson.steps
    for i, step in enumerate(steps):
        p = g.pending()
        asks = step.say if step.do else " ".join([step.say, *told_after(lesson, i)])  # a note: the coach gets to it
        if p is not None and not told(asks, p.kind, PROMPT_WORDS):
            out.append(f"lesson {lesson.id}, step {i + 1}: the {p.kind} prompt is not explained")
        if not step.do:
            continue
        words = " ".join([step.say, *told_after(lesson, i)])
        for kind in dict.fromkeys(e.kind for e in _choose(g, lesson, i, step, p)):
            if kind not in QUIET_EVENTS and not told(words, kind, EVENT_WORDS):
                out.append(f"lesson {lesson.id}, step {i + 1}: the {kind} event is not explained")
    p = g.pending()
    if p is not None and not told(lesson.end, p.kind, PROMPT_WORDS):
        out.append(f"lesson {lesson.id}, end: the {p.kind} prompt left on screen is not explained")
    return out


def _choose(g: Game, lesson: Lesson, i: int, step: Step, p: Prompt | None) -> list[Event]:
    """Make a step's choice; the events it caused."""
    if p is None:
        raise TutorialError(f"lesson {cut(lesson.id)}, step {i + 1}: {cut(step.do)} but the game asks nothing")
    if p.seat != 0:
        raise TutorialError(f"lesson {cut(lesson.id)}, step {i + 1}: the game asks seat {p.seat}, not the player")
    if step.do not in {c.id for c in p.choices}:
        raise TutorialError(f"lesson {cut(lesson.id)}, step {i + 1}: {cut(step.do)} is not offered "
                            f"(the {p.kind} prompt offers {', '.join(c.id for c in p.choices)})")
    return g.apply(step.do)


def main(argv: list[str] | None = None) -> int:
    from fate.engine import default_content
    from fate.ground.cli import Parser, old_file, refuse

    ap = Parser(prog="python -m fate.tools.tutorial", description="Play every Learn to Play lesson on the engine.")
    ap.add_argument("file", nargs="?", type=old_file, help=f"a lessons file (default: the bundled data/{FILE})")
    args = ap.parse_args(argv)
    content = default_content()
    unexplained: list[str] = []
    try:
        for lesson in load(args.file):
            print(f"{lesson.id}: {lesson.title}")
            g = walk(content, lesson, sys.stdout)
            p = g.pending()
            end = g.outcome()
            print(f"  end: {'over, winners ' + str(end.winners) if end else (p.kind if p else '-')}")
            unexplained += gaps(content, lesson)
    except TutorialError as e:
        if args.file is not None:
            refuse(ap.prog, f"FILE {e}")
        print(e, file=sys.stderr)
        return 1
    for line in unexplained:  # what the coach leaves unsaid (PROMPT_WORDS, EVENT_WORDS)
        print(line, file=sys.stderr)
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
