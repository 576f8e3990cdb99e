"""The hover cards' lines for enemies, bosses and weapons (their stats, attacks and what clicking
does), and the boss's hold on the exit (R-BOSS-8)."""
from __future__ import annotations

from ...engine import Action
from ...engine.query import Game, View
from ...i18n import _, _f, N_
from .. import boss as BS
from .. import dashboard as DB
from .. import theme as T
from ..choices import attack_label, char_name
from ..playui import Sq
from ..previews import attack_odds_text
from ..ruleids import tagged
from ..whynot import target_why


NO_WAY_OUT = N_("No way out until the boss is dead")  # translated where drawn, its rule beside it (no_way_out)
NO_WAY_OUT_RULE = "R-BOSS-8"


def no_way_out() -> str:
    """The refusal of a move off the boss's tile, worded, with its rule (R-BOSS-8) only with "Show rule IDs"."""
    return tagged(_(NO_WAY_OUT), NO_WAY_OUT_RULE, None, "()")


#: what an unexplored tile's colour promises (R-EXPLORE-2), said in its tooltip
COLOUR_MEANING = {"green": N_("safe: never rolled for."),  # translated where drawn (R-EXPLORE-2)
                  "yellow": N_("quiet: at most one or two wandering enemies."),
                  "amber": N_("risky: several enemies or one stronger one."),
                  "red": N_("very dangerous.")}


def boss_blocks(state: Game, sq: Sq) -> bool:
    """Is the active survivor held on the boss's tile, and ``sq`` a square off it (or its exit)? (R-BOSS-8)"""
    c = View.of(state).active_char
    if c.pos is None or not BS.trapped(state) or c.cid not in BS.trapped(state):
        return False
    q = View.of(state)
    tile = q.board.tile_of(tuple(c.pos))
    if not q.board.has(sq):
        return False
    if tuple(sq) not in tile.squares:
        return max(abs(sq[0] - c.pos[0]), abs(sq[1] - c.pos[1])) <= 2  # the squares a move out would reach
    return any(t.kind == "exit" and tuple(t.pos) == tuple(sq) for t in View.of(state).tokens)


ATTACK_FLAGS = {"push": N_("push"), "charge": N_("charge"), "poison": N_("poison"), "stun": N_("stun"),
                "sweep": N_("sweep")}


def _attack_words(a) -> str:
    bits = [_f("range {n}", n=a.range)]
    if a.damage:
        bits.append(_f("{n} damage", n=a.damage))
    for flag, word in ATTACK_FLAGS.items():
        if getattr(a, flag):
            bits.append(_(word))
    return f"{_(a.name)}: " + ", ".join(bits)


def enemy_card_lines(state: Game, e, attacks: list[Action]) -> list[tuple[str, int, tuple, bool]]:
    """The hover card of an enemy as (text, size, colour, bold) lines: its reference card
    (threat, move, HP and wounds, base size, basic and special attack with the special's symbol,
    R-ENEMY-1, DV-6, R-SPECIAL-2) and, for each weapon the active survivor carries, whether it can
    attack this enemy now and, if not, why (View.target_problem worded by whynot: range, line of sight, ammo)."""
    d = View.of(state).scenario.content.enemies.get(e.type)
    if d is None:
        return []
    q = View.of(state)
    if "boss" in d.rules:
        lines = boss_card_lines(state, e, d)
        return lines + weapon_lines(state, e, attacks)
    brief = View.of(state).scenario.brief
    tier = q.evade_tier(e)  # the engine's difficulty of its basic attack alone (R-EVADE-2)
    now = q.enemy_move(e)  # Frenzy included (DV-16): the engine says how far it moves
    move = _f("Move {n}", n=d.move) + (_f(" (+{n} Frenzy = {total})", n=now - d.move, total=now) if now != d.move
                                       else "")
    lines = [(_(d.name), 18, T.TEXT, True),  # its picture is drawn beside the name (PlayView.enemy_card)
             (_f("Threat {threat} · {move} · HP {hp} · wounds {wounds} ({left} left)", threat=d.threat, move=move,
                 hp=q.enemy_hp(e), wounds=e.wounds, left=q.enemy_hp(e) - e.wounds), 14, T.GOLD, False),
             (tagged(_f("{size} base: evading it {needs}", size=_(d.base.value).capitalize(),
                 needs=_(T.TIER_NEEDS.get(tier, ''))), "R-EVADE-3", None, "()"), 13, T.MUTED, False),
             (_f("Basic — {attack}", attack=_attack_words(d.basic)), 14, T.TEXT, False)]
    if d.special is not None:
        sym = d.special_symbol
        if brief.ignore_symbols:
            note, col = tagged(_("ignored in the Introduction"), "R-INTRO-5", None, "()"), T.DIM
        else:
            cur, known = DB.symbol_now(state)
            if not known:
                # play4: "symbol unknown: the deck is cut..." said neither what it means nor what to do
                note, col = tagged(_("not known yet whether it uses this attack: when the enemies next react, a card "
                                     "from the middle of the tension deck decides. To be safe, keep out of its reach."),
                                   "R-SPECIAL-4", None, "()"), T.MUTED
            elif cur == sym:
                note, col = tagged(_f("LIVE: the tension symbol is {sym}", sym=_(sym)), "R-SPECIAL-2", None, "()"), T.BAD
            else:
                note, col = _f("not now: the tension symbol is {sym}", sym=_(cur) if cur else _("none")), T.MUTED
        lines.append((_f("Special [{sym}] — {attack}", sym=_(sym), attack=_attack_words(d.special)), 14, T.TEXT,
                      False))
        lines.append((f"  {note}", 13, col, col is T.BAD))
    if "stalker" in d.rules:  # R-STALK-4..8: what makes it a pursuer
        band = {"stalker_one_low": N_("Stage One, Low danger card: kept until it leaves play"),
                "stalker_one_high": N_("Stage One, High danger card: kept until it leaves play"),
                "stalker_one_extreme": N_("Stage One, Extreme danger card: kept until it leaves play")
                }.get(e.type)
        if band:  # in the player's language (they were English literals in a Japanese game)
            lines.append((tagged(_(band), "R-STALK-3", None, "()"), 13, T.MUTED, False))
        for name, what, rule in STALKER_RULES:
            lines.append((tagged(_f("{name}: {what}", name=_(name), what=_(what)), rule, None, "()"), 13,
                          (214, 196, 170), False))
    elif d.text:
        lines.append((_(d.text), 13, (190, 180, 170), False))
    return lines + weapon_lines(state, e, attacks)


STALKER_RULES = [
    (N_("Relentless"), N_("reacts in every reaction phase, whichever tile it is on"), "R-STALK-4"),
    (N_("Forced entry"), N_("smashes closed doors without a lock open as it moves"), "R-STALK-5"),
    (N_("Pursuit"), N_("with no one in reach it vanishes and reappears on the active survivor's tile, wounds kept"),
     "R-STALK-6"),
    (N_("Supply drop"), N_("whoever deals the final damage draws an Item A card; it does not return this scenario"),
     "R-STALK-8"),
]


def boss_card_lines(state: Game, e, d) -> list[tuple[str, int, tuple, bool]]:
    """A boss's reference card (DV-6): dial, move, named attacks with evade difficulty (R-BOSS-13),
    Enrage, special rule, and what bosses never do (R-BOSS-2..4, R-BOSS-9)."""
    q = View.of(state)
    full = q.enemy_hp(e)
    enraged = q.enraged(e)
    enr = BS.enrage_at(state, e)
    lines = [(_f("{name}  · boss", name=_(d.name)), 18, T.TEXT, True),
             (_f("Health dial {left}/{full}{rule} · Move {move} · large base", left=full - e.wounds, full=full,
                 move=str(d.move) + (" +1" if enraged else ""), rule=tagged("", "R-BOSS-7", None, "()")), 14, T.GOLD,
              False)]
    if enr is not None:
        lines.append((tagged(_("ENRAGED: Move +1, every attack one step harder to evade"), "DV-6", None, "()") if enraged else
                      tagged(_f("Enrage at {n} or less: Move +1, attacks one step harder to evade", n=enr), "DV-6", None, "()"), 13,
                      T.BAD if enraged else (255, 140, 110), enraged))
    for key, att in (d.attacks.items() if d.attacks else [("basic", d.basic)]):
        tier = q.evade_tier(e, key)  # the engine's difficulty: listed, +1 enraged (R-EVADE-6, DV-6)
        lines.append((_f("{attack} · evade {tier}: {needs}", attack=_attack_words(att), tier=tier,
                         needs=_(T.TIER_NEEDS.get(tier, ''))), 13, T.TEXT, False))
    if d.text and not (enr is not None and d.text.startswith("Enrage")):  # Enrage has its own line above
        lines.append((_(d.text), 13, (190, 180, 170), False))
    lines.append((tagged(_("Never reacts, never leaves its tile, cannot be pushed; only survivors on its tile can attack "
                           "it."), "R-BOSS-2..4, R-BOSS-9", None, "()"), 12, T.MUTED, False))
    return lines


def weapon_lines(state: Game, e, attacks: list[Action]) -> list[tuple[str, int, tuple, bool]]:
    """For each weapon the active survivor carries: can it attack ``e`` now, and if not, why."""
    q = View.of(state)
    lines: list[tuple[str, int, tuple, bool]] = []
    c = View.of(state).active_char
    if c.conscious:
        who = char_name(state, c.cid).replace("・", " ").split()[0]
        lines.append((_f("{who}'s weapons:", who=who), 13, T.MUTED, True))
        by_weapon: dict[str, list[Action]] = {}
        for a in attacks:
            by_weapon.setdefault(a.item, []).append(a)
        acting = View.of(state).pending is not None and View.of(state).pending.kind == "act" and not View.of(state).over
        for slot in c.inventory:
            uid = slot[0]
            wd = q.item(uid)
            if wd.weapon is None:
                continue
            if uid in by_weapon:
                base = min(by_weapon[uid], key=lambda a: a.n or 0)
                more = max((a.n or 0) for a in by_weapon[uid])
                rf = _f(" (up to +{n} rapid fire)", n=more) if more else ""
                how = attack_label(state, base).split(": ", 1)[-1]
                lines.append(("  " + _f("{weapon} — can attack: {how}", weapon=_(wd.name), how=how) + rf, 13, T.OK,
                              False))
                odds = attack_odds_text(state, base)  # game.ui.previews: chance of each best result (DV-1)
                if odds:
                    lines.append((f"    {odds}", 12, T.MUTED, False))
                continue
            got = target_why(q, c, uid, tuple(e.pos))
            why = got[1] if got is not None else None
            d = View.of(state).scenario.content.enemies.get(e.type)
            if d is not None and "boss" in d.rules and c.pos is not None and \
                    tuple(c.pos) not in q.board.tile_of(tuple(e.pos)).squares:
                why = tagged(_("only survivors on the boss's tile can attack it"), "R-BOSS-9", None, "()")
            if why is None:
                why = tagged(_("only in the action phase, with an action left"), "R-ACT-1", None, "()") if not acting else \
                    _("not possible now")
            lines.append(("  " + _f("{weapon} — cannot: {why}", weapon=_(wd.name), why=why), 13, (214, 140, 120),
                          False))
        if any(s.name == "Jammed" and s.char == c.cid for s in DB.sustained(state)):
            lines.append(("  " + tagged(_f("Jammed: no rapid-fire dice for {who}", who=who), "R-SUST-1", None, "()"), 13,
                          (214, 140, 120), False))
        if attacks:
            lines.append((_("Click the enemy to attack."), 13, T.TARGET_HL, True))
    return lines
