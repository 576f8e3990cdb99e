"""Legal actions grouped the way the screen offers them (squares, edges, enemies, items).

The UI never invents a move: every button and highlighted square maps back to one
:class:`Action` from ``legal_actions``. This module only sorts and labels them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import ORDER_DECISIONS, TIE_DECISIONS, Action, ActionKind, DecisionKind, GameState, legal_actions
from ..engine.query import View
from .theme import FACE_WORDS

Sq = tuple[int, int]
# enemy / board ties: the rules list the default order first; the "auto_ties" setting takes it
TIE_KINDS = TIE_DECISIONS  # the engine names the decisions that only settle a tie (R-DOC-5)
# order decisions: "auto" is the rules' default order (R-REACT-8, R-OOS-1); equal-threat attackers (R-REACT-5)
ORDER_KINDS = ORDER_DECISIONS
TIE_HELP = "click a highlighted square or press 1-9 (Space: the first)"


@dataclass
class ActIndex:
    """The active survivor's options in the action phase (pending kind "act")."""

    moves: dict[Sq, Action] = field(default_factory=dict)
    stairs: dict[Sq, Action] = field(default_factory=dict)
    doors: dict[str, Action] = field(default_factory=dict)  # edge id -> door/clear action
    attacks: dict[str, list[Action]] = field(default_factory=dict)  # enemy uid -> options
    search: list[Action] = field(default_factory=list)
    trade: list[Action] = field(default_factory=list)
    use: dict[str, list[Action]] = field(default_factory=dict)  # item uid -> options
    discard: dict[str, Action] = field(default_factory=dict)
    mix: dict[str, list[Action]] = field(default_factory=dict)  # item uid -> mixes involving it
    stash: list[Action] = field(default_factory=list)
    typewriter: list[Action] = field(default_factory=list)
    ribbons: list[Action] = field(default_factory=list)  # a brief's ink ribbon exchange (R-EASY-6 hook)
    scenario: list[Action] = field(default_factory=list)  # the brief's own actions (R-SCEN-4)
    burn: list[Action] = field(default_factory=list)  # the manor's Burn (M-KERO-3): game.ui.manor_play's button
    other: list[Action] = field(default_factory=list)  # kinds this screen has no place for yet
    exit: Action | None = None
    end_phase: Action | None = None

    @property
    def costly_attack_targets(self) -> set[str]:
        return set(self.attacks)


def index_act(legal: list[Action]) -> ActIndex:
    """Sort act-phase actions by what the player clicks to choose them."""
    ix = ActIndex()
    for a in legal:
        k = a.kind
        if k == "move" and a.to is not None:
            ix.moves[tuple(a.to)] = a
        elif k == "stairs" and a.to is not None:
            ix.stairs[tuple(a.to)] = a
        elif k in ("door", "clear") and a.edge:
            ix.doors[a.edge] = a
        elif k == "attack" and a.target:
            ix.attacks.setdefault(a.target, []).append(a)
        elif k == "search":
            ix.search.append(a)
        elif k == "trade":
            ix.trade.append(a)
        elif k == "use" and a.item:
            ix.use.setdefault(a.item, []).append(a)
        elif k == "discard" and a.item:
            ix.discard[a.item] = a
        elif k == "mix" and a.item:
            ix.mix.setdefault(a.item, []).append(a)
            if a.item2:
                ix.mix.setdefault(a.item2, []).append(a)
        elif k == "stash":
            ix.stash.append(a)
        elif k == "typewriter":
            ix.typewriter.append(a)
        elif k == ActionKind.RIBBONS:
            ix.ribbons.append(a)
        elif k == ActionKind.SCENARIO:
            ix.scenario.append(a)
        elif k == "exit":
            ix.exit = a
        elif k == "end_phase":
            ix.end_phase = a
        elif k == "burn":
            ix.burn.append(a)
        else:
            ix.other.append(a)
    return ix


def current_index(state: GameState) -> ActIndex:
    """The act index for ``state`` (empty unless the pending decision is "act")."""
    if state.pending is None or state.pending.kind != "act" or state.over:
        return ActIndex()
    return index_act(legal_actions(state))


def item_name(state: GameState, uid: str | None) -> str:
    if not uid:
        return "?"
    try:
        return View(state).item(uid).name
    except KeyError:
        return uid


def char_name(state: GameState, cid: str | None) -> str:
    try:
        return state.scenario.content.characters[cid].name
    except (KeyError, AttributeError):
        return str(cid)


def enemy_label(state: GameState, uid: str | None) -> str:
    """'Zombie at 3,4', or a token target such as an explosive barrel (R-BARREL-1)."""
    e = state.enemy(uid) if uid else None
    if e is None:
        tok = state.token(uid) if uid else None
        if tok is not None:
            what = {"barrel": "Explosive barrel"}.get(tok.kind, tok.kind.replace("_", " ").capitalize())
            return f"{what} at {tok.pos[0]},{tok.pos[1]}"
        return str(uid)
    d = state.scenario.content.enemies.get(e.type)
    return f"{d.name if d else e.type} at {e.pos[0]},{e.pos[1]}"


def attack_label(state: GameState, a: Action) -> str:
    """'Handgun: 1 blue die, ammo 6 -> 5' and the like (R-ATK-2, R-ATK-8)."""
    q = View(state)
    d = q.item(a.item)
    w = d.weapon
    extra = a.n or 0
    if a.target and state.enemy(a.target) is None:  # a barrel: no dice, it just goes up
        ammo = state.cards[a.item].ammo
        cost = "no ammo" if w.capacity is None else f"ammo {ammo} → {max(0, (ammo or 0) - 1)}"
        return f"{d.name}: sure hit, {cost}"
    dice = f"{w.count} {w.dice} {'die' if w.count == 1 else 'dice'}" + (f" + {extra} blue" if extra else "")
    ammo = state.cards[a.item].ammo
    if w.capacity is None:
        cost = "no ammo"
    else:
        cost_n = q.rapid_cost(state.active_char, extra)
        cost = f"ammo {ammo} → {max(0, (ammo or 0) - cost_n)}"
    rng = "LOS" if w.range is None else f"range {w.range}"
    rf = f" +{extra} rapid fire" if extra else ""
    return f"{d.name}{rf}: {dice}, {rng}, {cost}"


DICE_NOTE = "Dice: blue = attack/evade die, red = stronger attack die. The best result counts."


def _describe(row) -> str:
    return row.describe()


def weapon_effects(state: GameState, item_uid: str) -> str:
    """'hit = push, hit+ = 1 damage, critical = 2 damage' from the weapon's rows (R-ATK-4, R-ATK-6)."""
    try:
        w = View(state).item(item_uid).weapon
    except KeyError:
        return ""
    if w is None:
        return ""
    return (f"hit = {_describe(w.hit)}, hit+ = {_describe(w.hit_plus)}, critical = {_describe(w.crit)}")


def _compass(state: GameState, a: Action) -> str:
    """'NE ' when the square is next to the thing being pushed or placed, else ''."""
    frm = None
    if a.target:
        e = state.enemy(a.target)
        if e is not None:
            frm = e.pos
        else:
            try:
                frm = state.char(a.target).pos
            except KeyError:
                frm = None
    if frm is None or a.to is None:
        return "Square "
    dx, dy = a.to[0] - frm[0], a.to[1] - frm[1]
    if max(abs(dx), abs(dy)) != 1:
        return "Square "
    return {(0, -1): "N", (1, -1): "NE", (1, 0): "E", (1, 1): "SE", (0, 1): "S", (-1, 1): "SW", (-1, 0): "W",
            (-1, -1): "NW"}[(dx, dy)] + " "


def narrative_option_label(state: GameState, n: int | None) -> str:
    """The label of option ``n`` of the narrative card being resolved (R-NARR-5)."""
    p = state.pending
    try:
        ctx = p.ctx or {}
        if ctx.get("card"):
            opts = state.scenario.content.narrative[state.cards[ctx["card"]].defn].options
        else:
            opts = state.scenario.brief.fixed_events[ctx["label"]].options
        return f"{(n or 0) + 1}. {opts[n].label}"
    except (AttributeError, KeyError, IndexError, TypeError):
        return f"Option {(n or 0) + 1}"


def tension_name(state: GameState, uid: str) -> str:
    try:
        return state.scenario.content.tension[state.cards[uid].defn].name
    except (KeyError, AttributeError):
        return str(uid)


def describe(state: GameState, a: Action) -> str:
    """A short button label for any action."""
    k = a.kind
    if k == "move":
        return f"Move to {a.to[0]},{a.to[1]}"
    if k == "stairs":
        return "Take the stairwell"
    if k == "door":
        return "Open/close door"
    if k == "clear":
        return "Clear barricade"
    if k == "search":
        tok = state.token(a.target) if a.target else None
        if tok is not None and tok.kind == "item_box":
            return "Search the item box"
        if tok is None and a.target:
            return f"Search {char_name(state, a.target)} (unconscious)"
        letter = str(tok.props.get("letter", "A")).upper() if tok else "?"
        return f"Search item token {letter}"
    if k == "stash":
        return "Stash items in the item box"
    if k == "typewriter":
        return "Use the typewriter (ink ribbon)"
    if k == ActionKind.RIBBONS:
        return "Spend an ink ribbon: tension cards back into the deck"
    if k == ActionKind.SCENARIO:
        return View(state).scenario_action(a.target).label
    if k == "put":
        return f"Put {item_name(state, a.item)} in the box"
    if k == "trade":
        return f"Trade with {char_name(state, a.target)}"
    if k == "use":
        if a.item2:
            return f"Reload {item_name(state, a.item2)} with {item_name(state, a.item)}"
        if a.target:
            return f"Use {item_name(state, a.item)} on {char_name(state, a.target)}"
        return f"Use {item_name(state, a.item)}"
    if k == "attack":
        return f"{enemy_label(state, a.target)} — {attack_label(state, a)}"
    if k == "exit":
        return "Exit"
    if k == "end_phase":
        return "End phase"
    if k == "discard":
        return f"Discard {item_name(state, a.item)}"
    if k == "mix":
        return f"Mix {item_name(state, a.item)} + {item_name(state, a.item2)}"
    if k == "give":
        if state.pending is not None and state.pending.kind == "gear":  # set-up gear (R-STAND-3)
            if a.target == "box":
                return f"Put the {item_name(state, a.item)} in the item box"
            return f"{char_name(state, a.target)} takes the {item_name(state, a.item)}"
        return f"Give {item_name(state, a.item)} →"
    if k == "choose":
        return narrative_option_label(state, a.n)
    if k == "order":
        return " → ".join(tension_name(state, (state.pending.ctx or {}).get("cards", [])[int(i)])
                          for i in (a.item or "").split(",") if i.isdigit()) or "Keep the order"
    if k == "take":
        return f"← Take {item_name(state, a.item)}"
    if k == "done":
        return "Done"
    if k == "keep":
        return f"Keep {item_name(state, a.item)}"
    if k == "reroll":
        faces = (state.pending.ctx.get("faces") if state.pending else None) or []
        f = faces[a.n] if a.n is not None and a.n < len(faces) else "?"
        return f"Re-roll die {a.n + 1} ({FACE_WORDS.get(f, f)})"
    if k in ("face", "draw"):  # a result entered at the table (issue 12)
        from .entry import option_label

        return option_label(state, a)
    if k == "decline":
        return "Decline"
    if k == "auto":
        return "Auto (default order)"
    if k == "pick":
        if state.pending is not None and state.pending.kind == DecisionKind.RIBBON_CARDS:
            return f"{a.n} tension card(s) back into the draw pile"
        if a.item:
            return f"Refill {item_name(state, a.item)}"
        e = state.enemy(a.target)
        if e is not None:  # two zombies in one square must not give two identical buttons
            same = [x for x in state.enemies if x.type == e.type and tuple(x.pos) == tuple(e.pos)]
            if len(same) > 1:
                w = f", {e.wounds} wound{'s' if e.wounds != 1 else ''}" if e.wounds else ""
                return f"{enemy_label(state, a.target)} (#{same.index(e) + 1} of {len(same)} there{w})"
            return enemy_label(state, a.target)
        return char_name(state, a.target)
    if k in ("place", "push"):
        return f"{_compass(state, a)}{a.to[0]},{a.to[1]}"
    return k
