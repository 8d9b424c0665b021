"""Hard's draft book (fate.ai.book, written by fate.ai.draftbook): Hard keeps the god the book rates higher,
the book is rebuilt by its command from played games, and a damaged book is one
line and leaves Hard drafting by search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from fate.ai import HardBot, draftbook
from fate.ai import book as bookfile
from fate.ai.book import PRIOR, DraftBook, DraftBookError, load_book
from fate.engine import default_content, new_game
from tests.hostile import YAML_HOSTILE, damaged_copies

CONTENT = default_content()
GODS = tuple(CONTENT.cards[i].id for i in CONTENT.gods)
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def at_draft(players: int, seed: int):
    g = new_game(CONTENT, players, seed)
    assert g.pending().kind == "draft"
    return g


def pair_of(g) -> tuple[str, str]:
    return tuple(c.id.removeprefix("god:") for c in g.pending().choices)


def test_hard_keeps_the_god_the_book_rates_higher_whichever_comes_first():
    for seed in range(6):
        g = at_draft(4, seed)
        first, second = pair_of(g)
        for favoured in (first, second):
            other = second if favoured == first else first
            book = DraftBook({4: {favoured: (400, 140.0), other: (400, 60.0)}})
            d = HardBot(seed, iterations=50, draft_book=book).decide(g)
            assert d.choice.id == f"god:{favoured}"
            assert [e.choice.id for e in d.estimates] == [f"god:{favoured}", f"god:{other}"]
            assert d.estimates[0].win > d.estimates[1].win
            assert d.iterations == 0  # no search: the book decides


def test_the_book_of_the_right_seat_count_is_read():
    g = at_draft(2, 3)
    first, second = pair_of(g)
    # at four seats the first is better, at two the second: a two-seat game keeps the second
    book = DraftBook({4: {first: (500, 250.0), second: (500, 50.0)},
                      2: {first: (500, 200.0), second: (500, 300.0)}})
    assert HardBot(1, iterations=50, draft_book=book).choose(g).id == f"god:{second}"


def test_a_rate_is_smoothed_towards_the_seat_counts_mean():
    book = DraftBook({4: {"cthulhu": (1, 1.0), "hastur": (1000, 300.0), "ithaqua": (1000, 200.0)}})
    mean = 501.0 / 2001
    assert book.rate(4, "cthulhu") == pytest.approx((1.0 + PRIOR * mean) / (1 + PRIOR))
    assert book.rate(4, "hastur") > book.rate(4, "cthulhu")  # one lucky game is not trusted
    assert book.rate(4, "nyarlathotep") == pytest.approx(mean)  # never seen: the mean
    assert DraftBook({}).rate(3, "hastur") == pytest.approx(1 / 3)


def test_without_a_book_hard_searches_the_draft():
    g = at_draft(4, 2)
    d = HardBot(2, iterations=40, draft_book=None).decide(g)
    assert d.iterations == 40 and d.choice in g.pending().choices


def test_the_bundled_book_rates_every_god_at_every_seat_count():
    book = load_book()
    assert book.source.startswith("python -m fate.ai.draftbook")
    for players in bookfile.SEAT_COUNTS:
        table = book.counts[players]
        # every god was played at every seat count, in many games
        assert set(table) == set(GODS) and min(n for n, _ in table.values()) >= 100
        assert 0.0 < min(book.rate(players, god) for god in GODS) < max(book.rate(players, god) for god in GODS)


def test_the_command_rebuilds_a_book_from_the_games_it_plays(tmp_path):
    out = tmp_path / "draft.yaml"
    assert draftbook.main(["--games", "3", "--seed", "5", "--bots", "easy", "--log", str(tmp_path),
                           "--out", str(out)]) == 0
    book = load_book(out)
    for players in bookfile.SEAT_COUNTS:
        games = sum(n for n, _ in book.counts[players].values())
        wins = sum(w for _, w in book.counts[players].values())
        assert games == 3 * players  # every seat of every game counted once
        assert wins <= 3 and (players == 1 or wins == pytest.approx(3))  # one winner (or a share) a game
    logs = sorted(p.name for p in tmp_path.glob("*.jsonl"))
    assert logs == [f"draft-{n}p-easy.jsonl" for n in bookfile.SEAT_COUNTS]
    # taken up again from the logs: the same book, no game played twice
    again = tmp_path / "again.yaml"
    assert draftbook.main(["--games", "3", "--seed", "5", "--bots", "easy", "--log", str(tmp_path),
                           "--out", str(again)]) == 0
    assert load_book(again).counts == book.counts


GOOD = yaml.safe_load(Path(bookfile.default_path()).read_text(encoding="utf-8"))


@SLOW
@given(YAML_HOSTILE)
def test_any_value_anywhere_in_the_book_loads_or_is_one_line(tmp_path_factory, value):
    for path in damaged_copies(tmp_path_factory.mktemp("book"), GOOD, "draft.yaml", value):
        try:
            book = load_book(path)
        except DraftBookError as e:
            assert "\n" not in str(e) and len(str(e)) <= 300 and str(e).startswith("draft.yaml")
        else:
            for players, table in book.counts.items():
                for god in table:
                    assert 0.0 <= book.rate(players, god) <= 1.0


@pytest.mark.parametrize("text", ["", "players: [1, 2]", "players: {5: {}}", "players: {4: {cthulhu: [3, 4]}}",
                                  "players: {4: {dagon: [3, 1]}}", "players: {4: {cthulhu: [-1, 0]}}",
                                  "players: {true: {}}", "source: 7\nplayers: {}", "\xff\xfe"])
def test_a_damaged_book_is_refused_in_one_line(tmp_path, text):
    path = tmp_path / "draft.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe")
    with pytest.raises(DraftBookError) as e:
        load_book(path)
    assert str(e.value).startswith("draft.yaml:") and len(str(e.value)) <= 300


def test_a_book_that_cannot_be_written_is_one_line_before_any_game(tmp_path, capsys):
    out = tmp_path / "draft.yaml"
    (tmp_path / "draft.yaml.tmp").mkdir()  # where the book is written first: a folder, as for a root user
    assert draftbook.main(["--games", "1", "--out", str(out), "--log", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("python -m fate.ai.draftbook: cannot write") and "\n" not in err
    assert not list(tmp_path.glob("*.jsonl"))  # said before a game was played


def test_a_damaged_log_never_replaces_the_book(tmp_path, capsys):
    out = tmp_path / "draft.yaml"
    assert draftbook.main(["--games", "2", "--seed", "3", "--bots", "easy", "--log", str(tmp_path),
                           "--out", str(out)]) == 0
    good = out.read_text()
    log = tmp_path / "draft-2p-easy.jsonl"
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    rows[0]["game"]["wins"] = [7.0, 0.0]
    rows[1]["game"]["gods"] = None
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert draftbook.main(["--games", "2", "--seed", "3", "--bots", "easy", "--log", str(tmp_path),
                           "--out", str(out)]) == 0  # the damaged games are played again
    assert out.read_text() == good
    assert "| Elder God | games | wins | win rate [95% interval] |" in capsys.readouterr().out


def test_hard_games_for_the_book_draft_at_random(tmp_path):
    out = tmp_path / "draft.yaml"
    assert draftbook.main(["--games", "1", "--seed", "2", "--bots", "hard", "--budget", "0.01", "--log",
                           str(tmp_path), "--out", str(out)]) == 0
    row = json.loads((tmp_path / "draft-4p-hard.jsonl").read_text().splitlines()[0])
    assert row["match"]["draft"] == "random"  # not the book it is about to replace
