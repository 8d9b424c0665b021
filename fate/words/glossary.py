"""The words of the game (``data/glossary.yaml``): one name for each thing.

Each term has its meaning, in our words, and the other names it must never go by
(``avoid``). How to Play shows the terms as its last section (fate/words/guide.py), and
tests/test_glossary.py reads every string the game shows for an avoided name.
No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fate.content import ContentError
from fate.ground.paths import data_dir
from fate.ground.untrusted import InputError, cut, read_yaml

FIELDS = {"term", "meaning", "avoid"}


@dataclass(frozen=True)
class Term:
    term: str
    meaning: str
    avoid: tuple[str, ...]


def load(path: Path | None = None) -> tuple[Term, ...]:
    """The terms in reading order; ContentError naming the file, the term and the field."""
    path = path or data_dir() / "glossary.yaml"
    where = f"data/{path.name}"
    try:
        data = read_yaml(path, 1 << 18)
    except InputError as e:
        raise ContentError(f"{where}: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list) or not data["terms"]:
        raise ContentError(f"{where}: expected a list of terms under 'terms'")
    out: list[Term] = []
    for i, raw in enumerate(data["terms"]):
        name = raw.get("term") if isinstance(raw, dict) and isinstance(raw.get("term"), str) else f"#{i + 1}"
        at = f"{where}: term {cut(name)}"
        if not isinstance(raw, dict) or set(raw) != FIELDS:
            raise ContentError(f"{at}: expected exactly the fields {', '.join(sorted(FIELDS))}")
        if not isinstance(raw["term"], str) or not raw["term"].strip():
            raise ContentError(f"{at}: 'term' should be text")
        if not isinstance(raw["meaning"], str) or not raw["meaning"].strip():
            raise ContentError(f"{at}: 'meaning' should be text")
        avoid = raw["avoid"]
        if not isinstance(avoid, list) or not all(isinstance(a, str) and a.strip() for a in avoid):
            raise ContentError(f"{at}: 'avoid' should be a list of names")
        if any(t.term.lower() == raw["term"].lower() for t in out):
            raise ContentError(f"{at}: the term is listed twice")
        out.append(Term(raw["term"].strip(), " ".join(raw["meaning"].split()), tuple(a.strip() for a in avoid)))
    return tuple(out)


@lru_cache(maxsize=1)
def terms() -> tuple[Term, ...]:
    return load()
