"""python packaging/game_icons.py [--tarball FILE] [--check]: the Game Icons the cards are
drawn from, as SVG files in assets/icons/.

The icons come from one pinned npm package (``PACKAGE`` at ``VERSION``): npm fetches its
tarball from the registry it is configured with (``npm pack``), this script checks the
tarball's sha512 against ``INTEGRITY`` before reading a byte of it, and writes

- ``assets/icons/<id>.svg`` for every icon the game uses, white on transparent (the game
  recolours each one as it draws it), and no other;
- ``assets/icons/manifest.json``: the package, version and integrity, its author and
  licence (CC BY 3.0) as the package's own info.json gives them, and the list of icons.

The icons the game uses are the ``figure`` and ``accent`` of every ``art:`` field in
data/*.yaml (fate/content/art.py reads them) and the ``icons:`` list of data/art.yaml (the
portraits, sigils and scenes that are drawn from code rather than from a card).

``--tarball FILE`` reads a tarball already fetched (still checked); ``--check`` writes
nothing and says whether assets/icons/ is what the data asks for (the exit status too).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fate.content.art import icons_in_data  # noqa: E402  (after the path is set)

PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"
INTEGRITY = "sha512-/HDDZxowXgDJcOEwPspUCq5RuDdl25OyZKdtxqqiPJQNTrWIym7r4StLzIVs77DyNzOWWhH5wDqwYR3WHeDfkg=="
OUT = ROOT / "assets" / "icons"
ICON_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
FORBIDDEN = ("<script", "href", "<image", "<foreignobject", "url(")  # an icon is paths, nothing that loads


class IconsError(Exception):
    """The package or the data is not what this script expects (one line)."""


def fetch(dest: Path) -> Path:
    """``npm pack`` the pinned package into ``dest``; the tarball's path."""
    try:
        out = subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(dest), "--json"],
                             capture_output=True, text=True, timeout=300, check=True).stdout
        name = json.loads(out)[0]["filename"]
    except (OSError, subprocess.SubprocessError, ValueError, LookupError, TypeError) as e:
        raise IconsError(f"npm pack {PACKAGE}@{VERSION} failed: {str(e).splitlines()[0][:200]}") from None
    return dest / Path(name).name


def checked(tarball: Path) -> bytes:
    """The tarball's bytes, once their sha512 is the pinned one."""
    raw = tarball.read_bytes()
    got = "sha512-" + base64.b64encode(hashlib.sha512(raw).digest()).decode()
    if got != INTEGRITY:
        raise IconsError(f"{tarball.name}: sha512 is {got[:30]}..., expected the pinned {INTEGRITY[:30]}...")
    return raw


def read_package(raw: bytes) -> tuple[dict, dict]:
    """(icons.json, info.json) of the package, read from the tarball without extracting it."""
    out = {}
    with tarfile.open(fileobj=io.BytesIO(raw), mode="r:gz") as tar:
        for name in ("package/icons.json", "package/info.json"):
            member = tar.getmember(name)
            if not member.isfile():
                raise IconsError(f"{name} is not a file in the package")
            out[name] = json.loads(tar.extractfile(member).read())
    return out["package/icons.json"], out["package/info.json"]


def svg(body: str, width: int, height: int) -> str:
    return (f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}">'
            + body.replace("currentColor", "#fff") + "</svg>\n")


def wanted() -> list[str]:
    try:
        ids = icons_in_data(ROOT / "data")
    except ValueError as e:
        raise IconsError(str(e)) from None
    bad = [i for i in ids if not ICON_ID.fullmatch(i)]
    if bad:
        raise IconsError(f"not an icon id: {bad[0][:40]!r}")
    return sorted(ids)


def build(icons: dict, info: dict, ids: list[str]) -> dict[str, str]:
    """file name -> text of everything assets/icons/ should hold."""
    table, aliases = icons.get("icons", {}), icons.get("aliases", {})
    width, height = int(icons.get("width", 512)), int(icons.get("height", 512))
    files = {}
    for i in ids:
        src = i
        if src not in table and isinstance(aliases.get(src), dict) and set(aliases[src]) == {"parent"}:
            src = aliases[src]["parent"]
        if src not in table:
            raise IconsError(f"icon {i!r} is not in {PACKAGE} {VERSION}")
        body = table[src]["body"]
        if any(f in body.lower() for f in FORBIDDEN):
            raise IconsError(f"icon {i!r}: its SVG holds more than paths")
        files[f"{i}.svg"] = svg(body, width, height)
    author, licence = info.get("author", {}), info.get("license", {})
    manifest = {
        "about": "Game Icons used by the cards; written by packaging/game_icons.py, do not edit",
        "package": PACKAGE, "version": VERSION, "integrity": INTEGRITY,
        "author": author.get("name", ""), "licence": licence.get("title", ""),
        "licence_id": licence.get("spdx", ""), "size": [width, height], "icons": ids,
    }
    if manifest["licence_id"] != "CC-BY-3.0":
        raise IconsError(f"the package's licence is {manifest['licence_id'][:40]!r}, expected CC-BY-3.0")
    files["manifest.json"] = json.dumps(manifest, indent=1) + "\n"
    return files


def differences(files: dict[str, str]) -> list[str]:
    have = {p.name for p in [*OUT.glob("*.svg"), OUT / "manifest.json"] if p.is_file()} if OUT.is_dir() else set()
    out = [f"missing {n}" for n in sorted(set(files) - have)]
    out += [f"not used {n}" for n in sorted(have - set(files))]
    out += [f"differs {n}" for n in sorted(set(files) & have)
            if (OUT / n).read_text(encoding="utf-8") != files[n]]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python packaging/game_icons.py", description=__doc__.split("\n")[0])
    ap.add_argument("--tarball", type=Path, help=f"a tarball of {PACKAGE} {VERSION} already fetched")
    ap.add_argument("--check", action="store_true", help="write nothing; say whether assets/icons/ is current")
    args = ap.parse_args(argv)
    try:
        ids = wanted()
        with tempfile.TemporaryDirectory() as tmp:
            raw = checked(args.tarball if args.tarball else fetch(Path(tmp)))
        icons, info = read_package(raw)
        files = build(icons, info, ids)
    except (IconsError, OSError, KeyError, ValueError, tarfile.TarError) as e:
        print(f"game icons: {str(e)[:300]}", file=sys.stderr)
        return 1
    diff = differences(files)
    if args.check:
        print("\n".join(diff) or f"assets/icons: {len(ids)} icons, current")
        return 1 if diff else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name in diff:
        if name.startswith("not used "):
            (OUT / name.removeprefix("not used ")).unlink()
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8", newline="\n")
    print(f"assets/icons: {len(ids)} icons from {PACKAGE} {VERSION} ({len(diff)} files changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
