"""A request of a Play Online page of its own (a pairing code, the leaderboard, a card): the one
line it is asked on, and what every such request does alike (fate/ui/online/devices.py,
fate/ui/online/standings.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fate.ground.language import _
from fate.net import hosting
from fate.net.link import Link, error_words
from fate.protocol import LinkNote, ToClient

if TYPE_CHECKING:
    from fate.ui.online.screens import OnlineScene


class PageRequest:
    """A page's request: at most one under way (``link``), said on the page when it fails."""

    def __init__(self, scene: OnlineScene) -> None:
        self.scene = scene
        self.link: Link | None = None

    def busy(self) -> bool:
        return self.link is not None

    def close(self) -> None:
        if self.link is not None:
            self.link.close(wait=0)
        self.link = None

    def failed(self, m: dict[str, Any]) -> bool:
        """A refusal or a line that could not be made, said on the page (True); else False."""
        if m["type"] == ToClient.ERROR:
            self.scene.say(error_words(m), "wrong")
        elif m["type"] == LinkNote.PROBLEM and m.get("fatal"):
            self.scene.say(m["message"], "wrong")
        else:
            return False
        return True

    def server(self) -> tuple[str, str] | None:
        """The server of the page's Server field, and its address as another computer types it:
        as typed, or (left empty) this computer's own while it serves, at its address on the
        house's network; None, said under the field or on the page, if there is none."""
        where = self.scene.fields["server"].strip()
        if where:
            url = self.scene.form.address_in("server")
            return None if url is None else (url, where)
        running = self.scene.app.hosting or hosting.running_host()
        if running is None:
            self.scene.say(_("This computer is not serving games now: type the address of the server your games "
                             "are on."), "wrong")
            return None
        lan = hosting.lan_addresses()
        return running.url, (f"{lan[0]}:{running.port}" if lan else
                             _("this computer's address, port {port}").format(port=running.port))
