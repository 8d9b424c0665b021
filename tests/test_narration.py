"""The Chronicle: every event of real games reads as a plain sentence, in the
looker's own person, and never names what the looker may not see."""

from __future__ import annotations

import random

from fate.engine import new_game, view
from fate.engine.kinds import EventKind
from fate.words.narration import ACTS, LINES, SILENT, narrate


def played(content, players: int, seed: int):
    """A seeded game of random choices played to its end, and every event it told."""
    g = new_game(content, players, seed)
    events = g.take_events()
    r = random.Random(seed)
    while (p := g.pending()) is not None:
        events += g.apply(r.choice(p.choices))
    return g, events


def test_every_event_of_real_games_narrates_without_error(content):
    kinds_told: set[str] = set()
    for players in (1, 2, 3, 4):
        for seed in range(6):
            g, events = played(content, players, seed)
            v = view(g, 0)
            for e in events:
                text = narrate(e, v, 0 if e.visible_to(0) else None, content)
                if text is not None:
                    assert text.strip() and "{" not in text and "None" not in text, (e, text)
                    kinds_told.add(e.kind)
    assert {"fate_moved", "cultist_placed", "summon_moved", "rolled", "turn_started"} <= kinds_told


def test_every_kind_has_its_line_or_is_silent_with_its_reason():
    """The Chronicle's table shares out the engine's catalogue: a kind added to the engine
    with no line and no reason for silence, or with both, fails here."""
    assert set(LINES) | set(SILENT) == set(EventKind), set(EventKind) - set(LINES) - set(SILENT)
    assert not set(LINES) & set(SILENT)
    assert set(ACTS) <= set(LINES) and all(len(why) > 30 for why in SILENT.values())


def test_the_looker_is_you_and_others_are_named(content):
    g = new_game(content, 3, 4, gods=["cthulhu", "hastur", "azathoth"])
    events = g.take_events()
    r = random.Random(1)
    while not any(e.kind == "fate_moved" for e in events):
        events += g.apply(r.choice(g.pending().choices))
    move = next(e for e in events if e.kind == "fate_moved")
    mover = move.data["seat"]
    v = view(g, mover)
    assert narrate(move, v, mover, content).startswith("You move a Fate Piece from ")
    other = (mover + 1) % 3
    assert narrate(move, view(g, other), other, content).startswith(f"The Cult of {v['seats'][mover]['god']['name']} moves")


def _arrive(content, scenario: dict):
    """The scenario's seat 0 moves to The Ceremony (its one legal move); the verdict on Control."""
    from fate.tools.scenario import build

    g = build(content, scenario, "test")
    return g, [e for e in g.take_events() if e.kind in ("control", "no_control")]


def test_control_refused_names_the_counts_that_refused_it(content):
    """R-AC-2: at least three Cultists and more than any other cult; the Chronicle says which failed."""
    two = {"players": 2, "gods": ["cthulhu", "hastur"], "start": "move", "fate": ["museum", "library"],
           "seats": [{"hand": ["flame-04", "key-01", "tome-01"], "cultists": {"ceremony": 3}},
                     {"cultists": {"ceremony": 4}}],
           "locations": {"ceremony": {"investigators": 0}}}
    g, told = _arrive(content, two)
    assert [e.data for e in told] == [{"seat": 0, "location": 2, "mine": 4, "need": 3, "rival": 1, "theirs": 4}]
    line = narrate(told[0], view(g, 0), 0, content)
    assert line.startswith("You do not control The Ceremony: 4 Cultists of yours there, but ")
    assert line.endswith(" has 4; Control needs more than any other cult.")
    assert narrate(told[0], view(g, 1), 1, content).endswith("but you have 4; Control needs more than any other cult.")
    # one Cultist more than the rival, and Control is told instead
    two["seats"][0]["cultists"] = {"ceremony": 4}
    g, told = _arrive(content, two)
    assert [e.kind for e in told] == ["control"]
    # too few, whatever the rivals have
    two["seats"][0]["cultists"], two["seats"][1]["cultists"] = {"ceremony": 1}, {"ceremony": 0}
    g, told = _arrive(content, two)
    assert narrate(told[0], view(g, 0), 0, content) == \
        "You do not control The Ceremony: 2 Cultists of yours there, 3 needed."


def test_control_refused_by_the_investigators_playing_solo(content):
    """R-SO-6: playing solo, Control needs more Cultists than Investigators there."""
    solo = {"players": 1, "gods": ["cthulhu"], "start": "move", "fate": ["museum", "library"],
            "seats": [{"hand": ["flame-04", "key-01", "tome-01"], "cultists": {"ceremony": 2}}],
            "locations": {"ceremony": {"investigators": 2}}}  # fewer than three: none follow home
    g, told = _arrive(content, solo)
    assert [e.data["rival"] for e in told] == [-1]
    assert narrate(told[0], view(g, 0), 0, content) == (
        "You do not control The Ceremony: 3 Cultists of yours there, but 3 Investigators; "
        "Control needs more Cultists than Investigators.")


def test_a_curse_says_what_brought_it(content):
    """R-CU-1: the Chronicle names a Curse's source: a card's price, a meeting, an Elder Sign."""
    from fate.tools.scenario import build

    g = build(content, {"players": 1, "gods": ["cthulhu"], "start": "prepare", "fate": ["other_worlds", "streets"],
                        "seats": [{"hand": ["key-01", "tome-01", "hood-01"], "reserve": ["key-08"]}],
                        "artifacts_face_up": ["censer", "astrolabe"]}, "test")
    g.take_events()
    cursed = [e for e in g.apply("cast:key-08") if e.kind == "cursed"]
    assert [e.data["source"] for e in cursed] == ["key-08"]
    spell = content.card("key-08").name
    assert narrate(cursed[0], view(g, 0), 0, content) == f"You are cursed by {spell} (1 carried)."
    for source, words in (("meeting", "by the meeting with the Investigators"),
                          ("elder_sign", "by the Summon token meeting an Elder Sign"),
                          ("censer", f"by {content.card('censer').name}, the Artifact's price")):
        e = type(cursed[0])("cursed", {**cursed[0].data, "source": source})
        assert narrate(e, view(g, 0), 0, content) == f"You are cursed {words} (1 carried)."


def test_r_2p_2_a_player_moving_their_own_fate_piece_is_told_it_is_theirs(content):
    """Two players each move their own Fate Piece (R-2P-2): "your" to the mover, "its" to the
    other; the solo player's piece is theirs too; a shared piece of three stays "a Fate Piece"."""
    for players, gods in ((2, ["cthulhu", "hastur"]), (1, ["cthulhu"])):
        g = new_game(content, players, 4, gods=gods)
        events = g.take_events()
        r = random.Random(2)
        while not any(e.kind == "fate_moved" and e.data["seat"] >= 0 for e in events):
            events += g.apply(r.choice(g.pending().choices))
        move = next(e for e in events if e.kind == "fate_moved" and e.data["seat"] >= 0)
        mover = move.data["seat"]
        assert narrate(move, view(g, mover), mover, content).startswith("You move your Fate Piece from ")
        if players == 2:
            other = 1 - mover
            assert " moves its Fate Piece from " in narrate(move, view(g, other), other, content)


def _whole(line: str) -> bool:
    """Whether a line in the pseudo-language is whole messages: every letter inside a bracketed
    message, only a space between two (a sentence glued from pieces leaves words outside)."""
    depth, outside = 0, []
    for ch in line:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif depth == 0:
            outside.append(ch)
    return depth == 0 and not "".join(outside).strip()


def test_every_line_of_seeded_games_is_said_in_the_windows_language_as_whole_messages(content):
    """In the pseudo-language every line comes out of the catalogue whole (issue 53): no English
    word is glued around a translated sentence, whoever looks (a player or nobody in particular)."""
    from fate.ground import language

    language.use(language.PSEUDO)
    try:
        kinds: set[str] = set()
        for players in (1, 2, 3, 4):
            for seed in range(5):
                g, events = played(content, players, seed)
                for viewer in (0, None):
                    v = view(g, viewer)
                    for before, e in zip([None, *events], events, strict=False):
                        if not e.visible_to(viewer):
                            continue
                        line = narrate(e, v, viewer, content, before)
                        if line is not None:
                            assert _whole(line) and "{" not in line, (e, line)
                            kinds.add(e.kind)
    finally:
        language.use(language.ENGLISH)
    assert len(kinds) >= 30, sorted(kinds)


def test_a_squall_blowing_the_lookers_own_cultist_away_says_yours(content):
    """A Winter Squall that strikes the looker's Cultist says "your Cultist" (it said "you's")."""
    from fate.engine import Event

    g = new_game(content, 2, 1, gods=["cthulhu", "hastur"])
    e = Event("squall_struck", {"seat": 0, "location": 3})
    where = content.locations[3].name
    assert narrate(e, view(g, 0), 0, content) == f"A Winter Squall at {where} blows your Cultist away."
    assert narrate(e, view(g, 1), 1, content) == f"A Winter Squall at {where} blows the Cult of Cthulhu's Cultist away."
