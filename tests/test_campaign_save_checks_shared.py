"""One load check for scenario and campaign saves (issue 29 item 4): a campaign save refuses the
impossible states a scenario save refuses, names the file, the field and what to do, and lets no
other exception escape (a carried card without its ``deck`` let a pydantic ValidationError out
and the game exited)."""
from __future__ import annotations

import json

import pytest

from game.content.campaign_saves import load_campaign, save_campaign, slot_path
from game.content.errors import ContentError
from game.engine import apply, legal_actions
from tests.campaign_kit import choose, new, pack, scenario
from tests.kit import content


def _mid_scenario(tmp_path, steps=6):
    """A city campaign saved mid-DT1 (party Vera and Mateo), its doc."""
    cs = new()
    gs = choose(cs, "DT1")
    for i in range(steps):
        legal = legal_actions(gs)
        apply(gs, legal[(i * 3) % len(legal)])
    p = slot_path("mid", tmp_path)
    save_campaign(p, cs, gs)
    return p, cs, gs


def _load(p):
    return load_campaign(p, pack(), content(), scenario)


def _edit(p, fn):
    doc = json.loads(p.read_text())
    fn(doc)
    p.write_text(json.dumps(doc))
    return p.read_bytes()


def test_a_mid_scenario_campaign_save_loads_as_the_game_saved(tmp_path):
    p, cs, gs = _mid_scenario(tmp_path)
    cs2, gs2 = _load(p)
    assert gs2.same_as(gs)


def test_a_carried_card_without_its_deck_is_refused_not_a_crash(tmp_path):
    """Issue 29 item 4: ``campaign.playing.carry.cards.<uid>.deck`` deleted: a ContentError naming
    the file and the field (it was a pydantic ValidationError out of CarryIn.model_validate)."""
    p, cs, gs = _mid_scenario(tmp_path)

    def drop(doc):
        cards = doc["campaign"]["playing"]["carry"]["cards"]
        del cards[next(iter(cards))]["deck"]
    before = _edit(p, drop)
    with pytest.raises(ContentError) as err:
        _load(p)
    assert err.value.file.endswith("mid.json") and err.value.where == "campaign.playing.carry", err.value
    assert "deck" in err.value.problem and "load another save" in err.value.hint
    assert p.read_bytes() == before


@pytest.mark.parametrize("case", ["junk record", "step off by one", "handgun 99 rounds", "over without a result"])
def test_the_game_in_a_campaign_save_passes_the_scenario_saves_check(tmp_path, case):
    """The game in progress of a campaign save is checked as a scenario save is (one function):
    200,000 junk record entries, a step count that does not match the record, a handgun holding
    99 rounds, a game that is neither over nor waiting: refused, naming ``game``."""
    p, cs, gs = _mid_scenario(tmp_path)

    def edit(doc):
        g = doc["game"]
        if case == "junk record":
            g["record"] += [{"kind": "move"}] * 200_000
            g["step"] = len(g["record"])
        elif case == "step off by one":
            g["step"] += 1
        elif case == "handgun 99 rounds":
            uid = next(u for u, c in g["cards"].items() if c.get("ammo") is not None)
            g["cards"][uid]["ammo"] = 99
        else:
            g["pending"] = None
    _edit(p, edit)
    with pytest.raises(ContentError) as err:
        _load(p)
    assert err.value.where.startswith("game"), (err.value.where, err.value.problem)


@pytest.mark.parametrize("case", ["step", "defeat pending", "handgun 99 rounds"])
def test_the_campaign_state_refuses_what_the_scenario_check_refuses(tmp_path, case):
    """The campaign's own state: a step count that is not its record's length, a defeat that still
    has a decision pending, a weapon card over its dial (R-AMMO-1, as check_values)."""
    cs = new()
    p = slot_path("between", tmp_path)
    save_campaign(p, cs)

    def edit(doc):
        c = doc["campaign"]
        if case == "step":
            c["step"] = 200_000
        elif case == "defeat pending":
            c["result"] = "defeat"
            assert c["pending"] is not None
        else:
            uid = next(u for u, card in c["cards"].items() if card.get("ammo") is not None)
            c["cards"][uid]["ammo"] = 99
    _edit(p, edit)
    with pytest.raises(ContentError) as err:
        _load(p)
    field = {"step": "campaign.step", "defeat pending": "campaign.pending", "handgun 99 rounds": "campaign.cards"}[case]
    assert err.value.where == field, (err.value.where, err.value.problem)


def test_nothing_but_content_error_escapes_the_campaign_loader(tmp_path, monkeypatch):
    """Whatever a damaged save makes the code under the loader raise, the loader reports it as a
    ContentError naming the file (its documented error)."""
    import game.content.campaign_saves as cs_mod
    p, cs, gs = _mid_scenario(tmp_path)

    def boom(*a, **k):
        raise ZeroDivisionError("a check that assumed a sound save")
    monkeypatch.setattr(cs_mod, "conservation", boom)
    with pytest.raises(ContentError) as err:
        _load(p)
    assert err.value.file.endswith("mid.json") and "ZeroDivisionError" in err.value.problem
