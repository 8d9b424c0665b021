"""A card's ``art:`` field: which Game Icons its illustration shows and how they are
composed (docs/art.md, docs/card-format.md). Validated at load like every other field:
an unknown icon, scene, light or tone, or a bad number, is one ContentError.

The icons a card may name are those in assets/icons/ (its manifest.json, written by
packaging/game_icons.py from the pinned icon package); ``icons_in_data`` lists every icon
the data asks for, which is what that script writes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from fate.content.model import Art, ContentError
from fate.ground.untrusted import InputError, cut, parse_json, read_bytes, read_yaml

FIELDS = {"figure", "accent", "scene", "light", "tone", "flip", "turn"}
# where the figure and the accent stand (docs/art.md, "Composition")
SCENES = ("centre", "rise", "pair", "behind", "orbit", "below")
LIGHTS = ("above", "below", "behind", "left", "right")
# palettes: one per Astral symbol, per Elder God and per kind of card without a symbol
TONES = ("star", "key", "flame", "lantern", "hood", "tome",
         "cthulhu", "hastur", "nyarlathotep", "shub-niggurath", "yog-sothoth", "azathoth", "tsathoggua",
         "ithaqua", "artifact", "curse", "gate")
MAX_TURN = 45
CARD_FILES = ("gods.yaml", "spells.yaml", "gates.yaml", "artifacts.yaml", "curses.yaml")
MANIFEST_BYTES = 1 << 20


def manifest_path() -> Path:
    from fate.ground.paths import assets_dir

    return assets_dir() / "icons" / "manifest.json"


@lru_cache(maxsize=4)
def _read_icons(path: str) -> frozenset[str]:
    where = "assets/icons/manifest.json"
    try:
        data = parse_json(read_bytes(path, MANIFEST_BYTES))
    except InputError as e:
        why = "file is missing (python packaging/game_icons.py writes it)" if str(e) == "no such file" else e
        raise ContentError(f"{where}: {why}") from None
    icons = data.get("icons") if isinstance(data, dict) else None
    if not isinstance(icons, list) or not all(isinstance(i, str) for i in icons):
        raise ContentError(f"{where}: expected an 'icons' list of icon ids")
    return frozenset(icons)


def known_icons(path: Path | None = None) -> frozenset[str]:
    """The icon ids in assets/icons/ (cached)."""
    return _read_icons(str(path or manifest_path()))


def parse_art(raw: Any, where: str, icons: frozenset[str] | None) -> Art:
    """An ``art:`` map as an Art; ``icons`` the ids a figure or accent may name (None:
    any word, for the script that reads which icons the data wants)."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: field 'art': expected a map with a 'figure', found {cut(raw)}")
    extra = sorted(map(str, set(raw) - FIELDS))
    if extra:
        raise ContentError(f"{where}: field 'art': unknown field {cut(extra[0])}")
    out: dict[str, Any] = {}
    for key in ("figure", "accent"):
        val = raw.get(key, "" if key == "accent" else None)
        if key == "accent" and val == "":
            continue
        if not isinstance(val, str) or not val or (icons is not None and val not in icons):
            what = "expected an icon id" if not isinstance(val, str) or not val else "unknown icon"
            raise ContentError(f"{where}: field 'art.{key}': {what} {cut(val)}")
        out[key] = val
    if out.get("accent") == out["figure"]:
        raise ContentError(f"{where}: field 'art.accent': the same icon as the figure")
    for key, table in (("scene", SCENES), ("light", LIGHTS), ("tone", TONES)):
        if key in raw:
            val = raw[key]
            if not isinstance(val, str) or val not in table:
                raise ContentError(f"{where}: field 'art.{key}': expected one of {', '.join(table)}, found {cut(val)}")
            out[key] = val
    if "flip" in raw:
        if not isinstance(raw["flip"], bool):
            raise ContentError(f"{where}: field 'art.flip': expected true or false, found {cut(raw['flip'])}")
        out["flip"] = raw["flip"]
    if "turn" in raw:
        val = raw["turn"]
        if not isinstance(val, int) or isinstance(val, bool) or not -MAX_TURN <= val <= MAX_TURN:
            raise ContentError(f"{where}: field 'art.turn': expected a whole number -{MAX_TURN}..{MAX_TURN}, "
                               f"found {cut(val)}")
        out["turn"] = val
    return Art(**out)


def icons_in_data(root: Path) -> set[str]:
    """Every icon the data in ``root`` asks for: the figure and accent of each card's
    ``art:`` field (a map, or a list of maps as in gates.yaml) and data/art.yaml's
    ``icons`` list."""
    found: set[str] = set()

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "art":
                    for spec in v if isinstance(v, list) else [v]:
                        art = parse_art(spec, where, None)
                        found.update(art.picture)
                else:
                    walk(v, where)
        elif isinstance(node, list):
            for v in node:
                walk(v, where)

    for path in [root / name for name in (*CARD_FILES, "art.yaml")]:
        try:
            data = read_yaml(path, 1 << 20)
        except InputError as e:
            raise ContentError(f"data/{path.name}: {e}") from None
        if path.name == "art.yaml":
            extra = data.get("icons") if isinstance(data, dict) else None
            if not isinstance(extra, list) or not all(isinstance(i, str) and i for i in extra):
                raise ContentError("data/art.yaml: expected an 'icons' list of icon ids")
            found.update(extra)
        else:
            walk(data, f"data/{path.name}")
    return found
