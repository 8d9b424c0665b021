"""News where it happens: a short marker on the location, Lodge or track that an
automatic result (or another seat's action) touched, so that nothing passes
unseen between two of your decisions. Markers are beats (fate/ui/table/anim.py):
paced by the animation speed, skipped with Tab or a click, gone at Instant
(the Chronicle keeps every line).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from fate.content.spoken import context
from fate.engine import Event
from fate.engine.constants import LOCATIONS
from fate.engine.kinds import EventKind
from fate.ground.language import N_, _, ngettext, number, pgettext
from fate.ui.kit.theme import BLOOD, GOLD, INVESTIGATOR, PARCHMENT, SIGN_GREEN
from fate.ui.table.anim import Beat


class Marker(Beat):
    """A pill of news pinned to an anchor of the table (a location, a Lodge, a track space).
    Like every beat it shows nothing the board does not (``shows`` stays False): its line
    waits for the board to catch up."""

    duration = 0.75

    def __init__(self, anchor: tuple, text: str, colour: tuple = GOLD, duration: float | None = None) -> None:
        super().__init__(duration)
        self.anchor, self.text, self.colour = anchor, text, colour

    def draw(self, screen: pygame.Surface, table, ink) -> None:
        at = table.anchors.get(self.anchor)
        if at is None:
            return
        L = table.layout
        p = self.progress()
        fade = min(1.0, p * 6, (1 - p) * 5)
        if fade <= 0.05:
            return
        size = ink.read(24)
        w = ink.font("bold", size).size(self.text)[0] + L.n(28)
        h = ink.font("bold", size).get_linesize() + L.n(14)
        rise = L.n(26) * min(1.0, p * 3)
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (at[0], at[1] - L.n(18) - rise)
        box.clamp_ip(screen.get_rect())
        pill = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, (14, 10, 22, int(235 * fade)), pill.get_rect(), border_radius=L.n(12))
        pygame.draw.rect(pill, (*self.colour, int(255 * fade)), pill.get_rect(), L.n(2), border_radius=L.n(12))
        screen.blit(pill, box)
        pygame.draw.circle(screen, self.colour, at, L.n(16 + 14 * p), L.n(4))
        if fade > 0.4:
            ink.draw(screen, self.text, box.center, size, PARCHMENT, "bold", anchor="center")


# Event kinds that get neither a beat nor a marker, and why none is needed. Every other kind
# the engine emits (fate/engine/kinds.py) shows on the board where it happened, by a beat
# (fate/ui/table/anim.py, BEATS) or a marker (NEWS below): tests/ui/table/test_news.py holds
# the three tables against the catalogue.
QUIET: dict[str, str] = {
    EventKind.SETUP_DONE: "the first turn's banner follows at once",
    EventKind.PHASE: "the top bar names the phase; a new phase is no result of its own",
    EventKind.TURN_ENDED: "the next turn's banner follows at once",
    EventKind.GAME_OVER: "the end screen tells it",
    EventKind.SPELL_DRAWN_FACE: "the drawer's own copy of spell_drawn, which has its marker",
    EventKind.SPELL_STOLEN_FACE: "the thief's own copy of spell_stolen, which has its marker",
    EventKind.CURSE_DRAWN: "the holder's own copy of cursed, which has its banner",
    EventKind.NOTHING_TO_READY: "nothing changes on the board: the Chronicle says why no Spell was readied",
}

DICE_PANEL = ("panel", "dice")
MUSEUM_PANEL = ("panel", "museum")
SPELL_DECK = ("supply", "deck")
CURSE_DECK = ("supply", "curses")
SUPPLY = ("supply", "investigators")
INVESTIGATORS_PANEL = ("lodge", -1)


def anchors_of(e: Event) -> tuple:
    """The places and pieces an event names: what its Chronicle line lights when hovered."""
    d = e.data
    out: list[tuple] = []
    places = ("location", "frm", "to") if e.kind in (EventKind.FATE_MOVED, EventKind.CULTIST_MOVED) else ("location",)
    for key in places:
        if key in d and _loc(d[key]) in LOCATIONS:
            out.append(("loc", _loc(d[key])))
    s = d.get("seat")
    if isinstance(s, int) and s >= 0:
        out.append(("lodge_dot", s))
        if e.kind == EventKind.SUMMON_MOVED:
            out.append(("track", s, min(9, max(0, d.get("to", 0)))))
    return tuple(out)


def _loc(x) -> str:
    return LOCATIONS[x] if isinstance(x, int) and 0 <= x < len(LOCATIONS) else str(x)


class Told:
    """One event as the table tells it: whose it is, in whose words and colour, and where it
    happened (the location it names, the seat's Lodge)."""

    def __init__(self, e: Event, you: bool, who: str, colour: tuple) -> None:
        self.e, self.d, self.you, self.who, self.colour = e, e.data, you, who, colour
        s = e.data.get("seat")
        self.seat = s
        self.n = e.data.get("count", 1)
        self.loc = ("loc", _loc(e.data["location"])) if "location" in e.data else None
        self.lodge = ("lodge", s) if isinstance(s, int) and s >= 0 else None

    def by(self, pair: tuple[str, str]) -> str:
        """The looker's words of ``pair`` if the looker did it, else another's (``{who}``), opening
        with a capital."""
        said = _(pair[0] if self.you else pair[1]).format(who=self.who)
        return said[:1].upper() + said[1:]

    def at(self, anchor: tuple | None, text: str, colour: tuple | None = None,
           duration: float | None = None) -> list[Marker]:
        """One marker at ``anchor`` (none when the event names no such place)."""
        return [] if anchor is None else [Marker(anchor, text, colour or self.colour, duration)]

    def at_lodge(self, anchor: tuple | None, text: str, colour: tuple | None = None,
                 duration: float | None = None) -> list[Marker]:
        """One marker for news of a cult's own (none for an event of no seat)."""
        return [] if self.lodge is None else self.at(anchor, text, colour, duration)


def _no_control(t: Told) -> list[Marker]:
    """The counts that refused Control in short; the Chronicle's line has them in full."""
    mine, need = t.d.get("mine", 0), t.d.get("need", 3)
    if mine < need:
        # Translators: a marker on the board: Cultists there, of the number Control needs.
        return t.at(t.loc, _("No Control: {mine} of {need} needed").format(mine=number(mine), need=number(need)))
    # Translators: a marker on the board: this cult's Cultists there, against the most of another.
    return t.at(t.loc, _("No Control: {mine} against {theirs}").format(mine=number(mine),
                                                                        theirs=number(t.d.get("theirs", 0))))


def _face(t: Told, key: str) -> str:
    """A die's face named from the engine's id in the event ("broken_sign": "Broken Sign", as
    data/dice.yaml names it), in the language spoken (the face's word in the catalogue)."""
    face = str(t.d[key])
    return pgettext(context("face", face, "name"), face.replace("_", " ").title())


ARTIFACT = (200, 160, 90)
SQUALL = (200, 230, 255)
K = EventKind

# The marker of each kind of news that shows on the board: the kind's result where it
# happened. Kinds with a beat of their own (fate/ui/table/anim.py, BEATS) or none (QUIET)
# are not here; tests/ui/table/test_news.py holds the three tables against the catalogue.
NEWS: dict[str, Callable[[Told], list[Marker]]] = {
    # at a location
    K.BASIC_ACTION: lambda t: t.at(t.loc, t.by((N_("You: Basic Action"), N_("{who}: Basic Action")))),
    K.CONTROL_ACTION: lambda t: t.at(t.loc, t.by((N_("You: Control Action"), N_("{who}: Control Action")))),
    K.NO_CONTROL: _no_control,
    K.TEMPORARY_CONTROL_FAILED: lambda t: t.at(t.loc, t.by((N_("You fail to seize it"), N_("{who} fails to seize it")))),
    K.INVESTIGATORS_CLEARED: lambda t: t.at(t.loc, ngettext("{n} Investigator leaves", "{n} Investigators leave",
                                                           t.n).format(n=number(t.n)), INVESTIGATOR),
    K.SQUALL_STRUCK: lambda t: t.at(t.loc, _("A Winter Squall strikes"), SQUALL),
    K.COLUMN_DISCARDED: lambda t: t.at(t.loc, _("Astral Column cleared"), GOLD),
    K.FATE_PIECE_STAYS: lambda t: t.at(t.loc, _("The Fate Piece stays"), GOLD, 0.9),
    K.SQUALL_PLACED: lambda t: t.at(t.loc, t.by((N_("You call a Winter Squall"), N_("{who} calls a Winter Squall"))), SQUALL),
    # at a cult's Lodge (or its track)
    K.SPELL_DRAWN: lambda t: t.at(t.lodge, t.by((N_("You draw a Spell"), N_("{who} draws a Spell"))), None, 0.6),
    K.SPELL_READIED: lambda t: t.at(t.lodge, t.by((N_("You ready a Spell"), N_("{who} readies a Spell"))), None, 0.7),
    K.SPELL_STOLEN: lambda t: t.at(t.lodge, t.by((N_("You steal a Spell"), N_("{who} steals a Spell"))), BLOOD, 0.9),
    K.SPELL_DISCARDED: lambda t: t.at(t.lodge, t.by((N_("You discard a Spell"), N_("{who} discards a Spell"))), None, 0.7),
    K.READIED_DISCARDED: lambda t: t.at(t.lodge, t.by((N_("You discard a readied Spell"), N_("{who} discards a readied Spell"))), None, 0.7),
    K.ARTIFACT_GAINED: lambda t: t.at(t.lodge, t.by((N_("You take an Artifact"), N_("{who} takes an Artifact"))), ARTIFACT),
    K.ARTIFACT_DISCARDED: lambda t: t.at(t.lodge, t.by((N_("You give up an Artifact"), N_("{who} gives up an Artifact"))), ARTIFACT, 0.7),
    K.ARTIFACT_WRECKED: lambda t: t.at(t.lodge, _("An Artifact is destroyed"), BLOOD, 0.8),
    K.ARTIFACTS_REFRESHED: lambda t: t.at(t.lodge, _("Artifacts ready again"), ARTIFACT, 0.6),
    K.GATE_GAINED: lambda t: t.at(t.lodge, t.by((N_("You take a Gate"), N_("{who} takes a Gate"))), GOLD),
    K.GATE_LOST: lambda t: t.at(t.lodge, t.by((N_("You lose a Gate"), N_("{who} loses a Gate"))), GOLD),
    K.EMPTY_LODGE: lambda t: t.at(t.lodge, _("An empty Lodge: an Elder Sign"), SIGN_GREEN, 0.9),
    K.ELDER_SIGN_DESTROYED: lambda t: t.at(t.lodge, ngettext("{n} Elder Sign broken", "{n} Elder Signs broken", t.n).format(n=number(t.n)), SIGN_GREEN, 0.9),
    K.CURSE_DESTROYED: lambda t: t.at(t.lodge, t.by((N_("You destroy a Curse"), N_("{who} destroys a Curse"))), SIGN_GREEN, 0.9),
    K.RAID_REPELLED: lambda t: t.at(t.lodge, _("The raid comes to nothing"), SIGN_GREEN, 0.9),
    # during the draft the god stays secret until all have chosen
    K.GOD_CHOSEN: lambda t: t.at(t.lodge, t.by((N_("You choose an Elder God"), N_("{who} chooses an Elder God"))), None, 0.6),
    K.NO_MOVE: lambda t: t.at(t.lodge, t.by((N_("You cannot move: the hand is shown"), N_("{who} cannot move: the hand is shown"))), None, 0.9),
    K.ELDER_SIGN_CURSE: lambda t: t.at_lodge(("summon", t.seat), _("An Elder Sign: a Curse"), BLOOD, 0.9),
    K.CURSE_DECK_EMPTY: lambda t: t.at_lodge(CURSE_DECK, _("No Curse left to draw"), BLOOD, 0.9),
    # at the dice, the Museum, the supply or the Investigators: news of no one location or Lodge
    K.DIE_REROLLED: lambda t: t.at(("die", t.d["die"]), _("Rerolled: {face}").format(face=_face(t, "to")), GOLD, 0.7),
    K.DIE_TURNED: lambda t: t.at(("die", t.d["die"]), _("Turned: {face}").format(face=_face(t, "to")), GOLD, 0.7),
    # on the panel: the table draws the dice left after it, so its place now holds another die or none
    K.DIE_REMOVED: lambda t: t.at(DICE_PANEL, _("{face} set aside").format(face=_face(t, "face")), INVESTIGATOR, 0.7),
    K.DICE_ADDED: lambda t: t.at(DICE_PANEL, ngettext("+{n} die", "+{n} dice", len(t.d["faces"])).format(n=number(len(t.d["faces"]))), GOLD, 0.7),
    K.ARTIFACTS_REVEALED: lambda t: t.at(MUSEUM_PANEL if t.d.get("cards") else None,
                                         ngettext("{n} Artifact turned up", "{n} Artifacts turned up", len(t.d.get("cards") or ())).format(n=number(len(t.d.get("cards") or ()))), ARTIFACT, 0.8),
    K.NO_ARTIFACTS: lambda t: t.at(MUSEUM_PANEL, _("The Museum is empty"), ARTIFACT, 0.8),
    K.SPELL_DECK_RESHUFFLED: lambda t: t.at(SPELL_DECK, _("The Spells are reshuffled"), GOLD, 0.8),
    K.SUPPLY_EMPTY: lambda t: t.at(SUPPLY, _("Supply empty: raids!"), BLOOD, 0.9),
    K.INVESTIGATORS_WAIT: lambda t: t.at(INVESTIGATORS_PANEL, _("The Investigators hold their ground"),
                                         INVESTIGATOR, 0.8),
}


def news_for(e: Event, you: bool, who: str, colour: tuple) -> list[Marker]:
    """The markers of one event ("" who for events of no seat); none for a kind not in NEWS."""
    tell = NEWS.get(e.kind)
    return [] if tell is None else tell(Told(e, you, who, colour))
