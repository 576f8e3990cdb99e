"""Sound, headless (SDL_AUDIODRIVER=dummy): which effects a scripted game makes, the ambient
loops, and the volume settings saved in settings.json."""
from __future__ import annotations

import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.loader import load_scenario  # noqa: E402
from game.engine import Event  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.sound import SOUNDS, Sound, ambient_for, sounds_for  # noqa: E402
from tools.make_sounds import catalogue  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def test_every_sound_is_committed_and_loads():
    snd = Sound({})
    assert snd.ok, "the dummy audio driver opens"
    for name in catalogue():
        assert (SOUNDS / f"{name}.wav").is_file(), f"assets/sounds/{name}.wav missing: run python -m tools.make_sounds"
        assert snd._load(name) is not None, name


def test_event_mapping_by_weapon_and_enemy():
    class S:  # the state after the step: one zombie dog on the board
        enemies = [type("E", (), {"uid": "d1", "type": "zombie_dog"})()]
        scenario_id = "intro"

    ev = Event(kind="spawn", rule="R-SPAWN-1", text="", data={"type": "crawler"})
    assert sounds_for(S, ev) == ["screech_crawler"]
    assert sounds_for(S, Event(kind="spawn", data={"type": "stalker_one_low"})) == ["roar_stalker"]
    assert sounds_for(S, Event(kind="evade", data={"enemy": "d1", "success": True})) == ["enemy_attack", "dice",
                                                                                         "evade"]
    assert sounds_for(S, Event(kind="evade", data={"enemy": "d1", "success": False}))[-1] == "hurt"
    assert sounds_for(S, Event(kind="door", data={"open": True})) == ["door_open"]
    assert sounds_for(S, Event(kind="door", data={"open": False})) == ["door_close"]
    assert sounds_for(S, Event(kind="danger", data={"danger": 3})) == ["danger"]
    assert sounds_for(S, Event(kind="behaviour", data={})) == ["card_flip", "behaviour"]
    assert sounds_for(S, Event(kind="tension", data={})) == ["card_flip", "tension"]
    assert ambient_for(S) == "amb_warehouse"

    class Boss(S):
        enemies = [type("E", (), {"uid": "b", "type": "burrower"})()]
        scenario_id = "practice-burrower"

    assert ambient_for(Boss) == "amb_boss"


def test_scripted_bot_game_records_its_sounds(tmp_path):
    """Two bots play the Introduction (seed 5) through the whole app; the dummy driver records
    what a player would hear, in order, and the ambient loop of the warehouse district."""
    intro = load_scenario("intro")
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, seed=5, players=2, bot=True, bot_speed=0.0,
              scenario_factory=lambda sid, mp, fresh: intro)
    for _ in range(4000):
        app.step([], 0.05)
        if type(app.top).__name__ == "Results":
            break
    names = [n for n, _ in app.sound.played]
    play = app.sound
    assert play.music_log[0] == "amb_warehouse"
    assert "step" in names and "shot_handgun" in names and "dice" in names
    assert "card_flip" in names and "tension" in names  # a tension card each turn (R-TENSION-1)
    assert {"hit", "miss"} & set(names)
    assert "moan_zombie" in names or "enemy_step" in names
    assert names[-1] in ("win", "lose")
    assert play.music_name == "", "the results screen is quiet"
    times = [t for _, t in app.sound.played]
    assert times == sorted(times)
    # effects of one step are spread out, not played in one frame
    firsts = {}
    for n, t in app.sound.played:
        firsts.setdefault(t, []).append(n)
    assert max(len(v) for v in firsts.values()) <= 3


def test_volumes_and_mute_are_saved(tmp_path):
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.set_setting("sfx_volume", 0.3)
    app.set_setting("music_volume", 0.1)
    app.set_setting("mute", True)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["sfx_volume"] == 0.3 and saved["music_volume"] == 0.1 and saved["mute"] is True
    again = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    assert again.settings["sfx_volume"] == 0.3
    assert again.sound.sfx_volume == 0.0 and again.sound.music_volume == 0.0  # muted
    again.sound.play("click")
    assert again.sound.played[-1][0] == "click"  # recorded even when muted
    again.set_setting("mute", False)
    assert again.sound.sfx_volume == pytest.approx(0.3)
    (tmp_path / "settings.json").write_text('{"sfx_volume": "loud", "music_volume": 99}')
    bad = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    assert bad.settings["sfx_volume"] == 0.8  # a bad value falls back to the default
    assert bad.sound.music_volume == 1.0  # clamped


def test_settings_menu_changes_volume_speed_and_fullscreen(tmp_path):
    from game.ui.settings_menu import SettingsMenu

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.step([], 0.05)
    z = app.top.zones.find("settings")
    assert z is not None, "the main menu offers Settings"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert isinstance(app.top, SettingsMenu)
    for key, button in (("sfx_volume", 3), ("anim_speed", 1), ("mute", 1)):
        z = app.top.zones.find(key)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=button)], 0.05)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["sfx_volume"] == pytest.approx(0.7) and saved["anim_speed"] == 1.5 and saved["mute"] is True
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")], 0.05)
    assert app.settings["fullscreen"] is True
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT, unicode="")], 0.05)
    assert app.settings["fullscreen"] is False
    assert isinstance(app.top, SettingsMenu), "Alt+Enter toggles fullscreen, it does not press the focused row"


def test_main_menu_settings_reach_language_and_colour_blind_palette(tmp_path):
    """A new player looked for the language and the colour-blind palette under Settings on the main
    menu; they were only behind the in-game pause menu. Settings now leads there too."""
    from game.ui.settings import SettingsScene
    from game.ui.settings_menu import SettingsMenu

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.step([], 0.05)
    z = app.top.zones.find("settings")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert isinstance(app.top, SettingsMenu)
    z = app.top.zones.find("help_settings")
    assert z is not None and app.top.zones.find("back").rect.bottom < 720
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert isinstance(app.top, SettingsScene)
    z = app.top.zones.find("palette")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert json.loads((tmp_path / "settings.json").read_text())["palette"] == "colour_blind"
