"""The engine's interface: prompts, apply, determinism, clone, events."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from fate.engine import IllegalChoice, new_game, rng, view
from fate.engine.save import snapshot


def test_engine_never_imports_pygame():
    code = "import sys, fate.engine, fate.content, fate.tools.scenario; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_an_illegal_choice_raises_and_changes_nothing(content):
    g = new_game(content, 3, 2)
    before = snapshot(g)
    with pytest.raises(IllegalChoice) as e:
        g.apply("teleport:to-rlyeh")
    assert "teleport:to-rlyeh" in str(e.value) and "draft" in str(e.value)
    assert snapshot(g) == before
    assert isinstance(e.value, ValueError)



def test_a_choice_not_offered_raises_and_one_offered_is_taken_by_id_or_value(content):
    """``apply`` takes one of the pending prompt's choices: the very value, an equal one, or
    its id; a Choice value the prompt does not offer is refused, and the message lists
    what is offered (the first twelve, then how many more)."""
    from fate.engine import Choice

    g = new_game(content, 3, 2)
    offered = g.pending().choices
    before = snapshot(g)
    with pytest.raises(IllegalChoice) as e:
        g.apply(Choice("god:nobody", "Keep nobody", -1))
    assert "god:nobody" in str(e.value) and offered[0].id in str(e.value)
    assert snapshot(g) == before
    g.apply(Choice(*offered[1]))  # equal to an offered one, but not the very value
    assert g.gods[0] == offered[1].value

def test_no_choice_after_the_game_ends(table):
    t = table(players=3, fate=["other_worlds"], start="activate",
              seats=[{"summon": 8, "cultists": {"other_worlds": 1}}, {}, {}], dice=["tentacle"])
    assert t.g.over and t.g.pending() is None
    with pytest.raises(IllegalChoice):
        t.g.apply("pass")


def play(content, players, seed, n=None):
    g = new_game(content, players, seed)
    r = random.Random(seed)
    k = 0
    while (p := g.pending()) is not None and (n is None or k < n):
        g.apply(r.choice(p.choices))
        k += 1
    return g


def test_same_seed_and_choices_same_game(content):
    a, b = play(content, 4, 17), play(content, 4, 17)
    assert snapshot(a) == snapshot(b) and a.choices_made == b.choices_made


def test_different_seeds_differ(content):
    assert snapshot(play(content, 4, 1, 40)) != snapshot(play(content, 4, 2, 40))


def test_clone_is_independent(content):
    g = play(content, 4, 5, 60)
    c = g.clone()
    assert snapshot(c) == snapshot(g)
    r = random.Random(1)
    while c.pending() is not None:
        c.apply(r.choice(c.pending().choices))
    assert c.over and not g.over
    assert snapshot(g) == snapshot(play(content, 4, 5, 60))


def test_a_clone_copies_every_field_and_shares_nothing_it_could_change(content):
    """clone() names each field: one added to the game and left out of clone() fails here."""
    from fate.engine.game import Game

    g = play(content, 4, 5, 60)
    g.force_dice(["skull"])  # a forced face waiting: that list is not empty either
    c = g.clone()
    shared = {"content", "config", "tables", "level", "ask", "drafts", "winners", "losers"}  # replaced whole
    for name in Game.__slots__:
        if name == "events":
            assert c.events == [] and c.events is not g.events
            continue
        mine, theirs = getattr(g, name), getattr(c, name)
        assert theirs == mine, name
        if isinstance(mine, (list, set)) and name not in shared:
            assert theirs is not mine, name
            for x, y in zip(mine, theirs, strict=True):
                assert not isinstance(x, list) or x is not y, name


def test_one_generator_draws_rolls_and_shuffles_from_one_sequence():
    # The dice (draws), single draws (below) and shuffles must be one stream, so
    # that a saved game replays exactly whichever path took the numbers.
    state = rng.seed_state(7)
    s1, many = rng.draws(state, 6, 50)
    s2, one_by_one = state, []
    for _ in range(50):
        s2, x = rng.below(s2, 6)
        one_by_one.append(x)
    assert many == one_by_one and s1 == s2
    assert set(many) == set(range(6))  # every face turns up in 50 rolls
    items = list(range(30))
    s3 = rng.shuffle(state, items)
    expected, s4 = list(range(30)), state
    for i in range(29, 0, -1):  # Fisher-Yates from the top with below()
        s4, j = rng.below(s4, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and s3 == s4 and items != list(range(30))


def test_force_dice_sets_the_next_faces(table):
    t = table(players=3, fate=["other_worlds"], start="activate",
              seats=[{"cultists": {"other_worlds": 3}}, {}, {}], dice=["skull", "dagger", "tentacle"])
    assert t.of("rolled")[0].data["faces"] == ["skull", "dagger", "tentacle"]
    t = table(players=3, fate=["other_worlds"], start="activate",
              seats=[{"cultists": {"other_worlds": 3}}, {}, {}], dice=["skull"])
    faces = t.of("rolled")[0].data["faces"]
    assert faces[0] == "skull" and len(faces) == 3  # the rest come from the generator


def test_private_events_reach_only_their_seats(content):
    g = new_game(content, 3, 8)
    r = random.Random(8)
    seen = []
    while g.pending() is not None and len(seen) < 20:
        for e in g.apply(r.choice(g.pending().choices)):
            if e.kind == "spell_drawn_face":
                seen.append(e)
    assert seen
    for e in seen:
        assert e.to == (e.data["seat"],)
        assert e.visible_to(e.data["seat"]) and not e.visible_to((e.data["seat"] + 1) % 3)


def test_prompt_is_shown_only_to_its_seat(content):
    g = new_game(content, 3, 3)
    p = g.pending()
    other = (p.seat + 1) % 3
    assert "choices" in view(g, p.seat)["prompt"]
    assert "choices" not in view(g, other)["prompt"]


def test_new_game_rejects_bad_arguments(content):
    with pytest.raises(ValueError, match="players must be 1 to 4"):
        new_game(content, 5, 1)
    with pytest.raises(ValueError, match="not an Elder God"):
        new_game(content, 2, 1, gods=["cthulhu", "key-01"])


def test_a_quiet_copy_plays_the_same_game_and_keeps_no_events(content):
    from fate.engine.game import Game, quiet

    g = new_game(content, 4, 17)
    r = random.Random(17)
    for _ in range(60):
        g.apply(r.choice(g.pending().choices))
    loud, hushed = g.clone(), quiet(g.clone())
    EVENT = g.clone().apply(g.pending().choices[0])[0]  # any event (each choice tells some)
    r = random.Random(5)
    heard = 0
    while loud.pending() is not None:
        pick = r.choice(loud.pending().choices).id
        heard += len(loud.apply(pick))
        told = hushed.apply(pick)
        assert told == [] and hushed.events == []
        told.insert(0, EVENT)  # a caller that adds to what it was told adds to nothing a game keeps
        told += [EVENT]
        assert hushed.take_events() == [] and hushed.events == []
        assert quiet(g.clone()).events == []  # nor to another quiet game's
        assert snapshot(hushed) == snapshot(loud)
    assert hushed.over and heard > 0
    assert type(hushed.clone()) is Game  # a quiet game's own copies are ordinary again


def test_a_god_chosen_in_a_clone_during_the_draft_stays_in_the_clone(content):
    """A look-ahead in the draft (the server's "ends the turn?" marks, an undo point) never
    chooses the true game's Elder God."""
    from fate.engine.determinize import turn_enders

    for players in (1, 2, 4):
        g = new_game(content, players, 31)
        g.take_events()
        while g.pending() is not None and g.pending().kind == "draft":
            before = snapshot(g)
            c = g.clone()
            c.apply(c.pending().choices[0])
            turn_enders(g)  # tries every choice on a determinization of g
            assert snapshot(g) == before
            g.apply(g.pending().choices[-1])


def test_events_made_once_are_told_alike_in_every_game_and_never_changed_by_one(content):
    """Events that recur are made once and shared between games (fate/engine/game.py,
    SEAT_SLOTS): a game's events stay as they were told while other games play on, and
    the same seed tells the same events, equal to freshly made ones, in a fresh game."""
    import copy

    def play(seed: int, players: int) -> list:
        g = new_game(content, players, seed)
        told = g.take_events()
        r = random.Random(seed)
        while g.pending() is not None:
            told += g.apply(r.choice(g.pending().choices))
        return told

    first = play(3, 4)
    kept = copy.deepcopy(first)
    shared = {id(e) for e in first}
    for seed in (4, 5, 6):
        again = play(seed, 4)
        shared &= {id(e) for e in again}
    assert shared, "some events are the very same objects in every game"
    assert first == kept and [type(e.data) for e in first] == [type(e.data) for e in kept]
    assert play(3, 4) == kept


def test_a_turn_beyond_the_hundredth_is_told_with_its_number(table):
    """Turns up to the 100th have their events made once (fate/engine/flow.py); a later one
    is told all the same."""
    t = table(players=3, turn=150)
    assert [e.data["turn"] for e in t.of("turn_started")] == [150]
    t.until("move")
    assert t.view()["turn"] == 150
