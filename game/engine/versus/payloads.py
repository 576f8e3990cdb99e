"""Versus's decisions and typed action payloads (issue 23 item 4): the action kinds the rule set
offers and the fields each carries (rules/versus.md; every module of the rule set imports them
from here, and :mod:`.rules` re-exports them)."""
from __future__ import annotations

from ..actions import action_payload


# typed action payloads (issue 23 item 4)
DEPLOY, FACE, ACTIVATE, PASS = "vs_deploy", "vs_face", "vs_activate", "vs_pass"
SEC_MOVE, STRIKE, STEP, TURN, DOOR = "vs_move", "vs_strike", "vs_step", "vs_turn", "vs_door"
PICKUP, GIVE, STITCH, END = "vs_pickup", "vs_give", "vs_stitch", "vs_end"
DECLARE, BID, DUEL_ACT, SHIFT_DONE, TAKE = "vs_declare", "vs_bid", "vs_duel_act", "vs_shift_done", "vs_take"
action_payload(DEPLOY, seat=int, order=str)  # V-SETUP-3: characters in start-square order, "a,b,c"
action_payload(FACE, seat=int, cid=str, facing=str)  # V-SETUP-3 (4)
action_payload(ACTIVATE, cid=str, tiles=str)  # V-ORDER-3: "OT-1" or "OT-1+OT-3"
action_payload(PASS)  # V-ROUND-4
action_payload(SEC_MOVE, tile=str, sec=int, cp=int)  # V-MOVE-1
action_payload(STRIKE, tile=str, sec=int, cp=int, target=str)  # V-CC-2 steps 1-3 in one action
action_payload(STEP, to=tuple)  # V-MOVE-2
action_payload(TURN, facing=str)  # V-FACE-1
action_payload(DOOR, door=str, open=bool)  # V-DOOR-5/7
action_payload(PICKUP, item=str)  # V-CARD-3
action_payload(GIVE, item=str, cid=str)  # V-CARD-4
action_payload(STITCH, cid=str)  # 20.4 Stitch
action_payload(END, facing=str)  # V-ORDER-8 with V-FACE-2's facing
action_payload(DECLARE, seat=int, cid=str)  # V-DUEL-1/5
action_payload(BID, seat=int, cp=int)  # V-DUEL-6/8
action_payload(DUEL_ACT, what=str, facing=str)  # V-DUEL-8: strike, turn (with facing), shift
action_payload(SHIFT_DONE)
action_payload(TAKE, take=bool)  # V-CARD-5

DUEL_WINDOW = "duel"
SHIFT_KINDS = (STEP, TURN, DOOR, PICKUP, GIVE)

__all__ = ["ACTIVATE", "BID", "DECLARE", "DEPLOY", "DOOR", "DUEL_ACT", "DUEL_WINDOW", "END", "FACE", "GIVE", "PASS",
           "PICKUP", "SEC_MOVE", "SHIFT_DONE", "SHIFT_KINDS", "STEP", "STITCH", "STRIKE", "TAKE", "TURN"]
