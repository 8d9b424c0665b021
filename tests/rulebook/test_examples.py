"""Every worked example of the rulebook, played through the engine with the
example's own numbers, checking every outcome the example states: where each
card, token and Cultist ends up.

The rulebook's icons are lost and its cards are not ours. Where an example
names a symbol we cannot read, the test picks one and says so; where it names
a card of the publisher's, the test uses the closest card of ours and says so.
Each test's docstring starts with ``Rulebook example:`` and the example's
name; tests/rules_coverage.py lists them in docs/rules-coverage.md.
"""

from __future__ import annotations

CEREMONY_COLUMN = ["key-01", "tome-02"]  # bottom first: two Spells that help nobody below


def column(t, loc: str) -> list[str]:
    return t.loc(loc)["column"]


def test_example_moving_by_one_symbol(table):
    """Rulebook example: moving by one symbol (R-MV-1, R-MV-4).

    The Fate Piece is on The Ceremony; John plays one Spell whose back shows The
    Gathering's symbol (ours: the Hood) on top of The Ceremony's Astral Column,
    and the Fate Piece moves to The Gathering."""
    t = table(players=3, fate=["ceremony"], start="move",
              locations={"ceremony": {"column": CEREMONY_COLUMN}},
              seats=[{"hand": ["hood-01", "key-03", "tome-05"]}, {}, {}])
    t.until("move")
    assert {"play:hood-01", "play:key-03", "play:tome-05"} <= set(t.ids())
    t.choose("play:hood-01")
    v = t.view(0)
    assert v["fate_pieces"][0]["location"] == "gathering"
    assert column(t, "ceremony") == ["key", "tome", "hood"]  # on top of the existing Column
    assert column(t, "gathering") == []
    assert sorted(c["id"] for c in v["seats"][0]["hand"]) == ["key-03", "tome-05"]
    moved = t.of("fate_moved")[0].data
    assert (moved["frm"], moved["to"], moved["backs"]) == (2, 4, [4])


def test_example_wild_movement_reaches_the_other_worlds(table, content):
    """Rulebook example: wild movement (R-MV-2, R-MV-4, R-CMP-2).

    The Fate Piece is on The Ceremony; John plays two Spells with the same back
    (the example's symbol is lost: ours are two Lanterns) on The Ceremony. He
    could go to The Library, The Gathering, Streets of Arkham or The Museum, and
    chooses The Other Worlds, which only a Wild or a Gate reaches."""
    assert all(c.symbol != 0 for c in content.cards if c.kind == "spell")  # no back shows the star
    t = table(players=3, fate=["ceremony"], start="move",
              locations={"ceremony": {"column": CEREMONY_COLUMN}},
              seats=[{"hand": ["lantern-01", "lantern-03", "tome-05"]}, {}, {}])
    t.until("move")
    single = [c.label for c in t.prompt.choices if c.id.startswith("play:")]
    assert single and not any("The Other Worlds" in label for label in single)
    t.choose("wild:3")
    t.choose("card:lantern-01")  # the second Lantern is the only one left: no question
    assert t.prompt.kind == "destination"
    offered = {c.label.removeprefix("Move to ") for c in t.prompt.choices}
    assert offered == {"The Other Worlds", "The Museum", "Streets of Arkham", "The Gathering", "The Library"}
    t.choose("to:0")
    v = t.view(0)
    assert v["fate_pieces"][0]["location"] == "other_worlds"
    assert column(t, "ceremony") == ["key", "tome", "lantern", "lantern"]
    assert [c["id"] for c in v["seats"][0]["hand"]] == ["tome-05"]


def test_example_readying_with_a_reserve_symbol(table):
    """Rulebook example: readying with a Reserve symbol (R-CN-1, R-CN-2, R-CN-3).

    John is at The Ceremony after his move and Basic Action. The Spell he
    readies (the example's "Corruption"; ours: Hood card hood-04, cost Hood and
    Flame) needs The Ceremony's own symbol (the Flame) and a Hood; the Column
    does not help, but a Spell already in his Reserve shows a Hood on its back.
    Both pay; the new Spell goes into his third Reserve slot, the whole Column
    is discarded, and the Reserve's Hood stays where it is."""
    def john(reserve):
        t = table(players=3, fate=["ceremony"], start="conclude",
                  locations={"ceremony": {"column": CEREMONY_COLUMN}},
                  seats=[{"hand": ["hood-04", "key-03", "tome-05"], "reserve": reserve}, {}, {}])
        t.until("ready")
        return t

    without = table(players=3, fate=["ceremony"], start="conclude",
                    locations={"ceremony": {"column": CEREMONY_COLUMN}},
                    seats=[{"hand": ["hood-04", "key-03", "tome-05"], "reserve": ["key-06"]}, {}, {}])
    assert without.prompt is None or "ready:hood-04" not in without.ids()  # the Column alone cannot pay

    t = john(["hood-09", "key-06"])
    discard_before = t.view()["supply"]["discard"]
    assert "ready:hood-04" in t.ids()
    t.choose("ready:hood-04")
    v = t.view(0)
    assert [c["id"] for c in v["seats"][0]["reserve"]] == ["hood-09", "key-06", "hood-04"]
    assert t.view(1)["seats"][0]["reserve_backs"] == ["hood", "key", "hood"]  # the others see backs only
    assert column(t, "ceremony") == []
    assert t.view()["supply"]["discard"] == discard_before + len(CEREMONY_COLUMN)
    readied = t.of("spell_readied")[0]
    assert readied.to is None and readied.data["cost"] == [4, 2]  # the cost is shown to everyone
    assert "card" not in readied.data  # but not the Spell's name


def test_example_the_other_worlds_roll_under_control(table):
    """Rulebook example: The Other Worlds (R-OW-1, R-OW-2, R-AC-2).

    Jo has four Cultists at The Other Worlds, more than any other cult, so she
    has Control. She rolls four dice: two summon faces (ours: a Tentacle and a
    Dagger), one Cultist-return face (ours: the Pentagram) and one that does
    nothing here (a Skull). Her Summon token moves two spaces, two of those
    Cultists go to the Abyss, and with Control one Cultist comes back from the
    Abyss to her Lodge. Two stay at The Other Worlds."""
    t = table(players=3, fate=["other_worlds"], start="activate",
              seats=[{"cultists": {"other_worlds": 4}, "lodge": 7},  # abyss: the other 9
                     {"cultists": {"other_worlds": 3}}, {"cultists": {"other_worlds": 1}}],
              dice=["tentacle", "pentagram", "dagger", "skull"])
    assert len(t.of("rolled")[0].data["faces"]) == 4
    assert t.prompt.kind == "control_action"  # not an offer of Temporary Control
    t.choose("take")
    s = t.seat(0)
    assert s["summon"] == 2
    assert t.loc("other_worlds")["cultists"][0] == 2
    assert s["abyss"] == 9 + 2 - 1
    assert s["lodge"] == 7 + 1
    assert [e.data["count"] for e in t.of("recalled")] == [1]


def test_example_a_curse_from_an_artifact(table):
    """Rulebook example: a Curse gained from an Artifact (R-CU-1, R-CU-2, R-CU-4, R-CU-6, R-CU-8).

    Jo takes an Artifact that curses whoever takes it (the example's
    Necronomicon; ours: The Tome Bound in Skin). Isabella, on Jo's right, draws
    the Curse in secret (the example's; ours: The Crowded Sanctum, "more than
    three Cultists at one location: every Investigator where most of them stand
    moves into the Lodge"). Jo has no more than three Cultists anywhere, so it
    waits. A turn later Jo brings a fourth Cultist to The Other Worlds; the
    Curse is revealed and Jo takes the three Investigators of The Library (the
    location with the most) into her Lodge. The resolved Curse goes to the
    bottom of the Curse deck (R-CU-4: the rule's text, not the example's box).

    Two players: Isabella is seat 0, Jo seat 1 (with two, the opponent is on your right)."""
    t = table(players=2, current=1, fate=["gathering", "museum"], start="activate",
              gods=["yog-sothoth", "cthulhu"],
              artifacts_face_up=["skin-bound-tome", "star-stone"],
              decks={"curses": ["crowded-sanctum"]},
              locations={"library": {"investigators": 3}},
              seats=[{"hand": ["flame-02", "flame-04", "flame-06"]},
                     {"cultists": {"other_worlds": 3, "museum": 1}, "gate": True,
                      "hand": ["tome-05", "tome-06", "tome-07"]}])
    t.until("museum")
    t.choose("artifact:skin-bound-tome")
    assert [a["id"] for a in t.seat(1)["artifacts"]] == ["skin-bound-tome"]
    isabella, jo = t.view(0), t.view(1)
    assert [c["id"] for c in isabella["curses_held"]] == ["crowded-sanctum"]
    assert isabella["curses_held"][0]["on"] == 1
    assert jo["curses_held"] == [] and jo["seats"][1]["curses_carried"] == 1
    drawn = t.of("curse_drawn")[0]
    assert drawn.to == (0,)  # only Isabella sees which Curse it is
    assert not t.of("curse_revealed")  # three at The Other Worlds is not more than three

    t.to_seat(1)  # Isabella's turn passes; Jo's comes round again
    assert not t.of("curse_revealed")
    deck_before = t.view()["supply"]["curse_deck"]
    t.choose("gate")
    t.choose("to:0")  # The Other Worlds: the fourth Cultist is placed there
    assert t.loc("other_worlds")["cultists"][1] == 4
    revealed = t.of("curse_revealed")
    assert len(revealed) == 1 and revealed[0].data["card"] == "crowded-sanctum" and revealed[0].to is None
    assert t.seat(1)["investigators"] == 3
    assert t.loc("library")["investigators"] == 0
    assert t.seat(1)["curses_carried"] == 0 and t.view(0)["curses_held"] == []
    assert t.view()["supply"]["curse_deck"] == deck_before + 1
