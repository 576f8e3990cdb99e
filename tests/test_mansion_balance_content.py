"""The mansion's own deck numbers (assets/data/mansion/items.yaml, issue 14 balance): the Item A
cards it adds to the core's (MDV-3's Kerosene Cans plus ammunition) and the tier gear of a manor
card played on its own (M-MODE-3 "as R-STAND", R-STAND-3), checked at load; and the manor's bots
(game.ai.mansion_bot): the last First-Aid Spray stays in play (R-HEALTH-9/10) and ammunition goes
to the gun it loads between scenarios (R-END-X1)."""
from __future__ import annotations

import shutil

import pytest

from game.content.errors import ContentError
from game.engine import Action, legal_actions, new_game
from tests.kit import board, card
from tests.mansion_kit import mcontent, mgame


def test_MDV_3_M_KERO_4_item_a_deck_is_the_core_deck_plus_the_manor_cards():
    """The Item A deck of a mansion game: the core's regular cards plus items.yaml's
    ``item_a_add`` (the four Kerosene Cans of MDV-3 among them)."""
    from game.content.loader import load_content
    from game.content.mansion_pack import MANSION_DATA
    from game.content.readers import read_yaml as _read

    core = load_content().decks.item_a
    add = _read(MANSION_DATA / "items.yaml")[0]["item_a_add"]
    deck = mcontent().decks.item_a
    assert add["kerosene_can"] == 4 and deck["kerosene_can"] == 4
    assert all(deck[k] == core.get(k, 0) + n for k, n in add.items())
    assert all(deck[k] == n for k, n in core.items() if k not in add)


@pytest.mark.parametrize("line,why", [
    ("item_a_add: {kerosene_can: 4, crowbar: 2}", "'crowbar' is not an item"),
    ("item_a_add: {kerosene_can: 0}", "counts from 1 to 20"),
    ("standalone_gear: {5: [shotgun]}", "tiers 1 to 4"),
    ("standalone_gear: {2: [bazooka]}", "'bazooka' is not an item"),
])
def test_M_MODE_3_deck_numbers_are_checked_at_load(tmp_path, line, why):
    """A wrong ``item_a_add`` or ``standalone_gear`` in items.yaml is refused, naming the file."""
    from game.content.mansion_pack import MANSION_DATA, load_mansion_content

    d = tmp_path / "m"
    shutil.copytree(MANSION_DATA, d)
    p = d / "items.yaml"
    text = p.read_text()
    text = text[:text.index("standalone_gear:")]  # the last entry of the file
    if line.startswith("item_a_add"):
        text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("item_a_add")) + "\n"
    p.write_text(text + line + "\n")
    with pytest.raises(ContentError) as ei:
        load_mansion_content(d)
    assert "items.yaml" in str(ei.value) and why in str(ei.value)


def test_M_MODE_3_R_STAND_3_a_manor_card_alone_deals_the_manors_tier_gear():
    """A tier-2 manor card played on its own deals the manor's tier-2 gear (items.yaml), not the
    core's DV-21 list: the extra weapons handed out at set-up are exactly that list."""
    from game.content.loader import load_content
    from game.content.mansion_pack import MANSION_PARTY
    from game.content.loader import load_scenario

    ct = mcontent()
    gear = ct.decks.standalone_gear[2]
    assert gear != load_content().decks.standalone_gear[2]
    scn = load_scenario("m_w1b")
    assert scn.brief.tier == 2 and scn.brief.standalone_gear
    s = new_game(scn, [(c, 1 + i % 2) for i, c in enumerate(MANSION_PARTY[:2])], 3)
    dealt = [s.cards[u].defn for u in s.piles.get("gear", [])]
    while s.pending is not None and s.pending.kind == "gear":  # hand the extra weapons out
        from game.engine import apply
        apply(s, legal_actions(s)[0])
    held = [s.cards[u].defn for c in s.characters for sl in c.inventory for u in sl] + \
        [s.cards[sl[0]].defn for sl in s.item_box]
    starting = [i for c in MANSION_PARTY[:2] for i in ct.characters[c].starting_items]
    extra = list(held)
    for i in starting:
        extra.remove(i)
    assert sorted(extra) == sorted(gear) and (not dealt or sorted(dealt) == sorted(gear))


# ----------------------------------------------------------------------------- the manor's bots
ROOM = board("AAA", "AAA", start={1: (0, 0), 2: (2, 1)})


def _exit_game():
    from game.engine.state import TokenState

    s = mgame(ROOM, party=(("dana", 1), ("marcus", 2)))
    s.tokens.append(TokenState(uid="tx", kind="exit", pos=(0, 0), props={}))
    s.touch()
    return s


def test_R_HEALTH_10_mansion_bot_keeps_the_last_spray_in_play():
    """The manor's bot does not leave with the last First-Aid Spray while an ally in play holds
    none (that ally, knocked out, would die at once, R-HEALTH-10); the city bot would leave."""
    from game.ai.bot import Bot
    from game.ai.mansion_bot import MansionBot

    s = _exit_game()
    dana = s.char("dana")
    dana.inventory.append([card(s, "SPR", "first_aid_spray", "B")])
    s.touch()
    assert any(a.kind == "exit" for a in legal_actions(s))
    assert Bot(1).choose(s).kind == "exit"
    assert MansionBot(1).choose(s).kind != "exit"
    s.char("marcus").inventory.append([card(s, "SPR2", "first_aid_spray", "B")])  # the ally holds one too
    s.touch()
    assert MansionBot(1).choose(s).kind == "exit"


def test_R_END_X1_mansion_campaign_bot_routes_ammunition_to_its_gun():
    """Between scenarios (R-END-X1) shells held by a character without a shotgun go into the item
    box and come out to the character holding the shotgun (who reloads with them in play)."""
    from game.ai.mansion_bot import choose
    from game.engine.campaign import apply, legal
    from tests.mansion_kit import mnew

    from game.engine.state import CardState
    from tests.mansion_kit import mchoose, mend

    cs = mnew()
    cs.intro_done = True
    gs = mchoose(cs, "W1A")
    mend(cs, gs, "failure")
    while cs.pending is not None and cs.pending.kind != "transfer":
        apply(cs, choose(cs))
    assert cs.pending is not None and cs.pending.kind == "transfer"
    dana, marcus = cs.char("dana"), cs.char("marcus")
    cs.cards["SHELLS"] = CardState(uid="SHELLS", defn="shotgun_shells", deck="B")
    cs.cards["SG"] = CardState(uid="SG", defn="shotgun", deck="B", ammo=0)
    dana.inventory.append(["SHELLS"])
    marcus.inventory.append(["SG"])
    first = choose(cs)
    assert first == Action(kind="put", item="SHELLS", target="dana") and first in legal(cs)
    apply(cs, first)
    second = choose(cs)
    assert second == Action(kind="take", item="SHELLS", target="marcus")
    apply(cs, second)
    for _ in range(20):  # the rest of the step: the shells stay with the shotgun
        a = choose(cs)
        if a.kind == "done":
            break
        apply(cs, a)
    assert any("SHELLS" in sl for sl in marcus.inventory) and a.kind == "done"


def test_R_END_S10_campaign_bot_never_trades_a_mixed_herb_slot_back_and_forth():
    """A give (R-END-S10) moves a whole inventory slot. With a mixed herb (two recovery cards in
    one slot) and the ally holding none, the campaign bot used to hand the slot over, then back,
    for ever (campaign seed 2 with 2 characters never finished). It now gives a recovery item only
    when the giver keeps one, so the step ends with Done."""
    from game.ai.mansion_bot import choose
    from game.engine.campaign import apply, legal
    from game.engine.state import CardState
    from tests.mansion_kit import mchoose, mend, mnew

    cs = mnew(seed_rules=True)  # the empty gun stays empty, so the ammo step asks
    cs.intro_done = True
    gs = mchoose(cs, "W1A")
    dana, marcus = gs.char("dana"), gs.char("marcus")
    for c in (dana, marcus):  # nobody holds a recovery card but the mixed slot
        c.inventory[:] = [sl for sl in c.inventory if mcontent().items[gs.cards[sl[0]].defn].type != "recovery"]
    for uid, defn in (("GH", "green_herb"), ("RH", "red_herb"), ("AM", "handgun_ammo")):
        gs.cards[uid] = CardState(uid=uid, defn=defn, deck="A")
        cs.cards[uid] = CardState(uid=uid, defn=defn, deck="A")
    dana.inventory += [["GH", "RH"], ["AM"]]  # and ammunition for a gun that is not full: the ammo step asks
    gun = next(u for sl in dana.inventory for u in sl if gs.cards[u].defn == "handgun")
    gs.cards[gun].ammo = 0
    gs.touch()
    mend(cs, gs, "success")
    while cs.pending is not None and cs.pending.kind not in ("ammo", "heal"):
        apply(cs, choose(cs))
    assert cs.pending is not None
    kind = cs.pending.kind
    dana = cs.char("dana")
    assert Action(kind="give", item="GH", target="marcus") in legal(cs)
    for _ in range(30):
        if cs.pending is None or cs.pending.kind != kind:
            break
        apply(cs, choose(cs))
    else:
        raise AssertionError(f"the {kind} step never ended: the bot kept trading")
    assert any("GH" in sl for sl in dana.inventory)  # the slot stayed where it was


def test_campaign_bot_loop_ends_a_stalled_campaign_as_a_reported_defeat():
    """The shared play loop stops a campaign whose decisions make no progress (here a choice
    function that puts a card into the item box and takes it out again, R-END-X1, for ever) after
    ``max_decisions`` decisions without a scenario between them, and ends it as a defeat whose
    reason says so, instead of running for ever."""
    from game.ai import campaign_bot
    from game.ai.mansion_bot import choose
    from game.engine.campaign import apply, begin_mansion_scenario, finish_mansion_scenario, legal
    from tests.mansion_kit import mchoose, mend, mnew

    cs = mnew()
    cs.intro_done = True
    gs = mchoose(cs, "W1A")
    mend(cs, gs, "failure")
    while cs.pending is not None and cs.pending.kind != "transfer":
        apply(cs, choose(cs))
    assert cs.pending is not None and cs.pending.kind == "transfer"

    def shuffle_box(c):  # legal, but never Done: a put, then a take of the same card, and so on
        opts = legal(c)
        return next((a for a in opts if a.kind == "take"), None) or next(a for a in opts if a.kind == "put")

    def no_scenario(sid):
        raise AssertionError("a scenario was set up: the loop made progress after all")

    out = campaign_bot.play_out_campaign(cs, shuffle_box, begin_mansion_scenario, finish_mansion_scenario,
                                         no_scenario, max_decisions=25)
    assert out is cs and cs.over and cs.result == "defeat"
    assert cs.result_reason == campaign_bot.STALLED.format(n=25, phase="failure.transfer")
    from game.i18n.messages import render  # (the screens word the reason by id, issue 23)
    assert cs.result_why["id"] == "reason.stalled" and render("reason.stalled", cs.result_why["params"], "en") == cs.result_reason
    assert legal(cs) == []


def test_a_whole_mansion_bot_campaign_finishes_within_a_step_budget():
    """Campaign seed 2 with 2 characters ran for minutes before the herb-slot fix; every bot
    campaign must end by the rules (won, or overrun) within a bounded number of decisions."""
    from game.ai import campaign_bot
    from game.ai.mansion_bot import play_mansion_campaign
    from game.content.mansion_pack import MANSION_PARTY
    from tests.mansion_kit import mpack

    steps = []
    real = campaign_bot.play_out_campaign

    def counted(cs, choose_fn, begin, finish, load, **kw):
        def fin(c, g):
            steps.append(g.step)
            return finish(c, g)
        return real(cs, choose_fn, begin, fin, load, **kw)

    campaign_bot.play_out_campaign, saved = counted, campaign_bot.play_out_campaign
    import game.ai.mansion_bot as mb
    mb.play_out_campaign, saved_mb = counted, mb.play_out_campaign
    try:
        cs = play_mansion_campaign(mpack(), mcontent(), list(MANSION_PARTY[:2]), 2)
    finally:
        campaign_bot.play_out_campaign, mb.play_out_campaign = saved, saved_mb
    assert cs.over and not cs.result_reason.startswith("stalled"), cs.result_reason
    assert len(cs.history) <= 30 and sum(steps) <= 6000 and len(cs.record) <= 400, \
        (len(cs.history), sum(steps), len(cs.record))


# ------------------------------------------------- issue 14, third session: the campaign's balance
def test_R_END_S1_design_the_manor_success_refills_every_dial_in_inventories():
    """R-END-S1 [design] (the manor pack's ``success_refill``, assets/campaigns/mansion.yaml,
    docs/balance.md): after a success every weapon's ammo dial in an inventory is refilled to its
    printed capacity, as R-END-F2 does after a failure; a weapon in the item box is not; with the
    seed rule (no ``success_refill``) the dial stays where the scenario left it."""
    from game.engine.campaign import apply
    from game.ai.mansion_bot import choose
    from tests.mansion_kit import mchoose, mend, mnew, mpack

    assert mpack().success_refill is True
    for refill in (True, False):
        cs = mnew(seed_rules=not refill)
        cs.intro_done = True
        gs = mchoose(cs, "W1A")
        gun = next(u for sl in gs.char("dana").inventory for u in sl if gs.cards[u].defn == "handgun")
        boxed = next(u for sl in gs.char("marcus").inventory for u in sl if gs.cards[u].defn == "handgun")
        gs.char("marcus").inventory = [sl for sl in gs.char("marcus").inventory if boxed not in sl]
        gs.item_box.append([boxed])
        gs.cards[gun].ammo = 0
        gs.cards[boxed].ammo = 1
        gs.touch()
        evs = mend(cs, gs, "success")
        while cs.pending is not None and cs.pending.kind not in ("heal", "choose", "transfer"):
            evs += apply(cs, choose(cs))
        assert cs.cards[gun].ammo == (6 if refill else 0)
        assert cs.cards[boxed].ammo == 1
        assert any(e.data.get("step") == "success_refill" for e in evs) == refill


def test_M_ITEMC_mansion_bot_makes_room_to_search_an_item_c_token():
    """On an Item C token (M-ITEMC-1; its card flips the next map cards, M-MAP-6) with a full
    inventory, the manor's bot discards a card worth little to it (here the Lock Pick) and
    searches; the city bot keeps everything and cannot search (R-SEARCH-1). Traced: campaign
    seed 30, 1F West B, both survivors stood on the token for 14 rounds until the tension deck ran
    out."""
    from game.ai.bot import Bot
    from game.ai.mansion_bot import MansionBot
    from tests.kit import tok

    s = mgame(ROOM, party=(("dana", 1), ("marcus", 2)), campaign=True)
    dana = s.char("dana")
    limit = mcontent().characters["dana"].inventory_limit
    fill = [("handgun", 6), ("first_aid_spray", None), ("first_aid_spray", None), ("lock_pick", None),
            ("shotgun", 4), ("handgun_ammo", None), ("knife", None)]
    dana.inventory = [[card(s, f"I{i}", d, "A", ammo=a)] for i, (d, a) in enumerate(fill[:limit])]
    assert any(s.cards[sl[0]].defn == "lock_pick" for sl in dana.inventory)
    s.piles["item_c"] = [card(s, "C1", "sheet_music", "C")]
    tok(s, "item", dana.pos, letter="C")
    s.touch()
    assert not any(a.kind == "search" for a in legal_actions(s))
    assert Bot(1).choose(s).kind != "discard"
    a = MansionBot(1).choose(s)
    assert a.kind == "discard" and s.cards[a.item].defn in ("lock_pick", "knife")
    from game.engine import apply
    apply(s, a)
    assert MansionBot(1).choose(s).kind == "search"


def test_R_END_S11_mansion_campaign_bot_plays_the_tier_1_cards_before_the_higher_tiers():
    """The campaign bot's next card (R-END-S11, M-MAP): while a tier-1 card with an Item C token
    is left it comes before the tier-2 and tier-3 cards (the tier-1 Item B decks hold the Shotguns
    and the Assault Rifle the Courtyard's serpent needs); among the rest the highest tier first."""
    from game.ai.mansion_bot import choose
    from game.engine.campaign import legal
    from tests.mansion_kit import mnew

    cs = mnew()
    cs.intro_done = True
    cs.completed += ["W1A", "E1A", "E2A"]
    cs.map["BSMT"] = "unlocked"
    assert {a.target for a in legal(cs) if a.kind == "choose"} >= {"W2A", "BSMT"}
    assert choose(cs).target == "W2A"
    cs.collected_c["W2A"] = ["x"]  # its token found: the Basement (tier 2) comes first
    assert choose(cs).target == "BSMT"


@pytest.mark.parametrize("line", ["danger_start: 4", "packets: [E1]", "standalone_gear: true",
                                  "standalone: {gear: 2, danger_start: 4}"])
def test_M_MODE_3_a_manor_brief_with_a_city_standalone_field_is_refused(tmp_path, monkeypatch, line):
    """M-MODE-3: a manor card alone plays with its ``standalone`` block in the campaign pack, in
    the campaign with the campaign's danger and packets; a manor brief's own ``danger_start``,
    ``packets``, ``standalone_gear`` or ``standalone`` would never be read, so loading refuses it
    with the file, the line and the field. The shipped briefs carry none of them."""
    from game.content import mansion_pack

    field = line.split(":")[0]
    src = mansion_pack.MANOR_SCENARIOS
    shipped = [p.read_text() for p in sorted(src.glob("*.yaml"))]
    assert shipped and not any(f"\n{k}:" in t for t in shipped for k in mansion_pack.CITY_ONLY_FIELDS)
    dst = tmp_path / "manor"
    shutil.copytree(src, dst)
    brief = dst / "m_w1b.yaml"
    lines = brief.read_text().splitlines()
    lines.insert(20, line)
    brief.write_text("\n".join(lines) + "\n")
    with pytest.raises(ContentError) as ex:
        mansion_pack._briefs(dst)
    msg = str(ex.value)
    assert "m_w1b.yaml" in msg and "line 21" in msg and f"field '{field}'" in msg and "never read" in msg
    assert "assets/campaigns/mansion.yaml" in msg
    from game import i18n
    from game.ui.errortext import error_text
    i18n.set_language("ja")
    try:
        ja = error_text(ex.value)
    finally:
        i18n.set_language("en")
    assert "屋敷のブリーフ" in ja and "never read" not in ja and "remove the line" not in ja
