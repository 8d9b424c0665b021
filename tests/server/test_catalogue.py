"""The protocol's catalogue (fate/protocol/messages.py) is the one list of message types both
ends agree on: the server's door accepts exactly the client's types, its table of handlers
answers each of them, everything it sends is a server's type the client's door knows, every
error code it refuses with is named, and anything else is refused at the door with one line."""

from __future__ import annotations

import ast
import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from fate.engine import default_content, new_game
from fate.net.messages import CHAT_LINE, GAME_ROW, LOBBY_ROW, SEAT_INFO, SHAPES
from fate.protocol import TO_CLIENT, TO_SERVER, VERSION, ErrorCode, ToClient, ToServer
from fate.protocol.clock import SeatClock
from fate.protocol.messages import (
    TO_CLIENT_FIELDS,
    TO_SERVER_FIELDS,
    ListedGame,
    LobbyRow,
    SeatInfo,
    TalkLine,
)
from fate.server import views
from fate.server.aipool import AIPool
from fate.server.app import GameServer
from fate.server.clocks import LIVE, Clock
from fate.server.live import Live
from fate.server.protocol import ERRORS, TYPES, parse
from fate.server.sqlite_store import SqliteStore
from fate.server.storage import SeatRow, TableRow

SERVER = Path(__file__).resolve().parents[2] / "fate" / "server"


class Line:
    """A connection as the server sees one (fate/server/parts.py ``Conn``), keeping what it is sent."""

    def __init__(self) -> None:
        self.peer = self.address = "127.0.0.1"
        self.marks = False
        self.got: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.got.append(json.loads(json.dumps(message)))

    def send_text(self, text: str) -> None:
        self.got.append(json.loads(text))


@pytest.fixture
def server(tmp_path: Path):
    store = SqliteStore(tmp_path / "catalogue.sqlite")
    yield GameServer(store, default_content(), AIPool(0))
    asyncio.run(store.close())


def test_the_door_accepts_exactly_the_catalogues_client_types():
    assert set(TYPES) == set(ToServer) == TO_SERVER
    assert all(isinstance(t, ToServer) for t in TYPES)
    assert parse(json.dumps({"v": VERSION, "type": "lobby"})).type is ToServer.LOBBY


def test_the_handler_table_answers_every_client_type_and_nothing_else(server):
    assert set(server.handlers) == set(ToServer)
    owners = {type(h.__self__).__name__ for h in server.handlers.values()}
    assert owners == {"Seating", "AIDriver", "TakingBack", "Lobby", "Talk", "Spectators", "Fanout",
                      "Identities", "Standings", "Moderation", "Clocks"}
    assert len({(id(h.__self__), h.__func__) for h in server.handlers.values()}) == len(ToServer)  # one each


def _sent_types() -> dict[str, str]:
    """Every message type the server's code builds a message of: ``reply``'s first argument
    and a ``"type"`` written into a message by hand, by the file it is in."""
    found: dict[str, str] = {}
    for f in sorted(SERVER.glob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "reply":
                kind = node.args[0]
                assert isinstance(kind, ast.Attribute) and getattr(kind.value, "id", "") == "ToClient", \
                    f"{f.name}:{node.lineno}: a message type not named from the catalogue"
                found[ToClient[kind.attr]] = f.name
            for kw in node.keywords if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "dict" else []:
                if kw.arg == "type":  # a message made from another: dict(state, type=...)
                    assert isinstance(kw.value, ast.Attribute) and getattr(kw.value.value, "id", "") == "ToClient", \
                        f"{f.name}:{node.lineno}: a message type not named from the catalogue"
                    found[ToClient[kw.value.attr]] = f.name
            if isinstance(node, ast.JoinedStr) and '"type":"' in ast.unparse(node):
                assert "ToClient." in ast.unparse(node), f"{f.name}:{node.lineno}: a type written by hand"
                found[ToClient[ast.unparse(node).split("ToClient.")[1].split("}")[0]]] = f.name
    return found


def test_every_type_the_server_sends_is_in_the_catalogue_and_the_clients_door():
    sent = _sent_types()
    assert set(sent) == set(ToClient) == TO_CLIENT  # each is sent somewhere, and nothing else is
    assert set(SHAPES) == set(ToClient)  # the client's door (fate/net/messages.py) checks each one
    assert not TO_CLIENT & {"choose", "create", "join"}  # the two directions are not one list


def test_every_error_code_the_server_refuses_with_is_in_the_catalogue():
    codes = set()
    for f in sorted(SERVER.glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("ProtocolError", "error") \
                    and node.args and isinstance(node.args[0], ast.Constant):
                codes.add(node.args[0].value)
    assert len(codes) >= 20
    assert codes <= set(ErrorCode), sorted(codes - set(ErrorCode))
    assert tuple(ERRORS) == tuple(ErrorCode)


@pytest.mark.parametrize("kind", ["nope", "state", "CHOOSE", "", "_on_choose", "__init__"])
def test_an_unknown_type_is_refused_by_the_one_door_with_one_short_line(server, kind):
    """A type outside the client's list (a server's type, another case, a method's name) is
    answered with one ``unknown_type`` error carrying the request number, and nothing else."""
    line = Line()
    asyncio.run(server.handle(line, json.dumps({"v": VERSION, "type": kind, "rid": 7})))
    assert len(line.got) == 1
    err = line.got[0]
    assert err["type"] == "error" and err["code"] == "unknown_type" and err["rid"] == 7
    assert "\n" not in err["message"] and len(err["message"]) <= 200
    assert server.games == {}


def test_a_known_type_goes_to_its_handler(server):
    """``lobby`` (no fields) is answered by the lobby's handler through the table: a list."""
    line = Line()

    async def ask() -> None:
        await server.handle(line, json.dumps({"v": VERSION, "type": "lobby", "rid": 3}))

    asyncio.run(ask())
    assert [(m["type"], m.get("rid"), m["games"]) for m in line.got] == [("lobby", 3, [])]


def _keys(fields: type) -> tuple[set[str], set[str]]:
    """A TypedDict's required and optional keys."""
    return set(fields.__required_keys__), set(fields.__optional_keys__)


def test_the_catalogue_names_each_client_types_fields_as_the_door_checks_them():
    assert set(TO_SERVER_FIELDS) == set(ToServer)
    for kind, spec in TYPES.items():
        required, optional = _keys(TO_SERVER_FIELDS[kind])
        assert required == {f for f, (_, needed) in spec.items() if needed}, kind
        assert optional == {f for f, (_, needed) in spec.items() if not needed}, kind


def _shape_keys(shape: dict[str, Any]) -> tuple[set[str], set[str]]:
    return {k for k in shape if not k.endswith("?")}, {k[:-1] for k in shape if k.endswith("?")}


def test_the_catalogue_names_each_server_types_fields_as_the_clients_door_checks_them():
    assert set(TO_CLIENT_FIELDS) == set(ToClient)
    for kind, shape in SHAPES.items():
        assert _keys(TO_CLIENT_FIELDS[kind]) == _shape_keys(shape), kind
    for fields, shape in [(SeatInfo, SEAT_INFO), (LobbyRow, LOBBY_ROW), (ListedGame, GAME_ROW), (TalkLine, CHAT_LINE)]:
        assert _keys(fields) == _shape_keys(shape), fields.__name__


def test_what_the_server_builds_for_a_seat_has_exactly_the_catalogues_fields():
    """The messages of views.py, built from a real game, carry the catalogue's fields and no other."""
    content = default_content()
    g = new_game(content, 2, 7)
    events = g.take_events()
    clock = Clock(LIVE, decision=30, bank=300)  # a seat's clock as the server keeps it, running
    live = Live("g", g, [SeatRow("g", s, "host", token_hash="t", stand_in=s == 1) for s in range(2)], "h",
                table=TableRow("g", clock=clock.text()))
    live.deadline = time.time() + 30
    seats: list[dict[str, Any]] = live.seat_list()
    assert set(seats[0]["clock"]) == set(SeatClock.__required_keys__)
    assert seats[0]["clock"]["left"] > 0 and seats[1]["clock"]["out"]
    built = [views.state("g", g, 0, events, content, seats, 5), views.undone("g", g, 1, events, content, seats),
             views.spectate("g", g, events, content, seats), views.chronicle("g", g, 0, content, None, True)]
    for m in built:
        required, optional = _keys(TO_CLIENT_FIELDS[m["type"]])
        assert required <= set(m) - {"v", "type", "rid"} <= required | optional, m["type"]
        assert set(seats[0]) == set(SeatInfo.__required_keys__)
