"""Build the desktop app: python packaging/build.py [--deb]

1. draws the icons (PNG, .ico, .icns) from the game's own art;
2. runs PyInstaller on packaging/fate.spec: a one-folder, windowed build in
   dist/FateOfTheElderGods/ (on macOS also dist/FateOfTheElderGods.app);
3. on Linux puts the menu entry, icons and install.sh beside the app and
   checks the entry with desktop-file-validate when it is installed;
4. packs an archive for this platform into dist/ (.tar.gz, or .zip on
   Windows) and, with --deb on Linux, a .deb;
5. prints the bundle size and the packaged app's start to first frame.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "FateOfTheElderGods"
ID = "fate-of-the-elder-gods"
DIST = ROOT / "dist"
WORK = ROOT / "packaging" / "build"
LINUX = ROOT / "packaging" / "linux"

sys.path.insert(0, str(ROOT))


class BuildError(Exception):
    pass


def version() -> str:
    from fate import __version__

    return __version__


def platform_tag() -> str:
    system = {"linux": "linux", "darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def icons() -> dict[str, Path]:
    sys.path.insert(0, str(ROOT / "packaging"))
    from icons import write_all

    return write_all(WORK / "icons")


def pyinstaller(icon_dir: Path) -> Path:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise BuildError("PyInstaller is not installed: python -m pip install -r requirements.txt") from None
    env = dict(__import__("os").environ, FATE_ICON_DIR=str(icon_dir))
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK / "work"), str(ROOT / "packaging" / "fate.spec")]
    done = subprocess.run(cmd, env=env, cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"PyInstaller failed (exit {done.returncode}); its messages are above")
    folder = DIST / NAME
    if not (folder / executable_name()).is_file():
        raise BuildError(f"PyInstaller made no {folder / executable_name()}")
    return folder


def executable_name() -> str:
    return NAME + (".exe" if sys.platform.startswith("win") else "")


def validate_desktop(path: Path) -> str:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return "desktop-file-validate not installed (Debian: desktop-file-utils); entry not validated"
    done = subprocess.run([tool, str(path)], capture_output=True, text=True)
    if done.returncode != 0 or done.stdout.strip():
        raise BuildError(f"{path.name} is not a valid desktop entry:\n{done.stdout}{done.stderr}")
    return "desktop entry valid (desktop-file-validate)"


def linux_extras(folder: Path, icon_files: dict[str, Path]) -> tuple[Path, str]:
    """Stage the app with its menu entry, icons and install script for the archive."""
    stage = WORK / "stage" / f"{NAME}-{version()}"
    shutil.rmtree(stage.parent, ignore_errors=True)
    stage.mkdir(parents=True)
    shutil.copytree(folder, stage / NAME, symlinks=True)
    (stage / "icons").mkdir()
    for key, path in icon_files.items():
        if key.startswith("png"):
            shutil.copy2(path, stage / "icons" / path.name)
    shutil.copy2(LINUX / "install.sh", stage / "install.sh")
    entry = stage / f"{ID}.desktop"
    shutil.copy2(LINUX / f"{ID}.desktop", entry)
    check = entry.with_name("check.desktop")  # validate with a real path in Exec
    check.write_text(entry.read_text().replace("@EXEC@", f"/opt/{ID}/{NAME}"))
    try:
        verdict = validate_desktop(check)
    finally:
        check.unlink()
    return stage, verdict


def archive(stage: Path) -> Path:
    base = DIST / f"{NAME}-{version()}-{platform_tag()}"
    if sys.platform.startswith("win"):
        out = base.with_suffix(".zip")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for p in sorted(stage.rglob("*")):
                z.write(p, p.relative_to(stage.parent))
        return out
    out = Path(str(base) + ".tar.gz")
    with tarfile.open(out, "w:gz") as t:
        t.add(stage, arcname=stage.name)
    return out


def deb(folder: Path, icon_files: dict[str, Path]) -> Path:
    if not shutil.which("dpkg-deb"):
        raise BuildError("--deb needs dpkg-deb (Debian's dpkg package)")
    root = WORK / "deb"
    shutil.rmtree(root, ignore_errors=True)
    opt = root / "opt" / ID
    shutil.copytree(folder, opt, symlinks=True)
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / ID).symlink_to(f"/opt/{ID}/{NAME}")
    apps = root / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / f"{ID}.desktop").write_text((LINUX / f"{ID}.desktop").read_text().replace("@EXEC@", f"/opt/{ID}/{NAME}"))
    for key, path in icon_files.items():
        if key.startswith("png"):
            size = key[3:]
            d = root / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
            d.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, d / f"{ID}.png")
    arch = {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())
    size_kb = sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) // 1024
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(
        f"Package: {ID}\nVersion: {version()}\nArchitecture: {arch}\nMaintainer: The Fate studio <studio@localhost>\n"
        f"Installed-Size: {size_kb}\nSection: games\nPriority: optional\n"
        "Description: Fate of the Elder Gods, the digital edition\n"
        " Lead a cult racing to summon its Elder God before the Investigators\n"
        " seal it away. Solo against the Investigators, or 2-4 cults at one screen.\n")
    out = DIST / f"{ID}_{version()}_{arch}.deb"
    done = subprocess.run(["dpkg-deb", "--root-owner-group", "--build", str(root), str(out)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"dpkg-deb failed: {done.stderr.strip()}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python packaging/build.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--deb", action="store_true", help="also build a .deb (Linux, needs dpkg-deb)")
    ap.add_argument("--dist", metavar="DIR", help="where the app and archives go (default: dist/)")
    args = ap.parse_args(argv)
    global DIST
    if args.dist:
        DIST = Path(args.dist).resolve()
    try:
        icon_files = icons()
        folder = pyinstaller(WORK / "icons")
        if sys.platform.startswith("linux"):
            stage, verdict = linux_extras(folder, icon_files)
            print(verdict)
        else:
            stage = WORK / "stage" / f"{NAME}-{version()}"
            shutil.rmtree(stage.parent, ignore_errors=True)
            stage.mkdir(parents=True)
            app = DIST / f"{NAME}.app"
            shutil.copytree(app if app.exists() else folder, stage / (app.name if app.exists() else NAME),
                            symlinks=True)
        out = archive(stage)
        print(f"archive: {out} ({out.stat().st_size / 1e6:.1f} MB)")
        if args.deb:
            d = deb(folder, icon_files)
            print(f"deb: {d} ({d.stat().st_size / 1e6:.1f} MB)")
    except BuildError as e:
        print(f"build.py: {e}", file=sys.stderr)
        return 1
    from fate.bench import measure_package

    m = measure_package(folder)
    print(f"bundle: {folder} {m['size_mb']:.1f} MB")
    print(f"packaged start to first frame: first {m['first_s']:.2f} s, median of {m['runs']} {m['median_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
