"""A row of My online games (fate/ui/online/screens.py): where the game stands as its server
last said, or why it does not say."""

from __future__ import annotations

import pygame

from fate.net.mygames import OnlineGame, port_of
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BLOOD, BRONZE, INK_DIM, PANEL, PARCHMENT, SIGN_GREEN
from fate.ui.kit.widgets import button


def short(text: str, n: int = 28) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def seat_list(seats: list[int]) -> str:
    """"Seat 1", "Seats 1 and 3", "Seats 1, 2 and 4"."""
    names = [str(s + 1) for s in sorted(seats)]
    if len(names) == 1:
        return f"Seat {names[0]}"
    return f"Seats {', '.join(names[:-1])} and {names[-1]}"


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
    where = g.server.split("://", 1)[1] + (" (hosted here)" if g.hosted_here else "")
    # a game its host paused, or whose host's own computer does not answer, says so rather
    # than that its server is at fault
    waiting = bool(row is None and problem and (g.paused_by or g.hosted_here or g.home_host))
    if row is None:
        who = ""
        if not problem:
            state = "Asking the server…"
        elif g.paused_by:
            state = f"Paused by {short(g.paused_by, 16)}"
        elif g.hosted_here and self.app.hosting is not None and port_of(g.server) == self.app.hosting.port:
            state = "This window's server is starting again…"  # its watch restarts it (fate/net/hosting.py)
        elif g.hosted_here:
            state = "Not hosted now: Open hosts it again"
        elif g.home_host:
            state = f"Waiting for {short(g.home_host, 16)} to host it again"
            who = problem  # whatever the cause (a new address, a closed port), said on the second line
        else:
            state = problem
    else:
        names = [f"AI ({(p['level'] or 'normal').capitalize()})" if p["kind"] == "ai" else
                 p["name"] or ("Open seat" if not p["claimed"] else f"Player {p['seat'] + 1}")  # as the table says
                 for p in row["players"]]
        who = ", ".join(("You" if p["seat"] in g.seats else short(n, 14)) for p, n in zip(row["players"], names,
                                                                                           strict=True))
        if row["over"]:
            state = "Finished"
        elif row["to_decide"] in g.seats:
            state = "Your turn"
        elif row["to_decide"] is not None:
            p = row["players"][row["to_decide"]]
            n = names[row["to_decide"]]
            state = f"{'AI' if p['kind'] == 'ai' else short(n, 16)} to play"
        else:
            state = "Waiting"
        state += f" · turn {row['turn']}" if row["turn"] else " · choosing Elder Gods"
    colour = SIGN_GREEN if state.startswith("Your turn") else (BLOOD if problem and row is None and not
                                                                waiting else PARCHMENT)
    ink.draw(screen, state, L.p(724, y + 14), 24, colour, "bold", max_w=L.n(560))
    ink.draw(screen, (who + " · " if who else "") + where, L.p(724, y + 54), 18, INK_DIM, "italic",
             max_w=L.n(580))
    button(self, screen, L, (1320, y + 20, 120, 56), "Open", ("open", g), size=22,
           tip="Take your seat at this game's table where it stands")
    if g.host and g.invites:
        button(self, screen, L, (1450, y + 20, 120, 56), "Codes", ("codes", g), size=22,
               tip="The invite codes and this computer's addresses, to give your friends")
    sure = self.confirm == (g,)
    yours = "your seat" if len(g.seats) == 1 else f"each of your {len(g.seats)} seats ({seat_list(g.seats)})"
    button(self, screen, L, (1580, y + 20, 124, 56), "Sure?" if sure else "Leave", ("leave", g), size=22,
           selected=sure, tip=f"Leave this game for good: an AI plays {yours} there from now on, and it goes "
                              "off this list (a finished game just goes off the list). Click twice.")
