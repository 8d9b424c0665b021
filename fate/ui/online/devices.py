"""Your other computers, a page of Play Online (a part of ``OnlineScene``, fate/ui/online/screens.py).

The player is one identity on each server (fate/net/identity.py), and so on every computer of
theirs once it is joined: on the first computer **Make a code** asks the server for a pairing
code (eight characters, good for ten minutes and once) and shows it large; on the other, the
server's address and that code, then **Use the code**: from then on this computer is the same
player there, and My online games lists every game the player has on that server, each opened
here as there (docs/protocol.md, "Identity").
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any

import pygame

from fate.ground.language import N_, _
from fate.protocol import ToClient, ToServer
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import BRONZE, GOLD, INK_DIM, PANEL, PARCHMENT
from fate.ui.kit.widgets import Hotspot, button
from fate.ui.online.request import PageRequest
from fate.ui.online.rows import short

if TYPE_CHECKING:
    from fate.ui.online.screens import OnlineScene

_PAIR = re.compile(r"[2-9A-HJ-NP-Z]{8}")  # the server's alphabet: no 0/O, no 1/I
DEVICE_TIPS = {  # translated where shown
    "pair": N_("The code your other computer shows under Make a code: eight letters and digits, in any case, with "
               "or without the dash. It works once, for ten minutes."),
}


def pair_key(text: str) -> str | None:
    """A pairing code as typed ("7kq2 mxhd", "7KQ2-MXHD") in the server's form, or None."""
    code = re.sub(r"[\s-]", "", text).upper()
    return code if _PAIR.fullmatch(code) else None


class Devices(PageRequest):
    """The page's requests and drawing: a code made here, or one from another computer used."""

    def __init__(self, scene: OnlineScene) -> None:
        super().__init__(scene)
        self.code = ""  # the code made here, shown until it expires
        self.expires = 0.0
        self.code_at = ""  # the server it is for, as the other computer types it
        self.rid = 0  # the request under way, and what it is: "make" or "use"
        self.what = ""
        self.where = ""
        self.code_for = ""  # the address of the server asked for a code, as the other computer types it
        self.paired_as: dict[str, Any] | None = None  # the player this computer became (``identified``)

    def click(self, key: tuple) -> bool:
        """A click on this page's own buttons; True if it was one."""
        if key[0] == "make_code":
            self.make_code()
        elif key[0] == "use_code":
            self.use_code()
        else:
            return False
        return True

    def make_code(self) -> None:
        chosen = self.server()
        if chosen is None:
            return
        url, self.code_for = chosen
        self._ask(url, "make")
        self.scene.notice = _("Asking {address} for a code…").format(address=short(url.split("://", 1)[1], 40))

    def use_code(self) -> None:
        url = self.scene.form.address_in("address")
        code = pair_key(self.scene.fields["pair"])
        if code is None:
            self.scene.form.wrong["pair"] = _("A code is eight letters and digits, like 7KQ2-MXHD.")
        if url is None or code is None:
            return
        self.scene.remember()
        self._ask(url, "use", code=code)
        self.scene.notice = _("Joining this computer to you on {address}…").format(
            address=short(url.split("://", 1)[1], 40))

    def _ask(self, url: str, what: str, **fields: Any) -> None:
        self.close()
        self.link = self.scene.player_link(url)
        self.rid = self.link.send(ToServer.PAIR_CODE if what == "make" else ToServer.PAIR, **fields)
        self.what, self.where = what, url

    def poll(self) -> None:
        if self.link is None:
            return
        for m in self.link.poll():
            kind = m["type"]
            if kind == ToClient.PAIRING and m.get("rid") == self.rid:
                self.code, self.expires, self.code_at = m["code"], float(m["expires"]), self.code_for
                self.scene.notice = ""
            elif kind == ToClient.IDENTIFIED and self.what == "use" and m.get("rid") == self.rid:
                self.paired_as = m
                self.scene.say(_("This computer is you on {address} now: your games there are in My online "
                                 "games.").format(address=short(self.where.split("://", 1)[1], 40)), "well")
                self.scene.fields["pair"] = ""
                self.scene.refresh()  # the games of that server, listed
            elif not self.failed(m):
                continue
            self.close()
            return

    # ---------------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface, L: Layout) -> None:
        scene, ink = self.scene, self.scene.ink
        ink.draw(screen, _("On this computer"), L.p(200, 196), 30, GOLD, "title")
        ink.para(screen, _("Make a code here, then type it on your other computer within ten minutes: it plays "
                           "your games on that server as this one does."), L.r(200, 246, 760, 110), 21, PARCHMENT)
        scene.form.field(screen, L, "server", _("Server of your games"), 200, 370, 760)
        button(scene, screen, L, (200, 510, 380, 80), _("Make a code"), ("make_code",), size=28,
               tip=_("Ask the server for a code that joins another computer to you there (it works once, for ten "
                     "minutes; a new one replaces it)"))
        left = self.expires - time.time()
        if self.code and left > 0:
            plaque = L.r(200, 620, 520, 110)
            pygame.draw.rect(screen, PANEL, plaque, border_radius=L.n(12))
            pygame.draw.rect(screen, GOLD, plaque, L.n(3), border_radius=L.n(12))
            ink.as_written.add(self.code)
            ink.draw(screen, " ".join(self.code), plaque.center, 60, GOLD, "bold", anchor="center")
            scene.hot.append(Hotspot(plaque, ("ui", "pair_code"), _("Code for your other computer"), _(
                "Type it on your other computer: Play Online > Your other computers > Use the code, with the "
                "address {address}.").format(address=short(self.code_at, 60))))
            ink.para(screen, _("On your other computer: Play Online > Your other computers, the address {address} and "
                               "this code. Good for {minutes}:{seconds:02d} more, once.").format(
                                   address=short(self.code_at, 40), minutes=int(left) // 60,
                                   seconds=int(left) % 60), L.r(200, 750, 760, 110), 21, INK_DIM)
        else:
            pygame.draw.rect(screen, BRONZE, L.r(200, 620, 520, 110), L.n(1), border_radius=L.n(12))
        ink.draw(screen, _("On your other computer"), L.p(1060, 196), 30, GOLD, "title")
        ink.para(screen, _("Have a code from your first computer? Type the server's address and the code: this "
                           "computer becomes you there, with all your games."), L.r(1060, 246, 660, 110), 21,
                 PARCHMENT)
        scene.form.field(screen, L, "address", _("Address of the server"), 1060, 370, 660)
        scene.form.field(screen, L, "pair", _("Code from your other computer"), 1060, 500, 660)
        button(scene, screen, L, (1060, 650, 380, 80), _("Use the code"), ("use_code",), size=28,
               tip=_("Join this computer to you on that server (Enter)"))
