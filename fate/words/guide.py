"""How to Play: the rules reference of ``data/guide.yaml``, loaded and checked.

Each section names the rule ids it explains, the prompt kinds it governs (the
table's "?" opens the section of the decision being asked), the table's own
pictures to show, and its paragraphs. ``search`` filters sections as a player
types. No pygame here: the checks are testable on their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fate.content import ContentError
from fate.ground.paths import data_dir
from fate.ground.untrusted import InputError, cut, read_yaml

FIELDS = {"id", "title", "rules", "prompts", "art", "text"}


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    rules: tuple[str, ...]
    prompts: tuple[str, ...]
    art: tuple[str, ...]
    text: tuple[str, ...]

    def words(self) -> str:
        """Everything a search looks through, in lower case."""
        return " ".join((self.title, *self.rules, *self.text)).lower()


def load(path: Path | None = None) -> tuple[Section, ...]:
    """The sections in reading order; ContentError naming the file, section and field."""
    path = path or data_dir() / "guide.yaml"
    where = f"data/{path.name}"
    try:
        data = read_yaml(path, 1 << 20)
    except InputError as e:
        raise ContentError(f"{where}: {e}") from None
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list) or not data["sections"]:
        raise ContentError(f"{where}: expected a list of sections under 'sections'")
    out: list[Section] = []
    seen: set[str] = set()
    for i, raw in enumerate(data["sections"]):
        name: str = raw["id"] if isinstance(raw, dict) and isinstance(raw.get("id"), str) else f"#{i + 1}"
        at = f"{where}: section {name}"
        if not isinstance(raw, dict):
            raise ContentError(f"{at}: expected a map of {', '.join(sorted(FIELDS))}")
        unknown = set(raw) - FIELDS
        missing = FIELDS - set(raw)
        if unknown or missing:
            what = (f"unknown field {cut(sorted(map(str, unknown))[0])}" if unknown
                    else f"missing field {cut(sorted(missing)[0])}")
            raise ContentError(f"{at}: {what}")
        if name in seen:
            raise ContentError(f"{at}: the id is used twice")
        seen.add(name)
        if not isinstance(raw["title"], str) or not raw["title"].strip():
            raise ContentError(f"{at}: title: expected words")
        lists = {}
        for field in ("rules", "prompts", "art", "text"):
            value = raw[field]
            if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
                raise ContentError(f"{at}: {field}: expected a list of words")
            lists[field] = tuple(x.strip() for x in value)
        if not lists["text"]:
            raise ContentError(f"{at}: text: a section needs at least one paragraph")
        out.append(Section(name, raw["title"].strip(), **lists))
    return tuple(out)


@lru_cache(maxsize=1)
def sections() -> tuple[Section, ...]:
    """How to Play's sections, the words of the game last (data/glossary.yaml)."""
    from fate.words import glossary
    from fate.words import symbols as altar_symbols

    words = Section("words", "Words of the game", (), (), (),
                    tuple(f"{t.term}: {t.meaning}" for t in glossary.terms()))
    # the legend of the symbols the Altar's plaques say their actions in
    symbols = Section("symbols", "Symbols of the Altar", ("R-CMP-1",), (), (), (
        "Each place on the Altar says its two actions in symbols: the row after the Fate Piece is "
        "its Basic Action, the row after the crown its Control Action. Dots beside a symbol: that "
        "many times; a plus: as many as you like. Hover a place for the whole words.", *altar_symbols.legend()))
    return (*load(), symbols, words)


_spoken: dict[str, tuple[Section, ...]] = {}


def spoken() -> tuple[Section, ...]:
    """How to Play in the language spoken (fate/ground/language.py): each section's title and
    paragraphs from the catalogue ("guide:ID:title", "guide:ID:N"), the legend of the Altar's
    symbols and the words of the game (the glossary's, in the language) made in it. The same
    sections, ids, rules and pictures as ``sections()``."""
    from dataclasses import replace

    from fate.ground.language import _, current
    from fate.ground.language import pgettext as said  # (a key made here: not a message to extract)
    from fate.words import glossary
    from fate.words import symbols as altar_symbols

    code = current().code
    if code not in _spoken:
        own = [replace(s, title=said(f"guide:{s.id}:title", s.title),
                       text=tuple(said(f"guide:{s.id}:{i}", p) for i, p in enumerate(s.text))) for s in load()]
        symbols = Section("symbols", _("Symbols of the Altar"), ("R-CMP-1",), (), (), (
            _("Each place on the Altar says its two actions in symbols: the row after the Fate Piece is its Basic "
              "Action, the row after the crown its Control Action. Dots beside a symbol: that many times; a plus: as "
              "many as you like. Hover a place for the whole words."), *altar_symbols.legend()))
        words = Section("words", _("Words of the game"), (), (), (),
                        tuple(_("{term}: {meaning}").format(term=t.said(code)[0], meaning=t.said(code)[1])
                              for t in glossary.terms()))
        _spoken[code] = (*own, symbols, words)
    return _spoken[code]


def messages() -> list[tuple[str, str]]:
    """How to Play's words for the catalogue template: (key, English)."""
    return [(f"guide:{s.id}:title", s.title) for s in load()] + [
        (f"guide:{s.id}:{i}", p) for s in load() for i, p in enumerate(s.text)]


def section_for(kind: str, guide: tuple[Section, ...] | None = None) -> Section | None:
    """The section that governs a prompt of this kind."""
    for s in guide or sections():
        if kind in s.prompts:
            return s
    return None


def search(query: str, guide: tuple[Section, ...] | None = None) -> list[Section]:
    """The sections holding every word of the query (all of them for an empty query)."""
    words = query.lower().split()
    return [s for s in guide or sections() if all(w in s.words() for w in words)]
