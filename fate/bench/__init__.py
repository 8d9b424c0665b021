"""python -m fate.bench engine|search|frames|idle|package|load|prompts|hint|server|online|fingerprint|review|turns|words|i18n
    [--seconds S] [--frames N]
    [--games G]
    [--processes K --db sqlite|postgresql]

Benchmarks that print figures (never pass/fail): one package, a module for each
(fate/bench/engine.py, search.py, frames.py, idle.py, package.py, load.py, prompts.py, hint.py,
server.py, online.py, fingerprint.py), each with the measurement and its report.

engine: choices applied per second, full random 4-player games per second,
and the time of one clone(). Times are the process's own CPU time (one core),
the median of five rounds, so that other work on the machine does not blur them.
The engine is the one the game runs: compiled by Cython once
``python packaging/compile_engine.py`` has built it from these sources, else
the sources (fate/compiled.py; ``FATE_PURE=1`` for the sources anyway). The
first line says which; ``search`` too.

search: Hard's search iterations a second, on the process's CPU time: a
fixed 400 iterations from each of up to 12 seeded positions (two and four cults,
early and late in a game), the median of three rounds. The figure does not
depend on a clock running out, so it compares two versions of the engine or
the search more steadily than ``fate.ai.arena``'s, which counts iterations
against the wall clock of whole games.

frames: the CPU time of each frame of the busiest table (four cults far into
a game, AI seats at Hard playing at Normal speed with every animation, the
pointer sweeping over things so tooltips show) at 1920x1080, headless; p50 and
p95 of the main thread's CPU time and the longest frame on the clock while
Hard thinks in the AI's worker process, first without and then with every
decision autosaved. Then the wall time from launching
``python main.py`` to its first frame on screen, median of three launches.

idle: the CPU the game spends while nothing moves and nobody does anything, in % of
one core: at the title and at a table waiting for a human, ``--seconds`` (30) each
in the game's own loop at 1920x1080, a real window when DISPLAY names an X server,
else the dummy driver (fate/bench/idle.py).

package: the size of the packaged app folder (dist/FateOfTheElderGods, built
by ``python packaging/build.py``; built first if it is missing) and the wall
time from launching the packaged binary to its first frame: the first launch
and the median of three.

prompts: Pass prompts a human answers per turn without auto-pass and with the
default, over the same seeded games (fate/bench/prompts.py).

hint: the wall time from pressing H to the hint on screen while an AI seat's
Hard search runs at the same time (p50, p95, max against Hard's budget plus
half a second; ``--seconds`` sets the budget, else the Settings' default;
``--games`` the positions, 12), and whether every hint line is drawn whole
(fate/bench/hint.py).

server: N concurrent games of bot clients over loopback against K server
processes on SQLite or PostgreSQL (fate/bench/server.py; it starts and stops
the servers, and a throw-away PostgreSQL cluster): choices a second, each
choice's round trip (p50, p95, p99) and the servers' peak memory, measured
for ``--seconds`` (30 unless given) after a warm-up of 10; then AI fairness: how
long another game's Hard AI move waits (p50, p95, max against its budget plus a
second, and a Random AI's against a second) while one address asks every hint
and game its limits allow, on a server of its own with its defaults (20 s, or
``--seconds`` if less; ``--ai-workers N`` its AI workers, ``--ai-attack`` that
line alone).

online: how soon the online table sees its own choice: the game window's
connection against a real server process on loopback, a human seat against
an AI played to the end ``--games`` times (3): each choice's wall time from
sending to the answering state, in ms and in frames at 60 fps
(fate/bench/online.py).

review: the seconds Hard's post-game review takes a decision at each budget (quick,
thorough), and how often two reviews of the same decisions, seeded apart, give the same
marks (fate/bench/reviewing.py; ``--games`` x 50 decisions of a seeded game, 150).

words: how many words the busy table shows at rest (``--screen table --seed 4``), at 1280x720 and
1920x1080: every line drawn in one frame through the one text door, counted word by word
(fate/bench/words.py).

i18n: each language's messages translated of all; the texts every screen's shot and 12 seeded
games (prompts, tooltips, the Chronicle) show untranslated in the pseudo-language en_XA; and each
language's texts cut to fit at 1280x720 and 150% text (fate/bench/i18n.py).

turns: how right "End your turn?" is: the engine's marks ("ends", "may") at every prompt of
``--games`` (40) seeded random games against the true game, each "ends" tried on 40 other deals
of what its seat knows (none may go on or turn on chance), and the CPU time the marks take a
prompt (fate/bench/turns.py).

fingerprint: not a speed but what a speed change must keep: hashes of every
prompt, event, view and snapshot of ``--games`` (80) seeded random games at each
seat count and solo level, and of Hard's decisions at a fixed number of
iterations (fate/bench/fingerprint.py). Two checkouts that print the same lines play
the same games.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable

from fate.ground.cli import Parser, seconds, whole

# the module of each bench whose name differs from its command's (fate.bench.review would be
# the fourth review.py of the house)
MODULES = {"review": "reviewing"}
BENCHES = ("engine", "search", "frames", "idle", "package", "load", "prompts", "hint", "server", "online", "fingerprint",
           "review", "turns", "words", "i18n")


def parser() -> Parser:
    ap = Parser(prog="python -m fate.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=BENCHES, help="what to measure")
    ap.add_argument("--seconds", type=seconds(0.1, 3600), default=None,
                    help="engine: CPU seconds of games to play (5); server, idle: seconds measured (30); "
                         "hint: Hard's budget (the Settings' default)")
    ap.add_argument("--frames", type=whole(10, 10**6), default=900, help="frames: how many frames to time")
    ap.add_argument("--saves", type=whole(1, 100_000), default=2000, help="load: saved games in the folder")
    ap.add_argument("--games", type=whole(1, 100_000), default=None,
                    help="server: concurrent games (500); prompts: seeded games to play (24); turns: (40); "
                         "hint: positions (12); fingerprint: games at each seat count and solo level (80)")
    ap.add_argument("--processes", type=whole(1, 64), default=1, help="server: server processes")
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite", help="server: the store")
    ap.add_argument("--seats", type=whole(1, 4), default=2, help="server: remote seats (connections) a game")
    ap.add_argument("--think", type=seconds(0.0, 600), default=2.0,
                    help="server: a bot's mean seconds before a choice")
    ap.add_argument("--ai-workers", type=whole(0, 64), default=None,
                    help="server: the AI fairness server's AI worker processes (the machine's default)")
    ap.add_argument("--ai-addresses", type=whole(1, 200), default=1,
                    help="server: the addresses the AI fairness line's stranger asks from, each to its limits (1)")
    ap.add_argument("--ai-attack", action="store_true",
                    help="server: only the AI fairness line (an address asking every hint and game of AIs "
                         "alone its limits allow, other players' AI moves timed)")
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run the bench named on the command line; each module is imported only when asked for
    (the frames bench needs pygame, the engine's does not)."""
    args = parser().parse_args(argv)
    bench = importlib.import_module(f"fate.bench.{MODULES.get(args.what, args.what)}")
    report: Callable[[argparse.Namespace], int] = bench.report
    return report(args)


if __name__ == "__main__":
    sys.exit(main())
