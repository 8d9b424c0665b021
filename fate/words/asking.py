"""A prompt's question and its choices in the window's language, from what the engine said
(fate/engine/said.py): each message through the catalogue, each argument named by the window's
own content ("card" by its id, "place" by its number, "cult" as the Chronicle names a cult).

The same words also come shorter or kinder where the table wants them (``question``,
``labels``, ``full_label``): a question naming the asked cult itself says "you"; a question
with one die to choose asks it as a yes-or-no; Temporary Control gives the roll's odds; a
button says "Take it" where the prompt names the Control Action, "Hood Wild pair", "Ready
Whispering Hood (pays Hood and Tome)". Nothing here reads English: only ids, kinds and the
message keys the engine marked.

What a server sends is a stranger's: a message that is not one of the engine's, an argument
of an unknown type or a value the content lacks, and the English text the server sent stands.
"""

from __future__ import annotations

from typing import Any

from fate.content.model import Content
from fate.content.spoken import option_label
from fate.engine.choices import ChoiceKind, read_choice
from fate.engine.constants import ELDER_SIGNS_TO_LOSE
from fate.engine.said import MESSAGES, TYPES, Said
from fate.ground.language import N_, PLACEHOLDER, _, current, ngettext, number
from fate.words.naming import seat_label

# A question about the asked cult, said to that cult's own player.
YOU = {
    "{card}: where does {cult} lose Cultists?": N_("{card}: where do you lose Cultists?"),
    "{card}: where are {cult}'s Cultists sent home from?": N_("{card}: where are your Cultists sent home from?"),
    "{card}: destroy which Artifact of {cult}?": N_("{card}: destroy which of your Artifacts?"),
}
# A die's choice, asked as a yes-or-no when it is the only die that can be chosen.
ONE_DIE = {
    "Reroll die {n} ({face})": N_("{card}: reroll die {n} ({face})?"),
    "Turn die {n} ({face}) to {to}": N_("{card}: turn die {n} ({face}) to {to}?"),
    "Set aside die {n} ({face})": N_("{card}: set aside die {n} ({face})?"),
}
# A card's choice in a window without its rules text (the review's list, where the card is named).
CARD_ONLY = {"Cast {card}: {text}": N_("Cast {card}"), "Destroy {card}: {text}": N_("Destroy {card}"),
             "Exhaust {card}: {text}": N_("Exhaust {card}"),
             # Translators: a Cultist moved from one place to another, as a short line of Hard's review.
             "Move a Cultist from {frm} to {to}": N_("{frm} → {to}")}
# Short words for choices whose prompt already says what they are about.
SHORT = {("control_action", "take"): N_("Take it"), ("control_action", "skip"): N_("Do not take it")}


def _value(kind: str, value: Any, content: Content, v: dict[str, Any]) -> str | None:
    """One argument in words, or None when it names nothing of this content."""
    if kind in ("card", "text", "solo", "title", "cost"):
        if not isinstance(value, str) or value not in content.by_id:
            return None
        c = content.card(value)
        if kind == "card":
            return c.name
        if kind == "title":
            return c.title
        if kind == "cost":
            return ", ".join(content.symbols[s].name if s else _("any") for s in c.cost) or _("free")
        return c.solo_text or c.text if kind == "solo" else c.text
    if kind == "effect":
        return _("the effect")
    if kind == "option":
        if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int):
            return option_label(content, value[0], value[1])
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    if kind == "n":
        return number(value) if 0 <= value <= 10**6 else None
    if kind == "place":
        return content.locations[value].name if 0 <= value < len(content.locations) else None
    if kind == "face":
        return content.dice.faces[value].name if 0 <= value < len(content.dice.faces) else None
    if kind == "symbol":
        return content.symbols[value].name if 0 <= value < len(content.symbols) else None
    if kind == "cult":
        return seat_label(v, value, None) if 0 <= value < len(v.get("seats") or ()) else None
    return None


def args_of(say: Any) -> dict[str, Any] | None:
    """The arguments of a ``say`` the engine could have written (its message one of the engine's,
    each argument a (type, value) pair), as {name: (type, value)}; else None."""
    if not (isinstance(say, dict) and isinstance(say.get("key"), str) and say["key"] in MESSAGES
            and isinstance(say.get("args"), dict)):
        return None
    out = {}
    for name, arg in say["args"].items():
        if not (isinstance(arg, (list, tuple)) and len(arg) == 2 and isinstance(arg[0], str) and arg[0] in TYPES):
            return None
        out[name] = (arg[0], arg[1])
    return out if {p[1:-1] for p in PLACEHOLDER.findall(say["key"])} == set(out) else None


def words(key: str, args: dict[str, Any], content: Content, v: dict[str, Any]) -> str | None:
    """``key`` said in the language spoken now with ``args`` named from ``content``; None when an
    argument names nothing."""
    named = {}
    for name, (kind, value) in args.items():
        said = _value(kind, value, content, v)
        if said is None:
            return None
        named[name] = said
    try:
        return _(key).format(**named)
    except (KeyError, IndexError, ValueError):  # a catalogue's sentence that does not fit its message
        return key.format(**named)


def said(x: dict[str, Any], content: Content, v: dict[str, Any]) -> str:
    """A prompt's or a choice's words (``x`` has its English ``text`` or ``label``, and ``say``)."""
    english = str(x.get("text", x.get("label", "")))
    args = args_of(x.get("say"))
    if args is None:
        return english
    return words(x["say"]["key"], args, content, v) or english


def question(prompt: dict[str, Any], content: Content, v: dict[str, Any]) -> str:
    """The prompt's question as the table asks it of the looker (``v``: the view it is shown in)."""
    text = said(prompt, content, v)
    args = args_of(prompt.get("say"))
    if args is None:
        return text
    key = prompt["say"]["key"]
    me = v.get("viewer")
    if key in YOU and "choices" in prompt and args.get("cult", (None, None))[1] == me and prompt.get("seat") == me:
        text = words(YOU[key], {k: a for k, a in args.items() if k != "cult"}, content, v) or text
    dice = [c for c in prompt.get("choices", ()) if _kind(c) == ChoiceKind.DIE]
    if len(dice) == 1:
        die = args_of(dice[0].get("say"))
        if die is not None and dice[0]["say"]["key"] in ONE_DIE:
            text = words(ONE_DIE[dice[0]["say"]["key"]], {**die, **{k: a for k, a in args.items() if k == "card"}},
                         content, v) or text
    if prompt.get("kind") == "temporary_control":
        good, faces = temporary_odds(content)
        odds = ngettext("{n} chance in {faces}", "{n} chances in {faces}", good).format(n=good, faces=faces)
        # Translators: {question} asks whether to roll for Temporary Control; {odds} is "1 chance in 6".
        text = _("{question} ({odds}; a failed roll costs nothing)").format(question=text, odds=odds)
    return text


def temporary_odds(content: Content) -> tuple[int, int]:
    """(faces that give Temporary Control, faces of a Fate Die)."""
    return len(content.dice.temporary_control), len(content.dice.faces)


def _kind(choice: dict[str, Any]) -> ChoiceKind | None:
    read = read_choice(choice.get("id"))
    return read.kind if read is not None else None


def labels(prompt: dict[str, Any], content: Content, v: dict[str, Any], short: bool = False) -> dict[str, str]:
    """Each choice's words on its button, by choice id: the engine's label in the language, or
    shorter where the prompt already says what it is about ("Take it", "Hood Wild pair"), and
    what a choice that gains Elder Signs would leave the cult with. ``short``: a card cast or
    used is named without its rules text."""
    out = {}
    me = v.get("viewer")
    kind = str(prompt.get("kind"))
    for c in prompt.get("choices", ()):
        cid = c.get("id")
        out[cid] = said(c, content, v)
        args = args_of(c.get("say")) or {}
        head = _kind(c)
        if short and args and c["say"]["key"] in CARD_ONLY:
            key = CARD_ONLY[c["say"]["key"]]
            out[cid] = words(key, {k: a for k, a in args.items() if "{" + k + "}" in key}, content, v) or out[cid]
        elif (kind, cid) in SHORT:
            out[cid] = _(SHORT[kind, cid])
        elif head == ChoiceKind.CLEANSE and "n" in args and isinstance(me, int) and prompt.get("seat") == me \
                and 0 <= me < len(v.get("seats") or ()):
            n = args["n"][1]
            then = v["seats"][me].get("elder_signs", 0) + n
            # Translators: solo play; {then} of {most}: the cult's Elder Signs after it, and how many lose.
            out[cid] = ngettext("Destroy a Curse: gain {n} Elder Sign ({then} of {most})",
                                "Destroy a Curse: gain {n} Elder Signs ({then} of {most})", n).format(
                n=number(n), then=number(then), most=number(ELDER_SIGNS_TO_LOSE))
        elif head == ChoiceKind.WILD and "symbol" in args:
            sym = _value("symbol", args["symbol"][1], content, v)
            if sym is not None:
                out[cid] = _("{symbol} Wild pair").format(symbol=sym)
        elif head == ChoiceKind.PLAY and {"card", "place"} <= set(args):
            out[cid] = words(N_("Play {card}: to {place}"), {k: args[k] for k in ("card", "place")}, content, v) \
                or out[cid]
        elif head == ChoiceKind.READY and "cost" in args:
            cost = args["cost"][1]
            if isinstance(cost, str) and cost in content.by_id:
                card = content.card(cost)
                names = [content.symbols[s].name if s else _("any symbol") for s in card.cost]
                pays = current().listing(names) if names else _("nothing")
                out[cid] = _("Ready {card} (pays {symbols})").format(card=card.name, symbols=pays)
    return {cid: label[:1].upper() + label[1:] for cid, label in out.items()}  # a button's words open with a capital


def full_label(prompt: dict[str, Any], cid: str, hand: list[dict[str, Any]], content: Content,
               v: dict[str, Any]) -> str:
    """A choice's whole meaning for its tooltip, where its button's words are short ("" where
    the button says it all)."""
    choice = next((c for c in prompt.get("choices", ()) if c.get("id") == cid), None)
    if choice is None:
        return ""
    args = args_of(choice.get("say")) or {}
    head = _kind(choice)
    if head == ChoiceKind.WILD and "symbol" in args:
        sym = args["symbol"][1]
        if isinstance(sym, int) and 0 <= sym < len(content.symbols):
            s = content.symbols[sym]
            n = sum(1 for card in hand if card.get("back") == s.id)
            if n == 2:
                return _("Play both {symbol} Spells together as a Wild pair: the Fate Piece goes to any other "
                         "location.").format(symbol=s.name)
            return _("Play two {symbol} Spells together as a Wild pair: the Fate Piece goes to any other "
                     "location.").format(symbol=s.name)
    label = said(choice, content, v)
    if head == ChoiceKind.CLEANSE:
        return ngettext("{label}. {n} Elder Sign loses the game.", "{label}. {n} Elder Signs lose the game.",
                        ELDER_SIGNS_TO_LOSE).format(label=label, n=number(ELDER_SIGNS_TO_LOSE))
    return _("{label}.").format(label=label) if (prompt.get("kind"), cid) in SHORT else ""


def in_language(text: str, content: Content, v: dict[str, Any]) -> str:
    """What the engine said (a prompt's ``text`` or a choice's ``label`` of a ``Prompt``) in the
    language spoken now; text it did not say so stays as it is."""
    if isinstance(text, Said) and text.key in MESSAGES:
        return words(text.key, dict(text.args), content, v) or str(text)
    return str(text)


def said_again(prompt: dict[str, Any]) -> str:
    """A server's prompt text (or a choice's label) as the engine would hold it: a ``Said`` with its message and
    arguments when the server sent ones the engine could have written, else the text alone."""
    text = str(prompt.get("text", prompt.get("label", "")))
    args = args_of(prompt.get("say"))
    if args is None:
        return text
    out = Said(text)
    out.key = prompt["say"]["key"]
    out.args = args
    return out


def worded(prompt: dict[str, Any], content: Content, v: dict[str, Any]) -> dict[str, Any]:
    """The prompt with its question and every choice's label in the language spoken now (their
    ``say`` kept: the table's shorter words are made from it)."""
    out = dict(prompt, text=said(prompt, content, v))
    if "choices" in prompt:
        out["choices"] = [dict(c, label=said(c, content, v)) for c in prompt["choices"]]
    return out
