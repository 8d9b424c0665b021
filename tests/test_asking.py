"""A prompt and its choices in the window's language (issue 53, fate/engine/said.py and
fate/words/asking.py): the engine says every question and label as a message with ids for
arguments; a window words it again from its own content, and what a stranger's server sends
as a message can only choose among the engine's own."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fate.content.spoken import spoken
from fate.engine import new_game, view
from fate.engine.said import MESSAGES, Said
from fate.ground import language
from fate.ground.language import ENGLISH, LANGUAGES
from fate.words import asking

OTHERS = [code for code in LANGUAGES if code != ENGLISH]


def _prompts(content, games: int, seats=(1, 2, 3, 4)):
    """(the game, its pending prompt, the asked seat's view) at every decision of seeded games."""
    for seed in range(games):
        r = random.Random(seed)
        g = new_game(content, seats[seed % len(seats)], seed)
        while (p := g.pending()) is not None and g.decision < 400:
            yield g, p, view(g, p.seat)
            g.apply(r.choice(p.choices))


def test_every_question_and_label_the_engine_says_is_a_message_a_window_says_again_the_same_in_english(content):
    """Each prompt's text and each choice's label is a ``Said`` of one of the engine's messages;
    worded again from its ids by a window in English it is the engine's own text, letter for
    letter (so the ids say all the words do). Over 40 seeded games of every seat count."""
    keys = set()
    for _g, p, v in _prompts(content, 40):
        for x in (p.text, *(c.label for c in p.choices)):
            assert isinstance(x, Said) and x.key in MESSAGES
            assert asking.in_language(x, content, v) == str(x)
            keys.add(x.key)
    assert len(keys) >= 60  # the casting windows, the places' questions, the effects', the dice's...


@pytest.mark.parametrize("code", OTHERS)
def test_in_each_language_every_question_and_label_is_its_own_words(content, code):
    """The view a window shows, worded in the language: no question and no label left as the
    English (a card's name alone may be the same in both, as a Gate's is), and the names in it
    the content's of that language."""
    own = spoken(content, code)
    english_left, told = [], 0
    for g, p, v in _prompts(own, 6):
        english = view(g, p.seat)["prompt"]
        language.use(code)
        try:
            shown = asking.worded(english, own, v)
        finally:
            language.use(ENGLISH)
        pairs = [(english["text"], shown["text"])] + [(a["label"], b["label"]) for a, b in
                                                     zip(english["choices"], shown["choices"], strict=True)]
        told += len(pairs)
        english_left += [a for a, b in pairs if a == b and a not in {c.name for c in own.cards}]
    assert told > 500 and english_left == []


def test_a_question_about_the_asked_cult_says_you_and_one_die_is_asked_as_yes_or_no(content):
    """The engine words its questions for any looker ("where does the Cult of Cthulhu lose
    Cultists?"); shown to that cult's own player the window says "you"; a die prompt with one
    die to choose asks about that die."""
    g = new_game(content, 2, 3)
    v = view(g, 0)
    v["seats"][0]["god"] = {"id": "god-cthulhu", "name": "Cthulhu", "text": "", "title": ""}
    card = content.cards[0]
    ask = {"seat": 0, "kind": "location", "text": "x", "choices": [],
           "say": {"key": "{card}: where does {cult} lose Cultists?", "args": {"card": ["card", card.id],
                                                                              "cult": ["cult", 0]}}}
    assert asking.question(ask, content, v) == f"{card.name}: where do you lose Cultists?"
    assert asking.question(dict(ask, seat=1), content, v) == f"{card.name}: where does the Cult of Cthulhu lose Cultists?"
    die = {"id": "die:0", "label": "x", "say": {"key": "Reroll die {n} ({face})",
                                                "args": {"n": ["n", 1], "face": ["face", 0]}}}
    roll = {"seat": 0, "kind": "reroll", "text": "x", "choices": [die, {"id": "stop", "label": "No more"}],
            "say": {"key": "{card}: reroll which die?", "args": {"card": ["card", card.id]}}}
    face = content.dice.faces[0].name
    assert asking.question(roll, content, v) == f"{card.name}: reroll die 1 ({face})?"
    assert asking.question(dict(roll, choices=[die, dict(die, id="die:1"), roll["choices"][1]]), content, v) \
        == f"{card.name}: reroll which die?"


def test_a_server_prompt_with_its_message_is_worded_in_polish_after_the_trip_through_json(content):
    """What a server sends (JSON: the arguments become lists) is read back as the engine's own
    ``Said`` and worded by the window, the Polish place names included."""
    g = new_game(content, 3, 4)
    r = random.Random(4)
    while g.pending().kind != "destination":
        g.apply(r.choice(g.pending().choices))
    sent = json.loads(json.dumps(view(g, g.pending().seat)))
    again = asking.said_again(sent["prompt"])
    assert isinstance(again, Said) and again == g.pending().text and again.key == g.pending().text.key
    polish = spoken(content, "pl")
    language.use("pl")
    try:
        labels = asking.labels(sent["prompt"], polish, sent)
    finally:
        language.use(ENGLISH)
    places = {loc.name for loc in polish.locations}
    assert labels and all(any(name in label for name in places) for label in labels.values())
    assert not any(label == c["label"] for label, c in zip(labels.values(), sent["prompt"]["choices"], strict=True))


KEYED = st.fixed_dictionaries({"key": st.one_of(st.sampled_from(sorted(MESSAGES)), st.lists(st.integers(), max_size=2)),
                               "args": st.dictionaries(st.sampled_from(["card", "n", "place"]),
                                                       st.lists(st.one_of(st.lists(st.integers(), max_size=2),
                                                                          st.text(max_size=8), st.integers()),
                                                                max_size=3), max_size=3)})
ANY = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                   lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                   max_leaves=12)


@given(say=st.one_of(ANY, KEYED), key=st.sampled_from(sorted(MESSAGES) + ["{card.__class__}", "{0}", "Pass {x}"]),
       args=st.dictionaries(st.sampled_from(["card", "place", "cult", "n", "face", "text", "option", "x"]),
                            st.lists(ANY, min_size=0, max_size=3), max_size=4))
def test_whatever_a_stranger_sends_as_a_message_the_window_says_the_english_it_sent_or_its_own_words(content, say,
                                                                                                   key, args):
    """A ``say`` of any shape, a message that is not the engine's (an attribute of a placeholder,
    a number for a name), arguments of unknown types or values the content lacks: never an
    exception, and either the English text sent or a sentence of the catalogue."""
    v = view(new_game(content, 2, 1), 0)
    for sent in (say, {"key": key, "args": args}):
        x = {"seat": 0, "kind": "move", "text": "sent", "choices": [{"id": "pass", "label": "sent", "say": sent}],
             "say": sent}
        text = asking.question(x, content, v)
        assert isinstance(text, str)
        assert set(asking.labels(x, content, v)) == {"pass"}
        if key not in MESSAGES:
            assert asking.said(x, content, v) == "sent"
        assert asking.args_of(sent) is None or sent["key"] in MESSAGES
