"""Who plays well: each player's standing on a server, and a rating from rated games.

Every finished game with a player known by their identity (fate/server/identity.py) counts
for them once, by whichever process ended it (the store's ``settle`` is a compare-and-set on
the game's standing): their games, their wins and the Elder God they played. A game created
``rated`` (a public game of 2 to 4 cults) also moves their ratings, by the OpenSkill library's
Plackett-Luce model (requirements.txt; the library's own ``rate``, never a formula of ours):

- each cult is a team of one; the winners share the first place, the other cults the second,
  and a player who resigned or whose seat was handed to an AI (an absent player's, a clock run
  out) the last, whatever the AI then made of the seat: leaving is a loss;
- an AI seat plays at its level's fixed rating (``AI_RATINGS``): it moves the players it meets
  as a player of that strength would, and is never moved itself;
- a person's seat taken without an identity plays at a new player's rating, moved nowhere;
- a player on two seats of one game, or a game of one cult (solo), is not rated; nor is a game
  in which a seat was taken from the address of a player already at the table (``UNRATE``: one
  person's second identity, or a household; the game still counts games and wins), loopback
  excepted (the server's own computer: a home server's host and their own windows).

The rating shown is OpenSkill's ``ordinal``, ``mu - 3 sigma``: what the player is surely worth,
which rises as games make the library surer. A finished game whose process stopped before it
counted it is counted by the next sweep of any process (every ``SWEEP_SECONDS``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fate.engine import Game
from fate.protocol import ToClient
from fate.server.parts import Conn, quietly
from fate.server.protocol import Message, ProtocolError, reply
from fate.server.storage import Result, SeatRow, Standing, Store

if TYPE_CHECKING:
    from fate.server.identity import Identities
    from fate.server.live import HeldGames

log = logging.getLogger("fate.server")

MU, SIGMA = 25.0, 25.0 / 3  # a new player, as the library's model starts one
# The AI levels' fixed strengths (mu, sigma): Random a beginner's, Normal a new player's, Hard
# an experienced one's; sigma small, as they do not change.
AI_RATINGS = {"random": (15.0, 1.0), "easy": (20.0, 1.0), "normal": (25.0, 1.0), "hard": (30.0, 1.0)}
BOARD = 50  # players on the leaderboard
BOARD_SECONDS = 2.0  # the board is read from the store at most this often
UNRATE = "UPDATE standings SET rated=0 WHERE game=? AND rated=1"
SWEEP_SECONDS = 30.0


def _model() -> Any:
    from openskill.models import PlackettLuce  # the server's only; imported when first rating

    return PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Placing:
    """A seat at a game's end: its player (None: an AI's, or a person with no identity), the AI
    level it was dealt (""), where it finished (1 first) and whether it won."""

    seat: int
    player: str | None
    level: str
    rank: int
    won: bool
    god: str


def placings(game: Game, seats: list[SeatRow]) -> list[Placing]:
    """Where each seat of a finished game finished (module docstring)."""
    out = game.outcome()
    winners = set(out.winners) if out is not None else set()
    places = []
    for row in seats:
        # a person who left (resigned, replaced when absent, handed to the AI when out of time, or out
        # of time still at the end: fate/server/clocks.py): a loss; one with no identity who
        # resigned plays as a new player, not as the AI that took the seat
        left = row.resigned or row.stand_in or (row.player is not None and row.kind == "ai")
        ai = row.player is None and row.kind == "ai" and not row.resigned
        god = game.gods[row.seat] if row.seat < len(game.gods) else -1
        places.append(Placing(row.seat, row.player, (row.level or "normal") if ai else "",
                              3 if left else (1 if row.seat in winners else 2), row.seat in winners and not left,
                              game.card(god).id if god >= 0 else ""))
    return places


def ratable(places: list[Placing]) -> bool:
    """Two cults or more, and each player on one seat only."""
    people = [p.player for p in places if p.player is not None]
    return len(places) >= 2 and bool(people) and len(set(people)) == len(people)


def new_ratings(places: list[Placing], before: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float, float]]:
    """The library's ratings after the game, for each player of ``places``: (mu, sigma, ordinal)."""
    model = _model()
    teams = []
    for p in places:
        if p.player is not None:
            mu, sigma = before.get(p.player, (MU, SIGMA))
        elif p.level:
            mu, sigma = AI_RATINGS.get(p.level, AI_RATINGS["normal"])
        else:
            mu, sigma = MU, SIGMA
        teams.append([model.rating(mu=mu, sigma=sigma)])
    rated = model.rate(teams, ranks=[p.rank for p in places])
    return {p.player: (team[0].mu, team[0].sigma, team[0].ordinal())
            for p, team in zip(places, rated, strict=True) if p.player is not None}


def shown(s: Standing, names: dict[str, str] | None = None) -> dict[str, Any]:
    """A standing as ``leaderboard`` and ``card`` carry it."""
    return {"player": s.player, "name": s.name, "rating": round(s.mu - 3 * s.sigma, 2), "mu": round(s.mu, 2),
            "sigma": round(s.sigma, 2), "games": s.games, "wins": s.wins, "rated": s.rated, "place": s.place}


class Standings:
    """``leaderboard`` and ``card``; each finished game counted for its players."""

    def __init__(self, store: Store, games: HeldGames, identities: Identities) -> None:
        self.store = store
        self.held_games = games
        self.identities = identities
        self._board: tuple[float, list[dict[str, Any]]] = (-BOARD_SECONDS, [])  # (when read, the board)

    async def settle(self, game_id: str) -> bool:
        """Count a finished game for its players, once (True if this call counted it)."""
        live = await self.held_games.live(game_id)
        if live is None or not live.game.over:
            return False
        places = placings(live.game, await self.store.seats(game_id))
        results: dict[str, Result] = {}
        for p in places:
            if p.player is not None:
                old = results.get(p.player)
                results[p.player] = (p.player, p.won or (old is not None and old[1]), (old[2] if old else "") or p.god)
        if not results:
            return await self.store.settle(game_id, [], (MU, SIGMA, MU - 3 * SIGMA), None)
        rate = (lambda before: new_ratings(places, before)) if ratable(places) else None
        return await self.store.settle(game_id, list(results.values()), (MU, SIGMA, MU - 3 * SIGMA), rate)

    async def sweeper(self) -> None:
        """Count the finished games a stopped process left uncounted."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                for gid in await self.store.unsettled():
                    await quietly(self.settle(gid))
            except Exception:  # noqa: BLE001 - a sweep that fails is tried again; the server goes on
                log.exception("standings sweep")

    async def on_leaderboard(self, conn: Conn, msg: Message) -> None:
        now = time.monotonic()
        if now - self._board[0] >= BOARD_SECONDS:  # read at most every 2 s, whoever asks how often
            self._board = (now, [shown(s) for s in await self.store.leaderboard(BOARD)])
        conn.send(reply(ToClient.LEADERBOARD, msg.rid, players=self._board[1]))

    async def on_card(self, conn: Conn, msg: Message) -> None:
        player = msg.get("player")
        if player is None:
            player = self.identities.need(conn).player  # one's own
        s = await self.store.standing(player)
        if s is None:
            raise ProtocolError("no_such_player", "that player has finished no game on this server")
        conn.send(reply(ToClient.CARD, msg.rid, **shown(s), favourite=s.favourite))
