"""Table talk at the online table: a panel over the board's right side with the players' last
lines, a box to type one, three phrases said with a click ("Good game", "Thinking...",
"Your turn") and a Mute for each other player. T (or the Talk button in the top bar) opens
it, Esc closes it (and only then opens Pause); while the box is being typed in, every other
key is the text's (Enter says it). While it is closed, a new line shows for a few seconds
as a note at the board's right edge (``draw_toasts``), BGA's way. The table's own lines (a
take-back, a player gone or back) are drawn in italics with no name, unlike any player's.
Spectators read it only when the host allowed it, and never write. The server keeps the
talk with the game (fate/server/tables.py); the lines are its untrusted text, drawn as
fate/ground/textrules.py keeps it (what draws as itself), on one line each, cut.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from fate.ground.language import N_, _, ngettext
from fate.ground.textrules import MAX_LINE, MAX_NAME, visible
from fate.net.mygames import MyGames
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, INK_FAINT, PANEL, PARCHMENT, SIGN_GREEN
from fate.ui.kit.widgets import Hotspot, button, tooltip

if TYPE_CHECKING:
    from fate.ui.online.table import OnlinePlayScene

PHRASES = (N_("Good game"), N_("Thinking..."), N_("Your turn"))  # said in the player's own language, as typed
MAX_TYPED = MAX_LINE
TOAST_SECONDS = 6.0  # a new line shows on the table this long while the talk is closed
TOASTS = 3  # notes on the table at once, the newest
SYSTEM = INK_DIM  # the table's own lines: italic, this colour, no name


def who(line: dict, mine: list[int] | tuple[int, ...] = ()) -> str:
    """The name a player's line is signed with, as it draws: an unnamed player as the table names
    them everywhere else ("You" on one's own screen, else "Player 1": fate/ui/online/session.py),
    never "Seat 1"."""
    unnamed = _("You") if line["seat"] in mine else _("Player {n}").format(n=line["seat"] + 1)
    return visible(line.get("name", ""), MAX_NAME) or unnamed


def shares(widths: list[float], room: int, gap: int) -> list[int]:
    """Buttons' widths (design units) in a row of ``room``: each as wide as its words need and the
    rest shared out evenly, or, where the words need more than the row, in proportion to them."""
    pad = 20
    if not widths:
        return []
    need = [w + pad for w in widths]
    free = room - gap * (len(widths) - 1)
    if sum(need) <= free:
        extra = (free - sum(need)) / len(need)
        return [int(n + extra) for n in need]
    return [int(free * n / sum(need)) for n in need]


class TalkPanel:
    """A part of the online table (fate/ui/online/table.py), given the scene it draws on: its
    session (the talk itself), its clock and notice line, its hot spots and board."""

    def __init__(self, scene: OnlinePlayScene) -> None:
        self.scene = scene
        self.session = scene.session
        self.talk_open = False
        self.talk_typing = False
        self.talk_text = ""
        self.toasts: tuple[tuple[dict[str, Any], float], ...] = ()  # (line, until when on the scene's clock)
        self._talk_known: set[int] | None = None  # line numbers this table has had (the first batch is the past)

    def _note(self, line: str, seconds: float) -> None:
        self.scene.notice = (line, self.scene.clock + seconds)

    def talk_allowed(self) -> bool:
        s = self.session
        return bool(s.mine) or bool(getattr(s, "talk_shown", False))

    def toggle_talk(self) -> None:
        if not self.talk_allowed():
            self._note(_("The host keeps the table's talk for the players."), 5)
            return
        self.talk_open = not self.talk_open
        self.talk_typing = self.talk_open and bool(self.session.mine)
        self.session.talk_seen = max(self.session.talk, default=0)
        self.toasts = ()

    def close_talk(self) -> None:
        self.talk_open = self.talk_typing = False

    def hear(self) -> None:
        """Each frame: lines new since the last become notes on the table (while the talk is
        closed). A batch of many at once is the talk so far, told on arrival: not noted."""
        s = self.session
        if not self.talk_allowed():
            return
        known = set(s.talk)
        if self._talk_known is None:
            self._talk_known = known
            return
        new = sorted(known - self._talk_known)
        self._talk_known = known
        self.toasts = tuple(t for t in self.toasts if t[1] > self.scene.clock)
        if self.talk_open or not 0 < len(new) <= TOASTS:
            return
        for n in new:
            line = s.talk[n]
            if line["seat"] not in s.mine and s.shown(line):
                self.toasts = (*self.toasts, (line, self.scene.clock + TOAST_SECONDS))[-TOASTS:]

    def say(self, text: str) -> None:
        why = self.session.say(text)
        if why:
            self._note(why, 5)
        else:
            self.talk_text = ""

    def mute(self, seat: int) -> None:
        s = self.session
        now = s.mute(seat)
        said = (_("{name} is muted here: what they say from now on is hidden (they are not told).") if now else
                _("{name} is heard again here.")).format(name=s.name(seat))
        s.tell(said)
        self._note(said, 5)
        self.toasts = tuple(t for t in self.toasts if t[0].get("seat") != seat or not now)
        mine = MyGames(self.scene.app.online_file)  # kept with the game in My online games: it survives a restart
        g = mine.find(s.server, s.game_id)
        if g is not None:
            g.muted = sorted(s.muted)
            mine.save()

    def talk_key(self, event: pygame.event.Event) -> bool:
        """A key while the box is typed in; True if it was the text's."""
        if not (self.talk_open and self.talk_typing):
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.talk_text.strip():
                self.say(self.talk_text)
        elif event.key == pygame.K_ESCAPE:
            self.close_talk()
        elif event.key == pygame.K_BACKSPACE:
            self.talk_text = self.talk_text[:-1]
        elif event.unicode and event.unicode.isprintable() and len(self.talk_text) < MAX_TYPED:
            self.talk_text += event.unicode
        return True

    def talk_click(self, key: tuple[Any, ...]) -> bool:
        """A click on the panel's things; True if it was one."""
        if key[:2] != ("ui", "talk"):
            return False
        what = key[2]
        if what == "toggle":
            self.toggle_talk()
        elif what == "close":
            self.close_talk()
        elif what == "box":
            self.talk_typing = bool(self.session.mine)
        elif what == "say":
            self.say(self.talk_text)
        elif what == "phrase":
            self.say(key[3])
        elif what == "mute":
            self.mute(key[3])
        elif what == "report" and key[3] not in self.session.reported:
            self.session.report(key[3])
        return True

    def talk_empty_words(self) -> str:
        """What the panel says when it has no line to show: never "Nothing said yet" when
        muted players have spoken."""
        s = self.session
        hidden = s.hidden()
        if hidden:
            return ngettext("Only muted players have spoken here ({n} line hidden).",
                            "Only muted players have spoken here ({n} lines hidden).", hidden).format(n=hidden)
        return _("Nothing said yet. Say hello, or click a phrase.") if s.mine else _("Nothing said yet.")

    def draw_talk_button(self, screen: pygame.Surface) -> None:
        """The Talk button beside "?", Hint and Undo, with the lines not read yet."""
        if not self.talk_allowed():
            return
        s, L = self.session, self.scene.table.layout
        unread = 0 if self.talk_open else s.unread()
        label = _("Talk ({n})").format(n=unread) if unread else _("Talk")
        button(self.scene, screen, L, (950, self.scene.table.tools_y(), 160, 46), label, ("ui", "talk", "toggle"), size=20,
               selected=self.talk_open or bool(unread),
               tip=_("The table's talk (T): short lines and phrases to the other players.") if s.mine else
               _("The table's talk (T): short lines and phrases to the other players; spectators read it, the "
                 "players write it."))

    def draw_talk(self, screen: pygame.Surface) -> None:
        """The panel, over the Chronicle's column (the board stays in view)."""
        if not self.talk_open:
            return
        s, L, ink = self.session, self.scene.table.layout, self.scene.ink
        s.talk_seen = max(s.talk, default=0)
        box = L.r(1466, 52, 440, 538 if s.mine else 492)  # a player's has a row of reports
        pygame.draw.rect(screen, PANEL, box, border_radius=L.n(10))  # opaque: the Chronicle does not show through
        pygame.draw.rect(screen, BRONZE, box, max(1, L.n(2)), border_radius=L.n(10))
        self.scene.hot.append(Hotspot(box, ("ui", "talk", "panel"), "", ""))  # a click on the panel is not the board's
        ink.draw(screen, _("Table talk"), L.p(1484, 62), 24, GOLD, "title")
        button(self.scene, screen, L, (1790, 60, 100, 32), _("Close"), ("ui", "talk", "close"), size=15,
               tip=_("Close the table's talk (Esc, or T when not typing)"))
        top, bottom = 100, (376 if s.mine else 476)
        width = L.n(404)
        x = L.p(1484, 0)[0]
        shown, used = [], 0
        for line in reversed(s.panel_lines()):  # the newest that fit, drawn oldest first
            system = bool(line.get("system"))
            h = (L.n(6) if system else L.n(22)) + ink.height(visible(line["text"], MAX_LINE), 18, width,
                                                             "italic" if system else "body")
            if used + h > L.n(bottom - top):
                break
            shown.append((line, h))
            used += h
        y = L.p(0, top)[1]
        if not shown:
            ink.para(screen, self.talk_empty_words(), pygame.Rect(x, y, width, L.n(60)), 18, INK_FAINT, "italic")
        for line, h in reversed(shown):
            text = visible(line["text"], MAX_LINE)
            if line.get("system"):  # the table's own line: no name, a rule at its left, italic and dim
                pygame.draw.line(screen, BRONZE, (x, y + L.n(4)), (x, y + h - L.n(4)), max(1, L.n(2)))
                ink.para(screen, text, pygame.Rect(x + L.n(10), y + L.n(2), width - L.n(10), h), 18, SYSTEM,
                         "italic")
            else:
                ink.draw(screen, who(line, s.mine), (x, y), 16, SIGN_GREEN if line["seat"] in s.mine else GOLD,
                         "bold")
                ink.para(screen, text, pygame.Rect(x, y + L.n(20), width, h), 18, PARCHMENT)
            y += h
        y = bottom + 8
        if s.mine:
            field = L.r(1484, y, 310, 44)
            pygame.draw.rect(screen, (30, 24, 34), field, border_radius=L.n(8))
            pygame.draw.rect(screen, GOLD if self.talk_typing else BRONZE, field, L.n(2), border_radius=L.n(8))
            caret = "|" if self.talk_typing and int(time.monotonic() * 2) % 2 == 0 else ""
            text = self.talk_text + caret if self.talk_text or self.talk_typing else _("Type a line…")
            ink.draw(screen, text, (field.x + L.n(10), field.centery), 18,
                     PARCHMENT if self.talk_text else INK_FAINT, anchor="midleft", max_w=field.w - L.n(20))
            self.scene.hot.append(Hotspot(field, ("ui", "talk", "box"), _("Your line"),
                                    _("Click and type; Enter says it to the table (at most 160 characters). Esc "
                                      "closes the talk.")))
            button(self.scene, screen, L, (1802, y, 86, 44), _("Say"), ("ui", "talk", "say"), size=18,
                   enabled=bool(self.talk_text.strip()), tip=_("Say the line to everyone at the table (Enter)"))
            said = [_(p) for p in PHRASES]
            x = 1484
            for line, w in zip(said, shares([ink.font("bold", 16).size(t)[0] / L.s for t in said], 406, 6), strict=True):
                button(self.scene, screen, L, (x, y + 52, w, 40), line, ("ui", "talk", "phrase", line),
                       size=16, tip=_("Say “{line}” with one click").format(line=line))
                x += w + 6
            y += 100
        others = [i for i in range(s.players) if i not in s.mine and i < len(s.info) and s.info[i].kind != "ai"
                  and (s.info[i].claimed or i in s.muted)]  # an open seat has nobody to mute yet
        labels = [(_("Unmute {name}") if seat in s.muted else _("Mute {name}")).format(name=visible(s.name(seat), 9))
                  for seat in others[:3]]
        x = 1484  # the row shared by the players shown, each button as its words need
        for seat, label, wide in zip(others[:3], labels, shares([ink.font("bold", 15).size(t)[0] / L.s for t in labels],
                                                                406, 6), strict=True):
            muted = seat in s.muted
            name = visible(s.name(seat), MAX_NAME)
            button(self.scene, screen, L, (x, y, wide, 40), label,
                   ("ui", "talk", "mute", seat), size=15, selected=muted,
                   tip=(_("Show what {name} says again, all of it, at this screen only (they are not told; kept "
                          "with the game)") if muted else
                        _("Hide what {name} says from now on (what was said stays), at this screen only (they are "
                          "not told; kept with the game)")).format(name=name))
            x += wide + 6
        if s.mine:  # a player may report another to the server's operator (fate/server/moderation.py)
            labels = [(_("Reported") if seat in s.reported else _("Report {name}")).format(
                name=visible(s.name(seat), 9)) for seat in others[:3]]
            x = 1484
            for seat, label, wide in zip(others[:3], labels, shares(
                    [ink.font("bold", 15).size(t)[0] / L.s for t in labels], 406, 6), strict=True):
                button(self.scene, screen, L, (x, y + 46, wide, 40), label, ("ui", "talk", "report", seat), size=15,
                       enabled=seat not in s.reported,
                       tip=_("Tell this server's operator that {name} is abusive; their last line goes with your "
                             "report, and they are not told").format(name=visible(s.name(seat), MAX_NAME)))
                x += wide + 6
        mouse = self.scene.app.hover
        if mouse is not None:
            for spot in reversed(self.scene.hot):
                if spot.key[:2] == ("ui", "talk") and spot.rect.collidepoint(mouse) and spot.tip:
                    tooltip(ink, screen, L, mouse, spot.label, spot.tip)
                    break

    def draw_toasts(self, screen: pygame.Surface) -> None:
        """While the talk is closed, the newest lines for a few seconds: small notes at the
        board's right edge, above the Chronicle, each a click away from the whole talk."""
        if self.talk_open or not self.toasts:
            return
        L, ink = self.scene.table.layout, self.scene.ink
        y = L.p(0, 62)[1]
        for line, until in self.toasts:
            if until <= self.scene.clock:
                continue
            box = pygame.Rect(L.p(1466, 0)[0], y, L.n(440), L.n(54))
            pygame.draw.rect(screen, PANEL, box, border_radius=L.n(8))
            pygame.draw.rect(screen, GOLD, box, max(1, L.n(2)), border_radius=L.n(8))
            ink.draw(screen, who(line), (box.x + L.n(12), box.y + L.n(5)), 15, GOLD, "bold", max_w=box.w - L.n(24))
            ink.draw(screen, visible(line["text"], MAX_LINE), (box.x + L.n(12), box.y + L.n(26)), 17, PARCHMENT,
                     max_w=box.w - L.n(24))
            self.scene.hot.append(Hotspot(box, ("ui", "talk", "toggle"), who(line),
                                    "A new line of the table's talk: click to open the talk (T)"))
            y += box.h + L.n(6)
