"""The secret deployment's start squares (issue 27 item 2, V-SETUP-3): the coach and the side
panel say "your start squares are numbered", so every number is drawn over the model standing on
its square (every start square holds one of the deploying side's models in Sanctuary)."""
from __future__ import annotations

import pygame

from game.engine.versus import new_versus
from game.engine.versus.view import VsView
from game.ui import theme as T
from game.ui.versus import art
from game.ui.versus.board import BoardDrawing, Marks
from game.ui.versus.layout import BOARD_AREA


def test_every_start_number_is_drawn_over_the_model_on_its_square():
    state = new_versus("sanctuary", None, 3)
    vw = VsView(state, 1)
    fac = vw.factions[1]
    board = BoardDrawing(vw.scenario.map, BOARD_AREA)
    starts = list(board.m.starts[fac])
    mine = [f.cid for f in vw.mine()]
    assert len(starts) == len(mine) == 5
    marks = Marks(starts={q: str(i + 1) for i, q in enumerate(starts)},
                  placed={q: (cid, fac) for cid, q in zip(mine, starts)})
    calls = []
    real_text, real_model = T.text, art.model

    def spy_text(s, text, pos, *a, **k):
        rr = real_text(s, text, pos, *a, **k)
        calls.append(("text", text, rr))
        return rr

    def spy_model(s, cid, f, facing, side, dead, c, r, *a, **k):
        calls.append(("model", cid, pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r)))
        return real_model(s, cid, f, facing, side, dead, c, r, *a, **k)

    T.text, art.model = spy_text, spy_model
    try:
        board.draw(pygame.Surface((1280, 720)), vw, marks)
    finally:
        T.text, art.model = real_text, real_model
    last_model = max(i for i, c in enumerate(calls) if c[0] == "model")
    for i, q in enumerate(starts):
        num = str(i + 1)
        at = [k for k, c in enumerate(calls) if c[0] == "text" and c[1] == num and board.sq_rect(q).contains(c[2])]
        assert at, f"start number {num} is not drawn inside its square {q}"
        assert at[-1] > last_model, f"start number {num} is drawn under the models"
