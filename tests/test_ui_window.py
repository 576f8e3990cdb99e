"""The window (game.ui.window): the logical 1280x720 screen shown at the window's real size, text
redrawn sharp with the font at that size, mouse positions turned back into logical ones, and the
UI-scale setting (saved, applied at once)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import theme as T  # noqa: E402
from game.ui.app import App, window_size  # noqa: E402
from game.ui.window import LARGEST_UI_SCALE, UI_SCALES, Presenter, scale_rect  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def shown(size, draw):
    """Draw with ``draw(frame)`` on a logical frame and present it in a window of ``size``."""
    pres = Presenter(pygame.Surface((T.W, T.H)))
    pres.frame.fill((0, 0, 0))
    pres.begin(size)
    out = draw(pres.frame)
    win = pygame.Surface(size)
    pres.present(win)
    return pres, win, out


def test_text_is_drawn_with_the_font_at_the_window_size():
    """At 1920x1080 a 16 px line is drawn with the 24 px font where the scaled line was, pixel for
    pixel what the font renders at 24 px (not the 16 px line stretched 1.5 times)."""
    pres, win, r = shown((1920, 1080), lambda f: T.text(f, "Effects volume: 80 %", (100, 100), 16, (255, 255, 255)))
    assert len(pres.drawn) == 1
    ln, at, used = pres.drawn[0]
    assert used in (23, 24)
    sharp = T.font(used).render("Effects volume: 80 %", True, (255, 255, 255))
    ref = pygame.Surface(sharp.get_size())
    ref.blit(sharp, (0, 0))
    got = win.subsurface(at)
    assert pygame.image.tobytes(got, "RGBX") == pygame.image.tobytes(ref, "RGBX")
    assert at.left == 150 and abs(at.centery - scale_rect(r, 1.5, pygame.Rect(0, 0, 1920, 1080)).centery) <= 1
    # the same line only stretched (what the window showed before) has far fewer full-white pixels
    blurry = pygame.transform.smoothscale(pres.frame, (1920, 1080)).subsurface(at)
    full = lambda s: sum(1 for x in range(s.get_width()) for y in range(s.get_height()) if s.get_at((x, y))[0] > 240)
    assert full(got) > 1.5 * full(blurry)


def test_text_under_something_drawn_later_is_left_as_it_was():
    """A box drawn over half a line after it (a dialog, a hover card): the line is not redrawn on top
    of the box and the box is not erased; a line nothing covers is redrawn."""
    def draw(f):
        T.text(f, "under the box", (100, 100), 16, (255, 255, 255))
        T.text(f, "free line", (100, 200), 16, (255, 255, 255))
        pygame.draw.rect(f, (200, 0, 0), (130, 95, 200, 30))

    pres, win, _ = shown((1920, 1080), draw)
    assert [ln.spec[0] for ln, _r, _u in pres.drawn] == ["free line"]
    assert win.get_at((300, 165))[:3] == (200, 0, 0)  # the box, scaled, still there over the first line


def test_panels_put_back_from_the_cache_keep_their_sharp_text(tmp_path):
    """The play screen's panels are put back from a cache on a frame where nothing changed: their
    lines are redrawn sharp on that frame too."""
    from game.ui.play import PlayScene
    from game.content.loader import load_scenario
    from game.engine import new_game

    s = new_game(load_scenario("intro"), [("vera", 1), ("mateo", 2)], 4)
    app = App(pygame.Surface((T.W, T.H)), save_dir=tmp_path)
    app.stack = [PlayScene(app, s, [("vera", 1), ("mateo", 2)], ["human", "human"])]
    pres = Presenter(app.screen)
    counts = []
    for _ in range(3):
        pres.begin((1920, 1080))
        app.step([], 0.02)
        pres.present(pygame.Surface((1920, 1080)))
        counts.append(len(pres.drawn))
    assert counts[0] > 40 and counts[1] == counts[0] == counts[2]
    texts = {ln.spec[0] for ln, _r, _u in pres.drawn}
    assert "Vera Castellan" in texts  # side panel (cached)
    assert any("Storeroom" in t for t in texts)  # a tile label on the board


def test_at_1280x720_the_frame_is_shown_as_drawn():
    pres, win, _ = shown((T.W, T.H), lambda f: T.text(f, "plain", (10, 10), 16))
    assert pres.drawn == [] and pres.recorded == 0
    assert pygame.image.tobytes(win, "RGBX") == pygame.image.tobytes(pres.frame, "RGBX")


def test_mouse_positions_come_back_logical_with_bands():
    """A 1280x800 screen shows the 16:9 picture with bands above and below: a click at the window's
    middle is the logical middle; a click in a band is nowhere (-1, -1), so it presses nothing."""
    pres = Presenter()
    pres.size = (1280, 800)
    k, dest = pres.geometry((1280, 800))
    assert k == 1.0 and dest == pygame.Rect(0, 40, 1280, 720)
    assert pres.to_logical((640, 400)) == (640, 360)
    assert pres.to_logical((5, 2)) == (-1, -1) and pres.to_logical((5, 41)) == (5, 1)
    pres.size = (1920, 1080)
    ev = pres.event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 540), button=1))
    assert ev.pos == (640, 360) and ev.button == 1
    ev = pres.event(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 150), rel=(30, -15), buttons=(0, 0, 0)))
    assert ev.pos == (200, 100) and ev.rel == (20, -10)


def test_bands_show_the_backdrop_not_black():
    pres = Presenter(pygame.Surface((T.W, T.H)))
    back = pygame.Surface((64, 36))
    back.fill((120, 20, 20))
    pres.backdrop = back
    pres.begin((1280, 800))
    win = pygame.Surface((1280, 800))
    pres.present(win)
    assert win.get_at((640, 10))[:3] != (0, 0, 0) and win.get_at((640, 790))[:3] != (0, 0, 0)


def test_ui_scale_sets_the_window_size():
    assert window_size((3840, 2160), "", 1.5) == (1920, 1080)
    assert window_size((3840, 2160), "", LARGEST_UI_SCALE) == (2560, 1440)
    assert window_size((1920, 1080), "", 2.0) == (1920, 1080), "never larger than the desktop"
    assert window_size((1920, 1080), "", 0.75) == (960, 540)
    assert window_size((1920, 1080), "", 0.0) == (1280, 720)


def test_ui_scale_setting_is_saved_and_stepped_in_settings(tmp_path):
    from game.ui.settings_menu import SettingsMenu

    app = App(pygame.Surface((T.W, T.H)), save_dir=tmp_path)
    menu = SettingsMenu()
    app.stack = [menu]
    assert any(k == "ui_scale" for _l, k, _on in menu.sound_rows(app))
    seen = []
    for _ in range(len(UI_SCALES)):
        menu.change("ui_scale", app, +1)
        seen.append(app.settings["ui_scale"])
    assert sorted(seen) == sorted(UI_SCALES)
    menu.change("ui_scale", app, +1)
    assert App(pygame.Surface((T.W, T.H)), save_dir=tmp_path).settings["ui_scale"] == app.settings["ui_scale"]
    (tmp_path / "settings.json").write_text('{"ui_scale": 9.5}')
    assert App(pygame.Surface((T.W, T.H)), save_dir=tmp_path).settings["ui_scale"] == 0.0


def test_a_real_window_resizes_when_the_ui_scale_changes(tmp_path, monkeypatch):
    """In a window (the dummy video driver), choosing 150 % makes the window 1920x1080 at once and
    the next frame is drawn for it; clicks are read back in logical pixels."""
    monkeypatch.delenv("DREADBOARD_WINDOW", raising=False)
    monkeypatch.setattr("game.ui.app.desktop_size", lambda: (3840, 2160))
    app = App(save_dir=tmp_path)
    try:
        app.set_ui_scale(1.5)
        assert tuple(pygame.display.get_surface().get_size()) == (1920, 1080)
        app.step([], 0.02)
        assert app.presenter.size == (1920, 1080) and app.presenter.drawn
    finally:
        pygame.display.set_mode((T.W, T.H))


def test_campaign_screens_keep_their_sharp_text_in_its_box(tmp_path):
    """The city campaign's screens (menu, city map, every end-phase step, sheet, end screens) shown
    at 1920x1080, at the largest UI scale and at 1000x560: each line redrawn sharp stays in its box
    (tests/test_ui_text_fit.py's sharp check)."""
    from tests.test_i18n_screens import campaign_screens
    from tests.test_ui_text_fit import sharp_problems

    problems, names = [], []
    for name, app in campaign_screens(tmp_path):
        names.append(name)
        problems += [f"{name}: {p}" for p in sharp_problems(app)]
    assert len(names) >= 8
    assert not problems, "\n".join(sorted(set(problems)))


def test_manor_screens_keep_their_sharp_text_in_its_box(tmp_path):
    """The manor's screens (campaign choice, menu, manor map, switching, play with the kerosene
    strip, a mission, the end phase) shown at 1920x1080, at the largest UI scale and at 1000x560."""
    from tests.test_ui_manor import manor_screens
    from tests.test_ui_text_fit import sharp_problems

    problems, names = [], []
    for name, app in manor_screens(tmp_path):
        names.append(name)
        problems += [f"{name}: {p}" for p in sharp_problems(app)]
    assert len(names) >= 6
    assert not problems, "\n".join(sorted(set(problems)))


@pytest.mark.parametrize("size", [(T.W, T.H), (1920, 1080)])
def test_only_the_bands_that_changed_are_copied_and_shown(size):
    """The presenter compares the frame where it lies with its copy of the last one, band by band (issue 30: it
    copied the whole frame and cut the copy into bands every frame, 1-2 ms at 1920x1080): an unchanged frame
    shows nothing; a changed one copies and shows only its changed bands (a mark made on the window in another
    band stays: it was not drawn again), and its copy of the last frame then equals the frame."""
    from game.ui.window import BAND

    pres = Presenter(pygame.Surface((T.W, T.H)))
    pres.frame.fill((20, 10, 30))
    win = pygame.Surface(size)
    pres.begin(size)
    assert pres.present(win) and pres.changed
    pres.begin(size)
    assert not pres.present(win) and not pres.changed
    k, dest = Presenter.geometry(size)
    far = scale_rect(pygame.Rect(0, 10 * BAND, 40, 4), k, dest)  # band 10 of the window: left alone below
    win.fill((255, 0, 0), far)
    pres.frame.fill((200, 200, 90), (300, 2 * BAND + 5, 40, 10))  # band 2 changes
    pres.begin(size)
    assert pres.present(win)
    assert win.get_at(far.center) == pygame.Color(255, 0, 0)
    assert win.get_at(scale_rect(pygame.Rect(300, 2 * BAND + 5, 40, 10), k, dest).center)[:3] == (200, 200, 90)
    assert bytes(pres._prev) == pres.frame.get_buffer().raw
    pres.begin(size)
    assert not pres.present(win)
