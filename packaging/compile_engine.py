"""Compile the rules engine with Cython: python packaging/compile_engine.py [--out DIR] [--clean]

Every module of fate/engine but its ``__init__`` is translated by Cython and built by
the platform's C compiler (setuptools finds it: gcc or clang; on Windows, Visual C++)
into DIR (default packaging/build/engine, or ``$FATE_ENGINE_BUILD``), with stamp.json naming the
sources it was built from (fate/compiled.py). From then on the game, the tests' child
processes and ``python -m fate.bench`` run the compiled engine, as long as the sources
are unchanged; after an edit they run the sources again until the next build. The
packaged app is built with it (packaging/build.py) where a compiler is present.

The compiled modules are the same Python, translated: the same games, choice for
choice (tests/test_compiled_engine.py). ``Game`` becomes an extension type
(fate/engine/game.pxd) so that its own methods read its fields in place; nothing
else is declared, and the type annotations are not used as C types.

``--clean`` removes the build: the sources run again.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fate.cli import Parser  # noqa: E402
from fate.compiled import ENGINE, STAMP, build_dir, modules, stamp_for  # noqa: E402

# Cython's directives: Python's semantics, whatever the annotations say.
DIRECTIVES = {
    "language_level": 3,
    "binding": False,  # plain C functions; nothing here inspects the engine's functions
    "annotation_typing": False,  # `seats: list` must still take a tuple, as in Python
    "embedsignature": False,
}


class CompileError(Exception):
    pass


def compile_engine(out: Path, quiet: bool = False) -> Path:
    """Build the compiled engine into ``out``; returns it. CompileError in one line when
    Cython, setuptools or a C compiler is missing or fails."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution
    except ImportError as e:
        raise CompileError(f"{e.name} is not installed: python -m pip install -r requirements.txt") from None
    names = modules()
    with tempfile.TemporaryDirectory(prefix="fate-engine-") as tmp:
        # The sources are copied whole (with the package's layout, so that the modules
        # keep their names): Cython writes its C files beside what it reads.
        src = Path(tmp) / "fate" / "engine"
        src.mkdir(parents=True)
        (src.parent / "__init__.py").write_text("")
        for f in ENGINE.iterdir():
            if f.suffix in (".py", ".pxd"):
                shutil.copy2(f, src / f.name)
        cwd = os.getcwd()
        os.chdir(tmp)
        try:
            exts = cythonize([f"fate/engine/{m}.py" for m in names], compiler_directives=DIRECTIVES,
                             quiet=quiet, nthreads=0)
            dist = Distribution({"name": "fate-engine", "ext_modules": exts})
            dist.script_args = ["build_ext", "--build-lib", str(Path(tmp) / "lib"),
                                "--build-temp", str(Path(tmp) / "obj"), "--parallel", str(os.cpu_count() or 1)]
            if quiet:
                dist.script_args.insert(0, "--quiet")
            dist.parse_command_line()
            dist.run_commands()
        except SystemExit as e:  # distutils reports a failed compiler this way
            raise CompileError(f"the C compiler failed ({e}); its messages are above") from None
        except Exception as e:  # Cython's and setuptools' own errors
            raise CompileError(f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}") from None
        finally:
            os.chdir(cwd)
        built = Path(tmp) / "lib" / "fate" / "engine"
        stamp = stamp_for()
        missing = [m for m in names if not (built / f"{m}{stamp['suffix']}").is_file()]
        if missing:
            raise CompileError(f"no compiled module for {', '.join(missing)}")
        out.mkdir(parents=True, exist_ok=True)
        for old in out.iterdir():
            if old.is_file():
                old.unlink()
        for m in names:
            shutil.copy2(built / f"{m}{stamp['suffix']}", out / f"{m}{stamp['suffix']}")
    import Cython

    stamp["cython"] = Cython.__version__
    (out / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")  # last: a build is whole or absent
    return out


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python packaging/compile_engine.py",
                description="Compile the rules engine with Cython (the same games, faster).")
    ap.add_argument("--out", type=Path, default=None, help="where (default packaging/build/engine or $FATE_ENGINE_BUILD)")
    ap.add_argument("--clean", action="store_true", help="remove the build: the sources run again")
    args = ap.parse_args(argv)
    out = (args.out or build_dir()).resolve()
    if args.clean:
        if (out / STAMP).is_file():
            shutil.rmtree(out)
            print(f"removed {out}")
        else:
            print(f"nothing to remove: {out} holds no compiled engine")
        return 0
    try:
        compile_engine(out, quiet=True)
    except CompileError as e:
        print(f"compile_engine: {e}", file=sys.stderr)
        return 1
    print(f"compiled engine: {out} ({len(modules())} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
