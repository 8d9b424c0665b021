"""Property-based tests (Hypothesis) of the engine's promises about input it
did not make itself: scenarios, choice sequences and saves.

- A random scenario, well-formed or not, either builds a game whose
  invariants hold (R-CMP-5) or is refused with one line that names the field.
- Random legal choices from random scenarios keep every invariant.
- Save, load and save again gives the same bytes.
- A damaged save never crashes the loader: it loads, or it is refused with a
  SaveFormatError.

The CI profile (tests/conftest.py) is derandomized, so a run is repeatable;
``HYPOTHESIS_PROFILE=dev`` explores afresh each run (and tries more examples),
``HYPOTHESIS_PROFILE=mutation`` tries few, for the many runs of a mutation test.
"""

from __future__ import annotations

import json
import random

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate.engine import SaveFormatError, ScenarioError, default_content, new_game, view
from fate.engine.constants import LOCATIONS, PHASES
from fate.engine.events import event_problems
from fate.engine.invariants import violations
from fate.engine.save import load_data, save_data
from fate.tools.scenario import build

CONTENT = default_content()  # module level: Hypothesis reruns a test body many times
KINDS = {k: [c.id for c in CONTENT.cards if c.kind == k] for k in ("spell", "artifact", "curse", "god", "gate")}
FACES = [f.id for f in CONTENT.dice.faces]
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ----------------------------------------------------------------- strategies

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6),
                 st.lists(st.integers(0, 3), max_size=2))


def maybe(strategy, junk_weight: int = 12):
    """Mostly the well-formed strategy, now and then something of the wrong shape."""
    return st.one_of(*([strategy] * junk_weight), JUNK)


def ids(kind: str, most: int):
    return maybe(st.lists(st.sampled_from(KINDS[kind] + ["no-such-card"]), max_size=most, unique=True))


seat_rows = st.fixed_dictionaries({}, optional={
    "lodge": maybe(st.integers(0, 12)),
    "cultists": maybe(st.dictionaries(st.sampled_from(LOCATIONS + ("the-moon",)), st.integers(0, 6), max_size=3)),
    "investigators": maybe(st.integers(0, 7)),
    "summon": maybe(st.integers(0, 9)),
    "elder_signs": maybe(st.integers(0, 10)),
    "elder_sign_curse_taken": maybe(st.booleans()),
    "hand": ids("spell", 5),
    "gate": maybe(st.booleans()),
    "reserve": ids("spell", 4),
    "artifacts": ids("artifact", 4),
    "curses": ids("curse", 3),
})
location_rows = st.dictionaries(
    st.sampled_from(LOCATIONS), st.fixed_dictionaries({}, optional={
        "investigators": maybe(st.integers(0, 6)), "column": ids("spell", 3), "squalls": maybe(st.integers(0, 3))}),
    max_size=3)


@st.composite
def scenarios(draw) -> dict:
    players = draw(maybe(st.integers(1, 4), 20))
    n = players if isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= 4 else 3
    d: dict = {"players": players, "seed": draw(st.integers(0, 2**31))}
    if draw(st.booleans()):
        d["gods"] = draw(maybe(st.permutations(KINDS["god"]).map(lambda gs: gs[:n])))
    if draw(st.booleans()):
        d["seats"] = draw(maybe(st.lists(seat_rows, min_size=n, max_size=n)))
    if draw(st.booleans()):
        d["locations"] = draw(location_rows)
    if draw(st.booleans()):
        d["fate"] = draw(maybe(st.lists(st.sampled_from(LOCATIONS), min_size=1 if n >= 3 else 2,
                                        max_size=1 if n >= 3 else 2)))
    if draw(st.booleans()):
        d["start"] = draw(maybe(st.sampled_from(PHASES)))
    if draw(st.booleans()):
        d["current"] = draw(maybe(st.integers(0, n - 1)))
    if draw(st.booleans()):
        d["dice"] = draw(maybe(st.lists(st.sampled_from(FACES + ["seven"]), max_size=6)))
    if draw(st.booleans()):
        d["decks"] = draw(st.fixed_dictionaries({}, optional={
            "spells": ids("spell", 3), "artifacts": ids("artifact", 2), "curses": ids("curse", 2)}))
    if draw(st.booleans()):
        d["discard"] = draw(ids("spell", 3))
    if draw(st.booleans()):
        d["artifacts_face_up"] = draw(ids("artifact", 2))
    if draw(st.integers(0, 15)) == 0:
        d[draw(st.sampled_from(["colour", "turns", "player"]))] = 1  # a field the format does not know
    return d


def keys_in(obj, out: set[str]) -> set[str]:
    """Every map key of a scenario at any depth, and its list fields' names."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(str(k))
            keys_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            keys_in(v, out)
    return out


def assert_one_line_naming_a_field(message: str, scenario) -> None:
    assert "\n" not in message, message
    assert message.startswith("scenario"), message
    names = keys_in(scenario, set()) | {"scenario"}
    assert any(name in message for name in names - {"scenario"}) or "a scenario is a YAML map" in message \
        or "investigators placed" in message, message


def assert_playable(g) -> None:
    assert violations(g) == []
    p = g.pending()
    assert g.over or (p is not None and p.choices)
    for seat in range(g.n):
        view(g, seat)


# ----------------------------------------------------------------- scenarios


@settings(**SETTINGS)
@given(scenarios())
def test_r_cmp_5_a_random_scenario_builds_a_sound_game_or_is_refused_in_one_line(scenario):
    try:
        g = build(CONTENT, scenario)
    except ScenarioError as e:
        assert_one_line_naming_a_field(str(e), scenario)
        return
    assert_playable(g)


@settings(**SETTINGS)
@given(scenarios(), st.integers(0, 2**32 - 1))
def test_a_damaged_scenario_file_is_refused_in_one_line(tmp_path_factory, scenario, cut):
    """Broken YAML (a scenario text cut short or with a character changed) gets one
    line naming the file, never a traceback."""
    from fate.tools.scenario import load

    text = yaml.safe_dump(scenario, sort_keys=False)
    r = random.Random(cut)
    if r.random() < 0.5:
        text = text[: r.randrange(len(text) + 1)]
    else:
        i = r.randrange(len(text))
        text = text[:i] + r.choice(":[]{}-'\"\t#&*!|>%@`") + text[i + 1:]
    path = tmp_path_factory.mktemp("scn") / "s.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        g = load(CONTENT, path)
    except ScenarioError as e:
        assert "\n" not in str(e) and str(e).startswith(str(path))
        return
    assert_playable(g)


@settings(**SETTINGS)
@given(scenarios(), st.data())
def test_r_cmp_5_random_legal_choices_from_random_scenarios_keep_every_invariant(scenario, data):
    try:
        g = build(CONTENT, scenario)
    except ScenarioError:
        return
    for _ in range(data.draw(st.integers(1, 80), label="choices")):
        p = g.pending()
        if p is None:
            break
        for e in g.apply(p.choices[data.draw(st.integers(0, len(p.choices) - 1), label=p.kind)]):
            assert event_problems(g, e) == []
        assert_playable(g)


# ----------------------------------------------------------------- saves


def played(players: int, seed: int, steps: int):
    g = new_game(CONTENT, players, seed)
    r = random.Random(seed)
    for _ in range(steps):
        p = g.pending()
        if p is None:
            break
        g.apply(r.choice(p.choices))
    return g


def text_of(g) -> str:
    return json.dumps(save_data(g), separators=(",", ":"))


@settings(**SETTINGS)
@given(st.integers(1, 4), st.integers(0, 2**31), st.integers(0, 400))
def test_save_load_and_save_again_gives_the_same_bytes(players, seed, steps):
    g = played(players, seed, steps)
    first = text_of(g)
    again = load_data(CONTENT, json.loads(first))
    assert text_of(again) == first
    assert again.pending() == g.pending()


@settings(**SETTINGS)
@given(scenarios(), st.integers(0, 60))
def test_a_scenario_game_saves_and_loads_to_the_same_bytes(scenario, steps):
    try:
        g = build(CONTENT, scenario)
    except ScenarioError:
        return
    r = random.Random(steps)
    for _ in range(steps):
        if (p := g.pending()) is None:
            break
        g.apply(r.choice(p.choices))
    first = text_of(g)
    assert text_of(load_data(CONTENT, json.loads(first))) == first


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=4),
                           lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=3), kids,
                                                                                     max_size=2),
                           max_leaves=6)


def paths_in(obj, here=()) -> list[tuple]:
    out = [here]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += paths_in(v, here + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:40]):
            out += paths_in(v, here + (i,))
    return out


@settings(**SETTINGS)
@given(st.integers(1, 4), st.integers(0, 2**31), st.integers(0, 300), st.data())
def test_a_randomly_damaged_save_loads_or_is_refused_never_crashes(players, seed, steps, data):
    good = save_data(played(players, seed, steps))
    damage = data.draw(st.sampled_from(["value", "delete", "text"]), label="damage")
    if damage == "text":
        text = json.dumps(good)
        i = data.draw(st.integers(0, len(text) - 1), label="at")
        text = data.draw(st.sampled_from([text[:i], text[:i] + text[i + 1:], text[:i] + "9" + text[i + 1:]]))
        try:
            damaged = json.loads(text)
        except json.JSONDecodeError:
            return  # the file layer reports this (tests/engine/test_save.py)
    else:
        damaged = json.loads(json.dumps(good))
        path = data.draw(st.sampled_from([p for p in paths_in(damaged) if p]), label="path")
        parent = damaged
        for k in path[:-1]:
            parent = parent[k]
        if damage == "delete":
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JSON_VALUES, label="value")
    try:
        g = load_data(CONTENT, damaged)
    except SaveFormatError as e:
        assert "\n" not in str(e)
        return
    assert_playable(g)
