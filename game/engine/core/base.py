"""Constants and small pure helpers of the core rule set."""
from __future__ import annotations

from typing import Any

from ..board import Sq, seg_enters_box
from ..defs import Face, ItemDef
from ..state import CardState

INF = float("inf")
FREE_ACTIONS = frozenset({"discard", "mix", "end_phase", "ribbons"})  # R-INV-3, R-HERB-3, R-TURN-5, R-INK-2: cost no action
SPACE_TOKENS = {"corpse": 1, "barrel": 1, "typewriter": 1, "item_box": 4}  # R-COMP-9
HEALTH_LABELS = {1: "Fine", 2: "Fine", 3: "Caution", 4: "Caution", 5: "Danger", 6: "Unconscious"}  # R-HEALTH-1


def T(v: Any) -> Sq:
    """A square from JSON data (lists become tuples)."""
    return (int(v[0]), int(v[1]))


def set_dial_if_new(d: ItemDef, card: CardState) -> None:
    """R-AMMO-1: a weapon entering an inventory without a dial gets a full one."""
    if d.weapon is not None and d.weapon.capacity is not None and card.ammo is None:
        card.ammo = d.weapon.capacity


def line_msg(ln: Any, attacks: dict | None = None) -> dict:
    """A behaviour-card line as a nested message (R-BOSS-12; :mod:`game.engine.messages`); an Attack
    line names the boss's attack by its content name (``attacks``: the boss's named attacks, DV-6,
    whose names carry their stable keys)."""
    if ln.kind == "MOVE":
        return {"t": "msg", "id": "boss.line.move", "params": {"who": {"t": "msg", "id": "boss.target." + ln.target},
                                                               "n": ln.max}}
    if ln.kind == "ATTACK":
        mid = "boss.line.attack" + ("_bonus" if ln.dmg_bonus else "") + ("_fresh" if ln.fresh_target else "")
        att = (attacks or {}).get(ln.attack)
        return {"t": "msg", "id": mid, "params": {"attack": {"t": "text", "v": att.name if att is not None else ln.attack},
                                                  "n": ln.dmg_bonus or 0}}
    return {"t": "msg", "id": "boss.line.special", "params": {"special": {"t": "text", "v": ln.special}}}


def passes_through(a: Sq, b: Sq, q: Sq) -> bool:
    """Does the centre-to-centre segment a-b enter the interior of square q?"""
    return seg_enters_box(2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1,
                          2 * q[0], 2 * q[1], 2 * q[0] + 2, 2 * q[1] + 2)


FACE_NAMES = {Face.BLANK: "blank", Face.HIT: "hit", Face.HIT_PLUS: "hit+", Face.CRIT: "critical"}


def count(n: int, one: str, many: str) -> str:
    """``n`` with the word in the right number for the log: ``count(1, "enemy", "enemies")``
    → ``'1 enemy'``, ``count(0, ...)`` → ``'0 enemies'``."""
    return f"{n} {one if n == 1 else many}"


def faces_text(faces: list[Face]) -> str:
    """Dice faces for the log: ``[hit, blank]``."""
    return "[" + ", ".join(FACE_NAMES[f] for f in faces) + "]"
