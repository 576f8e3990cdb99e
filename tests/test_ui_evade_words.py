"""Issue 25 retest finding 4 (R-EVADE-1): the evade roll's outcome never reads like a die face. The
dice panel said "Tier 1: needs hit, hit+ or critical — hit." and the log "[blank, blank] → hit."
("hit" is a face and was the outcome); now "Not evaded: Zombie Dog hits Mateo Reyes." or "Evaded.",
by message ids with English and Japanese entries."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.engine import apply, Event  # noqa: E402
from game.ui.presenters.logtext import message, shown  # noqa: E402
from game.ui.presenters.rolls import rolls_from_events  # noqa: E402
from tests.test_ui_enemy_phase import before_enemy_phase  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_evade_outcome_is_said_in_words_no_face_shares(lang):
    s, a = before_enemy_phase()
    ev = apply(s, a)
    (ok,) = [x for x in ev if x.kind == "evade"]
    assert ok.data["success"]
    # the same roll failed (the engine's event shape for a failed evade: result "evade.hit")
    e = Event(ok.kind, ok.rule, "", {**ok.data, "success": False}, msg=ok.msg,
              params={**ok.params, "result": {"t": "msg", "id": "evade.hit"}})
    try:
        i18n.set_language(lang)
        rolls = rolls_from_events(s, [e])
        line = shown(e.text, message(s, e))
        panel = " ".join(str(x) for r in rolls for x in vars(r).values() if isinstance(x, str))
    finally:
        i18n.set_language("en")
    if lang == "en":
        assert not line.rstrip().endswith("hit.") and not panel.rstrip().endswith("— hit."), (line, panel)
        assert "Not evaded: Zombie Dog hits Mateo Reyes." in panel, panel
        assert "not evaded" in line, line
    else:
        assert "回避失敗" in line and "回避失敗" in panel and "命中。" not in line + panel, (line, panel)
