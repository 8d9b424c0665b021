"""``python -m fate.bench prompts``: how many Pass prompts a human answers a turn.

Seeded games are played with Normal bots standing in for humans (every seat
human; solo and two to four cults). Each game is played twice from the same
seed: once as the table was without auto-pass (every casting window is asked)
and once with the default auto-pass (``fate.ui.table.autopass``) and the one-choice
rule. The stand-in decides every decision it is asked in both runs (so its
random stream, and every choice, is the same); where the table passes for it
and it would have cast, that stands for the player pressing Cast… and is
counted apart. A *pass-only prompt* is a casting window the player is shown
and answers with Pass. The two runs must end the same way; a mismatch is
printed and fails the command.

A third run is the whole default table: auto-pass as above and Temporary Control
rolled for the seat (the default setting, ``always``): the table's answer is
applied, so that game may differ from the other two. Its last line is the share
of the decisions shown to a human that are pass-only prompts (a chance to cast
answered with Pass). A chance offered with the decision after it and passed by
making that decision is no decision of its own: it is counted apart, and so
are the other declining answers (Skip, Ready nothing...), which are decisions
with something at stake.
"""

from __future__ import annotations

from dataclasses import dataclass

from fate.ai.bots import make_bot
from fate.engine import default_content, new_game
from fate.ui.table.autopass import (
    DEFAULT_MODE,
    DEFAULT_TEMPORARY,
    AutoPass,
    fold,
    table_answer,
)
from fate.ui.table.picker import DECLINE


@dataclass
class Run:
    turns: int = 0  # human turns played
    pass_prompts: int = 0  # casting windows shown and answered Pass
    shown: int = 0  # decisions shown to the player
    cast_button: int = 0  # windows the table would pass where the player chose to cast (Cast…)
    declined: int = 0  # decisions shown and answered with a declining choice (Pass, Skip, Do not roll...)
    folded: int = 0  # chances to cast offered with the decision after them, and passed by making it
    outcome: tuple = ()


def play(content, players: int, seed: int, auto: bool, max_choices: int = 6000, temporary: str = "ask") -> Run:
    """One game with Normal stand-ins at every seat; ``auto``: the table's default auto-pass;
    ``temporary``: the Temporary Control setting of every seat (the table's answer is applied)."""
    g = new_game(content, players, seed)
    bots = [make_bot("normal", seed * 10 + s) for s in range(players)]
    table = AutoPass([DEFAULT_MODE] * players)
    run = Run()
    made = 0
    modes = [temporary] * players
    humans = set(range(players))
    while (p := g.pending()) is not None and made < max_choices:
        choice = bots[p.seat].choose(g).id  # the player's own wish, asked in both runs alike
        answer = table_answer(table, modes, g, p) if auto else None
        if answer is not None:  # the table answers: not shown
            if answer == "pass" and choice != "pass":
                run.cast_button += 1  # the player would have cast: Cast… beforehand
            elif p.kind == "temporary_control":
                choice = answer  # the setting's answer (one outcome: the stand-in's own pick is as good)
        elif auto and choice == "pass" and fold(g, p, table, modes, humans) is not None:
            run.folded += 1  # passed by making the decision it was offered with
        else:
            run.shown += 1
            run.declined += choice in DECLINE
            if p.kind == "cast_window" and choice == "pass":
                run.pass_prompts += 1
        for e in g.apply(choice):
            if e.kind == "turn_started" and 0 <= e.data.get("seat", -1) < players:
                run.turns += 1
        made += 1
    run.outcome = (g.over, tuple(g.winners), g.end_reason, tuple(g.choices_made))
    return run


def bench_prompts(games: int = 12, first_seed: int = 1) -> dict:
    content = default_content()
    tot = {False: Run(), True: Run()}
    whole = Run()  # the default table, Temporary Control setting included
    same = 0
    for i in range(games):
        players = (1, 2, 3, 4)[i % 4]
        seed = first_seed + i
        runs = {auto: play(content, players, seed, auto) for auto in (False, True)}
        same += runs[False].outcome == runs[True].outcome
        default = play(content, players, seed, True, temporary=DEFAULT_TEMPORARY)
        whole.shown += default.shown
        whole.declined += default.declined
        whole.pass_prompts += default.pass_prompts
        whole.folded += default.folded
        for auto, r in runs.items():
            t = tot[auto]
            t.turns += r.turns
            t.pass_prompts += r.pass_prompts
            t.shown += r.shown
            t.cast_button += r.cast_button
    a = tot[False].pass_prompts / max(1, tot[False].turns)
    b = tot[True].pass_prompts / max(1, tot[True].turns)
    return {"games": games, "same": same, "a": a, "b": b, "turns": tot[False].turns,
            "shown_a": tot[False].shown / max(1, tot[False].turns), "shown_b": tot[True].shown / max(1, tot[True].turns),
            "cast_button": tot[True].cast_button, "declined": whole.declined, "shown": whole.shown,
            "passes": whole.pass_prompts, "folded": whole.folded,
            "declined_share": 100 * whole.declined / max(1, whole.shown),
            "share": 100 * whole.pass_prompts / max(1, whole.shown)}


def report(args, first_seed: int = 1) -> int:
    games = args.games or 24
    r = bench_prompts(games, first_seed)
    print(f"prompts: {r['games']} seeded games (solo and 2-4 cults, seeds {first_seed}-{first_seed + games - 1}), "
          f"Normal bots standing in for every human, {r['turns']} human turns")
    print(f"decisions shown per human turn: {r['shown_a']:.2f} without auto-pass, {r['shown_b']:.2f} with the default")
    print(f"casts made with the Cast… button where the table would pass: {r['cast_button']}")
    print(f"same outcome both ways: {r['same']} of {r['games']} games")
    print(f"pass-only prompts per human turn: {r['a']:.2f} without auto-pass, {r['b']:.2f} with the default")
    print(f"decisions shown to a human at the default table (Temporary Control rolled as its setting does): "
          f"{r['shown']}; {r['folded']} chances to cast passed by the decision they came with; "
          f"declined of every kind (Pass, Skip, Ready nothing...): {r['declined']} ({r['declined_share']:.0f}%)")
    print(f"pass-only share of human decisions with the default: {r['share']:.0f}%")
    return 0 if r["same"] == r["games"] else 1
