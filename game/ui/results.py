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

from ..engine import Action, apply, new_game_events
from ..engine.query import Game, View
from ..i18n import N_, _, _f

#: "who saved whom" lines (the results screen)
SAVED = {"revived": N_("{a} revived {b}"), "healed": N_("{a} healed {b}")}


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


def _feed(st: GameStats, s: Game, events: list, actor: str | None, before: dict[str, tuple[str, int]],
          action: Any) -> None:
    ct = View.of(s).scenario.content
    for ev in events:
        k, d = ev.kind, ev.data or {}
        if k == "damage" and d.get("char") in st.survivors:
            st.survivors[d["char"]].damage_taken += int(d.get("n") or 0)
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
    cards drawn and who saved whom. Registers the 'menu' and 'again' buttons in
    ``scene.zones``. Returns the texts drawn (tests read them)."""
    import pygame

    from . import theme as T
    from .widgets import button, panel

    s = scene.state
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
    text(_("SCENARIO WON") if ok else _("SCENARIO FAILED"), (r.centerx, r.top + 34), 34, edge, bold=True, anchor="center")
    name = _(View.of(s).scenario.brief.name) if View.of(s).scenario else View.of(s).scenario_id
    ev = getattr(scene, "result_event", None)  # the result event the play scene saw (issue 23: by message id)
    if ev is not None and isinstance(ev.params.get("reason"), dict):
        from ..i18n import language
        from ..i18n.messages import value

        reason = value(ev.params["reason"], language()) + (f" ({ev.params['rule']})" if ev.params.get("rule") else "")
    else:  # a finished game loaded from a save: the state's English reason
        from .sentences import translated

        reason = translated((View.of(s).result_reason or "").strip())
    from .. import i18n
    from .rulebook import player_text  # rule IDs only with "Show rule IDs"

    reason = player_text(reason[:1].upper() + reason[1:])
    if reason and reason[-1] not in ".。!！":
        reason += "。" if i18n.language() == "ja" else "."
    text(_f("{name}  ·  {turns} player turns  ·  {drawn} tension cards drawn", name=name, turns=st.turns,
            drawn=st.tension_drawn), (r.centerx, r.top + 70),
         16, T.GOLD, anchor="center")
    for i, ln in enumerate(T.wrap(reason, 15, r.width - 80)[:2]):
        text(ln, (r.centerx, r.top + 96 + i * 20), 15, T.TEXT, anchor="center")
    # --- one row per survivor
    x0 = r.left + 30
    cols = [(_("Survivor"), x0 + 44), (_("Ended"), x0 + 250), (_("Damage taken"), x0 + 370), (_("Dealt"), x0 + 490),
            (_("Kills"), x0 + 570), (_("Items found"), x0 + 640)]
    y = r.top + 146
    for label, x in cols:
        text(label, (x, y), 12, T.MUTED, bold=True)
    y += 20
    ct = View.of(s).scenario.content
    for c in View.of(s).characters:
        sv = st.survivors.get(c.cid) or SurvivorStats(c.cid, _name(s, c.cid))
        cd = ct.characters[c.cid]
        app.art.portrait(surf, c.cid, (x0 + 20, y + 20), 19, tuple(cd.colour), down=c.health > 5)
        status = _("got out") if c.exited else _(T.HEALTH_LABELS.get(c.health, "?"))
        text(_(sv.name), (x0 + 44, y + 10), 16, T.TEXT, bold=True)
        text(status, (cols[1][1], y + 11), 15, T.OK if c.exited or c.health <= 2 else T.WARN if c.health <= 5
             else T.BAD)
        text(str(sv.damage_taken), (cols[2][1], y + 11), 15, T.TEXT)
        text(str(sv.damage_dealt), (cols[3][1], y + 11), 15, T.TEXT)
        text(str(sv.kills), (cols[4][1], y + 11), 15, T.TEXT)
        items = ", ".join(_(x) for x in sv.items) if sv.items else "—"
        from .render import fit

        text(fit(items, 14, r.right - 30 - cols[5][1]), (cols[5][1], y + 12), 14, T.TEXT if sv.items else T.DIM)
        y += 46
    # --- enemies killed, by type, with their pictures
    y = max(y + 8, r.top + 380)
    pygame.draw.line(surf, (70, 56, 62), (r.left + 24, y - 8), (r.right - 24, y - 8), 1)
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
    tx = r.centerx + 80
    text(_("Tension cards drawn"), (tx, y), 13, T.MUTED, bold=True)
    ty = y + 22
    for tname, n in st.tension.most_common(4):
        text(f"{_(tname)} ×{n}", (tx, ty), 14, T.TEXT)
        ty += 20
    if not st.tension:
        text(_("none"), (tx, ty), 14, T.DIM)
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
