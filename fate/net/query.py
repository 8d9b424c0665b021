"""Where the player's online games stand: one ``games`` request to each server.

``GamesQuery(mine, content)`` asks every server the player has games on, with
the tokens of those games, proving the player's identity there (fate/net/identity.py), so a
server also lists the games the player took on another computer of theirs (added to the
list, fate/net/mygames.py), and ``poll()`` (each frame) gathers the answers:
``rows`` by (server, game), ``problems`` by server (one line: a server that
does not answer). Nothing waits: each server is asked on its link's thread.
Every ``AGAIN_SECONDS`` once all have answered it asks again, so a list left
open follows the games (a game that moved on, or ended, while it showed) with
no Refresh; the rows shown stay until the new answer replaces them.
"""

from __future__ import annotations

import time
from typing import Any

from fate.content.model import Content
from fate.net.link import Link, error_words
from fate.net.mygames import MyGames
from fate.protocol import LinkNote, ToClient, ToServer

AGAIN_SECONDS = 10.0  # between two rounds of asking (a server allows 60 lists a minute an address)


class GamesQuery:
    def __init__(self, mine: MyGames, content: Content, again: float = AGAIN_SECONDS) -> None:
        self.rows: dict[tuple[str, str], dict[str, Any]] = {}
        self.problems: dict[str, str] = {}
        self._links: dict[str, Link] = {}
        self._mine, self._content, self._again = mine, content, again
        self.rounds = 0  # rounds of asking every server that have ended
        self.added = 0  # games found on a server that this computer did not list
        self._asked = 0.0
        self._ask()

    def _ask(self) -> None:
        self._asked = time.monotonic()
        by_server = self._mine.servers()
        for server in self._mine.servers_known():
            link = Link(server, self._content, retry=False, identity=self._mine.identity(server))
            tokens = sorted({g.token for g in by_server.get(server, []) if g.token})[:32]
            if tokens:
                link.send(ToServer.GAMES, tokens=tokens)
            else:  # the player's games by their identity alone
                link.send(ToServer.GAMES)
            self._links[server] = link

    def poll(self) -> bool:
        """Gather what came; True once every server has answered or failed (once: later rounds
        replace the rows as their answers come)."""
        if not self._links and time.monotonic() - self._asked >= self._again:
            self._ask()
        asking = bool(self._links)
        for server, link in list(self._links.items()):
            for m in link.poll():
                if m["type"] == ToClient.GAMES:
                    self._forget(server)
                    for row in m["games"]:
                        self.rows[(server, row["game"])] = row
                        if self._mine.found(server, row):  # taken on another computer of the player's
                            self.added += 1
                    self.problems.pop(server, None)
                    self._done(server)
                elif m["type"] == ToClient.ERROR:
                    self._forget(server)
                    self.problems[server] = error_words(m)
                    self._done(server)
                elif m["type"] == LinkNote.PROBLEM:
                    self.problems[server] = m["message"]
                    if m.get("fatal"):
                        self._forget(server)
                        self._done(server)
        if asking and not self._links:
            self.rounds += 1
        return self.rounds > 0

    def _forget(self, server: str) -> None:
        """What ``server`` said before: replaced by its new answer, or by why it gave none."""
        for key in [k for k in self.rows if k[0] == server]:
            del self.rows[key]

    def _done(self, server: str) -> None:
        link = self._links.pop(server, None)
        if link is not None:
            link.close(wait=0)  # a server that does not answer never holds up the window: its thread ends alone

    def my_turn(self, mine: MyGames) -> int:
        """How many of the player's games wait for one of the player's own seats."""
        n = 0
        for g in mine.games:
            row = self.rows.get((g.server, g.game))
            if row is not None and not row["over"] and row["to_decide"] in g.seats:
                n += 1
        return n

    def close(self) -> None:
        for server in list(self._links):
            self._done(server)
        self._asked = float("inf")  # never again
