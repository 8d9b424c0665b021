"""The player's language (fate/ground/language.py) and its catalogues (fate/tools/catalogues.py):
catalogues written and compiled by the tool from marked sources, plural forms by the language's
own rule, the pseudo-language, and every damaged catalogue one line with the game in English."""

from __future__ import annotations

import gettext
import os
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.ground import language
from fate.ground.language import (
    LanguageError,
    Tongue,
    load_translations,
    pseudo,
    system_language,
)
from fate.tools import catalogues

PO_HEAD = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
           '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n')


def polish(folder: Path, body: str) -> Path:
    """A Polish catalogue in ``folder`` holding ``body`` (entries in .po syntax)."""
    path = folder / "pl" / "LC_MESSAGES" / "fate.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(PO_HEAD + body, encoding="utf-8")
    return path


def test_a_catalogue_gives_each_count_its_own_form_and_each_context_its_own_word(tmp_path):
    polish(tmp_path, 'msgid "{n} Cultist"\nmsgid_plural "{n} Cultists"\n'
                     'msgstr[0] "{n} Kultysta"\nmsgstr[1] "{n} Kultystów (2-4)"\nmsgstr[2] "{n} Kultystów"\n\n'
                     'msgctxt "a place"\nmsgid "Lodge"\nmsgstr "Loża"\n\n'
                     'msgid "Lodge"\nmsgstr "Lożą"\n')
    pl = Tongue("pl", load_translations("pl", tmp_path))
    assert [pl.ngettext("{n} Cultist", "{n} Cultists", n).format(n=n) for n in (1, 2, 5, 12, 22, 25)] == [
        "1 Kultysta", "2 Kultystów (2-4)", "5 Kultystów", "12 Kultystów", "22 Kultystów (2-4)", "25 Kultystów"]
    assert (pl.pgettext("a place", "Lodge"), pl.gettext("Lodge")) == ("Loża", "Lożą")
    assert pl.gettext("Not translated yet") == "Not translated yet"
    assert pl.number(12345) == "12\xa0345" and pl.listing(["Ann", "Bob", "Cat"]) == "Ann, Bob i Cat"


def test_a_translation_naming_a_placeholder_its_english_lacks_is_dropped_for_the_english(tmp_path):
    polish(tmp_path, 'msgid "{name} wins"\nmsgstr "{imie} wygrywa"\n\n'
                     'msgid "{name} loses"\nmsgstr "{name} przegrywa"\n\n'
                     'msgid "{n} turn"\nmsgid_plural "{n} turns"\n'
                     'msgstr[0] "jedna tura"\nmsgstr[1] "{n} tury"\nmsgstr[2] "{count} tur"\n')
    pl = Tongue("pl", load_translations("pl", tmp_path))
    assert pl.gettext("{name} wins").format(name="Ann") == "Ann wins"  # never a KeyError at the table
    assert pl.gettext("{name} loses").format(name="Ann") == "Ann przegrywa"
    assert pl.ngettext("{n} turn", "{n} turns", 5) == "{n} turns"  # one bad form drops the message


def test_a_translation_giving_a_placeholder_a_format_of_its_own_is_dropped_for_the_english(tmp_path):
    """A count is filled in already written (CLDR's "12 345"): "{n:,}" would raise at the table, and a
    width of a hundred million would fill the memory. The English is said instead."""
    polish(tmp_path, 'msgid "{n} arrive"\nmsgstr "{n:,} przybywa"\n\n'
                     'msgid "{who} wins"\nmsgstr "{who:>99999999} wygrywa"\n\n'
                     'msgid "{who} loses"\nmsgstr "{who!r} przegrywa"\n\n'
                     'msgid "{who} waits"\nmsgstr "{who} czeka"\n')
    pl = Tongue("pl", load_translations("pl", tmp_path))
    assert pl.gettext("{n} arrive").format(n="12 345") == "12 345 arrive"
    assert pl.gettext("{who} wins").format(who="Ann") == "Ann wins"
    assert pl.gettext("{who} loses").format(who="Ann") == "Ann loses"
    assert pl.gettext("{who} waits").format(who="Ann") == "Ann czeka"


@pytest.mark.parametrize("damage", [
    b"msgid \"a\"\nmsgstr \"b\n",  # an unclosed string
    b"\xff\xfe garbage \x00\x01",
    b'msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n',  # twice
    b"",
])
def test_a_damaged_catalogue_is_one_line_and_the_game_speaks_english(tmp_path, monkeypatch, damage):
    path = polish(tmp_path, "")
    path.write_bytes(damage)
    mo = path.with_suffix(".mo")
    try:
        load_translations("pl", tmp_path)
        refused = None
    except LanguageError as e:
        refused = str(e)
    if refused is not None:
        assert "\n" not in refused and len(refused) <= 160 and "fate.po" in refused
    mo.write_bytes(damage[:40] or b"\x00")  # a compiled catalogue as damaged, newer than its source
    os.utime(mo, (time.time() + 5, time.time() + 5))
    with pytest.raises(LanguageError, match=r"fate\.mo \(pl\): not a catalogue"):
        load_translations("pl", tmp_path)
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(language, "_tongues", {})
    monkeypatch.setattr(language.load_translations, "__defaults__", (tmp_path,))
    spoken = language.tongue("pl")
    assert spoken.code == "en" and "not a catalogue" in spoken.problem and spoken.gettext("Lodge") == "Lodge"


def test_a_stray_brace_a_bad_character_set_or_a_plural_rule_dividing_by_zero_never_reach_the_table(tmp_path):
    polish(tmp_path, 'msgid "{n} turn"\nmsgid_plural "{n} turns"\nmsgstr[0] "{n} tura"\nmsgstr[1] "{n} tury {"\n'
                     'msgstr[2] "{n} tur"\n\nmsgid "Play"\nmsgstr "Graj"\n')
    pl = Tongue("pl", load_translations("pl", tmp_path))
    assert pl.ngettext("{n} turn", "{n} turns", 3).format(n=3) == "3 turns"  # the brace: the English
    assert pl.gettext("Play") == "Graj"
    path = tmp_path / "pl" / "LC_MESSAGES" / "fate.po"
    path.write_text('msgid "Play"\nmsgstr "Graj"\n\nmsgid ""\nmsgstr "Content-Type: text/plain; charset=bogus\\n"\n',
                    encoding="utf-8")
    with pytest.raises(LanguageError, match=r"fate\.po \(pl\): no such character set 'bogus'"):
        load_translations("pl", tmp_path)
    path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                    '"Plural-Forms: nplurals=2; plural=(n==1 ? 0 : 1/(n-5) ? 1 : 1);\\n"\n\n'
                    'msgid "{n} turn"\nmsgid_plural "{n} turns"\nmsgstr[0] "{n} tura"\nmsgstr[1] "{n} tur"\n',
                    encoding="utf-8")
    pl = Tongue("pl", load_translations("pl", tmp_path))
    assert [pl.ngettext("{n} turn", "{n} turns", n).format(n=n) for n in (1, 5, 7)] == ["1 tura", "5 tur", "7 tur"]


def test_a_language_the_game_lacks_is_refused_in_one_line_and_english_is_spoken():
    with pytest.raises(LanguageError, match="no language 'xx': expected one of en, de, fr, es, it, pl, pt_BR"):
        load_translations("xx")
    assert language.tongue("xx").code == "en"


def test_the_systems_locale_picks_the_language_and_brazil_for_any_portuguese():
    assert system_language({"LANG": "de_AT.UTF-8"}) == "de"
    assert system_language({"LANGUAGE": "sv:fr:en", "LANG": "sv_SE.UTF-8"}) == "fr"
    assert system_language({"LC_ALL": "pt_PT.UTF-8"}) == "pt_BR"
    assert system_language({"LANG": "pl-PL"}) == "pl"
    assert system_language({"LANG": "C.UTF-8"}) == system_language({}) == "en"


def test_how_long_ago_and_how_long_are_written_as_each_language_writes_them():
    """The lobby's "made 5 minutes ago" and the table's "waiting for Ann for 5 mins": CLDR's words,
    plural forms and order ("vor 5 Minuten", "5 minut temu"), never English glued to a number."""
    english, german, polish = (Tongue(code, gettext.NullTranslations()) for code in ("en", "de", "pl"))
    assert [english.ago(s) for s in (20, 300, 7200, 3 * 86400)] == [
        "just now", "5 minutes ago", "2 hours ago", "3 days ago"]
    assert [german.ago(300), polish.ago(300), polish.ago(120), polish.ago(60)] == [
        "vor 5 Minuten", "5 minut temu", "2 minuty temu", "1 minutę temu"]
    assert [english.duration(s) for s in (0.2, 7, 300, 10800)] == ["1 sec", "7 secs", "5 mins", "3 hrs"]
    assert german.duration(300) == "5 Min."


def test_the_window_switches_language_at_once(tmp_path, monkeypatch):
    polish(tmp_path, 'msgid "Play"\nmsgstr "Graj"\n')
    monkeypatch.setattr(language, "_tongues", {"pl": Tongue("pl", load_translations("pl", tmp_path))})
    try:
        language.use("pl")
        assert language._("Play") == "Graj" and language.ngettext("a", "b", 3) == "b"
        language.use("en_XA")
        assert language._("Play") == "[Pĺàý]"
        language.use("en")
        assert language._("Play") == "Play" and language.N_("Play") == "Play"
    finally:
        language.use("en")


@given(st.text(max_size=80))
def test_the_pseudo_language_keeps_every_placeholder_and_line_and_is_longer(text):
    shown = pseudo(text)
    assert language.PLACEHOLDER.findall(shown) == language.PLACEHOLDER.findall(text)
    assert shown.count("\n") == text.count("\n")
    assert text == "" or (shown.startswith("[") and shown.endswith("]") and len(shown) >= len(text) * 1.4)
    if text and not language.PLACEHOLDER.search(text) and any(c in "aeiost" for c in text):
        assert shown[1:-1].rstrip("·") != text  # something is accented: a string left out shows plain


def test_the_tool_extracts_marked_messages_and_compiles_what_the_game_reads(tmp_path, monkeypatch, capsys):
    source = tmp_path / "fate"
    (source / "ui").mkdir(parents=True)
    (source / "ui" / "title.py").write_text(
        "from fate.ground.language import _, N_, NP_, ngettext, pgettext\n"
        "TAGLINE = N_('Summon your Elder God')\n"
        "SPEED = NP_('speed', 'Normal')\n"
        "def draw(n):\n"
        "    # Translators: the button that starts a game\n"
        "    return _('Play'), ngettext('{n} game', '{n} games', n), pgettext('a place', 'Lodge'), 'Not marked'\n",
        encoding="utf-8")
    folder = source / "locale"
    monkeypatch.setattr(catalogues, "FATE", source)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", folder)
    monkeypatch.setattr(catalogues, "TEMPLATE", folder / "fate.pot")
    monkeypatch.setattr(catalogues, "po_path", lambda code, f=folder: f / code / "LC_MESSAGES" / "fate.po")
    monkeypatch.setattr(catalogues, "extract", lambda src=source, f=catalogues.extract: f(src))
    assert catalogues.main(["extract"]) == 0
    template = catalogues.read(folder / "fate.pot")
    assert sorted((m.context or "", m.id if isinstance(m.id, str) else "|".join(m.id)) for m in template if m.id) == [
        ("", "Play"), ("", "Summon your Elder God"), ("", "{n} game|{n} games"), ("a place", "Lodge"),
        ("speed", "Normal")]
    assert "Not marked" not in (folder / "fate.pot").read_text(encoding="utf-8")
    assert ("fate/ui/title.py", None) in template.get("Play").locations  # where, never which line (quiet diffs)
    assert template.get("Play").auto_comments == ["the button that starts a game"]
    assert catalogues.main(["init", "pl"]) == 0
    po = folder / "pl" / "LC_MESSAGES" / "fate.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgid "Play"\nmsgstr ""', 'msgid "Play"\nmsgstr "Graj"'), encoding="utf-8")
    assert catalogues.main(["compile"]) == 0
    assert Tongue("pl", load_translations("pl", folder)).gettext("Play") == "Graj"
    assert isinstance(load_translations("pl", folder), gettext.GNUTranslations)
    assert catalogues.status(folder)[4] == ("pl", 1, 5)
    with pytest.raises(SystemExit):
        catalogues.main(["init", "pl"])  # never over a catalogue already begun
    assert "exists" in capsys.readouterr().err


def test_the_tool_refuses_in_one_line_a_missing_template_or_a_damaged_catalogue(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "locale"
    monkeypatch.setattr(catalogues, "LOCALE_DIR", folder)
    monkeypatch.setattr(catalogues, "TEMPLATE", folder / "fate.pot")
    monkeypatch.setattr(catalogues, "po_path", lambda code, f=folder: f / code / "LC_MESSAGES" / "fate.po")
    with pytest.raises(SystemExit) as stop:
        catalogues.main(["status"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == "python -m fate.tools.catalogues: fate.pot is missing: `extract` writes it first\n"
    folder.mkdir()
    (folder / "fate.pot").write_text("a line that is no catalogue's\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        catalogues.main(["status"])
    err = capsys.readouterr().err
    assert err.startswith("python -m fate.tools.catalogues: ") and err.count("\n") == 1
