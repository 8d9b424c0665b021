"""The content in a player's language: the words of the cards, the places, the Spell symbols,
the dice faces and the solo levels, from the catalogues.

Each word is a message keyed by what it is and which of its fields ("card:key-08:name",
"location:museum:basic_text"), its English the message itself: a translator sees the card's
English beside its key, and the data files keep English as the source. The rules never read a
word, only ids and numbers, so a window's own games run on the content of its language (the
same fingerprint: a save made in German loads in English), and names come out of the engine
already in it. What a server sends (always English: a server speaks no language) is put into
the window's words by id as it arrives (``in_words``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from fate.content.model import Content
from fate.ground.language import ENGLISH, current, tongue

# Each kind of record and the fields of it that are words.
WORDS: dict[str, tuple[str, ...]] = {
    "card": ("name", "title", "text", "solo_text", "flavor"),
    "location": ("name", "basic_text", "control_text"),
    "symbol": ("name",),
    "face": ("name", "text"),
    "solo": ("name", "text"),
}
_spoken: dict[tuple[int, str], Content] = {}
_english: dict[int, Content] = {}  # a spoken content's English one, by id
_codes: dict[int, str] = {}  # a spoken content's language, by id


def context(kind: str, rid: str, field: str) -> str:
    """The catalogue's key of one word: "card:key-08:name"."""
    return f"{kind}:{rid}:{field}"


def _records(content: Content) -> Iterator[tuple[str, Any]]:
    yield from (("card", c) for c in content.cards)
    yield from (("location", loc) for loc in content.locations)
    yield from (("symbol", s) for s in content.symbols)
    yield from (("face", f) for f in content.dice.faces)
    yield from (("solo", s) for s in content.solo_levels)


def messages(content: Content) -> Iterator[tuple[str, str, str]]:
    """Every word of the content as (key, English, where it is written) for the template."""
    files = {"card": "data/ (the card's file)", "location": "data/locations.yaml", "symbol": "data/symbols.yaml",
             "face": "data/dice.yaml", "solo": "data/solo.yaml"}
    for kind, record in _records(content):
        for field in WORDS[kind]:
            english = getattr(record, field, "")
            if english:
                yield context(kind, record.id, field), english, files[kind]
        if kind == "card":
            for i, label in enumerate(_options(content, record)):
                yield context(kind, record.id, f"option:{i}"), label, files[kind]


def _options(content: Content, card: Any) -> tuple[str, ...]:
    """The English labels of the options a card's effect lets its player choose among (its first
    ``choose`` step, in its effect or its solo effect, or in a list those run), or none."""
    todo = [i for i in (card.effect, card.solo_effect) if isinstance(i, int) and i >= 0]
    seen: set[int] = set()
    while todo:
        lst = todo.pop(0)
        if lst in seen or not 0 <= lst < len(content.step_lists):
            continue
        seen.add(lst)
        for step in content.step_lists[lst]:
            if step.get("options"):
                return tuple(str(label) for label, _steps in step["options"])
            todo += [step[k] for k in ("steps", "then", "otherwise") if isinstance(step.get(k), int)]
    return ()


def option_label(content: Content, card_id: str, i: int) -> str | None:
    """The ``i``-th option of a card's effect in ``content``'s language (None if it has none)."""
    if card_id not in content.by_id:
        return None
    english = english_of(content)
    labels = _options(english, english.card(card_id))
    if not 0 <= i < len(labels):
        return None
    code = _codes.get(id(content), ENGLISH)
    return labels[i] if code == ENGLISH else tongue(code).pgettext(context("card", card_id, f"option:{i}"), labels[i])


def spoken(content: Content, code: str) -> Content:
    """``content`` with every word in the language ``code`` (English: ``content`` itself; a word
    a catalogue lacks stays English). The same ids, numbers, effects and fingerprint."""
    content = english_of(content)  # the words are looked up by their English, never by another language's
    if code == ENGLISH:
        return content
    key = (id(content), code)
    if key not in _spoken:
        said = tongue(code).pgettext

        def words(kind: str, record: Any) -> Any:
            changes = {f: said(context(kind, record.id, f), getattr(record, f)) for f in WORDS[kind]
                       if getattr(record, f, "")}
            return dataclasses.replace(record, **changes)

        _spoken[key] = dataclasses.replace(
            content, cards=tuple(words("card", c) for c in content.cards),
            locations=tuple(words("location", loc) for loc in content.locations),
            symbols=tuple(words("symbol", s) for s in content.symbols),
            dice=dataclasses.replace(content.dice, faces=tuple(words("face", f) for f in content.dice.faces)),
            solo_levels=tuple(words("solo", s) for s in content.solo_levels), derived={})
        _english[id(_spoken[key])] = content
        _codes[id(_spoken[key])] = code
    return _spoken[key]


def english_of(content: Content) -> Content:
    """The English content a spoken one was made from (``content`` itself if it is English)."""
    return _english.get(id(content), content)


def in_words(x: Any, english: Content, own: Content) -> Any:
    """A message from a server (a view, events, a chronicle), its card and place words put into
    ``own``'s language by id: a card's name, title and text wherever a dict names a card by "id"
    (or "card", or an Elder God by "god"), and a place's name in the view's locations (a solo
    level goes by its id alone). Words the English content does not have (a player's name) stay."""
    if english is own:
        return x
    if isinstance(x, list):
        return [in_words(v, english, own) for v in x]
    if not isinstance(x, dict):
        return x
    out = {k: in_words(v, english, own) for k, v in x.items()}
    for key in ("id", "card", "god"):
        cid = out.get(key)
        if isinstance(cid, str) and cid in english.by_id:
            _swap(out, english.card(cid), own.card(cid), WORDS["card"])
            break
    else:
        loc = out.get("id")
        if isinstance(loc, str) and "cultists" in out:  # a place of the view
            _swap(out, *_place(english, own, loc), WORDS["location"])
    return out


def _place(english: Content, own: Content, loc: str) -> tuple[Any, Any]:
    i = next((k for k, place in enumerate(english.locations) if place.id == loc), -1)
    return (english.locations[i], own.locations[i]) if i >= 0 else (None, None)


def _swap(d: dict[str, Any], english: Any, own: Any, fields: tuple[str, ...]) -> None:
    """Each word of ``d`` ("name", "title", "text") that is one of ``english``'s, as ``own`` says it."""
    if english is None:
        return
    said = {getattr(english, f): getattr(own, f) for f in fields if getattr(english, f, "")}
    for key in ("name", "title", "text"):
        if isinstance(d.get(key), str) and d[key] in said:
            d[key] = said[d[key]]


def heard(message: dict[str, Any], content: Content) -> dict[str, Any]:
    """A server's message of a game (a state, a spectator's view, a chronicle) in the words of the
    language spoken now (``content``: any content of the game, in any language)."""
    if not any(k in message for k in ("view", "events", "prompt")):
        return message
    english = english_of(content)
    return in_words(message, english, spoken(english, current().code))  # type: ignore[no-any-return]
