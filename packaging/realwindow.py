"""The real-window check: each release reaches its title in a real X server.

    sudo python packaging/realwindow.py DIST [--debian 11 12 13] [--wine] [--shots DIR]

DIST is where ``packaging/build.py --target linux`` (and ``--target windows``)
put the downloads. The dummy video driver once hid a release that never
opened: Debian 12's Mesa needs a newer libstdc++ than the one the bundle
carried, GLX failed and the process ended before its first frame. So here
the game is started as a player starts it, against Xvfb (an X server with
Mesa's OpenGL), and passes when its window shows the title: a window named
"Fate of the Elder Gods" whose picture is drawn (not a blank) and is the
title (its colours, in their shares, those of the title drawn from the
sources at the same size); and when, started with ``--autoplay``, it draws a
table.

- ``--debian``: for each release, a Debian root made by debootstrap holding
  the minimal system, what the .deb declares (``apt-get install ./the.deb``,
  no Recommends) and a desktop's OpenGL (Mesa); the .deb's command is
  started (the title, then a table), the .deb removed, then the tar.gz is
  installed with its install.sh and started. The roots are kept in the build cache.
- ``--wine``: the Windows installer is installed into a new Wine prefix and
  the installed game started three times (the first start, then two more),
  then once at a table.

Prints one line a check with the seconds from start to the title and the
table, keeps the pictures seen with ``--shots`` (PPM files); exits 1
if any check failed. Needs root and debootstrap for ``--debian``, Wine for
``--wine``, and Xvfb, xwininfo (x11-utils) and ImageMagick's ``import``.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import oldlinux  # noqa: E402

TITLE = "Fate of the Elder Gods"
ID = "fate-of-the-elder-gods"
NAME = "FateOfTheElderGods"
SUITES = {"11": "bullseye", "12": "bookworm", "13": "trixie"}
DESKTOP_GL = ["libgl1", "libgl1-mesa-dri"]  # what any Debian desktop has for OpenGL: Mesa
MIN_COLOURS = 64  # a window still blank, or a one-colour error box, has far fewer
LIKE_TITLE = 0.85  # the title against the source's: 0.96 seen; another screen 0.64, a blank 0.28
ROOT = Path(__file__).resolve().parent.parent
SCREEN = "1920x1080x24"


class RealWindowError(Exception):
    pass


def missing_tools(debian: bool = False, wine: bool = False) -> list[str]:
    tools = ["Xvfb", "xwininfo", "import"] + (["debootstrap"] if debian else []) + (["wine"] if wine else [])
    return [t for t in tools if shutil.which(t) is None]


class Xvfb:
    """A virtual X server on a display of its own choosing, with Mesa's GLX."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None
        self.display = ""

    def __enter__(self) -> Xvfb:
        read, write = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp",
                                      "-noreset"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()  # written once the server takes connections
        if not number.isdigit():
            self.__exit__()
            raise RealWindowError("Xvfb did not start")
        self.display = f":{number}"
        return self

    def __exit__(self, *exc) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def window_id(display: str) -> str | None:
    done = subprocess.run(["xwininfo", "-display", display, "-name", TITLE], capture_output=True, text=True)
    for line in done.stdout.splitlines():
        if "Window id:" in line:
            return line.split()[3]
    return None


def grab(display: str, window: str) -> bytes:
    """The window's picture as a binary PPM (ImageMagick's ``import``), or b"" if it cannot be read."""
    done = subprocess.run(["import", "-display", display, "-window", window, "-depth", "8", "ppm:-"], capture_output=True,
                          timeout=30)
    return done.stdout if done.returncode == 0 else b""


def pixels(ppm: bytes) -> tuple[int, int, bytes]:
    """A binary PPM's width, height and pixels (RGB, a byte a sample); (0, 0, b"") if it is none."""
    if not ppm.startswith(b"P6"):
        return 0, 0, b""
    fields, pos = [], 2
    try:
        while len(fields) < 3:
            while ppm[pos:pos + 1].isspace():
                pos += 1
            if ppm[pos:pos + 1] == b"#":
                pos = ppm.index(b"\n", pos)
                continue
            end = pos
            while end < len(ppm) and not ppm[end:end + 1].isspace():
                end += 1
            fields.append(int(ppm[pos:end]))
            pos = end
    except ValueError:
        return 0, 0, b""
    width, height, maxval = fields
    data = ppm[pos + 1:]  # exactly one white space after the header: the pixels may begin with one
    if maxval >= 256:  # two bytes a sample, the high one first
        data = data[:width * height * 6:2]
    return width, height, data[:width * height * 3]


def colours(ppm: bytes) -> int:
    """How many colours a binary PPM's pixels show (one pixel in 7 read: enough to tell a drawn
    title from a blank)."""
    _w, _h, data = pixels(ppm)
    return len({data[i:i + 3] for i in range(0, len(data) - 2, 21)})


def histogram(rgb: bytes) -> dict[bytes, float]:
    """The share of each colour among one pixel in 7, a colour counted to 16 levels a channel."""
    counts: dict[bytes, int] = {}
    for i in range(0, len(rgb) - 2, 21):
        c = bytes(v >> 4 for v in rgb[i:i + 3])
        counts[c] = counts.get(c, 0) + 1
    total = sum(counts.values()) or 1
    return {c: n / total for c, n in counts.items()}


def likeness(ppm: bytes, reference_rgb: bytes) -> float:
    """0..1: how much of the window's colours are the reference's, in the same shares (the
    overlap of their histograms): the same screen drawn twice comes near 1, whatever a tooltip
    or the cloth's grain changes; a blank or another screen far below."""
    _w, _h, data = pixels(ppm)
    mine, theirs = histogram(data), histogram(reference_rgb)
    return sum(min(share, theirs.get(c, 0.0)) for c, share in mine.items())


def wait_for_window(launch: Callable[[], subprocess.Popen], display: str, timeout: float = 120,
                   stop: Callable[[], None] | None = None) -> tuple[float, bytes]:
    """Start the game; the seconds until its window shows the title, and that picture. The game
    is ended afterwards (its process group, and ``stop`` for what that does not reach)."""
    started = time.monotonic()
    proc = launch()
    try:
        while time.monotonic() - started < timeout:
            window = window_id(display)
            if window is not None:
                picture = grab(display, window)
                if colours(picture) >= MIN_COLOURS:
                    return time.monotonic() - started, picture
            if proc.poll() is not None:
                out = proc.stdout.read() if proc.stdout else ""
                tail = " | ".join(out.strip().splitlines()[-4:])[-500:]
                raise RealWindowError(f"the game ended (exit {proc.returncode}) before its title: {tail}")
            time.sleep(0.05)
        raise RealWindowError(f"no title within {timeout:.0f} s")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if stop is not None:
            stop()


class Judge:
    """Holds a start's picture against the source's own title at the same size (drawn once a
    size, by ``main.py --screenshot`` with the dummy driver: the picture, not the window, is
    what it is good for)."""

    def __init__(self) -> None:
        self.titles: dict[tuple[int, int], bytes] = {}

    def title_likeness(self, picture: bytes) -> float:
        width, height, _data = pixels(picture)
        if (width, height) not in self.titles:
            self.titles[width, height] = source_title(width, height)
        return likeness(picture, self.titles[width, height])

    def title(self, launch: Callable[[], subprocess.Popen], display: str, shots: Path | None, name: str,
              stop: Callable[[], None] | None = None) -> tuple[float, float]:
        """Start the game; the seconds to its title and how like the source's title it is."""
        seconds, picture = wait_for_window(launch, display, stop=stop)
        save_shot(picture, shots, name)
        like = self.title_likeness(picture)
        if like < LIKE_TITLE:
            raise RealWindowError(f"{name}: the window is not the title (like the source's title: {like:.2f})")
        return seconds, like

    def table(self, launch: Callable[[], subprocess.Popen], display: str, shots: Path | None, name: str,
              stop: Callable[[], None] | None = None) -> float:
        """Start the game at a table (``--autoplay``: three AI cults); the seconds to its first frame."""
        seconds, picture = wait_for_window(launch, display, stop=stop)
        save_shot(picture, shots, name)
        if self.title_likeness(picture) >= LIKE_TITLE:
            raise RealWindowError(f"{name}: the title, not the table")
        return seconds


def source_title(width: int, height: int) -> bytes:
    """The title drawn from the sources at this size, as RGB bytes."""
    with tempfile.TemporaryDirectory(prefix="fate-title-") as tmp:
        out = Path(tmp) / "title.png"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FATE_USER_DIR=tmp)
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(out), "--screen", "title",
                               "--size", f"{width}x{height}"], env=env, capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not out.is_file():
            raise RealWindowError(f"the source's title at {width}x{height}: {done.stderr.strip()[-300:]}")
        import pygame

        return pygame.image.tobytes(pygame.image.load(str(out)), "RGB")


def save_shot(picture: bytes, shots: Path | None, name: str) -> None:
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        (shots / f"{name}.ppm").write_bytes(picture)


class DesktopRoot(oldlinux.Chroot):
    """A minimal Debian of one release with a desktop's OpenGL; the X server's socket is
    bound into it while it is in use."""

    def __init__(self, cache: Path, suite: str) -> None:
        super().__init__(cache)
        self.suite = suite
        self.root = cache / f"{suite}-desktop"

    def mount(self) -> None:
        super().mount()
        x11 = self.root / "tmp" / ".X11-unix"
        x11.mkdir(parents=True, exist_ok=True)
        oldlinux._run(["mount", "--bind", "/tmp/.X11-unix", str(x11)], "binding the X server's socket")
        self.mounted.append(x11)

    def ensure(self) -> None:
        ready = self.root / ".fate-desktop-ready"
        if ready.is_file():
            return
        if os.geteuid() != 0:
            raise RealWindowError("--debian needs root (debootstrap, chroot, mount)")
        mirror = oldlinux.debian_mirror()
        print(f"making a Debian {self.suite} root in {self.root}", flush=True)
        shutil.rmtree(self.root, ignore_errors=True)
        oldlinux._run(["debootstrap", "--variant=minbase", self.suite, str(self.root), *([mirror] if mirror else [])],
                      f"debootstrap {self.suite}", stdout=subprocess.DEVNULL)
        super().mount()
        try:
            self.sh("apt-get update -q && apt-get install -y -q --no-install-recommends " + " ".join(DESKTOP_GL)
                    + " >/dev/null && apt-get clean", f"installing Mesa in the {self.suite} root")
        finally:
            self.unmount()
        ready.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))

    def launch(self, display: str, program: str, *args: str) -> subprocess.Popen:
        env = [f"DISPLAY={display}", "HOME=/root", "LANG=C.UTF-8", "PATH=/usr/games:/usr/bin:/bin"]
        return subprocess.Popen(["chroot", str(self.root), "/usr/bin/env", "-i", *env, program, *args],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, errors="replace", start_new_session=True)


def check_debian(version: str, dist: Path, cache: Path, display: str, judge: Judge, shots: Path | None) -> str:
    """The .deb (its title, then a table), then the tar.gz, started in a fresh Debian ``version``
    root; one line of result."""
    debs = sorted(dist.glob(f"{ID}_*.deb"))
    tars = sorted(dist.glob(f"{NAME}-*-linux-*.tar.gz"))
    if not debs or not tars:
        raise RealWindowError(f"no .deb or tar.gz of the game in {dist}")
    suite = SUITES[version]
    made = time.monotonic()
    with DesktopRoot(cache, suite) as root:
        ready_s = time.monotonic() - made
        shutil.copy2(debs[-1], root.root / "tmp" / "fate.deb")
        root.sh("apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends /tmp/fate.deb "
                ">/dev/null && rm /tmp/fate.deb", f"installing the .deb on Debian {version}")
        try:
            command = f"/usr/games/{ID}"
            deb_s, deb_like = judge.title(lambda: root.launch(display, command), display, shots, f"debian{version}-deb")
            table_s = judge.table(lambda: root.launch(display, command, "--autoplay"), display, shots,
                                  f"debian{version}-table")
            root.sh(f"dpkg --purge {ID} >/dev/null", "removing the .deb")  # what it declared stays
            home = root.root / "root" / "download"
            shutil.rmtree(home, ignore_errors=True)
            home.mkdir()
            oldlinux._run(["tar", "xzf", str(tars[-1]), "-C", str(home)], "unpacking the tar.gz")
            root.sh("cd /root/download/* && ./install.sh >/dev/null", f"install.sh on Debian {version}")
            tar_s, tar_like = judge.title(lambda: root.launch(display, f"/root/.local/lib/{ID}/{NAME}"), display, shots,
                                          f"debian{version}-tar")
            root.sh("cd /root/download/* && ./install.sh --uninstall >/dev/null", "install.sh --uninstall")
        finally:  # the root as it was: nothing of the game's, its packages and a player's files gone
            root.sh(f"dpkg --purge {ID} >/dev/null 2>&1 || true; apt-get autoremove --purge -y -q >/dev/null; "
                    "apt-get clean; rm -rf /root/download /root/.local /root/.config /root/.cache",
                    "cleaning the root")
    return (f"Debian {version} ({suite}): .deb title after {deb_s:.2f} s (like the source's: {deb_like:.2f}), "
            f"a table after {table_s:.2f} s; tar.gz title after {tar_s:.2f} s (like the source's: {tar_like:.2f}) "
            f"(root ready in {ready_s:.0f} s)")


def check_wine(dist: Path, cache: Path, display: str, judge: Judge, shots: Path | None, runs: int = 3) -> str:
    """The installer into a new prefix, then the installed game started ``runs`` times."""
    import windows

    setups = sorted(dist.glob(f"{NAME}-*-setup.exe"))
    if not setups:
        raise RealWindowError(f"no Windows installer in {dist}")
    with tempfile.TemporaryDirectory(prefix="fate-wine-") as tmp:
        wine = windows.Wine(cache / "windows", prefix=Path(tmp) / "prefix")
        code, out = wine.run([str(setups[-1]), "/S"], timeout=600)
        wine.wait()
        if code != 0:
            raise RealWindowError(f"the installer failed (exit {code}): {out.strip()[-300:]}")
        exe = wine.unix_path(wine.expand("LOCALAPPDATA") + rf"\Programs\{NAME}") / f"{NAME}.exe"
        env = {k: v for k, v in wine.env.items() if k not in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
        env["DISPLAY"] = display

        def launch(*args: str) -> subprocess.Popen:
            return subprocess.Popen(["wine", str(exe), *args], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True, errors="replace", start_new_session=True)

        def stop() -> None:
            subprocess.run(["wineserver", "-k"], env=env, timeout=60)
            subprocess.run(["wineserver", "-w"], env=env, timeout=120)

        starts = [judge.title(launch, display, shots, f"wine-{i + 1}", stop=stop) for i in range(runs)]
        table_s = judge.table(lambda: launch("--autoplay"), display, shots, "wine-table", stop=stop)
    return ("Windows (Wine, no sound card): installed .exe title after "
            + ", ".join(f"{t:.2f} s" for t, _like in starts)
            + f" (like the source's: {min(like for _t, like in starts):.2f}), a table after {table_s:.2f} s")


def main(argv: list[str] | None = None) -> int:
    from fate.ground.cli import Parser

    ap = Parser(prog="python packaging/realwindow.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("dist", type=Path, help="the folder the builds put their downloads in")
    ap.add_argument("--debian", nargs="*", choices=sorted(SUITES), default=[], metavar="N",
                    help="Debian releases to start the .deb and tar.gz on: 11, 12, 13")
    ap.add_argument("--wine", action="store_true", help="install and start the Windows build under Wine")
    ap.add_argument("--shots", type=Path, help="keep each title as it was seen (PPM pictures) in this folder")
    args = ap.parse_args(argv)
    if not args.debian and not args.wine:
        ap.error("nothing to check: give --debian and/or --wine")
    missing = missing_tools(bool(args.debian), args.wine)
    if missing:
        ap.error(f"needs {', '.join(missing)}")
    from build import cache_dir

    failed = False
    judge = Judge()
    with Xvfb() as x:
        for version in args.debian:
            try:
                print(check_debian(version, args.dist, cache_dir() / "linux", x.display, judge, args.shots), flush=True)
            except (RealWindowError, oldlinux.OldLinuxError) as e:
                print(f"Debian {version}: FAILED: {e}", flush=True)
                failed = True
        if args.wine:
            try:
                print(check_wine(args.dist, cache_dir(), x.display, judge, args.shots), flush=True)
            except RealWindowError as e:
                print(f"Windows (Wine): FAILED: {e}", flush=True)
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
