"""``python -m fate.bench i18n``: how much of the game speaks each language.

For each language beside English: the messages of the template translated (and not marked
fuzzy) of all, from fate/locale (the template is extracted afresh from the sources, so a
message marked since the last ``extract`` counts). Then, in the pseudo-language (en_XA), every
screen that ``python main.py --screenshot F --screen S`` draws, and 12 seeded hotseat games of one
to four seats at every decision (the lines each decision's frame draws, every hotspot's words and
tooltip, every line of the Chronicle): each text goes through the one text door (``Ink.draw``)
or the table's hotspots, and a text that holds a letter the pseudo-language accents but shows it
plain was never marked. Not counted: what is drawn as it is written (``Ink.as_written``: what a
player typed, a legal document; the shots' players' names and talk), codes, addresses and rules'
ids. The bench prints those texts' count a screen and a game, the totals, and with
``FATE_I18N_LINES=1`` the texts. Last, for each language (``FATE_I18N_LANGS=de,pl`` for some),
every screen at 1280x720 and 150% text: the texts cut with an ellipsis because they did not fit
(a line is first drawn a little smaller, down to ``SHRINK`` of its size, where that fits it).
"""

from __future__ import annotations

import os
import re
import tempfile
from argparse import Namespace
from pathlib import Path

GAMES = 12  # seeded games whose every decision is shown
PLAIN = re.compile(r"[acdeghiklnorstuyzACDEGHIKLNORSTUYZ]")  # the letters en_XA never shows plain
# Not words: an invite or watch code, an address (fate://, ws://, host:port), a rule's id (R-MV-5).
NOT_WORDS = re.compile(r"\b[A-Z0-9]{4}(?:-[A-Z0-9]{4}){3}\b|\b(?:fate|ws)://\S+|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?"
                       r"|\bR-[A-Z0-9]+-\d+\b")


def plain_lines(lines: list[str], kept: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The lines drawn without passing through a catalogue (pseudo-language shows none plain). Not
    counted: a language's own name (the language setting's "Polski": never translated), what is
    no word (a code, an address, a rule's id) and a line the screen drew as it is written
    (``kept``: what a player typed, a legal document, in English as its licences are)."""
    from fate.ground.language import LANGUAGES

    def bare(line: str) -> str:
        for name in LANGUAGES.values():
            line = line.replace(name, "")
        for text in kept:
            if text and text in line:
                line = line.replace(text, "")
        return NOT_WORDS.sub("", line)

    written = "\n".join(kept)
    return [line for line in lines if line.strip() not in written and PLAIN.search(bare(line))]


def screen_lines(screen: str, seed: int = 4, size: tuple[int, int] = (1280, 720),
                 cut: list[str] | None = None, kept: list[str] | None = None) -> list[str]:
    """Every line of text one screen's shot draws, in the language now spoken (and into ``cut``,
    every text the shot cut with an ellipsis to fit; into ``kept``, the texts drawn as written)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from fate.engine import default_content
    from fate.ui.shots import screenshot

    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="fate-i18n-") as tmp:
        screenshot(default_content(), str(Path(tmp) / "shot.png"), seed, size, None, screen, lines=lines, cut=cut,
                   kept=kept)
    return lines


def game_texts(seed: int, decisions: int = 400, size: tuple[int, int] = (1280, 720),
               cut: list[str] | None = None) -> tuple[set[str], set[str]]:
    """Every text a seeded hotseat game of humans shows at its decisions, in the language spoken
    now: the lines each decision's frame draws, each hotspot's words and tooltip, and every line
    of the Chronicle; and the texts drawn as written. One to four seats by the seed (solo too),
    each decision taken by a click on one of the picker's targets, at most ``decisions`` of them."""
    import random

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from fate.engine import default_content
    from fate.ui.app import App, click
    from fate.ui.session import SeatConfig, Session
    from fate.ui.shots import open_table

    texts: set[str] = set()
    kept: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="fate-i18n-game-", ignore_cleanup_errors=True) as tmp:
        app = App(default_content(), size=size, seed=seed, saves=Path(tmp))
        session = Session(app.content, [SeatConfig(True, "easy", i) for i in range(1 + seed % 4)], seed)
        scene = open_table(app, session)
        rnd = random.Random(seed)
        for _step in range(decisions * 20):
            if session.over() or session.game.decision >= decisions:
                break
            app.frame([], 1 / 60)
            if scene.handoff is not None:
                scene.take_over()
                continue
            if scene.picker is None or scene.anim.busy():
                continue
            texts.update(line for line, _ in app.ink.placed)
            kept.update(app.ink.as_written)
            if cut is not None:
                cut.extend(app.ink.cut)
            spots = [h for h in scene.hotspots() if h.key[0] != "ui"]
            texts.update(t for h in scene.hotspots() for t in (h.label, h.tip) if t)
            live = [h for h in spots if h.key in scene.picker.live()] or spots
            if live:
                app.frame(click(rnd.choice(live).rect.center), 1 / 60)
        texts.update(line for line, _ in scene.telling.log)
    return texts, kept


def cut_texts(code: str, screens: list[str], text_size: int = 150) -> dict[str, list[str]]:
    """For each screen, the texts cut to fit when the window speaks ``code`` at 1280x720 and the
    given Text size (the player's settings of a scratch folder)."""
    import json

    from fate.ground import language

    out: dict[str, list[str]] = {}
    before = os.environ.get("FATE_USER_DIR")
    with tempfile.TemporaryDirectory(prefix="fate-fit-") as user:
        (Path(user) / "config").mkdir()
        (Path(user) / "config" / "settings.json").write_text(json.dumps({"text_size": text_size}))
        os.environ["FATE_USER_DIR"] = user
        language.pin(code)
        try:
            for screen in screens:
                cut: list[str] = []
                screen_lines(screen, cut=cut)
                out[screen] = sorted(set(cut))
        finally:
            language.pin(None)
            if before is None:
                os.environ.pop("FATE_USER_DIR", None)
            else:
                os.environ["FATE_USER_DIR"] = before
    return out


def report(args: Namespace) -> int:
    from fate.ground import language
    from fate.tools import catalogues

    for code, done, total in catalogues.status(template=catalogues.extract()):
        print(f"{code:6} {language.LANGUAGES[code]:20} {done}/{total} messages translated")
    from fate.ui.online.shots import TYPED
    from fate.ui.shots import SCREENS

    language.pin(language.PSEUDO)
    try:
        plain_total = 0
        for screen in SCREENS:
            kept: list[str] = list(TYPED)
            plain = plain_lines(screen_lines(screen, kept=kept), kept)
            plain_total += len(plain)
            print(f"  {screen:20} {len(plain):4d} lines drawn untranslated in {language.PSEUDO}")
            if os.environ.get("FATE_I18N_LINES"):
                for line in plain:
                    print(f"      {line}")
    finally:
        language.pin(None)
    print(f"lines drawn untranslated in {language.PSEUDO} on every screen: {plain_total}")
    language.pin(language.PSEUDO)
    try:
        plain_games: set[str] = set()
        for seed in range(1, GAMES + 1):
            texts, kept_here = game_texts(seed)
            plain = plain_lines(sorted(texts), sorted(kept_here))
            plain_games.update(plain)
            print(f"  game {seed:2d} ({1 + seed % 4} seats) {len(texts):5d} texts, {len(plain):3d} untranslated")
        if os.environ.get("FATE_I18N_LINES"):
            for line in sorted(plain_games):
                print(f"      {line}")
    finally:
        language.pin(None)
    print(f"texts shown untranslated in {language.PSEUDO} over {GAMES} seeded games (prompts, tooltips, "
          f"the Chronicle): {len(plain_games)}")
    # texts that did not fit, each language at 1280x720 and 150% text (FATE_I18N_LANGS=de,pl: some)
    wanted = [c for c in os.environ.get("FATE_I18N_LANGS", ",".join(language.LANGUAGES)).split(",") if c]
    for code in wanted:
        cuts = cut_texts(code, list(SCREENS))
        total = sum(len(v) for v in cuts.values())
        worst = ", ".join(f"{s} {len(v)}" for s, v in sorted(cuts.items(), key=lambda kv: -len(kv[1])) if v)
        print(f"{code:6} texts cut to fit at 1280x720, 150% text: {total}" + (f" ({worst})" if worst else ""))
        if os.environ.get("FATE_I18N_LINES"):
            for s, v in cuts.items():
                for text in v:
                    print(f"      {s}: {text}")
    return 0
