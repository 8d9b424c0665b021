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

from fate.ground.untrusted import one_line

DEFAULT_PORT = 8765
MAX_TEXT = 200  # one address, or several joined by commas, as typed or kept
SCHEMES = {"ws": "ws", "wss": "wss", "fate": "ws", "fates": "wss"}  # an invite line's scheme is taken too
_LABEL = re.compile(r"[A-Za-z0-9_-]{1,63}")  # lenient: a resolver is the judge of the rest
_NUMERIC = re.compile(r"[0-9.]+")
_PATH = re.compile(r"/[A-Za-z0-9._~!$&'()*+;=:@%/-]*")
EXAMPLE = "for example 192.168.1.20:8765"


class AddressError(ValueError):
    """What was typed is not a server's address (one short line, in plain words)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message, 200))


def _host(host: str, typed: str) -> str:
    """The host part checked: a name, four numbers, or an IPv6 address in brackets."""
    if not host:
        raise AddressError(f"The address has no computer's name or number before the port ({EXAMPLE}).")
    if host.startswith("["):
        inside = host[1:-1] if host.endswith("]") else ""
        try:
            ipaddress.IPv6Address(inside)
        except ValueError:
            raise AddressError(f"{one_line(host, 48)} is not an IPv6 address ([::1]:8765 is one).") from None
        return host
    if "@" in host:
        raise AddressError("An address has no name and password in it: type only the computer and the port "
                           f"({EXAMPLE}).")
    bad = next((c for c in host if not (c.isascii() and (c.isalnum() or c in "._-"))), "")
    if bad:
        shown = repr(bad) if not bad.isprintable() or bad.isspace() else f"“{bad}”"
        raise AddressError(f"A computer's address has only letters, digits, dots and dashes ({shown} is not one; "
                           f"{EXAMPLE}).")
    if _NUMERIC.fullmatch(host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise AddressError(f"{one_line(host, 40)} is not an address: it has four numbers from 0 to 255 "
                               f"between dots ({EXAMPLE}).") from None
        return host
    labels = host[:-1].split(".") if host.endswith(".") else host.split(".")
    if len(host) > 253 or not all(_LABEL.fullmatch(x) for x in labels):
        raise AddressError(f"{one_line(host, 40)} is not a computer's name: its parts between dots are letters, "
                           "digits and dashes, none empty.")
    return host


def _port(port: str, typed: str) -> int:
    if not port:
        raise AddressError(f"The address ends with a colon but no port: type the number after it ({EXAMPLE}).")
    if not port.isascii() or not port.isdigit():
        if "." in port or ":" in port or any(c.isalpha() for c in port):
            raise AddressError(f"That looks like two addresses run together: keep one ({EXAMPLE}).")
        raise AddressError(f"The port is a number (“{one_line(port, 20)}” is not one; {EXAMPLE}).")
    n = int(port) if len(port) <= 6 else 10**6
    if not 1 <= n <= 65535:
        raise AddressError(f"A port is a number from 1 to 65535 ({one_line(port, 12)} is not; {EXAMPLE}).")
    return n


def _one(text: str, default_port: int) -> str:
    """One address as typed -> ``scheme://host:port[/path]``."""
    t = text.strip()
    if not t:
        raise AddressError(f"Type the address of the computer that hosts the game ({EXAMPLE}).")
    if len(t) > MAX_TEXT:
        raise AddressError(f"An address is at most {MAX_TEXT} characters.")
    if any(c.isspace() or not c.isprintable() for c in t):
        raise AddressError("An address has no spaces in it: two run together, or a word too many? "
                           f"Keep one ({EXAMPLE}).")
    scheme = "ws"
    if "://" in t:
        given, t = t.split("://", 1)
        s = given.lower()
        if s in ("http", "https"):
            raise AddressError("That is a web page's address, not a game's: type the address the host's Play "
                               f"Online page shows ({EXAMPLE}), or paste their invite line.")
        if s not in SCHEMES:
            raise AddressError(f"An address does not start with {one_line(given, 12)}://: type it as the host's "
                               f"Play Online page shows it ({EXAMPLE}).")
        scheme = SCHEMES[s]
        if "://" in t:
            raise AddressError(f"That looks like two addresses run together: keep one ({EXAMPLE}).")
    where, slash, path = t.partition("/")
    path = slash + path
    if path and not _PATH.fullmatch(path):
        raise AddressError(f"What follows the address is not a server's path ({EXAMPLE}).")
    if where.startswith("["):
        close = where.find("]")
        host, rest = (where[:close + 1], where[close + 1:]) if close >= 0 else (where, "")
        if rest and not rest.startswith(":"):
            raise AddressError(f"An IPv6 address is followed only by its port ([::1]:8765; {EXAMPLE}).")
        port = rest[1:] if rest else None
    elif where.count(":") > 1:
        raise AddressError(f"That looks like two addresses run together: keep one ({EXAMPLE}).")
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
        raise AddressError("An address is text.")
    if len(text) > MAX_TEXT * 2:
        raise AddressError(f"An address is at most {MAX_TEXT} characters.")
    if "," in text:  # one server's several processes: each tried in turn (fate/net/link.py)
        parts = [p for p in text.split(",") if p.strip()]
        if not parts:
            raise AddressError(f"Type the address of the computer that hosts the game ({EXAMPLE}).")
        urls = ",".join(_one(p, default_port) for p in parts)
        if len(urls) > MAX_TEXT:
            raise AddressError(f"Several addresses are at most {MAX_TEXT} characters in all.")
        return urls
    return _one(text, default_port)


def check_url(url: object) -> list[str]:
    """The URLs of a link (``ws://a:1`` or several joined by commas), each checked and as
    written: AddressError (one line) for any that cannot be connected to."""
    if not isinstance(url, str) or not url.strip(","):
        raise AddressError("No server's address was given.")
    out = []
    for u in url.split(","):
        if not u:
            continue
        if "://" not in u or u.split("://", 1)[0] not in ("ws", "wss"):
            raise AddressError(f"{one_line(u, 60)} is not an address a game server can have.")
        out.append(server_url(u))
    return out


def port_in(url: str, default: int = DEFAULT_PORT) -> int:
    """The port of one checked URL (``default`` when it cannot be read)."""
    try:
        where = server_url(url.split(",", 1)[0]).split("://", 1)[1].split("/", 1)[0]
    except AddressError:
        return default
    return int(where.rsplit(":", 1)[1])
