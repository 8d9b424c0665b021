"""Reviews kept beside their saves, and ``python -m fate.records.reviews SAVE`` (issue 45).

Hard's review of one seat (fate/ai/critic.py) takes a minute; it is kept in
``<game id>.review`` beside the save (not ``.json``: the Load list reads every
``.json`` there as a game) so that it opens at once the second time. The file is
versioned JSON written atomically (a temporary file renamed over the old one),
``{format_version, kind, save_hash, reviews: {"<seat>:<budget>": review}}``,
keyed to a hash of the save's config and choices: a review of another game, of
the game as it stood before more decisions were made, or a damaged file, is
ignored with one line, and the review is worked out again. Every field read back
is checked as any file from outside (fate/ground/untrusted.py). No pygame here.

    python -m fate.records.reviews SAVE [--seat N] [--budget quick|thorough]
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from fate.ai.critic import BUDGETS, DEFAULT_BUDGET, MARKS, ReviewCancelled, review_game, summary
from fate.engine.errors import SaveFormatError
from fate.ground.cli import Parser, old_file, refuse, whole
from fate.ground.files import write_save
from fate.ground.untrusted import InputError, clean, cut, read_json

FORMAT_VERSION = 1
KIND = "fate-of-the-elder-gods review"
MAX_BYTES = 4 << 20
SUFFIX = ".review"
TEXT = 400  # the longest label or line kept from a review file (a note names two choices)


class ReviewFormatError(SaveFormatError):
    """A review file that is not one of ours, is of another game, or is damaged."""


def save_hash(data: dict[str, Any]) -> str:
    """The hash of what a game is: its config and choices (not when it was saved)."""
    text = json.dumps({"config": data.get("config"), "choices": data.get("choices")}, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def review_path(save: Path) -> Path:
    save = Path(save)
    return save.with_name(save.name.removesuffix(".json") + SUFFIX)


def key(seat: int, budget: str) -> str:
    return f"{seat}:{budget}"


# ---------------------------------------------------------------- checking a file
def _num(x: Any, lo: float, hi: float) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and lo <= x <= hi


def _text(d: dict[str, Any], f: str, where: str) -> str:
    if not isinstance(d.get(f), str):
        raise ReviewFormatError(f"{where}: field {f!r} holds {cut(d.get(f))}")
    return clean(d[f], TEXT)


def check_review(r: Any, where: str) -> dict[str, Any]:
    """A review read from a file, each field checked and its text cleaned; ReviewFormatError."""
    if not isinstance(r, dict):
        raise ReviewFormatError(f"{where}: expected a review, found {cut(r)}")
    for f, lo, hi in (("seat", 0, 3), ("players", 1, 4), ("iterations", 0, 10**7)):
        if not (_num(r.get(f), lo, hi) and isinstance(r[f], int)):
            raise ReviewFormatError(f"{where}: field {f!r} holds {cut(r.get(f))}")
    if r.get("budget") not in BUDGETS:
        raise ReviewFormatError(f"{where}: field 'budget' holds {cut(r.get('budget'))}")
    if not (r.get("accuracy") is None or _num(r["accuracy"], 0, 100)):
        raise ReviewFormatError(f"{where}: field 'accuracy' holds {cut(r.get('accuracy'))}")
    skipped = r.get("skipped")
    if not (isinstance(skipped, dict) and set(skipped) == {"forced", "trivial"}
            and all(_num(v, 0, 10**6) and isinstance(v, int) for v in skipped.values())):
        raise ReviewFormatError(f"{where}: field 'skipped' holds {cut(skipped)}")
    rows = r.get("decisions")
    if not isinstance(rows, list) or len(rows) > 10**5:
        raise ReviewFormatError(f"{where}: field 'decisions' holds {cut(rows)}")
    out_rows = []
    for i, d in enumerate(rows):
        at = f"{where}: decision {i + 1}"
        if not isinstance(d, dict):
            raise ReviewFormatError(f"{at}: expected a map, found {cut(d)}")
        if d.get("mark") not in MARKS:
            raise ReviewFormatError(f"{at}: field 'mark' holds {cut(d.get('mark'))}")
        for f, lo, hi in (("decision", 0, 10**7), ("turn", 0, 10**9), ("taken_visits", 0, 10**7),
                          ("best_visits", 0, 10**7), ("iterations", 0, 10**7)):
            if not (_num(d.get(f), lo, hi) and isinstance(d[f], int)):
                raise ReviewFormatError(f"{at}: field {f!r} holds {cut(d.get(f))}")
        for f in ("taken_win", "best_win", "drop"):
            if not _num(d.get(f), 0.0, 1.0):
                raise ReviewFormatError(f"{at}: field {f!r} holds {cut(d.get(f))}")
        if not _num(d.get("accuracy"), 0, 100):
            raise ReviewFormatError(f"{at}: field 'accuracy' holds {cut(d.get('accuracy'))}")
        row = {f: d[f] for f in ("decision", "turn", "taken_visits", "best_visits", "iterations", "taken_win",
                                 "best_win", "drop", "accuracy", "mark")}
        for f in ("kind", "prompt", "taken", "taken_label", "best", "best_label", "note"):
            row[f] = _text(d, f, at)
        for f in ("lost", "booked"):  # (a review kept by an earlier version has neither)
            row[f] = d.get(f) is True
        out_rows.append(row)
    return {
        "seat": r["seat"], "players": r["players"], "budget": r["budget"], "iterations": r["iterations"],
        "seat_name": _text(r, "seat_name", where), "over": r.get("over") is True, "won": r.get("won") is True,
        "decisions": out_rows, "skipped": dict(skipped),
        "marks": {m: sum(1 for d in out_rows if d["mark"] == m) for m in MARKS},
        "accuracy": r["accuracy"],
    }


def read_reviews(save: Path, data: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], str]:
    """The reviews kept for this game, and "" or the one line saying why a file there was ignored."""
    path = review_path(save)
    if not path.exists():
        return {}, ""
    where = path.name
    try:
        raw = read_json(path, MAX_BYTES)
        if not isinstance(raw, dict) or raw.get("kind") != KIND:
            raise ReviewFormatError(f"{where}: not a review of this game's")
        if raw.get("format_version") != FORMAT_VERSION:
            raise ReviewFormatError(f"{where}: format {cut(raw.get('format_version'))}, expected {FORMAT_VERSION}")
        if raw.get("save_hash") != save_hash(data):
            raise ReviewFormatError(f"{where}: a review of another game (or of this one before it went on)")
        reviews = raw.get("reviews")
        if not isinstance(reviews, dict) or len(reviews) > 32:
            raise ReviewFormatError(f"{where}: field 'reviews' holds {cut(reviews)}")
        out: dict[str, dict[str, Any]] = {}
        for k, r in reviews.items():
            rr = check_review(r, f"{where}: review {cut(k)}")
            if k != key(rr["seat"], rr["budget"]):
                raise ReviewFormatError(f"{where}: review {cut(k)} is filed under the wrong seat")
            out[k] = rr
        return out, ""
    except InputError as e:
        return {}, f"{where}: {e}; ignored, the review will be worked out again"
    except ReviewFormatError as e:
        return {}, f"{e}; ignored, the review will be worked out again"


def kept_review(save: Path, data: dict[str, Any], seat: int, budget: str) -> tuple[dict[str, Any] | None, str]:
    """The kept review of ``seat`` at ``budget`` (a thorough one serves a quick ask too)."""
    reviews, problem = read_reviews(save, data)
    for b in ([budget] + [x for x in BUDGETS if x != budget and x == "thorough"]):
        if key(seat, b) in reviews:
            return reviews[key(seat, b)], problem
    return None, problem


def keep_review(save: Path, data: dict[str, Any], review: dict[str, Any]) -> Path:
    """Add a finished review to the game's review file, written atomically (OSError if it cannot be)."""
    reviews, _ = read_reviews(save, data)
    reviews[key(review["seat"], review["budget"])] = review
    path = review_path(save)
    write_save({"format_version": FORMAT_VERSION, "kind": KIND, "save_hash": save_hash(data),
                "reviews": reviews}, path)
    return path


def _seat_rows(data: dict[str, Any]) -> list[Any]:
    """The table's rows of the save's seats (``session.seats``), [] when missing or damaged."""
    session = data.get("session")
    rows = session.get("seats") if isinstance(session, dict) else None
    return rows if isinstance(rows, list) else []


def may_review(data: dict[str, Any], seat: int, over: bool) -> str:
    """Why ``seat`` may not be reviewed now ("" if it may): before the game's end, only a human
    seat's own decisions (another's would tell what it chose while it is still playing)."""
    if over:
        return ""
    rows = _seat_rows(data)
    human = 0 <= seat < len(rows) and isinstance(rows[seat], dict) and rows[seat].get("human") is True
    return "" if human else "the game is not over: only a human seat's own decisions can be reviewed"


def default_seat(data: dict[str, Any]) -> int:
    """The player's own seat: the first human one (else the first)."""
    rows = _seat_rows(data)
    return next((i for i, r in enumerate(rows) if isinstance(r, dict) and r.get("human") is True), 0)


def lines(r: dict[str, Any]) -> list[str]:
    """The review in text: the summary, then one line a judged decision."""
    out = [summary(r)]
    for d in r["decisions"]:
        out.append(f"  turn {d['turn']:>3}, decision {d['decision']:>4}: {d['mark']:<10} {d['note']}")
    return out


def main(argv: list[str] | None = None) -> int:
    prog = "python -m fate.records.reviews"
    ap = Parser(prog=prog, description="Hard's review of one seat's decisions in a saved game, "
                                       "judged from what that seat knew at each one.")
    ap.add_argument("save", metavar="SAVE", type=old_file, help="a saved game (.json)")
    ap.add_argument("--seat", type=whole(1, 4), default=None, help="the seat to review, 1-4 (default: the player's)")
    ap.add_argument("--budget", choices=tuple(BUDGETS), default=DEFAULT_BUDGET,
                    help="how long Hard thinks a decision (default quick)")
    args = ap.parse_args(argv)
    from fate.ai.critic import start_of
    from fate.engine import default_content
    from fate.records.saves import read_save

    content = default_content()
    try:
        data = read_save(args.save)
        start, _ = start_of(content, data, str(args.save))
    except SaveFormatError as e:
        refuse(prog, f"SAVE {e}")
    seat = default_seat(data) if args.seat is None else args.seat - 1
    if seat >= start.n:
        refuse(prog, f"--seat {seat + 1}: this game has seats 1 to {start.n}")
    kept, problem = kept_review(args.save, data, seat, args.budget)
    if problem:
        print(problem, file=sys.stderr)
    if kept is None:
        try:
            from fate.ai.critic import replay_seats

            why = may_review(data, seat, replay_seats(start, data["choices"], str(args.save))[0].over)
            if why:
                refuse(prog, f"--seat {seat + 1}: {why}")
            kept = review_game(content, data, seat, args.budget, str(args.save))
        except (SaveFormatError, ValueError) as e:
            refuse(prog, f"SAVE {e}")
        except (ReviewCancelled, KeyboardInterrupt):
            refuse(prog, "the review was stopped: nothing was kept")
        try:
            keep_review(args.save, data, kept)
        except OSError as e:
            print(f"{prog}: the review could not be kept beside the save ({e.strerror or e})", file=sys.stderr)
    print("\n".join(lines(kept)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
