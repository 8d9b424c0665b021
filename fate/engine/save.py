"""Saved games: versioned JSON, written atomically (docs/saves.md).

A save (format 2) is ``{format_version, game, game_version, content, cards,
config, choices, snapshot, session}``. The game replays exactly from
``config`` (players, seed, preset gods) and ``choices``; the snapshot is the
full state for quick loading, its cards numbered as in ``cards`` (their ids);
``session`` is whatever the table keeps with a game (who sits where, the
chronicle's turns), opaque to the engine. ``load_game(..., verify=True)``
replays the choices and checks that both agree. A format-1 save is migrated
as it is read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeGuard

from fate import __version__
from fate.content.model import STANDARD_LEVEL, Content
from fate.engine.constants import PHASES
from fate.engine.errors import IllegalChoice, SaveFormatError
from fate.engine.fields import LIST_FIELDS, NESTED_FIELDS
from fate.engine.game import Game
from fate.engine.registry import TASKS
from fate.ground.files import write_save
from fate.ground.untrusted import InputError, clean, cut, read_json

FORMAT_VERSION = 2
MAX_BYTES = 16 << 20  # the longest game saves about 200 KB
GAME_ID = "fate-of-the-elder-gods"
_PHASE_NAMES = frozenset(PHASES) | {"setup", "investigators"}
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
    for f in LIST_FIELDS + NESTED_FIELDS:
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


def save_data(g: Game, session: dict[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "game": GAME_ID,
        "game_version": __version__,
        "content": g.content.fingerprint,
        "cards": [c.id for c in g.content.cards],
        "config": g.config,
        "choices": list(g.choices_made),
        "snapshot": snapshot(g),
    }
    if session is not None:
        data["session"] = session
    return data


def save_game(g: Game, path: str | Path, session: dict[str, Any] | None = None) -> None:
    write_save(save_data(g, session), path)


def replay(content: Content, config: dict[str, Any], choices: list[str], where: str = "save") -> Game:
    """Rebuild a game from its config and choices."""
    from fate.engine import new_game_from

    try:
        g = new_game_from(content, config)
    except (KeyError, TypeError, ValueError) as e:
        raise SaveFormatError(f"{where}: field 'config': {e}") from None
    for k, cid in enumerate(check_choices(choices, where)):
        try:
            g.apply(cid)
        except IllegalChoice as e:
            raise SaveFormatError(f"{where}: field 'choices'[{k}]: {e}") from None
    g.events = []
    return g


def _int(x: Any, lo: int, hi: int) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def check_shape(content: Content, snap: dict[str, Any], players: Any) -> str | None:
    """What is wrong with the shape of a snapshot (a field missing, of the wrong type,
    length or range), or None. Conservation is checked afterwards by invariants."""
    if not _int(players, 1, 4):
        return "config field 'players': expected 1 to 4"
    n, cards, faces = players, len(content.cards), len(content.dice.faces)
    seat, card = (-1, n - 1), (0, cards - 1)
    scalars: dict[str, Callable[[Any], bool]] = {
        "n": lambda x: x == n, "solo": lambda x: x is (n == 1),
        "first": lambda x: _int(x, 0, n - 1), "cur": lambda x: _int(x, 0, n - 1),
        "turn": lambda x: _int(x, 0, 10**9), "phase": lambda x: isinstance(x, str) and x in _PHASE_NAMES,
        "inv_supply": lambda x: _int(x, 0, 25), "turn_loc": lambda x: _int(x, -1, 5),
        "ready_allow": lambda x: _int(x, 0, 9), "ctl": lambda x: _int(x, 0, 2),
        "ow_returns": lambda x: _int(x, 0, 99), "cleanse_used": lambda x: isinstance(x, bool),
        "squall_owner": lambda x: _int(x, *seat), "rng": lambda x: _int(x, 0, 2**64 - 1),
        "over": lambda x: isinstance(x, bool), "end_reason": lambda x: isinstance(x, str),
    }
    for f, ok in scalars.items():
        if f not in snap:
            return f"field {f!r} is missing"
        if not ok(snap[f]):
            return f"field {f!r} holds {cut(snap[f])}"

    def ints(f: str, lo: int, hi: int, length: int | None = None, nested: int | None = None) -> str | None:
        """A list of whole numbers lo..hi (of ``length``); with ``nested``, a list of
        ``nested`` such lists (-1: any number of them)."""
        val: Any = snap.get(f)
        rows = val if nested is not None else [val]
        if not isinstance(val, list) or (nested is not None and nested >= 0 and len(val) != nested):
            return f"field {f!r}: expected a list" + (f" of {nested}" if nested is not None else "")
        for row in rows:
            if not isinstance(row, list) or (length is not None and len(row) != length):
                return f"field {f!r}: expected lists of {length}" if length is not None else f"field {f!r}"
            if not all(_int(x, lo, hi) for x in row):
                return f"field {f!r}: a value outside {lo}..{hi}"
        return None

    checks = [
        ints("lodge", 0, 20, n), ints("abyss", 0, 20, n), ints("inv_lodge", 0, 25, n), ints("summon", 0, 9, n),
        ints("signs", 0, 10, n), ints("gate", -1, cards - 1, n),
        ints("gods", -1, cards - 1, n), ints("inv_at", 0, 25, 6), ints("squall", 0, 8, 6),
        ints("pieces", 0, 5, None if snap["phase"] == "setup" else 2 if n <= 2 else 1), ints("forced", 0, faces - 1), ints("exhausted", *card),
        ints("winners", 0, n - 1), ints("losers", 0, n - 1),
        ints("at", 0, 20, n, 6), ints("hands", *card, None, n), ints("reserve", *card, None, n),
        ints("arts", *card, None, n), ints("columns", *card, None, 6), ints("rolls", 0, faces - 1, None, -1),
    ]
    checks += [ints(f, *card) for f in ("spell_deck", "discard", "gate_supply", "art_deck", "art_up",
                                        "curse_deck", "box", "resolving")]
    cursed = snap.get("es_cursed")
    if not (isinstance(cursed, list) and len(cursed) == n and all(isinstance(x, bool) for x in cursed)):
        checks.append(f"field 'es_cursed': expected {n} times true or false")
    bad = next((c for c in checks if c), None)
    if bad:
        return bad
    held = snap.get("held")
    if not isinstance(held, list) or not all(
            isinstance(h, list) and len(h) == 3 and _int(h[0], *card) and _int(h[1], 0, n - 1)
            and _int(h[2], *seat) for h in held):
        return "field 'held': expected [curse, cursed seat, holder] triples"
    drafts = snap.get("drafts")
    if not isinstance(drafts, list) or not all(
            isinstance(d, list) and all(_int(x, *card) for x in d) for d in drafts):
        return "field 'drafts': expected lists of cards"
    stack = snap.get("stack")
    if not isinstance(stack, list) or not all(
            isinstance(t, list) and t and isinstance(t[0], str) and t[0] in TASKS and _plain(t) for t in stack):
        return "field 'stack': expected a list of engine tasks"
    return None


def _plain(x: Any) -> bool:
    """Only what tasks are made of: whole numbers, words, true/false, null and lists of them."""
    if isinstance(x, list):
        return all(_plain(v) for v in x)
    return x is None or isinstance(x, int | str | bool)


def restore(content: Content, config: dict[str, Any], choices: list[str], snap: dict[str, Any], where: str) -> Game:
    bad = check_shape(content, snap, config.get("players"))
    if bad:
        raise SaveFormatError(f"{where}: snapshot is damaged ({bad})")
    g = Game(content, config)
    try:
        for f in _SCALARS:
            setattr(g, f, snap[f])
        for f in LIST_FIELDS + NESTED_FIELDS:
            if f in ("stack", "choices_made"):
                continue
            val = snap[f]
            if not isinstance(val, list):
                raise SaveFormatError(f"{where}: snapshot field {f!r}: expected a list")
            setattr(g, f, [list(x) if isinstance(x, list) else x for x in val]
                    if f in NESTED_FIELDS else [tuple(x) if isinstance(x, list) else x for x in val])
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

    try:
        wrong = violations(g, prompt=False)
        if wrong:
            raise SaveFormatError(f"{where}: snapshot is inconsistent: {wrong[0]}")
        if not g.over:
            g.run()
            g.events = []
    except SaveFormatError:
        raise
    except Exception as e:  # a damaged stack or board the shape check let by: never crash the table
        raise SaveFormatError(f"{where}: snapshot cannot resume ({type(e).__name__}: {e})") from None
    return g


def migrate(data: Any, where: str = "save") -> dict[str, Any]:
    """A save of any format this version reads, brought to the current format
    (a new dict; the old one is unchanged). SaveFormatError for anything else."""
    if not isinstance(data, dict):
        raise SaveFormatError(f"{where}: not a saved game (expected a JSON object)", SaveFormatError.NOT_A_SAVE)
    if data.get("game") != GAME_ID:
        raise SaveFormatError(f"{where}: not a Fate of the Elder Gods save", SaveFormatError.NOT_A_SAVE)
    version = data.get("format_version")
    if not _int(version, 1, 10**6):
        raise SaveFormatError(f"{where}: field 'format_version' is damaged ({cut(version)})")
    if version > FORMAT_VERSION:
        raise SaveFormatError(f"{where}: made by a newer version of the game (save format {version}; "
                              f"this version reads up to {FORMAT_VERSION}): update the game to open it",
                              SaveFormatError.NEWER)
    out: dict[str, Any] = dict(data)
    if version == 1:  # format 1 had no game version, card list or session
        out.update(format_version=2, game_version="0.1.0", cards=None)
    return out


MAX_CHOICES = 100_000  # a long four-seat game makes about 2,000


def check_config(content: Content | None, config: Any, where: str = "save") -> dict[str, Any]:
    """A save's ``config`` checked field by field: players 1 to 4, a whole-number
    seed, the preset gods (one Elder God id per seat, all different; without
    ``content``, any words), the solo level and the scenario mark. Returns a clean copy;
    SaveFormatError for anything else."""
    if not isinstance(config, dict):
        raise SaveFormatError(f"{where}: field 'config' is required (a map)")
    players, seed = config.get("players"), config.get("seed")
    if not _int(players, 1, 4) or not _int(seed, -2**63, 2**63):
        raise SaveFormatError(f"{where}: field 'config': expected players 1 to 4 and a whole-number seed")
    out: dict[str, Any] = {"players": players, "seed": seed}
    gods = config.get("gods")
    if gods is not None:
        ok = (isinstance(gods, list) and len(gods) == players
              and all(isinstance(x, str) and (content is None or x in content.by_id and content.card(x).kind == "god")
                      for x in gods)
              and len(set(gods)) == players)
        if not ok:
            raise SaveFormatError(f"{where}: field 'config.gods': expected {players} different Elder God ids, "
                                  f"found {cut(gods)}")
        out["gods"] = list(gods)
    level = config.get("solo_level")
    if level is not None:
        ok = (isinstance(level, str) and players == 1 and level != STANDARD_LEVEL
              and (content is None or any(x.id == level for x in content.solo_levels)))
        if not ok:
            raise SaveFormatError(f"{where}: field 'config.solo_level': expected a solo level, found {cut(level)}")
        out["solo_level"] = level
    if config.get("scenario") is not None:
        if not isinstance(config["scenario"], bool):
            raise SaveFormatError(f"{where}: field 'config.scenario': expected true or false")
        if config["scenario"]:
            out["scenario"] = True
    return out


def check_choices(choices: Any, where: str = "save") -> list[str]:
    """A save's ``choices``: a list of choice ids (short words)."""
    if not isinstance(choices, list) or len(choices) > MAX_CHOICES:
        raise SaveFormatError(f"{where}: field 'choices': expected a list of at most {MAX_CHOICES:,} choice ids")
    for k, cid in enumerate(choices):
        if not isinstance(cid, str) or not 0 < len(cid) <= 200:
            raise SaveFormatError(f"{where}: field 'choices'[{k}]: expected a choice id, found {cut(cid)}")
    return list(choices)


def load_data(content: Content, data: Any, where: str = "save", verify: bool = False) -> Game:
    data = migrate(data, where)
    cards = data.get("cards")
    if isinstance(cards, list) and data.get("content") != content.fingerprint:
        gone = [c for c in cards if not isinstance(c, str) or c not in content.by_id]
        if gone:
            raise SaveFormatError(f"{where}: made with cards this version no longer has "
                                  f"({', '.join(clean(c, 30) or cut(c, 30) for c in gone[:3])}{' ...' if len(gone) > 3 else ''})",
                                  SaveFormatError.CARDS)
    if "config" not in data or "choices" not in data:
        raise SaveFormatError(f"{where}: fields 'config' and 'choices' are required")
    config, choices = check_config(content, data["config"], where), check_choices(data["choices"], where)
    if data.get("content") != content.fingerprint:
        # The cards changed since the save: the snapshot's card numbers mean nothing now,
        # but the choices may still replay (a game begun from a scenario cannot).
        if config.get("scenario"):
            raise SaveFormatError(f"{where}: a game begun from a scenario, saved with other cards: "
                                  "it cannot be replayed with these", SaveFormatError.CARDS)
        return replay(content, config, choices, where)
    snap = data.get("snapshot")
    if not isinstance(snap, dict):
        if config.get("scenario"):
            raise SaveFormatError(f"{where}: a game begun from a scenario needs its snapshot")
        return replay(content, config, choices, where)
    g = restore(content, config, choices, snap, where)
    if verify:
        again = replay(content, config, choices, where)
        if snapshot(again) != snapshot(g):
            raise SaveFormatError(f"{where}: the snapshot and the replayed choices disagree")
    return g


def read_data(path: str | Path) -> Any:
    """The JSON of a save file through the one door for untrusted files
    (fate/ground/untrusted.py): SaveFormatError, one line, for anything else."""
    try:
        return read_json(path, MAX_BYTES)
    except InputError as e:
        raise SaveFormatError(f"{path}: {e}") from None


def load_game(content: Content, path: str | Path, verify: bool = False) -> Game:
    return load_data(content, read_data(path), str(path), verify)
