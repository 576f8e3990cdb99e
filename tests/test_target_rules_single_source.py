"""Issue 23 item 2: one source for who may be attacked. The legal attacks
(``combat.attack_options``, through ``legal_actions``) and the rule set's explanation
(``explain.TARGET_CHECKS``, through ``View.target_problem``) both ask ``game.engine.core.targets``;
each test puts a target just inside and just outside one rule and checks that both answers say the
same, and what the rule says. Two used to differ: R-BOSS-9 (the legal attacks took any enemy whose
card says boss, the explanation only the scenario's registered boss) and R-ATK-9 (a dialled weapon
with no dial set: the legal attacks let it fire, the explanation called it empty)."""
from __future__ import annotations

from game.engine import legal_actions
from game.engine.query import View
from tests.kit import board, game, tok, with_enemy


def _vera(rows=("AAAABBBB",), **kw):
    s = game(board(*rows, start={1: (0, 0)}, **kw))
    c = s.active_char
    gun = next(u for slot in c.inventory for u in slot if s.cards[u].defn == "handgun")
    return s, c, gun


def _answers(s, c, gun, e) -> tuple[bool, str | None]:
    """(is an attack on enemy ``e`` with ``gun`` legal, the explanation's code or None)."""
    s.touch()
    legal = any(a.kind == "attack" and a.target == e.uid and a.item == gun for a in legal_actions(s))
    why = View(s).target_problem(c, gun, tuple(e.pos))
    return legal, (why[0] if why else None)


def _agree(s, c, gun, e) -> str | None:
    legal, why = _answers(s, c, gun, e)
    assert legal == (why is None), f"legal attacks say {legal}, the explanation says {why}"
    return why


def test_R_BOSS_9_a_boss_on_another_tile_is_refused_by_both_even_if_not_the_registered_boss():
    """A Burrower (its card says boss) beside Vera across an archway, on another tile, and not the
    scenario's registered boss (``core.boss`` unset): both refuse (``boss_tile``). The explanation used
    to allow it. On Vera's own tile both allow it."""
    s, c, gun = _vera(arches=[((3, 0), (4, 0))])
    c.pos = (3, 0)
    e = with_enemy(s, "burrower", (4, 0))
    assert not s.core.boss
    assert _agree(s, c, gun, e) == "boss_tile"
    e.pos = (2, 0)  # on Vera's tile
    assert _agree(s, c, gun, e) is None
    z = with_enemy(s, "zombie", (4, 0))  # not a boss: across the archway is fine
    assert _agree(s, c, gun, z) is None


def test_R_ATK_9_a_weapon_without_ammo_is_refused_by_both():
    """A handgun whose dial shows 0, and one whose dial was never set: both refuse (``empty``); the
    legal attacks used to let the undialled one fire. With 1 round both allow."""
    s, c, gun = _vera()
    e = with_enemy(s, "zombie", (1, 0))
    s.cards[gun].ammo = 0
    assert _agree(s, c, gun, e) == "empty"
    s.cards[gun].ammo = None
    assert _agree(s, c, gun, e) == "empty"
    s.cards[gun].ammo = 1
    assert _agree(s, c, gun, e) is None


def test_R_COMP_13_no_attack_across_regions_for_both():
    """The same two squares, one apart: on one floor both allow; with the second tile on another
    region (floor) both refuse (``other_floor``)."""
    s, c, gun = _vera(arches=[((3, 0), (4, 0))])
    c.pos = (3, 0)
    e = with_enemy(s, "zombie", (4, 0))
    assert _agree(s, c, gun, e) is None
    s2, c2, gun2 = _vera(arches=[((3, 0), (4, 0))], region={"B": 1})
    c2.pos = (3, 0)
    e2 = with_enemy(s2, "zombie", (4, 0))
    assert _agree(s2, c2, gun2, e2) == "other_floor"


def test_R_RANGE_2_at_the_weapon_s_range_both_allow_one_beyond_both_refuse():
    s, c, gun = _vera(("AAAAAAAA",))
    reach = View(s).item(gun).weapon.range
    e = with_enemy(s, "zombie", (reach, 0))
    assert _agree(s, c, gun, e) is None
    e.pos = (reach + 1, 0)
    assert _agree(s, c, gun, e) == "out_of_range"


def test_R_LOS_3_a_wall_or_a_fire_between_is_refused_by_both():
    """Two squares away in the open both allow; a wall across the line, or fire on the square between
    (R-FIRE-1: fire blocks line of sight), and both refuse (``no_los``)."""
    s, c, gun = _vera(("AAAA",))
    e = with_enemy(s, "zombie", (2, 0))
    assert _agree(s, c, gun, e) is None
    tok(s, "fire", (1, 0))
    assert _agree(s, c, gun, e) == "no_los"
    s2, c2, gun2 = _vera(("AAAA",), walls=[((1, 0), (2, 0))])
    e2 = with_enemy(s2, "zombie", (2, 0))
    assert _agree(s2, c2, gun2, e2) == "no_los"
