"""Hard's review of one seat's decisions in a saved game (issue 45).

The save is replayed decision by decision. At each decision of the reviewed
seat that had more than one choice worth telling apart, Hard searches the
position from that seat's own knowledge at that moment (determinizations of
its view, ``fate.engine.determinize``: never the true hidden cards, even in a
finished game) and estimates the seat's chance to win with the choice it took
and with the best choice it had. The drop between the two gives the mark:

- **best**: the choice taken is the one the search rates highest;
- **good**: it loses less than an inaccuracy's worth;
- **inaccuracy**, **mistake**, **blunder**: it loses more than each threshold
  (``THRESHOLDS``, in points of the chance to win with two cults; scaled by
  2/n with n cults, since a four-cult game begins at 25%, not 50%);
- **unclear**: the drop would make it one of the three, but the search is not
  sure: a choice compared has fewer visits than the floor, or the drop is no
  larger than ``Z`` times its noise.

The search is seeded by the decision's number and the seat, and each deal
depends only on the seed and what the seat sees, so two games that look alike
to the seat give the same review. Counts of iterations, never a clock, bound
it (``BUDGETS``): the same review on any machine. No pygame here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from fate.ai.evaluate import after, asked
from fate.ai.ismcts import HardBot
from fate.content.model import Content
from fate.engine import Game, new_game_from
from fate.engine.choices import ChoiceKind, kind_of
from fate.engine.determinize import determinize
from fate.engine.errors import IllegalChoice, SaveFormatError
from fate.engine.save import check_choices, check_config, snapshot
from fate.ground.untrusted import cut
from fate.words.english import count

# Iterations of Hard's search a decision, and the visits every choice gets first
BUDGETS = {"quick": (1500, 40), "thorough": (6000, 120)}
DEFAULT_BUDGET = "quick"
# The drops, in points of the chance to win for a game of two cults, from which a
# choice is an inaccuracy, a mistake, a blunder (lichess: 5, 10 and 15 points; a
# game with dice is noisier than chess, so a blunder here needs 20)
THRESHOLDS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
Z = 2.0  # a drop is sure when it is more than Z times its standard error
MARKS = ("best", "good", "inaccuracy", "mistake", "blunder", "unclear")
SEED_STEP = 7919


class ReviewCancelled(Exception):
    """The review was stopped before its end: nothing of it is kept."""


def scale(players: int) -> float:
    """What the two-cult thresholds are multiplied by with ``players`` cults (alone: as two)."""
    return 2.0 / max(2, players)


def noise(win: float, visits: int) -> float:
    """The standard error of a mean of rewards between 0 and 1: at most win*(1-win) of
    variance, and never taken below a small floor (a few visits that all lost prove little)."""
    if visits <= 0:
        return 1.0
    return math.sqrt(max(win * (1.0 - win), 0.01) / visits)


def mark_of(drop: float, players: int, sure: bool, taken_is_best: bool) -> str:
    if taken_is_best:
        return "best"
    s = scale(players)
    for name, points in THRESHOLDS:
        if drop >= points * s:
            return name if sure else "unclear"
    return "good"


def accuracy_of(drop: float, players: int) -> float:
    """lichess's accuracy of one move from the drop in winning chance (in points, here
    brought to a two-cult game's scale), between 0 and 100."""
    points = 100.0 * max(0.0, drop) / scale(players)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


# ---------------------------------------------------------------- the words
_VERBS = {"Play": "Playing", "Move": "Moving", "Ready": "Readying", "Take": "Taking", "Send": "Sending",
          "Cast": "Casting", "Roll": "Rolling", "Exhaust": "Exhausting", "Give": "Giving", "Keep": "Keeping",
          "Sacrifice": "Sacrificing", "Reroll": "Rerolling", "Destroy": "Destroying", "Turn": "Turning",
          "Replace": "Replacing", "Discard": "Discarding", "Draw": "Drawing", "Set": "Setting",
          "Choose": "Choosing", "Return": "Returning", "Gain": "Gaining", "Place": "Placing", "Use": "Using"}


def short_label(label: str, cid: str) -> str:
    """A choice's label as the prompt shows it, without a cast card's rules text."""
    if kind_of(cid) in (ChoiceKind.CAST, ChoiceKind.USE) and ": " in label:
        label = label.split(": ", 1)[0]
    return label


def doing(label: str) -> str:
    """The label as the subject of a sentence: "Move to The Museum" -> "Moving to The Museum"."""
    head, _, rest = label.partition(" ")
    if head in _VERBS:
        return f"{_VERBS[head]} {rest}".strip()
    if label.startswith("Do not "):
        return "Not " + label[len("Do not "):].replace("roll", "rolling", 1) if label == "Do not roll" else \
            "Choosing not to " + label[len("Do not "):]
    if label in ("Pass", "Skip"):
        return "Passing"
    if label.startswith("No more"):
        return "Stopping there"
    if label.startswith("Instead "):
        return "Choosing instead to " + label[len("Instead "):]
    return f"Choosing {label}"


def percent(win: float) -> str:
    return f"{round(100 * win)}%"


def sentence(d: dict[str, Any]) -> str:
    """One line in the game's words: what the choice taken gave, and what the best one did."""
    taken = f"{doing(d['taken_label'])} gave about {percent(d['taken_win'])}"
    if d["mark"] == "best":
        return f"{taken}: Hard's choice too."
    return f"{taken}; {doing(d['best_label'])[:1].lower()}{doing(d['best_label'])[1:]} gave about {percent(d['best_win'])}."


# ---------------------------------------------------------------- one decision
def trivial(g: Game, seat: int, seed: int) -> bool:
    """Whether every choice of the pending decision leads to the same game (tried on one
    deal of the seat's knowledge, with the same dice for each): nothing differs."""
    p = asked(g)
    d = determinize(g, seat, seed)
    first = None
    for c in p.choices:
        try:
            snap = snapshot(after(d, seed, c))
        except IllegalChoice:
            return False
        if first is None:
            first = snap
        elif snap != first:
            return False
    return True


def skip_reason(g: Game, seat: int, seed: int) -> str:
    """"forced" (one choice, or one outcome: the table takes it for the player), "trivial"
    (every choice leads to the same game) or "" (worth judging)."""
    p = asked(g)
    if len(p.choices) < 2:
        return "forced"
    if p.kind == "wild_card" and len(p.choices) == 2 and getattr(p.text, "args", {}).get("n") == ("n", 1):
        return "forced"  # both Spells go whichever is named first (fate/ui/table/autopass.py only_outcome)
    return "trivial" if trivial(g, seat, seed) else ""


def loses_at_once(g: Game, seat: int, cid: str, seed: int, tries: int = 4) -> bool:
    """Whether choice ``cid`` ends the game at once with ``seat`` not among its winners, in
    every one of a few deals of the seat's knowledge (a rule, not an estimate: R-WIN-3, R-SO-8)."""
    for k in range(tries):
        try:
            choice = next(c for c in asked(g).choices if c.id == cid)
            t = after(determinize(g, seat, seed + k), seed + k, choice)
        except (IllegalChoice, StopIteration):
            return False
        if (o := t.outcome()) is None or seat in o.winners:
            return False
    return True


def judge(g: Game, seat: int, taken: str, budget: str = DEFAULT_BUDGET, seed: int = 0,
          iterations: tuple[int, int] | None = None) -> dict[str, Any]:
    """Hard's judgement of ``seat`` taking choice ``taken`` at ``g``'s pending decision, from the
    seat's knowledge only: the chances with it and with the best choice, the mark, one line.
    ``iterations``: (iterations, floor) instead of the budget's (the screenshots' quick sample)."""
    runs, floor = iterations or BUDGETS[budget]
    p = asked(g)
    labels = {c.id: short_label(c.label, c.id) for c in p.choices}
    bot = HardBot(seed, iterations=runs, min_root_visits=floor)
    dec = bot.decide(g)
    est = {e.choice.id: (e.win, e.visits) for e in dec.estimates}
    if taken not in est:
        raise IllegalChoice(f"decision {g.decision}: {taken!r} is not among the choices")
    booked = p.kind == "draft" and all(v == 0 for _, v in est.values())  # the draft book's rates, no search
    best = max(est, key=lambda cid: (est[cid][0], est[cid][1], cid == taken))
    (tw, tv), (bw, bv) = est[taken], est[best]
    drop = max(0.0, bw - tw)
    taken_is_best = best == taken or drop == 0.0
    sure = not booked and min(tv, bv) >= floor and drop > Z * math.hypot(noise(tw, tv), noise(bw, bv))
    # a choice that loses the game on the spot by the rules, where the best one does not: a
    # blunder whatever the chances were (alone, or with four cults, they may have been small)
    lost = drop > 0 and loses_at_once(g, seat, taken, seed) and not loses_at_once(g, seat, best, seed)
    out: dict[str, Any] = {
        "decision": g.decision, "turn": g.turn, "kind": p.kind, "prompt": p.text,
        "taken": taken, "taken_label": labels[taken], "taken_win": round(tw, 4), "taken_visits": tv,
        "best": best, "best_label": labels[best], "best_win": round(bw, 4), "best_visits": bv,
        "drop": round(drop, 4), "iterations": dec.iterations,
        "mark": "blunder" if lost else mark_of(drop, g.n, sure, taken_is_best),
        "accuracy": 0.0 if lost else round(accuracy_of(drop, g.n), 1),
        "lost": lost, "booked": booked,  # what the note's last sentences say (the screen words them again)
    }
    out["note"] = sentence(out)
    if lost:
        out["note"] += " It lost the game on the spot."
    if booked:
        out["note"] += " (the draft book's win rates for these Elder Gods)"
    return out


# ---------------------------------------------------------------- a whole game
def start_of(content: Content, data: object, where: str = "save") -> tuple[Game, list[str]]:
    """The game a save began as, and its choices. SaveFormatError, one line, if it cannot be
    replayed (a game begun from a scenario has no beginning to replay from)."""
    if not isinstance(data, dict) or "config" not in data or "choices" not in data:
        raise SaveFormatError(f"{where}: fields 'config' and 'choices' are required")
    config, choices = check_config(content, data["config"], where), check_choices(data["choices"], where)
    if config.get("scenario"):
        raise SaveFormatError(f"{where}: a game begun from a scenario cannot be reviewed", SaveFormatError.SCENARIO)
    try:
        return new_game_from(content, config), list(choices)
    except (ValueError, KeyError, TypeError) as e:
        raise SaveFormatError(f"{where}: field 'config': {e}") from None


def replay_seats(start: Game, choices: list[str], where: str = "save") -> tuple[Game, list[int]]:
    """The game after ``choices`` and the seat that made each. SaveFormatError if they do not replay."""
    g = start.clone()
    seats = []
    try:
        for cid in choices:
            p = g.pending()
            if p is None:
                raise SaveFormatError(f"{where}: cannot be replayed (a choice after the game's end)")
            seats.append(p.seat)
            g.apply(cid)
    except (IllegalChoice, AttributeError) as e:
        raise SaveFormatError(f"{where}: cannot be replayed ({e})") from None
    return g, seats


def review_game(content: Content, data: dict[str, Any], seat: int, budget: str = DEFAULT_BUDGET, where: str = "save",
                progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] | None = None, iterations: tuple[int, int] | None = None
                ) -> dict[str, Any]:
    """The review of ``seat``'s decisions in a saved game (``review_moves``)."""
    start, choices = start_of(content, data, where)
    return review_moves(start, choices, seat, budget, where, progress, cancelled, iterations)


def review_moves(start: Game, choices: list[str], seat: int, budget: str = DEFAULT_BUDGET, where: str = "save",
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] | None = None, iterations: tuple[int, int] | None = None,
                 salt: int = 0) -> dict[str, Any]:
    """The review of ``seat``'s decisions among ``choices`` made from ``start``: a dict
    (JSON-ready) with each judged decision, the skipped ones counted, and the accuracy.
    ``progress(done, total)`` is told after each decision of the seat; ``cancelled()`` true
    stops it (ReviewCancelled). SaveFormatError if the choices do not replay. ``salt`` changes
    every search's seed (the bench: how far two reviews of the same game agree)."""
    if budget not in BUDGETS:
        raise ValueError(f"budget {cut(budget)}: expected one of {', '.join(BUDGETS)}")
    if isinstance(seat, bool) or not 0 <= seat < start.n:
        raise ValueError(f"seat {cut(seat)}: this game has seats 1 to {start.n}")
    end, seats = replay_seats(start, choices, where)
    g = start.clone()
    total = seats.count(seat)
    judged: list[dict[str, Any]] = []
    skipped = {"forced": 0, "trivial": 0}
    done = 0
    for k, cid in enumerate(choices):
        if seats[k] == seat:
            if cancelled is not None and cancelled():
                raise ReviewCancelled("the review was cancelled")
            seed = k * SEED_STEP + seat + salt * 1_000_003
            why = skip_reason(g, seat, seed)
            if why:
                skipped[why] += 1
            else:
                judged.append(judge(g, seat, cid, budget, seed, iterations))
            done += 1
            if progress is not None:
                progress(done, total)
        g.apply(cid)
    acc = [d["accuracy"] for d in judged]
    return {
        "seat": seat, "players": end.n, "budget": budget, "iterations": (iterations or BUDGETS[budget])[0],
        "seat_name": end.seat_name(seat), "over": (o := end.outcome()) is not None,
        "won": o is not None and seat in o.winners,
        "decisions": judged, "skipped": skipped,
        "marks": {m: sum(1 for d in judged if d["mark"] == m) for m in MARKS},
        "accuracy": round(sum(acc) / len(acc), 1) if acc else None,
    }


def summary(r: dict[str, Any]) -> str:
    """The review's first line: whose, how accurate, the marks counted."""
    acc = "no decision to judge" if r["accuracy"] is None else f"accuracy {r['accuracy']:.0f}%"
    counts = ", ".join(f"{r['marks'][m]} {m}" for m in MARKS if r["marks"].get(m))
    skipped = sum(r["skipped"].values())
    name = r["seat_name"][:1].upper() + r["seat_name"][1:]
    return (f"{name} (seat {r['seat'] + 1}), {r['budget']} review: {acc}"
            + (f"; {counts}" if counts else "") + (f"; {count(skipped, 'decision')} with nothing to choose skipped" if skipped else ""))
