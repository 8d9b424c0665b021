"""Cards that are pictures (issue 50): the picture is at least half of every face-up card's
face at the table (the hand, full or of short cards, the Readied row, the Museum) and of the
large preview; the title, timing and cost sit on it as bands and chips."""

from __future__ import annotations

import pytest

from fate.ui.app import App
from fate.ui.kit.layout import CARD_H
from fate.ui.shots import busy_session, open_table
from tests.ui.table.test_table_play import frame


@pytest.fixture(params=[((1280, 720), 100), ((1920, 1080), 100), ((1280, 720), 150)],
                ids=["720", "1080", "720-text-150"])
def table(request, content, tmp_path):
    size, text_size = request.param
    app = App(content, size=size, seed=1, settings={"speed": 3, "text_size": text_size}, saves=tmp_path)
    open_table(app, busy_session(content, 4))  # ten Spells in hand: the short cards of a full hand
    frame(app)
    yield app
    app.close()


def test_every_face_up_card_at_the_table_is_at_least_half_picture(table):
    t = table.scene.table
    faces = [k for k in t._faces if k is not None]
    assert len(faces) >= 12  # ten in hand, one Readied, two at the Museum
    for key in faces:
        share, clear = t.picture_share(key)
        assert share >= 0.5, (key, share)
        r = t._faces[key][0]
        if r.h >= 0.95 * CARD_H * t.layout.s and t.ink.reading == 1:  # a full card: about half of it is picture no band covers
            # (less at 1280x720, where no text is smaller than 13 pixels: the bands take more of a small card)
            assert clear >= (0.5 if t.layout.w >= 1920 else 0.4), (key, clear)


def test_the_preview_is_at_least_half_picture_and_names_the_card_on_it(table):
    scene = table.scene
    scene.keys.toggle_preview()
    table.ink.placed = []
    frame(table)
    t = scene.table
    shown = [k for k in t.card_pictures if k is not None and k[0] == "preview"]
    assert shown
    box, pic, _clear, _chips = t.card_pictures[shown[-1]]
    share, _ = t.picture_share(shown[-1])
    assert share >= 0.5, share
    name = t._faces[shown[-1][1]][1]
    # the name is drawn on the picture (a band over it), not stacked above it
    assert any(text == name and pic.contains(r) for text, r in table.ink.placed), name


def test_the_wild_pair_tag_is_legible_on_every_symbols_colour(content):
    """Play-test: the 'Wild pair' pill on a Lantern's or a Key's gold was pale words on pale gold."""
    from fate.ui.table.cards import ink_on
    from tests.ui.table.test_places import contrast

    for sym in content.symbols:
        assert contrast(ink_on(sym.colour), sym.colour) >= 4.5, (sym.name, sym.colour)  # parchment: 1.06 on a Lantern
