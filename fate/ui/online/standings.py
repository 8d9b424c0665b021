"""The leaderboard and a player's card, pages of Play Online (a part of ``OnlineScene``,
fate/ui/online/screens.py).

A server rates its players from the results of rated games (fate/server/ratings.py, the
OpenSkill library): **Leaderboard** shows the best of them on the chosen server (the one used
last, or this computer's own), and each row opens that player's card: the rating, how sure the
server is of it, the place, the games played and won, and the Elder God played most, in its
portrait. **My card** is the player's own on that server (their identity there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from fate.ground.language import _, ngettext
from fate.protocol import ToClient, ToServer
from fate.ui.kit import gods
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, PANEL, PARCHMENT
from fate.ui.kit.widgets import Hotspot, button
from fate.ui.online.fields import arrow
from fate.ui.online.request import PageRequest
from fate.ui.online.rows import short

if TYPE_CHECKING:
    from fate.ui.online.screens import OnlineScene

BOARD_ROWS = 10  # players shown at once


def rating_words(r: dict[str, Any]) -> str:
    """"27.4": the rating shown (what the player is surely worth, mu - 3 sigma)."""
    return f"{r['rating']:.1f}"


class Standings(PageRequest):
    """The leaderboard's and the card's requests and drawing."""

    def __init__(self, scene: OnlineScene) -> None:
        super().__init__(scene)
        self.board: list[dict[str, Any]] | None = None
        self.card: dict[str, Any] | None = None
        self.at = ""  # the server asked
        self.first = 0

    def click(self, key: tuple) -> bool:
        """A click on these pages' own things; True if it was one."""
        if key[0] == "look_board":
            self.look()
        elif key[0] == "my_card":
            self.open_card(None)
        elif key[0] == "card_of":
            self.open_card(key[1])
        elif key[0] == "board_scroll":
            self.scroll(key[1])
        elif key == ("page", "leaderboard") and self.board is None:
            self.scene.page, self.scene.notice = "leaderboard", ""
            self.look()
        else:
            return False
        return True

    def _ask(self, kind: str, **fields: Any) -> None:
        chosen = self.server()
        if chosen is None:
            return
        url = chosen[0]
        self.close()
        self.at = url
        self.link = self.scene.player_link(url)
        self.link.send(kind, **fields)
        self.scene.notice = _("Asking {address}…").format(address=short(url.split("://", 1)[1], 40))

    def look(self) -> None:
        self.board, self.first = None, 0
        self._ask(ToServer.LEADERBOARD)

    def open_card(self, player: str | None) -> None:
        self.card = None
        self.scene.page = "card"
        if player is None:
            self._ask(ToServer.CARD)
        else:
            self._ask(ToServer.CARD, player=player)

    def poll(self) -> None:
        if self.link is None:
            return
        for m in self.link.poll():
            kind = m["type"]
            if kind == ToClient.LEADERBOARD:
                self.board = m["players"]
                self.scene.mine.used(self.scene.fields["server"].strip())
                self.scene.notice = "" if self.board else _("Nobody is rated on this server yet: a public game "
                                                            "made Rated counts.")
            elif kind == ToClient.CARD:
                self.card = m
                self.scene.notice = ""
            elif kind == ToClient.ERROR and m.get("code") == "no_such_player":
                self.scene.say(_("Nobody has finished a game on this server yet as that player."), "wrong")
            elif not self.failed(m):
                continue
            self.close()
            return

    def scroll(self, way: int) -> None:
        n = len(self.board or [])
        self.first = max(0, min(self.first + way * BOARD_ROWS, max(0, n - BOARD_ROWS)))

    # ---------------------------------------------------------------- drawing
    def draw_board(self, screen: pygame.Surface, L: Layout) -> None:
        scene, ink = self.scene, self.scene.ink
        scene.form.field(screen, L, "server", _("Server"), 200, 170, 520)
        button(scene, screen, L, (200, 310, 250, 72), _("Show"), ("look_board",), size=26,
               tip=_("Ask the server for its best rated players (Enter)"))
        button(scene, screen, L, (470, 310, 250, 72), _("My card"), ("my_card",), size=26,
               tip=_("Your rating, games and favourite Elder God on that server"))
        ink.para(screen, _("A rated game is a public one of two to four cults, made Rated on New game. The rating is "
                           "what your results surely show: it rises as you win, and as the server grows surer of "
                           "you. Leaving a game, or running out of time, counts as a loss."),
                 L.r(200, 420, 520, 300), 20, INK_DIM)
        box = L.r(800, 170, 920, 64 + 64 * BOARD_ROWS)
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(10))
        for text, x, anchor in ((_("Player"), 900, "midleft"), (_("Rating"), 1400, "midright"),
                                (_("Games"), 1540, "midright"), (_("Wins"), 1680, "midright")):
            ink.draw(screen, text, L.p(x, 202), 22, INK_DIM, "bold", anchor=anchor)
        for i, r in enumerate((self.board or [])[self.first:self.first + BOARD_ROWS]):
            y = 234 + i * 64
            row = L.r(810, y, 900, 58)
            if i % 2 == 0:
                pygame.draw.rect(screen, (40, 32, 46), row, border_radius=L.n(6))
            ink.draw(screen, str(r["place"]), L.p(880, y + 29), 24, GOLD, "bold", anchor="midright")
            ink.as_written.add(r["name"])
            ink.draw(screen, r["name"] or _("A player with no name"), L.p(900, y + 29), 26, PARCHMENT, "body",
                     anchor="midleft", max_w=L.n(330))
            ink.draw(screen, rating_words(r), L.p(1400, y + 29), 26, GOLD, "bold", anchor="midright")
            ink.draw(screen, str(r["games"]), L.p(1540, y + 29), 24, PARCHMENT, "body", anchor="midright")
            ink.draw(screen, str(r["wins"]), L.p(1680, y + 29), 24, PARCHMENT, "body", anchor="midright")
            scene.hot.append(Hotspot(row, ("card_of", r["player"]), r["name"] or _("A player with no name"),
                                     _("Open this player's card")))
        if self.first > 0:
            arrow(scene, screen, L, (1740, 170, 70, 56), "up", ("board_scroll", -1), tip=_("The players above"))
        if self.board and self.first + BOARD_ROWS < len(self.board):
            arrow(scene, screen, L, (1740, 170 + 64 * BOARD_ROWS, 70, 56), "down", ("board_scroll", 1),
                  tip=_("The players below"))

    def draw_card(self, screen: pygame.Surface, L: Layout) -> None:
        scene, ink = self.scene, self.scene.ink
        c = self.card
        if c is None:
            return
        god = c["favourite"]
        try:
            god_name = scene.app.content.card(god).name if god else ""
        except KeyError:  # a server's word for a god this game does not know
            god_name = ""
        box = L.r(260, 180, 1400, 620)
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(16))
        pygame.draw.rect(screen, GOLD, box, L.n(3), border_radius=L.n(16))
        if god_name:
            face = gods.medallion(god, L.n(360))
            screen.blit(face, L.p(320, 240))
            ink.draw(screen, _("Favourite Elder God"), L.p(500, 630), 20, INK_DIM, "bold", anchor="center")
            ink.draw(screen, god_name, L.p(500, 672), 36, gods.colour(god), "title", anchor="center", max_w=L.n(400))
        ink.as_written.add(c["name"])
        ink.draw(screen, c["name"] or _("A player with no name"), L.p(760, 230), 64, GOLD, "title", max_w=L.n(860))
        if c["rated"]:
            ink.draw(screen, _("Rating"), L.p(760, 340), 24, INK_DIM, "bold")
            ink.draw(screen, rating_words(c), L.p(760, 372), 72, PARCHMENT, "bold")
            ink.para(screen, _("Skill {mu}, give or take {sigma}: the rating is the skill less three times that, "
                               "what the results surely show.").format(mu=f"{c['mu']:.1f}", sigma=f"{c['sigma']:.1f}"),
                     L.r(1060, 350, 560, 120), 22, INK_DIM)
            ink.draw(screen, _("Place {place} on this server").format(place=c["place"]), L.p(760, 480), 30, GOLD,
                     "bold")
        else:
            ink.para(screen, _("Not rated yet: a rated game (a public one, made Rated) gives a rating."),
                     L.r(760, 350, 860, 100), 26, PARCHMENT)
        games = ngettext("{n} game finished", "{n} games finished", c["games"]).format(n=c["games"])
        won = ngettext("{n} won", "{n} won", c["wins"]).format(n=c["wins"])
        rated = ngettext("{n} rated", "{n} rated", c["rated"]).format(n=c["rated"])
        ink.draw(screen, f"{games} · {won} · {rated}", L.p(760, 560), 28, PARCHMENT, "body")
        button(scene, screen, L, (760, 680, 360, 72), _("Leaderboard"), ("page", "leaderboard"), size=26,
               tip=_("The server's best rated players"))
