"""The player's language: gettext catalogues, Babel's plural rules, numbers and lists (CLDR).

Every word a player meets goes through this module. Code marks a sentence with ``_("...")``
(``ngettext`` for a count, ``pgettext`` where one English word has two meanings, ``N_`` for a
constant read later) and fills its named placeholders after translating, never before:
``_("{name} summons {god}").format(name=..., god=...)``. A constant is translated where it is
shown (``_(CONSTANT)``), so that switching the language takes effect at once, without a restart.

The catalogues are fate/locale/<code>/LC_MESSAGES/fate.po (the source, written by translators)
and its compiled fate.mo (``python -m fate.tools.catalogues compile``; the packaged app is built
with them). Running from the sources, a .po newer than its .mo is compiled in memory instead,
so an edited catalogue shows at the next start. A catalogue is a file from outside the process:
one that cannot be read is one line (LanguageError) and the game speaks English; a translation
naming a placeholder its English does not have is dropped (that English is shown), never left
to fail when the sentence is filled in.

``en_XA`` is the pseudo-language: every letter accented and each text 40% longer, in brackets,
built from the English as it is asked for. A string drawn plain in it was never marked; a
bracket missing on screen is a text cut off (docs/design-decisions.md, "Languages").
"""

from __future__ import annotations

import codecs
import datetime
import gettext
import io
import math
import os
import re
import string
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from babel import Locale
from babel.core import UnknownLocaleError
from babel.dates import format_date, format_time, format_timedelta
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.numbers import format_decimal, format_percent

from fate.ground.untrusted import one_line

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "fate"
ENGLISH = "en"
PSEUDO = "en_XA"
# Each language in its own name, as the language setting lists them.
LANGUAGES: dict[str, str] = {
    "en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "it": "Italiano",
    "pl": "Polski", "pt_BR": "Português (Brasil)",
}
# the CLDR locale each language writes its numbers and dates by: the game's English is British
CLDR = {ENGLISH: "en_GB", PSEUDO: "en_GB"}
# What each language writes beyond ASCII: its letters, both cases, and its quotation marks, dashes
# and spaces (CLDR's number spaces among them). Every face the game draws a language in holds them
# (fate/ui/kit/face.py chooses the face; a test holds each face to its languages).
_PUNCTUATION = "\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0\u00b7\u00d7"
LETTERS: dict[str, str] = {
    "en": _PUNCTUATION,
    "de": _PUNCTUATION + "äöüßÄÖÜẞ\u201e\u201a",
    "fr": _PUNCTUATION + "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»\u202f",
    "es": _PUNCTUATION + "áéíñóúüÁÉÍÑÓÚÜ¿¡«»",
    "it": _PUNCTUATION + "àèéìíîòóùúÀÈÉÌÍÎÒÓÙÚ«»",
    "pl": _PUNCTUATION + "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ\u201e«»",
    "pt_BR": _PUNCTUATION + "áâãàçéêíóôõúüÁÂÃÀÇÉÊÍÓÔÕÚÜ«»",
}
MAX_CATALOGUE = 8 * 1024 * 1024  # bytes: ours are well under a megabyte
# {name}, {n:,}, {0}: the parts of a message filled in by code (the game's messages use str.format only)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


class LanguageError(ValueError):
    """A catalogue that cannot be read, or a language the game does not have: one line."""


def placeholders(text: str) -> set[str]:
    """The names of a message's placeholders (``{n}`` and ``{n:,}`` are both ``n``); ``{{`` is text.
    ValueError for text that ``str.format`` cannot fill (a stray brace)."""
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def fields(text: str) -> set[tuple[str, str, str]]:
    """A message's placeholders whole: (name, format spec, conversion). A translation may use only
    its English's, spec and all: ``{n:,}`` where the English says ``{n}`` would fail (or, with a
    width of millions, fill the memory) when a count already written as text is put in."""
    return {(name, spec or "", conv or "") for _text, name, spec, conv in string.Formatter().parse(text)
            if name is not None}


# ------------------------------------------------------------------ the pseudo-language
_ACCENTED = str.maketrans("acdeghiklnorstuyzACDEGHIKLNORSTUYZ", "àçđéĝĥîķĺñöŕšţûýžÀÇĐÉĜĤÎĶĹÑÖŔŠŢÛÝŽ")  # Latin-1 and Extended-A
LETTERS[PSEUDO] = _PUNCTUATION + "[]" + "".join(chr(c) for c in _ACCENTED.values())


def pseudo(text: str) -> str:
    """``text`` as the pseudo-language shows it: accented, 40% longer, in brackets; its
    placeholders and line breaks unchanged. The empty string stays empty."""
    if not text:
        return text
    parts: list[str] = []
    at = 0
    for m in PLACEHOLDER.finditer(text):
        parts.append(text[at:m.start()].translate(_ACCENTED))
        parts.append(m.group(0))
        at = m.end()
    parts.append(text[at:].translate(_ACCENTED))
    longer = max(0, math.ceil(len(text) * 0.4) - 2)
    return "[" + "".join(parts) + "·" * longer + "]"


class PseudoTranslations(gettext.NullTranslations):
    """The English of every message, made pseudo as it is asked for."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


# ------------------------------------------------------------------ catalogues
def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as f:
            data = f.read(MAX_CATALOGUE + 1)  # never more, however the file grows meanwhile
        if len(data) > MAX_CATALOGUE:
            raise LanguageError(f"{path.name}: larger than {MAX_CATALOGUE // (1024 * 1024)} MiB")
        return data
    except OSError as e:
        raise LanguageError(one_line(f"{path.name}: cannot be read ({e.strerror or e})")) from e


def _catalog(path: Path, code: str) -> Catalog:
    """The messages of a .po or .mo, each translation that names a placeholder its English
    lacks dropped (it would fail when filled in: the English is shown for it)."""
    try:
        data = io.BytesIO(_read(path))
        catalog = read_po(data, abort_invalid=True) if path.suffix == ".po" else read_mo(data)
    except LanguageError:
        raise
    except (PoFileError, OSError, ValueError, UnicodeDecodeError, LookupError, IndexError, struct.error) as e:
        raise LanguageError(one_line(f"{path.name} ({code}): not a catalogue ({e})", 160)) from e
    try:
        codecs.lookup(catalog.charset)
    except LookupError as e:
        raise LanguageError(one_line(f"{path.name} ({code}): no such character set {catalog.charset!r}", 160)) from e
    for message in list(catalog):
        if not message.id or not message.string:
            continue  # the header, or not translated yet
        ids = [message.id] if isinstance(message.id, str) else list(message.id)  # a plural's: a sequence
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        try:
            allowed: set[tuple[str, str, str]] = set().union(*(fields(str(x)) for x in ids))
            agree = all(fields(str(x)) <= allowed for x in strings if x)
        except ValueError:  # a stray brace, in the English or the translation
            agree = False
        if not agree:
            catalog.delete(message.id, message.context)
    return catalog


class _Translations(gettext.GNUTranslations):
    """gettext's own, with the plural rule it reads from the header declared."""

    plural: Callable[[int], int]


def _safe_plural(rule: Callable[[int], int]) -> Callable[[int], int]:
    """A catalogue's own plural rule (its Plural-Forms header), never failing at the table: a
    rule that divides by zero for some count gives the first form for 1, the second otherwise."""
    def plural(n: int) -> int:
        try:
            return int(rule(n))
        except (ArithmeticError, ValueError, TypeError, RecursionError):
            return 0 if n == 1 else 1
    return plural


def load_translations(code: str, folder: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The translations of language ``code`` from ``folder``: English (none) for ``en``, the
    pseudo-language for ``en_XA``. LanguageError for a language the game does not have or a
    catalogue that cannot be read."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return PseudoTranslations()
    if code not in LANGUAGES:
        raise LanguageError(f"no language {one_line(code, 16)!r}: expected one of {', '.join(LANGUAGES)}")
    where = folder / code / "LC_MESSAGES"
    po, mo = where / f"{DOMAIN}.po", where / f"{DOMAIN}.mo"
    try:
        fresh = mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime)
    except OSError:
        fresh = False
    if not fresh and not po.is_file():
        raise LanguageError(f"no catalogue for {LANGUAGES[code]} in {folder.name}/{code}")
    catalog = _catalog(mo if fresh else po, code)
    try:
        out = io.BytesIO()
        write_mo(out, catalog)
        out.seek(0)
        t = _Translations(out)  # reads the Plural-Forms header: a rule it cannot read is a ValueError
    except (OSError, ValueError, LookupError, UnicodeError, IndexError, struct.error) as e:
        raise LanguageError(one_line(f"{(mo if fresh else po).name} ({code}): not a catalogue ({e})", 160)) from e
    t.plural = _safe_plural(t.plural)
    return t


class Tongue:
    """One language: its messages, plural rules, numbers and lists."""

    def __init__(self, code: str, translations: gettext.NullTranslations, problem: str = "") -> None:
        self.code = code
        self._locale: Locale | None = None  # read when a number or a list is first written
        self.translations = translations
        self.problem = problem  # why this tongue speaks English after all ("" if it does not)

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.translations.npgettext(context, singular, plural, n)

    @property
    def locale(self) -> Locale:
        """The language's CLDR data (its plural rule, its numbers and lists)."""
        if self._locale is None:
            self._locale = Locale.parse(CLDR.get(self.code, self.code))
        return self._locale

    def number(self, n: float) -> str:
        """A number as this language writes it (12,345 / 12.345 / 12 345)."""
        return format_decimal(n, locale=self.locale)

    def percent(self, n: float) -> str:
        """``n`` per cent as this language writes it (100% / 100 % / 100\xa0%)."""
        return format_percent(n / 100, locale=self.locale)

    def when(self, stamp: float) -> str:
        """A moment (seconds since the epoch, in the computer's time zone) as this language writes
        a day and a time: "6 Dec 2026, 11:21", "06.12.2026, 11:21"."""
        moment = datetime.datetime.fromtimestamp(stamp)
        return self.gettext("{date}, {time}").format(date=self._cldr(format_date(moment, "medium", locale=self.locale)),
                                                    time=format_time(moment, "short", locale=self.locale))

    def ago(self, seconds: float) -> str:
        """How long ago, as this language says it ("5 minutes ago", "vor 5 Minuten"); under a
        minute, "just now"."""
        if seconds < 60:
            return self.gettext("just now")
        return self._cldr(format_timedelta(-round(seconds), add_direction=True, locale=self.locale))

    def duration(self, seconds: float) -> str:
        """A span of time in short, as this language writes it ("7 secs", "5 mins", "2 hrs"; "5 Min.")."""
        return self._cldr(format_timedelta(max(1, round(seconds)), format="short", threshold=2, locale=self.locale))

    def _cldr(self, words: str) -> str:
        """Words of the CLDR's (a month's name, "5 mins"): the pseudo-language's English ones
        accented as its catalogue's are, so that what it leaves plain is what was never marked."""
        return pseudo(words) if self.code == PSEUDO else words

    def listing(self, items: list[str]) -> str:
        """Items joined as this language joins them ("a, b and c" / "a, b und c")."""
        return self._joined(format_list(items, locale=self.locale)) if items else ""

    def listing_or(self, items: list[str]) -> str:
        """Items as alternatives, as this language joins them ("a, b or c" / "a, b oder c")."""
        return self._joined(format_list(items, style="or", locale=self.locale)) if items else ""

    def _joined(self, words: str) -> str:
        """A list of the CLDR's: in the pseudo-language, its English "and" or "or" accented too."""
        if self.code != PSEUDO:
            return words
        return words.replace(" and ", " " + pseudo("and").strip("[]·") + " ").replace(
            " or ", " " + pseudo("or").strip("[]·") + " ")


_tongues: dict[str, Tongue] = {}


def tongue(code: str) -> Tongue:
    """Language ``code`` (loaded once); English, with the reason in ``problem``, for a language
    the game does not have or whose catalogue cannot be read."""
    if code not in _tongues:
        try:
            made = Tongue(code, load_translations(code))
        except (LanguageError, UnknownLocaleError, ValueError) as e:
            made = Tongue(ENGLISH, gettext.NullTranslations(), one_line(str(e), 160))
        _tongues[code] = made
    return _tongues[code]


def _ours(value: str) -> str | None:
    """The game's language for one locale name ("de_DE.UTF-8", "pt-PT", "fr"), or None."""
    tag = value.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    if not tag or tag in ("C", "POSIX") or len(tag) > 40:
        return None
    lang, _, region = tag.partition("_")
    for candidate in (f"{lang.lower()}_{region.upper()}", lang.lower()):
        if candidate in LANGUAGES:
            return candidate
    return "pt_BR" if lang.lower() == "pt" else None  # the one Portuguese the game has


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language of the system's locale that the game has (LANGUAGE, LC_ALL, LC_MESSAGES,
    LANG as gettext reads them; pt_BR before pt), else English. A game started from the desktop
    of Windows or macOS has none of those set: the system's own setting is asked there."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in env.get(var, "").split(":"):
            found = _ours(value)
            if found:
                return found
    if environ is None:
        found = _ours(_desktop_locale())
        if found:
            return found
    return ENGLISH


_desktop: list[str] = []


def _desktop_locale() -> str:
    """The desktop's locale, asked once a run (on macOS that starts a process: the Settings screen
    names the system's language every frame)."""
    if not _desktop:
        _desktop.append(_ask_desktop())
    return _desktop[0]


def _ask_desktop() -> str:
    """The locale the desktop of Windows or macOS is set to ("de_DE"), "" elsewhere or if it
    cannot be read (never an error: the game speaks English then)."""
    try:
        if sys.platform == "win32":
            import ctypes
            import locale

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            return str(locale.windows_locale.get(lcid, ""))
        if sys.platform == "darwin":
            out = subprocess.run(["defaults", "read", "-g", "AppleLocale"], capture_output=True, text=True,
                                 timeout=2, check=False, stdin=subprocess.DEVNULL)
            return out.stdout.strip()[:40]
    except (OSError, ValueError, AttributeError, subprocess.SubprocessError):
        pass
    return ""


# ------------------------------------------------------------------ the window's language
_current: list[Tongue] = []
_pinned: list[str] = []  # a language the process was told to speak (--lang, a benchmark): settings give way


def use(code: str) -> Tongue:
    """Speak ``code`` from now on (the setting, or the player whose screen it is now)."""
    t = tongue(code)
    _current[:] = [t]
    return t


def pin(code: str | None) -> Tongue:
    """Speak ``code`` whatever the settings say (``python main.py --lang``, a benchmark, a test
    of one language); None lets the settings choose again (and speaks English until they do)."""
    _pinned[:] = [code] if code else []
    return use(code or ENGLISH)


def follow(code: str) -> Tongue:
    """The player's setting: speak ``code`` from now on, unless a language is pinned."""
    return current() if _pinned else use(code)


def current() -> Tongue:
    return _current[0] if _current else use(ENGLISH)


def _(message: str) -> str:
    """``message`` in the current language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the current language (Polish has three, English two)."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context`` (one English word, two meanings)."""
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return current().npgettext(context, singular, plural, n)


def number(n: float) -> str:
    """``n`` as the current language writes it."""
    return current().number(n)


def percent(n: float) -> str:
    """``n`` per cent as the current language writes it."""
    return current().percent(n)


def ago(seconds: float) -> str:
    """How long ago, in the current language ("5 minutes ago")."""
    return current().ago(seconds)


def duration(seconds: float) -> str:
    """A span of time in short, in the current language ("5 mins")."""
    return current().duration(seconds)


def listing(items: list[str]) -> str:
    """Items joined as the current language joins them ("a, b and c")."""
    return current().listing(items)


def when(stamp: float) -> str:
    """A moment as the current language writes a day and a time."""
    return current().when(stamp)


def N_(message: str) -> str:  # noqa: N802 - the name the extractor and every translator know
    """Marks a constant for the catalogue; it is translated where it is shown (``_(CONST)``)."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - N_ with a context, as gettext's tools name it
    """Marks a constant whose English has another meaning elsewhere ("Normal", a speed and a
    level); it is translated where shown with ``pgettext(context, CONST)``."""
    return message

