"""The typed payload of every action kind of the city, the manor and their campaigns (issue 23 item
4): each kind's fields, in the order records write them (the city's vocabulary order, so records and
saves read as before). ``Action(kind=..., ...)`` then refuses a field its kind does not have (an
attack with an edge, a move with a target) with a ValueError naming both, as a versus or dungeon
action's is. Kinds of other rule sets declare their own (``vs_*``, ``d*``, the toys' ``bid``/``flare``/
``step``); ``activate`` and ``pass`` keep the common vocabulary (toy rule sets use them freely).

Declared once here, where the core rule set registers itself (the campaign layer and the mansion
build on the core, so every rule set that uses these kinds has them)."""
from __future__ import annotations

from ..actions import ActionKind as K, action_payload

Sq = tuple  # a square (x, y)

# actions of the action phase (R-ACT-1) and the free actions (R-INV-3, R-HERB-3, R-TURN-5)
action_payload(K.MOVE, to=Sq)  # R-MOVE-1
action_payload(K.STAIRS, to=Sq)  # R-STAIR-2
action_payload(K.DOOR, edge=str)  # R-DOOR-1
action_payload(K.CLEAR, edge=str)  # R-BARR-1
action_payload(K.SEARCH, target=str)  # R-SEARCH-1: the token or the fallen survivor searched
action_payload(K.STASH, target=str)  # R-IBOX-1: the item box token
action_payload(K.TYPEWRITER, target=str)  # R-INK-4
action_payload(K.RIBBONS)  # R-EASY-6 hook
action_payload(K.TRADE, target=str)  # R-TRADE-1: with whom
action_payload(K.USE, target=str, item=str, item2=str)  # R-USE-1: on whom, the item, the weapon reloaded
action_payload(K.ATTACK, target=str, item=str, n=int)  # R-ATK-2: the enemy or barrel, the weapon, rapid-fire dice
action_payload(K.EXIT)  # R-SCEN-6
action_payload(K.SCENARIO, target=str)  # R-SCEN-4: the brief's action id
action_payload(K.BURN, to=Sq)  # M-KERO-3
action_payload(K.DISCARD, item=str)  # R-INV-3
action_payload(K.MIX, item=str, item2=str)  # R-HERB-3
action_payload(K.END_PHASE)  # R-TURN-5
# answers to decisions (R-DOC-5), the campaign's (R-END, R-CAMP, M-END) included
action_payload(K.PICK, target=str, item=str, n=int)  # a survivor, an enemy, a card; a seat or an option number
action_payload(K.PLACE, to=Sq, target=str)  # where, and which model
action_payload(K.PUSH, to=Sq, target=str)  # R-PUSH: where, and who is pushed
action_payload(K.REROLL, n=int)  # DV-8: which die
action_payload(K.DECLINE)
action_payload(K.KEEP, item=str)  # DV-8 Scavenger
action_payload(K.GIVE, target=str, item=str)  # to whom, which card
action_payload(K.TAKE, target=str, item=str)  # from whom, which card
action_payload(K.PUT, target=str, item=str)  # whose card goes into the item box
action_payload(K.DONE)
action_payload(K.AUTO)
action_payload(K.CHOOSE, target=str, item=str, n=int)  # a scenario (and the card it needs), or an option number
action_payload(K.ORDER, item=str)  # R-TENSION: the order chosen ("a,b,c" or "table")
# results entered at the table when an automation switch is off (issue 12)
action_payload(K.FACE, target=str, item=str, n=int)  # the die (colour or d6) and its face
action_payload(K.DRAW, target=str, item=str)  # the card named, and what it was drawn for
