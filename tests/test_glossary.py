"""One name for each thing (issue 42): the glossary (data/glossary.yaml) loads, How to Play
shows it, and no string the game can show uses a name the glossary says to avoid
("Gathering Spells" for Hood Spells, "Reserve" for Readied Spells, "casting window").

What the game can show is read from where it comes: the string constants of the code that
builds prompts, labels, tooltips and the Chronicle (docstrings and comments are for
developers), every text of the game's data files (cards, How to Play, Learn to Play), and
the prompts, choice labels (as the table words them) and Chronicle lines of seeded games."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.content import ContentError
from fate.engine import new_game, view
from fate.tools import tutorial
from fate.ui.table.autopass import readable_labels, readable_text
from fate.words import glossary, guide
from fate.words.narration import narrate

ROOT = Path(__file__).resolve().parents[1]
SHOWN_CODE = [ROOT / "fate" / "words" / "narration.py", ROOT / "fate" / "engine", ROOT / "fate" / "ui", ROOT / "fate" / "ai",
              ROOT / "fate" / "records" / "reviews.py", ROOT / "fate" / "records" / "stats.py"]


def avoided() -> dict[str, str]:
    """Each name to avoid, with the term to use instead."""
    return {a: t.term for t in glossary.terms() for a in t.avoid}


def offences(text: str) -> list[str]:
    return [f"{name!r} (say {term!r})" for name, term in avoided().items()
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)]


def code_strings(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs]


def test_the_glossary_loads_and_how_to_play_ends_with_it():
    terms = glossary.load()
    assert len(terms) >= 20 and {"Readied Spells", "Spell symbols", "Elder Sign", "Lodge", "Abyss"} <= {
        t.term for t in terms}
    names = {t.term.lower() for t in terms}
    assert not [a for t in terms for a in t.avoid if a.lower() in names]  # never a term and a name to avoid
    last = guide.sections()[-1]
    assert last.title == "Words of the game" and len(last.text) == len(terms)
    assert last.text[0] == f"{terms[0].term}: {terms[0].meaning}"


def test_no_string_of_the_code_that_shows_things_uses_a_name_to_avoid():
    found = []
    for root in SHOWN_CODE:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            for text in code_strings(path):
                found += [f"{path.relative_to(ROOT)}: {o}" for o in offences(text)]
    assert not found, found


def test_no_text_of_the_games_data_uses_a_name_to_avoid():
    found = []
    for path in sorted((ROOT / "data").glob("*.yaml")):
        if path.name == "glossary.yaml":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.lstrip().startswith("#"):
                found += [f"data/{path.name}:{n}: {o}" for o in offences(line)]
    for lesson in tutorial.load():
        for step in lesson.steps:
            found += [f"lesson {lesson.id}: {o}" for o in offences(step.say)]
    assert not found, found


def test_no_prompt_label_or_chronicle_line_of_real_games_uses_a_name_to_avoid(content):
    found = set()
    for players in (1, 2, 3, 4):
        for seed in range(3):
            g = new_game(content, players, seed)
            rnd = random.Random(seed)
            events, before = g.take_events(), None
            while (p := g.pending()) is not None:
                v = view(g, p.seat)
                if v.get("prompt"):
                    shown = [readable_text(v["prompt"], content), *readable_labels(v, content).values(),
                             *(c["label"] for c in v["prompt"].get("choices", ()))]
                    for text in shown:
                        found.update(offences(text))
                events += g.apply(rnd.choice(p.choices).id)
            v = view(g, 0)
            for e in events:
                line = narrate(e, v, 0 if e.visible_to(0) else None, content, before)
                before = e
                found.update(offences(line or ""))
    assert not found, found


@given(st.text(max_size=300))
def test_a_damaged_glossary_is_one_content_error_line(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("glossary") / "glossary.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        terms = glossary.load(path)
    except ContentError as e:
        assert "\n" not in str(e) and str(e).startswith("data/glossary.yaml")
    else:
        assert all(t.term and t.meaning for t in terms)


def test_every_term_has_its_word_in_every_language_and_a_language_without_one_says_english():
    """Issue 53: data/glossary.yaml names each term in each of the game's languages; a term asked
    in a language it lacks is said in English."""
    from fate.ground.language import ENGLISH, LANGUAGES

    for t in glossary.terms():
        assert set(t.words) == set(LANGUAGES) - {ENGLISH}, t.term
        assert all(w.term in w.forms and w.meaning for w in t.words.values()), t.term
        assert t.said("de") == (t.words["de"].term, t.words["de"].meaning) and t.said("xx") == (t.term, t.meaning)
    assert set(glossary.names()) == set(LANGUAGES) - {ENGLISH}


@pytest.mark.parametrize("text,says", [
    ("terms: []", "expected a list of terms"),
    ("terms: [{term: Lodge, meaning: home}]", "exactly the fields"),
    ("terms: [{term: Lodge, meaning: home, avoid: [3]}]", "'avoid' should be a list of names"),
    ("terms: [{term: Lodge, meaning: a, avoid: []}, {term: lodge, meaning: b, avoid: []}]", "listed twice"),
    # a term in another language: one of the game's languages, with its word, forms, meaning and avoided words
    ("terms: [{term: Lodge, meaning: a, avoid: [], words: {xx: {}}}]", "should name languages of the game"),
    ("terms: [{term: Lodge, meaning: a, avoid: [], words: {en: {}}}]", "should name languages of the game"),
    ("terms: [{term: Lodge, meaning: a, avoid: [], words: {de: {term: Loge}}}]", "Lodge', de: expected the fields"),
    ("terms: [{term: Lodge, meaning: a, avoid: [], words: {de: {term: Loge, meaning: m, avoid: [], forms: 3}}}]",
     "'avoid' and 'forms' should be lists"),
    ("terms: [{term: Lodge, meaning: a, avoid: [], words: {de: {term: '', meaning: m, avoid: [], forms: []}}}]",
     "'term' should be text"),
    ("terms: [{term: Lodge, meaning: a, avoid: []}]\nnames: {de: {streets: {}}}", "names, de: expected places"),
    ("terms: [{term: Lodge, meaning: a, avoid: []}]\nnames: [de]", "'names' should be a table"),
])
def test_a_glossary_that_cannot_be_says_why(tmp_path, text, says):
    path = tmp_path / "glossary.yaml"
    path.write_text(text)
    with pytest.raises(ContentError, match=says):
        glossary.load(path)
