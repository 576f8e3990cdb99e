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
from game.ui.presenters.sound import SOUNDS, Sound, ambient_for, sounds_for  # noqa: E402
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
    # R-STALK-5: the stalker smashing a door sounds by the event's message id, whatever its words
    assert sounds_for(S, Event(kind="door", msg="door.smashed", data={"open": True})) == ["door_smash"]
    assert sounds_for(S, Event(kind="door", text="words that say smash decide nothing", data={"open": True})) == [
        "door_open"]
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


def test_one_settings_screen_holds_sound_screen_language_palette_and_rules_options(tmp_path):
    """One Settings screen (main menu and pause menu alike): volumes, fullscreen, language, the
    colour-blind palette and the rules options are all on it, each saved at once."""
    from game.ui.scenes.pause import Pause
    from game.ui.settings_menu import SettingsMenu

    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    app.step([], 0.05)
    z = app.top.zones.find("settings")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert isinstance(app.top, SettingsMenu)
    for key in ("sfx_volume", "music_volume", "mute", "anim_speed", "fullscreen", "language", "show_rule_ids",
                "palette", "keys", "immersive", "decision_timer", "auto_ties", "back"):
        z = app.top.zones.find(key)
        assert z is not None and pygame.Rect(0, 0, 1280, 720).contains(z.rect), key
    z = app.top.zones.find("auto_ties")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert json.loads((tmp_path / "settings.json").read_text())["auto_ties"] is False
    pause = Pause(None)
    keys = [k for _l, k, _e in pause.entries(app)]
    assert "settings" in keys and "help_settings" not in keys, "the pause menu leads to the same one screen"
    z = app.top.zones.find("palette")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=z.rect.center, button=1)], 0.05)
    assert json.loads((tmp_path / "settings.json").read_text())["palette"] == "colour_blind"


def test_every_event_kind_sounds_or_is_silent_for_a_reason():
    """Each engine event kind either makes a sound (the shared table's, or a mode's own through its
    kit: ``ModeKit.event_sounds``) or is listed in SILENT_EVENTS with the reason (a new event kind
    without a sound fails here until someone decides)."""
    from game.engine.events import EventKind
    from game.ui.presenters.sound import SILENT_EVENTS

    class S:
        enemies: list = []
        scenario_id = "intro"

    kinds = {k.value for k in EventKind}
    assert set(SILENT_EVENTS) <= kinds, set(SILENT_EVENTS) - kinds
    loud = []
    for k in sorted(kinds):
        got = sounds_for(S, Event(kind=k, data={}))
        if k in SILENT_EVENTS:
            assert got == [], f"{k} is listed silent but sounds {got}"
        else:
            assert got, f"event kind {k!r} makes no sound and is not in SILENT_EVENTS"
            assert all((SOUNDS / f"{n}.wav").is_file() for n in got), got
            loud.append(k)
    assert {"attack", "evade", "door", "tension", "behaviour", "spawn", "danger", "exit"} <= set(loud)


def _bot_game(tmp_path, sid: str, players: int, seed: int, frames: int = 6000):
    """A bot game through the whole app with the sound log on: (app, [(events, queued names)])."""
    scn = load_scenario(sid)
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path, seed=seed, players=players, bot=True, bot_speed=0.0,
              scenario_factory=lambda s, mp, fresh: scn)
    steps: list = []
    real = app.sound.events

    def spy(state, events, speed=1.0):
        names = real(state, events, speed)
        steps.append(([(e, sounds_for(state, e)) for e in events], names))
        return names

    app.sound.events = spy
    for _ in range(frames):
        app.step([], 0.05)
        if type(app.top).__name__ == "Results":
            break
    for _ in range(200):  # the results screen: what is still queued plays out
        app.step([], 0.05)
    return app, steps


@pytest.mark.parametrize("sid,players,seed", [("intro", 2, 5), ("practice-burrower", 2, 3)])
def test_bot_game_plays_every_sound_its_events_call_for(tmp_path, sid, players, seed):
    """The sound check: bots play a whole game headless; every event that should sound (a kind not
    in SILENT_EVENTS) has each of its effects queued in its step, and everything queued is heard,
    in time order, by the end (nothing dropped by a scene change or a long step)."""
    from collections import Counter

    app, steps = _bot_game(tmp_path, sid, players, seed)
    assert steps, "the game ran"
    kinds = set()
    queued: Counter = Counter()
    for evs, names in steps:
        want = {n for _, got in evs for n in got}
        assert want <= set(names), f"step lost {want - set(names)}"
        kinds |= {e.kind for e, got in evs if got}
        queued.update(names)
    played = Counter(n for n, _ in app.sound.played)
    missing = queued - played
    assert not missing, f"queued but never heard: {dict(missing)}"
    times = [t for _, t in app.sound.played]
    assert times == sorted(times)
    assert {"move", "attack", "result"} <= kinds, kinds
    if sid == "intro":
        assert {"tension", "enemy_move", "evade"} <= kinds, kinds
    if sid == "practice-burrower":
        assert "behaviour" in kinds and "amb_boss" in app.sound.music_log


def test_volume_settings_reach_the_mixer(tmp_path):
    """The effects and music volumes set in the settings are the volumes the mixer plays at; mute
    plays nothing (the effect is still logged)."""
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    snd = app.sound
    assert snd.ok
    app.set_setting("sfx_volume", 0.5)
    snd.play("hit")
    assert snd._cache["hit"].get_volume() == pytest.approx(0.5, abs=0.01)
    app.set_setting("sfx_volume", 0.2)
    snd.play("hit")
    assert snd._cache["hit"].get_volume() == pytest.approx(0.2, abs=0.01)
    app.set_setting("music_volume", 0.25)
    snd.music("amb_city")  # fades in from silence
    assert snd._music_channel.get_volume() == 0.0
    snd.update(0.4)
    assert snd._music_channel.get_volume() == pytest.approx(0.125, abs=0.02)
    app.set_setting("music_volume", 0.75)  # changed mid-fade: the fade goes on towards the new volume
    snd.update(0.5)
    assert snd._music_channel.get_volume() == pytest.approx(0.75, abs=0.01)
    app.set_setting("music_volume", 0.5)  # the running loop follows at once
    assert snd._music_channel.get_volume() == pytest.approx(0.5, abs=0.01)

    class Fake:
        played = 0

        def set_volume(self, v):
            pass

        def play(self):
            Fake.played += 1

    snd._cache["hit"] = Fake()
    snd.play("hit")
    assert Fake.played == 1
    app.set_setting("mute", True)
    assert snd._music_channel.get_volume() == 0.0
    snd.play("hit")
    assert Fake.played == 1 and snd.played[-1][0] == "hit", "muted: logged, not played"
