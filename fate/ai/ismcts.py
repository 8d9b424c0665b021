"""Hard: information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012).

Single-observer ISMCTS (SO-ISMCTS). Every iteration deals a new
determinization of what the deciding seat knows (``fate.engine.determinize``)
and walks one tree with it: the tree's edges are choice ids, so one node
gathers what a decision is worth across every deal and every roll of the dice
that could lie behind it. Chance needs nothing more: each deal has its own
random generator, so the dice differ from one iteration to the next.

- Selection: UCB1 over the children that are legal in this deal, each
  child's count of "times it was available" standing in for its parent's
  visits (the availability rule of the paper).
- Expansion: one untried choice per iteration. At the root the untried choices
  are tried in the order the one-ply evaluation ranks them (a progressive
  bias), so on a prompt with many choices the good ones are searched first.
- Rollouts are cut short: a few decisions of a quick policy (it mostly lets
  casting windows pass), then the position is scored for every seat: with two
  to four cults by the value book's chances of winning (``fate.ai.value``,
  fitted to played games), alone by ``evaluate.rewards``.
- Every node adds the reward of the seat that made the choice leading to it,
  so each seat in the tree plays for itself (four cults, or one in solo).
- The budget is wall-clock seconds per decision; the search stops early once
  the most visited choice cannot be overtaken in the time left.
"""

from __future__ import annotations

import math
import random
import time
from typing import NamedTuple

from fate.ai.book import DraftBook, default_book
from fate.ai.evaluate import after, asked, position_value, rewards
from fate.ai.value import ValueModel, default_values
from fate.engine import Choice, Game
from fate.engine.determinize import determinize
from fate.engine.game import quiet

DEFAULT_BUDGET = 1.0
EXPLORATION = 0.7
ROLLOUT_DEPTH = 6
# Stop early once a quarter of the budget is spent and the leader has three times the visits of the next
SETTLE_AFTER = 0.25
SETTLE_LEAD = 3
BOOK = "book"  # the bundled books (fate.ai.book, fate.ai.value), the default of ``HardBot(draft_book=..., values=...)``
# In a rollout, how often a seat lets a casting window pass (casting at random wastes Spells)
ROLLOUT_PASS = 0.85


class Estimate(NamedTuple):
    """What the search thinks of one root choice."""

    choice: Choice
    win: float  # mean reward for the deciding seat: its chance of winning, roughly
    visits: int


class Decision(NamedTuple):
    choice: Choice
    estimates: tuple[Estimate, ...]  # best first
    iterations: int
    seconds: float
    # the deciding seat's own next choices after ``choice`` that the search tried most (a Wild
    # pair's Spells and where it goes: "card:...", "to:4"), as far as the same seat decides on
    follow: tuple[str, ...] = ()


class Node:
    __slots__ = ("seat", "visits", "total", "avail", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who made the choice that leads here
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[str, Node] = {}


FOLLOW_STEPS = 4  # a Wild pair's line: two Spells, then the destination (and one more to spare)
FOLLOW_VISITS = 2  # a step of that line must have been tried at least this often


def _follow(node: Node, me: int) -> tuple[str, ...]:
    """The most tried line of ``me``'s own choices below ``node``, while ``me`` decides."""
    line: list[str] = []
    while len(line) < FOLLOW_STEPS and node.children:
        cid, child = max(node.children.items(), key=lambda kv: kv[1].visits)
        if child.seat != me or child.visits < FOLLOW_VISITS:
            break
        line.append(cid)
        node = child
    return tuple(line)


class HardBot:
    """Searches from the deciding seat's view for ``budget`` seconds a decision."""

    name = "hard"

    def __init__(self, seed: int = 0, budget: float = DEFAULT_BUDGET, *, iterations: int | None = None,
                 exploration: float = EXPLORATION, rollout_depth: int = ROLLOUT_DEPTH,
                 draft_book: DraftBook | str | None = BOOK, values: ValueModel | str | None = BOOK,
                 min_root_visits: int = 0) -> None:
        self.rng = random.Random(seed)
        # how the Elder God is chosen: by the book's win rates (None: by search, as any decision)
        self.draft_book: DraftBook | None = default_book() if isinstance(draft_book, str) else draft_book
        # how a position reached is judged: by the value book's chances (None: the hand-written outlook)
        self.values: ValueModel | None = default_values() if isinstance(values, str) else values
        self.budget = budget
        self.iterations = iterations  # a fixed count instead of a clock (tests: the same on any machine)
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        # every root choice is tried at least this often before UCB1 picks (the review, fate/ai/critic.py:
        # the choice a player took must be estimated well enough to be judged, however poor it looks)
        self.min_root_visits = min_root_visits

    def choose(self, g: Game) -> Choice:
        return self.decide(g).choice

    def decide(self, g: Game) -> Decision:
        start = time.perf_counter()
        p = asked(g)
        if p.kind == "draft" and self.draft_book is not None:
            return self._draft(g, start, self.draft_book)
        me = p.seat
        rng = self.rng
        root = Node(me)
        order = self._root_order(g, me)
        deadline = start + self.budget
        cap = self.iterations
        c_explore = self.exploration
        depth_cap = self.rollout_depth
        floor = self.min_root_visits
        judge = self.values.rewards if self.values is not None else rewards
        log = math.log
        sqrt = math.sqrt
        it = 0
        while True:
            d = quiet(determinize(g, me, rng.getrandbits(62)))
            node = root
            path = []
            while d.ask is not None:
                prompt = d.ask[1]
                choices = prompt.choices
                kids = node.children
                if node is root and len(kids) < len(order):
                    for ch in kids.values():
                        ch.avail += 1
                    pick = order[len(kids)]
                    child = kids[pick.id] = Node(me)
                    d.apply(pick)
                    path.append(child)
                    break
                untried = [c for c in choices if c.id not in kids]
                if untried:
                    pick = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    for c in choices:
                        seen = kids.get(c.id)
                        if seen is not None:
                            seen.avail += 1
                    child = kids[pick.id] = Node(prompt.seat)
                    d.apply(pick)
                    path.append(child)
                    break
                if node is root and floor:
                    lag = [c for c in choices if kids[c.id].visits < floor]
                    if lag:
                        pick = min(lag, key=lambda c: kids[c.id].visits)
                        for c in choices:
                            kids[c.id].avail += 1
                        child = kids[pick.id]
                        d.apply(pick)
                        path.append(child)
                        node = child
                        continue
                best_value = -1.0
                for c in choices:
                    ch = kids[c.id]
                    ch.avail += 1
                    v = ch.total / ch.visits + c_explore * sqrt(log(ch.avail) / ch.visits)
                    if v > best_value:
                        best_value, pick, child = v, c, ch
                d.apply(pick)
                path.append(child)
                node = child
            k = 0
            while d.ask is not None and k < depth_cap:
                prompt = d.ask[1]
                choices = prompt.choices
                if prompt.kind == "cast_window" and rng.random() < ROLLOUT_PASS:
                    d.apply(choices[-1])  # the last choice of a window is always Pass
                else:
                    d.apply(choices[rng.randrange(len(choices))])
                k += 1
            r = judge(d)
            for nd in path:
                nd.visits += 1
                nd.total += r[nd.seat]
            it += 1
            if cap is not None:
                if it >= cap:
                    break
            elif it % 16 == 0 and self._settled(root, it, start, deadline, self.budget):
                break
        ranked = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, -kv[1].total))
        by_id = {c.id: c for c in p.choices}
        estimates = tuple(Estimate(by_id[cid], n.total / n.visits if n.visits else 0.0, n.visits)
                          for cid, n in ranked)
        return Decision(estimates[0].choice, estimates, it, time.perf_counter() - start,
                        _follow(root.children[ranked[0][0]], me))

    def _draft(self, g: Game, start: float, book: DraftBook) -> Decision:
        """Keep the god of the pair that wins most often at this seat count (the book's
        smoothed rate); a search from the draft cannot see a god's worth over a game."""
        cards = g.content.cards
        rated = [(book.rate(g.n, cards[c.value].id), i, c) for i, c in enumerate(asked(g).choices)]
        rated.sort(key=lambda x: (-x[0], x[1]))
        estimates = tuple(Estimate(c, rate, 0) for rate, _, c in rated)
        return Decision(estimates[0].choice, estimates, 0, time.perf_counter() - start)

    @staticmethod
    def _settled(root: Node, it: int, start: float, deadline: float, budget: float) -> bool:
        """Out of time; or the leader's lead in visits is more than the time left could
        change; or, a quarter of the way in, the leader has three times the visits of
        the next and the best mean as well (more search would not change the choice)."""
        now = time.perf_counter()
        if now >= deadline:
            return True
        if len(root.children) < 2:
            return False
        ranked = sorted(root.children.values(), key=lambda n: n.visits, reverse=True)
        first, second = ranked[0], ranked[1]
        left = it / max(now - start, 1e-9) * (deadline - now)
        if first.visits - second.visits > left:
            return True
        if now - start < SETTLE_AFTER * budget or first.visits < SETTLE_LEAD * second.visits:
            return False
        mean = first.total / first.visits
        return all(n.total / n.visits <= mean for n in ranked[1:] if n.visits)

    def _root_order(self, g: Game, me: int) -> list[Choice]:
        """The root's choices, best first by a one-ply look at one deal (the progressive bias)."""
        choices = asked(g).choices
        d = determinize(g, me, self.rng.getrandbits(62))
        seed = self.rng.getrandbits(62)
        scored = [(-position_value(after(d, seed, c), me), i, c) for i, c in enumerate(choices)]
        scored.sort()
        return [c for _, _, c in scored]
