"""Test kit for the mansion rule set: the same ASCII boards as tests/kit.py, played with the
mansion rules and content (``mgame``) or, for the other half of an M-DOC-2 row, with the core
rules and content (``kit.game``)."""
from __future__ import annotations

from functools import lru_cache

from game.content.mansion_pack import load_mansion_content
from game.engine import new_game
from game.engine.defs import ScenarioDef
from game.engine.scenario import Scenario
from game.engine.mansion.setup import fresh_sub


@lru_cache(maxsize=1)
def mcontent():
    return load_mansion_content()


def mscenario(b, intro=False, **brief) -> Scenario:
    fields = dict(id="mtest", name="Manor test", map="none", intro=intro, objective="all_exit",
                  item_a=["green_herb", "green_herb", "handgun_ammo", "handgun_ammo"],
                  tension=["quiet_moment"] * 15, tension_reshuffle=True, ignore_symbols=intro,
                  use_danger=not intro)
    fields.update(brief)
    return Scenario(brief=ScenarioDef(**fields), board=b, content=mcontent(), rules="mansion")


def mgame(b, party=(("dana", 1),), seed=1, campaign=False, **brief):
    """A mansion game on board ``b``. ``campaign=True`` switches the reserve, survivor deck and
    missions on (as a campaign scenario has them; standalone play has none, M-MODE-3)."""
    s = new_game(mscenario(b, **brief), list(party), seed)
    if campaign:
        sub = fresh_sub(mcontent(), [c for c, _ in party], s.rng, campaign=True)
        sub.kerosene = dict(s.mansion.kerosene)
        s.mansion = sub
        s.touch()
    return s
