"""The trade dialog speaks the player's language (issue 25 item 5, found by the new-player retest:
title, Give/Take buttons and footer stayed English in Japanese), and its footer shows rule IDs
only with "Show rule IDs" on (R-TRADE-1..3 shown with IDs off). The end-phase refusal
(R-TURN-5) typed with Space is Japanese too."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.ui import theme as T  # noqa: E402
from tests.kit import board, game  # noqa: E402
from tests.test_ui_features import click, play_app  # noqa: E402

ROOM = board("AAAA", "AAAA", start={1: (0, 0), 2: (1, 0)})

pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def _drawn(monkeypatch) -> list[str]:
    seen: list[str] = []
    text, block = T.text, T.text_block

    def spy_text(surf, s, *a, **k):
        seen.append(s)
        return text(surf, s, *a, **k)

    def spy_block(surf, s, *a, **k):
        seen.append(s)
        return block(surf, s, *a, **k)

    monkeypatch.setattr(T, "text", spy_text)
    monkeypatch.setattr(T, "text_block", spy_block)
    return seen


def test_R_TRADE_1_the_trade_dialog_is_japanese_and_hides_rule_ids(tmp_path, japanese, monkeypatch):
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    app, play = play_app(tmp_path, s, party=(("vera", 1), ("mateo", 2)))
    click(app, next(z for z in play.view.zones.items if z.key == "trade").rect.center)
    if s.pending.kind != "trade":  # a partner picker first
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="")], 0.05)
    assert s.pending.kind == "trade"
    i18n.set_language("ja")  # (the App set the language from its settings when it started)
    seen = _drawn(monkeypatch)
    app.step([], 0.05)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))], 0.05)
    shown = "\n".join(seen)
    assert "ヴェラ・カステラン" in shown and "の交換" in shown, shown[:400]
    for english in ("Trade between", "Give »", "« Take", "Give and take freely", "Vera Castellan"):
        assert english not in shown, english
    assert "R-TRADE" not in shown  # "Show rule IDs" is off by default


def test_R_TURN_5_the_end_phase_refusal_typed_with_space_is_japanese(tmp_path, japanese):
    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    app, play = play_app(tmp_path, s, party=(("vera", 1), ("mateo", 2)))
    i18n.set_language("ja")
    app.step([], 0.05)
    play.marks.act.end_phase = None  # as when an enemy or a corpse shares the square (R-TURN-5)
    toasts: list[str] = []
    play.refuse = lambda msg, *a, **k: toasts.append(msg)
    play.on_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "), app)
    assert toasts, "no refusal"
    assert "You cannot" not in toasts[-1] and "アクションフェイズ" in toasts[-1]


def test_an_inventory_row_hover_text_is_japanese(tmp_path, japanese):
    """The side panel's inventory row says what the card does in the player's language (the
    retest saw 'Reload a Handgun or Falcon .50 by 3.' in Japanese)."""
    from game.engine.state import CardState

    s = game(ROOM, party=(("vera", 1), ("mateo", 2)))
    s.cards["AM1"] = CardState(uid="AM1", defn="handgun_ammo", deck="A")
    s.char("vera").inventory.append(["AM1"])
    app, play = play_app(tmp_path, s, party=(("vera", 1), ("mateo", 2)))
    i18n.set_language("ja")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))], 0.05)
    tips = [z.tip for z in play.view.zones.items if z.key == "item_info" and z.value == "AM1"]
    assert tips and "Reload" not in tips[0] and tips[0].strip(), tips
