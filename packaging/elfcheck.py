"""Which C and C++ library versions a Linux bundle needs: python packaging/elfcheck.py FOLDER

A program or library linked against glibc records, in its ``.gnu.version_r``
section, the symbol versions it needs from each library (``GLIBC_2.34`` from
libc.so.6, ``GLIBCXX_3.4.29`` from libstdc++.so.6). The loader refuses to
start it on a system whose libraries lack one: "GLIBC_2.35 not found". This
reads those sections from every ELF file in a folder, with no tool beyond
Python, and reports each file that needs more than the target.
"""

from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
SHT_GNU_VERNEED = 0x6FFFFFFE


class ElfError(ValueError):
    pass


def needed_versions(data: bytes) -> set[str]:
    """The symbol version names an ELF file needs from other libraries."""
    if data[:4] != ELF_MAGIC or len(data) < 52:
        raise ElfError("not an ELF file")
    bits = {1: 32, 2: 64}.get(data[4])
    order = {1: "<", 2: ">"}.get(data[5])
    if bits is None or order is None:
        raise ElfError("unknown ELF class or byte order")
    try:
        if bits == 64:
            shoff, = struct.unpack_from(order + "Q", data, 0x28)
            shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
            section = order + "IIQQQQIIQQ"
        else:
            shoff, = struct.unpack_from(order + "I", data, 0x20)
            shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
            section = order + "IIIIIIIIII"
        headers = [struct.unpack_from(section, data, shoff + i * shentsize) for i in range(shnum)]
        found: set[str] = set()
        for _name, kind, _flags, _addr, offset, size, link, info, _align, _entsize in headers:
            if kind != SHT_GNU_VERNEED:
                continue
            strings = headers[link]
            str_off, str_size = strings[4], strings[5]
            at = offset
            for _ in range(info):  # info: how many libraries
                _ver, _cnt, _file, aux, nxt = struct.unpack_from(order + "HHIII", data, at)
                a = at + aux
                for _ in range(_cnt):
                    _hash, _flags2, _other, name, anext = struct.unpack_from(order + "IHHII", data, a)
                    found.add(_cstring(data, str_off, str_size, name))
                    if not anext:
                        break
                    a += anext
                if not nxt:
                    break
                at += nxt
            if at > offset + size:
                raise ElfError("version section runs past its end")
        return found
    except ElfError:
        raise
    except (struct.error, IndexError, ValueError) as e:
        raise ElfError(f"damaged ELF headers ({e})") from None


def _cstring(data: bytes, base: int, size: int, offset: int) -> str:
    if offset >= size:
        raise ElfError("a version name lies outside its string table")
    end = data.index(b"\0", base + offset)
    return data[base + offset:end].decode("ascii", "replace")


def parse_version(name: str) -> tuple[str, tuple[int, ...]] | None:
    """``GLIBC_2.31`` -> ("GLIBC", (2, 31)); None for other names (GCC_3.0's kind is kept too)."""
    prefix, _, rest = name.partition("_")
    parts = rest.split(".")
    if not rest or not all(p.isdigit() for p in parts):
        return None
    return prefix, tuple(int(p) for p in parts)


def too_new(names: set[str], limits: dict[str, tuple[int, ...]]) -> list[str]:
    """The names whose version is newer than the limit for their kind, newest first."""
    bad = []
    for name in names:
        parsed = parse_version(name)
        if parsed and parsed[0] in limits and parsed[1] > limits[parsed[0]]:
            bad.append((parsed[1], name))
    return [name for _v, name in sorted(bad, reverse=True)]


def check_folder(folder: Path, limits: dict[str, tuple[int, ...]]) -> tuple[int, dict[str, list[str]], dict]:
    """(ELF files read, {file: versions too new}, {kind: newest needed}) for every ELF file in ``folder``."""
    count, problems, newest = 0, {}, {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as f:
            if f.read(4) != ELF_MAGIC:
                continue
        names = needed_versions(path.read_bytes())
        count += 1
        for name in names:
            parsed = parse_version(name)
            if parsed and parsed[0] in limits and parsed[1] > newest.get(parsed[0], ((), ""))[0]:
                newest[parsed[0]] = (parsed[1], str(path.relative_to(folder)))
        bad = too_new(names, limits)
        if bad:
            problems[str(path.relative_to(folder))] = bad
    return count, problems, newest


def dotted(v: tuple[int, ...]) -> str:
    return ".".join(map(str, v))


def report(folder: Path, limits: dict[str, tuple[int, ...]]) -> tuple[bool, str]:
    count, problems, newest = check_folder(folder, limits)
    if count == 0:
        return False, f"{folder}: no ELF file in it"
    lines = [f"{count} ELF files read in {folder}; limits " +
             ", ".join(f"{k} {dotted(v)}" for k, v in limits.items())]
    for kind, (v, where) in sorted(newest.items()):
        lines.append(f"newest {kind} needed: {dotted(v)} ({where})")
    for where, bad in problems.items():
        lines.append(f"TOO NEW: {where} needs {', '.join(bad)}")
    lines.append("ELF check: " + ("FAILED" if problems else "OK"))
    return not problems, "\n".join(lines)


def _version_arg(text: str) -> tuple[int, ...]:
    parts = text.split(".")
    if not all(p.isdigit() for p in parts) or len(parts) > 4:
        raise argparse.ArgumentTypeError(f"{text!r} is not a version like 2.31")
    return tuple(int(p) for p in parts)


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve().parent
    sys.path[:0] = [str(here.parent), str(here)]  # the project (fate.ground.cli) and this folder (oldlinux)
    from oldlinux import GLIBC, GLIBCXX

    from fate.ground.cli import Parser

    ap = Parser(prog="python packaging/elfcheck.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--glibc", type=_version_arg, default=GLIBC, help="newest GLIBC_ allowed (default 2.31)")
    ap.add_argument("--glibcxx", type=_version_arg, default=GLIBCXX,
                    help="newest GLIBCXX_ allowed (default 3.4.28, GCC 10's libstdc++)")
    a = ap.parse_args(argv)
    if not a.folder.is_dir():
        ap.error(f"folder: {a.folder} is not a folder")
    try:
        ok, text = report(a.folder, {"GLIBC": a.glibc, "GLIBCXX": a.glibcxx})
    except (ElfError, OSError) as e:
        print(f"elfcheck: {e}", file=sys.stderr)
        return 1
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
