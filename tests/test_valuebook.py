"""Hard's value book (fate.ai.value, written by fate.ai.valuebook): the search judges a
position with two to four cults by chances of winning fitted to played games; the book
is rebuilt by its command; a damaged book is one line and leaves Hard judging by the
hand-written evaluation."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from fate.ai import HardBot, make_bot, valuebook
from fate.ai import book as bookfile
from fate.ai import value as valuefile
from fate.ai.evaluate import rewards as hand_rewards
from fate.ai.value import FEATURES, ValueBookError, ValueModel, chances, features, load_values
from fate.engine import default_content, new_game
from fate.engine.constants import MUSEUM, OTHER_WORLDS
from fate.engine.ending import gain_signs
from tests.hostile import YAML_HOSTILE, damaged_copies, yaml_text

CONTENT = default_content()
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def played(players: int, seed: int, decisions: int):
    """A game some way in, Normal in every seat."""
    g = new_game(CONTENT, players, seed)
    bots = [make_bot("normal", seed * 7 + s) for s in range(players)]
    for _ in range(decisions):
        p = g.pending()
        if p is None:
            break
        g.apply(bots[p.seat].choose(g))
    assert not g.over
    return g


def test_each_feature_reads_its_own_count():
    g = played(4, 3, 40)
    s = 2
    g.summon[s], g.signs[s], g.inv_lodge[s], g.lodge[s] = 5, 8, 4, 0
    g.at[OTHER_WORLDS][s], g.at[MUSEUM][s] = 3, 2
    on_board = sum(g.at[loc][s] for loc in range(6))
    f = dict(zip(FEATURES, features(g, s, 9), strict=True))
    assert len(features(g, s, 9)) == len(FEATURES)
    assert (f["summon"], f["signs"], f["signs_over_6"], f["other_worlds"]) == (5, 8, 2, 3)
    assert (f["lodge_investigators_over_1"], f["lodge_investigators_4_or_more"],
            f["lodge_investigators_5_or_more"]) == (3, True, False)
    assert (f["lodge_cultists_up_to_6"], f["lodge_cultists_up_to_3"], f["lodge_empty"]) == (0, 0, True)
    assert f["readied_spells"] == len(g.reserve[s]) and f["artifacts"] == len(g.arts[s])
    assert f["hand_up_to_6"] == min(len(g.hands[s]), 6) and f["gate"] == (g.gate[s] >= 0)
    assert f["curses"] == g.curses_on(s) and f["cultists_on_board"] == on_board
    assert (f["summon_late"], f["signs_late"], f["other_worlds_late"]) == (5, 8, 3)  # nine Elder Signs: as late as it gets
    assert (f["signs_at_8"], f["summon_at_8"], f["signs_at_9"], f["summon_at_9"]) == (8, 5, 8, 5)
    assert f["most_signs"] is False  # another cult holds nine
    early = dict(zip(FEATURES, features(g, s, 8), strict=True))
    assert early["summon_late"] == pytest.approx(5 * 8 / 9) and (early["signs_at_8"], early["signs_at_9"]) == (8, 0)
    assert dict(zip(FEATURES, features(g, s, 8), strict=True))["most_signs"] is True
    g.lodge[s] = 9
    f = dict(zip(FEATURES, features(g, s, 7), strict=True))
    assert (f["lodge_cultists_up_to_6"], f["lodge_cultists_up_to_3"], f["lodge_empty"]) == (6, 3, False)
    assert (f["signs_at_8"], f["summon_at_8"]) == (0, 0)


def test_a_score_is_the_weighted_sum_of_the_features_in_every_kind_of_position():
    rng = random.Random(3)
    for players in (2, 3, 4):
        model = ValueModel({players: tuple(rng.uniform(-2, 2) for _ in FEATURES)})
        for seed in range(4):
            g = played(players, seed, 10 + 15 * seed)
            for _trial in range(6):  # the tracks, Lodges and Gates pushed through their steps
                t = g.clone()
                for s in range(players):
                    t.signs[s] = rng.randrange(10)
                    t.summon[s] = rng.randrange(9)
                    t.inv_lodge[s] = rng.randrange(7)
                    t.lodge[s] = rng.choice([0, 1, 2, 3, 4, 6, 8])
                    t.gate[s] = rng.choice([-1, t.gate[s]])
                    t.hands[s] = list(range(rng.randrange(9)))  # counts are all the score reads of these
                    t.reserve[s] = list(range(rng.randrange(3)))
                    t.arts[s] = list(range(rng.randrange(3)))
                    t.at[rng.randrange(6)][s] = rng.randrange(5)
                    t.held += [(0, s, 0)] * rng.randrange(3)  # Curses held against seat s
                most = max(t.signs)
                want = [sum(x * w for x, w in zip(features(t, s, most), model.weights[players], strict=True)) for s in range(players)]
                assert model.scores(t) == pytest.approx(want, abs=1e-9)


def test_chances_add_up_to_one_and_follow_the_scores():
    p = chances([2.0, 0.0, 0.0, -1.0])
    assert sum(p) == pytest.approx(1.0)
    assert p[0] > p[1] == p[2] > p[3]
    assert p[0] / p[1] == pytest.approx(math.e ** 2)
    assert chances([1000.0, 0.0]) == pytest.approx([1.0, 0.0])  # no overflow


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bundled_book_gives_every_seat_a_chance_and_an_elder_sign_lowers_it(players):
    model = load_values()
    assert model.source.startswith("python -m fate.ai.valuebook")
    for seed in range(3):
        g = played(players, seed, 30 + 20 * seed)
        r = model.rewards(g)
        assert len(r) == players and sum(r) == pytest.approx(1.0) and all(0.0 < x < 1.0 for x in r)
        worse = g.clone()
        worse.signs[0] += 1  # one more Elder Sign on the track, all else the same
        assert model.rewards(worse)[0] < r[0]
        better = g.clone()
        better.summon[0] = min(better.summon[0] + 2, 8)
        if better.summon[0] > g.summon[0]:
            assert model.rewards(better)[0] > r[0]


def test_alone_and_at_the_end_the_hand_written_outlook_stands():
    model = load_values()
    solo = played(1, 4, 30)
    assert model.rewards(solo) == hand_rewards(solo)
    g = played(3, 5, 20)
    gain_signs(g, 1, 10 - g.signs[1])  # sealed: the game is over
    assert g.over
    assert model.rewards(g) == hand_rewards(g)
    assert sorted(model.rewards(g)) in ([0.0, 0.0, 1.0], [0.0, 0.5, 0.5])


class Counting(ValueModel):
    def __init__(self, weights):
        super().__init__(weights)
        self.calls = 0

    def rewards(self, g):
        self.calls += 1
        return super().rewards(g)


def test_hard_judges_every_iteration_with_its_value_book():
    g = played(4, 6, 25)
    model = Counting(load_values().weights)
    d = HardBot(1, iterations=60, values=model).decide(g)
    assert d.iterations == 60 and model.calls == 60
    assert make_bot("hard", 2, budget=0.05).values is valuefile.default_values()
    assert valuefile.default_values() is not None


def test_a_book_turned_upside_down_makes_hard_choose_otherwise():
    # the same search, every weight turned round: the ranking of the choices changes
    good = load_values()
    upside_down = ValueModel({n: tuple(-w for w in ws) for n, ws in good.weights.items()})
    differ = 0
    for seed in range(4):
        g = played(4, 10 + seed, 20 + 9 * seed)
        a = HardBot(seed, iterations=150, values=good).decide(g)
        b = HardBot(seed, iterations=150, values=upside_down).decide(g)
        differ += [e.choice.id for e in a.estimates] != [e.choice.id for e in b.estimates]
    assert differ >= 2


def test_solve_finds_the_answer_of_a_linear_system():
    rng = random.Random(4)
    n = 6
    m = [[rng.uniform(-1, 1) for _ in range(n)] for _ in range(n)]
    a = [[sum(m[k][i] * m[k][j] for k in range(n)) + (1.0 if i == j else 0.0) for j in range(n)] for i in range(n)]
    x = [rng.uniform(-3, 3) for _ in range(n)]
    b = [sum(a[i][j] * x[j] for j in range(n)) for i in range(n)]
    assert valuebook.solve(a, b) == pytest.approx(x, abs=1e-9)
    # a zero in the first pivot's place is swapped away
    assert valuebook.solve([[0.0, 2.0], [3.0, 1.0]], [4.0, 5.0]) == pytest.approx([1.0, 2.0])


def test_a_reservoir_keeps_every_item_as_often_as_any_other():
    rng = random.Random(2)
    kept = [0] * 10
    for _ in range(3000):
        r = valuebook.Reservoir(3, rng)
        made = []
        for i in range(10):
            r.offer(lambda i=i, made=made: made.append(i) or i)
        assert len(r.items) == 3 and len(set(r.items)) == 3 and r.seen == 10
        assert set(r.items) <= set(made)  # an item is made only when it is kept
        for i in r.items:
            kept[i] += 1
    assert all(780 <= n <= 1020 for n in kept), kept  # each kept 3 times in 10: 900 of 3,000
    short = valuebook.Reservoir(5, rng)
    for i in range(3):
        short.offer(lambda i=i: i)
    assert short.items == [0, 1, 2]


def test_games_whose_seed_ends_in_0_or_5_are_held_out():
    assert [s for s in range(1, 21) if valuebook.held_out(s)] == [5, 10, 15, 20]


def test_the_ridge_keeps_the_weights_finite_when_a_feature_foretells_every_winner():
    # the winner is always the seat with the 1: without a ridge the best weight is infinite;
    # the second feature is the same for every seat, so it tells nothing and weighs nothing
    rows = [([(1.0, 0.5), (0.0, 0.5), (0.0, 0.5)], [1.0, 0.0, 0.0]) for _ in range(50)]
    w = valuebook.fit(rows, width=2)
    assert 3.0 < w[0] < 20.0 and w[1] == pytest.approx(0.0, abs=1e-6)
    assert valuebook.objective(rows, w) < valuebook.objective(rows, (w[0] - 0.5, 0.0))
    assert valuebook.objective(rows, w) < valuebook.objective(rows, (w[0] + 0.5, 0.0))  # the least, not just lower
    free = valuebook.fit(rows, width=2, ridge=1e-9)
    assert free[0] > w[0] + 3.0  # without the ridge the weight runs off


def test_the_fit_finds_the_weights_that_made_the_winners():
    rng = random.Random(9)
    truth = (1.2, -0.7, 0.0)
    rows = []
    for _ in range(3000):
        xs = [(rng.gauss(0, 1), rng.randrange(3), rng.random() < 0.5) for _ in range(3)]
        p = chances([sum(a * b for a, b in zip(x, truth, strict=True)) for x in xs])
        winner = rng.choices(range(3), p)[0]
        rows.append((xs, [1.0 if s == winner else 0.0 for s in range(3)]))
    w = valuebook.fit(rows, width=3)
    assert w == pytest.approx(truth, abs=0.12)
    assert valuebook.loss(rows, w) < valuebook.loss(rows, truth) + 1e-3  # the least loss, or as good as the truth
    assert valuebook.loss(rows, w) < valuebook.loss(rows, (0.0, 0.0, 0.0)) - 0.2


def test_the_command_fits_a_book_from_the_games_it_plays(tmp_path, capsys):
    out = tmp_path / "value.yaml"
    assert valuebook.main(["--games", "10", "--seed", "5", "--positions", "4", "--out", str(out)]) == 0
    model = load_values(out)
    assert set(model.weights) == {2, 3, 4}
    assert model.source == "python -m fate.ai.valuebook --games 10 --seed 5 --positions 4"
    text = out.read_text()
    for players in (2, 3, 4):  # 8 of the 10 games fitted, 2 held out (seeds 5 and 10)
        assert f"  {players}:  # 32 positions; held out 8: log-loss " in text
        assert f", none {math.log(players):.4f}" in text
    printed = capsys.readouterr().out
    assert "4 seats: 10 games in" in printed and f"wrote {out}" in printed
    again = tmp_path / "again.yaml"
    assert valuebook.main(["--games", "10", "--seed", "5", "--positions", "4", "--out", str(again)]) == 0
    assert again.read_text() == text  # seeded: the same games, the same weights


def test_a_book_that_cannot_be_written_is_one_line_before_any_game(tmp_path, capsys):
    out = tmp_path / "value.yaml"
    (tmp_path / "value.yaml.tmp").mkdir()
    assert valuebook.main(["--games", "10", "--out", str(out)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("python -m fate.ai.valuebook: cannot write") and "\n" not in err


GOOD = yaml.safe_load(Path(valuefile.default_path()).read_text(encoding="utf-8"))


@SLOW
@given(YAML_HOSTILE)
def test_any_value_anywhere_in_the_book_loads_or_is_one_line(tmp_path_factory, value):
    g = played(4, 1, 15)
    for path in damaged_copies(tmp_path_factory.mktemp("values"), GOOD, "value.yaml", value):
        try:
            model = load_values(path)
        except ValueBookError as e:
            assert "\n" not in str(e) and len(str(e)) <= 300 and str(e).startswith("value.yaml")
        else:
            r = model.rewards(g)
            assert len(r) == 4 and sum(r) == pytest.approx(1.0)


@pytest.mark.parametrize("text", ["", "players: [2]", "players: {1: {}}", "players: {5: {}}", "players: {true: {}}",
                                  "players: {}",
                                  "source: 7\nplayers: {}", "players: {4: [1]}", "players: {4: {summon: 1}}",
                                  "players: {4: {dagon: 1}}", "\xff\xfe"])
def test_a_damaged_book_is_refused_in_one_line(tmp_path, text):
    path = tmp_path / "value.yaml"
    path.write_bytes(text.encode("utf-8") if text != "\xff\xfe" else b"\xff\xfe")
    with pytest.raises(ValueBookError) as e:
        load_values(path)
    assert str(e.value).startswith("value.yaml:") and len(str(e.value)) <= 300


@pytest.mark.parametrize("bad", ["'heavy'", "true", "1000.5", "-101", "null"])
def test_a_weight_that_is_not_a_plain_number_is_refused(tmp_path, bad):
    table = {name: 0.5 for name in FEATURES}
    path = tmp_path / "value.yaml"
    text = yaml_text({"source": "x", "players": {n: table for n in (2, 3, 4)}}).replace("summon: 0.5", f"summon: {bad}", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueBookError) as e:
        load_values(path)
    assert str(e.value).startswith("value.yaml: players 2: summon: expected a number from -100 to 100")
    path.write_text(text.replace(f"summon: {bad}", "summon: -99.5"), encoding="utf-8")
    assert load_values(path).weights[2][0] == -99.5


@pytest.mark.parametrize("module, name, text, field, says", [
    (valuefile, "value.yaml", "players: {4: {summon: 1}}", "values", "Hard judges by hand-written weights"),
    (bookfile, "draft.yaml", "players: {4: {cthulhu: [1, 9]}}", "draft_book", "Hard drafts by search"),
])
def test_a_damaged_bundled_book_is_one_line_and_hard_plays_on_without_it(tmp_path, monkeypatch, capsys,
                                                                         module, name, text, field, says):
    bad = tmp_path / name
    bad.write_text(text)
    monkeypatch.setattr(module, "default_path", lambda: bad)
    monkeypatch.setattr(module, "_default", [])
    bot = make_bot("hard", 3, budget=0.05)
    assert getattr(bot, field) is None
    assert f"{says}: {name}" in capsys.readouterr().err
    g = new_game(CONTENT, 4, 4)  # the draft (searched without the draft book), then the first turns
    searched = 0
    for _ in range(12):
        d = bot.decide(g)
        assert d.choice in g.pending().choices
        searched += d.iterations > 0
        g.apply(d.choice)
    assert searched == (12 if field == "draft_book" else 8)  # else the four gods are kept by the book
