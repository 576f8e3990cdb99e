"""The play screen's board is kept between frames (issue 30 item 2: redraw only what changed): while
only the pointer and the highlights' pulse change, the last frame's board is put back and only the
rectangles they touch are drawn again. What the player sees must be what a whole redraw shows: the
same pixels, and at a window of another size the same lines of text for the sharp redraw."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import theme as T  # noqa: E402
from game.ui.render import PlayView  # noqa: E402
from tests.ui_kit import play_at_act  # noqa: E402

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def _lines(lines):
    return sorted((ln.spec, tuple(ln.rect), tuple(ln.clip), pygame.image.tobytes(ln.bg, "RGB")) for ln in lines)


@pytest.mark.parametrize("recorded,zoomed", [(False, False), (True, False), (False, True)],
                         ids=["1280x720", "sharp-text", "zoom-note-shown"])
def test_a_board_put_back_and_redrawn_in_parts_equals_a_whole_redraw(tmp_path, monkeypatch, recorded, zoomed):
    app, play = play_at_act(tmp_path, "outskirts")
    view = play.view
    for _ in range(12):  # the enemies of the first turns on the board (models, numbers, labels stepping aside)
        play.ui.anim.finish()
        app.step([], 0.5)
    if zoomed:  # zoomed in: the note 'zoom 118% ...' stays a few seconds over the board's corner
        view.zoom_at(play.state, view.board_area.center, 1)
        for _ in range(30):  # (the zoom level smoothed)
            app.step([], 1 / 60)
        assert view.note_alpha == 255
    again = []
    real = PlayView._board_again

    def spy(self, *a, **kw):
        again.append(True)
        return real(self, *a, **kw)

    monkeypatch.setattr(PlayView, "_board_again", spy)
    lay = view.layout
    squares = sorted(play.state.scenario.board.square_tile)
    targets = [lay.square_rect(sq).center for sq in squares if view.board_area.collidepoint(lay.square_rect(sq).center)]
    targets += [ctr for _k, _i, ctr, _r in view.models]  # over the models (an enemy's ring thickens)
    checked = noted = 0
    for i, pos in enumerate(targets[::3] + targets[1::7]):
        for ev in ([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))], []):
            if recorded:  # (every frame recorded, as a window of another size does)
                T.crisp_begin(app.screen)
            app.step(ev, 1 / 60)  # the pointer moves, then rests: only the highlights pulse
            T.crisp_end(app.screen)
        again.clear()
        if recorded:
            T.crisp_begin(app.screen)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))] if i % 2 else [],
                 1 / 60)
        kept_lines = T.crisp_end(app.screen) if recorded else []
        if not again:
            continue
        shown = pygame.image.tobytes(app.screen, "RGB")
        keep = view._board_kept
        monkeypatch.setattr(PlayView, "board_key", lambda *a, **kw: None)  # the whole board drawn afresh
        if recorded:
            T.crisp_begin(app.screen)
        app.draw()
        fresh_lines = T.crisp_end(app.screen) if recorded else []
        monkeypatch.undo()
        monkeypatch.setattr(PlayView, "_board_again", spy)
        view._board_kept = keep
        assert shown == pygame.image.tobytes(app.screen, "RGB"), f"pointer at {pos}: the board differs from a redraw"
        board = [ln for ln in kept_lines if view.board_area.contains(ln.area)]
        assert _lines(board) == _lines([ln for ln in fresh_lines if view.board_area.contains(ln.area)])
        checked += 1
        noted += view.note_alpha == 255
    assert checked >= 20, checked  # the kept board was really used
    assert noted >= 10 if zoomed else True  # (with the zoom note shown)
