"""Could a card held make a roll better for its holder, or a rival's roll worse? The
auto-pass default (fate/ui/table/autopass.py) stops after a roll only where one could:
a chance to cast that no card in hand could use well is passed for the player.

A roll is judged by its purpose, from the roller's side: the faces that are good for
the roller, and whether the roll already did what it was for.

- Temporary Control (R-AC-3): the Pentagram; one is a success.
- The Other Worlds (R-OW-1, R-OW-2): the summon faces, and the Cultist-return face
  when the roller holds Control and has Cultists in the Abyss (without Control a
  return face counts only if a later roll of one chance in six wins it: not worth a stop).
- A raid (R-RD-2): every face but the two Elder Sign faces.
- A card's own roll: not judged (a card for dice is always offered there).

A card betters the player's own roll by setting a die to a good face where one is
not, setting a bad die aside in a raid, rerolling a bad die where at least
``REROLL_WORTH`` of the faces are good, or adding dice where more is better and the
added dice give at least that chance. It spoils a rival's roll by rerolling or
setting aside a die that is good for the rival where the die then turns out worse
at least that often, setting a die to a face bad for the rival, or adding dice to a
raid on the rival.
"""

from __future__ import annotations

from fate.content.model import Content
from fate.engine import Game
from fate.engine.choices import ChoiceKind, read_choice

DICE_STEPS = frozenset({"reroll", "set_face", "remove_dice", "add_dice"})
RAID_STEPS = frozenset({"investigators_home"})
REROLL_WORTH = 1 / 3  # a die is worth a card when its chance of turning out the way wanted is at least this


def _steps(content: Content, steps: int) -> list[dict]:
    """The effect steps of a step list, those of its options included."""
    out = []
    for step in content.step_lists[steps] if 0 <= steps < len(content.step_lists) else ():
        out.append(step)
        for _, more in step.get("options", ()):
            out += _steps(content, more)
    return out


def _card_of(cid: str) -> str | None:
    """The card a choice casts or uses ("cast:<card>", "use:<card>"), or None."""
    read = read_choice(cid)
    return read.value if read is not None and read.kind in (ChoiceKind.CAST, ChoiceKind.USE) else None


def _card_steps(content: Content, cid: str) -> list[dict]:
    card = _card_of(cid)
    if card is None or card not in content.by_id:
        return []
    return _steps(content, content.card(card).effect)


def judged(g: Game) -> tuple[str, frozenset[int], bool] | None:
    """(the purpose of the pending roll, the faces good for its roller, whether it already
    succeeded), or None where the roll is not judged (a card's own roll, no roll, no game)."""
    rolls, stack = getattr(g, "rolls", None), getattr(g, "stack", None)
    if not rolls or stack is None:
        return None
    end = next((t for t in reversed(stack) if t and t[0] == "roll_end"), None)
    if end is None:
        return None
    roller, purpose = end[1], end[2]
    d = g.content.dice
    faces = rolls[-1]
    if purpose == "temporary":
        return purpose, d.temporary_control, any(f in d.temporary_control for f in faces)
    if purpose == "other_worlds":
        returns = d.cultist_return if getattr(g, "ctl", 0) and g.abyss[roller] > 0 else frozenset()
        return purpose, d.summon | returns, False
    if purpose == "raid":
        return purpose, frozenset(range(len(d.faces))) - d.raid_sign - d.raid_sign_kill, False
    return None


def _worth(good: int, faces: int, dice: int = 1) -> bool:
    """Do ``dice`` new dice show one of ``good`` faces in ``faces`` at least ``REROLL_WORTH`` of the time?"""
    return faces > 0 and 1 - (1 - good / faces) ** max(1, dice) >= REROLL_WORTH


def betters_roll(content: Content, g: Game | None, cid: str) -> bool:
    """Could the card this choice casts make the player's own pending roll better? (``g``: the
    game at a local table; None online, where the client holds no game and such a card is asked.)"""
    steps = _card_steps(content, cid)
    if g is None:
        return bool({step["do"] for step in steps} & DICE_STEPS)
    if not g.rolls:
        return False
    got = judged(g)
    if got is None:
        return bool({s["do"] for s in steps} & DICE_STEPS)  # a card's own roll: asked
    purpose, good, success = got
    n = len(g.content.dice.faces)
    short = not success and any(f not in good for f in g.rolls[-1])
    for step in steps:
        what = step["do"]
        if what == "reroll" and short and _worth(len(good), n):
            return True
        if what == "set_face" and short and step.get("face") in good:
            return True
        if what == "remove_dice" and purpose == "raid" and short:
            return True
        if what == "add_dice" and purpose != "raid" and not success and _worth(len(good), n, step.get("amount", 1)):
            return True
    return False


def spoils_roll(content: Content, g: Game | None, cid: str) -> bool:
    """Could the card this choice casts make a rival's pending roll worse for that rival?
    (``g`` as for ``betters_roll``.)"""
    steps = _card_steps(content, cid)
    if not {s["do"] for s in steps} & DICE_STEPS:
        return False
    if g is None:
        return True  # online the client holds no game: asked
    got = judged(g)
    if got is None:
        return bool(g.rolls)  # a card's own roll: asked
    purpose, good, success = got
    n = len(g.content.dice.faces)
    faces = g.rolls[-1]
    helps = any(f in good for f in faces) if purpose != "temporary" else success
    for step in steps:
        what = step["do"]
        if what == "reroll" and helps and _worth(n - len(good), n):
            return True
        if what == "set_face" and helps and step.get("face") not in good:
            return True
        if what == "remove_dice" and helps:
            return True
        if what == "add_dice" and purpose == "raid" and _worth(n - len(good), n, step.get("amount", 1)):
            return True
    return False


def answers_raid(content: Content, cid: str) -> bool:
    """Is the card this choice casts made for a raid on the player: sending Investigators home
    from its Lodge, or timed for a raid?"""
    return "raided" in timing_of(content, cid) or any(s["do"] in RAID_STEPS for s in _card_steps(content, cid))


def timing_of(content: Content, cid: str) -> frozenset[str]:
    """The timing words of the card a choice casts or uses ("cast:<card>", "use:<card>")."""
    card = _card_of(cid)
    if card is not None and card in content.by_id:
        return frozenset(content.card(card).timing)
    return frozenset()


