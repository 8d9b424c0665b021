"""Hostile input (docs/testing.md, "Hostile input"): every loader of outside data,
fed damaged files through the same functions the scenes and tools call, gives a
sound result or its one typed error in one short line, never anything else."""

from __future__ import annotations

import json
import os
import pickle
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate.content import loader as content_loader
from fate.engine import ContentError, SaveFormatError, ScenarioError, default_content, load_content
from fate.engine.save import load_data
from fate.ground.paths import data_dir
from fate.ground.untrusted import (
    MAX_DEPTH,
    InputError,
    clean,
    cut,
    parse_json,
    parse_yaml,
    read_bytes,
)
from fate.records import settings as settings_file
from fate.records.saves import (
    Replay,
    SaveInfo,
    delete_save,
    info_of,
    latest_unfinished,
    list_saves,
    read_save,
    write_report,
)
from fate.tools.scenario import load as load_scenario
from fate.tools.scenario import to_scenario
from fate.ui.session import SeatConfig, Session
from tests.hostile import JSON_HOSTILE, YAML_HOSTILE, Raw, damage, json_text, paths_in, yaml_text

CONTENT = default_content()
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                      HealthCheck.function_scoped_fixture])
LINE = 300  # the longest line any loader may give


def one_line(e: BaseException) -> str:
    text = str(e)
    assert "\n" not in text and 0 < len(text) <= LINE, text[:400]
    return text


def a_session_save(folder: Path, seed: int = 7, decisions: int = 30) -> Path:
    s = Session(CONTENT, [SeatConfig(True, "normal", 0), SeatConfig(False, "easy", 3)], seed, saves=folder,
                game_id=f"game-2026010{seed % 10}-120000-000")
    for k in range(decisions):
        p = s.game.pending()
        s.apply(p.choices[k % len(p.choices)].id)
    s.close()
    return s.save_file


GOOD = json.loads(a_session_save(Path(os.environ["FATE_USER_DIR"]) / "hostile-base").read_text())
# every place in a real save, and the optional fields it happens not to have
SAVE_PLACES = paths_in(GOOD, limit=6) + [("config", "gods"), ("config", "scenario"), ("session", "hints"),
                                         ("session", "meta", "leader"), ("session", "meta", "outcome")]
# the fields the table and the loaders read themselves (the snapshot's insides are the engine's:
# tests/engine/test_properties.py damages those too)
KEY_PLACES = [p for p in SAVE_PLACES if p[:1] not in (("snapshot",), ("cards",)) and len(p) <= 4]
GOD_IDS = [c.id for c in CONTENT.cards if c.kind == "god"]
NEAR_MISSES = st.lists(st.sampled_from(GOD_IDS + ["nobody", ""]), max_size=3) | st.sampled_from([True, 3, "hard"])


# ---------------------------------------------------------------- the reader itself
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_parse_json_gives_plain_values_or_one_line(raw):
    try:
        data = parse_json(raw)
    except InputError as e:
        one_line(e)
        return
    assert json.loads(json.dumps(data)) == data  # plain values only: they write back as they read


@given(st.sampled_from([r.text for r in (Raw("NaN"), Raw("[1, Infinity]"), Raw("1e400"), Raw("9" * 5000),
                                         Raw("[" * 100_000), Raw("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)))]))
def test_parse_json_refuses_what_no_save_holds(text):
    with pytest.raises(InputError) as e:
        parse_json(text)
    one_line(e.value)


def test_a_yaml_alias_bomb_is_one_short_line():
    levels = ["a: &a [x, x, x, x, x, x, x, x, x]"] + [
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]"
        for i in range(9)]
    with pytest.raises(InputError, match="aliases") as e:
        parse_yaml("\n".join(levels))
    assert len(one_line(e.value)) < 100


@given(st.text(max_size=200))
def test_parse_yaml_gives_plain_values_or_one_line(text):
    try:
        data = parse_yaml(text)
    except InputError as e:
        one_line(e)
        return
    assert json.loads(json.dumps(data)) == data


@pytest.mark.parametrize("kind", ["folder", "fifo", "dangling link", "too large", "missing"])
def test_only_regular_files_are_opened(tmp_path, kind):
    p = tmp_path / "x.json"
    if kind == "folder":
        p.mkdir()
    elif kind == "fifo":
        os.mkfifo(p)  # opening it for reading would wait for a writer for ever
    elif kind == "dangling link":
        p.symlink_to(tmp_path / "gone")
    elif kind == "too large":
        p.write_bytes(b"0" * 2000)
    with pytest.raises(InputError) as e:
        read_bytes(p, 1000)
    assert {"folder": "a folder", "fifo": "not a regular file", "dangling link": "a link to nothing",
            "too large": "too large", "missing": "no such file"}[kind] in one_line(e.value)


@given(JSON_HOSTILE)
def test_cut_and_clean_are_short_whatever_the_value(value):
    if isinstance(value, Raw):
        value = value.text
    assert len(cut(value)) <= 40 and "\n" not in cut(value)
    assert len(clean(value)) <= 80 and all(ch.isprintable() for ch in clean(value))


# ---------------------------------------------------------------- saves, through what the scenes call
def outcome_of_every_reader(folder: Path, path: Path) -> None:
    """Load list, Continue, Open, Replay, --from-save and Delete on one file: each
    gives its sound result or one SaveFormatError line."""
    row = info_of(path)
    assert isinstance(row, SaveInfo)
    if row.ok:
        assert all(len(s["name"]) <= 48 for s in row.seats) and len(row.leader) <= 96
    else:
        assert "\n" not in row.problem and len(row.problem) <= 200
    rows = list_saves(folder)
    assert path in [r.path for r in rows]
    latest = latest_unfinished(folder)
    assert latest is None or latest.ok
    try:  # Open and Continue
        s = Session.resume(CONTENT, path)
    except SaveFormatError as e:
        one_line(e)
    else:
        assert s.game.pending() is not None or s.game.over
        s.close()
    try:  # Replay
        r = Replay.of_file(CONTENT, path)
    except SaveFormatError as e:
        one_line(e)
    else:
        assert len(r) == len(r.choices) + 1
    try:  # python -m fate.tools.scenario --from-save
        to_scenario(load_data(CONTENT, read_save(path), str(path)))
    except (SaveFormatError, ScenarioError) as e:
        one_line(e)
    try:  # Delete
        delete_save(path)
    except SaveFormatError as e:
        one_line(e)
    else:
        assert not path.exists()


@SLOW
@given(st.sampled_from(KEY_PLACES) | st.sampled_from(SAVE_PLACES), NEAR_MISSES | JSON_HOSTILE | st.just(...),
       st.booleans())
def test_a_damaged_save_is_listed_and_refused_in_one_line_by_every_reader(tmp_path_factory, place, value, report):
    folder = tmp_path_factory.mktemp("saves")
    data = damage(GOOD, place, value)
    if report:  # a bug report carries a save inside; it is read the same way
        data = {"report": "fate-of-the-elder-gods bug report", "chronicle": ["x"], "save": data}
    path = folder / "game-20260101-000000-000.json"
    path.write_text(json_text(data), encoding="utf-8")
    outcome_of_every_reader(folder, path)


NASTY = [None, 0, -1, 3, 10**30, 2.5, True, "", "hard", "x" * 1_000_000, [], {}, [None], ["cthulhu", "cthulhu"],
         ["cthulhu", {"a": 1}], {"human": True}, Raw("NaN"), Raw("1e999"), Raw("9" * 10_000),
         Raw("[" * 100_000 + "]" * 100_000), ...]


def test_every_field_the_table_reads_holding_each_nasty_value(tmp_path):
    """Every place of KEY_PLACES with every value of NASTY, each through every reader
    (the exhaustive table beside the property test's random draws)."""
    for k, place in enumerate(KEY_PLACES):
        folder = tmp_path / str(k)
        folder.mkdir()
        for value in NASTY:
            path = folder / "game-20260101-000000-000.json"
            path.write_text(json_text(damage(GOOD, place, value)), encoding="utf-8")
            outcome_of_every_reader(folder, path)


@SLOW
@given(st.integers(0, len(json.dumps(GOOD)) - 1), st.sampled_from(["cut", "drop", "nine", "quote"]))
def test_a_save_damaged_anywhere_in_its_text_never_crashes_a_reader(tmp_path_factory, at, how):
    folder = tmp_path_factory.mktemp("saves")
    text = json.dumps(GOOD)
    text = {"cut": text[:at], "drop": text[:at] + text[at + 1:], "nine": text[:at] + "9" + text[at + 1:],
            "quote": text[:at] + '"' + text[at:]}[how]
    path = folder / "game-20260101-000000-000.json"
    path.write_text(text, encoding="utf-8")
    outcome_of_every_reader(folder, path)


def test_a_damaged_save_falls_back_to_its_backup(tmp_path):
    path = a_session_save(tmp_path, decisions=10)
    good = read_save(path)
    (path.parent / (path.name + ".bak")).write_text(json.dumps(good))
    path.write_text("[" * 100_000)
    assert read_save(path) == good
    assert info_of(path).ok


# ---------------------------------------------------------------- settings
@SLOW
@given(st.sampled_from([None, *settings_file.DEFAULTS]), JSON_HOSTILE)
def test_damaged_settings_give_sound_values_and_at_most_one_line(tmp_path_factory, key, value):
    where = tmp_path_factory.mktemp("cfg") / "settings.json"
    data = value if key is None else dict(settings_file.defaults(), **{key: value})
    where.write_text(json_text(data), encoding="utf-8")
    loaded, told = settings_file.load(where)
    assert set(loaded) == set(settings_file.DEFAULTS)
    assert all(settings_file.CHECKS[k][0](v) for k, v in loaded.items())
    assert "\n" not in told and len(told) <= LINE


@pytest.mark.parametrize("kind", ["folder", "fifo", "dangling link"])
def test_a_settings_file_that_is_no_file_gives_the_defaults(tmp_path, kind):
    where = tmp_path / "settings.json"
    {"folder": where.mkdir, "fifo": lambda: os.mkfifo(where),
     "dangling link": lambda: where.symlink_to(tmp_path / "gone")}[kind]()
    loaded, told = settings_file.load(where)
    assert loaded == settings_file.defaults() and told.startswith(str(where)) and "\n" not in told


# ---------------------------------------------------------------- bug reports
def test_two_reports_in_the_same_moment_are_two_files(tmp_path):
    data = read_save(a_session_save(tmp_path, decisions=3))
    paths = {write_report(data, ["a line"], tmp_path / "reports") for _ in range(25)}
    assert len(paths) == 25 and all(read_save(p)["choices"] == data["choices"] for p in paths)


# ---------------------------------------------------------------- scenarios (YAML)
SCENARIO = to_scenario(load_data(CONTENT, GOOD))
SCENARIO_PLACES = paths_in(SCENARIO, limit=4)


@settings(SLOW, max_examples=100)
@given(st.sampled_from(SCENARIO_PLACES), YAML_HOSTILE | st.just(...))
def test_a_damaged_scenario_file_builds_or_is_refused_in_one_line(tmp_path_factory, place, value):
    path = tmp_path_factory.mktemp("scn") / "position.yaml"
    path.write_text(yaml_text(damage(SCENARIO, place, value)), encoding="utf-8")
    try:
        g = load_scenario(CONTENT, path)
    except ScenarioError as e:
        one_line(e)
    else:
        assert g.pending() is not None or g.over


# ---------------------------------------------------------------- the game's own data (YAML)
DATA = {name: yaml.safe_load((data_dir() / name).read_text(encoding="utf-8"))
        for name in ("symbols.yaml", "dice.yaml", "locations.yaml", "gods.yaml", "spells.yaml", "gates.yaml",
                     "artifacts.yaml", "curses.yaml", "solo.yaml")}
DATA_PLACES = [(name, p) for name, d in DATA.items() for p in paths_in(d, limit=3)]
STEP_PLACES = [(name, p) for name, p in DATA_PLACES if p and p[-1] == "do"]


def good_files_parsed_once(parse):
    """``parse_yaml`` for the content loader, giving the bundled data files' values from one
    parse each: the tests below damage one file at a time, and the loader reads the others
    unchanged, byte for byte, every time (parse_yaml depends on nothing but the bytes). Every
    other text, the damaged file among them, is parsed for real."""
    parsed = {(data_dir() / name).read_bytes(): pickle.dumps(parse((data_dir() / name).read_bytes()))
              for name in DATA}

    def parse_yaml(raw):
        known = parsed.get(raw) if isinstance(raw, bytes) else None
        return parse(raw) if known is None else pickle.loads(known)  # a fresh copy each time

    return parse_yaml


@pytest.fixture(scope="module")
def data_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("data")
    for name in DATA:
        shutil.copy(data_dir() / name, root / name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(content_loader, "parse_yaml", good_files_parsed_once(content_loader.parse_yaml))
        yield root


def content_with(root: Path, name: str, place: tuple, value) -> None:
    try:
        (root / name).write_text(yaml_text(damage(DATA[name], place, value)), encoding="utf-8")
        try:
            load_content(root)
        except ContentError as e:
            assert one_line(e).startswith(f"data/{name}")
    finally:
        shutil.copy(data_dir() / name, root / name)


@settings(SLOW, max_examples=60)  # each example loads every data file (0.1 s)
@given(st.sampled_from(DATA_PLACES), YAML_HOSTILE | st.just(...))
def test_damaged_card_data_loads_or_is_one_line_naming_the_file(data_copy, where, value):
    content_with(data_copy, *where, value)


# every field of the first entry of every data file, and each file's own top fields
FIRST_ENTRY_PLACES = [(name, p) for name, p in DATA_PLACES if len(p) <= 1 or (len(p) == 3 and p[1] == 0)]
YAML_NASTY = [None, 3, [], {}, "x" * 10_000, ...]


def test_every_field_of_a_first_entry_holding_each_nasty_value(data_copy):
    """The exhaustive table beside the property tests: each data file's own fields and
    every field of its first entry, with each nasty value or removed."""
    for name, place in FIRST_ENTRY_PLACES:
        for value in YAML_NASTY:
            content_with(data_copy, name, place, value)


@settings(SLOW, max_examples=60)
@given(st.sampled_from(STEP_PLACES), YAML_HOSTILE)
def test_an_effect_step_whose_do_is_of_any_type_is_one_line(data_copy, where, value):
    content_with(data_copy, *where, value)


def test_a_lesson_whose_position_cannot_be_built_is_one_tutorial_line(tmp_path):
    from fate.tools import tutorial

    text = (Path(data_dir()) / "tutorial.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "tutorial.yaml"
    bad.write_text(text.replace("players: 1", "players: 9", 1), encoding="utf-8")
    lesson = tutorial.load(bad)[0]
    with pytest.raises(tutorial.TutorialError) as e:
        lesson.game(CONTENT)
    assert "players" in one_line(e.value)
