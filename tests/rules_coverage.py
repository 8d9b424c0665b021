"""Map every rule id to the tests that check it; write docs/rules-coverage.md.

    python tests/rules_coverage.py --write

A test covers a rule when its name starts with the id (test_r_mv_5_...) or its
docstring names it (R-MV-5). The ids come from ../shared/rules/RULES.md when it
is beside the project, else from the list in docs/rules-coverage.md.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules" / "RULES.md"
RULEBOOK = ROOT.parent / "shared" / "rules" / "rulebook.txt"
EXAMPLE_MARK = "Rulebook example:"
DOC = ROOT / "docs" / "rules-coverage.md"
ID = re.compile(r"R-[A-Z0-9]+-\d+")
NAME = re.compile(r"^test_r_([a-z0-9]+)_(\d+)(?:_|$)")


def rule_ids() -> list[str]:
    if RULES.exists():
        return re.findall(r"^- (R-[A-Z0-9]+-\d+)", RULES.read_text(encoding="utf-8"), re.M)
    return re.findall(r"^\| (R-[A-Z0-9]+-\d+) \|", DOC.read_text(encoding="utf-8"), re.M)


def tests_by_rule() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                ids = set(ID.findall(ast.get_docstring(node) or ""))
                m = NAME.match(node.name)
                if m:
                    ids.add(f"R-{m.group(1).upper()}-{m.group(2)}")
                for rid in ids:
                    found.setdefault(rid, []).append(f"{rel}::{node.name}")
    return found


def rulebook_examples() -> int | None:
    """How many worked examples the rulebook has (blocks that open with EXAMPLE),
    or None when the rulebook is not beside the project."""
    if not RULEBOOK.exists():
        return None
    return len(re.findall(r"^\*[A-Z ]*EXAMPLE:", RULEBOOK.read_text(encoding="utf-8"), re.M))


def example_tests() -> list[tuple[str, str]]:
    """(example name, test) for each test under tests/rulebook whose docstring opens
    with "Rulebook example:"."""
    out = []
    for path in sorted((ROOT / "tests" / "rulebook").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        for node in tree.body:
            doc = ast.get_docstring(node) if isinstance(node, ast.FunctionDef) else None
            if doc and doc.startswith(EXAMPLE_MARK):
                name = doc.removeprefix(EXAMPLE_MARK).split("\n")[0].strip().rstrip(".")
                out.append((name, f"{rel}::{node.name}"))
    return out


def render() -> str:
    found = tests_by_rule()
    lines = [
        "# Rules coverage",
        "",
        "Every rule id of `shared/rules/RULES.md` and the tests that check it through the",
        "engine's public interface. Written by `python tests/rules_coverage.py --write`;",
        "`tests/test_rules_coverage.py` fails when an id has no test or this page is stale.",
        "",
        "| id | tests |",
        "|---|---|",
    ]
    for rid in rule_ids():
        tests = found.get(rid, [])
        lines.append(f"| {rid} | {'<br>'.join(f'`{t}`' for t in tests) or '**none**'} |")
    lines += [
        "",
        "## The rulebook's worked examples",
        "",
        "Each block of the rulebook that opens with EXAMPLE, played with its own numbers",
        "(tests/rulebook); the rule ids each one checks follow its name.",
        "",
        "| example | test |",
        "|---|---|",
    ]
    for name, test in example_tests():
        lines.append(f"| {name} | `{test}` |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    text = render()
    if "--write" in sys.argv:
        DOC.write_text(text, encoding="utf-8")
    missing = [line.split(" | ")[0][2:] for line in text.splitlines() if "**none**" in line]
    print(f"{len(rule_ids()) - len(missing)} of {len(rule_ids())} rule ids have tests")
    if missing:
        print("without a test: " + " ".join(missing))
