"""Easy, solo and standalone details and the design tables they use (core.md §21, DV-12, DV-18, DV-21)."""
from game.engine import legal_actions, new_game
from tests.kit import act, board, card, content, game, kinds, legal, rules, scenario, tok

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


# ---- R-EASY-6: the brief hook ribbon_exchange{max_cards, min_cards}
def _ribbon_game(easy: bool):
    s = game(MAP, intro=False, easy=easy, tension_reshuffle=False, ribbon_exchange={"max_cards": 3, "min_cards": 1})
    # five cards already drawn and discarded, one ink ribbon left
    s.piles["tension_discard"], s.piles["tension"] = s.piles["tension"][:5], s.piles["tension"][5:]
    s.ink_ribbons = 1
    s.touch()
    return s


def test_R_EASY_6_easy_mode_always_adds_the_largest_number_of_cards():
    """R-EASY-6: in easy mode one ink ribbon always buys back max_cards tension cards, with no choice."""
    s = _ribbon_game(easy=True)
    draw, disc = len(s.piles["tension"]), len(s.piles["tension_discard"])
    ev = act(s, "ribbons")
    assert s.pending.kind == "act"  # nothing to decide: the largest number is taken at once
    assert len(s.piles["tension"]) == draw + 3 and len(s.piles["tension_discard"]) == disc - 3
    assert s.ink_ribbons == 0 and s.actions_left == 4  # the ribbon is spent; no action is
    assert [e.data for e in ev if e.kind == "ribbon_exchange"] == [{"ribbons": 0, "cards": 3, "pile": draw + 3}]
    assert "ribbons" not in kinds(s)  # no ribbon left


def test_R_EASY_6_outside_easy_mode_the_players_choose_min_to_max():
    """R-EASY-6 [design]: outside easy mode the players pick any number in min_cards..max_cards."""
    s = _ribbon_game(easy=False)
    draw = len(s.piles["tension"])
    act(s, "ribbons")
    assert s.pending.kind == "ribbon_cards"
    assert sorted(a.n for a in legal(s)) == [1, 2, 3]
    act(s, "pick", n=2)
    assert len(s.piles["tension"]) == draw + 2 and s.ink_ribbons == 0 and s.pending.kind == "act"


def test_R_EASY_6_no_exchange_without_the_brief_hook_or_a_discard_pile():
    """R-EASY-6: only a brief with ribbon_exchange offers it; the cards come from the discard pile."""
    s = game(MAP, intro=False, easy=True)
    s.ink_ribbons = 1
    s.piles["tension_discard"], s.piles["tension"] = s.piles["tension"][:5], s.piles["tension"][5:]
    assert "ribbons" not in kinds(s)
    s = _ribbon_game(easy=True)
    s.piles["tension"] += s.piles["tension_discard"]
    s.piles["tension_discard"] = []
    assert "ribbons" not in kinds(s)


def test_R_EASY_6_brief_field_is_checked_at_load(tmp_path):
    """R-EASY-6 brief hook: a ribbon_exchange with min_cards above max_cards is refused at load,
    naming the brief's file and the field."""
    import shutil

    import pytest

    from game.content.errors import ContentError
    from game.content.loader import SCENARIOS, load_content

    sd = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, sd)
    brief = sd / "outskirts.yaml"
    brief.write_text(brief.read_text() + "\nribbon_exchange: {max_cards: 2, min_cards: 3}\n")
    with pytest.raises(ContentError) as ex:
        load_content(scen_dir=sd)
    msg = str(ex.value)
    assert "outskirts.yaml" in msg and "ribbon_exchange" in msg and "min_cards" in msg
    brief.write_text(brief.read_text().replace("min_cards: 3", "min_cards: 1"))
    assert load_content(scen_dir=sd).scenarios["outskirts"].ribbon_exchange.max_cards == 2
