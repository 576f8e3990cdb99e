"""Why-not codes on View (issue 12 engine wish): ``View.target_problem`` says why an attack is not
allowed as a code plus data (no English in the engine), so the UI words it in any language
(``whynot.target_why``: the same sentences as before)."""
from __future__ import annotations

from game.engine.explain import RULE_OF
from game.engine.query import View
from game.ui.whynot import TARGET_WORDS, target_why
from tests.kit import board, game, with_enemy


def _vera_with_handgun(walls=()):
    s = game(board("AAAAAAAA", "AAAAAAAA", walls=walls, start={1: (0, 0)}))
    c = s.active_char
    gun = next(u for slot in c.inventory for u in slot if s.cards[u].defn == "handgun")
    return s, c, gun


def test_R_RANGE_2_out_of_range_code_carries_distance_and_reach():
    s, c, gun = _vera_with_handgun()
    e = with_enemy(s, "zombie", (7, 0))
    s.touch()
    q = View(s)
    code, data = q.target_problem(c, gun, tuple(e.pos))
    w = q.item(gun).weapon
    assert code == "out_of_range" and data["distance"] == 7 and data["range"] == w.range
    assert target_why(q, c, gun, tuple(e.pos))[1] == \
        f"out of range: 7 squares, the {q.item(gun).name} reaches {w.range}"  # (R-RANGE-2: a typed tag, issue 23)


def test_R_LOS_3_no_line_of_sight_code():
    """The rules reference's line-of-sight board: a wall between Vera and (3, 1), two squares away."""
    s = game(board("AAAAA", "AAAAA", "AAAAA", start={1: (1, 1)},
                   walls=[((2, 0), (2, 1)), ((2, 1), (3, 1)), ((2, 2), (3, 2))]))
    c = s.active_char
    gun = next(u for slot in c.inventory for u in slot if s.cards[u].defn == "handgun")
    with_enemy(s, "zombie", (3, 1))
    s.touch()
    q = View(s)
    assert not q.los((1, 1), (3, 1)) and q.geometry.dR((1, 1), (3, 1)) <= q.item(gun).weapon.range
    assert q.target_problem(c, gun, (3, 1)) == ("no_los", {})
    assert target_why(q, c, gun, (3, 1)) == ("no_los", "no line of sight")
    assert q.target_problem(c, gun, (2, 1)) is None  # in the open: allowed


def test_R_ATK_9_empty_weapon_code_and_every_code_has_a_sentence():
    s, c, gun = _vera_with_handgun()
    with_enemy(s, "zombie", (1, 0))
    s.cards[gun].ammo = 0
    s.touch()
    q = View(s)
    assert q.target_problem(c, gun, (1, 0)) == ("empty", {"weapon": q.item(gun).name})
    target_codes = {"not_weapon", "empty", "off_board", "boss_tile", "other_floor", "too_close", "out_of_range", "no_los"}
    assert target_codes <= set(RULE_OF) and set(TARGET_WORDS) == target_codes  # the UI words every code
