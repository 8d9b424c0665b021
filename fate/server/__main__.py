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
import logging
import signal
import sys


def main(argv: list[str] | None = None) -> int:
    from fate import paths

    ap = argparse.ArgumentParser(prog="python -m fate.server", description="Fate of the Elder Gods game server")
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--db", default="", help="sqlite:PATH or postgresql://... (default: sqlite in the data folder)")
    ap.add_argument("--certfile", help="TLS certificate chain (PEM); serve wss:// instead of ws://")
    ap.add_argument("--keyfile", help="TLS private key (PEM)")
    ap.add_argument("--ai-workers", type=int, default=1, help="processes for AI seats (0: a thread)")
    ap.add_argument("--hard-seconds", type=float, default=1.0, help="Hard's thinking time a decision")
    ap.add_argument("--absent-after", type=float, default=60.0,
                    help="seconds unseen before the host may replace a player with an AI")
    ap.add_argument("--invite-hours", type=int, default=24, help="how long an invite code stays good")
    ap.add_argument("--send-seconds", type=float, default=20.0,
                    help="how long a client may leave its messages unread before it is cut off")
    ap.add_argument("--log", default="WARNING", help="log level")
    a = ap.parse_args(argv)
    if bool(a.certfile) != bool(a.keyfile):
        ap.error("--certfile and --keyfile go together")
    logging.basicConfig(level=a.log.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    db = a.db or f"sqlite:{paths.user_dir() / 'server.sqlite'}"
    return asyncio.run(serve(a, db))


async def serve(a, db: str) -> int:
    from fate.engine import default_content
    from fate.server.aipool import AIPool
    from fate.server.app import GameServer, open_store
    from fate.server.transport import run

    store = open_store(db)
    pool = AIPool(a.ai_workers, a.hard_seconds)
    app = GameServer(store, default_content(), pool, absent_after=a.absent_after, invite_hours=a.invite_hours)
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

    def ready(port: int) -> None:
        print(f"listening on {scheme}://{a.host}:{port} (db {shown})", flush=True)

    try:
        await run(app, a.host, a.port, a.certfile, a.keyfile, ready, stop, a.send_seconds)
    finally:
        await app.stop()
        pool.close()
        await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
