"""Previews (issue 12): the chance of each attack result and of an evade (DV-1 dice), what acting in
an enemy's square provokes (R-OOS-3, R-EVADE-2/3), the squares a weapon reaches (R-RANGE-2, R-LOS),
and which enemies would react to ending the phase, attacking or moving (R-REACT-1/4)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import legal_actions  # noqa: E402
from game.engine.defs import DV1_DICE  # noqa: E402
from game.engine.odds import best_face_odds as _best_face_odds, evade_chance as _evade_chance  # noqa: E402
from game.ui.previews import acting_here, attack_odds_text, reactions_if_phase_ends, weapon_reach  # noqa: E402
from tests.kit import board, game, with_enemy  # noqa: E402


def best_face_odds(dice):
    return _best_face_odds(DV1_DICE, dice)


def evade_chance(n, tier):
    return _evade_chance(DV1_DICE, n, tier)

ROOMS = board("AAAB", "AAAB", doors=[((2, 0), (3, 0))], start={1: (0, 0)}, place=[("exit", (3, 1))])


def handgun(s):
    return next(u for slot in s.active_char.inventory for u in slot if s.cards[u].defn == "handgun")


def test_DV_1_best_face_odds_of_blue_and_red_dice():
    o = best_face_odds(["blue"])
    assert o == pytest.approx({"BLANK": 2 / 6, "HIT": 2 / 6, "HIT_PLUS": 1 / 6, "CRIT": 1 / 6})
    o = best_face_odds(["red", "blue"])
    assert o["BLANK"] == pytest.approx(1 / 6 * 2 / 6)
    assert o["CRIT"] == pytest.approx(1 - (4 / 6) * (5 / 6))
    assert sum(o.values()) == pytest.approx(1)


def test_R_EVADE_2_evade_chance_by_difficulty():
    assert evade_chance(1, 1) == pytest.approx(4 / 6)
    assert evade_chance(2, 2) == pytest.approx(1 - (4 / 6) ** 2)
    assert evade_chance(3, 3) == pytest.approx(1 - (5 / 6) ** 3)


def test_attack_odds_in_the_attack_labels():
    s = game(ROOMS)
    z = with_enemy(s, "zombie", (2, 1))
    s.touch()
    a = next(a for a in legal_actions(s) if a.kind == "attack" and a.target == z.uid and a.item == handgun(s)
             and not a.n)
    assert attack_odds_text(s, a) == "miss 33% · hit 33% · hit+ 17% · critical 17%"
    rapid = next(x for x in legal_actions(s) if x.kind == "attack" and x.item == a.item and x.n == 1)
    assert attack_odds_text(s, rapid).startswith("miss 11%")


def test_R_OOS_3_acting_next_to_two_zombies_is_a_difficulty_2_evade():
    s = game(ROOMS)
    assert acting_here(s) is None
    with_enemy(s, "zombie", (0, 0))
    p = acting_here(s)
    assert p.tier == 1 and p.chance == pytest.approx(evade_chance(3, 1))  # Vera: 3 evade dice
    with_enemy(s, "zombie", (0, 0))
    assert acting_here(s).tier == 2  # R-EVADE-3: the other zombie raises it a step


def test_R_LOS_weapon_reach_stops_at_walls_and_range():
    s = game(ROOMS)
    reach = weapon_reach(s, handgun(s))
    assert (2, 1) in reach and (0, 0) in reach
    assert (3, 0) not in reach  # behind the closed door
    assert all(max(abs(x), abs(y)) <= 2 for x, y in reach)  # range 2 from (0, 0)


def test_R_REACT_4_who_attacks_and_who_moves_if_the_phase_ends():
    s = game(ROOMS)
    near = with_enemy(s, "zombie", (0, 0))  # range 0, same square: attacks
    far = with_enemy(s, "zombie", (2, 1))  # same tile, out of reach: moves
    other = with_enemy(s, "zombie", (3, 1))  # behind the closed door: does not react
    tiles, reacts = reactions_if_phase_ends(s)
    does = {r.uid: r.does for r in reacts}
    assert does == {near.uid: "attack", far.uid: "move"} and other.uid not in does
    assert tiles == {"A"}
