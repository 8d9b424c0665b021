"""The table is a state passed to its parts, not a class of mixins (issue 52, item 2):
no class in fate/ui/table has two bases, and each field of ``TableState`` is written in
one module only, the one its comment names (fate/ui/table/state.py)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import fate.ui.table
from fate.ui.table.state import TableState

ROOM = Path(fate.ui.table.__file__).parent
# who writes each field: the scene (and the kinds of table built on it), the Chronicle, ``say``
WRITER = {"shown": "telling.py", "notice": "state.py"}
HOLDERS = {"self", "st", "state", "self.st", "self.state", "scene", "self.scene"}  # (not ``self.app.notice``)


def _modules() -> dict[str, ast.Module]:
    return {p.name: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(ROOM.glob("*.py"))}


def _writes(tree: ast.Module) -> set[str]:
    """The fields of a ``TableState`` this module assigns (``st.picker = ...``, ``self.state.menu = ...``,
    or, in a part, ``self.picker = ...``)."""
    fields = {f.name for f in dataclasses.fields(TableState)}
    out = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AugAssign | ast.AnnAssign) else []
        for t in targets:
            for el in t.elts if isinstance(t, ast.Tuple) else [t]:
                if isinstance(el, ast.Attribute) and el.attr in fields and ast.unparse(el.value) in HOLDERS:
                    out.add(el.attr)
    return out


def test_no_class_in_the_table_has_two_bases():
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b) for b in node.bases if not ast.unparse(b).startswith(("Generic", "Protocol"))]
                assert len(bases) <= 1, f"{name}: class {node.name}({', '.join(bases)})"


def test_each_shared_field_has_one_writer():
    modules = _modules()
    for name, tree in modules.items():
        for field in _writes(tree):
            owner = WRITER.get(field, "scene.py")
            assert name == owner, f"{name} writes TableState.{field}, whose writer is {owner}"


def test_the_writers_named_do_write_their_fields():
    """(The check above would pass on a tree that writes nothing: each writer is found writing.)"""
    modules = _modules()
    assert {"shown"} <= _writes(modules["telling.py"])
    assert {"notice"} <= _writes(modules["state.py"])
    assert {"picker", "looker", "handoff", "menu", "confirming", "error", "clock"} <= _writes(modules["scene.py"])
