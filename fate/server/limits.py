"""Limits per client address: what one address may hold at once or do within a window.

A stranger on one address may pile up connections, games created, seats claimed and
invite codes tried; each has a limit here (docs/server.md, "Every limit, and its default"), and
a request over one is refused with one ``too_many`` error (docs/protocol.md). Loopback
is an address like any other. The counts are kept in each process's memory, and with several
processes on one PostgreSQL each tells the others its counts every ``SHARE_SECONDS``
(fate/server/shared_limits.py): an address's count is its own here plus what the others said,
so two processes never give an address twice its limits (at most what it does between two
tellings more).

The address a limit counts is the client's IP address, or for IPv6 its /64 network
(one home or one machine is given a whole /64, so its single addresses cost nothing
to change). A connection from a trusted proxy (``--trusted-proxy``) counts the address
that proxy appends last to ``X-Forwarded-For``; earlier entries are the client's own
words and are never read.

A refusal is logged once a burst: the first refusal of an address for a limit, then
nothing more for it until it has gone ``QUIET_SECONDS`` without one (the next line
says how many the burst before it refused).
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections import deque
from dataclasses import dataclass

from fate.server.protocol import ProtocolError

log = logging.getLogger("fate.server")

QUIET_SECONDS = 60.0  # a refusal burst ends after this long without a refusal


@dataclass(frozen=True)
class LimitConfig:
    """Each limit a whole number; 0: no limit."""

    connections: int = 16  # connections at once
    games: int = 20  # games created a window
    claims: int = 30  # seats claimed by invite a window (each claim counts once)
    guesses: int = 20  # invite codes that opened no seat a window
    window: float = 3600.0  # seconds of the rolling window
    hints: int = 200  # hints worked out for an address a window (a hint asked again is free)
    seat_hints: int = 100  # hints worked out for one seat of one game a window
    ai_games: int = 4  # games of AIs alone created a window (they count as games created too)
    joins: int = 120  # joins a minute
    lists: int = 60  # ``games`` requests (the list of one's games) a minute
    identities: int = 20  # new players made (keys the server had never seen) a window


HINTS_AT_ONCE = 2  # hints of one address being worked out (or waiting for a worker) at once
MINUTE = 60.0


def span(seconds: float) -> str:
    """A window in words: "an hour", "a minute", "10 minutes", "30 s"."""
    if seconds == 3600:
        return "an hour"
    if seconds == 60:
        return "a minute"
    if seconds >= 120 and seconds % 60 == 0:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds:g} s"


def more_than(n: int, things: str) -> str:
    """"more than 5 games created", "more than 1 game created": ``things`` in the plural, its
    first word made singular for a limit of one."""
    if n == 1:
        first, _, rest = things.partition(" ")
        things = (first[:-1] if first.endswith("s") else first) + (" " + rest if rest else "")
    return f"more than {n} {things}"


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``host`` as an IP address (an IPv4 address mapped into IPv6 as IPv4), None if it is none."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def loopback(key: str) -> bool:
    """The server's own computer (an address key of loopback)."""
    ip = _ip(key)
    return ip is not None and ip.is_loopback


def exact_address(host: str) -> str:
    """One address one way: ``::FFFF:10.0.0.1`` and ``10.0.0.1`` are the same."""
    ip = _ip(host)
    return host[:64] if ip is None else str(ip)


def address_key(host: str) -> str:
    """What a limit counts for a client at ``host``: the IP address as text, an IPv4 address
    mapped into IPv6 as IPv4, any other IPv6 address (but loopback) as its /64 network."""
    ip = _ip(host)
    if ip is None:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address) and not ip.is_loopback:
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def client_address(peer: str, forwarded: str | None, trusted: frozenset[str]) -> str:
    """The client's address: ``peer``'s, or, when ``peer`` is a trusted proxy (that very
    address: ``trusted`` as ``exact_address`` gives them), the last address in its
    ``X-Forwarded-For`` header (the one the proxy itself saw)."""
    if forwarded and trusted and exact_address(peer) in trusted:
        last = forwarded.rsplit(",", 1)[-1].strip()
        return peer if _ip(last) is None else last
    return peer


class Window:
    """How often each address did one thing within the last ``seconds``."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit, self.seconds = limit, seconds
        self._times: dict[str, deque[float]] = {}
        self._pruned = time.monotonic()
        self.elsewhere: dict[str, int] = {}  # key -> what the other processes counted (shared_limits.py)

    def counts(self) -> dict[str, int]:
        """Each key's count in the window here (for the other processes)."""
        cut = time.monotonic() - self.seconds
        return {k: n for k, d in self._times.items() if (n := sum(1 for t in d if t > cut))}

    def take(self, key: str) -> bool:
        """Count one more for ``key`` if it is under the limit (True), else False."""
        if self.limit <= 0:
            return True
        now = time.monotonic()
        if now - self._pruned > self.seconds:  # addresses quiet for a whole window are forgotten
            self._pruned = now
            for k in [k for k, d in self._times.items() if not d or d[-1] <= now - self.seconds]:
                del self._times[k]
        times = self._times.setdefault(key, deque())
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if len(times) + self.elsewhere.get(key, 0) >= self.limit:
            return False
        times.append(now)
        return True

    def give_back(self, key: str) -> None:
        """Undo the last ``take`` of ``key`` (it turned out not to count here)."""
        times = self._times.get(key)
        if times:
            times.pop()


class AddressLimits:
    """Every limit of one server process, by address."""

    def __init__(self, config: LimitConfig | None = None, trusted_proxies: frozenset[str] = frozenset()) -> None:
        self.config = config or LimitConfig()
        self.trusted = frozenset(exact_address(a) for a in trusted_proxies)
        c = self.config
        self.games = Window(c.games, c.window)
        self.claims = Window(c.claims, c.window)
        self.guesses = Window(c.guesses, c.window)
        self.hints = Window(c.hints, c.window)
        self.seat_hints = Window(c.seat_hints, c.window)  # by "game/seat"
        self.ai_games = Window(c.ai_games, c.window)
        self.joins = Window(c.joins, MINUTE)
        self.lists = Window(c.lists, MINUTE)
        self.identities = Window(c.identities, c.window)
        self.hinting: dict[str, int] = {}  # address -> hints being worked out now
        self._open: dict[str, int] = {}  # address -> connections open now
        self.open_elsewhere: dict[str, int] = {}  # address -> connections the other processes hold
        self._bursts: dict[tuple[str, str], list[float]] = {}  # (limit, address) -> [last refusal, refusals]

    def windows(self) -> dict[str, Window]:
        """Every limit counted in a window, by name (the names ``take`` is given)."""
        return {name: w for name, w in vars(self).items() if isinstance(w, Window)}

    def open_counts(self) -> dict[str, int]:
        """The connections open here, by address."""
        return dict(self._open)

    def key(self, peer: str, forwarded: str | None = None) -> str:
        return address_key(client_address(peer, forwarded, self.trusted))

    def connect(self, key: str) -> bool:
        """One more connection from ``key``, if it has fewer than the limit open (then call
        ``disconnect`` when it closes)."""
        n = self._open.get(key, 0)
        if 0 < self.config.connections <= n + self.open_elsewhere.get(key, 0):
            return False
        self._open[key] = n + 1
        return True

    def disconnect(self, key: str) -> None:
        n = self._open.get(key, 0) - 1
        if n > 0:
            self._open[key] = n
        else:
            self._open.pop(key, None)

    def take(self, limit: str, key: str, count: str) -> None:
        """Count one more of ``limit`` (the ``Window`` of that name) for address ``key``; over
        the limit: logged, and ProtocolError ``too_many`` ("more than N ``count`` in the
        window") raised."""
        w = getattr(self, limit)
        if not w.take(key):
            raise self.over(limit, key, f"{more_than(w.limit, count)} in {span(w.seconds)}")

    def over(self, limit: str, key: str, what: str) -> ProtocolError:
        """The one ``too_many`` error of a request over a limit (``what`` says it), logged."""
        self.refused(limit, key, what)
        return ProtocolError("too_many", f"{what} from your address; try again later")

    def refused(self, limit: str, key: str, what: str) -> None:
        """Log a refusal once a burst (``what`` says the limit in words)."""
        now = time.monotonic()
        for k in [k for k, (last, _) in self._bursts.items() if now - last > QUIET_SECONDS]:
            n = self._bursts.pop(k)[1]
            if n > 1:
                log.warning("address %s: %d refused in all for %s, then quiet", k[1], n, k[0])
        burst = self._bursts.get((limit, key))
        if burst is None:
            log.warning("address %s refused: %s (said once a burst)", key, what)
            self._bursts[(limit, key)] = [now, 1]
        else:
            burst[0] = now
            burst[1] += 1
