"""Every command-line tool refuses a bad value with one line naming the argument
and exit status 2, before doing any work; no input gives a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import main as game_main
from fate import bench
from fate.ai import arena, draftbook, valuebook
from fate.tools import cards as content_tool
from fate.tools import scenario as scenario_tool
from fate.tools import sim, tutorial

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 10_000
TOOLS = {"main.py": game_main.main, "fate.tools.sim": sim.main, "fate.ai.arena": arena.main,
         "fate.ai.draftbook": draftbook.main, "fate.ai.valuebook": valuebook.main, "fate.bench": bench.main,
         "fate.tools.scenario": scenario_tool.main, "fate.tools.cards": content_tool.main, "fate.tools.tutorial": tutorial.main}


def cases(tmp: Path) -> list[tuple[str, list[str], str]]:
    """(tool, arguments, the argument the line must name)."""
    fifo = tmp / "fifo.yaml"
    if not fifo.exists():
        os.mkfifo(fifo)
    bad_yaml = tmp / "bad.yaml"
    bad_yaml.write_text("a: &a [x, x]\nb: [*a, *a]\n")
    deep = tmp / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    binary = tmp / "binary.md"
    binary.write_bytes(b"\xff\xfe")
    mixed = tmp / "mixed.yaml"
    mixed.write_text("players: 1\n1: x\nzz: y\n")
    lessons = tmp / "lessons.yaml"
    lessons.write_text("lessons: " + "[" * 5000 + "]" * 5000)
    return [
        ("main.py", ["--seed", HUGE], "--seed"), ("main.py", ["--seed", "-1"], "--seed"),
        ("main.py", ["--seed", "nan"], "--seed"), ("main.py", ["--screenshot", str(tmp)], "--screenshot"),
        ("main.py", ["--screenshot", str(tmp / "no" / "x.png")], "--screenshot"),
        ("main.py", ["--screenshot", str(tmp / "x.png"), "--scenario", str(tmp)], "--scenario"),
        ("main.py", ["--screenshot", str(tmp / "x.png"), "--scenario", str(bad_yaml)], "--scenario"),
        ("main.py", ["--screenshot", str(tmp / "x.png"), "--size", HUGE + "x" + HUGE], "WIDTHxHEIGHT"),
        ("main.py", ["--screenshot", str(tmp / "x.png"), "--screen", "x" * 5000], "--screen"),
        ("main.py", ["--bogus"], "--bogus"),
        ("fate.tools.sim", ["--games", "0"], "--games"), ("fate.tools.sim", ["--games", "-5"], "--games"),
        ("fate.tools.sim", ["--games", HUGE], "--games"), ("fate.tools.sim", ["--players", "5"], "--players"),
        ("fate.tools.sim", ["--report", str(tmp / "no" / "r.md")], "--report"), ("fate.tools.sim", ["--report", str(tmp)], "--report"),
        ("fate.tools.sim", ["--strong", str(tmp / "r.md"), "--budget", "inf"], "--budget"),
        ("fate.tools.sim", ["--strong", str(tmp / "r.md"), "--log", str(tmp / "none")], "--log"),
        ("fate.tools.sim", ["--changes", str(tmp / "none.md")], "--changes"), ("fate.tools.sim", ["--bot", "god"], "--bot"),
        ("fate.tools.sim", ["--levels", str(binary), "--games", "1"], "--levels"),
        ("fate.tools.sim", ["--players", "1", "--level", "nightmare"], "--level"),
        ("fate.tools.sim", ["--players", "2", "--level", "relentless"], "--level"),
        ("fate.ai.arena", ["--players", "2", "--level", "vigilant"], "--level"),
        ("fate.ai.arena", ["--jobs", "0"], "--jobs"), ("fate.ai.arena", ["--budget", "nan"], "--budget"),
        ("fate.ai.arena", ["--budget", "-1"], "--budget"), ("fate.ai.arena", ["--games", "0"], "--games"),
        ("fate.ai.arena", ["--players", HUGE], "--players"), ("fate.ai.arena", ["--bots", "x" * 5000], "--bots"),
        ("fate.ai.arena", ["--log", str(tmp)], "--log"), ("fate.ai.arena", ["--seed", "1.5"], "--seed"),
        ("fate.ai.arena", ["--draft", "x" * 5000], "--draft"),
        ("fate.ai.draftbook", ["--games", "0"], "--games"), ("fate.ai.draftbook", ["--bots", "oracle"], "--bots"),
        ("fate.ai.draftbook", ["--log", str(tmp / "none")], "--log"), ("fate.ai.draftbook", ["--out", str(tmp)], "--out"),
        ("fate.ai.draftbook", ["--budget", "nan"], "--budget"),
        ("fate.ai.valuebook", ["--games", "9"], "--games"), ("fate.ai.valuebook", ["--positions", "0"], "--positions"),
        ("fate.ai.valuebook", ["--jobs", HUGE], "--jobs"), ("fate.ai.valuebook", ["--out", str(tmp)], "--out"),
        ("fate.bench", ["search", "--bogus"], "--bogus"),
        ("fate.bench", ["engine", "--seconds", "inf"], "--seconds"), ("fate.bench", ["frames", "--frames", "0"], "--frames"),
        ("fate.bench", ["everything"], "what"),
        ("fate.tools.scenario", [str(tmp)], "file"), ("fate.tools.scenario", [str(fifo)], "file"),
        ("fate.tools.scenario", [str(bad_yaml)], "FILE"), ("fate.tools.scenario", [str(mixed)], "FILE"), ("fate.tools.scenario", ["--from-save", str(deep)], "--from-save"),
        ("fate.tools.scenario", ["--from-save", str(tmp / "none.json")], "--from-save"),
        ("fate.tools.scenario", [str(ROOT / "docs/examples/museum-control.yaml"), "--seat", "9"], "--seat"),
        ("fate.tools.scenario", [str(ROOT / "docs/examples/museum-control.yaml"), "--choose", "x" * 5000], "--choose"),
        ("fate.tools.cards", [str(tmp / "none")], "data"), ("fate.tools.cards", [str(tmp)], "DATA"),
        ("fate.tools.tutorial", ["--bogus"], "--bogus"), ("fate.tools.tutorial", [str(lessons)], "FILE"),
        ("fate.tools.tutorial", [str(fifo)], "file"),
    ]


def test_every_tool_refuses_every_bad_value_in_one_line_with_status_2(tmp_path, capsys):
    for tool, args, names in cases(tmp_path):
        try:
            code = TOOLS[tool](args)
        except SystemExit as e:
            code = e.code
        err = capsys.readouterr().err.strip()
        assert code == 2, (tool, args[:2], err)
        assert "\n" not in err and 0 < len(err) <= 300, (tool, args[:2], err[:400])
        assert names in err and "Traceback" not in err, (tool, args[:2], err)


@pytest.mark.parametrize("module,args", [
    ("main.py", ["--seed", HUGE]),
    ("fate.tools.sim", ["--games", "-5"]),
    ("fate.tools.tutorial", ["--bogus"]),
])
def test_a_refused_command_line_from_a_shell_is_one_line_and_status_2(module, args):
    cmd = [sys.executable, str(ROOT / module)] if module.endswith(".py") else [sys.executable, "-m", module]
    out = subprocess.run(cmd + args, cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and len(out.stderr.strip()) <= 300
