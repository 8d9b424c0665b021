"""``python -m fate.bench i18n``: how much of the game speaks each language.

For each language beside English: the messages of the template translated (and not marked
fuzzy) of all, from fate/locale (the template is extracted afresh from the sources, so a
message marked since the last ``extract`` counts). Then every screen that
``python main.py --screenshot F --screen S`` draws, in the pseudo-language (en_XA): each line
of text drawn in the shot's frame goes through the one text door (``Ink.draw``), and a line
that holds a letter the pseudo-language accents but shows it plain was never marked. The
bench prints those lines' count a screen, the total, and with ``FATE_I18N_LINES=1`` the lines.
Last, for each language (``FATE_I18N_LANGS=de,pl`` for some), every screen at 1280x720 and 150%
text: the texts cut with an ellipsis because they did not fit.
A name a player gave, a number or a card's name from the data can be plain too: they are
counted, and go down as the data's texts get their catalogues.
"""

from __future__ import annotations

import os
import re
import tempfile
from argparse import Namespace
from pathlib import Path

PLAIN = re.compile(r"[acdeghiklnorstuyzACDEGHIKLNORSTUYZ]")  # the letters en_XA never shows plain


def plain_lines(lines: list[str]) -> list[str]:
    """The lines drawn without passing through a catalogue (pseudo-language shows none plain); a
    language's own name (the language setting's "Polski") is never translated, and is not counted."""
    from fate.ground.language import LANGUAGES

    def bare(line: str) -> str:
        for name in LANGUAGES.values():
            line = line.replace(name, "")
        return line

    return [line for line in lines if PLAIN.search(bare(line))]


def screen_lines(screen: str, seed: int = 4, size: tuple[int, int] = (1280, 720),
                 cut: list[str] | None = None) -> list[str]:
    """Every line of text one screen's shot draws, in the language now spoken (and into ``cut``,
    every text the shot cut with an ellipsis to fit)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from fate.engine import default_content
    from fate.ui.shots import screenshot

    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="fate-i18n-") as tmp:
        screenshot(default_content(), str(Path(tmp) / "shot.png"), seed, size, None, screen, lines=lines, cut=cut)
    return lines


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
    from fate.ui.shots import SCREENS

    language.pin(language.PSEUDO)
    try:
        plain_total = 0
        for screen in SCREENS:
            plain = plain_lines(screen_lines(screen))
            plain_total += len(plain)
            print(f"  {screen:20} {len(plain):4d} lines drawn untranslated in {language.PSEUDO}")
            if os.environ.get("FATE_I18N_LINES"):
                for line in plain:
                    print(f"      {line}")
    finally:
        language.pin(None)
    print(f"lines drawn untranslated in {language.PSEUDO} on every screen: {plain_total}")
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
