"""Which rules engine runs: the Python sources, or the same sources compiled by Cython.

``python packaging/compile_engine.py`` compiles every module of fate/engine but its
``__init__`` into packaging/build/engine/ (or ``$FATE_ENGINE_BUILD``) and writes stamp.json beside
them: the sha256 of each source it compiled, the interpreter's extension suffix and
Cython's version. ``fate/engine/__init__.py`` puts that folder ahead of its own on the
package's path only while the stamp matches the sources beside it, so an edited rule
never runs as its stale compiled self, and a missing, damaged or foreign stamp means the
Python sources run, as they do everywhere without a build. ``FATE_PURE=1`` keeps the
sources whatever was built (the coverage and mutation runs read them). The packaged app
carries its compiled modules itself (packaging/fate.spec) and never looks here.

The compiled engine plays the same games as the sources, choice for choice
(tests/test_compiled_engine.py compares their fingerprints); it is only faster.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

ENGINE = Path(__file__).resolve().parent / "engine"
DEFAULT_BUILD = ENGINE.parent.parent / "packaging" / "build" / "engine"
STAMP = "stamp.json"
PXD = ("game.pxd",)  # declarations Cython reads beside the sources (the Game type)


def build_dir() -> Path:
    return Path(os.environ.get("FATE_ENGINE_BUILD") or DEFAULT_BUILD)


def modules(engine: Path = ENGINE) -> list[str]:
    """The modules compiled: every one of the package but its ``__init__``."""
    return sorted(p.stem for p in engine.glob("*.py") if p.stem != "__init__")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sources(engine: Path = ENGINE) -> dict[str, str]:
    """What a build is stamped with: each compiled source's and declaration's sha256."""
    files = [f"{m}.py" for m in modules(engine)] + [p for p in PXD if (engine / p).exists()]
    return {name: digest(engine / name) for name in files}


def stamp_for(engine: Path = ENGINE) -> dict:
    return {"suffix": EXTENSION_SUFFIXES[0], "python": sys.implementation.cache_tag,
            "sources": sources(engine)}


def engine_path(path: list[str]) -> list[str]:
    """The engine package's search path: the compiled folder first when its build is of
    these very sources for this interpreter, else ``path`` as it is. Never raises."""
    if os.environ.get("FATE_PURE") == "1" or getattr(sys, "frozen", False):
        return path
    try:
        folder = build_dir()
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
        want = stamp_for()
        if not isinstance(stamp, dict) or {k: stamp.get(k) for k in want} != want:
            return path
        suffix = want["suffix"]
        if not all((folder / f"{m}{suffix}").is_file() for m in modules()):
            return path
    except (OSError, ValueError, RecursionError):  # no build, or a stamp that is not one
        return path
    return [str(folder), *path]


def kind_of(module: ModuleType) -> str:
    """'compiled' for a module Cython built, else 'pure Python' (``fate.engine.engine_kind``)."""
    name = getattr(module, "__file__", None) or ""
    return "compiled" if name.endswith(tuple(EXTENSION_SUFFIXES)) else "pure Python"
