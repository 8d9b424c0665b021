"""The online table's session keeps to what its server sent: a seat's own view, and for a screen
shared by several seats, nothing but what every seat may see."""

from __future__ import annotations

import json
import random

from fate.engine import new_game, view
from fate.ui.online.heard import public


def views_of(content, players=3, decisions=60, seed=8):
    g = new_game(content, players, seed)
    rnd = random.Random(seed)
    for _ in range(decisions):
        g.apply(rnd.choice(g.pending().choices))
    return g


def test_the_public_view_of_a_seats_view_is_the_engines_spectator_view(content):
    g = views_of(content)
    for seat in range(g.n):
        mine = json.loads(json.dumps(view(g, seat)))
        spectator = json.loads(json.dumps(view(g, None)))
        assert public(mine) == spectator


def test_both_sessions_answer_the_table_alike_from_the_same_game(content):
    """The table's contract (``TableSession``): an online session fed the server's states of a
    game (fate/server/views.py, through the client's one parser) tells the turn, whose turn,
    the decision's number and the decision asked as a local session around the same game does;
    only the local one holds the game."""
    from fate.net.link import Link
    from fate.net.messages import parse
    from fate.server import views
    from fate.ui.online.session import NetSession
    from fate.ui.session import SeatConfig, Session

    seats = [{"seat": s, "kind": "host", "level": "", "name": "", "claimed": True, "resigned": False, "here": True,
              "clock": None}
             for s in range(3)]
    g = views_of(content, decisions=30)
    link = Link("ws://127.0.0.1:1", content, retry=False)  # never online: the messages are fed by hand
    net = NetSession(content, link, "g", "t" * 20, [0, 1, 2])
    local = Session.from_game(content, [SeatConfig() for _ in range(3)], g.clone())
    try:
        rnd = random.Random(5)
        for _ in range(8):
            p = g.pending()
            net.take([parse(json.dumps(views.state("g", g, p.seat, [], content, seats)), content)])
            assert net.game is None and local.game is not None
            assert (net.turn, net.current, net.decision) == (local.turn, local.current, local.decision) == (
                g.turn, g.cur, len(g.choices_made))
            got, want = net.prompt(), local.prompt()
            assert got is not None and want is not None
            assert (got.seat, got.kind, got.text, got.context) == (want.seat, want.kind, want.text, want.context)
            assert [(c.id, c.label) for c in got.choices] == [(c.id, c.label) for c in want.choices]
            cid = rnd.choice(p.choices).id
            g.apply(cid)
            local.apply(cid)
    finally:
        net.close()
        local.close()


def test_during_the_draft_a_shared_screen_shows_no_god_already_kept(content):
    """Seat 0 has kept its god, seat 1 is still choosing at the same screen: the public view of
    seat 0's own view hides seat 0's god too, as the local table's spectator view does."""
    from fate.engine.view import hide_draft

    g = new_game(content, 2, 4)
    g.apply(g.pending().choices[0])
    assert g.pending().kind == "draft" and g.gods[0] >= 0
    for seat in range(g.n):
        mine = hide_draft(json.loads(json.dumps(view(g, seat))), seat)
        shown = public(mine)
        assert [row["god"] for row in shown["seats"]] == [None, None]
        assert shown == hide_draft(json.loads(json.dumps(view(g, None))), None)


def test_the_table_goes_back_on_undone_and_on_a_lower_state_after_a_reconnection(content):
    """Messages as a server makes them (fate/server/views.py), through the client's one parser:
    ``undone`` drops the seat's events of the decisions taken back; after a reconnection a state
    at a lower decision (taken back while away) is the server's word, and the chronicle that
    follows replaces the log."""
    from fate.net.link import Link
    from fate.net.messages import parse
    from fate.server import views
    from fate.ui.online.session import NetSession

    seats = [{"seat": s, "kind": "host", "level": "", "name": "", "claimed": True, "resigned": False, "here": True,
              "clock": None}
             for s in range(2)]

    def wire(msg):
        return parse(json.dumps(msg), content)

    g = new_game(content, 2, 3)
    first = g.take_events()
    link = Link("ws://127.0.0.1:1", content, retry=False)  # never online: the messages are fed by hand
    s = NetSession(content, link, "g", "t" * 20, [0])
    try:
        s.take([wire(views.state("g", g, 0, first, content, seats))])
        rnd = random.Random(2)
        logs = {len(g.choices_made): list(s.events)}
        games = {len(g.choices_made): g.clone()}
        for _ in range(12):
            evs = g.apply(rnd.choice(g.pending().choices))
            s.take([wire(views.state("g", g, 0, evs, content, seats))])
            logs[len(g.choices_made)] = list(s.events)
            games[len(g.choices_made)] = g.clone()
        back = games[9]
        dropped = []
        again = back.clone()
        for cid in g.choices_made[9:]:
            dropped += again.apply(cid)
        s.take([wire(views.undone("g", back, 0, dropped, content, seats, undo="nothing more to take back"))])
        assert s.events == logs[9] and s.latest()["decision"] == 9 and s.rewound
        assert s.undo_reason(0) in ("nothing more to take back", "the connection to the server is lost")
        # away: the game went back to decision 5; on rejoining its state comes, then the chronicle
        s.take([{"type": "offline"}, wire(views.state("g", games[5], 0, [], content, seats))])
        assert s.latest()["decision"] == 5 and s.view(0) == json.loads(json.dumps(views.state(
            "g", games[5], 0, [], content, seats)["view"]))
        s.take([wire(views.chronicle("g", games[5], 0, content))])
        assert s.events == logs[5]
    finally:
        s.close()


def test_each_message_a_server_sends_is_taken_by_the_table_or_is_another_screens(content):
    """The online table takes the server's messages through one table keyed by the protocol's
    catalogue: a type the catalogue gains is either taken there or named here as another
    screen's, never dropped unseen; a spectator's table takes its own three besides."""
    from fate.net.link import Link
    from fate.protocol import TO_CLIENT, LinkNote, ToClient
    from fate.ui.online.session import NetSession
    from fate.ui.online.watch import WatchSession

    answers_elsewhere = {ToClient.CREATED, ToClient.CLAIMED, ToClient.LOBBY, ToClient.GAMES, ToClient.RESIGNED,
                         ToClient.REPLACED, ToClient.LEFT, ToClient.WATCHING, ToClient.SPECTATE,  # Play Online's
                         ToClient.IDENTIFIED, ToClient.RENAMED, ToClient.PAIRING, ToClient.LEADERBOARD, ToClient.CARD,
                         ToClient.CHALLENGE}  # (the challenge: the link's own, answered before its greeting)
    link = Link("ws://127.0.0.1:1", content, retry=False)
    player, spectator = NetSession(content, link, "g", "t" * 20, [0]), WatchSession(content, link, code="ABCD")
    try:
        taken = set(player.handlers())
        assert taken | answers_elsewhere == TO_CLIENT | set(LinkNote) and not taken & answers_elsewhere
        assert set(spectator.handlers()) == taken | {ToClient.WATCHING, ToClient.SPECTATE, ToClient.CLAIMED}
    finally:
        player.close()
        spectator.close()
