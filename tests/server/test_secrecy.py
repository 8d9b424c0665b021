"""No message to a seat holds anything that seat may not see.

In process: 200 seeded games of random bots (1 to 4 seats), every message the
server's own message builder (fate/server/views.py) makes for every seat after
every decision, and each seat's chronicle at the end, checked against the
engine: the view is the engine's ``view(game, seat)``, the events (and each
seat's whole chronicle) are exactly those ``visible_to(seat)``, the prompt is
there only for the seat that decides, and no sentence of the log names a card
the seat cannot see now (another seat's hand, Reserve, draft or Curse; any
deck; the box) unless the engine's view or an event it may see shows it.
Over real sockets: four games through a server process, every message every
client received compared with the engine's view of the replayed game at that
decision; a spectator of each game (by its watch code) likewise, against the
engine's ``view(None)`` and the events every seat may see.
"""

from __future__ import annotations

import asyncio
import json
import random
import re

from fate.engine import Event, default_content, new_game, view
from fate.engine.view import hide_draft
from fate.net.client import Client, play
from fate.server import views
from fate.words.narration import narrate

from ..soak import soak
from .test_server import stored_game

GAMES = int(__import__("os").environ.get("FATE_SECRECY_GAMES", str(soak(60, 200))))  # CI: 200 (tests/soak.py)
SEATS = [{"seat": 0, "kind": "host", "level": "", "claimed": True, "resigned": False, "here": True}]


def seen_by(g, seat: int) -> dict:
    """The engine's view of ``seat`` as the server sends it: while the gods are being chosen,
    without the other cults' choices."""
    return hide_draft(view(g, seat), seat)


def told_to(events, g, seat: int) -> list:
    """The events ``seat`` may see, as (kind, data): another cult's god_chosen without its god
    while the draft lasts."""
    setup = g.phase == "setup"
    return [(e.kind, {k: x for k, x in e.data.items() if k != "god"}
             if setup and e.kind == "god_chosen" and e.data["seat"] != seat else e.data)
            for e in events if e.visible_to(seat)]


def draft_leak(g, seat: int, msg: dict) -> list[str]:
    """Another cult's Elder God anywhere in a message while the draft lasts."""
    if g.phase != "setup":
        return []
    text = json.dumps(msg)
    return [g.card(g.gods[s]).id for s in range(g.n)
            if s != seat and g.gods[s] >= 0 and f'"{g.card(g.gods[s]).id}"' in text]


def hidden_from(g, seat: int) -> set[int]:
    """Cards whose faces this seat may not know now."""
    out: set[int] = set()
    for s in range(g.n):
        if s != seat:
            out.update(g.hands[s])
            out.update(g.reserve[s])
            if s < len(g.drafts) and g.gods[s] < 0:
                out.update(g.drafts[s])
    out.update(card for card, _, holder in g.held if holder != seat)
    for pile in (g.spell_deck, g.art_deck, g.curse_deck, g.box, g.gate_supply, g.discard):
        out.update(pile)
    for col in g.columns:
        out.update(col)  # columns show backs only
    return out


_STRINGS = re.compile(r'"((?:[^"\\]|\\.)*)"')


def leaks(g, seat: int, msg: dict, content) -> list[str]:
    """Secrets of ``seat`` in ``msg`` beyond its view (which must equal the engine's, checked
    apart): a card it cannot see now, named by id in an event or by name in a sentence of
    the log, unless the engine's view or an event it may see shows that card (or another of
    the same name)."""
    told = " ".join(narrate(Event(e["kind"], e["data"]), msg["view"], seat, content) or ""
                    for e in msg.get("events", []))  # the Chronicle the client tells from what it was sent
    named = [content.cards[card] for card in hidden_from(g, seat)
             if content.cards[card].kind != "gate" and content.cards[card].name in told]  # every Gate is "Gate"
    if not named:
        return []
    seen = set(_STRINGS.findall(json.dumps(msg["view"])))  # the engine's view (checked by the callers)
    for e in msg["events"]:
        seen.update(_STRINGS.findall(json.dumps(e["data"])))
    shown_names = {content.card(x).name for x in seen if x in content.by_id}
    return [c.name for c in named if c.id not in seen and c.name not in shown_names]


def test_every_message_of_seeded_games_holds_only_what_its_seat_may_see():
    content = default_content()
    checked = kinds = 0
    private_seen = set()
    for k in range(GAMES):
        players = 1 + k % 4
        g = new_game(content, players, 7000 + k)
        events = g.take_events()
        history = list(events)
        rng = random.Random(k)
        while True:
            for seat in range(players):
                msg = views.state("g", g, seat, events, content, SEATS)
                assert msg["view"] == seen_by(g, seat)
                assert [(e["kind"], e["data"]) for e in msg["events"]] == told_to(events, g, seat)
                assert not draft_leak(g, seat, msg), (k, seat)
                p = g.pending()
                assert (msg["prompt"] is not None) == (p is not None and p.seat == seat)
                assert not leaks(g, seat, msg, content), (k, seat, len(g.choices_made))
                private_seen.update(e["kind"] for e in msg["events"] if e["kind"] in
                                    ("spell_drawn_face", "curse_drawn", "spell_stolen_face"))
                checked += 1
            p = g.pending()
            if p is None:
                break
            events = g.apply(rng.choice(p.choices))
            history += events
        for seat in range(players):  # the chronicle of every game, for every seat
            chron = json.loads(json.dumps(views.chronicle("g", g, seat, content)))
            assert [[e["kind"], e["data"]] for e in chron["events"]] == \
                json.loads(json.dumps([(e.kind, e.data) for e in history if e.visible_to(seat)]))
            kinds += len(chron["events"])
    assert checked > 100 * GAMES and kinds > 0  # 20,000 states and more in CI
    assert private_seen == {"spell_drawn_face", "curse_drawn", "spell_stolen_face"} or \
        {"spell_drawn_face", "curse_drawn"} <= private_seen


def test_every_message_over_real_sockets_is_the_engines_view_at_its_decision(servers, tmp_path):
    db = tmp_path / "s.sqlite"
    srv = servers(f"sqlite:{db}", "--ai-workers", "0")

    async def one(seed: int, players: int):
        host = await Client(srv.url, record=True).connect()
        made = await host.request("create", seats=[{"kind": "host"}] + [{"kind": "remote"}] * (players - 1),
                                  watch_delay=0)
        spectator = await Client(srv.url, record=True).connect()
        await spectator.request("watch", code=made["watch"])
        clients = [(host, [0])]
        for inv in made["invites"]:
            c = await Client(srv.url, record=True).connect()
            clients.append((c, (await c.request("claim", code=inv["code"]))["seats"]))
        ends = await asyncio.gather(*(play(c, made["game"], s, random.Random(seed + i))
                                      for i, (c, s) in enumerate(clients)))
        last = max(st["decision"] for st in ends)
        await spectator.until(lambda: any(m["decision"] == last for m in spectator.got("spectate")))
        for c, _ in clients + [(spectator, [])]:
            await c.close()
        return made["game"], [(c.log, s) for c, s in clients] + [(spectator.log, None)]

    async def main():
        return await asyncio.gather(*(one(900 + k, 2 + k % 3) for k in range(4)))

    content = default_content()
    messages = spectated = 0
    for gid, logs in asyncio.run(main()):
        final = stored_game(db, gid)
        by_decision = {}
        for log, seats in logs:
            for m in log:
                if seats is None:  # the spectator: nothing but the public view, never a seat's state
                    assert m["type"] in ("watching", "spectate"), m["type"]
                    if m["type"] == "spectate":
                        by_decision.setdefault(m["decision"], []).append(dict(m, seat=None))
                    continue
                if m["type"] == "state":
                    assert m["seat"] in seats  # never a seat the connection does not play
                    by_decision.setdefault(m["decision"], []).append(m)
                assert m["type"] in ("created", "claimed", "state", "seats", "error")
        g = new_game(content, final.n, int(final.config["seed"]))
        g.take_events()
        events = []
        for d in range(len(final.choices_made) + 1):
            for m in by_decision.get(d, []):
                assert m["view"] == json.loads(json.dumps(seen_by(g, m["seat"])))
                assert [[e["kind"], e["data"]] for e in m["events"]] in (
                    [], json.loads(json.dumps(told_to(events, g, m["seat"]))))
                assert not draft_leak(g, m["seat"], m)
                assert not leaks(g, m["seat"], m, content)
                messages += 1
                spectated += m["seat"] is None
            if d < len(final.choices_made):
                events = g.apply(final.choices_made[d])
    assert messages > 200 and spectated > 100


def test_the_choices_marked_as_ending_the_turn_tell_nothing_the_seat_does_not_know(content):
    """The server marks in a prompt the choices that end the seat's turn (for "End your turn?").
    A game the seat cannot tell from the true one (a determinization) gets the same marks, and
    they are the table's own judgement at home (fate/engine/determinize.py's ``ends_turn``)."""
    from fate.engine.determinize import determinize, ends_turn

    marked = 0
    for k in range(8):
        g = new_game(content, 2 + k % 3, 900 + k)
        g.take_events()
        rnd = random.Random(k)
        while (p := g.pending()) is not None and len(g.choices_made) < 120:
            st = views.state("g", g, p.seat, [], content, SEATS, marks=True)
            twin = determinize(g, p.seat, 7000 + len(g.choices_made))
            assert seen_by(twin, p.seat) == seen_by(g, p.seat)
            seen = views.state("g", twin, p.seat, [], content, SEATS, marks=True)["prompt"]
            unasked = views.state("g", g, p.seat, [], content, SEATS)["prompt"]  # a table that never asks first
            assert unasked["ends_turn"] == unasked["may_end_turn"] == []
            assert (seen["ends_turn"], seen["may_end_turn"]) == (st["prompt"]["ends_turn"], st["prompt"]["may_end_turn"])
            assert st["prompt"]["ends_turn"] == [c.id for c in p.choices if ends_turn(g, p.seat, c.id)]
            marked += bool(st["prompt"]["ends_turn"] or st["prompt"]["may_end_turn"])
            g.apply(rnd.choice(p.choices))
    assert marked > 50
