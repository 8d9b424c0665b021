"""The Altar's icon language: the Basic and Control Actions of each location said in
symbols on its plaque, the whole words in its tooltip and in How to Play.

Like the digital Root's, the language is small: one symbol a verb (draw, ready, roll,
summon, take, sacrifice, raid, return, move...), each a game-icon from assets/icons or one
of the table's own pieces (a Cultist, an Investigator, a Gate: the symbol then looks like
the piece it speaks of). A rule is a row of steps; a step is a verb and how many times
(1-3 drawn as that many symbols, 0 for "as many as you like"), and the arrow "then".
The Basic row starts with the Fate Piece (it happens where the piece stops); the Control
row with the crown (only for the cult that controls the place).

No pygame here: How to Play's legend and the tests read the data on their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from fate.ground.language import N_, NP_, _, pgettext


@dataclass(frozen=True)
class Verb:
    icon: str  # a game-icon id (assets/icons/<id>.svg), or "piece:<glyph>" for one of the table's pieces
    name: str  # the verb in a word, for the legend (marked "altar symbol": translated where shown)
    words: str  # what the symbol means, in a short sentence of our own (the same)


VERBS: dict[str, Verb] = {
    "basic": Verb("piece:fate", NP_("altar symbol", "Basic Action"), N_("What follows happens where the Fate Piece stops.")),
    "control": Verb("imperial-crown", NP_("altar symbol", "Control Action"),
                    N_("What follows is only for the cult that controls the place.")),
    "then": Verb("arrow", NP_("altar symbol", "Then"), N_("What comes after, or what the step before pays for.")),
    "draw": Verb("spell-book", NP_("altar symbol", "Draw"), N_("Draw a Spell for each book.")),
    "ready": Verb("fire-spell-cast", NP_("altar symbol", "Ready"), N_("Ready a Spell, once for each symbol.")),
    "free": Verb("padlock-open", NP_("altar symbol", "Free"), N_("Without paying its cost.")),
    "roll": Verb("rolling-dices", NP_("altar symbol", "Roll"), N_("Roll a Fate Die for each of your Cultists here.")),
    "summon": Verb("floating-tentacles", NP_("altar symbol", "Summon"), N_("Your Summon token moves a step toward the Elder God.")),
    "pentagram": Verb("piece:pentagram", NP_("altar symbol", "Pentagram"), N_("For each Pentagram rolled.")),
    "take": Verb("grab", NP_("altar symbol", "Take"), N_("Take an Artifact from the Museum.")),
    "refresh": Verb("open-treasure-chest", NP_("altar symbol", "Refresh"), N_("Turn up two fresh Artifacts first.")),
    "sacrifice": Verb("sacrificial-dagger", NP_("altar symbol", "Sacrifice"), N_("Send one of your Cultists here into the Abyss.")),
    "break": Verb("broken-tablet", NP_("altar symbol", "Break"), N_("Break an Elder Sign on any cult's track.")),
    "gate": Verb("piece:gate", NP_("altar symbol", "Gate"), N_("Take a Gate card.")),
    "gift": Verb("cursed-star", NP_("altar symbol", "Dark Gift"), N_("Your Elder God grants its Dark Gift.")),
    "send": Verb("piece:investigator", NP_("altar symbol", "Send"), N_("An Investigator goes into a rival Lodge.")),
    "raid": Verb("robber-hand", NP_("altar symbol", "Raid"), N_("Rivals with Investigators at home are raided.")),
    "return": Verb("hole-ladder", NP_("altar symbol", "Return"), N_("A Cultist of yours climbs from the Abyss to your Lodge.")),
    "move": Verb("walk", NP_("altar symbol", "Move"), N_("Move a Cultist of yours from here to another place.")),
}

Step = tuple[str, int]  # (verb, times): 1-3 symbols, 0 for "as many as you like"
# Each location (by id): its Basic row and its Control row, in the order they happen.
RULES: dict[str, tuple[tuple[Step, ...], tuple[Step, ...]]] = {
    "other_worlds": ((("roll", 1), ("then", 1), ("summon", 0)),
                     (("pentagram", 1), ("then", 1), ("return", 1))),
    "museum": ((("take", 1),),
               (("refresh", 1), ("sacrifice", 3), ("then", 1), ("break", 3))),
    "ceremony": ((("gate", 1), ("then", 1), ("gift", 1)),
                 (("sacrifice", 2), ("then", 1), ("summon", 1))),
    "streets": ((("send", 2), ("then", 1), ("raid", 1)),
                (("sacrifice", 1), ("then", 1), ("send", 1))),
    "gathering": ((("return", 3), ("then", 1), ("move", 1)),
                  (("move", 0),)),
    "library": ((("draw", 3), ("ready", 2)),
                (("ready", 1), ("free", 1))),
}


def rows(place: str) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """The Basic and Control rows of a location, each led by its marker; empty rows for an
    unknown id (a location the symbols do not know yet is drawn with its name alone)."""
    basic, control = RULES.get(place, ((), ()))
    return ((("basic", 1), *basic) if basic else (), (("control", 1), *control) if control else ())


def legend() -> tuple[str, ...]:
    """How to Play's legend: one line a symbol, "Name: what it means"."""
    return tuple(_("{name}: {meaning}").format(name=pgettext("altar symbol", v.name), meaning=_(v.words))
                 for v in VERBS.values())


def icons() -> set[str]:
    """The game-icons the language uses (each must be in assets/icons)."""
    return {v.icon for v in VERBS.values() if ":" not in v.icon and v.icon != "arrow"}
