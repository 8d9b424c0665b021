"""Runs of eight words, hashed: to check that our text copies no sentence of the
publisher's rulebook (../shared/rules/rulebook.txt) without keeping its text.

    python tests/shingles.py     rewrite tests/fixtures/rulebook-shingles.txt from the rulebook

The fixture holds a 4-byte BLAKE2b hash of every run of eight words of the
rulebook (lower case, punctuation dropped), nothing of its words.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT.parent / "shared" / "rules" / "rulebook.txt"
FIXTURE = ROOT / "tests" / "fixtures" / "rulebook-shingles.txt"
RUN = 8


def shingles(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))
    return {hashlib.blake2b(" ".join(words[i:i + RUN]).encode(), digest_size=4).hexdigest()
            for i in range(len(words) - RUN + 1)}


def rulebook_shingles() -> set[str]:
    return set(FIXTURE.read_text(encoding="ascii").split())


def write() -> int:
    found = sorted(shingles(RULEBOOK.read_text(encoding="utf-8")))
    lines = [" ".join(found[i:i + 10]) for i in range(0, len(found), 10)]
    FIXTURE.write_text("\n".join(lines) + "\n", encoding="ascii")
    print(f"{FIXTURE}: {len(found)} runs of {RUN} words")
    return 0


if __name__ == "__main__":
    sys.exit(write())
