"""The Windows release, built here and run under Wine: the zip and the installer
made by ``packaging/build.py --target windows``, the packaged game's
``--self-test``, and the installer installing silently, the installed game
passing its self-test, the uninstaller leaving nothing in the install folder.

Always run in CI (.ci/run installs Wine, NSIS and osslsigncode); elsewhere
when those tools are there. Downloads are cached (packaging/windows.py)."""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import windows  # noqa: E402
from build import cache_dir  # noqa: E402

from fate import __version__  # noqa: E402

NAME = "FateOfTheElderGods"
TITLE = "Fate of the Elder Gods"
MISSING = windows.missing_tools() if sys.platform.startswith("linux") else ["Linux to run Wine"]

pytestmark = [pytest.mark.release,
              pytest.mark.skipif(os.environ.get("CI") != "true" and bool(MISSING),
                                 reason=f"needs {', '.join(MISSING)} (it always runs in CI)")]


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    assert not MISSING, f"missing: {MISSING}"
    import subprocess

    dist = tmp_path_factory.mktemp("windist")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    build = subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--target", "windows",
                            "--dist", str(dist)], capture_output=True, text=True, env=env, timeout=2400)
    lines = [line for line in build.stdout.splitlines() if "api-ms-win" not in line]
    print("\n".join(lines[-12:]))
    assert build.returncode == 0, "\n".join(lines[-30:]) + build.stderr[-3000:]
    return dist


def self_test(wine: windows.Wine, exe: Path) -> str:
    code, out = wine.run([str(exe), "--self-test"], timeout=600)
    wine.wait()
    print(f"{exe.name} --self-test under Wine (exit {code}):\n{out.strip()}")
    assert code == 0 and out.strip().endswith("SELFTEST OK"), out
    return out


def test_the_build_makes_a_zip_and_an_installer_named_with_the_whole_version(release):
    archive = release / f"{NAME}-{__version__}-windows-amd64.zip"
    setup = release / f"{NAME}-{__version__}-setup.exe"
    assert archive.is_file() and setup.is_file()
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
    assert f"{NAME}-{__version__}/{NAME}/{NAME}.exe" in names
    assert any(n.endswith("/_internal/python311.dll") for n in names)
    exe = (release / NAME / f"{NAME}.exe").read_bytes()
    assert exe[:2] == b"MZ"
    for text in ("ProductName", "Fate of the Elder Gods, the digital edition", "ProductVersion", __version__,
                 "LegalCopyright"):  # the version resource, in the UTF-16 Windows keeps it in
        assert text.encode("utf-16-le") in exe, text
    installer = setup.read_bytes()
    assert installer[:2] == b"MZ" and "ProductVersion".encode("utf-16-le") in installer


def test_the_packaged_game_passes_its_self_test_under_wine(release):
    wine = windows.Wine(cache_dir() / "windows")
    self_test(wine, release / NAME / f"{NAME}.exe")


def test_the_installer_installs_for_the_user_and_the_uninstaller_removes_it(release, tmp_path):
    wine = windows.Wine(cache_dir() / "windows", prefix=tmp_path / "prefix")  # a machine that never had it
    code, out = wine.run([str(release / f"{NAME}-{__version__}-setup.exe"), "/S"], timeout=600)
    wine.wait()
    assert code == 0, out
    folder = wine.unix_path(wine.expand("LOCALAPPDATA") + rf"\Programs\{NAME}")
    start_menu = wine.unix_path(wine.expand("APPDATA") + rf"\Microsoft\Windows\Start Menu\Programs\{TITLE}.lnk")
    assert (folder / f"{NAME}.exe").is_file() and (folder / "uninstall.exe").is_file()
    assert (folder / "_internal" / "python311.dll").is_file()
    assert start_menu.is_file()
    key = rf"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\{NAME}"
    _code, listed = wine.run(["reg", "query", key], timeout=120)
    assert "DisplayVersion" in listed and __version__ in listed, listed
    size_kb = int(next(ln for ln in listed.splitlines() if "EstimatedSize" in ln).split()[-1], 16)
    folder_kb = sum(p.stat().st_size for p in (release / NAME).rglob("*") if p.is_file()) // 1024
    assert size_kb == folder_kb  # what Settings > Apps shows: the app folder's size

    self_test(wine, folder / f"{NAME}.exe")

    code, out = wine.run([str(folder / "uninstall.exe"), "/S"], timeout=600)
    wine.wait()  # the uninstaller runs on from a copy of itself in the temp folder
    assert code == 0, out
    left = sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []
    assert left == [] and not folder.exists(), left
    assert not start_menu.exists()
    _code, listed = wine.run(["reg", "query", key], timeout=120)
    assert "DisplayVersion" not in listed


def test_the_installed_game_reaches_its_title_in_a_real_window_under_wine(release, tmp_path):
    """Not the dummy video driver: Wine's own X11 driver against Xvfb, as a player's desktop
    runs it, with no sound card; the installed game started three times (packaging/realwindow.py)."""
    import subprocess

    import realwindow

    assert not realwindow.missing_tools(wine=True), realwindow.missing_tools(wine=True)
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "realwindow.py"), str(release), "--wine",
                           "--shots", str(tmp_path)], capture_output=True, text=True, timeout=1800)
    print(done.stdout.strip())
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "installed .exe title after" in done.stdout and "a table after" in done.stdout
    shots = sorted(tmp_path.glob("wine-*.ppm"))
    assert [p.name for p in shots] == ["wine-1.ppm", "wine-2.ppm", "wine-3.ppm", "wine-table.ppm"]
    assert all(realwindow.colours(p.read_bytes()) >= realwindow.MIN_COLOURS for p in shots)


def test_every_download_holds_the_licence_and_the_notices(release):
    archive = release / f"{NAME}-{__version__}-windows-amd64.zip"
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
    for name in ("LICENSE", "THIRD-PARTY-NOTICES.txt"):
        assert f"{NAME}-{__version__}/{NAME}/{name}" in names  # beside the program, and so installed with it
        assert (release / NAME / name).read_bytes() == (ROOT / ("LICENSE" if name == "LICENSE" else
                                                                "assets/legal/" + name)).read_bytes()
    assert f"{NAME}-{__version__}/{NAME}/_internal/LICENSE" in names  # where the Credits screen reads it


def test_the_installer_speaks_german_on_a_german_windows(release, tmp_path):
    """Issue 53: on a Windows set to German (Wine in a de_DE locale, compiled for the test with
    glibc's localedef: the machine needs none installed) the installer opens in German, its title
    NSIS's German and its pages in German; our own lines too (the finish page's, kept in the
    installer as a LangString for each of the game's languages)."""
    import shutil
    import subprocess
    import time

    import realwindow

    assert shutil.which("localedef") and not realwindow.missing_tools(wine=True)
    locales = tmp_path / "locales"
    locales.mkdir()
    made = subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", str(locales / "de_DE.UTF-8")],
                          capture_output=True, text=True, timeout=120)
    assert made.returncode in (0, 1) and (locales / "de_DE.UTF-8").is_dir(), made.stderr  # 1: warnings only
    wine = windows.Wine(cache_dir() / "windows", prefix=tmp_path / "prefix")
    setup = release / f"{NAME}-{__version__}-setup.exe"
    with realwindow.Xvfb() as x:
        env = dict(wine.env, DISPLAY=x.display, LANG="de_DE.UTF-8", LC_ALL="de_DE.UTF-8", LOCPATH=str(locales))
        proc = subprocess.Popen(["wine", str(setup)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            title, end = "", time.monotonic() + 300
            while time.monotonic() < end and not title:
                tree = subprocess.run(["xwininfo", "-display", x.display, "-root", "-tree"], capture_output=True,
                                      text=True).stdout
                title = next((line.split('"')[1].strip() for line in tree.splitlines()
                              if TITLE in line and '"' in line and "IME" not in line), "")
                time.sleep(1)
            shot = subprocess.run(["import", "-display", x.display, "-window", "root", str(tmp_path / "de.png")],
                                  capture_output=True, timeout=60)
            print(f"the installer's window under Wine in German: {title!r} (a picture: {tmp_path / 'de.png'})")
            assert title == f"Installation von {TITLE}", title  # NSIS's German; English says "... Setup"
            assert shot.returncode == 0
        finally:
            proc.kill()
            subprocess.run(["wineserver", "-k"], env=env, timeout=60, capture_output=True)
    nsi = (ROOT / "packaging" / "windows" / "installer.nsi").read_text(encoding="utf-8-sig")
    for lang in ("GERMAN", "FRENCH", "SPANISH", "ITALIAN", "POLISH", "PORTUGUESEBR"):
        assert f"LangString RUN_TEXT ${{LANG_{lang}}}" in nsi and f"LangString KEPT_TEXT ${{LANG_{lang}}}" in nsi
