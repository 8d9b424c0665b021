"""The Linux release for glibc 2.31 and newer: the ELF reader on small ELF files
made here, and (as root with debootstrap, and always in CI) the real build in
a Debian 11 chroot: every ELF file within the limits, its --self-test passing
on Debian 11 and on this machine."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import elfcheck  # noqa: E402
import oldlinux  # noqa: E402

from tests.packaging.conftest import cannot_build_in_chroot  # noqa: E402

LIMITS = {"GLIBC": (2, 31), "GLIBCXX": (3, 4, 28)}


def make_elf(needs: dict[str, list[str]], bits: int = 64, order: str = "<") -> bytes:
    """A minimal ELF file: a string table and a .gnu.version_r naming what it needs."""
    strings = b"\0"
    offsets = {}
    for name in [*needs, *[v for vs in needs.values() for v in vs]]:
        offsets[name] = len(strings)
        strings += name.encode() + b"\0"
    verneed = b""
    libs = list(needs.items())
    for i, (lib, versions) in enumerate(libs):
        aux = b""
        for j, v in enumerate(versions):
            aux += struct.pack(order + "IHHII", 0, 0, 0, offsets[v], 16 if j < len(versions) - 1 else 0)
        nxt = 16 + len(aux) if i < len(libs) - 1 else 0
        verneed += struct.pack(order + "HHIII", 1, len(versions), offsets[lib], 16, nxt) + aux
    head = 64 if bits == 64 else 52
    str_at, ver_at = head, head + len(strings)
    sh_at = ver_at + len(verneed)
    if bits == 64:
        fmt, size = order + "IIQQQQIIQQ", 64
        ident = b"\x7fELF\x02" + (b"\x01" if order == "<" else b"\x02") + b"\x01" + b"\0" * 9
        header = ident + struct.pack(order + "HHIQQQIHHHHHH", 3, 62, 1, 0, 0, sh_at, 0, 64, 56, 0, size, 3, 0)
    else:
        fmt, size = order + "IIIIIIIIII", 40
        ident = b"\x7fELF\x01" + (b"\x01" if order == "<" else b"\x02") + b"\x01" + b"\0" * 9
        header = ident + struct.pack(order + "HHIIIIIHHHHHH", 3, 3, 1, 0, 0, sh_at, 0, 52, 32, 0, size, 3, 0)
    assert len(header) == head
    sections = struct.pack(fmt, *[0] * 10)
    sections += struct.pack(fmt, 0, 3, 0, 0, str_at, len(strings), 0, 0, 1, 0)
    sections += struct.pack(fmt, 0, elfcheck.SHT_GNU_VERNEED, 0, 0, ver_at, len(verneed), 1, len(libs), 4, 0)
    return header + strings + verneed + sections


NEEDS = {"libc.so.6": ["GLIBC_2.2.5", "GLIBC_2.34"], "libstdc++.so.6": ["GLIBCXX_3.4", "GLIBCXX_3.4.29", "CXXABI_1.3"]}


@pytest.mark.parametrize("bits, order", [(64, "<"), (64, ">"), (32, "<"), (32, ">")])
def test_the_reader_finds_every_version_a_file_needs(bits, order):
    names = elfcheck.needed_versions(make_elf(NEEDS, bits, order))
    assert names == {"GLIBC_2.2.5", "GLIBC_2.34", "GLIBCXX_3.4", "GLIBCXX_3.4.29", "CXXABI_1.3"}


def test_versions_newer_than_the_target_are_named_newest_first():
    names = elfcheck.needed_versions(make_elf(NEEDS))
    assert elfcheck.too_new(names, LIMITS) == ["GLIBCXX_3.4.29", "GLIBC_2.34"]
    assert elfcheck.too_new({"GLIBC_2.31", "GLIBC_2.2.5", "GLIBCXX_3.4.28", "GLIBC_PRIVATE"}, LIMITS) == []


def test_a_damaged_file_is_one_clear_error_at_any_length():
    data = make_elf(NEEDS)
    refused = 0
    for cut in range(len(data)):
        try:
            names = elfcheck.needed_versions(data[:cut])
        except elfcheck.ElfError:  # refused with the reader's own error, never another exception
            refused += 1
        else:
            assert names <= {"GLIBC_2.2.5", "GLIBC_2.34", "GLIBCXX_3.4", "GLIBCXX_3.4.29", "CXXABI_1.3"}
    assert refused > len(data) // 2


def test_the_release_build_checks_for_debian_11_and_ubuntu_20_04():
    assert (oldlinux.GLIBC, oldlinux.GLIBCXX) == (LIMITS["GLIBC"], LIMITS["GLIBCXX"])
    assert oldlinux.SUITE == "bullseye"


def test_the_folder_check_fails_naming_the_file_that_needs_too_much(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "old.so").write_bytes(make_elf({"libc.so.6": ["GLIBC_2.17", "GLIBC_2.30"]}))
    (tmp_path / "app").write_bytes(make_elf({"libc.so.6": ["GLIBC_2.17"]}))
    (tmp_path / "readme.txt").write_text("not an ELF file")
    ok, text = elfcheck.report(tmp_path, LIMITS)
    assert ok and "2 ELF files read" in text and "newest GLIBC needed: 2.30 (lib/old.so)" in text
    (tmp_path / "lib" / "new.so").write_bytes(make_elf({"libc.so.6": ["GLIBC_2.35"]}))
    (tmp_path / "link.so").symlink_to(tmp_path / "lib" / "new.so")  # read once, through its real name
    ok, text = elfcheck.report(tmp_path, LIMITS)
    assert not ok and "TOO NEW: lib/new.so needs GLIBC_2.35" in text and "link.so" not in text
    assert text.endswith("ELF check: FAILED")


def test_the_reader_agrees_with_the_machines_own_libraries():
    python = Path(sys.executable).resolve()
    names = elfcheck.needed_versions(python.read_bytes())
    assert any(n.startswith("GLIBC_2.") for n in names)
    tool = shutil.which("objdump")
    if tool:  # binutils, where installed: the same list
        out = subprocess.run([tool, "-p", str(python)], capture_output=True, text=True).stdout
        listed = {line.split()[-1] for line in out.split("Version References:")[-1].splitlines()
                  if line.strip().startswith("0x")}
        assert listed == names


def test_the_command_line_refuses_a_bad_limit_in_one_line(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "packaging" / "elfcheck.py"), str(tmp_path), "--glibc", "two"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "--glibc" in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.release
@pytest.mark.skipif(os.environ.get("CI") != "true" and bool(cannot_build_in_chroot()),
                    reason=f"the Debian 11 chroot build {cannot_build_in_chroot()} (it always runs in CI)")
def test_the_linux_release_runs_on_glibc_2_31_and_on_this_machine(linux_release, tmp_path):
    dist, printed = linux_release
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    assert "ELF check: OK" in printed and "on Debian bullseye (exit 0)" in printed
    from fate import __version__

    assert (dist / f"FateOfTheElderGods-{__version__}-linux-x86_64.tar.gz").is_file()
    assert list(dist.glob(f"fate-of-the-elder-gods_{__version__}_*.deb"))
    ok, text = elfcheck.report(dist / "FateOfTheElderGods", LIMITS)  # checked again, here
    assert ok, text
    run = subprocess.run([str(dist / "FateOfTheElderGods" / "FateOfTheElderGods"), "--self-test"],
                         capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("SELFTEST OK"), run.stdout + run.stderr
    # its engine compiled by the chroot's own gcc (packaging/compile_engine.py), within the ELF limits above
    assert "engine: compiled by Cython" in printed and "engine: compiled" in run.stdout.splitlines()


def readme_lintian_errors() -> set[str]:
    """The lintian errors packaging/README.md explains as inherent (its "lintian on the .deb" list)."""
    text = (ROOT / "packaging" / "README.md").read_text()
    part = text.split("### lintian on the .deb", 1)[1].split("\n### ", 1)[0].split("Its warnings", 1)[0]
    return set(re.findall(r"^- `([a-z0-9-]+)`", part, re.M))


def test_the_readme_names_the_lintian_errors_it_explains():
    assert readme_lintian_errors() == {"embedded-library", "library-not-linked-against-libc"}


@pytest.mark.release
@pytest.mark.skipif(os.environ.get("CI") != "true" and (bool(cannot_build_in_chroot()) or not shutil.which("lintian")),
                    reason="the Debian 11 chroot build and lintian (they always run in CI)")
def test_lintian_finds_no_error_but_those_the_readme_explains(linux_release):
    dist, _printed = linux_release
    deb = next(dist.glob("fate-of-the-elder-gods_*.deb"))
    done = subprocess.run(["lintian", "--no-tag-display-limit", str(deb)], capture_output=True, text=True,
                          timeout=600)
    tags = re.findall(r"^([EW]): fate-of-the-elder-gods: (\S+)", done.stdout, re.M)
    print(done.stdout[-3000:])
    errors = {tag for level, tag in tags if level == "E"}
    assert errors and errors <= readme_lintian_errors(), errors - readme_lintian_errors()
    assert "embedded-library" in errors  # lintian really read the bundle
    fields = subprocess.run(["dpkg-deb", "--field", str(deb), "Depends", "Installed-Size"], capture_output=True,
                            text=True).stdout
    assert "libstdc++6" in fields and "libx11-6" in fields
    assert "libssl1.1" not in fields and "libffi7" not in fields  # carried in the bundle: no dependency


@pytest.mark.release
@pytest.mark.skipif(os.environ.get("CI") != "true" and bool(cannot_build_in_chroot()),
                    reason=f"the Debian 11 chroot build {cannot_build_in_chroot()} (it always runs in CI)")
def test_every_package_and_library_the_bundle_carries_has_its_notice(linux_release):
    """THIRD-PARTY-NOTICES is written by hand; this holds it to what a real build carries: each
    Python distribution (at the version bundled) and each shared library, by name."""
    import importlib.metadata

    from PyInstaller.archive.readers import CArchiveReader

    dist, _printed = linux_release
    bundle = dist / "FateOfTheElderGods"
    notices = (bundle / "THIRD-PARTY-NOTICES.txt").read_text()
    assert notices == (ROOT / "assets" / "legal" / "THIRD-PARTY-NOTICES.txt").read_text()
    headings = [ln.strip().lower() for ln in notices.splitlines() if re.match(r"\[\d+\.\d+\] ", ln)]
    archive = CArchiveReader(str(bundle / "FateOfTheElderGods"))
    pyz = archive.open_embedded_archive(next(n for n in archive.toc if n.endswith(".pyz")))
    imported = {m.split(".")[0] for m in pyz.toc}
    imported |= {p.name for p in (bundle / "_internal").iterdir() if p.is_dir() and any(p.glob("*.py*"))}
    imported = {m for m in imported - set(sys.stdlib_module_names) - {"fate", "python3"}
                if not m.startswith("_sysconfigdata")}  # CPython's own, named for its build
    owners = importlib.metadata.packages_distributions()
    assert {"pygame", "yaml", "platformdirs", "websockets"} <= imported, imported
    for top in sorted(imported):
        for name in owners[top]:
            version = importlib.metadata.version(name)
            assert any(f"] {name.lower()} {version}" in h for h in headings), f"{name} {version} ({top}) has no notice"
    libraries = [p.name for p in (bundle / "_internal").rglob("*.so*") if "cpython" not in p.name]
    assert len(libraries) > 20
    for lib in libraries:
        assert re.split(r"[-.]", lib)[0].lower() in notices.lower(), f"{lib} has no notice"


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.geteuid() != 0, reason="mounting needs root on Linux")
def test_what_a_killed_run_left_mounted_in_a_root_is_unmounted_before_the_root_is_touched(tmp_path):
    """A check killed mid-run leaves the X server's socket folder bound into its root; deleting
    that root then would delete the host's sockets. Entering the root first unmounts it."""
    host = tmp_path / "host-sockets"
    host.mkdir()
    (host / "X0").write_text("the host's")
    chroot = oldlinux.Chroot(tmp_path)
    target = chroot.root / "tmp" / ".X11-unix"
    target.mkdir(parents=True)
    def mounted() -> bool:  # (os.path.ismount cannot see a bind mount within one file system)
        return any(line.split()[1] == str(target.resolve()) for line in Path("/proc/mounts").read_text().splitlines())

    subprocess.run(["mount", "--bind", str(host), str(target)], check=True)
    try:
        assert mounted() and (target / "X0").is_file()
        chroot.unmount_leftovers()
        assert not mounted() and not any(target.iterdir())
        assert (host / "X0").read_text() == "the host's"
    finally:
        if mounted():
            subprocess.run(["umount", "-l", str(target)])
