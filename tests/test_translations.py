"""The six languages beside English (issue 53): each catalogue translates every message the game
marks, in its glossary's words (data/glossary.yaml) and no word the glossary avoids, with the
English's placeholders and its language's number of plural forms; and a line of the Chronicle
said in it is its own words, not English."""

from __future__ import annotations

import random

import pytest

from fate.engine import new_game, view
from fate.ground import language
from fate.ground.language import ENGLISH, LANGUAGES
from fate.tools import catalogues
from fate.words.narration import narrate

OTHERS = [code for code in LANGUAGES if code != ENGLISH]


@pytest.fixture(scope="module")
def template():
    return catalogues.extract()  # afresh from the sources: a message marked today counts


@pytest.mark.parametrize("code", OTHERS)
def test_every_message_is_translated_in_the_glossarys_words(template, code):
    catalog = catalogues.read(catalogues.po_path(code), code)
    missing = [m.id for m in template if m.id and not _done(catalog, m)]
    assert missing == [], f"{len(missing)} untranslated, as {missing[:5]}"
    assert catalogues.glossary_problems(code) == []


def _done(catalog, m) -> bool:
    t = catalog.get(m.id, m.context)
    if t is None or t.fuzzy or not t.string:
        return False
    return all([t.string] if isinstance(t.string, str) else list(t.string))


@pytest.mark.parametrize("code", OTHERS)
def test_a_seeded_games_chronicle_is_told_in_the_language_not_in_english(content, code):
    """Every line of a game told in the language differs from its English (a line left English
    would be the same), and none names a term the way the glossary avoids."""
    g = new_game(content, 3, 7)
    events = g.take_events()
    r = random.Random(7)
    while (p := g.pending()) is not None and len(events) < 400:
        events += g.apply(r.choice(p.choices))
    v = view(g, 0)
    english = [narrate(e, v, 0, content) for e in events if e.visible_to(0)]
    language.use(code)
    try:
        told = [narrate(e, v, 0, content) for e in events if e.visible_to(0)]
    finally:
        language.use(ENGLISH)
    pairs = [(a, b) for a, b in zip(english, told, strict=True) if a is not None]
    assert len(pairs) > 50
    assert [a for a, b in pairs if a == b] == []


@pytest.mark.parametrize("code", OTHERS)
def test_every_letter_a_translation_writes_is_drawn_by_the_faces_of_its_language(code):
    """A translation holds no character the language's faces would draw as a box: the body and
    italic faces hold every one; the bold and title faces every one its English does not share
    (the keys' arrows of "Keys: ←/→ ↑/↓" are the English's own)."""
    import pygame

    from fate.ground.language import LETTERS
    from fate.ui.kit.face import choose, spec_holds
    from fate.ui.kit.theme import Ink

    pygame.font.init()
    folder = Ink().folder
    catalog = catalogues.read(catalogues.po_path(code), code)
    missing: dict[str, set[str]] = {}
    for m in catalog:
        if not m.id or not m.string:
            continue
        english = "".join([m.id] if isinstance(m.id, str) else m.id)
        for text in [m.string] if isinstance(m.string, str) else m.string:
            for role in ("body", "italic", "bold", "title"):
                spec = choose(folder, role, LETTERS[code])
                lacking = {ch for ch in text if not spec_holds(folder, spec, ch)}
                if role in ("bold", "title"):
                    lacking -= set(english)
                if lacking:
                    missing.setdefault(role, set()).update(lacking)
    assert missing == {}
