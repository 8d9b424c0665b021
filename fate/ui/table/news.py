"""News where it happens: a short marker on the location, Lodge or track that an
automatic result (or another seat's action) touched, so that nothing passes
unseen between two of your decisions. Markers are beats (fate/ui/table/anim.py):
paced by the animation speed, skipped with Tab or a click, gone at Instant
(the Chronicle keeps every line).
"""

from __future__ import annotations

import pygame

from fate.engine import Event
from fate.engine.constants import LOCATIONS
from fate.ui.kit.theme import BLOOD, GOLD, INVESTIGATOR, PARCHMENT, SIGN_GREEN
from fate.words.narration import agree, count


class Marker:
    """A pill of news pinned to an anchor of the table (a location, a Lodge, a track space)."""

    duration = 0.75
    hides: tuple = ()
    sound = ""  # as fate.ui.table.anim.Beat
    heard = False
    settles = False
    shows = False  # news of a result the board shows once it catches up: the line waits for that
    moves = False
    done = False
    event = None

    def __init__(self, anchor: tuple, text: str, colour: tuple = GOLD, duration: float | None = None) -> None:
        self.anchor, self.text, self.colour = anchor, text, colour
        if duration is not None:
            self.duration = duration
        self.t = 0.0

    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

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


# Event kinds that get no marker of their own, and why none is needed. Every other kind
# the engine emits (fate/engine/events.py, EVENTS) shows on the board where it happened:
# tests/ui/table/test_news.py holds the two lists against each other.
QUIET = {
    "setup_done": "the first turn's banner follows at once",
    "phase": "the top bar names the phase; a new phase is no result of its own",
    "turn_ended": "the next turn's banner follows at once",
    "game_over": "the end screen tells it",
    "spell_drawn_face": "the drawer's own copy of spell_drawn, which has its marker",
    "spell_stolen_face": "the thief's own copy of spell_stolen, which has its marker",
    "curse_drawn": "the holder's own copy of cursed, which has its banner",
    "nothing_to_ready": "nothing changes on the board: the Chronicle says why no Spell was readied",
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
    out = []
    places = ("location", "frm", "to") if e.kind in ("fate_moved", "cultist_moved") else ("location",)
    for key in places:
        if key in d and _loc(d[key]) in LOCATIONS:
            out.append(("loc", _loc(d[key])))
    s = d.get("seat")
    if isinstance(s, int) and s >= 0:
        out.append(("lodge_dot", s))
        if e.kind == "summon_moved":
            out.append(("track", s, min(9, max(0, d.get("to", 0)))))
    return tuple(out)


def _loc(x) -> str:
    return LOCATIONS[x] if isinstance(x, int) and 0 <= x < len(LOCATIONS) else str(x)


def news_for(e: Event, you: bool, who: str, colour: tuple) -> list[Marker]:
    """The markers of one event ("" who for events of no seat)."""
    d, k = e.data, e.kind
    s = d.get("seat")
    many = you or s == -1

    def does(verb: str) -> str:
        return agree(verb, many)

    loc = ("loc", _loc(d["location"])) if "location" in d else None
    lodge = ("lodge", s) if isinstance(s, int) and s >= 0 else None
    n = d.get("count", 1)
    table_wide = _table_news(k, d)
    if table_wide:
        return table_wide
    if k == "basic_action" and loc:
        return [Marker(loc, f"{who}: Basic Action", colour)]
    if k == "control_action" and loc:
        return [Marker(loc, f"{who}: Control Action", colour)]
    if k == "no_control" and loc:  # the counts that refused it are the Chronicle's line
        mine, need = d.get("mine", 0), d.get("need", 3)
        why = f"{mine} of {need} needed" if mine < need else f"{mine} against {d.get('theirs', 0)}"
        return [Marker(loc, f"No Control: {why}", colour)]
    if k == "temporary_control_failed" and loc:
        return [Marker(loc, f"{who} {does('fail')} to seize it", colour)]
    if k == "investigators_followed" and loc:
        return [Marker(loc, f"{count(n, 'Investigator')} {agree('follow', n != 1)} {who} home", INVESTIGATOR, 0.9)]
    if k == "investigators_placed" and loc:
        return [Marker(loc, f"+{count(n, 'Investigator')}", INVESTIGATOR)]
    if k == "investigator_placed" and loc:
        return [Marker(loc, "+1 Investigator", INVESTIGATOR)]
    if k == "investigators_cleared" and loc:
        return [Marker(loc, f"{count(n, 'Investigator')} {agree('leave', n != 1)}", INVESTIGATOR)]
    if k == "squall_struck" and loc:
        return [Marker(loc, "A Winter Squall strikes", (200, 230, 255))]
    if k == "column_discarded" and loc:
        return [Marker(loc, "Astral Column cleared", GOLD)]
    if k == "fate_piece_stays" and loc:
        return [Marker(loc, "The Fate Piece stays", GOLD, 0.9)]
    if k == "squall_placed" and loc:
        return [Marker(loc, f"{who} {does('call')} a Winter Squall", (200, 230, 255))]
    if lodge is None:
        return []
    if k == "investigators_sent":
        return [Marker(("lodge_inv", s), f"+{count(n, 'Investigator')}", INVESTIGATOR, 0.9)]
    if k == "spell_drawn":
        return [Marker(lodge, f"{who} {does('draw')} a Spell", colour, 0.6)]
    if k == "spell_readied":
        return [Marker(lodge, f"{who} {does('ready')} a Spell", colour, 0.7)]
    if k == "spell_stolen":
        return [Marker(lodge, f"{who} {does('steal')} a Spell", BLOOD, 0.9)]
    if k == "artifact_gained":
        return [Marker(lodge, f"{who} {does('take')} an Artifact", (200, 160, 90))]
    if k in ("gate_gained", "gate_lost"):
        return [Marker(lodge, f"{who} {does('take' if k == 'gate_gained' else 'lose')} a Gate", GOLD)]
    if k == "empty_lodge":
        return [Marker(lodge, "An empty Lodge: an Elder Sign", SIGN_GREEN, 0.9)]
    if k == "elder_sign_destroyed":
        return [Marker(lodge, f"{count(n, 'Elder Sign')} broken", SIGN_GREEN, 0.9)]
    if k == "curse_destroyed":
        return [Marker(lodge, f"{who} {does('destroy')} a Curse", SIGN_GREEN, 0.9)]
    if k == "raid_repelled":
        return [Marker(lodge, "The raid comes to nothing", SIGN_GREEN, 0.9)]
    if k == "god_chosen":  # during the draft the god stays secret until all have chosen
        return [Marker(lodge, f"{who} {does('choose')} an Elder God", colour, 0.6)]
    if k == "no_move":
        return [Marker(lodge, f"{who} cannot move: the hand is shown", colour, 0.9)]
    if k == "elder_sign_curse":
        return [Marker(("summon", s), "An Elder Sign: a Curse", BLOOD, 0.9)]
    if k in ("spell_discarded", "readied_discarded"):
        spell = "a readied Spell" if k == "readied_discarded" else "a Spell"
        return [Marker(lodge, f"{who} {does('discard')} {spell}", colour, 0.7)]
    if k == "artifact_discarded":
        return [Marker(lodge, f"{who} {does('give')} up an Artifact", (200, 160, 90), 0.7)]
    if k == "artifact_wrecked":
        return [Marker(lodge, "An Artifact is destroyed", BLOOD, 0.8)]
    if k == "artifacts_refreshed":
        return [Marker(lodge, "Artifacts ready again", (200, 160, 90), 0.6)]
    if k == "curse_deck_empty":
        return [Marker(CURSE_DECK, "No Curse left to draw", BLOOD, 0.9)]
    return []


def _face(name: str) -> str:
    return name.replace("_", " ").title()


def _table_news(k: str, d: dict) -> list[Marker]:
    """Markers of events that belong to the dice, the Museum, the supply or the
    Investigators rather than to one location or Lodge."""
    if k in ("die_rerolled", "die_turned"):
        how = "Rerolled" if k == "die_rerolled" else "Turned"
        return [Marker(("die", d["die"]), f"{how}: {_face(d['to'])}", GOLD, 0.7)]
    if k == "die_removed":
        # on the panel: the table draws the dice left after it, so its place now holds another die or none
        return [Marker(DICE_PANEL, f"{_face(d['face'])} set aside", INVESTIGATOR, 0.7)]
    if k == "dice_added":
        return [Marker(DICE_PANEL, f"+{count(len(d['faces']), 'die')}", GOLD, 0.7)]
    if k == "artifacts_revealed" and d.get("cards"):
        return [Marker(MUSEUM_PANEL, f"{count(len(d['cards']), 'Artifact')} turned up", (200, 160, 90), 0.8)]
    if k == "no_artifacts":
        return [Marker(MUSEUM_PANEL, "The Museum is empty", (200, 160, 90), 0.8)]
    if k == "spell_deck_reshuffled":
        return [Marker(SPELL_DECK, "The Spells are reshuffled", GOLD, 0.8)]
    if k == "supply_empty":
        return [Marker(SUPPLY, "Supply empty: raids!", BLOOD, 0.9)]
    if k == "investigators_wait":
        return [Marker(INVESTIGATORS_PANEL, "The Investigators hold their ground", INVESTIGATOR, 0.8)]
    return []
