"""Play Online's pages for games among strangers (a part of ``OnlineScene``,
fate/ui/online/screens.py): **New game** on this computer or any server (a remembered list,
this computer first), public or private, how late spectators see it and whether they read
the talk; **Open games**, a server's lobby, each game joined or watched with a click; and
**Watch a game** by its watch code. Requests go out on a link's thread like the rest of
the scene's (fate/net/link.py); the server's side is fate/server/tables.py.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from fate.ground.language import N_, _, ago, ngettext
from fate.net import hosting
from fate.net.link import Link, error_words
from fate.protocol import ToServer
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BRONZE, INK_DIM, PANEL, PARCHMENT
from fate.ui.kit.widgets import button
from fate.ui.online.clock import CLOCKS, clock_tip, clock_words
from fate.ui.online.fields import arrow
from fate.ui.online.heard import SEAT_WORDS
from fate.ui.online.watch import WatchSession

if TYPE_CHECKING:
    from fate.ui.online.screens import OnlineScene

SEAT_KINDS = ("remote", "easy", "normal", "hard", "here", "none")  # who may play seats 2-4 of a new game
STRANGER_TIPS = {  # translated where shown
    "server": N_("The address of a game server (for example 192.168.1.30:8765, or a name like "
                 "fate.home.arpa:8765). Leave it empty for this computer. The servers you use are remembered below."),
    "watch": N_("The watch code the game's host gave you (letters and digits, any case, dashes or not)."),
}
DELAYS = (0, 15, 60, 180)  # seconds spectators see the game late (the host chooses)
LOBBY_ROWS = 6
WHERE_SHOWN = 3  # remembered servers shown at once beside "This computer"; the arrows show the others


def see_it(seconds: int) -> str:
    """The spectators' delay as the New Game page's button says it."""
    if seconds <= 0:
        return _("See it as it happens")
    if seconds < 60:
        return ngettext("See it {n} second late", "See it {n} seconds late", seconds).format(n=seconds)
    return ngettext("See it {n} minute late", "See it {n} minutes late", seconds // 60).format(n=seconds // 60)


def watching_words(seconds: int) -> str:
    """What the page says while a game to watch opens, ``seconds`` behind the table."""
    if seconds <= 0:
        return _("Watching…")
    if seconds < 60:
        return ngettext("Watching: the game appears {n} second late…", "Watching: the game appears {n} seconds late…",
                        seconds).format(n=seconds)
    return ngettext("Watching: the game appears {n} minute late…", "Watching: the game appears {n} minutes late…",
                    seconds // 60).format(n=seconds // 60)


def short(text: str, n: int = 28) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


class Strangers:
    """New game anywhere, the lobby, and watching: a part of ``OnlineScene``, given the scene
    (its fields and line, its one request at a time: ``link``, ``purpose``, ``session``)."""

    def __init__(self, scene: OnlineScene) -> None:
        self.scene = scene
        kept = scene.mine.new_game  # as the last New game had them
        self.public = kept["public"]  # a new game listed in its server's lobby (else by invite only)
        self.delay = kept["delay"]  # seconds spectators see it late
        self.spectator_talk = kept["spectator_chat"]  # spectators read the table's talk
        self.rated = kept["rated"]  # a public game's result moves its players' ratings (fate/server/ratings.py)
        self.clock = kept["clock"] % len(CLOCKS)  # the game's clock: its place in CLOCKS
        self.lobby: list[dict[str, Any]] | None = None  # the last lobby list asked of ``lobby_at``
        self.lobby_at = ""
        self.lobby_where = ""  # the server asked for its lobby, as typed (remembered once it answers)
        self.lobby_note = ""  # why no list shows (this computer serves no games): said plainly in its place
        self.asked_where = ""  # the server asked to make a game, as typed (remembered once it answers)
        self.where_first = 0  # the first remembered server shown
        self.lobby_link: Link | None = None

    def watching(self, m: dict) -> None:
        """The server lets us watch: the spectator's table opens once the game's first view comes."""
        link = self.scene.link
        if link is None:
            return
        self.scene.session = watching = WatchSession(self.scene.app.content, link, m["game"], self.scene.purpose[2],
                                                     self.scene.purpose[1])
        watching.take([m])
        self.scene.purpose = ("opening",)
        self.scene.notice = watching_words(m["delay"])

    def strangers_click(self, key: tuple) -> bool:
        """A click on these pages' own things; True if it was one."""
        kind = key[0]
        if kind == "where":
            self.scene.form.changed("server", key[1])
            if self.scene.page == "lobby":  # a server clicked in the lobby lists its games at once
                self.look()
        elif kind == "where_scroll":
            self.where_first = max(0, min(self.where_first + key[1], len(self.scene.mine.used_servers) - WHERE_SHOWN))
        elif kind == "public":
            self.public = not self.public
        elif kind == "rated" and self.public:
            self.rated = not self.rated
        elif kind == "delay":
            self.delay = DELAYS[(DELAYS.index(self.delay) + 1) % len(DELAYS)] if self.delay in DELAYS else DELAYS[1]
        elif kind == "spectator_talk":
            self.spectator_talk = not self.spectator_talk
        elif kind == "clock":
            self.clock = (self.clock + 1) % len(CLOCKS)
        elif kind == "look":
            self.look()
        elif kind == "sit":
            self.sit(key[1])
        elif kind == "watch_game":
            self.scene.remember()  # the name typed: a spectator who takes the open seat plays under it
            self.watch(self.lobby_at, gid=key[1])
        elif kind == "watch":
            self.watch_by_code()
        else:
            return False
        return True

    def start_hosting(self) -> None:
        seats = [{"kind": "host", **({"name": self.scene.fields["name"]} if self.scene.fields["name"] else {})}]
        for k in self.scene.seats:
            if k == "remote":
                seats.append({"kind": "remote"})
            elif k == "here":
                seats.append({"kind": "host"})
            elif k != "none":
                seats.append({"kind": "ai", "level": k})
        if len(seats) < 2:
            self.scene.say(_("A game online needs at least one more seat: a friend or an AI."), "wrong")
            return
        if not any(s["kind"] == "remote" for s in seats):
            self.scene.say(_("No friend's seat: choose New Game on the title screen to play against AI alone."),
                           "wrong")
            return
        options = {"public": self.public, "watch_delay": self.delay, "spectator_chat": self.spectator_talk,
                   "clock": CLOCKS[self.clock], **({"rated": True} if self.public and self.rated else {})}
        self.scene.mine.new_game = {"public": self.public, "delay": self.delay, "spectator_chat": self.spectator_talk,
                                    "rated": self.rated, "clock": self.clock}
        where = self.scene.fields["server"].strip()
        url = self.scene.form.address_in("server") if where else ""
        if url is None:  # checked before anything starts: the line under the field says what is wrong
            return
        self.scene.remember()
        self.asked_where = where  # remembered once the server has made the game
        if not where:  # this computer: its server first, then the same request
            self.scene.starter = (hosting.HostStarter(), ("create", (seats, options)))
            self.scene.notice = _("Starting the game's server on this computer…")
            return
        self.create(url, seats, options, here=False)

    def create(self, url: str, seats: list[dict], options: dict, here: bool) -> None:
        """The one request that makes a game, on this computer's server or any other."""
        self.scene.link = self.scene.player_link(url)
        self.scene.link.send(ToServer.CREATE, seats=seats, **options)
        self.scene.purpose = ("create", url, here)
        self.scene.notice = _("Starting the game on {address}…").format(address=short(url.split("://", 1)[1], 40))

    def server_url(self) -> str | None:
        """The address chosen for the lobby as a URL (this computer's server when it runs), or
        None with the reason said: under the field, or in the list's place."""
        where = self.scene.fields["server"].strip()
        self.lobby_note = ""
        if not where:
            running = self.scene.app.hosting or hosting.running_host()
            if running is None:
                self.lobby_note = _("This computer is not serving games now. Choose a server above (or type its "
                                    "address), or start a New game here.")
                return None
            return running.url
        return self.scene.form.address_in("server")

    def look(self) -> None:
        """Ask the chosen server for its public games with an open seat."""
        if self.lobby_link is not None:
            self.lobby_link.close(wait=0)
            self.lobby_link = None
        self.lobby, self.scene.notice = None, ""
        url = self.server_url()
        if url is None:
            return
        self.lobby_link, self.lobby_at = Link(url, self.scene.app.content, retry=False), url
        self.lobby_where = self.scene.fields["server"].strip()
        self.lobby_link.send(ToServer.LOBBY)
        self.scene.notice = _("Asking {address} for its open games…").format(address=short(url.split("://", 1)[1], 40))
        self.scene.first = 0

    def lobby_answer(self, got: list[dict]) -> None:
        for m in got:
            if m["type"] == "lobby":
                self.lobby = m["games"]
                self.scene.mine.used(self.lobby_where)  # it answered: remembered, and the lobby opens on it next time
                self.scene.notice = "" if self.lobby else _("No open games there now: start one (New game, Public) "
                                                            "or look again.")
            elif m["type"] == "error":
                self.scene.say(error_words(m), "wrong")
            elif m["type"] == "problem" and m.get("fatal"):
                self.scene.say(m["message"], "wrong")
            else:
                continue
            if self.lobby_link is not None:
                self.lobby_link.close(wait=0)
            self.lobby_link = None
            return

    def sit(self, gid: str) -> None:
        """Take a public game's open seat with one click (no code)."""
        self.scene.remember()
        self.scene.link = self.scene.player_link(self.lobby_at)
        named: dict[str, Any] = {"name": self.scene.fields["name"]} if self.scene.fields["name"] else {}
        self.scene.link.send(ToServer.SIT, game=gid, **named)
        self.scene.purpose = ("claim", self.lobby_at)
        self.scene.notice = _("Taking the open seat…")

    def watch(self, url: str, gid: str = "", code: str = "") -> None:
        """Watch a game from what everyone may see (a public game by its id, any game by its watch code)."""
        self.scene.link = Link(url, self.scene.app.content, retry=False)
        which: dict[str, Any] = {"code": code} if code else {"game": gid}
        self.scene.link.send(ToServer.WATCH, **which)
        self.scene.purpose = ("watch", url, code)
        self.scene.notice = _("Opening the game to watch…")

    def watch_by_code(self) -> None:
        url, code = self.scene.form.address_in("address"), self.scene.form.code_in("watch", watch=True)
        if url is None or code is None:
            return
        self.scene.remember()
        self.watch(url, code=code)

    def draw_where(self, screen: pygame.Surface, L: Layout, y: int, heading: str) -> None:
        """Where: this computer first, then the servers used before (remembered), then any address."""
        ink = self.scene.ink
        ink.draw(screen, heading, L.p(200, y), 22, INK_DIM, "bold")
        chosen = self.scene.fields["server"].strip()
        used = self.scene.mine.used_servers
        self.where_first = max(0, min(self.where_first, len(used) - WHERE_SHOWN))
        looks = self.scene.page == "lobby"
        x = 200
        for addr in [""] + used[self.where_first:self.where_first + WHERE_SHOWN]:
            label = _("This computer") if not addr else short(addr, 22)
            if not addr:
                tip = (_("This computer's own server (started for you): friends on your network join it at the "
                         "address shown once the game is open. Click to list its open games.") if looks else
                       _("This computer's own server (started for you): friends on your network join it at the "
                         "address shown once the game is open."))
            else:
                tip = (_("The game server at {address}, which you used before (remembered). Click to list its "
                         "open games.") if looks else
                       _("The game server at {address}, which you used before (remembered).")).format(address=addr)
            button(self.scene, screen, L, (x, y + 32, 250, 56), label, ("where", addr), size=20, selected=chosen == addr,
                   tip=tip)
            x += 262
        if len(used) > WHERE_SHOWN:  # more remembered servers than fit: arrows, clear of the address field
            more = len(used) - WHERE_SHOWN
            arrow(self.scene, screen, L, (1248, y + 32, 56, 56), "left", ("where_scroll", -1),
                  enabled=self.where_first > 0, tip=_("The servers you used more lately"))
            arrow(self.scene, screen, L, (1312, y + 32, 56, 56), "right", ("where_scroll", 1),
                  enabled=self.where_first < more, tip=_("The servers you used before those (remembered)"))
        self.scene.form.field(screen, L, "server", _("or another server's address"), 1380, y, 420)

    def draw_host(self, screen: pygame.Surface, L: Layout) -> None:
        ink = self.scene.ink
        self.draw_where(screen, L, 170, _("Server for the game"))
        self.scene.form.field(screen, L, "name", _("Your name at the table"), 200, 290, 560)
        ink.draw(screen, _("Seat 1: you, at this computer"), L.p(200, 416), 24, PARCHMENT, "bold")
        for i, k in enumerate(self.scene.seats[:3]):  # seats 2-4: a game has four at most
            y = 460 + i * 76
            ink.draw(screen, _("Seat {n}").format(n=i + 2), L.p(200, y + 18), 24, INK_DIM, "bold")
            button(self.scene, screen, L, (340, y, 420, 62), _(SEAT_WORDS[k]), ("seat", i), size=24,
                   tip=_("Click for the next: a friend (who joins with an invite code, or from the lobby if the "
                         "game is public), an AI at a level (played on the server), another player at this screen "
                         "(the table hands over between you), or no one"))
        ink.draw(screen, _("Who may find it"), L.p(960, 290), 22, INK_DIM, "bold")
        button(self.scene, screen, L, (1420, 322, 240, 62), _("Rated") if self.public and self.rated else _("Not rated"),
               ("rated",), size=22, selected=self.public and self.rated, enabled=self.public,
               tip=_("Rated: the result moves each player's rating on this server (the Leaderboard). Only a public "
                     "game may be rated; leaving it, or running out of time, counts as a loss."))
        button(self.scene, screen, L, (960, 322, 440, 62),
               _("Public: listed in the lobby") if self.public else _("Private: by invite code only"), ("public",),
               size=24, selected=self.public,
               tip=_("Public: anyone using this server sees the game in its lobby while a friend's seat is free, "
                     "and takes that seat with a click (or watches). Private: only the invite codes open its "
                     "seats, and only its watch code lets anyone watch."))
        ink.draw(screen, _("Spectators"), L.p(960, 410), 22, INK_DIM, "bold")
        button(self.scene, screen, L, (960, 442, 340, 62), see_it(self.delay), ("delay",), size=22,
               tip=_("Spectators see only what every player may see (no hand, no Readied Spell, no secret Elder "
                     "God). Showing it late keeps anyone watching from whispering what just happened to a player."))
        button(self.scene, screen, L, (1320, 442, 340, 62),
               _("They read the talk") if self.spectator_talk else _("The talk is players only"), ("spectator_talk",),
               size=22, selected=self.spectator_talk,
               tip=_("Whether spectators may read the players' table talk (late like the game). They never write "
                     "in it."))
        ink.draw(screen, _("Clock"), L.p(960, 530), 22, INK_DIM, "bold")
        button(self.scene, screen, L, (960, 562, 700, 62), clock_words(CLOCKS[self.clock]), ("clock",), size=22,
               tip=clock_tip(CLOCKS[self.clock]))
        here = not self.scene.fields["server"].strip()
        button(self.scene, screen, L, (960, 662, 700, 80), _("Start hosting") if here else _("Start the game"),
               ("host",), size=28,
               tip=_("Start this computer's game server (it keeps the game in your data folder) and open the game: "
                     "the next page shows the invite code for each friend and the watch code") if here else
               _("Make the game on that server and open it: the next page shows the invite code for each friend "
                 "and the watch code"))
        ink.para(screen, _("Your computer holds the game while it is played. When you close the window you can "
                           "keep hosting in the background (friends play on) or pause the game for everyone.")
                 if here else _("The server holds the game: you and your friends may come and go; My online games "
                                "finds it again."), L.r(960, 760, 760, 120), 20, INK_DIM)

    def draw_lobby(self, screen: pygame.Surface, L: Layout) -> None:
        ink = self.scene.ink
        self.draw_where(screen, L, 170, _("Server to look on"))
        self.scene.form.field(screen, L, "name", _("Your name at the table"), 200, 290, 560)
        button(self.scene, screen, L, (1380, 322, 420, 56), _("Look again") if self.lobby is not None else _("Look"),
               ("look",), size=22, tip=_("Ask the server for its open games now (Enter)"))
        rows = self.lobby
        if rows is None:
            ink.para(screen, self.lobby_note or _("Choose a server: its public games with a free seat are listed "
                                                  "here, newest first."), L.r(200, 420, 1400, 80), 22, INK_DIM)
            return
        now = time.time()
        for i, g in enumerate(rows[self.scene.first:self.scene.first + LOBBY_ROWS]):
            self.lobby_row(screen, L, g, 410 + i * 92, now)
        if self.scene.first > 0:
            arrow(self.scene, screen, L, (1816, 410, 64, 56), "up", ("scroll", -1), tip=_("Newer games (mouse wheel)"))
        if self.scene.first + LOBBY_ROWS < len(rows):
            arrow(self.scene, screen, L, (1816, 410 + 92 * (LOBBY_ROWS - 1) + 26, 64, 56), "down", ("scroll", 1),
                  tip=_("More games (mouse wheel)"))

    def lobby_row(self, screen: pygame.Surface, L: Layout, g: dict, y: int, now: float) -> None:
        ink = self.scene.ink
        box = L.r(200, y, 1600, 84)
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))
        pygame.draw.rect(screen, BRONZE, box, L.n(2), border_radius=L.n(10))
        players = g["players"]
        who = [_(SEAT_WORDS.get(p["level"] or "normal", SEAT_WORDS["normal"])) if p["kind"] == "ai" else
               (_("open seat") if not p["claimed"] else
                short(p["name"] or _("Player {n}").format(n=p["seat"] + 1), 16)) for p in players]
        ink.draw(screen, ", ".join(who), L.p(224, y + 10), 24, PARCHMENT, "bold", max_w=L.n(1000))
        free, to = g["open"], g["to_decide"]
        waiting = (ngettext("waiting for a player to join", "waiting for {n} players to join", free).format(n=free)
                   if to is None or to >= len(players) or not players[to]["claimed"] else
                   _("{name} to play").format(name=who[to]))
        line = " · ".join([
            ngettext("{n} seat", "{n} seats", len(players)).format(n=len(players)),
            ngettext("{n} open", "{n} open", free).format(n=free),
            _("made {ago}").format(ago=ago(now - g["created"])),
            _("turn {n}").format(n=g["turn"]) if g["turn"] else _("choosing Elder Gods"), waiting])
        ink.draw(screen, line, L.p(224, y + 50), 18, INK_DIM, "italic", max_w=L.n(1040))
        button(self.scene, screen, L, (1370, y + 14, 200, 56), _("Join"), ("sit", g["game"]), size=24,
               tip=_("Take the open seat with one click (no code): the game then appears in My online games too"))
        button(self.scene, screen, L, (1580, y + 14, 200, 56), _("Watch"), ("watch_game", g["game"]), size=24,
               tip=_("Watch it from what every player may see, as late as its host chose"))

    def draw_watch(self, screen: pygame.Surface, L: Layout) -> None:
        self.scene.form.field(screen, L, "address", _("Address of the game's server"), 560, 190, 800)
        self.scene.form.field(screen, L, "watch", _("Watch code"), 560, 320, 800)
        button(self.scene, screen, L, (760, 470, 400, 80), _("Watch"), ("watch",), size=30,
               tip=_("Watch the game from what every player may see (Enter). Nothing you do reaches the table."))
        self.scene.ink.para(screen, _("A spectator sees the board, the cards on it and the Chronicle, never a "
                                      "player's hand, Readied Spell or secret Elder God, and as late as the host "
                                      "chose."), L.r(560, 580, 800, 120), 20, INK_DIM)
