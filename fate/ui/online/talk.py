"""Table talk at the online table: a panel over the board's right side with the players' last
lines, a box to type one, three phrases said with a click ("Good game", "Thinking...",
"Your turn") and a Mute for each other player. T (or the Talk button in the top bar) opens
and closes it; while the box is being typed in, every key is the text's (Enter says it,
Esc stops typing). Spectators read it only when the host allowed it, and never write.
The server keeps the talk with the game (fate/server/tables.py); the lines are its
untrusted text, drawn on one line each, cut.
"""

from __future__ import annotations

import time

import pygame

from fate.net.mygames import MyGames
from fate.ui.kit.theme import BRONZE, GOLD, INK_FAINT, PARCHMENT, SIGN_GREEN
from fate.ui.kit.widgets import Hotspot, button, tooltip
from fate.untrusted import clean

PHRASES = ("Good game", "Thinking...", "Your turn")
SHOWN = 9  # lines in the panel
MAX_TYPED = 160


class TalkPanel:
    """A mixin of the online table (fate/ui/online/table.py)."""

    talk_open = False
    talk_typing = False
    talk_text = ""

    def talk_allowed(self) -> bool:
        s = self.session
        return bool(s.mine) or getattr(s, "talk_shown", False)

    def toggle_talk(self) -> None:
        if not self.talk_allowed():
            self.notice = ("The host keeps the table's talk for the players.", self.clock + 5)
            return
        self.talk_open = not self.talk_open
        self.talk_typing = self.talk_open and bool(self.session.mine)
        self.session.talk_seen = max(self.session.talk, default=0)

    def say(self, text: str) -> None:
        why = self.session.say(text)
        if why:
            self.notice = (why, self.clock + 5)
        else:
            self.talk_text = ""

    def mute(self, seat: int) -> None:
        s = self.session
        now = s.mute(seat)
        self.notice = (f"{s.name(seat)}'s talk is {'hidden' if now else 'shown again'} here.", self.clock + 5)
        mine = MyGames(self.app.online_file)  # kept with the game in My online games: it survives a restart
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
            self.talk_typing = False
        elif event.key == pygame.K_BACKSPACE:
            self.talk_text = self.talk_text[:-1]
        elif event.unicode and event.unicode.isprintable() and len(self.talk_text) < MAX_TYPED:
            self.talk_text += event.unicode
        return True

    def talk_click(self, key: tuple) -> bool:
        """A click on the panel's things; True if it was one."""
        if key[:2] != ("ui", "talk"):
            return False
        what = key[2]
        if what == "toggle":
            self.toggle_talk()
        elif what == "box":
            self.talk_typing = bool(self.session.mine)
        elif what == "say":
            self.say(self.talk_text)
        elif what == "phrase":
            self.say(key[3])
        elif what == "mute":
            self.mute(key[3])
        return True

    def draw_talk_button(self, screen: pygame.Surface) -> None:
        """The Talk button beside "?", Hint and Undo, with the lines not read yet."""
        if not self.talk_allowed():
            return
        s, L = self.session, self.table.layout
        unread = 0 if self.talk_open else s.unread()
        label = "Talk" + (f" ({unread})" if unread else "")
        button(self, screen, L, (950, self.table.tools_y(), 160, 46), label, ("ui", "talk", "toggle"), size=20,
               selected=self.talk_open or bool(unread),
               tip="The table's talk (T): short lines and phrases to the other players"
                   + ("" if s.mine else "; spectators read it, the players write it") + ".")

    def draw_talk(self, screen: pygame.Surface) -> None:
        """The panel, over the Chronicle's column (the board stays in view)."""
        if not self.talk_open:
            return
        s, L, ink = self.session, self.table.layout, self.ink
        s.talk_seen = max(s.talk, default=0)
        box = L.r(1466, 52, 440, 492)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((20, 14, 24, 245))
        screen.blit(shade, box)
        pygame.draw.rect(screen, BRONZE, box, max(1, L.n(2)), border_radius=L.n(10))
        self.hot.append(Hotspot(box, ("ui", "talk", "panel"), "", ""))  # a click on the panel is not the board's
        ink.draw(screen, "Table talk", L.p(1484, 62), 24, GOLD, "title")
        ink.draw(screen, "T closes", L.p(1888, 68), 15, INK_FAINT, "italic", anchor="topright")
        top, bottom = 100, (376 if s.mine else 476)
        width = L.n(404)
        shown, used = [], 0
        for line in reversed(s.lines()):  # the newest that fit, drawn oldest first
            h = L.n(22) + ink.height(clean(line["text"], 160), 18, width)
            if used + h > L.n(bottom - top):
                break
            shown.append((line, h))
            used += h
        y = L.p(0, top)[1]
        if not shown:
            ink.para(screen, "Nothing said yet." + (" Say hello, or click a phrase." if s.mine else ""),
                     pygame.Rect(L.p(1484, top)[0], y, width, L.n(60)), 18, INK_FAINT, "italic")
        for line, h in reversed(shown):
            who = clean(line["name"], 24) or f"Seat {line['seat'] + 1}"
            ink.draw(screen, who, (L.p(1484, 0)[0], y), 16, SIGN_GREEN if line["seat"] in s.mine else GOLD, "bold")
            ink.para(screen, clean(line["text"], 160), pygame.Rect(L.p(1484, 0)[0], y + L.n(20), width, h), 18,
                     PARCHMENT)
            y += h
        y = bottom + 8
        if s.mine:
            field = L.r(1484, y, 310, 44)
            pygame.draw.rect(screen, (30, 24, 34), field, border_radius=L.n(8))
            pygame.draw.rect(screen, GOLD if self.talk_typing else BRONZE, field, L.n(2), border_radius=L.n(8))
            caret = "|" if self.talk_typing and int(time.monotonic() * 2) % 2 == 0 else ""
            text = self.talk_text + caret if self.talk_text or self.talk_typing else "Type a line…"
            ink.draw(screen, text, (field.x + L.n(10), field.centery), 18,
                     PARCHMENT if self.talk_text else INK_FAINT, anchor="midleft", max_w=field.w - L.n(20))
            self.hot.append(Hotspot(field, ("ui", "talk", "box"), "Your line",
                                    "Click and type; Enter says it to the table (at most 160 characters). Esc stops "
                                    "typing."))
            button(self, screen, L, (1802, y, 86, 44), "Say", ("ui", "talk", "say"), size=18,
                   enabled=bool(self.talk_text.strip()), tip="Say the line to everyone at the table (Enter)")
            for i, p in enumerate(PHRASES):
                button(self, screen, L, (1484 + i * 136, y + 52, 130, 40), p, ("ui", "talk", "phrase", p), size=16,
                       tip=f"Say “{p}” with one click")
            y += 100
        others = [i for i in range(s.players) if i not in s.mine and i < len(s.info) and s.info[i].kind != "ai"]
        for i, seat in enumerate(others[:3]):
            muted = seat in s.muted
            button(self, screen, L, (1484 + i * 136, y, 130, 40), ("Unmute " if muted else "Mute ")
                   + clean(s.name(seat), 9), ("ui", "talk", "mute", seat), size=15, selected=muted,
                   tip=f"{'Show' if muted else 'Hide'} what {clean(s.name(seat), 24)} says, at this screen only "
                       "(they are not told; kept with the game)")
        mouse = self.app.hover
        if mouse is not None:
            for spot in reversed(self.hot):
                if spot.key[:2] == ("ui", "talk") and spot.rect.collidepoint(mouse) and spot.tip:
                    tooltip(ink, screen, L, mouse, spot.label, spot.tip)
                    break
