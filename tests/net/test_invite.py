"""Invite lines and codes (fate/net/invite.py): what a player pastes or types into Join.

A line written by the game reads back to the same address and code however it travels
(any case, a slash, quotes, a full stop); a code is taken in any case, with or without
dashes or spaces; anything else is one InviteError line in plain words, never a crash and
never "ws://" jargon."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fate.net.invite import (
    CODE_CHARS,
    MAX_PASTE,
    Invite,
    InviteError,
    code_key,
    invite_line,
    read_line,
)
from fate.net.mygames import address_url

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # the server's codes: base32 (fate/server/handlers.py)
codes = st.text(ALPHABET, min_size=16, max_size=16).map(lambda r: "-".join(r[i:i + 4] for i in range(0, 16, 4)))
hosts = st.one_of(
    st.tuples(*[st.integers(0, 255)] * 4).map(lambda t: ".".join(map(str, t))),
    st.from_regex(r"[a-z][a-z0-9-]{0,20}(\.[a-z][a-z0-9-]{0,10}){0,2}", fullmatch=True),
)
ports = st.integers(1, 65535)


def jargon_free(line: str) -> None:
    assert "ws://" not in line and "wss://" not in line and "\n" not in line and len(line) <= 200


@given(hosts, ports, codes, st.sampled_from(["ws", "wss"]))
def test_a_line_the_game_writes_reads_back_to_its_address_and_code(host, port, code, scheme):
    url = f"{scheme}://{host}:{port}"
    line = invite_line(url, code)
    assert line.startswith("fate://" if scheme == "ws" else "fates://") and line.endswith(code)
    assert read_line(line) == Invite(url, code)


@given(hosts, ports, codes, st.sampled_from(["{}", "{}/", " {} ", "<{}>", '"{}"', "{}.", "({}).", "`{}`"]),
       st.booleans())
def test_a_line_is_read_however_it_travels(host, port, code, wrap, upper):
    line = wrap.format(invite_line(f"ws://{host}:{port}", code))
    line = line.upper() if upper else line
    got = read_line(line)
    assert got is not None and got.code == code
    assert got.url == f"ws://{host.upper() if upper else host}:{port}"


@given(codes, st.data())
def test_a_code_is_taken_in_any_case_with_or_without_dashes_or_spaces(code, data):
    raw = code.replace("-", "")
    typed = "".join(c.lower() if data.draw(st.booleans()) else c for c in raw)
    cuts = data.draw(st.lists(st.tuples(st.integers(0, 16), st.sampled_from(["-", " ", "  ", "_"])), max_size=6))
    for at, sep in sorted(cuts, reverse=True):
        typed = typed[:at] + sep + typed[at:]
    assert code_key(typed) == code
    assert code_key(f"  {typed}  ") == code


@settings(max_examples=300)
@given(st.text(max_size=MAX_PASTE + 40))
def test_any_paste_is_a_line_nothing_or_one_plain_line_of_why(text):
    try:
        got = read_line(text)
    except InviteError as e:
        jargon_free(str(e))
        return
    if got is not None:
        assert got.url.startswith(("ws://", "wss://"))
        assert got.code == "" or all(c in CODE_CHARS or c == "-" for c in got.code)


@settings(max_examples=300)
@given(st.text(max_size=MAX_PASTE + 40))
def test_any_typed_code_is_the_servers_form_or_one_plain_line_of_why(text):
    try:
        key = code_key(text)
    except InviteError as e:
        jargon_free(str(e))
        return
    groups = key.split("-")
    assert all(1 <= len(g) <= 4 for g in groups) and all(len(g) == 4 for g in groups[:-1])
    assert set("".join(groups)) <= CODE_CHARS


@pytest.mark.parametrize("pasted", ["https://fate.example/join/ABCD", "http://192.168.1.20:8765/",
                                    "HTTPS://x.example", "ftp://192.168.1.20/ABCD-EFGH-IJKL-MNOP",
                                    "fate://192.168.1.20:8765/ABCD-EFGH-IJKL-MN*P"])
def test_a_web_address_or_another_scheme_is_plain_words(pasted):
    with pytest.raises(InviteError) as e:
        read_line(pasted)
    jargon_free(str(e.value))
    assert "fate://" in str(e.value) or "letters and digits" in str(e.value)


@pytest.mark.parametrize("typed", ["https://fate.example/", "ftp://10.0.0.2", "HTTP://10.0.0.2:8765"])
def test_a_typed_address_of_another_scheme_is_plain_words(typed):
    with pytest.raises(ValueError) as e:
        address_url(typed)
    jargon_free(str(e.value))


def test_an_address_alone_and_a_bare_code_are_no_line():
    assert read_line("192.168.1.20:8765") is None and read_line("abcd efgh ijkl mnop") is None
    assert read_line("fate://192.168.1.20:8765") == Invite("ws://192.168.1.20:8765", "")
    assert read_line("fates://games.example/wxyz-2345-abcd-efgh") == Invite("wss://games.example:8765",
                                                                           "WXYZ-2345-ABCD-EFGH")
