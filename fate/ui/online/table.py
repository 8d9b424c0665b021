"""The table, online: the same table, drawing what the server sends.

``OnlinePlayScene`` is the table scene (fate/ui/table/scene.py) with a ``NetSession``
(fate/ui/online/session.py) for its session: the seat's own view and the events
it may see come from the server; a choice goes back as a choice id with its
decision number. Around the board it adds what playing over a network needs:
each Lodge's plaque names its player; a line says whom the game waits for and
for how long; a dot in the top bar shows the connection, and while it is lost
a banner says that the table is reconnecting (by itself, with backoff) and
that a click made meanwhile is sent once it is back; the host may hand a
player who has gone to an AI; when the game comes to ask this screen, it
knocks (fate/ui/online/knock.py). Undo (the button and Ctrl+Z) asks the server to
take back the seat's own last decision; the server says with each state why
it may not, in the words the table uses at home. A spectator's table (a ``WatchSession``)
has a Pause menu of its own words, and, watching a public game from the lobby, a button to
take its open seat: the player's own session then opens on the seat's token.
"""

from __future__ import annotations

import pygame

from fate.ground.language import N_, _, duration, ngettext
from fate.net.link import Link
from fate.net.mygames import MyGames, OnlineGame, port_of
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import (
    BRONZE,
    GOLD,
    INK_DIM,
    PANEL,
    PANEL_EDGE,
    PARCHMENT,
    WENT_WELL,
    WENT_WRONG,
)
from fate.ui.kit.widgets import Hotspot, button, scene, tooltip
from fate.ui.online.clock import clock_buttons, clock_faces
from fate.ui.online.heard import public
from fate.ui.online.knock import Knock
from fate.ui.online.session import NetSession
from fate.ui.online.talk import TalkPanel
from fate.ui.online.watch import WatchSession
from fate.ui.table.scene import PlayScene

CONNECTION = {"online": (N_("Online"), WENT_WELL), "connecting": (N_("Connecting"), GOLD),  # translated where shown
              "reconnecting": (N_("Offline"), WENT_WRONG), "failed": (N_("Offline"), WENT_WRONG),
              "closed": (N_("Offline"), WENT_WRONG)}
REPLACE_AFTER = 60.0  # seconds: the server's --absent-after, before which it refuses to replace a player


@scene("online_play")
class OnlinePlayScene(PlayScene):
    session: NetSession  # a player's or a spectator's (``WatchSession``)

    def __init__(self, app, session: NetSession) -> None:
        super().__init__(app, session)
        self.talk_panel = TalkPanel(self)  # the table's talk, over the Chronicle's column
        self._seated_session: NetSession | None = None  # a spectator's new session on the seat it took
        self._seen = session.decision
        self.table.players = [session.name(s) for s in range(session.players)]
        self.knock = Knock(app, session)  # your turn: a sound, and a notification when the window is behind
        session.ask_marks(bool(app.settings["confirm_end_turn"]))  # which choices end the turn, if asked first

    def shown_again(self) -> None:
        """Back from Settings: "Confirm end of turn" may have changed there."""
        super().shown_again()
        self.session.ask_marks(bool(self.app.settings["confirm_end_turn"]))

    # ---------------------------------------------------------------- what the server sends
    def _narrate_new(self, v: dict, animate: bool, upto: int | None = None) -> None:
        """The Chronicle names each player from its first line on: their name until their Elder
        God is known (fate/words/narration.py reads ``player``), never "seat 2"."""
        s = self.session
        if v.get("seats"):
            names = [s.name(i) for i in range(len(v["seats"]))]
            you = _("You")
            v = dict(v, seats=[dict(row, player="" if n == you else n) for row, n in zip(v["seats"], names,
                                                                                          strict=True)])
        super()._narrate_new(v, animate, upto)

    def update(self, dt: float) -> None:
        s = self.session
        s.pump()
        self._server_back(s)
        self.table.players = [s.name(i) for i in range(s.players)]
        if s.fatal:
            self.app.notice = s.fatal
            s.close()
            self.app.goto("online")
            return
        if s.notice:
            self.notice = (s.notice, self.clock + 6)
            s.notice = ""
        if s.rewound:  # decisions were taken back (ours by Undo, or another seat's): start the decision afresh
            s.rewound = False
            self.went_back()
        if s.relog:
            s.relog = False
            self.shown = s.view(self.looker)
            self._relog()
        for line in s.took_back:  # another player's Undo, said (the board and the Chronicle went back)
            self.add_log(line, GOLD)
            self.notice = (line, self.clock + 6)
            s.tell(line)
        s.took_back.clear()
        self._presence(s)
        self.table.clock_faces = clock_faces(s)
        self._clock_news(s)
        self.talk_panel.hear()
        if self._seat_taken(s):
            return
        self.knock.look()
        if len(s.events) > self.logged or self.decisions() != self._seen:
            for upto, st in s.told:  # several decisions came at once: each told with the names as they stood
                if self.logged < upto < len(s.events):
                    self._narrate_new(st["view"] if st["seat"] == self.looker else public(st["view"]), True, upto)
            s.told.clear()
            after = s.view(self.looker)
            self._narrate_new(after, animate=True)  # the others' decisions animate as they arrive
            if not self.anim.busy():
                self.shown = after
            if self.decisions() != self._seen:
                self._seen = self.decisions()
                self.picker = None
        self.clock += dt
        if self.menu or not self.ready_to_ask(dt):
            return
        seat = s.prompt_seat()
        if seat is not None and s.is_human(seat) and not s.choosing():  # not a friend's, an AI's, or our choice on its way
            self.ask_human(seat)
        elif not s.is_human(seat) and self.looker is not None and len(s.humans()) >= 2:
            self.go_public()  # several players at this screen, none of them asked: only what all may see

    @property
    def types_text(self) -> bool:
        return self.talk_panel.talk_open and self.talk_panel.talk_typing

    def _hosted_here(self) -> bool:
        """This window hosts the game's server (it watches it and starts it again if it dies)."""
        h = self.app.hosting
        return h is not None and port_of(self.session.server) == h.port

    def _server_back(self, s) -> None:
        """Both tables say when the game's server answers again after it was gone; the hosting
        window, having started it again, asks its link to reconnect at once."""
        watch = self.app.host_watch
        if watch.restarts != getattr(self, "_restarts_seen", watch.restarts) and self._hosted_here():
            s.link.retry_now()
        self._restarts_seen = watch.restarts
        online = s.link.status == "online"
        if online and getattr(self, "_was_offline", False):
            restarted = self._hosted_here() and watch.restarts
            self.notice = (_("The game's server was started again; the game goes on.") if restarted else
                           _("The game's server answers again; the game goes on."), self.clock + 6)
        self._was_offline = s.link.status == "reconnecting"
        if s.paused_by != getattr(self, "_paused_seen", "") and s.mine:  # for My online games, in any later window
            MyGames(self.app.online_file).paused(s.server, s.game_id, s.paused_by)
        self._paused_seen = s.paused_by
        if s.home and s.mine and not s.host and not getattr(self, "_home_kept", False) and s.info:
            # a friend's own computer serves the game: when it stops answering, My online games waits for them
            host = next((i.name for i in s.info if i.kind == "host" and i.name), "")
            MyGames(self.app.online_file).home_of(s.server, s.game_id, host)
            self._home_kept = True

    def status(self) -> str:
        s = self.session
        if s.over():
            return _("The game is over.")
        if s.link.status != "online" and s.paused_by:
            return _("The game is paused by {name}; it goes on when they host it again.").format(name=s.paused_by)
        if s.link.status != "online" and self._hosted_here() and self.app.host_watch.restarting():
            return self.app.host_watch.note
        if not s.mine and s.link.status == "online":  # a spectator
            late = getattr(s, "delay", 0)
            seat = s.prompt_seat()
            name = self._name_of(seat) if seat is not None else ""
            if seat is not None and name != s.seat_title(seat):  # the game's words take a capital, a player's
                name = name[:1].upper() + name[1:]  # name stays as written
            now = _("{name} to decide").format(name=name) if seat is not None else _("Watching")
            watch = (ngettext("you watch {n} second behind the table, seeing what everyone may see",
                              "you watch {n} seconds behind the table, seeing what everyone may see", late).format(
                                  n=late) if late else _("you watch, seeing what everyone may see"))
            return f"{now} · {watch}"
        if s.link.status != "online":
            where = s.server.split("://", 1)[-1]
            return _("The game's server at {address} does not answer; the table reconnects by itself.").format(
                address=where)
        seat = s.prompt_seat()
        if seat is not None and s.clocks.out(seat):
            return (_("You ran out of time: an AI (Normal) plays for you until you are back (B)") if seat in s.mine
                    else _("{name} ran out of time: an AI (Normal) plays for them").format(name=s.name(seat)))
        if s.undoing():
            return _("Taking back your decision…")
        if s.choosing():
            return _("Sending your choice…")
        seat = s.waiting_for()
        if seat is not None:
            info = s.info[seat]
            if not info.claimed:
                code = next((inv["code"] for inv in s.invites if seat in inv["seats"]), "")
                return (_("Waiting for a friend to join with code {code} for {time}") if code else
                        _("Waiting for a friend to join for {time}")).format(code=code, time=duration(s.waited()))
            return (_("Waiting for {name} (not connected) for {time}") if s.absent(seat) else
                    _("Waiting for {name} for {time}")).format(name=s.name(seat), time=duration(s.waited()))
        seat = s.prompt_seat()
        if seat is not None and not s.is_human(seat):
            dots = "." * (1 + int(self.clock * 3) % 3)
            return _("{name} is thinking").format(name=s.name(seat)) + dots
        return super().status()

    def _presence(self, s) -> None:
        """A player gone from the table, or back: one of the table's own lines in the talk."""
        here = {i.seat: i.here for i in s.info if i.kind != "ai" and i.claimed and i.seat not in s.mine}
        seen = getattr(self, "_here_seen", None)
        self._here_seen = here
        if seen is None:
            return
        for seat, now in here.items():
            if seat in seen and seen[seat] != now:
                s.tell((_("{name} is back at the table.") if now else _("{name} left the table.")).format(
                    name=s.name(seat)))

    def _clock_news(self, s) -> None:
        """A seat out of time, back, or handed over for good: one of the table's own lines in the talk."""
        out = {i.seat: s.clocks.out(i.seat) for i in s.info}
        # (at first sight only one's own seat out of time is said: the others' were said before)
        seen: dict[int, bool] = getattr(self, "_out_seen", None) or {seat: now and seat not in s.mine
                                                                      for seat, now in out.items()}
        self._out_seen = out
        for seat, now in out.items():
            if seen.get(seat, False) == now:
                continue
            mine = seat in s.mine
            if now:
                line = (_("You ran out of time: an AI (Normal) plays for you. Press I'm back (B) to play again.") if mine
                        else _("{name} ran out of time: an AI (Normal) plays for them until they are back."))
            elif s.info[seat].kind == "ai":
                line = _("The seat of {name} is played by an AI (Normal) for the rest of the game.")
            else:
                line = _("You are back at your seat.") if mine else _("{name} is back and plays again.")
            s.tell(line.format(name=s.name(seat)))
            if mine:
                self.notice = (line, self.clock + 6)

    def clock_key(self) -> None:
        """B: back at one's seat if an AI stands in for it, else a vote on another's that ran out of time."""
        s = self.session
        mine, other = clock_buttons(s)
        if mine is not None:
            s.clocks.back(mine)
            self.notice = (_("Taking your seat back…"), self.clock + 5)
        elif other is not None and other not in s.clocks.voted:
            s.clocks.hand_over(other)

    # ---------------------------------------------------------------- a spectator takes the open seat
    def take_seat(self) -> None:
        s = self.session
        if isinstance(s, WatchSession) and s.open_seat() is not None:
            s.sit(MyGames(self.app.online_file).name)
            self.notice = (_("Taking the open seat…"), self.clock + 6)

    def _seat_taken(self, s) -> bool:
        """The server gave this spectator the seat: the player's session opens on its token, on
        a line of its own (the spectator's goes once the new one shows the game)."""
        if not isinstance(s, WatchSession):
            return False
        nxt = self._seated_session
        if s.seated is not None and nxt is None:
            m = s.seated
            g = OnlineGame(s.server, m["game"], m["token"], m["seats"])
            mine = MyGames(self.app.online_file)
            mine.add(g)
            nxt = NetSession(self.app.content, Link(s.server, self.app.content, identity=mine.identity(s.server)),
                             g.game, g.token, g.seats,
                             False, s.server)
            nxt.home = m.get("home") is True
            self._seated_session = nxt
        if nxt is None:
            return False
        nxt.pump()
        if nxt.fatal:
            self.notice = (nxt.fatal, self.clock + 8)
            nxt.close()
            self._seated_session, s.seated = None, None
            return False
        if nxt.ready():
            self._seated_session = None  # now the new table's: closing this one leaves it be
            nxt.link.retry = True
            s.close()
            self.app.goto("online_play", nxt)
            self.app.scene.notice = (_("You took the open seat: the game is yours to play."),
                                     self.app.scene.clock + 6)
            return True
        return False

    def export_report(self) -> None:
        self.notice = (_("An online game's record is kept by its server; F12 reports are for games on this "
                         "computer."), self.clock + 6)

    def leave(self) -> None:
        """Back to Play Online; the game goes on on the server (My online games finds it)."""
        self.session.close()
        self.app.notice = (_("You stopped watching; the game goes on.") if not self.session.mine else
                           _("The game goes on on its server: open it again from My online games."))
        self.app.goto("online")

    def close(self) -> None:
        self.session.close()
        nxt = self._seated_session
        if nxt is not None:  # the seat was being opened when the table closed
            nxt.close()

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> None:
        talk = self.talk_panel
        if event.type == pygame.KEYDOWN and talk.talk_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and talk.talk_open and not self.menu:
            talk.close_talk()  # the first Esc closes the talk; Pause is the next one
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and not self.menu and self.handoff is None:
            talk.toggle_talk()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b and not self.menu and self.handoff is None \
                and not self.types_text:
            self.clock_key()
            return
        super().handle(event)

    def click(self, key: tuple) -> None:
        talk = self.talk_panel
        if talk.talk_click(key):
            return
        if talk.talk_typing and key[:3] != ("ui", "talk", "box"):
            talk.talk_typing = False
        if key[:2] == ("ui", "sit"):
            self.take_seat()
            return
        if key[:2] in (("ui", "back"), ("ui", "hand_over")):
            self.clock_key()
            return
        if key[:2] == ("ui", "replace"):
            self.session.replace(key[2], "normal")
            self.notice = (_("Asked the server to give the seat of {name} to an AI (Normal).").format(
                name=self.session.name(key[2])), self.clock + 5)
            return
        super().click(key)

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        if self.handoff is None and not self.menu:
            self.draw_connection(screen)
            self.talk_panel.draw_talk_button(screen)
            self.draw_seat_button(screen)
            self.talk_panel.draw_toasts(screen)
            self.talk_panel.draw_talk(screen)

    def draw_seat_button(self, screen: pygame.Surface) -> None:
        """A spectator of a public game from the lobby: the open seat, a click away."""
        s = self.session
        seat = s.open_seat() if isinstance(s, WatchSession) else None
        if not isinstance(s, WatchSession) or seat is None:
            return
        L = self.table.layout
        button(self, screen, L, (470, self.table.tools_y(), 330, 46),
               _("Taking the seat…") if s.sitting() or s.seated else _("Take the open seat"), ("ui", "sit"),
               size=18, enabled=not (s.sitting() or s.seated),
               tip=_("Play this game: take Seat {n}, which no player has taken yet, under the name of Play Online "
                     "(the game goes on from where it is; it is kept in My online games)").format(n=seat + 1))

    def draw_menu(self, screen: pygame.Surface) -> None:
        """Pause, in an online table's words: a spectator's game is not theirs to save or
        continue, and a player's goes on on its server."""
        L = Layout(*screen.get_size())
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 180))
        screen.blit(shade, (0, 0))
        panel = L.r(620, 220, 680, 630)
        pygame.draw.rect(screen, PANEL, panel, border_radius=L.n(16))
        pygame.draw.rect(screen, PANEL_EDGE, panel, L.n(2), border_radius=L.n(16))
        self.hot = []
        watching = not self.session.mine
        # never "Paused": the game goes on for the others (the top bar says Paused only when it is)
        self.ink.draw(screen, _("Menu") if not watching else _("Watching"), L.p(960, 300), 72, GOLD, "title",
                      anchor="center")
        leave = ((_("Stop watching"), _("Back to Play Online: the game goes on without you watching")) if watching
                 else (_("Leave the table"), _("Back to Play Online: the game goes on on its server")))
        for i, (label, key, tip) in enumerate((
                (_("Resume"), ("ui", "resume"), _("Back to the table (Esc)")),
                (self.anim.label(), ("ui", "speed"), _("Slow, Normal, Fast or Instant (S)")),
                (_("How to Play"), ("ui", "rules"), _("The rules, at this decision's section (F1)")),
                (_("Settings"), ("ui", "settings"), _("Sound, text size, shapes, speed, the window")),
                (leave[0], ("ui", "leave"), leave[1]))):
            button(self, screen, L, (760, 380 + i * 80, 400, 64), label, key, tip=tip)
        again = (_("Watch a game in Play Online, with its code, finds it again.") if getattr(self.session, "code", "")
                 else _("Open games in Play Online finds it again while a seat is open."))  # a private game is never listed
        lines = ((_("You are watching: the game does not wait for you."), again) if watching else
                 (_("The game is kept on its server after every decision:"),
                  _("My online games in Play Online opens it again.")))
        for i, words in enumerate(lines):
            self.ink.draw(screen, words, L.p(960, 790 + 28 * i), 20, INK_DIM, "italic", anchor="center")
        self.draw_tip(screen, L)

    def draw_connection(self, screen: pygame.Surface) -> None:
        """The connection's dot in the top bar; a banner while it is lost; the host's
        "Give the seat to an AI" when the player waited for has gone."""
        s, L, ink = self.session, self.table.layout, self.ink
        words, colour = CONNECTION.get(s.link.status, CONNECTION["closed"])
        words = _(words)
        paused = s.link.status != "online" and bool(s.paused_by)  # a pause, not a fault: no Offline, no banner
        if paused:
            words, colour = _("Paused"), GOLD
        centre = L.p(1660, 25)
        pygame.draw.circle(screen, colour, centre, L.n(9))
        pygame.draw.circle(screen, BRONZE, centre, L.n(9), max(1, L.n(2)))
        r = ink.draw(screen, words, L.p(1676, 25), 16, colour, "italic", anchor="midleft")
        tip = (_("{name} paused the game: its server stopped with it, and the table goes on by itself when they "
                 "host it again.").format(name=s.paused_by) if paused else
               _("The table's line to the game server at {address}. A lost connection comes back by itself; a "
                 "choice made meanwhile is sent when it does (and refused politely if it was made already).").format(
                   address=s.server) + (f"\n\n{s.link.problem}" if s.link.problem else ""))
        hit = r.union(pygame.Rect(centre[0] - L.n(10), centre[1] - L.n(10), L.n(20), L.n(20)))
        self.hot.append(Hotspot(hit, ("ui", "connection"), words, tip))
        if s.link.status in ("reconnecting", "connecting", "failed") and not paused:
            box = L.r(560, 64, 800, 112)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((22, 14, 24, 235))
            screen.blit(shade, box)
            pygame.draw.rect(screen, WENT_WRONG, box, max(1, L.n(2)), border_radius=L.n(10))
            ink.draw(screen, _("Reconnecting to the game…"), L.p(960, 82), 28, GOLD, "title", anchor="midtop")
            wait = s.link.retry_in()
            line = (_("Trying again in {time} (attempt {n}). Choose as usual: your choice is sent once the line is "
                      "back.").format(time=duration(round(wait)), n=s.link.attempts + 1) if wait >= 1 else
                    _("Trying now… Choose as usual: your choice is sent once the line is back."))
            ink.para(screen, line, L.r(580, 118, 760, 54), 18, PARCHMENT, "italic", align="center", max_lines=2)
        seat = s.waiting_for()
        if s.host and seat is not None and s.absent(seat) and s.waited() >= REPLACE_AFTER:
            button(self, screen, L, (470, self.table.tools_y(), 330, 46), _("Seat {n} to an AI").format(n=seat + 1),
                   ("ui", "replace", seat), size=18,
                   tip=(_("{name}: the seat may be played by an AI (Normal) on the server for the rest of the "
                          "game. The player cannot take it back.").format(name=s.name(seat))
                        if s.info[seat].claimed else
                        _("No friend has taken it: the seat may be played by an AI (Normal) on the server for the "
                          "rest of the game.")))
        self.draw_clock_button(screen)
        mouse = self.app.hover
        if mouse is not None:
            for spot in self.hot[-3:]:
                if spot.key[:2] in (("ui", "connection"), ("ui", "replace"), ("ui", "back"), ("ui", "hand_over")) \
                        and spot.rect.collidepoint(mouse):
                    tooltip(ink, screen, L, mouse, spot.label, spot.tip)

    def draw_clock_button(self, screen: pygame.Surface) -> None:
        """I'm back, when an AI stands in for this screen's seat; else a vote to hand over another
        player's seat that ran out of time."""
        s, L = self.session, self.table.layout
        mine, other = clock_buttons(s)
        at = (470, self.table.tools_y(), 330, 46)
        if mine is not None:
            button(self, screen, L, at, _("I'm back (B)"), ("ui", "back", mine), size=18,
                   tip=_("Take your seat again from the AI standing in: the game waits for you again, with each "
                         "decision's own time and what is left of your bank."))
        elif other is not None:
            votes, needed = s.clocks.votes(other)
            button(self, screen, L, at, _("Hand over {name} ({votes}/{needed})").format(
                name=s.name(other), votes=votes, needed=needed), ("ui", "hand_over", other), size=18,
                enabled=other not in s.clocks.voted,
                tip=_("{name} ran out of time and an AI (Normal) plays for them. Vote to give the seat to the AI "
                      "for good (B): {needed} of the other players' votes carry it, and {name} loses the seat.").format(
                          name=s.name(other), needed=needed))
