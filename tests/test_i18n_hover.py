"""Issue 12, Japanese everywhere: the hover lines of squares (tokens, unexplored tiles, spawn points,
start squares, stairwells), the door and move hints and the boss-tile warning are Japanese with
Japanese chosen, on city and manor boards."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import theme as T  # noqa: E402
from tests.test_i18n_screens import english_in  # noqa: E402

pytestmark = [pytest.mark.usefixtures("display"),
              pytest.mark.skipif(i18n.japanese_font() is None, reason=i18n.FONT_HINT)]


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")
    T.SHOWN = None


def _boards():
    from game.content.loader import load_scenario
    from game.content.mansion_pack import MANSION_PARTY, load_standalone_scenario
    from game.engine import new_game

    city = [("vera", 1), ("mateo", 2)]
    for sid in ("outskirts", "dt3", "pr1", "ct2"):
        yield sid, new_game(load_scenario(sid), city, 3)
    manor = [(c, i + 1) for i, c in enumerate(MANSION_PARTY[:2])]
    for sid in ("m_w2b", "m_e1a", "m_bsmt"):
        yield sid, new_game(load_standalone_scenario(sid), manor, 3)


def test_issue12_square_hover_lines_are_japanese():
    """Every square of seven boards at set-up: what its hover card says (the lines the player reads)."""
    from game.ui.render import PlayView

    i18n.set_language("ja")
    view = PlayView.__new__(PlayView)
    left: set[str] = set()
    n = 0
    for sid, s in _boards():
        b = s.scenario.board
        for t in b.tiles.values():
            for sq in t.squares:
                for text, *_rest in view.square_lines(s, sq):
                    n += 1
                    if english_in(T.clean(text) if hasattr(T, "clean") else text):
                        left.add(f"{sid}: {text}")
    assert n > 50
    assert not left, "\n".join(sorted(left))


@pytest.mark.parametrize("typ", ["stalker_one_low", "stalker_one_high", "stalker_one_extreme"])
def test_issue12_R_STALK_the_stalkers_hover_card_is_japanese(typ):
    """R-STALK-3..8: the Stalker's hover card lists its danger card and its four rules (Relentless,
    Forced entry, Pursuit, Supply drop); they were English literals in a Japanese game."""
    from game.content.loader import load_scenario
    from game.engine import new_game
    from game.ui.hud.cards import enemy_card_lines
    from tests.kit import with_enemy

    s = new_game(load_scenario("outskirts"), [("vera", 1)], 3)
    e = with_enemy(s, typ, (0, 0))
    s.touch()
    english = [str(t) for t, *_rest in enemy_card_lines(s, e, [])]
    assert any(t.startswith("Forced entry: ") for t in english) and any("Stage One" in t for t in english)
    i18n.set_language("ja")
    left = [t for t, *_rest in enemy_card_lines(s, e, []) if english_in(str(t))]
    assert left == []
