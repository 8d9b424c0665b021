"""A record of the player's games (issue 45), built from the saved games.

Every save in the folder is read through the one door (fate/records/saves.py): its
table details say which seats were human and at what level the Investigators
played, its snapshot who won and with which Elder God. A game counts for the
player when a human sat at it; it is *won* when a human seat is among the
winners (hotseat: one of the humans won). A save that cannot be read is
skipped and counted. Reviews kept beside the saves (fate/records/reviews.py) give the
accuracy. Each file's figures are kept in memory while its file stays the same,
so the record is up to date whenever it is asked for (a game that has just ended
is read again, the others are not). No pygame here.
"""

from __future__ import annotations

import os
import stat
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fate.content.model import STANDARD_LEVEL, Content
from fate.engine.errors import SaveFormatError
from fate.ground.language import N_, _
from fate.records.saves import SUFFIX, read_save

MODES = ("solo", "against_ai", "hotseat", "online")
MODE_WORDS = {"solo": N_("Solo"), "against_ai": N_("Against AI cults"), "hotseat": N_("Hotseat"),
              "online": N_("Online")}  # translated where shown (``mode_words``)


@dataclass(frozen=True)
class GameRecord:
    """What the record keeps of one finished or unfinished game with a human at it."""

    name: str  # the save's file name
    saved_at: float
    over: bool
    won: bool
    mode: str  # one of MODES
    level: str  # a solo game's level by name ("" otherwise)
    players: int
    gods: tuple[str, ...]  # the human seats' Elder Gods, by name ("" before the draft)
    hints: int
    accuracy: float | None  # the mean of the kept reviews of human seats, if any


@dataclass
class Tally:
    played: int = 0
    won: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        self.won += int(won)

    @property
    def rate(self) -> float | None:
        return self.won / self.played if self.played else None


@dataclass
class Record:
    games: list[GameRecord] = field(default_factory=list)  # finished games with a human, oldest first
    unfinished: int = 0
    damaged: int = 0  # saves skipped: they could not be read
    watched: int = 0  # games with no human at the table (not counted)
    online: int = 0  # online games joined (the server keeps their outcome)
    by_mode: dict[str, Tally] = field(default_factory=dict)
    by_god: dict[str, Tally] = field(default_factory=dict)
    by_players: dict[int, Tally] = field(default_factory=dict)
    total: Tally = field(default_factory=Tally)
    accuracy: float | None = None
    reviewed: int = 0
    streak: int = 0  # the current streak: wins (> 0) or losses (< 0)
    best_streak: int = 0
    hints: int = 0


Stamp = tuple[tuple[int, int] | None, ...]  # each file's (mtime_ns, size or -2), None when missing


def _stamp(path: Path) -> Stamp:
    out: list[tuple[int, int] | None] = []
    for p in (path, path.with_name(path.name + ".bak"), path.with_name(path.name.removesuffix(SUFFIX) + ".review")):
        try:
            st = os.lstat(p)
            out.append((st.st_mtime_ns, st.st_size if stat.S_ISREG(st.st_mode) else -2))
        except OSError:
            out.append(None)
    return tuple(out)


_KEPT: dict[Path, tuple[Stamp, Any]] = {}


def _int(x: Any, lo: int, hi: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def record_of(content: Content, path: Path) -> GameRecord | str | None:
    """The record of one save; a line saying why it is damaged; or None (no human at it)."""
    from fate.records.reviews import read_reviews

    try:
        data = read_save(path)
    except SaveFormatError as e:
        return str(e)
    session = data.get("session")
    snap = data.get("snapshot")
    if not isinstance(session, dict) or not isinstance(snap, dict) or not isinstance(session.get("seats"), list):
        return "saved without the table's details"
    rows = session["seats"]
    n = snap.get("n")
    if not (_int(n, 1, 4) and len(rows) == n and all(isinstance(r, dict) for r in rows)):
        return "its details are damaged"
    humans = [i for i, r in enumerate(rows) if r.get("human") is True]
    if not humans:
        return None
    winners, gods, cards = snap.get("winners"), snap.get("gods"), data.get("cards")
    if not (isinstance(winners, list) and all(_int(w, 0, n - 1) for w in winners)
            and isinstance(gods, list) and len(gods) == n and isinstance(cards, list)
            and all(_int(g, -1, len(cards) - 1) for g in gods)):
        return "its position is damaged"
    meta = session["meta"] if isinstance(session.get("meta"), dict) else {}
    stamp = meta.get("saved_at")
    saved_at = float(stamp) if isinstance(stamp, int | float) and not isinstance(stamp, bool) and stamp >= 0 else 0.0
    hints = session["hints"] if isinstance(session.get("hints"), list) else []
    taken = sum(h for i, h in enumerate(hints) if i in humans and _int(h, 0, 10**6))

    def god_name(i: int) -> str:
        cid = cards[gods[i]] if gods[i] >= 0 else None
        return content.card(cid).name if isinstance(cid, str) and cid in content.by_id else ""

    if n == 1:
        # the level by its id, named by the content (in the player's language); else the save's word
        mode, level = "solo", ""
        lv = data["config"].get("solo_level", STANDARD_LEVEL) if isinstance(data.get("config"), dict) else None
        if isinstance(lv, str) and any(x.id == lv for x in content.solo_levels):
            level = content.solo_level(lv).name
        elif isinstance(meta.get("level"), str):
            level = meta["level"]
    else:
        mode, level = ("hotseat" if len(humans) > 1 else "against_ai"), ""
    reviews, _ = read_reviews(path, data)
    acc = [r["accuracy"] for r in reviews.values() if r["seat"] in humans and r["accuracy"] is not None]
    return GameRecord(path.name, saved_at, snap.get("over") is True, any(w in humans for w in winners), mode,
                      level[:40], n, tuple(god_name(i) for i in humans), taken,
                      sum(acc) / len(acc) if acc else None)


def record(content: Content, folder: Path, online_games: int = 0) -> Record:
    """The player's record from every save in ``folder`` (``online_games``: how many online
    games the player has joined, from fate/net/mygames.py)."""
    out = Record(online=online_games)
    try:
        names = sorted({p.name.removesuffix(".bak") for p in Path(folder).iterdir()
                        if p.name.endswith(SUFFIX) or p.name.endswith(SUFFIX + ".bak")})
    except OSError:
        names = []
    for name in names:
        path = Path(folder) / name
        key = _stamp(path)
        kept = _KEPT.get(path)
        if kept is not None and kept[0] == key:
            rec = kept[1]
        else:
            rec = record_of(content, path)
            if len(_KEPT) > 10_000:
                _KEPT.clear()
            _KEPT[path] = (key, rec)
        if isinstance(rec, str):
            out.damaged += 1
        elif rec is None:
            out.watched += 1
        elif not rec.over:
            out.unfinished += 1
            out.hints += rec.hints
        else:
            out.games.append(rec)
    out.games.sort(key=lambda r: (r.saved_at, r.name))
    by_mode: dict[str, Tally] = defaultdict(Tally)
    by_god: dict[str, Tally] = defaultdict(Tally)
    by_players: dict[int, Tally] = defaultdict(Tally)
    run = 0
    for r in out.games:
        out.total.add(r.won)
        by_mode[f"solo:{r.level}" if r.mode == "solo" else r.mode].add(r.won)
        for god in set(r.gods):
            if god:
                by_god[god].add(r.won)
        by_players[r.players].add(r.won)
        out.hints += r.hints
        run = (run + 1 if run > 0 else 1) if r.won else (run - 1 if run < 0 else -1)
        out.best_streak = max(out.best_streak, run)
    out.streak = run
    acc = [r.accuracy for r in out.games if r.accuracy is not None]
    out.reviewed = len(acc)
    out.accuracy = sum(acc) / len(acc) if acc else None
    out.by_mode, out.by_god, out.by_players = dict(by_mode), dict(by_god), dict(by_players)
    return out


def mode_words(key: str) -> str:
    """"solo:Standard" -> "Solo (Standard)", in the current language."""
    if key.startswith("solo:"):
        level = key.split(":", 1)[1]
        return _("Solo ({level})").format(level=level) if level else _("Solo")
    return _(MODE_WORDS[key]) if key in MODE_WORDS else key
