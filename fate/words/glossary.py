"""The words of the game (``data/glossary.yaml``): one name for each thing.

Each term has its meaning, in our words, and the other names it must never go by
(``avoid``). How to Play shows the terms as its last section (fate/words/guide.py), and
tests/test_glossary.py reads every string the game shows for an avoided name.
No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from fate.content import ContentError
from fate.ground.language import ENGLISH, LANGUAGES
from fate.ground.paths import data_dir
from fate.ground.untrusted import InputError, cut, read_yaml

FIELDS = {"term", "meaning", "avoid"}
WORD_FIELDS = {"term", "meaning", "avoid", "forms"}  # a term in another language ("plural" may join them)
NAME_GROUPS = ("places", "symbols", "dice", "other")


@dataclass(frozen=True)
class Word:
    """A term in one language: the one word for it (``term``), every form of it a sentence may
    use (``forms``: its plural, its cases), its meaning, and the words never used for it."""
    term: str
    forms: tuple[str, ...]
    meaning: str
    avoid: tuple[str, ...]


@dataclass(frozen=True)
class Term:
    term: str
    meaning: str
    avoid: tuple[str, ...]
    words: dict[str, Word] = field(default_factory=dict)  # language code: the term in that language

    def said(self, code: str) -> tuple[str, str]:
        """(term, meaning) in the language ``code``, English where it has none."""
        w = self.words.get(code)
        return (w.term, w.meaning) if w is not None else (self.term, self.meaning)


def _texts(x: Any) -> bool:
    return isinstance(x, list) and all(isinstance(a, str) and a.strip() and len(a) <= 80 for a in x)


def _word(raw: Any, at: str) -> Word:
    if not isinstance(raw, dict) or not {"term", "meaning", "avoid", "forms"} <= set(raw) <= WORD_FIELDS | {"plural"}:
        raise ContentError(f"{at}: expected the fields {', '.join(sorted(WORD_FIELDS))} (and maybe plural)")
    for key in ("term", "meaning") + (("plural",) if "plural" in raw else ()):
        if not isinstance(raw[key], str) or not raw[key].strip() or len(raw[key]) > 600:
            raise ContentError(f"{at}: '{key}' should be text")
    if not _texts(raw["avoid"]) or not _texts(raw["forms"]):
        raise ContentError(f"{at}: 'avoid' and 'forms' should be lists of words")
    forms = [raw["term"]] + ([raw["plural"]] if "plural" in raw else []) + list(raw["forms"])
    return Word(raw["term"].strip(), tuple(dict.fromkeys(f.strip() for f in forms)), " ".join(raw["meaning"].split()),
                tuple(a.strip() for a in raw["avoid"]))


def _words(raw: Any, at: str) -> dict[str, Word]:
    if not isinstance(raw, dict) or not all(code in LANGUAGES and code != ENGLISH for code in raw):
        raise ContentError(f"{at}: 'words' should name languages of the game ({', '.join(LANGUAGES)}), not English")
    return {code: _word(w, f"{at}, {code}") for code, w in raw.items()}


def _names(raw: Any, where: str) -> dict[str, dict[str, dict[str, str]]]:
    """The board's names per language (places, symbols, dice faces, other things), checked."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(code in LANGUAGES and code != ENGLISH for code in raw):
        raise ContentError(f"{where}: 'names' should be a table of the game's languages")
    out: dict[str, dict[str, dict[str, str]]] = {}
    for code, groups in raw.items():
        if not isinstance(groups, dict) or not set(groups) <= set(NAME_GROUPS) or not all(
                isinstance(g, dict) and all(isinstance(k, str) and isinstance(v, str) and v.strip() and len(v) <= 80
                                            for k, v in g.items()) for g in groups.values()):
            raise ContentError(f"{where}: names, {code}: expected {', '.join(NAME_GROUPS)}, each English: translation")
        out[code] = {g: dict(names) for g, names in groups.items()}
    return out


def load(path: Path | None = None) -> tuple[Term, ...]:
    """The terms in reading order; ContentError naming the file, the term and the field."""
    return load_all(path)[0]


def load_all(path: Path | None = None) -> tuple[tuple[Term, ...], dict[str, dict[str, dict[str, str]]]]:
    """The terms in reading order and the board's names per language; ContentError naming the
    file, the term and the field."""
    path = path or data_dir() / "glossary.yaml"
    where = f"data/{path.name}"
    try:
        data = read_yaml(path, 1 << 20)
    except InputError as e:
        raise ContentError(f"{where}: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list) or not data["terms"]:
        raise ContentError(f"{where}: expected a list of terms under 'terms'")
    out: list[Term] = []
    for i, raw in enumerate(data["terms"]):
        name = raw.get("term") if isinstance(raw, dict) and isinstance(raw.get("term"), str) else f"#{i + 1}"
        at = f"{where}: term {cut(name)}"
        if not isinstance(raw, dict) or not FIELDS <= set(raw) <= FIELDS | {"words"}:
            raise ContentError(f"{at}: expected exactly the fields {', '.join(sorted(FIELDS))} (and maybe words)")
        if not isinstance(raw["term"], str) or not raw["term"].strip():
            raise ContentError(f"{at}: 'term' should be text")
        if not isinstance(raw["meaning"], str) or not raw["meaning"].strip():
            raise ContentError(f"{at}: 'meaning' should be text")
        avoid = raw["avoid"]
        if not isinstance(avoid, list) or not all(isinstance(a, str) and a.strip() for a in avoid):
            raise ContentError(f"{at}: 'avoid' should be a list of names")
        if any(t.term.lower() == raw["term"].lower() for t in out):
            raise ContentError(f"{at}: the term is listed twice")
        words = _words(raw["words"], at) if "words" in raw else {}
        out.append(Term(raw["term"].strip(), " ".join(raw["meaning"].split()), tuple(a.strip() for a in avoid),
                        words))
    return tuple(out), _names(data.get("names"), where)


@lru_cache(maxsize=1)
def terms() -> tuple[Term, ...]:
    return load()


@lru_cache(maxsize=1)
def names() -> dict[str, dict[str, dict[str, str]]]:
    """The board's names per language: {code: {"places": {English: translation}, ...}}."""
    return load_all()[1]
