"""AI seats and hints: an AI seat's move is decided in the worker pool (fate/server/aipool.py;
moves that need no search at once, on the loop)
under a claim in the store that exactly one process wins, with a lease another process
takes over when the claimant dies; a sweep finds AI moves nobody is deciding; a seat is
handed to an AI when its player resigns or the host replaces an absent one; a hint is
Hard's choice for a seat, searched once per decision. A part of the server
(fate/server/app.py): it applies an AI's move through the one path of a choice it is given
(``Choose``), like any player's."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from fate.engine.save import save_data
from fate.protocol import ToClient
from fate.server.aipool import QUICK_LEVELS, AIPool
from fate.server.audience import Spectators
from fate.server.fanout import Fanout
from fate.server.limits import HINTS_AT_ONCE, AddressLimits, more_than, span
from fate.server.live import HeldGames, waiting_on
from fate.server.parts import CatchUp, Choose, Conn, Tasks
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import Store, StoreError

if TYPE_CHECKING:
    from fate.server.live import Live

log = logging.getLogger("fate.server")

AI_LEASE = 3.0  # seconds a claim on an AI move lasts unless renewed: then another process may take it
RENEW_SECONDS = 1.0  # how often the claimant renews it, while the move waits for a worker and while it is thought
UNUSED_SECONDS = 10.0  # a game nobody here watches stays in memory this long after a request last took it
SWEEP_SECONDS = 1.0  # how often a process looks for AI moves nobody is deciding (a dead claimant's: within 5 s)


def _ended(counts: dict[str, int], key: str) -> None:
    n = counts.get(key, 0) - 1
    if n > 0:
        counts[key] = n
    else:
        counts.pop(key, None)


class AIDriver:
    """AI moves, their claims and sweeps, seats handed to an AI, and hints."""

    def __init__(self, store: Store, pool: AIPool, limits: AddressLimits, owner: str, tasks: Tasks,
                 games: HeldGames, choose: Choose, catch_up: CatchUp, fanout: Fanout, spectators: Spectators) -> None:
        self.store = store
        self.pool = pool
        self.limits = limits
        self.owner = owner  # this process's name in the store's claims
        self.tasks = tasks
        self.held_games = games
        self.choose = choose  # the one path of a choice (an AI's move is one like any other)
        self.catch_up = catch_up
        self.fanout = fanout
        self.spectators = spectators
        self._hints: dict[tuple[str, int, int], asyncio.Future[tuple[str, list[Any]]]] = {}  # (game, decision, seat)
        self.unloadable: set[str] = set()  # games whose stored row does not load: the sweep passes them over

    async def sweeper(self) -> None:
        """AI moves nobody is deciding (after a restart, or a process that died), every
        ``SWEEP_SECONDS`` for the process's lifetime."""
        while True:
            await self.sweep()
            await asyncio.sleep(SWEEP_SECONDS)

    async def sweep(self) -> None:
        """One sweep: games nobody here watches and no AI here plays leave memory (the store
        keeps them); AI moves nobody is deciding are taken up. A game whose stored row will
        not load is told once in the log and passed over from then on: it never stops the
        sweep for the others."""
        games = self.held_games.games
        now = time.monotonic()
        for gid, live in list(games.items()):
            if not any(live.watchers.values()) and not live.lock.locked() and not self.spectators.of(gid) \
                    and waiting_on(live.game, live.seats) != "ai" and now - live.used > UNUSED_SECONDS:
                # (spectators here of a game played elsewhere; a game just made or asked for: a handler may
                # be between two awaits with it, about to watch it)
                del games[gid]
        try:
            waiting = await self.store.waiting_on_ai(time.time(), AI_LEASE)
        except StoreError as e:
            log.warning("sweep: %s", e)
            return
        for gid in waiting:
            if gid in self.unloadable:
                continue
            try:
                found = await self.held_games.live(gid)
                if found is not None:
                    await self.catch_up(found)
                    self.kick(found)
            except StoreError as e:
                log.warning("sweep: %s", e)
                return
            except ValueError as e:  # a stored save that does not load (SaveFormatError), or moves that do not apply
                self.unloadable.add(gid)
                log.warning("sweep: game %s does not load, passed over: %s", gid, str(e)[:200])

    def kick(self, live: Live) -> None:
        """If an AI seat is to decide, its move is taken up (in the background)."""
        p = live.game.pending()
        if p is not None and live.seats[p.seat].ai_plays():
            self.tasks.spawn(self._ai_move(live, live.game.decision))

    async def _ai_move(self, live: Live, decision: int) -> None:
        try:
            if not await self.store.claim_ai(live.game_id, decision, self.owner, time.time(), AI_LEASE):
                log.info("game %s: another process decides the AI move at decision %d", live.game_id, decision)
                return  # another process decides it (or already has)
            g = live.game
            asked = g.pending()
            if g.decision != decision or asked is None:
                return
            seat = asked.seat
            row = live.seats[seat]
            log.info("game %s: this process decides the AI move at decision %d", live.game_id, decision)
            seed = (int(g.config["seed"]) * 1_000_003 + decision * 7 + seat) % 2**62
            level = row.level or "normal"
            renewing = self.tasks.spawn(self._renew_claim(live.game_id, decision))
            try:
                if level in QUICK_LEVELS:  # no search: never behind one (fate/server/aipool.py)
                    choice = await self.pool.quick(g, seat, level, seed, live.people_play())
                else:
                    choice = await self.pool.decide(json.dumps(save_data(g)), seat, level, seed,
                                                    live.ai_payer(), live.people_play())
            finally:
                renewing.cancel()
            p = live.game.pending()
            if p is None or live.game.decision != decision:
                return
            if not p.choice(choice):  # the worker failed: a legal move rather than a stuck table
                log.warning("game %s: the AI answered %r; a random legal choice instead", live.game_id, choice)
                choice = p.choices[seed % len(p.choices)].id
            await self.choose(live, seat, decision, choice)
        except ProtocolError as e:
            log.info("game %s: AI move at %d not applied (%s)", live.game_id, decision, e.message)
        except StoreError as e:
            log.warning("game %s: AI move at %d: %s", live.game_id, decision, e)
        except Exception:  # noqa: BLE001 - a bot's failure must never stop the server's loop
            log.exception("game %s: AI move at %d failed", live.game_id, decision)

    async def _renew_claim(self, gid: str, decision: int) -> None:
        """Keep this process's claim on an AI move alive while the move waits and is thought:
        if the process dies, the claim runs out within ``AI_LEASE`` and another takes the move."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                if not await self.store.renew_ai(gid, decision, self.owner, time.time(), AI_LEASE):
                    return
            except StoreError as e:
                log.warning("game %s: AI claim at %d not renewed: %s", gid, decision, e)

    async def hand_to_ai(self, live: Live, seat: int, level: str, resigned: bool, asker: Conn | None = None) -> None:
        """The seat is an AI's from now on: every connection that played it (here at once, on other
        processes as soon as they hear of it) loses it; all but ``asker`` are told the seats."""
        async with live.lock:
            await self.store.set_seat(live.game_id, seat, "ai", level, None, resigned)
            self.fanout.seat_rows(live, await self.store.seats(live.game_id), asker)
            await self.store.set_waiting(live.game_id, waiting_on(live.game, live.seats))
        self.kick(live)

    def forget_hints(self, gid: str, after: int) -> None:
        """The hints of ``gid`` past decision ``after`` (taken back: they may come again in another form)."""
        for key in [k for k in self._hints if k[0] == gid and k[1] > after]:
            del self._hints[key]

    async def on_hint(self, conn: Conn, msg: Message) -> None:
        """What Hard would choose for the connection's own seat now, from that seat's view: each
        decision's hint is searched once (asking again gets the same answer)."""
        gid, seat = msg["game"], msg["seat"]
        if not self.fanout.held(conn, gid, seat):
            raise ProtocolError("not_your_seat", f"this connection does not play seat {seat} of that game")
        live = await self.held_games.live(gid)
        g = live.game if live is not None else None
        asked = g.pending() if g is not None else None
        if g is None or asked is None:
            raise ProtocolError("game_over", "the game is over")
        if asked.seat != seat:
            raise ProtocolError("not_your_turn", f"seat {asked.seat} is to decide, not seat {seat}")
        decision = g.decision
        key = (gid, decision, seat)
        fut = self._hints.get(key)
        if fut is None:  # a hint to work out (asked again, it is free): within the limits
            limits, addr = self.limits, conn.address
            if limits.config.hints and limits.hinting.get(addr, 0) >= HINTS_AT_ONCE:
                raise limits.over("hints_at_once", addr, f"more than {HINTS_AT_ONCE} hints at once")
            limits.take("hints", addr, "hints")
            if not limits.seat_hints.take(f"{gid}/{seat}"):
                limits.hints.give_back(addr)
                raise limits.over("seat_hints", addr, f"{more_than(limits.seat_hints.limit, 'hints for one seat')} "
                                                      f"in {span(limits.seat_hints.seconds)}")
            if len(self._hints) > 1000:
                self._hints = {k: f for k, f in self._hints.items() if not f.done()}
            seed = (int(g.config["seed"]) * 1_000_033 + decision * 11 + seat) % 2**62
            limits.hinting[addr] = limits.hinting.get(addr, 0) + 1
            fut = self._hints[key] = asyncio.ensure_future(
                self.pool.hint(json.dumps(save_data(g)), seat, seed, addr))
            fut.add_done_callback(lambda _: _ended(limits.hinting, addr))
        try:
            choice, estimates = await asyncio.shield(fut)
        except Exception:  # noqa: BLE001 - a worker's failure is the client's "no hint", never the server's
            log.exception("game %s: hint at %d failed", gid, decision)
            self._hints.pop(key, None)
            raise ProtocolError("internal", "the hint could not be worked out; the game is unchanged") from None
        if not choice:
            raise ProtocolError("stale_decision", "the game moved on before the hint was ready")
        conn.send(reply(ToClient.HINT, msg.rid, game=gid, seat=seat, decision=decision, choice=choice,
                        estimates=estimates))
