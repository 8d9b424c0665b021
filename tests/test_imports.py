"""Dependencies in fate/ run one way: no import cycles anywhere, and the
engine's core (state, task stack, prompts, registries) names no rule module.

The import statements are read from the source (a function-level import
ties two modules as much as one at the top; ``if TYPE_CHECKING:`` blocks do
not count), so the test sees what a packaged app would load."""

from __future__ import annotations

import ast
from pathlib import Path

FATE = Path(__file__).resolve().parent.parent / "fate"
CORE = {"fate.engine.game", "fate.engine.registry", "fate.engine.model", "fate.engine.constants",
        "fate.engine.errors", "fate.engine.rng"}
RULES = {"fate.engine.artifacts", "fate.engine.casting", "fate.engine.conditions", "fate.engine.effects",
         "fate.engine.flow", "fate.engine.locations", "fate.engine.movement", "fate.engine.raids",
         "fate.engine.steps_board", "fate.engine.steps_cards"}


def module_files() -> dict[str, Path]:
    mods = {}
    for f in FATE.rglob("*.py"):
        parts = list(f.relative_to(FATE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = f
    return mods


def import_graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the fate modules it imports (a package's own __init__ is not an edge
    from inside that package: Python runs it first whatever the order)."""

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, f in mods.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = m.split(".") if f.name == "__init__.py" else m.split(".")[:-1]
                    base = ".".join(here[: len(here) - (node.level - 1)] + ([base] if base else []))
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            for name in names:
                if name.split(".")[0] != "fate":
                    continue
                r = resolve(name)
                if r and r != m and not (mods[r].name == "__init__.py" and m.startswith(r + ".")):
                    graph[m].add(r)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_in_fate():
    graph = import_graph(module_files())
    assert len(graph) > 30  # the whole package was read
    assert cycles(graph) == []


def test_the_engine_core_imports_no_rule_module():
    mods = module_files()
    assert CORE | RULES <= set(mods), "a core or rule module was renamed: update this test"
    graph = import_graph(mods)
    for core in sorted(CORE):
        assert not graph[core] & RULES, f"{core} imports {sorted(graph[core] & RULES)}"


def test_scenes_do_not_import_each_other():
    graph = import_graph(module_files())
    scenes = {"fate.ui.menus", "fate.ui.play"}
    for s in scenes:
        assert not graph[s] & scenes, f"{s} imports {sorted(graph[s] & scenes)}"


def test_the_cycle_finder_finds_a_cycle():
    """The checker itself can fail: a loop of three modules is reported as one cycle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
