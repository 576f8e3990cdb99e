"""The read-only View used by the UI: answers without changing the state."""
from game.engine import new_game_events
from game.engine.query import View
from tests.kit import board, game, scenario

MAP = board("AAAAA", "AAAAA", "BBBBB", doors=[((0, 1), (0, 2))], start={1: (0, 0)}, place=[("exit", (4, 2))])


def test_view_target_reasons_name_the_rule():
    """R-RANGE-2, R-LOS-3, R-ATK-9: View.target_problem's codes, each with its rule (explain.RULE_OF); asking
    changes nothing."""
    from game.engine.explain import RULE_OF

    s = game(MAP)
    before = s.model_dump(mode="json")
    v = View(s)
    c = s.active_char
    gun = c.inventory[1][0]
    assert v.target_problem(c, gun, (2, 1)) is None
    code = v.target_problem(c, gun, (4, 0)).code
    assert code == "out_of_range" and RULE_OF[code] == "R-RANGE-2"
    assert RULE_OF[v.target_problem(c, gun, (1, 2)).code] == "R-LOS-3"
    s.cards[gun].ammo = 0
    assert View(s).target_problem(c, gun, (1, 0)).code == "empty"
    s.cards[gun].ammo = 6
    assert s.model_dump(mode="json") == before


def test_view_limits_edges_and_links():
    s = game(MAP)
    v = View(s)
    assert v.inventory_limit(s.active_char) == 6
    assert v.edge((0, 1), (0, 2)).value == "door_closed"
    assert v.linked_tiles("A") == set()
    assert v.reacting_tiles() == {"A"}


def test_new_game_events_include_setup_and_first_turn():
    s, ev = new_game_events(scenario(MAP), [("vera", 1)], 3)
    assert [e.kind for e in ev][:2] == ["setup", "turn"] and ev[0].rule == "R-SCEN-3"
