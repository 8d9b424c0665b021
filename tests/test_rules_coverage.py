"""Keeps docs/rules-coverage.md honest: every rule id has a test, and the page is current."""

from __future__ import annotations

from tests import rules_coverage as rc


def test_every_rule_id_has_a_test():
    found = rc.tests_by_rule()
    missing = [rid for rid in rc.rule_ids() if rid not in found]
    assert len(rc.rule_ids()) == 82
    assert not missing, f"rule ids without a test: {missing}"


def test_the_coverage_page_is_current():
    assert rc.DOC.read_text(encoding="utf-8") == rc.render(), "run: python tests/rules_coverage.py --write"


def test_every_worked_example_of_the_rulebook_has_a_test():
    examples = rc.example_tests()
    names = [name for name, _ in examples]
    assert len(names) == len(set(names)) == 5
    count = rc.rulebook_examples()
    if count is not None:  # the rulebook is beside the project (always so in CI)
        assert count == len(examples)
