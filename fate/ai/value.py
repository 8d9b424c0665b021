"""Hard's judgement of a position with two to four cults: a chance of winning for
each seat, learned from played games (``data/value.yaml``, written by
``python -m fate.ai.valuebook``).

The hand-written evaluation (``fate.ai.evaluate``) weighs a step of the Summon
track above an Elder Sign, but most games end when a cult places its tenth Elder
Sign and the cult with the fewest wins (R-WIN-3): fitted to the outcomes of played
games with three and four cults, an Elder Sign weighs more than a step of the
track, and more so as the end comes near (with two, about as much early on). So the search
scores the positions it reaches with a model fitted to outcomes: each seat's
``FEATURES`` (counted on the board) give it a score, the weighted sum, and a seat's
chance of winning is its share of the exponentials of the scores (a conditional
logit, the multinomial model of "which seat wins").

Alone against the Investigators Hard keeps the hand-written evaluation: the solo
levels were measured with it (docs/balance.md).
"""

from __future__ import annotations

import math
from pathlib import Path

from fate.ai.bookfile import read_once, read_players
from fate.ai.evaluate import rewards as hand_rewards
from fate.engine import Game
from fate.engine.constants import N_LOCATIONS, OTHER_WORLDS
from fate.ground.paths import data_dir
from fate.ground.untrusted import OneLine, cut

# What the model sees of one seat, in the order of ``features``. "late" is how near
# the end is: the most Elder Signs any cult holds, over 9; "at 8" and "at 9": some
# cult holds that many Elder Signs (one or two placements from the end).
FEATURES = (
    "summon", "signs", "signs_over_6", "other_worlds",
    "lodge_investigators_over_1", "lodge_investigators_4_or_more", "lodge_investigators_5_or_more",
    "lodge_cultists_up_to_6", "lodge_cultists_up_to_3", "lodge_empty",
    "readied_spells", "hand_up_to_6", "artifacts", "gate", "curses", "cultists_on_board",
    "summon_late", "signs_late", "signs_at_8", "summon_at_8", "signs_at_9", "summon_at_9",
    "most_signs", "other_worlds_late",
)
SEAT_COUNTS = (2, 3, 4)
MAX_BYTES = 64 << 10  # the file is about 3 KB
MAX_WEIGHT = 100.0  # a fitted weight is below 2; anything near this is a damaged file


class ValueBookError(OneLine):
    """A value book that cannot be read: missing, damaged, or not about these features."""


def features(g: Game, s: int, most: int) -> tuple[float, ...]:
    """Seat ``s``'s features; ``most`` is the most Elder Signs any seat holds."""
    summon = g.summon[s]
    signs = g.signs[s]
    inv = g.inv_lodge[s]
    lodge = g.lodge[s]
    ow = g.at[OTHER_WORLDS][s]
    late = most / 9.0
    at8 = most >= 8
    at9 = most >= 9
    return (summon, signs, max(0, signs - 6), ow,
            max(0, inv - 1), inv >= 4, inv >= 5,
            min(lodge, 6), min(lodge, 3), lodge == 0,
            len(g.reserve[s]), min(len(g.hands[s]), 6), len(g.arts[s]), g.gate[s] >= 0, g.curses_on(s),
            sum(g.at[loc][s] for loc in range(N_LOCATIONS)),
            summon * late, signs * late, signs * at8, summon * at8, signs * at9, summon * at9,
            signs == most, ow * late)


def chances(scores: list[float]) -> list[float]:
    """Each seat's share of the exponentials of the scores (they add up to 1)."""
    top = max(scores)
    e = [math.exp(x - top) for x in scores]
    total = sum(e)
    return [x / total for x in e]


class ValueModel:
    """Fitted weights per seat count; ``rewards`` is each seat's chance of winning."""

    def __init__(self, weights: dict[int, tuple[float, ...]], source: str = "") -> None:
        self.weights = weights  # weights[players]: one per FEATURES name
        self.source = source

    def scores(self, g: Game) -> list[float]:
        """Each seat's score: the weighted sum of its ``features`` (written out, since the
        search asks for it once an iteration)."""
        (w_summon, w_signs, w_over6, w_ow, w_inv1, w_inv4, w_inv5, w_lodge6, w_lodge3, w_empty, w_ready, w_hand,
         w_arts, w_gate, w_curses, w_board, w_summon_late, w_signs_late, w_signs8, w_summon8, w_signs9, w_summon9,
         w_most, w_ow_late) = self.weights[g.n]
        signs_of = g.signs
        most = max(signs_of)
        late = most / 9.0
        at8 = most >= 8
        at9 = most >= 9
        at = g.at
        ow_row = at[OTHER_WORLDS]
        out = []
        for s in range(g.n):
            summon = g.summon[s]
            signs = signs_of[s]
            inv = g.inv_lodge[s]
            lodge = g.lodge[s]
            ow = ow_row[s]
            x = (w_summon + w_summon_late * late) * summon + (w_signs + w_signs_late * late) * signs
            x += (w_ow + w_ow_late * late) * ow
            if signs > 6:
                x += w_over6 * (signs - 6)
            if inv > 1:
                x += w_inv1 * (inv - 1)
                if inv >= 4:
                    x += w_inv4 + (w_inv5 if inv >= 5 else 0.0)
            if lodge:
                x += w_lodge6 * (lodge if lodge < 6 else 6) + w_lodge3 * (lodge if lodge < 3 else 3)
            else:
                x += w_empty
            x += (w_ready * len(g.reserve[s]) + w_hand * min(len(g.hands[s]), 6) + w_arts * len(g.arts[s])
                  + w_curses * g.curses_on(s) + w_board * sum(row[s] for row in at))
            if g.gate[s] >= 0:
                x += w_gate
            if at8:
                x += w_signs8 * signs + w_summon8 * summon
                if at9:
                    x += w_signs9 * signs + w_summon9 * summon
            if signs == most:
                x += w_most
            out.append(x)
        return out

    def rewards(self, g: Game) -> list[float]:
        """Between 0 and 1 per seat: 1 for a win, 0 for a loss, and while the game goes
        on, the model's chances (the hand-written outlook for a seat count it has no
        weights for, solo included)."""
        if g.over or g.n not in self.weights:
            return hand_rewards(g)
        return chances(self.scores(g))


def default_path() -> Path:
    return Path(data_dir()) / "value.yaml"


def load_values(path: str | Path | None = None) -> ValueModel:
    """Read a value book; every problem is one ValueBookError line."""
    path = Path(path) if path is not None else default_path()
    where = path.name
    source, tables = read_players(path, MAX_BYTES, SEAT_COUNTS, ValueBookError)
    weights: dict[int, tuple[float, ...]] = {}
    for players in SEAT_COUNTS:
        table = tables.get(players)
        if not isinstance(table, dict):
            raise ValueBookError(f"{where}: players {players}: expected a map of features, found {cut(table)}")
        unknown = [k for k in table if k not in FEATURES]
        if unknown:
            raise ValueBookError(f"{where}: players {players}: unknown feature {cut(unknown[0])}")
        missing = [k for k in FEATURES if k not in table]
        if missing:
            raise ValueBookError(f"{where}: players {players}: no weight for {missing[0]!r}")
        row = []
        for name in FEATURES:
            w = table[name]
            if not isinstance(w, int | float) or isinstance(w, bool) or not abs(w) <= MAX_WEIGHT:
                raise ValueBookError(f"{where}: players {players}: {name}: expected a number from "
                                     f"-{MAX_WEIGHT:g} to {MAX_WEIGHT:g}, found {cut(w)}")
            row.append(float(w))
        weights[players] = tuple(row)
    return ValueModel(weights, source)


_default: list[ValueModel | None] = []


def default_values() -> ValueModel | None:
    """The bundled book, read once per process; None if it cannot be read (Hard then
    judges positions with the hand-written evaluation)."""
    return read_once(_default, load_values, ValueBookError, "Hard judges by hand-written weights")
