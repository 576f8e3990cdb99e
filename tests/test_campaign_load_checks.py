"""The campaign load check (R-CAMP-22, M-CAMP-5; play4's leftovers): every id-bearing field of the
city and manor campaign states is checked against the pack and content when a slot is read
(:func:`game.engine.campaign.checks.impossible`). A hostile or damaged slot is refused with an
error naming the file, the field and what to do, and is left untouched; nothing a played campaign
reaches is refused (bot campaigns checked at every decision and every scenario set-up)."""
from __future__ import annotations

import json

import pytest

from game.content.campaign_saves import load_campaign, save_campaign, slot_path
from game.content.errors import ContentError
from game.engine.campaign import conservation
from game.engine.campaign.checks import impossible
from tests.campaign_kit import new, pack, scenario
from tests.kit import content
from tests.mansion_kit import mcard, mcontent, mnew, mpack


def _first_uid(c):
    return next(iter(c["cards"]))


def _pending_option(target):
    def edit(c):
        c["pending"]["options"][0]["target"] = target
    return edit


#: hostile edits of a fresh city campaign's state -> the field the refusal must name
CITY = {
    "completed: a scenario that does not exist": ("completed", lambda c: c.__setitem__("completed", ["NOPE"])),
    "a path card slot for a scenario that does not exist": ("slots", lambda c: c["slots"].__setitem__("ZZZ", "open")),
    "Item C tokens of an unknown scenario": ("collected_c", lambda c: c["collected_c"].__setitem__("NOPE", ["1,1"])),
    "an Item C token that names no square": ("collected_c", lambda c: c["collected_c"].__setitem__("DT1", ["x"])),
    "a progression token the scenario does not have": ("collected_p",
                                                       lambda c: c["collected_p"].__setitem__("DT1", ["nope"])),
    "rare cards added for an unknown scenario": ("rares_added", lambda c: c.__setitem__("rares_added", ["NOPE"])),
    "a stranger set aside": ("aside", lambda c: c.__setitem__("aside", ["ghost"])),
    "a card of an unknown design": ("cards", lambda c: c["cards"][_first_uid(c)].__setitem__("defn", "ray_gun")),
    "a pile that does not exist": ("piles", lambda c: c["piles"].__setitem__("secret", [])),
    "an unknown escalation packet": ("packets", lambda c: c.__setitem__("packets", ["nope"])),
    "an attempt at an unknown scenario": ("history", lambda c: c.__setitem__("history", [
        {"scenario": "NOPE", "result": "failure"}])),
    "health off the dial": ("characters", lambda c: c["characters"][0].__setitem__("health", 40)),
    "a decision the campaign does not have": ("pending", lambda c: c["pending"].__setitem__("kind", "launch")),
    "a decision for a seat nobody sits in": ("pending", lambda c: c["pending"].__setitem__("seat", 7)),
    "an option naming a stranger": ("pending", _pending_option("ZZZ")),
    "a step the campaign does not have": ("queue", lambda c: c.__setitem__("queue", [{"t": "step_nonsense"}])),
}

#: hostile edits of a fresh manor campaign's state (Dana and Marcus) -> the field
MANOR = {
    "completed: a card that does not exist": ("completed", lambda c: c.__setitem__("completed", ["NOPE"])),
    "a map card ZZZ": ("map", lambda c: c["map"].__setitem__("ZZZ", "unlocked")),
    "kerosene for a character not in the party": ("kerosene", lambda c: c["kerosene"].__setitem__("ivy", 1)),
    "kerosene past the limit": ("kerosene", lambda c: c["kerosene"].__setitem__("dana", 9)),
    "a party member in the reserve too": ("reserve", lambda c: c.__setitem__("reserve", [{"cid": "dana"}])),
    "wounds past the dial": ("reserve", lambda c: c.__setitem__("reserve", [{"cid": "theo", "wounds": 9}])),
    "a stranger among the killed": ("killed", lambda c: c.__setitem__("killed", ["ghost"])),
    "a deck that does not exist": ("decks", lambda c: c["decks"].__setitem__("tarot", [])),
    "an unknown encounter card": ("decks", lambda c: c["decks"]["encounter"].append("enc99")),
    "a mission in the encounter deck": ("decks", lambda c: c["decks"]["encounter"].append(c["decks"]["missions"][0])),
    "the switching seat past the party": ("switch_seat", lambda c: c.__setitem__("switch_seat", 99)),
    "a reserve-only character in the party": ("party", lambda c: (c.__setitem__("party", ["theo", "marcus"]),
                                                                  c["characters"][0].__setitem__("cid", "theo"))),
    "an Item C card of an unknown design": ("cards", lambda c: c["cards"][c["piles"]["item_c"][0]].__setitem__(
        "defn", "golden_key")),
}


def _refused(tmp_path, cs, edit, load):
    p = slot_path("hostile", tmp_path)
    save_campaign(p, cs)
    doc = json.loads(p.read_text())
    edit(doc["campaign"])
    p.write_text(json.dumps(doc))
    before = p.read_bytes()
    with pytest.raises(ContentError) as ei:
        load(p)
    assert p.read_bytes() == before  # the slot stays untouched
    return ei.value


@pytest.mark.parametrize("case", sorted(CITY))
def test_R_CAMP_22_a_hostile_city_save_is_refused_naming_file_field_and_what_to_do(tmp_path, case):
    """R-CAMP-22: a city campaign save naming a scenario, card, pile, packet, survivor, decision or
    step the pack does not have loaded as a good one (``completed: ['NOPE']`` did). It is refused
    now, with the file, the field (``campaign.<field>``) and what to do."""
    field, edit = CITY[case]
    err = _refused(tmp_path, new(), edit, lambda p: load_campaign(p, pack(), content(), scenario))
    assert err.file.endswith("hostile.json") and err.where == f"campaign.{field}", (err.where, err.problem)
    assert "impossible" in err.problem and "load another save" in err.hint


@pytest.mark.parametrize("case", sorted(MANOR))
def test_M_CAMP_5_a_hostile_manor_save_is_refused_naming_file_field_and_what_to_do(tmp_path, case):
    """M-CAMP-5: the manor's own fields (map cards, kerosene, the reserve, killed characters, the
    four decks, the switching seat) and the layer's (completion tokens, card designs) are checked
    against the pack: a map card ``ZZZ`` or ``completed: ['NOPE']`` loaded before."""
    field, edit = MANOR[case]
    err = _refused(tmp_path, mnew(("dana", "marcus")), edit,
                   lambda p: load_campaign(p, mpack(), mcontent(), mcard))
    assert err.file.endswith("hostile.json") and err.where == f"campaign.{field}", (err.where, err.problem)
    assert "impossible" in err.problem and "load another save" in err.hint


def test_a_card_held_that_the_campaign_does_not_have_is_refused(tmp_path):
    """R-ITEM-9: an inventory holding a uid that is no card of the campaign (conservation)."""
    def edit(c):
        c["characters"][0]["inventory"].append(["A:ray_gun:1"])
    err = _refused(tmp_path, new(), edit, lambda p: load_campaign(p, pack(), content(), scenario))
    assert err.where == "campaign" and "A:ray_gun:1" in err.problem


def test_R_CAMP_22_M_CAMP_5_played_campaigns_are_never_refused():
    """Nothing a played campaign reaches is refused: a city and two manor bot campaigns (one won)
    pass the check at every campaign decision and after every scenario set-up (what a save holds
    between scenarios and mid-scenario)."""
    from game.ai import campaign_bot, mansion_bot
    from game.ai.campaign_bot import _cached, play_out_campaign
    from game.content.campaign_pack import load_campaign_scenario
    from game.content.mansion_pack import load_card_scenario
    from game.engine.campaign import begin_scenario, finish_scenario, start_campaign

    seen = []

    def checked(fn):
        def f(cs, *a):
            out = fn(cs, *a)
            seen.append((cs.phase, impossible(cs), conservation(cs)))
            return out
        return f

    def choose_checked(choose):
        def f(cs):
            seen.append((cs.phase, impossible(cs), conservation(cs)))
            return choose(cs)
        return f

    cs = start_campaign(pack(), content(), ["vera", "mateo"], 2)
    play_out_campaign(cs, choose_checked(campaign_bot.choose), checked(begin_scenario), finish_scenario,
                      _cached(lambda sid: load_campaign_scenario(pack(), sid, content())))
    won = []
    for seed in (1, 2):  # both won with the manor as it is (26 of seeds 1-40), so a victory is covered
        ms = start_campaign(mpack(), mcontent(), ["dana", "marcus"], seed)
        play_out_campaign(ms, choose_checked(mansion_bot.choose), checked(begin_scenario), finish_scenario,
                          _cached(lambda cid: load_card_scenario(mpack(), cid, mcontent())),
                          bot_class=mansion_bot.MansionBot)
        won.append(ms.result)
    assert "victory" in won and len(seen) > 100
    assert [x for x in seen if x[1] or x[2]] == []


def test_issue12_every_refusal_reads_in_japanese(tmp_path):
    """Issue 12: with Japanese chosen, each refusal above (its frame, field and what is wrong) has no
    English word left; the data inside it (the file, the field, the ids in quotes) stays as it is."""
    from game import i18n
    from game.ui.errortext import error_text
    from tests.test_i18n_file_errors import english_left

    if i18n.japanese_font() is None:
        pytest.skip(i18n.FONT_HINT)
    errs = [_refused(tmp_path / f"c{k}", new(), CITY[c][1], lambda p: load_campaign(p, pack(), content(), scenario))
            for k, c in enumerate(sorted(CITY))]
    errs += [_refused(tmp_path / f"m{k}", mnew(("dana", "marcus")), MANOR[c][1],
                      lambda p: load_campaign(p, mpack(), mcontent(), mcard)) for k, c in enumerate(sorted(MANOR))]
    i18n.set_language("ja")
    try:
        left = {e.problem: english_left(error_text(e)) for e in errs}
    finally:
        i18n.set_language("en")
    assert {p: w for p, w in left.items() if w} == {}
