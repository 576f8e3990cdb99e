"""The invariant checker (game.engine.invariants, issue 13 deliverable 3): quiet on every state
the rules reach, and names the broken thing and its rule on each kind of impossible state."""
from __future__ import annotations

import pytest

from game.content.loader import load_content, load_scenario
from game.engine import apply, legal_actions, new_game
from game.engine.invariants import check_state, machine_kinds
from game.engine.state import CardState, EnemyState, Pending, TokenState
from tests.kit import board, game, with_enemy
from tests.test_rules_boss import boss, boss_game

B = board("AAB", "AAB", doors=[((1, 0), (2, 0))], place=[("exit", (2, 1))])


def fresh():
    return game(B, intro=False)


def only(s, words):
    probs = check_state(s)
    assert probs and words in probs[0], probs
    return probs


@pytest.mark.parametrize("sid", sorted(load_content().scenarios))
def test_every_shipped_scenario_starts_and_plays_without_a_broken_invariant(sid):
    scn = load_scenario(sid)
    s = new_game(scn, [("vera", 1), ("mateo", 2)] if len(scn.board.start) > 1 else [("vera", 1), ("mateo", 1)], 3)
    assert check_state(s) == []
    for i in range(40):
        if s.over:
            break
        legal = legal_actions(s)
        apply(s, legal[(i * 5) % len(legal)])
        assert check_state(s) == [], f"step {i + 1}"


def test_machine_kinds_are_read_from_the_engine():
    tasks, decisions = machine_kinds()
    assert {"turn_start", "tension_draw", "act"} <= tasks and {"trade", "overflow", "shove"} <= decisions


def test_R_ITEM_9_card_in_two_places_or_none_or_unknown():
    s = fresh()
    uid = s.piles["tension"][0]
    s.piles["tension_discard"].append(uid)
    only(s, f"card '{uid}' is in two places")
    s = fresh()
    uid = s.piles["tension"].pop()
    only(s, f"card '{uid}'")
    assert "in no pile" in check_state(s)[0] and "R-ITEM-9" in check_state(s)[0]
    s = fresh()
    s.piles["item_a"].append("ghost")
    only(s, "unknown card 'ghost'")


def test_R_ITEM_9_a_card_being_resolved_is_on_display_not_lost():
    """The tension/behaviour/narrative card being resolved is in no pile but named by a task
    still to run or the pending decision: that is not a lost card."""
    s = fresh()
    uid = s.piles["tension"].pop()
    s.queue.insert(0, {"t": "op", "op": {"op": "SUSTAIN", "n": 0, "enemies": [], "who": "active", "name": "Jammed"},
                       "card": uid})
    assert check_state(s) == []


def test_R_COMP_8_capacity_and_the_R_BOSS_5_shove_exception():
    s = boss_game()
    b = boss(s)  # large: 4 units
    c = s.char("vera")
    c.pos = b.pos
    probs = check_state(s)
    assert any("R-COMP-8" in p and f"{tuple(b.pos)}" in p for p in probs), probs
    s.queue.append({"t": "shove", "kind": "char", "id": "vera", "damage": 0})
    assert not any("R-COMP-8" in p for p in check_state(s))  # the displaced model waits to be shoved
    s2 = fresh()
    for _ in range(3):
        with_enemy(s2, "crawler", (0, 1))  # 6 units, no boss, no shove
    assert any("holds 6 units" in p for p in check_state(s2))


def test_models_and_tokens_must_stand_on_the_board():
    s = fresh()
    s.characters[0].pos = (7, 7)
    only(s, "(7, 7), which is not a square of the board")
    s = fresh()
    s.enemies.append(EnemyState(uid=s.new_uid("e"), type="zombie", pos=(-1, 0)))
    only(s, "(-1, 0)")
    s = fresh()
    s.tokens.append(TokenState(uid=s.new_uid("t"), kind="fire", pos=(0, 9)))
    only(s, "(0, 9)")
    s = fresh()
    s.edges["0,0|0,1"] = s.edges[next(iter(s.edges))]
    only(s, "edge 0,0|0,1 has no door")


def test_ids_must_be_known():
    s = fresh()
    s.enemies.append(EnemyState(uid=s.new_uid("e"), type="dragon", pos=(0, 0)))
    only(s, "unknown type 'dragon'")
    s = fresh()
    s.cards["X"] = CardState(uid="X", defn="bazooka", deck="A")
    s.piles["item_a"].append("X")
    only(s, "unknown design 'bazooka'")
    s = fresh()
    s.tokens.append(TokenState(uid=s.new_uid("t"), kind="portal", pos=(0, 0)))
    only(s, "unknown kind 'portal'")
    s = fresh()
    s.enemies.append(EnemyState(uid="e999", type="zombie", pos=(0, 0)))
    only(s, "'e999' was never handed out")


def test_values_in_range():
    cases = [
        (lambda s: setattr(s.characters[0], "health", 9), "R-HEALTH-3"),
        (lambda s: setattr(s.characters[0], "health", 0), "R-HEALTH-3"),
        (lambda s: setattr(s, "danger", 18), "R-DANGER-1"),
        (lambda s: setattr(s, "actions_left", 5), "R-TURN-4"),
        (lambda s: setattr(s.cards[s.characters[0].inventory[0][0]], "ammo", 99), "R-AMMO-1"),
    ]
    for change, rule in cases:
        s = fresh()
        change(s)
        assert any(rule in p for p in check_state(s)), (rule, check_state(s))
    s = fresh()
    e = with_enemy(s, "zombie", (0, 1))
    e.wounds = 50
    assert any("50 wounds" in p for p in check_state(s))
    s = fresh()
    s.characters[0].inventory = [[u] for u in s.piles["item_a"]] + s.characters[0].inventory
    s.piles["item_a"] = []
    assert any("R-INV-4" in p for p in check_state(s))
    s.pending = Pending(kind="overflow", seat=0, options=[legal_actions(fresh())[0]], ctx={"cid": "vera"})
    assert not any("R-INV-4" in p for p in check_state(s))  # the overflow dialog is deciding


def test_turn_and_pending_decision_consistent():
    s = fresh()
    s.active = 3
    only(s, "active seat 4 does not exist")
    s = fresh()
    s.pending = None
    only(s, "no decision is pending")
    s = fresh()
    s.pending = Pending(kind="teleport", seat=0, options=[])
    assert any("unknown kind 'teleport'" in p for p in check_state(s))
    s = fresh()
    s.pending = Pending(kind="overflow", seat=0, options=[], ctx={"cid": "vera"})
    assert any("lists no options" in p for p in check_state(s))
    s = fresh()
    s.pending = Pending(kind="trade", seat=0, options=legal_actions(s)[:1], ctx={"cid": "vera", "other": "zed"})
    assert any("other='zed'" in p for p in check_state(s))
    s = fresh()
    s.queue.append({"t": "spawn", "tile": "A", "types": ["zombie"], "ref": [40, 40]})
    assert any("ref=[40, 40]" in p for p in check_state(s))


def test_check_state_never_raises_on_a_malformed_state():
    s = fresh()
    s.piles["tension"] = None  # type: ignore[assignment]
    probs = check_state(s)
    assert probs and "cannot be checked" in " ".join(probs)
    s = fresh()
    s._scn = None
    assert check_state(s) == ["the state has no scenario attached (state.attach(scenario))"]
