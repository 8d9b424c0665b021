"""English grammar for the words not yet in the catalogues (the review's and the hints' reasons,
fate/ai/gains.py and fate/ai/critic.py): a verb agreeing with its subject, a noun's plural, a
count. The Chronicle and the table's words are whole sentences of the catalogue instead
(fate/words/narration.py); these go as those last words are marked.
"""

from __future__ import annotations

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
    """ "1 Curse", "2 Curses", "0 Curses", "3 dice" (English only: see above)."""
    return f"{n} {noun if n == 1 else plural_of(noun)}"
