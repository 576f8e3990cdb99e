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


# ------------------------------------------------------------------ the mansion campaign
@lru_cache(maxsize=1)
def mpack():
    from game.content.mansion_pack import load_mansion_pack
    return load_mansion_pack(mcontent())


@lru_cache(maxsize=None)
def mcard(cid: str):
    from game.content.mansion_pack import load_card_scenario
    return load_card_scenario(mpack(), cid, mcontent())


def mnew(party=("dana", "marcus"), seed=1, easy=False, seed_rules=False):
    """A new mansion campaign with the shipped pack; ``seed_rules=True``: without the pack's
    [design] ``success_refill`` (R-END-S1 as written: a success refills no dial)."""
    from game.engine.mansion.campaign import start_mansion_campaign
    pack = mpack().model_copy(update={"success_refill": False}) if seed_rules else mpack()
    return start_mansion_campaign(pack, mcontent(), list(party), seed, easy=easy)


def mchoose(cs, cid: str, switch: dict | None = None):
    """Choose map card ``cid``, answer the switching step (``switch``: seat -> character, default
    keep) and the item moves (first option), and set the scenario up."""
    from game.engine.mansion.campaign import begin_mansion_scenario
    from tests.campaign_kit import cact
    cact(cs, "choose", target=cid)
    while cs.pending is not None and cs.pending.kind in ("switch", "switch_items"):
        if cs.pending.kind == "switch":
            seat = int(cs.pending.ctx["seat"])
            want = (switch or {}).get(seat, cs.characters[seat].cid)
            cact(cs, "pick", target=want)
        else:
            from game.engine.campaign import legal, apply
            apply(cs, legal(cs)[0])
    return begin_mansion_scenario(cs, mcard(cid))


def mend(cs, gs, result: str = "success") -> list:
    from game.engine.mansion.campaign import finish_mansion_scenario
    gs.result = result
    gs.result_reason = "test"
    return finish_mansion_scenario(cs, gs)


def collect_c(gs, cid: str | None = None) -> str:
    """Take one Item C token off the map as a search would: the top Item C card goes to ``cid``
    (default: the first character). Returns the card uid."""
    t = next(t for t in gs.tokens if t.kind == "item" and str(t.props.get("letter", "A")).upper() == "C")
    gs.tokens.remove(t)
    uid = gs.piles["item_c"].pop(0)
    who = next(c for c in gs.characters if cid is None or c.cid == cid)
    who.inventory.append([uid])
    return uid
