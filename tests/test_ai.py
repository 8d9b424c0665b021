"""Bots answer prompts like any seat: always a legal choice, games end, and no
bot reads what its seat may not see."""

from __future__ import annotations

import json
import random

import pytest

from fate.ai import HardBot, make_bot
from fate.ai.arena import run, seating, wilson
from fate.ai.evaluate import rewards
from fate.engine import new_game
from fate.engine.determinize import determinize
from fate.engine.invariants import violations
from fate.engine.save import snapshot


def quick(name: str, seed: int):
    """Hard with a fixed number of iterations: the same choice on any machine."""
    return HardBot(seed, iterations=60) if name == "hard" else make_bot(name, seed)


@pytest.mark.parametrize("bot", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_bots_play_legal_choices_to_the_end(content, bot, players):
    g = new_game(content, players, 21)
    bots = [quick(bot, s) if s == 0 else make_bot("normal", s) for s in range(players)]
    for _ in range(20_000):
        p = g.pending()
        if p is None:
            break
        c = bots[p.seat].choose(g)
        assert c in p.choices
        g.apply(c)
    assert g.over and not violations(g)


def _twins(content, players: int, seed: int, every: int):
    """Positions paired with a twin that looks the same to the deciding seat and
    differs in what it cannot see (other hands, the decks, others' Curses)."""
    g = new_game(content, players, seed)
    r = random.Random(seed)
    k = 0
    while (p := g.pending()) is not None:
        k += 1
        if k % every == 0 and len(p.choices) > 1:
            twin = determinize(g, p.seat, 7000 + k)
            hidden = [[x.hands[s] for s in range(x.n) if s != p.seat] + [x.spell_deck] for x in (g, twin)]
            yield g, twin, p.seat, hidden[0] != hidden[1]
        g.apply(r.choice(p.choices))


@pytest.mark.parametrize("bot", ["easy", "normal", "hard"])
def test_no_bot_reads_what_its_seat_cannot_see(content, bot):
    """Same view, same seed: the same choice, whatever lies behind the cards."""
    compared = differed = 0
    every = 13 if bot == "hard" else 2  # the one-ply bots are quick: look at every other decision
    for players, seed in ((2, 3), (4, 5), (3, 7), (1, 9)):
        for g, twin, _seat, hidden_differs in _twins(content, players, seed, every):
            a = quick(bot, 99).choose(g).id
            b = quick(bot, 99).choose(twin).id
            assert a == b, f"{bot} chose {a} in the true game and {b} in its twin ({players} seats)"
            compared += 1
            differed += hidden_differs
    assert compared > 20 and differed > 10


def test_bots_leave_the_game_untouched(content):
    g = new_game(content, 3, 4)
    for _ in range(30):
        g.apply(g.pending().choices[0])
    before = snapshot(g)
    for name in ("easy", "normal", "hard"):
        quick(name, 1).choose(g)
        assert snapshot(g) == before, name


@pytest.mark.parametrize("bot", ["normal", "hard"])
def test_bots_take_a_winning_summon(table, bot):
    # Two Flames from the Reserve would pay; casting Blood on the Altar from 8 wins at once.
    t = table(players=3, start="move", seats=[{"summon": 8, "reserve": ["flame-13"]}, {}, {}])
    t.choose(quick(bot, 3).choose(t.g).id)
    assert t.g.over and t.g.winners == (0,)


def three_way_decision(content, players: int, seed: int):
    """A random game played on to a decision with three or more choices."""
    g = new_game(content, players, seed)
    r = random.Random(seed)
    while len(g.pending().choices) < 3:
        g.apply(r.choice(g.pending().choices))
    return g


def test_hard_reports_its_estimates_best_first(content):
    g = three_way_decision(content, 2, 8)
    d = HardBot(5, iterations=300).decide(g)
    assert d.iterations == 300
    assert sorted(e.choice.id for e in d.estimates) == sorted(c.id for c in g.pending().choices)
    visits = [e.visits for e in d.estimates]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 300
    assert d.choice == d.estimates[0].choice
    assert all(0.0 <= e.win <= 1.0 for e in d.estimates)


def test_hard_keeps_to_its_time_budget(content):
    g = three_way_decision(content, 4, 2)
    d = HardBot(1, budget=0.05).decide(g)
    assert d.iterations > 0 and d.seconds < 0.5


def test_rewards_are_a_share_of_the_win(content):
    g = new_game(content, 3, 1)
    r = random.Random(1)
    while not g.over:
        assert all(0.0 <= x <= 1.0 for x in rewards(g))
        g.apply(r.choice(g.pending().choices))
    assert rewards(g) == [(1.0 / len(g.winners) if s in g.winners else 0.0) for s in range(3)]


def test_normal_beats_random_and_easy_is_no_random_player(content):
    """Deterministic small arenas: Normal wins most two-seat games against Random; Easy,
    though it errs, still beats Random more often than not (uniform play does not)."""
    normal = run(2, 30, 1, ["normal", "random"], None)["per"]
    assert normal["normal"]["wins"] >= 24
    easy = run(2, 30, 1, ["easy", "random"], None)["per"]
    assert easy["easy"]["wins"] >= 18


def test_arena_rotates_the_bots_through_the_seats():
    seats = [seating(["hard", "normal", "normal", "normal"], 4, i) for i in range(4)]
    assert [s.index("hard") for s in seats] == [0, 3, 2, 1]
    lo, hi = wilson(65, 100)
    assert 0.55 < lo < 0.65 < hi < 0.74
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        make_bot("oracle")


def test_an_arena_log_takes_a_match_up_where_it_stopped(tmp_path):
    log = tmp_path / "match.jsonl"
    first = run(2, 3, 5, ["normal", "random"], None, log=log)
    assert first["games"] == 3 and len(log.read_text().splitlines()) == 3
    with log.open("a") as f:
        f.write('{"match": {"players": 2, "seed": 5')  # a line cut short by a kill
    more = run(2, 5, 5, ["normal", "random"], None, log=log)
    lines = log.read_text().splitlines()
    assert more["games"] == 5 and len(lines) == 6  # two more games, the three kept, the cut line left
    assert sum(b["seats"] for b in more["per"].values()) == 10
    other = run(2, 2, 5, ["easy", "random"], None, log=log)  # another match: nothing shared
    assert other["per"].keys() == {"easy", "random"}


def test_the_arena_command_line_names_what_is_wrong(capsys):
    from fate.ai.arena import main

    for argv, says in ((["--bots", "hard,oracle"], "unknown bot 'oracle'"),
                       (["--players", "5"], "--players: expected a whole number from 1 to 4"),
                       (["--players", "2", "--bots", "hard,normal,easy"], "3 bots for 2 seat(s)"),
                       (["--budget", "0"], "--budget: expected seconds from 0.01 to 60"),
                       (["--log", "/no/such/folder/x.jsonl"], "there is no folder '/no/such/folder'")):
        with pytest.raises(SystemExit):
            main(argv)
        assert says in capsys.readouterr().err


def test_the_strong_play_section_replaces_only_itself(tmp_path):
    from fate.tools.sim import STRONG_HEAD, write_section

    report = tmp_path / "balance.md"
    report.write_text(f"# Balance report\n\n## Four seats\nkept\n\n{STRONG_HEAD}\n\nold figures\n\n## Cards changed\n\nkept too\n")
    write_section(report, STRONG_HEAD, f"{STRONG_HEAD}\n\nnew figures\n")
    assert report.read_text() == (f"# Balance report\n\n## Four seats\nkept\n\n{STRONG_HEAD}\n\nnew figures\n\n"
                                  "## Cards changed\n\nkept too\n")
    fresh = tmp_path / "new.md"
    write_section(fresh, STRONG_HEAD, f"{STRONG_HEAD}\n\nfigures\n")
    write_section(fresh, STRONG_HEAD, f"{STRONG_HEAD}\n\nfigures again\n")
    assert fresh.read_text() == f"{STRONG_HEAD}\n\nfigures again\n"


def test_the_strong_play_report_counts_every_seat_and_god(tmp_path):
    from fate.tools.sim import main

    report = tmp_path / "balance.md"
    assert main(["--strong", str(report), "--games", "1", "--solo-games", "1", "--budget", "0.01",
                 "--log", str(tmp_path)]) == 0
    text = report.read_text()
    assert "### Four seats (1 game)" in text and "### Solo against the Investigators (1 game)" in text
    rows = [ln for ln in text.splitlines() if ln.startswith("| ") and ln.count("|") == 5 and "Elder God" not in ln]
    assert sum(int(ln.split("|")[2]) for ln in rows) == 4  # four seats: every god counted once a seat
    assert len((tmp_path / "strong-four.jsonl").read_text().splitlines()) == 1


def test_the_solo_levels_section_has_hard_beside_easy_and_normal_and_replaces_the_first_written(tmp_path, content):
    from fate.tools.sim import main

    report = tmp_path / "balance.md"
    report.write_text("# Balance\n\n## Solo levels: Easy and Normal at each level\n\nold\n\n## Next\n\nkept\n")
    assert main(["--levels", str(report), "--games", "2", "--solo-games", "1", "--budget", "0.01",
                 "--log", str(tmp_path)]) == 0
    text = report.read_text()
    assert "old" not in text and text.endswith("## Next\n\nkept\n")
    rows = [ln for ln in text.splitlines() if ln.startswith("| ") and "%" in ln]
    levels = [lv.name for lv in content.solo_levels]
    assert [ln.split("|")[1].strip() for ln in rows] == levels
    assert "| level | Easy wins | Normal wins | Hard wins | Normal: games end |" in text
    assert all(ln.count(" | ") == 4 for ln in rows)  # five cells: the level, Easy, Normal, Hard, the endings
    for lv in content.solo_levels:  # Hard's games are kept, one a level
        assert len((tmp_path / f"hard-solo-{lv.id}.jsonl").read_text().splitlines()) == 1


def test_the_arena_drafts_as_told_and_keeps_each_way_apart_in_its_log(tmp_path):
    log = tmp_path / "m.jsonl"
    searched = run(2, 1, 4, ["hard", "normal"], 0.02, log=log, draft="search")
    booked = run(2, 1, 4, ["hard", "normal"], 0.02, log=log)
    drawn = run(2, 1, 4, ["hard", "normal"], 0.02, log=log, draft="random")
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["match"].get("draft") for r in rows] == ["search", None, "random"]  # three matches, not one
    assert all(x["games"] == 1 for x in (searched, booked, drawn))
    # the same seed and seats: only the draft differs, and a random draft is seeded (the same again)
    again = run(2, 1, 4, ["hard", "normal"], 0.02, draft="random")
    assert again["results"][0]["gods"] == drawn["results"][0]["gods"]


def test_a_game_logged_twice_or_damaged_is_counted_once_or_played_again(tmp_path):
    log = tmp_path / "m.jsonl"
    first = run(2, 2, 9, ["easy"], None, log=log)
    lines = log.read_text().splitlines()
    bad = json.loads(lines[1])
    bad["game"]["wins"] = [7.0, 0.0]  # more than a whole win
    gone = json.loads(lines[0])
    del gone["game"]["gods"]
    log.write_text("\n".join([lines[0], lines[0], json.dumps(bad), json.dumps(gone)]) + "\n")
    again = run(2, 2, 9, ["easy"], None, log=log)
    assert again["games"] == 2 and sorted(r["seed"] for r in again["results"]) == [9, 10]
    assert [r["gods"] for r in sorted(again["results"], key=lambda r: r["seed"])] == [
        r["gods"] for r in sorted(first["results"], key=lambda r: r["seed"])]
