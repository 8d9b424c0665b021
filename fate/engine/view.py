"""What one seat may know (R-CMP-6, R-CU-8).

``view(game, seat)`` returns plain data (JSON-ready). Open information is
there for everyone: the board, the backs of every hand and Reserve, the
Artifacts, how many Curses each cult carries, the cost of every Readied
Spell (shown when it was readied, R-CN-1). A seat's own hand and Reserve
faces are there only for that seat; a Curse's face only for its holder. Deck
order never appears. ``seat=None`` is a spectator: open information only.
"""

from __future__ import annotations

from typing import Any

from fate.engine.constants import GAME_SEAT, LOCATIONS
from fate.engine.game import Game
from fate.engine.said import Said

View = dict[str, Any]  # what ``view`` returns: JSON-shaped (its keys are written in ``view``)


def _card_public(g: Game, index: int) -> dict[str, Any]:
    c = g.card(index)
    return {"id": c.id, "name": c.name, "text": g.text_of(index)}


def _back(g: Game, index: int) -> str:
    c = g.card(index)
    return "gate" if c.kind == "gate" else g.content.symbols[c.symbol].id


def hide_draft(v: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``v`` (a view of ``seat``) with no other seat's Elder God while the gods are being
    chosen: each cult keeps its choice secret until every cult has chosen (the table and
    the server both show this). Changes ``v`` and returns it."""
    if v["phase"] == "setup":
        for row in v["seats"]:
            if row["seat"] != seat and row["god"] is not None:
                row["god"] = None
                row["name"] = f"seat {row['seat'] + 1}"
    return v


def view(g: Game, seat: int | None) -> dict[str, Any]:
    n = g.n
    seats = []
    for s in range(n):
        god = g.gods[s]
        row: dict[str, Any] = {
            "seat": s,
            "name": g.seat_name(s),
            "god": _card_public(g, god) | {"title": g.card(god).title} if god >= 0 else None,
            "lodge": g.lodge[s],
            "abyss": g.abyss[s],
            "investigators": g.inv_lodge[s],
            "summon": g.summon[s],
            "elder_signs": g.signs[s],
            "elder_sign_curse_taken": g.es_cursed[s],
            "hand_backs": [_back(g, c) for c in g.hands[s]],
            "has_gate": g.gate[s] >= 0,
            "reserve_backs": [_back(g, c) for c in g.reserve[s]],
            # shown to everyone when readied (R-CN-1), the name and ability kept hidden
            "reserve_costs": [list(g.card(c).cost) for c in g.reserve[s]],
            "artifacts": [_card_public(g, a) | {"exhausted": a in g.exhausted,
                                                "ability": g.card(a).ability} for a in g.arts[s]],
            "curses_carried": g.curses_on(s),
        }
        if s == seat:
            row["hand"] = [_card_public(g, c) | {"back": _back(g, c), "cost": list(g.card(c).cost),
                                                 "timing": sorted(g.card(c).timing)}
                           for c in g.hands[s]]
            row["reserve"] = [_card_public(g, c) | {"back": _back(g, c),
                                                    "timing": sorted(g.card(c).timing)}
                              for c in g.reserve[s]]
        seats.append(row)
    held = []
    if seat is not None:
        for card, cursed, holder in g.held:
            if holder == seat:
                held.append(_card_public(g, card) | {"on": cursed})
    locations = []
    for loc in range(6):
        locations.append({
            "id": LOCATIONS[loc],
            "name": g.location_name(loc),
            "cultists": [g.at[loc][s] for s in range(n)],
            "investigators": g.inv_at[loc],
            "column": [_back(g, c) for c in g.columns[loc]],
            "squalls": g.squall[loc],
        })
    out: dict[str, Any] = {
        "viewer": seat,
        "players": n,
        "solo": g.solo,
        "solo_level": g.level.id if g.level is not None else None,  # solo: how hard the Investigators play
        "turn": g.turn,
        "current": g.cur,
        "phase": g.phase,
        "turn_location": LOCATIONS[g.turn_loc] if g.turn_loc >= 0 else None,
        "fate_pieces": [{"location": LOCATIONS[loc],
                         "owner": (GAME_SEAT if (g.solo and i == 1) else (i if n == 2 else None))}
                        for i, loc in enumerate(g.pieces)],
        "locations": locations,
        "seats": seats,
        "curses_held": held,
        "supply": {
            "investigators": g.inv_supply,
            "spell_deck": len(g.spell_deck),
            "discard": len(g.discard),
            "artifact_deck": len(g.art_deck),
            "curse_deck": len(g.curse_deck),
            "gates": len(g.gate_supply),
        },
        "artifacts_face_up": [_card_public(g, a) for a in g.art_up],
        "resolving": [_card_public(g, c) for c in g.resolving],
        "dice": [g.content.dice.faces[f].id for f in g.rolls[-1]] if g.rolls else [],
        "over": g.over,
        "winners": list(g.winners),
        "losers": list(g.losers),
        "end_reason": g.end_reason,
    }
    p = g.pending()
    if p is not None:
        if seat == p.seat:
            out["prompt"] = {"seat": p.seat, "kind": p.kind, "text": p.text, **_say(p.text),
                             "choices": [{"id": c.id, "label": c.label, **_say(c.label)} for c in p.choices]}
        else:
            out["prompt"] = {"seat": p.seat, "kind": p.kind, "text": p.text, **_say(p.text)}
    if g.phase == "setup" and seat is not None and seat < len(g.drafts) and g.gods[seat] < 0:
        out["draft"] = [_card_public(g, x) | {"title": g.card(x).title} for x in g.drafts[seat]]
    return out


def _say(text: str) -> dict[str, Any]:
    """What a window needs to say ``text`` again in its language: its message and arguments
    (fate/engine/said.py), when the engine said it so; else nothing (the English stands)."""
    if isinstance(text, Said):
        return {"say": {"key": text.key, "args": {k: list(v) for k, v in text.args.items()}}}
    return {}
