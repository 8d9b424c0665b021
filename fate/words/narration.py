"""The Chronicle in words: one plain sentence for each event a looker may see.

Plurals and the verb's agreement with its subject are made here, from the
counts and the subject ("you" and the Investigators take the plural form), not
written out case by case. No pygame here: the table and the server (fate/server/views.py) both tell events
in these words.
"""

from __future__ import annotations

from fate.content.model import STANDARD_LEVEL, Content
from fate.engine import Event
from fate.engine.constants import GAME_SEAT, LOCATION_NAMES, LOCATIONS, RAID_THRESHOLD, STREETS

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


def seat_label(v: dict, seat: int | None, viewer: int | None) -> str:
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


def capital(who: str, v: dict, seat: int | None) -> str:
    """``who`` (a seat_label) to start a sentence: the game's own words take a capital, a player's
    name stays as the player wrote it ("ann chooses an Elder God, in secret.")."""
    rows = v.get("seats", [])
    if isinstance(seat, int) and 0 <= seat < len(rows) and who and who == rows[seat].get("player"):
        return who
    return who[:1].upper() + who[1:]


def _loc(x) -> str:
    if isinstance(x, int):
        return LOCATION_NAMES[x] if 0 <= x < len(LOCATION_NAMES) else str(x)
    return LOCATION_NAMES[LOCATIONS.index(x)] if x in LOCATIONS else str(x)


# Events told as "<who> <verb> ...": (the verb, the rest); the verb agrees with <who>
ACTS = {
    "god_chosen": ("serve", "{god}."),
    "fate_moved": ("move", "a Fate Piece from {frm} to {to}."),
    "cultist_placed": ("place", "a Cultist at {loc}."),
    "cultists_placed": ("place", "{cultists} at {loc}."),
    "cultist_moved": ("move", "a Cultist from {frm} to {to}."),
    "sacrificed": ("sacrifice", "{cultists} at {loc}."),
    "empty_lodge": ("have", "an empty Lodge: a Cultist comes back and an Elder Sign is gained."),
    "squall_placed": ("call", "a Winter Squall to {loc}."),
    "summon_moved": ("move", "the Summon token from {frm_n} to {to_n}."),
    "elder_sign_gained": ("gain", "an Elder Sign ({total} in all)."),
    "curse_destroyed": ("destroy", "a Curse."),
    "spell_drawn": ("draw", "a Spell ({sym} back)."),
    "spell_readied": ("ready", "a Spell ({sym} back)."),
    "readied_discarded": ("discard", "the readied {card}."),
    "spell_discarded": ("discard", "{card}."),
    "spell_cast": ("cast", "{name}: {text}"),
    "spell_stolen": ("steal", "a Spell from {frm_seat}."),
    "gate_gained": ("take", "a Gate."),
    "gate_lost": ("lose", "a Gate."),
    "artifact_gained": ("take", "{card}."),
    "artifact_discarded": ("give", "up {card}."),
    "artifact_exhausted": ("use", "{name}: {text}"),
    "artifact_destroyed": ("spend", "{name}: {text}"),
    "control": ("control", "{loc}."),
    "temporary_control": ("seize", "Temporary Control of {loc}."),
    "temporary_control_failed": ("fail", "to seize {loc}."),
    "control_action": ("take", "the Control Action of {loc}."),
    "basic_action": ("perform", "the Basic Action of {loc}."),
}


def _own_piece(v: dict, d: dict) -> bool:
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


def _investigators_move(d: dict, v: dict, sym, content: Content) -> str:
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


def _raid(d: dict, who: str, you: bool, before: Event | None) -> str:
    """A raid declared, with what triggered it when that is known (R-SO-4, R-CN-6)."""
    lodge = "your" if you else who + "'s"
    raiders = d["investigators"]
    why = ""
    if before is None:
        pass  # told alone: no reason known
    elif before.kind == "fate_moved" and before.data.get("seat") == GAME_SEAT and before.data.get("to") == STREETS:
        why = "the Investigators entered Streets of Arkham"
    elif raiders >= RAID_THRESHOLD and before.kind not in ("supply_empty", "raided", "raid_repelled"):
        why = f"{RAID_THRESHOLD} or more Investigators in a Lodge raid it"
    if not raiders:
        return (f"A raid on {lodge} Lodge{f' ({why})' if why else ''} finds no Investigators there: "
                "nothing happens.")
    return f"RAID! {count(raiders, 'Investigator')} {agree('storm', raiders != 1)} {lodge} Lodge{': ' + why if why else ''}."


def _curse_source(source, content: Content) -> str:
    """What brought a Curse, as words after "cursed": the price of a card, a meeting, an Elder Sign."""
    if source == "meeting":
        return " by the meeting with the Investigators"
    if source == "elder_sign":
        return " by the Summon token meeting an Elder Sign"
    if source in content.by_id:
        card = content.card(source)
        return f" by {card.name}" + (", the Artifact's price" if card.kind == "artifact" else "")
    return ""


def _no_control(d: dict, v: dict, viewer: int | None, who: str, you: bool, whose: str) -> str:
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


def narrate(e: Event, v: dict, viewer: int | None, content: Content, before: Event | None = None) -> str | None:
    """One plain sentence for the log, or None for events not worth a line. ``before``, the
    event told just before it, gives some their reason (a raid after the Investigators
    entered Streets of Arkham)."""
    d = e.data
    who = seat_label(v, d.get("seat"), viewer)
    Who = capital(who, v, d.get("seat"))
    you = who == "you"
    whose = "yours" if you else who  # "3 Cultists of yours", never "of you"
    many = you or d.get("seat") == GAME_SEAT  # "you" and the Investigators take the plural verb

    def does(verb: str) -> str:
        return agree(verb, many)

    def card(key: str = "card") -> str:
        cid = d.get(key)
        return content.card(cid).name if cid in content.by_id else str(cid)

    def sym(idx) -> str:
        return content.symbols[idx].name if isinstance(idx, int) and 0 <= idx < 6 else "?"

    k = e.kind
    n = d.get("count", 0)
    if k == "fate_moved" and d.get("seat") == GAME_SEAT:
        return _investigators_move(d, v, sym, content)
    if k == "raid_declared":
        return _raid(d, who, you, before)
    if k in ACTS:
        verb, rest = ACTS[k]
        if k == "fate_moved" and _own_piece(v, d):
            rest = rest.replace("a Fate Piece", "your Fate Piece" if you else "its Fate Piece")
        frm, to = d.get("frm"), d.get("to")
        if k == "god_chosen" and ((v.get("phase") == "setup" and not you) or "god" not in d):
            # the god kept secret in the draft (a server strips it from what another cult is told)
            return f"{Who} {does('choose')} an Elder God, in secret."
        return f"{Who} {does(verb)} " + rest.format(
            card=card() if "card" in d else "", god=card("god") if "god" in d else "",
            loc=_loc(d["location"]) if "location" in d else "", sym=sym(d.get("symbol")),
            name=d.get("name", ""), text=d.get("text", ""), total=d.get("total"), frm_n=frm, to_n=to,
            frm=_loc(frm) if frm is not None else "", to=_loc(to) if to is not None else "",
            frm_seat=seat_label(v, frm, viewer) if isinstance(frm, int) else "",
            cultists=count(n, "Cultist"), carried=count(d.get("carried", 0), "Curse"))
    if k == "cursed":
        return f"{Who} {does('are')} cursed{_curse_source(d.get('source'), content)} ({d['carried']} carried)."
    if k == "no_control":
        return _no_control(d, v, viewer, who, you, whose)
    if k == "setup_done":
        first = seat_label(v, d["first"], viewer)
        gods = "" if v.get("players", 1) == 1 else "Every cult's Elder God is now known. "
        return f"{gods}The rite begins. {first[0].upper()}{first[1:]} {agree('go', d['first'] == viewer)} first."
    if k == "turn_started":
        return f"— Turn {d['turn']}: {'your turn' if you else who} —"
    if k == "fate_piece_stays":
        return f"{Who} cannot move; the Fate Piece stays at {_loc(d['location'])}."
    if k == "no_move":
        return f"{Who} {does('have')} no legal move and {does('show')} the hand."
    if k == "cultists_sent_home":
        return f"{count(n, 'Cultist')} of {whose} {agree('go', n != 1)} home from {_loc(d['location'])}."
    if k == "cultists_lost":
        return f"{count(n, 'Cultist')} of {whose} {agree('fall', n != 1)} into the Abyss."
    if k == "recalled":
        return f"{count(n, 'Cultist')} of {whose} {agree('return', n != 1)} from the Abyss."
    if k == "squall_struck":
        return f"A Winter Squall at {_loc(d['location'])} blows {who}'s Cultist away."
    if k in ("investigator_placed", "investigators_placed"):
        c = d.get("count", 1)
        return f"{count(c, 'Investigator')} {agree('arrive', c != 1)} at {_loc(d['location'])}."
    if k == "investigators_followed":
        return f"{count(n, 'Investigator')} {agree('follow', n != 1)} {who} home from {_loc(d['location'])}."
    if k == "investigators_cleared":
        return f"{count(n, 'Investigator')} {agree('leave', n != 1)} {_loc(d['location'])}."
    if k == "investigators_sent":
        src = "from the supply" if d.get("source") == "supply" else "from another Lodge"
        return f"{count(n, 'Investigator')} {src} {agree('enter', n != 1)} {who}'s Lodge." \
            if not you else f"{count(n, 'Investigator')} {src} {agree('enter', n != 1)} your Lodge."
    if k == "investigators_left":
        return f"{count(n, 'Investigator')} {agree('leave', n != 1)} {'your' if you else who + chr(39) + 's'} Lodge."
    if k == "investigators_wait":
        return "The Investigators hold their ground."
    if k == "supply_empty":
        return "The Investigators' supply is empty: every Lodge with Investigators is raided."
    if k == "rolled":
        faces = ", ".join(content.dice.faces[content.dice.face(f)].name for f in d["faces"])
        return f"{Who} {does('roll')}: {faces}."
    if k == "raid_repelled":
        return f"The raid on {'your' if you else who + chr(39) + 's'} Lodge comes to nothing."
    if k == "raided":
        return (f"The raid leaves {'you' if you else who} {count(d['signs'], 'Elder Sign')} "
                f"and destroys {count(d['destroyed'], 'Investigator')}.")
    if k == "elder_sign_destroyed":
        return f"{count(n, 'Elder Sign')} of {whose} {agree('are', n != 1)} broken ({d['total']} left)."
    if k == "elder_sign_curse":
        return (("Your Summon token" if you else f"The Summon token of {who}") + " meets an Elder Sign: a Curse.")
    if k == "curse_drawn":
        return f"You hold {card()} against {seat_label(v, d['seat'], viewer)}, in secret."
    if k == "curse_revealed":
        return f"CURSE! {d['name']} strikes {who}: {d['text']}"
    if k == "curse_deck_empty":
        return "The Curse deck is empty."
    if k == "spell_drawn_face":
        return f"You draw {card()}."
    if k == "nothing_to_ready":
        return "Nothing you hold can be Readied now: no Spell's cost fits."
    if k == "spell_stolen_face":
        return f"The stolen Spell is {card()}."
    if k == "spell_deck_reshuffled":
        return f"The discards are shuffled into a new Spell deck ({d['size']} cards)."
    if k == "column_discarded":
        return f"The Astral Column of {_loc(d['location'])} is cleared."
    if k == "artifact_wrecked":
        return f"Your {card()} is destroyed." if you else f"{card()} of {who} is destroyed."
    if k == "artifacts_revealed":
        names = " and ".join(content.card(c).name for c in d["cards"])
        return f"At The Museum: {names}." if names else None
    if k == "no_artifacts":
        return "The Museum has nothing left to take."
    if k == "dark_gift":
        return f"{content.card(d['god']).name} grants {'you' if you else who} a Dark Gift: {d['text']}"
    if k in ("die_rerolled", "die_turned"):
        return f"A die turns from {d['frm'].replace('_', ' ')} to {d['to'].replace('_', ' ')}."
    if k == "dice_added":
        return f"{count(len(d['faces']), 'die')} more {agree('join', len(d['faces']) != 1)} the roll."
    if k == "die_removed":
        return f"A {d['face'].replace('_', ' ')} die is set aside."
    if k == "game_over":
        return "The game is over."
    return None
