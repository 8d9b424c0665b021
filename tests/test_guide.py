"""How to Play (data/guide.yaml): every decision the engine can ask has its
section, every rule id is explained somewhere, and the words are our own."""

from __future__ import annotations

import pytest

from fate.engine import ContentError
from fate.engine.events import PROMPT_KINDS
from fate.words import guide
from tests.rules_coverage import rule_ids
from tests.shingles import RUN, rulebook_shingles, shingles


def test_every_prompt_kind_opens_exactly_one_section():
    sections = guide.load()
    for kind in PROMPT_KINDS:
        owners = [s.id for s in sections if kind in s.prompts]
        assert len(owners) == 1, f"{kind}: {owners}"
        assert guide.section_for(kind, sections).id == owners[0]
    unknown = {k for s in sections for k in s.prompts} - set(PROMPT_KINDS)
    assert not unknown
    assert guide.section_for("no_such_kind", sections) is None


def test_every_rule_id_is_explained_and_every_id_named_exists():
    sections = guide.load()
    named = [r for s in sections for r in s.rules]
    ids = set(rule_ids())
    assert len(ids) == 82
    assert set(named) == ids, sorted(ids - set(named)) or sorted(set(named) - ids)


def test_the_pictures_are_the_tables_own():
    from fate.ui.kit.art import GLYPHS

    for s in guide.load():
        assert s.art and set(s.art) <= set(GLYPHS), s.id


def test_no_sentence_of_the_rulebook_is_copied():
    """No run of eight words of the publisher's rulebook appears in the guide (or in our
    cards); the fixture keeps only hashes of the rulebook's runs (tests/shingles.py)."""
    copied = rulebook_shingles()
    assert len(copied) > 5000
    for s in guide.load():
        assert not shingles(" ".join(s.text)) & copied, s.id
    assert shingles("When you gain a Curse, the player to your right draws 1 Curse card and secretly "
                    "reads the text.") & copied  # the check does find a copied sentence
    assert RUN == 8


def test_search_filters_by_every_word_typed():
    sections = guide.load()
    assert guide.search("", sections) == list(sections)
    raid = [s.id for s in guide.search("RAID", sections)]
    assert "raids" in raid and "streets" in raid and "goal" not in raid
    assert [s.id for s in guide.search("gate wild", sections)] == [
        s.id for s in sections if "gate" in s.words() and "wild" in s.words()]
    assert [s.id for s in guide.search("r-mv-5", sections)] == ["arrive"]
    assert guide.search("xyzzy", sections) == []


@pytest.mark.parametrize("text,says", [
    ("sections: [", "data/guide.yaml: line 1: not valid YAML"),
    ("sections: []", "expected a list of sections"),
    ("sections: [{id: a, title: A, rules: [], prompts: [], art: [eye]}]", "section a: missing field 'text'"),
    ("sections: [{id: a, title: A, rules: [], prompts: [], art: [], text: [x], more: 1}]",
     "section a: unknown field 'more'"),
    ("sections: [{id: a, title: A, rules: [], prompts: [], art: [], text: []}]", "section a: text: a section needs"),
    ("sections: [{id: a, title: '', rules: [], prompts: [], art: [], text: [x]}]", "section a: title"),
    ("sections: [{id: a, title: A, rules: R-MV-1, prompts: [], art: [], text: [x]}]", "section a: rules"),
    ("sections: [{id: a, title: A, rules: [], prompts: [], art: [], text: [x]},"
     " {id: a, title: B, rules: [], prompts: [], art: [], text: [y]}]", "section a: the id is used twice"),
    ("sections: [7]", "section #1: expected a map"),
])
def test_a_damaged_guide_is_one_line_naming_where(tmp_path, text, says):
    f = tmp_path / "guide.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as e:
        guide.load(f)
    assert says in str(e.value) and "\n" not in str(e.value)


def test_how_to_play_says_what_the_table_is_asking_for_every_kind_of_prompt():
    """The sentence over a section opened by "?" (fate/ui/screens/rules.py): one for each kind
    of prompt the engine can ask, no more."""
    from fate.ui.screens.rules import ASKING

    assert set(ASKING) == set(PROMPT_KINDS)


def test_how_to_play_in_another_language_keeps_its_sections_and_speaks_that_language():
    """Issue 53: the same sections, ids, rules and pictures; the title and every paragraph from
    the catalogue, the legend and the glossary in the language."""
    from fate.ground import language

    english = guide.spoken()
    language.use("de")
    try:
        german = guide.spoken()
    finally:
        language.use("en")
    assert [s.id for s in german] == [s.id for s in english] == [s.id for s in guide.sections()]
    assert [(s.rules, s.prompts, s.art) for s in german] == [(s.rules, s.prompts, s.art) for s in english]
    assert all(g.title != e.title for g, e in zip(german, english, strict=True))
    paragraphs = [(g, e) for gs, es in zip(german, english, strict=True) for g, e in zip(gs.text, es.text, strict=True)]
    assert len(paragraphs) >= 90 and [e for g, e in paragraphs if g == e] == []
