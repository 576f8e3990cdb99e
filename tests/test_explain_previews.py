"""Previews the engine answers (issue 23 item 2): who attacks first when acting in an enemy's square
and at what evade difficulty (R-OOS-3, R-EVADE-2..7, DV-8 Steel Nerves), a weapon's reach (R-RANGE-2,
R-LOS-3), and who reacts to the end of the action phase and why (R-REACT-1/3/4). The figures are the
ones the rules then use: the preview's difficulty is the difficulty of the evade roll that follows."""
from __future__ import annotations

from game.engine import legal_actions
from game.engine.query import View
from tests.kit import act, board, game, settle, with_enemy

ROOMS = board("AAAB", "AAAB", doors=[((2, 0), (3, 0))], start={1: (0, 0)}, place=[("exit", (3, 1))])


def test_R_EVADE_5_an_enemy_next_door_that_could_attack_raises_the_previewed_difficulty():
    """A zombie shares Vera's square and a zombie dog (Snap, range 1) stands next to it: acting there
    provokes the zombie with difficulty 2 (small base 1, +1 for the dog, R-EVADE-5). The old UI
    preview counted only the enemies in the square and said 1; the evade roll that follows says 2."""
    s = game(ROOMS)
    z = with_enemy(s, "zombie", (0, 0))
    with_enemy(s, "zombie_dog", (1, 0))
    s.touch()
    p = View(s).provoked_attack()
    assert (p.enemy, p.tier, p.base, p.extra, p.steel_nerves) == (z.uid, 2, 1, 1, False)
    assert round(p.chance, 4) == round(View(s).evade_odds(3, 2), 4)  # Vera's 3 blue dice
    evs = act(s, "move", to=(0, 1))
    evs += settle(s)
    evade = next(e for e in evs if e.kind == "evade")
    assert evade.data["enemy"] == z.uid and evade.data["tier"] == p.tier


def test_DV_8_Steel_Nerves_previews_no_extra_enemy():
    s = game(ROOMS, party=(("anton", 1),))
    with_enemy(s, "zombie", (0, 0))
    with_enemy(s, "zombie", (0, 0))
    s.touch()
    p = View(s).provoked_attack()
    assert (p.tier, p.extra, p.steel_nerves) == (1, 0, True)
    s2 = game(ROOMS)
    with_enemy(s2, "zombie", (0, 0))
    with_enemy(s2, "zombie", (0, 0))
    s2.touch()
    assert View(s2).provoked_attack().tier == 2  # R-EVADE-3: without Steel Nerves the second zombie counts


def test_R_EVADE_6_a_boss_attack_uses_its_listed_difficulty():
    s = game(board("AAAA", "AAAA", start={1: (0, 0)}))
    b = with_enemy(s, "burrower", (2, 1))
    s.touch()
    q = View(s)
    assert q.evade_tier(b, "Thrash") == 1 and q.evade_tier(b, "Lunge") == 2 and q.evade_tier(b, "Lunge", extra=2) == 2


def test_R_RANGE_2_weapon_reach_agrees_with_target_problem():
    s = game(ROOMS)
    c = s.active_char
    q = View(s)
    gun = next(u for slot in c.inventory for u in slot if s.cards[u].defn == "handgun")
    reach = q.weapon_reach(c, gun)
    assert reach == {sq for sq in ROOMS.square_tile if q.target_problem(c, gun, sq) is None}
    assert (3, 0) not in reach  # behind the closed door (R-LOS-3)


def test_R_REACT_3_a_relentless_enemy_off_the_tiles_reacts_and_says_why():
    s = game(ROOMS)
    near = with_enemy(s, "zombie", (0, 0))
    behind = with_enemy(s, "zombie", (3, 0))  # tile B, behind the closed door: does not react
    st = with_enemy(s, "stalker_one_low", (3, 1))  # relentless: reacts from anywhere (R-REACT-3)
    s.touch()
    tiles, reacts = View(s).reactions_if_phase_ends()
    by = {r.uid: r for r in reacts}
    assert tiles == {"A"} and behind.uid not in by
    assert (by[near.uid].does, by[near.uid].why, by[near.uid].targets) == ("attack", "tile", ("vera",))
    assert (by[st.uid].does, by[st.uid].why) == ("move", "relentless")
    assert all(r.profile == "basic" for r in reacts)  # the Introduction ignores symbols


def test_R_REACT_4_the_preview_matches_the_reaction_phase():
    """What the preview says each enemy does is what the reaction phase then does."""
    s = game(ROOMS)
    dog = with_enemy(s, "zombie_dog", (1, 1))  # Snap, range 1: Vera is in reach
    far = with_enemy(s, "zombie", (2, 1))  # Grab, range 0: nobody in reach
    s.touch()
    _, reacts = View(s).reactions_if_phase_ends()
    assert {r.uid: r.does for r in reacts} == {dog.uid: "attack", far.uid: "move"}
    evs = act(s, "end_phase")
    evs += settle(s)
    attackers = {e.data.get("enemy") for e in evs if e.kind in ("evade", "enemy_attack")}
    movers = {e.data.get("enemy") for e in evs if e.kind == "enemy_move"}
    assert dog.uid in attackers and far.uid in movers and far.uid not in attackers
