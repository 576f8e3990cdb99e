"""The dungeon's item cards and market (dungeon.md section 11, 16.4; D-ITEM) on the pure pieces of
game.engine.dungeon.items."""
from __future__ import annotations

import pytest

from game.content.dungeon_pack import dungeon_pack
from game.engine.dungeon.items import EFFECTS, buy, can_buy, effect_of, permanent_bonus


def test_D_ITEM_1_buying_refills_the_market_at_once_in_place():
    """D-ITEM-1: the bought card is taken and the deck's top card takes its place at once."""
    got, market, deck = buy(["a", "b", "c"], ["d", "e"], 1)
    assert got == "b" and market == ["a", "d", "c"] and deck == ["e"]
    with pytest.raises(ValueError):
        buy(["a", "b", "c"], [], 3)


def test_D_ITEM_5_empty_deck_is_not_refilled():
    """D-ITEM-5: with the deck empty the market shrinks."""
    got, market, deck = buy(["a", "b", "c"], [], 0)
    assert got == "a" and market == ["b", "c"] and deck == []


def test_D_ITEM_4_D_FAQ_3_one_hero_pays_the_whole_cost():
    """D-ITEM-4, D-FAQ-3: a hero buys only with its own treasure (no pooling): 5 treasure cannot buy
    a 6-cost Trollblood Tonic, whatever a companion holds."""
    tonic = dungeon_pack().items["trollblood_tonic"]
    assert not can_buy(5, tonic) and can_buy(6, tonic)


def test_D_ITEM_6_permanent_items_add_while_held_and_single_use_ones_do_not():
    """D-ITEM-6, D-MOVE-3, D-COMBAT-13: Warding Amulet +1 defence and Striders' Boots +1 speed while
    held; a Whetstone adds nothing permanent."""
    it = dungeon_pack().items
    held = [it["warding_amulet"], it["striders_boots"], it["whetstone"]]
    assert permanent_bonus(held, "defence") == 1 and permanent_bonus(held, "speed") == 1
    assert permanent_bonus([it["whetstone"]], "defence") == 0


def test_every_shipped_item_effect_is_known():
    """16.4: every item card's effect names a rule the item module resolves."""
    for item in dungeon_pack().items.values():
        assert effect_of(item)[0] in {k for k, _n in EFFECTS.values()}
    bad = dungeon_pack().items["whetstone"].model_copy(update={"effect": "teleport"})
    with pytest.raises(ValueError, match="whetstone.*teleport"):
        effect_of(bad)
