"""Which rules engine runs: the Python sources, or the same sources compiled by Cython.

``python packaging/compile_engine.py`` compiles every module of fate/engine but its
``__init__`` into packaging/build/engine/ (or ``$FATE_ENGINE_BUILD``) and writes stamp.json
beside them: the sha256 of each source it compiled, the size and time of writing of each
module it made, the interpreter's extension suffix and the directives Cython was given.
``fate/engine/__init__.py`` puts that folder ahead of its own on the package's path only
while the stamp matches the sources beside it and the modules in the folder, so an edited
rule never runs as its stale compiled self, and a missing, damaged or foreign stamp or
module means the Python sources run, as they do everywhere without a build (a module that
still will not load, such as one built for another machine, sends ``__init__`` back to
the sources too). ``FATE_PURE=1`` keeps the sources whatever was built (the tests set it:
coverage and mutation runs read the sources). The packaged app carries its compiled
modules itself (packaging/fate.spec) and never looks here.

The compiled engine plays the same games as the sources, choice for choice
(tests/packaging/test_compiled_engine.py compares their fingerprints); it is only faster.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any

from fate.ground.untrusted import read_bytes

ENGINE = Path(__file__).resolve().parent / "engine"
DEFAULT_BUILD = ENGINE.parent.parent / "packaging" / "build" / "engine"
STAMP = "stamp.json"
STAMP_LIMIT = 64 * 1024  # a stamp is some 3 KB
# Cython's directives: Python's semantics, whatever the annotations say.
DIRECTIVES = {
    "language_level": 3,
    "binding": False,  # plain C functions; nothing here inspects the engine's functions
    "annotation_typing": False,  # `seats: list` must still take a tuple, as in Python
    "embedsignature": False,
}


def build_dir() -> Path:
    return Path(os.environ.get("FATE_ENGINE_BUILD") or DEFAULT_BUILD).resolve()


def modules(engine: Path = ENGINE) -> list[str]:
    """The modules compiled: every one of the package but its ``__init__``."""
    return sorted(p.stem for p in engine.glob("*.py") if p.stem != "__init__")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def file_mark(path: Path) -> list[int]:
    """A compiled module's size and time of writing, as the stamp keeps them: looked at
    without reading it (hashing the modules at every start would cost some 50 ms).
    OSError if it is not a regular file."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise OSError(f"{path.name}: not a regular file")
    return [st.st_size, st.st_mtime_ns]


def sources(engine: Path = ENGINE) -> dict[str, str]:
    """Each compiled source's and declaration file's sha256 (what a build is made of)."""
    files = [f"{m}.py" for m in modules(engine)] + sorted(p.name for p in engine.glob("*.pxd"))
    return {name: digest(engine / name) for name in files}


def stamp_for(engine: Path = ENGINE) -> dict[str, Any]:
    """What a build of these sources for this interpreter says of itself (less its modules'
    marks, which ``compile_engine`` adds as ``built``)."""
    return {"suffix": EXTENSION_SUFFIXES[0], "python": sys.implementation.cache_tag,
            "directives": DIRECTIVES, "sources": sources(engine)}


def engine_path(path: list[str]) -> list[str]:
    """The engine package's search path: the compiled folder first when its build is of
    these very sources for this interpreter and its modules are the ones it made, else
    ``path`` as it is. Never raises, never blocks (a FIFO for a stamp is not read)."""
    if os.environ.get("FATE_PURE") == "1" or getattr(sys, "frozen", False):
        return path
    try:
        folder = build_dir()
        stamp = json.loads(read_bytes(folder / STAMP, STAMP_LIMIT))
        want = stamp_for()
        if not isinstance(stamp, dict) or {k: stamp.get(k) for k in want} != want:
            return path
        built = stamp.get("built")
        names = [f"{m}{want['suffix']}" for m in modules()]
        if not isinstance(built, dict) or sorted(built) != sorted(names):
            return path
        for name in names:  # a module cut short or written over since the build is not loaded
            if file_mark(folder / name) != built[name]:
                return path
    except (OSError, ValueError, RecursionError):  # no build, or a stamp that is not one
        return path
    return [str(folder), *path]


def kind_of(module: ModuleType) -> str:
    """'compiled' for a module Cython built, else 'pure Python' (``fate.engine.engine_kind``)."""
    name = getattr(module, "__file__", None) or ""
    return "compiled" if name.endswith(tuple(EXTENSION_SUFFIXES)) else "pure Python"
