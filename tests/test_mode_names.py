"""Issue 24, must show: no mode's name and no rule-ID prefix test in a shared UI file. A mode lives in
its own package under ``game/ui/`` (``game/ui/manor/``, ``game/ui/dungeon/``, ``game/ui/versus/``)
and reaches the shared screens only through its registration and kit (``game.ui.modes``,
``game.ui.kit.ModeKit``); the shared files ask the kit.

A grep held as a ratchet, like tests/test_import_map.py: every ``.py`` file under ``game/ui/``
outside a mode's own package may name no mode (comments and docstrings included: a shared file that
talks about the manor is one that knows it) and test no rule-ID prefix (``e.rule.startswith("M-ENC")``).
:data:`CEILINGS` lists the shared files that still do, with today's count: it may only go down; a
file not listed, or a count above its ceiling, fails with the lines named.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "game" / "ui"

#: a mode's words -> the package under game/ui/ that may use them
MODE_WORDS = {"manor": "manor", "mansion": "manor", "dungeon": "dungeon", "versus": "versus"}
WORDS = re.compile(r"(?i)(manor|mansion|dungeon|versus)")
#: a rule-ID prefix tested in code: ``.startswith("M-ENC")``, ``rule[:5] ==``, ``.startswith(("R-", ...``
PREFIX_TEST = re.compile(r"""startswith\(\s*\(?\s*f?["'](?:[A-Z]{1,4}-)|\brule\s*\[\s*:\s*\d""")

#: shared files still naming a mode (path under game/ui -> lines allowed), each a leftover to move;
#: none left (the last ones, the content lint's patterns, the rulebook's diagrams, the sound table
#: and the automation switch's help, went to the manor's package behind its registration and kit)
CEILINGS: dict[str, int] = {}


def offences(root: Path = UI) -> dict[str, list[str]]:
    """Shared UI file (path under ``root``) -> its lines naming a mode outside the mode's package, or
    testing a rule-ID prefix."""
    out: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        package = rel.split("/")[0] if "/" in rel else ""
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            named = {MODE_WORDS[w.lower()] for w in WORDS.findall(line)} - {package}
            if named or (PREFIX_TEST.search(line) and package not in MODE_WORDS.values()):
                out.setdefault(rel, []).append(f"game/ui/{rel}:{n}: {line.strip()[:120]}")
    return out


def problems(ceilings: dict[str, int] = CEILINGS, root: Path = UI) -> list[str]:
    found = offences(root)
    out = []
    for rel, lines in found.items():
        if len(lines) > ceilings.get(rel, 0):
            out.append(f"game/ui/{rel} names a mode or tests a rule-ID prefix in {len(lines)} line(s) (ceiling "
                       f"{ceilings.get(rel, 0)}): move it into the mode's package behind its kit or registration "
                       "(docs/architecture.md, 'How a new mode adds its kit'):\n  " + "\n  ".join(lines))
    return out


def test_no_shared_ui_file_names_a_mode_or_tests_a_rule_id_prefix():
    assert not (p := problems()), "\n".join(p)


def test_the_ceilings_are_today_s_counts():
    """A ceiling above today's count lets a name creep back in: lower it when a file is cleaned."""
    found = offences()
    loose = {rel: n for rel, n in CEILINGS.items() if len(found.get(rel, [])) < n}
    assert not loose, f"lower these ceilings to today's counts: {({r: len(found.get(r, [])) for r in loose})}"


def test_the_ratchet_catches_a_name_a_prefix_test_and_allows_the_mode_s_own_package(tmp_path):
    """Broken on purpose: a shared file naming the manor and one testing ``M-ENC`` fail; the manor's
    own package may do both; the dungeon's package may not name the manor."""
    (tmp_path / "hud").mkdir()
    (tmp_path / "hud" / "side.py").write_text("# the manor's strip\n", encoding="utf-8")
    (tmp_path / "anim.py").write_text("if e.rule.startswith('M-ENC'):\n    pass\n", encoding="utf-8")
    (tmp_path / "manor").mkdir()
    (tmp_path / "manor" / "kit.py").write_text("# the manor\nok = e.rule.startswith('M-ENC')\n", encoding="utf-8")
    (tmp_path / "dungeon").mkdir()
    (tmp_path / "dungeon" / "kit.py").write_text("# unlike the Mansion\n# the dungeon\n", encoding="utf-8")
    text = "\n".join(problems({}, tmp_path))
    assert "game/ui/hud/side.py:1" in text and "game/ui/anim.py:1" in text
    assert "game/ui/dungeon/kit.py:1" in text and "dungeon/kit.py:2" not in text
    assert "manor/kit.py" not in text
