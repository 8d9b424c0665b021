"""Hostile values for property tests of every loader: what a damaged disk, an
editing player or a stranger's file may hold. A value is a plain Python value,
or a ``Raw`` piece of text put into the file as it is (for what ``json.dumps``
cannot write: NaN, Infinity, a 10,000-digit number, 100,000-deep nesting)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass

import yaml
from hypothesis import strategies as st


@dataclass(frozen=True)
class Raw:
    text: str


RAW_JSON = [Raw("NaN"), Raw("Infinity"), Raw("-Infinity"), Raw("1e999"), Raw("9" * 10_000),
            Raw("-" + "7" * 5_000), Raw("[" * 100_000 + "]" * 100_000), Raw('{"a":' * 50_000 + "1" + "}" * 50_000),
            Raw('"' + "\\ud800" + '"')]
RAW_YAML = [Raw(".inf"), Raw(".nan"), Raw("9" * 10_000), Raw("[" * 100_000 + "]" * 100_000),
            Raw("!!python/object/apply:os.system ['true']"), Raw("!!binary aGVsbG8="), Raw("!!set {a, b}"),
            Raw("!!int zz"), Raw("!!bool maybe"), Raw("2001-12-14"), Raw("&a [1, 2]"), Raw("*a"),
            Raw("!!omap [a: 1]"), Raw("0x" + "f" * 60), Raw("{? [a]: b}")]

SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12) | st.sampled_from(["", "x" * 1_000_000, "\u202e\x00\x07 odd", "9" * 400]))
KEYS = st.text(max_size=6) | st.integers(-3, 3) | st.booleans() | st.none()  # YAML keeps a key's kind
PLAIN = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                     | st.dictionaries(KEYS, kids, max_size=3), max_leaves=8)
JSON_HOSTILE = PLAIN | st.sampled_from(RAW_JSON)
YAML_HOSTILE = PLAIN | st.sampled_from(RAW_YAML)


def paths_in(obj, here=(), limit: int = 40) -> list[tuple]:
    """Every place in a nested value (the first ``limit`` items of a list)."""
    out = [here]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += paths_in(v, here + (k,), limit)
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:limit]):
            out += paths_in(v, here + (i,), limit)
    return out


def damage(obj, path: tuple, value) -> object:
    """A copy of ``obj`` with the value at ``path`` replaced (``...``: removed); keys keep
    their kind (a YAML book's seat counts are numbers)."""
    out = copy.deepcopy(obj)
    if not path:
        return None if value is ... else value
    parent = out
    for k in path[:-1]:
        parent = parent[k]
    if value is ... and isinstance(parent, dict):
        parent.pop(path[-1], None)
    elif value is ...:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


def _with_raw(obj, raws: list[Raw]):
    if isinstance(obj, Raw):
        raws.append(obj)
        return f"@@RAW{len(raws) - 1}@@"
    if isinstance(obj, dict):
        return {k: _with_raw(v, raws) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_with_raw(v, raws) for v in obj]
    return obj


def json_text(obj) -> str:
    raws: list[Raw] = []
    text = json.dumps(_with_raw(obj, raws))
    for i, r in enumerate(raws):
        text = text.replace(f'"@@RAW{i}@@"', r.text)
    return text


# libyaml's emitter where PyYAML has it (its wheels do): YAML of the same data as the
# pure-Python one writes (a key may be spelt another way), twenty times as fast; writing
# the damaged copies was nine tenths of the slow property tests' time
# (tests/test_valuebook.py, tests/test_draftbook.py).
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def yaml_text(obj) -> str:
    raws: list[Raw] = []
    text = yaml.dump(_with_raw(obj, raws), Dumper=_DUMPER, sort_keys=False, width=10**9)
    for i, r in enumerate(raws):
        text = text.replace(f"'@@RAW{i}@@'", r.text).replace(f"@@RAW{i}@@", r.text)
    return text


def damaged_copies(folder, good, name: str, value, count: int = 6):
    """``folder / name`` written ``count`` times, each time ``good`` with ``value`` put at
    another of its places (chosen by the value, so a failing example repeats); yields the
    path after each writing."""
    for place in random.Random(repr(value)).sample(paths_in(good), count):
        path = folder / name
        path.write_text(yaml_text(damage(good, place, value)), encoding="utf-8")
        yield path
