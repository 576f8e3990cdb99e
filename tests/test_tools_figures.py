"""Honest figures (issue 13 deliverable 5): rules coverage counts only a test's name and
docstring, per rules file, and works from a clone or says where it looked; the benchmark prints
cold start to the menu and peak memory as ``name: value unit``."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tools import rules_coverage as rc

ROOT = Path(__file__).resolve().parents[1]

SOURCE = '''
"""Module docstring naming R-MOD-1 does not count."""
# a comment naming R-COMMENT-1 does not count


def helper():
    """A helper naming R-HELPER-1 does not count."""
    return "R-STRING-1"


def test_R_NAME_1_in_the_name():
    x = "R-BODY-1"  # neither does a string in the body


def test_docstring():
    """Cites R-DOC-2 and DV-7."""


class TestGroup:
    def test_method(self):
        """R-METHOD-3."""
'''


def test_only_test_names_and_docstrings_count(tmp_path):
    t = tmp_path / "tests"
    t.mkdir()
    (t / "test_x.py").write_text(SOURCE)
    (t / "kit.py").write_text('def test_like_helper():\n    """R-KIT-1"""\n')  # not a test module
    assert rc.cited_ids(t) == {"R-NAME-1", "R-DOC-2", "DV-7", "R-METHOD-3"}


def test_per_file_totals_and_where_it_looked(tmp_path, monkeypatch, capsys):
    repo = tmp_path / "clone"
    (repo / "tests").mkdir(parents=True)
    (repo / "tests" / "test_a.py").write_text('def test_R_A_1():\n    """R-A-2"""\n')
    monkeypatch.setattr(rc, "ROOT", repo)
    monkeypatch.delenv("DREADBOARD_RULES", raising=False)
    # a clone with no rules beside it: says where it looked and what to pass
    assert rc.main([]) == 2
    err = capsys.readouterr().err
    assert str(tmp_path / "shared" / "rules") in err and "--rules" in err
    # the sibling shared/rules folder is found on its own
    rules = tmp_path / "shared" / "rules"
    rules.mkdir(parents=True)
    (rules / "a.md").write_text("## 1. One\n**R-A-1** x\n**R-A-2** y\n**R-A-3** z\n")
    (rules / "b.md").write_text("## 1. Two\n**R-B-1** x\n")
    assert rc.main([]) == 0
    out = capsys.readouterr().out
    assert "a.md total: 2/3" in out and "b.md total: 0/1" in out and "total: 2/4" in out


def test_bench_startup_prints_cold_start_and_peak_memory():
    out = subprocess.run([sys.executable, "-m", "tools.bench", "--startup", "--no-old"], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    names = {}
    for line in out.stdout.splitlines():
        m = re.fullmatch(r"([a-z0-9_]+): ([0-9.]+) ([A-Za-z/]+)", line)
        assert m, line
        names[m[1]] = m[3]
    assert names == {"cold_start_menu": "ms", "cold_start_menu_cpu": "ms", "peak_memory_menu": "MB",
                     "cold_start_returning": "ms", "cold_start_returning_cpu": "ms", "peak_memory_bench": "MB"}
