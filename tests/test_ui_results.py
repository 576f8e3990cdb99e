"""The results screen: figures computed from the engine's events by replaying the record, and
shown with pictures (enemies by type, survivors' portraits)."""
from __future__ import annotations

import os
from collections import Counter

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.bot import Bot  # noqa: E402
from game.content.loader import load_scenario  # noqa: E402
from game.engine import apply, new_game  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.game_over import Results  # noqa: E402
from game.ui.results import stats_of  # noqa: E402


pytestmark = pytest.mark.usefixtures("display")  # tests/conftest.py


def played(sid: str, seed: int, party):
    s = new_game(load_scenario(sid), party, seed)
    bot = Bot(seed)
    live = []
    while not s.over:
        actor = s.characters[s.pending.seat].cid
        live.append((actor, apply(s, bot.choose(s))))
    return s, live


def test_stats_match_what_happened_live():
    party = [("vera", 1), ("mateo", 2)]
    s, live = played("outskirts", 5, party)
    st = stats_of(s, party)
    names = {e.id: e.name for e in s.scenario.content.enemies.values()}
    killed, taken, kills, tension = Counter(), Counter(), Counter(), 0
    for actor, evs in live:
        for e in evs:
            if e.kind == "killed":
                killed[names[e.data["type"]]] += 1
                kills[actor] += 1
            elif e.kind == "damage":
                taken[e.data["char"]] += e.data["n"]
            elif e.kind == "tension":
                tension += 1
    assert killed and st.killed == killed  # R-ENEMY-2 kills, by type
    assert {c: v.damage_taken for c, v in st.survivors.items() if v.damage_taken} == dict(taken)
    assert {c: v.kills for c, v in st.survivors.items() if v.kills} == dict(kills)
    assert st.tension_drawn == tension > 0  # R-TENSION-1 draws
    assert st.turns == s.turn
    assert all(v.damage_dealt >= v.kills for v in st.survivors.values())


def test_results_screen_shows_the_figures(tmp_path):
    party = [("vera", 1), ("mateo", 2)]
    s, _ = played("outskirts", 5, party)
    app = App(pygame.Surface((1280, 720)), save_dir=tmp_path)
    res = Results(s, party)
    app.stack = [res]
    app.step([], 0.05)
    texts = res.texts
    assert any(t.startswith("Zombie ×") for t in texts)
    assert "Vera Castellan" in texts and "Mateo Reyes" in texts
    assert any("tension cards drawn" in t for t in texts)
    assert res.zones.find("menu") is not None and res.zones.find("again") is not None
