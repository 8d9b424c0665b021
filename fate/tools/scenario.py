"""Scenarios: any position of the game written as YAML (docs/scenario-format.md).

    python -m fate.tools.scenario FILE [--choose ID ...] [--seat N]
    python -m fate.tools.scenario --from-save SAVE > position.yaml

builds the position, applies the choices in order and prints the public state
and the pending prompt as YAML; or turns the position of a saved game into a
scenario. Bug reports, puzzles and tests use it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from fate.content.loader import known
from fate.content.model import STANDARD_LEVEL, Content
from fate.engine.constants import (
    CULTISTS_PER_CULT,
    ELDER_SIGNS_TO_LOSE,
    INVESTIGATORS,
    LOCATIONS,
    OTHER_WORLDS,
    PHASES,
    RESERVE_SLOTS,
    START_LODGE,
    STREETS,
    SUMMON_WIN,
)
from fate.engine.errors import IllegalChoice, SaveFormatError, ScenarioError
from fate.engine.game import Game
from fate.engine.invariants import violations
from fate.ground.cli import Parser, old_file, refuse, whole
from fate.ground.untrusted import InputError, cut, read_yaml

MAX_BYTES = 1 << 20  # a scenario is a few KB
TOP_KEYS = {"solo_level", "players", "seed", "gods", "current", "turn", "fate", "start", "seats", "locations",
            "artifacts_face_up", "decks", "discard", "removed", "dice", "description"}
SEAT_KEYS = {"lodge", "abyss", "cultists", "investigators", "summon", "elder_signs",
             "elder_sign_curse_taken", "hand", "gate", "reserve", "artifacts", "curses"}
LOC_KEYS = {"investigators", "column", "squalls"}


class _Builder:
    def __init__(self, content: Content, data: dict[str, Any], where: str) -> None:
        self.c = content
        self.data = data
        self.where = where
        self.placed: dict[int, str] = {}

    def err(self, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.where}: {msg}")

    def keys(self, row: Any, allowed: set[str], what: str) -> dict[str, Any]:
        if row is None:
            return {}
        if not isinstance(row, dict):
            raise self.err(f"{what}: expected a map")
        extra = sorted(map(str, set(row) - allowed))
        if extra:
            raise self.err(f"{what}: unknown field {cut(extra[0])}")
        return row

    def num(self, row: dict[str, Any], key: str, default: int, lo: int, hi: int, what: str) -> int:
        val = row.get(key, default)
        if not isinstance(val, int) or isinstance(val, bool) or not lo <= val <= hi:
            raise self.err(f"{what}: field {cut(key)}: expected a whole number {lo}..{hi}, found {cut(val)}")
        return val

    def loc(self, name: Any, what: str) -> int:
        if name not in LOCATIONS:
            raise self.err(f"{what}: unknown location {cut(name)} (expected one of {', '.join(LOCATIONS)})")
        return LOCATIONS.index(name)

    def card(self, cid: Any, kinds: tuple[str, ...], what: str) -> int:
        if not isinstance(cid, str) or cid not in self.c.by_id:
            raise self.err(f"{what}: unknown card id {cut(cid)}")
        idx = self.c.by_id[cid]
        kind = self.c.cards[idx].kind
        if kind not in kinds:
            raise self.err(f"{what}: {cut(cid)} is a {kind}, expected {' or '.join(kinds)}")
        if idx in self.placed:
            raise self.err(f"{what}: card {cut(cid)} is already in {self.placed[idx]}")
        self.placed[idx] = what
        return idx

    def cards(self, ids: Any, kinds: tuple[str, ...], what: str) -> list[int]:
        if ids is None:
            return []
        if not isinstance(ids, list):
            raise self.err(f"{what}: expected a list of card ids")
        return [self.card(x, kinds, what) for x in ids]

    # ------------------------------------------------------------------ build
    def build(self) -> Game:
        d = self.keys(self.data, TOP_KEYS, "scenario")
        c = self.c
        n = self.num(d, "players", 3, 1, 4, "scenario")
        seed = d.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or not -2**63 <= seed <= 2**63:
            raise self.err(f"field 'seed': expected a whole number, found {cut(seed)}")
        gods = d.get("gods") or [c.cards[x].id for x in c.gods[:n]]
        if not isinstance(gods, list) or len(gods) != n:
            raise self.err(f"field 'gods': expected {n} Elder God ids")
        config = {"players": n, "seed": seed, "gods": list(gods), "scenario": True}
        level = d.get("solo_level", STANDARD_LEVEL)
        if not known(level, {x.id for x in c.solo_levels}) or (n != 1 and level != STANDARD_LEVEL):
            raise self.err(f"field 'solo_level': expected a solo game's level "
                           f"({', '.join(x.id for x in c.solo_levels)}), found {cut(level)}")
        if level != STANDARD_LEVEL:
            config["solo_level"] = level
        g = Game(c, config)
        for s, gid in enumerate(gods):
            g.gods[s] = self.card(gid, ("god",), f"gods[{s}]")
        g.box.extend(x for x in c.gods if x not in g.gods)
        for x in g.box:
            self.placed[x] = "the box"
        g.squall_owner = next((s for s in range(n) if c.cards[g.gods[s]].passive_value("squall")), -1)

        seats = d.get("seats") or [{} for _ in range(n)]
        if not isinstance(seats, list) or len(seats) != n:
            raise self.err(f"field 'seats': expected {n} entries, one per seat")
        for s, row in enumerate(seats):
            self.seat(g, s, self.keys(row, SEAT_KEYS, f"seats[{s}]"))
        self.locations(g, d)
        self.decks(g, d, [s for s, row in enumerate(seats) if "hand" not in (row or {})])
        self.pieces(g, d, n)
        g.cur = self.num(d, "current", 0, 0, n - 1, "scenario")
        g.first = g.cur
        g.turn = self.num(d, "turn", 1, 1, 10_000, "scenario") - 1
        start = d.get("start", "prepare")
        if start not in PHASES:
            raise self.err(f"field 'start': expected one of {', '.join(PHASES)}, found {cut(start)}")
        dice = d.get("dice") or []
        if not isinstance(dice, list):
            raise self.err("field 'dice': expected a list of die faces")
        try:
            g.force_dice(dice)
        except ValueError as e:
            raise self.err(f"field 'dice': {e}") from None
        bad = violations(g)
        if bad:
            raise self.err(f"impossible position: {bad[0]}")
        g.phase = start
        g.cast_bits = [-1] * n  # Reserves and Artifacts were set by hand
        g.cast_any = -1
        g.push(("turn", start))
        g.run()
        return g

    def seat(self, g: Game, s: int, row: dict[str, Any]) -> None:
        what = f"seats[{s}]"
        cult = row.get("cultists")
        if cult is None:
            on_altar = [1] * 6
        else:
            self.keys(cult, set(LOCATIONS), f"{what}.cultists")
            on_altar = [0] * 6
            for name, k in cult.items():
                if not isinstance(k, int) or isinstance(k, bool) or k < 0:
                    raise self.err(f"{what}.cultists: field {cut(name)}: expected a whole number, found {cut(k)}")
                on_altar[self.loc(name, f"{what}.cultists")] = k
        lodge = self.num(row, "lodge", min(START_LODGE, max(0, CULTISTS_PER_CULT - sum(on_altar))),
                         0, 99, what)
        rest = CULTISTS_PER_CULT - lodge - sum(on_altar)
        abyss = self.num(row, "abyss", max(rest, 0), 0, 99, what)
        total = lodge + abyss + sum(on_altar)
        if total != CULTISTS_PER_CULT:
            raise self.err(f"{what}: {total} cultists (lodge {lodge}, abyss {abyss}, altar {sum(on_altar)}); "
                           f"a cult has exactly {CULTISTS_PER_CULT}")
        g.lodge[s], g.abyss[s] = lodge, abyss
        for loc in range(6):
            g.at[loc][s] = on_altar[loc]
        g.inv_lodge[s] = self.num(row, "investigators", 0, 0, INVESTIGATORS, what)
        g.summon[s] = self.num(row, "summon", 0, 0, SUMMON_WIN - 1, what)
        g.signs[s] = self.num(row, "elder_signs", 0, 0, ELDER_SIGNS_TO_LOSE - 1, what)
        g.es_cursed[s] = bool(row.get("elder_sign_curse_taken", False))
        g.hands[s] = self.cards(row.get("hand"), ("spell",), f"{what}.hand")
        g.reserve[s] = self.cards(row.get("reserve"), ("spell",), f"{what}.reserve")
        if len(g.reserve[s]) > RESERVE_SLOTS:
            raise self.err(f"{what}.reserve: at most {RESERVE_SLOTS} readied Spells")
        gate = row.get("gate")
        if gate is True:
            gate = next(x for x in self.c.gates if x not in self.placed and x not in g.gate)
            self.placed[gate] = f"{what}.gate"
            g.gate[s] = gate
        elif gate:
            g.gate[s] = self.card(gate, ("gate",), f"{what}.gate")
        arts = row.get("artifacts") or []
        if not isinstance(arts, list) or len(arts) > 3:
            raise self.err(f"{what}.artifacts: expected a list of at most 3 Artifacts")
        for a in arts:
            if isinstance(a, dict):
                self.keys(a, {"id", "exhausted"}, f"{what}.artifacts")
                idx = self.card(a.get("id"), ("artifact",), f"{what}.artifacts")
                if a.get("exhausted"):
                    g.exhausted.add(idx)
            else:
                idx = self.card(a, ("artifact",), f"{what}.artifacts")
            g.arts[s].append(idx)
        for cu in self.cards(row.get("curses"), ("curse",), f"{what}.curses"):
            g.held.append((cu, s, g.right_of(s)))

    def locations(self, g: Game, d: dict[str, Any]) -> None:
        locs = self.keys(d.get("locations"), set(LOCATIONS), "locations")
        for loc in range(6):
            row = self.keys(locs.get(LOCATIONS[loc]), LOC_KEYS, f"locations.{LOCATIONS[loc]}")
            g.inv_at[loc] = self.num(row, "investigators", 1, 0, INVESTIGATORS,
                                     f"locations.{LOCATIONS[loc]}")
            g.columns[loc] = self.cards(row.get("column"), ("spell", "gate"),
                                        f"locations.{LOCATIONS[loc]}.column")
            g.squall[loc] = self.num(row, "squalls", 0, 0, 8, f"locations.{LOCATIONS[loc]}")
        used = sum(g.inv_at) + sum(g.inv_lodge)
        if used > INVESTIGATORS:
            raise self.err(f"{used} investigators placed; the game has {INVESTIGATORS}")
        g.inv_supply = INVESTIGATORS - used

    def decks(self, g: Game, d: dict[str, Any], dealt: list[int]) -> None:
        """Listed cards go on top (first listed on top); the rest are shuffled beneath.
        Seats whose hand the scenario leaves out are dealt 3 from the shuffled rest."""
        c = self.c
        decks = self.keys(d.get("decks"), {"spells", "artifacts", "curses"}, "decks")
        g.discard = self.cards(d.get("discard"), ("spell",), "discard")
        g.box.extend(self.cards(d.get("removed"), ("artifact",), "removed"))
        g.art_up = self.cards(d.get("artifacts_face_up"), ("artifact",), "artifacts_face_up")
        tops = {k: self.cards(decks.get(k), (k[:-1],), f"decks.{k}") for k in ("spells", "artifacts", "curses")}
        for key, pool in (("spells", c.spells), ("artifacts", c.artifacts), ("curses", c.curses)):
            rest = [x for x in pool if x not in self.placed]
            g.shuffle(rest)
            if key == "spells":
                for s in dealt:
                    g.hands[s] = [rest.pop() for _ in range(min(3, len(rest)))]
                    for x in g.hands[s]:
                        self.placed[x] = f"seats[{s}].hand"
            # listed cards are the top of the deck, first listed on top (the end of the list)
            deck = rest + list(reversed(tops[key]))
            for x in rest:
                self.placed[x] = f"decks.{key}"
            if key == "spells":
                g.spell_deck = deck
            elif key == "artifacts":
                g.art_deck = deck
            else:
                g.curse_deck = deck
        if "artifacts_face_up" not in d:
            while len(g.art_up) < 2 and g.art_deck:
                g.art_up.append(g.art_deck.pop())
        g.gate_supply = [x for x in c.gates if x not in self.placed and x not in g.gate]

    def pieces(self, g: Game, d: dict[str, Any], n: int) -> None:
        want = 1 if n >= 3 else 2
        default = [OTHER_WORLDS] if n >= 3 else ([OTHER_WORLDS, STREETS] if n == 1 else [OTHER_WORLDS] * 2)
        fate = d.get("fate", [LOCATIONS[x] for x in default])
        if isinstance(fate, str):
            fate = [fate]
        if not isinstance(fate, list) or len(fate) != want:
            raise self.err(f"field 'fate': expected {want} Fate Piece location(s)")
        g.pieces = [self.loc(x, "fate") for x in fate]
        if n <= 2 and g.pieces[0] == g.pieces[1] and n == 1:
            raise self.err("field 'fate': the Investigators' Fate Piece cannot share your location")


def build(content: Content, data: Any, where: str = "scenario") -> Game:
    """A Game at the position the scenario describes (raises ScenarioError)."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: a scenario is a YAML map")
    return _Builder(content, data, where).build()


def load(content: Content, path: str | Path) -> Game:
    path = Path(path)
    try:
        data = read_yaml(path, MAX_BYTES)
    except InputError as e:
        raise ScenarioError(f"{path}: {e}") from None
    return build(content, data, str(path))


def to_scenario(g: Game) -> dict[str, Any]:
    """The position of a game as a scenario map (docs/scenario-format.md), so that a
    reported position can become a test: the board, every hand, Reserve, Artifact
    and Curse, the decks in their order. The scenario starts at the beginning of the
    phase the game is in; a card caught mid-resolution goes back under its deck."""
    if g.phase == "setup":
        raise ScenarioError("the game is still at its Elder God draft: there is no position yet")
    if g.over:
        raise ScenarioError("the game is over: there is no position to play from")
    ids = [c.id for c in g.content.cards]

    def names(cards: list[int]) -> list[str]:
        return [ids[c] for c in cards]

    seats = []
    for s in range(g.n):
        row: dict[str, Any] = {
            "lodge": g.lodge[s], "abyss": g.abyss[s],
            "cultists": {LOCATIONS[loc]: g.at[loc][s] for loc in range(6) if g.at[loc][s]},
            "investigators": g.inv_lodge[s], "summon": g.summon[s], "elder_signs": g.signs[s],
            "elder_sign_curse_taken": g.es_cursed[s], "hand": names(g.hands[s]),
            "reserve": names(g.reserve[s]),
            "artifacts": [{"id": ids[a], "exhausted": True} if a in g.exhausted else ids[a] for a in g.arts[s]],
            "curses": [ids[c] for c, cursed, _ in g.held if cursed == s],
        }
        if g.gate[s] >= 0:
            row["gate"] = ids[g.gate[s]]
        seats.append(row)
    phase = g.phase if g.phase in PHASES else "prepare"  # the Investigators' turn: the next turn begins
    return {
        "description": f"turn {g.turn}, {g.seat_name(g.cur)}, {phase} (from a saved game)",
        "players": g.n, **({"solo_level": g.level.id} if g.level is not None and g.level.id != STANDARD_LEVEL else {}),
        "seed": int(g.config.get("seed", 1)), "gods": names(g.gods), "current": g.cur,
        "turn": g.turn, "start": phase, "fate": [LOCATIONS[p] for p in g.pieces], "seats": seats,
        "locations": {LOCATIONS[loc]: {"investigators": g.inv_at[loc], "column": names(g.columns[loc]),
                                       "squalls": g.squall[loc]} for loc in range(6)},
        "artifacts_face_up": names(g.art_up),
        "decks": {"spells": names(g.spell_deck[::-1]), "artifacts": names(g.art_deck[::-1]),
                  "curses": names(g.curse_deck[::-1])},
        "discard": names(g.discard),
        "removed": [ids[c] for c in g.box if g.content.cards[c].kind == "artifact"],
    }


def report(g: Game, seat: int | None = None) -> dict[str, Any]:
    from fate.engine.view import view

    out = view(g, seat)
    p = g.pending()
    if p is not None:
        out["prompt"] = {"seat": p.seat, "kind": p.kind, "text": str(p.text),  # plain text: YAML knows no Said
                         "choices": [{"id": ch.id, "label": str(ch.label)} for ch in p.choices]}
    return out


def main(argv: list[str] | None = None) -> int:
    prog = "python -m fate.tools.scenario"
    ap = Parser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", type=old_file, help="scenario YAML file")
    ap.add_argument("--from-save", metavar="SAVE", type=old_file,
                    help="print the position of a saved game as a scenario and exit")
    ap.add_argument("--choose", action="append", default=[], metavar="ID", help="apply a choice (repeatable)")
    ap.add_argument("--seat", type=whole(0, 3), default=None, help="print the view of this seat (default: public)")
    args = ap.parse_args(argv)
    from fate.engine import default_content

    if args.from_save:
        from fate.engine.save import load_data
        from fate.records.saves import read_save

        try:
            g = load_data(default_content(), read_save(args.from_save), str(args.from_save))
            data = to_scenario(g)
        except (SaveFormatError, ScenarioError) as e:
            refuse(prog, f"--from-save {e}")
        yaml.safe_dump(data, sys.stdout, sort_keys=False, allow_unicode=True, width=100)
        return 0
    if not args.file:
        ap.error("give a scenario FILE, or --from-save SAVE")
    content = default_content()
    try:
        g = load(content, args.file)
    except ScenarioError as e:
        refuse(prog, f"FILE {e}")
    for cid in args.choose:
        try:
            g.apply(cid)
        except IllegalChoice as e:
            refuse(prog, f"--choose {cut(cid)}: {e}")
    if args.seat is not None and args.seat >= g.n:
        refuse(prog, f"--seat {args.seat}: this game has seats 0 to {g.n - 1}")
    yaml.safe_dump(report(g, args.seat), sys.stdout, sort_keys=False, allow_unicode=True, width=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
