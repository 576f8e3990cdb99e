"""Issue 26 leftover: on the dungeon's victory/defeat screen the fourth hero's line ("コーヴィン・
ダスク: ライフ7、財宝0") was drawn over the figures line below it (four lines of fates ran into
it, seen at 960x540 in Japanese). With 3-4 heroes the fates now stand in two columns; no two
lines of the dialog overlap, in English and Japanese, with 1 to 4 heroes, at 960x540."""
from __future__ import annotations

import pygame
import pytest

from game.ai.dungeon_bot import party
from game.ui.app import App
from game.ui.dungeon.end import DungeonEnd
from game.ui.dungeon.play import start_dungeon
from game.ui.window import Presenter
from tests.ui_kit import SIZE, japanese_dir


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("heroes", [1, 2, 3, 4])
def test_no_two_lines_of_the_end_dialog_overlap(tmp_path, lang, heroes):
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path) if lang == "ja" else tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(heroes), ["human"] * heroes, seed=3)
    play.state.result, play.state.result_reason = "success", "dungeon.victory"
    end = DungeonEnd(play, lambda app: play)
    app.stack = [play, end]
    size = (960, 540)
    pres, win = Presenter(app.screen), pygame.Surface(size)
    for _ in range(2):
        pres.begin(size)
        app.step([], 0.05)
        pres.present(win)
    box = pygame.Rect(0, 0, 640, 360)
    box.center = (640, 360)
    lines = [ln for ln, _r, _u in pres.drawn if box.contains(ln.rect)]
    assert len(lines) >= 6 + heroes, [ln.spec[0] for ln in lines]
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            both = a.rect.clip(b.rect)  # (a line's box includes its leading: a pixel or two shared is no overlap)
            assert both.h <= 3, f"{a.spec[0]!r} overlaps {b.spec[0]!r} by {both.h} px"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_heros_row_keeps_name_hearts_and_life_tally_apart(tmp_path, lang, monkeypatch):
    """The hero rows beside the board: Brannoc's ten hearts ran into his '10/10' tally, and a long
    name could reach the first heart (seen at 960x540 in Japanese). Every heart now lies between
    the name and the tally."""
    from game.ui.dungeon import hud

    hearts: list[pygame.Rect] = []
    real = hud.heart

    def spy(surf, centre, size, colour, full):
        hearts.append(pygame.Rect(centre[0] - size, centre[1] - size, 2 * size, 2 * size))
        return real(surf, centre, size, colour, full)

    monkeypatch.setattr(hud, "heart", spy)
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path) if lang == "ja" else tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(4), ["human"] * 4, seed=3)
    app.stack = [play]
    play.enter(app)
    size = (960, 540)
    pres, win = Presenter(app.screen), pygame.Surface(size)
    for _ in range(2):  # (the second frame puts the side panel back from the cache: its hearts are the first's)
        pres.begin(size)
        app.step([], 0.05)
        pres.present(win)
    assert len(hearts) >= 10 + 8 + 7 + 9
    side = pygame.Rect(874, 50, 398, 4 * 62)
    texts = [ln for ln, _r, _u in pres.drawn if side.contains(ln.rect)]
    assert any(ln.spec[0] == "10/10" for ln in texts)
    for ln in texts:
        for h in hearts:
            assert not ln.rect.colliderect(h), f"a heart at {h} is drawn over {ln.spec[0]!r} ({ln.rect})"
