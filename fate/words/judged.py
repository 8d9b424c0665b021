"""A judged decision of Hard's review in the player's language: its question, the choice taken,
Hard's choice and the line that compares them.

A kept review holds its words in English (as the critic wrote them: the command line and the
logs read them) and the ids they were made of. The review screen words them again from the
game itself: the save's choices replayed to each judged decision give the prompt the engine
asked there (fate/engine/said.py), worded for the window by fate/words/asking.py; the line is
a sentence of the catalogue with the chances as the language writes a percentage. No pygame.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from fate.content.model import Content
from fate.engine import Game, view
from fate.ground.language import ENGLISH, _, current, percent
from fate.words import asking


class Words(NamedTuple):
    question: str
    taken: str
    best: str
    note: str


class Judged:
    """The words of a seat's judged decisions, made as they are first shown (and again in
    another language)."""

    def __init__(self, start: Game, choices: list[str], content: Content, seat: int) -> None:
        self.start, self.choices, self.content, self.seat = start, choices, content, seat
        self._asked: dict[int, tuple[dict[str, Any], dict[str, Any]]] | None = None
        self._said: dict[tuple[int, str], Words] = {}

    def asked(self, decisions: set[int]) -> dict[int, tuple[dict[str, Any], dict[str, Any]]]:
        """The prompt and the seat's view at each of ``decisions`` (the save replayed once)."""
        if self._asked is None:
            self._asked = {}
            g = self.start.clone()
            last = max(decisions, default=-1)
            for k, cid in enumerate(self.choices[:last + 1]):
                if k in decisions:
                    v = view(g, self.seat)
                    if v.get("prompt") and "choices" in v["prompt"]:
                        self._asked[k] = (v["prompt"], v)
                g.apply(cid)
        return self._asked

    def words(self, d: dict[str, Any], decisions: set[int]) -> Words:
        """Decision ``d`` of the review (one of ``decisions``) in the language spoken now."""
        code = current().code
        key = (d["decision"], code)
        if key not in self._said:
            self._said[key] = self._make(d, decisions, code)
        return self._said[key]

    def _make(self, d: dict[str, Any], decisions: set[int], code: str) -> Words:
        at = self.asked(decisions).get(d["decision"])
        if at is None:  # not this game's decision after all: the review's own (English) words
            return Words(d["prompt"], d["taken_label"], d["best_label"], d["note"])
        prompt, v = at
        labels = asking.labels(prompt, self.content, v, short=True)
        taken, best = labels.get(d["taken"], d["taken_label"]), labels.get(d["best"], d["best_label"])
        return Words(asking.said(prompt, self.content, v), taken, best,
                     d["note"] if code == ENGLISH else note(d, taken, best))


def note(d: dict[str, Any], taken: str, best: str) -> str:
    """The line comparing the choice taken with Hard's, as a sentence of the catalogue (English
    keeps the critic's own, which turns a choice into "Moving to …": fate/ai/critic.py)."""
    if d["mark"] == "best" or d["best"] == d["taken"]:
        line = _("“{taken}” gave about {percent}: Hard's choice too.").format(
            taken=taken, percent=percent(round(100 * d["taken_win"])))
    else:
        line = _("“{taken}” gave about {taken_percent}; “{best}” gave about {best_percent}.").format(
            taken=taken, taken_percent=percent(round(100 * d["taken_win"])), best=best,
            best_percent=percent(round(100 * d["best_win"])))
    if d.get("lost"):
        line += " " + _("It lost the game on the spot.")
    if d.get("booked"):
        line += " " + _("(the draft book's win rates for these Elder Gods)")
    return line
