"""The manor's parts of the play screen (issue 14, rules/mansion.md): the kerosene counter and
the Burn action (M-KERO), the reserve with its wounds (M-RESERVE, MDV-9), the encounter card
drawn when a tile is explored or a corpse is checked (M-ENC), and the mission card with its
clue draws (M-MISSION). Scenario event cards open in the narrative dialog (M-EVENT, see
:mod:`game.ui.narrative`).

:class:`ManorKit` is the manor's kit (named in its registration, :mod:`game.ui.manor.mode`); its ``hud`` gives the
:class:`ManorHud` of a mansion game's play scene, which feeds it the engine's events, the side panel draws its strip between the dice and the
tension card, and it opens the :class:`MissionDialog` when a mission starts. It reads only the
public state (``state.mansion``), the scenario's content and the events' payloads; every button
carries an action from ``legal_actions`` / the pending decision.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...ai.mansion_bot import MansionDecisions
from ...engine import Action, Event
from ...i18n import N_, _, _f
from ...engine.query import Game, View
from .. import theme as T
from ..choices import describe, where_words
from ..kit import ModeKit
from ..rulebook import RulebookScene, word_tip, word_zone
from ..ruleids import rule_tag, tagged
from ..words import Said, colour_word, words
from ..scene import Command, Pop, Push, Scene
from ..widgets import Zone, button
from . import table

if TYPE_CHECKING:
    from ..app import App
    from ..play import PlayScene

#: the decisions a mission asks (M-MISSION-2, M-MISSION-8)
MISSION_DECISIONS = ("mission_assign", "mission_continue")
KILL_WOUNDS = 5  # M-MISSION-7
BOT_STEP_S = 1.2  # a bot's mission decision waits this long, so a person can follow the draws
STRIP_H = 70
#: the board's square tooltips in a manor game (game.ui.render.square_lines)
MANOR_TOKEN_TIPS = {  # translated where drawn (render.PlayView.square_lines)
    "corpse": N_("Corpse: acting here draws an encounter card; its hazard mark raises a zombie. Burn it "
                 "with kerosene."),
    "narrative": N_("Event-card token: the first survivor here draws a scenario event card."),
    "fixed_narrative": N_("Scenario event token: the first survivor here resolves the brief's event."),
    "mission": N_("Mission token: the first survivor here starts a mission for a reserve character."),
}
MANOR_TOKEN_RULES = {"corpse": "M-ENC-3, M-KERO-3", "narrative": "M-EVENT-3", "fixed_narrative": "M-EVENT-2",
                     "mission": "M-MISSION-1"}


class ManorKit(ModeKit):
    """The manor's kit (game.ui.modes): its strip, its tokens' hover texts, its rulebook
    section, and no exploration die (an encounter card is drawn instead, M-ENC-2)."""

    rulebook_section = "manor"  # F1 in a manor game opens on the manor's rules (play4)
    token_tips = MANOR_TOKEN_TIPS
    token_rules = MANOR_TOKEN_RULES
    hud_zones = ("manor_burn", "manor_info")
    info_zones = ("manor_info",)
    explore_tip = N_("The first survivor to enter draws an encounter card.")
    explore_rule = "M-ENC-2"

    def claims(self, state: Any) -> bool:
        return getattr(state, "mansion", None) is not None

    def bot(self, seed: int) -> MansionDecisions:
        return MansionDecisions(seed)  # the manor's own decisions (missions, wounds, scenario events)

    def hud(self, play: "PlayScene") -> "ManorHud":
        return ManorHud(play)

    def story_header(self, rule: str, card: bool) -> str | None:  # a card (M-EVENT-3) or the brief (M-EVENT-2)
        if rule.startswith("M-EVENT"):
            return N_("SCENARIO EVENT CARD") if card else N_("SCENARIO EVENT (THE BRIEF)")
        return None

    def explore_die(self, event: Event) -> bool:
        return not event.rule.startswith("M-ENC")

    story_decisions = ("scenario_event",)  # M-EVENT-10: a scenario event card's choice
    event_sounds = {"encounter": ("card_flip",), "kerosene": ("fire",), "burn": ("fire",), "rescue": ("heal",),
                    "reserve_wounds": ("hurt",), "reserve_killed": ("killed",), "mission": ("card_draw",),
                    "mission_draw": ("card_draw",)}
    table_decks = table.TABLE_DECKS

    def pending_story(self, state: Any) -> Event | None:
        return table.pending_scenario_event(state)

    def table_card_label(self, state: Any, action: Action) -> str | None:
        return table.table_card_label(state, action)

    def draw_table_card(self, surf, rect, state, action, art, hot) -> bool:
        table.draw_table_card(surf, rect, state, action, art, hot, symbols)
        return True


def icon(surf: pygame.Surface, art, name: str, pos: tuple[int, int], size: int) -> pygame.Rect:
    img = art.get(name, size) if art is not None else None
    r = pygame.Rect(pos, (size, size))
    if img is not None:
        surf.blit(img, r)
    return r


def symbols(surf: pygame.Surface, art, x: int, y: int, clues: int, wounds: int, hazard: bool, size: int = 18) -> int:
    """An encounter card's top edge (M-ENC-1): clue, wound and hazard icons, each with its count in
    words beside it; returns the x after the last."""
    for n, name, word in ((clues, "mi_clue", _("clue")), (wounds, "mi_wound", _("wound"))):
        if n:
            for k in range(n):
                icon(surf, art, name, (x + k * (size - 2), y), size)
            x += n * (size - 2) + 4
            x = T.text(surf, f"{n} {word}", (x, y + 2), 12, T.TEXT).right + 10
    if hazard:
        x = icon(surf, art, "mi_hazard", (x, y), size).right + 3
        x = T.text(surf, _("hazard"), (x, y + 2), 12, T.WARN, bold=True).right + 10
    if not (clues or wounds or hazard):
        x = T.text(surf, _("blank top edge"), (x, y + 2), 12, T.DIM).right + 10
    return x


class ManorHud:
    """The manor strip of one play scene (see module docstring)."""

    def __init__(self, play: "PlayScene"):
        self.play = play
        self.card: dict | None = None  # the encounter card on show: card id, purpose, tile, time shown
        self.card_t = 0.0
        self.mission: dict | None = None  # the mission on show: card, char, draws, step, result
        self.dialog_open = False
        self.card_at = pygame.Rect(0, 0, 0, 0)  # where the card was last drawn (over the dice panel)

    @property
    def state(self) -> Game:
        return self.play.state

    @property
    def ct(self):
        return View.of(self.state).scenario.content

    def name(self, cid: str) -> str:
        ct = self.ct
        return _(ct.character_name(cid)) if hasattr(ct, "character_name") else cid

    # ------------------------------------------------------------------ events
    def feed(self, events: list[Event]) -> None:
        """Take in what the engine reported: encounter cards (M-ENC), missions (M-MISSION)."""
        for i, e in enumerate(events):
            d = e.data
            if e.kind == "encounter" and d.get("purpose") in ("explore", "corpse"):
                tile = None
                nxt = next((x for x in events[i + 1:] if x.kind == "explore"), None)
                if d.get("purpose") == "explore" and nxt is not None:
                    tile = nxt.data.get("tile")
                self.card = {"card": d.get("card"), "purpose": d.get("purpose"), "tile": tile, "at": None}
                self.card_t = 0.0
            elif e.kind == "encounter" and d.get("purpose") == "mission" and self.mission is not None:
                self.mission["draws"].append({"card": d.get("card"), "clues": int(d.get("clues", 0)),
                                              "wounds": int(d.get("wounds", 0)), "hazard": bool(d.get("hazard"))})
            elif e.kind == "mission_draw" and self.mission is not None and self.mission["draws"]:
                last = self.mission["draws"][-1]  # the counts after the reserve-only rules (MDV-2)
                last["counted"] = (int(d.get("clues", 0)), int(d.get("wounds", 0)))
                self.mission["total"] = int(d.get("total", 0))
            elif e.kind == "mission":
                self.on_mission(e)
            elif e.kind in ("reserve_wounds", "reserve_killed") and self.mission is not None:
                self.mission["lines"].append(Said.of(e))
            elif e.kind in ("rescue", "reserve_killed") and e.text:  # the reserve changed (M-RESERVE-1, M-MISSION-7)
                self.play.toast(words(e), 4.0)
            elif e.kind in ("attack", "evade", "corpse") and self.card is not None:
                self.card = None  # new dice take the panel back

    def on_mission(self, e: Event) -> None:
        d = e.data
        step = d.get("step")
        if step == "start":
            self.mission = {"card": d.get("card"), "char": "", "draws": [], "total": 0, "step": "start",
                            "lines": [], "seen": False}
        elif self.mission is not None and d.get("card") == self.mission["card"]:
            if d.get("char"):
                self.mission["char"] = d.get("char")
            self.mission["step"] = step
            if step in ("complete", "abandoned", "killed"):  # "ends (completed)" would repeat "Mission complete"
                self.mission["lines"].append(Said.of(e))
        elif step in ("no_reserve", "none") and e.text:
            self.play.toast(words(e), 4.0)

    # ------------------------------------------------------------------ per frame
    def tick(self, dt: float) -> None:
        """The encounter card stays until the player acts again (an action spent, the turn or phase moves
        on) or new dice take the panel: on a timer it vanished when the mouse moved after a pause
        (issue 25 retest: the idle screen kept it drawn, the first frame after it took it away)."""
        if self.card is not None:
            self.card_t += dt
            v = View.of(self.state)
            now = (v.turn, v.phase, v.active_seat, v.actions_left)
            if self.card.get("at") is None:
                self.card["at"] = now  # as the draw left the game (ties settled after it keep the card)
            elif now != self.card["at"]:
                self.card = None

    def update(self, dt: float, app: "App") -> Command:
        """Open the mission dialog when a mission starts (and again for a game loaded mid-mission)."""
        self.tick(dt)
        mi = View.of(self.state).mission()
        if self.dialog_open or self.play.ui.anim.busy:
            return None
        if self.mission is None and mi is not None:  # loaded mid-mission
            self.mission = {"card": mi["card"], "char": mi["cid"] or "", "draws": [
                {"card": c, "clues": self.ct.encounter[c].clues, "wounds": self.ct.encounter[c].wounds,
                 "hazard": self.ct.encounter[c].hazard} for c in mi["drawn"]], "total": mi["clues"],
                "step": "assign" if mi["cid"] else "start", "lines": [], "seen": False}
        if self.mission is not None and not self.mission["seen"]:
            self.mission["seen"] = True
            self.dialog_open = True
            return Push(MissionDialog(self.play, self))
        return None

    def at_rest(self) -> bool:
        """:meth:`update` opens no mission dialog until the next input (issue 30 item 2)."""
        if self.dialog_open:
            return True
        return not ((self.mission is None and View.of(self.state).mission() is not None)
                    or (self.mission is not None and not self.mission["seen"]))

    # ------------------------------------------------------------------ the strip in the side panel
    def height(self, state: Game) -> int:
        return STRIP_H

    def kerosene_label(self, cid: str) -> str:
        """'2/3': kerosene tokens held and the character's limit (M-KERO-2, MDV-3)."""
        ct = self.ct
        lim = ct.kerosene_limit(cid) if hasattr(ct, "kerosene_limit") else 0
        return f"{View.of(self.state).kerosene(cid)[0]}/{lim}"

    def burn_actions(self) -> list[Action]:
        """The action phase's legal Burn actions (game.ui.choices); none while the last enemy phase
        still plays (the next turn's actions wait: issue 25, third play-test 3)."""
        if self.play.ui.phase_playing() is not None:
            return []
        return list(self.play.marks.act.burn)

    def draw(self, surf: pygame.Surface, r: pygame.Rect, state: Game, art, zones, mouse,
             dice: pygame.Rect | None = None) -> None:
        """Kerosene of every character in play (the active one first, M-KERO-2: tokens up to the
        limit), the Burn button when Burn is legal (M-KERO-3), the reserve with wound tokens."""
        v = View.of(state)
        ct = v.scenario.content
        if self.card is not None and self.card.get("card") in getattr(ct, "encounter", {}):
            # the encounter card just drawn (M-ENC-2/3) in the dice panel: the manor draws a card, not a die
            self.card_at = pygame.Rect(dice) if dice is not None else pygame.Rect(r.left, r.top - 184, r.width, 178)
            draw_encounter_card(surf, art, self.card_at, state, self.card)

            word_zone(zones, pygame.Rect(self.card_at.left, self.card_at.top, self.card_at.width, 24), "encounter_card")
        pygame.draw.rect(surf, (22, 19, 24), r, border_radius=6)
        pygame.draw.rect(surf, (70, 56, 50), r, 1, border_radius=6)
        x, y = r.left + 8, r.top + 6

        ir = icon(surf, art, "mi_kerosene", (x, y), 22)
        kr = T.text(surf, _("KEROSENE"), (ir.right + 4, y + 4), 12, T.MUTED, bold=True)
        word_zone(zones, ir.union(kr), "kerosene")  # hover: what kerosene is; click: its section
        x = ir.right + 78
        chars = sorted(View.of(state).characters, key=lambda c: c.seat != View.of(state).active_seat)
        for c in chars:
            art.portrait(surf, c.cid, (x + 9, y + 11), 9)
            label = self.kerosene_label(c.cid)
            tr = T.text(surf, label, (x + 22, y + 3), 14 if c.seat == View.of(state).active_seat else 12,
                        T.TEXT if c.seat == View.of(state).active_seat else T.MUTED, bold=c.seat == View.of(state).active_seat)
            x = tr.right + 12
        burns = self.burn_actions()
        if burns:
            button(surf, zones, pygame.Rect(r.right - 104, y - 2, 96, 26), _f("Burn ({n})", n=len(burns)),
                   "manor_burn", None, hover=mouse, size=13, primary=True,
                   tip=tagged(_("Spend 1 action and 1 kerosene: every corpse in one square is removed."), "M-KERO-3", None, "()"))
            word_zone(zones, icon(surf, art, "mi_burn", (r.right - 128, y), 22), "burn")
        y += 30
        ir = icon(surf, art, "mi_reserve", (r.left + 8, y), 22)
        rr = T.text(surf, _("RESERVE"), (ir.right + 4, y + 4), 12, T.MUTED, bold=True)
        word_zone(zones, ir.union(rr), "reserve")
        x = ir.right + 78
        reserve = v.reserve()
        if not reserve:
            T.text(surf, _("nobody yet") if v.mansion_campaign else _("not in this game"), (x, y + 4), 12, T.DIM)
        for res in reserve:
            if x > r.right - 60:
                T.text(surf, "…", (x, y + 2), 14, T.MUTED)
                break
            art.portrait(surf, res["cid"], (x + 9, y + 11), 9)
            wr = icon(surf, art, "mi_wound", (x + 20, y + 3), 16)
            tr = T.text(surf, str(res["wounds"]), (wr.right + 2, y + 3), 13, T.TEXT, bold=True)
            zones.add(Zone(pygame.Rect(x, y, tr.right - x, 22), "manor_info", res["cid"], True,
                           _f("{name}: {n} wound tokens (5 kill)", name=self.name(res["cid"]), n=res["wounds"])))
            x = tr.right + 12
        mi = v.mission()
        if mi is not None:
            md = ct.missions.get(mi["card"])
            mr = T.text(surf, _f("Mission: {name}", name=_(md.name) if md else mi["card"]), (r.right - 8, y + 4),
                        12, T.GOLD, bold=True, anchor="topright")
            word_zone(zones, mr, "mission")

    def button(self, key: str, value: Any) -> Command:
        """A click on the strip: Burn asks which square when there are several (M-KERO-3)."""
        if key != "manor_burn":
            return None
        burns = self.burn_actions()
        if len(burns) == 1:
            self.play.do(burns[0])
            return None
        me = tuple(View.of(self.state).active_char.pos)  # where, in words, from the active character (no coordinates)
        labels = [_("Burn the corpses in your square") if tuple(a.to) == me else
                  _f("Burn the corpses {where}", where=where_words(self.state, me, a.to)) for a in burns]
        return self.play.menu(_("Burn which square? (1 action, 1 kerosene)"), burns, labels)


def draw_encounter_card(surf: pygame.Surface, art, r: pygame.Rect, state: Game, shown: dict) -> None:
    """An encounter card: name, top edge (clues, wounds, hazard mark), then the body: the spawn rows
    by tile colour with the row used marked by an arrow and the word, or its special text."""
    ct = View.of(state).scenario.content
    e = ct.encounter[shown["card"]]
    pygame.draw.rect(surf, (0, 0, 0), r.move(4, 5), border_radius=8)
    pygame.draw.rect(surf, (30, 26, 30), r, border_radius=8)
    pygame.draw.rect(surf, T.GOLD, r, 2, border_radius=8)
    x, y = r.left + 10, r.top + 8
    T.text(surf, _("ENCOUNTER CARD"), (x, y), 11, T.MUTED, bold=True)

    rule_tag(surf, "M-ENC-2" if shown.get("purpose") == "explore" else "M-ENC-3", (r.right - 10, y), 10)
    y += 15
    T.text(surf, _(e.name), (x, y), 17, T.TEXT, bold=True)
    y += 24
    symbols(surf, art, x, y, e.clues, e.wounds, e.hazard, 16)
    y += 22
    pygame.draw.line(surf, (90, 80, 70), (x, y), (r.right - 10, y))
    y += 6
    tile = shown.get("tile")
    colour = None
    if tile and tile in View.of(state).scenario.board.tiles:
        colour = View.of(state).scenario.board.tiles[tile].colour.value
    if shown.get("purpose") == "corpse":
        T.text_block(surf, _("Corpse check: the hazard mark makes the corpses rise.") if e.hazard else
                     _("Corpse check: no hazard mark, the corpses stay down."), pygame.Rect(x, y, r.width - 20, 60), 13,
                     T.WARN if e.hazard else T.TEXT, bold=e.hazard)
        return
    if e.rows is None:
        T.text_block(surf, _(e.text or e.name), pygame.Rect(x, y, r.width - 20, 70), 13, T.TEXT)
        return
    compact = r.bottom - y < 64  # a short panel: only the row that spawned
    for col in ("yellow", "amber", "red"):
        used = col == colour
        if compact and not used:
            continue
        spawn = _(", ").join(_(ct.enemies[t].name) for t in e.rows[col]) if e.rows[col] else _("nothing")
        if used:
            pygame.draw.rect(surf, (64, 50, 40), (x - 4, y - 1, r.width - 12, 19), border_radius=4)
            pygame.draw.polygon(surf, T.GOLD, [(x - 2, y + 3), (x + 6, y + 8), (x - 2, y + 13)])
        T.text(surf, colour_word(col), (x + 10, y + 1), 12, T.TILE_COLOURS.get(col, T.TEXT) if used else T.MUTED,
               bold=used)
        T.text(surf, spawn, (x + 64, y + 1), 12, T.TEXT if used else T.MUTED, bold=used)
        y += 20
    if colour and y + 16 < r.bottom:
        T.text(surf, _f("{colour} tile: that row spawns", colour=colour_word(colour)), (x, y + 2), 11,
               T.DIM)


# ====================================================================== the mission card
class MissionDialog(Scene):
    """A mission (M-MISSION-2..10) over the board: the mission card (clues needed as magnifier
    icons, filled as clues are found), the reserve character assigned with its wound tokens, each
    encounter card drawn for it with only its top edge (M-MISSION-3), and the decision: whom to
    assign, then draw again or abandon (M-MISSION-8). The turn waits until it ends."""

    overlay = True
    runs_below = True  # the board keeps animating under it (play.tick)
    dim_alpha = 110

    def __init__(self, play: "PlayScene", hud: ManorHud):
        super().__init__()
        self.play = play
        self.hud = hud
        self.t = 0.0
        self.texts: list[str] = []  # what the last frame showed (tests read it)

    @property
    def state(self) -> Game:
        return self.play.state

    @property
    def m(self) -> dict:
        return self.hud.mission or {}

    def deciding(self) -> bool:
        p = View.of(self.state).pending
        return p is not None and not View.of(self.state).over and p.kind in MISSION_DECISIONS

    def ended(self) -> bool:
        return self.m.get("step") in ("completed", "abandoned", "killed") or self.hud.mission is None

    def do(self, a: Action) -> None:
        self.t = 0.0
        self.play.do(a)

    def close(self) -> Command:
        self.hud.dialog_open = False
        if self.ended():
            self.hud.mission = None
        return Pop()

    def handle(self, ev: pygame.event.Event, app: "App") -> Command:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            return None
        if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1:
            self.mouse = ev.pos
            z = self.zones.at(ev.pos)
            if z is None:
                return None
            if z.key == "mission_act":
                self.do(z.value)
            elif z.key == "continue":
                return self.close()
            elif z.key == "rules":  # a keyword: its section of the rules reference, over the mission
                return Push(RulebookScene(z.value))
            return None
        if ev.type == pygame.KEYDOWN:
            opts = self.options()
            n = ev.key - pygame.K_1 if pygame.K_1 <= ev.key <= pygame.K_9 else None
            if n is not None and n < len(opts):
                self.do(opts[n])
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if opts:
                    self.do(opts[0])
                elif not self.deciding():
                    return self.close()
        return None

    def options(self) -> list[Action]:
        if not self.deciding() or not self.play.is_human(View.of(self.state).pending.seat):
            return []
        return list(View.of(self.state).pending.options)

    def update(self, dt: float, app: "App") -> Command:
        self.t += dt
        self.play.tick(dt)
        st = self.state
        if self.deciding() and not self.play.is_human(View.of(st).pending.seat) and self.t >= BOT_STEP_S * app.bot_speed:
            self.do(self.play.bot.choose(st))
        elif not self.deciding() and (self.hud.mission is None or (not any(c == "human" for c in self.play.controllers)
                                                                   and self.t >= 2 * BOT_STEP_S * app.bot_speed)):
            return self.close()
        return None

    def at_rest(self, app: "App") -> bool:  # (issue 30 item 2) a person decides, or is to press Continue
        return bool(self.options()) if self.deciding() else self.hud.mission is not None and "human" in self.play.controllers

    def still_key(self, app: "App") -> object | None:  # the mission; the game's state: the play screen's key
        return (self.plain_key(app, "t"), id(self.hud.mission))

    def label(self, a: Action) -> str:
        if a.kind == "pick" and a.target:
            return _f("Send {name}", name=self.hud.name(a.target))
        if a.kind == "choose":
            return _("Draw another encounter card")
        if a.kind == "decline":
            return _("Abandon the mission: back to the reserve")
        return describe(self.state, a)

    def assign_row(self, surf: pygame.Surface, app: "App", rr: pygame.Rect, i: int, a: Action) -> None:
        """A reserve character to send (M-MISSION-2): portrait, name, wound tokens, its mission rule."""
        ct = View.of(self.state).scenario.content
        wounds = View.of(self.state).reserve_wounds(a.target)
        hot = rr.collidepoint(self.mouse)
        pygame.draw.rect(surf, (70, 52, 50) if hot else (46, 38, 42), rr, border_radius=7)
        pygame.draw.rect(surf, T.GOLD if hot else (120, 100, 90), rr, 2 if hot else 1, border_radius=7)
        T.text(surf, str(i + 1), (rr.left + 12, rr.centery), 15, T.GOLD, bold=True, anchor="center")
        app.art.portrait(surf, a.target, (rr.left + 42, rr.centery), 18)
        T.text(surf, _f("Send {name}", name=self.hud.name(a.target)), (rr.left + 68, rr.top + 4), 15, T.TEXT, bold=True)
        n = wounds if wounds is not None else 0
        wx = rr.left + 68
        for k in range(n):
            icon(surf, app.art, "mi_wound", (wx + k * 16, rr.top + 25), 16)
        T.text(surf, _f("{n} wounds", n=n) if n != 1 else _("1 wound"), (wx + 16 * n + 4, rr.top + 26), 12, T.MUTED)
        ro = ct.reserve_only.get(a.target) if hasattr(ct, "reserve_only") else None
        if ro is not None:
            T.text_block(surf, _(ro.rule_text), pygame.Rect(rr.left + 250, rr.top + 4, rr.width - 258, rr.height - 6), 11,
                         (210, 196, 170), max_lines=3)
        self.zones.add(Zone(rr, "mission_act", a))

    def draw(self, surf: pygame.Surface, app: "App") -> None:
        self.zones.clear()
        st = self.state
        ct = View.of(st).scenario.content
        m = self.m
        md = ct.missions.get(m.get("card")) if hasattr(ct, "missions") else None
        if md is None:
            return
        r = pygame.Rect(0, 0, 640, 560)
        r.center = (T.W // 2, T.H // 2 + 8)
        pygame.draw.rect(surf, (0, 0, 0), r.move(5, 7), border_radius=10)
        pygame.draw.rect(surf, (30, 26, 24), r, border_radius=10)
        pygame.draw.rect(surf, T.GOLD, r, 2, border_radius=10)
        x, y, w = r.left + 22, r.top + 14, r.width - 44
        ir = icon(surf, app.art, "mi_mission", (x, y), 34)
        hr = T.text(surf, _("MISSION"), (ir.right + 10, y), 12, T.MUTED, bold=True)

        word_zone(self.zones, ir.union(hr), "mission")  # hover: what a mission is; click: its section

        rule_tag(surf, "M-MISSION", (r.right - 22, y))
        T.text(surf, _(md.name), (ir.right + 10, y + 14), 22, T.TEXT, bold=True)
        y += 44
        y = T.text_block(surf, _(md.text), pygame.Rect(x, y, w, 60), 14, (220, 206, 180), max_lines=3) + 4
        # clues needed / found
        got = int(m.get("total", 0))
        T.text(surf, _f("Clues {got} of {need}", got=min(got, md.clues), need=md.clues), (x, y + 4), 15, T.TEXT, bold=True)
        cx = x + 130
        for k in range(md.clues):
            img = app.art.get("mi_clue", 26)
            if img is not None:
                if k >= got:
                    img = img.copy()
                    img.set_alpha(70)
                surf.blit(img, (cx + k * 30, y))
            if k >= got:  # not found yet: an empty ring too, not only a fainter icon
                pygame.draw.circle(surf, T.DIM, (cx + k * 30 + 13, y + 13), 14, 1)
        y += 34
        # the character assigned
        cid = m.get("char") or ""
        if cid:
            app.art.portrait(surf, cid, (x + 18, y + 18), 18)
            wounds = View.of(st).reserve_wounds(cid)
            T.text(surf, _f("Assigned: {name}", name=self.hud.name(cid)), (x + 44, y + 2), 15, T.TEXT, bold=True)
            if wounds is not None:
                wx = x + 44
                for k in range(KILL_WOUNDS):
                    img = app.art.get("mi_wound", 18)
                    if img is not None and k < wounds:
                        surf.blit(img, (wx + k * 20, y + 20))
                    elif k >= wounds:
                        pygame.draw.rect(surf, T.DIM, (wx + k * 20 + 2, y + 22, 14, 14), 1, border_radius=3)
                T.text(surf, _f("{n} of 5 wounds (5 kill)", n=wounds), (wx + 106, y + 21), 13, T.MUTED)
            else:
                T.text(surf, _("killed") if m.get("step") == "killed" else _("back in the reserve"), (x + 44, y + 21),
                       13, T.BAD if m.get("step") == "killed" else T.MUTED, bold=True)
        else:
            T.text(surf, _("Nobody assigned yet: choose a reserve character."), (x, y + 8), 15, T.GOLD)
        y += 46
        # the cards drawn for it (top edges only, M-MISSION-3)
        T.text(surf, _("Encounter cards drawn: only their top edge counts"), (x, y), 12, T.MUTED, bold=True)
        y += 18
        draws = m.get("draws", [])
        for k, dr in enumerate(draws[-6:]):
            cr = pygame.Rect(x + (k % 2) * (w // 2 + 4), y + (k // 2) * 40, w // 2 - 4, 36)
            fresh = k == len(draws[-6:]) - 1
            pygame.draw.rect(surf, (44, 38, 36) if fresh else (36, 32, 32), cr, border_radius=5)
            pygame.draw.rect(surf, T.GOLD if fresh else (80, 70, 64), cr, 2 if fresh else 1, border_radius=5)
            e = ct.encounter.get(dr["card"])
            T.text(surf, _(e.name) if e else dr["card"], (cr.left + 6, cr.top + 2), 12, T.TEXT, bold=True)
            c_n, w_n = dr.get("counted", (dr["clues"], dr["wounds"]))
            symbols(surf, app.art, cr.left + 6, cr.top + 17, c_n, w_n, False, 16)
        if not draws:
            T.text(surf, _("none yet"), (x, y), 13, T.DIM)
        y += 40 * max(1, (min(len(draws), 6) + 1) // 2) + 4
        for ln in m.get("lines", [])[-3:]:
            done = getattr(ln, "msg", "") == "mission.complete"  # (M-MISSION-4, by id: not a word of the text)
            y = T.text_block(surf, words(ln), pygame.Rect(x, y, w, 36), 13, T.OK if done else T.TEXT,
                             max_lines=2)
        # the decision
        by = r.bottom - 56
        opts = self.options()
        if self.deciding():
            assign = View.of(st).pending.kind == "mission_assign"
            rows = len(opts) if assign and opts else 1
            top = by + 44 - rows * 52 if assign and opts else by
            T.text_block(surf, words(View.of(st).pending), pygame.Rect(x, top - 26, w, 24), 14, T.GOLD, max_lines=1)
            if not opts:
                T.text(surf, _("The bot decides…"), (x, by + 10), 14, T.MUTED)
            elif assign:  # one row per reserve character: who, wounds, and a reserve-only rule (MDV-2)
                for i, a in enumerate(opts):
                    self.assign_row(surf, app, pygame.Rect(x, top + i * 52, w, 46), i, a)
            else:
                bw = (w - 8 * (len(opts) - 1)) // len(opts)
                for i, a in enumerate(opts):
                    label, bold = f"{i + 1}. {self.label(a)}", a.kind != "decline"
                    # a px or two smaller rather than cut ("2. Abandon the mission: back to the reser…", play4)
                    size = next((n for n in (14, 13, 12) if T.font(n, bold).size(T.clean(label))[0] <= bw - 10), 12)
                    button(surf, self.zones, pygame.Rect(x + i * (bw + 8), by, bw, 40), label,
                           "mission_act", a, hover=self.mouse, size=size, primary=bold)
        else:
            button(surf, self.zones, pygame.Rect(r.right - 222, by + 4, 200, 38), _("Continue · Enter"), "continue",
                   hover=self.mouse, primary=True, size=15)
        self.texts = [_(md.name), _(md.text)] + m.get("lines", [])
        z = self.zones.at(self.mouse) if self.mouse else None
        if z is not None and z.key == "rules":  # a keyword's meaning (game.ui.rulebook.word_zone)
            from ..widgets import tooltip

            tooltip(surf, word_tip(z.tip), self.mouse, 340)


__all__ = ["ManorHud", "ManorKit", "MissionDialog", "draw_encounter_card"]
