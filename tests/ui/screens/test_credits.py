"""Credits, driven as a player would: reached from the title by a click or by Tab and Enter,
the third-party notices read to their last line by keys, the wheel and the scroll bar, the
game's own licence on its tab, and back. The notices name every pinned package the game
imports when it runs, at its pinned version."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pygame
import pytest

from fate.ui.app import App, click
from fate.ui.kit.reader import TextView
from fate.ui.screens.credits import CreditsScene
from fate.ui.screens.title import TitleScene
from tests.ui.table.test_table_play import frame, press

ROOT = Path(__file__).resolve().parents[3]
NOTICES = ROOT / "assets" / "legal" / "THIRD-PARTY-NOTICES.txt"
LICENSE = ROOT / "LICENSE"
RULE = re.compile(r"^\s*(?:-{8,}|={8,})\s*$")


def key(k: int, mod: int = 0) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")]


def wheel(y: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))]


def file_headings(text: str) -> list[str]:
    """The file's headings as a reader of the plain file sees them: "[1.2] Name" under a rule."""
    lines = text.splitlines()
    return [ln for i, ln in enumerate(lines)
            if i and re.match(r"^\[(\d+|[A-Z])(\.\d+)?\] ", ln) and RULE.match(lines[i - 1])]


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture
def app(content, tmp_path):
    a = App(content, size=(1280, 720), seed=3, settings={}, saves=tmp_path)
    yield a
    a.close()


def open_credits(app) -> CreditsScene:
    press(app, ("credits",))
    assert isinstance(app.scene, CreditsScene)
    frame(app)
    return app.scene


def test_the_titles_credits_button_opens_the_credits_and_back_returns(app):
    scene = open_credits(app)
    drawn = app.ink.drawn
    assert {"Credits", "Made by", "Fonts", "Pictures, sounds and music"} <= drawn
    assert any(t.startswith("The developers of Fate of the Elder Gods") for t in drawn)
    assert "THIRD-PARTY NOTICES" in drawn and "Fate of the Elder Gods, the digital edition" in drawn
    assert scene.current == "notices"
    press(app, ("back",))
    assert isinstance(app.scene, TitleScene)
    open_credits(app)
    frame(app, key(pygame.K_ESCAPE))
    assert isinstance(app.scene, TitleScene)


def test_the_title_reaches_credits_by_tab_and_enter(app):
    frame(app)
    for _ in range(len(app.scene.hotspots()) + 1):
        frame(app, key(pygame.K_TAB))
        title = app.scene
        if title.focus is not None and title.hotspots()[title.focus].key == ("credits",):
            break
    else:
        raise AssertionError("Tab never reached Credits")
    assert "Who made the game" in title.hotspots()[title.focus].tip
    frame(app, key(pygame.K_RETURN))
    assert isinstance(app.scene, CreditsScene)


def test_the_credits_button_says_what_it_does_when_hovered(app):
    frame(app)
    spot = next(h for h in app.scene.hotspots() if h.key == ("credits",))
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=spot.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert "Credits" in app.ink.drawn and any(t.startswith("Who made the game") for t in app.ink.drawn)


@pytest.mark.parametrize("size, text_size", [((1280, 720), 100), ((1920, 1080), 100), ((1280, 720), 150)])
def test_the_page_lays_out_the_notices_files_whole_text(content, tmp_path, size, text_size):
    app = App(content, size=size, seed=3, settings={"text_size": text_size}, saves=tmp_path)
    try:
        scene = open_credits(app)
        text = NOTICES.read_text(encoding="utf-8")
        rows = scene.view.rows
        laid = "".join(r.label + r.text for r in rows if r.kind not in ("rule", "underline"))
        kept = "\n".join(ln for ln in text.splitlines() if not RULE.match(ln))
        assert squeezed(laid) == squeezed(kept)
        heads: dict[int, list[str]] = {}
        for r in rows:
            if r.kind in ("h1", "h2"):
                heads.setdefault(r.line, []).append(r.text)
        assert [" ".join(parts) for parts in heads.values()] == file_headings(text)  # a long one wraps
        assert len(file_headings(text)) > 40
        inside = scene.view.page_rect
        for line, rect in app.ink.placed:  # every row on the page fits it: wrapped, never cut
            if rect.colliderect(inside):
                assert inside.left <= rect.left and rect.right <= inside.right, (line, rect, inside)
    finally:
        app.close()


def test_paging_down_shows_every_heading_and_reaches_the_last_line(app):
    scene = open_credits(app)
    text = NOTICES.read_text(encoding="utf-8")
    seen: set[str] = set()
    for _ in range(400):
        seen |= app.ink.drawn
        if scene.view.lines_shown()[1] == scene.view.lines_shown()[2]:
            break
        frame(app, key(pygame.K_PAGEDOWN))
    seen |= app.ink.drawn
    assert not [h for h in file_headings(text) if h not in seen]
    assert text.rstrip().splitlines()[-1].strip() in seen
    top = scene.view.top
    frame(app, key(pygame.K_PAGEDOWN))
    assert scene.view.top == top  # the end stays the end


def test_keys_scroll_by_row_page_section_and_to_either_end(app):
    scene = open_credits(app)
    view = scene.view
    frame(app, key(pygame.K_DOWN) * 3)
    assert view.top == 3
    frame(app, key(pygame.K_UP))
    assert view.top == 2
    step = view.shown - 1  # a page: the rows shown, less one kept for context
    assert step > 10
    frame(app, key(pygame.K_PAGEDOWN))
    assert view.top == 2 + step
    back = view.shown - 1
    frame(app, key(pygame.K_PAGEUP))
    assert view.top == max(0, 2 + step - back)
    frame(app, key(pygame.K_RIGHT))
    assert view.rows[view.top].kind in ("h1", "h2")
    first = view.rows[view.top].text
    frame(app, key(pygame.K_RIGHT))
    assert view.rows[view.top].kind in ("h1", "h2") and view.rows[view.top].text != first
    frame(app, key(pygame.K_LEFT))
    assert view.rows[view.top].text == first
    frame(app, key(pygame.K_END))
    first_line, last_line, of = view.lines_shown()
    assert last_line == of == len(NOTICES.read_text(encoding="utf-8").rstrip().splitlines())
    frame(app)
    assert NOTICES.read_text(encoding="utf-8").rstrip().splitlines()[-1].strip() in app.ink.drawn
    frame(app, key(pygame.K_HOME))
    assert view.top == 0 and view.lines_shown()[0] == 1


def test_the_wheel_and_the_scroll_bar_move_the_text(app):
    scene = open_credits(app)
    view = scene.view
    frame(app, wheel(-2))
    assert view.top == 6
    frame(app, wheel(1))
    assert view.top == 3
    frame(app)
    below, step = (view.track.centerx, view.thumb.bottom + 20), view.shown - 1
    frame(app, click(below))
    assert view.top == 3 + step
    frame(app)
    thumb = view.thumb.center
    past = (thumb[0], view.track.bottom + 50)  # dragged beyond the bar's end
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=past, rel=(0, 1), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=past, button=1)])
    assert view.top == view.last_top and view.lines_shown()[1] == view.lines_shown()[2]
    frame(app)
    middle = view.thumb.center
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=middle, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=(middle[0], middle[1] - view.track.h // 2),
                                   rel=(0, -1), buttons=(1, 0, 0))])
    assert 0.3 * view.last_top < view.top < 0.7 * view.last_top  # half the bar up: about half way
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=middle, button=1)])
    frame(app)
    above, top, step = (view.track.centerx, view.thumb.top - 10), view.top, view.shown - 1
    frame(app, click(above))
    assert view.top == top - step


def test_the_scroll_bar_says_what_it_does_and_answers_enter(app):
    scene = open_credits(app)
    bar = next(h for h in scene.hotspots() if h.key == ("scrollbar",))
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=bar.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert "Scroll bar" in app.ink.drawn
    for _ in range(len(scene.hotspots())):
        frame(app, key(pygame.K_TAB))
        if scene.focus is not None and scene.hotspots()[scene.focus].key == ("scrollbar",):
            break
    else:
        raise AssertionError("Tab never reached the scroll bar")
    step = scene.view.shown - 1
    frame(app, key(pygame.K_RETURN))
    assert scene.view.top == step


def test_the_game_licence_tab_shows_license_and_keeps_each_place(app):
    scene = open_credits(app)
    frame(app, key(pygame.K_DOWN) * 5)
    press(app, ("show", "licence"))
    frame(app)
    assert scene.current == "licence" and scene.view.top == 0
    lines = [ln.strip() for ln in LICENSE.read_text(encoding="utf-8").splitlines() if ln.strip()]
    assert lines[0] == "MIT License"
    assert {lines[0], lines[1]} <= app.ink.drawn  # "MIT License", "Copyright (c) ... the digital edition"
    assert scene.view.lines_shown()[1] == len(LICENSE.read_text(encoding="utf-8").rstrip().splitlines())
    press(app, ("show", "notices"))
    assert scene.view.top == 5


def test_in_a_bundle_the_texts_are_read_from_its_folder(app, tmp_path, monkeypatch):
    bundle = tmp_path / "bundle"
    (bundle / "assets" / "legal").mkdir(parents=True)
    (bundle / "LICENSE").write_text("MIT License\n\nCopyright (c) the bundle's own licence\n", encoding="utf-8")
    (bundle / "assets" / "legal" / "THIRD-PARTY-NOTICES.txt").write_text("The bundle's notices\n", encoding="utf-8")
    with monkeypatch.context() as m:  # the files are read as the scene opens
        m.setattr(sys, "_MEIPASS", str(bundle), raising=False)
        scene = app.goto("credits")
    frame(app)
    assert "The bundle's notices" in app.ink.drawn
    scene.click(("show", "licence"))
    frame(app)
    assert "Copyright (c) the bundle's own licence" in app.ink.drawn


def test_a_missing_file_is_said_in_words(app, tmp_path, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(sys, "_MEIPASS", str(tmp_path / "empty"), raising=False)
        app.goto("credits")
    frame(app)
    assert any(t.startswith("THIRD-PARTY-NOTICES.txt could not be read") for t in app.ink.drawn)


def test_a_line_wider_than_the_page_wraps_and_a_word_wider_than_a_row_is_cut_over_rows(app):
    frame(app)
    long_word = "https://" + "elder" * 60
    text = "    indented " + "words and more words " * 30 + long_word + " end"
    view = TextView(text)
    view.layout(app.ink, 300, 400)
    assert len(view.rows) > 5 and all(r.indent > 0 for r in view.rows)
    assert squeezed("".join(r.text for r in view.rows)) == squeezed(text)
    font = app.ink.font("body", app.ink.read(26))
    assert all(font.size(r.text)[0] <= 300 - r.indent for r in view.rows)


# ------------------------------------------------------------------ the notices against what is bundled
def pins() -> dict[str, tuple[str, str]]:
    """requirements.txt: normalised name -> (name as written, pinned version)."""
    out = {}
    for ln in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==([^\s;#]+)", ln.strip())
        if m:
            out[re.sub(r"[-_.]+", "-", m.group(1)).lower()] = (m.group(1), m.group(2))
    return out


def runtime_distributions() -> set[str]:
    """The distributions (normalised names) of every module the game has loaded once it is
    running: main.py, the modules it imports for its commands, the window with every scene,
    the server it hosts; asked of a fresh interpreter."""
    tree = ast.parse((ROOT / "main.py").read_text(encoding="utf-8"))
    modules = {"main", "fate.ui.app", "fate.ui.shots", "fate.ui.crash", "fate.server.__main__"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("fate"):
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules |= {a.name for a in node.names if a.name.startswith("fate")}
    def loaded(imports: str) -> set[str]:
        code = f"import sys\n{imports}print('\\n'.join(sorted({{n.split('.')[0] for n in sys.modules}})))"
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        return set(done.stdout.split())

    # what the interpreter loads before any game code (site's .pth hooks of this environment) is no part of the game
    game = loaded("".join(f"import {m}\n" for m in sorted(modules))) - loaded("")
    owners = metadata.packages_distributions()
    found = set()
    for top in game:
        for dist in owners.get(top, []):
            found.add(re.sub(r"[-_.]+", "-", dist).lower())
    return found


def missing_sections(notices: str, wanted: dict[str, tuple[str, str]]) -> list[str]:
    """Each wanted package that has no heading naming it at its pinned version."""
    heads = [h.lower() for h in file_headings(notices)]
    return [f"{name} {version}" for name, version in wanted.values()
            if not any(f"] {name.lower()} {version}" in h for h in heads)]


def test_every_pinned_package_the_game_imports_has_a_section_at_its_version():
    pinned = pins()
    loaded = runtime_distributions()  # once: it starts two interpreters and reads every installed package
    used = {k: v for k, v in pinned.items() if k in loaded}
    assert {"pygame-ce", "pyyaml", "platformdirs", "websockets"} <= set(used), sorted(used)
    assert "pytest" not in used and "psycopg" not in used  # the tests' and the community server's only
    notices = NOTICES.read_text(encoding="utf-8")
    assert missing_sections(notices, used) == []
    # the check can fail: a package left out, or named at another version, is reported
    assert missing_sections(notices, {"x": ("left-pad", "1.3.0"), "y": ("PyYAML", "5.4")}) == \
        ["left-pad 1.3.0", "PyYAML 5.4"]


def test_the_fonts_licence_is_given_whole_in_the_notices():
    """The OFL text the fonts' section points to is their own licence file's, word for word
    (the file beside them is in Debian's copyright format: one leading space, "." for a blank)."""
    lines = (ROOT / "assets" / "fonts" / "OFL-Blankenburg.txt").read_text(encoding="utf-8").splitlines()
    start = lines.index("License: OFL-1.1") + 1
    body = []
    for ln in lines[start:]:
        if not ln.startswith(" "):
            break
        body.append("" if ln.strip() == "." else ln[1:])
    notices = NOTICES.read_text(encoding="utf-8")
    assert len(body) > 80 and "\n".join(ln.rstrip() for ln in body) in notices
    assert "[A.9] SIL Open Font License, version 1.1" in file_headings(notices)
