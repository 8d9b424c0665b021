"""What an operator asks a server process over plain HTTP, beside the game's WebSocket (the same
port): ``GET /health`` and ``GET /metrics`` (docs/server.md, "Health and metrics").

- ``/health`` answers ``200`` and ``ok`` while the process serves and its store answers within
  ``HEALTH_SECONDS``, else ``503`` and one plain line: for a load balancer's checks and a service
  manager's watchdog. Anyone may ask; it tells nothing but that, and the store is asked at most
  once a second however many ask.
- ``/metrics`` answers the process's figures in Prometheus's text format, written by the
  ``prometheus_client`` library (a kept library's format, never our own): games held, connections
  open, choices applied, requests refused by their code, AI work waiting, and the process's own
  memory, CPU and files. Only from an address given with ``--metrics-from`` (loopback by default)
  and never a request a proxy passed on (one with ``X-Forwarded-For``): through the proxy every
  request comes from loopback, and a stranger must not read them.

Any other plain HTTP request (not a WebSocket's opening) is answered ``426 Upgrade Required``, as
the WebSocket library does. Each answer is built when asked and costs a few reads of memory.
"""

from __future__ import annotations

import asyncio
import http
import logging
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from fate.server.limits import exact_address

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection
    from websockets.http11 import Request, Response

    from fate.server.app import GameServer

log = logging.getLogger("fate.server")

HEALTH_SECONDS = 2.0
METRICS_FROM = ("127.0.0.1", "::1")


class Figures:
    """The process's figures, read at each scrape (a prometheus_client collector)."""

    def __init__(self, app: GameServer, connections: Any) -> None:
        self.app = app
        self.connections = connections  # the transport's connections by address (fate/server/transport.py)

    def describe(self) -> list[Any]:
        return []  # the figures are read when collected: nothing to register beforehand

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        app = self.app
        yield GaugeMetricFamily("fate_games_held", "Games in this process's memory", value=len(app.games))
        conns = self.connections()
        yield GaugeMetricFamily("fate_connections", "WebSocket connections open", value=sum(map(len, conns.values())))
        yield GaugeMetricFamily("fate_addresses", "Client addresses with a connection open", value=len(conns))
        yield CounterMetricFamily("fate_choices_applied", "Choices this process applied", value=app.choices_applied)
        yield CounterMetricFamily("fate_seats_timed_out", "Seats this process found out of time (an AI stood in)",
                                  value=app.clocks.timed_out)
        refused = CounterMetricFamily("fate_refused", "Requests refused, by error code", labels=["code"])
        for code, n in sorted(app.refused.items()):
            refused.add_metric([code], n)
        yield refused
        yield GaugeMetricFamily("fate_ai_waiting", "AI moves and hints waiting for a worker", value=app.pool.queued())
        yield CounterMetricFamily("fate_games_pruned", "Finished games deleted after their keep",
                                  value=app.pruner.pruned)
        yield CounterMetricFamily("fate_store_failures", "Requests answered busy: the store did not answer",
                                  value=app.store_failures)


class Operator:
    """``answer`` is the WebSocket server's ``process_request``: the two operator paths, else the
    handshake goes on."""

    def __init__(self, app: GameServer, connections: Any, metrics_from: tuple[str, ...] = METRICS_FROM) -> None:
        self.app = app
        self.allowed = frozenset(exact_address(a) for a in metrics_from)
        self._registry: Any = None
        self._connections = connections
        self._health: tuple[float, bool] = (0.0, False)  # (when the store was last asked, whether it answered)
        self._asking: asyncio.Lock | None = None

    async def _healthy(self) -> bool:
        """Whether the store answers: asked at most once a second, whoever asks how often."""
        if self._asking is None:
            self._asking = asyncio.Lock()
        async with self._asking:
            at, ok = self._health
            if time.monotonic() - at >= 1.0:
                try:
                    await asyncio.wait_for(self.app.store.ping(), HEALTH_SECONDS)
                    ok = True
                except Exception:  # noqa: BLE001 - any failure is the store's not answering (logged by it)
                    ok = False
                self._health = (time.monotonic(), ok)
            return ok

    def _metrics(self) -> bytes:
        from prometheus_client import CollectorRegistry, generate_latest
        from prometheus_client.process_collector import ProcessCollector

        if self._registry is None:
            self._registry = CollectorRegistry()
            self._registry.register(Figures(self.app, self._connections))
            ProcessCollector(registry=self._registry)
        return bytes(generate_latest(self._registry))

    async def answer(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/health":  # (the store's own words stay in the log: they may name its host and user)
            if not await self._healthy():
                return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "the store does not answer\n")
            return connection.respond(http.HTTPStatus.OK, "ok\n")
        if path == "/metrics":
            addr = connection.remote_address
            peer = exact_address(addr[0] if isinstance(addr, tuple) else str(addr))
            if peer not in self.allowed or request.headers.get("X-Forwarded-For"):
                return connection.respond(http.HTTPStatus.FORBIDDEN, "metrics are for the operator's own address\n")
            from prometheus_client import CONTENT_TYPE_LATEST

            response = connection.respond(http.HTTPStatus.OK, "")
            body = self._metrics()
            response.body = body
            for name, value in (("Content-Type", CONTENT_TYPE_LATEST), ("Content-Length", str(len(body)))):
                del response.headers[name]  # (a header set again would be a second one)
                response.headers[name] = value
            return response
        return None
