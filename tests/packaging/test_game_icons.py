"""packaging/game_icons.py (issue 41): the icons come only from the pinned package, its
sha512 checked before a byte is read; each icon is written white, paths only; the
manifest carries the package's author and licence; a bad tarball is one line, exit 1."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import game_icons  # noqa: E402

INFO = {"author": {"name": "GameIcons"}, "license": {"title": "CC BY 3.0", "spdx": "CC-BY-3.0"}}


def package(icons: dict, aliases: dict | None = None) -> dict:
    return {"prefix": "game-icons", "width": 512, "height": 512, "icons": icons, "aliases": aliases or {}}


def test_a_tarball_that_is_not_the_pinned_one_is_refused(tmp_path):
    fake = tmp_path / "game-icons-1.2.4.tgz"
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        data = json.dumps(package({"octopus": {"body": "<path d='M0 0'/>"}})).encode()
        member = tarfile.TarInfo("package/icons.json")
        member.size = len(data)
        tar.addfile(member, io.BytesIO(data))
    fake.write_bytes(buf.getvalue())
    out = subprocess.run([sys.executable, str(ROOT / "packaging" / "game_icons.py"), "--tarball", str(fake),
                          "--check"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "sha512" in out.stderr and "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1


def test_each_icon_is_written_white_with_its_manifest():
    files = game_icons.build(package({"octopus": {"body": '<path fill="currentColor" d="M1 2"/>'}},
                                     {"squid-ish": {"parent": "octopus"}}), INFO, ["octopus", "squid-ish"])
    assert files["octopus.svg"] == '<svg viewBox="0 0 512 512" width="512" height="512"><path fill="#fff" d="M1 2"/></svg>\n'
    assert files["squid-ish.svg"] == files["octopus.svg"]
    manifest = json.loads(files["manifest.json"])
    assert manifest["icons"] == ["octopus", "squid-ish"] and manifest["licence_id"] == "CC-BY-3.0"
    assert manifest["author"] == "GameIcons" and manifest["version"] == game_icons.VERSION
    assert manifest["integrity"] == game_icons.INTEGRITY


@pytest.mark.parametrize("icons, info, expect", [
    ({}, INFO, "not in"),
    ({"octopus": {"body": '<image href="x.png"/>'}}, INFO, "more than paths"),
    ({"octopus": {"body": "<path/>"}}, {**INFO, "license": {"spdx": "GPL-3.0"}}, "licence"),
])
def test_what_the_script_will_not_write(icons, info, expect):
    with pytest.raises(game_icons.IconsError, match=expect):
        game_icons.build(package(icons), info, ["octopus"])


def test_the_icons_in_assets_are_what_the_data_asks_for():
    """assets/icons/ is current: every icon the data names has its file (what --check says)."""
    files = {p.stem for p in (ROOT / "assets" / "icons").glob("*.svg")}
    assert files == set(game_icons.wanted())
    manifest = json.loads((ROOT / "assets" / "icons" / "manifest.json").read_text())
    assert manifest["icons"] == sorted(files) and manifest["licence"] == "CC BY 3.0"
