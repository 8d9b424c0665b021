"""Every card plays: one scenario per card id, asserting its effect.

A test enumerates all card ids in data/ and fails for any card without a case.
"""

from __future__ import annotations

import pytest

from fate.engine import default_content

CASES: dict[str, object] = {}
HAND = ["lantern-11", "lantern-12", "lantern-13"]
FACE_UP = ["idol-of-the-deep", "censer"]


def card(*ids):
    def deco(fn):
        for i in ids:
            CASES[i] = fn
        return fn

    return deco


def cast(table, cid, *answers, seat0=None, others=({}, {}), start="prepare", verb="cast", **kw):
    """Seat 0 holds ``cid`` (in its Reserve, or as an Artifact with verb="use"), the
    game runs to the first window where it is usable, it is used, and the answers given."""
    s0 = dict(seat0 or {})
    if verb == "cast":
        s0["reserve"] = [cid] + s0.get("reserve", [])
    else:
        s0["artifacts"] = [cid] + s0.get("artifacts", [])
    s0.setdefault("hand", [h for h in HAND if h != cid])
    kw.setdefault("artifacts_face_up", FACE_UP)
    t = table(players=1 + len(others), start=start, seats=[s0, *[dict(o) for o in others]], **kw)
    for _ in range(50):
        if t.prompt.kind == "cast_window" and f"{verb}:{cid}" in t.ids():
            break
        t.decline()
    t.choose(f"{verb}:{cid}")
    for a in answers:
        t.choose(a)
    return t


# ---------------------------------------------------------------- Key backs

@card("key-01")
def _(table):
    t = cast(table, "key-01", decks={"artifacts": ["astrolabe"]})
    assert [a["id"] for a in t.seat(0)["artifacts"]] == ["astrolabe"]


@card("key-02")
def _(table):
    t = cast(table, "key-02", start="move", seat0={"artifacts": [{"id": "brain-cylinder", "exhausted": True}]})
    assert t.seat(0)["artifacts"][0]["exhausted"] is False and len(t.seat(0)["hand_backs"]) == 4


@card("key-03")
def _(table):
    assert cast(table, "key-03", seat0={"elder_signs": 2}).seat(0)["elder_signs"] == 1


@card("key-04")
def _(table):
    t = cast(table, "key-04", seat0={"elder_signs": 2})
    assert t.seat(0)["elder_signs"] == 1 and len(t.seat(0)["hand_backs"]) == 4


@card("key-05")
def _(table):
    t = cast(table, "key-05", "seat:1", others=({"artifacts": ["star-stone"]}, {}))
    assert t.seat(1)["artifacts"] == [] and t.of("artifact_wrecked")


@card("key-06", "lantern-03")
def _(table, cid=None):
    for cid in ("key-06", "lantern-03"):
        t = cast(table, cid, start="conclude", fate=["museum"], seat0={"investigators": 5},
                 dice=["tentacle"] * 3)
        raid = [e for e in t.of("rolled") if e.data["purpose"] == "raid"][0]
        assert len(raid.data["faces"]) == 3 and t.seat(0)["investigators"] == 3


@card("key-07")
def _(table):
    assert cast(table, "key-07", seat0={"elder_signs": 3}).seat(0)["elder_signs"] == 1


@card("key-08")
def _(table):
    t = cast(table, "key-08", start="move", decks={"artifacts": ["astrolabe", "black-stone"], "curses": ["hubris"]})
    assert sorted(a["id"] for a in t.seat(0)["artifacts"]) == ["astrolabe", "black-stone"]
    assert t.seat(0)["curses_carried"] == 1


@card("key-09")
def _(table):
    t = cast(table, "key-09")
    assert t.seat(0)["has_gate"] and "gate" in t.ids()


@card("key-10")
def _(table):
    assert cast(table, "key-10", "seat:2").seat(2)["elder_signs"] == 1


@card("key-11")
def _(table):
    t = cast(table, "key-11", "seat:1", others=({"reserve": ["hood-01"]}, {}))
    assert t.seat(1)["reserve_backs"] == []


def ow_roll(table, cid, dice, *answers, cultists=1, verb="cast", seat0=None):
    s0 = dict(seat0 or {})
    s0["cultists"] = {"other_worlds": cultists}
    return cast(table, cid, *answers, seat0=s0, start="activate", fate=["other_worlds"], dice=dice, verb=verb)


@card("key-12")
def _(table):
    t = ow_roll(table, "key-12", ["skull", "tentacle"], "die:0")
    assert t.seat(0)["summon"] == 1 and t.of("die_rerolled")


@card("key-13")
def _(table):
    t = cast(table, "key-13", start="move", seat0={"elder_signs": 2})
    assert (t.seat(0)["elder_signs"], t.seat(0)["summon"]) == (0, 1)


# ---------------------------------------------------------------- Flame backs

@card("flame-01")
def _(table):
    t = cast(table, "flame-01", "loc:museum", start="move")
    assert t.loc("museum")["cultists"][0] == 0 and t.seat(0)["summon"] == 1


@card("flame-02")
def _(table):
    assert ow_roll(table, "flame-02", ["skull"], "die:0").seat(0)["summon"] == 1


@card("flame-03")
def _(table):
    s = cast(table, "flame-03").seat(0)
    assert (s["lodge"], s["abyss"], s["summon"]) == (5, 9, 1)


@card("flame-04")
def _(table):
    t = cast(table, "flame-04", start="move", dice=["tentacle", "skull"])
    assert t.seat(0)["summon"] == 1


@card("flame-05")
def _(table):
    t = cast(table, "flame-05", "seat:1", decks={"curses": ["hubris"]})
    assert t.seat(1)["curses_carried"] == 1


@card("flame-06")
def _(table):
    s = cast(table, "flame-06", start="move").seat(0)
    assert (s["summon"], s["elder_signs"]) == (2, 1)


@card("flame-07")
def _(table):
    assert ow_roll(table, "flame-07", ["skull", "dagger"], "die:0").seat(0)["summon"] == 1


@card("flame-08")
def _(table):
    t = cast(table, "flame-08", start="move")
    assert t.seat(0)["summon"] == 1 and len(t.seat(0)["hand_backs"]) == 4


@card("flame-09")
def _(table):
    t = cast(table, "flame-09", others=({"summon": 4}, {"summon": 2}))
    assert (t.seat(1)["summon"], t.seat(2)["summon"]) == (3, 2)


@card("flame-10")
def _(table):
    t = cast(table, "flame-10")
    assert t.loc("other_worlds")["cultists"][0] == 3 and t.seat(0)["lodge"] == 5


@card("flame-11")
def _(table):
    t = ow_roll(table, "flame-11", ["skull", "tentacle", "dagger"])
    assert t.seat(0)["summon"] == 2 and t.of("dice_added")


@card("flame-12")
def _(table):
    t = cast(table, "flame-12", others=({"summon": 1}, {"summon": 5}))
    assert (t.seat(1)["elder_signs"], t.seat(2)["elder_signs"]) == (0, 1)


@card("flame-13")
def _(table):
    assert cast(table, "flame-13", start="move").seat(0)["summon"] == 2


# ---------------------------------------------------------------- Lantern backs

@card("lantern-01")
def _(table):
    t = cast(table, "lantern-01", "seat:1", seat0={"investigators": 2})
    assert (t.seat(0)["investigators"], t.seat(1)["investigators"]) == (1, 1)


@card("lantern-02")
def _(table):
    assert cast(table, "lantern-02", "seat:2").seat(2)["investigators"] == 2


@card("lantern-04")
def _(table):
    t = cast(table, "lantern-04", "die:0", "die:0", start="conclude", fate=["museum"],
             seat0={"investigators": 5}, dice=["elder_sign", "elder_sign", "skull", "skull", "skull"])
    assert t.seat(0)["elder_signs"] == 0 and t.seat(0)["investigators"] == 2


@card("lantern-05")
def _(table):
    t = cast(table, "lantern-05", "seat:1", others=({"investigators": 2}, {}), dice=["skull", "skull"])
    assert t.seat(1)["investigators"] == 0 and t.of("raid_declared")[0].data["seat"] == 1


@card("lantern-06")
def _(table):
    t = cast(table, "lantern-06", "seat:1", locations={"museum": {"investigators": 4}})
    assert t.seat(1)["investigators"] == 4 and t.loc("museum")["investigators"] == 0


@card("lantern-07")
def _(table):
    t = cast(table, "lantern-07", "loc:museum", locations={"museum": {"investigators": 3}})
    assert t.loc("museum")["investigators"] == 1


@card("lantern-08")
def _(table):
    t = cast(table, "lantern-08", "seat:1", others=({"hand": ["key-01"]}, {}))
    assert t.seat(1)["hand_backs"] == [] and "key" in t.seat(0)["hand_backs"]


@card("lantern-09")
def _(table):
    assert cast(table, "lantern-09", "loc:museum").loc("museum")["investigators"] == 4


@card("lantern-10")
def _(table):
    t = cast(table, "lantern-10", current=1)
    assert (t.seat(1)["investigators"], t.seat(2)["investigators"]) == (1, 1)


@card("lantern-11")
def _(table):
    t = cast(table, "lantern-11", start="conclude", fate=["museum"], seat0={"investigators": 5},
             dice=["tentacle"] * 4)
    assert t.seat(0)["investigators"] == 4 and t.of("spell_drawn")


@card("lantern-12")
def _(table):
    t = cast(table, "lantern-12", others=({"investigators": 1}, {"investigators": 1}), dice=["skull", "skull"])
    assert [e.data["seat"] for e in t.of("raid_declared")] == [1, 2]
    assert (t.seat(1)["investigators"], t.seat(2)["investigators"]) == (0, 0)


@card("lantern-13")
def _(table):
    t = cast(table, "lantern-13")
    assert (t.seat(1)["investigators"], t.seat(2)["investigators"]) == (2, 2)


# ---------------------------------------------------------------- Hood backs

@card("hood-01")
def _(table):
    s = cast(table, "hood-01").seat(0)
    assert (s["lodge"], s["abyss"]) == (10, 4)


@card("hood-02", "hood-05")
def _(table):
    for cid, moves in (("hood-02", 3), ("hood-05", 2)):
        steps = ["move:museum:other_worlds", "move:ceremony:other_worlds", "move:library:other_worlds"][:moves]
        t = cast(table, cid, *steps, start="move")
        assert t.loc("other_worlds")["cultists"][0] == 1 + moves
    # stopping early ends the Spell (it once asked again forever)
    t = cast(table, "hood-02", "move:museum:other_worlds", "stop", start="move")
    assert t.loc("other_worlds")["cultists"][0] == 2 and t.prompt.kind == "move"


@card("hood-03")
def _(table):
    s = cast(table, "hood-03").seat(0)
    assert (s["lodge"], s["abyss"]) == (9, 5)


@card("hood-04", "hood-09", "hood-13")
def _(table):
    for cid, n, kw in (("hood-04", 2, {}), ("hood-09", 2, {"current": 1}), ("hood-13", 4, {"start": "move"})):
        t = cast(table, cid, "loc:library", **kw)
        assert t.loc("library")["cultists"][0] == 1 + n and t.seat(0)["lodge"] == 7 - n


@card("hood-06")
def _(table):
    t = cast(table, "hood-06", "seat:1", others=({"cultists": {"museum": 3}}, {}))
    assert t.loc("museum")["cultists"][1] == 1 and t.seat(1)["lodge"] == 9


@card("hood-07")
def _(table):
    assert cast(table, "hood-07", start="move").loc("other_worlds")["cultists"][0] == 4


@card("hood-08")
def _(table):
    t = cast(table, "hood-08", "loc:museum")
    s = t.seat(0)
    assert t.loc("museum")["cultists"][0] == 2 and (s["lodge"], s["abyss"]) == (7, 6)


@card("hood-10")
def _(table):
    t = cast(table, "hood-10", others=({"cultists": {"museum": 2}}, {"cultists": {"library": 2}}))
    assert t.loc("museum")["cultists"][1] == 1 and t.loc("library")["cultists"][2] == 1
    # a choice for each rival: every answer is gathered first, nobody loses two
    t = cast(table, "hood-10", "loc:museum", "loc:ceremony",
             others=({"cultists": {"museum": 2, "library": 2}}, {"cultists": {"ceremony": 2, "library": 2}}))
    assert [t.loc("museum")["cultists"][1], t.loc("library")["cultists"][1]] == [1, 2]
    assert [t.loc("ceremony")["cultists"][2], t.loc("library")["cultists"][2]] == [1, 2]
    assert t.seat(1)["lodge"] + t.seat(2)["lodge"] == 7 + 7 + 2


@card("hood-11")
def _(table):
    t = table(players=3, start="activate", fate=["ceremony"], dice=["skull"],
              seats=[{"cultists": {"ceremony": 2}, "reserve": ["hood-11"], "hand": HAND}, {}, {}])
    t.choose("roll")
    t.choose("cast:hood-11")
    t.choose("die:0")
    assert t.of("temporary_control") and t.prompt.kind == "control_action"


@card("hood-12")
def _(table):
    s = cast(table, "hood-12").seat(0)
    assert (s["lodge"], s["abyss"]) == (13, 1)


# ---------------------------------------------------------------- Tome backs

@card("tome-01")
def _(table):
    assert len(cast(table, "tome-01").seat(0)["hand_backs"]) == 5


@card("tome-02")
def _(table):
    t = cast(table, "tome-02", decks={"spells": ["flame-13"]})
    assert t.seat(0)["reserve_backs"] == ["flame"]


@card("tome-03")
def _(table):
    t = cast(table, "tome-03")
    assert t.seat(0)["has_gate"] and len(t.seat(0)["hand_backs"]) == 4


@card("tome-04")
def _(table):
    t = ow_roll(table, "tome-04", ["skull", "skull", "tentacle", "dagger"], "die:0", "die:1", cultists=2)
    assert t.seat(0)["summon"] == 2


@card("tome-05")
def _(table):
    t = cast(table, "tome-05", "ready:lantern-11", start="move")
    assert t.seat(0)["reserve_backs"] == ["lantern"]


@card("tome-06")
def _(table):
    t = cast(table, "tome-06", "seat:1")
    assert len(t.seat(1)["hand_backs"]) == 1 and len(t.of("spell_discarded")) == 2


@card("tome-07")
def _(table):
    assert ow_roll(table, "tome-07", ["skull"], "die:0").seat(0)["summon"] == 1


@card("tome-08")
def _(table):
    t = cast(table, "tome-08", "loc:library")
    assert t.of("fate_moved")[0].data["to"] == 5


@card("tome-09")
def _(table):
    t = cast(table, "tome-09", "seat:1")
    assert len(t.seat(1)["hand_backs"]) == 2 and len(t.seat(0)["hand_backs"]) == 5


@card("tome-10")
def _(table):
    t = cast(table, "tome-10", "seat:1", others=({"reserve": ["hood-01"]}, {}),
             locations={"museum": {"column": ["key-01"]}})
    assert t.loc("museum")["column"] == [] and t.seat(1)["reserve_backs"] == []


@card("tome-11")
def _(table):
    t = cast(table, "tome-11", "option:1")
    s = t.seat(0)
    assert s["has_gate"] and s["abyss"] == 6
    assert len(cast(table, "tome-11", "option:0").seat(0)["hand_backs"]) == 5


@card("tome-12")
def _(table):
    t = cast(table, "tome-12")
    assert len(t.seat(0)["hand_backs"]) == 6 and len(t.seat(0)["reserve_backs"]) == 1


@card("tome-13")
def _(table):
    t = cast(table, "tome-13", "ready:lantern-11")
    assert len(t.seat(0)["hand_backs"]) == 4 and t.seat(0)["reserve_backs"] == ["lantern"]


# ---------------------------------------------------------------- Gates

@card(*[f"gate-{k:02d}" for k in range(1, 16)])
def _(table):
    for k in range(1, 16):
        gid = f"gate-{k:02d}"
        t = table(players=3, fate=["museum"], start="move", seats=[{"hand": HAND, "gate": gid}, {}, {}])
        t.choose("gate")
        t.choose("to:0")
        assert t.view()["fate_pieces"][0]["location"] == "other_worlds" and t.loc("museum")["column"] == ["gate"]


# ---------------------------------------------------------------- Elder Gods

def gift(table, god, *answers, seat0=None, **kw):
    others = [g for g in ("cthulhu", "hastur", "azathoth", "yog-sothoth") if g != god][:2]
    s0 = dict(seat0 or {})
    s0.setdefault("hand", HAND)
    t = table(players=3, fate=["ceremony"], start="activate", gods=[god, *others], seats=[s0, {}, {}], **kw)
    for a in answers:
        t.choose(a)
    assert t.of("dark_gift")[0].data["god"] == god
    return t


@card("cthulhu")
def _(table):
    # two Cultists rise from the Abyss into the Lodge, one wades from the Lodge into The Other
    # Worlds (one stood there already) and the later of two Elder Signs sinks; the Investigators
    # in the Lodge stay
    t = gift(table, "cthulhu", seat0={"lodge": 4, "abyss": 10, "investigators": 2, "elder_signs": 2})
    s = t.seat(0)
    assert (s["lodge"], s["abyss"], s["elder_signs"], s["investigators"]) == (5, 8, 1, 2)
    assert t.loc("other_worlds")["cultists"][0] == 2
    # they rise before it wades: an empty Lodge is filled first and never runs dry (R-MV-7)
    t = gift(table, "cthulhu", seat0={"lodge": 0, "abyss": 2, "cultists": {"other_worlds": 1, "museum": 17}})
    s = t.seat(0)
    assert (s["lodge"], s["abyss"], s["elder_signs"]) == (1, 0, 0) and t.of("empty_lodge") == []
    assert t.loc("other_worlds")["cultists"][0] == 2
    # none in the Abyss: nothing rises, one wades all the same; no Elder Sign to destroy
    t = gift(table, "cthulhu", seat0={"lodge": 14, "abyss": 0})
    s = t.seat(0)
    assert (s["lodge"], s["abyss"], s["elder_signs"]) == (13, 0, 0)
    assert t.loc("other_worlds")["cultists"][0] == 2


@card("hastur")
def _(table):
    # the two Investigators trail the rival furthest up the Summon track, not one the cult picks
    t = table(players=3, fate=["ceremony"], start="activate", gods=["hastur", "cthulhu", "azathoth"],
              seats=[{"hand": HAND}, {"summon": 1}, {"summon": 3}])
    assert [t.seat(s)["investigators"] for s in (1, 2)] == [0, 2]
    # rivals level on the track: the cult chooses between them
    t = gift(table, "hastur", "seat:1")
    assert [t.seat(s)["investigators"] for s in (1, 2)] == [2, 0]


@card("nyarlathotep")
def _(table):
    # the top Spell of the deck goes straight into the Reserve, no choice asked; then the next
    # one is drawn into the hand
    t = gift(table, "nyarlathotep", decks={"spells": ["flame-13", "key-01"]})
    assert t.seat(0)["reserve_backs"] == ["flame"] and sorted(t.seat(0)["hand_backs"]) == ["key"] + ["lantern"] * 3
    # a full Reserve has no room for it: the top Spell is the one drawn into the hand
    full = ["tome-01", "tome-02", "tome-03"]
    t = gift(table, "nyarlathotep", "pass", seat0={"hand": HAND, "reserve": full}, decks={"spells": ["flame-13", "key-01"]})
    assert t.seat(0)["reserve_backs"] == ["tome"] * 3 and t.of("spell_readied") == []
    assert sorted(t.seat(0)["hand_backs"]) == ["flame"] + ["lantern"] * 3
    assert t.g.spell_deck[-1] == t.g.content.index("key-01")


@card("shub-niggurath")
def _(table):
    t = gift(table, "shub-niggurath", "loc:museum")
    s = t.seat(0)
    assert (s["abyss"], s["lodge"]) == (3, 9) and t.loc("museum")["cultists"][0] == 3


@card("yog-sothoth")
def _(table):
    t = gift(table, "yog-sothoth", seat0={"elder_signs": 2})
    assert t.seat(0)["elder_signs"] == 1 and len(t.seat(0)["hand_backs"]) == 4


@card("azathoth")
def _(table):
    t = gift(table, "azathoth", seat0={"investigators": 2}, dice=["tentacle", "skull", "broken_sign"])
    s = t.seat(0)
    assert (s["summon"], s["elder_signs"], s["investigators"]) == (1, 0, 1)
    assert t.of("cultists_lost")[0].data["count"] == 1
    # three dice: a Dagger and two Elder Signs empty a Lodge of two Investigators
    s = gift(table, "azathoth", seat0={"investigators": 2}, dice=["dagger", "elder_sign", "elder_sign"]).seat(0)
    assert (s["summon"], s["investigators"], s["elder_signs"]) == (1, 0, 0)


@card("tsathoggua")
def _(table):
    s = gift(table, "tsathoggua", seat0={"investigators": 4}).seat(0)
    assert (s["investigators"], s["lodge"], s["abyss"]) == (2, 7, 7)  # no Cultist comes back


@card("ithaqua")
def _(table):
    # two Squalls, then one Cultist comes home from the Abyss to the Lodge
    t = gift(table, "ithaqua", "loc:museum", "loc:library", seat0={"abyss": 3, "lodge": 5, "cultists": {"museum": 12}})
    assert (t.loc("museum")["squalls"], t.loc("library")["squalls"]) == (1, 1)
    assert (t.seat(0)["abyss"], t.seat(0)["lodge"]) == (2, 6)
    # a rival's move onto a Squall blows its Cultist into the Abyss
    t = table(players=3, current=1, start="move", gods=["ithaqua", "hastur", "cthulhu"],
              locations={"museum": {"squalls": 1}}, seats=[{}, {"hand": ["key-01", "tome-01", "tome-02"]}, {}])
    t.choose("play:key-01")
    assert t.loc("museum")["cultists"][1] == 1 and t.seat(1)["abyss"] == 8 and t.loc("museum")["squalls"] == 0


# ---------------------------------------------------------------- Artifacts

def use(table, aid, *answers, **kw):
    return cast(table, aid, *answers, verb="use", **kw)


@card("silver-key")
def _(table):
    t = use(table, "silver-key")
    assert t.seat(0)["has_gate"] and t.seat(0)["artifacts"][0]["exhausted"]


@card("skin-bound-tome", "censer")
def _(table):
    for aid in ("skin-bound-tome", "censer"):
        t = table(players=3, fate=["museum"], start="activate", artifacts_face_up=[aid, "astrolabe"],
                  decks={"curses": ["hubris"]}, seats=[{"hand": HAND}, {}, {}])
        t.until("museum")
        t.choose(f"artifact:{aid}")
        assert t.seat(0)["curses_carried"] == 1  # taking it brings a Curse
    t = table(players=3, fate=["museum"], start="conclude", seats=[{"hand": [], "artifacts": ["skin-bound-tome"]}, {}, {}])
    t.until("move")
    assert len(t.seat(0)["hand_backs"]) == 4  # draws up to four
    t = table(players=3, fate=["other_worlds"], start="activate", dice=["skull"] * 3,
              seats=[{"hand": HAND, "artifacts": ["censer"]}, {}, {}])
    assert len(t.of("rolled")[0].data["faces"]) == 3  # two extra dice


@card("obsidian-mirror")
def _(table):
    assert ow_roll(table, "obsidian-mirror", ["skull", "dagger"], "die:0", verb="use").seat(0)["summon"] == 1


@card("lamp-of-alhazred")
def _(table):
    t = use(table, "lamp-of-alhazred")
    assert len(t.seat(0)["hand_backs"]) == 6 and t.seat(0)["artifacts"] == []


@card("idol-of-the-deep")
def _(table):
    t = table(players=3, fate=["other_worlds"], start="activate", dice=["skull"] * 2,
              seats=[{"hand": HAND, "artifacts": ["idol-of-the-deep"]}, {}, {}])
    assert len(t.of("rolled")[0].data["faces"]) == 2


@card("warding-tablet")
def _(table):
    t = table(players=3, fate=["museum"], start="conclude", dice=["tentacle"] * 4,
              seats=[{"hand": HAND, "investigators": 5, "artifacts": ["warding-tablet"]}, {}, {}])
    t.until("move")
    assert len([e for e in t.of("rolled") if e.data["purpose"] == "raid"][0].data["faces"]) == 4


@card("trapezohedron")
def _(table):
    t = use(table, "trapezohedron", start="move", decks={"spells": ["flame-13"]})
    assert t.seat(0)["reserve_backs"] == ["flame"]


@card("black-stone")
def _(table):
    t = table(players=3, fate=["ceremony"], start="activate",
              seats=[{"hand": HAND, "cultists": {"ceremony": 2}, "artifacts": ["black-stone"]}, {}, {}])
    assert t.of("control") and t.prompt.kind == "control_action"


@card("star-stone")
def _(table):
    assert use(table, "star-stone", seat0={"elder_signs": 3}).seat(0)["elder_signs"] == 1


@card("ritual-dagger")
def _(table):
    t = use(table, "ritual-dagger", start="move", seat0={"cultists": {"museum": 3}})
    assert t.loc("museum")["cultists"][0] == 1 and t.seat(0)["summon"] == 1


@card("astrolabe")
def _(table):
    # key-03 costs Key, Key: The Museum gives one Key, the Astrolabe's wild the other
    t = table(players=3, fate=["museum"], start="conclude",
              seats=[{"hand": ["key-03", "tome-01", "tome-02"], "artifacts": ["astrolabe"]}, {}, {}])
    assert "ready:key-03" in t.ids()


@card("brain-cylinder")
def _(table):
    assert len(use(table, "brain-cylinder").seat(0)["hand_backs"]) == 4


@card("hound-amulet")
def _(table):
    t = use(table, "hound-amulet", start="conclude", fate=["museum"], seat0={"investigators": 5},
            dice=["tentacle"] * 4)
    assert t.seat(0)["investigators"] == 4


@card("innsmouth-tiara")
def _(table):
    s = use(table, "innsmouth-tiara", start="move").seat(0)
    assert (s["lodge"], s["abyss"]) == (9, 5)


@card("blind-fetish")
def _(table):
    t = ow_roll(table, "blind-fetish", ["skull"], "die:0", verb="use", cultists=4)
    assert t.of("die_turned") and t.prompt.kind == "control_action"


@card("corpse-light")
def _(table):
    assert use(table, "corpse-light", "seat:2").seat(2)["investigators"] == 3


@card("wizard-journal")
def _(table):
    assert len(use(table, "wizard-journal", current=1).seat(0)["hand_backs"]) == 4


@card("yithian-hourglass")
def _(table):
    t = use(table, "yithian-hourglass", "loc:gathering")
    assert t.of("fate_moved")[0].data["to"] == 4 and t.seat(0)["artifacts"] == []


@card("pnakotic-fragment")
def _(table):
    t = use(table, "pnakotic-fragment", "seat:1", others=({"reserve": ["hood-01", "hood-02"]}, {}))
    assert t.seat(1)["reserve_backs"] == []


# ---------------------------------------------------------------- Curses

def cursed(table, curse, seat0, **kw):
    """Seat 0 carries the Curse (held by seat 2) in a position where its trigger holds."""
    s0 = {"hand": HAND, **seat0, "curses": [curse]}
    t = table(players=3, seats=[s0, {}, {}], **kw)
    revealed = t.of("curse_revealed")
    assert revealed and revealed[0].data["card"] == curse and revealed[0].data["holder"] == 2
    assert t.seat(0)["curses_carried"] == 0
    return t


@card("crowded-sanctum")
def _(table):
    t = cursed(table, "crowded-sanctum", {"cultists": {"museum": 4}}, locations={"library": {"investigators": 3}})
    assert t.seat(0)["investigators"] == 3 and t.loc("library")["investigators"] == 0


@card("stars-are-wrong")
def _(table):
    t = table(players=3, fate=["other_worlds"], start="activate", dice=["tentacle"],
              seats=[{"hand": HAND, "summon": 8, "cultists": {"other_worlds": 1}, "curses": ["stars-are-wrong"]}, {}, {}])
    assert t.seat(0)["summon"] == 6 and not t.view()["over"]


@card("hubris")
def _(table):
    assert cursed(table, "hubris", {"summon": 7}).seat(0)["elder_signs"] == 1


@card("paper-trail")
def _(table):
    t = cursed(table, "paper-trail", {"hand": ["key-01", "key-02", "key-03", "key-04", "key-05", "key-06"]})
    assert len(t.seat(0)["hand_backs"]) == 3


@card("magpie")
def _(table):
    t = cursed(table, "magpie", {"artifacts": ["star-stone", "censer", "astrolabe"]})
    t.choose("artifact:censer")
    assert sorted(a["id"] for a in t.seat(0)["artifacts"]) == ["astrolabe", "star-stone"]


@card("marked-by-law")
def _(table):
    t = cursed(table, "marked-by-law", {"investigators": 4}, dice=["skull"] * 4)
    assert t.seat(0)["investigators"] == 0


@card("sign-upon-sign")
def _(table):
    assert cursed(table, "sign-upon-sign", {"elder_signs": 5}).seat(0)["elder_signs"] == 6


@card("overreach")
def _(table):
    t = cursed(table, "overreach", {"reserve": ["hood-01", "hood-02", "hood-03"]})
    assert len(t.seat(0)["reserve_backs"]) == 1


@card("hungry-abyss")
def _(table):
    s = cursed(table, "hungry-abyss", {"lodge": 4, "abyss": 10}).seat(0)
    assert (s["lodge"], s["abyss"]) == (2, 12)


@card("empty-halls")
def _(table):
    assert cursed(table, "empty-halls", {"lodge": 0, "abyss": 14}).seat(0)["elder_signs"] == 1


@card("tyrants-fall")
def _(table):
    t = cursed(table, "tyrants-fall", {"cultists": {"other_worlds": 4}})
    assert t.loc("other_worlds")["cultists"][0] == 2


@card("museum-guard")
def _(table):
    assert cursed(table, "museum-guard", {}, fate=["museum"], start="activate").seat(0)["elder_signs"] == 1


@card("dreams-of-fire")
def _(table):
    t = cursed(table, "dreams-of-fire", {"summon": 3}, fate=["ceremony"], start="activate")
    assert t.seat(0)["summon"] == 2


@card("lantern-window")
def _(table):
    t = cursed(table, "lantern-window", {}, fate=["streets"], start="activate")
    assert t.seat(0)["investigators"] == 2


@card("watched-flock")
def _(table):
    t = cursed(table, "watched-flock", {}, fate=["gathering"], start="activate")
    assert t.of("cultists_lost")[0].data["count"] == 3


@card("ink-of-madness")
def _(table):
    t = cursed(table, "ink-of-madness", {}, fate=["library"], start="activate")
    assert len(t.of("spell_discarded")) == 2


@card("slammed-gate")
def _(table):
    t = cursed(table, "slammed-gate", {"gate": True})
    assert not t.seat(0)["has_gate"] and t.view()["supply"]["gates"] == 15


@card("first-of-damned")
def _(table):
    assert cursed(table, "first-of-damned", {"summon": 3}).seat(0)["elder_signs"] == 1


@card("tide-of-dead")
def _(table):
    t = cursed(table, "tide-of-dead", {"cultists": {"museum": 5}})
    assert t.loc("museum")["cultists"][0] == 2


@card("ill-omen")
def _(table):
    assert cursed(table, "ill-omen", {"summon": 4}).seat(0)["elder_signs"] == 1


# ---------------------------------------------------------------- the runner

def test_every_card_has_a_scenario_test():
    ids = set(default_content().by_id)
    assert not ids - set(CASES), f"cards without a test: {sorted(ids - set(CASES))}"
    assert not set(CASES) - ids, f"tests for unknown cards: {sorted(set(CASES) - ids)}"


@pytest.mark.parametrize("cid", sorted(set(CASES)))
def test_card_plays(table, cid):
    CASES[cid](table)
