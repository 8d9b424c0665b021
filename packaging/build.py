"""Build the desktop app: python packaging/build.py [--target native|windows|linux|macos] [--deb]

The default, ``--target native``, builds for the machine it runs on:

1. draws the icons (PNG, .ico, .icns) from the game's own art;
2. runs PyInstaller on packaging/fate.spec: a one-folder, windowed build in
   dist/FateOfTheElderGods/ (on macOS also dist/FateOfTheElderGods.app);
3. on Linux puts the menu entry, icons and install.sh beside the app and
   checks the entry with desktop-file-validate when it is installed;
4. packs an archive for this platform into dist/ (.tar.gz on Linux, .zip on
   Windows, .dmg on macOS) and, with --deb on Linux, a .deb;
5. prints the bundle size and the packaged app's start to first frame.

The release targets:

- ``--target windows``: the .zip and a per-user installer,
  FateOfTheElderGods-<version>-setup.exe. On Linux it runs the build with
  Windows' CPython under Wine (packaging/windows.py); on Windows, natively.
- ``--target linux`` (Linux, root): the .tar.gz and .deb built in a Debian 11
  chroot, so they start on glibc 2.31 and newer (packaging/oldlinux.py); every
  ELF file is checked for that (packaging/elfcheck.py) and the bundle runs its
  ``--self-test`` on Debian 11 in the chroot.
- ``--target macos`` (macOS): the native build, i.e. the .app in a .dmg.

Downloads are pinned (version and sha256) and kept between runs in the cache
folder: ``$FATE_BUILD_CACHE``, else ``~/.cache/fate-build``.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "FateOfTheElderGods"
ID = "fate-of-the-elder-gods"
DIST = ROOT / "dist"
LINUX = ROOT / "packaging" / "linux"
LICENCE = ROOT / "LICENSE"
NOTICES = ROOT / "assets" / "legal" / "THIRD-PARTY-NOTICES.txt"

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "packaging"))

from fate.ground.cli import Parser, folder_to_make  # noqa: E402
from fate.ground.oscompat import executable_name as exe_name  # noqa: E402
from fate.ground.oscompat import system  # noqa: E402

WORK = ROOT / "packaging" / "build" / system()  # one per system: a build under Wine shares the folder

TARGETS = ("native", "windows", "linux", "macos")


class BuildError(Exception):
    pass


def fresh(folder: Path) -> None:
    """Empty ``folder`` of an earlier build; a leftover that will not go is an error, not a silent mix."""
    try:
        if folder.is_symlink() or folder.is_file():
            folder.unlink()  # a link or a file where the folder goes: it goes, not what it points to
        elif folder.exists():
            shutil.rmtree(folder)
    except OSError as e:
        raise BuildError(f"{folder}: an earlier build's leftover cannot be removed ({e.strerror or e})") from None


def cache_dir() -> Path:
    """Where downloads and prepared toolchains are kept between builds (never in git)."""
    if os.environ.get("FATE_BUILD_CACHE"):
        return Path(os.environ["FATE_BUILD_CACHE"]).resolve()
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "fate-build"


def version() -> str:
    from fate import __version__

    return __version__


def platform_tag() -> str:
    return f"{system()}-{platform.machine().lower() or 'unknown'}"


def icons() -> dict[str, Path]:
    sys.path.insert(0, str(ROOT / "packaging"))
    from icons import write_all

    return write_all(WORK / "icons")


def compiled_engine() -> Path | None:
    """The rules engine compiled by Cython for the bundle (packaging/compile_engine.py), or
    None where it cannot be (no Cython or C compiler, as under Wine) or FATE_PURE=1 asks
    for the sources: the app is the same game either way, the compiled one faster."""
    if os.environ.get("FATE_PURE") == "1":
        print("engine: the Python sources (FATE_PURE=1)")
        return None
    from compile_engine import CompileError, compile_engine

    try:
        out = compile_engine(WORK / "engine", quiet=True)
    except CompileError as e:
        print(f"engine: the Python sources; not compiled: {e}")
        return None
    print(f"engine: compiled by Cython ({out})")
    return out


def pyinstaller(icon_dir: Path) -> Path:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise BuildError("PyInstaller is not installed: python -m pip install -r requirements.txt") from None
    env = dict(os.environ, FATE_ICON_DIR=str(icon_dir), FATE_LOCALE_BUILT=str(catalogues()))
    env.pop("FATE_COMPILED_ENGINE", None)
    engine = compiled_engine()
    if engine is not None:
        env["FATE_COMPILED_ENGINE"] = str(engine)  # packaging/fate.spec bundles these modules
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK / "work"), str(ROOT / "packaging" / "fate.spec")]
    done = subprocess.run(cmd, env=env, cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"PyInstaller failed (exit {done.returncode}); its messages are above")
    folder = DIST / NAME
    if not (folder / executable_name()).is_file():
        raise BuildError(f"PyInstaller made no {folder / executable_name()}")
    legal_files(folder)  # beside the program: in the folder, the archives and the installers
    return folder


def catalogues() -> Path:
    """Every language's catalogue compiled (fate.mo) into the work folder, laid out as the app
    reads them (fate/locale/LANG/LC_MESSAGES): packaging/fate.spec bundles that folder. A damaged
    catalogue stops the build, said in one line."""
    sys.path.insert(0, str(ROOT))
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError

    from fate.ground.language import ENGLISH, LANGUAGES
    from fate.tools.catalogues import po_path, read

    out = WORK / "locale"
    fresh(out)
    for code in LANGUAGES:
        po = po_path(code)
        if code == ENGLISH or not po.is_file():
            continue
        mo = out / code / "LC_MESSAGES" / "fate.mo"
        mo.parent.mkdir(parents=True)
        try:
            with mo.open("wb") as f:
                write_mo(f, read(po, code))
        except (OSError, PoFileError, ValueError) as e:
            raise BuildError(f"{po.relative_to(ROOT)}: {str(e)[:200]}") from None
    print(f"catalogues: {', '.join(sorted(p.name for p in out.iterdir()))}")
    return out


def executable_name() -> str:
    return exe_name(NAME)


def validate_desktop(path: Path) -> str:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return "desktop-file-validate not installed (Debian: desktop-file-utils); entry not validated"
    done = subprocess.run([tool, str(path)], capture_output=True, text=True)
    if done.returncode != 0 or done.stdout.strip():
        raise BuildError(f"{path.name} is not a valid desktop entry:\n{done.stdout}{done.stderr}")
    return "desktop entry valid (desktop-file-validate)"


def clean_runpaths(folder: Path) -> str:
    """Drop the library search paths of the machine that built the bundle from its ELF files
    (CPython's /opt/python3.11/lib in the Debian 11 root, a wheel's /usr/local/lib): on a
    player's machine they would name folders of someone else's. Paths from the file's own
    folder ($ORIGIN), which find the bundled libraries, stay."""
    tool = shutil.which("patchelf")
    if tool is None:
        return "patchelf not installed (Debian: patchelf); search paths left as built"
    import debpkg

    changed = 0
    for path in debpkg.elf_files(folder):
        done = subprocess.run([tool, "--print-rpath", str(path)], capture_output=True, text=True)
        paths = [p for p in done.stdout.strip().split(":") if p]
        keep = [p for p in paths if p.startswith("$ORIGIN")]
        if done.returncode != 0 or keep == paths:
            continue
        args = ["--set-rpath", ":".join(keep)] if keep else ["--remove-rpath"]
        fixed = subprocess.run([tool, *args, str(path)], capture_output=True, text=True)
        if fixed.returncode != 0:
            raise BuildError(f"patchelf {path.name}: {fixed.stderr.strip()[:300]}")
        changed += 1
    return f"search paths: the build machine's taken out of {changed} files"


def linux_extras(folder: Path, icon_files: dict[str, Path]) -> tuple[Path, str]:
    """Stage the app with its menu entry, icons and install script for the archive."""
    stage = WORK / "stage" / f"{NAME}-{version()}"
    fresh(stage.parent)
    stage.mkdir(parents=True)
    shutil.copytree(folder, stage / NAME, symlinks=True)
    (stage / "icons").mkdir()
    for key, path in icon_files.items():
        if key.startswith("png"):
            shutil.copy2(path, stage / "icons" / path.name)
    shutil.copy2(LINUX / "install.sh", stage / "install.sh")
    legal_files(stage)
    entry = stage / f"{ID}.desktop"
    shutil.copy2(LINUX / f"{ID}.desktop", entry)
    check = entry.with_name("check.desktop")  # validate with a real path in Exec
    check.write_text(entry.read_text().replace("@EXEC@", f"/opt/{ID}/{NAME}"))
    try:
        verdict = validate_desktop(check)
    finally:
        check.unlink()
    return stage, verdict


def archive_name(suffix: str) -> str:
    """``FateOfTheElderGods-0.1.0-linux-x86_64.tar.gz``: the whole version, then the platform."""
    return f"{NAME}-{version()}-{platform_tag()}{suffix}"


def archive(stage: Path) -> Path:
    if system() == "windows":
        out = DIST / archive_name(".zip")  # not with_suffix: that would cut the name at the version's dot
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for p in sorted(stage.rglob("*")):
                z.write(p, p.relative_to(stage.parent))
        return out
    if system() == "macos" and shutil.which("hdiutil"):
        out = DIST / archive_name(".dmg")
        out.unlink(missing_ok=True)
        done = subprocess.run(["hdiutil", "create", "-volname", "Fate of the Elder Gods", "-srcfolder", str(stage),
                               "-fs", "HFS+", "-format", "UDZO", "-ov", str(out)], capture_output=True, text=True)
        if done.returncode != 0:
            raise BuildError(f"hdiutil failed: {done.stderr.strip()}")
        return out
    out = DIST / archive_name(".tar.gz")
    with tarfile.open(out, "w:gz") as t:
        t.add(stage, arcname=stage.name)
    return out


def deb(folder: Path, icon_files: dict[str, Path]) -> Path:
    import debpkg

    try:
        return debpkg.build(folder, icon_files, (LINUX / f"{ID}.desktop").read_text(), version(), WORK, DIST,
                            LICENCE, NOTICES)
    except debpkg.DebError as e:
        raise BuildError(str(e)) from None


def legal_files(dest: Path) -> None:
    """The game's licence and the bundled components' notices, at the top of every download."""
    for src in (LICENCE, NOTICES):
        if not src.is_file():
            raise BuildError(f"{src.relative_to(ROOT)} is missing: every download carries it")
        shutil.copy2(src, dest / src.name)


def codesign(path: Path) -> None:
    """Sign a program or app bundle with ``$FATE_CODESIGN_CMD PATH`` when that is set (the
    release workflow sets it where signing secrets exist); otherwise leave it unsigned."""
    command = os.environ.get("FATE_CODESIGN_CMD", "").strip()
    if not command:
        return
    import shlex

    if system() == "windows":  # a Windows command line, quotes and all, as CreateProcess reads it
        done = subprocess.run(f'{command} "{path}"')
    else:
        done = subprocess.run([*shlex.split(command), str(path)])
    if done.returncode != 0:
        raise BuildError(f"signing {path.name} failed (exit {done.returncode})")
    print(f"signed: {path}")


def native(with_deb: bool) -> Path:
    """The build for this machine: the app folder, its archive and (--deb) a .deb."""
    icon_files = icons()
    folder = pyinstaller(WORK / "icons")
    app = DIST / f"{NAME}.app"
    codesign(app if app.exists() else folder / executable_name())  # before anything is packed
    if system() == "linux":
        print(clean_runpaths(folder))
        stage, verdict = linux_extras(folder, icon_files)
        print(verdict)
    else:
        stage = WORK / "stage" / f"{NAME}-{version()}"
        fresh(stage.parent)
        stage.mkdir(parents=True)
        shutil.copytree(app if app.exists() else folder, stage / (app.name if app.exists() else NAME),
                        symlinks=True)
        if app.exists():
            (stage / "Applications").symlink_to("/Applications")  # drag the app onto it to install
            legal_files(stage)
    out = archive(stage)
    print(f"archive: {out} ({out.stat().st_size / 1e6:.1f} MB)")
    if with_deb:
        d = deb(folder, icon_files)
        print(f"deb: {d} ({d.stat().st_size / 1e6:.1f} MB)")
    return folder


def windows_release() -> None:
    """The Windows zip and installer: natively on Windows, under Wine elsewhere."""
    import windows

    try:
        if system() == "windows":
            folder = native(with_deb=False)
        else:
            fresh(DIST / NAME)  # an earlier Linux build's folder (with symlinks Wine cannot remove)
            windows.build_under_wine(ROOT, cache_dir() / "windows", DIST)
            folder = DIST / NAME
        zips = list(DIST.glob(f"{NAME}-{version()}-windows-*.zip"))
        if not zips or not (folder / f"{NAME}.exe").is_file():
            raise BuildError(f"the Windows build left no {NAME}.exe or .zip in {DIST}")
        icons()
        setup = windows.installer(folder, WORK / "icons" / "fate.ico", version(),
                                  DIST / f"{NAME}-{version()}-setup.exe")
        codesign(setup)
    except windows.WindowsBuildError as e:
        raise BuildError(str(e)) from None
    print(f"archive: {zips[0]} ({zips[0].stat().st_size / 1e6:.1f} MB)")
    print(f"installer: {setup} ({setup.stat().st_size / 1e6:.1f} MB)")


def linux_release() -> Path:
    """The Linux tarball and .deb for glibc 2.31 and newer, checked and self-tested on Debian 11."""
    import elfcheck
    import oldlinux

    if system() != "linux":
        raise BuildError("--target linux builds on Linux (in a Debian 11 chroot)")
    try:
        for made in oldlinux.build(ROOT, cache_dir() / "linux", DIST):
            if made.is_file():
                print(f"made: {made} ({made.stat().st_size / 1e6:.1f} MB)")
        folder = DIST / NAME
        ok, text = elfcheck.report(folder, {"GLIBC": oldlinux.GLIBC, "GLIBCXX": oldlinux.GLIBCXX})
        print(text)
        if not ok:
            raise BuildError(f"the bundle needs a newer C library than glibc {elfcheck.dotted(oldlinux.GLIBC)}")
        code, out = oldlinux.self_test_in_chroot(cache_dir() / "linux", folder)
        print(f"--self-test on Debian {oldlinux.SUITE} (exit {code}):\n{out}")
        if code != 0 or not out.endswith("SELFTEST OK"):
            raise BuildError(f"the bundle's --self-test failed on Debian {oldlinux.SUITE}")
    except (oldlinux.OldLinuxError, elfcheck.ElfError) as e:
        raise BuildError(str(e)) from None
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python packaging/build.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--target", choices=TARGETS, default="native",
                    help="native: for this machine (default); windows: zip and installer (under Wine on Linux); "
                         "linux: tarball and .deb for glibc 2.31+ (root); macos: .app in a .dmg (on a Mac)")
    ap.add_argument("--deb", action="store_true", help="also build a .deb (Linux, needs dpkg-deb)")
    ap.add_argument("--dist", metavar="DIR", type=folder_to_make, help="where the app and archives go (default: dist/)")
    args = ap.parse_args(argv)
    global DIST
    if args.dist:
        DIST = Path(args.dist).resolve()
    if args.target == "macos" and system() != "macos":
        ap.error("--target macos: builds on a Mac only (PyInstaller cannot cross-build; see packaging/README.md)")
    if args.deb and args.target not in ("native", "linux"):
        ap.error(f"--deb: goes with a Linux build, not --target {args.target}")
    started = time.monotonic()
    try:
        if args.target == "windows":
            windows_release()
            print(f"build time: {time.monotonic() - started:.0f} s")
            return 0
        if args.target == "linux":
            folder = linux_release()
        else:
            folder = native(args.deb)
    except BuildError as e:
        print(f"build.py: {e}", file=sys.stderr)
        return 1
    print(f"build time: {time.monotonic() - started:.0f} s")
    from fate.bench.package import measure_package

    m = measure_package(folder)
    print(f"bundle: {folder} {m['size_mb']:.1f} MB")
    print(f"packaged start to first frame: first {m['first_s']:.2f} s, median of {m['runs']} {m['median_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
