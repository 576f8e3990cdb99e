"""Legal actions grouped the way the screen offers them (squares, edges, enemies, items).

The UI never invents a move: every button and highlighted square maps back to one
:class:`Action` from ``legal_actions``. This module only sorts and labels them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import ORDER_DECISIONS, TIE_DECISIONS, Action, ActionKind, DecisionKind, legal_actions
from ..engine.query import Game, View
from ..i18n import N_, _, _f
from ..i18n import language as i18n_language
from ..i18n.messages import numbered
from .modes import kit_for
from .theme import FACE_WORDS

Sq = tuple[int, int]
# enemy / board ties: the rules list the default order first; the "auto_ties" setting takes it
TIE_KINDS = TIE_DECISIONS  # the engine names the decisions that only settle a tie (R-DOC-5)
# order decisions: "auto" is the rules' default order (R-REACT-8, R-OOS-1); equal-threat attackers (R-REACT-5)
ORDER_KINDS = ORDER_DECISIONS
TIE_HELP = N_("click a highlighted square or press 1-9 (Space: the first)")


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
    burn: list[Action] = field(default_factory=list)  # a mode's own Burn (its kit's hud button)
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


def current_index(state: Game) -> ActIndex:
    """The act index for ``state`` (empty unless the pending decision is "act")."""
    if View.of(state).pending is None or View.of(state).pending.kind != "act" or View.of(state).over:
        return ActIndex()
    return index_act(legal_actions(state))


def item_name(state: Game, uid: str | None) -> str:
    if not uid:
        return "?"
    try:
        return _(View.of(state).item(uid).name)
    except KeyError:
        return uid


def char_name(state: Game, cid: str | None) -> str:
    ct = View.of(state).scenario.content
    try:
        return _(ct.characters[cid].name)
    except (KeyError, AttributeError):
        if hasattr(ct, "character_name"):  # a pack's reserve-only characters
            return _(ct.character_name(cid))
        return str(cid)


#: the eight directions on the board, north up (y grows southward)
DIRECTIONS = {(0, -1): N_("north"), (1, -1): N_("north-east"), (1, 0): N_("east"), (1, 1): N_("south-east"),
              (0, 1): N_("south"), (-1, 1): N_("south-west"), (-1, 0): N_("west"), (-1, -1): N_("north-west")}


def direction(frm, to) -> str:
    """The direction from square ``frm`` to ``to`` in words ('north-east'), '' for the same square: a
    diagonal unless one axis is more than twice the other."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if dx == 0 and dy == 0:
        return ""
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    if abs(dx) > 2 * abs(dy):
        sy = 0
    elif abs(dy) > 2 * abs(dx):
        sx = 0
    return _(DIRECTIONS[(sx, sy)])


def _room(state: Game, sq) -> str:
    """The room (tile) of square ``sq`` as a sentence names it: 'the Storeroom' in English, the
    translated name otherwise; '' off the board."""
    from ..i18n import language

    b = View.of(state).scenario.board
    tid = b.square_tile.get(tuple(sq))
    if tid is None:
        return ""
    name = _(b.tiles[tid].name)
    if language() != "en":
        return name
    return room_words(name)


#: a room named like a street takes no article: "Linden Avenue", not "the Linden Avenue" (issue 25 item 16)
STREET_WORDS = frozenset({"Avenue", "Street", "Road", "Lane", "Boulevard", "Drive", "Way", "Plaza", "Row"})


def room_words(name: str) -> str:
    """An English room name as a sentence uses it after a preposition: "the Storeroom", "the
    Boom Gate" (from "The Boom Gate", never "the The ..."), "Linden Avenue" (a street: no article)."""
    if name.startswith("The "):
        return "the " + name[4:]
    if name.split()[-1:] and name.split()[-1] in STREET_WORDS:
        return name
    return "the " + name


def where_words(state: Game, frm, to, exact: bool = False) -> str:
    """Where square ``to`` lies seen from ``frm`` (the active survivor's square, or what is pushed),
    in words and never as coordinates: 'here', 'north-east', '2 squares north-east', with the room
    when it is another room than ``frm``'s ('north-east, in the Storeroom'). ``exact``: the offset
    along both axes ('2 east, 1 south'), which tells any two squares apart."""
    frm, to = tuple(frm), tuple(to)
    if frm == to:
        return _("here")
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    far = max(abs(dx), abs(dy))
    if exact and dx and dy:
        ew = _f("{n} east", n=dx) if dx > 0 else _f("{n} west", n=-dx)
        ns = _f("{n} south", n=dy) if dy > 0 else _f("{n} north", n=-dy)
        words = _f("{a}, {b}", a=ew, b=ns)
    elif far == 1:
        words = direction(frm, to)
    else:
        words = _f("{n} squares {dir}", n=far, dir=direction(frm, to))
    room = _room(state, to)
    if room and room != _room(state, frm):
        return _f("{where}, in {room}", where=words, room=room)
    return words


def _target(state: Game, uid: str | None) -> tuple[str, tuple[int, int]] | None:
    """(name, square) of an enemy or a token target (an explosive barrel, R-BARREL-1)."""
    e = View.of(state).enemy(uid) if uid else None
    if e is not None:
        d = View.of(state).scenario.content.enemies.get(e.type)
        return numbered(_(d.name) if d else e.type, e.uid, i18n_language()), tuple(e.pos)
    tok = View.of(state).token(uid) if uid else None
    if tok is not None:
        what = _("Explosive barrel") if tok.kind == "barrel" else tok.kind.replace("_", " ").capitalize()
        return what, tuple(tok.pos)
    return None


def target_where(state: Game, uid: str | None) -> str:
    """Where an enemy or barrel is, seen from the active survivor, in words ('north-east', '2 squares
    east, in the Hall', 'here'); exact offsets when another target of the same name would read the same
    (play3: 'Zombie at 12,8' told a new player nothing)."""
    got = _target(state, uid)
    if got is None:
        return ""
    name, pos = got
    try:
        me = tuple(View.of(state).active_char.pos)
    except (AttributeError, KeyError, IndexError):
        me = None
    if me is None:
        return _room(state, pos)
    words = where_words(state, me, pos)
    others = [p for u, (n, p) in ((x.uid, _target(state, x.uid)) for x in View.of(state).enemies) if u != uid and n == name
              and p != pos]
    others += [tuple(t.pos) for t in View.of(state).tokens if t.uid != uid and t.kind == "barrel" and name == _("Explosive barrel")
               and tuple(t.pos) != pos]
    if any(where_words(state, me, p) == words for p in others):
        words = where_words(state, me, pos, exact=True)
    return words


def attack_title(state: Game, uid: str | None, shoot: bool = False) -> str:
    """The title of the attack question for a target: 'Attack the Zombie (north-east): weapon and rapid
    fire', or for a barrel 'Shoot the Explosive barrel (2 squares east)?' (no coordinates, play3)."""
    from ..i18n import language

    got = _target(state, uid)
    what, where = (got[0] if got else str(uid)), target_where(state, uid)
    own = language() == "en" and what.startswith("The ")  # 'The Burrower' keeps its own article
    if shoot:
        return _f("Shoot {what} ({where})?", what=what, where=where) if own else \
            _f("Shoot the {what} ({where})?", what=what, where=where)
    return _f("Attack {what} ({where}): weapon and rapid fire", what=what, where=where) if own else \
        _f("Attack the {what} ({where}): weapon and rapid fire", what=what, where=where)


def enemy_label(state: Game, uid: str | None) -> str:
    """'Zombie, north-east' (or 'Explosive barrel, 2 squares east, in the Hall'): a target named by
    where it is from the active survivor, never by coordinates; two alike never read the same."""
    got = _target(state, uid)
    if got is None:
        return str(uid)
    where = target_where(state, uid)
    return _f("{what}, {where}", what=got[0], where=where) if where else got[0]


def attack_label(state: Game, a: Action) -> str:
    """'Handgun: 1 blue die, ammo 6 -> 5' and the like (R-ATK-2, R-ATK-8)."""
    q = View.of(state)
    d = q.item(a.item)
    w = d.weapon
    extra = a.n or 0
    if a.target and View.of(state).enemy(a.target) is None:  # a barrel: no dice, it just goes up
        ammo = View.of(state).card(a.item).ammo
        cost = _("no ammo") if w.capacity is None else _f("ammo {a} → {b}", a=ammo, b=max(0, (ammo or 0) - 1))
        return _f("{weapon}: sure hit, {cost}", weapon=_(d.name), cost=cost)
    colour = _(w.dice)
    dice = (_f("{n} {colour} die", n=w.count, colour=colour) if w.count == 1 else
            _f("{n} {colour} dice", n=w.count, colour=colour)) + (_f(" + {n} blue", n=extra) if extra else "")
    ammo = View.of(state).card(a.item).ammo
    if w.capacity is None:
        cost = _("no ammo")
    else:
        cost_n = q.rapid_cost(View.of(state).active_char, extra)
        cost = _f("ammo {a} → {b}", a=ammo, b=max(0, (ammo or 0) - cost_n))
    rng = _("LOS") if w.range is None else _f("range {n}", n=w.range)
    rf = _f(" +{n} rapid fire", n=extra) if extra else ""
    return f"{_(d.name)}{rf}: {dice}, {rng}, {cost}"


DICE_NOTE = N_("Dice: blue = attack/evade die, red = stronger attack die. The best result counts.")


def _describe(row) -> str:
    """What a weapon row does (R-ATK-6) in the player's language: '1 damage + push', 'nothing' (the
    engine's attack messages' words, issue 23)."""
    from ..i18n import language
    from ..i18n.messages import render

    lang = language()
    bits = ([render("hit.damage", {"n": row.damage}, lang)] if row.damage else []) + \
        ([render("hit.push", {}, lang)] if row.push else []) + ([render("hit.burst", {}, lang)] if row.burst else [])
    return render("list.plus", {}, lang).join(bits) or render("hit.nothing", {}, lang)


def weapon_effects(state: Game, item_uid: str) -> str:
    """'hit = push, hit+ = 1 damage, critical = 2 damage' from the weapon's rows (R-ATK-4, R-ATK-6)."""
    try:
        w = View.of(state).item(item_uid).weapon
    except KeyError:
        return ""
    if w is None:
        return ""
    return _f("hit = {a}, hit+ = {b}, critical = {c}", a=_describe(w.hit), b=_describe(w.hit_plus), c=_describe(w.crit))


def square_label(state: Game, a: Action) -> str:
    """A square to push or place something on, in words: its direction from what is pushed ('North-east',
    'North-east, into the Hall') or, for a square further away, from the active survivor ('2 squares
    east of you'); exact when another option of the same question would read the same (play3: 'NE 7,4')."""
    if a.to is None:
        return _("Square")
    frm = None
    if a.target:
        e = View.of(state).enemy(a.target)
        if e is not None:
            frm = tuple(e.pos)
        else:
            try:
                frm = tuple(View.of(state).char(a.target).pos)
            except KeyError:
                frm = None
    opts = [o.to for o in (View.of(state).pending.options if View.of(state).pending is not None else []) if o.to is not None
            and o.target == a.target and o.kind == a.kind]

    def words(to, exact: bool) -> str:
        if frm is not None and max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) == 1:
            w = direction(frm, to)
            room = _room(state, to)
            w = _f("{dir}, into {room}", dir=w, room=room) if room and room != _room(state, frm) else w
            return w[:1].upper() + w[1:]
        try:
            me = tuple(View.of(state).active_char.pos)
        except (AttributeError, KeyError, IndexError):
            return _room(state, to) or _("Square")
        w = where_words(state, me, to, exact)
        return _("Your square") if w == _("here") else _f("{where} of you", where=w)

    mine = words(tuple(a.to), False)
    if any(tuple(o) != tuple(a.to) and words(tuple(o), False) == mine for o in opts):
        mine = words(tuple(a.to), True)
    return mine


def narrative_option_label(state: Game, n: int | None) -> str:
    """The label of option ``n`` of the narrative card being resolved (R-NARR-5)."""
    p = View.of(state).pending
    try:
        ctx = p.ctx or {}
        if p.kind == "mission_continue":  # M-MISSION-8 (play4: the prompt strip said "Option 2")
            return _("Draw another encounter card")
        if p.kind == "scenario_event" and ctx.get("event"):  # M-EVENT-3: a card of the scenario event deck
            opts = View.of(state).scenario.content.events[ctx["event"]].options
        elif ctx.get("card"):
            opts = View.of(state).scenario.content.narrative[View.of(state).card(ctx["card"]).defn].options
        else:
            opts = View.of(state).scenario.brief.fixed_events[ctx["label"]].options
        return f"{(n or 0) + 1}. {_(opts[n].label)}"
    except (AttributeError, KeyError, IndexError, TypeError):
        return _f("Option {n}", n=(n or 0) + 1)


def tension_name(state: Game, uid: str) -> str:
    try:
        return View.of(state).scenario.content.tension[View.of(state).card(uid).defn].name
    except (KeyError, AttributeError):
        return str(uid)


def move_label(state: Game, a: Action) -> str:
    """'Move north-east' / 'Move north-east, into the Hall': a move named from the square of the
    survivor who moves (the active one, or ``a.target``), never by coordinates ("Undone: Move to 0,2"
    told a player nothing, play4)."""
    who = None
    try:
        who = View.of(state).char(a.target) if a.target else View.of(state).active_char
    except (KeyError, AttributeError, IndexError):
        who = None
    if who is None or who.pos is None or a.to is None:
        return _("Move")
    frm, to = tuple(who.pos), tuple(a.to)
    if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:  # a stairwell or a shove: how far, and where
        return _f("Move {where}", where=where_words(state, frm, to))
    words = direction(frm, to)
    room = _room(state, to)
    if room and room != _room(state, frm):
        words = _f("{dir}, into {room}", dir=words, room=room)
    return _f("Move {where}", where=words)


def describe(state: Game, a: Action) -> str:
    """A short button label for any action."""
    k = a.kind
    if k == "move":  # by direction and room, as the log names places, never by coordinates (play4)
        return move_label(state, a)
    if k == "stairs":
        return _("Take the stairwell")
    if k == "door":
        return _("Open/close door")
    if k == "clear":
        return _("Clear barricade")
    if k == "search":
        tok = View.of(state).token(a.target) if a.target else None
        if tok is not None and tok.kind == "item_box":
            return _("Search the item box")
        if tok is None and a.target:
            return _f("Search {name} (unconscious)", name=char_name(state, a.target))
        letter = str(tok.props.get("letter", "A")).upper() if tok else "?"
        return _f("Search item token {letter}", letter=letter)
    if k == "stash":
        return _("Stash items in the item box")
    if k == "typewriter":
        return _("Use the typewriter (ink ribbon)")
    if k == ActionKind.RIBBONS:
        return _("Spend an ink ribbon: tension cards back into the deck")
    if k == ActionKind.SCENARIO:
        return _(View.of(state).scenario_action(a.target).label)
    if k == "put":
        return _f("Put {item} in the box", item=item_name(state, a.item))
    if k == "trade":
        return _f("Trade with {name}", name=char_name(state, a.target))
    if k == "use":
        if a.item2:
            return _f("Reload {item} with {ammo}", item=item_name(state, a.item2), ammo=item_name(state, a.item))
        if a.target:
            return _f("Use {item} on {name}", item=item_name(state, a.item), name=char_name(state, a.target))
        return _f("Use {item}", item=item_name(state, a.item))
    if k == "attack":
        return f"{enemy_label(state, a.target)} — {attack_label(state, a)}"
    if k == "exit":
        return _("Exit")
    if k == "end_phase":
        return _("End phase")
    if k == "discard":
        return _f("Discard {item}", item=item_name(state, a.item))
    if k == "mix":
        return _f("Mix {item} + {other}", item=item_name(state, a.item), other=item_name(state, a.item2))
    if k == "give":
        if View.of(state).pending is not None and View.of(state).pending.kind == "gear":  # set-up gear (R-STAND-3)
            if a.target == "box":
                return _f("Put the {item} in the item box", item=item_name(state, a.item))
            return _f("{name} takes the {item}", name=char_name(state, a.target), item=item_name(state, a.item))
        return _f("Give {item} →", item=item_name(state, a.item))
    if k == "choose":
        return narrative_option_label(state, a.n)
    if k == "order":
        if a.item == "table":  # a physical tension deck: the players put their own cards back (issue 12)
            return _("Cards put back")
        return " → ".join(_(tension_name(state, (View.of(state).pending.ctx or {}).get("cards", [])[int(i)]))
                          for i in (a.item or "").split(",") if i.isdigit()) or _("Keep the order")
    if k == "take":
        return _f("← Take {item}", item=item_name(state, a.item))
    if k == "done":
        return _("Done")
    if k == "keep":
        return _f("Keep {item}", item=item_name(state, a.item))
    if k == "reroll":
        faces = (View.of(state).pending.ctx.get("faces") if View.of(state).pending else None) or []
        f = faces[a.n] if a.n is not None and a.n < len(faces) else "?"
        return _f("Re-roll die {n} ({face})", n=a.n + 1, face=_(FACE_WORDS.get(f, f)))
    if k in ("face", "draw"):  # a result entered at the table (issue 12)
        return option_label(state, a)
    if k == "decline":
        if View.of(state).pending is not None and View.of(state).pending.kind == "mission_continue":  # M-MISSION-8
            return _("Abandon the mission: back to the reserve")
        return _("Decline")
    if k == "auto":
        return _("Auto (default order)")
    if k == "pick":
        view = View.of(state)
        if view.pending is not None and view.pending.kind == DecisionKind.TURN_ORDER:  # the machine's free order
            chars = view.characters
            c = chars[a.n] if a.n is not None and a.n < len(chars) else None
            return _f("{name} goes next", name=char_name(state, c.cid)) if c is not None else str(a.n)
        if View.of(state).pending is not None and View.of(state).pending.kind == DecisionKind.RIBBON_CARDS:
            return (_f("{n} tension card back into the draw pile", n=a.n) if a.n == 1 else
                    _f("{n} tension cards back into the draw pile", n=a.n))
        if a.item:
            return _f("Refill {item}", item=item_name(state, a.item))
        e = View.of(state).enemy(a.target)
        if e is not None:  # two zombies in one square must not give two identical buttons
            same = [x for x in View.of(state).enemies if x.type == e.type and tuple(x.pos) == tuple(e.pos)]
            if len(same) > 1:
                w = (_f(", {n} wound", n=e.wounds) if e.wounds == 1 else _f(", {n} wounds", n=e.wounds)) if e.wounds else ""
                return f"{enemy_label(state, a.target)} " + _f("(#{i} of {n} there{w})", i=same.index(e) + 1, n=len(same), w=w)
            return enemy_label(state, a.target)
        tiles = View.of(state).scenario.board.tiles
        if a.target in tiles:  # a tile: a scout pick (a mode's own decision)
            return _(tiles[a.target].name)
        return char_name(state, a.target)
    if k in ("place", "push"):
        return square_label(state, a)
    return generic_label(state, a)


def generic_label(state: Any, a: Action) -> str:
    """A label for an action kind this module has no wording for (another mode's): the kind and
    its payload, a seat named by its character, a square by its room and coordinates."""
    bits = [k_word(a.kind)]
    chars = View.of(state).characters
    for name, v in a.payload.items():
        if name == "seat" and isinstance(v, int) and 0 <= v < len(chars):
            bits.append(char_name(state, chars[v].cid))
        elif name == "to" and isinstance(v, tuple):
            bits.append(square_label(state, a))
        else:
            bits.append(f"{k_word(name)} {v}")
    return " · ".join(bits)


def k_word(kind: str) -> str:
    """An action kind or payload field name as a word ("end_phase" -> "end phase")."""
    return str(kind).replace("_", " ")


# ------------------------------------------------------------ results entered at the table (issue 12)
DIE_COLOURS = {"blue": N_("blue"), "red": N_("red")}

def face_word(face: str) -> str:
    """A die face as players say it, translated (blank, hit, hit+, critical)."""
    return _(FACE_WORDS.get(face, face))


def option_label(state, a: Action) -> str:
    """A button label for one entry option (also what undo and the log say about it)."""
    if a.kind == "face" and a.item == "d6":
        return _f("Encounter die {n}", n=a.n) + (" — " + _("hazard") if a.n == 6 else "")
    if a.kind == "face":
        return _f("{colour} die: {face}", colour=_(DIE_COLOURS.get(a.item, "?")), face=face_word(str(a.target)))
    own = kit_for(state).table_card_label(state, a) if a.kind == "draw" else None
    if own is not None:  # a card of the mode's own decks (the kit's table_decks)
        return own
    if a.kind == "draw":
        return _f("Drew {card}", card=_(tension_name(state, str(a.item))))
    return a.kind
