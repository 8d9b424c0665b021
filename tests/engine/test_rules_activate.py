"""The Activate phase (R-AC) and every location (R-OW, R-MU, R-CE, R-SA, R-GA, R-LI)."""

from __future__ import annotations


def at(table, loc, **kw):
    kw.setdefault("players", 3)
    return table(fate=[loc], start="activate", **kw)


def test_r_ac_1_basic_action_then_optional_control(table):
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 3}}, {}, {}])
    assert "basic_action" in t.kinds() and not t.of("control_action")
    assert t.prompt.kind == "control_action" and "skip" in t.ids()
    t.choose("skip")
    assert not t.of("control_action") and t.loc("ceremony")["cultists"][0] == 3


def test_r_ac_2_control_is_judged_as_activate_begins_before_the_basic_action(table):
    """R-AC-2 Interpretation: the verdict is taken once, before the Basic Action."""
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 3}}, {}, {}])
    order = [k for k in t.kinds() if k in ("basic_action", "control")]
    assert order == ["control", "basic_action"]


def test_r_ac_2_control_needs_three_and_strictly_the_most(table):
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 3}}, {"cultists": {"ceremony": 3}}, {}])
    assert t.prompt.kind == "temporary_control"  # tied: nobody controls
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 4}}, {"cultists": {"ceremony": 3}}, {}])
    assert t.prompt.kind == "control_action"
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 2}}, {"cultists": {"ceremony": 0}}, {}])
    assert t.prompt.kind == "temporary_control"  # most, but fewer than three


def test_r_ac_3_temporary_control_on_the_pentagram(table):
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 2}}, {}, {}], dice=["pentagram"])
    t.choose("roll")
    assert t.of("temporary_control") and t.prompt.kind == "control_action"
    t.choose("take")
    assert t.loc("ceremony")["cultists"][0] == 0 and t.seat(0)["summon"] == 1
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 2}}, {}, {}], dice=["skull"])
    t.choose("roll")
    assert t.of("temporary_control_failed") and t.prompt.kind != "control_action"


def test_r_ow_1_one_die_per_cultist_successes_advance_and_sacrifice(table):
    t = at(table, "other_worlds", seats=[{"cultists": {"other_worlds": 4}}, {}, {}],
           dice=["tentacle", "dagger", "skull", "pentagram"])
    assert len(t.of("rolled")[0].data["faces"]) == 4
    s = t.seat(0)
    assert s["summon"] == 2 and t.loc("other_worlds")["cultists"][0] == 2 and s["abyss"] == 9 + 2



def test_r_ow_1_the_always_on_dice_of_two_artifacts_add_up(table):
    # the Idol of the Deep Ones gives one die more, the Censer of Black Smoke two
    t = at(table, "other_worlds", seats=[{"cultists": {"other_worlds": 2},
                                          "artifacts": ["idol-of-the-deep", "censer"]}, {}, {}])
    assert len(t.of("rolled")[0].data["faces"]) == 2 + 1 + 2

def test_r_ow_2_control_returns_a_cultist_per_pentagram(table):
    t = at(table, "other_worlds", seats=[{"cultists": {"other_worlds": 4}}, {}, {}],
           dice=["tentacle", "pentagram", "pentagram", "skull"])
    t.choose("take")
    s = t.seat(0)
    assert s["summon"] == 1 and s["abyss"] == 9 + 1 - 2 and s["lodge"] == 7 + 2


def test_r_ac_3_temporary_control_is_not_offered_to_a_cult_with_control_at_the_start(table):
    """R-AC-3: Control lost during the Basic Action does not bring the roll's offer."""
    t = at(table, "other_worlds", seats=[{"cultists": {"other_worlds": 3}}, {"cultists": {"other_worlds": 2}}, {}],
           dice=["tentacle", "tentacle", "tentacle"])
    assert "temporary_control" not in [e.kind for e in t.events]
    assert t.prompt is None or t.prompt.kind != "temporary_control"


def test_r_ac_2_control_gained_during_the_basic_action_does_not_count(table):
    """R-AC-2 Interpretation: Shub-Niggurath's Dark Gift places a third and a fourth Cultist
    at The Ceremony during the Basic Action, but the verdict was taken before it: no
    Control, only the offer of Temporary Control."""
    t = at(table, "ceremony", gods=["shub-niggurath", "hastur", "cthulhu"],
           seats=[{"cultists": {"ceremony": 2}}, {}, {}])
    assert not t.of("control")
    t.choose("loc:ceremony")
    assert t.loc("ceremony")["cultists"][0] == 4
    assert t.prompt.kind == "temporary_control"


def test_r_mu_1_take_one_face_up_artifact_the_other_goes_under(table):
    t = at(table, "museum", artifacts_face_up=["star-stone", "censer"],
           decks={"artifacts": ["warding-tablet", "black-stone"]})
    t.until("museum")
    deck = t.view()["supply"]["artifact_deck"]
    t.choose("artifact:star-stone")
    assert [a["id"] for a in t.seat(0)["artifacts"]] == ["star-stone"]
    assert [a["id"] for a in t.view()["artifacts_face_up"]] == ["warding-tablet", "black-stone"]
    assert t.view()["supply"]["artifact_deck"] == deck - 2 + 1


def test_r_mu_2_the_artifact_limit_applies_at_once(table):
    t = at(table, "museum", seats=[{"artifacts": ["star-stone", "censer", "black-stone"]}, {}, {}],
           artifacts_face_up=["warding-tablet", "astrolabe"])
    t.until("museum")
    t.choose("artifact:warding-tablet")
    assert t.prompt.kind == "artifact_limit" and len(t.ids()) == 4
    t.choose("discard:censer")
    assert sorted(a["id"] for a in t.seat(0)["artifacts"]) == ["black-stone", "star-stone", "warding-tablet"]


def test_r_mu_3_control_comes_first_replace_then_sacrifice_for_signs(table):
    t = at(table, "museum", seats=[{"cultists": {"museum": 4}, "elder_signs": 2}, {"elder_signs": 1}, {}],
           artifacts_face_up=["star-stone", "censer"], decks={"artifacts": ["astrolabe", "idol-of-the-deep"]})
    assert not t.of("basic_action")  # the Control Action comes before the Basic one
    t.choose("take")
    t.choose("replace")
    assert [a["id"] for a in t.view()["artifacts_face_up"]] == ["astrolabe", "idol-of-the-deep"]
    t.choose("destroy:0")
    t.choose("destroy:1")
    t.choose("stop")
    assert (t.seat(0)["elder_signs"], t.seat(1)["elder_signs"]) == (1, 0)
    assert t.loc("museum")["cultists"][0] == 2
    assert t.prompt.kind == "museum"  # then the Basic Action


def test_r_ce_1_a_gate_then_the_dark_gift(table):
    t = at(table, "ceremony", gods=["cthulhu", "hastur", "azathoth"], seats=[{"lodge": 4, "abyss": 10}, {}, {}])
    s = t.seat(0)
    assert s["has_gate"] and t.view()["supply"]["gates"] == 14
    assert t.of("dark_gift")[0].data["god"] == "cthulhu"
    # Cthulhu's gift: two rise from the Abyss, one wades into The Other Worlds (one stood there)
    assert (s["lodge"], s["abyss"], t.loc("other_worlds")["cultists"][0]) == (5, 8, 2)


def test_r_ce_2_control_sacrifices_two_for_a_summon_step(table):
    t = at(table, "ceremony", seats=[{"cultists": {"ceremony": 3}}, {}, {}])
    t.choose("take")
    assert t.loc("ceremony")["cultists"][0] == 1 and t.seat(0)["summon"] == 1


def test_r_sa_1_send_two_investigators_then_the_others_are_raided(table):
    t = at(table, "streets", seats=[{"investigators": 3}, {}, {"investigators": 1}],
           dice=["elder_sign", "skull", "skull"])
    t.choose("send:lodge:1")
    t.choose("send:supply:1")
    raided = [e.data["seat"] for e in t.of("raid_declared")]
    assert raided == [1, 2] and t.seat(0)["investigators"] == 2
    assert t.seat(1)["elder_signs"] == 1 and t.seat(1)["investigators"] == 1
    # the log says where each came from: the sender's Lodge (its seat), then the supply
    assert [e.data for e in t.of("investigators_sent")] == [{"seat": 1, "count": 1, "source": 0},
                                                            {"seat": 1, "count": 1, "source": "supply"}]


def test_r_sa_2_control_puts_an_investigator_in_every_other_lodge_without_a_raid(table):
    t = at(table, "streets", seats=[{"cultists": {"streets": 3}}, {}, {}], dice=["tentacle", "dagger"])
    t.choose("send:supply:1")
    t.choose("send:supply:2")
    t.until("control_action")
    raids = len(t.of("raid_declared"))
    t.choose("take")
    assert (t.seat(1)["investigators"], t.seat(2)["investigators"]) == (2, 2)
    assert len(t.of("raid_declared")) == raids and t.loc("streets")["cultists"][0] == 2


def test_r_ga_1_three_from_the_abyss_then_one_may_leave(table):
    t = at(table, "gathering")
    assert (t.seat(0)["lodge"], t.seat(0)["abyss"]) == (10, 4)
    assert t.prompt.kind == "gathering_move" and "stop" in t.ids()
    t.choose("to:0")
    assert t.loc("other_worlds")["cultists"][0] == 2 and t.loc("gathering")["cultists"][0] == 0


def test_r_ga_2_control_moves_any_number(table):
    t = at(table, "gathering", seats=[{"cultists": {"gathering": 5}}, {}, {}])
    t.choose("stop")
    t.choose("take")
    for dest in ("to:0", "to:0", "to:1", "to:5"):
        t.choose(dest)
    t.choose("stop")
    assert t.loc("gathering")["cultists"][0] == 1
    assert [t.loc(x)["cultists"][0] for x in ("other_worlds", "museum", "library")] == [2, 1, 1]


def test_r_li_1_draw_three(table):
    t = at(table, "library", seats=[{"hand": ["key-01"]}, {}, {}])
    assert len(t.seat(0)["hand_backs"]) == 4


def test_r_li_2_ready_two_the_column_goes_after_both(table):
    t = at(table, "library", seats=[{"hand": ["tome-01", "tome-03"]}, {}, {}],
           locations={"library": {"column": ["tome-02"]}})
    t.until("ready")
    t.choose("ready:tome-01")
    assert t.loc("library")["column"] == ["tome"]  # not yet discarded
    t.choose("ready:tome-03")
    assert t.loc("library")["column"] == [] and len(t.seat(0)["reserve_backs"]) == 2


def test_r_li_3_control_readies_one_for_free(table):
    t = at(table, "library", seats=[{"cultists": {"library": 3}, "hand": ["flame-13"]}, {}, {}],
           locations={"library": {"column": ["key-01"]}})
    t.choose("take")
    t.choose("ready:flame-13")
    assert t.seat(0)["reserve_backs"] == ["flame"]
    assert t.loc("library")["column"] == ["key"]  # nothing discarded


def test_r_ac_2_the_verdict_sees_a_spell_cast_in_the_activate_window(table):
    """R-AC-2, R-SP-1 Interpretation: the Activate phase opens with a casting window, and
    Control is judged after it. March to the Void (three Cultists into The Other Worlds)
    cast there turns one Cultist into four: Control, so no Temporary Control roll."""
    t = table(players=3, fate=["other_worlds"], start="activate",
              seats=[{"cultists": {"other_worlds": 1}, "reserve": ["hood-07"]},
                     {"cultists": {"other_worlds": 3}}, {}],
              dice=["skull", "skull", "skull", "skull"])
    assert t.prompt.kind == "cast_window"
    t.choose("cast:hood-07")  # nothing more to cast: the window closes by itself
    assert t.of("control")[0].data == {"seat": 0, "location": 0}
    assert len(t.of("rolled")[0].data["faces"]) == 4  # four Cultists roll
    assert not any(e.kind == "temporary_control_failed" for e in t.events)


def test_r_cu_2_a_curse_woken_by_the_placed_cultist_resolves_before_control_is_judged(table):
    """R-CU-2, R-AC-2: the third Cultist placed at The Other Worlds gives Control and
    wakes The Tyrant's Fall at once (two Cultists there sacrificed); the verdict, taken
    later as Activate begins, sees one Cultist: no Control."""
    t = table(players=3, fate=["museum"], start="move",
              seats=[{"cultists": {"other_worlds": 2}, "gate": True, "curses": ["tyrants-fall"]}, {}, {}],
              dice=["skull"])
    t.until("move")
    t.choose("gate")
    t.choose("to:0")
    revealed = t.of("curse_revealed")
    assert [e.data["card"] for e in revealed] == ["tyrants-fall"]
    assert t.loc("other_worlds")["cultists"][0] == 1
    assert not t.of("control")
    kinds = t.kinds()
    assert kinds.index("curse_revealed") < kinds.index("basic_action")


def test_r_cu_5_two_curses_waking_at_once_resolve_in_the_order_drawn(table):
    """R-CU-2, R-CU-5 Interpretation: when one moment wakes several Curses, the one drawn
    first is revealed first, and the others are judged again after its penalty. March
    to the Void takes two Cultists at The Other Worlds to five: The Tide of the Dead
    (more than four) sacrifices three, after which The Crowded Sanctum (more than
    three) no longer holds and stays hidden."""
    t = table(players=3, fate=["library"], start="activate",
              seats=[{"cultists": {"other_worlds": 2}, "reserve": ["hood-07"],
                      "curses": ["tide-of-dead", "crowded-sanctum"]}, {}, {}])
    assert not t.of("curse_revealed")
    t.choose("cast:hood-07")
    assert [e.data["card"] for e in t.of("curse_revealed")] == ["tide-of-dead"]
    assert t.loc("other_worlds")["cultists"][0] == 2
    assert t.seat(0)["curses_carried"] == 1
    assert [c["id"] for c in t.view(2)["curses_held"]] == ["crowded-sanctum"]
