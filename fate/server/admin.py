"""The server operator's commands: ``python -m fate.server admin [--db URL] [--as NAME] COMMAND``.

    reports [--all] [--last N]           the open reports (or every one), newest first
    done REPORT                          a report dealt with
    mute identity|address TARGET --for 2h [--reason TEXT]
    ban identity|address TARGET --for 7d [--reason TEXT]
    lift SANCTION                        end a mute or a ban now
    sanctions                            the mutes and bans in force
    close GAME [--reason TEXT]           end a game for everyone (it is deleted, never counted)
    log [--last N]                       what the operators did, newest first

It works on the store itself (the same ``--db`` as the server's; every process of the server
reads what is in force within seconds, fate/server/moderation.py), and writes each action with
who did it (``--as``, by default the system user) and when in the log. A time is a number and
a unit: ``30m``, ``2h``, ``7d``, ``4w``. An address is counted as the limits count it (an IPv6
address as its /64). Every failure is one line and exit code 1 (2 for a command line not
understood). An id made before 7 December 2026 may begin with a dash: give it after ``--``
(``admin close -- -Xy3...``).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import ipaddress
import json
import re
import sys
import time
from collections.abc import Callable, Coroutine
from typing import Any

from fate.ground.untrusted import one_line
from fate.server import moderation as mod
from fate.server.shared_sql import PRUNE
from fate.server.storage import Store, StoreError

UNITS = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def span(text: str) -> float:
    """``30m``, ``2h``, ``7d``, ``4w``: seconds (at most ten years)."""
    m = re.fullmatch(r"\s*(\d{1,6})\s*([mhdw])\s*", text)
    if not m or not 0 < int(m.group(1)) * UNITS[m.group(2)] <= 10 * 365 * 86400:
        raise argparse.ArgumentTypeError(f"expected a time like 30m, 2h, 7d or 4w, not {text[:20]!r}")
    return float(int(m.group(1)) * UNITS[m.group(2)])


def ident(text: str) -> str:
    if not _ID.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected an id of letters, digits, - and _, not {text[:20]!r}")
    return text


def when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t))


def target_of(kind: str, text: str) -> str:
    """A sanction's target as the server counts it: a player's id, or an address's key."""
    from fate.server.limits import address_key

    if kind == "identity":
        return ident(text)
    try:
        net = ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an IP address (or an IPv6 /64), not {text[:40]!r}") from None
    if net.version == 4 and net.num_addresses > 1 or net.version == 6 and net.prefixlen < 64:
        raise argparse.ArgumentTypeError(f"one IPv4 address, or an IPv6 address or /64, not {text[:40]!r}")
    return address_key(str(net.network_address))


async def reports(store: Store, a: argparse.Namespace) -> str:
    (rows,) = await store.run([(mod.REPORTS, (1 if a.all else 0, a.last))])
    if not rows:
        return "no reports" if a.all else "no open reports"
    out = []
    for rid, at, game, seat, line, said, player, addresses, by_player, by_address, reason, done in rows:
        about = f"line {line} of seat {seat + 1}: {said!r}" if line else f"the player of seat {seat + 1}"
        out.append(f"{rid}  {when(at)}  {'done' if done else 'open'}  game {game}: {one_line(about, 160)}\n"
                   f"    reported player: {player or '(no identity)'} at {', '.join(json.loads(addresses)) or '?'}\n"
                   f"    by {by_player or '(no identity)'} at {by_address}" + (f": {reason}" if reason else ""))
    return "\n".join(out)


async def done(store: Store, a: argparse.Namespace) -> str:
    await mod.act(store, a.operator, "done", a.report, "", [(mod.REPORT_DONE, (a.report,))])
    return f"report {a.report} dealt with"


async def sanction(store: Store, a: argparse.Namespace) -> str:
    sid, now = mod.new_id(), time.time()
    target = target_of(a.kind, a.target)
    reason = one_line(a.reason or "", 200)
    await mod.act(store, a.operator, a.what, f"{a.kind} {target}", f"until {when(now + a.span)}: {reason}",
                  [(mod.NEW_SANCTION, (sid, a.kind, target, a.what, now + a.span, reason, now))])
    return f"{a.what} {sid}: {a.kind} {target} until {when(now + a.span)} (every process within a few seconds)"


async def lift(store: Store, a: argparse.Namespace) -> str:
    now = time.time()
    (force,) = await store.run([(mod.IN_FORCE, (now,))])
    if not any(row[0] == a.sanction for row in force):
        raise LookupError(f"no mute or ban {a.sanction} is in force")
    await mod.act(store, a.operator, "lift", a.sanction, "", [(mod.LIFT, (now, a.sanction, now))])
    return f"{a.sanction} lifted"


async def sanctions(store: Store, a: argparse.Namespace) -> str:
    (rows,) = await store.run([(mod.IN_FORCE, (time.time(),))])
    return "\n".join(f"{sid}  {what} {kind} {target} until {when(until)}" + (f": {reason}" if reason else "")
                     for sid, kind, target, what, until, reason in rows) or "no mutes or bans in force"


async def close(store: Store, a: argparse.Namespace) -> str:
    if await store.load_game(a.game) is None:
        raise LookupError(f"no game {a.game} on this server")
    reason = one_line(a.reason or "", 200)
    await mod.act(store, a.operator, "close", a.game, reason,
                  [(mod.CLOSE, (a.game, time.time(), reason)), *((stmt, (a.game,)) for stmt in PRUNE)])
    return f"game {a.game} closed: its players are told within a few seconds"


async def read_log(store: Store, a: argparse.Namespace) -> str:
    (rows,) = await store.run([(mod.READ_LOG, (a.last,))])
    return "\n".join(f"{when(at)}  {who}  {action} {target}" + (f"  {detail}" if detail else "")
                     for at, who, action, target, detail in rows) or "nothing done yet"


Command = Callable[[Store, argparse.Namespace], Coroutine[Any, Any, str]]


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m fate.server admin", description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", default="", help="the server's store: sqlite:PATH or postgresql://... (default: the "
                                             "SQLite file in the data folder, as the server's)")
    ap.add_argument("--as", dest="operator", default="", help="who acts, for the log (default: the system user)")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("reports", help="the open reports, newest first")
    p.add_argument("--all", action="store_true", help="dealt-with ones too")
    p.add_argument("--last", type=int, default=50)
    p.set_defaults(run=reports)
    p = sub.add_parser("done", help="a report dealt with")
    p.add_argument("report", type=ident)
    p.set_defaults(run=done)
    for what in mod.WHATS:
        p = sub.add_parser(what, help=f"{what} an identity or an address for a time")
        p.add_argument("kind", choices=mod.KINDS)
        p.add_argument("target", help="a player's id (as the reports name them) or an IP address")
        p.add_argument("--for", dest="span", type=span, required=True, help="30m, 2h, 7d, 4w")
        p.add_argument("--reason", default="", help="said to the player in their refusal")
        p.set_defaults(run=sanction, what=what)
    p = sub.add_parser("lift", help="end a mute or a ban now")
    p.add_argument("sanction", type=ident)
    p.set_defaults(run=lift)
    sub.add_parser("sanctions", help="the mutes and bans in force").set_defaults(run=sanctions)
    p = sub.add_parser("close", help="end a game for everyone")
    p.add_argument("game", type=ident)
    p.add_argument("--reason", default="")
    p.set_defaults(run=close)
    p = sub.add_parser("log", help="what the operators did")
    p.add_argument("--last", type=int, default=50)
    p.set_defaults(run=read_log)
    return ap


def main(argv: list[str]) -> int:
    from fate.ground import paths
    from fate.server.app import open_store

    a = parser().parse_args(argv)
    a.operator = one_line(a.operator or getpass.getuser(), 40)
    db = a.db or f"sqlite:{paths.user_dir() / 'server.sqlite'}"

    async def go() -> str:
        store = open_store(db, serving=False)
        try:
            run: Command = a.run
            return await run(store, a)
        finally:
            await store.close()

    try:
        print(asyncio.run(go()))
    except (StoreError, LookupError, argparse.ArgumentTypeError) as e:
        print(f"admin: {one_line(str(e).strip(chr(39)), 200)}", file=sys.stderr)
        return 1
    return 0
