"""Dependencies in fate/ run one way: no import cycles anywhere, and the
engine's core (state, task stack, prompts, registries) names no rule module.

The import statements are read from the source (a function-level import
ties two modules as much as one at the top; ``if TYPE_CHECKING:`` blocks do
not count), so the test sees what a packaged app would load."""

from __future__ import annotations

import ast
import re
from pathlib import Path

FATE = Path(__file__).resolve().parent.parent / "fate"
CORE = {"fate.engine.game", "fate.engine.registry", "fate.engine.model", "fate.engine.constants",
        "fate.engine.errors", "fate.engine.rng", "fate.engine.fields", "fate.engine.prepared"}
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


def room_of(module: str) -> str:
    """The room a module lives in: ``fate.ui.table.board`` -> ``fate.ui.table``; a module
    straight under fate/ or fate/ui/ is a room of its own."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["fate", "ui"] and len(parts) > 3 else \
        ".".join(parts[:2]) if parts[:1] == ["fate"] and len(parts) > 2 and parts[1] != "ui" else module


def arrows(graph: dict[str, set[str]], source: str, target: str) -> list[str]:
    """Every import from a module of room ``source`` (or under it) into room ``target``."""
    return sorted(f"{a} -> {b}" for a, bs in graph.items() for b in bs
                  if (a == source or a.startswith(source + ".")) and (b == target or b.startswith(target + ".")))


# Every module of fate/ stands on a floor, and imports only from its own floor or the floors
# below: the ground knows nothing of the game, the rules nothing of words, the AI nothing
# of the player's records, the client and the server nothing of each other or of the screens.
FLOORS = {
    "fate": 0,            # the package itself: its version
    "fate.ground": 0,     # paths, OS, untrusted input, whole files, text rules, command lines, the router
    "fate.compiled": 0,   # which rules engine runs (the sources or the compiled modules)
    "fate.content": 1,    # the cards, places and gods as data
    "fate.engine": 2,     # the rules
    "fate.words": 3,      # the game in words: narration, glossary, How to Play, the Altar's symbols
    "fate.ai": 4,         # the three AI levels, their books and Hard's review
    "fate.records": 5,    # what is kept for the player: saves, settings, reviews, statistics
    "fate.tools": 6,      # scenarios, lessons, the simulator, the card check
    "fate.protocol": 6,   # the wire's words both ends share: the version, every message type
    "fate.net": 7,        # the client side of online play
    "fate.server": 7,     # the game server
    "fate.ui": 8,         # the game on screen
    "fate.bench": 9,      # the benchmarks, which measure everything below
}
# Rooms of one floor that must not know each other either.
STRANGERS = [("fate.net", "fate.server"), ("fate.protocol", "fate.tools")]


def floor_of(module: str) -> int | None:
    return FLOORS.get(module if module == "fate" else ".".join(module.split(".")[:2]))


def test_every_module_has_a_floor():
    assert [m for m in module_files() if floor_of(m) is None] == []


def test_no_module_imports_from_a_floor_above_its_own():
    graph = import_graph(module_files())
    up = sorted(f"{a} -> {b}" for a, bs in graph.items() for b in bs if floor_of(b) > floor_of(a))
    assert up == []
    for one, other in STRANGERS:
        assert arrows(graph, one, other) == [] and arrows(graph, other, one) == []


def test_the_checker_sees_a_module_without_a_floor_and_an_arrow_up():
    assert floor_of("fate.loose") is None and floor_of("fate.ground.paths") == 0
    assert floor_of("fate.engine.game") < floor_of("fate.words.narration") < floor_of("fate.ai.critic")


def test_the_top_of_fate_holds_at_most_six_modules():
    top = sorted(f.name for f in FATE.glob("*.py"))
    assert len(top) <= 6, top


def test_no_two_modules_share_a_name_in_one_family():
    """Four files were once named review.py: a name says which part it is."""
    names = [m.rsplit(".", 1)[-1] for m in module_files() if "." in m]
    assert names.count("review") <= 1 and names.count("tables") <= 1


# Inside the window: a room never imports a room above it.
ABOVE = {
    "fate.ui.kit": ["fate.ui.table", "fate.ui.screens", "fate.ui.online", "fate.ui.session", "fate.ui.app",
                    "fate.ui.shots"],
    "fate.ui.worker": ["fate.ui.kit", "fate.ui.session", "fate.ui.table", "fate.ui.screens", "fate.ui.online",
                       "fate.ui.app"],
    "fate.ui.session": ["fate.ui.kit", "fate.ui.table", "fate.ui.screens", "fate.ui.online", "fate.ui.app"],
    "fate.ui.table": ["fate.ui.screens", "fate.ui.online", "fate.ui.app", "fate.ui.shots"],
    "fate.ui.screens": ["fate.ui.online", "fate.ui.app", "fate.ui.shots"],
    "fate.ui.online": ["fate.ui.screens", "fate.ui.app", "fate.ui.shots"],
}


def test_no_room_imports_a_room_above_it():
    graph = import_graph(module_files())
    assert {room_of(m) for m in graph} >= set(ABOVE), "a room was renamed: update this test"
    for low, highs in ABOVE.items():
        for high in highs:
            assert not arrows(graph, low, high), f"{low} imports {high}: {arrows(graph, low, high)}"


def test_the_ui_is_four_rooms_and_the_window():
    """fate/ui holds the table, the screens, online play and the kit, beside the window
    (app), the session that seats deciders, and the headless tools (shots, crash)."""
    mods = module_files()
    assert {room_of(m) for m in mods if m.startswith("fate.ui.")} == {
        "fate.ui.table", "fate.ui.screens", "fate.ui.online", "fate.ui.kit",
        "fate.ui.app", "fate.ui.session", "fate.ui.shots", "fate.ui.crash", "fate.ui.worker"}


def test_screens_do_not_import_each_other():
    """A screen asks the app for the next one by name; what two screens share lives in
    fate/ui/screens/saved.py (the saved games in words), and a part of one screen in a module
    of its own (review_board.py): neither registers a scene."""
    mods = module_files()
    graph = import_graph(mods)
    screens = {m for m in graph if m.startswith("fate.ui.screens.")
               and re.search(r"\bscene\(\"", mods[m].read_text(encoding="utf-8"))}
    assert len(screens) >= 9 and "fate.ui.screens.saved" not in screens
    for s in sorted(screens):
        assert not graph[s] & screens, f"{s} imports {sorted(graph[s] & screens)}"


def test_no_module_is_over_500_lines():
    long = {m: n for m, f in module_files().items() if (n := len(f.read_text(encoding="utf-8").splitlines())) > 500}
    assert long == {}


def test_the_checker_sees_a_room_importing_upwards():
    graph = {"fate.engine.game": {"fate.ui.table.board"}, "fate.ui.table.board": set()}
    assert arrows(graph, "fate.engine", "fate.ui") == ["fate.engine.game -> fate.ui.table.board"]
    assert room_of("fate.ui.table.board") == "fate.ui.table" and room_of("fate.engine.game") == "fate.engine"
    assert room_of("fate.words.narration") == "fate.words" and room_of("fate.ui.app") == "fate.ui.app"


def test_the_cycle_finder_finds_a_cycle():
    """The checker itself can fail: a loop of three modules is reported as one cycle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
