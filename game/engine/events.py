"""Typed event payloads: every event kind the core rule set emits and the data it carries.

``Event.data`` is a plain dict (it crosses into the UI, saves of the log, replays); this module
is its contract: :class:`EventKind` names every kind, and one ``TypedDict`` per kind gives the
keys and their types (squares are ``[x, y]`` lists, ids are strings). The UI reads payloads by
these names; :func:`payload_problems` checks an event against its type (used by the tests over
whole games, so a rule that emits a new key or kind must declare it here).
"""

import typing
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

Square = list[int]  # [x, y]


class EventKind(StrEnum):
    """Every kind of :class:`~game.engine.actions.Event` (``impossible``: an illegal action)."""

    IMPOSSIBLE = "impossible"
    SETUP = "setup"
    TURN = "turn"
    PHASE = "phase"
    SHAKEN = "shaken"
    FORFEIT = "forfeit"
    END_PHASE = "end_phase"
    ACTION_FAILED = "action_failed"
    MOVE = "move"
    DOOR = "door"
    BARRICADE = "barricade"
    EXIT = "exit"
    EXPLORE = "explore"
    SEARCH = "search"
    TAKE = "take"
    STASH = "stash"
    STASH_ITEM = "stash_item"
    DISCARD = "discard"
    MIX = "mix"
    DRAW = "draw"
    GEAR = "gear"
    TRADE = "trade"
    TRADE_ITEM = "trade_item"
    TRADE_DONE = "trade_done"
    TYPEWRITER = "typewriter"
    RIBBON_EXCHANGE = "ribbon_exchange"
    USE = "use"
    RELOAD = "reload"
    CURE = "cure"
    REVIVE = "revive"
    RECOVER = "recover"
    ATTACK = "attack"
    EXPLOSION = "explosion"
    SPECIAL = "special"
    WOUNDED = "wounded"
    KILLED = "killed"
    ENRAGE = "enrage"
    PUSH = "push"
    OOS = "oos"
    ENEMY_ATTACK = "enemy_attack"
    EVADE = "evade"
    REROLL = "reroll"
    DAMAGE = "damage"
    POISON = "poison"
    STUN = "stun"
    UNCONSCIOUS = "unconscious"
    DEATH = "death"
    REACT_GROUP = "react_group"
    ENEMY_MOVE = "enemy_move"
    ENEMY_IDLE = "enemy_idle"
    TENSION = "tension"
    TENSION_STOP = "tension_stop"
    UNRESOLVABLE = "unresolvable"
    RESHUFFLE = "reshuffle"
    STIR = "stir"
    LUNGE = "lunge"
    DANGER = "danger"
    FIRE = "fire"
    CORPSE = "corpse"
    CORPSE_MOVED = "corpse_moved"
    SUSTAIN = "sustain"
    SUSTAIN_END = "sustain_end"
    PEEK = "peek"
    SPAWN = "spawn"
    SPAWN_SKIP = "spawn_skip"
    NARRATIVE = "narrative"
    NARRATIVE_RESULT = "narrative_result"
    STALKER = "stalker"
    BEHAVIOUR = "behaviour"
    BEHAVIOUR_END = "behaviour_end"
    BOSS_LINE = "boss_line"
    BOSS_IDLE = "boss_idle"
    BOSS_SPECIAL = "boss_special"
    SHOVE = "shove"
    RESULT = "result"
    SCENARIO_ACTION = "scenario_action"
    MARKER = "marker"
    EXTINGUISH = "extinguish"
    PROGRESSION = "progression"
    DISCARD_TOKENS = "discard_tokens"
    # the mansion rule set (rules/mansion.md)
    ENCOUNTER = "encounter"
    KEROSENE = "kerosene"
    BURN = "burn"
    RESCUE = "rescue"
    RESERVE_WOUNDS = "reserve_wounds"
    RESERVE_KILLED = "reserve_killed"
    MISSION = "mission"
    MISSION_DRAW = "mission_draw"


class Empty(TypedDict):
    pass


class ImpossiblePayload(TypedDict):
    action: NotRequired[dict]


class SetupPayload(TypedDict):
    scenario: str


class TurnPayload(TypedDict):
    seat: int
    char: NotRequired[str]
    turn: NotRequired[int]


class PhasePayload(TypedDict):
    reacting: list[str]  # enemy uids fixed at the start of the reaction phase (R-REACT-3)
    symbol: str | None


class MovePayload(TypedDict):
    char: str
    frm: Square
    to: Square


class EdgePayload(TypedDict):
    edge: str  # "x1,y1|x2,y2"


class DoorPayload(TypedDict):
    edge: str
    open: bool


class CharPayload(TypedDict):
    char: str


class ExplorePayload(TypedDict):
    tile: str
    roll: int
    spawn: list[str]
    hazard: bool


class SearchPayload(TypedDict):
    char: NotRequired[str]
    card: NotRequired[str]
    item: NotRequired[str]
    cards: NotRequired[list[str]]


class ItemPayload(TypedDict):
    item: str


class DiscardPayload(TypedDict):
    char: NotRequired[str]
    item: NotRequired[str]


class TradePayload(TypedDict):
    char: str
    other: str


class TypewriterPayload(TypedDict):
    ribbons: int


class RibbonExchangePayload(TypedDict):
    ribbons: int  # ink ribbons left
    cards: int  # tension cards put back into the draw pile (R-EASY-6 hook)
    pile: int  # the draw pile's size after


class UsePayload(TypedDict):
    herbs: NotRequired[list]


class ReloadPayload(TypedDict):
    weapon: NotRequired[str]
    ammo: NotRequired[int | None]


class HealthPayload(TypedDict):
    char: str
    health: int


class AttackPayload(TypedDict):
    char: str
    weapon: str
    dice: list[str]  # "blue" | "red" per die
    faces: list[str]  # Face values per die
    hit: bool
    ammo: int | None
    target_pos: Square
    enemy: NotRequired[str]
    barrel: NotRequired[str]
    best: NotRequired[str]


class PosPayload(TypedDict):
    pos: Square


class WoundedPayload(TypedDict):
    enemy: str
    n: int
    wounds: int
    dial: NotRequired[int]  # bosses: health left (R-BOSS-7)


class KilledPayload(TypedDict):
    enemy: str
    type: str
    pos: Square
    boss: bool


class EnemyPayload(TypedDict):
    enemy: str


class PushPayload(TypedDict):
    frm: NotRequired[Square]
    to: NotRequired[Square]
    char: NotRequired[str]
    enemy: NotRequired[str]


class EnemyAttackPayload(TypedDict):
    enemy: str
    char: str
    unavoidable: bool
    frm: Square
    to: Square


class EvadePayload(TypedDict):
    char: str
    enemy: str
    tier: int
    extra: int
    faces: list[str]
    success: bool
    frm: NotRequired[Square]
    to: NotRequired[Square]
    attack: NotRequired[str]
    sweep: NotRequired[bool]


class RerollPayload(TypedDict):
    char: str
    die: int
    faces: list[str]
    success: bool


class DamagePayload(TypedDict):
    char: str
    n: int
    health: int


class StunPayload(TypedDict):
    char: str
    health: NotRequired[int]


class ReactGroupPayload(TypedDict):
    group: list[str]


class EnemyMovePayload(TypedDict):
    enemy: str
    frm: Square
    to: Square
    target: NotRequired[str]


class TensionPayload(TypedDict):
    card: str
    defn: str
    colour: str
    symbol: str | None


class DangerPayload(TypedDict):
    danger: int


class CorpsePayload(TypedDict):
    roll: int
    hazard: bool
    pos: Square


class FromToPayload(TypedDict):
    frm: Square
    to: Square


class NamePayload(TypedDict):
    name: str


class PeekPayload(TypedDict):
    cards: NotRequired[list[str]]
    names: NotRequired[list[str]]
    n: NotRequired[int]  # a physical tension deck: how many cards the players look at


class SpawnPayload(TypedDict):
    enemy: str
    type: str
    pos: Square


class NarrativePayload(TypedDict):
    name: NotRequired[str]
    story: NotRequired[str]
    card: NotRequired[str | None]
    label: NotRequired[str | None]
    stalker_mark: NotRequired[bool]
    options: NotRequired[list[dict]]  # {"label", "text", "available"}


class NarrativeResultPayload(TypedDict):
    choice: NotRequired[int]
    label: NotRequired[str]


class StalkerPayload(TypedDict):
    enemy: NotRequired[str]


class BehaviourPayload(TypedDict):
    card: str
    name: str
    lines: list[dict]  # each line as a message reference (``core.base.line_msg``: boss.line.*)
    boss: str
    card_text: str  # the card's own text
    attacks: list[str | None]  # per line: the attack an ATTACK line names, else None
    kinds: list[str]  # per line: MOVE | ATTACK | SPECIAL (DV-5)


class BehaviourEndPayload(TypedDict):
    card: str
    deck: int
    discard: int


class BossLinePayload(TypedDict):
    card: str
    line: int


class BossIdlePayload(TypedDict):
    reason: str  # why the line is skipped, as a code: "no_target" (R-BOSS-18), "no_reach" (R-BOSS-19)


class ScenarioActionPayload(TypedDict):
    char: str
    action: str  # the brief's scenario action id (R-SCEN-4)
    label: str
    item: str | None  # the card used up, if any


class MarkerPayload(TypedDict):
    marker: str


class ExtinguishPayload(TypedDict):
    squares: list[Square]


class CountPayload(TypedDict):
    n: int


class ProgressionPayload(TypedDict):
    label: str
    pos: Square


class EncounterPayload(TypedDict):
    card: str  # encounter card id (M-ENC-1)
    name: str
    purpose: str  # explore | corpse | mission
    clues: int
    wounds: int
    hazard: bool


class KerosenePayload(TypedDict):
    char: str
    kerosene: int  # tokens held now (M-KERO-2)


class BurnPayload(TypedDict):
    char: str
    pos: Square
    n: int  # corpses removed (M-KERO-3)


class ReserveWoundsPayload(TypedDict):
    char: str
    wounds: int  # wound tokens on the reserve profile now (M-RESERVE-5)


class MissionPayload(TypedDict):
    card: str  # mission card id, "" for a scout step
    char: str  # the assigned reserve character, "" before assignment
    step: str  # start | assign | complete | completed | abandoned | killed | no_reserve | none | scout | scouted


class MissionDrawPayload(TypedDict):
    card: str
    clues: int  # clue symbols counted for this card (MDV-2 rules applied)
    wounds: int
    total: int  # clues so far


class ResultPayload(TypedDict):
    result: str  # "success" | "failure"


K = EventKind
PAYLOADS: dict[str, type] = {
    K.IMPOSSIBLE: ImpossiblePayload, K.SETUP: SetupPayload, K.TURN: TurnPayload, K.PHASE: PhasePayload,
    K.SHAKEN: Empty, K.FORFEIT: Empty, K.END_PHASE: Empty, K.ACTION_FAILED: Empty, K.MOVE: MovePayload,
    K.DOOR: DoorPayload, K.BARRICADE: EdgePayload, K.EXIT: CharPayload, K.EXPLORE: ExplorePayload,
    K.SEARCH: SearchPayload, K.TAKE: ItemPayload, K.STASH: Empty, K.STASH_ITEM: ItemPayload,
    K.DISCARD: DiscardPayload, K.MIX: Empty, K.DRAW: Empty, K.GEAR: Empty, K.TRADE: TradePayload,
    K.TRADE_ITEM: Empty, K.TRADE_DONE: Empty, K.TYPEWRITER: TypewriterPayload, K.RIBBON_EXCHANGE: RibbonExchangePayload, K.USE: UsePayload,
    K.RELOAD: ReloadPayload, K.CURE: Empty, K.REVIVE: CharPayload, K.RECOVER: HealthPayload,
    K.ATTACK: AttackPayload, K.EXPLOSION: PosPayload, K.SPECIAL: Empty, K.WOUNDED: WoundedPayload,
    K.KILLED: KilledPayload, K.ENRAGE: EnemyPayload, K.PUSH: PushPayload, K.OOS: Empty,
    K.ENEMY_ATTACK: EnemyAttackPayload, K.EVADE: EvadePayload, K.REROLL: RerollPayload, K.DAMAGE: DamagePayload,
    K.POISON: CharPayload, K.STUN: StunPayload, K.UNCONSCIOUS: CharPayload, K.DEATH: CharPayload,
    K.REACT_GROUP: ReactGroupPayload, K.ENEMY_MOVE: EnemyMovePayload, K.ENEMY_IDLE: EnemyPayload,
    K.TENSION: TensionPayload, K.TENSION_STOP: Empty, K.UNRESOLVABLE: Empty, K.RESHUFFLE: Empty, K.STIR: Empty,
    K.LUNGE: EnemyPayload, K.DANGER: DangerPayload, K.FIRE: PosPayload, K.CORPSE: CorpsePayload,
    K.CORPSE_MOVED: FromToPayload, K.SUSTAIN: NamePayload, K.SUSTAIN_END: NamePayload, K.PEEK: PeekPayload,
    K.SPAWN: SpawnPayload, K.SPAWN_SKIP: Empty, K.NARRATIVE: NarrativePayload,
    K.NARRATIVE_RESULT: NarrativeResultPayload, K.STALKER: StalkerPayload, K.BEHAVIOUR: BehaviourPayload,
    K.BEHAVIOUR_END: BehaviourEndPayload, K.BOSS_LINE: BossLinePayload, K.BOSS_IDLE: BossIdlePayload,
    K.BOSS_SPECIAL: Empty, K.SHOVE: Empty, K.RESULT: ResultPayload,
    K.SCENARIO_ACTION: ScenarioActionPayload, K.MARKER: MarkerPayload, K.EXTINGUISH: ExtinguishPayload,
    K.PROGRESSION: ProgressionPayload, K.DISCARD_TOKENS: CountPayload,
    K.ENCOUNTER: EncounterPayload, K.KEROSENE: KerosenePayload, K.BURN: BurnPayload, K.RESCUE: CharPayload,
    K.RESERVE_WOUNDS: ReserveWoundsPayload, K.RESERVE_KILLED: CharPayload, K.MISSION: MissionPayload,
    K.MISSION_DRAW: MissionDrawPayload,
}


def _type_ok(v: Any, tp: Any) -> bool:
    origin = typing.get_origin(tp)
    if tp is Any:
        return True
    if origin in (typing.Union, getattr(__import__("types"), "UnionType")):
        return any(_type_ok(v, t) for t in typing.get_args(tp))
    if tp is type(None):
        return v is None
    if origin is list:
        return isinstance(v, list)
    if origin is dict or tp is dict:
        return isinstance(v, dict)
    if tp is list:
        return isinstance(v, list)
    if tp is int:
        return isinstance(v, int) and not isinstance(v, bool)
    return isinstance(v, tp)


def payload_problems(kind: str, data: dict) -> list[str]:
    """What is wrong with an event's data against its declared payload (empty if nothing)."""
    td = PAYLOADS.get(kind)
    if td is None:
        return [f"unknown event kind {kind!r}"]
    hints = typing.get_type_hints(td)
    out = [f"{kind}: missing key {k!r}" for k in td.__required_keys__ if k not in data]
    for k, v in data.items():
        if k not in hints:
            out.append(f"{kind}: undeclared key {k!r}")
        elif not _type_ok(v, hints[k]):
            out.append(f"{kind}: {k}={v!r} is not {hints[k]}")
    return out
