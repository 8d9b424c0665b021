"""Play Online's invites: the hosting page's invite lines (copied to the clipboard), what the
home router said about friends in other houses (and the steps by hand when it said no),
and pasting an invite line into Join.

The scene (fate/ui/online/screens.py) keeps its page and fields; these functions draw
into it and act for it. An invite line is ``fate://address:port/CODE`` (fate/net/invite.py):
the router's public address and port when it opened the way, else this computer's
address on the home network. The router's answer comes from the hosting server's
report (fate/ground/router.py through ``Host.router()``), read at most twice a second.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pygame

from fate.ground.language import _, number
from fate.ground.router import RouterReport
from fate.net import hosting
from fate.net.invite import InviteError, invite_line, read_line
from fate.ui.kit import clipboard
from fate.ui.kit.layout import Layout
from fate.ui.kit.theme import GOLD, INK_DIM, PARCHMENT, WENT_WELL, WENT_WRONG
from fate.ui.kit.widgets import button
from fate.ui.online.rows import seat_list

READ_EVERY = 0.5  # seconds between readings of the router's report


def steps(port: int, lan: str) -> list[str]:
    """Forwarding the port by hand, in the game's words (the packaged game has no docs/)."""
    return [
        _("Open your router's settings in a web browser: its address is printed on the router, often "
          "192.168.1.1 or 192.168.0.1."),
        (_("Find \"Port forwarding\" (or \"Virtual server\") and forward TCP port {port} to this computer "
           "({address}). Or turn UPnP on there and host again: the game then does this itself.") if lan else
         _("Find \"Port forwarding\" (or \"Virtual server\") and forward TCP port {port} to this computer. Or "
           "turn UPnP on there and host again: the game then does this itself.")).format(port=port, address=lan),
        _("If this computer's firewall asks, allow Fate of the Elder Gods."),
        _("Friends elsewhere type your home's public address (a web search for \"what is my IP\" shows it) "
          "followed by :{port}.").format(port=port),
    ]


def port_or_default(url: str) -> int:
    """The port of a server's URL (ws://host:port, wss://host:port/), 8765 if it names none."""
    try:
        return urlsplit(url).port or 8765
    except ValueError:
        return 8765


def router_report(scene) -> RouterReport | None:
    """The hosting server's report of the router (this window's server, or one an earlier window
    left hosting in the background), read again every READ_EVERY seconds."""
    now = time.monotonic()
    if now - getattr(scene, "_router_at", -READ_EVERY) >= READ_EVERY:
        host = scene.app.hosting or hosting.running_host()
        scene._router_at = now
        scene._router = host.router() if host is not None else None
    return getattr(scene, "_router", None)


def line_for(scene, code: str, house: bool = False) -> tuple[str, bool]:
    """The invite line to give for ``code``, and whether it works only in the host's house: the
    router's way in (the public address) when it opened one, else (or when ``house`` is asked)
    this computer's address on the home network, which friends elsewhere cannot reach (they
    need the steps first)."""
    g = scene.made
    if not g.hosted_here:  # a game on a server elsewhere: everyone joins at its own address
        return invite_line(g.server, code), False
    port = port_or_default(g.server)
    r = router_report(scene)
    if r is not None and r.state == "open" and r.port == port and not house:
        return invite_line(f"ws://{r.address}", code), False
    addrs = scene._lan or []
    where = f"{addrs[0]}:{port}" if addrs else f"127.0.0.1:{port}"
    return invite_line(f"ws://{where}", code), True


def router_open(scene) -> bool:
    r = router_report(scene)
    return bool(scene.made.hosted_here and r is not None and r.state == "open"
                and r.port == port_or_default(scene.made.server))


def copy(scene, code: str, house: bool = False) -> None:
    """Copy the invite line for ``code`` (``house``: the home network's line, for a friend in the
    house, when the router opened the public one too)."""
    line, house = line_for(scene, code, house)
    r = router_report(scene) if house else None
    if clipboard.copy(line):
        if not house:
            said = _("Copied {line}: send it to your friend, who pastes it on Join a game.")
        elif router_open(scene):
            said = _("Copied {line}, for a friend in your house. Friends elsewhere get Copy invite's line.")
        elif r is not None and r.state == "asking":
            said = _("Copied {line}, for a friend in your house. For friends in other houses, wait for your "
                     "router's answer.")
        else:
            said = _("Copied {line}, for a friend in your house. It cannot reach friends in other houses until the "
                     "port is forwarded (the steps on the right).")
        scene.say(said.format(line=line), "well")
    else:
        scene.say((_("The clipboard could not be used here: give your friend {line} (in your house only).") if house
                   else _("The clipboard could not be used here: give your friend {line}")).format(line=line),
                  "wrong")


def draw_hosting(scene, screen: pygame.Surface, L: Layout) -> None:
    """The page after hosting starts: each friend's invite, the house's addresses, and
    what the router said about friends elsewhere."""
    ink = scene.ink
    g = scene.made
    port = port_or_default(g.server)
    if scene._lan is None and g.hosted_here:  # asked of the system once a page: a lookup may take its time
        scene._lan = hosting.lan_addresses()
    ink.draw(screen, _("Give each friend their invite:"), L.p(200, 180), 26, PARCHMENT, "bold")
    y = 230
    for inv in g.invites:
        ink.draw(screen, seat_list(inv["seats"]), L.p(200, y + 10), 22, INK_DIM, "bold")
        ink.draw(screen, inv["code"], L.p(320, y), 36, GOLD, "bold", max_w=L.n(450))
        line, house = line_for(scene, inv["code"])
        if house:  # the home network's address: said so, beside the line
            ink.draw(screen, _("your house:"), L.p(200, y + 54), 16, INK_DIM, "italic")
        ink.draw(screen, line, L.p(320, y + 52), 18, INK_DIM, "italic", max_w=L.n(460))
        button(scene, screen, L, (790, y + 2, 210, 52), _("Copy for your house") if house else _("Copy invite"),
               ("copy", inv["code"]), size=20 if not house else 18,
               tip=(_("Copy {line} to the clipboard: your friend pastes it whole on Join a game (the address and "
                      "the code in one). Read aloud, the code alone is enough with the address. This line has your "
                      "home network's address: it works for a friend in your house only. Friends elsewhere need "
                      "your router to let them in (on the right).") if house else
                    _("Copy {line} to the clipboard: your friend pastes it whole on Join a game (the address and "
                      "the code in one). Read aloud, the code alone is enough with the address.")).format(line=line))
        if not house and router_open(scene):  # the public line above; a friend in the house may need the local one
            here, _local = line_for(scene, inv["code"], house=True)
            button(scene, screen, L, (790, y + 58, 210, 34), _("For your house"), ("copy_house", inv["code"]),
                   size=16, tip=_("Copy {line}: the same invite with this computer's address on your home network, "
                                  "for a friend in your house (some routers do not let a house reach its own public "
                                  "address).").format(line=here))
        y += 104
    ink.para(screen, _("Each code opens its seat once, for 24 hours."), L.r(200, y + 4, 720, 40), 19, INK_DIM)

    x, w = 1030, 700
    if not g.hosted_here:  # a server elsewhere: no house, no router of ours
        ink.draw(screen, _("Friends anywhere join this server at:"), L.p(x, 180), 24, PARCHMENT, "bold")
        ink.draw(screen, shown_address(g.server), L.p(x + 30, 222), 30, GOLD, "bold", max_w=L.n(w - 30))
        ink.para(screen, _("The invite lines carry this address: a friend pastes one on Join a game."),
                 L.r(x, 280, w, 80), 19, INK_DIM)
        return
    ink.draw(screen, _("Friends in your house type:"), L.p(x, 180), 24, PARCHMENT, "bold")
    shown = [f"{a}:{port}" for a in scene._lan[:2]] or [_("this computer's address, port {port}").format(port=port)]
    for i, a in enumerate(shown):
        ink.draw(screen, a, L.p(x + 30, 222 + i * 42), 30, GOLD, "bold")
    y = 232 + len(shown) * 42
    ink.draw(screen, _("Friends in other houses:"), L.p(x, y), 24, PARCHMENT, "bold")
    y += 44
    r = router_report(scene)
    if r is not None and r.state == "asking":
        ink.para(screen, _("Asking your router to open port {port} to them…").format(port=port), L.r(x, y, w, 60),
                 21, PARCHMENT)
        return
    if r is not None and r.state == "open":
        ink.para(screen, _("Your router opened the way. They type:"), L.r(x, y, w, 40), 21, WENT_WELL)
        ink.draw(screen, r.address, L.p(x + 30, y + 38), 30, GOLD, "bold")
        ink.para(screen, _("The invite lines use this address. The router closes it again when you stop "
                           "hosting. The game's connection is not encrypted: share codes only with friends."),
                 L.r(x, y + 90, w, 120), 19, INK_DIM)
        return
    if r is not None and r.state == "closed":
        ink.para(screen, _("Hosting has stopped: your router closed the port again."), L.r(x, y, w, 60), 21,
                 INK_DIM)
        return
    why = (_("Your router did not open the port: {why}. To let them in by hand:").format(why=r.said())
           if r is not None and r.why else
           _("The game could not ask your router to open the port. To let them in by hand:"))
    y += (1 / L.s) * (ink.para(screen, why, L.r(x, y, w, 90), 21, WENT_WRONG)) + 8
    lan = scene._lan[0] if scene._lan else ""
    for i, text in enumerate(steps(port, lan)):
        ink.draw(screen, f"{number(i + 1)}.", L.p(x, y), 19, GOLD, "bold")
        y += (1 / L.s) * (ink.para(screen, text, L.r(x + 32, y, w - 32, 90), 19, PARCHMENT)) + 6


def paste(scene, into: str | None) -> None:
    """Paste on Join: an invite line fills the address and the code at once (whichever field
    it is pasted in); other text goes into the field being typed in."""
    text = clipboard.paste()
    try:
        got = read_line(text)
    except InviteError as e:
        scene.say(str(e), "wrong")
        return
    if got is not None:
        scene.fields["address"] = shown_address(got.url)
        if got.code:
            scene.fields["code"] = got.code
        scene.editing = None
        scene.wrong.pop("address", None)
        scene.wrong.pop("code", None)
        scene.say(_("Invite pasted: the address and the code are filled in. Join when ready.") if got.code
                  else _("Address pasted; now the invite code."), "well")
        return
    if into is None:
        scene.say(_("The clipboard holds no invite line: copy the one your friend sent (it starts with fate://).")
                  if text else _("The clipboard is empty: copy your friend's invite line first."), "wrong")
        return
    scene.form.put_text(into, text)  # in place of the selection


def shown_address(url: str) -> str:
    """A connection's URL as the Join field shows it: host:port (fates://host:port for TLS)."""
    scheme, rest = url.split("://", 1)
    return rest if scheme == "ws" else f"fates://{rest}"


def read_join(scene) -> tuple[str, str] | None:
    """The Join page's fields as (server URL, code in the server's form); an invite line typed
    or pasted into either field counts whole. None, with the notice set, when they cannot be."""
    for name in ("address", "code"):
        try:
            got = read_line(scene.fields[name])
        except InviteError as e:
            scene.wrong[name] = str(e)  # said under the field it was typed in
            return None
        if got is not None:
            scene.fields["address"] = shown_address(got.url)
            if got.code:
                scene.fields["code"] = got.code
            elif name == "code":
                scene.fields["code"] = ""
    url = scene.form.address_in("address")
    code = scene.form.code_in("code")
    return (url, code) if url is not None and code is not None else None
