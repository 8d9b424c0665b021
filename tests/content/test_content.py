"""Content: the counts, and every kind of bad data refused with file, card and field."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from fate.engine import ContentError, load_content


def test_counts_are_exact(content):
    counts = {k: sum(1 for c in content.cards if c.kind == k) for k in ("god", "spell", "gate", "artifact", "curse")}
    assert counts == {"god": 8, "spell": 65, "gate": 15, "artifact": 20, "curse": 20}


def test_cli_prints_counts():
    out = subprocess.run([sys.executable, "-m", "fate.tools.cards"], capture_output=True, text=True)
    assert out.returncode == 0 and "spells: 65" in out.stdout and "content OK" in out.stdout


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file,old,new,expect", [
    ("spells.yaml", "{do: gain_artifact}]", "{do: summon_shoggoth}]", "spells.yaml: spell 'key-01'.*unknown effect step 'summon_shoggoth'"),
    ("spells.yaml", "cost: [key], timing: [any],\n     text: \"Take the top", "cost: [moon], timing: [any],\n     text: \"Take the top", "spell 'key-01'.*field 'cost'.*unknown symbol 'moon'"),
    ("spells.yaml", "id: key-02,", "id: key-01,", "card 'key-01'.*duplicate id"),
    ("spells.yaml", "{do: destroy_signs, amount: 1}],", "{do: destroy_signs, amount: 1, colour: red}],", "step 'destroy_signs': unknown field 'colour'"),
    ("gates.yaml", "count: 15", "count: 14", "gates.yaml: field 'count'"),
    ("curses.yaml", "trigger: {is: summon_at_least, n: 9}", "trigger: {is: moon_is_full}", "curse 'stars-are-wrong'.*unknown condition 'moon_is_full'"),
    ("gods.yaml", "title: Dreamer Beneath the Waves", "title: Dreamer Beneath the Waves\n    colour: green", "god 'cthulhu': unknown field 'colour'"),
    ("dice.yaml", "summon: [tentacle, dagger]", "summon: [tentacle, moon]", "dice.yaml: meanings: field 'summon': unknown face 'moon'"),
    ("spells.yaml", "solo_effect: [{do: destroy_signs, amount: 1}],", "solo_colour: red,", "spell 'key-10'.*unknown field 'solo_colour'"),
    ("gods.yaml", "    solo_effect:\n      - {do: clear_investigators, amount: 3}\n", "", "god 'hastur': field 'solo_effect': solo_text and solo_effect go together"),
    ("locations.yaml", "id: museum", "id: moon_base", "locations.yaml: field 'id': unknown location 'moon_base'"),
])
def test_bad_data_names_file_card_and_field(data, file, old, new, expect):
    edit(data / file, old, new)
    with pytest.raises(ContentError, match=expect):
        load_content(data)


def test_broken_yaml_names_the_line(data):
    (data / "artifacts.yaml").write_text("artifacts:\n  - {id: x, name: [unclosed\n")
    with pytest.raises(ContentError, match=r"artifacts.yaml: line \d+"):
        load_content(data)


def test_a_missing_spell_is_a_wrong_count(data):
    text = (data / "spells.yaml").read_text()
    start = text.index("  - {id: key-13")
    end = text.index("  # ---- Flame")
    (data / "spells.yaml").write_text(text[:start] + text[end:])
    with pytest.raises(ContentError, match="expected 65 spell cards, found 64"):
        load_content(data)


def test_a_missing_file_is_named(data):
    (data / "curses.yaml").unlink()
    with pytest.raises(ContentError, match=r"data/curses\.yaml: file is missing"):
        load_content(data)


def test_cli_error_is_one_line(data):
    (data / "gods.yaml").write_text("gods: 7\n")
    out = subprocess.run([sys.executable, "-m", "fate.tools.cards", str(data)], capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr.strip().count("\n") == 0
    assert "gods.yaml" in out.stderr and "Traceback" not in out.stderr


def test_every_step_and_condition_is_documented():
    from fate.engine.registry import CONDITIONS, STEPS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "card-format.md").read_text()
    missing = [n for n in list(STEPS) + list(CONDITIONS) if f"`{n}`" not in doc]
    assert not missing, f"document these in docs/card-format.md: {missing}"
