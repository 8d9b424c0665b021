"""My online games, the first page of Play Online (fate/ui/online/screens.py): the way to
each other page, then a row a game: where it stands as its server last said, or why it
does not say."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from fate.ground.language import _, listing, ngettext
from fate.net.mygames import OnlineGame, port_of
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BLOOD, BRONZE, GOLD, INK_DIM, PANEL, PARCHMENT, SIGN_GREEN
from fate.ui.kit.widgets import button
from fate.ui.online.fields import arrow
from fate.ui.online.heard import SEAT_WORDS

if TYPE_CHECKING:
    from fate.ui.online.screens import OnlineScene

ROWS = 6  # games shown at once


def short(text: str, n: int = 28) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def seat_list(seats: list[int]) -> str:
    """"Seat 1", "Seats 1 and 3", "Seats 1, 2 and 4" (in the current language)."""
    names = [str(s + 1) for s in sorted(seats)]
    return ngettext("Seat {seats}", "Seats {seats}", len(names)).format(seats=listing(names))


def game_row(self, screen: pygame.Surface, L: Layout, g: OnlineGame, y: int) -> None:
    """One game of My online games (``OnlineScene``, ``self``): where it stands, who plays, and
    its buttons. A game its host paused, or whose host's own computer does not answer, says so
    in plain ink rather than as the server's fault."""
    ink = self.ink
    box = L.r(700, y, 1020, 96)
    pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))
    pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(10))
    row = self.query.rows.get((g.server, g.game)) if self.query else None
    problem = self.query.problems.get(g.server, "") if self.query else ""
    where = g.server.split("://", 1)[1]
    if g.hosted_here:
        where = _("{address} (hosted here)").format(address=where)
    # a game its host paused, or whose host's own computer does not answer, says so rather
    # than that its server is at fault
    waiting = bool(row is None and problem and (g.paused_by or g.hosted_here or g.home_host))
    mine = False  # the game waits for a seat of this screen
    if row is None:
        who = ""
        if not problem:
            state = _("Asking the server…")
        elif g.paused_by:
            state = _("Paused by {name}").format(name=short(g.paused_by, 16))
        elif g.hosted_here and self.app.hosting is not None and port_of(g.server) == self.app.hosting.port:
            state = _("This window's server is starting again…")  # its watch restarts it (fate/net/hosting.py)
        elif g.hosted_here:
            state = _("Not hosted now: Open hosts it again")
        elif g.home_host:
            state = _("Waiting for {name} to host it again").format(name=short(g.home_host, 16))
            who = problem  # whatever the cause (a new address, a closed port), said on the second line
        else:
            state = problem
    else:
        names = [_(SEAT_WORDS.get(p["level"] or "normal", SEAT_WORDS["normal"])) if p["kind"] == "ai" else
                 p["name"] or (_("Open seat") if not p["claimed"] else _("Player {n}").format(n=p["seat"] + 1))
                 for p in row["players"]]  # as the table says
        who = ", ".join((_("You") if p["seat"] in g.seats else short(n, 14)) for p, n in zip(row["players"], names,
                                                                                             strict=True))
        if row["over"]:
            now = _("Finished")
        elif row["to_decide"] in g.seats:
            now, mine = _("Your turn"), True
        elif row["to_decide"] is not None:
            p = row["players"][row["to_decide"]]
            n = names[row["to_decide"]]
            now = _("{name} to play").format(name=_("AI") if p["kind"] == "ai" else short(n, 16))
        else:
            now = _("Waiting")
        state = " · ".join([now, _("turn {n}").format(n=row["turn"]) if row["turn"] else _("choosing Elder Gods")])
    colour = SIGN_GREEN if mine else (BLOOD if problem and row is None and not waiting else PARCHMENT)
    ink.draw(screen, state, L.p(724, y + 14), 24, colour, "bold", max_w=L.n(560))
    ink.draw(screen, (who + " · " if who else "") + where, L.p(724, y + 54), 18, INK_DIM, "italic",
             max_w=L.n(580))
    button(self, screen, L, (1320, y + 20, 120, 56), _("Open"), ("open", g), size=22,
           tip=_("Take your seat at this game's table where it stands"))
    if g.host and g.invites:
        button(self, screen, L, (1450, y + 20, 120, 56), _("Codes"), ("codes", g), size=22,
               tip=_("The invite codes and this computer's addresses, to give your friends"))
    sure = self.confirm == (g,)
    tip = (_("Leave this game for good: an AI plays your seat there from now on, and it goes off this list (a "
             "finished game just goes off the list). Click twice.") if len(g.seats) == 1 else
           _("Leave this game for good: an AI plays each of your {n} seats ({seats}) there from now on, and it "
             "goes off this list (a finished game just goes off the list). Click twice.").format(
               n=len(g.seats), seats=seat_list(g.seats)))
    button(self, screen, L, (1580, y + 20, 124, 56), _("Sure?") if sure else _("Leave"), ("leave", g), size=22,
           selected=sure, tip=tip)


def draw_games(self: OnlineScene, screen: pygame.Surface, L: Layout) -> None:
    """The first page of Play Online (``self``: the scene): its way to each other page, and My
    online games, a row each."""
    ink = self.ink
    button(self, screen, L, (200, 196, 420, 72), _("New game"), ("page", "host"), size=28,
           tip=_("Start a game on this computer or on a game server: choose the seats and whether strangers may "
                 "find it in the lobby, then give each friend their invite code."))
    button(self, screen, L, (200, 280, 420, 72), _("Join a game"), ("page", "join"), size=28,
           tip=_("Join a friend's game with the address of their computer and the invite code they gave you."))
    button(self, screen, L, (200, 364, 420, 72), _("Open games (lobby)"), ("page", "lobby"), size=28,
           tip=_("A server's public games with a free seat: join one with a click, or watch it."))
    button(self, screen, L, (200, 448, 420, 72), _("Watch a game"), ("page", "watch"), size=28,
           tip=_("Watch a game from what every player may see, with the watch code its host gave you."))
    button(self, screen, L, (200, 532, 420, 72), _("Leaderboard"), ("page", "leaderboard"), size=28,
           tip=_("A server's best rated players, and each one's card: rating, games won, favourite Elder God."))
    button(self, screen, L, (200, 616, 420, 72), _("Your other computers"), ("page", "devices"), size=28,
           tip=_("Play your online games from another computer too: a code made on one joins the other to you "
                 "on that server."))
    ink.para(screen, _("Hosting asks your router to let friends in other houses in, and says how to do it by "
                       "hand if it cannot. An invite line (fate://…) carries the address and the code in one: "
                       "copy it when hosting, paste it on Join."), L.r(200, 706, 420, 130), 19, INK_DIM)
    if self.background is not None:
        ink.para(screen, _("This computer hosts your games in the background, with no window (port {port}): host "
                           "them in this window again, or pause them for everyone.").format(
                               port=self.background.port), L.r(200, 836, 420, 80), 19, GOLD)
    ink.draw(screen, _("My online games"), L.p(700, 196), 30, GOLD, "title")
    button(self, screen, L, (1560, 190, 160, 46), _("Refresh"), ("refresh",), size=20,
           tip=_("Ask the servers again where each of your games stands"))
    if self.background is not None:
        button(self, screen, L, (1120, 190, 210, 46), _("Host in this window"), ("host_here",), size=20,
               tip=_("Stop hosting in the background: your games go on, hosted by this window, which starts "
                     "their server again if it stops and asks when you close it whether to keep hosting or pause"))
        button(self, screen, L, (1340, 190, 200, 46), _("Pause hosting"), ("pause_hosting",), size=20,
               tip=_("This computer still hosts your games in the background: pause them for everyone (the "
                     "server stops; your friends see the game paused by you until you host it again)"))
    if not self.mine.games:
        ink.para(screen, _("No online games yet. A game you host or join is listed here, with whose turn it is, "
                           "and stays here when you close the game: open it again days later."),
                 L.r(700, 260, 1000, 200), 22, PARCHMENT)
        return
    games = list(reversed(self.mine.games))
    for i, g in enumerate(games[self.first:self.first + ROWS]):
        y = 250 + i * 108
        game_row(self, screen, L, g, y)
    if self.first > 0:
        arrow(self, screen, L, (1740, 250, 70, 56), "up", ("scroll", -1), tip=_("The games above (mouse wheel)"))
    if self.first + ROWS < len(games):
        arrow(self, screen, L, (1740, 250 + 108 * (ROWS - 1) + 40, 70, 56), "down", ("scroll", 1),
              tip=_("The games below (mouse wheel)"))
