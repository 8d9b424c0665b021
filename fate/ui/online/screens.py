"""Play Online: My online games, join by code, and (fate/ui/online/lobby.py) a new game on
this computer or any server, the lobby of open games and watching. Pages: ``games``,
``host``, ``hosting`` (the codes and addresses to give), ``join``, ``lobby``, ``watch``, ``devices``
(the player's other computers, fate/ui/online/devices.py), ``leaderboard`` and ``card``
(fate/ui/online/standings.py).
Nothing here waits on the network: each request goes out on a link's thread
(fate/net/link.py) and ``update`` takes in the answer; every failure is one
line on the page. The tokens and addresses are kept in the user's data folder
(fate/net/mygames.py); local games and settings are never touched.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from fate.ground.language import N_, _, ngettext
from fate.net import hosting
from fate.net.address import AddressError, server_url
from fate.net.link import Link, error_words
from fate.net.mygames import MyGames, OnlineGame, port_of
from fate.net.query import GamesQuery
from fate.protocol import ToServer
from fate.ui.kit.clipboard import paste_keys
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import GOLD, INK_DIM
from fate.ui.kit.widgets import Hotspot, Scene, backdrop, button, scene
from fate.ui.online import invites
from fate.ui.online.devices import DEVICE_TIPS, Devices
from fate.ui.online.fields import FIELDS, JOIN_TIPS, PAGE_FIELDS, Fields
from fate.ui.online.lobby import LOBBY_ROWS, SEAT_KINDS, STRANGER_TIPS, Strangers
from fate.ui.online.rows import ROWS, draw_games, seat_list, short
from fate.ui.online.session import NetSession
from fate.ui.online.standings import Standings

FIELD_TIPS = JOIN_TIPS | STRANGER_TIPS | DEVICE_TIPS
TITLES = {"games": N_("Play Online"), "host": N_("New Game Online"), "hosting": N_("Your Game Is Open"),
          "join": N_("Join a Game"), "lobby": N_("Open Games"), "watch": N_("Watch a Game"),
          "devices": N_("Your Other Computers"), "leaderboard": N_("Leaderboard"), "card": N_("Player's Card")}


@scene("online")
class OnlineScene(Scene):
    """Play Online. ``page``: games, host, hosting, join."""

    def __init__(self, app, page: str = "games") -> None:
        super().__init__(app)
        self.mine = MyGames(app.online_file)
        self.page = page
        # New game and the lobby open on the server used last (remembered)
        self.form = Fields(self, FIELD_TIPS, {"address": self.mine.address, "code": "", "name": self.mine.name,
                                              "server": self.mine.last_server, "watch": "", "pair": ""})
        if app.notice or self.mine.problem:
            self.say(app.notice or self.mine.problem, "" if app.notice else "wrong")
        app.notice = ""
        self.seats = ["remote", "normal", "none"]  # seats 2-4 of a hosted game
        self.strangers = Strangers(self)  # New game's choices, the lobby, watching
        self.devices = Devices(self)  # the player's other computers: a pairing code made or used
        self.standings = Standings(self)  # the leaderboard and a player's card
        self.parts = (self.devices, self.standings)  # pages with requests of their own
        self._lan: list[str] | None = None  # this computer's addresses, for the hosting page
        self.link: Link | None = None  # a request on its way (create, claim, open, leave)
        self.purpose: tuple = ()
        self.session: NetSession | None = None  # a game being opened: shown once its first state comes
        self.made: OnlineGame | None = None  # the game just hosted (the hosting page shows its codes)
        self.confirm: tuple | None = None  # a Leave clicked once
        self.leave_question = ""  # what it asked, said until another click
        self.first = 0
        self.query: GamesQuery | None = None
        self.moved = ""  # the hosted server's new port, to say at the table
        self.starter: tuple | None = None  # (hosting.HostStarter, what waits for it) while a server starts
        self.refresh()

    @property
    def types_text(self) -> bool:
        return self.editing is not None

    # the fields' part, as the invites, the screenshots and the tests read it
    @property
    def fields(self) -> dict[str, str]:
        return self.form.fields

    @property
    def editing(self) -> str | None:
        return self.form.editing

    @editing.setter
    def editing(self, name: str | None) -> None:
        self.form.editing = name

    @property
    def wrong(self) -> dict[str, str]:
        return self.form.wrong

    @property
    def notice(self) -> str:
        return self.form.notice

    @notice.setter
    def notice(self, line: str) -> None:
        self.form.notice = line

    def say(self, line: str, kind: str) -> None:
        self.form.say(line, kind)

    def refresh(self) -> None:
        if self.query is not None:
            self.query.close()
        self.query = GamesQuery(self.mine, self.app.content) if self.mine.servers_known() else None
        # a server an earlier window left hosting in the background (not one another open window
        # hosts): it may be paused from here, or hosted by this window again
        self.background = None if self.app.hosting is not None or hosting.hosted_elsewhere(self.app.window_id) \
            else hosting.running_host()

    def player_link(self, url: str) -> Link:
        """A line to ``url`` that proves the player's identity there first (fate/net/identity.py):
        the seats it takes are the player's on any computer of theirs."""
        return Link(url, self.app.content, retry=False, identity=self.mine.identity(url), name=self.mine.name)

    def host_here(self, port: int | None = None) -> bool:
        """Stop hosting in the background: this window takes the server an earlier one left running
        (only the one on ``port``, if given) as its own. It watches it, starts it again if it dies,
        and asks on closing whether to keep hosting or pause. Whether it took one."""
        host = self.background
        if host is None or self.app.hosting is not None or (port is not None and host.port != port):
            return False
        if hosting.hosted_elsewhere(self.app.window_id):  # another window took it since this page looked
            self.refresh()
            return False
        self.app.hosting, self.background = host, None
        return True

    def pause_background(self) -> None:
        """Pause the games the background server hosts: everyone at them is told who paused
        them (their tables show a pause, not a fault), then the server stops."""
        if hosting.hosted_elsewhere(self.app.window_id):  # another window took it since this page looked
            self.say(_("Another window of the game hosts your games now: pause them from there."), "wrong")
            self.refresh()
            return
        host, self.background = self.background, None
        said, paused = hosting.pause_and_stop(host, self.mine.games)
        self.say(said, "well" if paused else "")
        self.refresh()

    # ---------------------------------------------------------------- the network
    def update(self, dt: float) -> None:
        if self.query is not None:
            self.query.poll()
        if self.strangers.lobby_link is not None:
            self.strangers.lobby_answer(self.strangers.lobby_link.poll())
        if self.starter is not None and self.starter[0].done():
            self.started()
        for part in self.parts:
            part.poll()
        if self.session is not None:
            self.session.pump()
            if self.session.fatal:
                self.fail(self.session.fatal)
            elif self.session.ready():
                s, self.session, self.link = self.session, None, None
                s.link.retry = True  # from now on a lost connection is tried again, by itself
                self.app.goto("online_play", s)
                if self.moved:  # said over the table for a while
                    self.app.scene.notice, self.moved = (self.moved, self.app.scene.clock + 12), ""
            return
        if self.link is None:
            return
        got = self.link.poll()
        for i, m in enumerate(got):
            self.answer(m, self.link)
            if self.session is not None:  # the rest is the game's
                self.session.take(got[i + 1:])
                break
            if self.link is None:
                break

    def answer(self, m: dict[str, Any], link: Link) -> None:
        """One message on the link of the request under way."""
        kind, what = m["type"], self.purpose[0] if self.purpose else ""
        if kind == "problem" and m.get("fatal"):
            if what == "open" and self.purpose[1].hosted_here and len(self.purpose) == 2:
                self.host_again(self.purpose[1])
                return
            self.fail(m["message"])
        elif kind == "problem":
            self.say(m["message"], "wrong")
        elif kind == "error":
            self.fail(error_words(m))
        elif kind == "created" and what == "create":
            url = self.purpose[1]
            self.made = OnlineGame(url, m["game"], m["token"], m["seats"], host=True, hosted_here=self.purpose[2],
                                   invites=[{"code": i["code"], "seats": i["seats"]} for i in m["invites"]],
                                   watch=m["watch"])
            self.mine.add(self.made)
            self.mine.used(self.strangers.asked_where)  # the server answered: remembered, and chosen next time
            self.say(self.mine.problem, "wrong")
            link.close()
            self.link, self.purpose = None, ()
            self.page = "hosting"
        elif kind == "claimed" and what == "claim":
            g = OnlineGame(self.purpose[1], m["game"], m["token"], m["seats"])
            self.mine.add(g)
            self.open_with(link, g).home = m.get("home") is True
        elif kind == "online" and what == "open":
            self.open_with(link, self.purpose[1])
        elif kind == "watching" and what == "watch":
            self.strangers.watching(m)
        elif kind == "resigned" and what == "leave":
            self.forget(self.purpose[1])

    def fail(self, line: str, kind: str = "wrong") -> None:
        self.say(line, kind)
        for x in (self.session, self.link):
            if x is not None:
                x.close()
        self.session, self.link, self.purpose = None, None, ()

    def open_with(self, link: Link, g: OnlineGame) -> NetSession:
        """Show the game once the server's first state of it comes. A game the background server
        hosts makes this window its host (``host_here``), and the table says so."""
        if g.hosted_here and self.host_here(port_of(g.server)):
            self.moved = self.moved or _("This window hosts your games again: when you close it, it asks "
                                         "whether to keep hosting them or pause.")
        # a game opened: its session's greeting (the join) is the link's first word, said at once;
        # a seat claimed: the claim took it, and the greeting opens only the connections to come
        self.session = s = NetSession(self.app.content, link, g.game, g.token, g.seats, g.host, g.server)
        s.invites = g.invites
        s.muted = set(g.muted)
        self.purpose = ("opening",)
        return s

    def host_again(self, g: OnlineGame) -> None:
        """A game hosted here whose server is not running (paused, or the computer restarted):
        start it again on the same port; its games are in the file as they stood."""
        if self.link is not None:
            self.link.close()
        self.link, self.purpose = None, ()
        self.starter = (hosting.HostStarter(port_of(g.server)), ("open", g))
        self.notice = _("Starting the game's server on this computer again…")

    def forget(self, g: OnlineGame) -> None:
        self.mine.forget(g.server, g.game)
        self.say(self.mine.problem or ngettext(
            "Left the game: an AI plays your seat there from now on.",
            "Left the game: an AI plays each of your {n} seats there from now on.", len(g.seats)).format(
            n=len(g.seats)), "wrong" if self.mine.problem else "well")
        if self.link is not None:
            self.link.close()
        self.link, self.purpose = None, ()

    # ---------------------------------------------------------------- actions
    def started(self) -> None:
        """The server has started (or failed to): send what waited for it."""
        if self.starter is None:
            return
        starter, (what, data) = self.starter
        self.starter = None
        if starter.host is None:
            self.fail(starter.error)
            return
        if not hosting.hosted_elsewhere(self.app.window_id):  # else another open window hosts it, and keeps it
            self.app.hosting = starter.host
        url = starter.host.url if what == "create" else data.server
        if what == "open" and url != starter.host.url:
            # this computer's server was already running on another port (its own was taken
            # when it started): it keeps every game hosted here in the same file
            self.mine.moved(url, starter.host.url)
            data = self.mine.find(starter.host.url, data.game) or data
            url = starter.host.url
            self.moved = _("This computer's server now listens on port {port}: friends join this game again "
                           "at that port.").format(port=starter.host.port)
        if what == "create":
            self.strangers.create(url, data[0], data[1], here=True)
        else:
            self.link = self.player_link(url)
            self.purpose = ("open", data, "again")

    def join(self) -> None:
        got = invites.read_join(self)  # an invite line pasted whole, or the address and the code
        if got is None:
            return
        url, code = got
        self.remember()
        self.link = self.player_link(url)
        named: dict[str, Any] = {"name": self.fields["name"]} if self.fields["name"] else {}
        self.link.send(ToServer.CLAIM, code=code, **named)
        self.purpose = ("claim", url)
        self.notice = _("Joining the game at {address}…").format(address=short(url.split("://", 1)[1], 40))

    def open_game(self, g: OnlineGame) -> None:
        self.link = self.player_link(g.server)
        self.purpose = ("open", g)
        self.notice = _("Opening the game…")

    def leave_game(self, g: OnlineGame) -> None:
        row = self.query.rows.get((g.server, g.game)) if self.query else None
        if row is not None and row["over"]:
            self.forget(g)
            self.say(_("The finished game was taken off your list."), "well")
            return
        self.link = self.player_link(g.server)
        if g.token:
            self.link.send(ToServer.JOIN, game=g.game, token=g.token)
        else:  # a game taken on another computer of the player's: joined by their identity
            self.link.send(ToServer.JOIN, game=g.game)
        for s in g.seats:
            self.link.send(ToServer.RESIGN, game=g.game, seat=s)
        self.purpose = ("leave", g)

    def remember(self) -> None:
        """The name, and the Join address if the parser takes it (a typo is never kept)."""
        typed = self.fields["address"].strip()
        try:
            self.mine.address = server_url(typed) and typed
        except AddressError:
            pass
        self.mine.name = self.fields["name"].strip()[:24]
        self.mine.save()

    # ---------------------------------------------------------------- input
    def click(self, key: tuple) -> None:
        kind = key[0]
        if (self.link is not None or self.starter is not None or self.busy()) and kind not in ("back", "field"):
            return  # one request at a time
        if kind != "leave":
            if self.confirm is not None and self.notice == self.leave_question:
                self.notice = ""  # the question of a Leave not confirmed
            self.confirm = None
        if kind == "field":
            self.editing = key[1]
            self.form.edit()
            return
        self.editing = None
        if any(part.click(key) for part in self.parts):
            pass
        elif kind == "page":
            self.page, self.notice, self.first = key[1], "", 0
            if self.page == "lobby" and self.strangers.lobby is None:
                self.strangers.look()
        elif kind == "seat":
            i = key[1]
            self.seats[i] = SEAT_KINDS[(SEAT_KINDS.index(self.seats[i]) + 1) % len(SEAT_KINDS)]
        elif kind == "host":
            self.strangers.start_hosting()
        elif self.strangers.strangers_click(key):
            pass
        elif kind == "join":
            self.join()
        elif kind == "open":
            self.open_game(key[1])
        elif kind == "codes":
            self.made, self.page = key[1], "hosting"
        elif kind in ("copy", "copy_house") and self.made is not None:
            invites.copy(self, key[1], house=kind == "copy_house")
        elif kind == "paste":
            invites.paste(self, None)
        elif kind == "leave":
            if self.confirm != key[1:]:
                self.confirm = key[1:]
                g = key[1]
                # a screen shared by several players: Leave is for all of them, and says so
                self.leave_question = _("Leave {seats} for good? Every seat of this screen leaves: an AI plays "
                                        "each of them. Click Sure? to leave.").format(seats=seat_list(g.seats))
                self.notice = self.leave_question if len(g.seats) > 1 else ""
                return
            self.confirm = None
            self.leave_game(key[1])
        elif kind == "refresh":
            self.refresh()
        elif kind == "pause_hosting":
            self.pause_background()
        elif kind == "host_here":
            took = self.host_here()
            self.say(_("This window hosts your games now: it starts their server again if it stops, and asks "
                       "when you close it whether to keep hosting or pause.") if took else
                     _("Another window of the game hosts your games now."), "well" if took else "wrong")
        elif kind == "scroll":
            rows, many = (LOBBY_ROWS, len(self.strangers.lobby or [])) if self.page == "lobby" else (ROWS, len(self.mine.games))
            self.first = max(0, min(self.first + key[1] * rows, max(0, many - rows)))
        elif kind == "table" and self.made is not None:
            self.open_game(self.made)
        elif kind == "back":
            if self.busy():
                for part in self.parts:
                    part.close()
                self.say(_("Stopped."), "")
            elif self.page == "card":
                self.page, self.notice = "leaderboard", ""
            elif self.link is not None or self.session is not None or self.starter is not None:
                self.app.starting = self.starter[0] if self.starter is not None else self.app.starting
                self.starter = None  # a server starting goes on starting: the next Host finds it, closing asks
                self.fail(_("Stopped."), "")  # the player's own doing: plain, not a failure
            elif self.page != "games":
                self.page, self.notice = "games", ""
                self.refresh()
            else:
                self.app.goto("title")

    def key(self, event: pygame.event.Event) -> None:
        if self.editing is not None:
            if paste_keys(event):
                invites.paste(self, self.editing)
            elif self.form.type_key(event):  # Ctrl+A, Home/End, Shift-select, typing over the selection
                pass
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.click({"join": ("join",), "lobby": ("look",), "watch": ("watch",),
                            "devices": ("make_code",) if self.editing == "server" else ("use_code",),
                            "leaderboard": ("look_board",)}.get(
                    self.page, ("host",)))
            elif event.key == pygame.K_ESCAPE:
                self.editing = None
            elif event.key == pygame.K_TAB:
                order = [f for f in FIELDS if f in PAGE_FIELDS.get(self.page, ())]
                self.editing = order[(order.index(self.editing) + 1) % len(order)]
            return
        if event.key == pygame.K_ESCAPE:
            self.click(("back",))
        elif paste_keys(event) and self.page == "join":
            self.click(("paste",))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.editing is not None:
            self.key(event)  # typing: Tab moves between the fields, not the buttons
            return
        if event.type == pygame.MOUSEWHEEL and self.page in ("games", "lobby"):
            self.click(("scroll", -1 if event.y > 0 else 1))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.editing is not None:
            if not any(h.rect.collidepoint(event.pos) and h.key[0] == "field" for h in self.hot):
                self.editing = None
        was = self.editing
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.editing is not None:
            self.form.pressed_in_field(event.pos, extend=was == self.editing and bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))

    def close(self) -> None:
        if self.query is not None:
            self.query.close()
        if self.strangers.lobby_link is not None:
            self.strangers.lobby_link.close(wait=0)
        for x in (self.session, self.link):
            if x is not None:
                x.close()
        for part in self.parts:
            part.close()

    def busy(self) -> bool:  # a page's own request is under way (a pairing code, the leaderboard, a card)
        return any(part.busy() for part in self.parts)

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        self.hot = []
        L = backdrop(self, screen)
        self.ink.draw(screen, _(TITLES[self.page]), L.p(960, 96), 80, GOLD, "title", anchor="center", shadow=True)
        pages: dict[str, Callable[[pygame.Surface, Layout], None]] = {
            "games": partial(draw_games, self), "hosting": self.draw_hosting, "join": self.draw_join,
            "host": self.strangers.draw_host, "lobby": self.strangers.draw_lobby, "watch": self.strangers.draw_watch,
            "devices": self.devices.draw, "leaderboard": self.standings.draw_board, "card": self.standings.draw_card}
        pages[self.page](screen, L)
        self.form.draw_notice(screen, L)
        waiting = self.link is not None or self.session is not None or self.starter is not None or self.busy()
        button(self, screen, L, (810, 980, 300, 72), _("Stop") if waiting else _("Back"), ("back",), size=30,
               tip=_("Stop waiting for the server") if waiting else _("Back (Esc)"))
        self.draw_tip(screen, L)

    # the pages
    def draw_hosting(self, screen: pygame.Surface, L: Layout) -> None:
        if self.made is None:
            self.page = "games"
            return
        invites.draw_hosting(self, screen, L)  # the invites, the house's addresses, the router's answer
        if self.made.watch:
            self.ink.draw(screen, _("Spectators watch with:"), L.p(200, 706), 22, INK_DIM, "bold")
            r = self.ink.draw(screen, self.made.watch, L.p(200, 740), 30, GOLD, "bold")
            self.hot.append(Hotspot(r, ("ui", "watch_code"), _("Watch code"),
                                    _("Anyone with this code (and the address) may watch the game from what every "
                                      "player may see: Play Online > Watch a game. The game is public: the lobby "
                                      "lists it too.") if self.strangers.public else
                                    _("Anyone with this code (and the address) may watch the game from what every "
                                      "player may see: Play Online > Watch a game.")))
        button(self, screen, L, (200, 820, 420, 80), _("Go to the table"), ("table",), size=28,
               tip=_("Take your seat; the table shows who has joined and whom it is waiting for. The codes stay "
                     "in My online games (Codes)."))

    def draw_join(self, screen: pygame.Surface, L: Layout) -> None:
        self.form.field(screen, L, "address", _("Address of the host's computer"), 560, 190, 800)
        self.form.field(screen, L, "code", _("Invite code"), 560, 320, 800)
        self.form.field(screen, L, "name", _("Your name at the table"), 560, 450, 800)
        button(self, screen, L, (560, 600, 380, 80), _("Paste invite line"), ("paste",), size=26,
               tip=_("Fill in the address and the code from the invite line your friend sent (fate://…), copied "
                     "to the clipboard (Ctrl+V does the same)"))
        button(self, screen, L, (980, 600, 380, 80), _("Join"), ("join",), size=30,
               tip=_("Take the seat the code opens; the game then appears in My online games too (Enter)"))
        self.ink.para(screen, _("Sent an invite line (fate://…)? Copy it and press Paste invite line (or Ctrl+V): "
                                "the address and the code fill in. A code read aloud works in any case, with or "
                                "without dashes."), L.r(560, 710, 800, 100), 20, INK_DIM)
