"""The Chronicle in words: one plain sentence for each event a looker may see.

Plurals and the verb's agreement with its subject are made here, from the
counts and the subject ("you" and the Investigators take the plural form), not
written out case by case. No pygame here: the table and the server (fate/server/views.py) both tell events
in these words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fate.content.model import STANDARD_LEVEL, Content
from fate.engine import Event
from fate.engine.constants import GAME_SEAT, LOCATION_NAMES, LOCATIONS, RAID_THRESHOLD, STREETS
from fate.engine.kinds import EventKind
from fate.engine.view import View

_IRREGULAR_VERBS = {"have": "has", "are": "is", "do": "does", "go": "goes"}
_IRREGULAR_NOUNS = {"die": "dice", "Abyss": "Abysses"}


def agree(verb: str, plural: bool) -> str:
    """The present tense of ``verb`` for a plural subject (or "you"), or for one thing."""
    if plural:
        return verb
    if verb in _IRREGULAR_VERBS:
        return _IRREGULAR_VERBS[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def plural_of(noun: str) -> str:
    if noun in _IRREGULAR_NOUNS:
        return _IRREGULAR_NOUNS[noun]
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str) -> str:
    """ "1 Curse", "2 Curses", "0 Curses", "3 dice"."""
    return f"{n} {noun if n == 1 else plural_of(noun)}"


def seat_label(v: View, seat: int | None, viewer: int | None) -> str:
    """How the log names a seat for this viewer: "you", a cult, or the Investigators; before its
    Elder God is known, the player's name when the table gave one (``player`` in the seat's
    row: the online table's, fate/ui/online/table.py), else its number."""
    if seat is None:
        return "someone"
    if seat == GAME_SEAT:
        return "the Investigators"
    if seat == viewer:
        return "you"
    if 0 <= seat < len(v["seats"]):
        god = v["seats"][seat]["god"]
        return f"the Cult of {god['name']}" if god else (v["seats"][seat].get("player") or f"seat {seat + 1}")
    return f"seat {seat + 1}"


def capital(who: str, v: View, seat: int | None) -> str:
    """``who`` (a seat_label) to start a sentence: the game's own words take a capital, a player's
    name stays as the player wrote it ("ann chooses an Elder God, in secret.")."""
    rows = v.get("seats", [])
    if isinstance(seat, int) and 0 <= seat < len(rows) and who and who == rows[seat].get("player"):
        return who
    return who[:1].upper() + who[1:]


def _loc(x: object) -> str:
    if isinstance(x, int):
        return LOCATION_NAMES[x] if 0 <= x < len(LOCATION_NAMES) else str(x)
    return LOCATION_NAMES[LOCATIONS.index(x)] if x in LOCATIONS else str(x)


# Events told as "<who> <verb> ...": (the verb, the rest); the verb agrees with <who>
ACTS: dict[str, tuple[str, str]] = {
    EventKind.GOD_CHOSEN: ("serve", "{god}."),
    EventKind.FATE_MOVED: ("move", "a Fate Piece from {frm} to {to}."),
    EventKind.CULTIST_PLACED: ("place", "a Cultist at {loc}."),
    EventKind.CULTISTS_PLACED: ("place", "{cultists} at {loc}."),
    EventKind.CULTIST_MOVED: ("move", "a Cultist from {frm} to {to}."),
    EventKind.SACRIFICED: ("sacrifice", "{cultists} at {loc}."),
    EventKind.EMPTY_LODGE: ("have", "an empty Lodge: a Cultist comes back and an Elder Sign is gained."),
    EventKind.SQUALL_PLACED: ("call", "a Winter Squall to {loc}."),
    EventKind.SUMMON_MOVED: ("move", "the Summon token from {frm_n} to {to_n}."),
    EventKind.ELDER_SIGN_GAINED: ("gain", "an Elder Sign ({total} in all)."),
    EventKind.CURSE_DESTROYED: ("destroy", "a Curse."),
    EventKind.SPELL_DRAWN: ("draw", "a Spell ({sym} back)."),
    EventKind.SPELL_READIED: ("ready", "a Spell ({sym} back)."),
    EventKind.READIED_DISCARDED: ("discard", "the readied {card}."),
    EventKind.SPELL_DISCARDED: ("discard", "{card}."),
    EventKind.SPELL_CAST: ("cast", "{name}: {text}"),
    EventKind.SPELL_STOLEN: ("steal", "a Spell from {frm_seat}."),
    EventKind.GATE_GAINED: ("take", "a Gate."),
    EventKind.GATE_LOST: ("lose", "a Gate."),
    EventKind.ARTIFACT_GAINED: ("take", "{card}."),
    EventKind.ARTIFACT_DISCARDED: ("give", "up {card}."),
    EventKind.ARTIFACT_EXHAUSTED: ("use", "{name}: {text}"),
    EventKind.ARTIFACT_DESTROYED: ("spend", "{name}: {text}"),
    EventKind.CONTROL: ("control", "{loc}."),
    EventKind.TEMPORARY_CONTROL: ("seize", "Temporary Control of {loc}."),
    EventKind.TEMPORARY_CONTROL_FAILED: ("fail", "to seize {loc}."),
    EventKind.CONTROL_ACTION: ("take", "the Control Action of {loc}."),
    EventKind.BASIC_ACTION: ("perform", "the Basic Action of {loc}."),
}


def _own_piece(v: View, d: dict[str, Any]) -> bool:
    """Whether the moved Fate Piece is the mover's own: each of two players has one (R-2P-2),
    and the solo player's is the first (the Investigators move the other)."""
    pieces = v.get("fate_pieces") or []
    piece = d.get("piece")
    if not isinstance(piece, int) or not 0 <= piece < len(pieces):
        return False
    owner = pieces[piece].get("owner")
    if owner is None and v.get("solo") and piece == 0:
        owner = 0
    return owner is not None and owner == d.get("seat")


def _investigators_move(d: dict[str, Any], v: View, sym: Callable[[object], str], content: Content) -> str:
    """The solo Investigators' move with its reason (R-SO-2, R-SO-3): the Spell they draw
    sends them to the place of its symbol, or to The Other Worlds when that is where they
    stand; landing on the player's Fate Piece is a meeting; after it they are driven on."""
    frm, to = d.get("frm"), d.get("to")
    backs = d.get("backs") or []
    if not backs:
        return f"Driven on by the meeting, the Investigators move from {_loc(frm)} to {_loc(to)}."
    drawn = backs[0]
    where = _loc(drawn)
    if drawn == to:
        line = (f"The Investigators draw a Spell with the {sym(drawn)} back ({where}) and go there "
                f"from {_loc(frm)}.")
    else:
        line = (f"The Investigators draw a Spell with the {sym(drawn)} back, the symbol of {where} where they "
                f"stand, so they go to {_loc(to)} instead.")
    pieces = v.get("fate_pieces") or []
    yours = pieces[0].get("location") if pieces and v.get("solo") else None
    if yours is not None and isinstance(to, int) and 0 <= to < len(LOCATIONS) and LOCATIONS[to] == yours:
        level = content.solo_level(v.get("solo_level") or STANDARD_LEVEL)
        brings = [count(k, what) for k, what in ((level.meeting_curses, "Curse"), (level.meeting_signs, "Elder Sign"))
                  if k]
        line += (" They land on your Fate Piece: a meeting" + (f", which brings you {' and '.join(brings)}."
                                                                if brings else "."))
    return line


def _raid(d: dict[str, Any], who: str, you: bool, before: Event | None) -> str:
    """A raid declared, with what triggered it when that is known (R-SO-4, R-CN-6)."""
    lodge = "your" if you else who + "'s"
    raiders = d["investigators"]
    why = ""
    if before is None:
        pass  # told alone: no reason known
    elif before.kind == EventKind.FATE_MOVED and before.data.get("seat") == GAME_SEAT and before.data.get("to") == STREETS:
        why = "the Investigators entered Streets of Arkham"
    elif raiders >= RAID_THRESHOLD and before.kind not in (EventKind.SUPPLY_EMPTY, EventKind.RAIDED, EventKind.RAID_REPELLED):
        why = f"{RAID_THRESHOLD} or more Investigators in a Lodge raid it"
    if not raiders:
        return (f"A raid on {lodge} Lodge{f' ({why})' if why else ''} finds no Investigators there: "
                "nothing happens.")
    return f"RAID! {count(raiders, 'Investigator')} {agree('storm', raiders != 1)} {lodge} Lodge{': ' + why if why else ''}."


def _curse_source(source: object, content: Content) -> str:
    """What brought a Curse, as words after "cursed": the price of a card, a meeting, an Elder Sign."""
    if source == "meeting":
        return " by the meeting with the Investigators"
    if source == "elder_sign":
        return " by the Summon token meeting an Elder Sign"
    if source in content.by_id:
        card = content.card(source)
        return f" by {card.name}" + (", the Artifact's price" if card.kind == "artifact" else "")
    return ""


def _no_control(d: dict[str, Any], v: View, viewer: int | None, who: str, you: bool, whose: str) -> str:
    """Control refused, with the counts that refused it (R-AC-2; solo R-SO-6)."""
    place, mine, need, rival, theirs = _loc(d["location"]), d["mine"], d["need"], d["rival"], d["theirs"]
    head = f"{'You do' if you else capital(who, v, d.get('seat')) + ' does'} not control {place}: "
    if mine < need:
        return head + f"{count(mine, 'Cultist')} of {whose} there, {need} needed."
    if rival == -1:
        return head + (f"{count(mine, 'Cultist')} of {whose} there, but {count(theirs, 'Investigator')}; "
                       "Control needs more Cultists than Investigators.")
    other = seat_label(v, rival, viewer)
    return head + (f"{count(mine, 'Cultist')} of {whose} there, but {other} {agree('have', other == 'you')} "
                   f"{theirs}; Control needs more than any other cult.")


class Line:
    """One event about to be told to one looker: its data, and the words for whoever did it
    ("you", a cult, the Investigators) with the verb agreeing."""

    def __init__(self, e: Event, v: View, viewer: int | None, content: Content, before: Event | None) -> None:
        d = e.data
        self.e, self.d, self.v, self.viewer, self.content, self.before = e, d, v, viewer, content, before
        self.who = seat_label(v, d.get("seat"), viewer)
        self.cap = capital(self.who, v, d.get("seat"))  # the same, to start a sentence
        self.you = self.who == "you"
        self.whose = "yours" if self.you else self.who  # "3 Cultists of yours", never "of you"
        self.many = self.you or d.get("seat") == GAME_SEAT  # "you" and the Investigators take the plural verb
        self.lodge = "your" if self.you else self.who + "'s"
        self.n = d.get("count", 0)

    def does(self, verb: str) -> str:
        return agree(verb, self.many)

    def card(self, key: str = "card") -> str:
        cid = self.d.get(key)
        return self.content.card(cid).name if cid in self.content.by_id else str(cid)

    def sym(self, idx: object) -> str:
        return self.content.symbols[idx].name if isinstance(idx, int) and 0 <= idx < 6 else "?"

    def at(self) -> str:
        return _loc(self.d["location"])


def _act(t: Line) -> str:
    """An event told as "<who> <verb> ..." (ACTS)."""
    d, k = t.d, t.e.kind
    verb, rest = ACTS[k]
    if k == EventKind.FATE_MOVED and _own_piece(t.v, d):
        rest = rest.replace("a Fate Piece", "your Fate Piece" if t.you else "its Fate Piece")
    frm, to = d.get("frm"), d.get("to")
    if k == EventKind.GOD_CHOSEN and ((t.v.get("phase") == "setup" and not t.you) or "god" not in d):
        # the god kept secret in the draft (a server strips it from what another cult is told)
        return f"{t.cap} {t.does('choose')} an Elder God, in secret."
    return f"{t.cap} {t.does(verb)} " + rest.format(
        card=t.card() if "card" in d else "", god=t.card("god") if "god" in d else "",
        loc=t.at() if "location" in d else "", sym=t.sym(d.get("symbol")),
        name=d.get("name", ""), text=d.get("text", ""), total=d.get("total"), frm_n=frm, to_n=to,
        frm=_loc(frm) if frm is not None else "", to=_loc(to) if to is not None else "",
        frm_seat=seat_label(t.v, frm, t.viewer) if isinstance(frm, int) else "",
        cultists=count(t.n, "Cultist"), carried=count(d.get("carried", 0), "Curse"))


def _fate_moved(t: Line) -> str:
    if t.d.get("seat") == GAME_SEAT:
        return _investigators_move(t.d, t.v, t.sym, t.content)
    return _act(t)


def _setup_done(t: Line) -> str:
    first = seat_label(t.v, t.d["first"], t.viewer)
    gods = "" if t.v.get("players", 1) == 1 else "Every cult's Elder God is now known. "
    return f"{gods}The rite begins. {first[0].upper()}{first[1:]} {agree('go', t.d['first'] == t.viewer)} first."


def _arrive(t: Line) -> str:
    c = t.d.get("count", 1)
    return f"{count(c, 'Investigator')} {agree('arrive', c != 1)} at {t.at()}."


def _sent(t: Line) -> str:
    src = "from the supply" if t.d.get("source") == "supply" else "from another Lodge"
    return f"{count(t.n, 'Investigator')} {src} {agree('enter', t.n != 1)} {t.lodge} Lodge."


def _rolled(t: Line) -> str:
    faces = ", ".join(t.content.dice.faces[t.content.dice.face(f)].name for f in t.d["faces"])
    return f"{t.cap} {t.does('roll')}: {faces}."


def _revealed(t: Line) -> str | None:
    names = " and ".join(t.content.card(c).name for c in t.d["cards"])
    return f"At The Museum: {names}." if names else None


def _die_changed(t: Line) -> str:
    return f"A die turns from {t.d['frm'].replace('_', ' ')} to {t.d['to'].replace('_', ' ')}."


def _dice_added(t: Line) -> str:
    k = len(t.d["faces"])
    return f"{count(k, 'die')} more {agree('join', k != 1)} the roll."


K = EventKind
# The Chronicle's line for each kind of event. Kinds told as "<who> <verb> ..." share one
# teller (ACTS); kinds with no line are in SILENT with the reason. tests/test_narration.py
# holds the two against the engine's catalogue, so a new kind cannot go untold by oversight.
LINES: dict[str, Callable[[Line], str | None]] = {
    **dict.fromkeys(ACTS, _act),
    K.FATE_MOVED: _fate_moved,
    K.RAID_DECLARED: lambda t: _raid(t.d, t.who, t.you, t.before),
    K.CURSED: lambda t: f"{t.cap} {t.does('are')} cursed{_curse_source(t.d.get('source'), t.content)} "
                        f"({t.d['carried']} carried).",
    K.NO_CONTROL: lambda t: _no_control(t.d, t.v, t.viewer, t.who, t.you, t.whose),
    K.SETUP_DONE: _setup_done,
    K.TURN_STARTED: lambda t: f"— Turn {t.d['turn']}: {'your turn' if t.you else t.who} —",
    K.FATE_PIECE_STAYS: lambda t: f"{t.cap} cannot move; the Fate Piece stays at {t.at()}.",
    K.NO_MOVE: lambda t: f"{t.cap} {t.does('have')} no legal move and {t.does('show')} the hand.",
    K.CULTISTS_SENT_HOME: lambda t: f"{count(t.n, 'Cultist')} of {t.whose} {agree('go', t.n != 1)} home from "
                                    f"{t.at()}.",
    K.CULTISTS_LOST: lambda t: f"{count(t.n, 'Cultist')} of {t.whose} {agree('fall', t.n != 1)} into the Abyss.",
    K.RECALLED: lambda t: f"{count(t.n, 'Cultist')} of {t.whose} {agree('return', t.n != 1)} from the Abyss.",
    K.SQUALL_STRUCK: lambda t: f"A Winter Squall at {t.at()} blows {t.who}'s Cultist away.",
    K.INVESTIGATOR_PLACED: _arrive,
    K.INVESTIGATORS_PLACED: _arrive,
    K.INVESTIGATORS_FOLLOWED: lambda t: f"{count(t.n, 'Investigator')} {agree('follow', t.n != 1)} {t.who} home "
                                        f"from {t.at()}.",
    K.INVESTIGATORS_CLEARED: lambda t: f"{count(t.n, 'Investigator')} {agree('leave', t.n != 1)} {t.at()}.",
    K.INVESTIGATORS_SENT: _sent,
    K.INVESTIGATORS_LEFT: lambda t: f"{count(t.n, 'Investigator')} {agree('leave', t.n != 1)} {t.lodge} Lodge.",
    K.INVESTIGATORS_WAIT: lambda t: "The Investigators hold their ground.",
    K.SUPPLY_EMPTY: lambda t: "The Investigators' supply is empty: every Lodge with Investigators is raided.",
    K.ROLLED: _rolled,
    K.RAID_REPELLED: lambda t: f"The raid on {t.lodge} Lodge comes to nothing.",
    K.RAIDED: lambda t: (f"The raid leaves {'you' if t.you else t.who} {count(t.d['signs'], 'Elder Sign')} "
                         f"and destroys {count(t.d['destroyed'], 'Investigator')}."),
    K.ELDER_SIGN_DESTROYED: lambda t: f"{count(t.n, 'Elder Sign')} of {t.whose} {agree('are', t.n != 1)} broken "
                                      f"({t.d['total']} left).",
    K.ELDER_SIGN_CURSE: lambda t: ("Your Summon token" if t.you else f"The Summon token of {t.who}")
                                  + " meets an Elder Sign: a Curse.",
    K.CURSE_DRAWN: lambda t: f"You hold {t.card()} against {seat_label(t.v, t.d['seat'], t.viewer)}, in secret.",
    K.CURSE_REVEALED: lambda t: f"CURSE! {t.d['name']} strikes {t.who}: {t.d['text']}",
    K.CURSE_DECK_EMPTY: lambda t: "The Curse deck is empty.",
    K.SPELL_DRAWN_FACE: lambda t: f"You draw {t.card()}.",
    K.NOTHING_TO_READY: lambda t: "Nothing you hold can be Readied now: no Spell's cost fits.",
    K.SPELL_STOLEN_FACE: lambda t: f"The stolen Spell is {t.card()}.",
    K.SPELL_DECK_RESHUFFLED: lambda t: f"The discards are shuffled into a new Spell deck ({t.d['size']} cards).",
    K.COLUMN_DISCARDED: lambda t: f"The Astral Column of {t.at()} is cleared.",
    K.ARTIFACT_WRECKED: lambda t: f"Your {t.card()} is destroyed." if t.you else f"{t.card()} of {t.who} is destroyed.",
    K.ARTIFACTS_REVEALED: _revealed,
    K.NO_ARTIFACTS: lambda t: "The Museum has nothing left to take.",
    K.DARK_GIFT: lambda t: f"{t.content.card(t.d['god']).name} grants {'you' if t.you else t.who} a Dark Gift: "
                           f"{t.d['text']}",
    K.DIE_REROLLED: _die_changed,
    K.DIE_TURNED: _die_changed,
    K.DICE_ADDED: _dice_added,
    K.DIE_REMOVED: lambda t: f"A {t.d['face'].replace('_', ' ')} die is set aside.",
    K.GAME_OVER: lambda t: "The game is over.",
}
# Kinds the Chronicle gives no line of their own, and why.
SILENT: dict[str, str] = {
    K.PHASE: "the phases are the turn's rhythm: the top bar names the one under way",
    K.TURN_ENDED: "the next turn's line follows at once and says whose it is",
    K.ARTIFACTS_REFRESHED: "the Artifacts stand ready again each turn: a line a turn would only fill the log",
}


def narrate(e: Event, v: View, viewer: int | None, content: Content, before: Event | None = None) -> str | None:
    """One plain sentence for the log, or None for events not worth a line. ``before``, the
    event told just before it, gives some their reason (a raid after the Investigators
    entered Streets of Arkham)."""
    tell = LINES.get(e.kind)
    return None if tell is None else tell(Line(e, v, viewer, content, before))
