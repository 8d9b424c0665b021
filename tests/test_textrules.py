"""The rules for talk and names (fate/ground/textrules.py): anything in, a safe string or one typed
refusal out; never longer, the same when applied again; look-alike names fold together."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fate.ground.textrules import MAX_LINE, MAX_NAME, Names, TextRefused, fold, line, name, visible

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u3164\u115f\u1160\uffa0\ufe0f\U000e0001\u00ad\u034f\u2800"
# text a hostile client would send: bidi controls, invisibles, controls, marks, look-alikes, lone surrogates
nasty = st.text(alphabet=st.one_of(st.sampled_from(BIDI + INVISIBLE + "\x00\x07\x1b\n\r\t\x85\u2028\u2029 "
                                                   "\u0301\u0336\u20dd\u0488аеорс1lI|0O"),
                                   st.characters(codec=None)), max_size=300)


def safe(text: str) -> bool:
    """Nothing in ``text`` that does not draw as itself."""
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if cat[0] == "C" or ch in BIDI + INVISIBLE or (cat[0] == "Z" and ch != " "):
            return False
        if cat[0] == "M" and (i == 0 or text[i - 1] == " "):
            return False
    return "  " not in text and text == text.strip(" ")


@settings(max_examples=400, deadline=None)
@given(nasty, st.integers(1, 400))
def test_visible_text_is_safe_never_longer_and_the_same_when_cleaned_again(text, limit):
    out = visible(text, limit)
    assert safe(out)
    assert len(out) <= len(text) and len(out) <= limit
    assert visible(out, limit) == out


@settings(max_examples=300, deadline=None)
@given(nasty)
def test_a_line_or_a_name_is_safe_text_or_one_typed_refusal(text):
    for check, limit in ((line, MAX_LINE), (name, MAX_NAME)):
        try:
            out = check(text)
        except TextRefused as e:
            assert e.code == "empty" and not visible(text, limit)
        else:
            assert out and safe(out) and len(out) <= limit and check(out) == out


def test_bidi_controls_go_and_invisible_only_lines_are_refused():
    assert line("I resign \u202etxt.exe") == "I resign txt.exe"
    assert line("\u2066abc\u2069 \u200fdef") == "abc def"
    for only in ("\u200b\u200b", "\u3164", "\u115f\u1160", "\uffa0 \ufe0f", " \u200d ", "\u2800"):
        with pytest.raises(TextRefused) as e:
            line(only)
        assert e.value.code == "empty"
    assert line("a" + "\u0301" * 40) == "a" + "\u0301" * 3  # a tower of marks stops at three


def test_look_alike_names_fold_together_and_different_names_do_not():
    assert fold("Ann") == fold("ANN") == fold("\u0410nn") == fold("Ａｎｎ") == fold("A\u200bnn")
    assert fold("Bill") == fold("BiII") == fold("Bi1l")
    assert fold("Ann") != fold("Anna") and fold("Zoë") != fold("Zoe")


def test_the_games_own_names_are_reserved_however_written():
    names = Names(["Cthulhu", "Hastur"])
    for taken in ("Seat 1", "seat-1", "SEAT 1", "Host", "h\u043est", "Spectator", "AI", "ai (hard)",
                  "Investigators", "The game", "Cthulhu", "the Cult of Hastur", "\u0421thulhu"):
        with pytest.raises(TextRefused) as e:
            names.check(taken)
        assert e.value.code == "reserved", taken
    assert names.check("Ann") == "Ann"
    with pytest.raises(TextRefused) as e:
        names.check("\u0430nn", ["Bob", "ANN"])
    assert e.value.code == "taken"
