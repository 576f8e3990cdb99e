"""The campaign's scenes: the campaign menu (new campaign, save slots), the end phase shown step
by step, the city map (scenarios by district, the danger track, inventories and the item box,
choosing the next scenario), the campaign sheet, and the campaign's victory and loss screens.

A :class:`CampaignSession` ties them together: it owns the campaign state, loads the scenario a
slot plays, starts it in a :class:`~game.ui.play.PlayScene` (which hands the finished game back
through ``session.after_scenario``) and autosaves at every end phase and at the start of every
turn (R-END-X2).
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ..content.errors import ContentError
from ..engine import Action, Event, is_message_id as is_id
from ..engine.campaign import (CampaignState, apply, begin_scenario, end_steps, finish_scenario,
                               legal, slot_status, start_campaign)
from ..i18n import N_, _, _f
from ..engine.query import Game, View
from . import theme as T
from .errortext import error_text
from .mapicons import ICONS, draw_check, draw_cross
from .ruleids import player_text
from .sentences import translated
from .words import Said, words
from .scene import Command, PickScene, Pop, Push, Replace, Reset, Scene, left_click
from .results import cause_lines
from .seats import SeatsScene
from .theme import fit
from .widgets import TextField, Zone, button, panel

if TYPE_CHECKING:
    from .app import App

DISTRICTS = ["Downtown", "Uptown", "Commercial", "Precinct", "Clock Tower"]
DISTRICT_WORDS = {"Downtown": N_("DOWNTOWN"), "Uptown": N_("UPTOWN"), "Commercial": N_("COMMERCIAL"),
                  "Precinct": N_("PRECINCT"), "Clock Tower": N_("CLOCK TOWER")}
STATE_WORDS = {"open": N_("OPEN"), "locked": N_("LOCKED"), "completed": N_("COMPLETED"),
               "unreachable": N_("NOT YET REACHABLE")}
DISTRICT_NAMES = {"Downtown": N_("Downtown"), "Uptown": N_("Uptown"), "Commercial": N_("Commercial"),
                  "Precinct": N_("Precinct"), "Clock Tower": N_("Clock Tower")}
RESULT_WORDS = {"success": N_("success"), "failure": N_("failure")}
BAND_WORDS = {"low": N_("low"), "high": N_("high"), "extreme": N_("extreme")}  # pack.band (R-DANGER-3)
STATE_COLOURS = {"open": T.OK, "locked": T.WARN, "completed": T.GOLD, "unreachable": T.DIM}
SURVIVORS = ["vera", "mateo", "anton", "grigor"]


# ====================================================================== session
class CampaignSession:
    """A campaign being played in the window: state, pack, content, the save slot, the game in
    progress. ``controllers`` says which seats are people or bots in every scenario."""

    def __init__(self, cs: CampaignState, slot: Path, controllers: list[str] | None = None, name: str = ""):
        self.cs = cs
        self.name = name or Path(slot).stem  # the campaign's name as the players typed it
        self.pack = cs.pack_def
        self.content = cs.content
        self.slot = Path(slot)
        self.controllers = list(controllers or []) + ["human"] * max(0, len(cs.party) - len(controllers or []))
        # issue 12 seats: the person (name) in each seat, seat i playing the party's i-th survivor; reassigned
        # between scenarios on the city or manor map (SeatsScene), kept in the slot beside the controllers
        self.names: list[str] = [""] * len(cs.party)
        self.gs: Game | None = None
        self.last_turn = -1
        self.lines: list[tuple[str, str]] = []  # (rule, text) of the end phase so far
        #: the scenario just played and its figures (game.ui.results.GameStats), so the end phase can say
        #: why it ended (issue 25 item 3); None after a load (then the saved reason is said)
        self.ended: tuple[Game, Any] | None = None
        #: a new campaign opens "Seats and players" over its map first: who plays which survivor, their
        #: names, person or bot, as New game asks (issue 25 item 9)
        self.ask_seats = False
        self._scn: dict[str, Any] = {}
        self.save_error = ""

    # -------------------------------------------------------------- what a campaign pack changes
    #: the pack this session plays (a saved slot names it)
    PACK_ID = "city"

    @classmethod
    def pack_and_content(cls) -> tuple[Any, Any]:
        """The campaign pack and its content. Raises ContentError naming the broken file."""
        from ..content.campaign_pack import load_pack

        ct = pack_content()
        return load_pack(cls.PACK_ID, ct), ct

    @staticmethod
    def load_scenario(pack, sid: str, content) -> Any:
        """The scenario slot ``sid`` plays. Raises ContentError."""
        from ..content.campaign_pack import load_campaign_scenario

        return load_campaign_scenario(pack, sid, content)

    @staticmethod
    def default_name(seed: int) -> str:
        """The name of a campaign the players did not name."""
        return _f("Campaign {n}", n=seed)

    def intro_scenario(self) -> Any:
        """The Introduction's scenario (R-INTRO-9)."""
        from ..content.loader import load_scenario

        return load_scenario(self.pack.intro or "intro", self.content)

    def scene_classes(self) -> dict[str, type]:
        """The campaign's scenes by role ("map", "end", "over") and by a phase of its own (the
        manor's "switch"), listed explicitly by each session class (issue 24 item 3: no class
        dict filled in at import time). The city's: the city map, its end phase, the end."""
        return {"map": CityMapScene, "end": EndPhaseScene, "over": CampaignOverScene}

    def map_scene(self) -> Scene:
        return self.scene_classes()["map"](self)

    def end_phase_scene(self) -> Scene:
        return self.scene_classes()["end"](self)

    def over_scene(self) -> Scene:
        return self.scene_classes()["over"](self)

    def phase_scene(self, phase: str) -> Scene | None:
        """A scene of the campaign's own for ``phase`` (the manor's switching step), or None."""
        own = self.scene_classes().get(phase)
        return own(self) if own is not None else None

    def card_name(self, sid: str | None) -> str:
        """A scenario of the pack by its name (translated); an unknown id as it is."""
        if sid in (None, "intro"):
            return _("the Introduction")
        try:
            return _(self.pack.scenario_def(sid).name)
        except KeyError:
            return str(sid)

    # -------------------------------------------------------------- starting and loading
    @classmethod
    def new(cls, app: "App", party: list[str], easy: bool = False, seed: int | None = None,
            controllers: list[str] | None = None, name: str = "") -> "CampaignSession":
        """A new campaign of the session's pack called ``name`` (default: :meth:`default_name`)
        saved in a fresh slot. Raises ContentError if the pack is broken."""
        from ..content.campaign_saves import clean_name, new_slot_path

        pack, ct = cls.pack_and_content()
        seed = seed if seed is not None else int.from_bytes(os.urandom(3), "little")
        cs = start_campaign(pack, ct, party, seed, easy=easy)
        name = clean_name(name) or cls.default_name(seed)
        s = cls(cs, new_slot_path(name, campaign_folder(app)), controllers, name=name)
        s.autosave()
        return s

    @classmethod
    def load(cls, app: "App", path: Path) -> "CampaignSession":
        """Resume a saved campaign. Raises ContentError naming the file if it is bad."""
        from ..content.campaign_saves import load_campaign, read_campaign_doc

        pack, ct = cls.pack_and_content()
        cs, gs = load_campaign(path, pack, ct, lambda sid: cls.load_scenario(pack, sid, ct))
        doc = read_campaign_doc(path)
        extra = doc.get("extra") if isinstance(doc.get("extra"), dict) else {}
        s = cls(cs, path, seat_controllers(extra), name=doc["name"])
        s.names = seat_names(extra, len(cs.party))
        s.lines = saved_lines(extra)
        s.gs = gs
        return s

    @classmethod
    def scenario_of(cls, pack, sid: str):
        return cls.load_scenario(pack, sid, pack_content())

    # -------------------------------------------------------------- services
    def scenario(self, sid: str):
        if sid not in self._scn:
            self._scn[sid] = self.load_scenario(self.pack, sid, self.content)
        return self._scn[sid]

    def autosave(self, gs: Game | None = None) -> None:
        """R-END-X2: write the slot (a failure is shown, never raised: the game goes on)."""
        from ..content.campaign_saves import save_campaign
        from ..engine.campaign import conservation

        if gs is None and conservation(self.cs):
            # a state the load check would refuse is never written over the last one that loads (play4:
            # quitting mid-switch once lost the campaign this way). Mid-switch states add up now: the
            # items of a character switched out are counted in the switching step (M-SWITCH-3,
            # conservation), so such a slot is written and resumes at the item placement.
            return
        try:
            save_campaign(self.slot, self.cs, gs, extra=self.slot_extra(), name=self.name)
            self.save_error = ""
        except OSError as ex:
            self.save_error = _f("Could not save to {path}: {why}", path=self.slot, why=ex.strerror or ex)

    def seat_extra(self) -> dict:
        """What the slot keeps about the seats: bot or person, and the person's name, per seat."""
        return {"controllers": list(self.controllers), "names": list(self.names)}

    LINES_KEPT = 80  # the end phase's "what changed, and why" lines a slot keeps (the last ones)

    def slot_extra(self) -> dict:
        """:meth:`seat_extra` and the end phase's lines so far, so a campaign continued in its end
        phase still says what changed and why (play4: the panel was empty after Continue)."""
        return {**self.seat_extra(), "lines": [[r, t] + ([{"msg": t.msg, "params": t.params}] if isinstance(t, Said) else [])
                                               for r, t in self.lines[-self.LINES_KEPT:]]}

    # the seat holder SeatsScene reads and changes (the play scene is the other one)
    @property
    def party(self) -> list[str]:
        return list(self.cs.party)

    def seat_cids(self) -> list[str]:
        """The survivor in each seat: the party in seat order."""
        return list(self.cs.party)

    def seat_content(self):
        return self.content

    def seats_changed(self) -> None:
        """A seat was renamed or handed to the bot or a person on the map: saved at once."""
        while len(self.controllers) < len(self.cs.party):
            self.controllers.append("human")
        self.autosave()

    def apply(self, a: Action) -> list:
        ev = apply(self.cs, a)
        self.lines += [(e.rule, end_line(e)) for e in ev if e.text]
        return ev

    def next_scene(self, app: "App") -> Scene:
        """Where the campaign stands: the game in progress, the end phase, the campaign's map or the end."""
        cs = self.cs
        if cs.result is not None:
            return self.over_scene()
        if cs.phase == "playing" and self.gs is not None:
            return self.play_scene(app, self.gs)
        if cs.phase == "playing":
            return self.start_scenario(app)
        own = self.phase_scene(cs.phase)
        if own is not None:
            return own
        if cs.phase in ("choose",) or cs.phase.endswith(".choose"):
            return self.map_scene()
        return self.end_phase_scene()

    def open_next(self, app: "App", start: bool = False) -> Scene:
        """:meth:`next_scene` (``start``: :meth:`start_scenario`), with a campaign the rules cannot go
        on with (a save edited by hand past the load checks) turned into a ContentError naming the
        slot instead of a crash: the menu or the map says it and the game keeps running; the slot
        is left as it is. Raises ContentError."""
        try:
            return self.start_scenario(app) if start else self.next_scene(app)
        except ContentError:
            raise
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as ex:
            raise ContentError(str(self.slot), "campaign",
                               f"the campaign cannot go on from this save ({ex.__class__.__name__}: {ex})"[:200],
                               "load another save; this one is left untouched") from None

    def start_scenario(self, app: "App") -> Scene:
        """Set up the chosen scenario from the campaign state (carry-in) and open its play scene."""
        sid = self.cs.chosen
        scn = self.intro_scenario() if sid == "intro" else self.scenario(sid)
        party = [(cid, 1 if i % 2 == 0 or len(scn.board.start) < 2 else 2) for i, cid in enumerate(self.cs.party)]
        before = set(self._held())
        gs = begin_scenario(self.cs, scn, party, manual=app.manual_switches())  # issue 12 automation switches
        self.gs = gs
        scene = self.play_scene(app, gs)
        handed = [(u, cid) for u, cid in self._held().items() if u not in before]
        if handed and getattr(self.cs.pack_def, "tier_gear", False):
            # [design] R-CAMP-8 with DV-21 (the city pack's tier_gear): say what the set-up handed out,
            # and to whom, instead of letting the weapons simply appear in the inventories
            scene.log_lazy("R-CAMP-8", lambda: self.gear_line(handed), "phase")
        return scene

    def _held(self) -> dict[str, str]:
        """Card uid -> who holds it in the campaign state: a character id, or "" for the item box."""
        out = {u: c.cid for c in self.cs.characters for sl in c.inventory for u in sl}
        out.update({u: "" for sl in self.cs.item_box for u in sl})
        return out

    def gear_line(self, handed: list[tuple[str, str]]) -> str:
        """The log line of the gear a tier's first scenario handed out (R-CAMP-8 [design]), in the
        current language: "Shotgun (Vera Castellan), Assault Rifle (item box)"."""
        ct = self.cs.content
        parts = [_f("{item} ({who})", item=_(ct.items[self.cs.cards[u].defn].name),
                    who=_(ct.characters[cid].name) if cid else _("item box")) for u, cid in handed]
        return _f("Gear for the new tier, from the campaign's Item B cards, loaded: {items}.", items=", ".join(parts))

    def play_scene(self, app: "App", gs: Game) -> Scene:
        from .play import PlayScene

        party = self.cs.playing.party if self.cs.playing else [(c.cid, 1) for c in View.of(gs).characters]
        scene = PlayScene(app, gs, [tuple(p) for p in party], self.controllers[:len(party)],
                          names=self.names[:len(party)])
        scene.campaign = self
        self.last_turn = View.of(gs).turn
        self.autosave(gs)
        return scene

    def on_frame(self, scene: Any) -> None:
        """Called by the play scene every frame: autosave at the start of every turn."""
        gs = scene.state
        n = len(scene.names)
        if scene.names != self.names[:n] or scene.controllers != self.controllers[:n]:
            # a seat renamed or handed over from Pause > Seats and players: kept for the next scenarios too
            self.names[:n], self.controllers[:n] = list(scene.names), list(scene.controllers)
            self.autosave(gs)
        if not View.of(gs).over and View.of(gs).turn != self.last_turn:
            self.last_turn = View.of(gs).turn
            self.autosave(gs)

    def after_scenario(self, app: "App", gs: Game) -> Scene:
        """The scenario ended: write it back (carry-out) and open the end phase (R-END)."""
        ev = finish_scenario(self.cs, gs)
        if self.ended is None or self.ended[0] is not gs:  # not from the final board (tests, the bot)
            self.ended = (gs, None)
        self.gs = None
        self.lines = [(e.rule, end_line(e)) for e in ev if e.text]
        self.autosave()
        return self.after_end_scene(app)

    def after_end_scene(self, app: "App") -> Scene:
        """The scene after a scenario's carry-out: the end phase, even when it decided the
        campaign (its lines come first); the map after the Introduction (R-INTRO-9)."""
        if self.cs.phase == "choose":
            return self.map_scene()
        return self.end_phase_scene()


def end_line(e: Event) -> str:
    """An end-phase line as the "What changed, and why" panel keeps it: the English sentence, with its
    message id for the player's language (:class:`game.ui.words.Said`). R-END-S2's healing of a survivor
    already at the top of the dial is said by the engine itself (messages ``camp.already_full``,
    ``camp.recovers_full``), not rebuilt here."""
    return Said.of(e)


def seat_controllers(extra: dict) -> list[str] | None:
    """The seats' controllers kept in a slot's ``extra`` ("human" or "bot" each), or None."""
    ctrl = extra.get("controllers") if isinstance(extra, dict) else None
    if not isinstance(ctrl, list) or not ctrl:
        return None
    return ["bot" if c == "bot" else "human" for c in ctrl[:8]]


def saved_lines(extra: dict) -> list[tuple[str, str]]:
    """The end phase's (rule, text) lines a slot kept (:meth:`CampaignSession.slot_extra`); anything
    that is not a short list of pairs of strings is dropped (a save edited by hand)."""
    raw = extra.get("lines")
    if not isinstance(raw, list):
        return []
    out = []
    for item in raw[-CampaignSession.LINES_KEPT:]:
        if isinstance(item, list) and len(item) in (2, 3) and all(isinstance(x, str) and len(x) <= 600 for x in item[:2]):
            said = item[2] if len(item) == 3 and isinstance(item[2], dict) else {}
            mid, params = said.get("msg"), said.get("params")
            ok = isinstance(mid, str) and is_id(mid) and isinstance(params, dict)
            out.append((item[0], Said(item[1], mid, params) if ok else item[1]))
    return out


def seat_names(extra: dict, n: int) -> list[str]:
    """The seats' player names kept in a slot's ``extra`` (cleaned; "" = "Player N"), ``n`` of them."""
    from .seats import clean_name

    names = extra.get("names") if isinstance(extra, dict) else None
    names = [clean_name(x) for x in names[:8]] if isinstance(names, list) else []
    return (names + [""] * n)[:n]


def pack_content():
    from ..content.loader import load_content

    return load_content()


def campaign_folder(app: "App") -> Path:
    """The campaign slots' folder: ``campaigns`` under the app's save folder (platformdirs by default)."""
    return Path(app.save_dir) / "campaigns"


def describe(cs: CampaignState, a: Action) -> str:
    """A campaign action as a button label."""
    ct, pack = cs.content, cs.pack_def

    def item(uid):
        return _(ct.items[cs.cards[uid].defn].name) if uid in cs.cards else str(uid)

    def path(card):  # a path card by the scenario it opens: 'Flip P-DT2' told a player nothing (issue 25)
        return _(pack.slot(pack.path_cards[card].opens).name) if card in pack.path_cards else str(card)

    def who(cid):
        return _(ct.characters[cid].name).split("・")[0].split()[0] if cid in ct.characters else str(cid)

    if a.kind == "done":
        return _("Done")
    if a.kind == "choose" and a.item:
        return _f("Flip {slot}: give up the {item}", slot=path(a.target), item=item(a.item))
    if a.kind == "choose":
        return _("The Introduction") if a.target == "intro" else _(pack.slot(a.target).name)
    if a.kind == "use" and a.item2:
        return _f("{who}: {item} → {item2}", who=who(a.target), item=item(a.item), item2=item(a.item2))
    if a.kind == "use":
        return _f("{item} on {who}", item=item(a.item), who=who(a.target))
    if a.kind == "mix":
        return _f("Mix {item} + {item2}", item=item(a.item), item2=item(a.item2))
    if a.kind == "give":
        return _f("Give {item} to {who}", item=item(a.item), who=who(a.target))
    if a.kind == "put":
        return _f("{who}: {item} → box", who=who(a.target), item=item(a.item))
    if a.kind == "take":
        return _f("{who} takes {item}", who=who(a.target), item=item(a.item))
    if a.kind == "pick":
        return _f("Play as {name}", name=who(a.target))
    return a.kind


def seats_first(session: "CampaignSession") -> Command:
    """The first frame of a new campaign's map: its "Seats and players" screen (issue 25 item 9)."""
    if getattr(session, "ask_seats", False):
        session.ask_seats = False
        return Push(SeatsScene(session))
    return None


def draw_danger(surf, cs: CampaignState, rect: pygame.Rect, label: str = N_("CITY DANGER")) -> None:
    """The city danger track 0..17 with its bands named (R-DANGER-3, DV-4) and the marker; the
    manor map passes its own ``label`` (M-DANGER-1)."""
    pack = cs.pack_def
    n = pack.danger_max + 1
    w = rect.width // n
    T.text(surf, _(label), (rect.left, rect.top - 28), 13, T.MUTED, bold=True)  # above the marker
    for name, lo, hi, col in T.DANGER_BANDS:
        br = pygame.Rect(rect.left + lo * w, rect.top, (hi - lo + 1) * w, rect.height)
        pygame.draw.rect(surf, T.shade(col, 0.35), br)
        pygame.draw.rect(surf, col, br, 1)
        T.text(surf, _(name), (br.centerx, br.bottom + 2), 12, col, bold=True, anchor="midtop")
    m = pygame.Rect(rect.left + cs.danger * w, rect.top, w, rect.height)
    pygame.draw.rect(surf, T.TEXT, m)  # the marker: a light square with a dark number (not colour alone)
    for i in range(n):
        cr = pygame.Rect(rect.left + i * w, rect.top, w, rect.height)
        pygame.draw.line(surf, (0, 0, 0), cr.topleft, cr.bottomleft)
        T.text(surf, str(i), cr.center, 12, T.TEXT if i != cs.danger else (0, 0, 0), bold=i == cs.danger,
               anchor="center")
    pygame.draw.rect(surf, T.GOLD, m, 2)
    pygame.draw.polygon(surf, T.TEXT, [(m.centerx, m.top - 2), (m.centerx - 6, m.top - 10), (m.centerx + 6, m.top - 10)])


def inventory_lines(cs: CampaignState) -> list[tuple[str, tuple]]:
    ct = cs.content
    out = []
    for c in cs.characters:
        cd = ct.characters[c.cid]
        health = _(T.HEALTH_LABELS.get(c.health, "?")) + (_(" (poisoned)") if c.poisoned else "")
        out.append((f"{_(cd.name)} - {health} - {len(c.inventory)}/{cd.inventory_limit + c.limit_bonus}", T.GOLD))
        for sl in c.inventory:
            names = []
            for u in sl:
                d = ct.items[cs.cards[u].defn]
                ammo = cs.cards[u].ammo
                names.append(_(d.name) + (f" [{ammo}/{d.weapon.capacity}]" if d.weapon and ammo is not None
                                       and d.weapon.capacity else ""))
            out.append(("   " + " + ".join(names), T.TEXT))
    box = [" + ".join(_(ct.items[cs.cards[u].defn].name) for u in sl) for sl in cs.item_box]
    out.append((_f("Item box {n}/{max}", n=len(cs.item_box), max=24 if cs.mode.solo else 8), T.GOLD))
    out += [("   " + b, T.TEXT) for b in box] or [("   " + _("(empty)"), T.DIM)]
    return out


# ====================================================================== the end phase
class EndPhaseScene(PickScene):
    """R-END step by step: the rulebook's list with the step in progress marked, what changed and
    why (each line names its rule), and the players' decision with its options."""

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session
        self.shown = 0.0  # lines revealed so far (one every REVEAL_S)
        self.page = 0

    REVEAL_S = 0.25
    MAP_WORDS = (N_("Choose the next scenario on the city map."), N_("To the city map"))

    # what another campaign (the manor, game.ui.manor) changes
    def steps(self, ok: bool):
        return end_steps(self.s.cs, ok)

    def card_name(self, sid: str) -> str:
        return self.s.cs.pack_def.slot(sid).name

    def map_scene(self) -> Scene:
        return self.s.over_scene() if self.s.cs.result else self.s.map_scene()

    def sheet_scene(self) -> Scene:
        return CampaignSheetScene(self.s)

    def describe(self, a: Action) -> str:
        return describe(self.s.cs, a)

    def why_it_ended(self) -> list[str]:
        """Why the scenario of this end phase ended (issue 25 item 3), in the current language: what
        the final board said (game.ui.results.cause_lines: the condition, who fell to what, the last
        tension card) when it was just played, else the reason the campaign saved with it."""
        e = self.s.cs.ending
        if e is None:
            return []
        ended = getattr(self.s, "ended", None)
        if ended is not None and ended[1] is not None:
            got = cause_lines(ended[0], ended[1])
            if got:
                return got
        reason = player_text(translated((e.reason or "").strip()))
        if not reason:
            return []
        return [_f("Scenario won: {why}", why=reason) if e.result == "success" else
                _f("Scenario failed: {why}", why=reason)]

    def update(self, dt, app):
        self.shown = min(len(self.s.lines), self.shown + dt / self.REVEAL_S)
        return None

    def key(self, ev, app) -> Command:
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.shown < len(self.s.lines):
                self.shown = len(self.s.lines)  # show every line at once
                return None
            cs = self.s.cs
            if cs.result is not None or cs.phase.endswith(".choose"):
                return self.pick("next", None, app)
            done = Action(kind="done")
            if done in legal(cs):
                return self.pick("act", done, app)
        return None

    def pick(self, key, value, app) -> Command:
        if key == "act":
            self.s.apply(value)
            self.s.autosave()
            self.page = 0
            return None
        if key == "page":
            self.page = value
            return None
        if key == "next":
            return Replace(self.map_scene())
        if key == "sheet":
            return Push(self.sheet_scene())
        return None

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        cs = self.s.cs
        e = cs.ending
        ok = e is not None and e.result == "success"
        title = _("END PHASE") + (" - " + _f("{card}: {result}", card=_(self.card_name(e.scenario)),
                                             result=_("success") if ok else _("failure")) if e else "")
        T.text(surf, title, (24, 16), 26, T.OK if ok else T.BAD, bold=True)
        T.text(surf, player_text(_("After a success (rules 18.1)") if ok else _("After a failure (rules 18.2)")), (26, 52),
               15, T.MUTED)
        ids = player_text("(R-END-X0)") != ""  # the rule column only with "Show rule IDs" (hidden from players)
        # the rulebook's list, the current step marked
        steps = self.steps(ok)
        prefix = "success" if ok else "failure"
        names = [f"{prefix}.{n}" for n, _ in steps]
        cur = names.index(cs.phase) if cs.phase in names else (len(names) if cs.result or cs.phase == "over" else -1)
        r = panel(surf, pygame.Rect(16, 80, 300, T.H - 96), _("Steps"))
        y = r.top
        for i, (n, rule) in enumerate(steps):
            if i < cur:
                draw_check(surf, r.left, y + 2, T.OK)
                col = T.MUTED
            elif i == cur:
                pygame.draw.polygon(surf, T.GOLD, [(r.left, y + 1), (r.left + 10, y + 8), (r.left, y + 15)])
                col = T.GOLD
            else:
                pygame.draw.circle(surf, T.DIM, (r.left + 6, y + 8), 4, 1)
                col = T.DIM
            T.text(surf, _(STEP_NAMES.get(n, n)), (r.left + 20, y), 15, col, bold=i == cur)
            if ids:
                T.text(surf, rule, (r.right, y + 1), 12, col, anchor="topright")
            y += 26
        # what changed and why; first why the scenario ended (issue 25 item 3), always in view
        lr = panel(surf, pygame.Rect(328, 80, T.W - 344, 330), _("What changed, and why"))
        lines = self.s.lines[: int(self.shown) + (1 if self.shown < len(self.s.lines) else 0)]
        cause = []
        for text in self.why_it_ended():
            cause += T.wrap(text, 15, lr.width - 6, True)
        rows = []
        gap = 104 if ids else 0  # the rule ID column's width
        for rule, text in lines:
            for k, ln in enumerate(T.wrap(player_text(words(text)), 15, lr.width - 6 - gap)):
                rows.append((rule if k == 0 else "", ln))
        rows = rows[-max(1, int(lr.height // 21) - len(cause)):]
        y = lr.top
        for ln in cause:
            T.text(surf, ln, (lr.left, y), 15, T.OK if ok else T.BAD, bold=True)
            y += 21
        for rule, ln in rows:
            if rule and ids:
                T.text(surf, rule, (lr.left, y + 1), 12, T.MUTED)
            T.text(surf, ln, (lr.left + gap, y), 15, T.TEXT)
            y += 21
        # the decision
        dr = panel(surf, pygame.Rect(328, 420, T.W - 344, T.H - 436), _("Your decision"))
        if self.s.save_error:
            T.text(surf, self.s.save_error, (dr.left, dr.bottom - 18), 13, T.BAD)
        if cs.result is not None or cs.phase.endswith(".choose"):
            T.text_block(surf, _("The end phase is over.") + " " + (_("The campaign is decided.") if cs.result else
                                                                    _(self.MAP_WORDS[0])),
                         pygame.Rect(dr.left, dr.top, dr.width, 60), 17)
            button(surf, self.zones, pygame.Rect(dr.left, dr.top + 60, 280, 44),
                   _("See the result") if cs.result else _(self.MAP_WORDS[1]), "next", hover=self.mouse, primary=True, size=17)
            button(surf, self.zones, pygame.Rect(dr.left + 300, dr.top + 60, 200, 44), _("Campaign sheet"), "sheet",
                   hover=self.mouse, size=16)
            return
        if cs.pending is None:
            return
        inv_w = 330  # the party and the box beside the options: who holds what, health, dials
        ir = pygame.Rect(dr.right - inv_w, dr.top, inv_w, dr.height - 20)
        pygame.draw.line(surf, T.PANEL_EDGE, (ir.left - 10, ir.top), (ir.left - 10, ir.bottom))
        y = ir.top
        for ln, col in inventory_lines(cs):
            if y > ir.bottom - 14:
                break
            T.text(surf, ln, (ir.left, y), 12, col, bold=col == T.GOLD)
            y += 15
        dr = pygame.Rect(dr.left, dr.top, dr.width - inv_w - 20, dr.height)
        T.text_block(surf, player_text(words(cs.pending)), pygame.Rect(dr.left, dr.top, dr.width, 44), 16,
                     T.GOLD)
        opts = legal(cs)
        # "Done" has a place of its own at the bottom right, on every page (play4: it was only on the
        # last page, and the grid reflows after each transfer, so a second click where Done had been
        # moved an item instead)
        done = [a for a in opts if a.kind == "done"]
        opts = [a for a in opts if a.kind != "done"]
        labels = [self.describe(a) for a in opts]
        f = T.font(12, True)
        for cols in (3, 2, 1):  # as many columns as the longest label allows (long item names, Japanese)
            bw = (dr.width - 10 * (cols - 1)) // cols
            if all(f.size(t)[0] <= bw - 12 for t in labels):
                break
        per = cols * max(1, (dr.height - 46 - 34) // 28)
        pages = max(1, (len(opts) + per - 1) // per)
        self.page = min(self.page, pages - 1)
        shown = opts[self.page * per:(self.page + 1) * per]
        for i, a in enumerate(shown):
            rr = pygame.Rect(dr.left + (i % cols) * (bw + 10), dr.top + 46 + (i // cols) * 28, bw, 25)
            button(surf, self.zones, rr, self.describe(a), "act", a, hover=self.mouse, size=12, tip=self.describe(a))
        if done:
            button(surf, self.zones, pygame.Rect(dr.right - 150, dr.bottom - 30, 150, 28), self.describe(done[0]), "act",
                   done[0], hover=self.mouse, size=13, primary=True)
        if pages > 1:
            right = dr.right - (160 if done else 0)
            button(surf, self.zones, pygame.Rect(right - 200, dr.bottom - 30, 95, 28), _("< Prev"), "page",
                   max(0, self.page - 1), hover=self.mouse, size=13, enabled=self.page > 0)
            button(surf, self.zones, pygame.Rect(right - 95, dr.bottom - 30, 95, 28), _("Next >"), "page",
                   min(pages - 1, self.page + 1), hover=self.mouse, size=13, enabled=self.page < pages - 1)
        T.text(surf, _f("Danger {d} ({band})", d=cs.danger, band=_(BAND_WORDS.get(cs.pack_def.band(cs.danger), "?"))),
               (dr.left, dr.bottom - 18), 14, T.MUTED)


STEP_NAMES = {"sustained": N_("Sustained effects end"), "poison": N_("Poison cured"), "overrun": N_("Overrun check"),
              "victory": N_("Victory check"), "unlock": N_("Unlock step"), "ammo": N_("Ammunition"),
              "heal": N_("Healing"), "scenario_items": N_("Scenario items discarded"),
              "item_a": N_("Item A discards back"), "spray": N_("First-Aid Spray"), "danger": N_("Danger rises"),
              "ribbons": N_("Ink ribbons discarded"), "tension": N_("Tension deck refreshed"),
              "completion": N_("Completion token"), "transfer": N_("Item box transfers"),
              "unlock2": N_("Second unlock step"), "choose": N_("Choose the next scenario"),
              "return": N_("Item B / C found go back"), "refill": N_("Ammo dials refilled"),
              "fine": N_("Everybody to Fine"), "reserve_heal": N_("Reserve wounds heal")}


# ====================================================================== the city map
class CityMapScene(PickScene):
    """Every scenario of the campaign by district with its state and why, the danger track with
    its bands, the party's inventories and the item box; choosing the next scenario."""

    MAP_ORIGIN = (16, 80)  # where the city map's picture is drawn (its pixels are screen pixels)

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session
        self.selected: str | None = None
        self.message = ""
        # the pack's city map, a Tiled map (game.content.campaign_map): picture + a card per scenario;
        # a broken one is named here and the cards fall back to columns by district
        self.city = None
        self.picture: pygame.Surface | None = None
        try:
            from ..content.campaign_map import load_city_map

            self.city = load_city_map(session.cs.pack_def)
            self.picture = pygame.image.load(str(self.city.picture))
        except ContentError as ex:
            self.message = _f("City map not used: {why}", why=ex)
        except pygame.error as ex:
            self.city, self.message = None, _f("City map picture not drawn: {why}", why=ex)

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_c:
            return Push(CampaignSheetScene(self.s))
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected:
            return self.pick("start", None, app)
        return None

    def update(self, dt, app):
        return seats_first(self.s)

    def pick(self, key, value, app) -> Command:
        cs = self.s.cs
        if key in ("slot", "peek"):
            self.selected = value
            return None
        if key == "sheet":
            return Push(CampaignSheetScene(self.s))
        if key == "seats":  # issue 12: reassign the seats between scenarios
            from .seats import SeatsScene

            return Push(SeatsScene(self.s))
        if key == "menu":
            self.s.autosave()
            return Reset(app.main_menu())
        if key == "copy":  # a named slot: a checkpoint beside the running campaign's own slot
            from ..content.campaign_saves import clean_name, new_slot_path, save_campaign

            last = cs.pack_def.slot(cs.history[-1].scenario).name if cs.history and cs.history[-1].scenario != "intro" \
                else _("start")
            name = clean_name(_f("{name} after {last}", name=self.s.name, last=_(last)))
            out = new_slot_path(name, self.s.slot.parent)
            return self.write(out, name, lambda: save_campaign(out, cs, extra=self.s.seat_extra(),
                                                               name=name))
        if key == "export":
            from ..content.campaign_saves import export_for_bug_report

            out = self.s.slot.parent.parent / "bug-reports" / (self.s.slot.stem + "-bug-report.json")
            return self.write(out, out, lambda: export_for_bug_report(out, cs))
        if key == "swap":
            self.s.apply(value)
        if key == "start" and self.selected:
            a = Action(kind="choose", target=self.selected)
            if a not in legal(cs):
                self.message = _("That scenario cannot be chosen now.")
                return None
            self.s.apply(a)
        if cs.phase == "playing":
            try:
                return Replace(self.s.open_next(app, start=True))
            except ContentError as ex:
                self.message = error_text(ex)
        return None

    def brief_of(self, sid: str):
        """The brief (ScenarioDef) a slot plays, read once per scene; None if it cannot be read."""
        cache = self.__dict__.setdefault("_briefs", {})
        if sid not in cache:
            try:
                from ..content.campaign_pack import campaign_briefs
                from ..content.loader import load_content

                bid = self.s.cs.pack_def.slot(sid).brief
                got = campaign_briefs().get(bid)
                cache[sid] = got[0] if got else load_content().scenarios.get(bid)
            except (ContentError, KeyError, OSError):
                cache[sid] = None
        return cache[sid]

    def draw_brief(self, surf, r: pygame.Rect) -> int:
        """The chosen scenario's story and goal at the bottom of the party panel, so players know what
        they start (a playtest met only its name until the board opened). Returns the height used."""
        if self.selected == "intro":
            title, story, goal = _("The Introduction"), "", _("Optional: a short practice scenario outside the "
                                                                "campaign; nothing it does carries over.")
        else:
            b = self.brief_of(self.selected)
            if b is None:
                return 0
            sl = self.s.cs.pack_def.slot(self.selected)
            title = f"{_(sl.name)} · " + (_("finale") if sl.tier == 4 else _f("tier {n}", n=sl.tier))
            story = _(b.description) if b.description else ""
            goal = _f("Goal: {text}", text=_(b.goal or b.objective_text)) if (b.goal or b.objective_text) else ""
            state, why = slot_status(self.s.cs, self.selected)
            if state != "open" and state in STATE_WORDS:  # a card that cannot be started now: why, not its goal
                goal = f"{_(STATE_WORDS[state])}: {player_text(translated(why))}"
                if state == "locked":  # R-CAMP-12: where such an item comes from
                    goal += " " + _("It opens in an end phase when a survivor carries that item (an Item C card, "
                                    "found on the scenarios' Item C tokens) in the inventory, not the item box.")
        h = 200
        box = pygame.Rect(r.left, r.bottom - 34 - h, r.width, h)
        pygame.draw.line(surf, T.PANEL_EDGE, (box.left, box.top - 6), (box.right, box.top - 6))
        T.text(surf, title, (box.left, box.top), 15, T.GOLD, bold=True)
        y = box.top + 22
        if story:
            y = T.text_block(surf, story, pygame.Rect(box.left, y, box.width, 120), 13, T.MUTED, max_lines=6) + 6
        if goal:
            T.text_block(surf, goal, pygame.Rect(box.left, y, box.width, box.bottom - y), 13, T.TEXT,
                         max_lines=max(1, (box.bottom - y) // 17))
        return h + 8

    def write(self, out: Path, shown, write) -> None:
        """Write a file with ``write()``; the message names ``shown`` or why it failed."""
        try:
            write()
            self.message = _f("Written: {path}", path=shown)
            self.ok_message = self.message
        except OSError as ex:
            self.message = _f("Could not write {path}: {why}", path=out, why=ex.strerror or ex)

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        cs = self.s.cs
        T.text(surf, _("HALLOWAY CITY"), (24, 12), 28, T.ACCENT_HI, bold=True)
        played = sum(1 for h in cs.history if h.scenario != "intro")  # (the Introduction is in the history too)
        T.text(surf, (_f("{n} scenario played", n=played) if played == 1 else _f("{n} scenarios played", n=played))
               + "   ·   " + (_("Clock Tower route found") if cs.route else _("Clock Tower route not found")),
               (26, 48), 15, T.MUTED)
        draw_danger(surf, cs, pygame.Rect(440, 34, 720, 26))
        choices = {a.target for a in legal(cs) if a.kind == "choose"}
        cw = 168
        if self.picture is not None:
            surf.blit(self.picture, self.MAP_ORIGIN)
        for d, district in enumerate(DISTRICTS):
            x = 16 + d * (cw + 8)
            # the district's name in the player's language, over its band of the picture (which has no text)
            hx, size = (x, 14) if self.city is None else (self.MAP_ORIGIN[0] + d * 176 + 6, 16)
            T.text(surf, _(DISTRICT_WORDS.get(district, district.upper())), (hx, 86), size, T.GOLD, bold=True)
            y = 108
            for sl in [s for s in cs.pack_def.scenarios if s.district == district]:
                state, why = slot_status(cs, sl.id)
                rect = pygame.Rect(x, y, cw, 122)
                if self.city is not None:  # where the city map (Tiled) puts the card
                    sx, sy, sw, sh = self.city.slots[sl.id]
                    rect = pygame.Rect(self.MAP_ORIGIN[0] + sx, self.MAP_ORIGIN[1] + sy, sw, sh)
                sel = self.selected == sl.id
                pygame.draw.rect(surf, T.PANEL_HI if sel else T.PANEL, rect, border_radius=6)
                pygame.draw.rect(surf, T.GOLD if sel else STATE_COLOURS[state], rect, 3 if sel else 1, border_radius=6)
                T.text(surf, sl.id, (rect.left + 8, rect.top + 6), 14, T.TEXT, bold=True)
                T.text(surf, _("finale") if sl.tier == 4 else _f("tier {n}", n=sl.tier), (rect.right - 8, rect.top + 7), 12,
                       T.MUTED, anchor="topright")
                T.text(surf, _(sl.name), (rect.left + 8, rect.top + 24), 14, T.TEXT)
                ICONS[state](surf, rect.left + 8, rect.top + 46, STATE_COLOURS[state])
                T.text(surf, _(STATE_WORDS[state]), (rect.left + 26, rect.top + 46), 12, STATE_COLOURS[state], bold=True)

                T.text_block(surf, player_text(translated(why)), pygame.Rect(rect.left + 8, rect.top + 64, rect.width - 14, 54),
                             12, T.MUTED, max_lines=3)
                # an open card is chosen; any other can be clicked to read its story and why it is not open
                self.zones.add(Zone(rect, "slot" if sl.id in choices else "peek", sl.id))
                y += 128
        # inventories and the item box
        r = panel(surf, pygame.Rect(T.W - 384, 86, 368, 470), _("Party and item box"))
        brief_h = self.draw_brief(surf, r) if self.selected else 0  # the chosen scenario's story and goal
        y = r.top
        for ln, col in inventory_lines(cs):
            if y > r.bottom - 48 - brief_h - (24 if brief_h else 0):  # the note (and the chosen brief) keep their room
                T.text(surf, _("... (campaign sheet: C)"), (r.left, y), 13, T.DIM)
                break
            T.text(surf, ln, (r.left, y), 13, col, bold=col == T.GOLD)
            y += 17
        T.text_block(surf, player_text(_("Items move between inventories and the box in the end phase (rules 18.3).")),
                     pygame.Rect(r.left, r.bottom - 30, r.width, 30), 12, T.DIM)
        # choosing
        by = T.H - 60
        if cs.pending is not None and cs.pending.kind == "swap":
            T.text(surf, words(cs.pending), (24, by - 30), 16, T.GOLD)
            for i, a in enumerate(legal(cs)):
                button(surf, self.zones, pygame.Rect(24 + i * 190, by, 180, 40), describe(cs, a), "swap", a,
                       hover=self.mouse, size=15)
        else:
            if "intro" in choices:  # R-INTRO-9: the tutorial, outside the campaign, before its first scenario
                button(surf, self.zones, pygame.Rect(400, by, 260, 44), _("Optional: the Introduction"), "slot", "intro",
                       hover=self.mouse, selected=self.selected == "intro", size=15)
            name = (_(cs.pack_def.slot(self.selected).name) if self.selected != "intro" else _("the Introduction")) \
                if self.selected in choices else None
            label = _f("Start {name}", name=name) if name else _("Click an open scenario")
            button(surf, self.zones, pygame.Rect(24, by, 360, 44), label, "start", hover=self.mouse, primary=bool(name),
                   enabled=bool(name), size=17)
        button(surf, self.zones, pygame.Rect(T.W - 384, by, 180, 44), _("Campaign sheet"), "sheet", hover=self.mouse,
               size=16)
        button(surf, self.zones, pygame.Rect(T.W - 572, by - 50, 180, 38), _("Seats and players"), "seats",
               hover=self.mouse, size=14, tip=_("Who plays which survivor in the next scenarios"))
        button(surf, self.zones, pygame.Rect(T.W - 384, by - 50, 180, 38), _("Save a copy"), "copy",
               hover=self.mouse, size=14)
        button(surf, self.zones, pygame.Rect(T.W - 196, by - 50, 180, 38), _("Export bug report"), "export",
               hover=self.mouse, size=14)
        button(surf, self.zones, pygame.Rect(T.W - 196, by, 180, 44), _("Save & menu"), "menu", hover=self.mouse, size=16)
        msg = self.message or self.s.save_error
        if msg:
            T.text_block(surf, msg, pygame.Rect(400, by - 4, T.W - 800, 50), 13,
                         T.OK if msg == getattr(self, "ok_message", None) else T.BAD, max_lines=3)


# ====================================================================== the campaign sheet
class CampaignSheetScene(PickScene):
    """The paper campaign sheet on screen (R-END-X2): survivors with health and inventories (ammo
    values), the item box, danger, the path cards and completion tokens, collected tokens, the
    route and the cable-car parts, removed cards and the attempt history."""

    overlay = True

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session

    def pick(self, key, value, app) -> Command:
        return Pop() if key == "close" else None

    def key(self, ev, app) -> Command:
        return Pop() if ev.key in (pygame.K_ESCAPE, pygame.K_c, pygame.K_RETURN, pygame.K_SPACE) else None

    def draw(self, surf, app):
        self.zones.clear()
        cs = self.s.cs
        ct = cs.content
        r = pygame.Rect(40, 24, T.W - 80, T.H - 48)
        pygame.draw.rect(surf, (228, 218, 196), r, border_radius=4)  # paper
        pygame.draw.rect(surf, (90, 60, 40), r, 2, border_radius=4)
        ink, faint = (30, 24, 20), (96, 80, 64)
        mode = _(", ").join(m for m, on in ((_("easy"), cs.mode.easy), (_("solo"), cs.mode.solo)) if on) or _("normal")
        T.text(surf, _f("CAMPAIGN SHEET - {name}", name=_(cs.pack_def.name)), (r.left + 20, r.top + 12), 22, ink,
               bold=True)
        T.text(surf, _f("seed {seed} · mode: {mode} · danger {d}/{max} ({band})", seed=cs.seed, mode=mode, d=cs.danger,
                        max=cs.pack_def.danger_max, band=_(BAND_WORDS.get(cs.pack_def.band(cs.danger), "?"))),
               (r.left + 20, r.top + 42), 14, faint)
        col1 = pygame.Rect(r.left + 20, r.top + 70, 380, r.height - 90)
        y = col1.top
        for ln, col in inventory_lines(cs):
            T.text(surf, ln, (col1.left, y), 13, ink, bold=col == T.GOLD)
            y += 17
        col2 = pygame.Rect(r.left + 420, r.top + 70, 380, r.height - 90)
        y = col2.top
        T.text(surf, _("Scenarios"), (col2.left, y), 15, ink, bold=True)
        y += 20
        for sl in cs.pack_def.scenarios:
            state, why = slot_status(cs, sl.id)
            c_got = len(cs.collected_c.get(sl.id, []))
            p_got = len(cs.collected_p.get(sl.id, []))
            tries = sum(1 for h in cs.history if h.scenario == sl.id)
            T.text(surf, sl.id, (col2.left, y), 13, ink, bold=True)  # three aligned columns in either language
            T.text(surf, _(STATE_WORDS[state]), (col2.left + 40, y), 13, ink)
            T.text(surf, _f("C {c}/{cn}  P {p}/{pn}  tries {tries}", c=c_got, cn=sl.item_c_tokens, p=p_got,
                            pn=len(sl.progression), tries=tries), (col2.left + 180, y), 13, ink)
            y += 17
        y += 8
        parts = [_(ct.items[p].name) for p in cs.pack_def.parts]
        T.text(surf, _("Clock Tower route found") if cs.route else _("Clock Tower route not found"), (col2.left, y), 13,
               ink)
        y += 17
        T.text_block(surf, _("Cable-car parts: ") + _(", ").join(parts), pygame.Rect(col2.left, y, col2.width, 40), 13, ink)
        col3 = pygame.Rect(r.left + 820, r.top + 70, r.width - 840, r.height - 90)
        y = col3.top
        T.text(surf, _("Attempts"), (col3.left, y), 15, ink, bold=True)
        y += 20
        for h in cs.history[-18:]:
            T.text(surf, f"{h.scenario}{'*' if h.replay else ''} " + _f("{result} · {n} turns · danger {d}",
                                                                       result=_(RESULT_WORDS.get(h.result, h.result)),
                                                                       n=h.turns, d=h.danger_after),
                   (col3.left, y), 13, ink)
            y += 17
            why = player_text(translated((h.reason or "").strip())) if h.result == "failure" else ""
            if why:
  # issue 25 item 3: a failure says why on the sheet too ("UT1 failure · 51 turns" did not)
                T.text(surf, fit("   " + why, 12, col3.width), (col3.left, y), 12, T.MUTED)
                y += 15
        y += 8
        removed = cs.piles.get("removed", [])
        T.text(surf, _f("Removed from the game: {n} card(s)", n=len(removed)), (col3.left, y), 13, ink)
        y += 17
        T.text(surf, _f("Escalation packets: {names}", names=", ".join(cs.packets) or _("none")), (col3.left, y), 13,
               ink)
        y += 17
        T.text(surf, _f("Item C deck: {n} left (never shuffled)", n=len(cs.piles.get('item_c', []))), (col3.left, y),
               13, ink)
        button(surf, self.zones, pygame.Rect(r.right - 150, r.bottom - 54, 130, 40), _("Close"), "close", hover=self.mouse,
               size=16)


# ====================================================================== victory and loss
class CampaignOverScene(PickScene):
    """The campaign's own ending: victory (Clock Tower 2 won) or loss (R-CAMP-17, the city overrun)."""

    TITLES = (N_("THE LAST CAR LEAVES THE CITY"), N_("THE CITY IS OVERRUN"))

    def __init__(self, session: CampaignSession):
        super().__init__()
        self.s = session

    def sheet_scene(self) -> Scene:
        return CampaignSheetScene(self.s)

    def score_line(self) -> str:
        return ""

    def pick(self, key, value, app) -> Command:
        if key == "menu":
            return Reset(app.main_menu())
        if key == "sheet":
            return Push(self.sheet_scene())
        return None

    def key(self, ev, app) -> Command:
        return self.pick("menu", None, app) if ev.key in (pygame.K_RETURN, pygame.K_ESCAPE) else None

    #: the ending pictures (tools/make_ending_art.py): won, lost
    ART = ("ending_city_won", "ending_city_lost")

    def picture(self, app, won: bool, w: int, h: int):
        """The ending's picture scaled to ``w`` x ``h``; drawn by tools.make_ending_art when its PNG
        is missing (a checkout without the generated sprites)."""
        name = self.ART[0 if won else 1]
        img = app.art.get(name, w, h)
        if img is None:
            from tools.make_ending_art import build

            got = build().get(name)
            img = pygame.transform.smoothscale(got, (w, h)) if got is not None else None
        return img

    def counts_line(self) -> str:
        """How many scenarios were played, won and failed, and how many cards are completed (issue 25
        item 4: "1 scenario played · 0 failed · 2 completed" mixed plays with completion tokens)."""
        cs = self.s.cs
        played = self.played()
        n = len(played)
        won = sum(1 for h in played if h.result == "success")
        played = _f("{n} scenario played", n=n) if n == 1 else _f("{n} scenarios played", n=n)
        return played + " " + _f("({w} won, {f} failed)", w=won, f=n - won) + " · " + \
            _f("{c} cards completed · final danger {d}", c=len(cs.completed), d=cs.danger)

    def played(self) -> list:
        """The campaign's scenarios played, in order (the history without the Introduction, which it
        holds too: R-INTRO-9)."""
        return [h for h in self.s.cs.history if h.scenario != "intro"]

    def route(self) -> list[tuple[str, bool]]:
        """The scenarios the party played, in order: (name, won)."""
        return [(self.s.card_name(h.scenario), h.result == "success") for h in self.played()]

    def survivor_rows(self) -> list[tuple[str, str, str]]:
        """(character id, name, figures) for each survivor of the party at the end (issue 25 item 4)."""
        cs = self.s.cs
        ct = cs.content
        out = []
        for c in cs.characters:
            cd = ct.characters.get(c.cid)
            name = _(cd.name) if cd is not None else c.cid
            played = sum(1 for h in self.played() if any(p[0] == c.cid for p in h.party))
            won = sum(1 for h in self.played() if h.result == "success" and any(p[0] == c.cid for p in h.party))
            health = _(T.HEALTH_LABELS.get(c.health, "?")) + (_(" (poisoned)") if c.poisoned else "")
            items = sum(len(sl) for sl in c.inventory)
            games = _f("1 scenario, {w} won", w=won) if played == 1 else _f("{p} scenarios, {w} won", p=played, w=won)
            out.append((c.cid, name, games + " · " + _f("ends {health} · carries {i} cards", health=health, i=items)))
        return out

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill((6, 5, 8))
        cs = self.s.cs
        won = cs.result == "victory"
        col = T.GOLD if won else T.BAD
        # the picture, the title over it (issue 25 item 4: both endings were plain text on black)
        pic = pygame.Rect(40, 20, T.W - 80, 200)
        img = self.picture(app, won, pic.width, pic.height)
        if img is not None:
            surf.blit(img, pic)
        pygame.draw.rect(surf, col, pic, 2)
        T.text(surf, _(self.TITLES[0 if won else 1]), (T.W // 2, pic.bottom - 40), 38, col, bold=True, anchor="center",
               shadow=True)
        y = pic.bottom + 14
        reason = translated(cs.result_reason)
        reason = reason[:1].upper() + reason[1:]
        T.text(surf, (_("Campaign won") if won else _("Campaign lost")) + " — " + player_text(reason) + ".",
               (T.W // 2, y), 18, T.TEXT, bold=True, anchor="midtop")
        y += 28
        T.text(surf, self.counts_line(), (T.W // 2, y), 15, T.MUTED, anchor="midtop")
        y += 22
        if self.score_line():  # M-CAMP-4: the manor's score
            T.text(surf, self.score_line(), (T.W // 2, y), 15, T.GOLD, anchor="midtop")
            y += 22
        # the route the party took: each scenario with a tick (won) or a cross (failed) and the word
        y += 6
        T.text(surf, _("The route"), (60, y), 14, T.MUTED, bold=True)
        y += 20
        x = 60
        for i, (name, ok) in enumerate(self.route()):
            word = _("won") if ok else _("failed")
            label = f"{name} ({word})"
            w = T.font(13).size(label)[0] + 26
            if x + w > T.W - 60:
                x, y = 60, y + 22
            if y > 520:
                T.text(surf, "…", (x, y), 13, T.DIM)
                break
            (draw_check if ok else draw_cross)(surf, x, y + 1, T.OK if ok else T.BAD)
            T.text(surf, label, (x + 16, y), 13, T.TEXT)
            x += w
            if i < len(self.played()) - 1 and x < T.W - 80:
                T.text(surf, "→", (x - 8, y), 13, T.DIM)
                x += 10
        if not self.played():
            T.text(surf, _("no scenario played"), (60, y), 13, T.DIM)
        y += 34
        # each survivor with their figures
        T.text(surf, _("The survivors"), (60, y), 14, T.MUTED, bold=True)
        y += 20
        for cid, name, figures in self.survivor_rows():
            cd = cs.content.characters.get(cid)
            colour = tuple(cd.colour) if cd is not None else T.TEXT
            if not app.art.portrait(surf, cid, (76, y + 14), 15, colour):
                pygame.draw.circle(surf, colour, (76, y + 14), 14)
            T.text(surf, name, (100, y + 4), 15, T.TEXT, bold=True)
            T.text(surf, figures, (330, y + 6), 14, T.TEXT)
            y += 34
            if y > T.H - 130:
                break
        if not won:
            T.text(surf, player_text(_("A lost campaign starts again from the beginning (rules 19.2).")),
                   (T.W // 2, T.H - 104), 14, T.DIM, anchor="center")
        button(surf, self.zones, pygame.Rect(T.W // 2 - 210, T.H - 80, 200, 46), _("Campaign sheet"), "sheet",
               hover=self.mouse, size=17)
        button(surf, self.zones, pygame.Rect(T.W // 2 + 10, T.H - 80, 200, 46), _("Main menu"), "menu",
               hover=self.mouse, primary=True, size=17)


# ====================================================================== the campaign menu
class CampaignMenu(PickScene):
    """New campaign (party size, easy mode, a name the players type) and the campaign save slots
    (name, scenario, turn, danger, date; Rename; damaged ones with their reason; a finished
    campaign cannot be continued). Scenarios are shown by name, never by code.

    The list of saves, renaming and opening a save are the same for every campaign; another
    campaign's menu (the manor's, game.ui.manor) sets the class attributes below and draws its
    own "new campaign" side (:meth:`draw_new`)."""

    SESSION = CampaignSession
    PACK_FILTER: str | None = None  # list only the saves of this pack (None: every campaign's)
    # saves of the campaigns with a menu of their own, not listed here (play4: the city list showed the
    # manor's saves with card codes, "E2B · between scenarios"); a save of an unknown pack stays listed
    PACK_HIDE: tuple[str, ...] = ("mansion",)
    SAVED_TITLE = N_("Saved campaigns")
    NO_SAVES = N_("No campaign saved yet.")
    SAVED_LINE = N_("{scenario} · turn {turn} · danger {d} · {when}")
    SAVED_LEFT = 480  # where the saves' panel starts
    MAX_ROWS = 12

    def __init__(self):
        super().__init__()
        self.players = 2
        self.chosen: list[str] = SURVIVORS[:2]  # the city's survivors in seat order (issue 25 item 9)
        self.easy = False
        self.message = ""
        self._slots: list | None = None
        self.first = 0  # the first saved campaign listed (more saves than rows: Newer / Older, the wheel)
        self.name_field = TextField(placeholder="")
        self.failed: dict[Path, ContentError] = {}  # saves that were listed as fine but did not open
        self.renaming: Path | None = None  # the save being renamed
        self.rename_field = TextField()
        self.row_focus: Path | None = None  # the save the keyboard is on (Up/Down; Enter continues, Delete deletes)

    def pack(self, app):
        if getattr(self, "_pack", None) is None:
            self._pack = self.SESSION.pack_and_content()[0]
        return self._pack

    def slots(self, app) -> list:
        """The saves this menu lists (a damaged one always, with its reason)."""
        if self._slots is None:
            from ..content.campaign_saves import good_previous, list_slots, read_campaign_doc
            def opens(q: Path) -> None:  # the previous save is offered only if it opens fully (issue 25 item 10)
                app.open_campaign(q)

            rows = []
            for info in list_slots(campaign_folder(app)):
                if (self.PACK_FILTER is not None or self.PACK_HIDE) and info.status != "damaged":
                    try:
                        pack = read_campaign_doc(info.path).get("pack")
                    except ContentError:
                        continue
                    if pack in self.PACK_HIDE or (self.PACK_FILTER is not None and pack != self.PACK_FILTER):
                        continue
                if info.status != "damaged" and info.path in self.failed:  # listed as fine, but it did not
                    err = self.failed[info.path]  # open (issue 29 item 4): its row says so from now on
                    info = dataclasses.replace(info, status="damaged", reason=str(err), error=err,
                                               prev=good_previous(info.path))
                if info.prev is not None:
                    info = dataclasses.replace(info, prev=good_previous(info.path, opens))
                rows.append(info)
            self._slots = rows
        return self._slots

    def scenario_name(self, app, sid) -> str:
        """A saved scenario id as its name ("Burning Streets"); an unknown id stays as it is."""
        if not sid:
            return _("none yet")
        if sid == "intro":
            return _("the Introduction")
        try:
            return _(self.pack(app).scenario_def(str(sid)).name)
        except (KeyError, ContentError):
            return str(sid)[:20]

    def default_name(self, app) -> str:
        """'Campaign N': the first number no saved campaign is called by."""
        taken = {info.name for info in self.slots(app)}
        return next(_f("Campaign {n}", n=n) for n in range(1, 10_000) if _f("Campaign {n}", n=n) not in taken)

    def handle(self, ev, app) -> Command:
        for field, done in ((self.name_field, None), (self.rename_field, "rename_ok")):
            if not field.active:
                continue
            what = field.handle(ev)
            if what == "submit":
                field.focus(False)
                return self.pick(done, None, app) if done else None
            if what == "cancel":
                field.focus(False)
                if done:
                    self.renaming = None
                return None
            if what is not None:
                return None
        if left_click(ev) and self.name_field.active:
            z = self.zones.at(ev.pos)
            if z is None or z.key != "name":
                self.name_field.focus(False)
        if ev.type == pygame.MOUSEWHEEL and any(z.key == "saves_from" for z in self.zones.items):
            self.first = max(0, self.first - 3 * ev.y)  # wheel up: newer saves; the draw keeps it in range
            return None
        return super().handle(ev, app)

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_ESCAPE:
            return Pop()
        if self.name_field.active or self.rename_field.active:
            return None
        # the saved list by keyboard: Up/Down choose a save, Enter continues it, Delete asks to delete it
        rows = self.slots(app)
        paths = [i.path for i in rows]
        if not paths:
            return None
        at = paths.index(self.row_focus) if self.row_focus in paths else -1
        if ev.key in (pygame.K_DOWN, pygame.K_UP):
            at = min(len(paths) - 1, at + 1) if ev.key == pygame.K_DOWN else max(0, at - 1)
            self.row_focus = paths[at]
            per = self.MAX_ROWS - 1  # keep the chosen save in the rows shown (more saves than rows: Newer / Older)
            if len(paths) > self.MAX_ROWS:
                self.first = at if at < self.first else max(self.first, at - per + 1)
        elif at >= 0 and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and rows[at].status != "damaged":
            return self.pick("load", paths[at], app)
        elif at >= 0 and ev.key == pygame.K_DELETE:
            return self.pick("delete", paths[at], app)
        return None

    def delete_slot(self, app, info) -> None:
        """Delete the campaign save ``info`` (its file and the previous save kept beside it); the list
        is read again, the other slots are not touched. A failure is said on the menu."""
        from ..content.campaign_saves import delete_campaign

        paths = [i.path for i in self.slots(app)]
        try:
            delete_campaign(info.path)
        except (OSError, ValueError) as ex:
            self.message = _f("Could not delete {name}: {why}", name=info.name, why=getattr(ex, "strerror", None) or ex)
            return
        self.message = _f("Deleted {name}.", name=info.name)
        if self.row_focus == info.path:  # the keyboard goes on to the next save
            at = paths.index(info.path)
            rest = paths[:at] + paths[at + 1:]
            self.row_focus = rest[min(at, len(rest) - 1)] if rest else None
        self._slots = None

    def pick(self, key, value, app) -> Command:
        self.message = ""
        if key == "who":  # a survivor in or out of the party, in the order chosen (seat order)
            self.message = ""
            if value in self.chosen:
                self.chosen.remove(value)
            elif len(self.chosen) < 4:
                self.chosen.append(value)
            self.players = max(1, len(self.chosen))
            return None
        if key == "players":
            self.players = value
            self.chosen = SURVIVORS[:value]
        elif key == "easy":
            self.easy = not self.easy
        elif key == "name":
            self.renaming = None
            self.rename_field.focus(False)
            self.name_field.focus(True)
        elif key == "rename":
            self.renaming = value
            info = next((i for i in self.slots(app) if i.path == value), None)
            self.rename_field = TextField(info.name if info else "")
            self.rename_field.focus(True)
        elif key == "rename_field":
            self.rename_field.focus(True)
        elif key == "rename_ok" and self.renaming is not None:
            from ..content.campaign_saves import rename_campaign

            try:
                rename_campaign(self.renaming, self.rename_field.text)
            except ValueError as ex:
                self.message = error_text(ex)
                return None
            except (ContentError, OSError) as ex:
                self.message = _f("Could not rename: {why}", why=ex)
            self.rename_field.focus(False)
            self.renaming = None
            self._slots = None
        elif key == "back":
            return Pop()
        elif key == "delete":  # asks first, naming the save (play4: a save could not be deleted at all)
            info = next((i for i in self.slots(app) if i.path == value), None)
            if info is not None:
                self.row_focus = info.path
                return Push(DeleteSaveDialog(self, info))
        elif key == "saves_from":  # the saved list's older / newer rows
            self.first = max(0, int(value))
        elif key == "new":
            self.name_field.focus(False)
            try:
                s = self.new_session(app)
            except ContentError as ex:
                self.message = error_text(ex)
                return None
            return None if s is None else Replace(s.next_scene(app))
        elif key == "load":
            try:
                s = app.open_campaign(value)
                return Replace(s.open_next(app))  # a save the rules cannot go on with is said, never a crash
            except ContentError as ex:
                self.message = error_text(ex)
                self.failed[value] = ex  # its row says so now, and offers the previous save if that opens
                self._slots = None
                return None
        elif key == "restore":  # issue 25 item 10: the previous save kept beside a damaged one
            from ..content.campaign_saves import restore_previous

            info = next((i for i in self.slots(app) if i.path == value), None)
            try:
                restore_previous(value)
            except (ContentError, OSError) as ex:
                self.message = _f("Could not restore: {why}", why=error_text(ex) if isinstance(ex, ContentError) else ex)
                return None
            self.failed.pop(value, None)
            self._slots = None
            self.message = _f("Restored the previous save of {name}.", name=info.name if info else Path(value).stem)
        elif key == "stand":  # R-STAND: any scenario alone, easy and solo combine (R-EASY-7, R-SOLO-8)
            return self.standalone(app, value)
        return None

    def new_session(self, app) -> CampaignSession | None:
        """The new campaign the players set up (None, with a message, if it cannot start yet).
        Raises ContentError."""
        if not self.chosen:
            self.message = _("Choose at least one survivor.")
            return None
        s = self.SESSION.new(app, list(self.chosen), easy=self.easy, seed=app.seed,
                             name=self.name_field.text or self.default_name(app))
        s.ask_seats = True  # the map opens on "Seats and players": names, person or bot (issue 25 item 9)
        return s

    def standalone(self, app, sid: str) -> Command:
        from ..engine.campaign import standalone_scenario

        try:
            scn = standalone_scenario(self.pack(app), self.SESSION.scenario_of(self.pack(app), sid))
        except ContentError as ex:
            self.message = error_text(ex)
            return None
        if self.easy:  # (replace keeps the pack it was set up from: the save names it, issue 29 item 2)
            scn = dataclasses.replace(scn, brief=scn.brief.model_copy(update={"easy": True}))
        party = app.default_party(self.players)
        cli_map, app.map_path = app.map_path, None  # played on the pack's own map, not a --map override
        try:
            return Replace(app.start_game(party, ["human"] * len(party), scenario=scn))
        finally:
            app.map_path = cli_map

    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        self.draw_new(surf, app)
        self.draw_saved(surf, app, pygame.Rect(self.SAVED_LEFT, 110, T.W - self.SAVED_LEFT - 40, T.H - 200))
        button(surf, self.zones, pygame.Rect(40, T.H - 70, 160, 44), _("Back"), "back", hover=self.mouse, size=17)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(220, T.H - 70, T.W - 260, 44), 14, T.BAD, max_lines=2)

    def draw_new(self, surf, app) -> None:
        """The menu's title and its "new campaign" side: the city's party size, easy mode, name
        and the standalone scenarios."""
        T.text(surf, _("THE CITY CAMPAIGN"), (40, 30), 30, T.ACCENT_HI, bold=True)
        T.text(surf, _("From the first streets to the Clock Tower: what you carry, you keep."), (42, 72), 16, T.MUTED)
        r = panel(surf, pygame.Rect(40, 110, 420, 262), _("New campaign"))
        # the survivors, chosen in seat order like the manor's characters (issue 25 item 9: two were
        # assigned and no name asked); names, person or bot follow on the map's "Seats and players"
        try:
            ct = pack_content()
        except ContentError:
            ct = None
        cw = (r.width - 3 * 6) // 4
        for i, cid in enumerate(SURVIVORS):
            cr = pygame.Rect(r.left + i * (cw + 6), r.top, cw, 62)
            sel = cid in self.chosen
            pygame.draw.rect(surf, T.PANEL_HI if sel else (32, 28, 34), cr, border_radius=8)
            pygame.draw.rect(surf, T.GOLD if sel else (90, 80, 86), cr, 3 if sel else 1, border_radius=8)
            d = ct.characters.get(cid) if ct is not None else None
            app.art.portrait(surf, cid, (cr.left + 22, cr.top + 22), 16, tuple(d.colour) if d is not None else None)
            first = (_(d.name) if d is not None else cid).split("・")[0].split()[0]
            T.text(surf, first, (cr.left + 42, cr.top + 8), 13, T.TEXT, bold=True)
            if sel:
                T.text(surf, _f("player {n}", n=self.chosen.index(cid) + 1), (cr.left + 6, cr.bottom - 20), 12, T.GOLD,
                       bold=True)
            else:
                T.text(surf, _("not playing"), (cr.left + 6, cr.bottom - 20), 12, T.DIM)
            self.zones.add(Zone(cr, "who", cid))
        n = len(self.chosen)
        T.text(surf, player_text(_("One survivor is solo mode (rules 21.2).")) if n == 1 else
               _f("{n} survivors chosen, in seat order; names next, on the map.", n=n), (r.left, r.top + 68), 13, T.DIM)
        button(surf, self.zones, pygame.Rect(r.left, r.top + 88, 200, 32),
               _f("Easy mode: {v}", v=_("on") if self.easy else _("off")),
               "easy", hover=self.mouse, selected=self.easy, size=15)
        T.text(surf, _("Name"), (r.left, r.top + 136), 15, T.TEXT)
        self.name_field.placeholder = self.default_name(app)
        self.name_field.draw(surf, self.zones, pygame.Rect(r.left + 100, r.top + 128, r.width - 100, 34), "name")
        button(surf, self.zones, pygame.Rect(r.left, r.bottom - 50, 240, 46), _("Begin the campaign"), "new",
               hover=self.mouse, primary=bool(self.chosen), enabled=bool(self.chosen), size=18)
        st = panel(surf, pygame.Rect(40, 384, 420, T.H - 474), _("Standalone: one scenario on its own"))
        T.text_block(surf, player_text(_("The tier's gear and danger start, no campaign to lose (rules 21.3).")),
                     pygame.Rect(st.left, st.top, st.width, 20), 12, T.DIM, max_lines=1)
        try:
            slots = self.pack(app).scenarios
        except ContentError as ex:
            slots = []
            self.message = error_text(ex)
        half = (len(slots) + 1) // 2
        bw = (st.width - 6) // 2
        for i, sl in enumerate(slots):  # by name, in the pack's order (districts, tiers)
            col, row = divmod(i, half)
            tier = _("finale") if sl.tier == 4 else _f("tier {n}", n=sl.tier)  # which is harder, at a glance (play3)
            button(surf, self.zones, pygame.Rect(st.left + col * (bw + 6), st.top + 22 + row * 27, bw, 24),
                   f"{_(sl.name)} · {tier}", "stand", sl.id, hover=self.mouse, size=13,
                   tip=_f("{district}, tier {n}", district=_(DISTRICT_NAMES.get(sl.district, sl.district)), n=sl.tier))

    def draw_saved(self, surf, app, rect: pygame.Rect) -> None:
        """The saved campaigns, newest first: name (Rename), where it stands, Continue or Open; a
        damaged save with its reason."""
        sr = panel(surf, rect, _(self.SAVED_TITLE))
        y = sr.top
        rows = self.slots(app)
        if not rows:
            T.text(surf, _(self.NO_SAVES), (sr.left, y), 15, T.DIM)
        shown = rows[:self.MAX_ROWS]
        if len(rows) > self.MAX_ROWS:
            # more saves than rows: older ones a click (or the wheel) away, never silently left out (play4)
            per = self.MAX_ROWS - 1
            self.first = max(0, min(self.first, len(rows) - per))
            shown = rows[self.first:self.first + per]
            by = sr.top + per * 46 + 4
            T.text(surf, _f("Saves {a}-{b} of {n}", a=self.first + 1, b=self.first + len(shown), n=len(rows)),
                   (sr.left, by + 8), 14, T.MUTED)
            button(surf, self.zones, pygame.Rect(sr.right - 224, by, 104, 32), _("Newer"), "saves_from",
                   max(0, self.first - per), hover=self.mouse, size=14, enabled=self.first > 0)
            button(surf, self.zones, pygame.Rect(sr.right - 110, by, 104, 32), _("Older"), "saves_from",
                   self.first + per, hover=self.mouse, size=14, enabled=self.first + per < len(rows))

        T.text(surf, _("Up/Down: choose · Enter: continue · Delete: delete"), (rect.right - 10, rect.top + 7), 12,
               T.DIM, anchor="topright")
        for info in shown:
            rr = pygame.Rect(sr.left, y, sr.width, 40)
            if info.path == self.row_focus:  # the save the keyboard is on
                pygame.draw.rect(surf, T.GOLD, rr.inflate(6, 4), 1, border_radius=4)
            # Delete, Rename and Continue/Open on the right; the words on the left stop short of them
            button(surf, self.zones, pygame.Rect(rr.right - (96 if info.status == "damaged" else 262), rr.top + 4, 74, 32),
                   _("Delete"), "delete", info.path, hover=self.mouse, size=13)
            if info.status == "damaged":
                words = rr.width - (104 if info.prev is None else 270)
                if info.prev is not None:  # issue 25 item 10: the last good copy, offered back
                    button(surf, self.zones, pygame.Rect(rr.right - 262, rr.top + 4, 158, 32), _("Restore previous"),
                           "restore", info.path, hover=self.mouse, size=13, primary=True)
                T.text(surf, fit(_f("{name}: damaged", name=info.name), 15, words, True), (rr.left, rr.top + 2),
                       15, T.BAD, bold=True)
                T.text_block(surf, error_text(info.error) if info.error else info.reason,
                             pygame.Rect(rr.left, rr.top + 20, words, 18), 12, T.MUTED, max_lines=1)
            else:
                words = rr.width - 270
                when = info.saved_at.replace("T", " ")[:16]
                if self.renaming == info.path:
                    self.rename_field.draw(surf, self.zones, pygame.Rect(rr.left, rr.top, words, 22),
                                           "rename_field", size=14)
                    button(surf, self.zones, pygame.Rect(rr.right - 184, rr.top + 4, 84, 32), _("OK"), "rename_ok",
                           hover=self.mouse, size=13, primary=True)
                else:
                    T.text(surf, fit(info.name, 15, words, True), (rr.left, rr.top + 2), 15, T.TEXT, bold=True)
                    button(surf, self.zones, pygame.Rect(rr.right - 184, rr.top + 4, 84, 32), _("Rename"), "rename",
                           info.path, hover=self.mouse, size=13)
                # between scenarios the row says what was last played, not "turn 0" of it (play3)
                row = _f(self.SAVED_LINE, scenario=self.scenario_name(app, info.scenario), turn=info.turn,
                         d=info.danger, when=when) if info.playing and info.scenario else \
                    _f("after {scenario} · between scenarios · danger {d} · {when}",
                       scenario=self.scenario_name(app, info.scenario), d=info.danger, when=when) if info.scenario else \
                    _f("nothing played yet · danger {d} · {when}", d=info.danger, when=when)  # not "none yet · turn 0"
                T.text(surf, fit(row + (" · " + _("finished") if info.status == "finished" else ""), 13, words),
                       (rr.left, rr.top + 23), 13, T.MUTED)
                button(surf, self.zones, pygame.Rect(rr.right - 96, rr.top + 4, 92, 32),
                       _("Open") if info.status == "finished" else _("Continue"), "load", info.path, hover=self.mouse, size=13)
            y += 46


class DeleteSaveDialog(PickScene):
    """'Delete this campaign save?' over the campaign menu, naming the save: Delete removes its file
    (and the previous save kept beside it), Keep it goes back. By keyboard: Left/Right or Tab move
    between the two, Enter presses the framed one (Keep it at first), Esc keeps the save."""

    overlay = True
    dim_alpha = 200

    def __init__(self, menu: "CampaignMenu", info) -> None:
        super().__init__()
        self.menu, self.info = menu, info
        self.focus = "no"

    def key(self, ev, app) -> Command:
        if ev.key == pygame.K_ESCAPE:
            return Pop()
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            self.focus = "yes" if self.focus == "no" else "no"
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.pick(self.focus, None, app)
        return None

    def pick(self, key, value, app) -> Command:
        if key == "yes":
            self.menu.delete_slot(app, self.info)
            return Pop()
        return Pop() if key == "no" else None

    def draw(self, surf, app) -> None:
        self.zones.clear()
        r = pygame.Rect(0, 0, 640, 250)
        r.center = (T.W // 2, T.H // 2)
        inner = panel(surf, r, None, fill=(24, 20, 24), edge=T.BAD)
        pygame.draw.rect(surf, T.BAD, r, 2, border_radius=8)
        T.text(surf, _("Delete this campaign save?"), (r.centerx, r.top + 22), 22, T.TEXT, bold=True, anchor="midtop")

        T.text(surf, fit(_f("“{name}”", name=self.info.name), 20, inner.width, True), (r.centerx, r.top + 62), 20,
               T.GOLD, bold=True, anchor="midtop")
        last_good = getattr(self.info, "prev", None) is not None  # issue 25 item 10: never without saying so
        T.text_block(surf, _("Its previous save still opens and is removed too: the last good copy of this campaign. "
                             "Restore previous keeps it.") if last_good else
                     _("It is removed from this computer together with its previous save. This cannot be "
                       "undone."), pygame.Rect(inner.left + 10, r.top + 100, inner.width - 20, 44), 15,
                     T.BAD if last_good else T.MUTED, max_lines=2)
        for key, rect in (("yes", pygame.Rect(r.centerx - 230, r.bottom - 74, 210, 44)),
                          ("no", pygame.Rect(r.centerx + 20, r.bottom - 74, 210, 44))):
            if key == self.focus:  # the button Enter presses, framed (not told by colour alone)
                pygame.draw.rect(surf, T.GOLD, rect.inflate(10, 10), 2, border_radius=8)
            button(surf, self.zones, rect, _("Delete") if key == "yes" else _("Keep it"), key, hover=self.mouse,
                   danger=key == "yes", selected=key == self.focus, size=18)
        T.text(surf, _("Left/Right: choose · Enter: press the framed button · Esc: keep it"), (r.centerx, r.bottom - 10),
               12, T.DIM, anchor="midbottom")
