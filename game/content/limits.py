"""Ranges the rules make sense of, for every number in content files (issue 16 item 10).

The pydantic models (game/engine/defs.py) check shapes and a few bounds; these tables add the
range each number may take so that a value the schema accepts but the engine cannot handle (an
enemy Move of a billion, SPAWN of a billion, a deck count of a hundred million) is refused at load
with the file, the card id and the line. Ranges are generous: well past any printed card, short of
anything that could hang a game.

``FIELD_RANGES``: model class name -> field -> (lowest, highest, why).
``OP_N_RANGES``: effect keyword -> range of its ``n`` (R-TENSION-12); others use ``OP_N_DEFAULT``.
``LIST_LIMITS``: model class name -> list field -> most entries.
``COUNT_RANGE``: every "card id -> copies" table (deck compositions, escalation packets).
"""
from __future__ import annotations

FIELD_RANGES: dict[str, dict[str, tuple[int, int, str]]] = {
    "EnemyDef": {"threat": (1, 10, "R-ENEMY-1"), "move": (0, 12, "R-EMOVE-1"), "hp": (1, 99, "R-ENEMY-3"),
                 "models": (1, 40, "R-COMP-15"), "solo_hp": (1, 99, "R-SOLO-5"), "enrage_at": (1, 99, "DV-6"),
                 "solo_enrage_at": (1, 99, "DV-6")},
    "AttackDef": {"range": (0, 24, "R-EATK-1"), "damage": (0, 6, "R-HEALTH-3")},
    "CharacterDef": {},
    "WeaponDef": {"capacity": (1, 30, "R-AMMO-1"), "range": (0, 48, "R-RANGE-1"), "min_range": (0, 48, "R-RANGE-1"),
                  "count": (1, 3, "R-WPN-1")},
    "EffectRow": {"damage": (0, 20, "R-ATK-4")},
    "ItemDef": {"reload": (0, 30, "DV-10"), "heal": (0, 6, "R-HEALTH-3"), "limit_bonus": (0, 2, "DV-12")},
    "BehaviourCardDef": {"copies": (1, 9, "R-BOSS-11")},
    "BehaviourLine": {"max": (0, 12, "R-BOSS-12"), "dmg_bonus": (0, 6, "R-BOSS-12")},
    "ScenarioDef": {"tier": (0, 9, "R-STAND-3"), "max_turns_hint": (0, 999, "R-SCEN-2"),
                    "danger_start": (0, 17, "R-DANGER-1")},
}
OP_N_RANGES: dict[str, tuple[int, int]] = {
    "SPAWN": (0, 8), "SPAWN_LINKED": (0, 8), "DANGER": (-17, 17), "RECOVER": (0, 99), "DRAW_A": (0, 5),
    "PEEK_TENSION": (0, 10), "FIRE": (0, 8), "RISE": (0, 8),
}
OP_N_DEFAULT = (0, 10)
LIST_LIMITS: dict[str, dict[str, int]] = {
    "Op": {"enemies": 12},
    "ScenarioDef": {"item_a": 200, "item_b": 200, "item_c": 60, "rare_item_a": 60, "tension": 200},
    "TensionCardDef": {"symbols": 24, "effect": 12, "high": 12, "extreme": 12},
    "BehaviourCardDef": {"lines": 12},
    "CharacterDef": {"starting_items": 12},
    "NarrativeCardDef": {"options": 6, "effect": 12},
}
COUNT_RANGE = (0, 40)  # copies of one card in a deck composition (DV-13, DV-16)
COUNT_TABLES: dict[str, tuple[str, ...]] = {"DecksDef": ("item_a", "item_a_rare", "item_b_pool", "tension_base"),
                                            "PacketDef": ("add",)}
ENCOUNTER_FACES = 6  # DV-15: an encounter table has one row per face of the die
