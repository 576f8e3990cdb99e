"""Issue 23 item 1 for versus (20.4, 20.6/20.7): the names players read from the versus definitions (the
roster's models, the scenarios) have stable catalogue keys like the rest of the content, with a
Japanese entry in content.po, and the versus window and the engine's events word them by key. The test
words the UI catalogue's English-keyed entries wrongly on purpose: anything still looking a name up by
its English would show the marker."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.engine.versus.data import ROSTER, SCENARIOS  # noqa: E402


def _names():
    return [(c.name, f"versus.roster.{cid}.name") for cid, c in ROSTER.items()] + \
        [(sc.name, f"versus.scenarios.{sid}.name") for sid, sc in SCENARIOS.items()]


def test_versus_names_have_stable_keys_and_japanese_entries():
    """Every roster and scenario name is a keyed content text with a Japanese translation."""
    ja = i18n.content_catalogue("ja")
    for name, key in _names():
        assert getattr(name, "key", None) == key, (str(name), key)
        assert ja.get(key), f"content.po has no Japanese for {key} ({name})"


@pytest.fixture()
def wrong_english_entries():
    if i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    i18n.set_language("ja")
    cat = i18n.catalogue("ja")
    was = {}
    for name, _key in _names():
        was[str(name)] = cat.get(str(name))
        cat[str(name)] = "WRONG-" + str(name)
    yield
    for k, v in was.items():
        if v is None:
            cat.pop(k, None)
        else:
            cat[k] = v
    i18n.set_language("en")


def test_V_CHAR_1_window_words_models_and_scenarios_by_key(wrong_english_entries):
    """20.4 (V-CHAR-1): the window's model and scenario names come from content.po by key."""
    from game.ui.versus import words as W

    ja = i18n.content_catalogue("ja")
    for cid in ROSTER:
        assert W.char(cid) == ja[f"versus.roster.{cid}.name"]
    for sid in SCENARIOS:
        assert W.scenario_name(sid) == ja[f"versus.scenarios.{sid}.name"]


def test_V_SETUP_1_versus_events_name_models_by_key(wrong_english_entries):
    """V-SETUP-1: the engine's versus events carry each model's stable key; worded in Japanese they
    name the model with content.po's words, never the English-keyed UI entry."""
    from game.engine.api import apply, legal_actions
    from game.engine.versus import new_versus
    from game.ui.words import words

    s = new_versus("swift", {"directorate": 0, "syndicate": 1}, 3)
    lines, keys = [], set()
    for _ in range(12):
        if s.over:
            break
        for e in apply(s, legal_actions(s, s.pending.seat)[0], s.pending.seat):
            if e.msg:
                lines.append(words(e))
                keys |= {v.get("k") for v in (e.params or {}).values() if isinstance(v, dict) and v.get("t") == "char"}
    assert keys & {"versus.roster.mara.name", "versus.roster.grist.name"}, keys
    assert lines and not any("WRONG-" in ln for ln in lines), [ln for ln in lines if "WRONG-" in ln]
