"""A campaign being played in the window (:class:`CampaignSession`): it owns the campaign state,
loads the scenario a slot plays, starts it in a :class:`~game.ui.play.PlayScene` (which hands the
finished game back through ``session.after_scenario``), lists its scenes explicitly
(``scene_classes``) and autosaves at every end phase and at the start of every turn (R-END-X2)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, TYPE_CHECKING

from ...content.campaign_pack import load_campaign_scenario, load_pack
from ...content.campaign_saves import clean_name, load_campaign, new_slot_path, read_campaign_doc, save_campaign
from ...content.errors import ContentError
from ...content.loader import load_scenario
from ...engine import Action
from ...engine.campaign import apply, begin_scenario, legal, CampaignState, conservation, finish_scenario, start_campaign
from ...engine.query import Game, View
from ...i18n import _, _f
from ..play import PlayScene
from ..scene import Scene
from ..words import Said
from .city_map import CityMapScene
from .common import campaign_folder, end_line, LINES_KEPT, pack_content, saved_lines, seat_controllers, seat_names
from .end_phase import EndPhaseScene
from .over import CampaignOverScene

if TYPE_CHECKING:
    from ..app import App


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
        # between scenarios on the campaign's map (SeatsScene), kept in the slot beside the controllers
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

        ct = pack_content()
        return load_pack(cls.PACK_ID, ct), ct

    @staticmethod
    def load_scenario(pack, sid: str, content) -> Any:
        """The scenario slot ``sid`` plays. Raises ContentError."""

        return load_campaign_scenario(pack, sid, content)

    @staticmethod
    def default_name(seed: int) -> str:
        """The name of a campaign the players did not name."""
        return _f("Campaign {n}", n=seed)

    def intro_scenario(self) -> Any:
        """The Introduction's scenario (R-INTRO-9)."""

        return load_scenario(self.pack.intro or "intro", self.content)

    def scene_classes(self) -> dict[str, type]:
        """The campaign's scenes by role ("map", "end", "over") and by a phase of its own (the
        "switch" of another campaign), listed explicitly by each session class (issue 24 item 3: no class
        dict filled in at import time). The city's: the city map, its end phase, the end."""
        return {"map": CityMapScene, "end": EndPhaseScene, "over": CampaignOverScene}

    def map_scene(self) -> Scene:
        return self.scene_classes()["map"](self)

    def end_phase_scene(self) -> Scene:
        return self.scene_classes()["end"](self)

    def over_scene(self) -> Scene:
        return self.scene_classes()["over"](self)

    def phase_scene(self, phase: str) -> Scene | None:
        """A scene of the campaign's own for ``phase`` (another campaign's switching step), or None."""
        own = self.scene_classes().get(phase)
        return own(self) if own is not None else None

    def card_name(self, sid: str | None) -> str:
        """A scenario of the pack by its name (translated); an unknown id as it is."""
        if sid in (None, "intro"):
            return _("the Introduction")
        try:
            d = self.pack.scenario_def(sid)
        except KeyError:
            return str(sid)
        # another campaign's map card by its story's name ('Dinner Is Served', not '1F West A': issue 25 item 17)
        brief = self.cs.content.scenarios.get(d.brief) if getattr(d, "floor", None) and getattr(d, "brief", "") else None
        return _(brief.name if brief is not None else d.name)

    # -------------------------------------------------------------- starting and loading
    @classmethod
    def new(cls, app: "App", party: list[str], easy: bool = False, seed: int | None = None,
            controllers: list[str] | None = None, name: str = "") -> "CampaignSession":
        """A new campaign of the session's pack called ``name`` (default: :meth:`default_name`)
        saved in a fresh slot. Raises ContentError if the pack is broken."""

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

    LINES_KEPT = LINES_KEPT  # the end phase's "what changed, and why" lines a slot keeps (the last ones)

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
        self.lines += [(e.rule, end_line(e)) for e in ev if e.says]
        return ev

    def choose(self, sid: str) -> bool:
        """Choose scenario ``sid`` on the campaign's map (the rule set's ``choose`` action); False,
        changing nothing, when the rules do not offer that choice now."""
        a = Action(kind="choose", target=sid)
        if a not in legal(self.cs):
            return False
        self.apply(a)
        return True

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
        self.lines = [(e.rule, end_line(e)) for e in ev if e.says]
        self.autosave()
        return self.after_end_scene(app)

    def after_end_scene(self, app: "App") -> Scene:
        """The scene after a scenario's carry-out: the end phase, even when it decided the
        campaign (its lines come first); the map after the Introduction (R-INTRO-9)."""
        if self.cs.phase == "choose":
            return self.map_scene()
        return self.end_phase_scene()
