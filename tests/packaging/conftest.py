"""The Linux release, built once for the tests that need it (test_linux_release.py reads its
ELF files and self-test, test_real_window.py starts it on three Debian releases)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cannot_build_in_chroot() -> str:
    """Why the Debian 11 chroot build cannot run here, or "" if it can."""
    if not sys.platform.startswith("linux"):
        return "Linux only"
    if os.geteuid() != 0:
        return "needs root (chroot, mount)"
    if shutil.which("debootstrap") is None:
        return "needs debootstrap"
    return ""


@pytest.fixture(scope="session")
def linux_release(tmp_path_factory) -> tuple[Path, str]:
    """``packaging/build.py --target linux`` run once: the folder of its downloads and what it printed."""
    assert not cannot_build_in_chroot(), cannot_build_in_chroot()
    dist = tmp_path_factory.mktemp("linuxdist")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    build = subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--target", "linux",
                            "--dist", str(dist)], capture_output=True, text=True, env=env, timeout=3000)
    print(build.stdout[-3000:])
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return dist, build.stdout
