"""Issue 23 item 1: the tile and tension-card colour words (R-EXPLORE-2, R-TENSION-1) are worded by
their message ids (``colour.<name>`` in messages.po), never looked up by their English word in the UI
catalogue. The test words the catalogue's English-keyed entries wrongly on purpose: a screen that
still looked "yellow" up by its English would show the wrong word."""
from __future__ import annotations

import ast
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.i18n.messages import render  # noqa: E402
from game.ui import theme as T  # noqa: E402

pytestmark = [pytest.mark.usefixtures("display"),
              pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)]

COLOURS = ("green", "yellow", "amber", "red")
UI = Path(__file__).resolve().parents[1] / "game" / "ui"


@pytest.fixture()
def wrong_english_entries():
    """Japanese, with the UI catalogue's entries for the English colour words replaced by a marker."""
    i18n.set_language("ja")
    cat = i18n.catalogue("ja")
    was = {c: cat.get(c) for c in COLOURS}
    for c in COLOURS:
        cat[c] = "WRONG-" + c
    yield
    for c, v in was.items():
        if v is None:
            cat.pop(c, None)
        else:
            cat[c] = v
    i18n.set_language("en")
    T.SHOWN = None


def test_colour_word_is_the_message_catalogues(wrong_english_entries):
    """R-EXPLORE-2: colour_word words each tile colour by its id, in both languages."""
    from game.ui.words import colour_word

    for c in COLOURS:
        assert colour_word(c) == render("colour." + c, {}, "ja") != "WRONG-" + c
        assert colour_word(c, "en") == render("colour." + c, {}, "en") == c
    assert colour_word("") == ""
    with pytest.raises(KeyError):
        colour_word("purple")


def test_R_EXPLORE_2_unexplored_tile_hover_words_its_colour_by_id(wrong_english_entries):
    """R-EXPLORE-2: an unexplored tile's hover line names its colour with the message catalogue's word
    (the board's tile label too); the English-keyed UI entry is never read."""
    from game.content.loader import load_scenario
    from game.engine import new_game
    from game.ui.render import PlayView

    view = PlayView.__new__(PlayView)
    seen = set()
    for sid in ("outskirts", "dt3", "pr1", "ct2"):
        s = new_game(load_scenario(sid), [("vera", 1), ("mateo", 2)], 3)
        for t in s.scenario.board.tiles.values():
            if not t.unexplored or t.colour.value not in T.UNEXPLORED:
                continue
            lines = " ".join(str(x[0]) for x in view.square_lines(s, min(t.squares)))
            assert "WRONG-" not in lines, lines
            assert render("colour." + t.colour.value, {}, "ja") in lines, lines
            seen.add(t.colour.value)
    assert seen, "no unexplored tile on the boards looked at"


def test_no_colour_looked_up_by_its_english_in_the_ui():
    """No ``_(x.colour)`` / ``_(colour)`` / ``_(COLOUR_WORDS[..])`` call over a tile colour under game/ui
    (the words come from ``colour_word``)."""
    bad = []
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "_f"):
                if node.args and not isinstance(node.args[0], ast.Constant):
                    src = ast.unparse(node.args[0])
                    if "colour" in src.lower() and "dungeon" not in str(path) and "DIE_COLOURS" not in src and "COLOUR_NAMES" not in src:
                        bad.append(f"{path.relative_to(UI)}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, "\n".join(bad)
