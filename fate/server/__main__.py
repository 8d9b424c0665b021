"""python -m fate.server [--host H] [--port P] [--db URL] [--certfile F --keyfile F] ...

Serves games over WebSockets until stopped (Ctrl+C or SIGTERM). ``--db`` is
``sqlite:PATH`` (the default: ``server.sqlite`` in the user's data folder) or a
PostgreSQL URL (``postgresql://user@host/db``) for several processes. With
``--port 0`` the system picks a free port; the line ``listening on
ws://HOST:PORT`` says which (the tests and the bench read it).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import ipaddress
import logging
import signal
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    from fate.ground import paths
    from fate.server.limits import LimitConfig

    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["admin"]:  # the operator's commands (fate/server/admin.py)
        from fate.server.admin import main as admin

        return admin(args[1:])

    ap = argparse.ArgumentParser(prog="python -m fate.server", description="Fate of the Elder Gods game server")
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--db", default="", help="sqlite:PATH or postgresql://... (default: sqlite in the data folder)")
    ap.add_argument("--certfile", help="TLS certificate chain (PEM); serve wss:// instead of ws://")
    ap.add_argument("--keyfile", help="TLS private key (PEM)")
    ap.add_argument("--ai-workers", type=int, default=None,
                    help="processes for AI seats and hints (0: a thread; default: the machine's cores but one, "
                         "1 to 8)")
    ap.add_argument("--hard-seconds", type=float, default=1.0, help="Hard's thinking time a decision")
    ap.add_argument("--absent-after", type=float, default=60.0,
                    help="seconds unseen before the host may replace a player with an AI")
    ap.add_argument("--invite-hours", type=int, default=24, help="how long an invite code stays good")
    ap.add_argument("--send-seconds", type=float, default=20.0,
                    help="how long a client may leave its messages unread before it is cut off")
    d = LimitConfig()
    limit = ap.add_argument_group("limits per client address (0: none; docs/server.md, "
                                  "\"Every limit, and its default\")")
    limit.add_argument("--max-connections", type=_count, default=d.connections, metavar="N",
                       help=f"connections open at once (default {d.connections})")
    limit.add_argument("--max-games", type=_count, default=d.games, metavar="N",
                       help=f"games created a window (default {d.games})")
    limit.add_argument("--max-claims", type=_count, default=d.claims, metavar="N",
                       help=f"seats claimed by invite a window (default {d.claims})")
    limit.add_argument("--max-guesses", type=_count, default=d.guesses, metavar="N",
                       help=f"invite codes that open no seat, a window (default {d.guesses})")
    limit.add_argument("--limit-window", type=_seconds, default=d.window, metavar="S",
                       help=f"seconds of the rolling window of the limits 'a window' (default {d.window:.0f})")
    limit.add_argument("--max-hints", type=_count, default=d.hints, metavar="N",
                       help=f"hints worked out a window (default {d.hints})")
    limit.add_argument("--max-seat-hints", type=_count, default=d.seat_hints, metavar="N",
                       help=f"hints worked out for one seat of a game a window, whoever asks (default {d.seat_hints})")
    limit.add_argument("--max-ai-games", type=_count, default=d.ai_games, metavar="N",
                       help=f"games of AIs alone created a window (default {d.ai_games})")
    limit.add_argument("--max-joins", type=_count, default=d.joins, metavar="N",
                       help=f"joins a minute (default {d.joins})")
    limit.add_argument("--max-lists", type=_count, default=d.lists, metavar="N",
                       help=f"lists of one's games asked a minute (default {d.lists})")
    limit.add_argument("--max-identities", type=_count, default=d.identities, metavar="N",
                       help=f"new players (keys never seen) made a window (default {d.identities})")
    limit.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                       help="a reverse proxy's address: its connections count the client address it "
                            "appends to X-Forwarded-For (may be given several times)")
    ap.add_argument("--upnp", action="store_true",
                    help="ask the home router to forward the port to this computer (UPnP) while serving")
    ap.add_argument("--upnp-report", metavar="FILE", help="with --upnp: write what the router said to FILE (JSON)")
    ap.add_argument("--home", action="store_true",
                    help="a player's own server, started by the game's Host on this computer: the friends' tables "
                         "record so, and say the host may have paused the game when it stops answering")
    ap.add_argument("--keep-days", type=_days, default=30.0, metavar="DAYS",
                    help="how long a finished game is kept before it is deleted (its players' standings stay; "
                         "0: for ever; default 30)")
    ap.add_argument("--metrics-from", action="append", default=[], metavar="ADDRESS",
                    help="an address that may read GET /metrics (may be given several times; default: this "
                         "computer's loopback addresses)")
    ap.add_argument("--log", default="WARNING", help="log level")
    a = ap.parse_args(argv)
    for proxy in a.trusted_proxy + a.metrics_from:
        try:
            ipaddress.ip_address(proxy)
        except ValueError:
            ap.error(f"{proxy!r}: not an IP address (--trusted-proxy, --metrics-from)")
    if bool(a.certfile) != bool(a.keyfile):
        ap.error("--certfile and --keyfile go together")
    logging.basicConfig(level=a.log.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    db = a.db or f"sqlite:{paths.user_dir() / 'server.sqlite'}"
    return asyncio.run(serve(a, db))


def _count(text: str) -> int:
    n = int(text)
    if not 0 <= n <= 10**6:
        raise argparse.ArgumentTypeError(f"expected a whole number 0 to 1000000, not {text}")
    return n


def _days(text: str) -> float:
    d = float(text)
    if not 0 <= d <= 36500:
        raise argparse.ArgumentTypeError(f"expected 0 to 36500 days, not {text}")
    return d


def _seconds(text: str) -> float:
    s = float(text)
    if not 1.0 <= s <= 7 * 86400:
        raise argparse.ArgumentTypeError(f"expected 1 to 604800 seconds, not {text}")
    return s


async def serve(a: argparse.Namespace, db: str) -> int:
    from fate.engine import default_content
    from fate.server.aipool import AIPool
    from fate.server.app import GameServer, open_store
    from fate.server.dblock import announce, hold
    from fate.server.limits import AddressLimits, LimitConfig
    from fate.server.operator import METRICS_FROM
    from fate.server.transport import run

    held = hold(db)
    if held is None:
        print(f"database held: another server serves {db}", flush=True)  # fate/net/hosting.py reads this
        logging.getLogger("fate.server").error("another server process serves %s: one SQLite file serves one "
                                               "process (use PostgreSQL for several)", db)
        return 3
    store = open_store(db)
    pool = AIPool(a.ai_workers, a.hard_seconds)
    limits = AddressLimits(LimitConfig(connections=a.max_connections, games=a.max_games, claims=a.max_claims,
                                       guesses=a.max_guesses, window=a.limit_window, hints=a.max_hints,
                                       seat_hints=a.max_seat_hints, ai_games=a.max_ai_games, joins=a.max_joins,
                                       lists=a.max_lists, identities=a.max_identities), frozenset(a.trusted_proxy))
    app = GameServer(store, default_content(), pool, absent_after=a.absent_after, invite_hours=a.invite_hours,
                     limits=limits, home=a.home, keep_days=a.keep_days)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C still ends asyncio.run
            pass
    await app.start()
    # The cards, tables and code loaded so far live as long as the process: the collector
    # need not walk them again and again (fewer and shorter pauses under load).
    gc.freeze()
    scheme = "wss" if a.certfile else "ws"
    shown = db.split("@")[-1] if db.startswith("postgres") else db

    opener = None  # --upnp: the router asked to forward the port (fate/ground/router.py)

    def ready(port: int) -> None:
        nonlocal opener
        announce(held, port)
        print(f"listening on {scheme}://{a.host}:{port} (db {shown})", flush=True)
        if a.upnp:
            from fate.ground.router import PortOpener

            opener = PortOpener(port, Path(a.upnp_report) if a.upnp_report else None)

    try:
        await run(app, a.host, a.port, a.certfile, a.keyfile, ready, stop, a.send_seconds,
                  tuple(a.metrics_from) or METRICS_FROM)
    finally:
        if opener is not None:  # the port is closed again as hosting stops
            await asyncio.get_running_loop().run_in_executor(None, opener.close)
        await app.stop()
        pool.close()
        await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
