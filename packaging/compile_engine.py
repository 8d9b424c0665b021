"""Compile the rules engine with Cython: python packaging/compile_engine.py [--out DIR] [--clean]

Every module of fate/engine but its ``__init__`` is translated by Cython and built by
the platform's C compiler (setuptools finds it: gcc or clang; on Windows, Visual C++)
into DIR (default packaging/build/engine, or ``$FATE_ENGINE_BUILD``), with stamp.json naming the
sources and the modules it was built from (fate/compiled.py). From then on the game and
``python -m fate.bench`` run the compiled engine, as long as the sources are unchanged;
after an edit they run the sources again until the next build (the tests run the sources:
tests/conftest.py sets FATE_PURE=1). The packaged app is built with it
(packaging/build.py) where a compiler is present. Only its own files are written or
removed in DIR; a folder with other files and no build is refused.

The compiled modules are the same Python, translated: the same games, choice for
choice (tests/packaging/test_compiled_engine.py). ``Game`` becomes an extension type
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

from fate.compiled import DIRECTIVES, ENGINE, STAMP, build_dir, file_mark, modules, stamp_for  # noqa: E402
from fate.ground.cli import Parser  # noqa: E402


class CompileError(Exception):
    pass


def owned(out: Path) -> list[Path]:
    """The files of a build in ``out``: its stamp and its modules, nothing else there."""
    suffix = stamp_for()["suffix"]
    return [out / STAMP, *(out / f"{m}{suffix}" for m in modules())]


def clear(out: Path) -> None:
    """Remove an earlier build from ``out``; CompileError for a folder that holds files but
    no build (nothing of anyone else's is removed)."""
    if not out.exists():
        return
    if not out.is_dir():
        raise CompileError(f"{out} is not a folder")
    if not (out / STAMP).is_file() and any(out.iterdir()):
        raise CompileError(f"{out} holds other files and no compiled engine: give an empty or new folder")
    for f in owned(out):
        if f.is_file():
            f.unlink()


def compile_engine(out: Path, quiet: bool = False) -> Path:
    """Build the compiled engine into ``out``; returns it. CompileError in one line when
    Cython, setuptools or a C compiler is missing or fails, or a file cannot be written."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution
    except ImportError as e:
        raise CompileError(f"{e.name} is not installed: python -m pip install -r requirements.txt") from None
    names = modules()
    try:
        with tempfile.TemporaryDirectory(prefix="fate-engine-") as tmp:
            # The sources are copied whole (with the package's layout, so that the modules
            # keep their names): Cython writes its C files beside what it reads. The stamp
            # names the copies, so an edit made while the compiler runs is not stamped as built.
            src = Path(tmp) / "fate" / "engine"
            src.mkdir(parents=True)
            (src.parent / "__init__.py").write_text("")
            for f in ENGINE.iterdir():
                if f.suffix in (".py", ".pxd"):
                    shutil.copy2(f, src / f.name)
            stamp = stamp_for(src)
            cwd = os.getcwd()
            os.chdir(tmp)
            try:
                exts = cythonize([f"fate/engine/{m}.py" for m in names], compiler_directives=DIRECTIVES,
                                 quiet=quiet, nthreads=0)
                dist = Distribution({"name": "fate-engine", "ext_modules": exts})
                dist.script_args = ["build_ext", "--build-lib", str(Path(tmp) / "lib"),
                                    "--build-temp", str(Path(tmp) / "obj"),
                                    "--parallel", str(os.cpu_count() or 1)]
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
            missing = [m for m in names if not (built / f"{m}{stamp['suffix']}").is_file()]
            if missing:
                raise CompileError(f"no compiled module for {', '.join(missing)}")
            clear(out)
            out.mkdir(parents=True, exist_ok=True)
            marks = {}
            for m in names:
                name = f"{m}{stamp['suffix']}"
                shutil.copy2(built / name, out / name)
                marks[name] = file_mark(out / name)
    except OSError as e:
        raise CompileError(f"{getattr(e, 'filename', None) or out}: {e.strerror or e}") from None
    import Cython

    stamp["built"] = marks
    stamp["cython"] = Cython.__version__
    try:  # last: a build is whole or has no stamp
        (out / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise CompileError(f"{out / STAMP}: {e.strerror or e}") from None
    return out


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python packaging/compile_engine.py",
                description="Compile the rules engine with Cython (the same games, faster).")
    ap.add_argument("--out", type=Path, default=None, help="where (default packaging/build/engine or $FATE_ENGINE_BUILD)")
    ap.add_argument("--clean", action="store_true", help="remove the build: the sources run again")
    args = ap.parse_args(argv)
    out = (args.out or build_dir()).resolve()
    try:
        if args.clean:
            if not (out / STAMP).is_file():
                print(f"nothing to remove: {out} holds no compiled engine")
                return 0
            clear(out)
            if not any(out.iterdir()):
                out.rmdir()
            print(f"removed the compiled engine from {out}")
            return 0
        compile_engine(out, quiet=True)
    except OSError as e:
        print(f"compile_engine: {e.filename or out}: {e.strerror or e}", file=sys.stderr)
        return 1
    except CompileError as e:
        print(f"compile_engine: {e}", file=sys.stderr)
        return 1
    print(f"compiled engine: {out} ({len(modules())} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
