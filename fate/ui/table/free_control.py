"""The Control Actions the table takes for a player: those that cost nothing and can only help.

The engine asks "Control Action at The Library? Take it / Do not take it" wherever a
seat has Control (R-AC-2) or won it with a roll (R-AC-3). At four places taking it
gives up nothing, because the action is either a pure gain or only opens choices
that can each be declined; at two it is paid for with Cultists. Judged place by
place from the rules (docs/design-decisions.md, "Control Actions the table takes"):

- The Other Worlds (R-OW-2): Cultists come back from the Abyss to the Lodge, one for
  each Cultist-return face of the roll just made. Nothing is paid; a Cultist in the
  Lodge is never worse than one in the Abyss (R-MV-6, R-MV-7). Taken.
- The Museum (R-MU-3): "you may" replace the two Artifacts, then "you may" sacrifice
  up to three Cultists: both are asked next, each with a No. Taken.
- The Gathering (R-GA-2): move any number of Cultists, none included (the next
  question has "Move no more Cultists"). Taken.
- The Library (R-LI-3): Ready one Spell from hand for free; the next question has
  "Ready nothing". Taken.
- The Ceremony (R-CE-2): two Cultists are sacrificed to advance the Summon token.
  A price: asked.
- Streets of Arkham (R-SA-2, solo R-SO-5): a Cultist is sacrificed. A price: asked.

In solo play with a Curse to destroy, the same question offers R-SO-7 instead of
the Control Action: a real choice, always asked.

A setting seat by seat (Settings, kept): ``helps`` (the default: take where it can
only help), ``always`` (take it everywhere but where a Curse could be destroyed
instead) and ``ask``. No pygame here: the bench plays the same rules.
"""

from __future__ import annotations

from fate.engine import Prompt
from fate.engine.constants import (
    CEREMONY,
    GATHERING,
    LIBRARY,
    MUSEUM,
    OTHER_WORLDS,
    STREETS,
)
from fate.ground.language import N_, _
from fate.records.settings import CONTROL_MODES

DEFAULT_CONTROL = "helps"
CONTROL_WORDS = {"helps": N_("Where it helps"), "always": N_("Always take"), "ask": N_("Ask")}  # translated where shown
CONTROL_TIPS = {
    "helps": N_("The table takes the Control Action for you where it costs nothing and can only help (The Other "
                "Worlds, The Museum, The Gathering, The Library: each choice inside it is still yours), and asks "
                "where it costs Cultists (The Ceremony, Streets of Arkham) or where a Curse could be destroyed "
                "instead."),
    "always": N_("The table takes every Control Action for you, those paid with Cultists too; it still asks when "
                 "a Curse could be destroyed instead."),
    "ask": N_("The table asks each time you may take a Control Action."),
}
# place -> (the rule, why taking it can only help), for the places where it can
FREE = {
    OTHER_WORLDS: ("R-OW-2", N_("Cultists come back from the Abyss to your Lodge, for nothing")),
    MUSEUM: ("R-MU-3", N_("you still choose whether to replace the Artifacts and whether to sacrifice")),
    GATHERING: ("R-GA-2", N_("you still choose which Cultists move, or none")),
    LIBRARY: ("R-LI-3", N_("you still choose the Spell to Ready, or none")),
}
# place -> (the rule, what taking it costs), where it is asked by default
COSTLY = {
    CEREMONY: ("R-CE-2", "it sacrifices two of your Cultists"),
    STREETS: ("R-SA-2", "it sacrifices one of your Cultists"),
}


def control_place(p: Prompt) -> int:
    """The location a control_action prompt is about (-1 if it is not one)."""
    ctx = p.context
    if p.kind == "control_action" and len(ctx) == 2 and ctx[0] == "location" and isinstance(ctx[1], int):
        return ctx[1]
    return -1


def only_helps(p: Prompt) -> bool:
    """Is this a Control Action that costs nothing and can only help: offered as take or skip
    (no Curse to destroy instead) at a place of ``FREE``?"""
    return control_place(p) in FREE and {c.id for c in p.choices} == {"take", "skip"}


def control_mode(modes: list[str], seat: int) -> str:
    return modes[seat] if 0 <= seat < len(modes) and modes[seat] in CONTROL_MODES else DEFAULT_CONTROL


def control_answer(modes: list[str], p: Prompt) -> str | None:
    """The table's answer to a Control Action prompt under the seat's setting ("take"), or None
    to ask."""
    if p.kind != "control_action" or p.choice("take") is None or p.choice("cleanse") is not None:
        return None
    mode = control_mode(modes, p.seat)
    if mode == "always" or (mode == "helps" and only_helps(p)):
        return "take"
    return None


def control_reason(p: Prompt, mode: str) -> str:
    """The Chronicle's line for a Control Action the table took, just before the line that
    says which one was taken: why."""
    loc = control_place(p)
    if loc in FREE and mode == "helps":
        return _("Taken for you, as it can only help ({why}).").format(why=_(FREE[loc][1]))
    if mode == "always":
        return _("Taken for you (Control Action: always take, in Settings).")
    return _("Taken for you (Control Action: where it helps, in Settings).")
