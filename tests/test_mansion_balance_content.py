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
    from game.content.mansion_pack import MANSION_DATA, _read

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
