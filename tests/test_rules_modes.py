"""Easy, solo and standalone details and the design tables they use (core.md §21, DV-12, DV-18, DV-21)."""
from game.engine import legal_actions, new_game
from tests.kit import act, board, card, content, game, legal, rules, scenario, tok

MAP = board("AAAA", "AAAA", start={1: (0, 0), 2: (3, 1)}, place=[("exit", (3, 0))])


def test_R_EASY_2_typewriter_stays_in_easy_mode():
    s = game(MAP, intro=False, easy=True)
    tw = tok(s, "typewriter", (1, 0))
    act(s, "typewriter", target=tw.uid)
    assert s.token(tw.uid) is not None


def test_R_SOLO_3_item_box_holds_24_in_solo():
    assert rules(game(MAP, intro=False)).box_limit() == 24
    assert rules(game(MAP, intro=False, party=(("vera", 1), ("mateo", 2)))).box_limit() == 8


def test_R_SOLO_4_solo_starts_on_position_one():
    s = new_game(scenario(MAP, intro=False), [("vera", 2)], 1)
    assert s.active_char.pos == (0, 0)


def test_R_STAND_3_and_DV_21_standalone_gear_dealt_by_the_players():
    s = game(MAP, intro=False, standalone_gear=True, tier=2, party=(("vera", 1), ("mateo", 2)))
    assert s.pending.kind == "gear"
    dealt = []
    while s.pending.kind == "gear":
        a = legal(s)[0]
        dealt.append(s.cards[a.item].defn)
        act(s, "give", item=a.item, target=a.target)
    assert sorted(dealt) == ["assault_rifle", "shotgun", "shotgun"]
    weapons = [s.cards[u] for c in s.characters for sl in c.inventory for u in sl if s.cards[u].defn == "shotgun"]
    assert weapons and all(w.ammo == 4 for w in weapons)  # full dials
    assert content().decks.standalone_gear[4] == ["shotgun", "ranger_custom", "assault_rifle", "grenade_launcher",
                                                  "grenade_launcher", "magnum"]


def test_DV_18_simple_lock_cards():
    assert rules(game(MAP)).simple_locks() == {"storeroom", "locker_room"}
    keys = {i.id: i.key_for for i in content().items.values() if i.key_for}
    assert keys["office_key"] == ["office"] and keys["security_card"] == ["security"]


def test_DV_12_hip_pouch_raises_the_limit_and_leaves_the_game():
    s = game(MAP, intro=False)
    c = s.active_char
    c.inventory.append([card(s, "P", "hip_pouch")])
    act(s, "use", item="P")
    assert rules(s).limit(c) == 7 and "P" in s.piles["removed"]
