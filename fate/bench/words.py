"""``python -m fate.bench words``: how many words the table shows at rest.

The position is the seeded busy table that ``python main.py --screenshot F --screen table
--seed 4`` draws (fate/ui/shots.py: a four-cult game some way in, waiting for the human
seat), at 1280x720 and at 1920x1080, with the default settings and no pointer on the
window (no tooltip). Every string the game draws goes through one door, ``Ink.draw``
(fate/ui/kit/theme.py), which keeps each line it drew in the frame and where (``Ink.placed``);
the bench reads them after one whole frame and counts the whitespace-separated words of
every line drawn, each place it is drawn ("1" on three
figures is three words; a line drawn again over itself, in the same place, as the Abyss's
swirl does, is seen once and counted once). The table keeps what does not change in a layer
drawn once; the counted frame draws that layer anew, so that its words are counted too.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the window's modules (pygame) load only when the bench runs
    from fate.ui.app import App

SIZES = ((1280, 720), (1920, 1080))
SEED = 4


def words_in(lines: list[str]) -> int:
    """The whitespace-separated words of the lines, counted each time a line is drawn."""
    return sum(len(line.split()) for line in lines)


def frame_words(app: App) -> tuple[int, list[str]]:
    """The words of one frame of the app's current scene drawn whole (the table's layer anew)."""
    table = getattr(app.scene, "table", None)
    if table is not None:
        table._layer = None  # the layer of things that do not change: drawn again, so it is heard
    app.frame([], 1 / 60)
    heard: list[str] = []
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for line, rect in app.ink.placed:  # each line as drawn (cut to its width, if it was)
        if (line, tuple(rect)) not in seen:
            seen.add((line, tuple(rect)))
            heard.append(line)
    return words_in(heard), heard


def table_words(size: tuple[int, int], seed: int = SEED) -> tuple[int, list[str]]:
    """The words of the busy table at rest at ``size``, and the lines they are in."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from fate.engine import default_content
    from fate.ui.app import App
    from fate.ui.shots import busy_session, open_table

    content = default_content()
    with tempfile.TemporaryDirectory(prefix="fate-words-") as tmp:
        app = App(content, size=size, seed=seed, settings={}, saves=Path(tmp) / "saves")
        try:
            app.mouse = None
            table = open_table(app, busy_session(content, seed))
            for _ in range(600):  # to rest: every beat of the opening shown
                if not table.anim.busy():
                    break
                app.frame([], 1 / 60)
            app.frame([], 1 / 60)
            return frame_words(app)
        finally:
            app.close()


def report(args) -> int:
    figures = []
    for size in SIZES:
        n, lines = table_words(size)
        figures.append(f"{n} at {size[0]}x{size[1]}")
        if os.environ.get("FATE_WORDS_LINES"):  # to see which lines they are
            for line in lines:
                print(f"  {len(line.split()):3d}  {line}")
    print(f"words on the table: {', '.join(figures)}")
    return 0
