"""Golden playthroughs (R-DOC-4): seeded bot games replay line for line.

After an intended rules change, regenerate with ``python -m tools.golden`` and review the diff.
"""
import difflib

import pytest

from tools.golden import CASES, path_for, playthrough


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}p-seed{c[2]}")
def test_R_DOC_4_golden_playthrough_replays_identically(case):
    want = path_for(*case).read_text().splitlines()
    got = playthrough(*case).splitlines()
    diff = list(difflib.unified_diff(want, got, "golden", "now", lineterm="", n=2))
    assert not diff, "\n".join(diff[:40])
