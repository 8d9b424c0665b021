"""Arcane Artifacts (R-AR): the two face up by The Museum, gaining one and the
limit of three, standing them up in Prepare, and using them: exhaust or destroy.
When an Artifact may be used is the casting windows' business (casting.py)."""

from __future__ import annotations

from fate.content.model import Content
from fate.engine.constants import ARTIFACT_LIMIT
from fate.engine.game import Game
from fate.engine.kinds import EventKind
from fate.engine.model import Event
from fate.engine.prepared import SEAT_SLOTS
from fate.engine.registry import Asked, Task, table, task
from fate.engine.said import N_, named, number, said


def reveal_artifacts(g: Game) -> None:
    """Turn face up Artifacts from the deck until two lie by The Museum."""
    while len(g.art_up) < 2 and g.art_deck:
        g.art_up.append(g.art_deck.pop())
    g.emit(EventKind.ARTIFACTS_REVEALED, {"cards": [g.card(a).id for a in g.art_up]})


def refresh(g: Game) -> None:
    """R-PR-1: the active cult's exhausted Artifacts stand up again."""
    mine = [a for a in g.arts[g.cur] if a in g.exhausted]
    if mine:
        g.exhausted.difference_update(mine)
        g.holdings_changed(g.cur)
        g.emit(EventKind.ARTIFACTS_REFRESHED, {"seat": g.cur, "cards": [g.card(a).id for a in mine]})


def gain_artifact(g: Game, seat: int, art: int) -> None:
    """The Artifact joins the seat's; a 4th must go at once (R-AR-1, R-MU-2)."""
    g.arts[seat].append(art)
    g.holdings_changed(seat)
    c = g.card(art)
    g.events.append(g.tables.artifact_gained_told[art][seat])
    if len(g.arts[seat]) > ARTIFACT_LIMIT:
        g.stack.append(("artifact_limit", seat))
    if c.on_gain >= 0:
        g.stack.append(("fx", seat, art, c.on_gain, 0, ()))


def artifact_limit(g: Game, t: Task) -> Asked | None:
    seat = t[1]
    if len(g.arts[seat]) <= ARTIFACT_LIMIT:
        return None
    opts = [(f"discard:{g.card(a).id}", said(DISCARD, card=named(g.card(a))), a) for a in g.arts[seat]]
    return (seat, "artifact_limit", said(KEEP_ONLY, n=number(ARTIFACT_LIMIT)), opts, ())


DISCARD = N_("Discard {card}")
KEEP_ONLY = N_("You may keep {n} Artifacts: discard one")


def artifact_discard(g: Game, t: Task, art: int) -> None:
    seat = t[1]
    g.arts[seat].remove(art)
    g.exhausted.discard(art)
    g.holdings_changed(seat)
    g.art_deck.insert(0, art)
    g.emit(EventKind.ARTIFACT_DISCARDED, {"seat": seat, "card": g.card(art).id})


def use_artifact(g: Game, t: Task) -> None:
    """R-AR-2: exhaust (turned until the next Prepare) or destroy (out of the game)."""
    seat, card = t[1], t[2]
    if card not in g.arts[seat] or card in g.exhausted:
        return  # R-CU-2 first: a Curse revealed as it was chosen took it, or turned it, first
    c = g.card(card)
    if c.ability == "exhaust":
        g.exhausted.add(card)
        g.holdings_changed(seat)
        g.events.append(g.tables.exhausted_told[g.solo][card][seat])
        g.stack.append(("fx", seat, card, g.effect_of(card), 0, ()))
    else:
        g.arts[seat].remove(card)
        g.exhausted.discard(card)
        g.holdings_changed(seat)
        g.resolving.append(card)
        g.emit(EventKind.ARTIFACT_DESTROYED, {"seat": seat, "card": c.id, "name": c.name, "text": g.text_of(card)})
        g.push(("fx", seat, card, g.effect_of(card), 0, ()), ("to_box", card))


def to_box(g: Game, t: Task) -> None:
    card = t[1]
    if card in g.resolving:
        g.resolving.remove(card)
        g.box.append(card)


def _gained_told(content: Content) -> list[list[Event] | None]:
    """``artifact_gained_told[card][seat]``: the event of an Artifact gained (made once:
    game.SEAT_SLOTS; None for other cards)."""
    return [[Event(EventKind.ARTIFACT_GAINED, {"seat": s, "card": c.id}) for s in SEAT_SLOTS] if c.kind == "artifact" else None
            for c in content.cards]


def _exhausted_told(content: Content) -> tuple[list[list[Event] | None], list[list[Event] | None]]:
    """``exhausted_told[solo][card][seat]``: the event of an Artifact exhausted, with the text
    it resolves."""
    def told(solo: bool) -> list[list[Event] | None]:
        return [[Event(EventKind.ARTIFACT_EXHAUSTED, {"seat": s, "card": c.id, "name": c.name,
                                                      "text": c.solo_text if solo and c.solo_text else c.text})
                 for s in SEAT_SLOTS] if c.kind == "artifact" else None for c in content.cards]

    return told(False), told(True)


# ------------------------------------------------------------ registration
# What this module adds to the engine's registries (fate/engine/registry.py).

table("artifact_gained_told", _gained_told)
table("exhausted_told", _exhausted_told)
task("artifact_limit", artifact_limit, artifact_discard, quiet=True)
task("use_artifact", use_artifact, quiet=True)
task("to_box", to_box)
