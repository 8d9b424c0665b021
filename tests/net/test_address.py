"""Server addresses as typed (fate/net/address.py): the one parser of every field and of the link.

Whatever is typed is either a URL the WebSocket client itself takes, with the port it will
connect to, or one AddressError line in plain words, never another exception (the link's
thread died of "Port out of range" before). Two addresses run together (a field whose text
was not replaced) and ports out of range are refused; a link given a bad address says so
at once instead of leaving the screen on "Joining…".
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.uri import parse_uri

from fate.net.address import AddressError, check_url, server_url
from fate.net.link import Link
from fate.net.mygames import MyGames

hosts = st.one_of(
    st.tuples(*[st.integers(0, 255)] * 4).map(lambda t: ".".join(map(str, t))),
    st.from_regex(r"[a-z][a-z0-9-]{0,20}(\.[a-z][a-z0-9-]{0,10}){0,2}", fullmatch=True),
    st.sampled_from(["[::1]", "[fe80::1]", "localhost"]),
)
ports = st.integers(1, 65535)
typed = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="0123456789.:/[]abcwsfte,-@ ", max_size=50),
    st.builds(lambda h, p, tail: f"{h}:{p}{tail}", hosts, st.integers(-5, 10**7).map(str) | st.text(max_size=4),
              st.text(alphabet="0123456789.:abc/", max_size=12)),
)


def plain(line: str) -> None:
    assert line and "\n" not in line and len(line) <= 200 and "Traceback" not in line


@given(typed)
def test_anything_typed_is_a_url_the_client_takes_or_one_plain_line(text):
    try:
        urls = server_url(text)
    except AddressError as e:
        plain(str(e))
        return
    for url in urls.split(","):
        uri = parse_uri(url)  # the client's own parser: it raised "Port out of range" before
        assert 1 <= uri.port <= 65535 and urlsplit(url).port == uri.port
    assert check_url(urls) == urls.split(",")  # what a field gives, the link takes as it is


@given(hosts, ports, st.sampled_from(["", "ws://", "wss://", "fate://"]))
def test_an_address_with_its_port_is_that_server(host, port, scheme):
    url = server_url(f"{scheme}{host}:{port}")
    assert url == f"{'wss' if scheme == 'wss://' else 'ws'}://{host}:{port}"
    assert server_url(host) == f"ws://{host}:8765"


@given(hosts, ports, hosts, st.none() | ports)
def test_two_addresses_run_together_are_refused(a, pa, b, pb):
    with pytest.raises(AddressError) as e:
        server_url(f"{a}:{pa}{b}" + (f":{pb}" if pb is not None else ""))
    plain(str(e.value))


@pytest.mark.parametrize("text, says", [
    ("192.0.2.2:99999", "from 1 to 65535"), ("host:0", "from 1 to 65535"), ("host:", "no port"),
    ("192.168.1.20:8765192.168.1.20:8765", "two addresses run together"),
    ("192.168.1.20:8765192.168.1.20", "two addresses run together"),
    ("192.168.1.256", "0 to 255"), ("ho st", "no spaces"), ("http://h:1", "web page"),
    ("a..b:1", "not a computer's name"), ("[::g]:1", "IPv6"), ("h:8x", "two addresses run together"),
])
def test_what_is_wrong_is_said_in_plain_words(text, says):
    with pytest.raises(AddressError) as e:
        server_url(text)
    assert says in str(e.value) and "ws://" not in str(e.value)


@pytest.mark.parametrize("retry", [False, True])
def test_a_link_given_a_bad_address_says_so_and_its_thread_ends(content, retry):
    link = Link("ws://192.0.2.2:99999", content, retry=retry)
    end = time.monotonic() + 5
    got: list[dict] = []
    while time.monotonic() < end and not got:
        got = link.poll()
        time.sleep(0.01)
    assert got and got[0]["type"] == "problem" and got[0]["fatal"] and "65535" in got[0]["message"]
    link._thread.join(2)
    assert link.status == "failed" and not link._thread.is_alive()


def test_nothing_bad_is_remembered_as_a_server(tmp_path):
    import json

    path = tmp_path / "online.json"
    mine = MyGames(path)
    for a in ("192.0.2.2:99999", "10.0.0.1:876510.0.0.2:8765", "good.example:9000", "h:0"):
        mine.used(a)
    assert mine.used_servers == ["good.example:9000"] and mine.last_server == "good.example:9000"
    data = json.loads(path.read_text())
    data.update(servers=["192.0.2.2:99999", "ok:1", "a:1b:2"], last_server="192.0.2.2:99999", address="x:99999")
    path.write_text(json.dumps(data))
    again = MyGames(path)
    assert again.used_servers == ["ok:1"] and again.last_server == "" and again.address == ""
