"""The Chronicle in words: one whole sentence for each event a looker may see, in the
player's language.

Every line is one message of the catalogue with named placeholders (fate/ground/language.py),
never a sentence glued from pieces: where the doer may be the looker, a line has two messages,
"You move …" and "{who} moves …", so that each language makes its own verb agree; a count
chooses its sentence through ``ngettext``. ``{who}`` is a cult ("the Cult of Cthulhu"), the
Investigators, a player's name or "seat 2". A line's first letter is made a capital once it is
whole, unless it opens with a player's name as the player wrote it. No pygame here: the table,
the replay and the review tell events in these words, each in its own window's language (the
server sends events, not words).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fate.content.model import STANDARD_LEVEL, Content
from fate.engine import Event
from fate.engine.constants import GAME_SEAT, LOCATIONS, RAID_THRESHOLD, STREETS
from fate.engine.kinds import EventKind
from fate.engine.view import View
from fate.ground.language import N_, _, listing, ngettext, number
from fate.words.naming import capital, curses, investigators, place, seat_label, signs

# Events told as "<who> <does> ...": the looker's sentence and another's (``{who}``).
ACTS: dict[str, tuple[str, str]] = {
    EventKind.GOD_CHOSEN: (N_("You serve {god}."), N_("{who} serves {god}.")),
    EventKind.FATE_MOVED: (N_("You move a Fate Piece from {frm} to {to}."),
                           N_("{who} moves a Fate Piece from {frm} to {to}.")),
    EventKind.CULTIST_PLACED: (N_("You place a Cultist at {loc}."), N_("{who} places a Cultist at {loc}.")),
    EventKind.CULTIST_MOVED: (N_("You move a Cultist from {frm} to {to}."),
                              N_("{who} moves a Cultist from {frm} to {to}.")),
    EventKind.EMPTY_LODGE: (N_("You have an empty Lodge: a Cultist comes back and an Elder Sign is gained."),
                            N_("{who} has an empty Lodge: a Cultist comes back and an Elder Sign is gained.")),
    EventKind.SQUALL_PLACED: (N_("You call a Winter Squall to {loc}."), N_("{who} calls a Winter Squall to {loc}.")),
    # Translators: the Summon track's steps, as numbers.
    EventKind.SUMMON_MOVED: (N_("You move the Summon token from {frm} to {to}."),
                             N_("{who} moves the Summon token from {frm} to {to}.")),
    EventKind.ELDER_SIGN_GAINED: (N_("You gain an Elder Sign ({total} in all)."),
                                  N_("{who} gains an Elder Sign ({total} in all).")),
    EventKind.CURSE_DESTROYED: (N_("You destroy a Curse."), N_("{who} destroys a Curse.")),
    # Translators: {sym} is the symbol on the Spell's back (Key, Flame, …).
    EventKind.SPELL_DRAWN: (N_("You draw a Spell ({sym} back)."), N_("{who} draws a Spell ({sym} back).")),
    EventKind.SPELL_READIED: (N_("You ready a Spell ({sym} back)."), N_("{who} readies a Spell ({sym} back).")),
    EventKind.READIED_DISCARDED: (N_("You discard the readied {card}."), N_("{who} discards the readied {card}.")),
    EventKind.SPELL_DISCARDED: (N_("You discard {card}."), N_("{who} discards {card}.")),
    # Translators: {name} is a card's name and {text} its effect, a sentence of its own.
    EventKind.SPELL_CAST: (N_("You cast {name}: {text}"), N_("{who} casts {name}: {text}")),
    EventKind.SPELL_STOLEN: (N_("You steal a Spell from {frm_seat}."), N_("{who} steals a Spell from {frm_seat}.")),
    EventKind.GATE_GAINED: (N_("You take a Gate."), N_("{who} takes a Gate.")),
    EventKind.GATE_LOST: (N_("You lose a Gate."), N_("{who} loses a Gate.")),
    EventKind.ARTIFACT_GAINED: (N_("You take {card}."), N_("{who} takes {card}.")),
    EventKind.ARTIFACT_DISCARDED: (N_("You give up {card}."), N_("{who} gives up {card}.")),
    EventKind.ARTIFACT_EXHAUSTED: (N_("You use {name}: {text}"), N_("{who} uses {name}: {text}")),
    EventKind.ARTIFACT_DESTROYED: (N_("You spend {name}: {text}"), N_("{who} spends {name}: {text}")),
    EventKind.CONTROL: (N_("You control {loc}."), N_("{who} controls {loc}.")),
    EventKind.TEMPORARY_CONTROL: (N_("You seize Temporary Control of {loc}."),
                                  N_("{who} seizes Temporary Control of {loc}.")),
    EventKind.TEMPORARY_CONTROL_FAILED: (N_("You fail to seize {loc}."), N_("{who} fails to seize {loc}.")),
    EventKind.CONTROL_ACTION: (N_("You take the Control Action of {loc}."),
                               N_("{who} takes the Control Action of {loc}.")),
    EventKind.BASIC_ACTION: (N_("You perform the Basic Action of {loc}."),
                             N_("{who} performs the Basic Action of {loc}.")),
}
# Said instead when the moved Fate Piece is the mover's own (R-2P-2), or the god is kept secret.
OWN_PIECE = (N_("You move your Fate Piece from {frm} to {to}."), N_("{who} moves its Fate Piece from {frm} to {to}."))
SECRET_GOD = (N_("You choose an Elder God, in secret."), N_("{who} chooses an Elder God, in secret."))
STOLEN_FROM_YOU = N_("{who} steals a Spell from you.")


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


class Line:
    """One event about to be told to one looker: its data, whether the looker did it (``you``),
    and the words for whoever did (``who``: a cult, the Investigators, a player)."""

    def __init__(self, e: Event, v: View, viewer: int | None, content: Content, before: Event | None) -> None:
        d = e.data
        self.e, self.d, self.v, self.viewer, self.content, self.before = e, d, v, viewer, content, before
        seat = d.get("seat")
        self.seat = seat if isinstance(seat, int) else None
        self.you = self.seat is not None and self.seat == viewer and self.seat != GAME_SEAT
        self.who = seat_label(v, self.seat, viewer)
        self.n = d.get("count", 0)

    def say(self, line: str, /, **fields: Any) -> str:
        """``line`` (translated already) filled in, ``{who}`` among its fields, as a whole line."""
        return capital(line.format(who=self.who, **fields), self.v, self.seat)

    def by(self, pair: tuple[str, str], **fields: Any) -> str:
        """The looker's sentence of ``pair`` if the looker did it, else the other's."""
        return self.say(_(pair[0] if self.you else pair[1]), **fields)

    def card(self, key: str = "card") -> str:
        cid = self.d.get(key)
        return self.content.card(cid).name if cid in self.content.by_id else str(cid)

    def words(self, key: str = "card") -> tuple[str, str]:
        """The named card's name and text in the looker's content (its words, whatever language
        the event was told in: a server's English, or a game begun before the language changed);
        the solo text in a solo game, as the engine says it. The event's own when the card is unknown."""
        cid = self.d.get(key)
        if cid not in self.content.by_id:
            return str(self.d.get("name", "")), str(self.d.get("text", ""))
        c = self.content.card(cid)
        return c.name, c.solo_text if self.v.get("solo") and c.solo_text else c.text

    def sym(self, idx: object) -> str:
        return self.content.symbols[idx].name if isinstance(idx, int) and 0 <= idx < 6 else "?"

    def place(self, x: object) -> str:
        return place(x, self.content)

    def at(self) -> str:
        return self.place(self.d["location"])

    def face(self, key: str) -> str:
        dice, f = self.content.dice, self.d.get(key)
        return next((x.name for x in dice.faces if x.id == f), str(f))


def _act(t: Line) -> str:
    """An event told as "<who> <does> ..." (ACTS)."""
    d, k = t.d, t.e.kind
    pair = ACTS[k]
    if k == EventKind.FATE_MOVED and _own_piece(t.v, d):
        pair = OWN_PIECE
    if k == EventKind.GOD_CHOSEN and ((t.v.get("phase") == "setup" and not t.you) or "god" not in d):
        return t.by(SECRET_GOD)  # the god kept secret in the draft (a server strips it from what another cult is told)
    frm, to = d.get("frm"), d.get("to")
    if k == EventKind.SPELL_STOLEN and isinstance(frm, int) and frm == t.viewer:
        pair = (pair[0], STOLEN_FROM_YOU)
    if k == EventKind.SUMMON_MOVED:
        frm_s, to_s = number(frm) if isinstance(frm, int) else "", number(to) if isinstance(to, int) else ""
    else:
        frm_s, to_s = t.place(frm) if frm is not None else "", t.place(to) if to is not None else ""
    name, text = t.words() if "name" in d else ("", "")
    return t.by(pair, card=t.card() if "card" in d else "", god=t.card("god") if "god" in d else "",
                loc=t.at() if "location" in d else "", sym=t.sym(d.get("symbol")),
                name=name, text=text, total=number(d.get("total") or 0),
                frm=frm_s, to=to_s, frm_seat=seat_label(t.v, frm, t.viewer) if isinstance(frm, int) else "")


def _placed(t: Line) -> str:
    n, loc = t.n, t.at()
    text = (ngettext("You place {n} Cultist at {loc}.", "You place {n} Cultists at {loc}.", n) if t.you else
            ngettext("{who} places {n} Cultist at {loc}.", "{who} places {n} Cultists at {loc}.", n))
    return t.say(text, n=number(n), loc=loc)


def _sacrificed(t: Line) -> str:
    n, loc = t.n, t.at()
    text = (ngettext("You sacrifice {n} Cultist at {loc}.", "You sacrifice {n} Cultists at {loc}.", n) if t.you else
            ngettext("{who} sacrifices {n} Cultist at {loc}.", "{who} sacrifices {n} Cultists at {loc}.", n))
    return t.say(text, n=number(n), loc=loc)


def _investigators_move(t: Line) -> str:
    """The solo Investigators' move with its reason (R-SO-2, R-SO-3): the Spell they draw
    sends them to the place of its symbol, or to The Other Worlds when that is where they
    stand; landing on the player's Fate Piece is a meeting; after it they are driven on."""
    d, v = t.d, t.v
    frm, to = d.get("frm"), d.get("to")
    backs = d.get("backs") or []
    if not backs:
        return t.say(_("Driven on by the meeting, the Investigators move from {frm} to {to}."),
                     frm=t.place(frm), to=t.place(to))
    drawn = backs[0]
    if drawn == to:
        line = t.say(_("The Investigators draw a Spell with the {sym} back ({where}) and go there from {frm}."),
                     sym=t.sym(drawn), where=t.place(drawn), frm=t.place(frm))
    else:
        line = t.say(_("The Investigators draw a Spell with the {sym} back, the symbol of {where} where they "
                       "stand, so they go to {to} instead."), sym=t.sym(drawn), where=t.place(drawn), to=t.place(to))
    pieces = v.get("fate_pieces") or []
    yours = pieces[0].get("location") if pieces and v.get("solo") else None
    if yours is not None and isinstance(to, int) and 0 <= to < len(LOCATIONS) and LOCATIONS[to] == yours:
        level = t.content.solo_level(v.get("solo_level") or STANDARD_LEVEL)
        brings = [words for k, words in ((level.meeting_curses, curses(level.meeting_curses)),
                                         (level.meeting_signs, signs(level.meeting_signs))) if k]
        line += " " + (_("They land on your Fate Piece: a meeting, which brings you {what}.").format(
            what=listing(brings)) if brings else _("They land on your Fate Piece: a meeting."))
    return line


def _raid_reason(t: Line) -> str:
    """What triggered a raid, when the event before says (R-SO-4, R-CN-6); "" if not known."""
    before, raiders = t.before, t.d["investigators"]
    if before is None:
        return ""  # told alone: no reason known
    if before.kind == EventKind.FATE_MOVED and before.data.get("seat") == GAME_SEAT and before.data.get("to") == STREETS:
        # Translators: why a raid happens, a clause said after the raid's own sentence.
        return _("the Investigators entered {place}").format(place=t.place(STREETS))
    if raiders >= RAID_THRESHOLD and before.kind not in (EventKind.SUPPLY_EMPTY, EventKind.RAIDED,
                                                          EventKind.RAID_REPELLED):
        return ngettext("{n} or more Investigators in a Lodge raid it",
                        "{n} or more Investigators in a Lodge raid it", RAID_THRESHOLD).format(n=RAID_THRESHOLD)
    return ""


def _raid(t: Line) -> str:
    """A raid declared, with what triggered it when that is known (R-SO-4, R-CN-6)."""
    why, n = _raid_reason(t), t.d["investigators"]
    if not n:
        if t.you:
            text = (_("A raid on your Lodge ({why}) finds no Investigators there: nothing happens.") if why else
                    _("A raid on your Lodge finds no Investigators there: nothing happens."))
        else:
            text = (_("A raid on {who}'s Lodge ({why}) finds no Investigators there: nothing happens.") if why else
                    _("A raid on {who}'s Lodge finds no Investigators there: nothing happens."))
    elif t.you:
        text = (ngettext("RAID! {n} Investigator storms your Lodge: {why}.",
                         "RAID! {n} Investigators storm your Lodge: {why}.", n) if why else
                ngettext("RAID! {n} Investigator storms your Lodge.", "RAID! {n} Investigators storm your Lodge.", n))
    else:
        text = (ngettext("RAID! {n} Investigator storms {who}'s Lodge: {why}.",
                         "RAID! {n} Investigators storm {who}'s Lodge: {why}.", n) if why else
                ngettext("RAID! {n} Investigator storms {who}'s Lodge.", "RAID! {n} Investigators storm {who}'s Lodge.",
                         n))
    return t.say(text, n=number(n), why=why)


def _cursed(t: Line) -> str:
    """A Curse and what brought it: the price of a card, a meeting, an Elder Sign (R-CU-1)."""
    source, content, you = t.d.get("source"), t.content, t.you
    card = content.card(source) if isinstance(source, str) and source in content.by_id else None
    if source == "meeting":
        text = (_("You are cursed by the meeting with the Investigators ({carried} carried).") if you else
                _("{who} is cursed by the meeting with the Investigators ({carried} carried)."))
    elif source == "elder_sign":
        text = (_("You are cursed by the Summon token meeting an Elder Sign ({carried} carried).") if you else
                _("{who} is cursed by the Summon token meeting an Elder Sign ({carried} carried)."))
    elif card is not None and card.kind == "artifact":
        text = (_("You are cursed by {card}, the Artifact's price ({carried} carried).") if you else
                _("{who} is cursed by {card}, the Artifact's price ({carried} carried)."))
    elif card is not None:
        text = (_("You are cursed by {card} ({carried} carried).") if you else
                _("{who} is cursed by {card} ({carried} carried)."))
    else:
        text = _("You are cursed ({carried} carried).") if you else _("{who} is cursed ({carried} carried).")
    return t.say(text, card=card.name if card is not None else "", carried=number(t.d["carried"]))


def _no_control(t: Line) -> str:
    """Control refused, with the counts that refused it (R-AC-2; solo R-SO-6)."""
    d, you = t.d, t.you
    loc, mine, need, rival, theirs = t.place(d["location"]), d["mine"], d["need"], d["rival"], d["theirs"]
    fields = {"loc": loc, "n": number(mine), "need": number(need)}
    if mine < need:
        text = (ngettext("You do not control {loc}: {n} Cultist of yours there, {need} needed.",
                         "You do not control {loc}: {n} Cultists of yours there, {need} needed.", mine) if you else
                ngettext("{who} does not control {loc}: {n} Cultist of {who} there, {need} needed.",
                         "{who} does not control {loc}: {n} Cultists of {who} there, {need} needed.", mine))
    elif rival == -1:
        fields["investigators"] = investigators(theirs)
        text = (ngettext("You do not control {loc}: {n} Cultist of yours there, but {investigators}; "
                         "Control needs more Cultists than Investigators.",
                         "You do not control {loc}: {n} Cultists of yours there, but {investigators}; "
                         "Control needs more Cultists than Investigators.", mine) if you else
                ngettext("{who} does not control {loc}: {n} Cultist of {who} there, but {investigators}; "
                         "Control needs more Cultists than Investigators.",
                         "{who} does not control {loc}: {n} Cultists of {who} there, but {investigators}; "
                         "Control needs more Cultists than Investigators.", mine))
    else:
        fields |= {"rival": seat_label(t.v, rival, t.viewer), "theirs": number(theirs)}
        if you:
            text = ngettext("You do not control {loc}: {n} Cultist of yours there, but {rival} has {theirs}; "
                            "Control needs more than any other cult.",
                            "You do not control {loc}: {n} Cultists of yours there, but {rival} has {theirs}; "
                            "Control needs more than any other cult.", mine)
        elif rival == t.viewer:
            text = ngettext("{who} does not control {loc}: {n} Cultist of {who} there, but you have {theirs}; "
                            "Control needs more than any other cult.",
                            "{who} does not control {loc}: {n} Cultists of {who} there, but you have {theirs}; "
                            "Control needs more than any other cult.", mine)
        else:
            text = ngettext("{who} does not control {loc}: {n} Cultist of {who} there, but {rival} has {theirs}; "
                            "Control needs more than any other cult.",
                            "{who} does not control {loc}: {n} Cultists of {who} there, but {rival} has {theirs}; "
                            "Control needs more than any other cult.", mine)
    return t.say(text, **fields)


def _setup_done(t: Line) -> str:
    first = t.d["first"]
    alone = t.v.get("players", 1) == 1
    if first == t.viewer:
        text = (_("The rite begins. You go first.") if alone else
                _("Every cult's Elder God is now known. The rite begins. You go first."))
    else:
        text = (_("The rite begins. {first} goes first.") if alone else
                _("Every cult's Elder God is now known. The rite begins. {first} goes first."))
    label = seat_label(t.v, first, t.viewer)
    return t.say(text, first=label[:1].upper() + label[1:])


def _arrive(t: Line) -> str:
    n = t.d.get("count", 1)
    return t.say(ngettext("{n} Investigator arrives at {loc}.", "{n} Investigators arrive at {loc}.", n),
                 n=number(n), loc=t.at())


def _sent(t: Line) -> str:
    n, supply = t.n, t.d.get("source") == "supply"
    if t.you:
        text = (ngettext("{n} Investigator from the supply enters your Lodge.",
                         "{n} Investigators from the supply enter your Lodge.", n) if supply else
                ngettext("{n} Investigator from another Lodge enters your Lodge.",
                         "{n} Investigators from another Lodge enter your Lodge.", n))
    else:
        text = (ngettext("{n} Investigator from the supply enters {who}'s Lodge.",
                         "{n} Investigators from the supply enter {who}'s Lodge.", n) if supply else
                ngettext("{n} Investigator from another Lodge enters {who}'s Lodge.",
                         "{n} Investigators from another Lodge enter {who}'s Lodge.", n))
    return t.say(text, n=number(n))


def _rolled(t: Line) -> str:
    dice = t.content.dice
    faces = ", ".join(dice.faces[dice.face(f)].name for f in t.d["faces"])  # a roll's faces, not a list said aloud
    return t.by((N_("You roll: {faces}."), N_("{who} rolls: {faces}.")), faces=faces)


def _revealed(t: Line) -> str | None:
    names = [t.content.card(c).name for c in t.d["cards"]]
    # Translators: the Artifacts turned face up at The Museum, as a list.
    return t.say(_("At {loc}: {cards}."), loc=t.place("museum"), cards=listing(names)) if names else None


def _cultists_of(t: Line, yours: str, theirs: str) -> str:
    """A count of the doer's Cultists that do something (``yours``/``theirs``: the sentence
    ngettext chose for the looker's and for another's)."""
    return t.say(yours if t.you else theirs, n=number(t.n), loc=t.at() if "location" in t.d else "")


def _followed(t: Line) -> str:
    text = (ngettext("{n} Investigator follows you home from {loc}.", "{n} Investigators follow you home from {loc}.",
                     t.n) if t.you else
            ngettext("{n} Investigator follows {who} home from {loc}.", "{n} Investigators follow {who} home from {loc}.",
                     t.n))
    return t.say(text, n=number(t.n), loc=t.at())


def _left(t: Line) -> str:
    text = (ngettext("{n} Investigator leaves your Lodge.", "{n} Investigators leave your Lodge.", t.n) if t.you else
            ngettext("{n} Investigator leaves {who}'s Lodge.", "{n} Investigators leave {who}'s Lodge.", t.n))
    return t.say(text, n=number(t.n))


def _raided(t: Line) -> str:
    k = t.d["signs"]
    text = (ngettext("The raid leaves you {n} Elder Sign and destroys {destroyed}.",
                     "The raid leaves you {n} Elder Signs and destroys {destroyed}.", k) if t.you else
            ngettext("The raid leaves {who} {n} Elder Sign and destroys {destroyed}.",
                     "The raid leaves {who} {n} Elder Signs and destroys {destroyed}.", k))
    return t.say(text, n=number(k), destroyed=investigators(t.d["destroyed"]))


def _signs_broken(t: Line) -> str:
    text = (ngettext("{n} Elder Sign of yours is broken ({total} left).",
                     "{n} Elder Signs of yours are broken ({total} left).", t.n) if t.you else
            ngettext("{n} Elder Sign of {who} is broken ({total} left).",
                     "{n} Elder Signs of {who} are broken ({total} left).", t.n))
    return t.say(text, n=number(t.n), total=number(t.d["total"]))


K = EventKind
# The Chronicle's line for each kind of event. Kinds told as "<who> <does> ..." share one
# teller (ACTS); kinds with no line are in SILENT with the reason. tests/test_narration.py
# holds the two against the engine's catalogue, so a new kind cannot go untold by oversight.
LINES: dict[str, Callable[[Line], str | None]] = {
    **dict.fromkeys(ACTS, _act),
    K.FATE_MOVED: lambda t: _investigators_move(t) if t.seat == GAME_SEAT else _act(t),
    K.CULTISTS_PLACED: _placed,
    K.SACRIFICED: _sacrificed,
    K.RAID_DECLARED: _raid,
    K.CURSED: _cursed,
    K.NO_CONTROL: _no_control,
    K.SETUP_DONE: _setup_done,
    K.TURN_STARTED: lambda t: (_("— Turn {turn}: your turn —") if t.you else _("— Turn {turn}: {who} —")).format(
        turn=number(t.d["turn"]), who=t.who),
    K.FATE_PIECE_STAYS: lambda t: t.by((N_("You cannot move; the Fate Piece stays at {loc}."),
                                        N_("{who} cannot move; the Fate Piece stays at {loc}.")), loc=t.at()),
    K.NO_MOVE: lambda t: t.by((N_("You have no legal move and show the hand."),
                               N_("{who} has no legal move and shows the hand."))),
    K.CULTISTS_SENT_HOME: lambda t: _cultists_of(
        t, ngettext("{n} Cultist of yours goes home from {loc}.", "{n} Cultists of yours go home from {loc}.", t.n),
        ngettext("{n} Cultist of {who} goes home from {loc}.", "{n} Cultists of {who} go home from {loc}.", t.n)),
    K.CULTISTS_LOST: lambda t: _cultists_of(
        t, ngettext("{n} Cultist of yours falls into the Abyss.", "{n} Cultists of yours fall into the Abyss.", t.n),
        ngettext("{n} Cultist of {who} falls into the Abyss.", "{n} Cultists of {who} fall into the Abyss.", t.n)),
    K.RECALLED: lambda t: _cultists_of(
        t, ngettext("{n} Cultist of yours returns from the Abyss.", "{n} Cultists of yours return from the Abyss.",
                    t.n),
        ngettext("{n} Cultist of {who} returns from the Abyss.", "{n} Cultists of {who} return from the Abyss.", t.n)),
    K.SQUALL_STRUCK: lambda t: t.by((N_("A Winter Squall at {loc} blows your Cultist away."),
                                     N_("A Winter Squall at {loc} blows {who}'s Cultist away.")), loc=t.at()),
    K.INVESTIGATOR_PLACED: _arrive,
    K.INVESTIGATORS_PLACED: _arrive,
    K.INVESTIGATORS_FOLLOWED: _followed,
    K.INVESTIGATORS_CLEARED: lambda t: t.say(ngettext("{n} Investigator leaves {loc}.", "{n} Investigators leave {loc}.",
                                                      t.n), n=number(t.n), loc=t.at()),
    K.INVESTIGATORS_SENT: _sent,
    K.INVESTIGATORS_LEFT: _left,
    K.INVESTIGATORS_WAIT: lambda t: _("The Investigators hold their ground."),
    K.SUPPLY_EMPTY: lambda t: _("The Investigators' supply is empty: every Lodge with Investigators is raided."),
    K.ROLLED: _rolled,
    K.RAID_REPELLED: lambda t: t.by((N_("The raid on your Lodge comes to nothing."),
                                     N_("The raid on {who}'s Lodge comes to nothing."))),
    K.RAIDED: _raided,
    K.ELDER_SIGN_DESTROYED: _signs_broken,
    K.ELDER_SIGN_CURSE: lambda t: t.by((N_("Your Summon token meets an Elder Sign: a Curse."),
                                        N_("The Summon token of {who} meets an Elder Sign: a Curse."))),
    K.CURSE_DRAWN: lambda t: t.say(_("You hold {card} against {target}, in secret."), card=t.card(),
                                   target=seat_label(t.v, t.d["seat"], t.viewer)),
    # Translators: {name} is the Curse's name, {text} its effect (a sentence of its own).
    K.CURSE_REVEALED: lambda t: t.by((N_("CURSE! {name} strikes you: {text}"), N_("CURSE! {name} strikes {who}: {text}")),
                                     name=t.words()[0], text=t.words()[1]),
    K.CURSE_DECK_EMPTY: lambda t: _("The Curse deck is empty."),
    K.SPELL_DRAWN_FACE: lambda t: t.say(_("You draw {card}."), card=t.card()),
    K.NOTHING_TO_READY: lambda t: _("Nothing you hold can be Readied now: no Spell's cost fits."),
    K.SPELL_STOLEN_FACE: lambda t: t.say(_("The stolen Spell is {card}."), card=t.card()),
    K.SPELL_DECK_RESHUFFLED: lambda t: t.say(ngettext(
        "The discards are shuffled into a new Spell deck ({n} card).",
        "The discards are shuffled into a new Spell deck ({n} cards).", t.d["size"]), n=number(t.d["size"])),
    K.COLUMN_DISCARDED: lambda t: t.say(_("The Astral Column of {loc} is cleared."), loc=t.at()),
    K.ARTIFACT_WRECKED: lambda t: t.by((N_("Your {card} is destroyed."), N_("{card} of {who} is destroyed.")),
                                       card=t.card()),
    K.ARTIFACTS_REVEALED: _revealed,
    K.NO_ARTIFACTS: lambda t: t.say(_("{loc} has nothing left to take."), loc=t.place("museum")),
    # Translators: {god} is an Elder God's name, {text} the Dark Gift's effect (a sentence of its own).
    K.DARK_GIFT: lambda t: t.by((N_("{god} grants you a Dark Gift: {text}"), N_("{god} grants {who} a Dark Gift: {text}")),
                                god=t.card("god"), text=t.words("god")[1]),
    K.DIE_REROLLED: lambda t: t.say(_("A die showing {frm} is rolled again: {to}."), frm=t.face("frm"), to=t.face("to")),
    K.DIE_TURNED: lambda t: t.say(_("A die showing {frm} is turned to {to}."), frm=t.face("frm"), to=t.face("to")),
    K.DICE_ADDED: lambda t: t.say(ngettext("{n} die more joins the roll.", "{n} dice more join the roll.",
                                           len(t.d["faces"])), n=number(len(t.d["faces"]))),
    K.DIE_REMOVED: lambda t: t.say(_("A die showing {face} is set aside."), face=t.face("face")),
    K.GAME_OVER: lambda t: _("The game is over."),
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
