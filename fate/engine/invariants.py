"""Conservation checks (R-CMP-5) used by the fuzz tests, the simulator and
save loading: every cultist, investigator and card is somewhere, exactly once."""

from __future__ import annotations

from fate.engine.casting import castable
from fate.engine.constants import (
    CULTISTS_PER_CULT,
    ELDER_SIGNS_TO_LOSE,
    INVESTIGATORS,
    RESERVE_SLOTS,
    SUMMON_WIN,
)
from fate.engine.events import PROMPT_KINDS
from fate.engine.game import Game


def card_zones(g: Game) -> dict[str, list[int]]:
    zones: dict[str, list[int]] = {
        "spell deck": g.spell_deck, "discard": g.discard, "gate supply": g.gate_supply,
        "artifact deck": g.art_deck, "face-up artifacts": g.art_up, "curse deck": g.curse_deck,
        "box": g.box, "resolving": g.resolving,
        "held curses": [c for c, _, _ in g.held],
        "gods": [x for x in g.gods if x >= 0],
        "gates held": [x for x in g.gate if x >= 0],
    }
    for s in range(g.n):
        zones[f"hand {s}"] = g.hands[s]
        zones[f"reserve {s}"] = g.reserve[s]
        zones[f"artifacts {s}"] = g.arts[s]
    for loc, col in enumerate(g.columns):
        zones[f"column {loc}"] = col
    return zones


def violations(g: Game, prompt: bool = True) -> list[str]:
    """Everything wrong with the state (conservation, ranges, caches) and, with
    ``prompt``, with the pending decision (a snapshot being restored has none yet)."""
    out: list[str] = []
    if g.phase == "setup":  # the Elder God draft: nothing is on the table yet
        return out
    for s in range(g.n):
        parts = [g.lodge[s], g.abyss[s]] + [row[s] for row in g.at]
        if any(p < 0 for p in parts) or sum(parts) != CULTISTS_PER_CULT:
            out.append(f"seat {s}: {sum(parts)} cultists (lodge {g.lodge[s]}, abyss {g.abyss[s]}, "
                       f"altar {[row[s] for row in g.at]})")
        if not 0 <= g.summon[s] <= SUMMON_WIN:
            out.append(f"seat {s}: summon token on {g.summon[s]}")
        if not 0 <= g.signs[s] <= ELDER_SIGNS_TO_LOSE:
            out.append(f"seat {s}: {g.signs[s]} Elder Signs")
        if len(g.reserve[s]) > RESERVE_SLOTS + 1:  # a 4th only while it is being cast
            out.append(f"seat {s}: {len(g.reserve[s])} readied Spells")
    inv = [g.inv_supply] + g.inv_at + g.inv_lodge
    if any(x < 0 for x in inv) or sum(inv) != INVESTIGATORS:
        out.append(f"{sum(inv)} investigators (supply {g.inv_supply}, altar {g.inv_at}, "
                   f"lodges {g.inv_lodge})")
    seen: dict[int, str] = {}
    for zone, cards in card_zones(g).items():
        for c in cards:
            if c in seen:
                out.append(f"card {g.card(c).id} is in {seen[c]} and in {zone}")
            seen[c] = zone
    if len(seen) != len(g.content.cards):
        missing = [g.content.cards[i].id for i in range(len(g.content.cards)) if i not in seen]
        out.append(f"cards missing: {missing[:5]}")
    cached_any, cached_readied, any_bits = g.cast_any, g.readied, 0
    for s in range(g.n):
        cached = g.cast_bits[s]
        g.holdings_changed(s)
        bits = castable(g, s)
        any_bits |= bits
        if cached >= 0 and cached != bits:
            out.append(f"seat {s}: what it may cast was not updated after its holdings changed")
    if cached_any >= 0 and cached_any != any_bits:
        out.append("what the seats together may cast was not updated after their holdings changed")
    if cached_any >= 0 and cached_readied != tuple(s for s in range(g.n) if g.reserve[s]):
        out.append("the seats with Readied Spells were not updated after their holdings changed")
    if sum(g.squall) > 8:
        out.append(f"{sum(g.squall)} Winter Squall tokens on the Altar")
    held = {a for arts in g.arts for a in arts}
    if not g.exhausted <= held:
        out.append(f"exhausted cards nobody holds: {sorted(g.content.cards[a].id for a in g.exhausted - held)}")
    if prompt:
        out += prompt_problems(g)
    return out


def prompt_problems(g: Game) -> list[str]:
    """A pending prompt names a seat, says what it asks in words and offers
    distinct, labelled choices."""
    p = g.pending()
    if p is None:
        return [] if g.over else ["the game waits for nothing but is not over"]
    out = []
    seat: object = p.seat  # the engine's word for it, not taken on trust here
    if not (isinstance(seat, int) and 0 <= seat < g.n):
        out.append(f"a {p.kind} prompt for seat {seat!r}")
    if p.kind not in PROMPT_KINDS:
        out.append(f"a prompt of an unknown kind {p.kind!r}")
    text: object = p.text
    if not (isinstance(text, str) and text.strip()):
        out.append(f"a {p.kind} prompt without words: {text!r}")
    ids = [c.id for c in p.choices]
    if len(ids) < 2 or len(set(ids)) != len(ids):
        out.append(f"{p.kind}: choices {ids} (a decision needs two or more, each once)")
    labels: list[object] = [c.label for c in p.choices]
    if not all(isinstance(label, str) and label.strip() for label in labels):
        out.append(f"{p.kind}: a choice without words")
    return out
