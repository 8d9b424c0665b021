"""The engine compiled by Cython (packaging/compile_engine.py, fate/compiled.py): it is
built from the sources, plays the very games they play, and runs only while it is a
build of these sources; a missing, stale or damaged build means the sources run."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate import compiled
from fate.engine.game import Game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

from compile_engine import CompileError, compile_engine  # noqa: E402


def fake_build(folder: Path, **changes) -> Path:
    """A folder that looks like a build of the present sources: the stamp, and a file of
    bytes that are no module for each module (``engine_path`` only decides whether to look
    there; ``__init__`` finds out they do not load)."""
    stamp = compiled.stamp_for()
    folder.mkdir(parents=True, exist_ok=True)
    stamp["built"] = {}
    for m in compiled.modules():
        name = f"{m}{stamp['suffix']}"
        (folder / name).write_bytes(b"not a module " + m.encode())
        stamp["built"][name] = compiled.file_mark(folder / name)
    (folder / compiled.STAMP).write_text(json.dumps({**stamp, **changes}))
    return folder


def test_game_pxd_declares_every_field_of_game_and_no_other():
    text = (compiled.ENGINE / "game.pxd").read_text()
    declared = [n.strip() for line in re.findall(r"cdef public object (.+)", text) for n in line.split(",")]
    assert sorted(declared) == sorted(Game.__slots__)
    assert len(declared) == len(set(declared))


def test_a_build_of_these_sources_comes_first_on_the_engine_path(tmp_path, monkeypatch):
    folder = fake_build(tmp_path / "engine")
    monkeypatch.setenv("FATE_ENGINE_BUILD", str(folder))
    monkeypatch.delenv("FATE_PURE", raising=False)
    assert compiled.engine_path(["src"]) == [str(folder), "src"]
    monkeypatch.setenv("FATE_PURE", "1")  # the sources, whatever was built
    assert compiled.engine_path(["src"]) == ["src"]


def test_a_stale_foreign_or_partial_build_is_passed_over(tmp_path, monkeypatch):
    monkeypatch.delenv("FATE_PURE", raising=False)
    sources = compiled.sources()
    edited = dict(sources, **{"game.py": "0" * 64})  # a rule edited since the build
    cases = {
        "stale": fake_build(tmp_path / "stale", sources=edited),
        "another interpreter": fake_build(tmp_path / "other", python="cpython-399"),
        "no declarations": fake_build(tmp_path / "nopxd", sources={k: v for k, v in sources.items()
                                                                   if k != "game.pxd"}),
    }
    partial = fake_build(tmp_path / "partial")
    (partial / f"game{compiled.stamp_for()['suffix']}").unlink()
    cases["a module missing"] = partial
    cut = fake_build(tmp_path / "cut")
    (cut / f"rng{compiled.stamp_for()['suffix']}").write_bytes(b"not")  # cut short since the build
    cases["a module cut short"] = cut
    if hasattr(os, "mkfifo"):  # POSIX: a pipe where the stamp goes; read, it would block start-up
        piped = fake_build(tmp_path / "piped")
        (piped / compiled.STAMP).unlink()
        os.mkfifo(piped / compiled.STAMP)
        cases["a pipe for a stamp"] = piped
    cases["no build"] = tmp_path / "none"
    for why, folder in cases.items():
        monkeypatch.setenv("FATE_ENGINE_BUILD", str(folder))
        assert compiled.engine_path(["src"]) == ["src"], why


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return fake_build(tmp_path_factory.mktemp("damaged") / "engine")


@given(raw=st.one_of(st.binary(max_size=300), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=20).map(lambda v: json.dumps(v).encode())))
def test_a_damaged_stamp_never_raises_and_means_the_sources(built, raw):
    (built / compiled.STAMP).write_bytes(raw)
    old = os.environ.get("FATE_ENGINE_BUILD"), os.environ.pop("FATE_PURE", None)
    os.environ["FATE_ENGINE_BUILD"] = str(built)
    try:
        assert compiled.engine_path(["src"]) == ["src"]
    finally:
        os.environ.pop("FATE_ENGINE_BUILD")
        if old[0] is not None:
            os.environ["FATE_ENGINE_BUILD"] = old[0]
        if old[1] is not None:
            os.environ["FATE_PURE"] = old[1]


def test_a_build_that_will_not_load_sends_the_engine_back_to_its_sources(tmp_path):
    """A stamp and modules that match, but modules this machine cannot load (as a build
    made on another machine): the game starts on the sources, not with a traceback."""
    folder = fake_build(tmp_path / "engine")
    env = {**{k: v for k, v in os.environ.items() if k != "FATE_PURE"}, "FATE_ENGINE_BUILD": str(folder)}
    code = ("import fate.engine.save, fate.engine.game as g; from fate.engine import engine_kind, new_game; "
            "from fate.engine import default_content; print(engine_kind(), g.__file__.endswith('.py'), "
            "new_game(default_content(), 2, 1).pending() is not None)")
    assert run_engine(code, env).split() == ["pure", "Python", "True", "True"]


@pytest.mark.release
def test_the_builder_writes_and_removes_only_its_own_files(tmp_path):
    mine = tmp_path / "someone's"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    try:
        compile_engine(mine, quiet=True)
        raise AssertionError("a folder of other files was taken")
    except CompileError as e:
        assert "holds other files" in str(e) and "\n" not in str(e)
    assert (mine / "notes.txt").read_text() == "keep me"
    old = fake_build(tmp_path / "old")
    (old / "notes.txt").write_text("keep me too")
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "compile_engine.py"), "--clean", "--out", str(old)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "removed" in done.stdout, done.stderr
    assert sorted(p.name for p in old.iterdir()) == ["notes.txt"]


def run_engine(code: str, env: dict) -> str:
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.release
def test_the_compiled_engine_plays_the_same_games_as_the_sources(tmp_path):
    """Built for real (a C compiler is on every machine .ci/run prepares): every prompt,
    event, view and snapshot of seeded games at one to four seats and each solo level, and
    Hard's searches, hash the same; without a compiler the build says so in one line."""
    try:
        folder = compile_engine(tmp_path / "engine", quiet=True)
    except CompileError as e:  # a machine without a C compiler: never CI's (.ci/run installs gcc)
        assert not os.environ.get("CI"), e
        assert not (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")), e
        assert "\n" not in str(e) and str(e)
        return
    assert json.loads((folder / compiled.STAMP).read_text())["sources"] == compiled.sources()
    code = ("from fate.engine import engine_kind; from fate.engine import default_content; "
            "from fate.bench.search import search_positions; from fate.bench.fingerprint import fingerprint; "
            "c = default_content(); print(engine_kind()); print(fingerprint(c, 6, search_positions(c)))")
    env = {k: v for k, v in os.environ.items() if k != "FATE_PURE"}
    fast = run_engine(code, {**env, "FATE_ENGINE_BUILD": str(folder)}).splitlines()
    slow = run_engine(code, {**env, "FATE_PURE": "1"}).splitlines()
    assert fast[0] == "compiled" and slow[0] == "pure Python"
    assert fast[1] == slow[1]
    # "End your turn?" (its wary game has tables of its own) marks the same choices compiled
    marks = ("import random, hashlib\nfrom fate.engine import default_content, new_game\n"
             "from fate.engine.determinize import turn_ending\nc, h = default_content(), hashlib.sha256()\n"
             "for k in range(4):\n    g, pick = new_game(c, 1 + k, 50 + k), random.Random(k)\n"
             "    while not g.over and len(g.choices_made) < 150:\n"
             "        h.update(repr(sorted(turn_ending(g).items())).encode())\n"
             "        g.apply(pick.choice(g.pending().choices).id)\nprint(h.hexdigest())")
    assert run_engine(marks, {**env, "FATE_ENGINE_BUILD": str(folder)}) == run_engine(marks, {**env, "FATE_PURE": "1"})
    # every module of the engine is the compiled one, none mixed in from the sources
    every = ("import sys, fate.engine; from fate.compiled import kind_of; "
             "print(sorted({kind_of(m) for n, m in sys.modules.items() if n.startswith('fate.engine.')}))")
    assert run_engine(every, {**env, "FATE_ENGINE_BUILD": str(folder)}).strip() == "['compiled']"
    # a quiet game (the bots' look-ahead) keeps no events in the compiled engine either
    quiet = ("from fate.engine import default_content; from fate.engine import new_game; "
             "from fate.engine.game import quiet; g = quiet(new_game(default_content(), 2, 3)); "
             "print(len(g.apply(g.pending().choices[0])), len(g.events), type(g.clone().events).__name__)")
    assert run_engine(quiet, {**env, "FATE_ENGINE_BUILD": str(folder)}).split() == ["0", "0", "list"]
