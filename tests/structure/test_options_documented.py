"""Every rule option a rule set takes has its row in docs/scoring.md, under that rule set's
heading: an option missing there is one a club cannot find."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import scorer

DOC = (Path(__file__).resolve().parents[2] / "docs" / "scoring.md").read_text()


def section(name: str) -> str:
    start = DOC.index(f"### `{name}`")
    end = DOC.find("\n### ", start + 1)
    return DOC[start:end if end != -1 else len(DOC)]


@pytest.mark.parametrize("rules", list(scorer.RULE_SETS))
def test_every_option_has_its_row(rules):
    options = scorer.get_rule_set(rules).module.Options
    text = section(rules)
    missing = [f.name for f in dataclasses.fields(options) if f"| `{f.name}` |" not in text]
    assert not missing, f"options of {rules} without a row in docs/scoring.md: {missing}"
