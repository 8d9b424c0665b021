"""Solo play against the Investigators' automaton (R-SO)."""

from __future__ import annotations

from fate.engine import new_game, view

HAND = ["hood-01", "hood-02", "hood-03"]


def end_of_turn(table, fate, deck, **seat):
    """Solo, the player concluding at fate[0] with nothing to ready; then the
    Investigators take the Spells listed after the player's one draw."""
    seat.setdefault("hand", HAND)
    t = table(players=1, fate=fate, start="conclude", seats=[seat],
              decks={"spells": ["key-13"] + deck, "curses": ["hubris"]})
    t.to_seat(0)  # the player's turn ends; the Investigators' turn runs; the next turn asks
    return t


def test_r_so_1_solo_setup(content):
    g = new_game(content, 1, 4, gods=["cthulhu"])
    v = view(g, 0)
    assert [p["location"] for p in v["fate_pieces"]] == ["other_worlds", "streets"]
    assert v["fate_pieces"][1]["owner"] == -1 and v["current"] == 0
    assert g.pending().seat == 0


def test_r_so_2_the_investigators_move_by_the_top_spell(table):
    t = end_of_turn(table, ["museum", "streets"], ["tome-01"])
    assert t.view()["fate_pieces"][1]["location"] == "library"
    assert t.loc("streets")["column"][-1] == "tome"
    assert t.loc("library")["investigators"] == 2


def test_r_so_2_their_own_symbol_sends_them_to_the_other_worlds(table):
    t = end_of_turn(table, ["museum", "library"], ["tome-01"])
    assert t.view()["fate_pieces"][1]["location"] == "other_worlds"
    assert t.loc("other_worlds")["investigators"] == 2


def test_r_so_3_meeting_your_piece_curses_you_and_they_go_to_the_other_worlds(table):
    t = end_of_turn(table, ["museum", "streets"], ["key-01"])
    assert t.seat(0)["curses_carried"] == 1
    assert t.view()["fate_pieces"][1]["location"] == "other_worlds"
    t = end_of_turn(table, ["other_worlds", "library"], ["tome-01"])
    assert t.seat(0)["curses_carried"] == 1
    assert t.view()["fate_pieces"][1]["location"] == "streets"  # you hold The Other Worlds


def test_r_so_4_entering_the_streets_raids_you(table):
    t = end_of_turn(table, ["museum", "library"], ["lantern-01"], investigators=2)
    assert t.view()["fate_pieces"][1]["location"] == "streets"
    assert [e.data["seat"] for e in t.of("raid_declared")] == [0]


def test_r_so_5_your_streets_action_sends_investigators_home(table):
    t = table(players=1, fate=["streets", "library"], start="activate",
              seats=[{"investigators": 4, "cultists": {"streets": 3}}],
              locations={"streets": {"investigators": 2}})
    assert t.seat(0)["investigators"] == 2
    t.choose("take")
    assert t.seat(0)["investigators"] == 1 and t.loc("streets")["cultists"][0] == 2


def test_r_so_6_control_means_more_than_the_investigators(table):
    t = table(players=1, fate=["ceremony", "library"], start="activate",
              seats=[{"cultists": {"ceremony": 3}}], locations={"ceremony": {"investigators": 3}})
    assert t.prompt.kind == "temporary_control"
    t = table(players=1, fate=["ceremony", "library"], start="activate",
              seats=[{"cultists": {"ceremony": 4}}], locations={"ceremony": {"investigators": 3}})
    assert t.prompt.kind == "control_action"


def test_r_so_7_control_may_buy_a_curse_with_three_signs_once_a_turn(table):
    t = table(players=1, fate=["ceremony", "library"], start="activate",
              seats=[{"cultists": {"ceremony": 4}, "curses": ["hubris", "ill-omen"]}])
    assert "cleanse" in t.ids()
    t.choose("cleanse")
    s = t.seat(0)
    assert s["curses_carried"] == 1 and s["elder_signs"] == 3


def test_r_so_8_you_lose_on_ten_signs_or_five_curses(table):
    t = table(players=1, fate=["museum", "library"], start="conclude",
              seats=[{"hand": HAND, "elder_signs": 9, "investigators": 5}], dice=["elder_sign"] * 5)
    v = t.view()
    assert v["over"] and v["losers"] == [0] and v["winners"] == []
    t = table(players=1, fate=["museum", "streets"], start="prepare",
              seats=[{"reserve": ["key-08"], "curses": ["hubris", "ill-omen", "empty-halls", "overreach"]}],
              decks={"curses": ["paper-trail"]})
    t.choose("cast:key-08")
    v = t.view()
    assert v["over"] and v["end_reason"] == "cursed" and v["losers"] == [0]


def test_r_so_8_you_win_on_nine(table):
    t = table(players=1, fate=["other_worlds", "library"], start="activate",
              seats=[{"summon": 8, "cultists": {"other_worlds": 1}}], dice=["dagger"])
    assert t.view()["winners"] == [0] and t.view()["end_reason"] == "summoned"


def test_r_so_9_you_may_not_move_onto_the_investigators(table):
    t = table(players=1, fate=["ceremony", "library"], start="move",
              seats=[{"hand": ["tome-01", "key-01", "hood-01"]}])
    assert "play:tome-01" not in t.ids() and "play:key-01" in t.ids()


def told(t) -> list[str]:
    """The Chronicle of a test game as the player reads it (each event after the one before)."""
    from fate.words.narration import narrate

    v, out, before = t.view(0), [], None
    for e in t.events:
        if e.visible_to(0):
            line = narrate(e, v, 0, t.g.content, before)
            before = e
            if line:
                out.append(line)
    return out


def test_r_so_2_the_chronicle_names_the_spell_that_sends_the_investigators(table):
    lines = told(end_of_turn(table, ["museum", "streets"], ["tome-01"]))
    assert ("The Investigators draw a Spell with the Tome back (The Library) and go there from Streets of Arkham."
            in lines), lines
    lines = told(end_of_turn(table, ["museum", "library"], ["tome-01"]))
    assert ("The Investigators draw a Spell with the Tome back, the symbol of The Library where they stand, so "
            "they go to The Other Worlds instead." in lines), lines


def test_r_so_3_r_so_4_the_chronicle_says_why_you_are_cursed_and_raided(table):
    lines = told(end_of_turn(table, ["museum", "streets"], ["key-01"]))
    meeting = next(i for i, ln in enumerate(lines) if "They land on your Fate Piece: a meeting" in ln)
    assert any("cursed" in ln for ln in lines[meeting + 1:])
    assert "Driven on by the meeting, the Investigators move from The Museum to The Other Worlds." in lines
    lines = told(end_of_turn(table, ["museum", "library"], ["lantern-01"], investigators=2))
    assert "RAID! 2 Investigators storm your Lodge: the Investigators entered Streets of Arkham." in lines, lines
