"""The player's keys on this computer (fate/net/identity.py): one for each server, kept across
restarts, readable by this user only, and a damaged file never a crash."""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from fate.net.identity import KeyRing
from fate.protocol.proof import decode, encode, verify


def test_a_key_for_each_server_kept_across_restarts_and_for_this_user_only(tmp_path):
    ring = KeyRing(tmp_path / "identity.json")
    a, b = ring.for_server("ws://a.example:8765"), ring.for_server("wss://b.example/")
    assert a.key != b.key
    again = KeyRing(tmp_path / "identity.json")
    assert again.for_server("ws://a.example:8765").key == a.key and again.servers() == [
        "ws://a.example:8765", "wss://b.example/"]
    nonce = os.urandom(32)
    assert verify(a.key, again.for_server("ws://a.example:8765").prove(encode(nonce)), nonce)
    if os.name == "posix":
        assert stat.S_IMODE((tmp_path / "identity.json").stat().st_mode) == 0o600
    again.moved("ws://a.example:8765", "ws://a.example:9000")
    assert KeyRing(tmp_path / "identity.json").for_server("ws://a.example:9000").key == a.key


def test_a_damaged_file_is_read_from_its_copy_and_set_aside(tmp_path):
    ring = KeyRing(tmp_path / "identity.json")
    first = ring.for_server("ws://a.example:8765").key
    ring.for_server("ws://b.example:8765")  # a second write: the first is the copy now
    (tmp_path / "identity.json").write_text("{not json")
    back = KeyRing(tmp_path / "identity.json")
    assert back.problem.startswith(str(tmp_path / "identity.json")) and "set aside" in back.problem
    assert back.for_server("ws://a.example:8765").key == first  # from identity.json.bak
    assert (tmp_path / "identity.json.damaged").exists()


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=60),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=40), kids, max_size=4),
    max_leaves=20).map(lambda x: json.dumps({"format": 1, "keys": x}).encode())))
def test_whatever_the_file_holds_the_ring_opens_and_every_key_it_gives_is_one(raw):
    with tempfile.TemporaryDirectory() as d:
        where = Path(d) / "identity.json"
        where.write_bytes(raw)
        ring = KeyRing(where)
        for server in ring.servers() + ["ws://new.example:1"]:
            key = ring.for_server(server).key
            assert len(decode(key)) == 32
        assert all(s.startswith(("ws://", "wss://")) for s in ring.servers())
