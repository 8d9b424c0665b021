"""Fate of the Elder Gods: start the game.

    python main.py               open the game window
    python main.py --self-test   headless check: load all content, play a whole game, exit 0
"""

from __future__ import annotations

import argparse
import os
import random
import sys


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, no usage dump
        print(f"{self.prog}: {message} (try --help)", file=sys.stderr)
        raise SystemExit(2)


def self_test(seed: int) -> int:
    from fate.content import default_content
    from fate.engine import ContentError, new_game
    from fate.engine.invariants import violations

    try:
        content = default_content()
    except ContentError as e:
        print(f"SELFTEST FAILED: {e}", file=sys.stderr)
        return 1
    for players in (1, 2, 3, 4):
        g = new_game(content, players, seed)
        r = random.Random(seed)
        while (p := g.pending()) is not None:
            g.apply(r.choice(p.choices))
        bad = violations(g)
        if bad:
            print(f"SELFTEST FAILED: {players} players: {bad[0]}", file=sys.stderr)
            return 1
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from fate.window import run_window

    run_window(frames=3)
    print("SELFTEST OK")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(prog="main.py", description="Fate of the Elder Gods, the digital edition.")
    ap.add_argument("--self-test", action="store_true", help="run headless checks and exit")
    ap.add_argument("--seed", type=int, default=1, help="seed for the self-test games")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test(args.seed)
    from fate.content import default_content
    from fate.engine import ContentError

    try:
        default_content()
    except ContentError as e:
        print(f"The game's data is damaged: {e}", file=sys.stderr)
        return 1
    from fate.window import run_window

    run_window()
    return 0


if __name__ == "__main__":
    sys.exit(main())
