"""The .deb of the Linux build: ``python packaging/build.py --deb`` (on Debian or Ubuntu).

What it installs:

- the app folder in ``/usr/lib/fate-of-the-elder-gods/`` and the command
  ``/usr/games/fate-of-the-elder-gods`` (a link to it);
- the menu entry and the icons in ``/usr/share``;
- ``/usr/share/doc/fate-of-the-elder-gods/``: ``copyright`` (the game's licence and
  every bundled component's, THIRD-PARTY-NOTICES), ``changelog.gz``;
- a manual page, ``fate-of-the-elder-gods(6)``.

Its ``Depends`` are what the bundle's programs and libraries need from the
system, as ``dpkg-shlibdeps`` reads them from their ELF headers on the build
system (Debian 11, so the versions asked for are ones Debian 11 already has),
and the X11 libraries SDL opens by name at run time, which no header lists.
Sound is a ``Recommends``: without it the game plays silently.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

ID = "fate-of-the-elder-gods"
NAME = "FateOfTheElderGods"
MAINTAINER = "The developers of Fate of the Elder Gods <studio@fate-of-the-elder-gods.invalid>"
# SDL opens these by name (dlopen) when the window opens on X11; without them it has no video
# driver. Wayland and OpenGL are optional to SDL: it falls back to X11 and to its own drawing.
RUNTIME_DEPENDS = ["libx11-6", "libxext6", "libxcursor1", "libxi6", "libxrandr2", "libxfixes3", "libxss1"]
RECOMMENDS = ["libasound2 | libpulse0"]  # sound; without either the game is silent
SUMMARY = "Fate of the Elder Gods, the digital edition"
DESCRIPTION = """\
 A board game of racing cults: each player leads a cult that gathers
 Cultists, casts Spells and claims the places of Arkham to summon its Elder
 God before the Investigators seal it away with Elder Signs.
 .
 Play alone against the Investigators, 2-4 cults at one screen with AI cults
 in any empty seat, or online with friends. Includes a tutorial, hints from
 the strongest AI and saves that keep every game."""


class DebError(Exception):
    pass


def _run(cmd: list[str], what: str, cwd: Path | None = None) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if done.returncode != 0:
        raise DebError(f"{what} failed: {(done.stderr or done.stdout).strip()[-600:]}")
    return done.stdout


def elf_files(folder: Path) -> list[Path]:
    """Every ELF program and library in a folder (not followed through links)."""
    found = []
    for p in sorted(folder.rglob("*")):
        if p.is_file() and not p.is_symlink():
            with open(p, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    found.append(p)
    return found


def shlib_depends(folder: Path) -> str:
    """``Depends`` for the bundle's ELF files, from dpkg-shlibdeps (the libraries that come in
    the bundle are found there and need no package)."""
    if not shutil.which("dpkg-shlibdeps"):
        raise DebError("--deb needs dpkg-shlibdeps (Debian's dpkg-dev package)")
    work = folder.parent / "shlibdeps"
    shutil.rmtree(work, ignore_errors=True)
    (work / "debian").mkdir(parents=True)
    (work / "debian" / "control").write_text(f"Source: {ID}\n\nPackage: {ID}\nArchitecture: any\n")
    dirs = sorted({str(p.parent) for p in elf_files(folder)})
    # a library the bundle carries is no dependency, even where the build system also has it
    # in a package (Debian 11's libffi7 and libssl1.1, which later releases no longer have)
    bundled = [f"-x{pkg}" for pkg in owners(p.name for p in elf_files(folder) if ".so" in p.name and "cpython" not in p.name)]
    out = _run(["dpkg-shlibdeps", "-O", "--ignore-missing-info", *bundled, *[f"-l{d}" for d in dirs],
                *map(str, elf_files(folder))], "dpkg-shlibdeps", cwd=work)
    shutil.rmtree(work, ignore_errors=True)
    for line in out.splitlines():
        if line.startswith("shlibs:Depends="):
            return line.split("=", 1)[1].strip()
    raise DebError("dpkg-shlibdeps named no dependencies")


def owners(names) -> list[str]:
    """The build system's packages holding libraries of these file names."""
    found = set()
    for name in sorted(set(names)):
        done = subprocess.run(["dpkg-query", "-S", f"*/{name}"], capture_output=True, text=True)
        for line in done.stdout.splitlines():
            if ":" in line and not line.startswith("diversion"):
                found.update(p.strip().split(":")[0] for p in line.split(": ", 1)[0].split(","))
    return sorted(found)


def installed_size(root: Path) -> int:
    """Installed-Size in KiB the way dpkg-gencontrol counts it: each file's size rounded up to
    a KiB, and one for each folder and link."""
    total = 0
    for p in root.rglob("*"):
        if p.relative_to(root).parts[0] == "DEBIAN":
            continue
        if p.is_symlink() or p.is_dir():
            total += 1
        else:
            total += (p.stat().st_size + 1023) // 1024
    return total


def _gz(path: Path, text: str) -> None:
    """A gzip file made the same way every time (no name, no time inside), as Debian asks."""
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as z:
        z.write(text.encode())


def copyright_file(licence: str, notices: str) -> str:
    """/usr/share/doc/<package>/copyright: the game's licence (LICENSE), then the bundled
    components by name, whose licences are in full in THIRD-PARTY-NOTICES.txt beside the
    program (the GNU and Apache licences also in /usr/share/common-licenses)."""
    rule = "=" * 72
    parts = [line.strip() for line in notices.splitlines() if re.match(r"\s*\[\d+\.\d+\] ", line)]
    listed = "\n".join(f"  {p}" for p in dict.fromkeys(parts))
    return (f"Fate of the Elder Gods, the digital edition ({ID})\n\n"
            f"The game's own work is under the licence below (LICENSE). The program folder\n"
            f"/usr/lib/{ID} also holds libraries and Python packages made by others,\n"
            f"listed here; each one's version, copyright and licence text are in\n"
            f"/usr/lib/{ID}/THIRD-PARTY-NOTICES.txt. The GNU licences (GPL-2, LGPL-2.1)\n"
            "and the Apache License 2.0 some of them use are also in /usr/share/common-licenses.\n\n"
            f"{rule}\nLICENSE\n{rule}\n\n{licence.strip()}\n\n"
            f"{rule}\nTHIRD-PARTY components\n{rule}\n\n{listed}\n")


def changelog(version: str) -> str:
    when = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(int(os.environ.get("SOURCE_DATE_EPOCH", "0"))
                                                                   or time.time()))
    return (f"{ID} ({version}) stable; urgency=medium\n\n"
            f"  * Release {version} of Fate of the Elder Gods, the digital edition.\n\n"
            f" -- {MAINTAINER}  {when}\n")


def manual_page(version: str) -> str:
    return f""".TH FATE-OF-THE-ELDER-GODS 6 "" "{version}" "Games"
.SH NAME
fate-of-the-elder-gods \\- a board game of cults racing to summon their Elder Gods
.SH SYNOPSIS
.B fate-of-the-elder-gods
[\\fIoptions\\fR]
.SH DESCRIPTION
Opens the game's window at its title: a solo game against the Investigators,
2\\-4 cults at one screen with AI cults for empty seats, or online play.
Saves and settings are kept in the user's data folder and survive updates.
.SH OPTIONS
.B fate-of-the-elder-gods --help
lists every option (a window size, a seed, screenshots, a self-test).
"""


def build(folder: Path, icon_files: dict[str, Path], desktop: str, version: str, work: Path, dist: Path,
          licence: Path, notices: Path) -> Path:
    """Make ``<dist>/<package>_<version>_<arch>.deb`` from the app folder."""
    if not shutil.which("dpkg-deb"):
        raise DebError("--deb needs dpkg-deb (Debian's dpkg package)")
    root = work / "deb"
    shutil.rmtree(root, ignore_errors=True)
    app = root / "usr" / "lib" / ID
    shutil.copytree(folder, app, symlinks=True)
    games = root / "usr" / "games"
    games.mkdir(parents=True)
    (games / ID).symlink_to(f"../lib/{ID}/{NAME}")
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    (share / "applications" / f"{ID}.desktop").write_text(desktop.replace("@EXEC@", f"/usr/games/{ID}"))
    for key, path in icon_files.items():
        if key.startswith("png"):
            size = key[3:]
            d = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
            d.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, d / f"{ID}.png")
    doc = share / "doc" / ID
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(copyright_file(licence.read_text(), notices.read_text()))
    _gz(doc / "changelog.gz", changelog(version))
    (share / "man" / "man6").mkdir(parents=True)
    _gz(share / "man" / "man6" / f"{ID}.6.gz", manual_page(version))
    for p in root.rglob("*"):  # what dpkg installs: folders and programs 755, the rest 644
        if p.is_symlink():
            continue
        p.chmod(0o755 if p.is_dir() or p == app / NAME else 0o644)
    depends = ", ".join([shlib_depends(app), *RUNTIME_DEPENDS])
    arch = _run(["dpkg", "--print-architecture"], "dpkg --print-architecture").strip()
    (root / "DEBIAN").mkdir()
    (root / "DEBIAN" / "control").write_text(
        f"Package: {ID}\nVersion: {version}\nArchitecture: {arch}\nMaintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_size(root)}\nDepends: {depends}\nRecommends: {', '.join(RECOMMENDS)}\n"
        f"Section: games\nPriority: optional\nDescription: {SUMMARY}\n{DESCRIPTION}\n")
    out = dist / f"{ID}_{version}_{arch}.deb"
    _run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(out)], "dpkg-deb")
    return out
