"""My online games' file (fate/net/mygames.py) is untrusted: whatever a row holds, it loads
without an error, and a game said to be hosted here names a port the window can start a server
on (a row that cannot is read as a game on another computer)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from fate.net.mygames import MyGames, port_of

VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=40),
                      lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                   max_size=4), max_leaves=12)
SERVERS = st.sampled_from(["ws://127.0.0.1:8765", "ws://127.0.0.1:8826/", "ws://localhost", "wss://a.b:1/x",
                           "ws://[::1]:8765", "ws://h:99999", "ws://h:0", "ws://h:", "ws://a@b:80"]) | st.text(max_size=30)
ROWS = st.fixed_dictionaries({"server": SERVERS, "game": st.sampled_from(["game1", "g" * 40, ""]) | st.text(max_size=9),
                              "token": st.sampled_from(["t" * 32]) | st.text(max_size=40),
                              "seats": st.lists(st.integers(-1, 5), max_size=5)},
                             optional={"hosted_here": st.booleans() | VALUES, "host": VALUES, "paused_by": VALUES,
                                       "home_host": VALUES, "invites": VALUES, "muted": VALUES, "watch": VALUES,
                                       "added": VALUES})


@given(st.lists(ROWS | VALUES, max_size=5))
def test_any_rows_load_and_a_game_hosted_here_names_a_port(tmp_path_factory, rows):
    where = tmp_path_factory.mktemp("mine") / "online.json"
    where.write_text(json.dumps({"games": rows}))
    mine = MyGames(where)
    assert mine.problem == ""
    for g in mine.games:
        assert not g.hosted_here or 0 < port_of(g.server) < 65536
        assert isinstance(g.paused_by, str) and isinstance(g.home_host, str) and len(g.home_host) <= 24


def test_the_port_of_a_server_this_computer_hosts():
    assert [port_of(s) for s in ("ws://127.0.0.1:8826", "ws://127.0.0.1:8826/", "ws://localhost", "ws://h:99999",
                                 "ws://a@b:80", "ws://h:80/x")] == [8826, 8826, None, None, None, None]
