"""The dungeon bot (game.ai.dungeon_bot; issue 26 item 5) plays its heroes' minor actions through the
public API: abilities (16.3: Battle Surge, Fleetfoot, Mending Rite, Chain Spark), the market
(D-ITEM-1) and held items (16.4), besides attacks and moves; it never chooses an illegal action
(``play`` raises if it does)."""
from __future__ import annotations

from collections import Counter

from game.ai.dungeon_bot import DungeonBot, party, play
from game.content.dungeon_pack import dungeon_scenario
from game.engine.query import View
from tests.dungeon_kit import enemy, hero, position


def _kinds(games: int, players: int, scenario: str) -> Counter:
    scn = dungeon_scenario(scenario)
    seen: Counter = Counter()
    for seed in range(games):
        s = play(scn, party(players), seed)
        assert View(s).result is not None, f"seed {seed}: unfinished"
        seen.update(a["kind"] for a in s.record)
    return seen


def test_D_ACT_3_the_bot_uses_abilities_the_market_and_items_in_whole_games():
    """D-ACT-3/5, D-ITEM-1, 16.3/16.4: over a few four-hero games of the Ember Foundry the bot's
    record holds abilities (dsurge, dfleet, dmend), purchases (dbuy) and items used (duse)."""
    seen = _kinds(5, 4, "ember_foundry")
    for kind in ("dsurge", "dfleet", "dmend", "dbuy", "duse", "dattack", "dmove"):
        assert seen[kind] > 0, (kind, seen)


def test_D_ACT_3_chain_spark_at_two_enemies_before_anything_else():
    """16.3 Chain Spark (D-FAQ-2): a hero with the energy and two enemies at ranged range in sight
    sparks both (a free minor action) before its actions."""
    s = position(heroes=[hero("corvin", (2, 2), "oathguard", "chain_spark", energy=6)],
                 enemies=[enemy("green", 1, (0, 2)), enemy("green", 3, (4, 2))])
    a = DungeonBot(0).choose(s)
    assert a.kind == "dspark" and {a.target, a.target2} == {e.uid for e in s.dungeon.enemies}, a


def test_D_ACT_3_mending_rite_on_the_most_hurt_neighbour():
    """16.3 Mending Rite: the bot mends the orthogonally adjacent hero that lost the most life."""
    s = position(heroes=[hero("ysolde", (2, 3), "ember_rod", "mending_rite", energy=3, life=6),
                         hero("brannoc", (1, 3), "warbrand", "battle_surge", life=3)])
    a = DungeonBot(0).choose(s)
    assert a.kind == "dmend" and a.other == 1, a


def test_D_ITEM_1_the_bot_buys_what_it_wants_most_with_its_own_treasure():
    """D-ITEM-1/4: with treasure for it, the bot buys the market card it ranks highest (a Warding
    Amulet before a Whetstone), paid from its own treasure."""
    s = position(heroes=[hero("brannoc", (2, 3), "warbrand", "battle_surge", treasure=7)])
    d = s.dungeon
    whet, amulet = "i1-whetstone", "i1-warding_amulet"
    d.item_defs.update({whet: "whetstone", amulet: "warding_amulet"})
    d.market = [whet, amulet]
    s.touch()
    a = DungeonBot(0).choose(s)
    assert a.kind == "dbuy" and a.item == amulet, a
