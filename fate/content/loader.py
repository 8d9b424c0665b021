"""Load and validate data/*.yaml into a Content (the engine's cards, symbols, dice).

Every problem fails with one ContentError that names the file, the card and
the field. YAML is read through fate/ground/untrusted.py (a safe loader, no aliases).
The words a card may use (effect steps, conditions, locations) are the rules
engine's: it hands them over as a ``Vocabulary`` (content never imports it).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fate.content.art import known_icons, parse_art
from fate.content.model import (
    ARTIFACT,
    CURSE,
    GATE,
    GOD,
    SPELL,
    STANDARD_LEVEL,
    Art,
    Card,
    Condition,
    Content,
    ContentError,
    Dice,
    DieFace,
    Location,
    SoloLevel,
    Step,
    Symbol,
    Vocabulary,
)
from fate.ground.untrusted import InputError, cut, parse_yaml, read_bytes

MAX_BYTES = 1 << 20  # the largest data file is about 20 KB
COUNTS = {GOD: 8, SPELL: 65, GATE: 15, ARTIFACT: 20, CURSE: 20}
SPELLS_PER_SYMBOL = 13
FILES = {GOD: "gods.yaml", SPELL: "spells.yaml", GATE: "gates.yaml",
         ARTIFACT: "artifacts.yaml", CURSE: "curses.yaml"}
TIMINGS = {"any", "prepare", "own_turn", "other_turn", "after_roll", "roll_any", "raided", "end"}
PASSIVES = {"hand_bonus", "summon_dice", "raid_shield", "control_discount", "ready_wild", "squall"}
SOURCES = {"lodge", "supply", "abyss"}
DIE_MEANINGS = ("summon", "cultist_return", "temporary_control", "raid_sign", "raid_sign_kill",
                "raid_kill")

CARD_KEYS = {
    GOD: {"id", "name", "title", "text", "gift", "flavor", "passive", "solo_text", "solo_effect", "art"},
    SPELL: {"id", "name", "back", "cost", "timing", "text", "effect", "flavor", "solo_text", "solo_effect", "art"},
    ARTIFACT: {"id", "name", "ability", "timing", "text", "effect", "on_gain", "passive", "flavor",
               "solo_text", "solo_effect", "art"},
    CURSE: {"id", "name", "trigger", "text", "penalty", "flavor", "art"},
}


def known(x: Any, table: Any) -> bool:
    """Whether ``x`` is a word of ``table`` (a value from YAML may be a list or a map)."""
    return isinstance(x, str) and x in table


class _Loader:
    def __init__(self, root: Path, words: Vocabulary) -> None:
        self.root = root
        self.words = words
        self.cards: list[Card] = []
        self.by_id: dict[str, int] = {}
        self.step_lists: list[tuple[Step, ...]] = []
        self.symbols: tuple[Symbol, ...] = ()
        self.dice: Dice | None = None
        self.locations: tuple[Location, ...] = ()
        self.solo_levels: tuple[SoloLevel, ...] = ()
        self.digest = hashlib.sha256()
        self.pictures: dict[frozenset[str], str] = {}  # a card's icons -> the card that shows them

    # ---------------------------------------------------------------- files
    def read(self, name: str) -> Any:
        path = self.root / name
        where = f"data/{name}"
        try:
            raw = read_bytes(path, MAX_BYTES)
            self.digest.update(name.encode() + b"\0" + raw)
            return parse_yaml(raw)
        except InputError as e:
            raise ContentError(f"{where}: {'file is missing' if str(e) == 'no such file' else e}") from None

    def die(self) -> Dice:
        """The Fate Die's faces, read before anything that names them."""
        if self.dice is None:
            raise ContentError("data/dice.yaml: read after the cards that name its faces")
        return self.dice

    # ---------------------------------------------------------------- symbols, dice
    def load_symbols(self) -> None:
        where = "data/symbols.yaml"
        data = self.read("symbols.yaml")
        locations = self.words.locations
        if not isinstance(data, dict) or not isinstance(data.get("symbols"), list):
            raise ContentError(f"{where}: expected a 'symbols' list")
        rows = data["symbols"]
        if len(rows) != 6:
            raise ContentError(f"{where}: field 'symbols': expected 6 (one per location), found {len(rows)}")
        out: list[tuple[int, str, str, tuple[int, int, int], str]] = []
        for row in rows:
            self.keys(row, {"id", "name", "colour", "location"}, where, "symbol")
            sid = row.get("id")
            if not isinstance(sid, str) or not sid.isidentifier() or any(o[1] == sid for o in out):
                raise ContentError(f"{where}: field 'id': expected a new word for each symbol, found {cut(sid)}")
            loc = row.get("location")
            if not known(loc, locations):
                raise ContentError(f"{where}: symbol {cut(sid)}: field 'location': unknown location {cut(loc)}")
            col = row.get("colour")
            if not (isinstance(col, list) and len(col) == 3 and all(isinstance(x, int) and 0 <= x <= 255 for x in col)):
                raise ContentError(f"{where}: symbol {cut(sid)}: field 'colour': expected [r, g, b] with 0..255")
            out.append((locations.index(loc), sid, str(row.get("name", sid)), tuple(col), loc))
        out.sort()
        if [o[0] for o in out] != list(range(6)):
            raise ContentError(f"{where}: field 'location': each location needs exactly one symbol")
        self.symbols = tuple(Symbol(i, sid, name, col, loc) for i, sid, name, col, loc in out)

    def load_dice(self) -> None:
        where = "data/dice.yaml"
        data = self.read("dice.yaml")
        if not isinstance(data, dict) or not isinstance(data.get("faces"), list):
            raise ContentError(f"{where}: expected a 'faces' list")
        faces: list[DieFace] = []
        for i, row in enumerate(data["faces"]):
            self.keys(row, {"id", "name", "text"}, where, "face")
            fid = row.get("id")
            if not isinstance(fid, str) or not fid.isidentifier() or any(f.id == fid for f in faces):
                raise ContentError(f"{where}: face {i + 1}: field 'id': expected a new word, found {cut(fid)}")
            faces.append(DieFace(i, fid, self.text(row, "name", where, fid, required=False) or fid,
                                 self.text(row, "text", where, fid, required=False)))
        if len(faces) != 6:
            raise ContentError(f"{where}: field 'faces': a Fate Die has 6 faces, found {len(faces)}")
        ids = [f.id for f in faces]
        meanings = data.get("meanings")
        if not isinstance(meanings, dict):
            raise ContentError(f"{where}: expected a 'meanings' map")
        self.keys(meanings, set(DIE_MEANINGS), where, "meanings")
        sets = {}
        for m in DIE_MEANINGS:
            vals = meanings.get(m)
            if not isinstance(vals, list) or not vals:
                raise ContentError(f"{where}: meanings: field {cut(m)}: expected a list of face ids")
            for v in vals:
                if not known(v, ids):
                    raise ContentError(f"{where}: meanings: field {cut(m)}: unknown face {cut(v)}")
            sets[m] = frozenset(ids.index(v) for v in vals)
        self.dice = Dice(tuple(faces), **sets)

    def load_locations(self) -> None:
        where = "data/locations.yaml"
        data = self.read("locations.yaml")
        locations = self.words.locations

        if not isinstance(data, dict) or not isinstance(data.get("locations"), list):
            raise ContentError(f"{where}: expected a 'locations' list")
        fields = ("name", "basic", "control", "basic_text", "control_text")
        found: dict[str, Location] = {}
        for row in data["locations"]:
            self.keys(row, {"id", *fields}, where, "location")
            lid = row.get("id")
            if not known(lid, locations):
                raise ContentError(f"{where}: field 'id': unknown location {cut(lid)}")
            if lid in found:
                raise ContentError(f"{where}: location {cut(lid)} is listed twice")
            texts = [self.text(row, f, where, lid) for f in fields]
            found[lid] = Location(locations.index(lid), lid, *texts)
        missing = [lid for lid in locations if lid not in found]
        if missing:
            raise ContentError(f"{where}: location {cut(missing[0])} is missing")
        self.locations = tuple(found[lid] for lid in locations)

    # ---------------------------------------------------------------- helpers
    @staticmethod
    def keys(row: Any, allowed: set[str], where: str, what: str) -> None:
        if not isinstance(row, dict):
            raise ContentError(f"{where}: a {what} entry must be a map, found {type(row).__name__}")
        extra = set(row) - allowed
        if extra:
            rid = row.get("id", "?")
            raise ContentError(f"{where}: {what} {cut(rid)}: unknown field {cut(sorted(map(str, extra))[0])}")

    def symbol(self, name: Any, where: str, field: str) -> int:
        for s in self.symbols:
            if s.id == name:
                return s.index
        raise ContentError(f"{where}: field {cut(field)}: unknown symbol {cut(name)} "
                           f"(expected one of {', '.join(s.id for s in self.symbols)})")

    def steps(self, raw: Any, where: str) -> int:
        """Validate a step list; return its index in step_lists."""
        known_steps = self.words.steps
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            raise ContentError(f"{where}: expected a list of steps")
        out: list[Step] = []
        for k, st in enumerate(raw):
            here = f"{where}[{k}]"
            if not isinstance(st, dict) or "do" not in st:
                raise ContentError(f"{here}: a step is a map with a 'do' field")
            name = st["do"]
            if not known(name, known_steps):
                raise ContentError(f"{here}: unknown effect step {cut(name)}")
            params = known_steps[name].params
            full = {"do": name}
            for key in st:
                if key != "do" and key not in params:
                    raise ContentError(f"{here}: step {cut(name)}: unknown field {cut(key)}")
            for key, par in params.items():
                val = st.get(key, par.default)
                full[key] = self.param(par.kind, val, f"{here}: step {cut(name)}: field {cut(key)}")
            out.append(full)
        self.step_lists.append(tuple(out))
        return len(self.step_lists) - 1

    def param(self, kind: str, val: Any, where: str) -> Any:
        who, places = self.words.who, self.words.places
        if kind == "int":
            if not isinstance(val, int) or isinstance(val, bool) or not 0 <= val <= 20:
                raise ContentError(f"{where}: expected a whole number 0..20, found {cut(val)}")
            return val
        if kind == "who":
            if not known(val, who):
                raise ContentError(f"{where}: expected one of {', '.join(who)}, found {cut(val)}")
            return val
        if kind == "loc":
            if not known(val, places):
                raise ContentError(f"{where}: expected one of {', '.join(places)}, found {cut(val)}")
            return val
        if kind == "source":
            if not known(val, SOURCES):
                raise ContentError(f"{where}: expected one of {', '.join(sorted(SOURCES))}, found {cut(val)}")
            return val
        if kind == "steps":
            return self.steps(val, where) if val else -1
        if kind == "face":
            try:
                return self.die().face(val)
            except ValueError as e:
                raise ContentError(f"{where}: {e}") from None
        if kind == "faces":
            if not isinstance(val, dict) or not val:
                raise ContentError(f"{where}: expected a map of die face -> steps")
            out: list[tuple[int, int]] = []
            for face, steps in val.items():
                try:
                    f = self.die().face(face)
                except ValueError as e:
                    raise ContentError(f"{where}: {e}") from None
                out.append((f, self.steps(steps, f"{where}.{face}")))
            return tuple(sorted(out))
        if kind == "cond":
            return self.cond(val, where, self.words.conditions)
        if kind == "options":
            if not isinstance(val, list) or len(val) < 2:
                raise ContentError(f"{where}: expected a list of at least 2 options")
            options: list[tuple[str, int]] = []
            for k, opt in enumerate(val):
                self.keys(opt, {"label", "steps"}, where, "option")
                options.append((str(opt.get("label", f"Option {k + 1}")),
                                self.steps(opt.get("steps"), f"{where}[{k}]")))
            return tuple(options)
        raise ContentError(f"{where}: internal: unknown parameter kind {cut(kind)}")

    def cond(self, val: Any, where: str, conditions: Mapping[str, Any]) -> Condition:
        if not isinstance(val, dict) or "is" not in val:
            raise ContentError(f"{where}: a condition is a map with an 'is' field")
        name = val["is"]
        if not known(name, conditions):
            raise ContentError(f"{where}: unknown condition {cut(name)}")
        params = conditions[name].params
        for key in val:
            if key != "is" and key not in params:
                raise ContentError(f"{where}: condition {cut(name)}: unknown field {cut(key)}")
        out: list[tuple[str, Any]] = []
        for key, par in params.items():
            out.append((key, self.param(par.kind, val.get(key, par.default), f"{where}: field {cut(key)}")))
        return (name, tuple(out))

    def text(self, row: dict[str, Any], field: str, where: str, cid: str, required: bool = True) -> str:
        val = row.get(field, "")
        if required and (not isinstance(val, str) or not val.strip()):
            raise ContentError(f"{where}: {cut(cid)}: field {cut(field)}: text is required")
        if not isinstance(val, str):
            raise ContentError(f"{where}: {cut(cid)}: field {cut(field)}: expected text")
        return " ".join(val.split())

    def art(self, raw: Any, where: str, kind: str, cid: str) -> Art:
        """A card's ``art:`` field (fate/content/art.py): required; its icons must be in assets/icons/."""
        here = f"{where}: {kind} {cut(cid)}"
        if raw is None:
            raise ContentError(f"{here}: field 'art' is required (docs/art.md)")
        art = parse_art(raw, here, known_icons())
        other = self.pictures.setdefault(art.picture, cid)
        if other != cid:
            raise ContentError(f"{here}: field 'art': the same picture as {cut(other)} (the same icons)")
        return art

    def add(self, **kw: Any) -> None:
        cid = kw["id"]
        if known(cid, self.by_id):
            raise ContentError(f"data/{FILES[kw['kind']]}: card {cut(cid)}: field 'id': duplicate id")
        index = len(self.cards)
        self.cards.append(Card(index=index, **kw))
        self.by_id[cid] = index

    def entries(self, kind: str) -> list[dict[str, Any]]:
        name = FILES[kind]
        data = self.read(name)
        key = {GOD: "gods", SPELL: "spells", ARTIFACT: "artifacts", CURSE: "curses"}[kind]
        if not isinstance(data, dict) or not isinstance(data.get(key), list):
            raise ContentError(f"data/{name}: expected a top-level {cut(key)} list")
        rows: list[dict[str, Any]] = data[key]
        for row in rows:
            self.keys(row, CARD_KEYS[kind], f"data/{name}", kind)
            cid = row.get("id")
            if not isinstance(cid, str) or not cid:
                raise ContentError(f"data/{name}: a {kind} has no 'id'")
        return rows

    def timing(self, row: dict[str, Any], where: str, cid: str) -> frozenset[str]:
        vals = row.get("timing", ["any"])
        if not isinstance(vals, list) or not vals or not all(known(v, TIMINGS) for v in vals):
            raise ContentError(f"{where}: {cut(cid)}: field 'timing': expected a list from {', '.join(sorted(TIMINGS))}")
        return frozenset(vals)

    def passive(self, row: dict[str, Any], where: str, cid: str) -> tuple[tuple[str, int], ...]:
        val = row.get("passive") or {}
        if not isinstance(val, dict):
            raise ContentError(f"{where}: {cut(cid)}: field 'passive': expected a map")
        for k, v in val.items():
            if not known(k, PASSIVES):
                raise ContentError(f"{where}: {cut(cid)}: field 'passive': unknown modifier {cut(k)}")
            if not isinstance(v, int) or isinstance(v, bool) or not 0 < v <= 3:
                raise ContentError(f"{where}: {cut(cid)}: field 'passive': {k} must be 1..3")
        return tuple(sorted(val.items()))

    # ---------------------------------------------------------------- card kinds
    def solo(self, row: dict[str, Any], where: str, kind: str, cid: str) -> dict[str, Any]:
        """The optional solo version of a card: ``solo_text`` and ``solo_effect`` together."""
        has_text, has_steps = "solo_text" in row, "solo_effect" in row
        if has_text != has_steps:
            missing = "solo_effect" if has_text else "solo_text"
            raise ContentError(f"{where}: {kind} {cut(cid)}: field {cut(missing)}: solo_text and solo_effect go together")
        if not has_text:
            return {}
        return {"solo_text": self.text(row, "solo_text", where, cid),
                "solo_effect": self.steps(row.get("solo_effect"), f"{where}: {kind} {cut(cid)}: field 'solo_effect'")}

    def load_gods(self) -> None:
        where = "data/gods.yaml"
        for row in self.entries(GOD):
            cid = row["id"]
            self.add(id=cid, kind=GOD, name=self.text(row, "name", where, cid),
                     title=self.text(row, "title", where, cid), text=self.text(row, "text", where, cid),
                     flavor=self.text(row, "flavor", where, cid, False),
                     effect=self.steps(row.get("gift"), f"{where}: god {cut(cid)}: field 'gift'"),
                     passive=self.passive(row, where, cid), art=self.art(row.get("art"), where, "god", cid),
                     **self.solo(row, where, "god", cid))

    def load_spells(self) -> None:
        where = "data/spells.yaml"
        for row in self.entries(SPELL):
            cid = row["id"]
            cost = row.get("cost")
            if not isinstance(cost, list) or not 1 <= len(cost) <= 4:
                raise ContentError(f"{where}: spell {cut(cid)}: field 'cost': expected 1 to 4 symbols")
            costs = tuple(self.symbol(s, f"{where}: spell {cut(cid)}", "cost") for s in cost)
            if 0 in costs:
                raise ContentError(f"{where}: spell {cut(cid)}: field 'cost': the wild symbol cannot be a cost")
            back = self.symbol(row.get("back"), f"{where}: spell {cut(cid)}", "back")
            if back == 0:
                raise ContentError(f"{where}: spell {cut(cid)}: field 'back': the wild symbol is on no card back")
            self.add(id=cid, kind=SPELL, name=self.text(row, "name", where, cid),
                     text=self.text(row, "text", where, cid), symbol=back, cost=costs,
                     timing=self.timing(row, where, cid),
                     flavor=self.text(row, "flavor", where, cid, False),
                     effect=self.steps(row.get("effect"), f"{where}: spell {cut(cid)}: field 'effect'"),
                     art=self.art(row.get("art"), where, "spell", cid), **self.solo(row, where, "spell", cid))

    def load_gates(self) -> None:
        where = "data/gates.yaml"
        data = self.read("gates.yaml")
        self.keys(data, {"name", "text", "count", "id_prefix", "art"}, where, "gate")
        count = data.get("count")
        if count != COUNTS[GATE]:
            raise ContentError(f"{where}: field 'count': expected {COUNTS[GATE]} Gate cards, found {cut(count)}")
        arts = data.get("art")
        if not isinstance(arts, list) or len(arts) != count:
            raise ContentError(f"{where}: field 'art': expected a list of {count} pictures, one per Gate card")
        prefix = str(data.get("id_prefix", "gate"))
        for k in range(count):
            cid = f"{prefix}-{k + 1:02d}"
            self.add(id=cid, kind=GATE, name=self.text(data, "name", where, cid),
                     text=self.text(data, "text", where, cid), art=self.art(arts[k], where, "gate", cid))

    def load_artifacts(self) -> None:
        where = "data/artifacts.yaml"
        for row in self.entries(ARTIFACT):
            cid = row["id"]
            ability = row.get("ability")
            if not known(ability, ("exhaust", "destroy", "passive")):
                raise ContentError(f"{where}: artifact {cut(cid)}: field 'ability': expected exhaust, destroy or passive")
            passive = self.passive(row, where, cid)
            if ability == "passive" and not passive:
                raise ContentError(f"{where}: artifact {cut(cid)}: field 'passive': a passive Artifact needs a modifier")
            if ability != "passive" and not row.get("effect"):
                raise ContentError(f"{where}: artifact {cut(cid)}: field 'effect': an {ability} Artifact needs steps")
            on_gain = row.get("on_gain")
            self.add(id=cid, kind=ARTIFACT, name=self.text(row, "name", where, cid),
                     text=self.text(row, "text", where, cid), ability=ability,
                     timing=self.timing(row, where, cid) if ability != "passive" else frozenset(),
                     effect=self.steps(row.get("effect"), f"{where}: artifact {cut(cid)}: field 'effect'"),
                     on_gain=self.steps(on_gain, f"{where}: artifact {cut(cid)}: field 'on_gain'") if on_gain else -1,
                     passive=passive, flavor=self.text(row, "flavor", where, cid, False),
                     art=self.art(row.get("art"), where, "artifact", cid), **self.solo(row, where, "artifact", cid))

    def load_curses(self) -> None:
        where = "data/curses.yaml"
        for row in self.entries(CURSE):
            cid = row["id"]
            trig = self.cond(row.get("trigger"), f"{where}: curse {cut(cid)}: field 'trigger'",
                             self.words.conditions)
            self.add(id=cid, kind=CURSE, name=self.text(row, "name", where, cid),
                     text=self.text(row, "text", where, cid), trigger=trig,
                     flavor=self.text(row, "flavor", where, cid, False), art=self.art(row.get("art"), where, "curse", cid),
                     effect=self.steps(row.get("penalty"), f"{where}: curse {cut(cid)}: field 'penalty'"))

    def load_solo_levels(self) -> None:
        """data/solo.yaml: the solo levels, each number in its range; ``standard`` must
        be the rules' own numbers (R-SO-2..8)."""
        where = "data/solo.yaml"
        data = self.read("solo.yaml")
        if not isinstance(data, dict) or not isinstance(data.get("levels"), list) or not 1 <= len(data["levels"]) <= 5:
            raise ContentError(f"{where}: expected a 'levels' list of 1 to 5 (New Game has room for five)")
        ranges = {"arrive": (0, 3), "meeting_curses": (0, 2), "meeting_signs": (0, 2), "raid_dice": (-2, 2),
                  "curses_to_lose": (3, 8), "start_investigators": (0, 4)}
        out: list[SoloLevel] = []
        for i, row in enumerate(data["levels"]):
            self.keys(row, {"id", "name", "text", *ranges}, where, "level")
            lid = row.get("id")
            if not isinstance(lid, str) or not lid.isidentifier() or any(x.id == lid for x in out):
                raise ContentError(f"{where}: level {i + 1}: field 'id': expected a new word, found {cut(lid)}")
            nums = {}
            for key, (lo, hi) in ranges.items():
                val = row.get(key)
                if not isinstance(val, int) or isinstance(val, bool) or not lo <= val <= hi:
                    raise ContentError(f"{where}: level {cut(lid)}: field {key!r}: expected {lo} to {hi}, "
                                       f"found {cut(val)}")
                nums[key] = val
            name, text = self.text(row, "name", where, lid), self.text(row, "text", where, lid)
            if len(name) > 16 or len(text) > 300:
                raise ContentError(f"{where}: level {cut(lid)}: a name of at most 16 and a text of at most 300 "
                                   "characters (a button and a tooltip show them)")
            out.append(SoloLevel(i, lid, name, text, **nums))
        standard = next((x for x in out if x.id == STANDARD_LEVEL), None)
        rules = self.words.standard_solo
        if standard is None or any(getattr(standard, k) != v for k, v in rules.items()):
            raise ContentError(f"{where}: level {STANDARD_LEVEL!r} must be there, with the rules' own numbers")
        self.solo_levels = tuple(out)

    def counts(self) -> None:
        for kind, want in COUNTS.items():
            have = sum(1 for c in self.cards if c.kind == kind)
            if have != want:
                raise ContentError(f"data/{FILES[kind]}: expected {want} {kind} cards, found {have}")
        for s in self.symbols[1:]:
            have = sum(1 for c in self.cards if c.kind == SPELL and c.symbol == s.index)
            if have != SPELLS_PER_SYMBOL:
                raise ContentError(f"data/spells.yaml: field 'back': expected {SPELLS_PER_SYMBOL} Spells "
                                   f"with the {s.id} back, found {have}")

    def content(self) -> Content:
        kinds = {k: tuple(c.index for c in self.cards if c.kind == k) for k in COUNTS}
        return Content(cards=tuple(self.cards), step_lists=tuple(self.step_lists),
                       symbols=self.symbols, dice=self.die(), fingerprint=self.digest.hexdigest()[:16],
                       by_id=dict(self.by_id), gods=kinds[GOD], spells=kinds[SPELL], gates=kinds[GATE],
                       artifacts=kinds[ARTIFACT], curses=kinds[CURSE],
                       locations=self.locations, solo_levels=self.solo_levels)


def load_content(words: Vocabulary, root: Path | str | None = None) -> Content:
    """Read and validate every data file against the engine's ``words`` (the bundled
    data/ when ``root`` is None). Raises ContentError on the first problem. The engine's
    own ``load_content`` and ``default_content`` hand its words over."""
    from fate.ground.paths import data_dir

    loader = _Loader(Path(root) if root is not None else data_dir(), words)
    for load in (loader.load_symbols, loader.load_dice, loader.load_locations, loader.load_gods,
                 loader.load_spells, loader.load_gates, loader.load_artifacts, loader.load_curses,
                 loader.load_solo_levels, loader.counts):  # in this order: a file names what came before
        load()
    return loader.content()

