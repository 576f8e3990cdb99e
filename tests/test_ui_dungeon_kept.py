"""Issue 30 item 2 (frames): the dungeon's play screen keeps its board's still layer and its panels and
draws again only what changed (the pulsing exits and the objective, the figures, the hovered button);
every frame drawn through those caches is pixel for pixel the frame a whole redraw draws (a test that
records the text drawn, ``theme.SHOWN``, makes every cache step aside: the whole redraw), while the
clock moves, the pointer hovers squares, buttons and enemies, the board is zoomed and a hero is picked."""
from __future__ import annotations

import pygame

from game.ai.dungeon_bot import party
from game.engine import apply, legal_actions
from game.ai.dungeon_bot import DungeonBot
from game.ui import theme as T
from game.ui.app import App
from game.ui.dungeon import layer
from game.ui.dungeon.play import start_dungeon
from tests.ui_kit import SIZE


def _frames_match(app, play, note: str) -> None:
    kept = pygame.Surface(SIZE)
    play.draw(kept, app)
    zones = [(tuple(z.rect), z.key) for z in play.zones.items]
    T.SHOWN = []
    try:
        whole = pygame.Surface(SIZE)
        play.draw(whole, app)
    finally:
        T.SHOWN = None
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(whole, "RGB"), note
    assert zones == [(tuple(z.rect), z.key) for z in play.zones.items], note


def test_the_kept_board_and_panels_draw_what_a_whole_redraw_draws(tmp_path, monkeypatch):
    app = App(pygame.Surface(SIZE), save_dir=tmp_path)
    heroes = party(2)
    play = start_dungeon(app, "sunken_reliquary", heroes, ["human", "human"], seed=3)
    bot = DungeonBot(3)
    for _ in range(30):  # mid-game: cards laid, enemies on the board
        if play.state.over or not legal_actions(play.state):
            break
        apply(play.state, bot.choose(play.state))
    app.stack = [play]
    play.enter(app)
    play.show.skip()
    squares = []
    real = layer.draw_square
    monkeypatch.setattr(layer, "draw_square", lambda *a, **k: (squares.append(a[1]), real(*a, **k)))
    for i in range(20):  # (cards laid slide in for 0.6 s: drawn whole meanwhile)
        app.step([], 0.05)
    assert not play.slide
    picks = [a for a in play.legal() if a.kind == "pick"]
    if picks:
        play.do(picks[0])
    play.show.skip()
    assert not play.slide
    for t in (0.0, 0.13, 0.4, 0.77):  # the exits pulse: the kept layer's pulsing squares are drawn again
        play.t += t
        play.woke = play.t
        _frames_match(app, play, f"clock {play.t}")
    play.draw(pygame.Surface(SIZE), app)  # (kept again after the whole redraw)
    squares.clear()
    play.t += 0.2
    play.draw(pygame.Surface(SIZE), app)
    assert len(squares) < len(play.view().layout.terrain) / 4, "the still layer was drawn whole again"
    geo = play.geo
    targets = [geo.centre(tuple(e.pos)) for e in play.view().dungeon.enemies]
    for pos in [(4, 4), (300, 300), (640, 200), (1000, 300), (1000, 400), (700, 650)] + targets:
        play.mouse = pos
        _frames_match(app, play, f"pointer at {pos}")
    play.set_zoom(1.44)
    play.mouse = (400, 300)
    _frames_match(app, play, "zoomed")
    play.t += 0.3
    _frames_match(app, play, "zoomed, the clock moved")
