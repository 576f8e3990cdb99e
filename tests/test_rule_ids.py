"""Rule IDs (R-DOC-1): IDs are stable, so code and tests cite them; a cited ID that no rules file
defines is a broken reference. The rules files live outside the repository (the design team's
folder); docs/rule_ids.txt is their committed index, checked against them when they are at hand."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools.rules_coverage import ID_USE, INDEX, candidate_dirs, cited_ids, index_text

ROOT = Path(__file__).resolve().parents[1]
SHAPE = re.compile(r"^(?:(?:R|M|V|D)-[A-Z]+-[A-Z]?[0-9]+[a-z]?|DV-[0-9]+)$")


def known() -> set[str]:
    lines = INDEX.read_text(encoding="utf-8").splitlines()
    return {ln.split(": ", 1)[1] for ln in lines if ln and not ln.startswith("#")}


def cited_in_code() -> dict[str, str]:
    """Rule IDs cited anywhere in game/ and tools/ (comments, docstrings, event rules) -> a place."""
    out: dict[str, str] = {}
    for base in ("game", "tools"):
        for p in sorted((ROOT / base).rglob("*.py")):
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
                for m in ID_USE.finditer(line):
                    out.setdefault(m.group(1).replace("_", "-"), f"{p.relative_to(ROOT)}:{n}")
    return out


def test_R_DOC_1_every_index_entry_has_the_rule_id_shape_and_appears_once():
    ids = [ln.split(": ", 1)[1] for ln in INDEX.read_text(encoding="utf-8").splitlines() if ln and ln[0] != "#"]
    assert [i for i in ids if not SHAPE.match(i)] == []
    assert len(ids) == len(set(ids))


def test_R_DOC_1_every_rule_id_cited_by_code_and_tests_exists():
    """A rule ID in a comment, docstring, event or test name must name a rule of the rules files
    (a typo of one digit would otherwise send a reader to a rule that does not exist)."""
    ids = known()
    unknown = {rid: where for rid, where in cited_in_code().items() if rid not in ids}
    assert unknown == {}, f"unknown rule IDs cited: {unknown}"
    assert sorted(cited_ids(ROOT / "tests") - ids) == []


def test_R_DOC_1_the_index_is_the_rules_files():
    """Where the rules folder is at hand, docs/rule_ids.txt is exactly its IDs (regenerate with
    ``python -m tools.rules_coverage --write-index``)."""
    rules = next((d for d in candidate_dirs(None) if d.is_dir() and any(d.glob("*.md"))), None)
    if rules is None:
        pytest.skip("the rules folder is not beside this checkout")
    assert INDEX.read_text(encoding="utf-8") == index_text(sorted(rules.glob("*.md")))
