"""The main menu and party set-up: the top of the scene map, which leads everywhere (the shared
menu pieces, pause and results are in :mod:`game.ui.scenes`)."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pygame

from ..content.errors import ContentError, Phrase
from ..i18n import N_, _, _f
from . import theme as T
from .briefing import briefing_rules
from .keys import MENU_KEYS, OPTION_KEYS, SETUP_KEYS
from .ruleids import tagged
from .saveslots import saved_games
from .modes import menu_entries, resolve
from .scene import Command, Pop, Push, Quit, Replace, Scene, left_click
from .scenes.menu import Menu
from .settings_menu import SettingsMenu
from .theme import fit
from .widgets import CaretClock, Zone, button, dim, panel


def _wording():
    """:mod:`game.ui.errortext`, imported when the menu first words an error (not for the first menu
    frame with no save: cold start, issue 30 item 3)."""
    from . import errortext

    return errortext


def error_text(ex: BaseException) -> str:
    """:func:`game.ui.errortext.error_text`."""
    return _wording().error_text(ex)


def phrase(text: str) -> str:
    """:func:`game.ui.errortext.phrase`."""
    return _wording().phrase(text)


def verdict_text(problems: Any) -> str:
    """:func:`game.ui.errortext.verdict_text`."""
    return _wording().verdict_text(problems)


if TYPE_CHECKING:  # the engine is imported when a game starts, not for the first menu frame (cold start)
    from .app import App

SEAT_TITLES = ["Player 1", "Player 2", "Player 3", "Player 4"]
CONTROLLER_WORDS = {"human": N_("Human"), "bot": N_("Bot")}
# the engine's health step names (View.health_steps), for the catalogue: shown translated with _()
HEALTH_WORDS = (N_("Fine"), N_("Caution"), N_("Danger"), N_("Unconscious"))


# ==================================================================== main menu
def save_summary(summary: str) -> str:
    """The save slot's one-line summary ("Outskirts · turn 3 · 2 survivors", game.content.saves) in the
    current language, from its message id and typed parameters (the scenario's name by its key, the
    counts as they are; issue 23: never parsed back out of the English)."""
    return phrase(summary) if isinstance(summary, Phrase) else summary


class MainMenu(Menu):
    def entries(self, app):
        rows = [(_("New game"), "new", True)]
        # every mode's save slot, newest first; a damaged or finished save is not offered (one not checked
        # yet is: the check waits for the second frame, App.save_info)
        games = saved_games(app).games(wait=False)
        if games:
            rows.append((_("Continue"), "continue", True))  # the newest game, whichever mode saved it
        for gkey, slot, _info in games[1:]:  # the older ones, each named by its mode
            rows.append((_f("Continue: {mode}", mode=_(slot.label) if slot else _("the city")), "continue:" + gkey, True))
        rows.append((_("Campaign"), "campaign", True))
        rows += [(_(e.label), "mode:" + e.key, True) for e in menu_entries()]  # the modes' own (their mode.py)
        rows += [(_("Tutorial"), "tutorial", True), (_("Watch the bot play"), "watch", True),
                 (_("Settings"), "settings", True), (_("Quit"), "quit", True)]
        return rows

    def choose(self, key, app):
        self.message = ""
        if key == "new":
            return Push(PartySetup(app))
        if key == "continue" or key.startswith("continue:"):
            try:
                return Replace(saved_games(app).resume(key.partition(":")[2] or None))
            except ContentError as ex:
                self.message = error_text(ex)
                return None
        if key.startswith("mode:"):  # a mode's own row: its scene, made with the App
            entry = next(e for e in menu_entries() if "mode:" + e.key == key)
            try:
                return Push(resolve(entry.opens)(app))
            except ContentError as ex:
                self.message = error_text(ex)
                return None
        if key == "campaign":  # the campaigns the modes offer first (game.ui.campaigns)
            from .campaigns import CampaignKindScene  # the engine: not for the first menu frame

            return Push(CampaignKindScene())
        if key == "watch":
            try:
                return Push(app.start_game(app.default_party(2), ["bot", "bot"]))
            except ContentError as ex:
                self.message = error_text(ex)
                return None
        if key in ("tutorial", "tutorial_no"):  # first start offers the tutorial once (settings.json)
            app.set_setting("tutorial_offered", True)
            if key == "tutorial_no":
                return None
            try:
                return Push(app.start_tutorial())
            except ContentError as ex:
                self.message = error_text(ex)
                return None
        if key == "quit":
            return Quit(0)
        if key == "settings":
            return Push(SettingsMenu())
        return None

    def back(self, app):
        return Quit(0)

    def update(self, dt, app):
        # the save slots shown as "checking" on the first frame: checked now, in a window behind the menu
        if self.shown and self.checking(app) and not (app.window and saved_games(app).check_behind()):
            saved_games(app).games()
        return None

    def checking(self, app) -> bool:
        """A save slot is still to be checked (App.save_info, SavedGames: not on the first frame)."""
        return any(i.status == "checking" for _k, _s, i in saved_games(app).games(wait=False, every=True))

    def at_rest(self, app):
        """Nothing to do without input once the save slots are checked (issue 30 item 2)."""
        return not self.checking(app)

    def still_key(self, app):
        """Nothing on the main menu moves by itself (issue 30: idle draws nothing): its picture is the
        pointer, the focus, the message, the save slot (re-read when its file changes) and the
        tutorial offer."""
        return (self.mouse, self.focus, self.message, id(app.save_info(wait=False)),
                tuple(id(i) for _s, i in saved_games(app).of_modes(wait=False)), app.top is self,
                app.settings.get("tutorial_offered", False))

    def draw_save_info(self, surf, app) -> None:
        """One line on the save slot: what Continue opens, or why a save is not offered
        (damaged, with the reason; the previous save used instead; a finished game)."""
        games = saved_games(app).games(wait=False)
        if games and games[0][1] is not None and games[0][2].status == "ok":  # the newest is another mode's: its line
            T.text(surf, _f("Continue: {info}", info=saved_games(app).line(games[0])), (T.W // 2, 660), 14,
                   T.MUTED, anchor="center")
            return
        info = app.save_info(wait=False)  # ("checking" on the first frame: no line until it is checked)
        summary = save_summary(info.summary)
        def why() -> str:  # (worded only when shown: no error wording module for a menu with no save)
            return error_text(info.error) if info.error is not None else phrase(info.reason)

        if info.status == "ok" and not info.fallback:
            T.text(surf, _f("Continue: {info}", info=summary), (T.W // 2, 660), 14, T.MUTED, anchor="center")
            if info.note:
                T.text(surf, _f("Note: {note}.", note=phrase(info.note)), (T.W // 2, 680), 13, T.WARN, anchor="center")
        elif info.status == "ok":
            T.text_block(surf, _f("The last save is damaged, so Continue opens the one before it ({summary}). "
                                  "Why: {why}", summary=summary, why=why()), pygame.Rect(T.W // 2 - 420, 640, 840, 60),
                         14, T.WARN)
        elif info.status == "damaged":
            T.text_block(surf, _f("Saved game damaged, not offered: {why}", why=why()),
                         pygame.Rect(T.W // 2 - 420, 640, 840, 60), 14, T.BAD)
        elif info.status == "finished":
            T.text(surf, _f("The saved game has ended ({summary}): start a new one.", summary=summary),
                   (T.W // 2, 660), 14, T.MUTED, anchor="center")

    shown = False  # a frame of it was drawn (the save slot is checked after the first: App.save_info)

    def draw(self, surf, app):
        self.zones.clear()
        self.shown = True
        bg = app.art.get("menu_bg", T.W, T.H)
        if bg:
            surf.blit(bg, (0, 0))
        else:
            surf.fill(T.BG)
        T.text(surf, _("DREADBOARD"), (T.W // 2 + 4, 154), 84, (60, 0, 0), bold=True, anchor="center")
        T.text(surf, _("DREADBOARD"), (T.W // 2, 150), 84, T.ACCENT, bold=True, anchor="center")
        T.text(surf, _("cooperative survival horror on a board  ·  1-4 players, one mouse"), (T.W // 2, 212), 18,
               T.MUTED, anchor="center")
        n = len(self.entries(app))  # more rows (the modes' own, saved games) stand closer, above the save line
        if n <= 7:
            self.draw_buttons(surf, app, T.W // 2 - 160, 262, h=44, gap=10)
        else:  # rows 250..642 at most: the save line is at 660
            gap = max(4, (384 - 40 * n) // max(1, n - 1))
            self.draw_buttons(surf, app, T.W // 2 - 160, 250, h=min(40, (392 - gap * (n - 1)) // n), gap=gap)
        self.draw_save_info(surf, app)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(T.W // 2 - 420, 600, 840, 60), 15, T.BAD)
        if app.stack and app.top is not self:
            return  # an overlay (Settings) is drawn over the menu: the offer and the key hint are not its own
        if not app.settings.get("tutorial_offered", False):
            self.draw_tutorial_offer(surf)
        T.text(surf, _("Arrow keys choose · Enter confirm · Esc quit"), (T.W // 2, T.H - 22), 13, T.DIM,
               anchor="center")


    def draw_tutorial_offer(self, surf) -> None:
        """First start: a box beside the menu offering the tutorial (it never blocks the menu)."""
        r = pygame.Rect(T.W // 2 + 200, 290, 330, 170)
        pygame.draw.rect(surf, (0, 0, 0), r.move(4, 5), border_radius=10)
        panel(surf, r, None, fill=(30, 24, 20), edge=T.GOLD, radius=10)
        T.text(surf, _("First time here?"), (r.left + 16, r.top + 12), 18, T.GOLD, bold=True)
        T.text_block(surf, _("The tutorial plays the Introduction with you, one phase at a time, pointing at what "
                             "to click."), pygame.Rect(r.left + 16, r.top + 42, r.width - 32, 70), 14, T.TEXT)
        button(surf, self.zones, pygame.Rect(r.left + 16, r.bottom - 46, 160, 32), _("Play the tutorial"), "tutorial",
               hover=self.mouse, primary=True, size=14)
        button(surf, self.zones, pygame.Rect(r.right - 130, r.bottom - 46, 114, 32), _("No thanks"), "tutorial_no",
               hover=self.mouse, size=14)


# ==================================================================== party setup
class PartySetup(CaretClock, Scene):
    """Players (1-4), a survivor per seat with its profile, start square 1/2, human or bot."""

    def __init__(self, app: "App"):
        super().__init__()
        self.error = ""
        self.scenario = None
        self.order: list[str] = []
        self.picks: list[str] = []
        self.briefs: list[Any] = []
        try:
            self.briefs = app.scenario_briefs()
        except ContentError as ex:
            self.error = error_text(ex)
        from ..content.library import picker_entries  # reads every map of the library: not at cold start

        self.library = picker_entries(self.briefs)  # maps in the user maps folder, broken ones too
        self.briefs += list(self.library.values())
        self.n = max(1, min(4, app.players))
        self.ctrl = ["human"] * 4
        from .seats import NameField, clean_name

        remembered = app.settings.get("seat_names", []) if hasattr(getattr(app, "settings", None), "get") else []
        self.names = ([clean_name(x) for x in remembered] + [""] * 4)[:4]  # the players' names (game.ui.seats)
        self.field = NameField()
        self.seed = app.seed if app.seed is not None else int.from_bytes(os.urandom(3), "little")
        self.select(app, app.scenario_id)
        if self.scenario is not None and all(b.id != self.sid for b in self.briefs):
            self.briefs.append(self.scenario.brief)  # another mode's brief from --scenario: named in the picker

    @staticmethod
    def title(b: Any) -> str:
        """A brief's name in the player's language (a broken map of the maps folder says so in it too)."""
        name = str(b.name)
        if name.endswith(" · broken"):  # game.content.library.picker_entries
            return name[: -len(" · broken")] + " · " + _("broken")
        return _(b.name)  # (a brief's name: by its stable key)

    def desc(self, b: Any) -> str:
        """A brief's description in the player's language; for a map of the user maps folder the picker's
        own words (which map, from where, played with which rules, whether the checker refuses it)."""
        from ..content.library import PickerEntry

        if not isinstance(b, PickerEntry):
            return _(b.description).strip() if b.description else ""  # (by its stable key: strip after)
        m = b.map
        rules = next((_(x.name) for x in self.briefs if x.id == m.rules and not isinstance(x, PickerEntry)), m.rules)
        where = _f("Your map {file} ({w}x{h} squares) from {folder}, played with the rules of {rules}.", file=m.path.name,
                   w=m.width, h=m.height, folder=str(m.path.parent), rules=rules) if m.width else \
            _f("Your map {file} from {folder}, played with the rules of {rules}.", file=m.path.name,
               folder=str(m.path.parent), rules=rules)
        return where + " " + (_("The checker finds no problem.") if m.ok else
                              _("The checker refuses it (below): fix the map in Tiled, save, and press F5 here."))

    def select(self, app: "App", sid: str, fresh: bool = False) -> None:
        """Show scenario ``sid``: load its brief and map (a broken one shows its error and
        leaves the other scenarios pickable)."""
        self.sid = sid
        self.error = ""
        self.scenario = None
        lib = self.library.get(sid)
        try:
            if lib is not None and not lib.map.ok:
                self.error = verdict_text(lib.map.problems)  # its first problem, in the player's language
            else:
                self.scenario = (app.load_scenario(lib.map.rules, str(lib.map.path), fresh=fresh)
                                 if lib is not None else app.load_scenario(sid, fresh=fresh))
        except ContentError as ex:
            self.error = error_text(ex)
        if self.scenario is not None:
            order = list(self.scenario.content.characters)
            if order != self.order:
                self.order = order
                self.picks = [order[i % len(order)] for i in range(4)]
        self.starts = [1 if i % 2 == 0 else 2 for i in range(4)]
        if self.scenario is not None and len(self.scenario.board.start) < 2:
            self.starts = [1] * 4

    def brief(self) -> Any:
        """The brief of the chosen scenario (also when its map failed to load)."""
        if self.sid in self.library:
            return self.library[self.sid]
        if self.scenario is not None:
            return self.scenario.brief
        return next((b for b in self.briefs if b.id == self.sid), None)

    def step_scenario(self, app: "App", d: int) -> None:
        ids = [b.id for b in self.briefs]
        if ids:
            i = ids.index(self.sid) if self.sid in ids else 0
            self.select(app, ids[(i + d) % len(ids)])

    # -------------------------------------------------------------- rules of the form
    def party(self) -> list[tuple[str, int]]:
        return [(self.picks[i], self.starts[i]) for i in range(self.n)]

    def problem(self) -> str:
        """Why Start is disabled, or ''."""
        if self.scenario is None:
            return _("The scenario could not be loaded.")
        ids = [self.picks[i] for i in range(self.n)]
        if len(set(ids)) != len(ids):
            return _("Each survivor can be chosen once.")
        nstarts = len(self.scenario.board.start)
        if self.n > 1 and nstarts > 1 and len({self.starts[i] for i in range(self.n)}) < nstarts:
            return tagged(_("Each start square needs at least one survivor."), "R-SCEN-5", None, "()")
        return ""

    def pick(self, seat: int, cid: str) -> None:
        """Give ``cid`` to ``seat``; a seat that held it gets this seat's old survivor (swap)."""
        old = self.picks[seat]
        for j in range(4):
            if j != seat and self.picks[j] == cid:
                self.picks[j] = old
        self.picks[seat] = cid

    # -------------------------------------------------------------- input
    def still_key(self, app):  # its choices (plain attributes), the scenario, the name typed and its caret
        return (self.plain_key(app), id(self.scenario), self.field.still_key())

    def handle(self, ev, app):
        if self.field.handle(ev, self.names):
            return None
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif left_click(ev):
            self.mouse = ev.pos
            z = self.zones.at(ev.pos)
            self.field.stop()
            if z is None:
                return None
            k, v = z.key, z.value
            if k == "name":
                self.field.start(v)
            elif k == "players":
                self.n = v
            elif k == "pick":
                self.pick(*v)
            elif k == "start_sq":
                self.starts[v[0]] = v[1]
            elif k == "ctrl":
                self.ctrl[v[0]] = v[1]
            elif k == "scenario":
                self.select(app, v)
            elif k == "reseed":
                self.seed = int.from_bytes(os.urandom(3), "little")
            elif k == "back":
                return Pop()
            elif k == "start":
                return self.start(app)
        elif ev.type == pygame.KEYDOWN:
            intent = MENU_KEYS.get(ev.key)
            if intent == "back":
                return Pop()
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.start(app)
            step = SETUP_KEYS.get(ev.key)
            if step is not None:
                self.step_scenario(app, step)
            if ev.key == pygame.K_F5:  # read the user maps folder (and the chosen map) again
                self.briefs = [b for b in self.briefs if b.id not in self.library]
                from ..content.library import picker_entries

                self.library = picker_entries(self.briefs)
                self.briefs += list(self.library.values())
                known = any(b.id == self.sid for b in self.briefs)
                self.select(app, self.sid if known else app.scenario_id, fresh=True)
            if ev.key in OPTION_KEYS and OPTION_KEYS[ev.key] <= 4:
                self.n = OPTION_KEYS[ev.key]
        return None

    def start(self, app: "App") -> Command:
        if self.problem():
            return None
        lib = self.library.get(self.sid)
        app.scenario_id = lib.map.rules if lib is not None else self.sid
        cli_map = app.map_path
        if lib is not None:
            app.map_path = str(lib.map.path)  # the play scene keeps it: F5 and saves use the library map
        try:
            play = app.start_game(self.party(), self.ctrl[: self.n], seed=self.seed, scenario=self.scenario,
                                  names=self.names[: self.n])
            if hasattr(app, "set_setting"):
                app.set_setting("seat_names", list(self.names))  # offered again next time
        except (ContentError, ValueError) as ex:
            self.error = error_text(ex)
            return None
        finally:
            app.map_path = cli_map
        return Replace(play)

    # -------------------------------------------------------------- drawing
    def draw(self, surf, app):
        self.zones.clear()
        surf.fill(T.BG)
        bg = app.art.get("menu_bg", T.W, T.H)
        if bg:
            surf.blit(bg, (0, 0))
            dim(surf, 150)
        T.text(surf, _("NEW GAME — SCENARIO AND SURVIVORS"), (40, 14), 26, T.TEXT, bold=True)
        top = self.draw_scenarios(surf)
        b = self.brief()
        if b is not None:
            kind = getattr(b, "kind", "") or (
                N_("Introduction") if b.intro else (N_("practice") if b.id.startswith("practice") else N_("scenario")))
            kind = _(kind)
            if app.map_path and b.id not in self.library:  # --map (Tiled's "Play this map"): say which map
                kind += " · " + _f("on your map {file}", file=os.path.basename(str(app.map_path)))
            if getattr(b, "district", None):  # R-SCEN-2 district and tier (DV-19)
                kind += f" · {_(b.district)} · " + (_("finale") if b.tier >= 4 else _f("tier {n}", n=b.tier))
            nr = T.text(surf, self.title(b), (40, top), 17, T.GOLD, bold=True)
            T.text(surf, kind, (nr.right + 10, nr.centery), 12, T.MUTED, anchor="midleft")
            yy = T.text_block(surf, self.desc(b), pygame.Rect(40, top + 22, 830, 54), 13, T.MUTED,
                              max_lines=3, line_gap=0)
            if b.objective_text:  # below the players' note the goal may use the full width
                wide = T.W - 80 if yy >= 118 else 830

                goal = _f("Goal: {text}", text=_(b.objective_text))
                yy = T.text_block(surf, goal, pygame.Rect(40, yy, wide, 54), 13, T.TEXT, max_lines=3, line_gap=0)
            top = max(top + 84, yy + 6)
        self.seat_top = min(top, 230)
        # players count
        T.text(surf, _("PLAYERS"), (900, 34), 13, T.MUTED, bold=True)
        for i in range(1, 5):
            button(surf, self.zones, pygame.Rect(900 + (i - 1) * 62, 54, 56, 40), str(i), "players", i,
                   hover=self.mouse, size=20, selected=(i == self.n), primary=(i == self.n))
        T.text(surf, _("one survivor per player; players pass the mouse"), (900, 100), 12, T.DIM)
        if self.scenario is None:
            T.text_block(surf, self.error or _("No scenario could be loaded."), pygame.Rect(40, 190, 1200, 200), 16,
                         T.BAD)
            if len(self.briefs) > 1:
                T.text(surf, _("Pick another scenario above (Left/Right keys)."), (40, 400), 15, T.MUTED)
            button(surf, self.zones, pygame.Rect(40, T.H - 70, 160, 46), _("Back"), "back", hover=self.mouse, size=18)
            return
        cw = (T.W - 80 - 3 * 14) // 4
        for seat in range(4):
            self.draw_seat(surf, app, seat, pygame.Rect(40 + seat * (cw + 14), self.seat_top, cw,
                                                        T.H - 80 - self.seat_top))
        # footer
        prob = self.problem()
        if prob:
            T.text(surf, prob, (T.W // 2, T.H - 48), 16, T.BAD, bold=True, anchor="center")
        elif self.error:
            T.text_block(surf, self.error, pygame.Rect(240, T.H - 92, 800, 40), 14, T.BAD)
        elif b is not None and briefing_rules(b):  # R-SCEN-2 special_rules and extra_failure, in the briefing
            T.text_block(surf, briefing_rules(b), pygame.Rect(220, T.H - 68, T.W - 660, 60), 12, T.GOLD, max_lines=3,
                         line_gap=0)
        # the seed right-aligned before its button, with a clear gap (a seed of 7 digits touched it)
        T.text(surf, _f("Seed {seed}", seed=self.seed), (T.W - 332, T.H - 47), 14, T.MUTED, anchor="midright")
        button(surf, self.zones, pygame.Rect(T.W - 320, T.H - 62, 90, 30), _("New seed"), "reseed", hover=self.mouse,
               size=13)
        button(surf, self.zones, pygame.Rect(40, T.H - 70, 160, 46), _("Back"), "back", hover=self.mouse, size=18)
        button(surf, self.zones, pygame.Rect(T.W - 210, T.H - 70, 170, 46), _("Start"), "start", hover=self.mouse,
               size=20, primary=True, enabled=not prob)

    def draw_scenarios(self, surf: pygame.Surface) -> int:
        """One button per scenario in the content, sized to its name and wrapped onto a second
        row when needed; the chosen one is highlighted. Returns the y below the buttons."""
        T.text(surf, _("SCENARIO"), (40, 52), 12, T.MUTED, bold=True)
        if len(self.briefs) > 1:
            T.text(surf, _("Left/Right"), (40, 68), 11, T.DIM)
        if not self.briefs:
            return 84
        x0, right = 118, 870
        size = 14
        labels = [self.title(b) for b in self.briefs]
        widths = [T.font(size, True).size(T.clean(s))[0] + 24 for s in labels]  # bold when selected
        if sum(widths) + 6 * len(widths) > right - x0:
            size = 12
            widths = [min(260, T.font(size, True).size(T.clean(s))[0] + 20) for s in labels]
        rows, x = 1, x0
        for w in widths:
            if x + w > right and x > x0:
                rows, x = rows + 1, x0
            x += w + 6
        if rows > 2:  # many scenarios (the 14 city briefs): a stepper instead of rows of buttons
            ids = [b.id for b in self.briefs]
            i = ids.index(self.sid) if self.sid in ids else 0
            prev, nxt = ids[(i - 1) % len(ids)], ids[(i + 1) % len(ids)]
            button(surf, self.zones, pygame.Rect(x0, 46, 36, 30), "<", "scenario", prev, hover=self.mouse, size=16,
                   tip=self.title(self.briefs[(i - 1) % len(ids)]))
            cur = self.briefs[i]
            w = min(right - x0 - 2 * 42 - 90, T.font(size, True).size(T.clean(self.title(cur)))[0] + 40)
            button(surf, self.zones, pygame.Rect(x0 + 42, 46, w, 30), self.title(cur), "scenario", cur.id, hover=self.mouse,
                   size=size, selected=True, tip=self.desc(cur))
            button(surf, self.zones, pygame.Rect(x0 + 48 + w, 46, 36, 30), ">", "scenario", nxt, hover=self.mouse,
                   size=16, tip=self.title(self.briefs[(i + 1) % len(ids)]))
            T.text(surf, _f("{i} of {n}", i=i + 1, n=len(ids)), (x0 + 94 + w, 61), 12, T.MUTED, anchor="midleft")
            return 46 + 38
        x, y = x0, 46
        for b, w in zip(self.briefs, widths):
            if x + w > right and x > x0:
                x, y = x0, y + 34
            button(surf, self.zones, pygame.Rect(x, y, w, 30), self.title(b), "scenario", b.id, hover=self.mouse, size=size,
                   selected=(b.id == self.sid), tip=self.desc(b))
            x += w + 6
        return y + 38

    def draw_seat(self, surf: pygame.Surface, app: "App", seat: int, r: pygame.Rect) -> None:

        active = seat < self.n
        ct = self.scenario.content
        fill = T.PANEL if active else (18, 16, 19)
        edge = T.PANEL_EDGE if active else (40, 36, 40)
        inner = panel(surf, r, None, fill=fill, edge=edge)
        if not active:
            T.text(surf, _f("Player {n}", n=seat + 1).upper(), (inner.left, inner.top), 15, T.DIM, bold=True)
            T.text(surf, _("not playing"), (inner.left, inner.top + 26), 14, T.DIM)
            button(surf, self.zones, pygame.Rect(inner.left, inner.top + 54, 130, 30), _f("Add player {n}", n=seat + 1),
                   "players", seat + 1, hover=self.mouse, size=13)
            return
        # the player's name (hot-seat prompts say it; game.ui.seats), then one token per survivor
        self.field.draw(surf, self.zones, pygame.Rect(inner.left, inner.top - 4, inner.width, 28), self.names, seat,
                        self.mouse)
        y = inner.top + 30
        x = inner.left
        for cid in self.order:
            cd = ct.characters[cid]
            taken = any(self.picks[j] == cid for j in range(self.n) if j != seat)
            mine = self.picks[seat] == cid
            rr = pygame.Rect(x, y, 54, 54)
            hot = rr.collidepoint(self.mouse)
            col = tuple(cd.colour) if not taken else T.shade(cd.colour, 0.4)
            app.art.portrait(surf, cid, rr.center, 24, col, down=taken)  # taken by another seat: greyed
            pygame.draw.circle(surf, T.GOLD if mine else ((220, 210, 200) if hot else (70, 64, 70)), rr.center, 26,
                               4 if mine else 2)
            self.zones.add(Zone(rr, "pick", (seat, cid)))
            x += 60
        cd = ct.characters[self.picks[seat]]
        y += 62
        T.text(surf, _(cd.name), (inner.left, y), 20, tuple(cd.colour), bold=True)
        y += 28
        y = T.text_block(surf, _(cd.background), pygame.Rect(inner.left, y, inner.width, 40), 13, T.MUTED,
                         max_lines=2) + 6
        T.text(surf, _("Evade dice"), (inner.left, y), 14, T.TEXT)
        for i in range(cd.evade_dice):
            img = app.art.get("die_blue_BLANK", 20)
            if img:
                surf.blit(img, (inner.left + 96 + i * 23, y))
        rr = T.text(surf, str(cd.evade_dice), (inner.left + 96 + cd.evade_dice * 23 + 4, y), 14, T.TEXT, bold=True)
        T.text(surf, "·  " + _f("inventory {n}", n=cd.inventory_limit), (rr.right + 8, y), 14, T.TEXT)
        y += 26
        T.text(surf, _("Starting items"), (inner.left, y), 13, T.MUTED, bold=True)
        y += 20
        items = [d for d in (ct.items.get(it) for it in cd.starting_items) if d is not None]
        # start square and controller at the bottom of the card; the special's text always whole: when a
        # two-line goal leaves less room, the items go in two columns and the text one size smaller
        yb = r.bottom - 84
        special = _(cd.special_text)
        cols, size = 1, 13
        for cols, size in ((1, 13), (2, 13), (2, 12)):
            rows = -(-len(items) // cols)
            room = yb - (y + rows * 22 + 4 + 21) - 2
            if len(T.wrap(special, size, inner.width)) * (T.font(size).get_linesize() + 2) <= room:
                break
        cw = inner.width // cols
        for k, d in enumerate(items):
            ix, iy = inner.left + (k % cols) * cw, y + (k // cols) * 22
            icon = app.art.get(app.art.item_icon(d.id, d.type, d.herb), 20)
            if icon:
                surf.blit(icon, (ix, iy))
            T.text(surf, fit(_(d.name), 14, cw - 30), (ix + 26, iy + 1), 14, T.TEXT)
        y += -(-len(items) // cols) * 22 + 4
        T.text(surf, _f("Special: {name}", name=_(cd.special_name)), (inner.left, y), 14, T.GOLD, bold=True)
        y += 21
        T.text_block(surf, special, pygame.Rect(inner.left, y, inner.width, yb - y), size, (206, 196, 186),
                     max_lines=max(1, (yb - y - 2) // (T.font(size).get_linesize() + 2)))
        if len(self.scenario.board.start) > 1:
            T.text(surf, _("Start square"), (inner.left, yb + 6), 13, T.MUTED)
            for k, sq in enumerate(sorted(self.scenario.board.start)):
                button(surf, self.zones, pygame.Rect(inner.left + 100 + k * 48, yb, 42, 30), str(sq), "start_sq",
                       (seat, sq), hover=self.mouse, size=15, selected=(self.starts[seat] == sq))
        yb += 40
        T.text(surf, _("Played by"), (inner.left, yb + 6), 13, T.MUTED)
        for k, who in enumerate(("human", "bot")):
            button(surf, self.zones, pygame.Rect(inner.left + 100 + k * 78, yb, 72, 30), _(CONTROLLER_WORDS[who]), "ctrl",
                   (seat, who), hover=self.mouse, size=14, selected=(self.ctrl[seat] == who))
