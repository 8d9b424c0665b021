"""``python -m fate.bench review``: the seconds Hard's review (fate/ai/critic.py) takes a decision
at each budget, and how far two reviews of the same decisions agree when their searches are seeded
differently: how often they give the same mark, and how often they agree on whether the choice was
marked at all (an inaccuracy or worse) or not.

The decisions are seat 1's in the first ``--games`` x 50 decisions (150 unless given) of a seeded
three-cult game, seat 1 played by Easy (a player who misjudges now and then), the others by Normal."""

from __future__ import annotations

import time

from fate.ai.critic import BUDGETS, review_moves
from fate.engine import default_content, engine_kind, new_game

BAD = ("inaccuracy", "mistake", "blunder")


def sample_game(decisions: int, players: int = 3, seed: int = 1):
    from fate.ai.bots import make_bot

    content = default_content()
    g = new_game(content, players, seed)
    start, choices = g.clone(), list[str]()
    bots = [make_bot("easy" if s == 0 else "normal", seed + s, None) for s in range(players)]
    while (p := g.pending()) is not None and len(choices) < decisions:
        cid = bots[p.seat].choose(g).id
        choices.append(cid)
        g.apply(cid)
    return start, choices


def agreement(a: dict, b: dict) -> tuple[float, float, float, float]:
    """(same mark, same mark with best and good as one, same marked-or-not, either unclear) as
    shares of the decisions both judged."""
    pairs = list(zip(a["decisions"], b["decisions"], strict=True))
    n = max(1, len(pairs))

    def fold(m: str) -> str:
        return "good" if m == "best" else m

    same = sum(x["mark"] == y["mark"] for x, y in pairs) / n
    folded = sum(fold(x["mark"]) == fold(y["mark"]) for x, y in pairs) / n
    marked = sum((x["mark"] in BAD) == (y["mark"] in BAD) for x, y in pairs) / n
    unclear = sum("unclear" in (x["mark"], y["mark"]) for x, y in pairs) / n
    return same, folded, marked, unclear


def report(args) -> int:
    decisions = 50 * (args.games or 3)
    start, choices = sample_game(decisions)
    print(f"review: seat 1's decisions (Easy) among the first {len(choices)} of a seeded three-cult game "
          f"(the others Normal); two reviews a budget, their searches seeded apart; the engine {engine_kind()}")
    for budget in BUDGETS:
        runs = []
        for salt in (0, 1):
            t0 = time.perf_counter()
            r = review_moves(start, choices, 0, budget, salt=salt)
            runs.append((r, time.perf_counter() - t0))
        (a, ta), (b, tb) = runs
        asked = len(a["decisions"]) + sum(a["skipped"].values())
        same, folded, marked, unclear = agreement(a, b)
        bad = [sum(d["mark"] in BAD for d in r["decisions"]) for r in (a, b)]
        iters, floor = BUDGETS[budget]
        print(f"{budget} ({iters} iterations, {floor} visits a choice at least): "
              f"{(ta + tb) / 2 / max(1, asked):.2f} s a decision ({asked} decisions, {len(a['decisions'])} judged); "
              f"the two reviews give the same mark to {100 * same:.0f}% ({100 * folded:.0f}% with best and good "
              f"as one), agree on marked (an inaccuracy or worse) or not for {100 * marked:.0f}%, one or both "
              f"unclear for {100 * unclear:.0f}%; marked {bad[0]} and {bad[1]}; accuracy {a['accuracy']} and "
              f"{b['accuracy']}")
    return 0
