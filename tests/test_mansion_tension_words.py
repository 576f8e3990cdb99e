"""The manor's words for the core tension deck (M-DOC-2: the mansion plays the tension deck of
DV-16 as the core game does; assets/data/mansion/tension.yaml gives it words that fit a house)."""
import re
import shutil

import pytest

from game.content.errors import ContentError
from game.content.loader import load_content
from game.content.mansion_pack import MANSION_DATA, load_mansion_content
from tests.kit import act, board
from tests.mansion_kit import mcontent, mgame

CITY_WORDS = re.compile(r"\b(street|streets|city|rooftops?|concrete|block|drain)\b", re.I)


def test_M_DOC_2_the_manor_tension_deck_is_the_core_deck_with_manor_words():
    """Same cards, colours, effects and symbols as the core deck; no card a manor player reads
    speaks of streets, rooftops or the city."""
    core, manor = load_content().tension, mcontent().tension
    assert set(core) == set(manor)
    for k, c in core.items():
        m = manor[k]
        assert (m.colour, m.effect, m.high, m.extreme, m.symbols, m.escalation, m.intro) == \
               (c.colour, c.effect, c.high, c.extreme, c.symbols, c.escalation, c.intro), k
        assert not CITY_WORDS.search(m.name + " " + m.text), f"{k}: {m.name}: {m.text}"
    assert core["quiet_moment"].text != manor["quiet_moment"].text  # the city keeps its own words


def test_M_DOC_2_a_manor_game_draws_the_manor_words_and_a_city_game_the_citys():
    """The tension card logged at the end of a manor turn carries the manor's text."""
    b = board("AAAA", "AAAA", start={1: (0, 0)})
    s = mgame(b)
    ev = act(s, "end_phase")
    texts = " ".join(e.text for e in ev if e.kind == "tension")
    assert "The house holds its breath" in texts and "street" not in texts


def test_tension_words_naming_a_card_that_does_not_exist_is_refused_with_the_file(tmp_path):
    d = tmp_path / "m"
    shutil.copytree(MANSION_DATA, d)
    p = d / "tension.yaml"
    p.write_text(p.read_text() + "  - id: no_such_card\n    text: Boo.\n")
    with pytest.raises(ContentError) as ei:
        load_mansion_content(d)
    assert "tension.yaml" in str(ei.value) and "no_such_card" in str(ei.value) and "quiet_moment" in str(ei.value)
