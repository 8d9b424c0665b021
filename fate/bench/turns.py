"""``python -m fate.bench turns``: how right "End your turn?" is, and what it costs.

Seeded games of one to four cults are played by random choices; at every prompt the
engine's marks (fate/engine/determinize.py ``turn_ending``: "ends", "may" or none) are
set against two things:

- the true game: did each choice end its seat's own turn there (or the game), the other seats
  passing the chances to cast they are given on the way?
- for each choice marked "ends", ``--deals`` (40) other deals of what its seat knows
  (``determinize``), each with dice of its own: in every one the turn must end with no die
  rolled, no Curse revealed and no card taken at random on the way (``unforeseen``).
  A deal where it does not is a contradiction: the mark was wrong.

Then the time ``turn_ending`` took a prompt (p50, p95, mean), on the process's CPU.
"""

from __future__ import annotations

import random
import time

from fate.engine import Game, Prompt, default_content, new_game
from fate.engine.choices import ChoiceKind, choice_id
from fate.engine.determinize import CHANCE, ENDS, MAY_END, determinize, turn_ending

DEALS = 40


def outcome(events: list, seat: int, cid: str) -> tuple[bool, list[str]]:
    """(did the events of choice ``cid`` end ``seat``'s own turn or the game, the events that
    came before that end and turned on something the seat could not foresee). A Readied Spell
    the seat chose to discard (``replace:``) is its own doing."""
    unforeseen: list[str] = []
    for e in events:
        if e.kind == "game_over" or (e.kind == "turn_ended" and e.data["seat"] == seat):
            return True, unforeseen
        if e.kind in CHANCE and not (e.kind == "readied_discarded" and cid == choice_id(ChoiceKind.REPLACE, e.data["card"])):
            unforeseen.append(e.kind)
    return False, unforeseen


def asked(g: Game) -> Prompt:
    """The prompt of a game that is not over (every caller here checks ``g.over`` first)."""
    p = g.pending()
    if p is None:
        raise ValueError("the game is over: no decision is asked")
    return p


def truth(g: Game, cid: str) -> bool:
    """Does choice ``cid`` of the pending prompt end its seat's turn in the true game ``g``, if
    every other seat passes the chances to cast it is given on the way?"""
    t, seat = g.clone(), asked(g).seat
    events = t.apply(cid)
    for _ in range(32):
        p = t.pending()
        if outcome(events, seat, cid)[0] or p is None or p.seat == seat or p.kind != "cast_window":
            break
        events += t.apply("pass")
    return outcome(events, seat, cid)[0]


def contradiction(g: Game, cid: str, deals: int, seed: int) -> str:
    """The first of ``deals`` deals of what the pending prompt's seat knows where choice ``cid``
    does not surely end its turn, in words ("" if none): the check of a mark "ends"."""
    seat = asked(g).seat
    for k in range(deals):
        events = determinize(g, seat, seed + k).apply(cid)
        ended, unforeseen = outcome(events, seat, cid)
        if not ended:
            return f"deal {seed + k}: the turn goes on ({', '.join(e.kind for e in events[-4:])})"
        if unforeseen:
            return f"deal {seed + k}: {', '.join(unforeseen)} before the turn ended"
    return ""


def measure(games: int = 40, deals: int = DEALS, first_seed: int = 1000) -> dict:
    content = default_content()
    table = {(how, truth): 0 for how in (ENDS, MAY_END, "") for truth in (True, False)}
    wrong: list[str] = []
    spent: list[float] = []
    for k in range(games):
        g = new_game(content, 1 + k % 4, seed=first_seed + k)
        pick = random.Random(k)
        while not g.over and g.decision < 3000:
            p = asked(g)
            start = time.process_time()
            marks = turn_ending(g)
            spent.append(time.process_time() - start)
            for c in p.choices:
                how = marks.get(c.id, "")
                table[(how, truth(g, c.id))] += 1
                if how == ENDS:
                    said = contradiction(g, c.id, deals, 7_000_000 + 1000 * g.decision)
                    if said:
                        wrong.append(f"game {first_seed + k}, decision {g.decision}, {c.id}: {said}")
            g.apply(pick.choice(p.choices).id)
    spent.sort()
    return {"games": games, "deals": deals, "table": table, "wrong": wrong, "prompts": len(spent),
            "p50": spent[len(spent) // 2] * 1000, "p95": spent[int(len(spent) * 0.95)] * 1000,
            "mean": sum(spent) / len(spent) * 1000}


def report(args) -> int:
    r = measure(args.games or 40)
    t = r["table"]
    print(f"End your turn? over {r['prompts']} prompts of {r['games']} seeded random games (1-4 cults):")
    print(f"  marked ends: {t[(ENDS, True)] + t[(ENDS, False)]} (the true game, rivals passing, ended the turn in "
          f"{t[(ENDS, True)]}); may: {t[(MAY_END, True)] + t[(MAY_END, False)]} (ended in {t[(MAY_END, True)]}); "
          f"unmarked choices that ended it in the true game: {t[('', True)]} of {t[('', True)] + t[('', False)]}")
    print(f"  every 'ends' tried on {r['deals']} other deals of what its seat knows: "
          f"{len(r['wrong'])} contradicted")
    for line in r["wrong"][:10]:
        print("   ", line)
    print(f"  time a prompt (CPU): p50 {r['p50']:.2f} ms, p95 {r['p95']:.2f} ms, mean {r['mean']:.2f} ms")
    return 0
