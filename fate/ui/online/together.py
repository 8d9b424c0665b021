"""Strangers at an online table: its talk, and "Play again" at the end (a mixin of
``NetSession``, fate/ui/online/session.py; the server's side is fate/server/tables.py).

The talk: the lines the server sent (numbered, kept per game), minus what a muted player
said after they were muted, with the table's own lines (``tell``: a take-back, a player gone
or back, a mute) among them, marked ``system`` and drawn unlike any player's.
"Play again": each player says it once (``play_again``); when everyone has, the server
names the new game and ``end_pump`` opens it on the same line, added to My online games.
The end screen (fate/ui/screens/end.py) asks the session for its buttons (``end_buttons``),
its line (``end_line``) and what a click does (``end_key``), so that the screens and online
play stay apart. No pygame here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from fate.ground import textrules
from fate.ground.language import _, listing, ngettext
from fate.net.link import Link
from fate.net.mygames import MyGames, OnlineGame
from fate.protocol import ToServer

if TYPE_CHECKING:
    from fate.ui.online.session import NetSession

TALK_KEPT = 200  # lines of the table's talk kept here
MAX_TALK = 160  # characters of one line (the server's limit, fate/server/protocol.py)


NOTES_KEPT = 40  # the table's own lines kept in the talk


class Together:
    """Table talk and rematch, for ``NetSession`` (its one base), which keeps the fields below
    and answers the four methods that raise here."""

    # Replaced, never changed in place (these are the class's defaults, shared until then):
    mute_from: dict[int, int] = {}  # seat -> the last line number shown before it was muted here
    reported: frozenset[int] = frozenset()  # seats reported from this screen (each once)
    notes: tuple[dict[str, Any], ...] = ()  # the table's own lines: {"n" (after that line), "text", "system"}
    # the session's own, read here
    link: Link
    game_id: str
    token: str
    mine: list[int]
    host: bool
    server: str
    fatal: str
    talk: dict[int, dict[str, Any]]  # the table's talk by line number (fate/server's table talk)
    talk_seen: int  # the last line number the player has had in front of them
    muted: set[int]  # seats whose talk is not shown here
    votes: tuple[list[int], list[int]]  # "Play again": seats that said it, seats waited for
    asked_again: bool  # this screen said "Play again"
    rematched: dict[str, Any] | None  # where the players play again
    following: NetSession | None  # the new game's session, on this same line
    done: bool  # closed for good (an ended game keeps its line open for a rematch until then)

    def over(self) -> bool:
        raise NotImplementedError

    def join_fields(self, game_id: str) -> dict[str, Any]:
        """A ``join``'s fields: the game and the seat's token, or (a game taken on another computer
        of the player's, no token here) the game alone, joined by the link's identity."""
        return {"game": game_id, **({"token": self.token} if self.token else {})}

    def name(self, seat: int) -> str:
        raise NotImplementedError

    def pump(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def again(self, game_id: str, seats: list[int]) -> NetSession:
        """A session like this one for the players' next game, on the same line."""
        raise NotImplementedError

    # ---------------------------------------------------------------- what the server sends
    def _on_talk(self, m: dict[str, Any]) -> None:
        for line in m["lines"]:
            self.talk[line["n"]] = line
        if len(self.talk) > TALK_KEPT:
            for n in sorted(self.talk)[:-TALK_KEPT]:
                del self.talk[n]

    def _on_rematch(self, m: dict[str, Any]) -> None:
        self.votes = (m["accepted"], m["waiting"])
        self.asked_again = any(s in self.mine for s in m["accepted"])  # said here or before, as the server keeps it

    def _on_rematched(self, m: dict[str, Any]) -> None:
        self.rematched = m

    # ---------------------------------------------------------------- table talk
    def shown(self, line: dict[str, Any]) -> bool:
        """Whether a line is shown here: a muted player's from before the mute only (muted
        before this window opened: none of theirs)."""
        seat = line.get("seat")
        return seat is None or seat not in self.muted or line["n"] <= self.mute_from.get(seat, -1)

    def lines(self) -> list[dict[str, Any]]:
        """The players' lines shown here, oldest first."""
        return [self.talk[n] for n in sorted(self.talk) if self.shown(self.talk[n])]

    def panel_lines(self) -> list[dict[str, Any]]:
        """What the talk panel shows, oldest first: the players' lines and the table's own."""
        said = [(line["n"], 0, i, line) for i, line in enumerate(self.lines())]
        said += [(note["n"], 1, i, note) for i, note in enumerate(self.notes)]
        return [line for *_, line in sorted(said, key=lambda x: x[:3])]

    def hidden(self) -> int:
        """Lines of muted players not shown."""
        return sum(1 for line in self.talk.values() if not self.shown(line))

    def unread(self) -> int:
        return sum(1 for line in self.lines() if line["n"] > self.talk_seen and line["seat"] not in self.mine)

    def tell(self, text: str) -> None:
        """One of the table's own lines in the talk (no player said it)."""
        note = {"n": max(self.talk, default=0), "text": text, "system": True, "seat": None}
        self.notes = (*self.notes, note)[-NOTES_KEPT:]

    def say(self, text: str) -> str:
        """Send a line of talk (what draws of it, fate/ground/textrules.py); "" or why not."""
        try:
            line = textrules.line(text, MAX_TALK)
        except textrules.TextRefused:
            return _("Nothing to say: the line has nothing to read.")
        if not self.mine:
            return _("Spectators read the table's talk; only the players speak.")
        self.link.send(ToServer.CHAT, game=self.game_id, text=line)
        return ""

    def mute(self, seat: int) -> bool:
        """Hide what a player says from now on (or show it all again); True if now muted."""
        self.muted ^= {seat}
        marks = {k: v for k, v in self.mute_from.items() if k != seat}
        if seat in self.muted:
            marks[seat] = max(self.talk, default=0)
        self.mute_from = marks
        return seat in self.muted

    def report(self, seat: int) -> None:
        """Report a player to the server's operator, with their last line of talk (if any) as it
        stands (fate/server/moderation.py); the player is not told."""
        said = [n for n, line in self.talk.items() if line.get("seat") == seat]
        self.reported = self.reported | {seat}
        if said:
            self.link.send(ToServer.REPORT, game=self.game_id, seat=seat, line=max(said))
        else:
            self.link.send(ToServer.REPORT, game=self.game_id, seat=seat)

    def _on_reported(self, m: dict[str, Any]) -> None:
        self.tell(_("Your report went to the server's operator."))

    # ---------------------------------------------------------------- rematch
    def can_play_again(self) -> bool:
        return bool(self.mine) and self.over() and not self.done

    def play_again(self, accept: bool = True) -> None:
        """Say "Play again" (or take it back); the server makes the new game once every
        player has said it."""
        if self.can_play_again():
            self.asked_again = accept
            self.link.send(ToServer.REMATCH, game=self.game_id, accept=accept)

    def next_session(self) -> NetSession | None:
        """The session of the game the players went on to, on this same connection."""
        m = self.rematched
        if m is None or not m["seats"]:
            return None
        self.done = True
        nxt = self.again(m["next"], m["seats"])
        nxt.muted = set()
        self.link.send(ToServer.JOIN, **self.join_fields(m["next"]))
        return nxt

    def finish(self) -> None:
        """Closed for good: the line to the server goes."""
        self.done = True
        self.link.close()

    # ---------------------------------------------------------------- the end screen
    def end_buttons(self) -> list[tuple[str, tuple[Any, ...], str, bool]]:
        """The end screen's buttons for an online game: (label, key, tip, selected)."""
        out: list[tuple[str, tuple[Any, ...], str, bool]] = []
        if self.mine and not self.done:
            said = self.asked_again
            out.append((_("Not this time") if said else _("Play again"), ("again", not said),
                        _("Take back your “Play again”") if said else
                        _("Play again with the same players: everyone clicks once; each of you moves one seat on, "
                          "so another cult goes first (P)"), said))
        out.append((_("Play Online"), ("online",), _("Back to Play Online: the game stays in My online games"), False))
        out.append((_("Title"), ("title",), "", False))
        return out

    def end_line(self) -> tuple[str, str]:
        """What the end screen says of "Play again": (words, "good", "plain" or "dim")."""
        if not self.mine:
            return "", "dim"
        accepted, waiting = self.votes
        yes = [self.name(a) for a in accepted if a not in self.mine]
        if self.rematched is not None:
            return _("Everyone said yes: opening the new game…"), "good"
        if self.asked_again and waiting:
            names = [self.name(w) for w in waiting if w not in self.mine]
            return (_("Waiting for {names} to say yes").format(names=listing(names)) if names else
                    _("Waiting for the others to say yes")), "plain"
        if self.asked_again:
            return _("Asking the others…"), "plain"
        if yes:
            return ngettext("{names} wants to play again: click Play again", "{names} want to play again: click Play "
                            "again", len(yes)).format(names=listing(yes)), "good"
        return _("Play again? Everyone at the table has to say yes."), "dim"

    def end_key(self, key: tuple) -> str | None:
        """A click on the end screen: the scene to go to, if any."""
        if key[0] == "again":
            self.play_again(key[1])
        elif key in (("online",), ("title",)):
            self.finish()
            if self.following is not None:
                self.following.finish()
            return "online" if key == ("online",) else "title"
        return None

    def end_pump(self, online_file: Path | None) -> NetSession | None:
        """Take in what came while the end screen shows; the new game's session once it can
        be shown (the players all said yes), else None."""
        if self.following is None:
            self.pump()
            if self.rematched is not None:
                self.following = self.next_session()
                if self.following is not None:
                    mine = MyGames(online_file)
                    old = mine.find(self.server, self.game_id)
                    mine.add(OnlineGame(self.server, self.following.game_id, self.token, self.following.mine,
                                        host=self.host, hosted_here=old.hosted_here if old else False,
                                        watch=self.rematched["watch"], muted=sorted(self.muted)))
                    self.following.muted = set(self.muted)
            return None
        self.following.pump()  # what comes on the line now is the new game's
        if self.following.fatal:
            self.fatal = self.following.fatal
            self.following.finish()
            return None
        return self.following if self.following.ready() else None

    def end_close(self) -> None:
        """The end screen goes: the line closes, unless the new game's table goes on on it."""
        if self.following is None or not self.following.ready():
            self.finish()
