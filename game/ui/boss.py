"""The boss fight on screen (core.md §16, DV-6, DV-7): the health dial and the behaviour card.

:class:`BossTracker` follows the engine's events: a ``behaviour`` event (R-BOSS-11) reveals a
card, each ``boss_line`` event (R-BOSS-12) starts one of its lines, and the events after it
(evade rolls, damage, moves, shoves, stuns, skipped lines) become that line's short outcome
notes. The card stays on screen until the next action after it has resolved.

:func:`draw_boss_column` draws, in a column at the board's right edge, the boss's health dial
(numbers, the Enrage mark, R-BOSS-7, DV-6) and the behaviour card with the line being resolved
highlighted in step with the animation. Everything is read from events and ``View``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from .presenters.anim import FLIP_S

from ..engine import Event
from ..engine.query import Game, View
from ..i18n import N_, _, _f, language
from ..i18n.messages import value
from . import theme as T
from .rulebook import word_zone
from .ruleids import rule_tag, showing, tagged
from .words import offered, words
from .widgets import Zone, Zones

if TYPE_CHECKING:
    from .presenters.anim import Animator
    from .art import Art

COLUMN_W = 256  # the boss column at the board's right edge


@dataclass
class BossLine:
    text: "dict | str"  # the line as the engine's message reference (boss.line.*); a string in an old save
    kind: str  # MOVE | ATTACK | SPECIAL (DV-5 boot / claw / star)
    attack: str | None = None  # the attack an ATTACK line names (from the event payload)
    notes: list[tuple] = field(default_factory=list)  # (words, data, colour, event seq): see BossTracker.note


def line_words(ln: BossLine) -> str:
    """A behaviour-card line (R-BOSS-12) in the current language: the engine's message reference
    worded through the catalogues (an old save's English line through the UI catalogue)."""
    if isinstance(ln.text, dict):
        return value(ln.text, language())
    return _(ln.text)


@dataclass
class BossCard:
    """A behaviour card being (or just) resolved."""

    uid: str
    name: str
    text: str
    boss: str  # the boss's enemy uid
    boss_name: str
    lines: list[BossLine]
    current: int = -1  # the line the engine is on (from the last boss_line event)
    turn: int = 0  # the turn the card was drawn in (the engine may already be on the next one)
    seat: int = -1  # the active seat of that turn

    def done(self, state: Game) -> bool:
        """Resolved: the card lies in the behaviour discard pile (R-BOSS-17), or the boss is gone."""
        return self.uid in View.of(state).pile("behaviour_discard") or View.of(state).enemy(self.boss) is None



def _first(state: Game, cid: str | None) -> str:
    try:
        return _(View.of(state).scenario.content.characters[cid].name).replace("・", " ").split()[0]
    except (KeyError, AttributeError, IndexError):
        return str(cid)


class BossTracker:
    """The behaviour card on screen, built from events (nothing here changes the game)."""

    def __init__(self) -> None:
        self.card: BossCard | None = None
        self.seq = 0  # running count of events fed; notes show once the animation reaches theirs
        self.pre: tuple[int, int] = (0, -1)  # (turn, active seat) before the action being fed

    def before_action(self, state: Game) -> None:
        """A new action is about to be applied: a card that has fully resolved leaves the screen."""
        if self.card is not None and self.card.done(state):
            self.card = None
        self.pre = (View.of(state).turn, View.of(state).active_seat)

    def feed(self, state: Game, events: list[Event]) -> dict[int, dict]:
        """Take in one batch of events; returns animation tags per event index (``boss_line``,
        ``sweep``) for the animator."""
        tags: dict[int, dict] = {}
        q = View.of(state)
        for i, e in enumerate(events):
            d = e.data
            self.seq += 1
            if e.kind == "behaviour":
                boss = View.of(state).enemy(d.get("boss", ""))
                bname = q.enemy_def(boss).name if boss is not None else "The boss"
                text = str(d.get("card_text") or "")  # the card's own content text (worded where drawn)
                self.card = BossCard(str(d.get("card", "")), str(d.get("name", "Behaviour")), text,
                                     str(d.get("boss", "")), bname,
                                     [BossLine(t if isinstance(t, dict) else str(t), str(k), at) for t, k, at in
                                      zip(d.get("lines") or [], d.get("kinds") or [], d.get("attacks") or [])],
                                     turn=self.pre[0], seat=self.pre[1])
                continue
            c = self.card
            if c is None:
                continue
            if e.kind == "boss_line" and d.get("card") == c.uid:
                c.current = int(d.get("line", 0))
                tags[i] = {"boss_line": c.current, "card": c.uid}
                continue
            if not (0 <= c.current < len(c.lines)):
                continue
            ln = c.lines[c.current]
            note = self.note(state, e, c)
            if note is not None:
                tags[i] = {"seq": self.seq}
                if note[0] is MOVES and ln.notes and ln.notes[-1][0] is MOVES:  # one more square: counted
                    ln.notes[-1] = (MOVES, {"n": ln.notes[-1][1]["n"] + 1}, note[2], self.seq)
                else:
                    ln.notes.append((*note, self.seq))
                    del ln.notes[:-4]
            if e.kind == "evade" and d.get("enemy") == c.boss and d.get("frm") is not None and ln.attack:
                boss = View.of(state).enemy(c.boss)
                att = q.enemy_def(boss).attacks.get(ln.attack) if boss is not None else None
                if att is not None and att.sweep:  # R-BOSS-14: one evade roll per survivor
                    tags[i] = {**tags.get(i, {}), "sweep": True, "range": att.range}
        return tags

    @staticmethod
    def note(state: Game, e: Event, c: BossCard) -> tuple[Any, dict, tuple] | None:
        """What event ``e`` adds under the live line of card ``c``: (words, data, colour), worded when
        drawn, in the language of the moment (:func:`note_words`): ``words`` one of :data:`NOTES`' entries
        with ``data`` its blanks (``who``: a survivor id), :data:`MOVES` with ``n``, or an engine event
        (its own message); None: nothing to note."""
        d = e.data
        k = e.kind
        who = d.get("char")
        if k == "evade" and d.get("enemy") == c.boss:
            ok = bool(d.get("success"))
            key = ("keeps_footing" if ok else "falls") if e.rule == "DV-7" else ("evades" if ok else "is_hit")  # DV-7 Tremor
            if key == "is_hit" and offered(e):  # DV-8: not a hit while the re-roll is offered (retest 36 m24)
                return NOTES["reroll_offered"], {"who": who}, T.WARN
            return NOTES[key], {"who": who}, T.OK if ok else T.BAD
        if k == "reroll":
            ok = bool(d.get("success"))
            return NOTES["reroll_evades" if ok else "reroll_hit"], {"who": d.get("char")}, T.OK if ok else T.BAD
        if k == "damage" and d.get("char"):
            return NOTES["hurt"], {"who": who, "n": d.get("n", 1), "health": int(d.get("health", 0))}, T.BAD
        if k == "enemy_move" and d.get("enemy") == c.boss:
            if e.rule == "R-BOSS-20":
                return NOTES["charges"], {}, T.WARN
            if e.rule == "DV-7":
                return None  # Burrow: the boss_special line already says where it erupts
            return MOVES, {"n": 1}, T.WARN
        if k == "push":
            key = ("shoved" if e.rule == "R-BOSS-5" else "pushed") + ("" if d.get("char") else "_enemy")
            return NOTES[key], {"who": who}, T.WARN
        if k == "shove":
            return NOTES["no_shove"], {}, T.MUTED
        if k == "stun":
            return NOTES["stunned"], {"who": who}, T.BAD
        colour = {"poison": (140, 230, 80), "boss_idle": T.MUTED, "boss_special": T.GOLD, "killed": T.BAD, "enrage": T.BAD,
                  "unconscious": T.BAD}.get(k)  # (R-BOSS-18/19 boss_idle: the line is skipped, and why)
        return (e, {}, colour) if colour is not None else None  # the engine's own line, by its message id


#: the notes under a behaviour line (translated where drawn: note_words)
NOTES = {"keeps_footing": N_("{who} keeps footing"), "falls": N_("{who} falls"), "evades": N_("{who} evades"),
         "is_hit": N_("{who} is hit"), "reroll_offered": N_("{who}: re-roll offered"), "reroll_evades": N_("{who} re-roll: evades"),
         "reroll_hit": N_("{who} re-roll: still hit"), "hurt": N_("{who} -{n} ({health})"),
         "charges": N_("charges into the target's square"), "shoved": N_("{who} shoved"), "pushed": N_("{who} pushed"),
         "shoved_enemy": N_("an enemy shoved"), "pushed_enemy": N_("an enemy pushed"), "no_shove": N_("nowhere to shove"),
         "stunned": N_("{who} stunned")}
MOVES = "moves"  # (a marker: "moves N squares", counted per square, worded by note_words)


def note_words(state: Game, words_of: Any, data: dict) -> str:
    """A note of a behaviour line (BossTracker.note) in the current language."""
    if isinstance(words_of, Event):
        return words(words_of)
    if words_of is MOVES:
        return _f("moves {n} square", n=data["n"]) if data["n"] == 1 else _f("moves {n} squares", n=data["n"])
    blanks = dict(data)
    if "who" in blanks:
        blanks["who"] = _first(state, blanks["who"]) if blanks["who"] else _("Quick Reflexes")
    if "health" in blanks:
        blanks["health"] = _(T.HEALTH_LABELS.get(blanks["health"], ""))
    return _f(words_of, **blanks)


# ==================================================================== drawing
def column_rect(board_rect: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(board_rect.right - COLUMN_W, board_rect.top, COLUMN_W, board_rect.height)


def shows_column(state: Game, tracker: BossTracker | None) -> bool:
    """A boss lives, or its last behaviour card is still on screen."""
    return View.of(state).boss() is not None or (tracker is not None and tracker.card is not None)


def enrage_at(state: Game, boss) -> int | None:
    """The dial value at or below which the boss is enraged (DV-6; solo value in solo, R-SOLO-5)."""
    return View.of(state).enrage_at(boss)


def trapped(state: Game) -> list[str]:
    """Survivors on the living boss's tile: they cannot leave it (R-BOSS-8)."""
    q = View.of(state)
    return [c.cid for c in View.of(state).characters if not c.exited and q.held_by_boss(c)]


def draw_dial(surf: pygame.Surface, ctr: tuple[int, int], rad: int, left: int, full: int, enr: int | None,
              enraged: bool) -> None:
    """A ring dial: the lit arc is the health left, a notch marks Enrage, numbers in the middle."""
    pygame.draw.circle(surf, (12, 10, 12), ctr, rad + 3)
    pygame.draw.circle(surf, (56, 44, 44), ctr, rad, 9)
    frac = max(0.0, min(1.0, left / full)) if full else 0.0
    col = T.BAD if enraged else (T.OK if frac > 0.5 else T.WARN)
    if frac > 0:
        box = pygame.Rect(0, 0, rad * 2, rad * 2)
        box.center = ctr
        start = math.pi / 2 - frac * math.tau
        pygame.draw.arc(surf, col, box, start, math.pi / 2, 9)
        pygame.draw.arc(surf, col, box.inflate(-2, -2), start, math.pi / 2, 9)
    if enr is not None and full:  # the Enrage notch at its dial value
        a = math.pi / 2 - (enr / full) * math.tau
        p0 = (ctr[0] + math.cos(a) * (rad - 12), ctr[1] - math.sin(a) * (rad - 12))
        p1 = (ctr[0] + math.cos(a) * (rad + 7), ctr[1] - math.sin(a) * (rad + 7))
        pygame.draw.line(surf, (0, 0, 0), p0, p1, 6)
        pygame.draw.line(surf, (255, 90, 60), p0, p1, 3)
    T.text(surf, f"{left}/{full}", (ctr[0], ctr[1] - 2), 19 if full < 100 else 16, T.TEXT, bold=True, anchor="center")
    T.text(surf, "HP", (ctr[0], ctr[1] + 15), 10, T.MUTED, bold=True, anchor="center")


def draw_boss_column(surf: pygame.Surface, rect: pygame.Rect, state: Game, tracker: BossTracker | None,
                     anim: "Animator | None", art: "Art", zones: Zones, time: float) -> list[str]:
    """The boss column: health dial, R-BOSS-8 reminder, and the behaviour card (or the deck).
    Returns the main texts drawn (name, dial, card name and lines) for tests."""

    shown: list[str] = []
    pygame.draw.rect(surf, (16, 13, 16), rect)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
    q = View.of(state)
    boss = q.boss()
    x, y, w = rect.left + 12, rect.top + 8, rect.width - 22
    card = tracker.card if tracker is not None else None
    if boss is not None:
        d = q.enemy_def(boss)
        dial = q.boss_dial() or (0, 1)
        enr = enrage_at(state, boss)
        enraged = q.enraged(boss)
        shown += [d.name, f"{dial[0]}/{dial[1]}"] + (["ENRAGED"] if enraged else [])

        word_zone(zones, T.text(surf, _("BOSS"), (x, y), 11, T.MUTED, bold=True), "boss")  # hover/click: bosses
        if showing():
            T.text(surf, "R-BOSS-7", (rect.right - 10, y), 10, (200, 90, 80), mono=True, anchor="topright")
        y += 15
        T.text(surf, _(d.name), (x, y), 17, T.GOLD, bold=True)
        y += 26
        ctr = (x + 46, y + 46)
        draw_dial(surf, ctr, 40, dial[0], dial[1], enr, enraged)
        tx = x + 100
        img = art.get(T.enemy_sprite(boss.type), 34)
        if img is not None:
            surf.blit(img, (rect.right - 44, y - 28))
        T.text(surf, _f("Health {left} of {full}", left=dial[0], full=dial[1]), (tx, y + 4), 14, T.TEXT, bold=True)
        T.text(surf, _f("Move {n} · large base", n=str(d.move) + (" +1" if enraged else "")), (tx, y + 24), 12, T.MUTED)
        if enr is not None:
            if enraged:
                badge = pygame.Rect(tx, y + 42, w - (tx - x), 48)
                pulse = 0.5 + 0.5 * math.sin(time * 5)
                pygame.draw.rect(surf, T.lerp((90, 16, 14), (140, 26, 20), pulse), badge, border_radius=5)
                pygame.draw.rect(surf, T.BAD, badge, 1, border_radius=5)
                T.text(surf, _("ENRAGED"), (badge.left + 6, badge.top + 2), 13, (255, 220, 200), bold=True)
                T.text(surf, _("Move +1"), (badge.left + 6, badge.top + 18), 11, (255, 200, 190))
                T.text(surf, _("evade +1 (max 3)"), (badge.left + 6, badge.top + 31), 11, (255, 200, 190))
            else:
                T.text(surf, _f("Enrage at {n} or less", n=enr), (tx, y + 44), 12, (255, 120, 90), bold=True)
                T.text(surf, _("(the red notch)"), (tx, y + 60), 11, T.MUTED)
        zones.add(Zone(pygame.Rect(x, y, w, 92), "item_info", None, True,
                       f"{d.name}: health dial {dial[0]}/{dial[1]} (R-BOSS-7)." +
                       (f" Enrage (DV-6) at {enr} or less: Move +1, every attack one step harder to evade."
                        if enr is not None else "") + " Never reacts, never leaves its tile, cannot be pushed "
                       "(R-BOSS-2..4)."))
        y += 98
        who = trapped(state)
        if who:
            names = ", ".join(_first(state, c) for c in who)
            shown.append("No way out until it is dead (R-BOSS-8)")
            r = pygame.Rect(x - 2, y, w + 4, 36)
            pygame.draw.rect(surf, (40, 20, 20), r, border_radius=5)
            pygame.draw.rect(surf, (120, 40, 36), r, 1, border_radius=5)
            T.text(surf, _("No way out until it is dead"), (r.left + 6, r.top + 3), 12, (255, 170, 150), bold=True)
            T.text(surf, names + (" · R-BOSS-8" if showing() else ""), (r.left + 6, r.top + 19), 11,
                   T.MUTED)
            zones.add(Zone(r, "item_info", None, True, "A survivor on the boss's tile cannot leave it until the "
                           "boss is killed: no moves out, no stairwells, no exit (R-BOSS-8)."))
            y += 42
    elif card is not None:
        T.text(surf, _f("{boss} is dead", boss=_(card.boss_name)), (x, y + 6), 16, T.OK, bold=True)
        y += 34
    cr = pygame.Rect(x - 4, y + 2, w + 8, rect.bottom - y - 10)
    if card is not None:
        t = None
        if anim is not None:
            if card.uid != anim.bflip_key:  # a new behaviour card is turned over (R-BOSS-11)
                anim.bflip_key, anim.bflip_t = card.uid, 0.0
            t = anim.bflip_t / FLIP_S if anim.bflip_t < FLIP_S else None
        if t is None:
            draw_card(surf, cr, state, card, anim, art, time)
        else:  # the back narrows to an edge, then the face widens (a click skips it)
            face = pygame.Surface(cr.size, pygame.SRCALPHA)
            if t < 0.5:
                pygame.draw.rect(face, (40, 20, 24), face.get_rect(), border_radius=8)
                pygame.draw.rect(face, (150, 96, 40), face.get_rect(), 3, border_radius=8)
                mark = art.get("bh_SPECIAL", min(64, cr.width // 2)) if art is not None else None
                if mark:
                    face.blit(mark, mark.get_rect(center=face.get_rect().center))
                w_ = max(2, int(cr.width * (1 - 2 * t)))
            else:
                draw_card(face, face.get_rect(), state, card, anim, art, time)
                w_ = max(2, int(cr.width * (2 * t - 1)))
            img = pygame.transform.smoothscale(face, (w_, cr.height))
            surf.blit(img, img.get_rect(center=cr.center))
        shown += [card.name] + [line_words(ln) for ln in card.lines]
    else:
        left = View.of(state).pile_size("behaviour")
        gone = View.of(state).pile_size("behaviour_discard")
        pygame.draw.rect(surf, (26, 22, 26), cr, border_radius=8)
        pygame.draw.rect(surf, (70, 60, 64), cr, 1, border_radius=8)

        word_zone(zones, T.text(surf, _("BEHAVIOUR DECK"), (cr.left + 10, cr.top + 8), 11, T.MUTED, bold=True),
                  "behaviour_deck")
        T.text(surf, _f("{left} cards · {gone} discarded", left=left, gone=gone), (cr.left + 10, cr.top + 26), 14, T.TEXT)

        T.text_block(surf, tagged(_("When the active survivor is on its tile in the tension phase, a behaviour "
                                    "card is drawn instead of a tension card and resolved line by line."),
                                  "R-BOSS-11, R-BOSS-12", None, "()"),
                     pygame.Rect(cr.left + 10, cr.top + 48, cr.width - 20, cr.height - 54), 12, T.MUTED)
    return shown


def shown_line(card: BossCard, anim: "Animator | None") -> int:
    """The line highlighted now: the animation's, so it moves in step with what is drawn."""
    if anim is not None:
        now = anim.boss_line_now()
        if now is not None and now[0] == card.uid:
            return now[1]
        if any(s.kind == "boss_line" and (s.data or {}).get("card") == card.uid for s in anim.steps):
            return -1
    return card.current


def draw_card(surf: pygame.Surface, cr: pygame.Rect, state: Game, card: BossCard, anim: "Animator | None",
              art: "Art", time: float) -> None:
    """The behaviour card: name, text, its lines (icon, text, outcome notes), the live one lit."""
    done = card.done(state) and not (anim is not None and anim.busy)
    now = len(card.lines) if done else shown_line(card, anim)
    edge = T.GOLD
    pygame.draw.rect(surf, (0, 0, 0), cr.move(2, 3), border_radius=8)
    pygame.draw.rect(surf, (34, 28, 30), cr, border_radius=8)
    pygame.draw.rect(surf, edge, cr, 2, border_radius=8)
    x, y, w = cr.left + 10, cr.top + 8, cr.width - 20
    T.text(surf, _("BEHAVIOUR CARD"), (x, y), 11, T.MUTED, bold=True)

    rule_tag(surf, "R-BOSS-11", (cr.right - 8, y), 10)
    y += 15
    T.text(surf, _(card.name), (x, y), 19, T.TEXT, bold=True)
    y += 27
    y = T.text_block(surf, _(card.text), pygame.Rect(x, y, w, 48), 12, (200, 188, 172), max_lines=3) + 4
    pygame.draw.line(surf, (80, 64, 60), (x, y), (x + w, y), 1)
    y += 6
    p = View.of(state).pending
    waiting = p is not None and p.kind != "act" and not View.of(state).over and not card.done(state)
    wait_lines = T.wrap(_f("Waiting: {what}", what=words(p)), 12, w - 30, True)[:2] if waiting else []
    seen = None if (done or anim is None or not anim.busy) else anim.seq_now()
    for i, ln in enumerate(card.lines):
        said = [(note_words(state, w_, dt), c) for w_, dt, c, q in ln.notes if seen is None or q <= seen] if i <= now else []
        # each note wrapped to the card's width (retest 36 m28: "Rush: the next Move line ignores th…" and
        # "Vera Castellan falls unconscious." ran past the card's edge)
        notes = [(("· " if k == 0 else "  ") + part, c) for text, c in said
                 for k, part in enumerate(T.wrap(text, 12, w - 40)[:3])]
        live = i == now and not done
        head = T.wrap(f"{i + 1}. {line_words(ln)}", 13, w - 46, live)[:2]
        lh = 10 + 18 * len(head) + 15 * len(notes) + (16 * len(wait_lines) if (waiting and i == now) else 0)
        lr = pygame.Rect(x - 4, y, w + 8, lh)
        if lr.bottom > cr.bottom - 4:
            T.CUT.append(ln.text)  # lines left out: the text-fit test reports it
            T.text(surf, "…", (x, y), 13, T.MUTED)
            break
        if live:
            pulse = 0.5 + 0.5 * math.sin(time * 6)
            pygame.draw.rect(surf, T.lerp((70, 54, 20), (96, 74, 26), pulse), lr, border_radius=6)
            pygame.draw.rect(surf, T.GOLD, lr, 2, border_radius=6)
        elif i < now:
            pygame.draw.rect(surf, (40, 36, 38), lr, border_radius=6)
        icon = art.get(f"bh_{ln.kind}", 22)
        if icon is not None:
            if i > now:
                icon = icon.copy()
                icon.set_alpha(110)
            surf.blit(icon, (x, y + 3))
        col = T.TEXT if live else (T.MUTED if i < now else T.DIM)
        for k, hl in enumerate(head):
            T.text(surf, hl, (x + 28, y + 5 + 18 * k), 13, col, bold=live)
        if i < now or (done and i < len(card.lines)):  # a drawn tick: resolved
            cx, cy = lr.right - 14, y + 13
            pygame.draw.lines(surf, T.OK, False, [(cx - 6, cy), (cx - 2, cy + 4), (cx + 6, cy - 5)], 3)
        yy = y + 8 + 18 * len(head)
        for text, ncol in notes:
            T.text(surf, text, (x + 28, yy), 12, ncol if (live or i < now) else T.DIM)
            yy += 15
        if waiting and i == now:
            for wl in wait_lines:
                T.text(surf, wl, (x + 28, yy), 12, T.CHOICE_HL, bold=True)
                yy += 16
        y += lh + 4
    if done:
        T.text(surf, _("Resolved — stays until the next action"), (cr.centerx, cr.bottom - 12), 11, T.DIM,
               anchor="center")
