"""What the table's fixed words say while a chance to cast rides with the Move decision:
the top bar names the step the prompt asks, and a notice stands where it covers no place."""

from __future__ import annotations

from tests.ui.table.test_autopass import first_shown, prepare_with
from tests.ui.table.test_table_play import frame


def test_the_top_bar_names_the_step_the_folded_prompt_asks(content, tmp_path):
    """Play-test of issue 50: the prompt said "Move the Fate Piece" while the bar said "Prepare at"."""
    app, scene = prepare_with(content, tmp_path)
    try:
        prompt = first_shown(app, scene)
        assert scene.session.game.phase == "prepare" and prompt["kind"] == "move" and prompt.get("folded")
        frame(app)
        bar = [t for t in app.ink.drawn if t.startswith("Turn ")]
        assert bar and all("Move at The Other Worlds" in t for t in bar), bar
        assert not any("Prepare" in t for t in bar), bar
    finally:
        app.close()


def test_the_hints_notice_stands_where_it_covers_no_place_and_says_all_its_words(content, tmp_path):
    """Play-test of issue 50: "For the Hint, your chance to cast comes first..." ran across
    The Other Worlds' plaque."""
    import pygame

    from fate.ui.table.overlays import UNFOLDED

    app, scene = prepare_with(content, tmp_path)
    try:
        assert first_shown(app, scene)["kind"] == "move"
        frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")])
        frame(app)
        box = scene.panels.notice_box
        assert box is not None and scene.notice[0] == UNFOLDED
        places = [r.rect for r in scene.table.regions if r.key and r.key[0] == "loc"]
        assert len(places) >= 6 and box.collidelist(places) < 0, (box, box.collidelistall(places))
        assert scene.panels.hint_box is None or not box.colliderect(scene.panels.hint_box)
        assert app.screen.get_rect().contains(box)
        lines = scene.panels._notice_place[1][1]
        assert " ".join(lines) == UNFOLDED and all(ln in app.ink.drawn for ln in lines)
    finally:
        app.close()
