"""Menu-like scenes: main menu, party setup, pass-the-mouse, pause, results, choice pop-ups."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable

import pygame

from ..content.errors import ContentError
from ..i18n import N_, _, _f
from . import theme as T
from .errortext import error_text, phrase, verdict_text
from .keys import MENU_KEYS, OPTION_KEYS, SETUP_KEYS
from .rulebook import RulebookScene
from .ruleids import player_text
from .scene import Command, PickScene, Pop, Push, Quit, Replace, Reset, Scene
from .widgets import Zone, button, dim, panel

if TYPE_CHECKING:  # the engine is imported when a game starts, not for the first menu frame (cold start)
    from ..engine.query import Game
    from .app import App

SEAT_TITLES = ["Player 1", "Player 2", "Player 3", "Player 4"]
CONTROLLER_WORDS = {"human": N_("Human"), "bot": N_("Bot")}
# the engine's health step names (View.health_steps), for the catalogue: shown translated with _()
HEALTH_WORDS = (N_("Fine"), N_("Caution"), N_("Danger"), N_("Unconscious"))


def briefing_rules(brief: Any) -> str:
    """The brief's special rules and extra failure conditions as one briefing paragraph
    (R-SCEN-1, R-SCEN-2 ``special_rules``, R-SCEN-8 (c) ``extra_failure``); '' when it has none."""
    parts = [_f("{name}: {text}", name=_(r.name), text=_(r.text)) for r in getattr(brief, "special_rules", [])]
    parts += [_f("Fails if: {text}", text=_(f.text)) for f in getattr(brief, "extra_failure", [])]
    return "  ·  ".join(p.strip() for p in parts)


def _click(ev: pygame.event.Event) -> bool:
    return ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1


class Menu(PickScene):
    """A vertical list of buttons with keyboard focus (shared by main menu and pause)."""

    def __init__(self) -> None:
        super().__init__()
        self.focus = 0
        self.message = ""

    def entries(self, app: "App") -> list[tuple[str, str, bool]]:
        """(label, key, enabled) rows."""
        return []

    def choose(self, key: str, app: "App") -> Command:
        return None

    def pick(self, key, value, app):
        return self.choose(key, app)

    def key(self, ev, app):
        intent = MENU_KEYS.get(ev.key)
        rows = [e for e in self.entries(app) if e[2]]
        if not rows:
            return None
        if intent == "up":
            self.focus = (self.focus - 1) % len(rows)
        elif intent == "down":
            self.focus = (self.focus + 1) % len(rows)
        elif intent == "confirm":
            return self.choose(rows[self.focus % len(rows)][1], app)
        elif intent == "back":
            return self.back(app)
        return None

    def back(self, app: "App") -> Command:
        return None

    def draw_buttons(self, surf: pygame.Surface, app: "App", x: int, y: int, w: int = 320, h: int = 48,
                     gap: int = 12) -> int:
        enabled_rows = [e for e in self.entries(app) if e[2]]
        focus_key = enabled_rows[self.focus % len(enabled_rows)][1] if enabled_rows else None
        for label, key, enabled in self.entries(app):
            r = pygame.Rect(x, y, w, h)
            button(surf, self.zones, r, label, key, hover=self.mouse, enabled=enabled, size=20,
                   selected=(key == focus_key), primary=(key == focus_key and enabled))
            y += h + gap
        return y


# ==================================================================== main menu
def save_summary(summary: str) -> str:
    """The save slot's one-line summary ("Outskirts · turn 3 · 2 survivors", game.content.saves) in the
    current language: the scenario's name translated, the counts as they are."""
    import re

    m = re.fullmatch(r"(.+) · turn (\d+) · (\d+) survivors?", summary or "")
    if m is None:
        return summary
    name, turn, n = m.group(1), m.group(2), int(m.group(3))
    return (_f("{name} · turn {turn} · 1 survivor", name=_(name), turn=turn) if n == 1 else
            _f("{name} · turn {turn} · {n} survivors", name=_(name), turn=turn, n=n))


class MainMenu(Menu):
    def entries(self, app):
        rows = [(_("New game"), "new", True)]
        if app.save_info().status == "ok":  # a damaged or finished save is not offered
            rows.append((_("Continue"), "continue", True))
        rows.append((_("Campaign"), "campaign", True))
        rows += [(_("Tutorial"), "tutorial", True), (_("Watch the bot play"), "watch", True),
                 (_("Settings"), "settings", True), (_("Quit"), "quit", True)]
        return rows

    def choose(self, key, app):
        self.message = ""
        if key == "new":
            return Push(PartySetup(app))
        if key == "continue":
            try:
                return Replace(app.continue_game())
            except ContentError as ex:
                self.message = error_text(ex)
                return None
        if key == "campaign":  # City or Manor first (game.ui.manor)
            from .manor import CampaignKindScene

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
            from .settings_menu import SettingsMenu

            return Push(SettingsMenu())
        return None

    def back(self, app):
        return Quit(0)

    def draw_save_info(self, surf, app) -> None:
        """One line on the save slot: what Continue opens, or why a save is not offered
        (damaged, with the reason; the previous save used instead; a finished game)."""
        info = app.save_info()
        summary = save_summary(info.summary)
        why = error_text(info.error) if info.error is not None else phrase(info.reason)
        if info.status == "ok" and not info.fallback:
            T.text(surf, _f("Continue: {info}", info=summary), (T.W // 2, 660), 14, T.MUTED, anchor="center")
            if info.note:
                T.text(surf, _f("Note: {note}.", note=phrase(info.note)), (T.W // 2, 680), 13, T.WARN, anchor="center")
        elif info.status == "ok":
            T.text_block(surf, _f("The last save is damaged, so Continue opens the one before it ({summary}). "
                                  "Why: {why}", summary=summary, why=why), pygame.Rect(T.W // 2 - 420, 640, 840, 60),
                         14, T.WARN)
        elif info.status == "damaged":
            T.text_block(surf, _f("Saved game damaged, not offered: {why}", why=why),
                         pygame.Rect(T.W // 2 - 420, 640, 840, 60), 14, T.BAD)
        elif info.status == "finished":
            T.text(surf, _f("The saved game has ended ({summary}): start a new one.", summary=summary),
                   (T.W // 2, 660), 14, T.MUTED, anchor="center")

    def draw(self, surf, app):
        self.zones.clear()
        bg = app.art.get("menu_bg", T.W, T.H)
        if bg:
            surf.blit(bg, (0, 0))
        else:
            surf.fill(T.BG)
        T.text(surf, _("DREADBOARD"), (T.W // 2 + 4, 154), 84, (60, 0, 0), bold=True, anchor="center")
        T.text(surf, _("DREADBOARD"), (T.W // 2, 150), 84, T.ACCENT, bold=True, anchor="center")
        T.text(surf, _("cooperative survival horror on a board  ·  1-4 players, one mouse"), (T.W // 2, 212), 18,
               T.MUTED, anchor="center")
        self.draw_buttons(surf, app, T.W // 2 - 160, 262, h=44, gap=10)
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
class PartySetup(Scene):
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
        self.time = 0.0
        self.seed = app.seed if app.seed is not None else int.from_bytes(os.urandom(3), "little")
        self.select(app, app.scenario_id)
        if self.scenario is not None and all(b.id != self.sid for b in self.briefs):
            self.briefs.append(self.scenario.brief)  # a manor brief from --scenario m_...: named in the picker

    @staticmethod
    def title(b: Any) -> str:
        """A brief's name in the player's language (a broken map of the maps folder says so in it too)."""
        name = str(b.name)
        if name.endswith(" · broken"):  # game.content.library.picker_entries
            return name[: -len(" · broken")] + " · " + _("broken")
        return _(name)

    def desc(self, b: Any) -> str:
        """A brief's description in the player's language; for a map of the user maps folder the picker's
        own words (which map, from where, played with which rules, whether the checker refuses it)."""
        from ..content.library import PickerEntry

        if not isinstance(b, PickerEntry):
            return _((b.description or "").strip())
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
            return _("Each start square needs at least one survivor (R-SCEN-5).")
        return ""

    def pick(self, seat: int, cid: str) -> None:
        """Give ``cid`` to ``seat``; a seat that held it gets this seat's old survivor (swap)."""
        old = self.picks[seat]
        for j in range(4):
            if j != seat and self.picks[j] == cid:
                self.picks[j] = old
        self.picks[seat] = cid

    # -------------------------------------------------------------- input
    def update(self, dt, app):
        self.time += dt
        return None

    def handle(self, ev, app):
        if self.field.handle(ev, self.names):
            return None
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif _click(ev):
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

                goal = _f("Goal: {text}", text=player_text(_(b.objective_text)))
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
        from .render import fit

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
                        self.mouse, self.time)
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


# ==================================================================== pass the mouse
class PassDevice(Scene):
    """'Pass the mouse to Player N — <Survivor>' between hot-seat players."""

    overlay = True
    dim_alpha = 215
    GUARD_SECS = 0.4  # keys and clicks are ignored this long, so a double press cannot skip the screen

    def __init__(self, seat: int, name: str, colour: tuple[int, int, int], why: str = "", cid: str = "",
                 player: str = "", recap: list[str] | None = None):
        super().__init__()
        self.seat, self.name, self.colour, self.why, self.cid = seat, name, colour, why, cid
        self.player = player  # the seat's player name (game.ui.seats.seat_label)
        self.recap = list(recap or [])  # what the enemy phase did (issue 25 item 1), never hidden by this screen
        self.age = 0.0

    def update(self, dt, app):
        self.age += dt
        return None

    def handle(self, ev, app):
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            return None
        if self.age < self.GUARD_SECS:
            return None
        if _click(ev):
            return Pop()
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return Pop()
        return None

    def draw(self, surf, app):
        self.zones.clear()
        rows = []
        for ln in self.recap:  # the enemy phase's recap, above the hand-over (issue 25 item 1)
            rows += T.wrap(ln, 14, 720 - 40)
        rows = rows[:9]
        extra = (30 + 18 * len(rows)) if rows else 0
        r = pygame.Rect(0, 0, 760 if rows else 640, 250 + extra)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24), edge=self.colour)
        pygame.draw.rect(surf, self.colour, r, 3, border_radius=8)
        if not (self.cid and app.art.portrait(surf, self.cid, (r.centerx, r.top + 56), 32, self.colour)):
            pygame.draw.circle(surf, self.colour, (r.centerx, r.top + 56), 30)
            T.text(surf, T.initials(self.name), (r.centerx, r.top + 56), 22, (12, 10, 12), bold=True, anchor="center")
        T.text(surf, _f("Pass the mouse to {player} — {name}", player=self.player or _f("Player {n}", n=self.seat + 1),
                        name=self.name),
               (r.centerx, r.top + 116), 24, T.TEXT,
               bold=True, anchor="center")
        if self.why:
            T.text(surf, self.why, (r.centerx, r.top + 152), 15, T.MUTED, anchor="center")
        if rows:
            y = r.top + 176
            T.text(surf, _("What the enemies and the tension card did"), (r.left + 20, y), 14, T.WARN, bold=True)
            y += 22
            for ln in rows:
                T.text(surf, ln, (r.left + 20, y), 14, T.TEXT)
                y += 18
        button(surf, self.zones, pygame.Rect(r.centerx - 110, r.bottom - 78, 220, 44), _("I'm ready"), "ok",
               hover=self.mouse, primary=True, size=18)
        T.text(surf, _("click anywhere or press Enter"), (r.centerx, r.bottom - 10), 12, T.DIM, anchor="midbottom")


# ==================================================================== pause
class Pause(Menu):
    overlay = True
    still_below = True

    def __init__(self, play: Any):
        super().__init__()
        self.play = play
        self.saved_to = ""

    def entries(self, app):
        imm = _("on") if getattr(app, "settings", {}).get("immersive") else _("off")
        ties = _("on") if getattr(app, "settings", {}).get("auto_ties", True) else _("off")
        timer = _("on") if getattr(app, "settings", {}).get("decision_timer") else _("off")
        return [(_("Resume"), "resume", True), (_("Save game"), "save", True),
                (_("Rules reference (F1)"), "rules", True), (_("Settings…"), "settings", True),
                (_("Seats and players…"), "seats", True),
                (_f("Immersive narrative: {state}", state=imm), "immersive", True),
                (_f("Narrative timer 120 s: {state}", state=timer), "decision_timer", True),
                (_f("Auto enemy ties: {state}", state=ties), "auto_ties", True),
                (_("Quit to menu"), "menu", True)]

    def choose(self, key, app):
        if key == "resume":
            return Pop()
        if key == "rules":

            return Push(RulebookScene())
        if key == "seats":  # hand a survivor to another player or the bot (game.ui.seats)
            from .seats import SeatsScene

            return Push(SeatsScene(self.play))
        if key == "help_settings":
            from .settings import SettingsScene

            return Push(SettingsScene())
        if key == "settings":
            from .settings_menu import SettingsMenu

            return Push(SettingsMenu())
        if key == "immersive":  # R-NARR-9: hide the options' consequences on narrative cards
            app.set_setting("immersive", not app.settings.get("immersive", False))
            return None
        if key == "decision_timer":  # R-NARR-9: optional, off by default
            app.set_setting("decision_timer", not app.settings.get("decision_timer", False))
            return None
        if key == "auto_ties":  # enemy movement ties: take the rules' first option instead of asking
            app.set_setting("auto_ties", not app.settings.get("auto_ties", True))
            return None
        camp = getattr(self.play, "campaign", None)  # a campaign scenario saves its campaign slot
        if key in ("save", "menu") and camp is not None:
            camp.autosave(self.play.state)
            self.saved_to, self.message = (f"Campaign saved to {camp.slot}", "") if not camp.save_error else \
                ("", camp.save_error)
            if key == "save" or camp.save_error:
                return None  # quitting never loses turns: the campaign slot was just written
        if key == "save":
            try:
                path = app.save(self.play.state, self.play.party, self.play.controllers, self.play.map_path,
                                names=getattr(self.play, "names", None))
                self.saved_to = _f("Saved to {path}", path=path)
                self.message = ""
            except (OSError, ValueError) as ex:
                self.message = _f("Could not save: {error}", error=ex)
            return None
        if key == "menu":
            return Reset(MainMenu())
        return None

    def back(self, app):
        return Pop()

    def draw(self, surf, app):
        self.zones.clear()
        r = pygame.Rect(0, 0, 440, 604)
        r.center = (T.W // 2, T.H // 2)
        panel(surf, r, None, fill=(24, 20, 24))
        T.text(surf, _("PAUSED"), (r.centerx, r.top + 36), 30, T.TEXT, bold=True, anchor="center")
        self.draw_buttons(surf, app, r.centerx - 170, r.top + 72, w=340, h=40, gap=8)
        if self.saved_to:
            T.text_block(surf, self.saved_to, pygame.Rect(r.left + 20, r.bottom - 44, r.width - 40, 40), 13, T.OK)
        if self.message:
            T.text_block(surf, self.message, pygame.Rect(r.left + 20, r.bottom - 44, r.width - 40, 40), 13, T.BAD)


# ==================================================================== results
class Results(Scene):
    def __init__(self, state: "Game", party: list[tuple[str, int]]):
        super().__init__()
        self.state = state
        self.party = party
        self.stats = None  # game.ui.results.GameStats, computed on the first draw
        self.texts: list[str] = []

    def handle(self, ev, app):
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif _click(ev):
            z = self.zones.at(ev.pos)
            if z and z.key == "menu":
                return Reset(MainMenu())
            if z and z.key == "again":
                return Reset(MainMenu()) if app.scenario_id is None else Replace(PartySetup(app))
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                                                     pygame.K_SPACE):
            return Reset(MainMenu())
        return None

    def draw(self, surf, app):
        """What happened (game.ui.results: figures from the engine's events, replayed from the record)."""
        from .results import draw_results

        self.zones.clear()
        self.texts = draw_results(surf, self, app)


# ==================================================================== choice pop-up
class ChoiceMenu(Scene):
    """A small modal list of options; picking one calls ``on_pick(value)`` then pops."""

    overlay = True
    dim_alpha = 90

    def __init__(self, title: str, options: list[tuple[str, Any]], on_pick: Callable[[Any], None],
                 anchor: tuple[int, int] | None = None, note: str = ""):
        super().__init__()
        self.title = title
        self.note = note  # one muted line under the title (e.g. what the dice colours mean)
        self.options = options
        self.on_pick = on_pick
        self.anchor = anchor
        self.page = 0  # long lists come in pages of at most nine (issue 25 item 6)
        self.pages: list[list[int]] = [list(range(len(options)))[i:i + 9] for i in range(0, len(options), 9)] or [[]]

    def handle(self, ev, app):
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            if getattr(ev, "button", 1) != 1:
                return Pop()
            z = self.zones.at(ev.pos)
            if z is None:
                return Pop()  # click outside cancels
            if z.key == "opt":
                return self.pick(z.value)
            if z.key == "page":
                self.page = max(0, min(len(self.pages) - 1, z.value))
                return None
            if z.key == "cancel":
                return Pop()
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                return Pop()
            if ev.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_TAB):  # the next page of options
                self.page = (self.page + 1) % len(self.pages)
                return None
            if ev.key in (pygame.K_PAGEUP, pygame.K_LEFT):
                self.page = (self.page - 1) % len(self.pages)
                return None
            n = OPTION_KEYS.get(ev.key)  # 1-9: the options of the page shown, so every option has its key
            shown = self.pages[min(self.page, len(self.pages) - 1)]
            if n is not None and n <= len(shown):
                return self.pick(shown[n - 1])
        return None

    def pick(self, i: int) -> Command:
        value = self.options[i][1]
        self.on_pick(value)
        return Pop()

    MAX_W = 1000  # the widest pop-up; longer options wrap onto more lines instead of being cut
    MAX_LINES = 3

    def option_lines(self, width: int, max_lines: int = MAX_LINES, which: list[int] | None = None) -> list[list[str]]:
        """Each option's label ("1.  ...", numbered on its page) split into lines that fit ``width``
        pixels (at most MAX_LINES; only an option longer than that is cut). An attack option ends with
        the chance of each result, which a one-line button used to cut off (playtest play3).
        ``which``: the option indexes to lay out (a page), all by default."""
        out = []
        for k, i in enumerate(range(len(self.options)) if which is None else which):
            label = self.options[i][0]
            lines = T.wrap(f"{k + 1}.  {label}", 15, width)
            if len(lines) > max_lines:
                T.CUT.append(label)  # still too long: cut, and the text-fit test hears of it
                lines = lines[:max_lines]
                lines[-1] = lines[-1][:-2] + "…"
            out.append(lines)
        return out

    def draw(self, surf, app):
        self.zones.clear()
        f = T.font(15)
        w = min(self.MAX_W, max(300, max(f.size(f"{i + 1}.  {lbl}")[0] for i, (lbl, _) in enumerate(self.options)) + 60,
                                T.font(13).size(self.note)[0] + 40 if self.note else 0))
        top = 48 + (20 if self.note else 0)
        # pages: as many whole options (up to nine, each on up to MAX_LINES lines) as the screen's height
        # allows, never an option cut to fit more (issue 25 item 6: the odds were cut after 7-12 rows)
        full = self.option_lines(w - 28 - 24)
        pages, cur = [], []
        used = top + 8 + 44
        for i, ls in enumerate(full):
            need = 12 + 19 * len(ls) + 6
            if cur and (len(cur) == 9 or used + need > T.H - 16):
                pages.append(cur)
                cur, used = [], top + 8 + 44
            cur.append(i)
            used += need
        pages.append(cur)
        if pages != self.pages:
            self.pages = pages
            self.page = min(self.page, len(pages) - 1)
        shown = self.pages[self.page]
        wrapped = self.option_lines(w - 28 - 24, self.MAX_LINES, shown)
        heights = [12 + 19 * len(ls) for ls in wrapped]
        h = top + 8 + sum(hh + 6 for hh in heights) + 44
        multi = any(len(ls) > 1 for ls in wrapped)
        r = pygame.Rect(0, 0, w, h)
        if self.anchor:
            r.topleft = (self.anchor[0] + 12, self.anchor[1] - 20)
            r.clamp_ip(pygame.Rect(8, 8, T.W - 16, T.H - 16))
        else:
            r.center = (T.W // 2, T.H // 2)
        pygame.draw.rect(surf, (0, 0, 0), r.move(4, 5), border_radius=8)
        panel(surf, r, None, fill=(26, 22, 28), edge=T.GOLD)
        self.zones.add(Zone(r, "panel"))
        T.text(surf, self.title, (r.left + 16, r.top + 14), 16, T.GOLD, bold=True)
        if self.note:
            T.text(surf, self.note, (r.left + 16, r.top + 40), 13, T.MUTED)
        y = r.top + top
        for k, lines in enumerate(wrapped):
            i = shown[k]
            br = pygame.Rect(r.left + 14, y, r.width - 28, heights[k])
            if not multi:
                button(surf, self.zones, br, lines[0], "opt", i, hover=self.mouse, size=15)
            else:  # long options: each button's frame, then its lines left-aligned inside it
                button(surf, self.zones, br, "", "opt", i, hover=self.mouse, size=15)
                ly = br.top + 6
                for ln in lines:
                    T.text(surf, ln, (br.left + 12, ly), 15, T.TEXT)
                    ly += 19
            y += heights[k] + 6
        button(surf, self.zones, pygame.Rect(r.right - 114, r.bottom - 40, 100, 30), _("Cancel"), "cancel",
               hover=self.mouse, size=14)
        if len(self.pages) > 1:  # the other options: Prev / Next (or PageUp / PageDown) and where we are
            n = len(self.pages)
            button(surf, self.zones, pygame.Rect(r.left + 14, r.bottom - 40, 90, 30), _("< Prev"), "page",
                   self.page - 1, hover=self.mouse, size=14, enabled=self.page > 0)
            button(surf, self.zones, pygame.Rect(r.left + 110, r.bottom - 40, 90, 30), _("Next >"), "page",
                   self.page + 1, hover=self.mouse, size=14, enabled=self.page < n - 1)
            T.text(surf, _f("options {a}-{b} of {n} · page {p} of {pages}", a=shown[0] + 1, b=shown[-1] + 1,
                            n=len(self.options), p=self.page + 1, pages=n), (r.left + 214, r.bottom - 32), 13, T.MUTED)
