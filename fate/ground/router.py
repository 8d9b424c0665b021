"""Ask the home router to open the hosting port to friends in other houses (UPnP IGD).

The game's own server, started by Host on this computer (fate/net/hosting.py), runs
with ``--upnp``: once it listens, a ``PortOpener`` asks the router, through the
maintained ``miniupnpc`` library, to forward the server's TCP port to this
computer, and writes what happened to a small report (``router.json`` in the
user's data folder) that the hosting page reads: asking, open (with the router's
public address: what friends elsewhere type), failed (with one line of why, in
a player's words: the page then shows the steps to forward the port by hand)
or closed. When hosting stops the mapping is taken back: by the server as it
ends (Ctrl+C, SIGTERM), and by the window that stopped it if the server could
not (Windows ends a process without a word: ``close_recorded``).

Nothing here may hold anything up: the router is asked on a thread of its own,
and the whole question (the search, the router's description, the mapping) is
cut short after ``ASK_SECONDS``; a router that answers later has its mapping
taken back at once. NAT-PMP is not asked: miniupnpc's Python module speaks UPnP
only (the game asks no second library for it). ``FATE_ROUTER_URL``, if set, is
the address of a router's UPnP description to ask instead of searching the
network for one (a network that drops the search's multicast; the tests).
"""

from __future__ import annotations

import ipaddress
import os
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from fate.ground.files import write_save
from fate.ground.language import N_, _, placeholders
from fate.ground.untrusted import InputError, one_line, read_json

ASK_SECONDS = 10.0  # the whole question: a router that has not answered by then is not waited for
SEARCH_MS = 2000  # how long the search for a router listens for answers
CLOSE_SECONDS = 5.0
DESCRIPTION = "Fate of the Elder Gods"
STATES = ("asking", "open", "failed", "closed")
REPORT_BYTES = 4096
ROUTER_URL = "FATE_ROUTER_URL"


@dataclass
class RouterReport:
    """What the router said, as the hosting page shows it."""

    state: str  # asking, open, failed, closed
    port: int  # the server's, on this computer
    external: str = ""  # the router's public address, once it opened the port
    lan: str = ""  # this computer's address as the router sees it
    why: str = ""  # one line, when it failed (in English: the server that writes it speaks no language)
    outside: int = 0  # the port friends elsewhere use (the router may give another than ``port``)
    reason: str = ""  # ``why`` as its message (one of REASONS), for the window to say in its language
    details: dict[str, Any] = field(default_factory=dict)  # the message's placeholders: words and numbers

    def said(self) -> str:
        """Why it failed, in the language spoken now (the English ``why`` for a message not ours)."""
        if self.reason in REASONS and placeholders(self.reason) == set(self.details):
            return _(self.reason).format(**self.details)
        return self.why

    @property
    def address(self) -> str:
        """What friends elsewhere type: the public address and the port."""
        return f"{self.external}:{self.outside or self.port}" if self.external else ""


def read_report(path: Path) -> RouterReport | None:
    """The report the server wrote, or None (none yet, or not one: nothing to believe)."""
    try:
        data = read_json(path, REPORT_BYTES)
    except InputError:
        return None
    if not (isinstance(data, dict) and data.get("state") in STATES and isinstance(data.get("port"), int)
            and not isinstance(data.get("port"), bool) and 0 < data["port"] < 65536
            and all(isinstance(data.get(k, ""), str) for k in ("external", "lan", "why"))
            and isinstance(data.get("outside", 0), int) and 0 <= data.get("outside", 0) < 65536):
        return None
    external = data.get("external", "")
    try:
        external = str(ipaddress.ip_address(external)) if external else ""
    except ValueError:
        external = ""
    details = data.get("details", {})
    if not (isinstance(data.get("reason", ""), str) and isinstance(details, dict) and len(details) <= 4
            and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in details.values())):
        data["reason"], details = "", {}
    return RouterReport(data["state"], data["port"], external, one_line(data.get("lan", ""), 45),
                        one_line(data.get("why", ""), 200), int(data.get("outside", 0)), data.get("reason", ""),
                        {str(k): one_line(v, 60) if isinstance(v, str) else v for k, v in details.items()})


def _write(path: Path | None, report: RouterReport) -> None:
    if path is not None:
        try:
            write_save(asdict(report), path)
        except OSError:
            pass  # only the hosting page's line is lost; the mapping is what matters


def public(address: str) -> bool:
    """Whether friends elsewhere can reach an address (not a private, shared or reserved one)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    shared = ip.version == 4 and ip in ipaddress.ip_network("100.64.0.0/10")  # a provider's own NAT
    return ip.is_global and not shared


class RouterError(Exception):
    """Why the port could not be opened, in a player's words (one line): its message (one of
    ``REASONS``) and the words and numbers in it, said in English here and in the window's
    language where it is shown (``RouterReport.said``)."""

    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason.format(**details))
        self.reason, self.details = reason, details


NO_MODULE = N_("this copy of the game cannot talk to routers (the miniupnpc module is missing)")
NO_ROUTER = N_("no router on your network answered (its UPnP may be turned off)")
NO_PORTS = N_("no router that can open ports answered (its UPnP may be turned off)")
PORTS_TAKEN = N_("the router keeps port {port} and the ports after it for other uses")
# Translators: {why} is the router's own words, in its language (often English).
REFUSED = N_("the router refused to open port {port} ({why})")
# Translators: {address} is the router's public address as it gave it (or "none").
NOT_PUBLIC = N_("the router opened the port, but its own address ({address}) is not one the Internet reaches: "
                "it is behind another router, or your provider's")
SILENT = N_("the router did not answer within {seconds} s")
REASONS = frozenset({NO_MODULE, NO_ROUTER, NO_PORTS, PORTS_TAKEN, REFUSED, NOT_PUBLIC, SILENT})


def _router(root_url: str | None) -> Any:  # miniupnpc's UPnP (the module ships no types)
    """The router's UPnP control, found by a search of the network (or at ``root_url``).
    ``RouterError`` in a player's words when there is none."""
    try:
        import miniupnpc
    except ImportError:
        raise RouterError(NO_MODULE) from None
    u = miniupnpc.UPnP(discoverdelay=SEARCH_MS)
    if root_url is None:
        try:
            found = u.discover()
        except Exception:  # noqa: BLE001 - miniupnpc raises plain Exception for every failure
            found = 0
        if not found:
            raise RouterError(NO_ROUTER)
    try:
        u.selectigd(*([root_url] if root_url else []))
    except Exception:  # noqa: BLE001
        raise RouterError(NO_PORTS) from None
    return u


def _open(port: int, root_url: str | None) -> tuple[Any, str, str, int]:
    """Forward TCP ``port`` to this computer: (the router's control, its public address, our
    address, the port friends elsewhere use). The same port if the router can; else one it
    picks (AddAnyPortMapping, UPnP IGD 2), else one of the next few."""
    u = _router(root_url)
    try:
        external = u.externalipaddress() or ""
    except Exception:  # noqa: BLE001
        external = ""
    lan = u.lanaddr or ""
    why = ""
    for outside in [port] + [p for p in range(port + 1, port + 10) if p < 65536]:
        try:
            u.addportmapping(outside, "TCP", lan, port, DESCRIPTION, "")
            return u, external, lan, outside
        except Exception as e:  # noqa: BLE001 - miniupnpc raises plain Exception with the router's words
            why = why or one_line(str(e), 60)
        if outside == port:  # the router's own choice of another port
            try:
                got = u.addanyportmapping(port, "TCP", lan, port, DESCRIPTION, "")
                if isinstance(got, int) and 0 < got < 65536:
                    return u, external, lan, got
            except Exception:  # noqa: BLE001 - a router of UPnP IGD 1 has no AddAnyPortMapping
                pass
        if "Conflict" not in why:
            break  # refused for another reason than the port being taken: another port fares no better
    if "Conflict" in why:
        raise RouterError(PORTS_TAKEN, port=port) from None
    raise RouterError(REFUSED, port=port, why=why) from None


def _close(u: Any, port: int) -> None:
    try:
        u.deleteportmapping(port, "TCP")
    except Exception:  # noqa: BLE001 - gone already, or the router went: nothing more to do
        pass


def router_url() -> str | None:
    """``FATE_ROUTER_URL`` if it is an http address (else the network is searched)."""
    url = os.environ.get(ROUTER_URL, "")
    return url if url.startswith("http://") and len(url) <= 200 and url.isprintable() else None


class PortOpener:
    """Ask the router for ``port`` on a thread; ``close()`` takes the mapping back. Every
    step is written to ``report`` (if given) for the hosting page."""

    def __init__(self, port: int, report: Path | None = None, seconds: float = ASK_SECONDS) -> None:
        self.port = port
        self.report_path = report
        self.state = RouterReport("asking", port)
        self.outside = port  # the router's port for it, once opened
        self._lock = threading.Lock()
        self._control: Any = None  # the router's control (miniupnpc's UPnP), while the mapping is ours
        self._done = False  # the question was settled (answered, or given up)
        self._closing = False
        _write(report, self.state)
        self._worker = threading.Thread(target=self._ask, args=(router_url(),), name="router", daemon=True)
        self._worker.start()
        self._watch = threading.Thread(target=self._deadline, args=(seconds,), name="router-watch", daemon=True)
        self._watch.start()

    def _settle(self, report: RouterReport) -> bool:
        with self._lock:
            if self._done:
                return False
            self._done = True
            self.state = report
        _write(self.report_path, report)
        return True

    def _ask(self, root_url: str | None) -> None:
        try:
            u, external, lan, outside = _open(self.port, root_url)
        except RouterError as e:
            self._settle(RouterReport("failed", self.port, why=str(e), reason=e.reason, details=e.details))
            return
        self.outside = outside
        if not public(external):
            _close(u, outside)
            shown = one_line(external or "none", 45)
            self._settle(RouterReport("failed", self.port, lan=lan, why=NOT_PUBLIC.format(address=shown),
                                      reason=NOT_PUBLIC, details={"address": shown}))
            return
        with self._lock:
            late = self._done or self._closing
            if not late:
                self._control = u
        if late:  # given up on, or hosting stopped meanwhile: the port is not left open
            _close(u, outside)
            return
        self._settle(RouterReport("open", self.port, external, lan, outside=outside))

    def _deadline(self, seconds: float) -> None:
        self._worker.join(seconds)
        if self._worker.is_alive():
            n = round(seconds)
            self._settle(RouterReport("failed", self.port, why=SILENT.format(seconds=n), reason=SILENT,
                                      details={"seconds": n}))

    def wait(self, seconds: float) -> RouterReport:
        """The report once settled (at most ``seconds`` from now)."""
        self._watch.join(seconds)
        return self.state

    def close(self, seconds: float = CLOSE_SECONDS) -> None:
        """Take the mapping back (on a thread, waited for at most ``seconds``)."""
        with self._lock:
            self._closing = True
            u, self._control = self._control, None
        if u is None:
            return
        t = threading.Thread(target=_close, args=(u, self.outside), name="router-close", daemon=True)
        t.start()
        t.join(seconds)
        with self._lock:
            self._done = False  # a settled report may be replaced by this last one
        self._settle(RouterReport("closed", self.port))


def close_recorded(report: Path, seconds: float = CLOSE_SECONDS) -> bool:
    """After the server has ended: take back a mapping its report still says is open (a
    server ended without a word could not). Bounded by ``seconds``; whether one was."""
    r = read_report(report)
    if r is None or r.state != "open":
        return False

    def run() -> None:
        try:
            u = _router(router_url())
        except RouterError:
            return
        _close(u, r.outside or r.port)
        _write(report, RouterReport("closed", r.port))

    t = threading.Thread(target=run, name="router-close", daemon=True)
    t.start()
    t.join(seconds)
    return True
