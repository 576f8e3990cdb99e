"""A settings file the model would keep as it is is read without building the pydantic model (issue 30
item 3: a returning player's start paid ~100 ms for it): ``settings_file.QUICK`` says, per preference,
which values the model keeps unchanged; here each is held against the model itself, so the quick path
never keeps a value the model would change or refuse."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings as hsettings, strategies as st

from game.ui.settings_file import DEFAULTS, QUICK, quick_settings, read_settings, settings_model

ROOT = Path(__file__).resolve().parents[1]

#: values tried for every preference: each type JSON has, edges of each range and choice
SAMPLES = [True, False, 0, 1, 2, -1, 0.0, 0.25, 0.5, 0.8, 1.0, 1.5, 2.0, 3.0, 4.0, 4.01, 1e9, -0.0, math.nan, math.inf,
           "", "en", "ja", "fr", "standard", "colour_blind", "1", None, [], ["Aiko"], ["a" * 64], ["a" * 65],
           ["x"] * 8, ["x"] * 9, [1], {}, {"up": "w"}, {"up": 1}, {"a" * 41: "w"}, {str(i): "k" for i in range(65)},
           0.75, 1.25]


def model_keeps(name: str, value) -> bool:
    """The model validates ``{name: value}`` and keeps ``value`` as it is (an int as that float)."""
    from pydantic import ValidationError

    try:
        got = getattr(settings_model().model_validate({name: value}), name)
    except ValidationError:
        return False
    return type(got) is type(DEFAULTS[name]) and got == value


def test_quick_names_every_preference_of_the_model():
    assert set(QUICK) == set(settings_model().model_fields) == set(DEFAULTS)


def test_a_value_kept_quickly_is_one_the_model_keeps_unchanged():
    """Every sample for every preference: the quick check keeps it only if the model keeps it as it is;
    and it keeps the defaults and the usual values (else it would be no quick path)."""
    wrong = [(k, v) for k in QUICK for v in SAMPLES if QUICK[k](v) and not model_keeps(k, v)]
    assert not wrong, wrong
    assert quick_settings(dict(DEFAULTS)) is not None
    assert all(QUICK[k](v) for k, v in (("music_volume", 0.5), ("ui_scale", 1.5), ("language", "ja"),
                                        ("seat_names", ["Aiko", "Ben"]), ("keys", {"end_turn": "e"})))


json_values = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=True) | st.text(max_size=3),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                           max_leaves=6)


@hsettings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(QUICK) + ["future_pref"]), json_values, max_size=5))
def test_a_file_read_quickly_reads_as_the_model_reads_it(data):
    quick = quick_settings(data)
    if quick is not None:
        assert quick.model_dump() == settings_model().model_validate(data).model_dump()


def test_a_file_the_game_wrote_is_read_without_pydantic(tmp_path):
    """A settings file written by the game (every preference changed once) is read back as written,
    and a fresh game process starts with it and draws its first menu frame without importing pydantic."""
    from game.ui.settings_file import Settings

    s = Settings()
    for k, v in (("music_volume", 0.3), ("language", "ja"), ("tutorial_offered", True), ("seat_names", ["Aiko"]),
                 ("keys", {"end_turn": "e"}), ("ui_scale", 1.5), ("palette", "colour_blind")):
        s[k] = v
    (tmp_path / "settings.json").write_text(s.to_json())
    back, notes = read_settings(tmp_path)
    assert notes == [] and back._model is None and back.model_dump() == s.model_dump()
    code = ("import json, sys, pygame; pygame.display.init(); pygame.font.init()\n"
            "from game.ui.app import App\napp = App(save_dir=sys.argv[1]); app.step([])\n"
            "print(json.dumps([app.settings['language'], any(m.startswith('pydantic') for m in sys.modules)]))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout.strip().splitlines()[-1]) == ["ja", False]


def test_a_value_out_of_range_still_goes_through_the_model_and_its_note(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"music_volume": 4, "language": "ja"}))
    s, notes = read_settings(tmp_path)
    assert s._model is not None and s["music_volume"] == 1.0 and s["language"] == "ja" and notes == []
    (tmp_path / "settings.json").write_text(json.dumps({"mute": "yes"}))
    s, notes = read_settings(tmp_path)
    assert s["mute"] is False and len(notes) == 1 and "mute" in notes[0]
