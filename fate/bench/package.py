"""``python -m fate.bench package``: the size of the packaged app folder and its launch to
first frame: dist/FateOfTheElderGods, else the newest build in the build cache
(packaging/build/<system>/stage), else one built first by ``python packaging/build.py``."""

from __future__ import annotations

import statistics
import sys
import time


def measure_package(folder, runs: int = 3) -> dict[str, float]:
    """Size of a packaged app folder and its launch-to-first-frame times."""
    import os
    import subprocess
    from pathlib import Path

    from fate.ground.oscompat import executable_name

    folder = Path(folder)
    exe = folder / executable_name("FateOfTheElderGods")
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    env = dict(os.environ, FATE_EXIT_AFTER_FIRST_FRAME="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    times = []
    for _ in range(runs + 1):
        t0 = time.perf_counter()
        subprocess.run([str(exe)], env=env, check=True, capture_output=True, timeout=120)
        times.append(time.perf_counter() - t0)
    return {"size_mb": size / 1e6, "first_s": times[0], "median_s": statistics.median(times[1:]), "runs": runs}


def bench_package() -> tuple[str, dict[str, float]]:
    """The folder measured and its figures (``measure_package``)."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    folder = root / "dist" / "FateOfTheElderGods"
    if not folder.is_dir():  # the newest build in the build cache (packaging/build/<system>/stage), if any
        staged = sorted((root / "packaging" / "build").glob("*/stage/*/FateOfTheElderGods"),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        if staged:
            folder = staged[0]
    if not folder.is_dir():
        subprocess.run([sys.executable, str(root / "packaging" / "build.py")], check=True)
    return str(folder), measure_package(folder)




def report(args) -> int:
    folder, r = bench_package()
    print(f"package: {folder}")
    print(f"bundle size: {r['size_mb']:.1f} MB")
    print(f"packaged start to first frame: first launch {r['first_s']:.2f} s, "
          f"median of {r['runs']} more {r['median_s']:.2f} s")
    return 0
