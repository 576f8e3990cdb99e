"""Memory stays flat while playing (issue 29 item 7): content loaded again and again (a scenario
picked in the menu, F5, each new game) used to stay alive in the plain-copy cache of
game.engine.defs (id -> (model, copy), cleared only at 100,000 entries): about 600 objects per
load, 84,000 -> 261,000 live objects in ten minutes of random input. The cache holds its copies
weakly now."""
from __future__ import annotations

import gc

from game.content.loader import load_content, load_scenario
from game.engine import apply, legal_actions, new_game
from game.engine.defs import ItemDef


def _live(cls) -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is cls)


def test_issue29_7_content_loaded_for_each_game_does_not_stay_alive():
    def one(seed):
        scn = load_scenario("dt1", load_content())
        s = new_game(scn, [("vera", 1), ("mateo", 2)], seed)
        for _ in range(10):
            if s.over:
                break
            apply(s, legal_actions(s)[0])
    one(0)
    base = _live(ItemDef)
    for seed in range(1, 5):
        one(seed)
    assert _live(ItemDef) <= base, "the definitions of earlier content loads are still alive"


def test_issue29_7_a_plain_copy_lives_while_the_rules_use_it():
    """The weak cache still shares one copy per definition while it is in use (the speed of
    issue 8 kept): asked twice, the same object."""
    from game.engine.defs import plain
    ct = load_content()
    d = next(iter(ct.items.values()))
    a = plain(d)
    assert plain(d) is a and a.id == d.id


def test_issue29_7_boards_laid_out_on_screen_do_not_stay_alive():
    """The play view measured each board once and kept it (up to 64 boards, ~100,000 live objects
    with the shipped maps): a scenario picked in the menu loads a new board every time. The
    measurement is kept while the board lives, and goes with it."""
    import weakref

    import pygame

    from game.ui.board.layout import BoardLayout
    from tests.kit import board
    refs = []
    for n in range(5):
        b = board("A" * (n + 2), "A" * (n + 2))
        BoardLayout(b, pygame.Rect(0, 0, 800, 600))
        refs.append(weakref.ref(b))
        del b
    gc.collect()
    assert [r for r in refs if r() is not None] == []
    kept = board("AAA")
    lay = BoardLayout(kept, pygame.Rect(0, 0, 800, 600))
    assert BoardLayout(kept, pygame.Rect(0, 0, 800, 600)).cols == lay.cols == 3


def test_issue29_7_the_text_cache_is_bounded_in_bytes_too():
    """3,000 rendered lines could hold ~100 MB of pixels: the cache also stays under
    RENDER_CACHE_BYTES."""
    import pygame

    from game.ui import theme as T
    pygame.font.init()
    for i in range(400):
        T.render(f"{i} " + "a long line of log text that is wide on the screen " * 3, 28)
    total = sum(s.get_pitch() * s.get_height() for s in T._rendered.values())
    assert total <= T.RENDER_CACHE_BYTES and T._rendered_bytes[0] == total


def test_issue29_7_fonts_kept_are_bounded():
    """A font holds about its file in memory (0.58 MB for Noto Sans); 256 were kept, and the sizes
    of every screen and window size added up over ten minutes of random input (+15 % resident
    memory). At most FONT_CACHE stay."""
    import pygame

    from game.ui import theme as T
    pygame.font.init()
    for size in range(6, 6 + 2 * T.FONT_CACHE):
        T.font(size)
        T.font(size, True)
    assert T.font.cache_info().currsize <= T.FONT_CACHE <= 64


def test_issue29_7_leaving_for_the_main_menu_gives_memory_back(tmp_path, monkeypatch):
    """A Reset of the screen stack (a game left, the main menu again) collects what the screens
    held and gives the C heap's free memory back to the system (glibc malloc_trim; the soak's
    resident size was 15-45 MB above what was live)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui import app as A
    from game.ui.memory import give_back
    from game.ui.menus import MainMenu
    from game.ui.scene import Reset
    assert give_back() in (True, False)  # never raises, whatever the system
    calls = []
    monkeypatch.setattr(A, "give_back", lambda: calls.append(1) or True)
    app = A.App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.apply(Reset(MainMenu()))
    assert calls == [1]


def test_issue30_4_the_shared_actions_of_a_game_left_do_not_stay_alive():
    """Issue 30 item 4: a campaign's live objects grew by 1,500-9,000 a scenario, most of them the
    engine's shared actions (``actions._INTERNED``: one per distinct action ever made, enemy and
    card uids differing from game to game). Giving memory back after a game (``give_back``, what the
    App does when a finished game's screen is replaced) lets them go: the live actions after each
    game stay flat."""
    from game.engine.actions import Action
    from game.ui.memory import give_back

    def one(seed):
        s = new_game(load_scenario("outskirts", load_content()), [("vera", 1), ("mateo", 2)], seed)
        for _ in range(150):
            if s.over:
                break
            apply(s, legal_actions(s)[-1])
        give_back()

    one(0)
    base = _live(Action)
    for seed in range(1, 5):
        one(seed)
    assert _live(Action) <= base + 10, (base, _live(Action))


def test_issue30_4_the_drawing_caches_of_a_game_left_go_with_it():
    """Issue 30 item 4: the rendered lines, scaled sprites and real-size window lines a finished game's
    screens filled (towards their bounds: +9 MB from a campaign's second scenario on) are dropped when
    memory is given back; drawing goes on as before (the next frame makes them again)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui import art as A
    from game.ui import theme as T
    from game.ui import window as W
    from game.ui.memory import give_back

    pygame.display.init()
    pygame.font.init()
    a = A.Art()
    T.render("a line a game showed", 15)
    W.squeezed("a line a game showed", 15, (200, 200, 200), False, False, 80)
    assert a.get("die_blue_HIT", 33) is not None and a._scaled and T._rendered
    give_back()
    assert not a._scaled and not T._rendered and T._rendered_bytes[0] == 0
    assert W.squeezed.cache_info().currsize == 0
    assert T.render("a line a game showed", 15).get_width() > 0 and a.get("die_blue_HIT", 33) is not None
