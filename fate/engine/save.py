"""Saved games: versioned JSON, written atomically.

A save is ``{format_version, content, config, choices, snapshot}``. The game
replays exactly from ``config`` (players, seed, preset gods) and ``choices``;
the snapshot is the full state for quick loading. ``load_game(...,
verify=True)`` replays the choices and checks that both agree.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from fate.content.model import Content
from fate.engine.errors import IllegalChoice, SaveFormatError
from fate.engine.game import _LIST_FIELDS, _NESTED_FIELDS, Game

FORMAT_VERSION = 1
_SCALARS = ("n", "solo", "first", "cur", "turn", "phase", "inv_supply", "turn_loc", "ready_allow",
            "ctl", "ow_returns", "cleanse_used", "squall_owner", "rng", "over", "end_reason")


def _enc(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_enc(v) for v in x]
    if isinstance(x, list):
        return [_enc(v) for v in x]
    return x


def _tup(x: Any) -> Any:
    return tuple(_tup(v) for v in x) if isinstance(x, list) else x


def snapshot(g: Game) -> dict[str, Any]:
    """The whole state as JSON-ready data (the pending decision included)."""
    out: dict[str, Any] = {f: getattr(g, f) for f in _SCALARS}
    for f in _LIST_FIELDS + _NESTED_FIELDS:
        if f in ("stack", "choices_made"):
            continue
        out[f] = _enc(getattr(g, f))
    stack = list(g.stack)
    if g.ask is not None:
        stack.append(g.ask[0])  # re-asked on load: asking never changes the state
    out["stack"] = _enc(stack)
    out["gods"] = list(g.gods)
    out["drafts"] = _enc(g.drafts)
    out["exhausted"] = sorted(g.exhausted)
    out["winners"] = list(g.winners)
    out["losers"] = list(g.losers)
    return out


def save_data(g: Game) -> dict[str, Any]:
    return {
        "format_version": FORMAT_VERSION,
        "game": "fate-of-the-elder-gods",
        "content": g.content.fingerprint,
        "config": g.config,
        "choices": list(g.choices_made),
        "snapshot": snapshot(g),
    }


def save_game(g: Game, path: str | Path) -> None:
    """Write atomically: a temporary file in the same folder, then a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(save_data(g), separators=(",", ":"))
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def replay(content: Content, config: dict, choices: list[str], where: str = "save") -> Game:
    """Rebuild a game from its config and choices."""
    from fate.engine import new_game

    try:
        g = new_game(content, config["players"], config["seed"], config.get("gods"))
    except (KeyError, TypeError, ValueError) as e:
        raise SaveFormatError(f"{where}: field 'config': {e}") from None
    for k, cid in enumerate(choices):
        if not isinstance(cid, str):
            raise SaveFormatError(f"{where}: field 'choices'[{k}]: expected a choice id")
        try:
            g.apply(cid)
        except IllegalChoice as e:
            raise SaveFormatError(f"{where}: field 'choices'[{k}]: {e}") from None
    g.events = []
    return g


def restore(content: Content, config: dict, choices: list[str], snap: dict, where: str) -> Game:
    g = Game(content, config)
    try:
        for f in _SCALARS:
            setattr(g, f, snap[f])
        for f in _LIST_FIELDS + _NESTED_FIELDS:
            if f in ("stack", "choices_made"):
                continue
            val = snap[f]
            if not isinstance(val, list):
                raise SaveFormatError(f"{where}: snapshot field {f!r}: expected a list")
            setattr(g, f, [list(x) if isinstance(x, list) else x for x in val]
                    if f in _NESTED_FIELDS else [tuple(x) if isinstance(x, list) else x for x in val])
        g.stack = [_tup(t) for t in snap["stack"]]
        g.gods = list(snap["gods"])
        g.drafts = [tuple(d) for d in snap["drafts"]]
        g.exhausted = set(snap["exhausted"])
        g.winners = tuple(snap["winners"])
        g.losers = tuple(snap["losers"])
    except KeyError as e:
        raise SaveFormatError(f"{where}: snapshot is missing field {e.args[0]!r}") from None
    except TypeError as e:
        raise SaveFormatError(f"{where}: snapshot is damaged ({e})") from None
    g.choices_made = list(choices)
    if g.n != config.get("players") or len(g.lodge) != g.n:
        raise SaveFormatError(f"{where}: snapshot does not match its config")
    from fate.engine.invariants import violations

    bad = violations(g)
    if bad:
        raise SaveFormatError(f"{where}: snapshot is inconsistent: {bad[0]}")
    if not g.over:
        try:
            g.run()
        except Exception as e:  # a damaged stack: never let it crash the table
            raise SaveFormatError(f"{where}: snapshot cannot resume ({type(e).__name__}: {e})") from None
        g.events = []
    return g


def load_data(content: Content, data: Any, where: str = "save", verify: bool = False) -> Game:
    if not isinstance(data, dict):
        raise SaveFormatError(f"{where}: not a saved game (expected a JSON object)")
    if data.get("game") != "fate-of-the-elder-gods":
        raise SaveFormatError(f"{where}: not a Fate of the Elder Gods save")
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise SaveFormatError(f"{where}: field 'format_version': this game reads version "
                              f"{FORMAT_VERSION}, the file is version {version!r}")
    config, choices = data.get("config"), data.get("choices")
    if not isinstance(config, dict) or not isinstance(choices, list):
        raise SaveFormatError(f"{where}: fields 'config' and 'choices' are required")
    if data.get("content") != content.fingerprint:
        # The cards changed since the save: the snapshot's card numbers mean nothing now,
        # but the choices may still replay.
        return replay(content, config, choices, where)
    snap = data.get("snapshot")
    if not isinstance(snap, dict):
        return replay(content, config, choices, where)
    g = restore(content, config, choices, snap, where)
    if verify:
        again = replay(content, config, choices, where)
        if snapshot(again) != snapshot(g):
            raise SaveFormatError(f"{where}: the snapshot and the replayed choices disagree")
    return g


def load_game(content: Content, path: str | Path, verify: bool = False) -> Game:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFormatError(f"{path}: no such save file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveFormatError(f"{path}: cannot be read ({e})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveFormatError(f"{path}: damaged, not valid JSON (line {e.lineno}, column {e.colno})") from None
    return load_data(content, data, str(path), verify)
