"""Which beats show each kind of event: one table, ``BEATS``, keyed by the engine's event
kinds (fate/engine/kinds.py). A kind shown by more than a marker has its beats here (pieces
carried, dice rolled, cards turned up, banners); every other kind has its marker in
fate/ui/table/news.py (``NEWS``) or is ``QUIET`` there; tests/ui/table/test_news.py holds the
three tables against the catalogue, so a new kind cannot be forgotten. The beats themselves
(what they draw, how long they last) are fate/ui/table/anim.py's.
"""

from __future__ import annotations

from collections.abc import Callable

from fate.engine import Event
from fate.engine.constants import LOCATIONS
from fate.engine.kinds import EventKind as K
from fate.ground.language import N_, _, ngettext, number
from fate.ui.kit.theme import BLOOD, GOLD, INK_DIM, INVESTIGATOR, SIGN_GREEN
from fate.ui.table.anim import (
    SUPPLY_ANCHOR,
    Banner,
    Beat,
    CardShow,
    Carry,
    Dice,
    FateMove,
    SummonStep,
)
from fate.ui.table.news import ARTIFACT, Told, news_for


def _stands(carry: Carry) -> Carry:
    """Figures brought onto the Altar from off it stay standing where they arrived until the
    board catches up (nothing is drawn twice: where they came from is a count), so the line
    that says they arrived is told as they land."""
    carry.settles = carry.shows = True
    return carry


def _arrives(carry: Carry) -> Carry:
    """Figures going from one count to another off the Altar (a Lodge, the supply, the Abyss):
    once they have walked in (or sunk), they have arrived; the count follows when the board
    catches up, and the line is told as they arrive."""
    carry.shows = True
    return carry


# A roll's purpose (the engine's word): the dice's heading, the looker's and another's.
PURPOSES: dict[str, tuple[str, str]] = {
    "other_worlds": (N_("You roll at The Other Worlds"), N_("{who} rolls at The Other Worlds")),
    "raid": (N_("You face the raid"), N_("{who} faces the raid")),
    "temporary": (N_("You roll for Temporary Control"), N_("{who} rolls for Temporary Control")),
}
ROLL = (N_("You roll"), N_("{who} rolls"))


class Seen(Told):
    """An event as a beat shows it: whose (``who`` "You" or the cult's name, as the table
    names it), in whose colour, at which location (``place``, its name), in which view."""

    def __init__(self, e: Event, v: dict, viewer: int | None, colour_of, name_of) -> None:
        s = e.data.get("seat")
        you = s == viewer and s is not None and s >= 0
        super().__init__(e, you, _("You") if you else name_of(s) if isinstance(s, int) else "",
                         colour_of(s) if isinstance(s, int) else GOLD)
        self.v, self.colour_of, self.name_of = v, colour_of, name_of
        place = e.data.get("location")
        self.place: str = LOCATIONS[place] if isinstance(place, int) else str(place)
        # the place as the board names it (the view's own words for it)
        self.place_name = next((loc["name"] for loc in v.get("locations", ()) if loc["id"] == self.place),
                               self.place.replace("_", " ").title())
        self.head = self.who[:1].upper() + self.who[1:]  # whoever it is, opening a heading or a line


def _where(x) -> str:
    return LOCATIONS[x] if isinstance(x, int) else x


def _fate_moved(t: Seen) -> list[Beat]:
    out: list[Beat] = []
    if t.seat == -1:
        out.append(Banner(_("The Investigators' turn"), INVESTIGATOR, _("They turn over the top Spell and follow "
                          "its symbol, leaving an Investigator where they stop."), 1.0))
    piece, pieces = t.d["piece"], t.v["fate_pieces"]
    fp = pieces[piece]["owner"] if piece < len(pieces) else None
    pc = INVESTIGATOR if fp == -1 else (t.colour_of(fp) if fp is not None else (176, 140, 255))
    return out + [FateMove(piece, _where(t.d["frm"]), _where(t.d["to"]), pc)]


def _rolled(t: Seen) -> list[Beat]:
    """The dice with their heading: who rolls, and what for."""
    return [Dice(t.d["faces"], t.by(PURPOSES.get(t.d["purpose"], ROLL)))]


def _raid_declared(t: Seen) -> list[Beat]:
    k = t.d["investigators"]
    if not k:
        words = t.by((N_("No Investigators are in your Lodge: nothing happens."),
                      N_("No Investigators are in {who}'s Lodge: nothing happens.")))
        return [Banner(_("An empty raid"), INK_DIM, words, 1.0, shows=True)]
    words = (ngettext("{n} Investigator breaks into your Lodge.", "{n} Investigators break into your Lodge.", k)
             if t.you else ngettext("{n} Investigator breaks into {who}'s Lodge.",
                                    "{n} Investigators break into {who}'s Lodge.", k))
    return [Banner(_("Raid!"), BLOOD, words.format(n=number(k), who=t.who), 1.2, loud=True, shows=True)]


def _summon_moved(t: Seen) -> list[Beat]:
    up = t.d["to"] > t.d["frm"]
    track = (_("Summon track up to {n}") if up else _("Summon track back to {n}")).format(n=number(t.d["to"]))
    words = t.by((N_("You draw nearer"), N_("{who} draws nearer")) if up else (N_("You draw back"), N_("{who} draws back")))
    step = SummonStep(t.d["seat"], t.d["to"], track, t.colour if up else INK_DIM, words, 0.9)
    step.shows = True  # the token stands on its new space as it ends (telling.py)
    return [step]


def _control(word: str) -> Callable[[Seen], list[Beat]]:
    return lambda t: [Banner(_(word), t.colour, _("{who} at {place}").format(who=t.head, place=t.place_name), 0.5)]


def _used(t: Seen) -> list[Beat]:
    return [CardShow(t.by((N_("You use an Artifact"), N_("{who} uses an Artifact"))), t.d["name"], t.d["text"],
                     ARTIFACT, 1.6, "key")]


def _raided(t: Seen) -> list[Beat]:
    k = t.d["signs"]
    destroyed = ngettext("{n} Investigator", "{n} Investigators", t.d["destroyed"]).format(n=number(t.d["destroyed"]))
    words = ngettext("{n} Elder Sign gained, {destroyed} destroyed.", "{n} Elder Signs gained, {destroyed} destroyed.",
                     k).format(n=number(k), destroyed=destroyed)
    return [Banner(_("The raid is over"), BLOOD, words, 1.0)]


def _cursed(t: Seen) -> list[Beat]:
    k = t.d["carried"]
    words = (ngettext("You carry {n} Curse face down.", "You carry {n} Curses face down.", k) if t.you else
             ngettext("{who} carries {n} Curse face down.", "{who} carries {n} Curses face down.", k))
    return [Banner(_("Cursed"), BLOOD, words.format(who=t.head, n=number(k)), 0.8)]


# The beats of each kind shown by more than a marker (see the module's docstring).
BEATS: dict[str, Callable[[Seen], list[Beat]]] = {
    K.TURN_STARTED: lambda t: [Banner(_("Your turn") if t.you else t.head, t.colour, _("Turn {n}").format(
                                          n=number(t.d["turn"])), 0.7,
                                      shows=True)],
    K.FATE_MOVED: _fate_moved,
    K.CULTIST_PLACED: lambda t: [_stands(Carry("cultist", t.colour, ("lodge", t.seat), ("cultists", t.place, t.seat),
                                               t.n))],
    K.CULTISTS_PLACED: lambda t: BEATS[K.CULTIST_PLACED](t),
    K.CULTIST_MOVED: lambda t: [Carry("cultist", t.colour, ("cultists", _where(t.d["frm"]), t.seat),
                                      ("cultists", _where(t.d["to"]), t.seat))],
    # sunk: the table moves them into the Abyss as they get there (telling.py)
    K.SACRIFICED: lambda t: [_arrives(Carry("cultist", t.colour, ("cultists", t.place, t.seat), ("abyss", t.seat),
                                            t.n))],
    K.CULTISTS_LOST: lambda t: [_arrives(Carry("cultist", t.colour, ("lodge", t.seat), ("abyss", t.seat), t.n))],
    K.RECALLED: lambda t: [_arrives(Carry("cultist", t.colour, ("abyss", t.seat), ("lodge", t.seat), t.n))],
    K.CULTISTS_SENT_HOME: lambda t: [Carry("cultist", t.colour, ("cultists", t.place, t.seat), ("lodge", t.seat),
                                           t.n)],
    K.INVESTIGATOR_PLACED: lambda t: [_stands(Carry("investigator", INVESTIGATOR, SUPPLY_ANCHOR,
                                                    ("investigators", t.place), t.n))],
    K.INVESTIGATORS_PLACED: lambda t: BEATS[K.INVESTIGATOR_PLACED](t),
    K.INVESTIGATORS_FOLLOWED: lambda t: [Carry("investigator", INVESTIGATOR, ("investigators", t.place),
                                               ("lodge_inv", t.seat), t.n)],
    K.INVESTIGATORS_SENT: lambda t: [_arrives(Carry("investigator", INVESTIGATOR, SUPPLY_ANCHOR,
                                                    ("lodge_inv", t.seat), t.n))],
    K.INVESTIGATORS_LEFT: lambda t: [_arrives(Carry("investigator", INVESTIGATOR, ("lodge_inv", t.seat),
                                                    SUPPLY_ANCHOR, t.n))],
    K.ROLLED: _rolled,
    K.RAID_DECLARED: _raid_declared,
    K.RAIDED: _raided,
    K.CURSE_REVEALED: lambda t: [CardShow(t.by((N_("A Curse strikes you"), N_("A Curse strikes {who}"))), t.d["name"], t.d["text"],
                                          BLOOD, 2.8, "curse")],
    K.SPELL_CAST: lambda t: [CardShow(t.by((N_("You cast"), N_("{who} casts"))), t.d["name"], t.d["text"], (120, 90, 200), 1.9)],
    K.ARTIFACT_EXHAUSTED: _used,
    K.ARTIFACT_DESTROYED: _used,
    K.DARK_GIFT: lambda t: [CardShow(t.by((N_("A Dark Gift to you"), N_("A Dark Gift to {who}"))), t.name_of(t.seat, god=True),
                                     t.d["text"], (170, 120, 230), 1.8, "eye")],
    K.SUMMON_MOVED: _summon_moved,
    K.ELDER_SIGN_GAINED: lambda t: [Banner(_("An Elder Sign"), SIGN_GREEN, (
        _("You now have {n}.") if t.you else _("{who} now has {n}.")).format(who=t.head, n=number(t.d["total"])), 0.6)],
    K.CURSED: _cursed,
    K.CONTROL: _control(N_("Control")),
    K.TEMPORARY_CONTROL: _control(N_("Temporary Control")),
}


def beats_for(e: Event, v: dict, viewer: int | None, colour_of, name_of) -> list[Beat]:
    """The beats that show one event: its own (BEATS), else its marker (news.NEWS), else none
    (news.QUIET: the log has it)."""
    t = Seen(e, v, viewer, colour_of, name_of)
    show = BEATS.get(e.kind)
    if show is not None:
        return show(t)
    return [*news_for(e, t.you, t.head, t.colour)]
