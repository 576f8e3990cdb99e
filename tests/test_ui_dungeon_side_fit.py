"""Issue 26 leftover (seen at 960x540 in Japanese): with four heroes, the turn-order choice beside
the board offered only three "... goes next" buttons; the fourth hero fell below the panel's
last row and was silently left out (only its pawn could still be clicked). The panel's rows now
stand closer before any is left out: every legal choice has its button."""
from __future__ import annotations

import pygame
import pytest

from game.ai.dungeon_bot import party
from game.ui.app import App
from game.ui.dungeon.play import SIDE, start_dungeon
from tests.ui_kit import SIZE, japanese_dir, shown_text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_hero_of_four_is_offered_in_the_turn_order_choice(tmp_path, lang):
    app = App(pygame.Surface(SIZE), save_dir=japanese_dir(tmp_path) if lang == "ja" else tmp_path)
    play = start_dungeon(app, "sunken_reliquary", party(4), ["human"] * 4, seed=3)
    app.stack = [play]
    play.enter(app)
    for _ in range(40):
        app.step([], 0.2)
        if not play.show.busy:
            break
    assert play.state.pending.kind == "turn_order"
    shown_text(app)
    picks = [z for z in play.zones.items if z.key == "act" and z.value.kind == "pick" and SIDE.contains(z.rect)]
    assert sorted(z.value.n for z in picks) == [0, 1, 2, 3]
    for i, a in enumerate(picks):  # one under another, none over the next
        assert all(not a.rect.colliderect(b.rect) for b in picks[i + 1:])
