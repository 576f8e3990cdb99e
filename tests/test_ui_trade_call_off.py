"""The trade dialog's way out (issue 16 item 5, R-TRADE-2): after a move leaves someone over the
inventory limit there is no Done, but a "Call off" button puts every item back."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.state import CardState  # noqa: E402
from tests.kit import board, game  # noqa: E402
from tests.test_ui_features import click, option_zone, play_app  # noqa: E402

ROOM = board("AAAA", "AAAA", start={1: (0, 0), 2: (1, 0)})


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_R_TRADE_2_call_off_button_restores_both_inventories(tmp_path):
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    v, m = s.char("vera"), s.char("mateo")
    for c, tag in ((v, "V"), (m, "M")):
        for i in range(6 - len(c.inventory)):
            s.cards[f"{tag}{i}"] = CardState(uid=f"{tag}{i}", defn="green_herb", deck="A")
            c.inventory.append([f"{tag}{i}"])
    before = ([list(x) for x in v.inventory], [list(x) for x in m.inventory])
    app, play = play_app(tmp_path, s, party=(("vera", 1), ("mateo", 2)))
    click(app, next(z for z in play.view.zones.items if z.key == "trade").rect.center)
    if s.pending.kind != "trade":  # a partner picker first
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="")], 0.05)
    assert s.pending.kind == "trade"
    click(app, option_zone(play, "give", v.inventory[0][0]).rect.center)
    assert len(m.inventory) == 7  # over the limit: no Done
    off = [z for z in play.view.zones.items if z.key == "option" and z.value is not None
           and z.value.kind == "decline" and play.view.dialog_rect.contains(z.rect)]
    assert off, "no Call off button in the trade dialog"
    pygame.image.save(app.screen, str(tmp_path / "trade.png"))  # for a look by hand
    click(app, off[0].rect.center)
    assert ([list(x) for x in v.inventory], [list(x) for x in m.inventory]) == before
    assert s.pending.kind == "act" and play.view.dialog_rect is None
