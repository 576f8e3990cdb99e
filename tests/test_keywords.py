"""The closed keyword vocabulary (R-TENSION-12 and the other content keywords): content naming a
keyword the rule set does not know is refused at load with the file, the card and the known
keywords; every registered keyword is handled by the module the registry names."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.content.errors import ContentError
from game.content.loader import load_content
from game.engine.core.effects import CORE_EFFECTS
from game.engine.core.keywords import KEYWORDS

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "game" / "engine" / "core"


@pytest.mark.parametrize("kw", KEYWORDS, ids=lambda k: f"{k.category}-{k.name}")
def test_every_registered_keyword_is_handled_where_the_registry_says(kw):
    assert f'"{kw.name}"' in (CORE / f"{kw.module}.py").read_text()


def test_every_effect_keyword_holds_both_needs_and_resolve():
    """R-TENSION-12: one entry per keyword with both halves."""
    for name, eff in CORE_EFFECTS.items():
        assert callable(eff.needs) and callable(eff.resolve), name


def _content_with(tmp_path: Path, file: str, old: str, new: str) -> Path:
    d = tmp_path / "data"
    shutil.copytree(ROOT / "assets" / "data", d)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, new, 1))
    return d


@pytest.mark.parametrize("file,old,new,what", [
    ("tension.yaml", "op: DANGER", "op: DANGR", "unknown effect keyword 'DANGR'"),
    ("characters.yaml", "special: quick_reflexes", "special: quick_reflex", "unknown character special keyword"),
    ("enemies.yaml", "rules: [stalker, relentless", "rules: [stalker, relentles", "unknown enemy rule keyword 'relentles'"),
])
def test_content_naming_an_unknown_keyword_is_refused_with_file_card_and_known_list(tmp_path, file, old, new, what):
    d = _content_with(tmp_path, file, old, new)
    with pytest.raises(ContentError) as ex:
        load_content(d, ROOT / "scenarios")
    msg = str(ex.value)
    assert file in msg and what in msg and "use one of:" in msg
    assert re.search(r"(tension card|survivor|enemy) '", msg)
