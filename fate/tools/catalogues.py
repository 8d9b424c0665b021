"""python -m fate.tools.catalogues extract|init LANG|update|compile|status|check LANG: the message
catalogues under fate/locale, through Babel.

extract  reads every marked message of fate/ (``_``, ``N_``, ``ngettext``, ``pgettext``,
         ``npgettext``) into fate/locale/fate.pot
init     starts LANG's catalogue (fate/locale/LANG/LC_MESSAGES/fate.po) from the template
update   brings every language's catalogue up to the template (new messages added untranslated,
         changed ones marked fuzzy, gone ones kept as obsolete)
compile  writes each catalogue's fate.mo beside it (the packaged app is built with them)
status   prints, a language a line, the messages translated of the template's
check    prints what LANG's catalogue says against its glossary (data/glossary.yaml): a term
         named in the English but not in its words, a word the glossary avoids, placeholders
         or plural forms that do not agree with the English (exit 1 if any)
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, write_po

from fate.ground.cli import Parser, refuse
from fate.ground.files import write_bytes
from fate.ground.language import DOMAIN, ENGLISH, LANGUAGES, LOCALE_DIR
from fate.ground.untrusted import one_line

FATE = LOCALE_DIR.parent
# the marks the extractor reads (``gettext`` too: a Tongue's own, ``self.gettext("...")``)
KEYWORDS = {"_": None, "N_": None, "NP_": ((1, "c"), 2), "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
HEADER = ("# The words of Fate of the Elder Gods, the digital edition, to translate.\n"
          "# Made by `python -m fate.tools.catalogues extract`; never edited by hand.\n"
          "# Translators: fill in fate/locale/LANG/LC_MESSAGES/fate.po, in the terms of\n"
          "# data/glossary.yaml for your language (docs/design-decisions.md, \"Languages\").")


def po_path(code: str, folder: Path = LOCALE_DIR) -> Path:
    return folder / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(source: Path = FATE) -> Catalog:
    """Every marked message of the Python files under ``source``, with where it is used."""
    catalog = Catalog(project="Fate of the Elder Gods", domain=DOMAIN, charset="utf-8", header_comment=HEADER,
                      copyright_holder="the makers of Fate of the Elder Gods, the digital edition")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(source), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"fate/{Path(filename).as_posix()}", lineno)], auto_comments=comments,
                    context=context)
    if source.resolve() == Path(__file__).resolve().parents[1]:  # the game's own sources: the data's words too
        from fate.content.spoken import messages
        from fate.engine import default_content

        for key, english, where in messages(default_content()):
            catalog.add(english, None, [(where, 0)], context=key,
                        auto_comments=["A word of the game's data; the key says what it is: kind:id:field."])
        from fate.tools import tutorial
        from fate.words import guide

        for key, english in guide.messages():
            catalog.add(english, None, [("data/guide.yaml", 0)], context=key,
                        auto_comments=["How to Play: guide:SECTION:title, or its paragraph N."])
        for key, english in tutorial.messages(tutorial.load()):
            catalog.add(english, None, [("data/tutorial.yaml", 0)], context=key,
                        auto_comments=["Learn to Play: lesson:ID:title, the coach's line N, or its last (end)."])
    return catalog


def written(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, omit_header=False, include_lineno=False)
    return out.getvalue()


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, abort_invalid=True)


def translated(template: Catalog, catalog: Catalog) -> int:
    """The template's messages that ``catalog`` translates whole (every plural form) and not fuzzy."""
    done = 0
    for m in template:
        if not m.id:
            continue
        t = catalog.get(m.id, m.context)
        if t is None or t.fuzzy or not t.string:
            continue
        strings = [t.string] if isinstance(t.string, str) else list(t.string)
        done += all(strings)
    return done


def status(folder: Path = LOCALE_DIR, template: Catalog | None = None) -> list[tuple[str, int, int]]:
    """(language, messages translated and not fuzzy, messages of the template) a language; the
    template is ``folder``'s fate.pot unless given."""
    template = read(folder / f"{DOMAIN}.pot") if template is None else template
    total = sum(1 for m in template if m.id)
    rows = []
    for code in LANGUAGES:
        if code != ENGLISH:
            path = po_path(code, folder)
            rows.append((code, translated(template, read(path, code)) if path.is_file() else 0, total))
    return rows


def _mentions(english: str, word: str) -> bool:
    """Whether an English message speaks of a glossary term (its singular or plural, any case)."""
    stem = word[:-1] if word.endswith("s") else word
    bare = re.sub(r"\{\w*\}", " ", english)  # a placeholder ({cult}) is filled in, not said
    return re.search(rf"\b{re.escape(stem)}s?\b", bare, re.IGNORECASE) is not None


def glossary_problems(code: str, folder: Path = LOCALE_DIR) -> list[str]:
    """What a language's catalogue says against its glossary (data/glossary.yaml): a message whose
    English names a term but whose translation uses none of the term's forms in that language,
    a word the glossary avoids, a placeholder the English lacks or leaves out, a wrong number of
    plural forms. One line each; [] when the catalogue keeps to it."""
    from fate.ground.language import fields
    from fate.words.glossary import terms

    catalog = read(po_path(code, folder), code)
    words = [(t.term, t.words.get(code)) for t in terms()]
    out = [f"the glossary has no {code} for {term!r}" for term, w in words if w is None]
    avoided = [(a, re.compile(rf"(?<!\w){re.escape(a)}(?!\w)", re.IGNORECASE))
               for _, w in words if w is not None for a in w.avoid]
    for m in catalog:
        if not m.id or not m.string:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        if not all(strings):
            continue
        shown = one_line(ids[0], 60)
        if not isinstance(m.id, str) and len(strings) != catalog.num_plurals:
            out.append(f"{shown}: {len(strings)} plural forms, the language has {catalog.num_plurals}")
        try:
            english = set().union(*(fields(x) for x in ids))
            for x in strings:
                if not fields(x) <= english or {f for f in english if f[0] != "n"} - fields(x):
                    out.append(f"{shown}: placeholders {sorted(f[0] for f in fields(x))}, the English has "
                               f"{sorted(f[0] for f in english)}")
                    break
        except ValueError:  # a stray brace: str.format could not fill it
            out.append(f"{shown}: a brace that is no placeholder (write {{{{ for a brace)")
        for term, w in words:
            if w is not None and any(_mentions(x, term) for x in ids) and not all(
                    any(f.lower() in x.lower() for f in w.forms) for x in strings):
                out.append(f"{shown}: names {term!r}, but not as {w.term!r} (or its forms)")
        for a, pattern in avoided:
            if any(pattern.search(x) for x in strings):
                out.append(f"{shown}: uses {a!r}, which the glossary avoids")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = Parser(prog="python -m fate.tools.catalogues", description=__doc__)
    ap.add_argument("command", choices=["extract", "init", "update", "compile", "status", "check"])
    ap.add_argument("lang", nargs="?", help="the language to start (init): " + ", ".join(c for c in LANGUAGES
                                                                                          if c != ENGLISH))
    args = ap.parse_args(argv)
    try:
        return _run(ap, args)
    except FileNotFoundError as e:
        missing = Path(str(e.filename)).name if e.filename else "a file"
        hint = ": `extract` writes it first" if missing == TEMPLATE.name else ""
        refuse(ap.prog, f"{one_line(missing, 80)} is missing{hint}")
    except (OSError, PoFileError, ValueError) as e:
        refuse(ap.prog, one_line(str(e), 160))
    return 2


def _run(ap: Parser, args: Any) -> int:
    if args.command == "extract":
        catalog = extract()
        write_bytes(TEMPLATE, written(catalog))
        print(f"{len(catalog)} messages in {TEMPLATE.relative_to(FATE.parent)}")
    elif args.command == "init":
        if args.lang not in LANGUAGES or args.lang == ENGLISH:
            refuse(ap.prog, f"LANG: expected one of {', '.join(c for c in LANGUAGES if c != ENGLISH)}")
        path = po_path(args.lang)
        if path.exists():
            refuse(ap.prog, f"{path.relative_to(FATE.parent)} exists: update brings it up to the template")
        catalog = read(TEMPLATE, args.lang)
        catalog.locale = args.lang
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(path, written(catalog))
        print(f"started {path.relative_to(FATE.parent)}")
    elif args.command == "update":
        template = read(TEMPLATE)
        for code in LANGUAGES:
            path = po_path(code)
            if code != ENGLISH and path.is_file():
                catalog = read(path, code)
                catalog.update(template)
                write_bytes(path, written(catalog))
                print(f"updated {path.relative_to(FATE.parent)}")
    elif args.command == "compile":
        for code in LANGUAGES:
            path = po_path(code)
            if code != ENGLISH and path.is_file():
                out = io.BytesIO()
                write_mo(out, read(path, code))
                write_bytes(path.with_suffix(".mo"), out.getvalue())
                print(f"compiled {path.with_suffix('.mo').relative_to(FATE.parent)}")
    elif args.command == "check":
        if args.lang not in LANGUAGES or args.lang == ENGLISH:
            refuse(ap.prog, f"LANG: expected one of {', '.join(c for c in LANGUAGES if c != ENGLISH)}")
        problems = glossary_problems(args.lang)
        for line in problems:
            print(line)
        print(f"{args.lang}: {len(problems)} problems against the glossary")
        return 1 if problems else 0
    else:
        for code, done, total in status(LOCALE_DIR):
            print(f"{code:6} {LANGUAGES[code]:20} {done}/{total} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
