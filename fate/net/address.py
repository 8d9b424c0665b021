"""Server addresses as people type them: the one parser every field and the link use.

A player types ``192.168.1.20``, ``host:8765``, ``[::1]:8765``, ``wss://games.example/``,
an invite line's ``fate://host:port``, or several addresses of one server's processes
joined by commas. ``server_url`` turns that into the WebSocket URL a link connects to
(``ws://host:port``, port 8765 when none is typed); ``check_url`` checks a URL the window
already holds (a remembered game's server) before a connection is tried. Whatever cannot
be an address is one ``AddressError`` (a ValueError) with one short line in a player's
words: a port out of range, two addresses run together (a field whose text was not
replaced), a host name with odd characters. Nothing here touches the network.
"""

from __future__ import annotations

import ipaddress
import re

from fate.ground.language import N_, _
from fate.ground.untrusted import one_line

DEFAULT_PORT = 8765
MAX_TEXT = 200  # one address, or several joined by commas, as typed or kept
SCHEMES = {"ws": "ws", "wss": "wss", "fate": "ws", "fates": "wss"}  # an invite line's scheme is taken too
_LABEL = re.compile(r"[A-Za-z0-9_-]{1,63}")  # lenient: a resolver is the judge of the rest
_NUMERIC = re.compile(r"[0-9.]+")
_PATH = re.compile(r"/[A-Za-z0-9._~!$&'()*+;=:@%/-]*")
EXAMPLE = "192.168.1.20:8765"
TWO = N_("That looks like two addresses run together: keep one (for example {example}).")


class AddressError(ValueError):
    """What was typed is not a server's address (one short line, in plain words)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message, 200))


def _bad(message: str, **values: object) -> AddressError:
    """The refusal ``message`` (marked with ``N_`` where it is written) in the player's language."""
    return AddressError(_(message).format(example=EXAMPLE, **values))


def _host(host: str, typed: str) -> str:
    """The host part checked: a name, four numbers, or an IPv6 address in brackets."""
    if not host:
        raise _bad(N_("The address has no computer's name or number before the port (for example {example})."))
    if host.startswith("["):
        inside = host[1:-1] if host.endswith("]") else ""
        try:
            ipaddress.IPv6Address(inside)
        except ValueError:
            raise _bad(N_("{host} is not an IPv6 address ([::1]:8765 is one)."), host=one_line(host, 48)) from None
        return host
    if "@" in host:
        raise _bad(N_("An address has no name and password in it: type only the computer and the port (for "
                      "example {example})."))
    bad = next((c for c in host if not (c.isascii() and (c.isalnum() or c in "._-"))), "")
    if bad:
        shown = repr(bad) if not bad.isprintable() or bad.isspace() else f"“{bad}”"
        raise _bad(N_("A computer's address has only letters, digits, dots and dashes ({shown} is not one; for "
                      "example {example})."), shown=shown)
    if _NUMERIC.fullmatch(host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise _bad(N_("{host} is not an address: it has four numbers from 0 to 255 between dots (for example "
                          "{example})."), host=one_line(host, 40)) from None
        return host
    labels = host[:-1].split(".") if host.endswith(".") else host.split(".")
    if len(host) > 253 or not all(_LABEL.fullmatch(x) for x in labels):
        raise _bad(N_("{host} is not a computer's name: its parts between dots are letters, digits and dashes, "
                      "none empty."), host=one_line(host, 40))
    return host


def _port(port: str, typed: str) -> int:
    if not port:
        raise _bad(N_("The address ends with a colon but no port: type the number after it (for example {example})."))
    if not port.isascii() or not port.isdigit():
        if "." in port or ":" in port or any(c.isalpha() for c in port):
            raise _bad(TWO)
        raise _bad(N_("The port is a number (“{port}” is not one; for example {example})."), port=one_line(port, 20))
    n = int(port) if len(port) <= 6 else 10**6
    if not 1 <= n <= 65535:
        raise _bad(N_("A port is a number from 1 to 65535 ({port} is not; for example {example})."),
                   port=one_line(port, 12))
    return n


def _one(text: str, default_port: int) -> str:
    """One address as typed -> ``scheme://host:port[/path]``."""
    t = text.strip()
    if not t:
        raise _bad(N_("Type the address of the computer that hosts the game (for example {example})."))
    if len(t) > MAX_TEXT:
        raise _bad(N_("An address is at most {n} characters."), n=MAX_TEXT)
    if any(c.isspace() or not c.isprintable() for c in t):
        raise _bad(N_("An address has no spaces in it: two run together, or a word too many? Keep one (for "
                      "example {example})."))
    scheme = "ws"
    if "://" in t:
        given, t = t.split("://", 1)
        s = given.lower()
        if s in ("http", "https"):
            raise _bad(N_("That is a web page's address, not a game's: type the address the host's Play Online "
                          "page shows (for example {example}), or paste their invite line."))
        if s not in SCHEMES:
            raise _bad(N_("An address does not start with {scheme}://: type it as the host's Play Online page "
                          "shows it (for example {example})."), scheme=one_line(given, 12))
        scheme = SCHEMES[s]
        if "://" in t:
            raise _bad(TWO)
    where, slash, path = t.partition("/")
    path = slash + path
    if path and not _PATH.fullmatch(path):
        raise _bad(N_("What follows the address is not a server's path (for example {example})."))
    if where.startswith("["):
        close = where.find("]")
        host, rest = (where[:close + 1], where[close + 1:]) if close >= 0 else (where, "")
        if rest and not rest.startswith(":"):
            raise _bad(N_("An IPv6 address is followed only by its port ([::1]:8765; for example {example})."))
        port = rest[1:] if rest else None
    elif where.count(":") > 1:
        raise _bad(TWO)
    else:
        host, colon, port = where.partition(":")
        port = port if colon else None
    host = _host(host, text)
    n = _port(port, text) if port is not None else default_port
    return f"{scheme}://{host}:{n}{path}"


def server_url(text: str, default_port: int = DEFAULT_PORT) -> str:
    """What a player typed as a server's address, as the URL a link connects to; several
    addresses of one server (commas) give several URLs joined by commas. AddressError if not."""
    if not isinstance(text, str):
        raise _bad(N_("An address is text."))
    if len(text) > MAX_TEXT * 2:
        raise _bad(N_("An address is at most {n} characters."), n=MAX_TEXT)
    if "," in text:  # one server's several processes: each tried in turn (fate/net/link.py)
        parts = [p for p in text.split(",") if p.strip()]
        if not parts:
            raise _bad(N_("Type the address of the computer that hosts the game (for example {example})."))
        urls = ",".join(_one(p, default_port) for p in parts)
        if len(urls) > MAX_TEXT:
            raise _bad(N_("Several addresses are at most {n} characters in all."), n=MAX_TEXT)
        return urls
    return _one(text, default_port)


def check_url(url: object) -> list[str]:
    """The URLs of a link (``ws://a:1`` or several joined by commas), each checked and as
    written: AddressError (one line) for any that cannot be connected to."""
    if not isinstance(url, str) or not url.strip(","):
        raise _bad(N_("No server's address was given."))
    out = []
    for u in url.split(","):
        if not u:
            continue
        if "://" not in u or u.split("://", 1)[0] not in ("ws", "wss"):
            raise _bad(N_("{address} is not an address a game server can have."), address=one_line(u, 60))
        out.append(server_url(u))
    return out


def port_in(url: str, default: int = DEFAULT_PORT) -> int:
    """The port of one checked URL (``default`` when it cannot be read)."""
    try:
        where = server_url(url.split(",", 1)[0]).split("://", 1)[1].split("/", 1)[0]
    except AddressError:
        return default
    return int(where.rsplit(":", 1)[1])
