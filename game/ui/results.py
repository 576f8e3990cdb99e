"""What happened in a game, for the results screen: computed in the UI from the engine's events
by replaying the game's record (``seed`` + actions) with the public API, so a loaded, undone
or finished game gives the same figures.

Figures: player turns, damage taken and dealt per survivor (dealt = wounds the survivor's own
actions put on enemies, killing blows counted up to the enemy's health left), enemies killed by
type, items found (searches, R-SEARCH-2), tension cards drawn (R-TENSION-1) and who saved whom
(revives R-HEALTH-9 and herbs used on another survivor R-HERB-4).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pygame

from .. import i18n
from ..engine import Action, apply, is_message_id, new_game_events
from ..engine.query import Game, View
from ..i18n import N_, _, _f
from ..i18n.messages import value
from . import theme as T
from .modes import kit_for
from .ruleids import tagged
from .words import Said, words
from .theme import fit
from .widgets import button, panel

#: "who saved whom" lines (the results screen)
SAVED = {"revived": N_("{a} revived {b}"), "healed": N_("{a} healed {b}")}
#: the results screen's words a mode's kit may change (``ModeKit.results_words``)
RESULT_WORDS = {"won": N_("SCENARIO WON"), "lost": N_("SCENARIO FAILED"), "who": N_("Survivor")}
#: the parts below the players' rows (``ModeKit.results_parts``)
RESULT_PARTS = ("enemies", "tension", "saves")


@dataclass
class SurvivorStats:
    cid: str
    name: str
    damage_taken: int = 0
    damage_dealt: int = 0
    kills: int = 0
    items: list[str] = field(default_factory=list)


@dataclass
class GameStats:
    turns: int = 0
    survivors: dict[str, SurvivorStats] = field(default_factory=dict)
    killed: Counter = field(default_factory=Counter)  # enemy name -> how many
    killed_types: dict[str, str] = field(default_factory=dict)  # enemy name -> type id (for its picture)
    tension: Counter = field(default_factory=Counter)  # tension card name -> times drawn
    saves: list[tuple[str, str, str]] = field(default_factory=list)  # (who, whom, how)
    #: issue 25 item 3, why a scenario ended: survivor id -> (turn, what knocked them down) for each
    #: survivor who fell unconscious (R-HEALTH-4), the last fall kept; "what" is a :data:`CAUSES` key
    #: with its blanks, e.g. ("enemy", {"enemy": "Zombie", "attack": "Bite"})
    fell: dict[str, tuple[int, str, dict[str, str]]] = field(default_factory=dict)
    last_card: str = ""  # the name of the last tension card drawn (R-TENSION-1), "" when none
    aimed: dict[str, tuple[str, dict[str, str]]] = field(default_factory=dict)  # the last attack on each survivor

    @property
    def tension_drawn(self) -> int:
        return sum(self.tension.values())


def _name(state: Game, cid: str) -> str:
    try:
        return View.of(state).scenario.content.characters[cid].name
    except (KeyError, AttributeError):
        return cid


def stats_of(state: Game, party: list[tuple[str, int]]) -> GameStats:
    """Replay ``state``'s record from its seed and count what happened. A record that no longer
    replays (content changed since) gives the figures up to the first step that fails."""
    st = GameStats(turns=View.of(state).turn)
    for c in View.of(state).characters:
        st.survivors[c.cid] = SurvivorStats(c.cid, _name(state, c.cid))
    try:
        s, events = new_game_events(View.of(state).scenario, party, View.of(state).seed, View.of(state).manual)
    except Exception:  # noqa: BLE001 - a results screen never fails: no figures then
        return st
    _feed(st, s, events, None, {}, None)
    for rec in View.of(state).record():
        actor = None
        if View.of(s).pending is not None and 0 <= View.of(s).pending.seat < len(View.of(s).characters):
            actor = View.of(s).characters[View.of(s).pending.seat].cid
        q = View(s)
        before = {e.uid: (e.type, max(0, q.enemy_hp(e) - e.wounds)) for e in View.of(s).enemies}
        try:
            a = Action(**rec)
            events = apply(s, a)
        except Exception:  # noqa: BLE001
            break
        if len(events) == 1 and events[0].kind == "impossible":
            break
        _feed(st, s, events, actor, before, a)
    return st


#: what knocked a survivor down (issue 25 item 3), by the kind of the blow; English, translated where shown
CAUSES = {"enemy": N_("hit by the {enemy}"), "enemy_attack": N_("hit by the {enemy} ({attack})"),
          "card": N_("hurt by the tension card {card}"), "poison": N_("poison"), "fire": N_("the fire"),
          "blast": N_("the blast of an explosive barrel"), "other": N_("{what}")}


def _attacker(s: Game, ev: Any) -> tuple[str, dict[str, str]]:
    """The enemy (and its attack when not the basic one) of an "evade" or "enemy_attack" event."""
    q = View.of(s)
    ct = q.scenario.content
    pd = ev.data or {}
    e = q.enemy(str(pd.get("enemy"))) if pd.get("enemy") else None
    ed = ct.enemies.get(e.type) if e is not None else None
    name = ed.name if ed is not None else str(pd.get("label", "")).split(" attacks ")[0] or "enemy"
    att = str(pd.get("attack") or "")
    if ed is not None and att and ed.basic is not None and att != ed.basic.name:
        return "enemy_attack", {"enemy": name, "attack": att}
    return "enemy", {"enemy": name}


def _blow(st: GameStats, s: Game, ev: Any, batch: list, i: int) -> tuple[str, dict[str, str]]:
    """What dealt the damage of ``batch[i]`` (a "damage" event): the enemy attack that hit (R-EATK-3;
    its evade roll may lie in an earlier batch when Quick Reflexes was asked, DV-8), the hazard the
    event names (its ``why``: poison R-POISON-3, fire R-FIRE-2/3, blast R-BARREL-2) or a tension card drawn in the same batch.
    Returns a :data:`CAUSES` key and its blanks (English names)."""
    ct = View.of(s).scenario.content
    d = ev.data or {}
    rule = ev.rule or ""
    why = (ev.params or {}).get("why")  # the hazard the engine names (message id cause.<key>), not its rule ID
    hazard = why.get("id", "").removeprefix("cause.") if isinstance(why, dict) else ""
    if hazard in ("poison", "fire", "blast"):
        return hazard, {}
    if rule == "R-EATK-3" and d.get("char") in st.aimed:
        return st.aimed[d["char"]]
    for prev in reversed(batch[:i]):
        if prev.kind == "tension":
            pd = prev.data or {}
            td = ct.tension.get(str(pd.get("defn", "")))
            return "card", {"card": td.name if td is not None else str(pd.get("defn", "?"))}
    return "other", {"what": Said.of(ev)}  # the engine's own line ("... suffers 2 damage from the eruption: ..."), by id


def _feed(st: GameStats, s: Game, events: list, actor: str | None, before: dict[str, tuple[str, int]],
          action: Any) -> None:
    ct = View.of(s).scenario.content
    for i, ev in enumerate(events):
        k, d = ev.kind, ev.data or {}
        if k == "damage" and d.get("char") in st.survivors:
            st.survivors[d["char"]].damage_taken += int(d.get("n") or 0)
            if int(d.get("health") or 0) >= 6:  # R-HEALTH-4: this blow knocked the survivor down
                st.fell[d["char"]] = (View.of(s).turn, *_blow(st, s, ev, events, i))
        elif k in ("evade", "enemy_attack") and d.get("char"):
            st.aimed[str(d["char"])] = _attacker(s, ev)
        elif k == "wounded" and actor in st.survivors:
            st.survivors[actor].damage_dealt += int(d.get("n") or 0)
        elif k == "killed":
            etype = str(d.get("type", ""))
            ed = ct.enemies.get(etype)
            name = ed.name if ed is not None else etype
            st.killed[name] += 1
            st.killed_types[name] = etype
            if actor in st.survivors:
                st.survivors[actor].kills += 1
                st.survivors[actor].damage_dealt += before.get(str(d.get("enemy")), ("", 1))[1]
        elif k == "tension":
            td = ct.tension.get(str(d.get("defn", "")))
            st.tension[td.name if td is not None else str(d.get("defn", "?"))] += 1
            st.last_card = td.name if td is not None else str(d.get("defn", "?"))
        elif k == "search" and actor in st.survivors and (d.get("item") or d.get("card")):
            defn = d.get("item") or (View.of(s).card(d["card"]).defn if View.of(s).has_card(d.get("card")) else "")
            idef = ct.items.get(str(defn))
            st.survivors[actor].items.append(idef.name if idef is not None else str(defn))
        elif k == "revive" and actor in st.survivors and d.get("char") in st.survivors and d["char"] != actor:
            st.saves.append((st.survivors[actor].name, st.survivors[d["char"]].name, "revived"))
        elif (k == "use" and d.get("herbs") and actor in st.survivors and action is not None
              and getattr(action, "target", None) in st.survivors and action.target != actor):
            st.saves.append((st.survivors[actor].name, st.survivors[action.target].name, "healed"))


# ================================================================== the screen
def draw_results(surf, scene, app) -> list[str]:
    """The results screen: the outcome, then a row per survivor (portrait, how they ended, damage
    taken and dealt, kills, items found), enemies killed by type with their pictures, tension
    cards drawn and who saved whom. The mode's kit (``game.ui.modes.kit_for``) may give its own
    words, headline, columns and parts (``ModeKit.results_*``). Registers the 'menu' and 'again'
    buttons in ``scene.zones``. Returns the texts drawn (tests read them)."""
    s = scene.state
    kit = kit_for(s)
    said = {**RESULT_WORDS, **kit.results_words}
    parts = RESULT_PARTS if kit.results_parts is None else tuple(kit.results_parts)
    own_cols = kit.results_columns(s)
    if getattr(scene, "stats", None) is None:
        scene.stats = stats_of(s, scene.party)
    st: GameStats = scene.stats
    texts: list[str] = []

    def text(msg, pos, size, col, **kw):
        texts.append(msg)
        return T.text(surf, msg, pos, size, col, **kw)

    bg = app.art.get("menu_bg", T.W, T.H)
    if bg:
        surf.blit(bg, (0, 0))
    ok = View.of(s).result == "success"
    edge = T.OK if ok else T.BAD
    r = pygame.Rect(0, 0, 1040, 640)
    r.center = (T.W // 2, T.H // 2)
    panel(surf, r, None, fill=(22, 18, 22), edge=edge)
    pygame.draw.rect(surf, edge, r, 3, border_radius=8)
    text(_(said["won"]) if ok else _(said["lost"]), (r.centerx, r.top + 34), 34, edge, bold=True, anchor="center")
    name = _(View.of(s).scenario.brief.name) if View.of(s).scenario else View.of(s).scenario_id
    headline = kit.results_headline(s, st)
    if headline is None:
        headline = _f("{name}  ·  {turns} player turns  ·  {drawn} tension cards drawn", name=name, turns=st.turns,
                      drawn=st.tension_drawn)
    text(headline, (r.centerx, r.top + 70), 16, T.GOLD, anchor="center")
    # why it ended (issue 25 item 3): the condition, who fell to what, the last tension card
    why = [ln for sentence in cause_lines(s, st) for ln in T.wrap(sentence, 14, r.width - 80)]
    for i, ln in enumerate(why[:3]):
        text(ln, (r.centerx, r.top + 94 + i * 18), 14, T.TEXT, anchor="center")
    # --- one row per survivor
    x0 = r.left + 30
    if own_cols is not None:  # the mode's own figures, evenly from x0 + 250
        step = (r.right - 30 - (x0 + 250)) // max(1, len(own_cols))
        cols = [(_(said["who"]), x0 + 44)] + [(_(h), x0 + 250 + i * step) for i, (h, _v) in enumerate(own_cols)]
    else:
        cols = [(_(said["who"]), x0 + 44), (_("Ended"), x0 + 250), (_("Damage taken"), x0 + 370), (_("Dealt"), x0 + 490),
                (_("Kills"), x0 + 570), (_("Items found"), x0 + 640)]
    y = r.top + 152
    for label, x in cols:
        text(label, (x, y), 12, T.MUTED, bold=True)
    y += 20
    ct = View.of(s).scenario.content
    for c in View.of(s).characters:
        sv = st.survivors.get(c.cid) or SurvivorStats(c.cid, _name(s, c.cid))
        cd = ct.characters[c.cid]
        app.art.portrait(surf, c.cid, (x0 + 20, y + 20), 19, tuple(cd.colour), down=c.health > 5)
        status = _("got out") if c.exited else _("died") if c.dead else _(T.HEALTH_LABELS.get(c.health, "?"))
        text(_(sv.name), (x0 + 44, y + 10), 16, T.TEXT, bold=True)
        if own_cols is not None:
            for (_h, value), (_l, cx) in zip(own_cols, cols[1:]):
                text(str(value(c, st)), (cx, y + 11), 15, T.TEXT)
            y += 46
            continue
        text(status, (cols[1][1], y + 11), 15, T.OK if c.exited or c.health <= 2 else T.WARN if c.health <= 5
             else T.BAD)
        text(str(sv.damage_taken), (cols[2][1], y + 11), 15, T.TEXT)
        text(str(sv.damage_dealt), (cols[3][1], y + 11), 15, T.TEXT)
        text(str(sv.kills), (cols[4][1], y + 11), 15, T.TEXT)
        # the items found, each name once with its count, on up to two lines; what does not fit is
        # counted ("+2 more"), never cut in the middle of a name (issue 25: Japanese names were cut)
        counts = Counter(sv.items)
        names = [_(x) + (f" ×{n}" if n > 1 else "") for x, n in counts.items()]
        room = r.right - 30 - cols[5][1]
        rows_: list[str] = []
        left = list(names)
        while left and len(rows_) < 2:
            row = left.pop(0)
            while left and T.font(13).size(row + _(", ") + left[0])[0] <= room - 60:
                row += _(", ") + left.pop(0)
            rows_.append(row)
        if left:
            rows_[-1] += " " + _f("+{n} more", n=len(left))
        for k, row in enumerate(rows_ or ["—"]):
            text(row, (cols[5][1], y + (12 if len(rows_) < 2 else 4) + k * 17), 13, T.TEXT if sv.items else T.DIM)
        y += 46
    # --- enemies killed, by type, with their pictures
    y = max(y + 8, r.top + 380)
    if parts:
        pygame.draw.line(surf, (70, 56, 62), (r.left + 24, y - 8), (r.right - 24, y - 8), 1)
    if "enemies" in parts:
        text(_("Enemies killed"), (x0, y), 13, T.MUTED, bold=True)
        x = x0
        yy = y + 22
        if not st.killed:
            text(_("none"), (x, yy + 8), 15, T.DIM)
        for ename, n in st.killed.most_common():
            img = app.art.get(T.enemy_sprite(st.killed_types.get(ename, "")), 40) or app.art.get("enemy_generic", 40)
            if img:
                surf.blit(img, (x, yy))
            lab = text(f"{_(ename)} ×{n}", (x + 46, yy + 20), 15, T.TEXT, anchor="midleft")
            x = lab.right + 22
            if x > r.centerx + 40:
                break
    # --- tension cards and who saved whom
    if "tension" in parts:
        tx = r.centerx + 80
        text(_("Tension cards drawn"), (tx, y), 13, T.MUTED, bold=True)
        ty = y + 22
        for tname, n in st.tension.most_common(4):
            text(f"{_(tname)} ×{n}", (tx, ty), 14, T.TEXT)
            ty += 20
        if not st.tension:
            text(_("none"), (tx, ty), 14, T.DIM)
    if "saves" in parts:
        sy = r.bottom - 116
        text(_("Who saved whom"), (x0, sy), 13, T.MUTED, bold=True)
        line = "; ".join(_f(SAVED.get(how, "{a} helped {b}"), a=_(a), b=_(b)) for a, b, how in st.saves[:3]) if st.saves \
            else _("nobody needed saving")
        text(fit(line, 14, r.width - 60), (x0, sy + 20), 14, T.TEXT if st.saves else T.DIM)
    button(surf, scene.zones, pygame.Rect(r.centerx - 170, r.bottom - 60, 160, 44), _("Main menu"), "menu",
           hover=scene.mouse, primary=True, size=17)
    button(surf, scene.zones, pygame.Rect(r.centerx + 10, r.bottom - 60, 160, 44), _("Play again"), "again",
           hover=scene.mouse, size=17)
    return texts


def reason_words(why: dict | str | None, english: str = "", show_ids: bool | None = None) -> str:
    """Why a scenario or a campaign ended, in the current language: the engine's reason reference
    ``why`` (``View.result_why``, a campaign's ``result_why`` or an attempt's ``why``: a message or a
    content text, with its ``rule``) worded through the catalogues, the rule ID after it only with
    "Show rule IDs" (``show_ids``, None: the setting). A save made before the engine kept the
    reference has only its ``english`` words: shown as they are (rule IDs hidden the same way)."""
    if isinstance(why, str):  # (a rule set that words its reasons itself: shown as it is)
        english, why = why, None
    if not why and english and is_message_id(english.strip()):  # (a rule set that keeps an id as its reason)
        why = {"t": "msg", "id": english.strip()}
    if not why:
        return (english or "").strip()  # (an old save's English reason, as it was written)
    text = value(why, i18n.language()).strip()
    rule = str(why.get("rule") or "")
    return tagged(text, rule, show_ids, "()")


def cause_lines(state: Game, st: GameStats, show_ids: bool | None = None) -> list[str]:
    """Why the scenario ended, in the current language (issue 25 item 3: a failed scenario said no
    more than "failure"): the reason the rules gave (which condition: a death R-HEALTH-10, an
    extra failure R-SCEN-8, the tension deck R-TENSION-8, ...), then each survivor who fell, when
    and to what (an enemy's attack, a tension card, poison, fire), and on a failure the last
    tension card drawn. Rule IDs only with "Show rule IDs" (``show_ids``, None: the setting).
    Returns one sentence per entry, [] while the game is not over."""
    q = View.of(state)
    if q.result is None:
        return []
    stop = "。" if i18n.language() == "ja" else "."

    def sentence(text: str) -> str:
        text = text.strip()
        text = text[:1].upper() + text[1:]
        return text if not text or text[-1] in ".。!！" else text + stop

    ok = q.result == "success"
    reason = reason_words(q.result_why, q.result_reason, show_ids)
    out = [sentence(_f("Scenario won: {why}", why=reason) if ok else _f("Scenario failed: {why}", why=reason))] \
        if reason else []
    for c in q.characters:
        got = st.fell.get(c.cid)
        if got is None or c.exited or (c.health < 6 and not c.dead):
            continue  # fell and got up again (revived): not why it ended
        turn, kind, blanks = got
        how = _f(CAUSES.get(kind, "{what}"), **{k: words(v) if kind == "other" else
                                                 _(v).removeprefix("The ")  # "the Stalker", never "the The Stalker"
                                                 for k, v in blanks.items()})
        name = _(_name(state, c.cid))
        out.append(sentence(_f("{name} fell on turn {n}: {how}", name=name, n=turn, how=how) if not c.dead else
                            _f("{name} fell on turn {n} and died: {how}", name=name, n=turn, how=how)))
    if not ok and st.last_card:
        out.append(sentence(_f("The last tension card drawn: {card}", card=_(st.last_card))))
    return out
