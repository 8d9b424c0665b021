"""Every card's illustration (issue 41): each card in data/ declares one, of icons that
are in assets/icons/, and no two cards show the same picture; the ``art:`` field is
validated at load like every other field (one short ContentError)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.content.art import FIELDS, LIGHTS, SCENES, TONES, icons_in_data, known_icons, parse_art
from fate.content.model import Art, ContentError
from fate.engine import load_content
from fate.ground.paths import data_dir
from tests.content.test_content import edit

ICONS = known_icons()


def test_every_card_has_art_of_known_icons_and_no_two_share_a_picture(content):
    assert len(content.cards) == 128
    missing = [c.id for c in content.cards if c.art is None]
    assert missing == []
    unknown = [(c.id, i) for c in content.cards for i in c.art.picture if i not in ICONS]
    assert unknown == []
    shared = [p for p, n in Counter(c.art.picture for c in content.cards).items() if n > 1]
    assert shared == []


def test_the_icon_subset_is_what_the_data_asks_for():
    """assets/icons/ holds the icons of every card's art and of data/art.yaml, and no other."""
    wanted = icons_in_data(data_dir())
    assert wanted == set(ICONS)
    files = {p.stem for p in (data_dir().parent / "assets" / "icons").glob("*.svg")}
    assert files == wanted


@pytest.mark.parametrize("file, old, new, expect", [
    ("spells.yaml", ",\n     art: {figure: amphora, accent: scroll-unfurled, scene: pair}", "",
     r"spells.yaml: spell 'key-01': field 'art' is required"),
    ("spells.yaml", "figure: amphora,", "figure: amphorra,", r"spell 'key-01': field 'art.figure': unknown icon 'amphorra'"),
    ("curses.yaml", "accent: falling-star,", "accent: 7,", r"curse 'stars-are-wrong': field 'art.accent': expected an icon id"),
    ("artifacts.yaml", "figure: star-key, accent: sunset, scene: behind",
     "figure: star-key, accent: sunset, scene: sideways", r"artifact 'silver-key': field 'art.scene': expected one of"),
    ("gods.yaml", "art: {figure: octopus, accent: sinking-ship, scene: below}",
     "art: {figure: octopus, accent: sinking-ship, scene: below, colour: green}",
     r"god 'cthulhu': field 'art': unknown field 'colour'"),
    ("spells.yaml", "figure: amphora, accent: scroll-unfurled,", "figure: open-chest, accent: padlock-open,",
     r"spell 'key-02': field 'art': the same picture as 'key-01'"),
    ("gates.yaml", "  - {figure: magic-portal, accent: moon, scene: centre, light: behind}\n", "",
     r"gates.yaml: field 'art': expected a list of 15 pictures"),
])
def test_bad_art_is_one_line_naming_file_card_and_field(data, file, old, new, expect):
    edit(data / file, old, new)
    with pytest.raises(ContentError, match=expect) as e:
        load_content(data)
    assert "\n" not in str(e.value) and len(str(e.value)) <= 300


WORDS = st.sampled_from(sorted(ICONS)[:20] + ["", "no-such-icon", "x" * 300])
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False), st.text(max_size=30),
                   WORDS, st.sampled_from(SCENES + LIGHTS + TONES), st.lists(st.integers(), max_size=3))
KEYS = st.one_of(st.sampled_from(sorted(FIELDS)), st.text(max_size=12))


@given(st.one_of(st.dictionaries(KEYS, VALUES, max_size=8), VALUES))
def test_any_art_field_is_an_art_or_one_content_error(raw):
    try:
        art = parse_art(raw, "data/spells.yaml: spell 'x'", ICONS)
    except ContentError as e:
        assert "\n" not in str(e) and len(str(e)) <= 300 and str(e).startswith("data/spells.yaml: spell 'x'")
        return
    assert isinstance(art, Art) and art.figure in ICONS and (art.accent == "" or art.accent in ICONS)
    assert art.scene in SCENES and art.light in LIGHTS and (art.tone == "" or art.tone in TONES)
    assert art.figure != art.accent and -45 <= art.turn <= 45


@given(st.sampled_from(sorted(ICONS)), st.sampled_from(sorted(ICONS)), st.sampled_from(SCENES),
       st.sampled_from(LIGHTS), st.sampled_from(TONES), st.booleans(), st.integers(-45, 45))
def test_a_valid_art_field_reads_back_as_written(figure, accent, scene, light, tone, flip, turn):
    raw = {"figure": figure, "accent": accent, "scene": scene, "light": light, "tone": tone, "flip": flip,
           "turn": turn}
    if figure == accent:
        with pytest.raises(ContentError, match="the same icon as the figure"):
            parse_art(raw, "here", ICONS)
        return
    assert parse_art(raw, "here", ICONS) == Art(figure, accent, scene, light, tone, flip, turn)
