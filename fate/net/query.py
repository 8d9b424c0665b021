"""Where the player's online games stand: one ``games`` request to each server.

``GamesQuery(mine, content)`` asks every server the player has games on, with
the tokens of those games, and ``poll()`` (each frame) gathers the answers:
``rows`` by (server, game), ``problems`` by server (one line: a server that
does not answer). Nothing waits: each server is asked on its link's thread.
"""

from __future__ import annotations

from typing import Any

from fate.content.model import Content
from fate.net.link import Link, error_words
from fate.net.mygames import MyGames


class GamesQuery:
    def __init__(self, mine: MyGames, content: Content) -> None:
        self.rows: dict[tuple[str, str], dict[str, Any]] = {}
        self.problems: dict[str, str] = {}
        self._links: dict[str, Link] = {}
        for server, games in mine.servers().items():
            link = Link(server, content, retry=False)
            link.send("games", tokens=sorted({g.token for g in games})[:32])
            self._links[server] = link

    def poll(self) -> bool:
        """Gather what came; True once every server has answered or failed."""
        for server, link in list(self._links.items()):
            for m in link.poll():
                if m["type"] == "games":
                    for row in m["games"]:
                        self.rows[(server, row["game"])] = row
                    self.problems.pop(server, None)
                    self._done(server)
                elif m["type"] == "error":
                    self.problems[server] = error_words(m)
                    self._done(server)
                elif m["type"] == "problem":
                    self.problems[server] = m["message"]
                    if m.get("fatal"):
                        self._done(server)
        return not self._links

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
