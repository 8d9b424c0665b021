"""The content in a player's language (issue 53, fate/content/spoken.py): the same game in other
words. The rules read ids and numbers only, so a game on German content is the same game; what a
server sends in English is put into a window's words by id."""

from __future__ import annotations

import json
import random

from fate.content.spoken import english_of, in_words, spoken
from fate.engine import new_game, view
from fate.engine.save import load_data, save_data
from fate.server import views


def test_the_content_in_german_is_the_same_game_in_other_words(content):
    german = spoken(content, "de")
    assert spoken(content, "en") is content and english_of(german) is content and spoken(content, "de") is german
    assert german.fingerprint == content.fingerprint and german.by_id == content.by_id
    assert [(c.id, c.kind, c.cost, c.timing, c.effect) for c in german.cards] == \
        [(c.id, c.kind, c.cost, c.timing, c.effect) for c in content.cards]
    renamed = [c for c, e in zip(german.cards, content.cards, strict=True) if c.name != e.name]
    assert len(renamed) >= 100  # the Gates keep one name, as in English
    assert all(g.text != e.text for g, e in zip(german.cards, content.cards, strict=True))
    assert [loc.name for loc in german.locations] != [loc.name for loc in content.locations]
    assert [s.name for s in german.symbols] != [s.name for s in content.symbols]
    # a die's face is named by its id on the table's markers (fate/ui/table/news.py): the data agrees
    assert all(f.id.replace("_", " ").title() == f.name for f in content.dice.faces)


def test_a_game_played_on_polish_content_saves_and_goes_on_in_english(content):
    """The save keeps ids and the content's fingerprint, never a word: it loads in any language
    and plays on to the same end."""
    polish = spoken(content, "pl")
    g, r = new_game(polish, 3, 9), random.Random(9)
    for _step in range(60):
        g.apply(r.choice(g.pending().choices))
    again = load_data(content, json.loads(json.dumps(save_data(g))), "a Polish save")
    assert again.history() == g.history()
    while (p := g.pending()) is not None:
        cid = r.choice(p.choices).id
        g.apply(cid)
        again.apply(cid)
    assert again.pending() is None and view(again, None)["winners"] == view(g, None)["winners"]


def test_what_an_english_server_sends_is_put_into_a_windows_words_by_id(content):
    """A state of a game on the server's (English) content, as a German window reads it: every
    card's name and text, every place's name, the events' card words; a player's name as typed."""
    german = spoken(content, "de")
    g, r = new_game(content, 2, 5), random.Random(5)
    events = g.take_events()
    while len(events) < 80:
        events += g.apply(r.choice(g.pending().choices))
    rows = [{"seat": 0, "kind": "host", "level": "", "name": "Ann", "claimed": True, "resigned": False, "here": True}]
    sent = json.loads(json.dumps(views.state("g1", g, g.pending().seat, events, content, rows)))
    told = in_words(sent, content, german)
    hand = told["view"]["seats"][sent["seat"]]["hand"]
    assert hand and all(c["name"] == german.card(c["id"]).name and c["text"] == german.card(c["id"]).text
                        for c in hand)
    assert [c["name"] for c in hand] != [content.card(c["id"]).name for c in hand]  # (Palimpsest is German too)
    assert [loc["name"] for loc in told["view"]["locations"]] == [loc.name for loc in german.locations]
    cast = [e["data"] for e in told["events"] if "card" in e["data"] and "name" in e["data"]]
    assert all(d["name"] == german.card(d["card"]).name for d in cast)
    assert told["seats"] == sent["seats"]  # a player's name is no word of the content
    assert in_words(sent, content, content) is sent  # an English window reads it as sent


def test_the_content_in_one_language_asked_for_another_is_made_from_the_english(content):
    german = spoken(content, "de")
    assert spoken(german, "fr") is spoken(content, "fr") and spoken(german, "en") is content
