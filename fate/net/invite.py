"""Invite lines and codes as players pass them around: read aloud, typed, or pasted whole.

An invite line carries the host's address and one invite code in one token a
friend can paste into Join: ``fate://192.168.1.20:8765/ABCD-EFGH-IJKL-MNOP``
(``fates://`` for a server behind TLS, joined as ``wss://``). ``invite_line``
writes one; ``read_line`` reads one as a player pastes it (in any case, with
a slash at the end, in quotes or angle brackets, a full stop after it). Codes are taken in any case, with
or without their dashes, with spaces where a reader paused: ``code_key`` gives
the one form the server knows (its codes are 16 letters and digits in groups of
four, fate/server/handlers.py). Whatever cannot be an invite is one
``InviteError`` line in a player's words: never "ws://" jargon, never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass

from fate.ground.language import N_, _, ngettext
from fate.ground.untrusted import one_line
from fate.net.mygames import address_url

LINE_SCHEMES = {"fate": "ws", "fates": "wss"}  # an invite line's scheme -> the connection's
MAX_PASTE = 400  # longer than any invite line; a longer paste is refused, not searched
CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
SPACERS = frozenset(" -_.\t")  # what people put between the groups of a code
WRAPPERS = "\"'<>()[]`“”‘’"  # what a chat or a mail may put around a pasted line
TRAILING = ".,;:!?"  # a sentence's end after the line


class InviteError(ValueError):
    """What a player typed or pasted is not an invite (one short line, in plain words)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message, 200))


@dataclass(frozen=True)
class Invite:
    """What a pasted line gave: the server's URL ("" when only a code came) and the code
    in the server's form ("" when only an address came)."""

    url: str
    code: str


# What is wrong with a code, for an invite code and for a watch code (translated where refused)
CODE_WORDS = {
    False: (N_("That is far too long for an invite code (they are 16 letters and digits)."),
            N_("An invite code has only letters and digits ({shown} is not one), like ABCD-EFGH-IJKL-MNOP."),
            N_("An invite code is 16 letters and digits, like ABCD-EFGH-IJKL-MNOP (nothing was typed).")),
    True: (N_("That is far too long for a watch code (they are 16 letters and digits)."),
           N_("A watch code has only letters and digits ({shown} is not one), like ABCD-EFGH-IJKL-MNOP."),
           N_("A watch code is 16 letters and digits, like ABCD-EFGH-IJKL-MNOP (nothing was typed).")),
}


def code_key(text: str, watch: bool = False) -> str:
    """An invite code (a watch code, ``watch``) in the form the server knows: capitals, groups
    of four joined by dashes. Any case, dashes, spaces and underscores are taken. InviteError
    otherwise, in the player's language."""
    long, chars_only, empty = CODE_WORDS[watch]
    if len(text) > MAX_PASTE:
        raise InviteError(_(long))
    chars = [c for c in text.strip() if c not in SPACERS]
    raw = "".join(chars).upper()
    bad = [c for c in raw if c not in CODE_CHARS]
    if bad:
        shown = one_line(repr(bad[0]), 12) if not bad[0].isprintable() or bad[0].isspace() else f"“{bad[0]}”"
        raise InviteError(_(chars_only).format(shown=shown))
    if not raw:
        raise InviteError(_(empty))
    if not 4 <= len(raw) <= 32:
        n = len(raw)
        raise InviteError((ngettext("A watch code is 16 letters and digits, like ABCD-EFGH-IJKL-MNOP ({n} was typed).",
                                    "A watch code is 16 letters and digits, like ABCD-EFGH-IJKL-MNOP ({n} were typed).",
                                    n) if watch else
                           ngettext("An invite code is 16 letters and digits, like ABCD-EFGH-IJKL-MNOP ({n} was "
                                    "typed).", "An invite code is 16 letters and digits, like ABCD-EFGH-IJKL-MNOP ({n} "
                                    "were typed).", n)).format(n=n))
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def invite_line(url: str, code: str) -> str:
    """The line to pass to a friend: ``fate://host:port/CODE`` (``fates://`` for wss)."""
    scheme, rest = url.split("://", 1)
    line_scheme = next(k for k, v in LINE_SCHEMES.items() if v == scheme)
    return f"{line_scheme}://{rest.rstrip('/')}/{code_key(code)}"


def _unwrap(text: str) -> str:
    t = text.strip()
    for _step in range(4):  # "<fate://…>." in a mail, '"fate://…"' in a chat
        before = t
        t = t.rstrip(TRAILING).strip(WRAPPERS).strip()
        if t == before:
            break
    return t


def read_line(text: str) -> Invite | None:
    """A pasted invite line (or a server's address with its scheme): the address and the
    code it carries; None when the text is no such line (a bare code or address, for the
    field it was pasted into). InviteError (one line, plain words) for a line that cannot
    be an invite: a web page's address, another scheme, a bad code."""
    if len(text) > MAX_PASTE:
        raise InviteError(_("That is far too long to be an invite line or an address."))
    t = _unwrap(text)
    if "://" not in t:
        return None
    scheme, rest = t.split("://", 1)
    s = scheme.lower()
    if s in ("http", "https"):
        raise InviteError(_("That is a web page's address, not a game's: ask your friend for the invite line "
                            "from their Play Online page (it starts with fate://)."))
    if s in LINE_SCHEMES:
        where, _slash, code = rest.rstrip("/").rpartition("/")
        if not where:  # fate://host:port alone: an address without a code
            return Invite(_url(f"{LINE_SCHEMES[s]}://{rest}"), "")
        return Invite(_url(f"{LINE_SCHEMES[s]}://{where}"), code_key(code))
    if s in ("ws", "wss"):
        return Invite(_url(t), "")
    raise InviteError(_("That does not look like an invite: an invite line starts with fate:// (this one "
                        "starts with {scheme}://).").format(scheme=one_line(scheme, 12)))


def _url(address: str) -> str:
    try:
        return address_url(address)
    except ValueError as e:
        raise InviteError(str(e)) from None
