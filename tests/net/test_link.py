"""The game's connection and its files, against real sockets on loopback: a server process of
the game, a web server that is not one, a server of another protocol version."""

from __future__ import annotations

import asyncio
import http.server
import json
import sqlite3
import threading
import time

import pytest
from websockets.asyncio.server import serve

from fate.net.link import Link
from fate.net.messages import VERSION
from fate.net.mygames import MyGames, OnlineGame, address_url
from tests.server.conftest import ServerProcess


def messages(link: Link, until, limit: float = 30.0) -> list[dict]:
    got: list[dict] = []
    end = time.monotonic() + limit
    while time.monotonic() < end:
        got += link.poll()
        if until(got):
            return got
        time.sleep(0.02)
    raise AssertionError(f"nothing came in time: {got}")


def test_a_web_server_that_is_not_a_game_server_is_one_line(content):
    httpd = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        link = Link(f"ws://127.0.0.1:{httpd.server_port}", content, retry=False)
        got = messages(link, lambda g: any(m.get("fatal") for m in g))
        assert link.status == "failed"
        assert got[-1]["message"] == (f"Something answers at 127.0.0.1:{httpd.server_port}, but it is not a "
                                      "Fate of the Elder Gods server.")
        link.close()
    finally:
        httpd.shutdown()


def test_a_server_of_another_version_is_one_line(content):
    ready = threading.Event()
    port: list[int] = []
    stop = threading.Event()

    async def other(ws):
        async for _ in ws:
            await ws.send(json.dumps({"v": VERSION + 1, "type": "error", "code": "bad_version", "message": "v+1 here"}))

    async def main():
        async with serve(other, "127.0.0.1", 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)

    t = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    t.start()
    ready.wait(10)
    link = Link(f"ws://127.0.0.1:{port[0]}", content, retry=False)
    link.send("claim", code="ABCD-EFGH")
    got = messages(link, lambda g: any(m["type"] == "problem" for m in g))
    line = next(m for m in got if m["type"] == "problem")["message"]
    assert f"protocol version {VERSION + 1}; this game speaks version {VERSION}" in line
    link.close()
    stop.set()
    t.join(10)


def test_a_lost_connection_comes_back_by_itself_and_an_unanswered_choice_is_applied_once(tmp_path, content):
    db = tmp_path / "s.sqlite"
    srv = ServerProcess(f"sqlite:{db}", "--ai-workers", "0").start()
    again = None
    try:
        link = Link(srv.url, content)
        link.send("create", seats=[{"kind": "host", "name": "Ann"}, {"kind": "ai", "level": "random"}], seed=5)
        got = messages(link, lambda g: any(m["type"] == "state" for m in g))
        made = next(m for m in got if m["type"] == "created")
        first = next(m for m in got if m["type"] == "state")
        link.set_greeting([{"type": "join", "game": made["game"], "token": made["token"]}])
        srv.kill()
        messages(link, lambda g: any(m["type"] == "offline" for m in g))
        assert link.status == "reconnecting"
        cid = first["prompt"]["choices"][0]["id"]
        link.send("choose", resend=True, game=made["game"], seat=0, decision=first["decision"], choice=cid)
        again = ServerProcess(f"sqlite:{db}", "--ai-workers", "0", "--port", srv.url.rsplit(":", 1)[1]).start()
        got = messages(link, lambda g: any(m["type"] == "state" and m["decision"] > first["decision"] for m in g))
        assert [m["type"] for m in got][:2] == ["online", "joined"]
        assert not any(m["type"] in ("error", "problem") for m in got)
        link.close()
        with sqlite3.connect(db) as c:
            assert c.execute("SELECT choice FROM moves WHERE game=? AND decision=?",
                             (made["game"], first["decision"])).fetchall() == [(cid,)]
    finally:
        srv.stop()
        if again is not None:
            again.stop()


def test_a_greeting_set_after_the_link_is_online_is_sent_on_that_connection(tmp_path, content):
    """A table's ``join`` set a moment after its link opened (a busy computer runs the link's
    thread first) is said on the open connection: once, the table sat at "Joining…" for good."""
    srv = ServerProcess(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0").start()
    try:
        maker = Link(srv.url, content)
        maker.send("create", seats=[{"kind": "host"}, {"kind": "host"}], seed=5)
        made = next(m for m in messages(maker, lambda g: any(m["type"] == "created" for m in g))
                    if m["type"] == "created")
        maker.close()
        link = Link(srv.url, content)
        messages(link, lambda g: any(m["type"] == "online" for m in g))  # online, with nothing to say yet
        assert link.set_greeting([{"type": "join", "game": made["game"], "token": made["token"]}]) is True
        got = messages(link, lambda g: any(m["type"] == "state" for m in g))
        assert [m["type"] for m in got].count("joined") == 1
        link.close()
        # a link already in use (a claim, a watch, the game before a rematch): the caller says what it
        # needs itself, and the greeting opens only the connections to come; nothing is said twice
        used = Link(srv.url, content)
        used.send("games", tokens=[made["token"]])
        messages(used, lambda g: any(m["type"] == "games" for m in g))
        assert used.set_greeting([{"type": "join", "game": made["game"], "token": made["token"]}]) is False
        used.send("join", game=made["game"], token=made["token"])
        got = messages(used, lambda g: any(m["type"] == "state" for m in g))
        time.sleep(0.5)
        got += used.poll()
        assert [m["type"] for m in got].count("joined") == 1
        used.close()
    finally:
        srv.stop()


def test_my_games_survive_a_restart_and_a_damaged_file_is_set_aside(tmp_path):
    where = tmp_path / "online.json"
    mine = MyGames(where)
    mine.address, mine.name = "192.168.1.20:8765", "Bob"
    mine.add(OnlineGame("ws://192.168.1.20:8765", "game1", "t" * 32, [1]))
    again = MyGames(where)
    assert again.problem == "" and again.name == "Bob" and again.address == "192.168.1.20:8765"
    assert [(g.server, g.game, g.token, g.seats) for g in again.games] == [("ws://192.168.1.20:8765", "game1",
                                                                             "t" * 32, [1])]
    where.write_text('{"games": [')
    broken = MyGames(where)
    assert broken.games == [] and "set aside" in broken.problem and "\n" not in broken.problem
    assert (tmp_path / "online.json.damaged").exists()


@pytest.mark.parametrize("typed, url", [
    ("192.168.1.20", "ws://192.168.1.20:8765"), ("host:9000", "ws://host:9000"),
    ("wss://fate.example/", "wss://fate.example:8765/"), (" 10.0.0.2:8765 ", "ws://10.0.0.2:8765"),
])
def test_an_address_as_typed_becomes_a_server_url(typed, url):
    assert address_url(typed) == url


@pytest.mark.parametrize("typed", ["", "http://x", "a b", "x" * 300])
def test_an_address_that_cannot_be_one_is_one_line(typed):
    with pytest.raises(ValueError) as e:
        address_url(typed)
    assert "\n" not in str(e.value)


def test_a_limit_reached_is_said_in_plain_words_naming_the_limit_not_the_code(tmp_path):
    """A server's real ``too_many`` refusal (its second game from one address, with one allowed)
    becomes one plain line naming the limit; a refusal with an odd message stays one line."""
    from fate.net.client import Client, ServerError
    from fate.net.link import error_words

    srv = ServerProcess(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0", "--max-games", "1").start()
    try:
        async def main():
            c = await Client(srv.url).connect()
            await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
            with pytest.raises(ServerError) as e:
                await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
            await c.close()
            return {"type": "error", "code": e.value.code, "message": e.value.message}

        refused = asyncio.run(main())
    finally:
        srv.stop()
    words = error_words(refused)
    assert refused["code"] == "too_many"
    assert words == ("Your network has asked this server for all it allows one address (more than 1 game "
                     "created in an hour); try again later.")
    odd = error_words({"type": "error", "code": "too_many", "message": "more than\n" + "x" * 500})
    assert "\n" not in odd and "too_many" not in odd and len(odd) < 200


def test_a_name_the_server_refuses_is_said_as_the_servers_reason_in_one_line(tmp_path):
    """A real ``bad_name`` (a friend claiming with the name "Host") reads as why, not as a code."""
    from fate.net.client import Client, ServerError
    from fate.net.link import error_words

    srv = ServerProcess(f"sqlite:{tmp_path / 's.sqlite'}", "--ai-workers", "0").start()
    try:
        async def main():
            c = await Client(srv.url).connect()
            made = await c.request("create", seats=[{"kind": "host"}, {"kind": "remote"}])
            friend = await Client(srv.url).connect()
            with pytest.raises(ServerError) as e:
                await friend.request("claim", code=made["invites"][0]["code"], name="Host")
            await c.close()
            await friend.close()
            return {"type": "error", "code": e.value.code, "message": e.value.message}

        refused = asyncio.run(main())
    finally:
        srv.stop()
    words = error_words(refused)
    assert refused["code"] == "bad_name"
    assert words.startswith("That name cannot be used here: ") and "Host" in words and "bad_name" not in words
    odd = error_words({"type": "error", "code": "bad_name", "message": "x\n" * 300})
    assert "\n" not in odd and len(odd) < 220


def test_who_paused_a_game_and_whose_computer_hosts_it_survive_a_restart_and_bad_values_are_dropped(tmp_path):
    """My online games keeps who paused a game and whose own computer serves it (it waits for
    them when the server does not answer); a name that cannot be one is read as none."""
    where = tmp_path / "online.json"
    mine = MyGames(where)
    mine.add(OnlineGame("ws://192.168.1.20:8765", "game1", "t" * 32, [1]))
    mine.add(OnlineGame("ws://192.168.1.20:8765", "game2", "u" * 32, [1]))
    mine.paused("ws://192.168.1.20:8765", "game1", "Ann")
    mine.home_of("ws://192.168.1.20:8765", "game1", "Ann")
    mine.home_of("ws://192.168.1.20:8765", "game2", "")  # the host gave no name
    again = MyGames(where)
    assert [(g.paused_by, g.home_host) for g in again.games] == [("Ann", "Ann"), ("", "the host")]
    data = json.loads(where.read_text())
    data["games"][0].update(paused_by="x" * 25, home_host="\x07bell")
    data["games"][1].update(paused_by=3, home_host=["Ann"])
    where.write_text(json.dumps(data))
    assert [(g.paused_by, g.home_host) for g in MyGames(where).games] == [("", ""), ("", "")]
