"""Issue 24 item 2: a mode reaches the shared screens through its registration
(:func:`game.ui.modes.register_mode`), found in its package's ``mode.py``, with no shared file
naming it: its main-menu row opens its own scene, its campaign card shows on "Choose a campaign" and
opens its own menu, and a save slot of its pack opens its own session."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import modes  # noqa: E402
from game.ui.modes import CampaignKind, MenuEntry, Mode, campaign_kinds, forget_mode, register_mode  # noqa: E402
from game.ui.scene import Scene  # noqa: E402


class ToyScene(Scene):
    """What the toy mode's row opens."""

    def __init__(self, app=None):
        super().__init__()
        self.app = app

    def draw(self, surf, app):
        surf.fill((0, 0, 0))


def open_toy(app):
    return ToyScene(app)


def drawn(surf, r):
    pygame.draw.rect(surf, (200, 10, 200), r)


@pytest.fixture
def toy_mode():
    mode = register_mode(Mode(
        key="toy", entries=(MenuEntry("toy", "Toy crawl", f"{__name__}:open_toy"),),
        campaigns=(CampaignKind(key="toy", pack="toy", menu=f"{__name__}:ToyScene", session=f"{__name__}:ToyScene",
                                title="Toy campaign", blurb="A toy.", picture=drawn, hotkey="t", order=90),)))
    yield mode
    forget_mode("toy")


def test_the_modes_are_found_by_their_mode_py_the_city_and_the_manor_among_them():
    assert {"campaign", "manor", "dungeon", "versus"} <= set(modes.mode_packages())
    got = modes.load_modes()
    assert {"city", "manor", "dungeon", "versus"} <= set(got)
    kinds = [k.key for k in campaign_kinds()]
    assert kinds[:2] == ["city", "manor"]
    assert [k.key for k in campaign_kinds() if k.default] == ["city"]


def test_a_mode_s_menu_row_opens_its_own_scene(toy_mode, tmp_path):
    from game.ui.app import App
    from game.ui.scene import Push

    app = App(save_dir=str(tmp_path))
    app.step([])
    menu = app.top
    rows = menu.entries(app)
    assert ("Toy crawl", "mode:toy", True) in rows
    keys = [k for _l, k, _e in rows]
    assert keys.index("campaign") < keys.index("mode:toy") < keys.index("tutorial")  # by its order (90): last of the modes
    cmd = menu.choose("mode:toy", app)
    assert isinstance(cmd, Push) and isinstance(cmd.scene, ToyScene) and cmd.scene.app is app
    app.step([])  # the main menu draws with the extra row (lower rows, above the save line)


def test_a_mode_s_campaign_card_shows_and_opens_its_menu(toy_mode, tmp_path):
    from game.ui.app import App
    from game.ui.campaigns import CampaignKindScene
    from game.ui.scene import Replace, Reset

    app = App(save_dir=str(tmp_path))
    app.apply(Reset(CampaignKindScene()))
    app.step([])
    keys = [z.value for z in app.top.zones.items if z.key == "kind"]
    assert keys[:3] == ["city", "manor", "toy"] and "back" in keys
    cmd = app.top.pick("kind", "toy", app)
    assert isinstance(cmd, Replace) and isinstance(cmd.scene, ToyScene)
    ev = pygame.event.Event(pygame.KEYDOWN, key=ord("t"), mod=0, unicode="t")
    cmd = app.top.key(ev, app)
    assert isinstance(cmd, Replace) and isinstance(cmd.scene, ToyScene)


def test_a_registration_names_what_it_lacks():
    with pytest.raises(AttributeError, match="game.ui.modes has no 'NoSuchKit'"):
        modes.resolve("game.ui.modes:NoSuchKit")
    with pytest.raises(ValueError, match="registered twice"):
        register_mode(Mode(key="city"))
