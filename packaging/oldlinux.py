"""The Linux release for glibc 2.31 and newer, built on any Debian-like machine.

A bundle runs only where the C library is at least as new as the newest one
its files were linked against, so it is built on an old system: a Debian 11
("bullseye", glibc 2.31) root made with debootstrap from Debian's packages,
with CPython 3.11 compiled inside it from the source of Debian's own
``python3.11`` package (its upstream tarball, sha256 pinned below), the Linux
wheels installed from PyPI (``linux/requirements-linux.txt``, sha256 pinned),
and ``packaging/build.py --deb`` run there.
Everything is kept in the cache folder between runs (the root, the compiled
Python); only the game's own files are copied in afresh each time.

Needs root (chroot, mount) and debootstrap (Debian package ``debootstrap``).
The Debian mirror is the one this machine's apt uses, or debootstrap's own
default where apt names none (Ubuntu); ``FATE_DEBIAN_MIRROR`` overrides it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

SUITE = "bullseye"  # Debian 11: glibc 2.31, libstdc++ of GCC 10
GLIBC = (2, 31)
GLIBCXX = (3, 4, 28)  # the newest libstdc++ symbol version of GCC 9/10 (Ubuntu 20.04, Debian 11)
PYTHON_SOURCE_SUITE = "bookworm"  # Debian 12 carries python3.11; its source builds on bullseye
PYTHON_ORIG = "python3.11_3.11.2.orig.tar.gz"
PYTHON_ORIG_SHA256 = "2411c74bda5bbcfcddaf4531f66d1adc73f247f529aee981b029513aefdbf849"
PREFIX = "/opt/python3.11"
BUILD_DEPS = ["build-essential", "dpkg-dev", "binutils", "ca-certificates", "xz-utils", "libssl-dev",
              "zlib1g-dev", "libffi-dev", "libbz2-dev", "liblzma-dev", "libsqlite3-dev", "uuid-dev",
              "desktop-file-utils", "patchelf"]
# Installed into the old Python: the game's runtime and the packager, each wheel sha256 pinned.
WHEEL_PINS = Path(__file__).resolve().parent / "linux" / "requirements-linux.txt"
GAME_FILES = ("main.py", "LICENSE", "requirements.txt", "pyproject.toml", "fate", "data", "assets", "packaging")


class OldLinuxError(Exception):
    pass


def _run(cmd: list[str], what: str, **kw) -> None:
    done = subprocess.run(cmd, **kw)
    if done.returncode != 0:
        raise OldLinuxError(f"{what} failed (exit {done.returncode}): {' '.join(cmd[:6])} ...")


def debian_mirror() -> str | None:
    """The Debian archive this machine's apt uses, or None for debootstrap's own default
    (on Ubuntu, say). No host is written into the project."""
    if os.environ.get("FATE_DEBIAN_MIRROR"):
        return os.environ["FATE_DEBIAN_MIRROR"]
    texts = []
    for path in [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d").glob("*"))]:
        if path.is_file() and path.suffix in ("", ".list", ".sources"):
            texts.append(path.read_text(errors="replace"))
    for text in texts:
        for url in re.findall(r"(?:URIs:|deb(?:-src)?(?:\s+\[[^\]]*\])?)\s+(\S+)", text):
            if url.rstrip("/").endswith("/debian"):
                return url
    return None


class Chroot:
    """A Debian 11 root with /proc and /dev/shm mounted while in use."""

    def __init__(self, cache: Path) -> None:
        self.root = cache / f"{SUITE}-root"
        self.mounted: list[Path] = []

    def __enter__(self) -> Chroot:
        self.unmount_leftovers()
        self.ensure()
        self.mount()
        return self

    def unmount_leftovers(self) -> None:
        """What a run that was killed left mounted in the root (/proc, the X server's socket):
        unmounted before anything in the root is deleted or mounted again."""
        try:
            mounts = Path("/proc/mounts").read_text().splitlines()
        except OSError:
            return
        inside = str(self.root.resolve()) + "/"
        targets = [line.split()[1].replace("\\040", " ") for line in mounts if len(line.split()) > 1]
        for target in sorted((t for t in targets if t.startswith(inside)), key=len, reverse=True):
            subprocess.run(["umount", "-l", target])

    def __exit__(self, *exc) -> None:
        self.unmount()

    def mount(self) -> None:
        for target, args in ((self.root / "proc", ["-t", "proc", "proc"]),
                             (self.root / "dev" / "shm", ["-t", "tmpfs", "tmpfs"])):
            target.mkdir(parents=True, exist_ok=True)
            _run(["mount", *args, str(target)], f"mounting {target}")
            self.mounted.append(target)
        # the machine's own way to the registries: names, CA bundle, pip's settings
        for f in ("/etc/resolv.conf", "/etc/hosts", "/etc/ssl/certs/ca-certificates.crt", "/etc/pip.conf"):
            if Path(f).is_file():
                (self.root / f[1:]).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(f, self.root / f[1:])

    def unmount(self) -> None:
        for target in reversed(self.mounted):
            subprocess.run(["umount", "-l", str(target)])
        self.mounted.clear()

    def sh(self, script: str, what: str, env: dict[str, str] | None = None, capture: bool = False):
        base = {"PATH": f"{PREFIX}/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root", "LANG": "C.UTF-8",
                "DEBIAN_FRONTEND": "noninteractive", "PIP_CERT": "/etc/ssl/certs/ca-certificates.crt"}
        base.update(env or {})
        cmd = ["chroot", str(self.root), "/usr/bin/env", "-i", *[f"{k}={v}" for k, v in base.items()],
               "/bin/sh", "-ec", script]
        if capture:
            return subprocess.run(cmd, capture_output=True, text=True)
        _run(cmd, what)

    def ensure(self) -> None:
        ready = self.root / ".fate-root-ready"
        if ready.is_file() and ready.read_text().split("\n", 1)[-1].split() == BUILD_DEPS:
            return
        if os.geteuid() != 0:
            raise OldLinuxError("--target linux builds in a Debian 11 chroot and needs root (sudo)")
        if not shutil.which("debootstrap"):
            raise OldLinuxError("--target linux needs debootstrap (apt-get install debootstrap)")
        mirror = debian_mirror()
        if not (self.root / "usr" / "bin" / "apt-get").exists():
            print(f"making a Debian {SUITE} root in {self.root} (about a minute)", flush=True)
            shutil.rmtree(self.root, ignore_errors=True)
            _run(["debootstrap", "--variant=minbase", SUITE, str(self.root), *([mirror] if mirror else [])],
                 "debootstrap")
        if mirror is None:  # the one debootstrap chose, as it wrote it into the root
            listed = (self.root / "etc/apt/sources.list").read_text().split()
            mirror = listed[listed.index("deb") + 1]
        (self.root / "etc/apt/sources.list").write_text(
            f"deb {mirror} {SUITE} main\ndeb-src {mirror} {PYTHON_SOURCE_SUITE} main\n")
        self.mount()
        try:
            self.sh("apt-get update -q && apt-get install -y -q --no-install-recommends " + " ".join(BUILD_DEPS),
                    "installing the build tools in the chroot")
        finally:
            self.unmount()
        # the tools it was made with: a root made before one was added gets it on the next run
        ready.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n") + " ".join(BUILD_DEPS) + "\n")


def ensure_python(ch: Chroot) -> str:
    """CPython 3.11 with shared libpython, compiled in the chroot once; returns its version."""
    ready = ch.root / PREFIX[1:] / ".fate-python-ready"
    if not ready.is_file():
        print("compiling CPython 3.11 in the chroot from Debian's python3.11 source (some minutes)", flush=True)
        ch.sh("mkdir -p /src && cd /src && apt-get source --download-only -q python3.11 >/dev/null "
              f"&& ls {PYTHON_ORIG}", "fetching Debian's python3.11 source")
        orig = ch.root / "src" / PYTHON_ORIG
        digest = subprocess.run(["sha256sum", str(orig)], capture_output=True, text=True).stdout.split()[0]
        if digest != PYTHON_ORIG_SHA256:
            raise OldLinuxError(f"{PYTHON_ORIG}: sha256 {digest}, expected {PYTHON_ORIG_SHA256}")
        ch.sh(f"cd /src && rm -rf Python-3.11.2 && tar xf {PYTHON_ORIG} && cd Python-3.11.2 "
              f"&& ./configure -q --prefix={PREFIX} --enable-shared LDFLAGS=-Wl,-rpath,{PREFIX}/lib "
              "&& { make -s -j$(nproc) && make -s install; } >/src/python-build.log 2>&1 "
              "|| { tail -n 30 /src/python-build.log; exit 1; }; cd / && rm -rf /src/Python-3.11.2",
              "compiling CPython")
        ready.write_text(time.strftime("%Y-%m-%d %H:%M:%S\n"))
    shutil.copyfile(WHEEL_PINS, ch.root / "tmp" / WHEEL_PINS.name)
    ch.sh(f"python3.11 -m pip install -q --disable-pip-version-check --root-user-action=ignore --only-binary :all: "
          f"--require-hashes -r /tmp/{WHEEL_PINS.name}", "installing the game's Linux wheels in the chroot")
    return ch.sh("python3.11 -c 'import sys; print(sys.version.split()[0])'", "", capture=True).stdout.strip()


def build(root: Path, cache: Path, dist: Path) -> list[Path]:
    """Build the game in the chroot; copy its bundle and archives into ``dist``."""
    with Chroot(cache) as ch:
        version = ensure_python(ch)
        print(f"building with CPython {version} on Debian {SUITE}", flush=True)
        work = ch.root / "build"
        shutil.rmtree(work, ignore_errors=True)
        (work / "src").mkdir(parents=True)
        for name in GAME_FILES:
            src = root / name
            if src.is_dir():
                shutil.copytree(src, work / "src" / name,
                                ignore=shutil.ignore_patterns("__pycache__", "build", "*.pyc"))
            else:
                shutil.copy2(src, work / "src" / name)
        ch.sh("cd /build/src && python3.11 packaging/build.py --deb --dist /build/dist",
              "the build in the chroot", env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    made = []
    dist.mkdir(parents=True, exist_ok=True)
    for item in sorted((work / "dist").iterdir()):
        target = dist / item.name
        if target.is_dir():
            shutil.rmtree(target)
        if item.is_dir():
            shutil.copytree(item, target, symlinks=True)
        else:
            shutil.copy2(item, target)
        made.append(target)
    return made


def self_test_in_chroot(cache: Path, bundle: Path) -> tuple[int, str]:
    """Run a bundle's ``--self-test`` on Debian 11; returns (exit status, output)."""
    with Chroot(cache) as ch:
        inside = ch.root / "selftest"
        shutil.rmtree(inside, ignore_errors=True)
        shutil.copytree(bundle, inside / bundle.name, symlinks=True)
        exe = f"/selftest/{bundle.name}/{bundle.name}"
        done = ch.sh(f"cd /tmp && {exe} --self-test 2>&1; echo \"exit $?\"", "", capture=True,
                     env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
        shutil.rmtree(inside, ignore_errors=True)
    out = done.stdout.strip()
    # the status echoed after the app: its own line, and not always the last (a helper process,
    # multiprocessing's resource tracker, may still write a warning after the app has gone)
    echoed = list(re.finditer(r"^exit (\d+)$", out, re.M))
    if not echoed:
        return done.returncode or 1, out
    last = echoed[-1]
    return int(last.group(1)), (out[:last.start()] + out[last.end():]).strip()
