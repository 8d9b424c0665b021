"""Solo versions of rival-only cards: each one plays in a solo game and does
what its solo text says (R-SO-1, R-SP-2). A test fails for any card with a
solo version but no case here.
"""

from __future__ import annotations

import pytest

from fate.engine import default_content
from tests.content.test_cards import cast

SOLO: dict[str, object] = {}


def solo(*ids):
    def deco(fn):
        for i in ids:
            SOLO[i] = fn
        return fn

    return deco


def solo_cast(table, cid, *answers, **kw):
    """A solo game where the player holds ``cid``, cast (or used) at its first window."""
    return cast(table, cid, *answers, others=(), **kw)


def count(t, kind: str) -> int:
    return sum(e.data.get("count", 0) for e in t.of(kind))


def texts(t, cid: str) -> str:
    return next(e.data["text"] for e in t.of("spell_cast") + t.of("artifact_destroyed") if e.data["card"] == cid)


@solo("key-05", "flame-09", "lantern-02", "hood-06")
def _(table, cid):
    t = solo_cast(table, cid, "loc:museum", locations={"museum": {"investigators": 3}})
    assert t.loc("museum")["investigators"] == 1 and count(t, "investigators_cleared") == 2
    assert texts(t, cid).startswith("Solo:")


@solo("lantern-06")
def _(table, cid):
    t = solo_cast(table, cid, "loc:library", locations={"library": {"investigators": 4}})
    assert t.loc("library")["investigators"] == 1


@solo("key-10", "flame-05", "flame-12")
def _(table, cid):
    t = solo_cast(table, cid, seat0={"elder_signs": 2})
    assert t.seat(0)["elder_signs"] == 1 and t.seat(0)["curses_carried"] == 0


@solo("lantern-01", "lantern-05", "lantern-12", "lantern-13", "lantern-10")
def _(table, cid):
    gone = {"lantern-01": 1, "lantern-10": 1, "lantern-05": 2, "lantern-12": 2, "lantern-13": 3}[cid]
    t = solo_cast(table, cid, seat0={"investigators": 4})
    assert count(t, "investigators_left") == gone
    assert not t.of("raided")  # no raid: the solo version only sends them home


@solo("key-11")
def _(table, cid):
    t = solo_cast(table, cid, seat0={"investigators": 2})
    assert count(t, "investigators_left") == 1 and len(t.seat(0)["hand_backs"]) == 4


@solo("lantern-08", "tome-06", "tome-09")
def _(table, cid):
    t = solo_cast(table, cid)
    assert len(t.seat(0)["hand_backs"]) == 5


@solo("hood-10")
def _(table, cid):
    t = solo_cast(table, cid)
    assert t.seat(0)["abyss"] == 4 and t.seat(0)["lodge"] == 10


@solo("tome-10")
def _(table, cid):
    t = solo_cast(table, cid, locations={"library": {"column": ["hood-02", "key-03"]}})  # the only column
    assert t.loc("library")["column"] == [] and len(t.seat(0)["hand_backs"]) == 4


@solo("corpse-light")
def _(table, cid):
    t = solo_cast(table, cid, seat0={"investigators": 4}, verb="use")
    assert count(t, "investigators_left") == 3 and t.seat(0)["artifacts"] == []


@solo("pnakotic-fragment")
def _(table, cid):
    t = solo_cast(table, cid, verb="use")
    assert len(t.seat(0)["hand_backs"]) == 5 and t.seat(0)["artifacts"] == []


@solo("hastur")
def _(table, cid):
    t = table(players=1, gods=["hastur"], fate=["ceremony", "streets"], start="activate",
              locations={"museum": {"investigators": 4}})
    t.until("location")
    t.choose("loc:museum")
    assert t.loc("museum")["investigators"] == 1
    assert t.of("dark_gift")[0].data["text"].startswith("Solo:")


@solo("azathoth")
def _(table, cid):
    """Alone, Azathoth's gift is its two-dice version: the Elder Signs rolled send nobody home."""
    t = table(players=1, gods=["azathoth"], fate=["ceremony", "streets"], start="activate",
              seats=[{"investigators": 2, "hand": ["key-01", "tome-01", "tome-02"]}],
              dice=["dagger", "elder_sign", "elder_sign"])
    s = t.seat(0)
    assert (s["summon"], s["investigators"]) == (1, 2)
    assert t.of("dark_gift")[0].data["text"].startswith("Solo:")


@solo("cthulhu")
def _(table, cid):
    """Alone, Cthulhu's gift moves two Cultists to The Other Worlds (with rivals, three and an
    Elder Sign destroyed)."""
    t = table(players=1, gods=["cthulhu"], fate=["ceremony", "streets"], start="activate",
              seats=[{"hand": ["key-01", "tome-01", "tome-02"], "elder_signs": 2}])
    assert t.loc("other_worlds")["cultists"][0] == 3  # one stood there already
    assert t.seat(0)["elder_signs"] == 2
    assert t.of("dark_gift")[0].data["text"].startswith("Solo:")


@solo("shub-niggurath")
def _(table, cid):
    """Alone, Shub-Niggurath's gift places one Cultist after the four come back (two with rivals)."""
    t = table(players=1, gods=["shub-niggurath"], fate=["ceremony", "streets"], start="activate",
              seats=[{"hand": ["key-01", "tome-01", "tome-02"]}])
    t.until("location")
    t.choose("loc:museum")
    s = t.seat(0)
    assert t.loc("museum")["cultists"][0] == 2 and (s["abyss"], s["lodge"]) == (3, 10)
    assert t.of("dark_gift")[0].data["text"].startswith("Solo:")


@solo("nyarlathotep")
def _(table, cid):
    """Alone, Nyarlathotep's gift readies a Spell of the cult's choice from its hand for free
    (with rivals, the top Spell of the deck)."""
    t = table(players=1, gods=["nyarlathotep"], fate=["ceremony", "streets"], start="activate",
              seats=[{"hand": ["lantern-11", "lantern-12", "lantern-13"]}])
    t.choose("ready:lantern-12")
    assert t.seat(0)["reserve_backs"] == ["lantern"] and t.seat(0)["hand_backs"] == ["lantern"] * 2
    assert t.of("dark_gift")[0].data["text"].startswith("Solo:")


@solo("ithaqua")
def _(table, cid):
    """Alone, Ithaqua's gift sets its two Squalls and no Cultist comes home from the Abyss
    (with rivals, one does)."""
    t = table(players=1, gods=["ithaqua"], fate=["ceremony", "streets"], start="activate",
              seats=[{"hand": ["lantern-11", "lantern-12", "lantern-13"], "abyss": 3, "lodge": 11}])
    t.choose("loc:museum")
    t.choose("loc:library")
    assert (t.loc("museum")["squalls"], t.loc("library")["squalls"]) == (1, 1)
    assert t.seat(0)["abyss"] == 3
    assert t.of("dark_gift")[0].data["text"].startswith("Solo:")


def test_every_solo_version_has_a_case():
    ids = {c.id for c in default_content().cards if c.solo_text}
    assert len(ids) == 27
    assert ids == set(SOLO), f"without a case: {sorted(ids - set(SOLO))}"


@pytest.mark.parametrize("cid", sorted(SOLO))
def test_solo_version_plays(table, cid):
    SOLO[cid](table, cid)


def test_solo_versions_stay_out_of_games_with_rivals(table):
    """R-SP-2 with rivals present: the card's own text and effect apply."""
    t = table(players=3, start="prepare", seats=[{"reserve": ["key-10"]}, {}, {}])
    t.until("cast_window")
    t.choose("cast:key-10")
    t.choose("seat:1")
    assert t.seat(1)["elder_signs"] == 1
    assert not t.of("spell_cast")[0].data["text"].startswith("Solo:")


def test_solo_offers_a_window_on_the_investigators_turn(table):
    """R-SO-2 and R-SP-1: in solo a card timed for another cult's turn can be cast
    as the Investigators take theirs."""
    t = table(players=1, start="conclude", seats=[{"reserve": ["hood-09"]}])
    for _ in range(30):
        p = t.prompt
        if p.kind == "cast_window" and "cast:hood-09" in t.ids():
            break
        t.decline()
    assert "Investigators" in t.prompt.text
