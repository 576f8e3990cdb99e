"""The rules reference (issue 12): every rule ID the engine writes into the log opens a section;
the glossary has every keyword players meet; search; rule IDs hidden from players by default."""
from __future__ import annotations

import os
import re
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.errors import ContentError  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.rulebook import GLOSSARY, Rulebook, RulebookScene, rulebook  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def engine_rule_ids() -> set[str]:
    src = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "game" / "engine").rglob("*.py"))
    return set(re.findall(r'emit\(\s*"[a-z_]+",\s*"((?:R|DV)-[A-Z0-9-]+)"', src))


def test_every_rule_id_in_the_log_opens_a_section():
    ids = engine_rule_ids()
    assert len(ids) > 70
    missing = sorted(r for r in ids if rulebook().section_for_rule(r) is None)
    assert not missing, f"log rule IDs with no rulebook section: {missing}"
    assert rulebook().section_for_rule("R-EVADE-3").id == "evade"
    assert rulebook().section_for_rule("DV-2").id == "evade"
    assert rulebook().section_for_rule("R-MOVE-4").id == "move"
    assert rulebook().section_for_rule("") is None


@pytest.mark.parametrize("word", ["hit", "hit+", "critical", "burst", "sweep", "evade roll", "threat level",
                                  "tension deck", "linked tile", "sustained effect", "push", "charge", "rapid fire",
                                  "line of sight", "wall corner", "encounter die", "FANG", "unconscious"])
def test_glossary_defines_the_keywords_players_meet(word):
    t = rulebook().term(word)
    assert t is not None and len(t.text) > 20
    assert t.see in rulebook().sections


def test_keywords_are_found_in_log_text():
    found = [t.term for t in rulebook().terms_in("Zombie attacks Vera - evade roll, tier 2: [hit+, blank] → evaded!")]
    assert found[0] == "evade roll" and "hit+" in found and "evade difficulty" in found  # 'tier'
    assert "hit" not in found  # 'hit+' is not also read as 'hit'


def test_search_finds_sections_and_words():
    secs, terms = rulebook().search("corner")
    assert secs[0].id in ("move", "reach") and any(t.id == "wall_corner" for t in terms)
    secs, terms = rulebook().search("burst")
    assert any(t.id == "burst" for t in terms)
    assert rulebook().search("xyzzy") == ([], [])


def test_rule_ids_hidden_unless_the_setting_is_on():
    """The rule ID is a typed field put beside the words (issue 23), never cut out of them."""
    from game.ui.ruleids import tagged

    s = "You cannot end the action phase here."
    assert tagged(s, "R-TURN-5", False, "()") == s
    assert tagged(s, "R-TURN-5", True, "()") == s + " (R-TURN-5)"
    # the board caption is written "text  [R-ID]" with the setting on; off, nothing of it
    assert tagged("Vera Castellan opens the door.", "R-DOOR-1", True) == "Vera Castellan opens the door.  [R-DOOR-1]"
    assert tagged("Vera Castellan opens the door.", "R-DOOR-1", False) == "Vera Castellan opens the door."


def test_rulebook_scene_search_by_typing(tmp_path):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    scene = RulebookScene()
    app.stack = [scene]
    app.step([])
    for ch in "evade":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    assert scene.query == "evade" and scene.current == "evade"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")])
    assert scene.query == "evad"
    glossary = scene.zones.find("section", GLOSSARY)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=glossary.rect.center, button=1)])
    assert scene.current == GLOSSARY
    term = scene.zones.find("term")
    assert term is not None
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=term.rect.center, button=1)])
    assert scene.current in rulebook().sections


def test_a_broken_rulebook_file_names_file_and_entry(tmp_path):
    p = tmp_path / "rulebook.yaml"
    p.write_text("sections:\n  - {id: a, title: A, text: x}\nglossary:\n  - {id: g, term: g, see: nowhere, text: y}\n")
    with pytest.raises(ContentError) as ex:
        Rulebook(p)
    assert "rulebook.yaml" in str(ex.value) and "'g'" in str(ex.value) and "nowhere" in str(ex.value)


def _terms_whole(book: Rulebook, text: str) -> list:
    """terms_in as the whole glossary's pattern finds them (before issue 30's pre-filter)."""
    out = []
    for m in book._word_re.finditer(text):
        t = book._by_word.get(m.group(0).lower())
        if t is not None and t not in out:
            out.append(t)
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_terms_in_finds_what_the_whole_glossary_pattern_finds(lang):
    """terms_in looks only for the words a text holds (issue 30: the whole pattern cost ~12 ms per enemy card,
    every frame): over every section, glossary entry and card text, in both languages, and mixed case, the
    same terms in the same order as the whole pattern; asked again, the same answer (kept per text)."""
    book = rulebook(lang)
    texts = [s.text for s in book.sections.values()] + [t.text for t in book.glossary.values()]
    texts += [f"{t.term.upper()}, {t.term.title()}! x{t.term}x ({t.term})+" for t in book.glossary.values()]
    for p in sorted((ROOT / "assets" / "data").glob("*.yaml")):
        texts += [v for v in re.findall(r":\s+\"?([^\n\"]{20,})", p.read_text(encoding="utf-8"))]
    assert len(texts) > 300
    for text in texts:
        want = _terms_whole(book, text)
        assert book.terms_in(text) == want, text
        assert book.terms_in(text) == want, text
