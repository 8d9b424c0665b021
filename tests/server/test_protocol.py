"""The one door for client messages (fate/server/protocol.py): anything at all is either a
checked Message or one ProtocolError (a ValueError) with a short message."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fate.server.protocol import (
    MAX_CHAT,
    MAX_DELAY,
    MAX_MESSAGE,
    TYPES,
    VERSION,
    ProtocolError,
    parse,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
keys = st.sampled_from(["v", "type", "rid", "game", "token", "seat", "decision", "choice", "seats", "code",
                        "tokens", "level", "seed", "kind", "group", "invite_hours"])
near_messages = st.fixed_dictionaries(
    {"v": st.sampled_from([VERSION, VERSION, VERSION, 0, VERSION + 1, str(VERSION), True, None]), "type": st.sampled_from(list(TYPES) + ["x", 3])},
    optional={k: json_values for k in ["rid", "game", "token", "seat", "decision", "choice", "seats", "code",
                                       "tokens", "level", "seed"]},
)


def refused_or_message(raw) -> None:
    try:
        m = parse(raw)
    except ProtocolError as e:
        assert isinstance(e, ValueError)
        assert e.code and 0 < len(e.message) <= 200
        return
    assert m.type in TYPES
    for name, (_, required) in TYPES[m.type].items():
        assert name in m.fields or not required


@given(st.text(max_size=300))
def test_any_text_is_a_message_or_one_error(raw):
    refused_or_message(raw)


@given(st.binary(max_size=100))
def test_binary_frames_are_refused(raw):
    with pytest.raises(ProtocolError):
        parse(raw)


@given(json_values)
def test_any_json_is_a_message_or_one_error(value):
    refused_or_message(json.dumps(value))


@given(near_messages)
def test_messages_close_to_valid_are_a_message_or_one_error(value):
    refused_or_message(json.dumps(value))


@given(st.dictionaries(keys, json_values, max_size=8))
def test_random_fields_are_a_message_or_one_error(value):
    refused_or_message(json.dumps(value))


@given(st.sampled_from(["q" * 20 + "-_abc", "ABCDEFGHIJKLMNOPQRSTUVWX"]), st.integers(0, 3),
       st.integers(0, 10**7), st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=120))
def test_a_valid_choose_parses_to_its_fields(game, seat, decision, choice):
    m = parse(json.dumps({"v": VERSION, "type": "choose", "game": game, "seat": seat,
                          "decision": decision, "choice": choice, "rid": 7}))
    assert (m.type, m["game"], m["seat"], m["decision"], m["choice"], m.rid) == \
        ("choose", game, seat, decision, choice, 7)


def code_of(raw) -> str:
    with pytest.raises(ProtocolError) as e:
        parse(raw)
    return e.value.code


def test_an_unknown_version_gets_one_clear_error():
    with pytest.raises(ProtocolError) as e:
        parse(json.dumps({"v": VERSION + 1, "type": "join"}))
    assert e.value.code == "bad_version" and f"speaks version {VERSION}" in e.value.message
    with pytest.raises(ProtocolError) as e:  # a client of the version before (no lobby, no spectators)
        parse(json.dumps({"v": VERSION - 1, "type": "join", "game": "g", "token": "t" * 20}))
    assert e.value.code == "bad_version" and f"protocol version {VERSION - 1} is not spoken here" in e.value.message


def test_oversized_deep_malformed_and_odd_messages_are_refused_by_reason():
    assert code_of("x" * (MAX_MESSAGE + 1)) == "too_big"
    assert code_of("[" * 3000 + "]" * 3000) == "bad_message"
    assert code_of("{not json") == "bad_json"
    assert code_of('{"v": ' + str(VERSION) + ', "type": "choose", "game": "abc", "seat": NaN}') == "bad_json"
    assert code_of("[1, 2]") == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "hack"})) == "unknown_type"
    assert code_of(json.dumps({"v": VERSION, "type": "join", "game": "g", "token": "short"})) == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "choose", "game": "g", "seat": 9, "decision": 0,
                               "choice": "x"})) == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "choose", "game": "g", "seat": True, "decision": 0,
                               "choice": "x"})) == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "leave", "game": "g", "extra": 1})) == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "create", "seats": [{"kind": "ai", "level": "god"}]})) == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "create", "seats": [{"kind": "host"}] * 5})) == "bad_message"


def test_error_messages_are_cut_to_200_characters():
    with pytest.raises(ProtocolError) as e:
        parse(json.dumps({"v": VERSION, "type": "join", "game": "g" * 5000, "token": "t"}))
    assert len(e.value.message) <= 200
    assert len(ProtocolError("x", "y" * 1000).message) == 200


def test_a_seed_passes_the_door_only_when_every_human_seat_is_the_creators():
    friend = [{"kind": "host"}, {"kind": "remote"}]
    assert code_of(json.dumps({"v": VERSION, "type": "create", "seed": 1, "seats": friend})) == "bad_message"
    assert parse(json.dumps({"v": VERSION, "type": "create", "seats": friend})).get("seed") is None
    mine = [{"kind": "host"}, {"kind": "ai", "level": "easy"}, {"kind": "host"}]
    assert parse(json.dumps({"v": VERSION, "type": "create", "seed": 1, "seats": mine}))["seed"] == 1


def test_a_name_holding_a_lone_surrogate_is_a_bad_message():
    for name in ("\ud800", "Ann\udfff", "\udc00\ud800"):
        assert code_of(json.dumps({"v": VERSION, "type": "claim", "code": "ABCD-EFGH", "name": name})) == "bad_message"
        assert code_of(json.dumps({"v": VERSION, "type": "create", "seats": [{"kind": "host", "name": name}]})) \
            == "bad_message"
    assert parse(json.dumps({"v": VERSION, "type": "claim", "code": "ABCD-EFGH", "name": "Ann 😀"}))["name"] == "Ann 😀"


def test_docs_protocol_names_the_version_the_server_speaks():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    found = re.findall(r"\(version (\d+)\)|the protocol version: `(\d+)`|`v` is not (\d+)", text)
    said = [int(n) for groups in found for n in groups if n]
    assert len(said) == 3 and set(said) == {VERSION}  # the title, the field, the error


@settings(max_examples=300)
@given(st.text(max_size=400))
def test_a_line_of_table_talk_is_a_message_or_one_error(text):
    """Table talk is untrusted text: at most 160 characters, one line, no control character."""
    try:
        m = parse(json.dumps({"v": VERSION, "type": "chat", "game": "g", "text": text}))
    except ProtocolError as e:
        assert e.code == "bad_message" and len(e.message) <= 200
        return
    said = m["text"]
    assert 1 <= len(said) <= MAX_CHAT and said.strip()
    assert not any(unicodedata.category(ch) in ("Cc", "Cs") or ch in "\u2028\u2029" for ch in said)


def test_watch_takes_a_code_or_a_public_game_never_both():
    assert code_of(json.dumps({"v": VERSION, "type": "watch"})) == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "watch", "game": "g", "code": "ABCD"})) == "bad_message"
    assert parse(json.dumps({"v": VERSION, "type": "watch", "code": "abcd-efgh"}))["code"] == "abcd-efgh"
    assert code_of(json.dumps({"v": VERSION, "type": "create", "seats": [{"kind": "host"}],
                               "watch_delay": MAX_DELAY + 1})) == "bad_message"
    assert code_of(json.dumps({"v": VERSION, "type": "create", "seats": [{"kind": "host"}], "public": 1})) \
        == "bad_message"


def test_docs_protocol_lists_every_message_and_error_of_the_code():
    """The doc is held to the code: every type a client may send, every type the game reads
    from a server, every error code, in docs/protocol.md's tables."""
    from pathlib import Path

    from fate.net.messages import SHAPES
    from fate.server.protocol import ERRORS

    text = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    client = text.split("## Client to server", 1)[1].split("## Server to client", 1)[0]
    server = text.split("## Server to client", 1)[1].split("## Errors", 1)[0]
    errors = text.split("## Errors", 1)[1].split("## Secrets", 1)[0]
    rows = lambda part: set(re.findall(r"^\| `(\w+)`", part, re.M))  # noqa: E731
    assert set(TYPES) <= rows(client), set(TYPES) - rows(client)
    named = {n for cell in re.findall(r"^\| ([^|]+) \|", server, re.M) for n in re.findall(r"`(\w+)`", cell)}
    assert set(SHAPES) <= named, set(SHAPES) - named
    assert set(ERRORS) - {"not_joined"} <= rows(errors), set(ERRORS) - rows(errors)
