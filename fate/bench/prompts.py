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

The last lines count the decisions with one sensible answer: a pass-only prompt,
or a Control Action that costs nothing and can only help
(``fate.ui.table.free_control.only_helps``) shown to the player. A fourth run
plays the default table with every Control Action asked (the table before that
setting), to show what the setting saves.
"""

from __future__ import annotations

from dataclasses import dataclass

from fate.ai.bots import make_bot
from fate.engine import default_content, new_game
from fate.engine.kinds import EventKind
from fate.ui.table.autopass import (
    DEFAULT_MODE,
    DEFAULT_TEMPORARY,
    AutoPass,
    fold,
    table_answer,
)
from fate.ui.table.free_control import DEFAULT_CONTROL, only_helps
from fate.ui.table.picker import DECLINE


@dataclass
class Run:
    turns: int = 0  # human turns played
    pass_prompts: int = 0  # casting windows shown and answered Pass
    shown: int = 0  # decisions shown to the player
    cast_button: int = 0  # windows the table would pass where the player chose to cast (Cast…)
    declined: int = 0  # decisions shown and answered with a declining choice (Pass, Skip, Do not roll...)
    folded: int = 0  # chances to cast offered with the decision after them, and passed by making it
    free_control: int = 0  # Control Actions shown that cost nothing and can only help (take or skip)
    control_taken: int = 0  # Control Actions the table took for the player
    outcome: tuple = ()


def play(content, players: int, seed: int, auto: bool, max_choices: int = 6000, temporary: str = "ask",
         control: str = "ask") -> Run:
    """One game with Normal stand-ins at every seat; ``auto``: the table's default auto-pass;
    ``temporary``, ``control``: the Temporary Control and Control Action settings of every seat
    (the table's answer is applied)."""
    g = new_game(content, players, seed)
    bots = [make_bot("normal", seed * 10 + s) for s in range(players)]
    table = AutoPass([DEFAULT_MODE] * players)
    run = Run()
    made = 0
    modes = [temporary] * players
    controls = [control] * players
    humans = set(range(players))
    while (p := g.pending()) is not None and made < max_choices:
        choice = bots[p.seat].choose(g).id  # the player's own wish, asked in both runs alike
        answer = table_answer(table, modes, g, p, controls) if auto else None
        if answer is not None:  # the table answers: not shown
            if answer == "pass" and choice != "pass":
                run.cast_button += 1  # the player would have cast: Cast… beforehand
            elif p.kind in ("temporary_control", "control_action"):
                run.control_taken += p.kind == "control_action"
                choice = answer  # the setting's answer (the stand-in decides what follows)
        elif auto and choice == "pass" and fold(g, p, table, modes, humans, controls) is not None:
            run.folded += 1  # passed by making the decision it was offered with
        else:
            run.shown += 1
            run.declined += choice in DECLINE
            if p.kind == "cast_window" and choice == "pass":
                run.pass_prompts += 1
            run.free_control += only_helps(p)
        for e in g.apply(choice):
            if e.kind == EventKind.TURN_STARTED and 0 <= e.data.get("seat", -1) < players:
                run.turns += 1
        made += 1
    run.outcome = (g.outcome(), g.history())
    return run


def bench_prompts(games: int = 12, first_seed: int = 1) -> dict:
    content = default_content()
    tot = {False: Run(), True: Run()}
    whole = Run()  # the default table, the Temporary Control and Control Action settings included
    ask = Run()  # the same with every Control Action asked (the table before that setting)
    same = 0
    for i in range(games):
        players = (1, 2, 3, 4)[i % 4]
        seed = first_seed + i
        runs = {auto: play(content, players, seed, auto) for auto in (False, True)}
        same += runs[False].outcome == runs[True].outcome
        default = play(content, players, seed, True, temporary=DEFAULT_TEMPORARY, control=DEFAULT_CONTROL)
        asked = play(content, players, seed, True, temporary=DEFAULT_TEMPORARY, control="ask")
        for run, into in ((default, whole), (asked, ask)):
            for name in ("shown", "declined", "pass_prompts", "folded", "free_control", "control_taken"):
                setattr(into, name, getattr(into, name) + getattr(run, name))
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
            "share": 100 * whole.pass_prompts / max(1, whole.shown),
            "control_taken": whole.control_taken, "one": whole.pass_prompts + whole.free_control,
            "one_share": 100 * (whole.pass_prompts + whole.free_control) / max(1, whole.shown),
            "ask_shown": ask.shown, "ask_one": ask.pass_prompts + ask.free_control, "ask_free": ask.free_control,
            "ask_one_share": 100 * (ask.pass_prompts + ask.free_control) / max(1, ask.shown)}


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
    print(f"with every Control Action asked: {r['ask_free']} of {r['ask_shown']} decisions were Control Actions "
          f"that could only help; one sensible answer: {r['ask_one']} ({r['ask_one_share']:.1f}%)")
    print(f"Control Actions taken for the player where they can only help: {r['control_taken']}")
    print(f"share of human decisions with one sensible answer (Pass-only chances to cast, Control Actions "
          f"that can only help) with the default: {r['one']} of {r['shown']} ({r['one_share']:.1f}%)")
    return 0 if r["same"] == r["games"] else 1
